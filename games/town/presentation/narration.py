"""What happened, in words: one line per event, for the channel (the public) and for one seat.

Each line is made from the audience's event view (`GameDefinition.event_view`): the public's
views of draws, discards, offers and trades hold counts and no cards, so a public line can only
say how many cards moved. A seat's lines name the cards its own event views show it.

The turn an event belongs to is read from the stage the game was in just after it (its key starts
with "t<turn>:"), except `TurnEnded`, which names its turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.game import Stage
from games.town.presentation import words as w
from games.town.rules import events as ev
from games.town.rules.cards import CATEGORIES, CATEGORY_NAMES, Pack, load_cards
from games.town.rules.state import TRADE1, TRADE2
from games.town.rules.views import PublicView, SeatView

SETUP = 0  # the "turn" of the set-up events


@dataclass(frozen=True)
class Said:
    """One line of narration and the turn it belongs to (`SETUP` for the set-up)."""

    turn: int
    text: str


def where(event: Any, stage: Stage, fallback: int) -> tuple[int, str]:
    """(turn, stage name) of an event, from the stage after it."""
    if isinstance(event, ev.GameCreated | ev.CardsDealt):
        return SETUP, ""
    head, _, rest = stage.key.partition(":")
    name = rest.partition(":")[0]
    turn = int(head[1:]) if head[1:].isdigit() else fallback
    if isinstance(event, ev.TurnEnded):
        return event.turn, name
    return turn, name


def turn_player(view: PublicView, turn: int) -> int:
    """The seat that plays turn `turn` (from 1)."""
    return view.order[(turn - 1) % len(view.order)]


class _Offers:
    """Who made each offer of the update and to whom, from the view before it and the offers
    made during it (a closed trade phase's offers are gone from the view after it)."""

    def __init__(self, before: PublicView | None) -> None:
        self.by: dict[int, int] = {}
        self.to: dict[int, tuple[int, ...]] = {}
        for o in before.offers if before is not None else ():
            self.by[o.id], self.to[o.id] = o.by, o.to

    def made(self, e: ev.OfferMade) -> None:
        """Note an offer made during the update."""
        self.by[e.offer], self.to[e.offer] = e.by, e.to

    def parties(self, offer: int) -> tuple[int, ...]:
        """The proposer and addressees of `offer` (none for an offer not known)."""
        if offer not in self.by:
            return ()
        return (self.by[offer], *self.to[offer])


def _public(view: PublicView | SeatView | None) -> PublicView | None:
    return view.public if isinstance(view, SeatView) else view


def public_lines(
    events: Sequence[tuple[Any, Stage]],
    before: PublicView | None,
    after: PublicView,
    names: Sequence[str],
) -> list[Said]:
    """The channel's lines for an update's events (their public views)."""
    pack = load_cards()
    offers = _Offers(before)
    scores = [s.scores for s in before.seats] if before is not None else None
    dealt = 0
    out: list[Said] = []
    turn = before.turn if before is not None else 1
    for event, stage in events:
        turn, stage_now = where(event, stage, turn)
        n = names
        text: str | None = None
        if isinstance(event, ev.GameCreated):
            order = w.join([n[s] for s in event.order])
            text = (
                f"A new town is founded by {event.players} players, with a deck of "
                f"{event.deck_size} location cards. Turn order: {order}."
            )
        elif isinstance(event, ev.CardsDealt):
            dealt += event.count
            text = None
        elif isinstance(event, ev.CardsDrawn):
            if event.count:
                text = (
                    f"{n[event.seat]} draws {w.count(event.count, 'card')} "
                    f"({event.deck_left} left in the deck)."
                )
                if event.deck_left == 0:
                    text += " That was the last card: the game ends after this turn."
            else:
                text = f"{n[event.seat]} draws no cards."
            if stage_now in (TRADE1, TRADE2):
                text += f" Trading is open: `/town trade` to make {n[event.seat]} an offer."
        elif isinstance(event, ev.OfferMade):
            offers.made(event)
            text = _offer_made(event, n)
        elif isinstance(event, ev.OfferAccepted):
            text = (
                f"Trade (offer {event.offer}): {n[event.by]} gives "
                f"{w.count(event.give_count, 'card')} to {n[event.taker]} and gets "
                f"{w.count(event.ask_count, 'card')} back."
            )
        elif isinstance(event, ev.OfferDeclined):
            # A counter-offer is told by the offer it makes, just after.
            text = None if event.countered else f"{n[event.seat]} declines offer {event.offer}."
        elif isinstance(event, ev.OfferWithdrawn):
            text = f"{n[event.seat]} withdraws offer {event.offer}."
        elif isinstance(event, ev.OffersLapsed):
            ids = w.join([str(i) for i in event.offers])
            text = (
                f"Offer {ids} {'lapses' if len(event.offers) == 1 else 'lapse'}: its proposer "
                "no longer holds a card it gives."
            )
        elif isinstance(event, ev.TradingEnded):
            text = f"{n[event.seat]} is done trading."
            if event.lapsed:
                ids = w.join([str(i) for i in event.lapsed])
                text += f" Open offer {ids} {'lapses' if len(event.lapsed) == 1 else 'lapse'}."
        elif isinstance(event, ev.CardsDiscarded):
            if event.count:
                text = f"{n[event.seat]} discards {w.count(event.count, 'card')} face down."
            else:
                text = f"{n[event.seat]} discards nothing."
        elif isinstance(event, ev.CardsBuilt):
            old = scores[event.seat] if scores is not None else (0,) * len(CATEGORIES)
            text = _built(event, old, n[event.seat], pack)
            if scores is not None:
                scores[event.seat] = event.scores
        elif isinstance(event, ev.TurnEnded):
            if event.idle:
                text = (
                    f"{n[event.seat]}'s turn ends with no card drawn, discarded or built "
                    f"(a whole round of such turns ends the game)."
                )
            out.extend([Said(event.turn, text)] if text else [])
            text = None
            out.append(Said(event.turn + 1, f"It is {n[event.next_seat]}'s turn."))
        elif isinstance(event, ev.GameEnded):
            why = (
                "the last card has been drawn"
                if event.reason == "deck"
                else "a whole round passed without a card drawn, discarded or built"
            )
            text = f"The game is over: {why}. {n[event.ranking[0]]} wins!"
        elif isinstance(event, ev.DefaultsApplied):
            what = w.join(sorted({w.DEFAULTED.get(k, k) for k in event.kinds}))
            who = w.join([n[s] for s in event.seats])
            text = f"Time is up for {who}: the default applies ({what})."
        if dealt and not isinstance(event, ev.CardsDealt):
            out.append(Said(SETUP, _dealt(dealt, after)))
            dealt = 0
        if text:
            out.append(Said(turn, text))
    if dealt:
        out.append(Said(SETUP, _dealt(dealt, after)))
    return out


def _dealt(dealt: int, after: PublicView) -> str:
    each = dealt // max(1, after.players)
    return f"Each player is dealt {w.count(each, 'card')}."


def _offer_made(e: ev.OfferMade, n: Sequence[str]) -> str:
    swap = f"{w.count(e.give_count, 'card')} for {w.count(e.ask_count, 'card')}"
    if e.counters:
        return (
            f"{n[e.by]} answers offer {e.counters} with a counter-offer to {n[e.to[0]]}: "
            f"{swap} (offer {e.offer})."
        )
    to = w.join([n[s] for s in e.to], "or")
    first = " — the first to accept takes it" if len(e.to) > 1 else ""
    return f"{n[e.by]} offers {to} {swap} (offer {e.offer}{first})."


def _built(e: ev.CardsBuilt, old: tuple[int, ...], who: str, pack: Pack) -> str:
    if e.category is None:
        return f"{who} has no cards to build."
    if not e.cards:
        return f"{who} picks {CATEGORY_NAMES[e.category]} and builds nothing."
    gained = sum(e.scores) - sum(old)
    changes = ", ".join(
        f"{c} {old[i]}→{e.scores[i]}" for i, c in enumerate(CATEGORIES) if e.scores[i] != old[i]
    )
    cards = w.join([pack.cards[s].name for s in e.cards])
    return (
        f"{who} builds {cards} ({CATEGORY_NAMES[e.category]}): "
        f"+{w.count(gained, 'point')} ({changes}); {sum(e.scores)} in all."
    )


def seat_lines(
    events: Sequence[tuple[Any, Stage]],
    before: SeatView | None,
    after: SeatView,
    names: Sequence[str],
) -> list[str]:
    """What one seat is told in its DMs about an update (its own event views): the cards it is
    dealt and draws, the trades and answers to offers it is party to, the start of its turn,
    a default applied for it, and how it finished."""
    pack = load_cards()
    me = after.seat
    n = names
    offers = _Offers(_public(before))
    out: list[str] = []
    for event, _stage in events:
        if isinstance(event, ev.OfferMade):
            offers.made(event)
        if isinstance(event, ev.GameCreated) and event.order[0] == me:
            out.append("You play first.")
        elif isinstance(event, ev.CardsDealt | ev.CardsDrawn) and event.seat == me and event.cards:
            cards = w.labels(pack.cards[s] for s in event.cards)
            dealt = isinstance(event, ev.CardsDealt)
            out.append(f"Your opening hand: {cards}." if dealt else f"You draw {cards}.")
        elif isinstance(event, ev.OfferAccepted) and me in (event.by, event.taker):
            mine = event.by == me
            gave, got = (event.gives, event.asks) if mine else (event.asks, event.gives)
            other = event.taker if mine else event.by
            out.append(
                f"Trade with {n[other]} done (offer {event.offer}): you gave "
                f"{w.labels(pack.cards[s] for s in gave)} and got "
                f"{w.labels(pack.cards[s] for s in got)}."
            )
        elif isinstance(event, ev.OfferDeclined) and offers.by.get(event.offer) == me:
            if event.countered:
                out.append(
                    f"{n[event.seat]} answers your offer {event.offer} with a counter-offer."
                )
            else:
                out.append(f"{n[event.seat]} declines your offer {event.offer}.")
        elif isinstance(event, ev.OfferWithdrawn) and me in offers.to.get(event.offer, ()):
            out.append(f"{n[event.seat]} withdraws offer {event.offer}.")
        elif isinstance(event, ev.OffersLapsed):
            for offer in event.offers:
                if offers.by.get(offer) == me:
                    out.append(f"Your offer {offer} lapses: you no longer hold a card it gives.")
                elif me in offers.parties(offer):
                    out.append(
                        f"Offer {offer} from {n[offers.by[offer]]} lapses: they no longer hold "
                        "a card it gives."
                    )
        elif isinstance(event, ev.TradingEnded) and event.seat != me:
            mine = [o for o in event.lapsed if me in offers.parties(o)]
            if mine:
                ids = w.join([str(o) for o in mine])
                out.append(f"{n[event.seat]} is done trading: offer {ids} lapsed.")
        elif isinstance(event, ev.TurnEnded) and event.next_seat == me:
            hand = w.labels(after.hand)
            out.append(f"Your turn {event.turn + 1} begins. Your hand now: {hand}.")
        elif isinstance(event, ev.DefaultsApplied) and me in event.seats:
            out.append("Time ran out: the game answered for you with the default.")
        elif isinstance(event, ev.GameEnded):
            place = event.ranking.index(me) + 1
            won = event.won[me]
            out.append(
                f"The game is over: you finish {w.ordinal(place)} of {len(event.ranking)}, "
                f"leading {w.count(len(won), 'category', 'categories')}"
                + (f" ({', '.join(won)})." if won else ".")
            )
    return out
