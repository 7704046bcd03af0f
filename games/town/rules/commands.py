"""Commands of Founders' Town: what a seat asks to do, in the imperative. `decide` turns each into
events or refuses it with a `RuleError`.

Cards are named by slug and categories by their letter (F, T, C, R, G, M, P, A, L, I), so a chat
adapter can map "build T" or "draw 3" straight onto them.
"""

from __future__ import annotations

import msgspec


class Command(msgspec.Struct, frozen=True, tag_field="type", tag=True, forbid_unknown_fields=True):
    seat: int


class Draw(Command):
    """First or Second Draw Phase: draw `count` cards (0 up to a hand of 5)."""

    count: int


class Propose(Command):
    """Trade Phase: offer to give `gives` (cards in your hand) for `asks` to the seats `to`. The
    current player may make offers to anyone; the others only to the current player."""

    to: tuple[int, ...]
    gives: tuple[str, ...]
    asks: tuple[str, ...]


class AcceptOffer(Command):
    """Trade Phase: take offer `offer`; the cards change hands at once."""

    offer: int


class DeclineOffer(Command):
    """Trade Phase: turn offer `offer` down."""

    offer: int


class CounterOffer(Command):
    """Trade Phase: answer offer `offer` with an offer of your own back to its proposer."""

    offer: int
    gives: tuple[str, ...]
    asks: tuple[str, ...]


class WithdrawOffer(Command):
    """Trade Phase: take back your open offer `offer`."""

    offer: int


class EndTrading(Command):
    """Trade Phase: the current player is done trading; open offers lapse."""


class Discard(Command):
    """Discard Phase: put zero to three cards of your hand face down on the discard pile."""

    cards: tuple[str, ...] = ()


class Build(Command):
    """Build Phase: pick a category and build cards of it from your hand: `cards`, or every card
    of that category in your hand when `cards` is None."""

    category: str
    cards: tuple[str, ...] | None = None


class ApplyDefaults(Command):
    """Answer the pending decisions of `seats` (every seat when empty) with their defaults, until
    none of theirs is left in this stage: a deadline passed or the host moved the game on. Its
    `seat` is -1: nobody in particular sends it."""

    seats: tuple[int, ...] = ()


COMMAND_TYPES: tuple[type, ...] = (
    Draw,
    Propose,
    AcceptOffer,
    DeclineOffer,
    CounterOffer,
    WithdrawOffer,
    EndTrading,
    Discard,
    Build,
    ApplyDefaults,
)
