"""The state of a game of Founders' Town: frozen structs, changed only by `evolve`.

Hidden information (the order of the deck, every hand, the face-down discards, the contents of
offers, the random source) is part of this state; `views.py` decides who may see what.
"""

from __future__ import annotations

import msgspec

from engine.core.offers import Offer
from engine.core.rng import Rng
from engine.core.turns import Turn

# "Turn Sequence": the six phases of a turn, in order (`flow.py` gives each its rules).
DRAW1 = "draw1"
TRADE1 = "trade1"
DISCARD = "discard"
DRAW2 = "draw2"
TRADE2 = "trade2"
BUILD = "build"
STAGES: tuple[str, ...] = (DRAW1, TRADE1, DISCARD, DRAW2, TRADE2, BUILD)
STAGE_NAMES: dict[str, str] = {
    DRAW1: "First Draw",
    TRADE1: "First Trade",
    DISCARD: "Discard",
    DRAW2: "Second Draw",
    TRADE2: "Second Trade",
    BUILD: "Build",
}


class Result(msgspec.Struct, frozen=True):
    """The victory calculation: each seat's categories won, and the ranking (best first)."""

    reason: str  # "deck" (the last card was drawn) or "stalled" (a round in which no card moved)
    won: tuple[tuple[str, ...], ...]  # per seat: the categories it won (ties shared)
    ranking: tuple[int, ...]  # seats, the winner first, every tie broken


class TownState(msgspec.Struct, frozen=True):
    """Everything about one game. Cards are slugs; a card is in exactly one place: the deck, a
    hand, a town (built) or a seat's face-down discards."""

    players: int
    turn: Turn
    deck: tuple[str, ...]  # top first
    hands: tuple[tuple[str, ...], ...]
    towns: tuple[tuple[str, ...], ...]  # built cards, in the order they were built
    discards: tuple[tuple[str, ...], ...]  # each seat's discards, face down
    scores: tuple[tuple[int, ...], ...]  # per seat, points per category (CATEGORIES order)
    rng: Rng
    offers: tuple[Offer, ...] = ()  # the offers of the current trade stage, open or closed
    next_offer: int = 1  # the id the next offer gets
    moves: int = 0  # offer events in this stage: each one starts a new wait
    moved: int = 0  # cards drawn, discarded or built in this turn
    idle_turns: int = 0  # consecutive finished turns in which no card was drawn, discarded or built
    result: Result | None = None  # set when the game ends
    seq: int = 0  # events applied

    @property
    def over(self) -> bool:
        return self.result is not None
