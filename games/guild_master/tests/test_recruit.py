"""Recruit Adventurer (Orders in Depth): prerequisites, bids, resolving the order, and the
Recruit Adventurer contest."""

import pytest

from games.guild_master.rules.content import load_pack
from games.guild_master.rules.state import Order, Phase, Plan
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
IRONBOUND = ["brask", "odile", "kettu", "rowan"]
NIGHTVEIL = ["sable", "fenn", "jory", "nell"]


def _waiting(space, team):
    """A team with no order card whose guild is asked what to do: resolution waits for it."""
    return Order(space=space, team=tuple(team), plan=Plan(fallback="ask"))


def _recruit(state, seat, spot, gold, team=("brask",), *extra):
    return play(
        state,
        orders(seat, order(1, list(team), spot, gold, fallback="wander"), *extra),
        *everyone_else_ready(state, seat),
    )


def _table(round_=1, spots=None, **guild0):
    return table(
        players=2,
        round=round_,
        board={"adventurers": spots or {}},
        guild=[
            {"adventurers": IRONBOUND, "gold": 10, "private": [], **guild0},
            {"adventurers": NIGHTVEIL, "gold": 10, "private": []},
        ],
    )


def test_recruiting_adds_the_face_up_adventurer_to_the_guild():
    """Resolving a Recruit Adventurer Order: "3. Take the recruited face up Adventurer card and add
    them to your Guild\""""
    state = _table(spots={"A": ["garrick"]})
    state, events = _recruit(state, 0, "A", 3)
    (recruited,) = of_type(events, "AdventurerRecruited")
    assert (recruited.seat, recruited.spot, recruited.adventurer) == (0, "A", "garrick")
    assert "garrick" in public(state)["guilds"][0]["adventurers"]


def test_the_adventurer_must_still_be_face_up():
    """Resolving: "a. The Adventurer you wish to Recruit must still be face up." Seat 1's later
    order for spot A finds the next card face down; its Gold returns and its team wanders."""
    state = _table(spots={"A": ["garrick", "percival"]})
    state, events = play(
        state,
        orders(0, order(1, ["brask"], "A", 3)),
        orders(1, order(2, ["fenn"], "A", 5, fallback="wander")),
    )
    assert [e.seat for e in of_type(events, "AdventurerRecruited")] == [0]
    (failed,) = of_type(events, "RecruitFailed")
    assert (failed.seat, failed.space) == (1, 2) and "face-up" in failed.reason
    assert [(e.seat, e.amount) for e in of_type(events, "GoldReturned")] == [(1, 5)]
    assert [(e.seat, e.space) for e in of_type(events, "Wandered")] == [(1, 2)]
    assert "percival" not in state.guilds[1].adventurers


def test_a_hero_needs_an_adept_in_the_guild():
    """Recruitment Rank Prerequisites: "You may only recruit Hero Adventurers if you already have
    an Adept Adventurer\""""
    state = _table(spots={"D": ["valka"]})
    state, events = _recruit(state, 0, "D", 8)
    (failed,) = of_type(events, "RecruitFailed")
    assert "needs an adept" in failed.reason
    assert of_type(events, "GoldReturned")[0].amount == 8
    assert "valka" not in state.guilds[0].adventurers


def test_a_hero_can_be_recruited_with_an_adept_in_the_guild():
    """Recruitment Rank Prerequisites: "You may recruit Adventurers from up to one Rank higher
    than your current highest ranked Adventurer.\""""
    state = _table(spots={"D": ["valka"]}, adventurers=[*IRONBOUND, "garrick"])
    state, events = _recruit(state, 0, "D", 7)
    assert [e.adventurer for e in of_type(events, "AdventurerRecruited")] == ["valka"]


def test_a_legend_needs_a_hero_not_just_an_adept():
    """Recruitment Rank Prerequisites: "and Legend Adventurers if you already have a Hero
    Adventurer.\""""
    state = _table(spots={"F": ["morgath"]}, adventurers=[*IRONBOUND, "garrick"], gold=12)
    state, events = _recruit(state, 0, "F", 11)
    assert of_type(events, "AdventurerRecruited") == []
    assert len(of_type(events, "RecruitFailed")) == 1


def test_a_legend_can_be_recruited_with_a_hero_in_the_guild():
    """Recruitment Rank Prerequisites: "Legend Adventurers if you already have a Hero
    Adventurer.\""""
    state = _table(spots={"F": ["morgath"]}, adventurers=[*IRONBOUND, "valka"], gold=12)
    state, events = _recruit(state, 0, "F", 11)
    assert [e.adventurer for e in of_type(events, "AdventurerRecruited")] == ["morgath"]


def test_rank_prerequisites_are_checked_as_each_order_is_resolved():
    """Recruitment Rank Prerequisites: "These Adventurer Rank prerequisites... are checked as
    each order is resolved." An Adept recruited by the first order lets the second recruit a
    Hero."""
    state = _table(spots={"A": ["garrick"], "D": ["valka"]})
    state, events = play(
        state,
        orders(0, order(1, ["brask"], "A", 3), order(2, ["odile"], "D", 7)),
        *everyone_else_ready(state, 0),
    )
    assert [e.adventurer for e in of_type(events, "AdventurerRecruited")] == ["garrick", "valka"]


def test_the_bid_must_meet_the_half_moon_minimum():
    """Resolving: "c. The Gold placed on your Order Space must meet or exceed the minimum bid for
    the Adventurer this Round." Saffi needs 5 Gold in a Half Moon round; 4 is not enough."""
    assert (PACK.adventurers["saffi"].bid_half, PACK.adventurers["saffi"].bid_full) == (5, 4)
    state = _table(round_=1, spots={"A": ["saffi"]})
    state, events = _recruit(state, 0, "A", 4)
    assert of_type(events, "AdventurerRecruited") == []
    assert "minimum bid of 5" in of_type(events, "RecruitFailed")[0].reason
    assert of_type(events, "GoldReturned")[0].amount == 4


def test_the_minimum_bid_follows_the_moon():
    """ "The minimum bid required for each Adventurer on the Board... varies between Half Moon and
    Full Moon Rounds as indicated by the current Round marker." In a Full Moon round 4 Gold
    recruits Saffi."""
    state = _table(round_=2, spots={"A": ["saffi"]})
    assert public(state)["board"]["adventurers"][0]["min_bid"] == 4
    state, events = _recruit(state, 0, "A", 4)
    assert [e.adventurer for e in of_type(events, "AdventurerRecruited")] == ["saffi"]


def test_all_gold_on_the_order_is_paid():
    """Resolving: "2. If you can recruit the Adventurer, pay **all Gold** from your Recruit
    Adventurer Order to the supply, even if you have more than the minimum bid.\""""
    state = _table(spots={"A": ["garrick"]}, gold=10)
    state, events = _recruit(state, 0, "A", 7)
    assert of_type(events, "AdventurerRecruited")[0].paid == 7
    assert of_type(events, "GoldReturned") == []
    assert state.guilds[0].gold == 10 - 7 + 2  # + the Bar's income


def test_the_next_card_stays_face_down():
    """Resolving: "3. Take the recruited face up Adventurer card... leaving the next card on the
    deck face down.\""""
    state = _table(spots={"A": ["garrick", "percival"]})
    state, _ = play(
        state,
        orders(0, order(1, ["brask"], "A", 3), _waiting(2, ["odile"])),
        *everyone_else_ready(state, 0),
    )
    assert state.phase is Phase.ACTION
    spot = public(state)["board"]["adventurers"][0]
    assert (spot["face_up"], spot["adventurer"]) == (False, None)
    assert state.board.adventurers[0].deck[0] == "percival"


def test_fame_is_gained_immediately():
    """Resolving: "4. Immediately receive the Fame shown on the top right of the Adventurer
    card.\""""
    state = _table(spots={"A": ["vesna"]})
    state, events = play(
        state,
        orders(0, order(1, ["brask"], "A", 4), _waiting(2, ["odile"])),
        *everyone_else_ready(state, 0),
    )
    assert state.phase is Phase.ACTION
    assert of_type(events, "AdventurerRecruited")[0].fame == PACK.adventurers["vesna"].fame == 3
    assert state.guilds[0].fame == 3


def test_highest_bid_wins_a_recruit_contest():
    """Recruit Adventurer Contest: "1. If one of the Contesting Guilds has bid more Gold than the
    others, that Guild recruits the Adventurer. Other contesting Guilds return their Gold to their
    Treasury and may Attempt a Private Contract or Wander instead." (Chris bids 6, Sylvia 5.)"""
    state = _table(round_=2, spots={"B": ["saffi"]})
    state, events = play(
        state,
        orders(0, order(1, ["brask"], "B", 6)),  # Chris
        orders(1, order(1, ["fenn"], "B", 5, fallback="wander")),  # Sylvia
    )
    (recruited,) = of_type(events, "AdventurerRecruited")
    assert (recruited.seat, recruited.paid, recruited.fame) == (0, 6, 3)
    assert [(e.seat, e.amount) for e in of_type(events, "GoldReturned")] == [(1, 5)]
    assert [(e.seat, e.space) for e in of_type(events, "Wandered")] == [(1, 1)]
    assert of_type(events, "ContestedCheckWon") == []


def test_tied_bids_are_settled_by_a_contested_skill_check():
    """Recruit Adventurer Contest: "2. If there is a tie in the Gold bid, tied Guilds carry out a
    Contested Skill Check together... 3. The Guild with the highest Skill Check Result recruits
    the Adventurer. 4. The other Guilds each then return their Gold to their Treasury and may
    Attempt a Private Contract or Wander instead.\""""
    state = table(
        players=2,
        board={"adventurers": {"A": ["garrick"]}},
        guild=[
            {"adventurers": ["brask", "odile"], "gold": 10, "skill_upgrades": ["salon:fixer"]},
            {
                "adventurers": ["fenn", "jory"],
                "gold": 10,
                "skill_upgrades": ["salon:fixer"],
                "private": [],
            },
        ],
        dice=[1, 2, 1, 6, 6],  # Brask's 3 Might: 4; Fenn's 2 Guile: 12
    )
    state, events = play(
        state,
        orders(0, order(1, ["brask"], "A", 4)),
        orders(1, order(1, ["fenn"], "A", 4, fallback="wander")),
    )
    assert [e.total for e in of_type(events, "SkillCheckFinished")][:2] == [4, 12]
    assert of_type(events, "ContestedCheckWon")[0].ranking == (1, 0)
    assert [(e.seat, e.paid) for e in of_type(events, "AdventurerRecruited")] == [(1, 4)]
    assert [(e.seat, e.amount) for e in of_type(events, "GoldReturned")] == [(0, 4)]


def test_recruit_contests_are_only_between_orders_on_the_same_order_space():
    """Recruit Adventurer Contest: "If multiple Guilds attempt to recruit a particular Adventurer
    in the same Order Space" — an earlier order space simply recruits first, whatever the bids."""
    state = _table(spots={"A": ["garrick", "percival"]})
    state, events = play(
        state,
        orders(0, order(1, ["brask"], "none", fallback="wander"), order(2, ["odile"], "A", 9)),
        orders(1, order(1, ["fenn"], "A", 3)),
    )
    assert [(e.seat, e.adventurer) for e in of_type(events, "AdventurerRecruited")] == [
        (1, "garrick")
    ]
    assert of_type(events, "ContestedCheckWon") == []


def test_a_new_recruits_ability_works_at_once():
    """Recruit Adventurer: "Remember that after you recruit an Adventurer you may use their
    abilities, when applicable, even in later Orders of the same Round." Finch (Half Moon: Charm
    checks roll 1 extra die) joins on order space 1; Nell's Charm check on space 2 rolls 3 dice."""
    state = table(
        players=2,
        board={"adventurers": {"B": ["finch"]}, "contracts": {"3": "toll-keeper"}},
        guild=[
            {"adventurers": NIGHTVEIL, "gold": 7, "skill_upgrades": ["sparring-ring:fixer"]},
        ],
    )
    state, events = play(
        state,
        orders(0, order(1, ["fenn"], "B", 3), order(2, ["nell"], "3")),
        *everyone_else_ready(state, 0),
    )
    assert [e.adventurer for e in of_type(events, "AdventurerRecruited")] == ["finch"]
    (check,) = [e for e in of_type(events, "SkillCheckRolled") if e.purpose == "contract"]
    assert (check.skill, check.skill_dice, len(check.dice)) == ("charm", 2, 3)


@pytest.mark.parametrize("gold", [3, 5])
def test_a_failed_recruit_returns_all_its_gold(gold):
    """Resolving: "If any of these requirements are not met, return all Gold assigned to this
    Order to your Treasury, then your team may Attempt a Private Contract or Wander.\""""
    state = _table(spots={"D": ["valka"]}, gold=7)
    state, events = _recruit(state, 0, "D", gold)
    assert [(e.seat, e.amount) for e in of_type(events, "GoldReturned")] == [(0, gold)]
    wander = of_type(events, "Wandered")[0]
    assert state.guilds[0].gold == 7 + wander.gold + 2  # nothing paid; + wander + income
