"""What a built-in player may do now, as ready commands: the activation's intentions (move
towards a place by a chosen distance, charge, attack, pass, shoot, use a play, rest, end) and
legal answers to every other decision. Moves are checked with the pitch engine before they are
offered, so the commands are legal."""

from __future__ import annotations

import math

from engine.core.rng import Dice
from games.guild_ball.pitch import MoveKind, Point, charge_towards, in_kick_range, move, within
from games.guild_ball.pitch.bases import Base
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.context import (
    base_of,
    card,
    engaged_by,
    engages,
    game_size,
    kick_range,
    melee_zone,
    moves,
    on_pitch,
    pack,
    pitch_of,
    scene,
)
from games.guild_ball.rules.kicking import enemy_goal
from games.guild_ball.rules.moving import ball_marker, offered_kind
from games.guild_ball.rules.plays import plays_of, targets_in_reach
from games.guild_ball.rules.state import KD, GuildBallState, Unit

ANGLES = (0.0, 25.0, -25.0, 50.0, -50.0, 80.0, -80.0)


def ball_place(state: GuildBallState) -> Point | None:
    """Where the ball is: its holder's centre or the free ball's (None when out of play)."""
    if state.ball_holder:
        u = state.unit(state.ball_holder)
        return Point(u.x, u.y)
    if state.ball_free and state.ball_x >= 0:
        return Point(state.ball_x, state.ball_y)
    return None


def path_towards(
    state: GuildBallState, unit: Unit, goal: Point, inches: float, kind: MoveKind
) -> tuple[tuple[float, float], ...] | None:
    """A legal straight path of up to `inches` towards `goal` (or turned a little around a
    blocking base), or None."""
    sc = scene(state)
    here = Point(unit.x, unit.y)
    dx, dy = goal.x - here.x, goal.y - here.y
    n = math.hypot(dx, dy)
    if n < 0.05 or inches < 0.05:
        return None
    allowance = moves(state, unit)[0 if kind is MoveKind.JOG else 1]
    markers = ball_marker(state, unit)
    r = base_of(unit).radius
    for angle in ANGLES:
        u = Point(dx / n, dy / n).rotated(angle)
        for frac in (1.0, 0.7, 0.45, 0.25):
            d = min(inches, n) * frac
            x = min(max(here.x + u.x * d, r + 0.02), pitch_of(state).size - r - 0.02)
            y = min(max(here.y + u.y * d, r + 0.02), pitch_of(state).size - r - 0.02)
            if math.hypot(x - here.x, y - here.y) < 0.05:
                continue
            if move(sc, unit.id, ((x, y),), kind, allowance, markers=markers).ok:
                return ((x, y),)
    return None


def charge_end(state: GuildBallState, unit: Unit, target: Unit) -> tuple[float, float] | None:
    """The end of a charge at `target` that engages it, if one straight at it does."""
    sc = scene(state)
    if engaged_by(state, unit, sc) or engages(state, unit, target, sc):
        return None
    if not sc.sees(unit.id, target.id):
        return None
    tried = charge_towards(sc, unit.id, target.id, moves(state, unit)[1], melee_zone(state, unit))
    if not tried.movement.ok or not tried.engaging:
        return None
    end = tried.movement.end
    return (end.x, end.y)


def engaged_enemies(state: GuildBallState, unit: Unit) -> list[Unit]:
    sc = scene(state)
    return [e for e in on_pitch(state, 1 - unit.seat) if engages(state, unit, e, sc)]


def can_shoot(state: GuildBallState, unit: Unit) -> bool:
    return (
        state.ball_holder == unit.id
        and unit.influence >= 1
        and state.teams[unit.seat].mp >= 1
        and in_kick_range(base_of(unit), enemy_goal(state, unit.seat), kick_range(state, unit))
    )


def pass_targets(state: GuildBallState, unit: Unit) -> list[Unit]:
    if state.ball_holder != unit.id or unit.influence < 1:
        return []
    return [
        f
        for f in on_pitch(state, unit.seat)
        if f.id != unit.id
        and KD not in f.conditions
        and in_kick_range(base_of(unit), base_of(f), kick_range(state, unit))
    ]


def intentions(state: GuildBallState, unit: Unit, dice: Dice) -> list[cm.Command]:
    """Everything the random player considers for the active model, each a legal command."""
    seat = unit.seat
    out: list[cm.Command] = [cm.EndActivation(seat=seat)]
    act = state.activation
    down = KD in unit.conditions
    if not act.advanced:
        if down:
            out.append(cm.StandUp(seat=seat))
        else:
            places = [Point(dice.below(24) + 0.5, dice.below(24) + 0.5)]
            ball = ball_place(state)
            if ball is not None:
                places.append(ball)
            places.append(enemy_goal(state, seat).centre)
            enemies = on_pitch(state, 1 - seat)
            if enemies:
                e = enemies[dice.below(len(enemies))]
                places.append(Point(e.x, e.y))
            goal = places[dice.below(len(places))]
            jog, sprint = moves(state, unit)
            inches = (0.3 + 0.7 * dice.below(100) / 100) * jog
            path = path_towards(state, unit, goal, inches, MoveKind.JOG)
            if path:
                out.append(cm.Jog(seat=seat, path=path))
            if unit.influence >= 1:
                path = path_towards(state, unit, goal, sprint, MoveKind.SPRINT)
                if path:
                    out.append(cm.Sprint(seat=seat, path=path))
            if unit.influence >= 2 and enemies:
                e = enemies[dice.below(len(enemies))]
                end = charge_end(state, unit, e)
                if end is not None:
                    out.append(cm.Charge(seat=seat, target=e.id, end=end))
    if not down and unit.influence >= 1:
        for e in engaged_enemies(state, unit):
            out.append(cm.Attack(seat=seat, target=e.id))
        for f in pass_targets(state, unit):
            out.append(cm.Pass(seat=seat, target=f.id))
        if state.ball_holder == unit.id:
            r = kick_range(state, unit) * dice.below(100) / 100
            a = dice.below(360)
            x = unit.x + math.cos(math.radians(a)) * r
            y = unit.y + math.sin(math.radians(a)) * r
            from games.guild_ball.pitch.movement import placement

            spot = Base(Point(x, y), 0.590551)
            if 0.7 < x < 23.3 and 0.7 < y < 23.3 and placement(scene(state), spot) is None:
                out.append(cm.Pass(seat=seat, spot=(x, y)))
        if can_shoot(state, unit):
            out.append(cm.Shoot(seat=seat))
        for play in plays_of(unit):
            out += play_commands(state, unit, play)
        for trait in card(unit).traits:
            if trait.kind == "active" and f"trait:{trait.slug}" not in unit.plays_used:
                out.append(cm.UsePlay(seat=seat, play=trait.slug))
    mp = state.teams[seat].mp
    if mp >= 2:
        for f in on_pitch(state, seat):
            if (
                f.id != unit.id
                and not f.encouraged
                and within(base_of(f), base_of(unit), 8.0)
                and scene(state).sees(unit.id, f.id)
            ):
                out.append(cm.Encourage(seat=seat, target=f.id, clear=bool(f.conditions)))
                break
    if mp >= 1:
        extra = [
            cm.Attack(seat=seat, target=c.target, bonus=True)
            for c in out
            if isinstance(c, cm.Attack)
        ]
        if mp >= 2:
            extra += [cm.Shoot(seat=seat, bonus=True) for c in out if isinstance(c, cm.Shoot)]
        out += extra[:1]
    if state.ball_holder == unit.id and not down and not engaged_by(state, unit):
        from games.guild_ball.pitch.movement import placement

        a = math.radians(dice.below(360))
        r = base_of(unit).radius + 0.9
        ball = Base(Point(unit.x + math.cos(a) * r, unit.y + math.sin(a) * r), 0.590551)
        if placement(scene(state), ball) is None:
            out.append(cm.GiveUpBall(seat=seat, spot=(ball.centre.x, ball.centre.y)))
    if (
        state.teams[seat].mp >= 1
        and not unit.rested
        and (unit.hp < card(unit).stats.hp or unit.conditions)
    ):
        out.append(cm.Rest(seat=seat, clear=bool(unit.conditions)))
    return out


def play_commands(state: GuildBallState, unit: Unit, play) -> list[cm.Command]:
    """Ways to use `play` now (a single target; an AOE on an enemy's place)."""
    seat = unit.seat
    if play.kind == "legendary":
        if play.slug in state.teams[seat].legendary:
            return []
    elif play.kind == "heroic":
        if state.teams[seat].mp < 1 or play.slug in unit.plays_used:
            return []
    elif play.cost > unit.influence or (play.once_per_turn and play.slug in unit.plays_used):
        return []
    if play.area is not None and play.area.kind == "aoe":
        out = []
        for e in on_pitch(state, 1 - seat):
            b = Base(Point(e.x, e.y), 1.5)
            if within(b, base_of(unit), float(play.reach)):
                out.append(cm.UsePlay(seat=seat, play=play.slug, spot=(e.x, e.y)))
        return out[:1]
    if play.area is not None or play.reach == "self" or play.target == "self":
        return [cm.UsePlay(seat=seat, play=play.slug)]
    out = []
    for t in on_pitch(state):
        if targets_in_reach(state, unit, play, t):
            from games.guild_ball.rules.plays import _target_checks

            if _target_checks(state, play, t):
                out.append(cm.UsePlay(seat=seat, play=play.slug, target=t.id))
    return out[:2]


def random_prepare(state: GuildBallState, seat: int, dice: Dice) -> cm.Prepare:
    p = pack()
    guilds = sorted(p.guilds)
    guild = guilds[dice.below(len(guilds))]
    squaddies = [m.slug for m in p.members(guild) if m.role == "squaddie"]
    picked = dice.shuffled(squaddies)[: game_size(state).squaddies]
    discard = dice.shuffled(state.teams[seat].hand)[:2]
    return cm.Prepare(seat=seat, guild=guild, squaddies=tuple(picked), discard=tuple(discard))


def random_deploy(state: GuildBallState, seat: int, dice: Dice) -> cm.Deploy | None:
    """Random places in the deployment zone, clear of each other and the goalpost."""
    from games.guild_ball.pitch.movement import placement

    side = state.teams[seat].side
    sc = scene(state)
    own = [u for u in state.units if u.seat == seat]
    places = []
    taken: list[Base] = []
    for u in own:
        r = Base.at(0, 0, card(u).stats.base).radius
        for _ in range(30):
            x = r + (pitch_of(state).size - 2 * r) * dice.below(1000) / 1000
            depth = r + (10 - 2 * r) * dice.below(1000) / 1000
            y = depth if side == 0 else pitch_of(state).size - depth
            b = Base(Point(x, y), r)
            if placement(sc, b) is None and all(
                math.hypot(b.centre.x - t.centre.x, b.centre.y - t.centre.y) > b.radius + t.radius
                for t in taken
            ):
                places.append((u.id, x, y))
                taken.append(b)
                break
        else:
            return None
    kicker = own[dice.below(len(own))].id if seat == state.kicking else ""
    return cm.Deploy(seat=seat, places=tuple(places), kicker=kicker)


def random_allocation(state: GuildBallState, seat: int, dice: Dice, pool: int) -> cm.Allocate:
    models = [u for u in state.units if u.seat == seat]
    given = {u.id: 0 for u in models}
    for _ in range(pool):
        u = models[dice.below(len(models))]
        if given[u.id] < card(u).stats.inf_max:
            given[u.id] += 1
    return cm.Allocate(seat=seat, influence=tuple((m, n) for m, n in given.items() if n))


def dodge_path(
    state: GuildBallState, model: str, inches: int, goal: Point
) -> tuple[tuple[float, float], ...]:
    """A legal dodge towards `goal` (empty when none is found); a play's additional jog or
    sprint on offer is checked as the advance it is (terrain applies)."""
    kind = offered_kind(state)
    glides = model in state.gliding
    unit = state.unit(model)
    sc = scene(state)
    here = Point(unit.x, unit.y)
    dx, dy = goal.x - here.x, goal.y - here.y
    n = math.hypot(dx, dy)
    if n < 0.1:
        return ()
    r = base_of(unit).radius
    for angle in ANGLES:
        u = Point(dx / n, dy / n).rotated(angle)
        for frac in (1.0, 0.5):
            d = min(float(inches), n) * frac
            x = min(max(here.x + u.x * d, r + 0.02), pitch_of(state).size - r - 0.02)
            y = min(max(here.y + u.y * d, r + 0.02), pitch_of(state).size - r - 0.02)
            if math.hypot(x - here.x, y - here.y) < 0.05:
                continue
            markers = ball_marker(state, unit)
            moved = move(
                sc, model, ((x, y),), kind, float(inches), markers=markers, ignore_rough=glides
            )
            if moved.ok:
                return ((x, y),)
    return ()
