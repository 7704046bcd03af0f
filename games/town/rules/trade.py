"""Trade Phases: "The current player may trade cards with other willing players. Trades cannot be
forced. A player never has to show his cards or do a trade. Trades do not have to be equal. For
example, you can trade two cards for one."

Trades use the core's offers (`engine.core.offers`). Every trade has the current player on one
side: the current player may make offers to one or more other players (the first to accept takes
it), and the others may make offers to the current player only. Each addressee accepts, declines
or counters; a proposer may withdraw an open offer. Any number of offers may be made until the
current player ends trading; open offers then lapse.

- An offer names the cards given (held by the proposer) and the cards asked for (not in the
  proposer's hand nor in any town: only cards in hand change hands). Nobody has to show a card:
  asking for a card says nothing about who holds it, and an addressee who cannot accept simply
  declines.
- A trade moves at least one card each way ("trade", not gift), in any numbers ("do not have to
  be equal").
- An accepted offer is carried out at once, after checking that both sides still hold what they
  promise. Other open offers whose proposer no longer holds what it gives then lapse.
"""

from __future__ import annotations

from engine.core import offers as of
from engine.core.errors import RuleError
from engine.core.turns import answer_of
from games.town.rules.commands import (
    AcceptOffer,
    CounterOffer,
    DeclineOffer,
    EndTrading,
    Propose,
    WithdrawOffer,
)
from games.town.rules.context import Ctx, require_current
from games.town.rules.events import (
    OfferAccepted,
    OfferDeclined,
    OfferMade,
    OffersLapsed,
    OfferWithdrawn,
    TradingEnded,
)
from games.town.rules.hands import check_known
from games.town.rules.state import TownState


def check_offer(
    state: TownState, by: int, to: tuple[int, ...], gives: tuple[str, ...], asks: tuple[str, ...]
) -> None:
    """Refuse an offer `by` may not make now (a `RuleError` saying what to change)."""
    current = state.turn.seat
    for seat in to:
        if not 0 <= seat < state.players:
            raise RuleError("seat", f"There is no Player {seat + 1} at this table.")
    if by != current and tuple(to) != (current,):
        raise RuleError(
            "trade_with_current",
            f"Every trade is with the current player: outside your turn, make offers to "
            f"Player {current + 1} only.",
            current=current,
        )
    check_known(gives + asks)
    of.check_proposal(by, to, gives, asks, state.hands[by])
    hand = state.hands[by]
    for slug in asks:
        if slug in hand:
            raise RuleError(
                "already_held", "You already hold a card you ask for; ask for cards you lack."
            )
    for town in state.towns:
        for slug in asks:
            if slug in town:
                raise RuleError(
                    "built_card",
                    "Built cards stay in their town; ask only for cards in players' hands.",
                    card=slug,
                )


def _open_offer(state: TownState, offer_id: int) -> of.Offer:
    offer = of.find(state.offers, offer_id)
    if offer is None:
        raise RuleError(
            "offer_unknown", f"There is no offer {offer_id} in this trade phase.", offer=offer_id
        )
    return offer


def propose(ctx: Ctx, cmd: Propose) -> None:
    """Make an offer (numbered in order within the game)."""
    state = ctx.state
    check_offer(state, cmd.seat, cmd.to, cmd.gives, cmd.asks)
    ctx.emit(
        OfferMade(
            offer=state.next_offer,
            by=cmd.seat,
            to=cmd.to,
            gives=cmd.gives,
            asks=cmd.asks,
            give_count=len(cmd.gives),
            ask_count=len(cmd.asks),
        )
    )


def accept(ctx: Ctx, cmd: AcceptOffer) -> None:
    """Take an offer: the cards change hands at once; offers that can no longer be kept lapse."""
    state = ctx.state
    offer = _open_offer(state, cmd.offer)
    of.check_answer(offer, cmd.seat, of.ACCEPT)
    of.check_exchange(offer, state.hands[offer.by], state.hands[cmd.seat])
    ctx.emit(
        OfferAccepted(
            offer=offer.id,
            by=offer.by,
            taker=cmd.seat,
            gives=offer.gives,
            asks=offer.asks,
            give_count=len(offer.gives),
            ask_count=len(offer.asks),
        )
    )
    hands = ctx.state.hands
    stale = tuple(
        o.id for o in ctx.state.offers if o.status == of.OPEN and not of.holds(hands[o.by], o.gives)
    )
    if stale:
        ctx.emit(OffersLapsed(offers=stale))


def decline(ctx: Ctx, cmd: DeclineOffer) -> None:
    """Turn an offer down."""
    offer = _open_offer(ctx.state, cmd.offer)
    of.check_answer(offer, cmd.seat, of.DECLINE)
    ctx.emit(OfferDeclined(offer=offer.id, seat=cmd.seat))


def counter(ctx: Ctx, cmd: CounterOffer) -> None:
    """Answer an offer with an offer back to its proposer."""
    state = ctx.state
    offer = _open_offer(state, cmd.offer)
    of.check_answer(offer, cmd.seat, of.COUNTER)
    check_offer(state, cmd.seat, (offer.by,), cmd.gives, cmd.asks)
    ctx.emit(OfferDeclined(offer=offer.id, seat=cmd.seat, countered=True))
    ctx.emit(
        OfferMade(
            offer=ctx.state.next_offer,
            by=cmd.seat,
            to=(offer.by,),
            gives=cmd.gives,
            asks=cmd.asks,
            give_count=len(cmd.gives),
            ask_count=len(cmd.asks),
            counters=offer.id,
        )
    )


def withdraw(ctx: Ctx, cmd: WithdrawOffer) -> None:
    """Take back one's own open offer."""
    offer = _open_offer(ctx.state, cmd.offer)
    if offer.by != cmd.seat:
        raise RuleError("not_yours", f"Offer {offer.id} is not yours to withdraw.")
    if offer.status != of.OPEN:
        raise RuleError("offer_closed", f"Offer {offer.id} is no longer open ({offer.status}).")
    ctx.emit(OfferWithdrawn(offer=offer.id, seat=cmd.seat))


def end_trading(ctx: Ctx, cmd: EndTrading) -> None:
    """The current player is done trading: the phase ends and open offers lapse."""
    state = ctx.state
    require_current(state, cmd.seat)
    lapsed = tuple(o.id for o in state.offers if o.status == of.OPEN)
    ctx.emit(TradingEnded(seat=cmd.seat, stage=state.turn.stage, lapsed=lapsed))


def can_accept(state: TownState, offer: of.Offer, seat: int) -> bool:
    """Could `seat` accept `offer` now (it is open, asked of `seat`, and both sides hold what
    they promise)?"""
    return (
        offer.status == of.OPEN
        and seat in offer.to
        and answer_of(offer.replies, seat) is None
        and of.holds(state.hands[offer.by], offer.gives)
        and of.holds(state.hands[seat], offer.asks)
    )
