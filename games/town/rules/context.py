"""The decide context of Founders' Town: the core's `Context` over this game's state and events,
and the check every phase of the current player shares."""

from __future__ import annotations

from engine.core.context import Context
from engine.core.errors import RuleError
from engine.core.rng import Rng
from games.town.rules.events import Event
from games.town.rules.evolve import evolve
from games.town.rules.state import STAGE_NAMES, TownState

Ctx = Context[TownState, Event]


def _rng_of(state: TownState) -> Rng:
    return state.rng


def new_context(state: TownState) -> Ctx:
    """A context that applies this game's events as they are emitted."""
    return Context(state, evolve, _rng_of)


def require_current(state: TownState, seat: int) -> None:
    """Refuse a phase's action from anyone but the current player."""
    turn = state.turn
    if seat != turn.seat:
        raise RuleError(
            "not_your_turn",
            f"It is Player {turn.seat + 1}'s {STAGE_NAMES[turn.stage]}; wait for your turn.",
            current=turn.seat,
        )
