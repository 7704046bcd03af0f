"""Movement: paths of straight legs, advances, charges, dodges and pushes.

"When a model moves, it does so in a straight line. It may stop to change the direction of
movement at any point without penalty." A path is the start point and each point where the
model turns; its length is the distance the model moves ("When a model or marker is moving,
distance is measured from the nearest point on the edge of the model or marker's base in the
direction it's moving": every point of a base moves as far as its centre).

What stops or forbids a move:
- "A model blocks movement. A model's base may not pass over another model's base during
  movement." (Touching is allowed: a base may move into base contact.)
- A barrier: "A model or marker may not move into or be placed onto a barrier."
- An obstruction: "A model may move over an obstruction. Models may not end their movement on
  top of an obstruction [...]. Models may not advance over an obstruction during a sprint or
  charge." "While a player is in control of another player's model, that model may not move over
  obstructions."
- Markers: "A model may move over a marker without impediment but may not end its movement
  overlapping a marker's base."
- The pitch edge: "A controlling player may not voluntarily move a friendly model to cause it to
  leave the pitch." Pushes may carry a model off: "If any part of a model's base leaves the pitch,
  immediately take the model off the pitch."

Terrain and an advance: "A model that moves within rough terrain at any point during an advance
suffers -2"/-2" MOV. This penalty is incurred only once per advance"; fast terrain gives
+2"/+2" the same way; "If a model's MOV is reduced during an advance and the distance it has
already moved is greater than its reduced MOV stat, the advance ends immediately." "Dodge and
push movement receives no penalties or bonuses from terrain unless otherwise noted."
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from games.guild_ball.pitch.bases import TOLERANCE, Base, gap
from games.guild_ball.pitch.geometry import (
    EPSILON,
    Point,
    circle_segment_entry,
    point_segment_distance,
    polygon_segment_distance,
)
from games.guild_ball.pitch.scene import Scene
from games.guild_ball.pitch.terrain import Terrain, TerrainKind

#: "Suffers -2"/-2" MOV" in rough terrain; "gains +2"/+2" MOV" in fast terrain.
ROUGH_PENALTY = 2.0
FAST_BONUS = 2.0


class MoveKind(StrEnum):
    """The kinds of movement whose rules differ."""

    JOG = "jog"
    SPRINT = "sprint"
    CHARGE = "charge"
    DODGE = "dodge"
    PUSH = "push"

    @property
    def advance(self) -> bool:
        """Jogs, sprints and charges are advances: terrain changes their MOV."""
        return self in (MoveKind.JOG, MoveKind.SPRINT, MoveKind.CHARGE)


class Problem(StrEnum):
    """Why a move may not be made as asked (stable codes for the rules' errors)."""

    THROUGH_MODEL = "through_model"
    INTO_BARRIER = "into_barrier"
    OVER_OBSTRUCTION = "over_obstruction"
    ENDS_ON_OBSTRUCTION = "ends_on_obstruction"
    ENDS_ON_MARKER = "ends_on_marker"
    OFF_PITCH = "off_pitch"
    TOO_LONG = "too_long"
    TURNS = "turns"
    OVERLAPS_MODEL = "overlaps_model"


@dataclass(frozen=True, slots=True)
class Movement:
    """What a move does. `problem` is None when it may be made.

    - `path`: the points actually travelled, start first (cut where the move ends);
    - `end`: where the centre ends; `travelled`: inches moved;
    - `allowance`: for an advance, the MOV it ended with after terrain (else the distance given);
    - `blocker`: the figure id or terrain name that blocked or stopped the move;
    - `stopped_early`: ended before its declared end (rough terrain, or a straight move that
      met a base, an obstruction, a barrier or the pitch edge);
    - `left_pitch`: the base left the pitch (only a move that may leave it, such as a push);
    - `rough_at`, `fast_at`: inches along the path where the base first came within rough or
      fast terrain during an advance (None if it did not, or the move is no advance).
    """

    path: tuple[Point, ...]
    travelled: float
    allowance: float
    problem: Problem | None = None
    blocker: str | None = None
    stopped_early: bool = False
    left_pitch: bool = False
    rough_at: float | None = None
    fast_at: float | None = None

    @property
    def ok(self) -> bool:
        """Whether the move may be made."""
        return self.problem is None

    @property
    def end(self) -> Point:
        """Where the moving base's centre ends."""
        return self.path[-1]


class Crossing(NamedTuple):
    """A zone entered or left along a path: whose zone, in or out, how far along, and where."""

    owner: str
    entered: bool
    at: float
    point: Point


def path_length(points: Sequence[tuple[float, float]]) -> float:
    """The length of the path through these points, in inches."""
    return sum(
        math.hypot(points[i + 1][0] - points[i][0], points[i + 1][1] - points[i][1])
        for i in range(len(points) - 1)
    )


def point_along(points: Sequence[tuple[float, float]], distance: float) -> Point:
    """The point `distance` inches along the path (its end if the path is shorter)."""
    left = max(distance, 0.0)
    for i in range(len(points) - 1):
        (ax, ay), (bx, by) = points[i], points[i + 1]
        leg = math.hypot(bx - ax, by - ay)
        if left <= leg:
            f = left / leg if leg > 0 else 0.0
            return Point(ax + f * (bx - ax), ay + f * (by - ay))
        left -= leg
    x, y = points[-1]
    return Point(x, y)


def cut_path(points: Sequence[tuple[float, float]], distance: float) -> tuple[Point, ...]:
    """The first `distance` inches of the path, as points."""
    out = [Point(*points[0])]
    left = distance
    for i in range(len(points) - 1):
        (ax, ay), (bx, by) = points[i], points[i + 1]
        leg = math.hypot(bx - ax, by - ay)
        if left < leg - EPSILON:
            f = max(left, 0.0) / leg
            out.append(Point(ax + f * (bx - ax), ay + f * (by - ay)))
            return tuple(out)
        out.append(Point(bx, by))
        left -= leg
    return tuple(out)


def directly_towards(base: Base, target: Base) -> Point:
    """ "Along the line between the centre points": the unit vector from `base` to `target`."""
    return (target.centre - base.centre).unit()


def directly_away(origin: Base, base: Base) -> Point:
    """The unit vector from `origin`'s centre through `base`'s: "directly away" from it."""
    return (base.centre - origin.centre).unit()


def towards(path: Sequence[tuple[float, float]], target: tuple[float, float]) -> bool:
    """ "Towards means that a model or marker may only move in such a way that the distance
    between the model or marker and the target is always decreasing." Whether every leg of the
    path keeps getting closer to `target` (its centre; edge to edge changes as centre to centre
    does). Along a straight leg the distance to a point shrinks throughout exactly when it is
    still shrinking at the leg's end."""
    tx, ty = target
    for i in range(len(path) - 1):
        (ax, ay), (bx, by) = path[i], path[i + 1]
        if (bx - ax) * (bx - tx) + (by - ay) * (by - ty) >= 0.0:
            return False
    return True


def away(path: Sequence[tuple[float, float]], origin: tuple[float, float]) -> bool:
    """ "Away means that a model or marker may move in any direction, but only in such a way that
    the distance between the origin and the model or marker is always increasing." Along a
    straight leg the distance grows throughout exactly when it already grows at the leg's
    start."""
    ox, oy = origin
    for i in range(len(path) - 1):
        (ax, ay), (bx, by) = path[i], path[i + 1]
        if (bx - ax) * (ax - ox) + (by - ay) * (ay - oy) <= 0.0:
            return False
    return True


def move(
    scene: Scene,
    figure_id: str,
    waypoints: Iterable[tuple[float, float]],
    kind: MoveKind,
    allowance: float,
    *,
    markers: Sequence[Base] = (),
    ignore_rough: bool = False,
    foreign: bool = False,
) -> Movement:
    """Check a move of the figure along its path: from where it stands through `waypoints`.

    `allowance` is the distance the move may cover before terrain: the base move for a jog, the
    max move for a sprint or charge, the distance of a dodge or push. `markers` are the bases a
    model may cross but not end on (a free ball, other markers). `ignore_rough` for a model that
    is Gliding; `foreign` when a player moves the other player's model (no crossing
    obstructions). A charge or push must be a single straight leg.

    The answer says where the move ends (an advance that enters rough terrain with more moved
    than its reduced MOV ends there) or, in `problem`, why it may not be made."""
    base = scene.base(figure_id)
    points = (base.centre, *(Point(float(x), float(y)) for x, y in waypoints))
    if kind in (MoveKind.CHARGE, MoveKind.PUSH) and len(points) > 2:
        return Movement(points, path_length(points), allowance, Problem.TURNS)
    total = path_length(points)
    reach = allowance
    rough_at = fast_at = None
    end_at = total
    stopped_early = False
    if kind.advance:
        rough_at, fast_at = _terrain_entries(scene, base.radius, points, ignore_rough)
        reach, ends = _with_terrain(allowance, rough_at, fast_at)
        if ends is not None:
            end_at, stopped_early = ends, True
    path = cut_path(points, end_at) if stopped_early else points
    travelled = path_length(path)

    def refused(problem: Problem, blocker: str | None = None) -> Movement:
        return Movement(
            path, travelled, reach, problem, blocker, stopped_early, False, rough_at, fast_at
        )

    if not stopped_early and total > reach + TOLERANCE:
        return refused(Problem.TOO_LONG)
    over_obstructions = kind in (MoveKind.JOG, MoveKind.DODGE) and not foreign
    size, r = scene.pitch.size, base.radius
    for x, y in path[1:]:
        if not (r - TOLERANCE <= x <= size - r + TOLERANCE) or not (
            r - TOLERANCE <= y <= size - r + TOLERANCE
        ):
            return refused(Problem.OFF_PITCH)
    for i in range(len(path) - 1):
        hit = _first_block(scene, figure_id, r, path[i], path[i + 1], over_obstructions)
        if hit is not None:
            _, problem, blocker = hit
            return refused(problem, blocker)
    end = Base(path[-1], r)
    if travelled > EPSILON:
        for t in scene.pieces:
            if t.kind is TerrainKind.OBSTRUCTION and t.overlaps(end):
                return refused(Problem.ENDS_ON_OBSTRUCTION, t.name)
        for m in markers:
            if math.hypot(m.centre.x - end.centre.x, m.centre.y - end.centre.y) < (
                m.radius + r - TOLERANCE
            ):
                return refused(Problem.ENDS_ON_MARKER)
    return Movement(path, travelled, reach, None, None, stopped_early, False, rough_at, fast_at)


def placement(
    scene: Scene, base: Base, *, ignore: Iterable[str] = (), markers: Sequence[Base] = ()
) -> tuple[Problem, str | None] | None:
    """Why `base` may not be placed where it is, or None if it may: "A model or marker may not
    be placed on a barrier or an obstruction, or with its base overlapping another model or
    marker's base or the edge of the pitch." `ignore` names figures not to count (the one being
    placed, if the scene has it); `markers` are the markers' bases (the free ball...). Touching
    is allowed everywhere."""
    if not scene.pitch.holds(base):
        return Problem.OFF_PITCH, None
    skip = set(ignore)
    for f in scene.figures:
        if f.id not in skip and gap(f.base, base) < -TOLERANCE:
            return Problem.OVERLAPS_MODEL, f.id
    for m in markers:
        if gap(m, base) < -TOLERANCE:
            return Problem.ENDS_ON_MARKER, None
    for t in scene.pieces:
        if t.kind is TerrainKind.BARRIER and t.overlaps(base):
            return Problem.INTO_BARRIER, t.name or t.kind.value
        if t.kind is TerrainKind.OBSTRUCTION and t.overlaps(base):
            return Problem.ENDS_ON_OBSTRUCTION, t.name or t.kind.value
    return None


def straight(
    scene: Scene,
    figure_id: str,
    direction: tuple[float, float],
    distance: float,
    kind: MoveKind = MoveKind.PUSH,
    *,
    allowance: float | None = None,
    may_leave_pitch: bool | None = None,
    ignore_rough: bool = False,
) -> Movement:
    """Move the figure up to `distance` inches along `direction` (any length), stopping at
    the first contact: "A model being moved by a push stops if it contacts another model's base,
    an obstruction, or a barrier." Also for a dodge or advance that must go "directly" towards
    or away ("If a model is required to move [...] and becomes unable to do so (e.g., due to a
    blocking model, an obstruction, or a barrier), it immediately stops movement"; a jog or dodge
    by its own player crosses obstructions instead).

    An advance (jog, sprint, charge) has an `allowance` (its MOV, `distance` if not given)
    changed by terrain as in `move`; it goes no further than the allowance allows.

    A push (or `may_leave_pitch=True`) carries the base off the pitch: the answer has
    `left_pitch` and the point where its edge crossed the pitch's edge. Other moves stop with the
    base touching the edge. A move that cannot start is a `Movement` of length 0."""
    base = scene.base(figure_id)
    dx, dy = direction
    n = math.hypot(dx, dy)
    if n < EPSILON:
        raise ValueError("a straight move needs a direction")
    ux, uy = dx / n, dy / n
    sx, sy = base.centre
    r = base.radius
    far = max(distance, 0.0)
    reach = far if allowance is None else allowance
    rough_at = fast_at = None
    if kind.advance:
        probe = (base.centre, Point(sx + ux * far, sy + uy * far))
        rough_at, fast_at = _terrain_entries(scene, r, probe, ignore_rough)
        reach, ends = _with_terrain(reach, rough_at, fast_at)
        far = max(min(far, reach if ends is None else ends), 0.0)
    ex, ey = sx + ux * far, sy + uy * far
    over_obstructions = kind in (MoveKind.JOG, MoveKind.DODGE)
    stop = far
    blocker: str | None = None
    hit = _first_block(scene, figure_id, r, (sx, sy), (ex, ey), over_obstructions)
    if hit is not None:
        stop, blocker = hit[0] * far, hit[2]
    leave = kind is MoveKind.PUSH if may_leave_pitch is None else may_leave_pitch
    edge_at = scene.pitch.edge_along(sx, sy, ux, uy, r, leave)
    left_pitch = False
    if edge_at is not None and edge_at < stop:
        stop, blocker, left_pitch = edge_at, "pitch edge", leave
    stop = max(stop, 0.0)
    end = Point(sx + ux * stop, sy + uy * stop)
    return Movement(
        (base.centre, end),
        stop,
        reach,
        None,
        blocker,
        stop < distance - TOLERANCE,
        left_pitch,
        rough_at if rough_at is not None and rough_at <= stop + TOLERANCE else None,
        fast_at if fast_at is not None and fast_at <= stop + TOLERANCE else None,
    )


def engaging_span(
    scene: Scene, figure_id: str, target_id: str, direction: tuple[float, float], melee_zone: float
) -> tuple[float, float] | None:
    """Along `direction` from where the figure stands, the inches (first, last) between which the
    target would be within its melee zone, or None if never (LOS is not considered here)."""
    a, b = scene.base(figure_id), scene.base(target_id)
    dx, dy = direction
    n = math.hypot(dx, dy)
    far = 1000.0
    span = circle_segment_entry(
        b.centre.x,
        b.centre.y,
        a.radius + b.radius + melee_zone + TOLERANCE,
        a.centre.x,
        a.centre.y,
        a.centre.x + dx / n * far,
        a.centre.y + dy / n * far,
    )
    if span is None:
        return None
    return span[0] * far, span[1] * far


class Charge(NamedTuple):
    """A charge checked: the movement, and whether it ends engaging the target."""

    movement: Movement
    engaging: bool


def charge(
    scene: Scene,
    figure_id: str,
    target_id: str,
    end: tuple[float, float],
    max_move: float,
    melee_zone: float,
    *,
    ignore_rough: bool = False,
) -> Charge:
    """A charge to `end`: "A charging model may advance up to its max move. If able, it must end
    the advance engaging the target enemy model. A model may not change direction during a
    charge." Whether it ends engaging (within its melee zone and LOS) is in the answer; the
    rules decide what an unsuccessful charge means."""
    movement = move(scene, figure_id, (end,), MoveKind.CHARGE, max_move, ignore_rough=ignore_rough)
    if not movement.ok:
        return Charge(movement, False)
    after = scene.moved(figure_id, movement.end)
    return Charge(movement, after.engaging(figure_id, melee_zone, target_id))


def approach(
    scene: Scene,
    figure_id: str,
    target: Base,
    reach: float,
    allowance: float,
    kind: MoveKind = MoveKind.JOG,
    *,
    ignore_rough: bool = False,
) -> Movement:
    """Move the figure straight at `target`'s centre until it is within `reach` of it (into a
    melee zone, to within 1" of a free ball to snap it up, next to a friend), or as far as the
    allowance and the first contact let it: the move a player means by "towards the ball" or "to
    engage that model". The target may be a base, a marker or a spot."""
    a = scene.base(figure_id)
    u = directly_towards(a, target)
    need = max(a.centre.distance_to(target.centre) - a.radius - target.radius - reach, 0.0)
    return straight(
        scene,
        figure_id,
        u,
        need,
        kind,
        allowance=allowance,
        may_leave_pitch=False,
        ignore_rough=ignore_rough,
    )


def charge_towards(
    scene: Scene,
    figure_id: str,
    target_id: str,
    max_move: float,
    melee_zone: float,
    *,
    ignore_rough: bool = False,
) -> Charge:
    """The shortest charge straight at the target's centre that brings it into the charger's
    melee zone (or as far as the charger may go that way, stopping at contact)."""
    moved = approach(
        scene,
        figure_id,
        scene.base(target_id),
        melee_zone,
        max_move,
        MoveKind.CHARGE,
        ignore_rough=ignore_rough,
    )
    if moved.travelled < EPSILON:
        return Charge(moved, scene.engaging(figure_id, melee_zone, target_id))
    return charge(
        scene, figure_id, target_id, moved.end, max_move, melee_zone, ignore_rough=ignore_rough
    )


def crossings(
    path: Sequence[tuple[float, float]],
    radius: float,
    zones: Iterable[tuple[str, Base, float]],
) -> list[Crossing]:
    """Where a base of `radius` moving along `path` comes within, and goes out of, each zone
    (owner id, owner's base, reach in inches: a melee zone, the 1" of a free ball's snap-to, an
    aura), in order along the path. A zone the base starts in is not "entered"; one it is still
    in at the end is not "left". "Within" includes touching."""
    events: list[Crossing] = []
    for owner, zone_base, reach in zones:
        (cx, cy), rz = zone_base
        limit = radius + rz + reach + TOLERANCE
        done = 0.0
        inside = math.hypot(path[0][0] - cx, path[0][1] - cy) <= limit
        for i in range(len(path) - 1):
            (ax, ay), (bx, by) = path[i], path[i + 1]
            leg = math.hypot(bx - ax, by - ay)
            span = circle_segment_entry(cx, cy, limit, ax, ay, bx, by)
            if span is not None and leg > 0:
                t0, t1 = span
                if not inside and t1 >= t0:
                    at = done + t0 * leg
                    events.append(
                        Crossing(owner, True, at, Point(ax + t0 * (bx - ax), ay + t0 * (by - ay)))
                    )
                    inside = True
                if inside and t1 < 1.0 - EPSILON:
                    at = done + t1 * leg
                    events.append(
                        Crossing(owner, False, at, Point(ax + t1 * (bx - ax), ay + t1 * (by - ay)))
                    )
                    inside = False
            done += leg
    events.sort(key=lambda c: c.at)
    return events


def sight_lost(
    scene: Scene,
    figure_id: str,
    path: Sequence[tuple[float, float]],
    watcher_id: str,
    step: float = 0.1,
) -> float | None:
    """How far along `path` the moving figure first leaves `watcher_id`'s line of sight, or None
    if it stays in sight (for parting blows: "if an active model leaves the melee zone or LOS of
    an enemy model that's engaging it"). The path is walked in steps of `step` inches and the
    moment found to 0.001" between the last step in sight and the first out of it; a loss
    shorter than a step can be missed (rules notes)."""
    total = path_length(path)
    if total <= 0.0:
        return None
    steps = max(1, math.ceil(total / step))
    seen_at = 0.0
    for k in range(1, steps + 1):
        at = total * k / steps
        if not scene.moved(figure_id, point_along(path, at)).sees(watcher_id, figure_id):
            lo, hi = seen_at, at
            while hi - lo > 0.001:
                mid = (lo + hi) / 2
                if scene.moved(figure_id, point_along(path, mid)).sees(watcher_id, figure_id):
                    lo = mid
                else:
                    hi = mid
            return hi
        seen_at = at
    return None


def _with_terrain(
    allowance: float, rough_at: float | None, fast_at: float | None
) -> tuple[float, float | None]:
    """An advance's MOV after the terrain it meets, and where it ends early (or None): each
    modifier applies from where the base first comes within the terrain, if the advance gets
    that far; "If a model's MOV is reduced during an advance and the distance it has already
    moved is greater than its reduced MOV stat, the advance ends immediately." """
    reach = allowance
    events = ((rough_at, -ROUGH_PENALTY), (fast_at, FAST_BONUS))
    for at, delta in sorted((d, m) for d, m in events if d is not None):
        if at > reach + TOLERANCE:
            break
        reach += delta
        if delta < 0 and at > reach + TOLERANCE:
            return reach, at
    return reach, None


def _terrain_entries(
    scene: Scene, r: float, points: Sequence[tuple[float, float]], ignore_rough: bool
) -> tuple[float | None, float | None]:
    """How far along the path the base first comes within rough terrain and within fast
    terrain (touching counts)."""
    rough_at = fast_at = None
    for t in scene.pieces:
        if t.kind.rough and not ignore_rough:
            at = _entry_along(t, r + TOLERANCE, points)
            if at is not None and (rough_at is None or at < rough_at):
                rough_at = at
        elif t.kind is TerrainKind.FAST:
            at = _entry_along(t, r + TOLERANCE, points)
            if at is not None and (fast_at is None or at < fast_at):
                fast_at = at
    return rough_at, fast_at


def _entry_along(t: Terrain, r: float, points: Sequence[tuple[float, float]]) -> float | None:
    done = 0.0
    for i in range(len(points) - 1):
        (ax, ay), (bx, by) = points[i], points[i + 1]
        leg = math.hypot(bx - ax, by - ay)
        f = t.entry(r, ax, ay, bx, by) if t.may_meet(ax, ay, bx, by, r) else None
        if f is not None:
            return done + f * leg
        done += leg
    if len(points) == 1:
        x, y = points[0]
        return 0.0 if t.entry(r, x, y, x, y) is not None else None
    return None


def _first_block(
    scene: Scene,
    figure_id: str,
    r: float,
    start: tuple[float, float],
    end: tuple[float, float],
    over_obstructions: bool,
) -> tuple[float, Problem, str] | None:
    """The first thing the base would pass over on the leg start–end: (fraction of the leg at
    contact, the problem, the blocker's id or name), or None. Touching is not passing over."""
    ax, ay = start
    bx, by = end
    best: tuple[float, Problem, str] | None = None
    for f in scene.figures:
        if f.id == figure_id:
            continue
        (cx, cy), rf = f.base
        limit = r + rf
        if point_segment_distance(cx, cy, ax, ay, bx, by) >= limit - TOLERANCE:
            continue
        span = circle_segment_entry(cx, cy, limit, ax, ay, bx, by)
        at = 0.0 if span is None else span[0]
        if best is None or at < best[0]:
            best = (at, Problem.THROUGH_MODEL, f.id)
    for t in scene.pieces:
        kind = t.kind
        if kind is TerrainKind.BARRIER:
            problem = Problem.INTO_BARRIER
        elif kind is TerrainKind.OBSTRUCTION and not over_obstructions:
            problem = Problem.OVER_OBSTRUCTION
        else:
            continue
        if not t.may_meet(ax, ay, bx, by, r):
            continue
        if t.points:
            if polygon_segment_distance(ax, ay, bx, by, t.points) >= r - TOLERANCE:
                continue
        elif point_segment_distance(t.centre.x, t.centre.y, ax, ay, bx, by) >= (
            r + t.radius - TOLERANCE
        ):
            continue
        at = t.entry(r, ax, ay, bx, by)
        at = 0.0 if at is None else at
        if best is None or at < best[0]:
            best = (at, problem, t.name or kind.value)
    return best
