"""Content packs: every shipped data file is validated, and a content error names the file, the
card and the field."""

from importlib import resources

import pytest

from engine.games.guild_master.content import PACK_FILES, ContentError, load_pack, parse_pack


def files():
    folder = resources.files("engine.games.guild_master") / "content" / "basic"
    return {f: (folder / f).read_text(encoding="utf-8") for f in PACK_FILES}


def test_the_basic_pack_loads_and_is_valid():
    pack = load_pack("basic")
    assert len(pack.teams) == 6
    assert all(len(pack.novices[t]) == 4 for t in pack.teams)
    assert len(pack.starting_contracts()) == 2
    assert pack.board.builder_track[:4] == (2, 3, 3, 4)


def test_the_basic_pack_keeps_the_rulebook_numbers():
    """ "Initially your Guild can issue just 2 Orders per Round (Stables I), each with at most 2
    Adventurers per team (Mess Hall I)... you also gain 2 Gold in Income from your Bar (Bar I)."
    "A Stables II gains you 3 Fame, allows you to assign 3 Orders per Round and costs 2 Builders."
    """
    pack = load_pack("basic")
    assert pack.core("stables", 1).value == 2
    assert pack.core("mess_hall", 1).value == 2
    assert pack.core("bar", 1).value == 2
    stables = pack.core("stables", 2)
    assert (stables.value, stables.fame, stables.builders) == (3, 3, 2)
    mess = pack.core("mess_hall", 2)
    assert (mess.fame, mess.builders) == (2, 1)
    assert all(pack.core(k, 3).copies == 1 for k in ("stables", "mess_hall", "bar"))
    for upgrade in pack.skill_upgrades.values():
        assert (upgrade.builders, upgrade.fame) == (1, 1)


def test_contract_targets_fit_their_level():
    """ "Common (Skill Check Targets 6 - 12). Heroic (13 - 20). Legendary (21 - 30)." Events only
    appear on Heroic and Legendary Contracts."""
    ranges = {"common": (6, 12), "heroic": (13, 20), "legendary": (21, 30)}
    for c in load_pack("basic").contracts.values():
        low, high = ranges[c.level]
        assert all(low <= t.value <= high for t in c.targets), c.slug
        assert 1 <= len(c.targets) <= 2
        if c.effect("event"):
            assert c.level != "common"


@pytest.mark.parametrize(
    ("file", "old", "new", "where"),
    [
        (
            "adventurers.toml",
            "skills = { might = 3, spirit = 1 }",
            "skills = { might = 3, luck = 1 }",
            "adventurers.toml: brask: skills",
        ),
        (
            "contracts.toml",
            "targets = { might = 6 }",
            "targets = { might = 16 }",
            "contracts.toml: old-well: targets.might",
        ),
        (
            "adventurers.toml",
            'rank = "adept"',
            'rank = "grandmaster"',
            "adventurers.toml: garrick: rank",
        ),
        (
            "contracts.toml",
            "gold = 1\nfame = 2",
            'gold = "lots"\nfame = 2',
            "contracts.toml: old-well: gold",
        ),
    ],
)
def test_a_content_error_names_file_card_and_field(file, old, new, where):
    texts = files()
    assert old in texts[file]
    texts[file] = texts[file].replace(old, new, 1)
    with pytest.raises(ContentError) as info:
        parse_pack("broken", texts)
    assert str(info.value).startswith(where)


def test_a_duplicate_slug_is_refused():
    texts = files()
    texts["adventurers.toml"] = texts["adventurers.toml"].replace(
        'slug = "odile"', 'slug = "brask"'
    )
    with pytest.raises(ContentError, match="brask: slug: already used"):
        parse_pack("broken", texts)
