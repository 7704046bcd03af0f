"""Whole games between built-in players: the loop every game's simulator shares.

A game's `players/simulate.py` seats its players (`seated`), says who answers next (`choose`)
and what stands in for a refused command, and makes its own result from the `Playout`. The
loop is pure and deterministic: the same arguments give the same game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.core.errors import RuleError
from engine.core.game import Decision

MAX_COMMANDS = 20_000  # far above any real game; a safety net against a rules loop

P = TypeVar("P")
S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Playout:
    """A game played to its end: its seed, the final state, the log (set-up first; empty
    unless kept), the commands given, how many of them the rules refused, and the events of the
    game."""

    seed: int
    state: Any
    log: list[Any]
    commands: int
    refused: int
    events: int

    def fields(self, players: int, seats: tuple[str, ...]) -> dict[str, Any]:
        """The fields every game's result has: the table (its players, seed and the player kind
        of each seat) and the counts (commands, refused commands, events)."""
        return {
            "players": players,
            "seed": self.seed,
            "seats": seats,
            "commands": self.commands,
            "refused": self.refused,
            "events": self.events,
        }


def seated(types: Mapping[str, Callable[[int], P]], kinds: Sequence[str], seed: int) -> list[P]:
    """One player a seat, of the kinds `kinds` names, each drawing from its own source seeded
    from the game's `seed`."""
    return [types[kind](seed * 7919 + 104729 * (i + 1)) for i, kind in enumerate(kinds)]


def play_out(
    events: list[Any],
    evolve: Callable[[S | None, Any], S],
    execute: Callable[[S, Any], tuple[list[Any], S]],
    choose: Callable[[S], Any | None],
    seed: int,
    fallback: Callable[[S, Any], Any] | None = None,
    keep_events: bool = False,
) -> Playout:
    """Play a game set up by `events` to its end: `choose(state)` gives the next command (None
    once the game is over). A command the rules refuse counts as given; `fallback(state,
    command)` names what is carried out instead (nothing when there is no fallback: `choose` is
    asked again)."""
    log = events
    state: Any = None
    for e in log:
        state = evolve(state, e)
    count = refused = 0
    total = len(log)
    limit = MAX_COMMANDS  # bound once: this loop is every simulator's hot path
    while (command := choose(state)) is not None:
        count += 1
        if count > limit:
            raise RuntimeError(f"game {seed} did not end after {limit} commands")
        try:
            new, state = execute(state, command)
        except RuleError:
            refused += 1
            if fallback is None:
                continue
            new, state = execute(state, fallback(state, command))
        total += len(new)
        if keep_events:
            log += new
    return Playout(seed, state, log if keep_events else [], count, refused, total)


def seat_default(pending: Callable[[Any], Sequence[Decision]]) -> Callable[[Any, Any], Any]:
    """A fallback: the default of the decision waiting for the refused command's seat."""

    def default(state: Any, command: Any) -> Any:
        return next(d.default for d in pending(state) if d.seat == command.seat)

    return default
