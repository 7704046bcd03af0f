"""The pitch: its size, edges, halves, goal lines, deployment zones and goalposts.

Coordinates: the origin is the corner on the left of side 0's table edge; x runs along that edge,
y towards side 1's table edge (at y = size). Side 0 is the kicking player's side after set-up
only if the rules put it there; the pitch itself knows sides, not players.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from games.guild_ball.pitch.bases import GOALPOST_RADIUS, TOLERANCE, Base
from games.guild_ball.pitch.geometry import EPSILON, Point
from games.guild_ball.pitch.terrain import Terrain, TerrainKind

#: "The goal line describes the line 6" from, and parallel to, each player's respective table
#: edge."
GOAL_LINE = 6.0

#: "The kicking player deploys their entire team completely within 10" of their chosen table
#: edge."
DEPLOYMENT_DEPTH = 10.0


class GameSize(NamedTuple):
    """One row of the rulebook's "Game Length" table (flattened by the conversion; the rows are
    read back in games/guild_ball/docs/rules-notes.md)."""

    name: str
    minutes: str
    pitch_inches: float
    captains: int
    squaddies: int
    mascots: int
    victory_points: int


GAME_SIZES = {
    "introductory": GameSize("Introductory Game", "30", 24.0, 1, 2, 0, 6),
    "quick": GameSize("Quick Game", "60", 36.0, 1, 4, 1, 8),
    "typical": GameSize("Typical Game", "90–120", 36.0, 1, 4, 1, 12),
}


@dataclass(frozen=True, slots=True)
class Pitch:
    """A square pitch `size` inches across (36 for 3'×3', 24 for the Introductory 2'×2')."""

    size: float

    @property
    def centre_spot(self) -> Point:
        """The centre of the pitch, where a throw-in starts."""
        return Point(self.size / 2, self.size / 2)

    @property
    def halfway(self) -> float:
        """The y of "the line across the middle of the pitch which runs parallel to each
        player's table edge"."""
        return self.size / 2

    def goal_line(self, side: int) -> float:
        """The y of side's goal line, 6" in from its table edge."""
        return GOAL_LINE if side == 0 else self.size - GOAL_LINE

    def goalpost(self, side: int) -> Terrain:
        """Side's goalpost: a barrier the size of a 50 mm base, "positioned in the centre of the
        deployment zone, with the front edge on the goal line": centred across the pitch, its
        edge nearest the halfway line touching the goal line (rules notes)."""
        y = GOAL_LINE - GOALPOST_RADIUS if side == 0 else self.size - GOAL_LINE + GOALPOST_RADIUS
        return Terrain.circle(TerrainKind.BARRIER, self.size / 2, y, GOALPOST_RADIUS, f"goal{side}")

    def goalposts(self) -> tuple[Terrain, Terrain]:
        """Both goalposts, side 0's first."""
        return _goalposts(self)

    def holds(self, base: Base) -> bool:
        """Whether the whole base is on the pitch. "If any part of a model's base leaves the
        pitch, immediately take the model off the pitch": a base touching the edge is still on."""
        (x, y), r = base
        lo, hi = r - TOLERANCE, self.size - r + TOLERANCE
        return lo <= x <= hi and lo <= y <= hi

    def within_half(self, base: Base, side: int) -> bool:
        """Whether any part of the base is within side's half (touching the halfway line
        counts, as "within" does)."""
        (_, y), r = base
        if side == 0:
            return y - r <= self.halfway + TOLERANCE
        return y + r >= self.halfway - TOLERANCE

    def behind_goal_line(self, base: Base, side: int) -> bool:
        """Whether any part of the base is within "the area behind their own goal line" of
        side (between its goal line and its table edge; touching the line counts)."""
        (_, y), r = base
        if side == 0:
            return y - r <= GOAL_LINE + TOLERANCE
        return y + r >= self.size - GOAL_LINE - TOLERANCE

    def in_deployment_zone(self, base: Base, side: int, depth: float = DEPLOYMENT_DEPTH) -> bool:
        """ "Completely within 10" of their chosen table edge" (and on the pitch)."""
        if not self.holds(base):
            return False
        (_, y), r = base
        if side == 0:
            return y + r <= depth + TOLERANCE
        return y - r >= self.size - depth - TOLERANCE

    def table_edge(self, side: int) -> float:
        """The y of side's table edge."""
        return 0.0 if side == 0 else self.size

    def edge_along(
        self, sx: float, sy: float, ux: float, uy: float, r: float, leave: bool
    ) -> float | None:
        """How far a base of radius `r` at (sx, sy) goes along the unit direction (ux, uy)
        before its edge touches the pitch's edge (`leave` False) or crosses it by more than
        `TOLERANCE` (`leave` True: any part of the base has left the pitch)."""
        slack = TOLERANCE if leave else 0.0
        lo, hi = r - slack, self.size - r + slack
        best: float | None = None
        for p, u in ((sx, ux), (sy, uy)):
            if u > EPSILON:
                d = (hi - p) / u
            elif u < -EPSILON:
                d = (lo - p) / u
            else:
                continue
            d = max(d, 0.0)
            if best is None or d < best:
                best = d
        return best


@cache
def _goalposts(pitch: Pitch) -> tuple[Terrain, Terrain]:
    # A scene is built for every question the rules ask; its goalposts are the same each time.
    return pitch.goalpost(0), pitch.goalpost(1)


INTRODUCTORY_PITCH = Pitch(24.0)
STANDARD_PITCH = Pitch(36.0)
