"""Terrain maps for the 3'×3' pitch: `maps.toml` read, each half turned about the centre spot,
and every map checked against our limits.

The book sets no amount of terrain ("There are no set rules for how much terrain to use") and
points to a tournament document the converted text does not hold, so the limits are ours, chosen
so that every rule of the game stays playable on every map:

- 4 to 8 pieces, each fitting in a 6"×6" square (a circle's radius at most 3");
- every piece on the pitch and clear of both deployment zones (more than 10" from each table
  edge), so deployment and returned models are never blocked;
- nothing within 2" of the centre spot, where throw-ins start;
- at least 2" between pieces, so a 50 mm base passes between any two;
- the same pieces in both halves, turned half a turn about the centre spot, so both table edges
  are alike.
"""

from __future__ import annotations

import functools
import math
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from games.guild_ball.pitch import STANDARD_PITCH, Base, Point, Terrain, TerrainKind

DEPLOYMENT_DEPTH = 10.0  # "completely within 10" of their chosen table edge"
CENTRE_CLEAR = 2.0
PIECE_GAP = 2.0
PIECE_SPAN = 6.0
MIN_PIECES, MAX_PIECES = 4, 8


class MapError(ValueError):
    """A map breaks a limit; the message names the map, the piece and the limit."""


@dataclass(frozen=True, slots=True)
class TerrainMap:
    """A map: its slug and name, a line about it, and every piece on the pitch."""

    slug: str
    name: str
    about: str
    pieces: tuple[Terrain, ...]


def turned(piece: Terrain, size: float = STANDARD_PITCH.size) -> Terrain:
    """The piece turned half a turn about the centre spot of a pitch `size` inches across."""
    if piece.is_circle:
        c = piece.centre
        return Terrain.circle(piece.kind, size - c.x, size - c.y, piece.radius, piece.name)
    return Terrain.polygon(piece.kind, ((size - p.x, size - p.y) for p in piece.points), piece.name)


def _piece(where: str, raw: dict[str, Any]) -> Terrain:
    kind = TerrainKind(raw["kind"])
    name = str(raw.get("name", ""))
    if "rect" in raw:
        x0, y0, x1, y1 = (float(v) for v in raw["rect"])
        if x1 - x0 > PIECE_SPAN or y1 - y0 > PIECE_SPAN or x1 <= x0 or y1 <= y0:
            raise MapError(f'{where}: {name}: a rectangle fits in {PIECE_SPAN:g}"x{PIECE_SPAN:g}"')
        return Terrain.rectangle(kind, x0, y0, x1, y1, name)
    x, y, r = (float(v) for v in raw["circle"])
    if not 0 < r <= PIECE_SPAN / 2:
        raise MapError(f"{where}: {name}: a circle's radius is at most {PIECE_SPAN / 2:g}\"")
    return Terrain.circle(kind, x, y, r, name)


def _gap(a: Terrain, b: Terrain) -> float:
    """The least distance between two pieces' outlines (0 if they touch or overlap). A map's
    polygons are upright rectangles, so two of them are apart by their boxes."""
    if a.is_circle and b.is_circle:
        return max(a.centre.distance_to(b.centre) - a.radius - b.radius, 0.0)
    if a.is_circle:
        a, b = b, a
    if b.is_circle:
        return max(a.gap(Base(b.centre, b.radius)), 0.0)
    ax0, ay0, ax1, ay1 = _extent(a)
    bx0, by0, bx1, by1 = _extent(b)
    return math.hypot(max(bx0 - ax1, ax0 - bx1, 0.0), max(by0 - ay1, ay0 - by1, 0.0))


def map_problems(m: TerrainMap, size: float = STANDARD_PITCH.size) -> list[str]:
    """The limits `m` breaks (empty if none)."""
    problems = []
    if not MIN_PIECES <= len(m.pieces) <= MAX_PIECES:
        problems.append(f"{len(m.pieces)} pieces, not {MIN_PIECES} to {MAX_PIECES}")
    centre = Base(Point(size / 2, size / 2), 0.0)
    for p in m.pieces:
        reach = _extent(p)
        if reach[0] < 0 or reach[2] > size:
            problems.append(f"{p.name}: off the pitch")
        if reach[1] <= DEPLOYMENT_DEPTH or reach[3] >= size - DEPLOYMENT_DEPTH:
            problems.append(f"{p.name}: in a deployment zone")
        if p.gap(centre) < CENTRE_CLEAR:
            problems.append(f'{p.name}: within {CENTRE_CLEAR:g}" of the centre spot')
    for i, a in enumerate(m.pieces):
        for b in m.pieces[i + 1 :]:
            if _gap(a, b) < PIECE_GAP:
                problems.append(f'{a.name} and {b.name}: less than {PIECE_GAP:g}" apart')
    return problems


def _extent(p: Terrain) -> tuple[float, float, float, float]:
    """The piece's bounding box: least x, least y, greatest x, greatest y."""
    if p.is_circle:
        c, r = p.centre, p.radius
        return c.x - r, c.y - r, c.x + r, c.y + r
    xs, ys = [q.x for q in p.points], [q.y for q in p.points]
    return min(xs), min(ys), max(xs), max(ys)


@functools.cache
def load_maps() -> tuple[TerrainMap, ...]:
    """Every map of `maps.toml`, in the file's order, checked (MapError if one breaks a limit)."""
    text = resources.files("games.guild_ball.content").joinpath("maps.toml").read_text("utf-8")
    out = []
    for raw in tomllib.loads(text)["map"]:
        where = f"maps.toml: {raw['slug']}"
        half = tuple(_piece(where, p) for p in raw["piece"])
        m = TerrainMap(
            raw["slug"], raw["name"], raw.get("about", ""), half + tuple(map(turned, half))
        )
        problems = map_problems(m)
        if problems:
            raise MapError(f"{where}: " + "; ".join(problems))
        out.append(m)
    return tuple(out)
