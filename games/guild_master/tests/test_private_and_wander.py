"""Private Contracts and Wandering (Orders in Depth)."""

import pytest

from games.guild_master.rules.commands import ChooseFallback
from games.guild_master.rules.state import Order, Phase, Plan
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

CHARM_FIXER = ["salon:fixer"]


def _wander(adventurers, dice, round_=2):
    """Seat 0's team (all of `adventurers`) has no order card and no private contract: it
    wanders. Full Moon by default, so no novice ability changes the roll."""
    state = table(
        players=2,
        round=round_,
        guild=[{"adventurers": adventurers, "skill_upgrades": CHARM_FIXER, "private": []}],
        dice=dice,
    )
    return play(state, orders(0, order(1, adventurers, "none")), *everyone_else_ready(state, 0))


@pytest.mark.parametrize(
    ("dice", "gold", "fame"),
    [
        ([1, 1, 1, 1, 1], 1, 0),  # 5
        ([1, 1, 1, 1, 5], 1, 0),  # 9
        ([2, 2, 2, 2, 2], 1, 1),  # 10
        ([3, 4, 4, 4, 4], 1, 1),  # 19
        ([4, 4, 4, 4, 4], 2, 2),  # 20
        ([6, 6, 6, 6, 5], 2, 2),  # 29
        ([6, 6, 6, 6, 6], 3, 3),  # 30
    ],
)
def test_wander_rewards(dice, gold, fame):
    """Resolving a Wander Order: "Wander Result — Reward: 10 or less: 1 Gold; 10 - 19: 1 Gold &
    1 Fame; 20 - 29: 2 Gold & 2 Fame; 30 - 39: 3 Gold & 3 Fame; x0 - x9: x Gold & x Fame" (below
    10: 1 Gold; from n×10 to n×10+9: n Gold and n Fame)."""
    _state, events = _wander(["brask", "odile"], dice)  # 5 Might dice
    (wandered,) = of_type(events, "Wandered")
    assert (wandered.result, wandered.gold, wandered.fame) == (sum(dice), gold, fame)


def test_wander_rewards_continue_past_30():
    """Resolving a Wander Order: "x0 - x9: x Gold & x Fame" — a result of 40 gains 4 Gold and 4
    Fame."""
    state, events = _wander(["morgath", "valka"], [4] * 10)
    (wandered,) = of_type(events, "Wandered")
    assert (wandered.result, wandered.gold, wandered.fame) == (40, 4, 4)
    assert state.guilds[0].fame == 4


def test_wander_example():
    """ "Chris has missed out on one of his Orders and does not have a Private Contract he can
    attempt, so his team Wanders. He rolls 6 dice with a Skill Check Total of 21, gaining 2 Gold
    and 2 Fame.\""""
    state, events = _wander(["brask", "garrick"], [6, 5, 4, 3, 2, 1])
    (wandered,) = of_type(events, "Wandered")
    assert (wandered.result, wandered.gold, wandered.fame) == (21, 2, 2)
    assert (state.guilds[0].gold, state.guilds[0].fame) == (7 + 2 + 2, 2)  # + Bar income


def test_a_team_without_an_order_card_may_attempt_a_private_contract():
    """You may intentionally assign an Attempt Private Contract Order: "Place a team of
    Adventurers on one of your available Order Spaces. Do not place an Order card or any Gold on
    the Order Space." (Steal Battle Plans: "a Skill Check Result of 12 in Guile... He gains the
    contract's 3 Gold and 3 Fame".)"""
    state = table(
        players=2,
        guild=[
            {
                "adventurers": ["kettu", "fenn"],
                "skill_upgrades": CHARM_FIXER,
                "private": ["guild-ledger"],
                "gold": 0,
            }
        ],  # Guile 12, 3 Gold 3 Fame
        dice=[6, 6, 5, 4],
    )
    state, events = play(
        state,
        orders(0, order(1, ["kettu", "fenn"], "none", fallback="guild-ledger")),
        *everyone_else_ready(state, 0),
    )
    (done,) = of_type(events, "ContractCompleted")
    assert (done.contract, done.spot) == ("guild-ledger", 0)
    assert [(e.gold, e.fame) for e in of_type(events, "ContractRewarded")] == [(3, 3)]
    assert state.guilds[0].private_contracts == ()
    assert [c.slug for c in state.guilds[0].completed] == ["guild-ledger"]


def test_a_completed_private_contract_is_not_replaced():
    """Resolving an Attempt Private Contract Order: attempt it "following the normal rules for
    resolving an Attempt Contract Order, but without replacing the Private Contract if it is
    completed.\""""
    state = table(
        players=2,
        guild=[
            {"adventurers": ["kettu"], "skill_upgrades": CHARM_FIXER, "private": ["tower-lock"]}
        ],
        dice=[6, 6],
    )
    board_before = public(state)["board"]["contracts"]
    decks_before = public(state)["board"]["decks"]
    state, events = play(
        state,
        orders(0, order(1, ["kettu"], "none", fallback="tower-lock")),
        *everyone_else_ready(state, 0),
    )
    assert len(of_type(events, "ContractCompleted")) == 1
    assert of_type(events, "ContractReplaced") == []
    assert public(state)["board"]["contracts"] == board_before
    assert public(state)["board"]["decks"] == decks_before


def test_a_failed_private_contract_is_kept_and_can_be_attempted_again():
    """Resolving an Attempt Private Contract Order: "If you fail your attempt to complete a
    Private Contract, you may keep it and attempt it again later.\""""
    state = table(
        players=2,
        guild=[
            {"adventurers": ["kettu"], "skill_upgrades": CHARM_FIXER, "private": ["tower-lock"]}
        ],
        dice=[1, 1, 6, 6],
    )
    state, events = play(
        state,
        orders(0, order(1, ["kettu"], "none", fallback="tower-lock")),
        *everyone_else_ready(state, 0),
    )
    assert len(of_type(events, "ContractFailed")) == 1
    assert state.guilds[0].private_contracts == ("tower-lock",)
    state, events = play(
        state,
        orders(0, order(1, ["kettu"], "none", fallback="tower-lock")),
        *everyone_else_ready(state, 0),
    )
    assert of_type(events, "ContractCompleted")[0].contract == "tower-lock"
    assert "tower-lock" not in state.guilds[0].private_contracts


def test_a_private_contract_needs_a_matching_skill_in_the_team():
    """Resolving an Attempt Private Contract Order: "Check whether your team has the Skills
    required to attempt one of your Private Contracts. If so, you may attempt that Private
    Contract" — otherwise the team wanders."""
    state = table(
        players=2,
        guild=[
            {
                "adventurers": ["brask", "kettu"],
                "skill_upgrades": CHARM_FIXER,
                "private": ["fever-draught"],
            }
        ],  # Arcane 8; Brask has no Arcane
    )
    state, _ = play(
        state,
        orders(0, order(1, ["brask"], "none", fallback="ask")),
        *everyone_else_ready(state, 0),
    )
    (decision,) = [d for d in public(state)["waiting"] if d["seat"] == 0]
    assert decision["kind"] == "fallback"
    assert_refused(
        state,
        ChooseFallback(seat=0, space=1, choice="fever-draught"),
        "fallback",
        "Wander, or attempt one of your private contracts this team has a skill for",
    )
    state, events = play(state, ChooseFallback(seat=0, space=1, choice="wander"))
    assert [e.seat for e in of_type(events, "Wandered")] == [0]
    assert state.guilds[0].private_contracts == ("fever-draught",)


def test_a_guild_chooses_between_its_private_contract_and_wandering():
    """When you may Attempt a Private Contract or Wander: "your Adventurers may attempt one of
    their Private Contracts, or Wander" — the guild's choice."""
    state = table(
        players=2,
        guild=[
            {"adventurers": ["kettu"], "skill_upgrades": CHARM_FIXER, "private": ["tower-lock"]}
        ],
    )
    state, _ = play(
        state,
        orders(0, Order(space=1, team=("kettu",), plan=Plan(fallback="ask"))),
        *everyone_else_ready(state, 0),
    )
    state, events = play(state, ChooseFallback(seat=0, space=1, choice="wander"))
    assert [e.seat for e in of_type(events, "Wandered")] == [0]
    assert state.guilds[0].private_contracts == ("tower-lock",)


def test_no_card_orders_resolve_last_in_their_order_space():
    """ "Attempt Private Contract and Wander Orders are resolved last in the Order Resolution
    Sequence of their Order Space when assigned this way." Seat 0's wander on order space 1 comes
    after seat 1's Contract 4 on space 1, and before anything on space 2."""
    state = table(
        players=2,
        board={"contracts": {"4": "old-well"}},
        guild=[
            {"adventurers": ["kettu", "odile"], "skill_upgrades": CHARM_FIXER, "private": []},
            {"adventurers": ["brask", "fenn"], "skill_upgrades": CHARM_FIXER, "private": []},
        ],
    )
    state, events = play(
        state,
        orders(0, order(1, ["kettu"], "none"), order(2, ["odile"], "4")),
        orders(1, order(1, ["brask"], "4")),
    )
    rolled = [(e.seat, e.purpose) for e in of_type(events, "SkillCheckRolled")]
    assert rolled[:2] == [(1, "contract"), (0, "wander")]


def test_wandering_is_never_contested():
    """Private Contract and Wander Contest resolution: "There is no Contest resolution for
    Wandering. All Guilds Wander independently, even if on the same Order space.\""""
    state = table(
        players=2,
        round=2,
        guild=[
            {"adventurers": ["brask", "odile"], "skill_upgrades": CHARM_FIXER, "private": []},
            {"adventurers": ["fenn", "jory"], "skill_upgrades": CHARM_FIXER, "private": []},
        ],
        dice=[4, 4, 4, 4, 4, 6, 6, 6, 6],
    )
    state, events = play(
        state,
        orders(0, order(1, ["brask", "odile"], "none")),
        orders(1, order(1, ["fenn", "jory"], "none")),
    )
    wandered = [(e.seat, e.result, e.gold, e.fame) for e in of_type(events, "Wandered")]
    assert wandered == [(0, 20, 2, 2), (1, 24, 2, 2)]
    assert of_type(events, "ContestedCheckWon") == []
    assert [g.fame for g in state.guilds] == [2, 2]


def test_the_same_private_contract_cannot_be_completed_twice():
    """Resolving an Attempt Private Contract Order: a completed Private Contract goes to the
    completed contracts; a later team of the same guild falls back to its other options."""
    state = table(
        players=2,
        guild=[
            {
                "adventurers": ["kettu", "fenn"],
                "skill_upgrades": CHARM_FIXER,
                "private": ["tower-lock"],
            }
        ],
        dice=[6, 6, 3, 3],
    )
    state, events = play(
        state,
        orders(
            0,
            order(1, ["kettu"], "none", fallback="tower-lock"),
            order(2, ["fenn"], "none", fallback="tower-lock"),
        ),
        *everyone_else_ready(state, 0),
    )
    assert [e.contract for e in of_type(events, "ContractCompleted")] == ["tower-lock"]
    assert [(e.seat, e.space) for e in of_type(events, "Wandered")] == [(0, 2)]
    assert state.phase is Phase.ORDERS
