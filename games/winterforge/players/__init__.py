"""Built-in players of Smiths of Winterforge. Both implement the core `Player` protocol:
`move(state, seats)` gives the next command of one of `seats`, or None when none of them has
anything to do.

`RandomPlayer` picks at random among the kinds of action the seat may take (`moves.legal`), from
its own seeded source, so a game between random players is the same for the same seeds.
`BuiltinPlayer` (`strategy.py`) plans a route to Contracts, Components and the Forge, and forges
with exact odds.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TypeVar

from engine.core.rng import Dice, seeded
from games.winterforge.players.moves import legal
from games.winterforge.players.strategy import BuiltinPlayer
from games.winterforge.rules.commands import Command, EndTurn
from games.winterforge.rules.pending import pending
from games.winterforge.rules.state import WinterforgeState

__all__ = ["BuiltinPlayer", "RandomPlayer"]

T = TypeVar("T")


# The chance a random player ends its turn while it could still act: low, so random games
# move on at about the pace of real ones.
END_EARLY = 0.1


class RandomPlayer:
    """A player that picks uniformly among the legal kinds of action and their arguments, and
    ends its turn early now and then (`END_EARLY`)."""

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seeded(seed))

    def pick(self, items: Sequence[T]) -> T:
        """One of `items` (not empty), each as likely."""
        return items[self.dice.below(len(items))]

    def move(self, state: WinterforgeState, seats: Collection[int]) -> Command | None:
        for decision in pending(state):
            if decision.seat in seats:
                options = legal(state, decision.seat, self.pick)
                acts = [o for o in options if not isinstance(o, EndTurn)]
                if acts and self.dice.below(1000) >= END_EARLY * 1000:
                    kinds = list(dict.fromkeys(type(o) for o in acts))
                    kind = self.pick(kinds)
                    return self.pick([o for o in acts if type(o) is kind])
                return self.pick(options) if options else decision.default
        return None
