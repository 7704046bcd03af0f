"""Pictures of Guild Ball's pitch, as PNG bytes drawn with Pillow.

- `pitch(scene, zoom=None, melee=False, deployment=False, rosters=True)`: the pitch with its
  inch grid labelled on every side, the pitch's lines and goalposts, the terrain by kind, both
  teams' bases to scale with their labels, the ball (loose, or marked on its carrier); on
  request the melee rings (all, or the models named), the deployment zones, or a zoom: a square
  round a point at a larger scale, the grid still labelled. A key below, and both rosters
  (label, name, place, HP, conditions) unless `rosters=False`.
- `move_preview(preview)`: a move before it is confirmed: the pitch round it, the reach shaded
  (jog, sprint), the path leg by leg, the ghost base where it ends, the enemy melee zones it
  crosses with where it enters and leaves them (parting blows marked), the charge's target;
  the move in words below.
- `aoe_preview(preview)`: an AOE play before it is confirmed: the pitch round it, the range
  shaded where the template's centre may go, the 3" template, the models it hits; in words below.

They take plain data (`inputs.py`: `PitchScene`, `PitchModel`, `Team`, `Zoom`, `MovePreview`,
`AoePreview`), never the rules' state; `bot.render.pictures.render_async` runs them in the
picture worker.
Places are the pitch engine's inches, (x, y) from the bottom-left corner of the picture: x
across, y up, side 0's table edge at the bottom. The sides differ in colour (blue, orange) and
in shape (a plain rim, a white ring; square and rounded labels; dashed and dotted melee rings).
`samples.py` writes sample pictures to a folder.
"""

from games.guild_ball.pictures.aoe_image import aoe_preview
from games.guild_ball.pictures.inputs import (
    AoePreview,
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

__all__ = [
    "AoePreview",
    "MovePreview",
    "PitchModel",
    "PitchScene",
    "Team",
    "Zoom",
    "aoe_preview",
    "enemy_zones",
    "move_preview",
    "pitch",
    "scene_geometry",
]
