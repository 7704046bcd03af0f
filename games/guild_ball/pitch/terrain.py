"""Terrain pieces: a kind from the rulebook's "Definitions of Terrain" and a shape.

"For each piece of terrain, agree with your opponent what type it is." Open ground is the pitch
itself ("the default for the pitch, so you don't need to declare this"), so it has no kind here.
A shape is a simple polygon (its corners in order, either way round) or a circle. The goalposts
are barriers with the shape of a 50 mm base (`field.Pitch.goalposts`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from games.guild_ball.pitch.bases import TOLERANCE, Base
from games.guild_ball.pitch.geometry import (
    Point,
    capsule_entry,
    circle_segment_entry,
    point_in_polygon,
    point_segment_distance,
    polygon_boundary_distance,
    polygon_edges,
    polygon_point_distance,
)


class TerrainKind(StrEnum):
    """The kinds of terrain of the rulebook (open ground is the absence of a piece)."""

    FAST = "fast"
    ROUGH = "rough"
    FOREST = "forest"
    OBSTRUCTION = "obstruction"
    BARRIER = "barrier"

    @property
    def rough(self) -> bool:
        """Rough terrain for an advance: "A forest is rough terrain." """
        return self in (TerrainKind.ROUGH, TerrainKind.FOREST)

    @property
    def stops_ball(self) -> bool:
        """Barriers and obstructions stop a scattering ball at contact."""
        return self in (TerrainKind.BARRIER, TerrainKind.OBSTRUCTION)


#: "A model in an obstruction or within 1" of the edge of an obstruction benefits from cover."
#: "A model within 1" of the edge of a barrier benefits from cover."
COVER_DISTANCE = 1.0


@dataclass(frozen=True, slots=True)
class Terrain:
    """One piece of terrain. Build it with `polygon`, `rectangle` or `circle`.

    `points` are the polygon's corners (empty for a circle); `centre` and `radius` are the
    circle itself, or for a polygon the circle around it (used to skip far pieces quickly).
    `name` is free text for the players ("the chapel", "goalpost 1").
    """

    kind: TerrainKind
    points: tuple[Point, ...]
    centre: Point
    radius: float
    name: str = ""

    @classmethod
    def polygon(
        cls, kind: TerrainKind, points: Iterable[tuple[float, float]], name: str = ""
    ) -> Terrain:
        """A piece shaped as the simple polygon with these corners (at least three)."""
        pts = tuple(Point(float(x), float(y)) for x, y in points)
        if len(pts) < 3:
            raise ValueError("a terrain polygon needs at least three corners")
        xs, ys = [p.x for p in pts], [p.y for p in pts]
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        radius = max(math.hypot(p.x - cx, p.y - cy) for p in pts)
        return cls(TerrainKind(kind), pts, Point(cx, cy), radius, name)

    @classmethod
    def rectangle(
        cls, kind: TerrainKind, x0: float, y0: float, x1: float, y1: float, name: str = ""
    ) -> Terrain:
        """An upright rectangle from corner (x0, y0) to corner (x1, y1)."""
        return cls.polygon(kind, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), name)

    @classmethod
    def circle(
        cls, kind: TerrainKind, x: float, y: float, radius: float, name: str = ""
    ) -> Terrain:
        """A round piece of `radius` inches centred at (x, y)."""
        if radius <= 0:
            raise ValueError("a round terrain piece needs a positive radius")
        return cls(TerrainKind(kind), (), Point(float(x), float(y)), float(radius), name)

    @property
    def is_circle(self) -> bool:
        """Whether the piece is round (else it is a polygon)."""
        return not self.points

    def contains(self, p: tuple[float, float]) -> bool:
        """Whether the point is inside the piece (its outline counts)."""
        x, y = p
        if not self.points:
            return math.hypot(x - self.centre.x, y - self.centre.y) <= self.radius + TOLERANCE
        return (
            point_in_polygon(x, y, self.points)
            or polygon_boundary_distance(x, y, self.points) <= TOLERANCE
        )

    def gap(self, base: Base) -> float:
        """Signed: the distance from the base's edge to the piece's outline, negative when the
        base overlaps the piece (by as much as it reaches in)."""
        (x, y), r = base
        if not self.points:
            return math.hypot(x - self.centre.x, y - self.centre.y) - r - self.radius
        d = polygon_boundary_distance(x, y, self.points)
        if point_in_polygon(x, y, self.points):
            return -d - r
        return d - r

    def holds(self, base: Base) -> bool:
        """ "Within" the piece: any part of the base in it, touching included (the Definitions'
        "within a given distance ... including touching", at 0")."""
        (x, y), r = base
        if math.hypot(x - self.centre.x, y - self.centre.y) > self.radius + r + TOLERANCE:
            return False
        return self.gap(base) <= TOLERANCE

    def overlaps(self, base: Base) -> bool:
        """Whether the base reaches into the piece by more than `TOLERANCE`."""
        return self.gap(base) < -TOLERANCE

    def may_meet(self, ax: float, ay: float, bx: float, by: float, reach: float) -> bool:
        """A quick test: whether the segment a–b may come within `reach` of the piece (it does
        of the circle around it)."""
        cx, cy = self.centre
        return point_segment_distance(cx, cy, ax, ay, bx, by) <= self.radius + reach

    def entry(self, r: float, ax: float, ay: float, bx: float, by: float) -> float | None:
        """The fraction of the segment a–b at which a point moving along it first comes within
        `r` of the piece (0 if it starts there), or None if it never does."""
        if not self.points:
            span = circle_segment_entry(
                self.centre.x, self.centre.y, r + self.radius, ax, ay, bx, by
            )
            return None if span is None else span[0]
        poly = self.points
        if point_in_polygon(ax, ay, poly) or polygon_point_distance(ax, ay, poly) <= r:
            return 0.0
        best: float | None = None
        for cx, cy, ex, ey in polygon_edges(poly):
            f = capsule_entry(ax, ay, bx, by, cx, cy, ex, ey, r)
            if f is not None and (best is None or f < best):
                best = f
        return best


def pieces_holding(base: Base, pieces: Sequence[Terrain]) -> tuple[Terrain, ...]:
    """The pieces the base is within (any part of it, touching included)."""
    return tuple(t for t in pieces if t.holds(base))


def has_cover(base: Base, pieces: Sequence[Terrain]) -> bool:
    """Whether a model on this base "benefits from cover":

    - "A model in an obstruction or within 1" of the edge of an obstruction benefits from cover."
    - "A model within 1" of the edge of a barrier benefits from cover." (goalposts included)
    - "A model within a forest benefits from cover."
    """
    for t in pieces:
        kind = t.kind
        if kind is TerrainKind.FOREST:
            if t.holds(base):
                return True
        elif kind in (TerrainKind.OBSTRUCTION, TerrainKind.BARRIER) and (
            t.gap(base) <= COVER_DISTANCE + TOLERANCE
        ):
            return True
    return False
