"""Whom the game waits for, to decide what, and what happens by default.

In every stage of a turn somebody has a decision, so the application always knows whom to ask
and which command a deadline applies. Kinds: "draw", "trade", "discard", "build" (the current
player) and "offer" (an addressee of an open offer, out of turn). Defaults, documented in
`games/town/docs/rules-notes.md`, are never random: draw up to a hand of 5, trade no more, discard
nothing, build the category that scores most, decline an offer.
"""

from __future__ import annotations

from engine.core import offers as of
from engine.core.game import Decision
from engine.core.turns import waiting_on
from games.town.rules.build import best_category, build_gains
from games.town.rules.cards import CATEGORIES
from games.town.rules.commands import (
    AcceptOffer,
    Build,
    DeclineOffer,
    Discard,
    Draw,
    EndTrading,
)
from games.town.rules.discard import MAX_DISCARD
from games.town.rules.draw import HAND_SIZE, draw_limit
from games.town.rules.state import (
    BUILD,
    DISCARD,
    DRAW1,
    DRAW2,
    STAGE_NAMES,
    TRADE1,
    TRADE2,
    TownState,
)
from games.town.rules.trade import can_accept

# The decision kind of each stage, also its deadline kind (an open offer makes "offer" decisions
# for its addressees instead).
KINDS: dict[str, str] = {
    DRAW1: "draw",
    TRADE1: "trade",
    DISCARD: "discard",
    DRAW2: "draw",
    TRADE2: "trade",
    BUILD: "build",
}
OFFER = "offer"


def waiting(state: TownState) -> tuple[int, ...]:
    """The seats `pending` has decisions for, without building them (for players and loops)."""
    if state.result is not None:
        return ()
    turn = state.turn
    if turn.stage in (TRADE1, TRADE2) and state.offers:
        asked = tuple(
            seat for o in state.offers if o.status == of.OPEN for seat in waiting_on(o.replies)
        )
        return asked or (turn.seat,)
    return (turn.seat,)


def pending(state: TownState) -> tuple[Decision, ...]:
    """Every decision the game is waiting for right now."""
    if state.result is not None:
        return ()
    stage = state.turn.stage
    seat = state.turn.seat
    if stage in (DRAW1, DRAW2):
        return (_draw(state, seat),)
    if stage in (TRADE1, TRADE2):
        return offer_decisions(state) or (_trade(state, seat),)
    if stage == DISCARD:
        return (_discard(state, seat),)
    return (_build(state, seat),)


def _draw(state: TownState, seat: int) -> Decision:
    limit = draw_limit(state, seat)
    return Decision(
        seat=seat,
        kind=KINDS[state.turn.stage],
        prompt=f"{STAGE_NAMES[state.turn.stage]}: draw up to {limit} card(s) "
        f"(up to a hand of {HAND_SIZE}).",
        default=Draw(seat=seat, count=limit),
        options=tuple(Draw(seat=seat, count=n) for n in range(limit + 1)),
        context={"hand": len(state.hands[seat]), "deck": len(state.deck), "max": limit},
    )


def offer_decisions(state: TownState) -> tuple[Decision, ...]:
    """The answers open offers wait for, oldest offer first."""
    out = []
    for offer in state.offers:
        if offer.status != of.OPEN:
            continue
        for seat in waiting_on(offer.replies):
            decline = DeclineOffer(seat=seat, offer=offer.id)
            accept = (
                (AcceptOffer(seat=seat, offer=offer.id),) if can_accept(state, offer, seat) else ()
            )
            out.append(
                Decision(
                    seat=seat,
                    kind=OFFER,
                    prompt=f"Player {offer.by + 1} offers you {len(offer.gives)} card(s) for "
                    f"{len(offer.asks)} (offer {offer.id}): accept, decline or counter.",
                    default=decline,
                    options=(*accept, decline),
                    context={
                        "offer": offer.id,
                        "by": offer.by,
                        "gives": len(offer.gives),
                        "asks": len(offer.asks),
                    },
                )
            )
    return tuple(out)


def _trade(state: TownState, seat: int) -> Decision:
    done = EndTrading(seat=seat)
    return Decision(
        seat=seat,
        kind=KINDS[state.turn.stage],
        prompt=f"{STAGE_NAMES[state.turn.stage]}: make offers to other players, or end trading.",
        default=done,
        options=(done,),
        context={"stage": state.turn.stage, "offers": len(state.offers)},
    )


def _discard(state: TownState, seat: int) -> Decision:
    limit = min(MAX_DISCARD, len(state.hands[seat]))
    return Decision(
        seat=seat,
        kind=KINDS[DISCARD],
        prompt=f"Discard Phase: discard up to {limit} card(s) face down, or none.",
        default=Discard(seat=seat, cards=()),
        context={"max": limit, "hand": len(state.hands[seat])},
    )


def _build(state: TownState, seat: int) -> Decision:
    gains = build_gains(state, seat)
    return Decision(
        seat=seat,
        kind=KINDS[BUILD],
        prompt="Build Phase: pick a category and build its cards from your hand.",
        default=Build(seat=seat, category=best_category(gains)),
        options=tuple(Build(seat=seat, category=c) for c in CATEGORIES),
        context={"points": gains},
    )
