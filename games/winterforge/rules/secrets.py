"""What each audience may know of an event (`event_view`).

Secret: the order of every deck and what the shuffles put where (nobody's: the random source is
left out of every event view, since the decks could be worked out from it), the Contracts removed
to the box, the 1 RP Contract and the Royal Contracts dealt to a Player (that Player's), the Royal
Contract kept and the one returned (the chooser's), and a Faith token's value (its taker's).
Contracts taken from the face-up job track, Components, Crew and Loans are public, as on the table.
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.core.game import Audience, Seat
from engine.core.rng import Rng
from games.winterforge.rules import events as ev

_NO_RNG = Rng(state=0)


def event_view(event: ev.Event, audience: Audience) -> ev.Event:
    """`event` as `audience` may know it."""
    seat = audience.seat if isinstance(audience, Seat) else None
    if isinstance(event, ev.GameCreated):
        return replace(
            event,
            starters=tuple(c if s == seat else "" for s, c in enumerate(event.starters)),
            royal_offers=tuple(o if s == seat else () for s, o in enumerate(event.royal_offers)),
            contract_deck=(),
            removed=(),
            component_decks=((), (), ()),
            crew_deck=(),
            loan_deck=(),
            rune_deck=(),
            shrine=(),
            event_deck=(),
            rng=_NO_RNG,
        )
    if isinstance(event, ev.RoyalChosen):
        return event if seat == event.seat else replace(event, royal="", returned="")
    if isinstance(event, ev.FaithTaken):
        return event if seat == event.seat else replace(event, value=0)
    if isinstance(event, ev.RowRefreshed):
        return replace(event, deck=(), rng=_NO_RNG)
    if isinstance(event, ev.Forged | ev.ComponentStolen | ev.HeldSold):
        return replace(event, rng=_NO_RNG)
    return event
