"""Helpers shared by the rulebook test modules (test_setup.py, test_rounds.py, ...).

`tests/engine/table.py` sets a table up and plays commands; these add what the rule tests need on
top: checking a refusal properly, folding a new game's setup, and playing rounds through.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.errors import RuleError
from games.guild_master.rules.commands import ChooseSetup, Command, EndPlot
from games.guild_master.rules.events import Event
from games.guild_master.rules.evolve import evolve
from games.guild_master.rules.plot_phase import current_plot_seat
from games.guild_master.rules.setup import create
from games.guild_master.rules.state import GameState, Phase
from games.guild_master.tests.table import orders, play, refused


def assert_refused(state: GameState, command: Command, code: str, *hints: str) -> RuleError:
    """`command` is refused with `code`, its message contains every hint (what the player should
    do), and the state is left exactly as it was."""
    before = msgspec.json.encode(state)
    error = refused(state, command)
    assert error.code == code, (error.code, error.message)
    assert error.message.strip(), "a refusal must tell the player what to do"
    for hint in hints:
        assert hint.lower() in error.message.lower(), (hint, error.message)
    assert msgspec.json.encode(state) == before, "a refused command changed the state"
    return error


def new_game(players: int, seed: int = 1, **options: Any) -> tuple[GameState, list[Event]]:
    """A new game at Setup, before anyone has chosen (setup.create folded)."""
    events: list[Event] = list(create(players, seed, options))
    state: GameState | None = None
    for e in events:
        state = evolve(state, e)
    assert state is not None
    return state, events


def dealt(state: GameState, seat: int) -> tuple[str, ...]:
    """The three common contracts dealt to `seat` at Setup 3.2."""
    return state.step.dealt[seat]  # type: ignore[union-attr]


def choose_all(
    state: GameState, side: str = "fixer", pick: int = 0
) -> tuple[GameState, list[Event]]:
    """Every guild chooses its `pick`-th dealt contract for the board and `side` for its upgrade."""
    commands = [
        ChooseSetup(seat=s, contract=dealt(state, s)[pick], side=side)  # type: ignore[arg-type]
        for s in range(state.players)
    ]
    return play(state, *commands)


def idle_round(state: GameState) -> tuple[GameState, list[Event]]:
    """Every guild gives no orders and is ready: the round is played through to the next Order
    Phase (or the end of the game). Plot turns, if any, are ended."""
    log: list[Event] = []
    while state.phase is Phase.PLOT:
        seat = current_plot_seat(state)
        assert seat is not None
        state, events = play(state, EndPlot(seat=seat))
        log += events
    state, events = play(state, *(orders(s) for s in range(state.players)))
    return state, log + events


def names(events: list[Event]) -> list[str]:
    return [type(e).__name__ for e in events]
