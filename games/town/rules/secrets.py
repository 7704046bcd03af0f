"""What each audience may know of an event (`event_view`).

Public: everything but the cards that move in secret. The shuffle (`GameCreated.deck`, and the
random source after it, from which the shuffle could be worked out) is nobody's; the cards dealt,
drawn or discarded are their seat's; the cards of an offer are its parties' (proposer and
addressees), and those of a carried-out trade the two traders'. Everyone else gets a copy with
those cards left out and the counts kept.
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.core.game import Audience, Seat
from engine.core.rng import Rng
from games.town.rules import events as ev

_NO_RNG = Rng(state=0)


def event_view(event: ev.Event, audience: Audience) -> ev.Event:
    """`event` as `audience` may know it."""
    seat = audience.seat if isinstance(audience, Seat) else None
    if isinstance(event, ev.GameCreated):
        return replace(event, deck=(), rng=_NO_RNG)
    if isinstance(event, ev.CardsDealt | ev.CardsDrawn | ev.CardsDiscarded):
        return event if seat == event.seat else replace(event, cards=())
    if isinstance(event, ev.OfferMade):
        if seat == event.by or seat in event.to:
            return event
        return replace(event, gives=(), asks=())
    if isinstance(event, ev.OfferAccepted):
        if seat in (event.by, event.taker):
            return event
        return replace(event, gives=(), asks=())
    return event
