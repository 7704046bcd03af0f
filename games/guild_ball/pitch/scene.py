"""A scene: the pitch, its terrain and the models on it, as the geometry questions need them.

The rules keep models in their own state; they build a `Scene` (cheap: tuples) when they need
to measure, and ask it. Figures are found by id; a figure that is knocked down is built with
`blocks_sight=False` ("A model suffering the knocked down condition doesn't block LOS"), and
still blocks movement.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from games.guild_ball.pitch.bases import Base, distance, in_melee_zone, within
from games.guild_ball.pitch.field import Pitch
from games.guild_ball.pitch.geometry import Point
from games.guild_ball.pitch.sight import clear_line
from games.guild_ball.pitch.terrain import Terrain, TerrainKind, has_cover


class Figure(NamedTuple):
    """A model on the pitch: its id (the rules' own), its base and whether it blocks LOS."""

    id: str
    base: Base
    blocks_sight: bool = True


@dataclass(frozen=True, slots=True)
class Scene:
    """The pitch, its terrain (the goalposts are added) and the figures on it."""

    pitch: Pitch
    terrain: tuple[Terrain, ...] = ()
    figures: tuple[Figure, ...] = ()
    pieces: tuple[Terrain, ...] = field(init=False, repr=False)
    _by_id: dict[str, Figure] = field(init=False, repr=False, compare=False)
    _barrier_discs: tuple[tuple[float, float, float], ...] = field(init=False, repr=False)
    _barrier_polys: tuple[Terrain, ...] = field(init=False, repr=False)
    _forests: tuple[Terrain, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        pieces = (*self.terrain, *self.pitch.goalposts())
        by_id = {f.id: f for f in self.figures}
        if len(by_id) != len(self.figures):
            raise ValueError("two figures share an id")
        barriers = [t for t in pieces if t.kind is TerrainKind.BARRIER]
        set_ = object.__setattr__
        set_(self, "pieces", pieces)
        set_(self, "_by_id", by_id)
        set_(
            self,
            "_barrier_discs",
            tuple((t.centre.x, t.centre.y, t.radius) for t in barriers if not t.points),
        )
        set_(self, "_barrier_polys", tuple(t for t in barriers if t.points))
        set_(self, "_forests", tuple(t for t in pieces if t.kind is TerrainKind.FOREST))

    @classmethod
    def build(
        cls,
        pitch: Pitch,
        terrain: Iterable[Terrain] = (),
        figures: Iterable[Figure | tuple[str, Base] | tuple[str, Base, bool]] = (),
    ) -> Scene:
        """A scene from any iterables; figures may be given as plain tuples."""
        return cls(pitch, tuple(terrain), tuple(Figure(*f) for f in figures))

    def figure(self, figure_id: str) -> Figure:
        """The figure with this id (KeyError if none)."""
        return self._by_id[figure_id]

    def base(self, figure_id: str) -> Base:
        """The base of the figure with this id."""
        return self._by_id[figure_id].base

    def with_base(self, figure_id: str, base: Base) -> Scene:
        """The same scene with one figure's base moved (or resized)."""
        figures = tuple(f._replace(base=base) if f.id == figure_id else f for f in self.figures)
        return Scene(self.pitch, self.terrain, figures)

    def moved(self, figure_id: str, centre: tuple[float, float]) -> Scene:
        """The same scene with one figure's centre at `centre`."""
        return self.with_base(figure_id, self.base(figure_id).moved_to(centre))

    def without(self, figure_id: str) -> Scene:
        """The same scene with one figure taken off the pitch."""
        return Scene(self.pitch, self.terrain, tuple(f for f in self.figures if f.id != figure_id))

    def others(self, *ids: str) -> tuple[Figure, ...]:
        """Every figure but those named."""
        return tuple(f for f in self.figures if f.id not in ids)

    def sees(self, origin: str, target: str | Base) -> bool:
        """Whether the figure `origin` has line of sight to `target`: another figure (by id), a
        goalpost's base or a target spot (`bases.spot`). See `sight.line_of_sight`."""
        a = self._by_id[origin].base
        if isinstance(target, str):
            b = self._by_id[target].base
            skip = (origin, target)
        else:
            b = target
            skip = (origin,)
        discs = [
            (f.base.centre.x, f.base.centre.y, f.base.radius)
            for f in self.figures
            if f.blocks_sight and f.id not in skip
        ]
        discs.extend(self._barrier_discs)
        polys = list(self._barrier_polys)
        for t in self._forests:
            if t.holds(a) or t.holds(b):
                continue
            if t.points:
                polys.append(t)
            else:
                discs.append((t.centre.x, t.centre.y, t.radius))
        return clear_line(a, b, discs, polys)

    def engaging(self, figure_id: str, melee_zone: float, other_id: str) -> bool:
        """ "When a model has an enemy model within its melee zone and LOS, it's engaging that
        model." Whether `figure_id` (whose melee zone is `melee_zone` inches) engages `other_id`.
        Whether they are enemies, and whether a knocked-down model may engage, is for the rules."""
        if figure_id == other_id:
            return False
        a, b = self._by_id[figure_id].base, self._by_id[other_id].base
        return in_melee_zone(a, melee_zone, b) and self.sees(figure_id, other_id)

    def in_cover(self, figure_id: str) -> bool:
        """Whether the figure benefits from cover (`terrain.has_cover`)."""
        return has_cover(self._by_id[figure_id].base, self.pieces)

    def near(
        self, centre: Point | Base, reach: float, exclude: Iterable[str] = ()
    ) -> list[tuple[float, str]]:
        """The figures within `reach` inches of a point or base, nearest first, as
        (distance edge to edge, id) pairs."""
        area = centre if isinstance(centre, Base) else Base(Point(*centre), 0.0)
        skip = set(exclude)
        found = [
            (distance(f.base, area), f.id)
            for f in self.figures
            if f.id not in skip and within(f.base, area, reach)
        ]
        found.sort()
        return found
