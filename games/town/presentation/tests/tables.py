"""What the bot core does for a presentation, done by hand for tests: `Table`s and `Seen`s made
from real states of Founders' Town through `GAME.view` and `GAME.event_view`, a fake `Ask` that
carries commands out on a state it holds, and random games played step by step.

    for step in playout(players=4, seed=1):
        seen = step.seen(PUBLIC)          # the update as the channel sees it
        table = step.table(Seat(2))       # seat 2's table after it
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from bot import presentation_kit as kit
from bot.presentation import Table
from bot.presentation_kit import Kit, Step, action_of, arg_of, controls, find, has, texts
from engine.core.game import PUBLIC, Audience, Seat
from games.town import GAME
from games.town.rules.events import Event
from games.town.rules.state import TRADE1, TRADE2, TownState

GAME_ID = kit.GAME_ID
# Display names that are no card's name nor part of one, so a test can look for card names.
NAMES = ("Ana", "Bo", "Cyrus", "Dana", "Eliza", "Fenwick the Fearless of Far Northmarch")


def audiences(state: TownState) -> list[Audience]:
    return [PUBLIC, *(Seat(s) for s in range(state.players))]


KIT = Kit(GAME, NAMES, GAME_ID)


def table(state: TownState, audience: Audience, names: Sequence[str] = NAMES) -> Table:
    """`audience`'s table of `state`, as the core builds it."""
    return KIT.table(state, audience, names)


def step(
    before: TownState | None, events: list[Event], by: int | None, command: Any = None
) -> Step:
    """The update of `events` applied to `before`."""
    return KIT.step(before, events, by, command)


def new_game(players: int, seed: int) -> Step:
    """The set-up update of a new game."""
    return KIT.new_game(players, seed)


def playout(players: int, seed: int, defaults_every: int = 0, limit: int = 5000) -> Iterator[Step]:
    """Every update of a game between random players (each also making offers out of turn, as
    the built-in random player does), the set-up first; every `defaults_every` updates, a
    deadline passes instead and the waiting seat's default applies."""
    first = new_game(players, seed)
    yield first
    state = first.after
    bots = [GAME.players["random"](seed * 31 + s) for s in range(players)]
    for n in range(1, limit):
        if GAME.is_over(state):
            return
        if defaults_every and n % defaults_every == 0:
            command = GAME.defaults(state, [GAME.pending(state)[0].seat])
            events, after = GAME.execute(state, command)
            yield step(state, events, None, command)
            state = after
            continue
        command = None
        asked = {d.seat for d in GAME.pending(state)}
        if state.turn.stage in (TRADE1, TRADE2):
            for seat in state.turn.order:
                if seat not in asked:
                    command = bots[seat].move(state, (seat,))
                    if command is not None:
                        break
        if command is None:
            seat = GAME.pending(state)[0].seat
            command = bots[seat].move(state, (seat,))
        events, after = GAME.execute(state, command)
        yield step(state, events, command.seat, command)
        state = after
    raise AssertionError("the game did not end")


class FakeAsk(kit.FakeAsk):
    """A player pressing controls on a state of this game (`bot.presentation_kit.FakeAsk`)."""

    def __init__(self, state: TownState, seat: int | None, **fields: Any) -> None:
        super().__init__(KIT, state, seat, **fields)


__all__ = [
    "GAME_ID",
    "KIT",
    "NAMES",
    "FakeAsk",
    "Step",
    "action_of",
    "arg_of",
    "controls",
    "find",
    "has",
    "new_game",
    "playout",
    "step",
    "table",
    "texts",
]
