"""Plane geometry in inches: points, segments, circles and polygons.

Everything here is plain floats and tuples so that the rules can call it thousands of times a
turn (bench/pitch_speed.py). `Point` is a named tuple: immutable, hashable, cheap to build, and
encodable by msgspec as `[x, y]`. The hot loops unpack coordinates instead of building points.

Orientation: x runs along the table edge, y from the first player's table edge towards the
second's; angles are counter-clockwise from the x axis, in degrees where the rules name them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import NamedTuple

#: Below this, two floats are the same length: it absorbs rounding in computed contact
#: positions, not the players' tolerance (that is `bases.TOLERANCE`).
EPSILON = 1e-9


class Point(NamedTuple):
    """A point on the pitch, or a vector between two points, in inches."""

    x: float
    y: float

    def __add__(self, other: tuple[float, float]) -> Point:  # type: ignore[override]
        return Point(self.x + other[0], self.y + other[1])

    def __sub__(self, other: tuple[float, float]) -> Point:
        return Point(self.x - other[0], self.y - other[1])

    def __mul__(self, k: float) -> Point:  # type: ignore[override]
        return Point(self.x * k, self.y * k)

    __rmul__ = __mul__

    def __neg__(self) -> Point:
        return Point(-self.x, -self.y)

    def dot(self, other: tuple[float, float]) -> float:
        """The dot product."""
        return self.x * other[0] + self.y * other[1]

    def cross(self, other: tuple[float, float]) -> float:
        """The z component of the cross product (positive when `other` turns left)."""
        return self.x * other[1] - self.y * other[0]

    def length(self) -> float:
        """The length of this vector."""
        return math.hypot(self.x, self.y)

    def unit(self) -> Point:
        """This vector scaled to length 1 (ValueError for the zero vector)."""
        n = math.hypot(self.x, self.y)
        if n < EPSILON:
            raise ValueError("the zero vector has no direction")
        return Point(self.x / n, self.y / n)

    def rotated(self, degrees: float) -> Point:
        """This vector turned counter-clockwise by `degrees`."""
        a = math.radians(degrees)
        c, s = math.cos(a), math.sin(a)
        return Point(self.x * c - self.y * s, self.x * s + self.y * c)

    def distance_to(self, other: tuple[float, float]) -> float:
        """The straight-line distance between two points."""
        return math.hypot(self.x - other[0], self.y - other[1])


def point_segment_distance(
    px: float, py: float, ax: float, ay: float, bx: float, by: float
) -> float:
    """The distance from point p to the segment a–b."""
    dx, dy = bx - ax, by - ay
    qq = dx * dx + dy * dy
    if qq == 0.0:
        return math.hypot(px - ax, py - ay)
    t = ((px - ax) * dx + (py - ay) * dy) / qq
    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def segments_distance(
    ax: float, ay: float, bx: float, by: float, cx: float, cy: float, dx: float, dy: float
) -> float:
    """The distance between the segments a–b and c–d (0 when they cross)."""
    if segments_cross(ax, ay, bx, by, cx, cy, dx, dy):
        return 0.0
    return min(
        point_segment_distance(ax, ay, cx, cy, dx, dy),
        point_segment_distance(bx, by, cx, cy, dx, dy),
        point_segment_distance(cx, cy, ax, ay, bx, by),
        point_segment_distance(dx, dy, ax, ay, bx, by),
    )


def segments_cross(
    ax: float, ay: float, bx: float, by: float, cx: float, cy: float, dx: float, dy: float
) -> bool:
    """Whether the segments a–b and c–d share a point (touching included)."""
    d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
    d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
    d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and (
        (d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)
    ):
        return True
    return (
        (d1 == 0 and _on_segment(cx, cy, dx, dy, ax, ay))
        or (d2 == 0 and _on_segment(cx, cy, dx, dy, bx, by))
        or (d3 == 0 and _on_segment(ax, ay, bx, by, cx, cy))
        or (d4 == 0 and _on_segment(ax, ay, bx, by, dx, dy))
    )


def _on_segment(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> bool:
    return min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)


def circle_segment_entry(
    cx: float, cy: float, r: float, ax: float, ay: float, bx: float, by: float
) -> tuple[float, float] | None:
    """The fractions t (0..1) of the segment a–b lying within distance `r` of c, as the closed
    interval (t_in, t_out), or None if the segment never comes that close."""
    dx, dy = bx - ax, by - ay
    fx, fy = ax - cx, ay - cy
    a = dx * dx + dy * dy
    c = fx * fx + fy * fy - r * r
    if a == 0.0:
        return (0.0, 1.0) if c <= 0.0 else None
    b = fx * dx + fy * dy
    disc = b * b - a * c
    if disc < 0.0:
        return None
    root = math.sqrt(disc)
    t0, t1 = (-b - root) / a, (-b + root) / a
    if t1 < 0.0 or t0 > 1.0:
        return None
    return (max(t0, 0.0), min(t1, 1.0))


def point_in_polygon(px: float, py: float, poly: Sequence[tuple[float, float]]) -> bool:
    """Whether p is inside the simple polygon (even-odd rule; the boundary is undecided: ask
    `polygon_boundary_distance` when it matters)."""
    inside = False
    n = len(poly)
    jx, jy = poly[n - 1]
    for i in range(n):
        ix, iy = poly[i]
        if (iy > py) != (jy > py) and px < (jx - ix) * (py - iy) / (jy - iy) + ix:
            inside = not inside
        jx, jy = ix, iy
    return inside


def polygon_edges(
    poly: Sequence[tuple[float, float]],
) -> Iterator[tuple[float, float, float, float]]:
    """Each edge of the polygon as (ax, ay, bx, by)."""
    px, py = poly[-1]
    for qx, qy in poly:
        yield px, py, qx, qy
        px, py = qx, qy


def polygon_boundary_distance(px: float, py: float, poly: Sequence[tuple[float, float]]) -> float:
    """The distance from p to the polygon's outline."""
    return min(
        point_segment_distance(px, py, ax, ay, bx, by) for ax, ay, bx, by in polygon_edges(poly)
    )


def polygon_point_distance(px: float, py: float, poly: Sequence[tuple[float, float]]) -> float:
    """The distance from p to the polygon as an area: 0 inside, else to its outline."""
    if point_in_polygon(px, py, poly):
        return 0.0
    return polygon_boundary_distance(px, py, poly)


def polygon_segment_distance(
    ax: float, ay: float, bx: float, by: float, poly: Sequence[tuple[float, float]]
) -> float:
    """The distance from the segment a–b to the polygon as an area (0 when they meet)."""
    if point_in_polygon(ax, ay, poly):
        return 0.0
    return min(segments_distance(ax, ay, bx, by, *edge) for edge in polygon_edges(poly))


def common_tangents(
    x1: float, y1: float, r1: float, x2: float, y2: float, r2: float
) -> list[tuple[float, float, float]]:
    """The lines touching both circles (a radius of 0 is a point), as (a, b, c) with
    a·x + b·y + c = 0 and a² + b² = 1. Up to four lines; none when one circle holds the other."""
    dx, dy = x2 - x1, y2 - y1
    z = dx * dx + dy * dy
    if z < EPSILON:
        return []
    lines: list[tuple[float, float, float]] = []
    for s1 in (-1.0, 1.0):
        for s2 in (-1.0, 1.0):
            q1, q2 = r1 * s1, r2 * s2
            r = q2 - q1
            d = z - r * r
            if d < -EPSILON:
                continue
            d = math.sqrt(max(d, 0.0))
            a = (dx * r + dy * d) / z
            b = (dy * r - dx * d) / z
            lines.append((a, b, q1 - a * x1 - b * y1))
    return lines


def capsule_entry(
    ax: float, ay: float, bx: float, by: float,
    cx: float, cy: float, ex: float, ey: float, r: float,
) -> float | None:  # fmt: skip
    """The first fraction of a–b within `r` of the segment c–e."""
    best: float | None = None
    for px, py in ((cx, cy), (ex, ey)):
        span = circle_segment_entry(px, py, r, ax, ay, bx, by)
        if span is not None and (best is None or span[0] < best):
            best = span[0]
    fx, fy = ex - cx, ey - cy
    length = math.hypot(fx, fy)
    if length < EPSILON:
        return best
    mx, my = fx / length, fy / length
    nx, ny = -my, mx
    dx, dy = bx - ax, by - ay
    h0 = (ax - cx) * nx + (ay - cy) * ny
    hd = dx * nx + dy * ny
    u0 = (ax - cx) * mx + (ay - cy) * my
    ud = dx * mx + dy * my
    if abs(h0) <= r:
        candidates = [0.0]
    elif hd != 0.0:
        candidates = [(math.copysign(r, h0) - h0) / hd]
    else:
        candidates = []
    for f in candidates:
        inside = 0.0 <= f <= 1.0 and -EPSILON <= u0 + f * ud <= length + EPSILON
        if inside and (best is None or f < best):
            best = f
    return best
