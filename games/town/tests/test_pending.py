"""Whom the game waits for, to decide what, and the documented defaults: draw up to a hand of 5,
trade no more, discard nothing, build the category that scores most, decline an offer.
`ApplyDefaults` answers the pending decisions of some seats until none of theirs is left in
the stage."""

from engine.core.game import Decision
from games.town import GAME
from games.town.rules.commands import (
    AcceptOffer,
    ApplyDefaults,
    Build,
    DeclineOffer,
    Discard,
    Draw,
    EndTrading,
    Propose,
)
from games.town.rules.events import DefaultsApplied
from games.town.rules.flow import END_OF_TURN, FLOW
from games.town.rules.state import BUILD, DISCARD, DRAW1, STAGES, TRADE1, TRADE2, TownState
from games.town.tests.table import assert_refused, by_type, play, table

HANDS = {0: ["quarry", "mason"], 1: ["castle", "moat"], 2: ["bakery"]}


def only(state: TownState) -> Decision:
    decisions = GAME.pending(state)
    assert len(decisions) == 1
    return decisions[0]


def test_draw_decision_lists_every_count_and_draws_up_to_5_by_default():
    d = only(table(hands=HANDS, stage=DRAW1))
    assert (d.seat, d.kind) == (0, "draw")
    assert d.default == Draw(seat=0, count=3)
    assert d.options == tuple(Draw(seat=0, count=n) for n in range(4))
    assert d.context == {"hand": 2, "deck": 108, "max": 3}


def test_trade_decision_defaults_to_no_more_trades():
    d = only(table(hands=HANDS, stage=TRADE2))
    assert (d.seat, d.kind, d.default) == (0, "trade", EndTrading(seat=0))


def test_an_open_offer_waits_for_its_addressees_who_decline_by_default():
    state, _ = play(
        table(hands=HANDS, stage=TRADE1),
        Propose(seat=0, to=(1, 2), gives=("quarry",), asks=("castle",)),
    )
    decisions = GAME.pending(state)
    assert [(d.seat, d.kind) for d in decisions] == [(1, "offer"), (2, "offer")]
    assert decisions[0].default == DeclineOffer(seat=1, offer=1)
    assert decisions[0].options == (AcceptOffer(seat=1, offer=1), DeclineOffer(seat=1, offer=1))
    assert decisions[1].options == (DeclineOffer(seat=2, offer=1),)  # seat 2 cannot accept
    assert decisions[0].context == {"offer": 1, "by": 0, "gives": 1, "asks": 1}


def test_discard_decision_defaults_to_nothing():
    d = only(table(hands=HANDS, stage=DISCARD))
    assert (d.kind, d.default, d.context["max"]) == ("discard", Discard(seat=0), 2)


def test_build_decision_lists_the_10_categories_and_builds_the_best_by_default():
    """Trade Route (TT) + Cross Roads (TT) score 2 + 2 + 1 bonus in T; Quarry scores 2 in C."""
    state = table(hands={0: ["trade-route", "cross-roads", "quarry"]}, stage=BUILD)
    d = only(state)
    assert d.kind == "build" and len(d.options) == 10
    assert d.default == Build(seat=0, category="T")
    assert d.context["points"]["T"] == 5 and d.context["points"]["C"] == 2


def test_the_default_build_breaks_ties_by_the_rulebooks_category_order():
    state = table(hands={0: ["quarry", "temple"]}, stage=BUILD)  # CC and RR: 2 points each
    assert only(state).default == Build(seat=0, category="C")


def test_the_default_build_counts_bonuses_with_cards_already_built():
    state = table(hands={0: ["quarry", "mason"]}, towns={0: ["builders-hall"]}, stage=BUILD)
    assert only(state).default == Build(seat=0, category="C")
    assert only(state).context["points"]["C"] == 2 + 2 + 1 + 1  # Mason's and Builders Hall's


def test_apply_defaults_answers_the_seats_decisions_in_this_stage_only():
    state, _ = play(
        table(hands=HANDS, stage=TRADE1),
        Propose(seat=0, to=(1,), gives=("quarry",), asks=("castle",)),
    )
    state, events = play(state, GAME.defaults(state, [1]))
    assert by_type(events, DefaultsApplied)[0].kinds == ("offer",)
    assert state.turn.stage == TRADE1  # seat 0's trade decision is not seat 1's
    assert [(d.seat, d.kind) for d in GAME.pending(state)] == [(0, "trade")]


def test_apply_defaults_for_everyone_moves_one_stage_on():
    state = table(hands=HANDS, stage=DRAW1)
    state, _ = play(state, GAME.defaults(state))
    assert state.turn.stage == TRADE1 and len(state.hands[0]) == 5
    state, _ = play(state, ApplyDefaults(seat=-1))
    assert state.turn.stage == DISCARD


def test_apply_defaults_with_nothing_pending_is_refused():
    state = table(hands=HANDS, stage=DRAW1)
    assert_refused(state, ApplyDefaults(seat=-1, seats=(2,)), "nothing_pending")
    assert_refused(state, ApplyDefaults(seat=-1, seats=(7,)), "seat")


def test_the_stage_key_changes_with_every_turn_stage_and_offer():
    state = table(hands=HANDS, stage=TRADE1, turn=12)
    keys = [GAME.stage(state)]
    state, _ = play(state, Propose(seat=0, to=(1,), gives=("quarry",), asks=("castle",)))
    keys.append(GAME.stage(state))
    state, _ = play(state, DeclineOffer(seat=1, offer=1))
    keys.append(GAME.stage(state))
    state, _ = play(state, EndTrading(seat=0))
    keys.append(GAME.stage(state))
    assert [k.key for k in keys] == ["t12:trade1", "t12:trade1:o1", "t12:trade1:o2", "t12:discard"]
    assert [k.kind for k in keys] == ["trade", "offer", "trade", "discard"]
    assert keys[0].label == "Turn 12 — Player 1: First Trade"
    assert all(k.kind in GAME.deadline_kinds for k in keys)


def test_the_flow_table_follows_the_turn_sequence():
    """ "A turn consists of the following phases: 1. First Draw Phase 2. First Trade Phase
    3. Discard Phase 4. Second Draw Phase 5. Second Trade Phase 6. Build Phase" """
    assert [FLOW[s].name for s in STAGES] == [
        "First Draw",
        "First Trade",
        "Discard",
        "Second Draw",
        "Second Trade",
        "Build",
    ]
    assert [FLOW[s].next for s in STAGES] == [*STAGES[1:], END_OF_TURN]
    assert {rule.kind for rule in FLOW.values()} | {"offer"} == set(GAME.deadline_kinds)
    for stage in STAGES:
        state = table(hands=HANDS, stage=stage)
        assert {d.kind for d in GAME.pending(state)} == {FLOW[stage].kind}
