"""Bases and markers as circles, and the rulebook's measures between them.

"Guild Ball uses circular bases with diameters of 30 mm, 40 mm, and 50 mm." "The ball is
represented by a ball marker, which is a 30 mm base." "A goalpost is a specific piece of terrain
represented by a 50 mm base." Distances are in inches (25.4 mm to the inch) and "are always
measured from the nearest point on the edge of a marker or model's base": edge to edge.

A target spot is a point: a `Base` of radius 0 (`spot`).
"""

from __future__ import annotations

import math
from typing import NamedTuple

from games.guild_ball.pitch.geometry import Point

MM_PER_INCH = 25.4

#: Two edges closer than this (in inches, about a quarter of a millimetre) touch: "including
#: touching" in the Definitions, base contact, and a line that only grazes a base. Computed
#: positions land exactly on contact; the tolerance is for typed coordinates and rounding
#: (games/guild_ball/docs/rules-notes.md, "Pitch").
TOLERANCE = 0.01

BASE_SIZES_MM = (30, 40, 50)


def inches(mm: float) -> float:
    """A length in millimetres, in inches."""
    return mm / MM_PER_INCH


def radius_of(size_mm: float) -> float:
    """The radius in inches of a base `size_mm` across."""
    return size_mm / MM_PER_INCH / 2


BALL_RADIUS = radius_of(30)
GOALPOST_RADIUS = radius_of(50)


class Base(NamedTuple):
    """A circular base (or marker, or template) on the pitch: centre and radius in inches."""

    centre: Point
    radius: float

    @classmethod
    def at(cls, x: float, y: float, size_mm: float) -> Base:
        """A base of `size_mm` (30, 40 or 50) centred at (x, y)."""
        return cls(Point(x, y), size_mm / MM_PER_INCH / 2)

    def moved_to(self, centre: tuple[float, float]) -> Base:
        """The same base with its centre at `centre`."""
        return Base(Point(centre[0], centre[1]), self.radius)


def spot(x: float, y: float) -> Base:
    """A target spot: a point, as a base of radius 0."""
    return Base(Point(x, y), 0.0)


def gap(a: Base, b: Base) -> float:
    """The signed edge-to-edge distance: negative when the bases overlap."""
    (ax, ay), ra = a
    (bx, by), rb = b
    return math.hypot(ax - bx, ay - by) - (ra + rb)


def distance(a: Base, b: Base) -> float:
    """ "Distances are always measured from the nearest point on the edge of a marker or model's
    base": the distance between the nearest points of the two bases (0 when they touch)."""
    g = gap(a, b)
    return g if g > 0.0 else 0.0


def within(a: Base, b: Base, inches_: float) -> bool:
    """ "A model, marker, or template is within a given distance when any part of the base or
    template is within that given distance, including touching." """
    return gap(a, b) <= inches_ + TOLERANCE


def completely_within(a: Base, b: Base, inches_: float) -> bool:
    """ "A model, marker, or template is completely within a given distance when the entire base
    or template is within that given distance, including touching." The farthest point of `a`
    from `b`'s edge is |ca − cb| + ra − rb away."""
    (ax, ay), ra = a
    (bx, by), rb = b
    return math.hypot(ax - bx, ay - by) + ra - rb <= inches_ + TOLERANCE


def in_base_contact(a: Base, b: Base) -> bool:
    """ "A model, marker, or template is in base contact with a model, marker, or terrain piece
    if any part of the base or template is touching the model, marker, or terrain piece." The
    edges are no more than `TOLERANCE` apart and do not overlap by more than it."""
    return abs(gap(a, b)) <= TOLERANCE


def overlaps(a: Base, b: Base) -> bool:
    """Whether the bases overlap by more than `TOLERANCE` (touching is not overlapping)."""
    return gap(a, b) < -TOLERANCE


def in_melee_zone(owner: Base, melee_zone: float, other: Base) -> bool:
    """ "A model's melee zone extends from the edge of its base out to the distance specified by
    the number listed, e.g., 1"." `other` is in it when within that distance of `owner`'s base.
    "A model is never within its own melee zone": the rules never ask it about the owner itself
    (a base identical to the owner's is reported as outside)."""
    if other == owner:
        return False
    return within(other, owner, melee_zone)
