"""The card pack (`content/*.toml`): the counts of "GAME COMPONENTS" — "6 Player Boards", "18 Crew
Cards", "10 Royal Contracts", "36 Contracts", "15 Rune Cards", "20 Event Cards", "13 Loans", "69
Components" — and the facts the rulebook states about them. The values are the project's own. The
files are validated when they load; errors name file, card and field."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from games.winterforge.rules.content import (
    CREW_KINDS,
    DICE,
    EVENT_KINDS,
    MATERIALS,
    MAX_SKILL,
    PRECINCTS,
    RUNE_KINDS,
    SKILLS,
    ContentError,
    load_pack,
    pack_files,
    parse_pack,
)

PACK = load_pack()

GOOD = {
    "guilds.toml": """
train_cost = [1, 1, 2, 3, 5, 5, 6, 6, 8, 8]
skill_rp = [[5, 2], [7, 3], [9, 5]]

[[guild]]
slug = "redhand"
name = "Redhand"
colour = "#D55E00"
start = { weapons = 3, armour = 2 }
text = "Blades."
""",
    "components.toml": """
[[component]]
slug = "bog-iron"
name = "Bog Iron"
level = 1
material = "ore"
cost = 1
dice = ["d4"]
copies = 2
text = "Lumps."

[[component]]
slug = "pine-haft"
name = "Pine Haft"
level = 1
material = "timber"
cost = 1
dice = ["d4"]
text = "Poles."
""",
    "contracts.toml": """
[[contract]]
slug = "cleaver"
name = "Cleaver"
type = "weapons"
slots = ["any", "ore"]
bonus = { material = "ore", amount = 1 }
coin = 3
rp = 1
forge = 10
text = "Chop."
""",
    "royal.toml": """
[[royal]]
slug = "crown-helm"
name = "Crown-Helm"
types = ["armour", "jewellery"]
slots = ["ore", "gem", "any", "any"]
coin = 8
rp = 5
forge = 28
text = "Both."
""",
    "crew.toml": """
[[crew]]
slug = "ulda"
name = "Ulda"
cost = 3
ability = { kind = "forge_bonus", skill = "weapons", amount = 2 }
text = "Sharp. +2 to forging Weapons."

[[crew]]
slug = "bodyguard-hollin"
name = "Bodyguard Hollin"
cost = 2
expansion = "thieves-guild"
ability = { kind = "bodyguard" }
text = "Watchful."
""",
    "loans.toml": """
[[loan]]
slug = "hearth-note"
name = "Hearth Note"
take = 4
repay = 6
text = "Small."
""",
    "runes.toml": """
[[rune]]
slug = "spark"
name = "Spark"
kind = "die"
die = "d4"
text = "Flicker."
""",
    "events.toml": """
[[event]]
slug = "tithe"
name = "Tithe"
kind = "coin"
amount = -2
text = "Pay up."

[[event]]
slug = "brawl"
name = "Brawl"
kind = "closed"
precinct = "tavern"
text = "Closed."
""",
    "board.toml": """
[links]
guildhall = ["market", "bank"]
market = ["guildhall", "forge"]
forge = ["market", "tavern"]
tavern = ["forge", "bank"]
bank = ["tavern", "guildhall"]
""",
}


def _slugify(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


# --- Guild boards ----------------------------------------------------------------------------


def test_six_guild_boards_with_their_own_colours():
    """ "6 Player Boards"; "6 Smith Meeples with 3 matching Skill Cubes in Guild Colours"."""
    assert len(PACK.guilds) == 6
    assert len({g.colour.upper() for g in PACK.guilds.values()}) == 6


def test_training_costs_on_every_board():
    """ "Training from 3 to 4 on the Skill Track costs 3 Coin, and training 4 to 5 on the Skill
    Tracks costs 5 Coin." """
    for guild in PACK.guilds.values():
        assert len(guild.train_cost) == MAX_SKILL
        assert guild.train_cost[3] == 3
        assert guild.train_cost[4] == 5
        assert min(guild.train_cost) >= 1


def test_skill_rp_on_every_board():
    """ "If you ended the game with 5 Skill Points in Armour and 7 Skill Points in Jewellery, you
    would get a total bonus of 5 RP — 2 RP for the Armour skill and 3 RP for the Jewellery
    skill." """
    for guild in PACK.guilds.values():
        assert len(guild.skill_rp) == MAX_SKILL + 1
        assert guild.skill_rp[5] == 2
        assert guild.skill_rp[7] == 3
        assert guild.skill_rp[5] + guild.skill_rp[7] == 5
        assert list(guild.skill_rp) == sorted(guild.skill_rp)
        assert guild.skill_rp[0] == 0


def test_starting_skills_differ_and_no_track_is_favoured():
    """ "Each Guild has its own starting Skill Values." "If no point is indicated, that Skill
    starts with a value of 0." The boards differ: three generalists of 7 points (3/2/2) and three
    specialists of 5 (4/1/0), whose track at 4 is a step from the first Skill RP (the balance
    report measured the two points it is worth); some leave a track at 0, and every Skill Track
    starts at the same total over the six boards, so no type of Contract is favoured."""
    starts = [tuple(g.start[s] for s in SKILLS) for g in PACK.guilds.values()]
    assert all(set(g.start) == set(SKILLS) for g in PACK.guilds.values())
    assert len(set(starts)) == 6
    shapes = sorted(tuple(sorted(start, reverse=True)) for start in starts)
    assert shapes == [(3, 2, 2)] * 3 + [(4, 1, 0)] * 3
    assert len({sum(start[track] for start in starts) for track in range(3)}) == 1
    assert all(max(start) <= 4 for start in starts)


# --- Components ------------------------------------------------------------------------------


def test_69_components_in_three_levels():
    """ "69 Components"; "Separate the 3 Component decks into their levels. Shuffle and place 3
    Component cards from each deck to form the Market Place." """
    assert len(PACK.components) == 69
    sizes = [len(PACK.level(level)) for level in (1, 2, 3)]
    assert sum(sizes) == 69
    assert sizes[0] >= sizes[1] >= sizes[2] >= 3


def test_copies_have_their_own_ids():
    """A card printed n times has the ids slug-1 … slug-n; a single card's id is its slug."""
    by_slug: dict[str, list[str]] = {}
    for cid, component in PACK.components.items():
        assert component.id == cid
        by_slug.setdefault(component.slug, []).append(cid)
    for slug, ids in by_slug.items():
        if len(ids) == 1:
            assert ids == [slug]
        else:
            assert ids == [f"{slug}-{i}" for i in range(1, len(ids) + 1)]
    assert PACK.components["bog-iron-4"].name == "Bog Iron"


def test_materials_are_spread_evenly_within_each_level():
    """ "At any time, if there are 3 Components of the same type along a Market row, the entire
    row is shuffled into the relevant Component deck": every level holds all four types, as
    evenly as its size allows."""
    for level in (1, 2, 3):
        count = Counter(PACK.components[c].material for c in PACK.level(level))
        assert set(count) == set(MATERIALS)
        assert max(count.values()) - min(count.values()) <= 1


def test_dice_grow_with_the_level():
    """ "Dice supplied when forging": level 1 a d4, level 2 a d6 or d8, level 3 a d12 or two
    dice."""
    dice = {level: Counter() for level in (1, 2, 3)}
    for component in PACK.components.values():
        assert all(d in DICE for d in component.dice)
        dice[component.level][component.dice] += 1
    assert set(dice[1]) == {(4,)}
    assert set(dice[2]) == {(6,), (8,)}
    assert set(dice[3]) == {(12,), (6, 8)}


def test_cost_rises_with_the_level():
    """ "Component cost": every level costs more than the one below (1, 2–3, 4–5 Coin)."""
    costs = [{PACK.components[c].cost for c in PACK.level(level)} for level in (1, 2, 3)]
    assert max(costs[0]) < min(costs[1]) and max(costs[1]) < min(costs[2])
    assert min(costs[0]) >= 1


# --- Contracts -------------------------------------------------------------------------------


def test_36_contracts_12_of_each_type():
    """ "36 Contracts"; each shows its "Contract type" — Weapons, Armour or Jewellery."""
    assert len(PACK.contracts) == 36
    assert Counter(c.types for c in PACK.contracts.values()) == {(s,): 12 for s in SKILLS}
    assert not any(c.royal for c in PACK.contracts.values())


def test_nine_contracts_are_worth_1_rp():
    """ "Remove all Contracts worth 1 RP (there should be 9 in total) from the Contract deck" —
    enough to deal "a single 1 RP Contract, at random, to each Player"."""
    one = [c for c in PACK.contracts.values() if c.rp == 1]
    assert len(one) == 9
    assert Counter(c.types[0] for c in one) == {s: 3 for s in SKILLS}
    assert Counter(c.rp for c in PACK.contracts.values()) == {1: 9, 2: 12, 3: 9, 4: 6}


def test_contract_sizes_and_numbers_grow_with_the_rp():
    """ "Required Components", "Coin earned when completed", "Forge Number": a 1 RP Contract
    needs two components, the others three or four; coin and Forge Numbers rise with the RP."""
    by_rp: dict[int, list] = {}
    for contract in PACK.contracts.values():
        n = len(contract.slots)
        assert n == 2 if contract.rp == 1 else 3 <= n <= 4
        by_rp.setdefault(contract.rp, []).append(contract)
    for low, high in ((1, 2), (2, 3), (3, 4)):
        assert max(c.coin for c in by_rp[low]) <= min(c.coin for c in by_rp[high])
        mean = [sum(c.forge for c in by_rp[rp]) / len(by_rp[rp]) for rp in (low, high)]
        assert mean[0] < mean[1]


def test_component_bonus_if_applicable():
    """ "Component bonus (if applicable)": about half the Contracts have one, always of a
    material they can take."""
    with_bonus = [c for c in (*PACK.contracts.values(), *PACK.royals.values()) if c.bonus_material]
    assert 20 <= len(with_bonus) <= 35
    for contract in with_bonus:
        assert contract.bonus >= 1
        assert contract.bonus_material in contract.slots or "any" in contract.slots
    for contract in (*PACK.contracts.values(), *PACK.royals.values()):
        if not contract.bonus_material:
            assert contract.bonus == 0
        order = (*MATERIALS, "any")
        assert list(contract.slots) == sorted(contract.slots, key=order.index)


def test_ten_royal_contracts_of_two_types_worth_5_rp():
    """ "10 Royal Contracts"; "Royal Contracts have 2 types. When forging, both Skill types are
    added to your Forge result." "All Royal Contracts are worth 5 RP." """
    assert len(PACK.royals) == 10
    for royal in PACK.royals.values():
        assert royal.royal
        assert len(royal.types) == 2 and len(set(royal.types)) == 2
        assert set(royal.types) <= set(SKILLS)
        assert royal.rp == 5
        assert 4 <= len(royal.slots) <= 5
        assert 24 <= royal.forge <= 30
    pairs = Counter(frozenset(r.types) for r in PACK.royals.values())
    assert len(pairs) == 3 and min(pairs.values()) >= 3


def test_contracts_and_royals_share_no_slug():
    """Both are named in the same places (Contracts completed, Held, started)."""
    assert not set(PACK.contracts) & set(PACK.royals)
    assert PACK.contract("alehouse-cleaver").rp == 1
    assert PACK.contract("centenary-crown-helm").royal


# --- Crew ------------------------------------------------------------------------------------


def test_18_crew_15_of_them_base():
    """ "18 Crew Cards"; "Remember to remove all Alleyways Crew unless playing with the relevant
    Expansions": the Auction House's "1 Crew Card (The Appraiser)" and the Thieves' Guild's "2
    Crew Cards (The Bodyguards)"."""
    assert len(PACK.crew) == 18
    expansions = Counter(c.expansion for c in PACK.crew.values())
    assert expansions == {"": 15, "auction-house": 1, "thieves-guild": 2}
    appraiser = [c for c in PACK.crew.values() if c.expansion == "auction-house"]
    assert [c.name for c in appraiser] == ["The Appraiser"]
    assert appraiser[0].ability.kind == "appraise"
    bodyguards = [c for c in PACK.crew.values() if c.expansion == "thieves-guild"]
    assert all(c.ability.kind == "bodyguard" for c in bodyguards)
    assert len(PACK.crew_in_play()) == 15
    assert len(PACK.crew_in_play(("thieves-guild",))) == 17
    assert len(PACK.crew_in_play(("auction-house", "thieves-guild", "shrine"))) == 18


def test_every_crew_ability_is_used():
    """ "This would require the Transporter crew to give you the extra movement action": one
    base Crew gives an extra Move; several add to forging, per type and for any Contract."""
    kinds = Counter(c.ability.kind for c in PACK.crew.values())
    assert set(kinds) == set(CREW_KINDS)
    assert kinds["extra_move"] >= 1
    forge = {c.ability.skill for c in PACK.crew.values() if c.ability.kind == "forge_bonus"}
    assert forge == {*SKILLS, "any"}


def test_hire_costs():
    """ "Hire Cost": 2 to 5 Coin."""
    assert {c.cost for c in PACK.crew.values()} <= {2, 3, 4, 5}


def test_crew_texts_state_their_forge_bonus():
    for crew in PACK.crew.values():
        if crew.ability.kind == "forge_bonus":
            assert f"+{crew.ability.amount} to " in crew.text


# --- Loans, Runes, Events --------------------------------------------------------------------


def test_13_loans_repaid_with_interest():
    """ "13 Loans"; a Loan shows the "Coin gained when the Loan is taken from the Bank" and the
    "Coin that must be repaid to pay off the Loan" — "you'll need to repay the Bank with
    interest"."""
    assert len(PACK.loans) == 13
    for loan in PACK.loans.values():
        assert 0 < loan.take < loan.repay
    assert min(x.take for x in PACK.loans.values()) == 4
    assert max(x.take for x in PACK.loans.values()) == 8


def test_15_runes_of_four_kinds():
    """ "1 Deck of 15 Rune Cards"; "Each Rune card represents a special bonus that can be used to
    modify a Contract you are forging." """
    assert len(PACK.runes) == 15
    kinds = Counter(r.kind for r in PACK.runes.values())
    assert set(kinds) == set(RUNE_KINDS)
    for rune in PACK.runes.values():
        if rune.kind == "bonus":
            assert 1 <= rune.amount <= 3 and rune.die == 0
        elif rune.kind == "die":
            assert rune.die in (4, 6, 8) and rune.amount == 0
        else:
            assert rune.amount == 0 and rune.die == 0


def test_20_events_that_help_or_hinder():
    """ "20 Event Cards"; "Shuffle all 20 of the Event Cards and remove 5 to create a deck of 15
    cards"; "an event deck will either help or hinder you over fifteen turns"."""
    assert len(PACK.events) == 20
    assert {e.kind for e in PACK.events.values()} == set(EVENT_KINDS)
    helps = hinders = 0
    for event in PACK.events.values():
        if event.kind in ("coin", "actions", "forge_bonus"):
            helps += event.amount > 0
            hinders += event.amount < 0
        elif event.kind in ("component", "discount", "work"):
            helps += 1
        elif event.kind in ("closed", "no_prime", "interest"):
            hinders += 1
    assert helps + hinders >= 15 and abs(helps - hinders) <= 2
    for event in PACK.events.values():
        if event.kind in ("closed", "discount"):
            assert event.precinct in PRECINCTS
        if event.kind == "component":
            assert event.level in (1, 2, 3)


# --- The board -------------------------------------------------------------------------------


def test_two_moves_reach_any_precinct():
    """ "Connected Precincts are linked by movement lines. … You can perform two move actions in
    a row to move to any Precinct on the board." """
    links = PACK.links
    assert set(links) == set(PRECINCTS)
    for precinct, to in links.items():
        assert precinct not in to
        for other in to:
            assert precinct in links[other]
        two = {precinct, *to, *(p for o in to for p in links[o])}
        assert two == set(PRECINCTS)


def test_the_precincts_form_a_ring():
    """Our ruling: Guildhall – Market – Forge – Tavern – Bank – Guildhall."""
    ring = ("guildhall", "market", "forge", "tavern", "bank")
    for i, precinct in enumerate(ring):
        assert set(PACK.links[precinct]) == {ring[i - 1], ring[(i + 1) % 5]}


# --- The pack as a whole ---------------------------------------------------------------------


def test_names_and_texts_are_all_different():
    cards = [
        *PACK.guilds.values(),
        *{c.slug: c for c in PACK.components.values()}.values(),
        *PACK.contracts.values(),
        *PACK.royals.values(),
        *PACK.crew.values(),
        *PACK.loans.values(),
        *PACK.runes.values(),
        *PACK.events.values(),
    ]
    names = [c.name for c in cards]
    assert len(set(names)) == len(names)
    slugs = [c.slug for c in cards]
    assert len(set(slugs)) == len(slugs)
    texts = [c.text for c in cards if c.text]
    assert all(t.strip() for t in texts)
    with_shared_lines = [c for c in cards if getattr(c, "ability", None) or hasattr(c, "die")]
    flavour = [c.text.split(". ")[0] for c in with_shared_lines]
    assert len(set(flavour)) == len(flavour)
    other = [c.text for c in cards if c not in with_shared_lines]
    assert len(set(other)) == len(other)


def test_slugs_follow_the_names():
    for card in (*PACK.contracts.values(), *PACK.royals.values(), *PACK.crew.values(),
                 *PACK.loans.values(), *PACK.runes.values(), *PACK.events.values(),
                 *PACK.guilds.values(), *PACK.components.values()):  # fmt: skip
        assert card.slug == _slugify(card.name), card.slug


def test_the_pack_loads_once_and_parses_the_same_twice():
    assert load_pack() is PACK
    assert parse_pack(pack_files()) == PACK


# --- The loader ------------------------------------------------------------------------------


def test_a_small_pack_parses():
    pack = parse_pack(GOOD)
    assert list(pack.components) == ["bog-iron-1", "bog-iron-2", "pine-haft"]
    guild = pack.guilds["redhand"]
    assert guild.start == {"weapons": 3, "armour": 2, "jewellery": 0}
    assert guild.skill_rp == (0, 0, 0, 0, 0, 2, 2, 3, 3, 5, 5)
    cleaver = pack.contracts["cleaver"]
    assert cleaver.slots == ("ore", "any")
    assert (cleaver.bonus_material, cleaver.bonus) == ("ore", 1)
    assert pack.royals["crown-helm"].types == ("armour", "jewellery")
    assert pack.runes["spark"].die == 4
    assert pack.events["tithe"].amount == -2
    assert pack.crew["bodyguard-hollin"].ability.amount == 0


def test_a_board_may_have_its_own_tracks():
    text = GOOD["guilds.toml"].replace(
        'text = "Blades."', 'text = "Blades."\nskill_rp = [[4, 1], [8, 4]]'
    )
    guild = parse_pack({**GOOD, "guilds.toml": text}).guilds["redhand"]
    assert guild.skill_rp == (0, 0, 0, 0, 1, 1, 1, 1, 4, 4, 4)


def _no_defaults(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith(("train", "skill")))


@pytest.mark.parametrize(
    ("file", "old", "new", "slug", "field"),
    [
        # guilds.toml
        ("guilds.toml", '"#D55E00"', '"red"', "redhand", "colour"),
        ("guilds.toml", "{ weapons = 3,", "{ swords = 3,", "redhand", "start"),
        ("guilds.toml", "weapons = 3", "weapons = 11", "redhand", "start.weapons"),
        ("guilds.toml", "weapons = 3", 'weapons = "3"', "redhand", "start"),
        ("guilds.toml", 'slug = "redhand"', 'slug = "Red Hand"', "Red Hand", "slug"),
        ("guilds.toml", "6, 6, 8, 8]", "6, 6, 8]", "redhand", "train_cost"),
        ("guilds.toml", "[1, 1, 2,", "[-1, 1, 2,", "redhand", "train_cost"),
        ("guilds.toml", "[7, 3]", "[7, 1]", "redhand", "skill_rp"),
        ("guilds.toml", "[9, 5]", "[11, 5]", "redhand", "skill_rp"),
        ("guilds.toml", "[9, 5]", "[7, 5]", "redhand", "skill_rp"),
        ("guilds.toml", "train_cost =", "rounds = 3\ntrain_cost =", "-", "rounds"),
        ("guilds.toml", 'text = "Blades."', 'text = "Blades."\nmotto = "Hm"', "redhand", "motto"),
        ("guilds.toml", 'text = "Blades."', 'text = ""', "redhand", "text"),
        # components.toml
        ("components.toml", 'material = "ore"', 'material = "iron"', "bog-iron", "material"),
        ("components.toml", "level = 1", "level = 4", "bog-iron", "level"),
        ("components.toml", 'dice = ["d4"]', 'dice = ["d5"]', "bog-iron", "dice"),
        ("components.toml", 'dice = ["d4"]', 'dice = ["d4", "d4", "d4"]', "bog-iron", "dice"),
        ("components.toml", 'dice = ["d4"]', "dice = []", "bog-iron", "dice"),
        ("components.toml", 'dice = ["d4"]', "dice = [4]", "bog-iron", "dice"),
        ("components.toml", "cost = 1", "cost = -1", "bog-iron", "cost"),
        ("components.toml", "cost = 1", 'cost = "1"', "bog-iron", "cost"),
        ("components.toml", "cost = 1\n", "", "bog-iron", "cost"),
        ("components.toml", "copies = 2", "copies = 0", "bog-iron", "copies"),
        ("components.toml", "copies = 2", 'colour = "red"', "bog-iron", "colour"),
        ("components.toml", 'slug = "pine-haft"', 'slug = "bog-iron"', "bog-iron", "slug"),
        ("components.toml", 'slug = "pine-haft"', 'slug = "bog-iron-2"', "bog-iron-2", "slug"),
        ("components.toml", 'name = "Pine Haft"', 'name = "Bog Iron"', "pine-haft", "name"),
        ("components.toml", 'material = "timber"', 'material = "ore"', "-", "material"),
        # contracts.toml
        ("contracts.toml", 'type = "weapons"', 'type = "spears"', "cleaver", "type"),
        ("contracts.toml", '["any", "ore"]', '["any", "iron"]', "cleaver", "slots"),
        ("contracts.toml", '["any", "ore"]', "[]", "cleaver", "slots"),
        ("contracts.toml", '["any", "ore"]', '["timber", "hide"]', "cleaver", "bonus.material"),
        ("contracts.toml", "amount = 1 }", "amount = 0 }", "cleaver", "bonus.amount"),
        ("contracts.toml", "amount = 1 }", "amount = 1, per = 2 }", "cleaver", "bonus.per"),
        ("contracts.toml", 'material = "ore"', 'material = "rock"', "cleaver", "bonus.material"),
        ("contracts.toml", "forge = 10", "forge = -10", "cleaver", "forge"),
        ("contracts.toml", "coin = 3", "coin = -3", "cleaver", "coin"),
        ("contracts.toml", "rp = 1\n", "", "cleaver", "rp"),
        ("contracts.toml", 'name = "Cleaver"', 'name = "Bog Iron"', "cleaver", "name"),
        ("contracts.toml", 'slug = "cleaver"', 'slug = "redhand"', "redhand", "slug"),
        ("contracts.toml", 'slug = "cleaver"', 'slug = "cleaver-"', "cleaver-", "slug"),
        # royal.toml
        ("royal.toml", '["armour", "jewellery"]', '["armour"]', "crown-helm", "types"),
        ("royal.toml", '["armour", "jewellery"]', '["armour", "armour"]', "crown-helm", "types"),
        (
            "royal.toml",
            '["armour", "jewellery"]',
            '["armour", "jewellery", "weapons"]',
            "crown-helm",
            "types",
        ),
        ("royal.toml", '["armour", "jewellery"]', '["armour", "hats"]', "crown-helm", "types"),
        ("royal.toml", 'slug = "crown-helm"', 'slug = "cleaver"', "cleaver", "slug"),
        # crew.toml
        ("crew.toml", 'kind = "forge_bonus"', 'kind = "juggling"', "ulda", "ability.kind"),
        ("crew.toml", 'skill = "weapons"', 'skill = "swords"', "ulda", "ability.skill"),
        ("crew.toml", "amount = 2", "amount = 0", "ulda", "ability.amount"),
        ("crew.toml", "amount = 2 }", "amount = 2, when = 1 }", "ulda", "ability.when"),
        ("crew.toml", "cost = 3", "cost = -3", "ulda", "cost"),
        ("crew.toml", 'expansion = "thieves-guild"\n', "", "bodyguard-hollin", "expansion"),
        ("crew.toml", "cost = 3\n", 'cost = 3\nexpansion = "shrine"\n', "ulda", "expansion"),
        (
            "crew.toml",
            "cost = 3\n",
            'cost = 3\nexpansion = "auction-house"\n',
            "ulda",
            "expansion",
        ),
        (
            "crew.toml",
            '{ kind = "bodyguard" }',
            '{ kind = "bodyguard", amount = 1 }',
            "bodyguard-hollin",
            "ability.amount",
        ),
        (
            "crew.toml",
            '{ kind = "bodyguard" }',
            '{ kind = "bodyguard", skill = "any" }',
            "bodyguard-hollin",
            "ability.skill",
        ),
        # loans.toml
        ("loans.toml", "repay = 6", "repay = 4", "hearth-note", "repay"),
        ("loans.toml", "take = 4", "take = 0", "hearth-note", "take"),
        ("loans.toml", "take = 4", "take = -4", "hearth-note", "take"),
        # runes.toml
        ("runes.toml", 'die = "d4"', 'die = "d20"', "spark", "die"),
        ("runes.toml", 'die = "d4"\n', "", "spark", "die"),
        ("runes.toml", 'kind = "die"', 'kind = "bonus"', "spark", "amount"),
        ("runes.toml", 'kind = "die"', 'kind = "hex"', "spark", "kind"),
        ("runes.toml", 'kind = "die"', 'kind = "wild"', "spark", "die"),
        ("runes.toml", 'die = "d4"', 'die = "d4"\namount = 1', "spark", "amount"),
        # events.toml
        ("events.toml", "amount = -2", "amount = 0", "tithe", "amount"),
        ("events.toml", "amount = -2", "amount = -2\nlevel = 1", "tithe", "level"),
        ("events.toml", 'kind = "coin"', 'kind = "storm"', "tithe", "kind"),
        ("events.toml", 'precinct = "tavern"', 'precinct = "shrine"', "brawl", "precinct"),
        ("events.toml", 'precinct = "tavern"\n', "", "brawl", "precinct"),
        (
            "events.toml",
            'precinct = "tavern"',
            'precinct = "tavern"\namount = 1',
            "brawl",
            "amount",
        ),
        ("events.toml", 'kind = "coin"', 'kind = "actions"', "tithe", "amount"),
        ("events.toml", 'kind = "coin"', 'kind = "interest"', "tithe", "amount"),
        ("events.toml", 'kind = "coin"\namount = -2', 'kind = "component"', "tithe", "level"),
        # board.toml
        ("board.toml", '["tavern", "guildhall"]', '["tavern"]', "links", "bank"),
        ("board.toml", '["market", "tavern"]', '["market", "tavern", "mine"]', "links", "forge"),
        ("board.toml", '["market", "tavern"]', '["market", "forge"]', "links", "forge"),
        ("board.toml", '["market", "tavern"]', '["market", "market"]', "links", "forge"),
        ("board.toml", 'bank = ["tavern", "guildhall"]\n', "", "links", "bank"),
        ("board.toml", "bank =", 'mine = ["bank"]\nbank =', "links", "mine"),
        ("board.toml", "[links]", "[lines]", "-", "lines"),
    ],
)
def test_errors_name_the_file_the_card_and_the_field(file, old, new, slug, field):
    assert old in GOOD[file]
    files = {**GOOD, file: GOOD[file].replace(old, new, 1)}
    with pytest.raises(ContentError) as err:
        parse_pack(files)
    assert (err.value.file, err.value.slug, err.value.field) == (file, slug, field)
    assert str(err.value).startswith(f"{file}: {slug}: {field}: ")


def test_a_board_without_tracks_is_refused():
    files = {**GOOD, "guilds.toml": _no_defaults(GOOD["guilds.toml"])}
    with pytest.raises(ContentError, match=r"^guilds\.toml: redhand: train_cost: missing"):
        parse_pack(files)


def test_precincts_more_than_two_moves_apart_are_refused():
    """ "You can perform two move actions in a row to move to any Precinct on the board": a line
    of five precincts breaks it."""
    text = (
        GOOD["board.toml"]
        .replace('guildhall = ["market", "bank"]', 'guildhall = ["market"]')
        .replace('bank = ["tavern", "guildhall"]', 'bank = ["tavern"]')
    )
    with pytest.raises(ContentError) as err:
        parse_pack({**GOOD, "board.toml": text})
    assert str(err.value).startswith("board.toml: links: guildhall: more than 2 moves from")


def test_files_that_are_broken_missing_or_unknown():
    with pytest.raises(ContentError, match=r"^board\.toml: -: -: not valid TOML"):
        parse_pack({**GOOD, "board.toml": "[links\n"})
    files = dict(GOOD)
    del files["runes.toml"]
    with pytest.raises(ContentError, match=r"^runes\.toml: -: -: missing"):
        parse_pack(files)
    with pytest.raises(ContentError, match=r"^weather\.toml: -: -: not a file of the pack"):
        parse_pack({**GOOD, "weather.toml": ""})
    with pytest.raises(ContentError, match=r"^loans\.toml: -: loan: write each card"):
        parse_pack({**GOOD, "loans.toml": "[loan]\nslug = 'x'\n"})
