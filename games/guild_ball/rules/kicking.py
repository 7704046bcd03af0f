"""Kicks in an activation: passes to a friendly model or a target spot, Shots at goal, and what
may follow a successful pass (Pass & Move, Snap Shot).

- "During its activation, a model in possession of the ball may make a kick at the cost of 1
  influence." "A kick must target a target spot, friendly model, or enemy goalpost but doesn't
  require LOS."
- "In order to make a Shot, a model must spend 1 MP in addition to the influence cost".
- "When a model makes a successful pass which targets a friendly model, the friendly team gains
  1 MP."
- "After a successful pass, either the passing model or the receiving model may spend 1 MP to
  make a 4" dodge." "the receiving model may spend 2 MP to make an out-of-activation Shot without
  spending influence ... A Snap Shot requires 2 net hits to score a goal".
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.guild_ball.pitch import BALL_RADIUS, GOALPOST_RADIUS, Base, Point, within
from games.guild_ball.pitch.movement import placement
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.ball import (
    check_ball_spot,
    check_kick_target,
    goal_scored,
    kick_scatter_from,
    may_hold,
    rest,
    roll_kick,
)
from games.guild_ball.rules.commands import FollowUp, GiveUpBall, Pass, Shoot
from games.guild_ball.rules.context import (
    Ctx,
    active_unit,
    base_of,
    engaged_by,
    goalpost_centre,
    label,
    name,
    pitch_of,
    scene,
    unit_of,
)
from games.guild_ball.rules.health import gain_mp, spend_mp
from games.guild_ball.rules.moving import spend, spend_bonus
from games.guild_ball.rules.sequences import KICK, reach
from games.guild_ball.rules.state import Dodge, Follow, Unit
from games.guild_ball.rules.traits import fire, gain_ball

PASS_AND_MOVE = 4
SNAP_SHOT_MP = 2
SNAP_SHOT_HITS = 2


def _kicker(ctx: Ctx, seat: int) -> Unit:
    unit = active_unit(ctx.state, seat)
    if ctx.state.ball_holder != unit.id:
        raise RuleError("no_ball", f"{label(unit)} does not have the ball.")
    return unit


def enemy_goal(state, seat: int) -> Base:
    """The enemy goalpost's base."""
    return Base(goalpost_centre(1 - state.teams[seat].side, pitch_of(state)), GOALPOST_RADIUS)


def pass_ball(ctx: Ctx, cmd: Pass) -> None:
    """A pass to a friendly model or to a target spot."""
    reach(ctx, KICK["1"])
    state = ctx.state
    unit = _kicker(ctx, cmd.seat)
    if bool(cmd.target) == (cmd.spot is not None):
        raise RuleError("pass_target", "Pass to a friendly model (target) or a spot, not both.")
    receiver = None
    if cmd.target:
        receiver = unit_of(state, cmd.target)
        if receiver.seat != unit.seat or receiver.id == unit.id or not may_hold(receiver):
            raise RuleError(
                "pass_target",
                "Pass to another friendly model on the pitch that is not knocked down.",
            )
        aim = base_of(receiver)
    else:
        aim = Base(Point(*cmd.spot), 0.0)
        if not pitch_of(state).holds(Base(aim.centre, BALL_RADIUS)):
            raise RuleError("spot_off_pitch", "Put the target spot on the pitch.")
        check_ball_spot(state, aim.centre, "spot_not_placeable", "target spot")
    check_kick_target(ctx, unit, aim if receiver else Base(aim.centre, BALL_RADIUS), "target")
    spend(ctx, unit, 1, "a kick")
    spend_bonus(ctx, cmd.seat, cmd.bonus)
    hits, _ = roll_kick(ctx, ctx.state.unit(unit.id), aim, receiver, "pass", cmd.bonus)
    ctx.emit(ev.BallFree(x=aim.centre.x, y=aim.centre.y, how="kick"))
    if receiver is not None and hits:
        gain_ball(ctx, receiver.id, "pass")
        gain_mp(ctx, unit.seat, 1, "pass")
        fire(ctx, "pass_made", unit.id, receiver.id)
        if ctx.state.teams[unit.seat].mp >= 1:
            ctx.emit(ev.FollowStep(follow=Follow(passer=unit.id, receiver=receiver.id)))
        return
    kick_scatter_from(ctx, ctx.state.unit(unit.id), aim, may_reroll=receiver is None and hits > 0)


def give_up(ctx: Ctx, cmd: GiveUpBall) -> None:
    """ "During its activation, an active model in possession of the ball and not engaged may
    give up possession at any point ... the model places the ball within 1"; the ball then
    becomes a free ball. A model that has given up possession in this way may not regain
    possession during the same activation." """
    state = ctx.state
    unit = _kicker(ctx, cmd.seat)
    if engaged_by(state, unit):
        raise RuleError("engaged", "An engaged model may not give up the ball: pass it instead.")
    ball = Base(Point(*cmd.spot), BALL_RADIUS)
    sc = scene(state)
    if not within(ball, base_of(unit), 1.0) or placement(sc, ball) is not None:
        raise RuleError(
            "ball_place",
            'Place the ball within 1" of the model, on the pitch, clear of every base.',
        )
    ctx.emit(ev.NoSnap(model=unit.id))
    rest(ctx, ball.centre, "placed", by=unit.seat)


def shoot(ctx: Ctx, cmd: Shoot) -> None:
    """A Shot at the enemy goalpost."""
    reach(ctx, KICK["1"])
    state = ctx.state
    unit = _kicker(ctx, cmd.seat)
    cost = 1 + cmd.bonus
    if state.teams[cmd.seat].mp < cost:
        raise RuleError("no_momentum", f"A Shot needs 1 MP (and Bonus Time 1 more): {cost} MP.")
    goal = enemy_goal(state, cmd.seat)
    check_kick_target(ctx, unit, goal, "enemy goalpost")
    spend(ctx, unit, 1, "a Shot")
    spend_mp(ctx, cmd.seat, 1, "shot")
    spend_bonus(ctx, cmd.seat, cmd.bonus)
    _shot(ctx, ctx.state.unit(unit.id), cmd.bonus, 1)


def _shot(ctx: Ctx, unit: Unit, bonus: bool, needed: int) -> None:
    from games.guild_ball.rules.turns import end_activation

    goal = enemy_goal(ctx.state, unit.seat)
    hits, dice = roll_kick(ctx, unit, goal, None, "shot", bonus)
    if hits >= needed:
        goal_scored(ctx, unit, dice)
        if ctx.state.result is None and ctx.state.activation is not None:
            end_activation(ctx)
        return
    ctx.emit(ev.BallFree(x=goal.centre.x, y=goal.centre.y, how="kick"))
    kick_scatter_from(ctx, unit, goal)


def follow_up(ctx: Ctx, cmd: FollowUp) -> None:
    """Pass & Move or Snap Shot, or neither."""
    state = ctx.state
    f = state.follow
    if f is None:
        raise RuleError("no_follow_up", "No pass waits for a follow-up.")
    passer = state.unit(f.passer)
    if cmd.seat != passer.seat:
        raise RuleError("not_your_pass", f"{name(passer.seat)} answers this.")
    mp = state.teams[cmd.seat].mp
    if cmd.choice == "move":
        if cmd.model not in (f.passer, f.receiver):
            raise RuleError("pass_and_move", "Pass & Move is for the passer or the receiver.")
        if mp < 1:
            raise RuleError("no_momentum", "Pass & Move needs 1 MP.")
        ctx.emit(ev.FollowStep(follow=None))
        spend_mp(ctx, cmd.seat, 1, "pass & move")
        ctx.emit(ev.DodgeStep(dodge=Dodge(model=cmd.model, inches=PASS_AND_MOVE, why="pass")))
        return
    if cmd.choice == "shot":
        if mp < SNAP_SHOT_MP + cmd.bonus:
            raise RuleError("no_momentum", "A Snap Shot needs 2 MP (and Bonus Time 1 more).")
        reach(ctx, KICK["1"])
        receiver = state.unit(f.receiver)
        check_kick_target(ctx, receiver, enemy_goal(state, cmd.seat), "enemy goalpost")
        ctx.emit(ev.FollowStep(follow=None))
        spend_mp(ctx, cmd.seat, SNAP_SHOT_MP, "snap shot")
        spend_bonus(ctx, cmd.seat, cmd.bonus)
        _shot(ctx, ctx.state.unit(receiver.id), cmd.bonus, SNAP_SHOT_HITS)
        return
    if cmd.choice != "none":
        raise RuleError("follow_choice", "Answer move, shot or none.")
    ctx.emit(ev.FollowStep(follow=None))
