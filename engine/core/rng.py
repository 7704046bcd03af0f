"""Recorded randomness.

The random state lives in the game state and every event that consumed randomness carries the
state after it, so replaying a log never draws a number: it copies them. The generator is
SplitMix64, written out here so that the same seed gives the same game on every Python version and
no global `random` module is ever involved.

Scenarios may script dice: scripted values are used first, in order, by `die()`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import msgspec

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng(msgspec.Struct, frozen=True):
    """The random source's position: the SplitMix64 state and any dice still scripted."""

    state: int
    scripted: tuple[int, ...] = ()


def seeded(seed: int) -> Rng:
    """A random source for a new game from a seed (any integer)."""
    return Rng(state=seed & _MASK)


class Dice:
    """A working copy of an `Rng` used while deciding one command.

    Draw from it, then store `.rng` in the event that records the outcome.
    """

    __slots__ = ("_scripted", "_state")

    def __init__(self, rng: Rng) -> None:
        self._state = rng.state
        self._scripted = rng.scripted

    @property
    def rng(self) -> Rng:
        return Rng(self._state, self._scripted)

    def _next(self) -> int:
        self._state = x = (self._state + 0x9E3779B97F4A7C15) & _MASK
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        return x ^ (x >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). The modulo bias of a 64-bit draw is below 1e-17."""
        # `_next` written out: asked for every card of every shuffle (hundreds a game).
        self._state = x = (self._state + 0x9E3779B97F4A7C15) & _MASK
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        return (x ^ (x >> 31)) % n

    def die(self) -> int:
        """One six-sided die: the next scripted value if any, else a fresh roll."""
        if self._scripted:
            value, self._scripted = self._scripted[0], self._scripted[1:]
            return value
        return self._next() % 6 + 1

    def roll(self, sides: int) -> int:
        """One die of `sides` sides (a d4, d8, d12...): the next scripted value if any, else a
        fresh roll."""
        if self._scripted:
            value, self._scripted = self._scripted[0], self._scripted[1:]
            return value
        # `_next` written out: a Forge rolls its dice one by one.
        self._state = x = (self._state + 0x9E3779B97F4A7C15) & _MASK
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        return (x ^ (x >> 31)) % sides + 1

    def dice(self, n: int) -> tuple[int, ...]:
        return tuple(self.die() for _ in range(n))

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """A Fisher–Yates shuffle of `items`."""
        out = list(items)
        # `below(i + 1)` written out, the state kept in a local and stored once at the end: the
        # same draws in the same order, without a call per card.
        state = self._state
        for i in range(len(out) - 1, 0, -1):
            state = x = (state + 0x9E3779B97F4A7C15) & _MASK
            x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (x ^ (x >> 31)) % (i + 1)
            out[i], out[j] = out[j], out[i]
        self._state = state
        return tuple(out)
