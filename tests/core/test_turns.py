"""Turns for sequential games (`engine.core.turns`): a fixed seat order, the current player,
stages within a turn that wrap into the next turn, and windows for answers out of turn."""

import pytest

from engine.core.errors import RuleError
from engine.core.turns import (
    Turn,
    answer_of,
    check_reply,
    first_turn,
    is_closed,
    is_last_stage,
    next_seat,
    next_stage,
    next_turn,
    open_window,
    outcome,
    position,
    replied,
    round_number,
    stage_after,
    waiting_on,
)

STAGES = ("draw", "trade", "build")


def test_the_first_turn_is_the_first_seat_in_the_first_stage():
    assert first_turn((2, 0, 1), STAGES) == Turn(order=(2, 0, 1), number=1, seat=2, stage="draw")


@pytest.mark.parametrize("order", [(), (0, 0, 1)])
def test_an_order_names_each_seat_once(order):
    with pytest.raises(ValueError):
        first_turn(order, STAGES)


def test_a_turn_has_stages():
    with pytest.raises(ValueError):
        first_turn((0, 1), ())


def test_next_seat_wraps_around_the_order():
    order = (2, 0, 1)
    assert [next_seat(order, s) for s in order] == [0, 1, 2]
    assert [position(order, s) for s in (0, 1, 2)] == [1, 2, 0]


def test_stages_follow_in_order_then_the_next_players_turn_begins():
    turn = first_turn((1, 0), STAGES)
    seen = []
    for _ in range(7):
        seen.append((turn.number, turn.seat, turn.stage))
        turn = next_stage(turn, STAGES)
    assert seen == [
        (1, 1, "draw"),
        (1, 1, "trade"),
        (1, 1, "build"),
        (2, 0, "draw"),
        (2, 0, "trade"),
        (2, 0, "build"),
        (3, 1, "draw"),
    ]


def test_next_turn_skips_the_rest_of_the_turn():
    turn = next_stage(first_turn((0, 1, 2), STAGES), STAGES)
    assert next_turn(turn, STAGES) == Turn(order=(0, 1, 2), number=2, seat=1, stage="draw")


def test_stage_helpers():
    assert stage_after(STAGES, "draw") == "trade"
    assert stage_after(STAGES, "build") is None
    turn = first_turn((0, 1), STAGES)
    assert not is_last_stage(turn, STAGES)
    assert is_last_stage(next_stage(next_stage(turn, STAGES), STAGES), STAGES)


def test_rounds_count_one_turn_of_every_seat():
    turn = first_turn((0, 1, 2), STAGES)
    rounds = []
    for _ in range(7):
        rounds.append(round_number(turn))
        turn = next_turn(turn, STAGES)
    assert rounds == [1, 1, 1, 2, 2, 2, 3]


def test_a_window_waits_for_every_asked_seat_and_keeps_the_order_of_answers():
    w = open_window((3, 1), "the bridge toll", "refuse", ("pay", "refuse"))
    assert waiting_on(w) == (3, 1) and not is_closed(w)
    w = replied(w, 1, "pay")
    assert waiting_on(w) == (3,)
    assert answer_of(w, 1) == "pay" and answer_of(w, 3) is None
    assert outcome(w) == {3: "refuse", 1: "pay"}  # the default stands in for seat 3
    w = replied(w, 3, "pay")
    assert is_closed(w) and w.answers == ((1, "pay"), (3, "pay"))


def test_a_windows_default_is_one_of_its_options():
    with pytest.raises(ValueError):
        open_window((0,), "x", "maybe", ("yes", "no"))


@pytest.mark.parametrize(
    ("seat", "answer", "code"),
    [(0, "pay", "not_asked"), (1, "pay", "already_answered"), (2, "dance", "bad_answer")],
)
def test_answers_out_of_place_are_refused_with_a_reason(seat, answer, code):
    w = replied(open_window((1, 2), "the toll", "refuse", ("pay", "refuse")), 1, "pay")
    with pytest.raises(RuleError) as err:
        check_reply(w, seat, answer)
    assert err.value.code == code and err.value.message


def test_a_window_without_options_takes_any_answer():
    w = open_window((0,), "a name", "")
    check_reply(w, 0, "Ana")
    assert answer_of(replied(w, 0, "Ana"), 0) == "Ana"
