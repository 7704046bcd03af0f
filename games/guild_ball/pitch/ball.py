"""The ball: scatter templates, the ball's path, interception, snap-to and kick ranges.

Nothing here rolls dice: the rules roll them (and record them in events) and pass the outcomes.

- "The ball is represented by a ball marker, which is a 30 mm base." "The ball path is a
  straight line, 30 mm wide, that the ball travels along": the ground the ball's base sweeps.
- Scatters: "Roll 1D6 to determine the direction in which the ball scatters. Roll another 1D6
  to determine the distance the ball scatters." "If the ball scattered from a model, measure the
  scatter distance from the edge of the model's base" (and of a goalpost's base).
- Terrain on the way: barriers and obstructions stop the ball in base contact "along the ball
  path" (the rule of least disturbance); "If any part of the ball marker's base leaves the pitch,
  immediately take the ball off the pitch" (a throw-in follows, from the centre spot).

The template angles the converted text does not give are ruled in
games/guild_ball/docs/rules-notes.md ("Pitch").
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from games.guild_ball.pitch.bases import BALL_RADIUS, TOLERANCE, Base, distance, within
from games.guild_ball.pitch.bases import gap as base_gap
from games.guild_ball.pitch.geometry import (
    EPSILON,
    Point,
    circle_segment_entry,
    point_segment_distance,
    polygon_segment_distance,
)
from games.guild_ball.pitch.scene import Scene
from games.guild_ball.pitch.terrain import Terrain

#: "A model which starts its activation or moves within 1" of a free ball may choose to take
#: possession of the ball"; "If the ball is placed within 1" of a model, that model may choose to
#: take possession".
SNAP_TO = 1.0

#: The circular template: "#1 pointing towards the active model's goalpost"; the others follow
#: clockwise (seen from above, side 0 at the bottom), 60° apart. Degrees, counter-clockwise
#: positive, from the #1 direction.
CIRCULAR_ANGLES = {1: 0.0, 2: -60.0, 3: -120.0, 4: 180.0, 5: 120.0, 6: 60.0}

#: The kick template: "the centre line pointing in the direction the ball was originally
#: travelling"; a 120° fan of six 20° sectors, 1 on the left seen along the kick, the ball
#: leaving along the middle of its sector. Degrees from the centre line, counter-clockwise
#: positive.
KICK_ANGLES = {1: 50.0, 2: 30.0, 3: 10.0, 4: -10.0, 5: -30.0, 6: -50.0}


def _die(roll: int) -> int:
    if roll not in (1, 2, 3, 4, 5, 6):
        raise ValueError(f"a D6 shows 1 to 6, not {roll!r}")
    return roll


def circular_direction(origin: Point, goalpost: Point, roll: int) -> Point:
    """The unit direction of a circular scatter: the template over `origin` with the #1 pointing
    at the active model's goalpost (`goalpost`, its centre), read for a direction roll."""
    return (goalpost - origin).unit().rotated(CIRCULAR_ANGLES[_die(roll)])


def kick_direction(travel: tuple[float, float], roll: int) -> Point:
    """The unit direction of a kick scatter: the template's centre line along `travel` (the way
    the ball was going: from the kicking model towards its target), read for a direction roll."""
    return Point(*travel).unit().rotated(KICK_ANGLES[_die(roll)])


def landing_spot(origin: Base, direction: tuple[float, float], inches: float) -> Point:
    """The final landing spot (the ball's centre) `inches` from `origin` along `direction`.

    From a model or goalpost the distance is measured from its edge to the ball's nearest edge
    ("place the ball with the closest edge exactly 5" away from Shark in the scatter
    direction"). From a target spot or a free ball, pass `bases.spot` at the ball's centre: the
    ball moves its centre `inches`, as any moving marker does."""
    (cx, cy), r = origin
    dx, dy = direction
    n = math.hypot(dx, dy)
    reach = inches + (r + BALL_RADIUS if r > 0 else 0.0)
    return Point(cx + dx / n * reach, cy + dy / n * reach)


def circular_scatter(origin: Base, goalpost: Point, direction_roll: int, distance_roll: int):
    """The landing spot of a circular scatter from `origin` (a model's base, or a spot)."""
    u = circular_direction(origin.centre, goalpost, direction_roll)
    return landing_spot(origin, u, float(_die(distance_roll)))


def kick_scatter(
    origin: Base, travel: tuple[float, float], direction_roll: int, distance_roll: int
) -> Point:
    """The landing spot of a kick scatter from `origin`: the target spot (a `spot`), the target
    friendly model's base or the target goalpost's base."""
    u = kick_direction(travel, direction_roll)
    return landing_spot(origin, u, float(_die(distance_roll)))


@dataclass(frozen=True, slots=True)
class BallTravel:
    """Where the ball goes along its path from `start` towards `landing`.

    `end` is where its centre comes to rest (None if it left the pitch); `stopped_by` names the
    barrier or obstruction it stopped against, or the figure whose base it was set back from;
    `left_pitch` means a throw-in (`exit` is where its edge crossed the pitch's edge)."""

    start: Point
    landing: Point
    end: Point | None
    stopped_by: str | None = None
    left_pitch: bool = False
    exit: Point | None = None


def path_start(origin: Base, landing: tuple[float, float]) -> Point:
    """Where the ball's centre starts on its way from `origin` to `landing`: in base contact
    with the model (or goalpost) it leaves, on the line to the landing spot; at the spot itself
    if `origin` is a spot."""
    (cx, cy), r = origin
    if r <= 0:
        return Point(cx, cy)
    dx, dy = landing[0] - cx, landing[1] - cy
    n = math.hypot(dx, dy)
    if n <= r + BALL_RADIUS:
        return Point(landing[0], landing[1])
    reach = r + BALL_RADIUS
    return Point(cx + dx / n * reach, cy + dy / n * reach)


def ball_travel(
    scene: Scene,
    origin: Base,
    landing: tuple[float, float],
    *,
    through_terrain: bool = False,
    exclude: Iterable[str] = (),
) -> BallTravel:
    """Follow the ball from `origin` to `landing`: for a circular scatter the origin is where the
    ball was (the model it scattered from, or a spot); for a kick scatter "the ball path is
    centred on the line between the kicking model and the final landing spot", so the origin is
    the kicking model.

    - "If there are barriers or obstructions along the ball path", the ball stops in base
      contact with the first along its path ("use the rule of least disturbance to place the
      ball in base contact with the obstruction along the ball path");
    - if its base leaves the pitch first, it is off the pitch (a throw-in);
    - a goal kick (`through_terrain`) is drawn through terrain, and only "If the ball would end
      on top of a barrier or an obstruction" is it set back along the path into contact;
    - a ball that would end overlapping a model's base (the figures but those in `exclude`) is
      set back along the path into base contact with it (least disturbance; rules notes)."""
    start = path_start(origin, landing)
    lx, ly = float(landing[0]), float(landing[1])
    sx, sy = start
    dx, dy = lx - sx, ly - sy
    length = math.hypot(dx, dy)
    stoppers = [t for t in scene.pieces if t.kind.stops_ball]
    stop = 1.0
    stopped_by: str | None = None
    if not through_terrain and length > EPSILON:
        for t in stoppers:
            f = _ball_contact(t, sx, sy, lx, ly)
            if f is not None and f < stop:
                stop, stopped_by = f, t.name or t.kind.value
    if length > EPSILON:
        edge = scene.pitch.edge_along(sx, sy, dx / length, dy / length, BALL_RADIUS, True)
        if edge is not None and edge / length < stop - EPSILON:
            f = edge / length
            exit_ = Point(sx + f * dx, sy + f * dy)
            return BallTravel(start, Point(lx, ly), None, None, True, exit_)
    elif not scene.pitch.holds(Base(start, BALL_RADIUS)):
        return BallTravel(start, Point(lx, ly), None, None, True, start)
    skip = set(exclude)
    obstacles: list[tuple[str, Base | Terrain]] = [
        (f.id, f.base) for f in scene.figures if f.id not in skip
    ]
    if through_terrain:
        obstacles.extend((t.name or t.kind.value, t) for t in stoppers)
    f, setter = _set_back(obstacles, sx, sy, dx, dy, stop)
    if setter is not None:
        stopped_by = setter
    return BallTravel(start, Point(lx, ly), Point(sx + f * dx, sy + f * dy), stopped_by)


def _ball_contact(t: Terrain, sx: float, sy: float, ex: float, ey: float) -> float | None:
    """The fraction of the path at which the ball meets the piece, if it reaches into it (a
    ball that only grazes the piece, by less than the tolerance, passes by)."""
    if not t.may_meet(sx, sy, ex, ey, BALL_RADIUS) or _deepest(t, sx, sy, ex, ey) >= -TOLERANCE:
        return None
    return t.entry(BALL_RADIUS, sx, sy, ex, ey)


def _deepest(t: Terrain, sx: float, sy: float, ex: float, ey: float) -> float:
    """The least gap between the piece and the ball anywhere on the path."""
    if not t.points:
        d = point_segment_distance(t.centre.x, t.centre.y, sx, sy, ex, ey)
        return d - t.radius - BALL_RADIUS
    return polygon_segment_distance(sx, sy, ex, ey, t.points) - BALL_RADIUS


def _overlap_start(obstacle: Base | Terrain, sx: float, sy: float, dx: float, dy: float):
    """The fraction of the path at which the ball first touches the obstacle."""
    ex, ey = sx + dx, sy + dy
    if isinstance(obstacle, Terrain):
        return obstacle.entry(BALL_RADIUS, sx, sy, ex, ey)
    (cx, cy), r = obstacle
    span = circle_segment_entry(cx, cy, r + BALL_RADIUS, sx, sy, ex, ey)
    return None if span is None else span[0]


def _set_back(
    obstacles: list[tuple[str, Base | Terrain]],
    sx: float,
    sy: float,
    dx: float,
    dy: float,
    f: float,
) -> tuple[float, str | None]:
    """Move the ball back along its path from fraction `f` until it overlaps nothing."""
    setter: str | None = None
    for _ in range(len(obstacles) + 1):
        ball = Base(Point(sx + f * dx, sy + f * dy), BALL_RADIUS)
        for name, obstacle in obstacles:
            if isinstance(obstacle, Terrain):
                overlap = obstacle.gap(ball)
            else:
                overlap = base_gap(obstacle, ball)
            if overlap < -TOLERANCE:
                back = _overlap_start(obstacle, sx, sy, dx, dy)
                f, setter = (0.0 if back is None else min(back, f)), name
                break
        else:
            return f, setter
    return f, setter


def on_ball_path(
    scene: Scene, origin: Base, target: Base, exclude: Iterable[str] = ()
) -> list[tuple[float, str]]:
    """The figures with any part of their base on the ball path from `origin` (the kicking
    model) to `target` (a landing spot as a `spot`, or a target model's or goalpost's base, where
    the path ends in contact with it), nearest to the origin first, as (distance, id).

    For interception ("the closest model on the ball path between the kicking model and the final
    landing spot may choose to take possession") and for intervening models ("with any part of
    its base on the ball path between the kicking model and the target of the kick"). Leave the
    kicker and the target out with `exclude`; the rules pick enemies, engaged models, and who may
    take the ball."""
    (tx, ty), tr = target
    if tr > 0:
        (ox, oy), _ = origin
        n = math.hypot(tx - ox, ty - oy)
        back = tr + BALL_RADIUS
        end = Point(tx - (tx - ox) / n * back, ty - (ty - oy) / n * back) if n > back else target[0]
    else:
        end = Point(tx, ty)
    sx, sy = path_start(origin, end)
    ex, ey = end
    skip = set(exclude)
    found = []
    for fig in scene.figures:
        if fig.id in skip:
            continue
        (cx, cy), r = fig.base
        if point_segment_distance(cx, cy, sx, sy, ex, ey) <= r + BALL_RADIUS + TOLERANCE:
            found.append((distance(fig.base, origin), fig.id))
    found.sort()
    return found


def snap_candidates(
    scene: Scene, ball: tuple[float, float], exclude: Iterable[str] = ()
) -> list[tuple[float, str]]:
    """The figures within 1" of a free ball at `ball` (its centre), nearest first, as
    (distance, id): who may take possession when it is placed or a model starts there."""
    return scene.near(Base(Point(ball[0], ball[1]), BALL_RADIUS), SNAP_TO, exclude)


def in_kick_range(kicker: Base, target: Base, kick: float) -> bool:
    """Whether a target model or goalpost, or the ball placed on a target spot (pass its base:
    `Base(spot, BALL_RADIUS)`), is within the kick distance: "the active model positions the ball
    anywhere within its kick range"; within, as the Definitions say, edge to edge."""
    return within(target, kicker, kick)


def tap_in_range(kick: float) -> int:
    """ "Within half of the kicking model's kick range (rounded down)": 8" → 4", 7" → 3"."""
    return math.floor(kick / 2)


def is_tap_in(kicker: Base, target: Base, kick: float) -> bool:
    """Whether the target is within tap-in range (the kick then suffers -1 TN)."""
    return within(target, kicker, tap_in_range(kick))
