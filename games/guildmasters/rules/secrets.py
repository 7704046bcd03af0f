"""What each audience may know of an event (`event_view`).

Secret: the order of the adventurer deck and of the quest decks (nobody's; the random source is
left out of every event view as the decks could be worked out from it), the cards dealt to a
guild and the packs it is dealt (its own), a card drafted or drawn (its taker's), an answer to a
reaction (its giver's, until the reaction resolves), what a Scout or Monk looks at and keeps (its
user's), the cards a Rogue takes, keeps and gives back (the Rogue's and its mark's) and the cards
a Mage swaps (the Mage's and its mark's: the table sees how many). A Scout's and a Rogue's
discards are public, as the discard pile is.
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.core.game import Audience, Seat
from engine.core.rng import Rng
from games.guildmasters.rules import events as ev

_NO_RNG = Rng(state=0)


def _blank(cards: tuple[str, ...]) -> tuple[str, ...]:
    return tuple("" for _ in cards)


def event_view(event: ev.Event, audience: Audience) -> ev.Event:
    """`event` as `audience` may know it."""
    seat = audience.seat if isinstance(audience, Seat) else None
    if isinstance(event, ev.GameCreated):
        return replace(
            event,
            hands=tuple(h if s == seat else _blank(h) for s, h in enumerate(event.hands)),
            deck=(),
            quest_decks=((), (), ()),
            rng=_NO_RNG,
        )
    if isinstance(event, ev.DraftDealt):
        return replace(
            event,
            packs=tuple(p if s == seat else _blank(p) for s, p in enumerate(event.packs)),
            deck=(),
            rng=_NO_RNG,
        )
    if isinstance(event, ev.Picked | ev.Drew):
        return event if seat == event.seat else replace(event, card="")
    if isinstance(event, ev.Reshuffled):
        return replace(event, deck=(), rng=_NO_RNG)
    if isinstance(event, ev.Answered):
        return event if seat == event.seat else replace(event, answer="")
    if isinstance(event, ev.Looked):
        shown = seat == event.seat or (event.source == "hand" and seat == event.target)
        cards = event.cards if shown else _blank(event.cards)
        return replace(event, cards=cards, rng=_NO_RNG)
    if isinstance(event, ev.Chosen):
        if seat == event.seat or (event.kind == "rogue" and seat == event.target):
            return event
        rest = event.rest if event.kind == "scout" else _blank(event.rest)
        return replace(event, pick="", rest=rest)
    if isinstance(event, ev.Transmuted):
        if seat in (event.seat, event.target):
            return replace(event, rng=_NO_RNG)
        return replace(event, given=_blank(event.given), taken=_blank(event.taken), rng=_NO_RNG)
    return event
