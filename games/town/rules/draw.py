"""Draw Phases: "The current player may draw up to 5 cards. If you already have 5 or more cards in
your hand you can't draw any more cards."

Read as drawing up to a hand of 5: the current player chooses how many, from 0 to 5 minus the
cards in hand (none with 5 or more), and never more than the deck holds. When that leaves no
choice (a full hand, or an empty deck) the phase passes by itself with nothing drawn.
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.town.rules.commands import Draw
from games.town.rules.context import Ctx, require_current
from games.town.rules.events import CardsDrawn
from games.town.rules.state import TownState

HAND_SIZE = 5


def draw_limit(state: TownState, seat: int) -> int:
    """How many cards `seat` may draw now: up to a hand of 5, at most what the deck holds."""
    return min(max(0, HAND_SIZE - len(state.hands[seat])), len(state.deck))


def draw(ctx: Ctx, cmd: Draw) -> None:
    """The current player draws `cmd.count` cards from the top of the deck."""
    state = ctx.state
    require_current(state, cmd.seat)
    limit = draw_limit(state, cmd.seat)
    if not 0 <= cmd.count <= limit:
        if len(state.deck) < HAND_SIZE - len(state.hands[cmd.seat]):
            why = f"the deck has {len(state.deck)} card(s) left"
        else:
            why = f"you hold {len(state.hands[cmd.seat])} and may draw up to a hand of {HAND_SIZE}"
        raise RuleError("draw_count", f"Draw between 0 and {limit} cards: {why}.", limit=limit)
    _emit_draw(ctx, cmd.seat, cmd.count)


def _emit_draw(ctx: Ctx, seat: int, count: int) -> None:
    deck = ctx.state.deck
    ctx.emit(CardsDrawn(seat=seat, cards=deck[:count], count=count, deck_left=len(deck) - count))


def pass_draw(ctx: Ctx) -> bool:
    """End the phase with nothing drawn when the current player has no choice."""
    state = ctx.state
    if draw_limit(state, state.turn.seat):
        return False
    _emit_draw(ctx, state.turn.seat, 0)
    return True
