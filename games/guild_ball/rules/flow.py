"""`decide`: each command to its rule, then `advance` until somebody must decide; the defaults of
absent players; and where the game stands (`stage`). The round structure as a table:

| phase | commands | ends when | next |
|---|---|---|---|
| prepare | Prepare (both seats, at once, secret) | both prepared | teams shown, starting roll |
| choose | ChooseKicking (the roll's winner) | chosen | deploy |
| deploy | Deploy (kicking seat, then receiving) | both deployed | kick_off |
| kick_off | KickOff (kicking seat) | kicked | landing (interceptions), give, turn 1 |
| plans | ChoosePlan (both, at once, secret) | both chosen | plans shown |
| initiative | ChooseInitiative (the higher total) | chosen | plans resolved, maintenance |
| maintenance | Allocate (both, at once, secret) | both allocated | activation |
| activation | Activate, the actions; React, PartingBlow, Intercept | no model left | End Phase |
| within an action | ChooseResult, DodgeTo, RerollScatter, FollowUp, GoalKick | answered | on |
| after a response | BonusTime (the attacker's, at the attack's 2.2) | answered | the dice |

The actions of an activation: Jog, Sprint, Charge, StandUp, Attack, Pass, GiveUpBall, Shoot,
UsePlay (a play or an active trait), Rest, Encourage, EndActivation; and Glide, which is not an
action ("Gliding isn't an action"). After the End Phase the next turn begins with its plans.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import RuleError
from engine.core.game import Stage
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.attacks import bonus_time, choose, declare, react
from games.guild_ball.rules.ball import goal_kick, intercept, reroll
from games.guild_ball.rules.context import (
    Ctx,
    active_unit,
    label,
    name,
    new_context,
    unit_of,
)
from games.guild_ball.rules.events import Event
from games.guild_ball.rules.kicking import follow_up, give_up, pass_ball, shoot
from games.guild_ball.rules.moving import (
    declare_charge,
    dodge_to,
    glide,
    jog,
    parting,
    spend,
    stand_up,
)
from games.guild_ball.rules.pending import (
    REACTION,
    REACTION_WINDOW,
    SETUP,
    TURN,
    out_of_turn,
    pending,
)
from games.guild_ball.rules.plays import encourage, rest, use_play
from games.guild_ball.rules.pregame import choose_kicking, deploy, give_ball, kick_off, prepare
from games.guild_ball.rules.sequences import ATTACK, reach
from games.guild_ball.rules.state import (
    ACTIVATION,
    INITIATIVE,
    KD,
    MAINTENANCE,
    PLANS,
    GuildBallState,
)
from games.guild_ball.rules.turns import (
    activate,
    advance,
    allocate,
    choose_initiative,
    choose_plan,
    end_activation,
    skip_activation,
)

Handler = Callable[[Ctx, Any], None]


def attack(ctx: Ctx, cmd: cm.Attack) -> None:
    """An attack on an engaged enemy model, for 1 influence."""
    from games.guild_ball.rules.context import engages

    state = ctx.state
    reach(ctx, ATTACK["1"])
    unit = active_unit(state, cmd.seat)
    target = unit_of(state, cmd.target)
    if KD in unit.conditions:
        raise RuleError("knocked_down", "A knocked-down model may not attack: stand up first.")
    if target.seat == unit.seat or not engages(state, unit, target):
        raise RuleError(
            "not_engaging",
            f"{label(unit)} may attack only an enemy model it engages (in its melee zone and LOS).",
        )
    spend(ctx, unit, 1, "an attack")
    if cmd.bonus and state.teams[cmd.seat].mp < 1:
        raise RuleError("no_momentum", "Bonus Time needs 1 MP.")
    declare(ctx, ctx.state.unit(unit.id), target, "attack", cmd.bonus)


def intercept_cmd(ctx: Ctx, cmd: cm.Intercept) -> None:
    it = ctx.state.intercept
    if it is None:
        raise RuleError("no_interception", "No ball is passing any model now.")
    if it.may_reroll:
        raise RuleError("not_now", "The kicker may reroll the scatter first.")
    owner = ctx.state.unit(it.candidates[0]).seat
    if cmd.seat != owner:
        raise RuleError("not_your_model", f"{name(owner)} answers for the model on the ball path.")
    intercept(ctx, cmd.take)


def reroll_cmd(ctx: Ctx, cmd: cm.RerollScatter) -> None:
    it = ctx.state.intercept
    if it is None or not it.may_reroll:
        raise RuleError("no_reroll", "No kick scatter may be rerolled now.")
    if cmd.seat != it.kicking_seat:
        raise RuleError("not_your_kick", f"{name(it.kicking_seat)} chooses for the kick.")
    reroll(ctx, cmd.reroll)


def goal_kick_cmd(ctx: Ctx, cmd: cm.GoalKick) -> None:
    if ctx.state.goal_kick != cmd.seat:
        raise RuleError("no_goal_kick", "Only the player who conceded takes the goal kick, now.")
    if ctx.state.dodge is not None:
        raise RuleError("finish_first", "The scorer may Run the Length first; wait for it.")
    goal_kick(ctx, cmd.seat, cmd.target)


def end_cmd(ctx: Ctx, cmd: cm.EndActivation) -> None:
    end_activation(ctx, cmd)


def apply_defaults(ctx: Ctx, cmd: cm.ApplyDefaults) -> None:
    """Answer the pending decisions of `cmd.seats` (every waiting seat if empty) by their
    defaults, each as long as it is still pending."""
    state = ctx.state
    for seat in cmd.seats:
        if seat not in (0, 1):
            raise RuleError("seat", f"There is no {name(seat)} at this table.")
    seats = set(cmd.seats) if cmd.seats else {0, 1}
    todo = [(d.seat, d.kind) for d in pending(state) if d.seat in seats]
    if not todo:
        raise RuleError("nothing_pending", "Neither of those players has a decision to make now.")
    for seat, kind in todo:
        now = next((d for d in pending(ctx.state) if d.seat == seat and d.kind == kind), None)
        if now is None:
            continue
        _DISPATCH[type(now.default)](ctx, now.default)
        advance(ctx)


_DISPATCH: dict[type, Handler] = {
    cm.Prepare: prepare,
    cm.ChooseKicking: choose_kicking,
    cm.Deploy: deploy,
    cm.KickOff: kick_off,
    cm.GiveBallTo: give_ball,
    cm.ChoosePlan: choose_plan,
    cm.ChooseInitiative: choose_initiative,
    cm.Allocate: allocate,
    cm.Activate: activate,
    cm.SkipActivation: skip_activation,
    cm.Jog: jog,
    cm.Sprint: jog,
    cm.Charge: declare_charge,
    cm.StandUp: stand_up,
    cm.Attack: attack,
    cm.Pass: pass_ball,
    cm.GiveUpBall: give_up,
    cm.Shoot: shoot,
    cm.UsePlay: use_play,
    cm.Rest: rest,
    cm.Encourage: encourage,
    cm.EndActivation: end_cmd,
    cm.React: react,
    cm.ChooseResult: choose,
    cm.DodgeTo: dodge_to,
    cm.Intercept: intercept_cmd,
    cm.RerollScatter: reroll_cmd,
    cm.FollowUp: follow_up,
    cm.GoalKick: goal_kick_cmd,
    cm.ApplyDefaults: apply_defaults,
    cm.Glide: glide,
    cm.PartingBlow: parting,
    cm.BonusTime: bonus_time,
}


# The answers to a step within an action, by the kind of decision they answer: they are taken
# only when that decision comes first (a dodge before the pass's follow-up or the goal kick).
_ANSWERS: dict[type, str] = {
    cm.React: "reaction",
    cm.ChooseResult: "playbook",
    cm.DodgeTo: "dodge",
    cm.RerollScatter: "reroll",
    cm.Intercept: "intercept",
    cm.FollowUp: "follow_up",
    cm.GoalKick: "goal_kick",
    cm.PartingBlow: "parting_blow",
    cm.BonusTime: "bonus_time",
}


def _in_order(state: GuildBallState, command: cm.Command) -> None:
    kind = _ANSWERS.get(type(command))
    if kind is None:
        return
    waits = pending(state)
    if waits and waits[0].kind != kind:
        first = waits[0]
        raise RuleError(
            "not_now",
            f"The game waits for {name(first.seat)}'s {first.kind.replace('_', ' ')} first.",
        )


def run(ctx: Ctx, command: cm.Command) -> None:
    """Decide `command` in `ctx`: its rule, then `advance` until somebody must decide."""
    state = ctx.state
    if state.result is not None:
        raise RuleError("game_over", "The game has ended; start a new game to play again.")
    handler = _DISPATCH[type(command)]
    if handler is not apply_defaults and command.seat not in (0, 1):
        raise RuleError("seat", f"There is no {name(command.seat)} at this table.")
    _in_order(state, command)
    handler(ctx, command)
    advance(ctx)


def execute(state: GuildBallState, command: cm.Command) -> tuple[list[Event], GuildBallState]:
    """The events `command` causes and the state they lead to, or a `RuleError`."""
    ctx = new_context(state)
    run(ctx, command)
    return ctx.events, ctx.state


def decide(state: GuildBallState, command: cm.Command) -> list[Event]:
    return execute(state, command)[0]


def stage(state: GuildBallState) -> Stage:
    """Where the game stands; the key changes with every new wait."""
    key = f"w{state.waits}"
    if state.result is not None:
        winner = state.result.winner
        who = "a draw" if winner is None else f"{name(winner)} won"
        return Stage(key="over", kind=TURN, label=f"Game over — {who}")
    waits = pending(state)
    what = waits[0].kind.replace("_", " ") if waits else "nothing"
    if state.phase not in (PLANS, INITIATIVE, MAINTENANCE, ACTIVATION) or state.turn == 0:
        return Stage(key=key, kind=SETUP, label=f"Pre-game — {what}")
    seats = sorted({d.seat for d in waits})
    who = " and ".join(name(s) for s in seats)
    label_ = f"Turn {state.turn} — {who}: {what}"
    if out_of_turn(state):
        return Stage(key=key, kind=REACTION, label=label_, window=state.reaction or REACTION_WINDOW)
    return Stage(key=key, kind=TURN, label=label_)
