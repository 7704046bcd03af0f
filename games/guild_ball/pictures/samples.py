"""Sample scenes of the pitch pictures, drawn from the content pack's models, and a command that
writes their pictures to a folder to look at:

    python -m games.guild_ball.pictures.samples /tmp/guild_ball_pictures

The tests draw the same scenes. A move preview's crossings and parting blows are worked out
here with the pitch engine (`move`, `crossings`, `charge_towards`), as the rules will.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from games.guild_ball.content.loader import load_pack
from games.guild_ball.content.maps import load_maps
from games.guild_ball.pictures.inputs import (
    KNOCKED_DOWN,
    MovePreview,
    PitchModel,
    PitchScene,
    Team,
    Zoom,
    enemy_zones,
    scene_geometry,
)
from games.guild_ball.pictures.move_image import move_preview
from games.guild_ball.pictures.pitch_image import pitch
from games.guild_ball.pitch import (
    INTRODUCTORY_PITCH,
    STANDARD_PITCH,
    MoveKind,
    Pitch,
    Point,
    Terrain,
    TerrainKind,
    charge_towards,
    crossings,
    move,
)

Place = tuple[str, float, float]  # a model's slug and where it stands


def label(name: str) -> str:
    """A model's short label: the initials of a two-word name ("OT"), else the name's first
    two letters ("Cl")."""
    words = [w for w in name.replace("-", " ").split() if w[0].isupper()]
    if len(words) >= 2:
        return words[0][0] + words[-1][0]
    return name[:2]


def team(
    side: int,
    guild: str,
    places: Sequence[Place],
    *,
    ball: str = "",
    conditions: dict[str, tuple[str, ...]] | None = None,
    wounds: dict[str, int] | None = None,
) -> tuple[PitchModel, ...]:
    """A side's models from the content pack, standing where `places` say: `ball` names the
    carrier, `conditions` and `wounds` (damage taken) by slug."""
    pack = load_pack()
    out = []
    for slug, x, y in places:
        card = pack.models[slug]
        assert card.guild == guild, f"{slug} is not of {guild}"
        stats = card.stats
        out.append(
            PitchModel(
                id=f"{side}-{slug}",
                label=label(card.name),
                name=card.name,
                side=side,
                centre=Point(x, y),
                base_mm=stats.base,
                melee_zone=float(stats.melee_zone),
                has_ball=slug == ball,
                conditions=(conditions or {}).get(slug, ()),
                hp=stats.hp - (wounds or {}).get(slug, 0),
                max_hp=stats.hp,
            )
        )
    return tuple(out)


def every_terrain(pitch_: Pitch) -> tuple[Terrain, ...]:
    """One piece of each kind, round and angular, placed as players might on `pitch_`."""
    k = pitch_.size / 36
    return (
        Terrain.polygon(
            TerrainKind.FOREST,
            ((4 * k, 15 * k), (9 * k, 14 * k), (10 * k, 19 * k), (6 * k, 21 * k), (3 * k, 19 * k)),
            "copse",
        ),
        Terrain.rectangle(TerrainKind.OBSTRUCTION, 26 * k, 16 * k, 29 * k, 18.5 * k, "wall"),
        Terrain.circle(TerrainKind.ROUGH, 13 * k, 25 * k, 2.5 * k, "mud"),
        Terrain.rectangle(TerrainKind.FAST, 17 * k, 9.5 * k, 22 * k, 12 * k, "paving"),
        Terrain.polygon(
            TerrainKind.BARRIER, ((30 * k, 26 * k), (33 * k, 27 * k), (31 * k, 29 * k)), "statue"
        ),
    )


TEAMS = (Team("Ann", "The Bellfounders"), Team("Bo", "The Linkbearers"))


def standard_twelve() -> PitchScene:
    """A 3'×3' pitch in the middle of a game: 6 against 6, every kind of terrain, a brawl at
    the centre, the ball carried, a model against the right edge, one knocked down and one
    bleeding."""
    bell = team(
        0,
        "bellfounders",
        (
            ("oswin-tollbright", 17.0, 16.6),
            ("clapper", 8.0, 8.0),
            ("maud-clangwright", 19.3, 15.6),
            ("ferris-gongmaker", 24.0, 12.0),
            ("brannock-pike", 35.41, 20.0),
            ("hettie-sounder", 12.5, 13.0),
        ),
        ball="brannock-pike",
        conditions={"ferris-gongmaker": (KNOCKED_DOWN,), "maud-clangwright": ("bleed",)},
        wounds={"oswin-tollbright": 5, "maud-clangwright": 9},
    )
    link = team(
        1,
        "linkbearers",
        (
            ("sefa-lanternhold", 18.51, 16.96),
            ("flitter", 28.0, 30.0),
            ("ivo-brightwick", 20.09, 16.96),
            ("nell-farthing", 31.0, 21.5),
            ("tamsin-cole", 16.6, 18.5),
            ("bettany-dawes", 8.0, 24.0),
        ),
        conditions={"nell-farthing": ("snared", "poison")},
        wounds={"tamsin-cole": 4},
    )
    return PitchScene(
        STANDARD_PITCH, TEAMS, bell + link, every_terrain(STANDARD_PITCH), title="Turn 2"
    )


def on_map(slug: str) -> PitchScene:
    """The 3'×3' pitch of a Quick or Typical game on the terrain map `slug` (content/maps.toml)
    before deployment: the map's pieces alone, each kind keyed."""
    found = next(m for m in load_maps() if m.slug == slug)
    return PitchScene(STANDARD_PITCH, TEAMS, (), found.pieces, title=found.name)


def introductory_six() -> PitchScene:
    """A 2'×2' Introductory game just after the kick-off: 3 against 3, the ball loose."""
    ropes = team(
        0,
        "ropewalkers",
        (("dagny-twistwell", 9.0, 7.0), ("esk-hawser", 14.0, 8.5), ("wenna-cordell", 5.0, 4.0)),
    )
    scrib = team(
        1,
        "scriveners",
        (
            ("ysolde-vane", 11.0, 16.6),
            ("rook-inkwell", 15.5, 13.7),
            ("hobb-tallycross", 7.0, 19.0),
        ),
    )
    terrain = (
        Terrain.circle(TerrainKind.FOREST, 5.0, 12.0, 2.0, "thicket"),
        Terrain.rectangle(TerrainKind.ROUGH, 16.0, 4.0, 20.0, 6.5, "gravel"),
        Terrain.rectangle(TerrainKind.OBSTRUCTION, 18.0, 16.0, 19.5, 20.0, "crates"),
    )
    return PitchScene(
        INTRODUCTORY_PITCH,
        (Team("Cass", "The Ropewalkers"), Team("Dee", "The Scriveners")),
        ropes + scrib,
        terrain,
        ball=Point(13.2, 12.6),
        title="Introductory game, turn 1",
    )


def corner_six() -> PitchScene:
    """Six models crowded into a corner of the 2'×2' pitch (for a zoom at the corner)."""
    ropes = team(
        0,
        "ropewalkers",
        (("barnaby-splice", 1.0, 1.0), ("tobin-marline", 3.1, 0.6), ("knotty", 0.6, 3.3)),
        ball="tobin-marline",
    )
    scrib = team(
        1,
        "scriveners",
        (("gideon-foolscap", 2.7, 2.4), ("smudge", 4.6, 2.0), ("petronel-ashby", 2.0, 4.4)),
        conditions={"smudge": (KNOCKED_DOWN, "burning")},
    )
    teams = (Team("Cass", "The Ropewalkers"), Team("Dee", "The Scriveners"))
    return PitchScene(INTRODUCTORY_PITCH, teams, ropes + scrib, title="A scrum in the corner")


def jog_preview() -> MovePreview:
    """Maud, in base contact with Sefa and Ivo, jogs out of the brawl in two legs: she leaves
    their melee zones, and each may make a parting blow."""
    scene = standard_twelve()
    return plan(scene, "0-maud-clangwright", ((21.0, 14.3), (21.5, 13.0)), MoveKind.JOG, 4.0, 6.0)


def refused_preview() -> MovePreview:
    """Hettie asks to jog farther than her 4": the preview says why she may not."""
    scene = standard_twelve()
    return plan(scene, "0-hettie-sounder", ((12.5, 18.5),), MoveKind.JOG, 4.0, 6.0)


def charge_preview() -> MovePreview:
    """Hettie charges Tamsin across open ground (sprint allowance 6")."""
    scene = standard_twelve()
    mover, target_id = "0-hettie-sounder", "1-tamsin-cole"
    hettie = scene.model(mover)
    geometry = scene_geometry(scene)
    charge = charge_towards(geometry, mover, target_id, 6.0, hettie.melee_zone)
    return _preview(
        scene,
        mover,
        charge.movement.path,
        MoveKind.CHARGE,
        0.0,
        6.0,
        target=target_id,
        engaging=charge.engaging,
        problem=charge.movement.problem,
    )


def plan(
    scene: PitchScene,
    mover: str,
    waypoints: Sequence[tuple[float, float]],
    kind: MoveKind,
    jog: float,
    sprint: float,
) -> MovePreview:
    """A preview of moving `mover` through `waypoints`, checked by the pitch engine (the
    allowance of the kind of move shown as terrain changed it)."""
    allowance = jog if kind is MoveKind.JOG else sprint
    moved = move(scene_geometry(scene), mover, waypoints, kind, allowance)
    path = moved.path if moved.ok else (scene.model(mover).centre, *map(_point, waypoints))
    if kind is MoveKind.JOG:
        jog = moved.allowance
    else:
        sprint = moved.allowance
    return _preview(scene, mover, path, kind, jog, sprint, problem=moved.problem)


def _point(p: tuple[float, float]) -> Point:
    return Point(p[0], p[1])


def _preview(
    scene: PitchScene,
    mover: str,
    path: Sequence[Point],
    kind: MoveKind,
    jog: float,
    sprint: float,
    *,
    target: str | None = None,
    engaging: bool = False,
    problem: object = None,
) -> MovePreview:
    radius = scene.model(mover).base.radius
    crossed = tuple(crossings(path, radius, enemy_zones(scene, mover)))
    # An advance out of an enemy's melee zone provokes its parting blow (if it engages the
    # mover, which it does where the mover starts inside its zone and it sees it).
    blows = tuple(dict.fromkeys(c.owner for c in crossed if not c.entered))
    return MovePreview(
        scene,
        mover,
        tuple(path),
        kind,
        jog,
        sprint,
        crossed,
        blows if kind.advance else (),
        target,
        engaging,
        "" if problem is None else str(problem).replace("_", " "),
    )


SAMPLES: dict[str, Callable[[], bytes]] = {
    "pitch_standard_12": lambda: pitch(standard_twelve()),
    "pitch_standard_12_melee": lambda: pitch(standard_twelve(), melee=True),
    "pitch_standard_12_no_rosters": lambda: pitch(standard_twelve(), rosters=False),
    "pitch_introductory_6_deployment": lambda: pitch(introductory_six(), deployment=True),
    "zoom_brawl": lambda: pitch(standard_twelve(), zoom=Zoom(Point(18.0, 17.5), 6.0), melee=True),
    "zoom_corner": lambda: pitch(corner_six(), zoom=Zoom(Point(0.0, 0.0), 5.0)),
    "pitch_map_chapel_green": lambda: pitch(on_map("chapel-green")),
    "pitch_map_frozen_canal": lambda: pitch(on_map("frozen-canal"), rosters=False),
    "move_jog": lambda: move_preview(jog_preview()),
    "move_charge": lambda: move_preview(charge_preview()),
    "move_refused": lambda: move_preview(refused_preview()),
}


def write_samples(folder: Path) -> list[Path]:
    """Write every sample picture into `folder` as PNG files; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, draw in SAMPLES.items():
        path = folder / f"{name}.png"
        path.write_bytes(draw())
        out.append(path)
    return out


if __name__ == "__main__":
    for written in write_samples(Path(sys.argv[1] if len(sys.argv) > 1 else "guild_ball_pictures")):
        print(written)
