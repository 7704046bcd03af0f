"""Movement in an activation: jog, sprint, charge, standing up, dodges; snap-to on the way and
parting blows.

- "Jog: Costs 0 influence. The model may move up to its base move. Sprint: Costs 1 influence.
  The model may move up to its max move. Charge: Costs 2 influence."
- "During its activation a model may make a single standard advance."
- "A model may not declare a charge if it's currently engaged by an enemy model. A model may not
  target an enemy model that it's currently engaging with a charge." "If able, it must end the
  advance engaging the target enemy model. A model may not change direction during a charge."
  "if the active model doesn't end its advance engaging the target enemy model, the charge has
  been unsuccessful, and the active model's activation immediately ends."
- "When performing an advance, if an active model leaves the melee zone or LOS of an enemy model
  that's engaging it, that enemy model may immediately declare a parting blow": the advance
  pauses there and the enemy's player answers (`PartingBlow`; unanswered: the blow is struck).
  A melee zone entered during the advance engages the model too, so leaving it is offered.
- Knocked down: "May not advance or be moved by any means other than making a dodge or suffering
  a push." "may forfeit its standard advance in order to remove the condition".
"""

from __future__ import annotations

import math

from msgspec.structs import replace

from engine.core.errors import RuleError
from games.guild_ball.pitch import (
    BALL_RADIUS,
    TOLERANCE,
    MoveKind,
    Point,
    charge,
    charge_towards,
    crossings,
    move,
    sight_lost,
)
from games.guild_ball.pitch.ball import SNAP_TO
from games.guild_ball.pitch.movement import cut_path, path_length, point_along
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.attacks import declare, parting_blow, roll
from games.guild_ball.rules.ball import RUN, snap_on_path
from games.guild_ball.rules.commands import (
    Charge,
    DodgeTo,
    Glide,
    Jog,
    PartingBlow,
    Sprint,
    StandUp,
)
from games.guild_ball.rules.context import (
    Ctx,
    active_unit,
    base_of,
    engaged_by,
    engages,
    label,
    melee_zone,
    moves,
    name,
    on_pitch,
    pack,
    scene,
    unit_of,
)
from games.guild_ball.rules.health import changed, enters_template, immune, ongoing, spend_mp
from games.guild_ball.rules.sequences import CHARGE, JOG_OR_SPRINT, reach
from games.guild_ball.rules.state import KD, Advance, Attack, GuildBallState, Unit
from games.guild_ball.rules.traits import gain_ball

SPRINT_COST = 1
CHARGE_COST = 2
GLIDE_MP = 1

_WHY = {
    "through_model": "it would pass over another model's base",
    "into_barrier": "it would enter a barrier",
    "over_obstruction": "it would cross an obstruction",
    "ends_on_obstruction": "it would end on an obstruction",
    "ends_on_marker": "it would end on a marker",
    "off_pitch": "it would leave the pitch",
    "too_long": "it is longer than the model may move",
    "turns": "it may not change direction",
    "overlaps_model": "it would overlap another model",
}


def refuse_move(problem: str, what: str, allowance: float) -> RuleError:
    return RuleError(
        f"move_{problem}",
        f"That {what} is not allowed: {_WHY.get(problem, problem)} "
        f'(up to {allowance:g}"). Give a shorter path or go around.',
    )


def spend(ctx: Ctx, unit: Unit, amount: int, what: str) -> None:
    """Spend the active model's influence, or refuse with what it has."""
    if unit.influence < amount:
        raise RuleError(
            "no_influence",
            f"{label(unit)} has {unit.influence} influence; {what} costs {amount}.",
        )
    ctx.emit(ev.InfluenceSet(influence=((unit.id, unit.influence - amount),)))


def _standard(ctx: Ctx, unit: Unit) -> None:
    act = ctx.state.activation
    if act.advanced:
        raise RuleError(
            "advanced_already", "This model has made (or forfeited) its standard advance."
        )
    if KD in unit.conditions:
        raise RuleError(
            "knocked_down", "A knocked-down model may not advance: stand up (StandUp) instead."
        )


def glide(ctx: Ctx, cmd: Glide) -> None:
    """ "Once per turn an active model may spend 1 MP to move across rough terrain without
    penalty for the remainder of the current turn. Gliding isn't an action." """
    unit = active_unit(ctx.state, cmd.seat)
    if unit.id in ctx.state.gliding:
        raise RuleError("gliding", f"{label(unit)} glides already this turn.")
    if ctx.state.teams[cmd.seat].mp < GLIDE_MP:
        raise RuleError("no_momentum", "Gliding costs 1 MP.")
    spend_mp(ctx, cmd.seat, GLIDE_MP, "gliding")
    ctx.emit(ev.Glided(model=unit.id))


def jog(ctx: Ctx, cmd: Jog | Sprint) -> None:
    """A jog or a sprint along the path: the sequence's 1, declare (checked, paid), and 2,
    during the advance; 3, its end, when the advance has gone its whole way (`_go_on`)."""
    reach(ctx, JOG_OR_SPRINT["1"])
    unit = active_unit(ctx.state, cmd.seat)
    _standard(ctx, unit)
    sprint = isinstance(cmd, Sprint)
    kind = MoveKind.SPRINT if sprint else MoveKind.JOG
    allowance = moves(ctx.state, unit)[1 if sprint else 0]
    if not cmd.path:
        raise RuleError("empty_path", "Give the waypoints of the move (x, y in inches).")
    markers = ball_marker(ctx.state, unit, cmd.take_ball)
    movement = move(
        scene(ctx.state),
        unit.id,
        cmd.path,
        kind,
        allowance,
        markers=markers,
        ignore_rough=unit.id in ctx.state.gliding,
    )
    if not movement.ok:
        raise refuse_move(movement.problem.value, kind.value, allowance)
    if sprint:
        spend(ctx, unit, SPRINT_COST, "a sprint")
    ctx.emit(ev.Activated(activation=replace(ctx.state.activation, advanced=True, moved=True)))
    reach(ctx, JOG_OR_SPRINT["2"])
    advance_along(ctx, unit.id, tuple(movement.path), kind.value, cmd.take_ball)


def ball_marker(state, unit: Unit, take: bool = True) -> tuple:
    """The free ball as a marker the model may cross but not end on ("A model may move over a
    marker without impediment but may not end its movement overlapping a marker's base"): only
    for a model that may not take it, or chooses not to (`take` False; a model that takes it
    does so on the way)."""
    from games.guild_ball.rules.ball import may_hold
    from games.guild_ball.rules.context import ball_base

    leaves = not take or unit.id == state.no_snap or not may_hold(unit)
    if state.ball_free and state.ball_x >= 0 and leaves:
        return (ball_base(state),)
    return ()


def advance_along(
    ctx: Ctx, model: str, path: tuple, how: str, take: bool = True, charge: Attack | None = None
) -> None:
    """Move the model along a checked path: the free ball snaps to it where it comes within 1"
    (unless its player chose not to take it: `take` False),
    and each enemy engaging it at the start may declare a parting blow where it leaves its melee
    zone or its LOS, whichever comes first, as may each enemy whose melee zone it enters and
    leaves on the way (where it leaves it): the advance pauses there for the enemy's player
    (`parting`); a model knocked down or taken out stops there. One parting blow an enemy an
    advance. A charge's advance carries its attack (`charge`), which goes on when a paused
    advance ends."""
    state = ctx.state
    unit = state.unit(model)
    r = base_of(unit).radius
    path = _slowed(state, unit, path, MoveKind(how))
    engaging = [e for e in engaged_by(state, unit)]
    # A knocked-down model "May not engage": its zone is no zone.
    standing = [e for e in on_pitch(state, 1 - unit.seat) if KD not in e.conditions]
    zones = [(e.id, base_of(e), melee_zone(state, e)) for e in standing]
    engaged = {e.id for e in engaging}
    stops: list[tuple[float, str]] = []
    for c in crossings(path, r, zones):
        if c.entered:
            engaged.add(c.owner)
        elif c.owner in engaged and all(s[1] != c.owner for s in stops):
            stops.append((c.at, c.owner))
    sc = scene(state)
    for e in engaging:
        lost = sight_lost(sc, model, path, e.id)
        if lost is None:
            continue
        left = next((at for at, who in stops if who == e.id), None)
        if left is None or lost < left:
            stops = [s for s in stops if s[1] != e.id] + [(lost, e.id)]
    leg = snap_on_path(ctx, unit, path) if take else None
    if leg is not None:
        done = path_length(path[: leg + 1])
        stops.append((done + _snap_at(ctx, path[leg], path[leg + 1], r), ""))
    stops.sort()
    points = tuple((float(p[0]), float(p[1])) for p in path)
    _go_on(
        ctx,
        Advance(model=model, how=how, path=points, stops=tuple(stops), offered="", charge=charge),
    )


def _slowed(state: GuildBallState, unit: Unit, path: tuple, kind: MoveKind) -> tuple:
    """The advance's path cut where an ongoing AOE it enters lowers its MOV: "If a model's MOV
    is reduced during an advance and the distance it has already moved is greater than its
    reduced MOV stat, the advance ends immediately"; otherwise it goes on up to the reduced MOV
    (after terrain). The model suffers the AOE's conditions at the advance's end (`ongoing`),
    having entered it."""
    entries = []
    for o in state.ongoing:
        suffered = tuple(
            str(e.arg("condition")) for e in pack().plays[o.play].ongoing if e.do == "condition"
        )
        if not suffered:
            continue
        at = enters_template(path, base_of(unit).radius, o)
        if at is not None:
            entries.append((at, suffered))
    length = path_length(path)
    slowed = unit
    which = 0 if kind is MoveKind.JOG else 1
    for at, suffered in sorted(entries):
        if at > length:
            break
        new = tuple(c for c in suffered if c not in slowed.conditions and not immune(slowed, c))
        before = moves(state, slowed)[which]
        slowed = replace(slowed, conditions=(*slowed.conditions, *new))
        mov = moves(state, slowed)[which]
        if mov >= before:
            continue
        again = move(
            scene(state), unit.id, path[1:], kind, mov, ignore_rough=unit.id in state.gliding
        )
        limit = again.travelled if again.stopped_early else again.allowance
        if at > limit + TOLERANCE:
            length = at
            break
        length = min(length, limit)
    if length >= path_length(path):
        return path
    return tuple((float(p[0]), float(p[1])) for p in cut_path(path, length))


def _go_on(ctx: Ctx, adv: Advance) -> None:
    """Carry the advance on from its next stop: the ball snaps on the way; at an enemy's stop
    the advance pauses for that enemy's player (an `AdvanceStep`); at the end the model's
    place and path are recorded, and a charge whose advance was paused goes on (`charge_on`;
    unpaused, `charge_advance` carries it on)."""
    model, how, path = adv.model, adv.how, adv.path
    stops = adv.stops
    while stops:
        (at, who), stops = stops[0], stops[1:]
        here = point_along(path, at)
        ctx.emit(ev.Moved(model=model, how=how, x=here.x, y=here.y))
        if who:
            ctx.emit(ev.AdvanceStep(advance=replace(adv, stops=stops, offered=who, at=at)))
            return
        if ctx.state.ball_free:
            gain_ball(ctx, model, "snap")
    resumed = ctx.state.advance is not None
    if resumed:
        ctx.emit(ev.AdvanceStep(advance=None))
    end = path[-1]
    ctx.emit(
        ev.Moved(
            model=model,
            how=how,
            x=end[0],
            y=end[1],
            path=tuple((p[0], p[1]) for p in cut_path(path, path_length(path))),
        )
    )
    ongoing(ctx, model, path)
    if how != "charge":  # a charge's end is its own step 3 (`charge_on`)
        reach(ctx, JOG_OR_SPRINT["3"])
    elif resumed and adv.charge is not None:
        # The charge waited for the parting blow in the paused advance: its attack is under way
        # again, and follows the advance as an unpaused charge's does.
        ctx.emit(ev.AttackStep(attack=adv.charge))
        charge_on(ctx)


def parting(ctx: Ctx, cmd: PartingBlow) -> None:
    """The engaging enemy's player answers the advance leaving its melee zone or LOS: a parting
    blow "is triggered and resolved immediately at the point the active model leaves", then
    "the active model may continue its advance if able to do so" (not if knocked down or taken
    out: it stops there)."""
    adv = ctx.state.advance
    if adv is None:
        raise RuleError("no_parting_blow", "No model is leaving an engaging enemy now.")
    enemy = ctx.state.unit(adv.offered)
    if cmd.seat != enemy.seat:
        raise RuleError("not_your_parting_blow", f"{name(enemy.seat)} answers for {label(enemy)}.")
    if cmd.bonus and not cmd.strike:
        raise RuleError(
            "bonus_needs_blow", "Bonus Time adds a die to a TN test: strike the blow it is for."
        )
    if cmd.bonus and ctx.state.teams[cmd.seat].mp < 1:
        raise RuleError("no_momentum", "Bonus Time needs 1 MP; your team has none.")
    if not cmd.strike:
        _go_on(ctx, adv)
        return
    # The blow's results wait for its player when they are to be selected; `finish` carries
    # the advance on (`after_parting`) once the blow is resolved.
    parting_blow(ctx, enemy, ctx.state.unit(adv.model), cmd.bonus)
    if ctx.state.result is not None and ctx.state.advance is not None:
        ctx.emit(ev.AdvanceStep(advance=None))


def after_parting(ctx: Ctx) -> None:
    """A parting blow resolved: "After a parting blow is resolved, the active model may continue
    its advance if able to do so" (not if knocked down or taken out: it stops there, suffering
    the ongoing AOEs it entered on the way, and a charge stopped so is unsuccessful)."""
    adv = ctx.state.advance
    if adv is None:
        return
    now = ctx.state.unit(adv.model)
    if ctx.state.result is not None or not now.on_pitch or KD in now.conditions:
        ctx.emit(ev.AdvanceStep(advance=None))
        if ctx.state.result is None and now.on_pitch:
            # Stopped, it has still entered what it crossed on the way: "Models entering ...
            # within the AOE suffer the ongoing effect".
            ongoing(ctx, adv.model, tuple((p[0], p[1]) for p in cut_path(adv.path, adv.at)))
        # A charge stopped short is unsuccessful: "the active model's activation immediately
        # ends". A model taken out ends its activation as any does (`turns.advance`).
        if adv.charge is not None and ctx.state.result is None and now.on_pitch:
            _unsuccessful(ctx)
        return
    _go_on(ctx, adv)


def _snap_at(ctx: Ctx, a: tuple, b: tuple, r: float) -> float:
    """How far along the leg a–b the moving base first comes within 1" of the ball (edge to
    edge): the first root of |a + u t - ball| = reach."""
    bx, by = ctx.state.ball_x, ctx.state.ball_y
    reach = r + BALL_RADIUS + SNAP_TO + TOLERANCE
    (ax, ay), (cx, cy) = a, b
    length = math.hypot(cx - ax, cy - ay)
    if length == 0:
        return 0.0
    ux, uy = (cx - ax) / length, (cy - ay) / length
    half_b = ux * (ax - bx) + uy * (ay - by)
    c = (ax - bx) ** 2 + (ay - by) ** 2 - reach * reach
    if c <= 0:
        return 0.0
    root = half_b * half_b - c
    return min(max(-half_b - math.sqrt(max(root, 0.0)), 0.0), length)


def stand_up(ctx: Ctx, cmd: StandUp) -> None:
    """Forfeit the standard advance to remove the knocked down condition."""
    unit = active_unit(ctx.state, cmd.seat)
    if ctx.state.activation.advanced:
        raise RuleError("advanced_already", "The standard advance is already used.")
    if KD not in unit.conditions:
        raise RuleError("not_knocked_down", "This model is standing already.")
    ctx.emit(ev.Activated(activation=replace(ctx.state.activation, advanced=True)))
    changed(ctx, unit, conditions=tuple(c for c in unit.conditions if c != KD))


def declare_charge(ctx: Ctx, cmd: Charge) -> None:
    """Declare a charge (its step 1): check it, pay 2 influence, then the target's response and
    the advance."""
    reach(ctx, CHARGE["1"])
    state = ctx.state
    unit = active_unit(state, cmd.seat)
    _standard(ctx, unit)
    target = unit_of(state, cmd.target)
    if target.seat == unit.seat or not target.on_pitch:
        raise RuleError("charge_target", "Charge an enemy model on the pitch.")
    sc = scene(state)
    if engaged_by(state, unit, sc):
        raise RuleError(
            "engaged", "A model may not declare a charge while engaged: attack or move away."
        )
    if engages(state, unit, target, sc):
        raise RuleError("engaging_already", "You engage that model already: Attack it instead.")
    if not sc.sees(unit.id, target.id):
        raise RuleError("no_los", f"{label(unit)} cannot see {label(target)}.")
    sprint = moves(state, unit)[1]
    zone = melee_zone(state, unit)
    glides = unit.id in state.gliding
    tried = charge(sc, unit.id, target.id, cmd.end, sprint, zone, ignore_rough=glides)
    if not tried.movement.ok:
        raise refuse_move(tried.movement.problem.value, "charge", sprint)
    if (
        not tried.engaging
        and charge_towards(sc, unit.id, target.id, sprint, zone, ignore_rough=glides).engaging
    ):
        raise RuleError(
            "charge_must_engage",
            "A charge must end engaging its target when it can: pick an end within your melee "
            "zone of the target.",
        )
    if cmd.bonus and state.teams[cmd.seat].mp < 1:
        raise RuleError("no_momentum", "Bonus Time needs 1 MP.")
    spend(ctx, unit, CHARGE_COST, "a charge")
    ctx.emit(ev.Activated(activation=replace(ctx.state.activation, advanced=True, charged=True)))
    # Rough terrain may end the advance before the declared end ("the advance ends
    # immediately"): the charge stops where the pitch engine says.
    end = tried.movement.end
    declare(ctx, ctx.state.unit(unit.id), target, "charge", cmd.bonus, (end.x, end.y))


def charge_advance(ctx: Ctx, a: Attack) -> None:
    """The charge's advance (step 2), then the rest of the charge (`charge_on`). An advance
    paused for a parting blow holds the charge (the attack is no longer under way, so the blow
    is the attack now), and the charge goes on once the advance ends (`_go_on`), or fails if
    the blow stops it (`after_parting`)."""
    unit = ctx.state.unit(a.attacker)
    path = (base_of(unit).centre, Point(a.end_x, a.end_y))
    if path_length(path) > 0:
        ctx.emit(ev.Activated(activation=replace(ctx.state.activation, moved=True)))
        advance_along(ctx, unit.id, path, "charge", charge=a)
    if ctx.state.advance is not None:
        ctx.emit(ev.AttackStep(attack=None))
        return
    charge_on(ctx)


def charge_on(ctx: Ctx) -> None:
    """The charge's advance over: ending it engaging its target, the charge's steps 2.1 to 4,
    then its attack ("Refer to step 2, 'Attack process'"); otherwise "the charge has been
    unsuccessful, and the active model's activation immediately ends"."""
    state = ctx.state
    a = state.attack
    unit, target = state.unit(a.attacker), state.unit(a.target)
    if unit.on_pitch and KD not in unit.conditions and engages(state, unit, target):
        reach(ctx, CHARGE["2.1"])
        reach(ctx, CHARGE["3"])
        reach(ctx, CHARGE["4"])
        roll(ctx)
        return
    _unsuccessful(ctx)


def _unsuccessful(ctx: Ctx) -> None:
    from games.guild_ball.rules.turns import end_activation

    if ctx.state.attack is not None:
        ctx.emit(ev.AttackStep(attack=None))
    end_activation(ctx)


def dodge_to(ctx: Ctx, cmd: DodgeTo) -> None:
    """Make (or decline, with no path) the dodge on offer: up to its inches, turns allowed, no
    terrain modifiers; the ball snaps to the model if it comes within 1". A play's additional
    advance is offered the same way but moves as what it is: "An additional advance will be
    specified as a jog, sprint, or charge", and rough and fast terrain apply to an advance
    (Gliding too), where "Dodges ... ignore terrain modifiers". Being an advance, it provokes
    parting blows as a standard one does ("When performing an advance, if an active model
    leaves the melee zone or LOS of an enemy model that's engaging it"; the mover is the active
    model while it performs it): it goes `advance_along`, pausing for each, and the next dodge
    on offer waits for its end."""
    state = ctx.state
    seat_of = state.unit(_dodger(state)).seat if _dodger(state) else -1
    if not _dodger(state):
        raise RuleError("no_dodge", "No dodge is on offer now.")
    if cmd.seat != seat_of:
        raise RuleError("not_your_dodge", "The dodging model's player answers.")
    model, inches = _dodger(state), _dodge_inches(state)
    paid = cmd.path and state.dodge is not None and state.dodge.why == RUN
    if paid and state.teams[cmd.seat].mp < 1:
        raise RuleError("no_momentum", "Run the Length costs 1 MP.")
    kind = offered_kind(state)
    if cmd.path:
        markers = ball_marker(state, state.unit(model))
        movement = move(
            scene(state),
            model,
            cmd.path,
            kind,
            float(inches),
            markers=markers,
            ignore_rough=model in state.gliding,
        )
        if not movement.ok:
            raise refuse_move(movement.problem.value, kind.value, inches)
    _close_dodge(ctx)
    if paid:
        spend_mp(ctx, cmd.seat, 1, RUN)
    if cmd.path and kind is not MoveKind.DODGE:
        reach(ctx, JOG_OR_SPRINT["1"])
        reach(ctx, JOG_OR_SPRINT["2"])
        advance_along(ctx, model, tuple(movement.path), kind.value)
    elif cmd.path:
        unit = ctx.state.unit(model)
        path = tuple(movement.path)
        leg = snap_on_path(ctx, unit, path)
        ctx.emit(ev.Moved(model=model, how=kind.value, x=path[-1][0], y=path[-1][1], path=path))
        ongoing(ctx, model, path)
        if leg is not None and ctx.state.ball_free:
            gain_ball(ctx, model, "snap")
    if ctx.state.attack is not None:
        from games.guild_ball.rules.attacks import finish

        finish(ctx)


# A play's additional advance (`plays.apply`'s "advance" effect, offered as a dodge whose `why`
# is its kind) moves as that advance.
_ADDITIONAL = {"jog": MoveKind.JOG, "sprint": MoveKind.SPRINT}


def offered_kind(state: GuildBallState) -> MoveKind:
    """How the dodge on offer moves: a play's additional jog or sprint as a jog or sprint
    (terrain applies), anything else as a dodge."""
    if state.dodge is None or (state.attack is not None and state.attack.step == "dodge"):
        return MoveKind.DODGE
    return _ADDITIONAL.get(state.dodge.why, MoveKind.DODGE)


def _dodger(state) -> str:
    if state.attack is not None and state.attack.step == "dodge":
        return state.attack.attacker
    return state.dodge.model if state.dodge is not None else ""


def _dodge_inches(state) -> int:
    if state.attack is not None and state.attack.step == "dodge":
        return state.attack.dodge
    return state.dodge.inches


def _close_dodge(ctx: Ctx) -> None:
    state = ctx.state
    if state.attack is not None and state.attack.step == "dodge":
        ctx.emit(ev.AttackStep(attack=replace(state.attack, step="done", dodge=0)))
    else:
        ctx.emit(ev.DodgeStep(dodge=None))


def spend_bonus(ctx: Ctx, seat: int, bonus: bool) -> None:
    if bonus:
        if ctx.state.teams[seat].mp < 1:
            raise RuleError("no_momentum", "Bonus Time needs 1 MP.")
        spend_mp(ctx, seat, 1, "bonus time")
