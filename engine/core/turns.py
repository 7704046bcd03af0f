"""Turns for sequential games: a fixed seat order, the current player, stages within a turn, and
windows for answers out of turn.

A `Turn` says whose turn it is, which turn of the game (counted from 1) and which stage of it.
The stages are a game-given tuple of names (a card game's draw, trade, build...); `next_stage`
moves to the next one and, after the last, to the first stage of the next player's turn, wrapping
around the order. Everything here is a frozen struct or a pure function, so a game keeps a `Turn`
in its state and its `evolve` moves it on.

A `Window` asks some seats to answer something out of turn (an offer, a reaction), each with the
same default answer for those who do not answer in time. The game decides what the answers mean.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from engine.core.errors import RuleError


class Turn(msgspec.Struct, frozen=True):
    """Where a sequential game stands: `seat` plays turn `number` (from 1), now in `stage`.

    `order` is the fixed seat order; turn 1 belongs to `order[0]`.
    """

    order: tuple[int, ...]
    number: int
    seat: int
    stage: str


def first_turn(order: Iterable[int], stages: tuple[str, ...]) -> Turn:
    """Turn 1: the first seat of `order`, in the first of `stages`."""
    seats = tuple(order)
    if not seats or len(set(seats)) != len(seats):
        raise ValueError(f"a turn order names each seat once: {seats}")
    if not stages:
        raise ValueError("a turn has at least one stage")
    return Turn(order=seats, number=1, seat=seats[0], stage=stages[0])


def next_seat(order: tuple[int, ...], seat: int) -> int:
    """The seat after `seat` in `order`, wrapping around."""
    return order[(order.index(seat) + 1) % len(order)]


def position(order: tuple[int, ...], seat: int) -> int:
    """`seat`'s place in the order (0 for the first player)."""
    return order.index(seat)


def round_number(turn: Turn) -> int:
    """The round `turn` belongs to (from 1): a round is one turn of every seat."""
    return (turn.number - 1) // len(turn.order) + 1


def stage_after(stages: tuple[str, ...], stage: str) -> str | None:
    """The stage that follows `stage` within a turn, or None after the last one."""
    i = stages.index(stage) + 1
    return stages[i] if i < len(stages) else None


def is_last_stage(turn: Turn, stages: tuple[str, ...]) -> bool:
    """Is `turn` in the last stage of the turn?"""
    return turn.stage == stages[-1]


def next_turn(turn: Turn, stages: tuple[str, ...]) -> Turn:
    """The first stage of the next player's turn."""
    return Turn(
        order=turn.order,
        number=turn.number + 1,
        seat=next_seat(turn.order, turn.seat),
        stage=stages[0],
    )


def next_stage(turn: Turn, stages: tuple[str, ...]) -> Turn:
    """The next stage of this turn, or the first stage of the next turn after the last one."""
    after = stage_after(stages, turn.stage)
    if after is None:
        return next_turn(turn, stages)
    return msgspec.structs.replace(turn, stage=after)


# --- Answers out of turn ------------------------------------------------------------------------


class Window(msgspec.Struct, frozen=True):
    """Seats asked to answer `about` out of turn; `default` is the answer of a seat that does not
    answer in time. `options` lists the allowed answers (any answer when empty); `answers` holds
    (seat, answer) in the order they came."""

    seats: tuple[int, ...]
    about: str
    default: str
    options: tuple[str, ...] = ()
    answers: tuple[tuple[int, str], ...] = ()


def open_window(
    seats: Iterable[int], about: str, default: str, options: Iterable[str] = ()
) -> Window:
    """Ask `seats` about `about`; a seat that does not answer in time answers `default`."""
    asked = tuple(seats)
    allowed = tuple(options)
    if allowed and default not in allowed:
        raise ValueError(f"the default {default!r} is not one of the options {allowed}")
    return Window(seats=asked, about=about, default=default, options=allowed)


def answer_of(window: Window, seat: int) -> str | None:
    """What `seat` answered, or None while it has not."""
    for who, answer in window.answers:
        if who == seat:
            return answer
    return None


def waiting_on(window: Window) -> tuple[int, ...]:
    """The asked seats that have not answered yet, in the order they were asked."""
    done = {who for who, _ in window.answers}
    return tuple(s for s in window.seats if s not in done)


def is_closed(window: Window) -> bool:
    """Has every asked seat answered?"""
    return len(window.answers) == len(window.seats)


def check_reply(window: Window, seat: int, answer: str) -> None:
    """Refuse an answer that is not `seat`'s to give (a `RuleError` saying why)."""
    if seat not in window.seats:
        raise RuleError("not_asked", f"Nobody asked seat {seat + 1} about {window.about}.")
    if answer_of(window, seat) is not None:
        raise RuleError("already_answered", f"You have already answered about {window.about}.")
    if window.options and answer not in window.options:
        raise RuleError(
            "bad_answer",
            f"Answer {window.about} with one of: {', '.join(window.options)}.",
            answer=answer,
        )


def replied(window: Window, seat: int, answer: str) -> Window:
    """The window with `seat`'s answer recorded (checked beforehand with `check_reply`)."""
    return msgspec.structs.replace(window, answers=(*window.answers, (seat, answer)))


def outcome(window: Window) -> dict[int, str]:
    """Every asked seat's answer, the default standing in for those who have not answered."""
    given = dict(window.answers)
    return {s: given.get(s, window.default) for s in window.seats}
