"""`evolve(state, event)`: apply one event. It never validates and never draws a random number.

Each handler is small and mirrors the event's meaning; `decide` made sure the event is legal. The
events that end a phase move the turn on with the core's `next_stage`, through the stages of
`state.STAGES`; `TurnEnded` starts the next player's turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from msgspec.structs import replace

from engine.core import offers as of
from engine.core.turns import first_turn, next_stage, next_turn
from games.town.rules import events as ev
from games.town.rules.cards import CATEGORIES
from games.town.rules.state import STAGES, Result, TownState

# A handler returns the state after the event, its `seq` counted (one copy per event).
Handler = Callable[[Any, Any], TownState]
_HANDLERS: dict[type, Handler] = {}


def _on(cls: type) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        _HANDLERS[cls] = fn
        return fn

    return register


def evolve(state: TownState | None, event: ev.Event) -> TownState:
    """Apply `event` to `state` (None before the game exists)."""
    if state is None:
        assert isinstance(event, ev.GameCreated)
        return _created(event)
    return _HANDLERS[type(event)](state, event)


# --- helpers ------------------------------------------------------------------------------------


def _set(rows: tuple[tuple[str, ...], ...], seat: int, row: tuple[str, ...]) -> tuple:
    return (*rows[:seat], row, *rows[seat + 1 :])


def _without(cards: tuple[str, ...], gone: Iterable[str]) -> tuple[str, ...]:
    out = set(gone)
    return tuple(c for c in cards if c not in out)


# --- Set Up -------------------------------------------------------------------------------------


def _created(e: ev.GameCreated) -> TownState:
    empty: tuple[tuple[str, ...], ...] = ((),) * e.players
    return TownState(
        players=e.players,
        turn=first_turn(e.order, STAGES),
        deck=e.deck,
        hands=empty,
        towns=empty,
        discards=empty,
        scores=((0,) * len(CATEGORIES),) * e.players,
        rng=e.rng,
        seq=1,
    )


@_on(ev.CardsDealt)
def _dealt(s: TownState, e: ev.CardsDealt) -> TownState:
    return replace(
        s,
        seq=s.seq + 1,
        deck=s.deck[e.count :],
        hands=_set(s.hands, e.seat, s.hands[e.seat] + e.cards),
    )


# --- Draw Phases --------------------------------------------------------------------------------


@_on(ev.CardsDrawn)
def _drawn(s: TownState, e: ev.CardsDrawn) -> TownState:
    return replace(
        s,
        seq=s.seq + 1,
        deck=s.deck[e.count :],
        hands=_set(s.hands, e.seat, s.hands[e.seat] + e.cards),
        moved=s.moved + e.count,
        turn=next_stage(s.turn, STAGES),
    )


# --- Trade Phases -------------------------------------------------------------------------------


@_on(ev.OfferMade)
def _offer_made(s: TownState, e: ev.OfferMade) -> TownState:
    offer = of.make_offer(e.offer, e.by, e.to, e.gives, e.asks, e.counters)
    return replace(
        s, seq=s.seq + 1, offers=(*s.offers, offer), next_offer=e.offer + 1, moves=s.moves + 1
    )


def _offer(s: TownState, offer_id: int) -> of.Offer:
    found = of.find(s.offers, offer_id)
    assert found is not None, f"offer {offer_id} is not in this trade phase"
    return found


@_on(ev.OfferAccepted)
def _offer_accepted(s: TownState, e: ev.OfferAccepted) -> TownState:
    offer = of.accepted(_offer(s, e.offer), e.taker)
    hands = _set(s.hands, e.by, _without(s.hands[e.by], e.gives) + e.asks)
    hands = _set(hands, e.taker, _without(hands[e.taker], e.asks) + e.gives)
    return replace(
        s, seq=s.seq + 1, offers=of.updated(s.offers, offer), hands=hands, moves=s.moves + 1
    )


@_on(ev.OfferDeclined)
def _offer_declined(s: TownState, e: ev.OfferDeclined) -> TownState:
    old = _offer(s, e.offer)
    offer = of.countered(old, e.seat) if e.countered else of.declined(old, e.seat)
    return replace(s, seq=s.seq + 1, offers=of.updated(s.offers, offer), moves=s.moves + 1)


@_on(ev.OfferWithdrawn)
def _offer_withdrawn(s: TownState, e: ev.OfferWithdrawn) -> TownState:
    offer = of.withdrawn(_offer(s, e.offer))
    return replace(s, seq=s.seq + 1, offers=of.updated(s.offers, offer), moves=s.moves + 1)


@_on(ev.OffersLapsed)
def _offers_lapsed(s: TownState, e: ev.OffersLapsed) -> TownState:
    offers = s.offers
    for offer_id in e.offers:
        offers = of.updated(offers, of.lapsed(_offer(s, offer_id)))
    return replace(s, seq=s.seq + 1, offers=offers, moves=s.moves + 1)


@_on(ev.TradingEnded)
def _trading_ended(s: TownState, e: ev.TradingEnded) -> TownState:
    return replace(s, seq=s.seq + 1, offers=(), moves=0, turn=next_stage(s.turn, STAGES))


# --- Discard Phase ------------------------------------------------------------------------------


@_on(ev.CardsDiscarded)
def _discarded(s: TownState, e: ev.CardsDiscarded) -> TownState:
    return replace(
        s,
        seq=s.seq + 1,
        hands=_set(s.hands, e.seat, _without(s.hands[e.seat], e.cards)),
        discards=_set(s.discards, e.seat, s.discards[e.seat] + e.cards),
        moved=s.moved + e.count,
        turn=next_stage(s.turn, STAGES),
    )


# --- Build Phase --------------------------------------------------------------------------------


@_on(ev.CardsBuilt)
def _built(s: TownState, e: ev.CardsBuilt) -> TownState:
    return replace(
        s,
        seq=s.seq + 1,
        hands=_set(s.hands, e.seat, _without(s.hands[e.seat], e.cards)),
        towns=_set(s.towns, e.seat, s.towns[e.seat] + e.cards),
        scores=_set(s.scores, e.seat, e.scores),
        moved=s.moved + len(e.cards),
    )


# --- End of turn and of the game ----------------------------------------------------------------


@_on(ev.TurnEnded)
def _turn_ended(s: TownState, e: ev.TurnEnded) -> TownState:
    return replace(
        s,
        seq=s.seq + 1,
        turn=next_turn(s.turn, STAGES),
        moved=0,
        moves=0,
        idle_turns=s.idle_turns + 1 if e.idle else 0,
    )


@_on(ev.GameEnded)
def _game_ended(s: TownState, e: ev.GameEnded) -> TownState:
    return replace(s, seq=s.seq + 1, result=Result(reason=e.reason, won=e.won, ranking=e.ranking))


@_on(ev.DefaultsApplied)
def _defaults_applied(s: TownState, _: ev.DefaultsApplied) -> TownState:
    return replace(s, seq=s.seq + 1)
