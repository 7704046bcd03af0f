"""The content files: every card read and validated at load; an error names the file, the card
and the field."""

import pytest

from games.guildmasters.rules.content import (
    CLASSES_FILE,
    QUESTS_FILE,
    TOKENS_FILE,
    ContentError,
    load_pack,
    pack_files,
    parse_pack,
)


def test_the_pack_has_the_manual_s_classes_and_45_quests():
    """ "45 quest cards", "50 recruit cards"; the class table's counts (72 adventurers)."""
    pack = load_pack()
    assert len(pack.quests) == 45 and len(pack.tiles) == 50 and len(pack.cards) == 72
    counts = {c.slug: c.count for c in pack.classes.values()}
    assert counts == {
        "warrior": 8, "scout": 8, "monk": 6, "cleric": 8, "mage": 8,
        "necromancer": 6, "rogue": 8, "assassin": 8, "hunter": 6, "bard": 6,
    }  # fmt: skip
    assert pack.classes["monk"].replaces == ("warrior", "cleric")
    assert pack.classes["necromancer"].replaces == ("mage", "assassin")
    assert pack.classes["hunter"].replaces == ("scout", "rogue")
    assert sorted(q.number for q in pack.quests.values()) == list(range(1, 46))


def broken(file: str, old: str, new: str) -> str:
    files = pack_files()
    assert old in files[file]
    files[file] = files[file].replace(old, new, 1)
    with pytest.raises(ContentError) as err:
        parse_pack(files)
    return str(err.value)


def test_an_unknown_class_in_a_requisite_names_file_card_and_field():
    message = broken(QUESTS_FILE, 'requires = ["monk", "hunter"]', 'requires = ["monk", "knight"]')
    assert message.startswith("quests.toml: the-millers-missing-goat: requires:")


def test_a_bad_level_shield_and_points():
    assert "level" in broken(QUESTS_FILE, "level = 1", "level = 4")
    assert "shield" in broken(QUESTS_FILE, 'shield = "highmoor"', 'shield = "moon"')
    assert "points" in broken(QUESTS_FILE, "points = 2", "points = 0")


def test_a_bad_class_field_and_a_bad_token_count():
    assert broken(CLASSES_FILE, 'force = "militar"', 'force = "navy"').startswith(
        "classes.toml: warrior: force:"
    )
    assert broken(TOKENS_FILE, "tavern = 2", "tavern = 9").startswith("tokens.toml: recruits:")


def test_an_unknown_field_and_a_missing_file():
    assert "colour" in broken(QUESTS_FILE, "number = 1\n", 'number = 1\ncolour = "red"\n')
    files = pack_files()
    del files[TOKENS_FILE]
    with pytest.raises(ContentError, match=r"tokens\.toml: the file is missing"):
        parse_pack(files)
