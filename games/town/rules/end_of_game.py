"""End of Game: "The game ends at the end of the turn the last card is drawn from the deck."

That is, after the Build Phase of the turn in which the deck became empty; the rest of that turn
is played as usual (its later draws find nothing to draw). The text has no end for a table where
nobody draws any more, so the game also ends after a whole round of turns (every player one turn)
in which no card was drawn, discarded or built: those moves are the game's only progress (each
takes a card out of the deck or out of the hands for good), so every game ends. Either way the
Victory Calculation follows at once.
"""

from __future__ import annotations

from engine.core.turns import next_seat
from games.town.rules.context import Ctx
from games.town.rules.events import GameEnded, TurnEnded
from games.town.rules.state import TownState
from games.town.rules.victory import categories_won, ranking

DECK_EMPTY = "deck"
STALLED = "stalled"


def end_reason(state: TownState) -> str | None:
    """Why the game ends at the end of the current turn, or None if it goes on."""
    if not state.deck:
        return DECK_EMPTY
    idle = 0 if state.moved else state.idle_turns + 1
    if idle >= state.players:
        return STALLED
    return None


def end_turn(ctx: Ctx) -> None:
    """The turn is over: the next player's turn begins, or the game ends."""
    state = ctx.state
    turn = state.turn
    reason = end_reason(state)
    if reason is None:
        ctx.emit(
            TurnEnded(
                turn=turn.number,
                seat=turn.seat,
                next_seat=next_seat(turn.order, turn.seat),
                idle=state.moved == 0,
            )
        )
        return
    ctx.emit(
        GameEnded(
            turn=turn.number,
            reason=reason,
            won=categories_won(state.scores),
            ranking=ranking(state.scores, state.towns, turn.order),
        )
    )
