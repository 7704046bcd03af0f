"""Events of Founders' Town: past-tense facts. Their tags are stable type names; bump `version`
(and add an upcaster in `upcasters.py`) when a field changes meaning.

The only random outcome, the shuffle, is in `GameCreated` with the random source's state after it.
Events that move secret cards carry the public part separately (`count`, `give_count`, ...), so
`event_view` can leave the cards out for those who may not see them and keep the rest.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from engine.core.rng import Rng


class Event(msgspec.Struct, frozen=True, tag_field="type", tag=True, forbid_unknown_fields=True):
    version: ClassVar[int] = 1


class GameCreated(Event):
    """Set Up: the deck shuffled (`deck`, top first; secret) and the turn order determined."""

    players: int
    order: tuple[int, ...]
    deck: tuple[str, ...]
    deck_size: int
    rng: Rng


class CardsDealt(Event):
    """Set Up: five cards dealt to `seat` from the top of the deck (secret to that seat)."""

    seat: int
    cards: tuple[str, ...]
    count: int


class CardsDrawn(Event):
    """A Draw Phase: `seat` drew `count` cards from the top of the deck (which ones is secret to
    it); `deck_left` cards remain. The game moves on to the next phase."""

    seat: int
    cards: tuple[str, ...]
    count: int
    deck_left: int


class OfferMade(Event):
    """Trade: `by` offers `gives` for `asks` to `to` (the cards are secret to them);
    `counters` is the offer this one answers (0 for none)."""

    offer: int
    by: int
    to: tuple[int, ...]
    gives: tuple[str, ...]
    asks: tuple[str, ...]
    give_count: int
    ask_count: int
    counters: int = 0


class OfferAccepted(Event):
    """Trade: `taker` accepted offer `offer` and the cards changed hands at once: `gives` went
    from `by` to `taker`, `asks` from `taker` to `by` (the cards are secret to the two)."""

    offer: int
    by: int
    taker: int
    gives: tuple[str, ...]
    asks: tuple[str, ...]
    give_count: int
    ask_count: int


class OfferDeclined(Event):
    """Trade: `seat` turned offer `offer` down (`countered`: with an offer of its own)."""

    offer: int
    seat: int
    countered: bool = False


class OfferWithdrawn(Event):
    """Trade: `seat` took back its offer `offer`."""

    offer: int
    seat: int


class OffersLapsed(Event):
    """Trade: these open offers can no longer be carried out (their proposer traded away a card
    they give) and are closed."""

    offers: tuple[int, ...]


class TradingEnded(Event):
    """A Trade Phase is over; its open offers (`lapsed`) are closed. The game moves on."""

    seat: int
    stage: str
    lapsed: tuple[int, ...] = ()


class CardsDiscarded(Event):
    """Discard Phase: `seat` put `count` cards face down on the discard pile (which ones is
    secret to it). The game moves on."""

    seat: int
    cards: tuple[str, ...]
    count: int


class CardsBuilt(Event):
    """Build Phase: `seat` picked `category` (None with an empty hand) and built `cards`, face
    up; `scores` are its points per category afterwards."""

    seat: int
    category: str | None
    cards: tuple[str, ...]
    scores: tuple[int, ...]


class TurnEnded(Event):
    """The turn is over and `next_seat` begins turn `turn + 1`; `idle` says that no card was
    drawn, discarded or built during it."""

    turn: int
    seat: int
    next_seat: int
    idle: bool


class GameEnded(Event):
    """End of Game and Victory Calculation: why it ended, each seat's categories won and the
    ranking, the winner first."""

    turn: int
    reason: str
    won: tuple[tuple[str, ...], ...]
    ranking: tuple[int, ...]


class DefaultsApplied(Event):
    """A deadline passed (or the host moved on): these decisions were answered by default."""

    seats: tuple[int, ...]
    kinds: tuple[str, ...]


EVENT_TYPES: tuple[type, ...] = (
    GameCreated,
    CardsDealt,
    CardsDrawn,
    OfferMade,
    OfferAccepted,
    OfferDeclined,
    OfferWithdrawn,
    OffersLapsed,
    TradingEnded,
    CardsDiscarded,
    CardsBuilt,
    TurnEnded,
    GameEnded,
    DefaultsApplied,
)
