"""Hire Builders (Orders in Depth): hiring, building upgrades, placing upgrade tokens, and the
Hire Builders contest."""

import pytest

from games.guild_master.rules.commands import ChooseBuilds
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.state import Build, Order, Phase, Plan
from games.guild_master.tests.rulebook import assert_refused
from games.guild_master.tests.table import (
    everyone_else_ready,
    of_type,
    order,
    orders,
    play,
    public,
    table,
)

PACK = load_pack("basic")
TRACK = PACK.board.builder_track  # 2, 3, 3, 4, 4, ...
CHARM_FIXER = ["salon:fixer"]  # keeps the checks below free of fixers


def _hire(gold, *builds, team=("thessaly", "bram"), space=1, **plan):
    return order(space, list(team), "hire", gold, builds=list(builds), **plan)


def _guild(**fields):
    base = {"adventurers": ["thessaly", "bram"], "skill_upgrades": CHARM_FIXER, "private": []}
    return {**base, **fields}


def _solo(players=3, gold=7, *builds, **guild):
    """Seat 0 hires Builders alone on order space 1 with `gold`."""
    state = table(players=players, guild=[_guild(gold=gold, **guild)])
    return play(
        state, orders(0, _hire(gold, *builds, fallback="wander")), *everyone_else_ready(state, 0)
    )


def test_each_builder_costs_the_marked_cost_and_moves_the_marker_up():
    """Hiring Builders: "Hire a Builder by paying the cost indicated by the Builder Cost marker
    with Gold from your Hire Builders Order. Move the Builder Cost marker up one space... Hire
    additional Builders as needed by repeating steps 2 & 3." (Kim: 2 Gold, then 3 Gold.)"""
    state = table(players=3, guild=[_guild(gold=7)])
    state, events = play(
        state, orders(0, _hire(7, Build(core="stables"))), *everyone_else_ready(state, 0)
    )
    (hired,) = of_type(events, "BuildersHired")
    assert hired.costs == (TRACK[0], TRACK[1]) == (2, 3)
    assert hired.marker == 2


def test_builders_are_paid_from_the_gold_on_the_order():
    """Hiring Builders: pay "with Gold from your Hire Builders Order"; the rest stays yours."""
    state, _events = _solo(3, 7, Build(core="stables"))
    assert state.guilds[0].gold == 7 - (2 + 3) + 2  # + the Bar's income at the Reset Phase


def test_unused_gold_is_returned_to_the_treasury():
    """Hiring Builders: "5. Return any unused Gold to your Treasury." (Kim "returns his 2
    remaining Gold to his Treasury".)"""
    _, events = _solo(3, 7, Build(core="stables"))
    (back,) = of_type(events, "GoldReturned")
    assert (back.seat, back.amount) == (0, 2)


def test_only_as_many_builders_as_can_be_used_are_hired():
    """Hiring Builders: "You may only hire as many Builders as you can use." A skill upgrade needs
    one Builder, so one is hired however much Gold the order carries."""
    _, events = _solo(3, 20, Build(skill="reading-hall", side="fixer"))
    (hired,) = of_type(events, "BuildersHired")
    assert hired.costs == (2,)
    assert of_type(events, "GoldReturned")[0].amount == 18


def test_with_two_players_the_first_builder_costs_one_space_more():
    """2 or 3 Player Games: "The Builder Cost marker starts one space above normal.\""""
    _, events = _solo(2, 7, Build(skill="reading-hall", side="fixer"))
    assert of_type(events, "BuildersHired")[0].costs == (TRACK[1],)


def test_a_skill_and_a_core_upgrade_can_be_built_together():
    """Building Upgrades: "Build 1 Skill Upgrade and / or 1 Core Upgrade". (Kim builds a Logic
    Skill Upgrade worth 1 Fame and Mess Hall II worth 2 Fame: "He immediately gains a total of 3
    Fame.")"""
    state, events = _solo(3, 7, Build(core="mess_hall", skill="reading-hall", side="fixer"))
    assert [e.upgrade for e in of_type(events, "UpgradeBuilt")] == ["reading-hall", "mess-hall-2"]
    assert of_type(events, "BuildersHired")[0].costs == (2, 3)
    assert state.guilds[0].fame == 3
    assert state.guilds[0].mess_hall == 2


def test_only_one_of_the_planned_builds_is_made():
    """Building Upgrades: "You may use your Builders to do **one** of the following" — a second
    core upgrade is not built with the same order, even with Gold to spare."""
    state, events = _solo(3, 20, Build(core="bar"), Build(core="stables"))
    assert [e.upgrade for e in of_type(events, "UpgradeBuilt")] == ["bar-2"]
    assert state.guilds[0].stables == 1


def test_a_prestige_upgrade_is_built_alone():
    """Building Upgrades: "Build 1 Skill Upgrade and / or 1 Core Upgrade, or Build 1 Prestige
    Upgrade": a prestige upgrade cannot come with a core upgrade; nothing is built and the Gold
    goes back."""
    state, events = _solo(3, 20, Build(prestige="grand-workshop", core="bar"))
    assert of_type(events, "UpgradeBuilt") == []
    assert of_type(events, "BuildersHired") == []
    assert state.guilds[0].prestige is None and state.guilds[0].bar == 1


def test_a_prestige_upgrade_can_be_built():
    """Building Upgrades: "Build 1 Prestige Upgrade" — "Place Prestige Upgrades at the top of
    your Upgrade Board.\""""
    state, events = _solo(3, 7, Build(prestige="grand-workshop"))
    assert [e.upgrade for e in of_type(events, "UpgradeBuilt")] == ["grand-workshop"]
    assert public(state)["guilds"][0]["prestige"] == "grand-workshop"
    assert "grand-workshop" not in public(state)["board"]["prestige_supply"]


def test_level_ii_is_built_before_level_iii():
    """Placing Upgrade Tokens: "You **must** build a level II Upgrade before building the
    matching level III Upgrade." A guild with Stables I building Stables gets Stables II."""
    state, events = _solo(3, 20, Build(core="stables"))
    assert [e.upgrade for e in of_type(events, "UpgradeBuilt")] == ["stables-2"]
    assert state.guilds[0].stables == 2


def test_building_level_iii_returns_level_ii_to_the_supply():
    """Placing Upgrade Tokens: "When you build a level III Upgrade, return the level II Upgrade
    to the supply.\""""
    before = table(players=3).board.core_supply
    state, events = _solo(3, 20, Build(core="stables"), stables=2)
    assert [e.upgrade for e in of_type(events, "UpgradeBuilt")] == ["stables-3"]
    supply = public(state)["board"]["core_supply"]
    assert supply["stables-3"] == before["stables-3"] - 1
    assert supply["stables-2"] == before["stables-2"] + 1


def test_only_one_level_iii_of_each_type_per_game():
    """Core Upgrades: "only one level III Core Upgrade of each type is available per game.\""""
    state = table(
        players=3,
        guild=[
            _guild(gold=10, stables=2),
            {"gold": 20, "stables": 2, "adventurers": ["brask", "odile"], "private": []},
        ],
    )
    state, events = play(
        state,
        orders(0, _hire(10, Build(core="stables"))),
        orders(1, _hire(20, Build(core="stables"), team=["brask"], space=2, fallback="wander")),
        *everyone_else_ready(state, 0, 1),
    )
    assert [(e.seat, e.upgrade) for e in of_type(events, "UpgradeBuilt")] == [(0, "stables-3")]
    assert (state.guilds[0].stables, state.guilds[1].stables) == (3, 2)


def test_a_guild_builds_only_one_prestige_upgrade_per_game():
    """Prestige Upgrades: "Guilds are each allowed to build just **one Prestige Upgrade per
    game**.\""""
    state, events = _solo(3, 20, Build(prestige="grand-workshop"), prestige="great-keep")
    assert of_type(events, "UpgradeBuilt") == []
    assert state.guilds[0].prestige == "great-keep"


def test_each_prestige_upgrade_is_unique():
    """Prestige Upgrades: "each of the unique Prestige Upgrades" — one built by a rival cannot be
    built again."""
    state = table(
        players=3,
        guild=[
            _guild(gold=10),
            {"gold": 20, "adventurers": ["brask", "odile"], "private": []},
        ],
    )
    state, events = play(
        state,
        orders(0, _hire(10, Build(prestige="grand-workshop"))),
        orders(1, _hire(20, Build(prestige="grand-workshop"), team=["brask"], space=2)),
        *everyone_else_ready(state, 0, 1),
    )
    assert [(e.seat, e.upgrade) for e in of_type(events, "UpgradeBuilt")] == [(0, "grand-workshop")]


def test_no_two_skill_upgrades_with_the_same_name():
    """Skill Upgrades: "Guilds can not have more than one Skill Upgrade with the same name. For
    example if a Guild already has an Armory, they may not build another Armory later.\""""
    state, events = _solo(
        3,
        20,
        Build(skill="reading-hall", side="reroll"),
        skill_upgrades=["salon:fixer", "reading-hall:fixer"],
    )
    assert of_type(events, "UpgradeBuilt") == []
    assert [u.slug for u in state.guilds[0].skill_upgrades] == ["salon", "reading-hall"]


def test_at_most_four_skill_upgrades():
    """Skill Upgrades: "Guilds start the game with one Starting Skill Upgrade, and can build up to
    three more throughout the game.\""""
    full = ["salon:fixer", "reading-hall:fixer", "weapon-rack:fixer", "runic-circle:reroll"]
    state, events = _solo(3, 20, Build(skill="lockpick-bench", side="fixer"), skill_upgrades=full)
    assert of_type(events, "UpgradeBuilt") == []
    assert len(state.guilds[0].skill_upgrades) == 4


@pytest.mark.parametrize("side", ["fixer", "reroll"])
def test_a_skill_upgrade_is_placed_on_the_chosen_side(side):
    """Placing Upgrade Tokens: "Place Skill Upgrades onto one of the remaining spaces on the
    right side of your Upgrade Board, with the chosen side face up.\""""
    state, _ = _solo(3, 7, Build(skill="reading-hall", side=side))
    assert public(state)["guilds"][0]["skill_upgrades"][1] == {"slug": "reading-hall", "side": side}


def test_fame_for_skill_and_core_upgrades_is_gained_at_once():
    """ "Immediately gain Fame for each Skill and Core Upgrade you build." (Stables II: 3
    Fame.) The Fame is there before the order's Action Phase is over."""
    state = table(players=3, guild=[_guild(gold=7, adventurers=["thessaly", "bram", "ottilie"])])
    asked = Order(space=2, team=("ottilie",), plan=Plan(fallback="ask"))
    state, events = play(
        state,
        orders(0, _hire(7, Build(core="stables")), asked),
        *everyone_else_ready(state, 0),
    )
    assert state.phase is Phase.ACTION  # seat 0 is asked what its team with no card does
    assert state.guilds[0].fame == 3
    assert of_type(events, "UpgradeBuilt")[0].fame == 3


def test_prestige_upgrades_give_no_fame_when_built():
    """Upgrades: "Upgrades earn you Fame as soon as you get them, with the exception of Prestige
    Upgrades that reward you at the end of the game.\""""
    state, events = _solo(3, 7, Build(prestige="grand-workshop"))
    assert of_type(events, "UpgradeBuilt")[0].fame == 0
    assert state.guilds[0].fame == 0


def test_nothing_is_hired_when_no_build_can_be_afforded():
    """Hiring Builders: "The third Builder also costs 3 Gold, but Kim only has 2 Gold left so
    cannot afford to hire them." With too little Gold for any build, no Builder is hired and the
    Gold returns."""
    state, events = _solo(3, 4, Build(core="stables"))  # 2 + 3 needed
    assert of_type(events, "BuildersHired") == []
    assert of_type(events, "GoldReturned")[0].amount == 4
    assert state.board.builder_marker == 0


def test_the_winner_of_the_contested_skill_check_builds_first():
    """Hire Builders Contest: "Chris' team has a total of 3 Might and 6 Gold, and Kim's team has a
    total of 6 Logic and 7 Gold... Chris' Skill Check Result is 11, while Kim's result is 19. Kim
    hires 1 Builder first, pays 2 Gold... then pays 3 Gold... builds a Stables II... Chris then
    pays 3 Gold to Hire 1 Builder... builds a Mess Hall II upgrade\""""
    state = table(
        players=3,
        guild=[
            {"gold": 6, "adventurers": ["brask", "wick"], "skill_upgrades": CHARM_FIXER},
            {"gold": 7, "adventurers": ["thessaly", "bram"], "skill_upgrades": CHARM_FIXER},
        ],
        dice=[3, 4, 4, 3, 3, 3, 3, 3, 4],  # Chris 11, Kim 19
    )
    state, events = play(
        state,
        orders(0, _hire(6, Build(core="mess_hall"), team=["brask"])),  # Chris
        orders(1, _hire(7, Build(core="stables"))),  # Kim
        *everyone_else_ready(state, 0, 1),
    )
    assert [e.total for e in of_type(events, "SkillCheckFinished")] == [11, 19]
    assert of_type(events, "ContestedCheckWon")[0].ranking == (1, 0)
    assert [(e.seat, e.costs) for e in of_type(events, "BuildersHired")] == [
        (1, (2, 3)),
        (0, (3,)),
    ]
    assert [(e.seat, e.upgrade, e.fame) for e in of_type(events, "UpgradeBuilt")] == [
        (1, "stables-2", 3),
        (0, "mess-hall-2", 2),
    ]
    assert [(e.seat, e.amount) for e in of_type(events, "GoldReturned")] == [(1, 2), (0, 3)]


def test_contesting_guilds_each_use_any_one_skill_of_their_team():
    """Hire Builders Contest: "Contesting Guilds carry out a Contested Skill Check together, each
    using **any one Skill** from their assigned team.\""""
    state = table(
        players=3,
        guild=[
            {"gold": 6, "adventurers": ["brask", "wick"], "skill_upgrades": CHARM_FIXER},
            {"gold": 7, "adventurers": ["thessaly", "bram"], "skill_upgrades": CHARM_FIXER},
        ],
    )
    state, events = play(
        state,
        orders(0, _hire(6, Build(core="bar"), team=["brask", "wick"], skill="guile")),
        orders(1, _hire(7, Build(core="bar"), skill="arcane")),
        *everyone_else_ready(state, 0, 1),
    )
    checks = of_type(events, "SkillCheckRolled")[:2]
    assert [(c.seat, c.skill, c.skill_dice) for c in checks] == [(0, "guile", 2), (1, "arcane", 1)]


def test_a_contesting_guild_may_build_nothing_and_fall_back():
    """Hire Builders Contest: "Guilds may choose not to Hire Builders, return their Gold to their
    Treasury and Attempt a Private Contract or Wander instead." The next guild then hires at the
    lower cost."""
    state = table(
        players=3,
        guild=[
            {"gold": 6, "adventurers": ["brask", "wick"], "skill_upgrades": CHARM_FIXER},
            {
                "gold": 7,
                "adventurers": ["thessaly", "bram"],
                "skill_upgrades": CHARM_FIXER,
                "private": [],
            },
        ],
        dice=[1, 1, 1, 6, 6, 6, 6, 6, 6],  # seat 1 wins
    )
    state, events = play(
        state,
        orders(0, _hire(6, Build(core="mess_hall"), team=["brask"])),
        orders(
            1,
            Order(
                space=1,
                team=("thessaly", "bram"),
                objective="hire",
                gold=7,
                plan=Plan(fallback="wander"),
            ),
        ),
        *everyone_else_ready(state, 0, 1),
    )
    assert [d["kind"] for d in public(state)["waiting"]] == ["builds"]
    state, events = play(state, ChooseBuilds(seat=1, space=1, builds=()))
    assert next((e.seat, e.amount) for e in of_type(events, "GoldReturned")) == (1, 7)
    assert [(e.seat, e.space) for e in of_type(events, "Wandered")] == [(1, 1)]
    assert [(e.seat, e.costs) for e in of_type(events, "BuildersHired")] == [(0, (2,))]


def test_only_the_guild_being_asked_chooses_builds():
    """Building Upgrades: "When you have finished hiring Builders, you must immediately use them
    to build Upgrades" — the guild whose order resolves chooses, nobody else."""
    state = table(players=3, guild=[_guild(gold=7)])
    state, _ = play(
        state,
        orders(0, Order(space=1, team=("thessaly",), objective="hire", gold=7, plan=Plan())),
        *everyone_else_ready(state, 0),
    )
    assert_refused(
        state,
        ChooseBuilds(seat=1, space=1, builds=(Build(core="bar"),)),
        "not_asked",
        "Nobody is waiting for your builds",
    )


def test_a_tie_break_orders_only_the_tied_guilds_at_the_place_they_earned():
    """Contested Skill Check: "the highest result wins. If there is a tie, each Guild in the tie
    re-rolls one of their dice until one Guild has the highest result", then "the Guild with the
    next highest Skill Check Result may Hire Builders ... next". Seats 1 and 2 tie at 11 above
    seat 0's 9; their re-rolls drop seat 2 to 9, yet both still hire before seat 0, which was
    not in the tie and never re-rolls (issue 19: a demo ranked the lowest result first)."""
    state = table(
        players=3,
        guild=[
            {"gold": 6, "adventurers": ["brask", "wick"], "skill_upgrades": CHARM_FIXER},
            {"gold": 7, "adventurers": ["thessaly", "bram"], "skill_upgrades": CHARM_FIXER},
            {"gold": 6, "adventurers": ["brask", "wick"], "skill_upgrades": CHARM_FIXER},
        ],
        # Seat 0: 3+3+3 = 9. Seat 1: 2+2+2+2+2+1 = 11. Seat 2: 4+4+3 = 11. Then the tie's
        # re-rolls of each tied guild's lowest die: seat 1's 1 becomes 2 (12), seat 2's 3
        # becomes 1 (9).
        dice=[3, 3, 3, 2, 2, 2, 2, 2, 1, 4, 4, 3, 2, 1],
    )
    state, events = play(
        state,
        orders(0, _hire(6, Build(core="mess_hall"), team=["brask"])),
        orders(1, _hire(7, Build(core="stables"))),
        orders(2, _hire(6, Build(core="bar"), team=["brask"])),
    )
    assert [e.total for e in of_type(events, "SkillCheckFinished")] == [9, 11, 11]
    (tie,) = of_type(events, "TieRerolled")
    assert sorted(key.split(":")[-1] for key, _i, _old, _new in tie.rerolls) == ["1", "2"]
    assert of_type(events, "ContestedCheckWon")[0].ranking == (1, 2, 0)
    assert [e.seat for e in of_type(events, "BuildersHired")][:1] == [1]
