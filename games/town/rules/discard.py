"""Discard Phase: "The current player may discard from zero to three cards into the discard pile."

Discards go face down: "A player never has to show his cards", and the pile plays no further part.
Everybody sees how many cards were discarded; only their owner knows which. With an empty hand the
phase passes by itself.
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.town.rules.commands import Discard
from games.town.rules.context import Ctx, require_current
from games.town.rules.events import CardsDiscarded
from games.town.rules.hands import check_in_hand

MAX_DISCARD = 3


def discard(ctx: Ctx, cmd: Discard) -> None:
    """The current player puts up to 3 cards of its hand face down on the discard pile."""
    state = ctx.state
    require_current(state, cmd.seat)
    if len(cmd.cards) > MAX_DISCARD:
        raise RuleError(
            "discard_count",
            f"Discard at most {MAX_DISCARD} cards (you named {len(cmd.cards)}).",
            count=len(cmd.cards),
        )
    check_in_hand(state, cmd.seat, cmd.cards, "discard")
    ctx.emit(CardsDiscarded(seat=cmd.seat, cards=cmd.cards, count=len(cmd.cards)))


def pass_discard(ctx: Ctx) -> bool:
    """End the phase with nothing discarded when the current player's hand is empty."""
    seat = ctx.state.turn.seat
    if ctx.state.hands[seat]:
        return False
    ctx.emit(CardsDiscarded(seat=seat, cards=(), count=0))
    return True
