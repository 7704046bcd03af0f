"""The Guild Ball pitch engine: measuring, line of sight, movement and the ball, in inches.

Pure and deterministic: plain floats, no I/O, no dice (the rules roll them and pass the
outcomes). The modules, each after what it holds:

- `geometry`: `Point` and the plane primitives (segments, circles, polygons, tangents);
- `bases`: `Base` (a circle), base sizes in millimetres, `distance` edge to edge, `within`,
  `completely_within`, `in_base_contact`, `in_melee_zone`, the contact `TOLERANCE`;
- `terrain`: `Terrain` pieces (`TerrainKind`: fast, rough, forest, obstruction, barrier) and
  `has_cover`;
- `field`: the `Pitch` (3'×3' or 2'×2'), halves, goal lines, deployment zones, goalposts, and the
  game sizes;
- `scene`: a `Scene` of the pitch, its terrain and the `Figure`s on it: line of sight
  (`Scene.sees`), engagement, cover, who is near;
- `sight`: the line-of-sight search itself;
- `movement`: paths of straight legs (`move`), straight moves that stop at contact (`straight`:
  pushes, "directly" towards or away), charges, where a path enters or leaves zones
  (`crossings`) or an enemy's sight (`sight_lost`), and where a base may be placed
  (`placement`);
- `ball`: the circular and kick scatter templates, the ball's travel and throw-ins,
  interception (`on_ball_path`), snap-to and kick ranges.

The readings the rulebook leaves open are in games/guild_ball/docs/rules-notes.md ("Pitch").
"""

from games.guild_ball.pitch.ball import (
    BallTravel,
    ball_travel,
    circular_scatter,
    in_kick_range,
    is_tap_in,
    kick_scatter,
    landing_spot,
    on_ball_path,
    snap_candidates,
)
from games.guild_ball.pitch.bases import (
    BALL_RADIUS,
    GOALPOST_RADIUS,
    TOLERANCE,
    Base,
    completely_within,
    distance,
    in_base_contact,
    in_melee_zone,
    spot,
    within,
)
from games.guild_ball.pitch.field import (
    GAME_SIZES,
    INTRODUCTORY_PITCH,
    STANDARD_PITCH,
    Pitch,
)
from games.guild_ball.pitch.geometry import Point
from games.guild_ball.pitch.movement import (
    Charge,
    Crossing,
    MoveKind,
    Movement,
    Problem,
    approach,
    away,
    charge,
    charge_towards,
    crossings,
    move,
    path_length,
    placement,
    sight_lost,
    straight,
    towards,
)
from games.guild_ball.pitch.scene import Figure, Scene
from games.guild_ball.pitch.sight import line_of_sight
from games.guild_ball.pitch.terrain import Terrain, TerrainKind, has_cover, pieces_holding

__all__ = [
    "BALL_RADIUS",
    "GAME_SIZES",
    "GOALPOST_RADIUS",
    "INTRODUCTORY_PITCH",
    "STANDARD_PITCH",
    "TOLERANCE",
    "BallTravel",
    "Base",
    "Charge",
    "Crossing",
    "Figure",
    "MoveKind",
    "Movement",
    "Pitch",
    "Point",
    "Problem",
    "Scene",
    "Terrain",
    "TerrainKind",
    "approach",
    "away",
    "ball_travel",
    "charge",
    "charge_towards",
    "circular_scatter",
    "completely_within",
    "crossings",
    "distance",
    "has_cover",
    "in_base_contact",
    "in_kick_range",
    "in_melee_zone",
    "is_tap_in",
    "kick_scatter",
    "landing_spot",
    "line_of_sight",
    "move",
    "on_ball_path",
    "path_length",
    "pieces_holding",
    "placement",
    "sight_lost",
    "snap_candidates",
    "spot",
    "straight",
    "towards",
    "within",
]
