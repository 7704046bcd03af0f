"""`decide`: each command to its rule, the turn ended by itself when nothing is left to do, the
defaults of absent Players, and where the game stands (`stage`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import RuleError
from engine.core.game import Stage
from games.winterforge.rules import commands as cm
from games.winterforge.rules.alleyways import buy_rune, donate, hire_thief, sell_held
from games.winterforge.rules.bank import repay_loan, take_loan
from games.winterforge.rules.context import Ctx, WinterforgeContext
from games.winterforge.rules.events import DefaultsApplied, Event, RoyalChosen
from games.winterforge.rules.evolve import apply_moved
from games.winterforge.rules.forge import forge, train
from games.winterforge.rules.guildhall import request_funds, take_contracts
from games.winterforge.rules.market import buy, refresh_row
from games.winterforge.rules.moving import move, moved
from games.winterforge.rules.pending import ROYAL, TURN, pending
from games.winterforge.rules.state import ACTIONS_PER_TURN, LORDS, SOLO, WinterforgeState
from games.winterforge.rules.tavern import hire, refresh_tavern
from games.winterforge.rules.turns import begin_turn, end_turn, finish_turn, turn_spent

Handler = Callable[[Ctx, Any], None]


def choose_royal(ctx: Ctx, cmd: cm.ChooseRoyal) -> None:
    """Set Up step 4: "Each Player secretly chooses 1 Royal Contract to keep"."""
    g = ctx.state.guilds[cmd.seat]
    if not g.royal_offer:
        raise RuleError("no_choice", "You have no Royal Contract to choose now.")
    if cmd.royal not in g.royal_offer:
        raise RuleError("not_dealt", "Keep one of the two Royal Contracts dealt to you.")
    returned = next(r for r in g.royal_offer if r != cmd.royal)
    ctx.emit(RoyalChosen(seat=cmd.seat, royal=cmd.royal, returned=returned))
    if not ctx.state.choosing:
        begin_turn(ctx)


def apply_defaults(ctx: Ctx, cmd: cm.ApplyDefaults) -> None:
    """Answer the pending decisions of `cmd.seats` (every seat if empty) with their defaults."""
    state = ctx.state
    for seat in cmd.seats:
        if not 0 <= seat < state.players:
            raise RuleError("seat", f"There is no Player {seat + 1} at this table.")
    seats = set(cmd.seats) if cmd.seats else set(range(state.players))
    todo = [d for d in pending(state) if d.seat in seats]
    if not todo:
        raise RuleError("nothing_pending", "None of those Players has a decision to make now.")
    ctx.emit(
        DefaultsApplied(
            seats=tuple(sorted({d.seat for d in todo})), kinds=tuple(d.kind for d in todo)
        )
    )
    for decision in todo:
        if ctx.state.result is not None:
            return
        _DISPATCH[type(decision.default)](ctx, decision.default)


_DISPATCH: dict[type, Handler] = {
    cm.ChooseRoyal: choose_royal,
    cm.Move: move,
    cm.Train: train,
    cm.Forge: forge,
    cm.Buy: buy,
    cm.RefreshRow: refresh_row,
    cm.TakeContracts: take_contracts,
    cm.RequestFunds: request_funds,
    cm.TakeLoan: take_loan,
    cm.RepayLoan: repay_loan,
    cm.Hire: hire,
    cm.RefreshTavern: refresh_tavern,
    cm.Donate: donate,
    cm.HireThief: hire_thief,
    cm.BuyRune: buy_rune,
    cm.SellHeld: sell_held,
    cm.EndTurn: end_turn,
    cm.ApplyDefaults: apply_defaults,
}


def execute(state: WinterforgeState, command: cm.Command) -> tuple[list[Event], WinterforgeState]:
    """The events `command` causes and the state they lead to, or a `RuleError` saying what to
    do instead."""
    if state.result is not None:
        raise RuleError("game_over", "The game has ended; start a new game to play again.")
    handler = _DISPATCH[type(command)]
    if handler is not apply_defaults and not 0 <= command.seat < state.players:
        raise RuleError("seat", f"There is no Player {command.seat + 1} at this table.")
    ctx: WinterforgeContext | None
    if type(command) is cm.Move:
        # The commonest command (half of a random game's): one event and no draw, so its rule
        # and its change are applied without a context, unless it ends the turn.
        event = moved(state, command)
        events: list[Event] = [event]
        after = apply_moved(state, event)
        ctx = None
    else:
        ctx = WinterforgeContext(state)
        handler(ctx, command)
        after = ctx.state
        events = ctx.events
    turn = after.turn
    if (
        # `turn_spent` asked only when it may be yes: a turn of 3 actions with fewer taken and no
        # solo Event (most commands) is not.
        (turn.actions >= ACTIONS_PER_TURN or turn.event or after.variant == LORDS)
        and after.result is None
        and turn.number == state.turn.number
        and (turn.number or not after.choosing)
        and turn_spent(after)
    ):
        if ctx is None:
            ctx = WinterforgeContext(after)
            ctx.events = events
        finish_turn(ctx)
        return ctx.events, ctx.state
    return events, after


def decide(state: WinterforgeState, command: cm.Command) -> list[Event]:
    """The events `command` causes, or a `RuleError` saying what to do instead."""
    return execute(state, command)[0]


def stage(state: WinterforgeState) -> Stage:
    """Where the game stands: the key changes with every turn."""
    turn = state.turn
    period = "Day" if state.variant == LORDS else "Round"
    if state.result is not None:
        winners = " and ".join(f"Player {s + 1}" for s in state.result.winners)
        label = f"Game over — {winners} " + ("wins" if len(state.result.winners) == 1 else "tie")
        if state.variant == SOLO:
            label = f"Game over — {state.result.totals[0]} RP"
        return Stage(key=f"t{turn.number}:over", kind=TURN, label=label)
    if state.choosing:
        return Stage(key="setup:royal", kind=ROYAL, label="Set Up — choosing Royal Contracts")
    if state.variant == SOLO:
        label = f"Turn {turn.number} of 15"
    else:
        label = f"{period} {turn.round} — Player {turn.seat + 1}'s turn"
    return Stage(key=f"t{turn.number}", kind=TURN, label=label)
