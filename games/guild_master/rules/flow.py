"""The round structure as a table, and `decide`.

"Guild Master is played over 9 Rounds, each with 5 phases": Start of Round and Plot Phase (both
skipped in Round 1), Order Phase, Action Phase and Reset Phase. Each phase lists the commands it
accepts and the step that moves the game on by itself until somebody has to decide something.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import RuleError
from games.guild_master.rules.action_phase import advance_action
from games.guild_master.rules.attempt_contract import choose_bonus_target, choose_replacement
from games.guild_master.rules.commands import (
    AnswerSplit,
    ApplyDefaults,
    ArrangePeek,
    ChooseBonusTarget,
    ChooseBuilds,
    ChooseCooperation,
    ChooseFallback,
    ChooseFreeBuild,
    ChooseReplacement,
    ChooseSetup,
    ChooseStance,
    Command,
    CorrectOrder,
    DeclineOrder,
    EndPlot,
    KeepContracts,
    ModifyRoll,
    PayGold,
    ProposeSplit,
    SetOrders,
    SetReady,
    UseBoon,
    UsePlotAbility,
)
from games.guild_master.rules.context import Ctx
from games.guild_master.rules.contract_contest import (
    answer_split,
    choose_cooperation,
    choose_stance,
    propose_split,
)
from games.guild_master.rules.deals import pay_gold
from games.guild_master.rules.effect_choices import arrange_peek, choose_free_build, keep_contracts
from games.guild_master.rules.events import DefaultsApplied, Event, OrderDeclined, RoundStarted
from games.guild_master.rules.hire_builders import choose_builds
from games.guild_master.rules.order_phase import (
    correct_order,
    describe_objective,
    reveal_when_ready,
    set_orders,
    set_ready,
)
from games.guild_master.rules.pending import pending
from games.guild_master.rules.plot_phase import advance_plot, end_plot, use_boon, use_plot_ability
from games.guild_master.rules.private_and_wander import choose_fallback
from games.guild_master.rules.reset_phase import reset
from games.guild_master.rules.setup import choose_setup, finish_setup
from games.guild_master.rules.skill_check import modify_roll
from games.guild_master.rules.start_of_round import start_of_round
from games.guild_master.rules.state import (
    HIRE,
    NONE,
    ActionStep,
    CompleteTask,
    ContestedCheckTask,
    ContestTask,
    ContractTask,
    GameState,
    HireTask,
    Phase,
    RecruitTask,
    SpaceTask,
    UnassignedTask,
)

Handler = Callable[[Ctx, Any], None]


def _setup_done(ctx: Ctx) -> bool:
    """Setup 3–4 once every guild has chosen, then Round 1 begins."""
    if not finish_setup(ctx):
        return False
    ctx.emit(RoundStarted(round=1))
    return True


def decline_order(ctx: Ctx, cmd: DeclineOrder) -> None:
    step = ctx.action
    order = step.order(cmd.seat, cmd.space)
    if order is None or order.status != "pending" or order.objective == NONE:
        raise RuleError(
            "nothing_to_decline",
            f"You have no order card waiting to resolve on order space {cmd.space}.",
        )
    if _resolving(step, cmd.seat, cmd.space, order.objective):
        raise RuleError(
            "resolving_now",
            f"Your {describe_objective(order.objective)} order is resolving now; answer its "
            "question instead (build nothing, or withdraw from the contest).",
        )
    ctx.emit(OrderDeclined(seat=cmd.seat, space=cmd.space))


def _resolving(step: ActionStep, seat: int, space: int, objective: str) -> bool:
    """Is the order (seat, space) part of the task at the head of the resolution queue?"""
    if not step.queue:
        return False
    head = step.queue[0]
    if isinstance(head, SpaceTask | UnassignedTask) or head.space != space:
        return False
    if isinstance(head, HireTask):
        return objective == HIRE
    if isinstance(head, RecruitTask | ContractTask):
        return objective == str(head.spot)
    if isinstance(head, ContestedCheckTask | ContestTask | CompleteTask):
        return seat in head.seats
    return head.seat == seat


def apply_defaults(ctx: Ctx, cmd: ApplyDefaults) -> None:
    """Answer the pending decisions of `cmd.seats` (every seat if empty) with their defaults,
    until none of theirs is left in this phase: a deadline passed or the host forced the phase."""
    seats = set(cmd.seats) if cmd.seats else set(range(ctx.state.players))
    first = [d for d in pending(ctx.state) if d.seat in seats]
    if not first:
        raise RuleError("nothing_pending", "Nobody has a decision to make right now.")
    ctx.emit(
        DefaultsApplied(
            seats=tuple(sorted({d.seat for d in first})), kinds=tuple(d.kind for d in first)
        )
    )
    where = (ctx.state.round, ctx.state.phase)
    while (ctx.state.round, ctx.state.phase) == where:
        todo = [d for d in pending(ctx.state) if d.seat in seats]
        if not todo:
            break
        default = todo[0].default
        if isinstance(default, SetOrders):
            set_orders(ctx, default, force=True)
        else:
            RULES[ctx.state.phase][type(default)](ctx, default)
        advance(ctx)


_ANYTIME: dict[type, Handler] = {PayGold: pay_gold, ApplyDefaults: apply_defaults}
# Answers to an effect waiting for its owner's choice (plot abilities and boons, bonuses).
_PROMPT: dict[type, Handler] = {
    KeepContracts: keep_contracts,
    ArrangePeek: arrange_peek,
    ChooseFreeBuild: choose_free_build,
}

# Phase → the commands it accepts.
RULES: dict[Phase, dict[type, Handler]] = {
    Phase.SETUP: {ChooseSetup: choose_setup, ApplyDefaults: apply_defaults},
    Phase.START: {},
    Phase.PLOT: {
        UsePlotAbility: use_plot_ability,
        UseBoon: use_boon,
        EndPlot: end_plot,
        **_PROMPT,
        **_ANYTIME,
    },
    Phase.ORDERS: {SetOrders: set_orders, SetReady: set_ready, **_ANYTIME},
    Phase.ACTION: {
        CorrectOrder: correct_order,
        DeclineOrder: decline_order,
        ProposeSplit: propose_split,
        AnswerSplit: answer_split,
        ChooseStance: choose_stance,
        ChooseCooperation: choose_cooperation,
        ChooseBuilds: choose_builds,
        ChooseFallback: choose_fallback,
        ChooseReplacement: choose_replacement,
        ChooseBonusTarget: choose_bonus_target,
        ModifyRoll: modify_roll,
        **_PROMPT,
        **_ANYTIME,
    },
    Phase.RESET: {},
    Phase.ENDED: {},
}

# Phase → the step that moves the game on; it returns False while waiting for a decision.
ADVANCE: dict[Phase, Callable[[Ctx], bool] | None] = {
    Phase.SETUP: _setup_done,
    Phase.START: start_of_round,
    Phase.PLOT: advance_plot,
    Phase.ORDERS: reveal_when_ready,
    Phase.ACTION: advance_action,
    Phase.RESET: reset,
    Phase.ENDED: None,
}

PHASE_NAMES = {
    Phase.SETUP: "setup",
    Phase.START: "Start of Round",
    Phase.PLOT: "Plot Phase",
    Phase.ORDERS: "Order Phase",
    Phase.ACTION: "Action Phase",
    Phase.RESET: "Reset Phase",
    Phase.ENDED: "end of the game",
}

# When a command comes in the wrong phase, the phase where it belongs.
_HOME = {
    cls: phase
    for phase, table in RULES.items()
    for cls in table
    if cls not in _ANYTIME and cls not in _PROMPT
}


def advance(ctx: Ctx) -> None:
    """Run the game on until it waits for a decision (or an effect for its owner's choice) or
    ends."""
    while ctx.state.prompt is None:
        step = ADVANCE[ctx.state.phase]
        if step is None or not step(ctx):
            return


def decide(state: GameState, command: Command) -> list[Event]:
    """The events `command` causes, or a `RuleError` saying what to do instead."""
    return execute(state, command)[0]


def execute(state: GameState, command: Command) -> tuple[list[Event], GameState]:
    """`decide`, and the state its events lead to (the same as folding them with `evolve`, which
    deciding has already done)."""
    if state.phase is Phase.ENDED:
        raise RuleError("game_over", "The game has ended; start a new game to play again.")
    handler = RULES[state.phase].get(type(command))
    if handler is None:
        home = _HOME.get(type(command))
        where = f" It belongs to the {PHASE_NAMES[home]}." if home else ""
        raise RuleError(
            "wrong_phase",
            f"That cannot be done during the {PHASE_NAMES[state.phase]}.{where}",
            phase=state.phase.value,
        )
    # Defaults are applied by a deadline or the host (-1) as well as by a seat.
    lowest = -1 if isinstance(command, ApplyDefaults) else 0
    if not lowest <= command.seat < state.players:
        raise RuleError("seat", f"There is no seat {command.seat} at this table.")
    if state.prompt is not None and type(command) not in _PROMPT and type(command) not in _ANYTIME:
        raise RuleError(
            "effect_waiting",
            f"Guild {state.prompt.seat + 1} is choosing how an effect resolves; that comes first.",
        )
    ctx = Ctx(state)
    handler(ctx, command)
    advance(ctx)
    return ctx.events, ctx.state
