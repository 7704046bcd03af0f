"""The turn's stages as a table, and `decide`.

"Players take turns. A turn consists of the following phases: 1. First Draw Phase 2. First Trade
Phase 3. Discard Phase 4. Second Draw Phase 5. Second Trade Phase 6. Build Phase". Each stage
lists the commands it accepts, how it ends, the stage after it, and the step that passes it by
itself when the current player has nothing to decide. `ApplyDefaults` is accepted in every stage.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from engine.core import offers as of
from engine.core.errors import RuleError
from engine.core.game import Stage
from games.town.rules.build import build, pass_build
from games.town.rules.commands import (
    AcceptOffer,
    ApplyDefaults,
    Build,
    Command,
    CounterOffer,
    DeclineOffer,
    Discard,
    Draw,
    EndTrading,
    Propose,
    WithdrawOffer,
)
from games.town.rules.context import Ctx, new_context
from games.town.rules.discard import discard, pass_discard
from games.town.rules.draw import draw, pass_draw
from games.town.rules.events import DefaultsApplied, Event
from games.town.rules.pending import KINDS, OFFER, pending
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
from games.town.rules.trade import accept, counter, decline, end_trading, propose, withdraw

Handler = Callable[[Ctx, Any], None]
END_OF_TURN = "end of turn"


class StageRule(msgspec.Struct, frozen=True):
    """One stage of a turn: what it accepts, how it ends, and what comes next."""

    name: str
    kind: str  # the decision kind, and the deadline setting that applies
    commands: dict[type, Handler]
    ends: str
    next: str  # the next stage, or END_OF_TURN (the next player's turn, or the end of the game)
    passes: Callable[[Ctx], bool] | None  # ends the stage when there is nothing to decide


_TRADE: dict[type, Handler] = {
    Propose: propose,
    AcceptOffer: accept,
    DeclineOffer: decline,
    CounterOffer: counter,
    WithdrawOffer: withdraw,
    EndTrading: end_trading,
}
_DRAW_ENDS = "the current player draws, 0 up to a hand of 5; passes by itself with no choice"
_TRADE_ENDS = "the current player ends trading; open offers lapse"

# Stage → its rules, in the order of the Turn Sequence (`state.STAGES`).
FLOW: dict[str, StageRule] = {
    DRAW1: StageRule(
        name=STAGE_NAMES[DRAW1],
        kind=KINDS[DRAW1],
        commands={Draw: draw},
        ends=_DRAW_ENDS,
        next=TRADE1,
        passes=pass_draw,
    ),
    TRADE1: StageRule(
        name=STAGE_NAMES[TRADE1],
        kind=KINDS[TRADE1],
        commands=_TRADE,
        ends=_TRADE_ENDS,
        next=DISCARD,
        passes=None,
    ),
    DISCARD: StageRule(
        name=STAGE_NAMES[DISCARD],
        kind=KINDS[DISCARD],
        commands={Discard: discard},
        ends="the current player discards 0 to 3 cards; passes by itself with an empty hand",
        next=DRAW2,
        passes=pass_discard,
    ),
    DRAW2: StageRule(
        name=STAGE_NAMES[DRAW2],
        kind=KINDS[DRAW2],
        commands={Draw: draw},
        ends=_DRAW_ENDS,
        next=TRADE2,
        passes=pass_draw,
    ),
    TRADE2: StageRule(
        name=STAGE_NAMES[TRADE2],
        kind=KINDS[TRADE2],
        commands=_TRADE,
        ends=_TRADE_ENDS,
        next=BUILD,
        passes=None,
    ),
    BUILD: StageRule(
        name=STAGE_NAMES[BUILD],
        kind=KINDS[BUILD],
        commands={Build: build},
        ends="the current player picks a category and builds; passes by itself with an empty hand",
        next=END_OF_TURN,
        passes=pass_build,
    ),
}
_PASSES = {stage: rule.passes for stage, rule in FLOW.items()}


def advance(ctx: Ctx) -> None:
    """Pass every stage in which the current player has nothing to decide, until somebody must
    decide or the game ends."""
    while ctx.state.result is None:
        passes = _PASSES[ctx.state.turn.stage]
        if passes is None or not passes(ctx):
            return


def apply_defaults(ctx: Ctx, cmd: ApplyDefaults) -> None:
    """Answer the pending decisions of `cmd.seats` (every seat if empty) with their defaults,
    until none of theirs is left in this stage of this turn."""
    state = ctx.state
    for seat in cmd.seats:
        if not 0 <= seat < state.players:
            raise RuleError("seat", f"There is no Player {seat + 1} at this table.")
    seats = set(cmd.seats) if cmd.seats else set(range(state.players))
    first = [d for d in pending(state) if d.seat in seats]
    if not first:
        raise RuleError("nothing_pending", "None of those players has a decision to make now.")
    ctx.emit(
        DefaultsApplied(
            seats=tuple(sorted({d.seat for d in first})), kinds=tuple(d.kind for d in first)
        )
    )
    where = (state.turn.number, state.turn.stage)
    while ctx.state.result is None and (ctx.state.turn.number, ctx.state.turn.stage) == where:
        todo = [d for d in pending(ctx.state) if d.seat in seats]
        if not todo:
            return
        default = todo[0].default
        FLOW[ctx.state.turn.stage].commands[type(default)](ctx, default)
        advance(ctx)


# Stage → every command it accepts, `ApplyDefaults` included.
_DISPATCH: dict[str, dict[type, Handler]] = {
    stage: {**rule.commands, ApplyDefaults: apply_defaults} for stage, rule in FLOW.items()
}


def _home(command: Command) -> str:
    stages = [rule.name for rule in FLOW.values() if type(command) in rule.commands]
    return " or ".join(dict.fromkeys(stages))


def execute(state: TownState, command: Command) -> tuple[list[Event], TownState]:
    """The events `command` causes and the state they lead to (the same as folding them with
    `evolve`, which deciding has already done), or a `RuleError` saying what to do instead."""
    if state.result is not None:
        raise RuleError("game_over", "The game has ended; start a new game to play again.")
    handler = _DISPATCH[state.turn.stage].get(type(command))
    if handler is None:
        raise RuleError(
            "wrong_stage",
            f"That cannot be done during the {FLOW[state.turn.stage].name} Phase; it belongs to "
            f"the {_home(command)} Phase.",
            stage=state.turn.stage,
        )
    if not 0 <= command.seat < state.players and handler is not apply_defaults:
        raise RuleError("seat", f"There is no Player {command.seat + 1} at this table.")
    ctx = new_context(state)
    handler(ctx, command)
    advance(ctx)
    return ctx.events, ctx.state


def decide(state: TownState, command: Command) -> list[Event]:
    """The events `command` causes, or a `RuleError` saying what to do instead."""
    return execute(state, command)[0]


def stage(state: TownState) -> Stage:
    """Where the game stands: the key changes with every turn, stage and offer event; the kind is
    "offer" while an offer waits for answers."""
    turn = state.turn
    name = FLOW[turn.stage].name
    if state.result is not None:
        winner = state.result.ranking[0]
        return Stage(
            key=f"t{turn.number}:over",
            kind=FLOW[turn.stage].kind,
            label=f"Game over after turn {turn.number} — Player {winner + 1} wins",
        )
    key = f"t{turn.number}:{turn.stage}"
    if state.moves:
        key += f":o{state.moves}"
    kind = FLOW[turn.stage].kind
    if any(o.status == of.OPEN for o in state.offers):
        kind = OFFER
    return Stage(key=key, kind=kind, label=f"Turn {turn.number} — Player {turn.seat + 1}: {name}")
