"""Line of sight.

"A model has LOS to a target spot, another model, or a goalpost as long as an unobstructed
straight line may be drawn from any point on the model's base to the target spot or to any point
on the other model's or goalpost's base. A line is considered obstructed if it passes through
terrain that blocks LOS or if it passes over the base of an intervening model."

What blocks: "A barrier blocks LOS." "A model may draw LOS into or out of a forest but not
through a forest": a forest blocks unless the origin or the target is within it. Obstructions,
rough and fast terrain do not block (the book gives them no such rule). A knocked-down model
"doesn't block LOS": the caller leaves it out of the blockers (`scene.Scene` does).

The search is exact: if any clear line joins the two bases, then one exists that touches two of
the shapes involved (the two bases, the blockers, the corners of blocking polygons), so only the
common tangents of those pairs need trying. Lines that merely graze a shape (by less than
`bases.TOLERANCE`) are clear. Only shapes inside the corridor between the two bases matter; in
play most checks end with the corridor empty or the centre line clear.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from games.guild_ball.pitch.bases import TOLERANCE, Base
from games.guild_ball.pitch.geometry import (
    EPSILON,
    common_tangents,
    point_in_polygon,
    point_segment_distance,
    polygon_boundary_distance,
    polygon_edges,
    polygon_segment_distance,
)
from games.guild_ball.pitch.terrain import Terrain, TerrainKind

Polygon = Sequence[tuple[float, float]]


def line_of_sight(
    origin: Base,
    target: Base,
    blockers: Sequence[Base] = (),
    pieces: Sequence[Terrain] = (),
) -> bool:
    """Whether `origin` has LOS to `target` (a base, a goalpost's base, or a `spot`).

    `blockers` are the bases of the intervening models (not the origin or the target, and no
    knocked-down model); `pieces` is all the terrain, goalposts included: barriers block, forests
    block unless one of the two is within them, other kinds do not."""
    discs: list[tuple[float, float, float]] = [(b.centre.x, b.centre.y, b.radius) for b in blockers]
    polys: list[Terrain] = []
    for t in pieces:
        kind = t.kind
        # Barriers block; a forest blocks unless one of the two is within it.
        if kind is TerrainKind.FOREST:
            if t.holds(origin) or t.holds(target):
                continue
        elif kind is not TerrainKind.BARRIER:
            continue
        if t.points:
            polys.append(t)
        else:
            discs.append((t.centre.x, t.centre.y, t.radius))
    return clear_line(origin, target, discs, polys)


def clear_line(
    origin: Base,
    target: Base,
    discs: Sequence[tuple[float, float, float]],
    polys: Sequence[Terrain],
) -> bool:
    """Whether some straight line from a point of `origin` to a point of `target` passes over
    none of the discs (x, y, r) and through none of the polygonal pieces `polys`."""
    # The same computation both ways round: a line grazing a blocker at the tolerance must not
    # be clear one way and blocked the other by a rounding of the last bit.
    if (target.centre, target.radius) < (origin.centre, origin.radius):
        origin, target = target, origin
    (ax, ay), ra = origin
    (bx, by), rb = target
    reach = ra if ra > rb else rb
    near_discs = [
        d for d in discs if point_segment_distance(d[0], d[1], ax, ay, bx, by) < d[2] + reach
    ]
    near_polys = [
        t.points
        for t in polys
        if point_segment_distance(t.centre.x, t.centre.y, ax, ay, bx, by) < t.radius + reach
        and polygon_segment_distance(ax, ay, bx, by, t.points) < reach
    ]
    if not near_discs and not near_polys:
        return True
    if _portion_clear(ax, ay, bx, by, near_discs, near_polys):
        return True
    # The shapes a critical line may touch: the two bases, the blocking discs, and the corners of
    # blocking polygons that lie in the corridor (a touching point off the corridor is not on
    # the part of the line that matters).
    shapes: list[tuple[float, float, float]] = [(ax, ay, ra), (bx, by, rb)]
    shapes.extend(near_discs)
    for poly in near_polys:
        for x, y in poly:
            if point_segment_distance(x, y, ax, ay, bx, by) <= reach + EPSILON:
                shapes.append((x, y, 0.0))
    n = len(shapes)
    for i in range(n):
        x1, y1, r1 = shapes[i]
        for j in range(i + 1, n):
            x2, y2, r2 = shapes[j]
            for a, b, c in common_tangents(x1, y1, r1, x2, y2, r2):
                portion = _portion(a, b, c, ax, ay, ra, bx, by, rb)
                if portion is not None and _portion_clear(*portion, near_discs, near_polys):
                    return True
    return False


def _portion(
    a: float, b: float, c: float, ax: float, ay: float, ra: float, bx: float, by: float, rb: float
) -> tuple[float, float, float, float] | None:
    """The part of the line a·x + b·y + c = 0 between the two bases, if it crosses both."""
    ha = a * ax + b * ay + c
    hb = a * bx + b * by + c
    if abs(ha) > ra + 1e-7 or abs(hb) > rb + 1e-7:
        return None
    # Along the line, direction (-b, a); the foot of each centre and the half chord around it.
    ta = -b * ax + a * ay
    tb = -b * bx + a * by
    wa = math.sqrt(max(ra * ra - ha * ha, 0.0))
    wb = math.sqrt(max(rb * rb - hb * hb, 0.0))
    if ta <= tb:
        t0, t1 = ta + wa, tb - wb
    else:
        t0, t1 = ta - wa, tb + wb
    # The point on the line at parameter t is (-a·c, -b·c) + t·(-b, a).
    px, py = -a * c, -b * c
    return px - t0 * b, py + t0 * a, px - t1 * b, py + t1 * a


def _portion_clear(
    px: float,
    py: float,
    qx: float,
    qy: float,
    discs: Sequence[tuple[float, float, float]],
    polys: Sequence[Polygon],
) -> bool:
    for x, y, r in discs:
        if point_segment_distance(x, y, px, py, qx, qy) < r - TOLERANCE:
            return False
    return all(not passes_through(px, py, qx, qy, poly) for poly in polys)


def passes_through(px: float, py: float, qx: float, qy: float, poly: Polygon) -> bool:
    """Whether the segment p–q passes through the polygon's inside, deeper than `TOLERANCE`
    (running along its outline or clipping a corner by less is not passing through)."""
    dx, dy = qx - px, qy - py
    ts = [0.0, 1.0]
    for cx, cy, ex, ey in polygon_edges(poly):
        fx, fy = ex - cx, ey - cy
        den = dx * fy - dy * fx
        if den == 0.0:
            continue
        t = ((cx - px) * fy - (cy - py) * fx) / den
        u = ((cx - px) * dy - (cy - py) * dx) / den
        if 0.0 < t < 1.0 and -EPSILON <= u <= 1.0 + EPSILON:
            ts.append(t)
    ts.sort()
    for t0, t1 in itertools.pairwise(ts):
        if t1 - t0 <= EPSILON:
            continue
        tm = (t0 + t1) / 2
        mx, my = px + tm * dx, py + tm * dy
        if point_in_polygon(mx, my, poly) and polygon_boundary_distance(mx, my, poly) > TOLERANCE:
            return True
    return False
