"""Returned models: where a model returning to play may start, and whether its jog reaches the
place its player gives.

"A returned model is placed in base contact with an edge of the pitch that's within the
friendly deployment zone and may then make a jog." The deployment zone is the strip "within 10"
of their chosen table edge", so the edges within it are the whole own table edge and the part of
each side edge within 10" of it. The player gives only the final place; `return_start` looks
for an edge-contact start from which a legal jog reaches it.

- A start is a centre whose base touches the own table edge (anywhere along it) or a side edge
  at a point within 10" of the own table edge (the point of contact is level with the centre),
  and is itself a legal placement: on the pitch, clear of other bases, of the free ball (a
  marker), of barriers and of obstructions.
- The jog is the pitch engine's jog (`movement.move`, `MoveKind.JOG`) of the model's jog MOV
  from the start straight to the place: rough terrain on the way costs 2" once (and ends the jog
  early when it has already moved further), fast terrain adds 2", models and barriers block,
  obstructions may be crossed but not ended on, the free ball may be crossed but not ended on.
- Starts are tried nearest first, at the foot of the perpendicular from the place to each edge
  and every `STEP` inches either side of it. A jog may turn (the engine's jogs are waypoint
  paths), but a straight line from a start that may slide along 36" of edge reaches every place
  the edges can see; a place reachable only by a path that turns (behind a barrier as seen from
  every start within reach) is refused (rules notes, "Returned models").
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from games.guild_ball.pitch import Base, Point
from games.guild_ball.pitch.bases import TOLERANCE
from games.guild_ball.pitch.field import DEPLOYMENT_DEPTH
from games.guild_ball.pitch.movement import FAST_BONUS, MoveKind, move, placement
from games.guild_ball.pitch.scene import Figure, Scene
from games.guild_ball.pitch.terrain import TerrainKind
from games.guild_ball.rules.context import ball_base, card, moves, pitch_of, scene
from games.guild_ball.rules.state import GuildBallState, Unit

#: How far apart the starts tried along an edge are, in inches: a gap between two bases or
#: pieces narrower than this may be missed.
STEP = 0.1


def return_start(state: GuildBallState, unit: Unit, x: float, y: float) -> Point | None:
    """The start on an edge within the friendly deployment zone from which `unit`, returning to
    play, may jog to (x, y), nearest first; None if there is none. The place itself is not
    checked here (`turns.check_return` places it first)."""
    sc = scene(state)
    r = Base.at(0, 0, card(unit).stats.base).radius
    jog = moves(state, unit)[0]
    fast = any(t.kind is TerrainKind.FAST for t in sc.pieces)
    far = jog + (FAST_BONUS if fast else 0.0)
    markers = ball_markers(state)
    others = sc.others(unit.id)
    place = Point(x, y)
    for start in sorted(_starts(state, unit, r, place, far), key=place.distance_to):
        base = Base(start, r)
        if placement(sc, base, ignore=(unit.id,), markers=markers) is not None:
            continue
        if start.distance_to(place) <= TOLERANCE:
            return start
        there = Scene(sc.pitch, sc.terrain, (*others, Figure(unit.id, base)))
        jogged = move(
            there,
            unit.id,
            (place,),
            MoveKind.JOG,
            jog,
            markers=markers,
            ignore_rough=unit.id in state.gliding,
        )
        if jogged.ok and not jogged.stopped_early:
            return start
    return None


def ball_markers(state: GuildBallState) -> tuple[Base, ...]:
    """The free ball as a marker: a returned model "may move over a marker without impediment
    but may not end its movement overlapping a marker's base", and may not be placed
    overlapping it (its jog takes the ball when it comes within 1": `turns.return_jog`)."""
    return (ball_base(state),) if state.ball_free and state.ball_x >= 0 else ()


def _starts(
    state: GuildBallState, unit: Unit, r: float, place: Point, far: float
) -> Iterator[Point]:
    """The centres of bases touching an edge within the friendly deployment zone that are within
    `far` of `place`."""
    size = pitch_of(state).size
    own = state.teams[unit.seat].side
    edge_y = r if own == 0 else size - r
    if own == 0:
        lo, hi = r, DEPLOYMENT_DEPTH
    else:
        lo, hi = size - DEPLOYMENT_DEPTH, size - r
    for sx in _along(place.x, abs(place.y - edge_y), r, size - r, far):
        yield Point(sx, edge_y)
    for edge_x in (r, size - r):
        for sy in _along(place.y, abs(place.x - edge_x), lo, hi, far):
            yield Point(edge_x, sy)


def _along(at: float, off: float, lo: float, hi: float, far: float) -> Iterator[float]:
    """Positions along an edge, between `lo` and `hi`, within `far` of a place `off` inches
    from the edge's line and level with `at`: the nearest first, then every `STEP` either side,
    then the ends of the reach."""
    if off > far + TOLERANCE:
        return
    half = math.sqrt(max(far * far - off * off, 0.0))
    first, last = max(lo, at - half), min(hi, at + half)
    if first > last:
        return
    foot = min(max(at, first), last)
    yield foot
    k = 1
    while foot - k * STEP > first or foot + k * STEP < last:
        for p in (foot - k * STEP, foot + k * STEP):
            if first < p < last:
                yield p
        k += 1
    yield first
    yield last
