"""The ball: scatters, throw-ins, snap-to, kicks (passes, Shots, the kick off, goal kicks) and
interception.

- "If a model in possession of the ball suffers the knocked down condition, scatter the ball
  using the circular scatter rules with the template centred on the knocked down model."
- "If any part of the ball marker's base leaves the pitch ... Place the ball on the centre spot
  of the pitch and resolve a circular scatter". "The ball may not be intercepted during a
  throw-in."
- "If the ball is placed within 1" of a model, that model may choose to take possession ... If
  each team has one or more models within 1" of the ball when it's placed, each model may roll
  1D6 and add their base KICK ... The model with the highest result gains possession."
- The Kicking Sequence, Tap In, Interception and Goal Kicks as the book gives them (the rules
  notes say what the engine reads into each).
"""

from __future__ import annotations

import math

from msgspec.structs import replace

from engine.core.errors import RuleError
from games.guild_ball.pitch import (
    BALL_RADIUS,
    Base,
    Point,
    Scene,
    TerrainKind,
    ball_travel,
    circular_scatter,
    in_kick_range,
    is_tap_in,
    kick_scatter,
    on_ball_path,
    snap_candidates,
    spot,
)
from games.guild_ball.pitch.movement import Problem, placement
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import (
    Ctx,
    base_of,
    card,
    engaged_by,
    goalpost_centre,
    kick_dice,
    kick_range,
    own_goalpost,
    pitch_of,
    scene,
)
from games.guild_ball.rules.health import VP_GOAL, gain_mp, score
from games.guild_ball.rules.sequences import KICK, reach
from games.guild_ball.rules.state import KD, Dodge, GuildBallState, Intercept, Unit
from games.guild_ball.rules.traits import gain_ball

THROW_IN_LIMIT = 20  # our ruling: a throw-in that keeps leaving the pitch ends at the centre
KICK_TN = 4  # "A kick is resolved as a 4+ TN test."
FOREST_KICK = 1
RUN_THE_LENGTH = 4  # "may spend 1 MP to immediately make a 4" dodge"
RUN = "run the length"
GOAL_KICK_REACH = 10.0  # "position the ball within 10" of the friendly goalpost"


def tn_test(ctx: Ctx, pool: int, tn: int, bonus: bool = False) -> tuple[tuple[int, ...], int, int]:
    """Roll a TN test after "Modifiers may not reduce the target number to less than 2+ TN or
    increase [it] to greater than 6+ TN": each point beyond adds or removes a die; the pool is
    never below one die. Bonus Time's die (`bonus`) comes last: "only after all other
    modifiers to the dice pool have been applied", the one-die floor included. Returns the
    dice, the pool and the TN rolled."""
    if tn < 2:
        pool += 2 - tn
        tn = 2
    elif tn > 6:
        pool -= tn - 6
        tn = 6
    pool = max(pool, 1) + bonus
    return ctx.dice.dice(pool), pool, tn


def active_goalpost(ctx: Ctx, fallback_seat: int) -> Point:
    """The #1 of a circular template points "towards the active model's goalpost" (its own
    team's). "During a model's activation, it's the active model unless another model is
    performing an action": during an attack the striking model is (a parting blow's or a
    Counter-Attack's striker, not the model activating); otherwise the activating model; with
    no active model, the goalpost of `fallback_seat` (rules notes)."""
    state = ctx.state
    if state.attack is not None:
        return own_goalpost(state, state.unit(state.attack.attacker).seat)
    if state.activation is not None:
        return own_goalpost(state, state.unit(state.activation.model).seat)
    return own_goalpost(state, fallback_seat)


def scatter_from_model(ctx: Ctx, model: str) -> None:
    """A circular scatter from the model that held the ball (knocked down, taken out, a play)."""
    u = ctx.state.unit(model)
    circular(ctx, base_of(u), active_goalpost(ctx, u.seat), exclude=(model,), snap_away=model)


def circular(
    ctx: Ctx,
    origin: Base,
    goalpost: Point,
    exclude: tuple[str, ...] = (),
    snap_away: str = "",
    throw_ins: int = 0,
) -> None:
    """Resolve a circular scatter from `origin` and leave the ball where it ends (a throw-in if
    it leaves the pitch), then snap-to (never to `snap_away`, the model it left)."""
    d, n = ctx.dice.die(), ctx.dice.die()
    landing = circular_scatter(origin, goalpost, d, n)
    travel = ball_travel(scene(ctx.state), origin, landing, exclude=exclude)
    end = travel.end if travel.end is not None else landing
    ctx.emit(
        ev.Scattered(
            kind="circular",
            x0=origin.centre.x,
            y0=origin.centre.y,
            direction=d,
            distance=n,
            landing_x=landing.x,
            landing_y=landing.y,
            x=end.x,
            y=end.y,
            off=travel.left_pitch,
            rng=ctx.rng,
        )
    )
    if travel.left_pitch:
        throw_in(ctx, goalpost, throw_ins + 1)
        return
    rest(ctx, end, "scatter", exclude=(snap_away,))


def throw_in(ctx: Ctx, goalpost: Point, count: int = 1) -> None:
    """ "Place the ball on the centre spot of the pitch and resolve a circular scatter"."""
    centre = pitch_of(ctx.state).centre_spot
    if count > THROW_IN_LIMIT:
        rest(ctx, centre, "throw-in")
        return
    circular(ctx, spot(centre.x, centre.y), goalpost, throw_ins=count)


def rest(ctx: Ctx, at: Point, how: str, exclude: tuple[str, ...] = (), by: int = -1) -> None:
    """The ball comes to rest at `at` as a free ball (put there by seat `by`'s kick, if any); a
    model within 1" takes it (snap to)."""
    ctx.emit(ev.BallFree(x=at.x, y=at.y, how=how, by=by))
    snap(ctx, exclude=(*exclude, ctx.state.no_snap))


def may_hold(unit: Unit) -> bool:
    """ "A model suffering the knocked down condition ... May not have possession of the ball"."""
    return unit.on_pitch and KD not in unit.conditions


def snap(ctx: Ctx, exclude: tuple[str, ...] = ()) -> None:
    """Snap to a placed ball: the nearest model within 1" of one team takes it (our ruling: a
    model always chooses to); models of both teams roll 1D6 + KICK, rerolling ties."""
    state = ctx.state
    if not state.ball_free:
        return
    near = snap_candidates(scene(state), (state.ball_x, state.ball_y), exclude)
    units = [state.unit(m) for _, m in near]
    units = [u for u in units if may_hold(u)]
    if not units:
        return
    if len({u.seat for u in units}) == 1:
        gain_ball(ctx, units[0].id, "snap")
        return
    contenders = units
    rolls: list[tuple[str, int, int]] = []
    while True:
        round_ = [(u.id, ctx.dice.die(), card(u).stats.kick_dice) for u in contenders]
        rolls += [(m, d, d + k) for m, d, k in round_]
        best = max(d + k for _, d, k in round_)
        top = [m for m, d, k in round_ if d + k == best]
        if len(top) == 1:
            break
        contenders = [u for u in contenders if u.id in top]
    ctx.emit(ev.SnapRolled(rolls=tuple(rolls), winner=top[0], rng=ctx.rng))
    gain_ball(ctx, top[0], "roll-off")


def snap_on_path(ctx: Ctx, unit: Unit, path: tuple[tuple[float, float], ...]) -> int | None:
    """The leg along `path` on which the moving model comes within 1" of the free ball, if it
    may take it ("A model which ... moves within 1" of a free ball may choose to take
    possession"): at once, unless its player chose not to (the move's `take_ball`: the
    caller does not ask then)."""
    state = ctx.state
    if not state.ball_free or not may_hold(unit) or unit.id == state.no_snap:
        return None
    r = base_of(unit).radius
    reach = r + BALL_RADIUS + 1.0 + 0.01
    bx, by = state.ball_x, state.ball_y
    for i in range(len(path) - 1):
        (ax, ay), (cx, cy) = path[i], path[i + 1]
        dx, dy = cx - ax, cy - ay
        n2 = dx * dx + dy * dy
        t = 0.0 if n2 == 0 else max(0.0, min(1.0, ((bx - ax) * dx + (by - ay) * dy) / n2))
        if math.hypot(ax + t * dx - bx, ay + t * dy - by) <= reach:
            return i
    return None


# --- kicks --------------------------------------------------------------------------------------


def kick_pool_tn(
    ctx: Ctx, kicker: Unit, target: Base, target_unit: Unit | None, tn_extra: int = 0
) -> tuple[int, int]:
    """The Kicking Sequence's steps 2 and 3: the pool (base KICK, -1 per enemy engaging the
    kicker, -1 per other enemy on the ball path) and the TN (4+, +1 out of LOS, +1 per enemy
    engaging a target friendly model, -1 for a tap in). "A model making a kick while within a
    forest, or one making a kick to a target spot or target model that's within a forest,
    suffers -1 dice pool. This penalty is incurred only once per kick." (No goalpost is within
    a forest: the maps keep terrain out of the deployment zones.)"""
    state = ctx.state
    sc = scene(state)
    engaging = engaged_by(state, kicker, sc)
    pool = kick_dice(state, kicker) - len(engaging)
    skip = {kicker.id, *(e.id for e in engaging)}
    if target_unit is not None:
        skip.add(target_unit.id)
    for _, m in on_ball_path(sc, base_of(kicker), target, skip):
        u = state.unit(m)
        if u.seat != kicker.seat:
            pool -= 1
    tn = KICK_TN + tn_extra
    seen = sc.sees(kicker.id, target_unit.id if target_unit is not None else target)
    if not seen:
        tn += 1
    if target_unit is not None:
        tn += len(engaged_by(state, target_unit, sc))
    if is_tap_in(base_of(kicker), target, kick_range(state, kicker)):
        tn -= 1
    if in_forest(sc, base_of(kicker)) or in_forest(sc, target):
        pool -= FOREST_KICK
    return pool, tn


def in_forest(sc: Scene, base: Base) -> bool:
    """Whether a base (or a target spot, a base of no size) is within a forest."""
    return any(t.kind is TerrainKind.FOREST and t.holds(base) for t in sc.pieces)


def roll_kick(
    ctx: Ctx, kicker: Unit, target: Base, target_unit: Unit | None, what: str, bonus: bool
) -> tuple[int, tuple[int, ...]]:
    """Roll a kick (the kicking sequence's steps 2 and 3); returns its hits and dice. Step 4,
    the result, follows in the caller."""
    reach(ctx, KICK["2"])
    pool, tn = kick_pool_tn(ctx, kicker, target, target_unit)
    reach(ctx, KICK["3"])
    dice, pool, tn = tn_test(ctx, pool, tn, bonus)
    hits = sum(d >= tn for d in dice)
    ctx.emit(
        ev.Rolled(
            what=what,
            model=kicker.id,
            target=target_unit.id if target_unit is not None else "",
            pool=pool,
            tn=tn,
            dice=dice,
            hits=hits,
            net=hits,
            rng=ctx.rng,
        )
    )
    reach(ctx, KICK["4"])
    return hits, dice


def check_kick_target(ctx: Ctx, kicker: Unit, target: Base, what: str) -> None:
    if not in_kick_range(base_of(kicker), target, kick_range(ctx.state, kicker)):
        raise RuleError(
            "out_of_kick_range",
            f"The {what} is beyond {card(kicker).name}'s kick range of "
            f'{kick_range(ctx.state, kicker):g}": move closer or pick a nearer target.',
        )


_NOT_ON = {
    Problem.OFF_PITCH: "off the pitch",
    Problem.OVERLAPS_MODEL: "on a model's base",
    Problem.ENDS_ON_MARKER: "on a model's base",
    Problem.INTO_BARRIER: "on a barrier",
    Problem.ENDS_ON_OBSTRUCTION: "on an obstruction",
}


def check_ball_spot(
    state: GuildBallState,
    at: Point,
    code: str,
    what: str,
    ignore: tuple[str, ...] = (),
    bases: tuple[Base, ...] = (),
) -> None:
    """Refuse a target spot (a pass's, a kick off's or a goal kick's) where the ball may not be
    placed: "A target spot is any point on the pitch where the ball may be legally placed"; "A
    model or marker may not be placed on a barrier or an obstruction, or with its base
    overlapping another model or marker's base or the edge of the pitch." `ignore` names models
    not where the scene has them, `bases` other bases (a kicker where its jog ends)."""
    found = placement(scene(state), Base(at, BALL_RADIUS), ignore=ignore, markers=bases)
    if found is not None:
        problem, piece = found
        # The player reads the model's name, not its id; a terrain piece's name is its own.
        shown = next((card(u).name for u in state.units if u.id == piece), piece)
        where = _NOT_ON.get(problem, problem.value) + (f" ({shown})" if shown else "")
        raise RuleError(
            code,
            f"The {what} must be a spot where the ball may be placed: this one is {where}. "
            "Pick a spot clear of models' bases, barriers and obstructions.",
        )


def kick_scatter_from(
    ctx: Ctx,
    kicker: Unit,
    origin: Base,
    interceptable: bool = True,
    how: str = "kick",
    may_reroll: bool = False,
) -> None:
    """A kick scatter from the target spot, model or goalpost; then, after a successful kick to
    a target spot, the kicker's choice to reroll it ("The player may choose to reroll the entire
    kick scatter once but must accept the rerolled result"); then interception (closest model on
    the ball path first, each asked) or the ball comes to rest."""
    start = base_of(kicker).centre
    travel_dir = (origin.centre.x - start.x, origin.centre.y - start.y)
    if math.hypot(*travel_dir) < 1e-9:
        travel_dir = (0.0, 1.0 if ctx.state.teams[kicker.seat].side == 0 else -1.0)
    d, n = ctx.dice.die(), ctx.dice.die()
    landing = kick_scatter(origin, travel_dir, d, n)
    sc = scene(ctx.state)
    travel = ball_travel(sc, base_of(kicker), landing, exclude=(kicker.id,))
    end = travel.end if travel.end is not None else landing
    ctx.emit(
        ev.Scattered(
            kind="kick",
            x0=origin.centre.x,
            y0=origin.centre.y,
            direction=d,
            distance=n,
            landing_x=landing.x,
            landing_y=landing.y,
            x=end.x,
            y=end.y,
            off=travel.left_pitch,
            rng=ctx.rng,
        )
    )
    stop = travel.exit if travel.left_pitch and travel.exit is not None else end
    candidates: tuple[str, ...] = ()
    if interceptable:
        path = on_ball_path(sc, base_of(kicker), spot(stop.x, stop.y), (kicker.id,))
        candidates = tuple(m for _, m in path if may_hold(ctx.state.unit(m)))
    intercept = Intercept(
        candidates=candidates,
        landing_x=-1.0 if travel.left_pitch else end.x,
        landing_y=-1.0 if travel.left_pitch else end.y,
        kicker=kicker.id,
        kicking_seat=kicker.seat,
        may_reroll=may_reroll,
        spot_x=origin.centre.x,
        spot_y=origin.centre.y,
        how=how,
    )
    if candidates or may_reroll:
        ctx.emit(ev.InterceptStep(intercept=intercept))
        return
    land(ctx, intercept, how)


def reroll(ctx: Ctx, again: bool) -> None:
    """The kicker's player keeps the scatter or rolls it again (once)."""
    it = ctx.state.intercept
    if again:
        ctx.emit(ev.InterceptStep(intercept=None))
        kicker = ctx.state.unit(it.kicker)
        kick_scatter_from(ctx, kicker, spot(it.spot_x, it.spot_y), how=it.how)
        return
    kept = replace(it, may_reroll=False)
    if kept.candidates:
        ctx.emit(ev.InterceptStep(intercept=kept))
        return
    land(ctx, kept, kept.how)


def land(ctx: Ctx, intercept: Intercept, how: str = "kick") -> None:
    """Nobody intercepted: the ball comes to rest where the scatter left it (a throw-in if it
    left the pitch)."""
    if ctx.state.intercept is not None:
        ctx.emit(ev.InterceptStep(intercept=None))
    goalpost = own_goalpost(ctx.state, intercept.kicking_seat)
    if intercept.landing_x < 0:
        if ctx.state.phase == "landing":  # the kick off's ball out: the receiver may give it
            ctx.emit(ev.BallFree(x=-1.0, y=-1.0, how="out"))
            return
        throw_in(ctx, goalpost)
        return
    rest(ctx, Point(intercept.landing_x, intercept.landing_y), how, by=intercept.kicking_seat)


def intercept(ctx: Ctx, take: bool) -> None:
    """The first model on the ball path answered."""
    it = ctx.state.intercept
    model, rest_ = it.candidates[0], it.candidates[1:]
    if take:
        ctx.emit(ev.InterceptStep(intercept=None))
        gain_ball(ctx, model, "intercept")
        return
    if rest_:
        ctx.emit(ev.InterceptStep(intercept=replace(it, candidates=rest_)))
        return
    land(ctx, it, it.how)


def goal_scored(ctx: Ctx, kicker: Unit, dice: tuple[int, ...]) -> None:
    """A goal: 4 VP, 1 MP (2 for a Screamer!, "two or more 6s"), the activation ends, and the
    conceding player owes a goal kick."""
    from games.guild_ball.rules.traits import fire

    fire(ctx, "scores_goal", kicker.id)
    screamer = sum(d == 6 for d in dice) >= 2
    gain_mp(ctx, kicker.seat, 2 if screamer else 1, "screamer" if screamer else "goal")
    post = goalpost_centre(1 - ctx.state.teams[kicker.seat].side, pitch_of(ctx.state))
    ctx.emit(ev.BallFree(x=post.x, y=post.y, how="goal"))
    score(ctx, kicker.seat, VP_GOAL, "goal", goal=True)
    if ctx.state.result is None:
        scorer = ctx.state.unit(kicker.id)
        if ctx.state.teams[kicker.seat].mp >= 1 and may_hold(scorer):
            ctx.emit(ev.DodgeStep(dodge=Dodge(model=kicker.id, inches=RUN_THE_LENGTH, why=RUN)))
        ctx.emit(ev.GoalKickOwed(seat=1 - kicker.seat))


def goal_kick(ctx: Ctx, seat: int, target: tuple[float, float]) -> None:
    """ "position the ball within 10" of the friendly goalpost and use the kick scatter rules";
    "A goal kick may never be intercepted"."""
    side = ctx.state.teams[seat].side
    pitch = pitch_of(ctx.state)
    post = pitch.goalpost(side)
    tx, ty = target
    ball = Base(Point(tx, ty), BALL_RADIUS)
    gap = math.hypot(tx - post.centre.x, ty - post.centre.y) - post.radius - BALL_RADIUS
    if gap > GOAL_KICK_REACH + 0.01 or gap < -0.01 or not pitch.holds(ball):
        raise RuleError(
            "goal_kick_place",
            'Place the goal kick on the pitch within 10" of your goalpost, clear of it.',
        )
    check_ball_spot(ctx.state, ball.centre, "goal_kick_place", "goal kick's spot")
    ctx.emit(ev.GoalKickOwed(seat=-1))
    start = goalpost_centre(side, pitch)
    d, n = ctx.dice.die(), ctx.dice.die()
    travel_dir = (tx - start.x, ty - start.y)
    if math.hypot(*travel_dir) < 1e-9:
        travel_dir = (0.0, 1.0 if side == 0 else -1.0)
    landing = kick_scatter(spot(tx, ty), travel_dir, d, n)
    sc = scene(ctx.state)
    travel = ball_travel(sc, Base(start, post.radius), landing, through_terrain=True)
    end = travel.end if travel.end is not None else landing
    ctx.emit(
        ev.Scattered(
            kind="goal kick",
            x0=tx,
            y0=ty,
            direction=d,
            distance=n,
            landing_x=landing.x,
            landing_y=landing.y,
            x=end.x,
            y=end.y,
            off=travel.left_pitch,
            rng=ctx.rng,
        )
    )
    if travel.left_pitch:
        throw_in(ctx, own_goalpost(ctx.state, seat))
        return
    rest(ctx, end, "goal kick", by=seat)
