"""Content packs: every shipped data file is validated, and a content error names the file, the
card and the field."""

from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from games.guild_master.rules.cards import RANKS, SKILLS
from games.guild_master.rules.content import PACK_FILES, ContentError, load_pack, parse_pack


def files():
    folder = resources.files("games.guild_master") / "content" / "basic"
    return {f: (folder / f).read_text(encoding="utf-8") for f in PACK_FILES}


def test_the_basic_pack_loads_and_is_valid():
    pack = load_pack("basic")
    assert len(pack.teams) == 6
    assert all(len(pack.novices[t]) == 4 for t in pack.teams)
    assert len(pack.starting_contracts()) == 2
    assert pack.board.builder_track[:4] == (2, 3, 3, 4)


def test_the_basic_pack_holds_the_components_list():
    """Components: "35 x Common Contract cards, 30 x Heroic Contract cards, 30 x Legendary
    Contract cards, 24 x Novice Adventurer cards, 24 x Adept Adventurer cards, 16 x Hero
    Adventurer cards, 8 x Legend Adventurer cards, 6 x Starting Skill Upgrade tokens, 18 x Skill
    Upgrade tokens, 15 x Core Upgrade tokens, 6 x Prestige Upgrade tokens"."""
    pack = load_pack("basic")
    levels = Counter(c.level for c in pack.contracts.values())
    assert levels == {"common": 35, "heroic": 30, "legendary": 30}
    ranks = Counter(RANKS[a.rank] for a in pack.adventurers.values())
    assert ranks == {"novice": 24, "adept": 24, "hero": 16, "legend": 8}
    skill = pack.skill_upgrades.values()
    assert sum(u.copies for u in skill if u.starting) == 6
    assert sum(u.copies for u in skill if not u.starting) == 18
    # Each of the six skills has three tokens: the tokens are double-sided (a dice fixer or a
    # re-roll), so one kind per skill is enough.
    assert Counter(u.skill for u in skill for _ in range(u.copies) if not u.starting) == {
        s: 3 for s in SKILLS
    }
    cores = [c for c in pack.core_upgrades.values() if c.level > 1]
    assert sum(c.copies for c in cores) == 15
    assert {(c.kind, c.level): c.copies for c in cores} == {
        **{(k, 2): 4 for k in ("stables", "mess_hall", "bar")},
        **{(k, 3): 1 for k in ("stables", "mess_hall", "bar")},
    }
    assert len(pack.prestige) == 6
    assert all(p.example for p in pack.prestige.values())


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


def test_the_prestige_rules_and_worked_examples_are_documented():
    """Each prestige upgrade comes "with its end-game scoring rule and a worked example": the
    table of games/guild_master/docs/content.md shows the pack's own words."""
    doc = (Path(__file__).parents[1] / "docs" / "content.md").read_text(encoding="utf-8")
    for p in load_pack("basic").prestige.values():
        rule = p.text.removeprefix("At the end of the game, ")
        assert f"| {p.name} | {p.builders} | {rule} | {p.example} |" in doc, p.slug
