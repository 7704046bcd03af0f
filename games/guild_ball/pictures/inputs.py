"""What the pitch pictures are drawn from: small frozen records of plain data.

The pictures never see the rules' state; the presentation builds these from a view (a model's
id, label and side, where its base stands, what it suffers) and passes them to the picture
worker, which pickles them. Places are the pitch engine's: inches, `Point(x, y)` from the corner
on the left of side 0's table edge (games/guild_ball/pitch/field.py).

`scene_geometry` and `enemy_zones` give the pitch engine's `Scene` and the enemy melee zones of a
picture's scene, so that a preview's crossings can be worked out by `pitch.crossings` from the
same data the picture shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.guild_ball.pitch import (
    Base,
    Crossing,
    Figure,
    MoveKind,
    Pitch,
    Point,
    Scene,
    Terrain,
)

KNOCKED_DOWN = "knocked_down"  # the condition drawn on the base itself (it blocks no LOS)


@dataclass(frozen=True, slots=True)
class Team:
    """One side's team as the pictures name it: its player's name and its guild's name."""

    name: str
    guild: str = ""


@dataclass(frozen=True, slots=True)
class PitchModel:
    """A model on the pitch.

    `label` is what its base is marked with (two or three letters: "OT", "Cl"); `name` is its
    full name for the legend; `side` is 0 or 1; `centre` where its base stands; `base_mm` the
    base's size (30, 40 or 50); `melee_zone` in inches; `conditions` the conditions' names
    (knocked_down, bleed, burning, poison, snared, or any other word); `hp` and `max_hp` its
    health (max 0 when unknown)."""

    id: str
    label: str
    name: str
    side: int
    centre: Point
    base_mm: int
    melee_zone: float = 1.0
    has_ball: bool = False
    conditions: tuple[str, ...] = ()
    hp: int = 0
    max_hp: int = 0

    @property
    def base(self) -> Base:
        """Its base as the pitch engine measures it."""
        return Base.at(self.centre.x, self.centre.y, self.base_mm)

    @property
    def knocked_down(self) -> bool:
        """Whether it suffers the knocked down condition."""
        return KNOCKED_DOWN in self.conditions


@dataclass(frozen=True, slots=True)
class PitchScene:
    """The pitch as it stands: its size, the agreed terrain (the goalposts are the pitch's own),
    both teams and their models on the pitch, and the ball when it lies loose (None when a model
    carries it or it is off the pitch)."""

    pitch: Pitch
    teams: tuple[Team, Team]
    models: tuple[PitchModel, ...]
    terrain: tuple[Terrain, ...] = ()
    ball: Point | None = None
    title: str = ""

    def model(self, model_id: str) -> PitchModel:
        """The model with this id (KeyError if none)."""
        for m in self.models:
            if m.id == model_id:
                return m
        raise KeyError(model_id)


@dataclass(frozen=True, slots=True)
class Zoom:
    """A closer look: the square `half` inches either side of `centre` (kept on the pitch), at
    the zoom's larger scale."""

    centre: Point
    half: float = 6.0


@dataclass(frozen=True, slots=True)
class MovePreview:
    """A move a player means to make, before they confirm it.

    - `mover`: the moving model's id; `path`: its centre's path, the start first, then each
      point where it turns (the last is where it ends: the ghost base);
    - `kind`: the pitch engine's `MoveKind` (jog, sprint, charge, dodge or push);
    - `jog` and `sprint`: the allowances in inches shaded around the start (after terrain), 0
      for none (a dodge or a push shades only `jog`, its distance);
    - `crossings`: where the path enters or leaves enemy melee zones (`pitch.crossings`);
    - `parting_blows`: the ids of the enemies the move provokes a parting blow from;
    - `target`: the charge's target model, and `engaging` whether the end engages it;
    - `problem`: why the move may not be made as drawn (a sentence), or "" when it may.
    """

    scene: PitchScene
    mover: str
    path: tuple[Point, ...]
    kind: MoveKind = MoveKind.JOG
    jog: float = 0.0
    sprint: float = 0.0
    crossings: tuple[Crossing, ...] = ()
    parting_blows: tuple[str, ...] = ()
    target: str | None = None
    engaging: bool = False
    problem: str = ""

    @property
    def end(self) -> Point:
        """Where the moving base's centre ends."""
        return self.path[-1]


@dataclass(frozen=True, slots=True)
class AoePreview:
    """An AOE play a player means to use, before they confirm it.

    - `user`: the id of the model using the play; `play`: the play's name;
    - `centre` and `radius`: where the template lies (3" across: radius 1.5);
    - `reach`: the play's range in inches, from the user's base to the template's edge;
    - `hits`: the ids of the models under the template that the play affects;
    - `problem`: why the play may not be used there (a sentence), or "" when it may.
    """

    scene: PitchScene
    user: str
    play: str
    centre: Point
    radius: float
    reach: float
    hits: tuple[str, ...] = ()
    problem: str = ""


def scene_geometry(scene: PitchScene) -> Scene:
    """The pitch engine's `Scene` of a picture's scene (a knocked-down model blocks no LOS)."""
    figures = tuple(Figure(m.id, m.base, not m.knocked_down) for m in scene.models)
    return Scene(scene.pitch, scene.terrain, figures)


def enemy_zones(scene: PitchScene, mover: str) -> tuple[tuple[str, Base, float], ...]:
    """The melee zones of the mover's enemies, as `pitch.crossings` takes them. A knocked-down
    model "may not engage or attack an enemy model", so its zone is left out."""
    side = scene.model(mover).side
    return tuple(
        (m.id, m.base, m.melee_zone) for m in scene.models if m.side != side and not m.knocked_down
    )
