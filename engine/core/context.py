"""The working context of one `decide` call, for any game.

Rules receive a `Context`, check the command against `ctx.state` and call `ctx.emit(event)`. Each
event is applied at once with the game's `evolve`, so later rules see earlier effects; when the
command is done the caller returns `ctx.events` (and `ctx.state`, which equals folding them). A rule
that refuses the command raises before returning, and the caller throws the context away, so a
refused command changes nothing.

Randomness comes from `ctx.dice`, a `Dice` made on first use from the `Rng` the game keeps in its
state (the game says where with `rng_of`). Every event that records a random outcome must also
record `ctx.rng`, the source's position after the draw, so a replay draws nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from engine.core.rng import Dice, Rng

S = TypeVar("S")
E = TypeVar("E")


class Context(Generic[S, E]):
    """The state as it evolves while one command is decided, and the events emitted so far."""

    __slots__ = ("_dice", "_evolve", "_rng_of", "events", "state")

    def __init__(self, state: S, evolve: Callable[[S, E], S], rng_of: Callable[[S], Rng]) -> None:
        self.state = state
        self.events: list[E] = []
        self._evolve = evolve
        self._rng_of = rng_of
        self._dice: Dice | None = None

    def emit(self, event: E) -> None:
        """Record `event` and apply it to `state` at once."""
        self.state = self._evolve(self.state, event)
        self.events.append(event)

    @property
    def dice(self) -> Dice:
        """The random source, started from the state's `Rng` the first time it is used."""
        if self._dice is None:
            self._dice = Dice(self._rng_of(self.state))
        return self._dice

    @property
    def rng(self) -> Rng:
        """The random source's position now: store it in the event that records a draw."""
        return self.dice.rng
