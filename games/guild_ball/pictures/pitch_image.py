"""The pitch: the grid labelled in inches, the pitch's lines and goalposts, the terrain by kind,
both teams' bases to scale with their labels, the ball, and on request the melee rings, the
deployment zones or a zoom around a point; a key and both rosters below.

Places are the pitch engine's: (x, y) in inches from the bottom-left corner of the picture, x
across and y up, side 0's table edge at the bottom (y = 0) and side 1's at the top. The grid's
labels on every side say the inches, so that a player can read a place off the picture and
type it ("move to 12, 8").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from PIL import Image, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import INK, LARGE, MUTED, PAPER, SMALL, Box
from games.guild_ball.pictures import legend, marks
from games.guild_ball.pictures.frame import Frame, around, draw_axes, draw_grid, whole_pitch
from games.guild_ball.pictures.inputs import PitchModel, PitchScene, Zoom
from games.guild_ball.pictures.labels import Chip, draw_chip, place, side_chip
from games.guild_ball.pictures.style import CHIP, EDGE, PITCH, SUPER, ZOOM_SCALE, number
from games.guild_ball.pitch import BALL_RADIUS

MARGIN = 16
GUTTER = 34  # the grid's labels round the frame
EDGE_H = 28  # a table edge's name, above and below
TITLE_H = 44
HOW_H = 30  # the line saying how to read places
MIN_WIDTH = 820  # room for both rosters side by side

Hook = Callable[[marks.Layer], None]


def pitch(
    scene: PitchScene,
    *,
    zoom: Zoom | None = None,
    melee: bool | Iterable[str] = False,
    deployment: bool = False,
    rosters: bool = True,
) -> bytes:
    """The pitch as a PNG. `zoom` crops to a square round a point at the zoom's scale; `melee`
    draws every model's melee ring (True) or those of the models named; `deployment` shades
    both deployment zones; without `rosters` only the key is under the pitch (a shorter
    picture, which Discord shows larger inline)."""
    rings = _rings(scene, melee)
    what = ("guild_ball.pitch", scene, zoom, rings, deployment, rosters)
    return cv.picture(
        what,
        lambda: draw_pitch(scene, zoom=zoom, melee=rings, deployment=deployment, rosters=rosters),
    )


def _rings(scene: PitchScene, melee: bool | Iterable[str]) -> tuple[str, ...]:
    if melee is True:
        return tuple(m.id for m in scene.models)
    if melee is False:
        return ()
    return tuple(melee)


def frame_for(scene: PitchScene, zoom: Zoom | None) -> Frame:
    """The whole pitch, or the zoom's square."""
    if zoom is None:
        return whole_pitch(scene.pitch)
    return around(scene.pitch, zoom.centre.x, zoom.centre.y, zoom.half, ZOOM_SCALE)


def draw_pitch(
    scene: PitchScene,
    *,
    zoom: Zoom | None = None,
    melee: bool | Iterable[str] = False,
    deployment: bool = False,
    rosters: bool = True,
) -> Image.Image:
    """The pitch picture as an image (see `pitch`)."""
    rings = _rings(scene, melee)
    frame = frame_for(scene, zoom)
    width = canvas_width(frame)
    items = legend.scene_items(scene, bool(rings), deployment, frame)
    inner = width - 2 * MARGIN
    title = scene.title or "The pitch"
    if zoom is not None:
        c = zoom.centre
        title = f"{title}: around ({number(c.x)}, {number(c.y)})"
    below = legend.key_height(items, inner)
    if rosters:
        below += 10 + legend.roster_height(scene)

    def legend_part(img: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> None:
        y = legend.draw_key(img, draw, items, (MARGIN, top, width - MARGIN, top))
        if rosters:
            legend.draw_rosters(img, draw, scene, (MARGIN, y + 10, width - MARGIN, y + 10))

    return compose(scene, frame, title, rings, deployment, below, legend_part)


def canvas_width(frame: Frame) -> int:
    """A picture's width round a frame: the frame, the grid's labels and the margins, and at
    least `MIN_WIDTH` (the frame is then centred)."""
    return max(frame.pixels + 2 * (MARGIN + GUTTER), MIN_WIDTH)


def on_canvas(frame: Frame) -> Frame:
    """The frame placed where a picture draws it: centred across, under the title, the table
    edge's name and the grid's labels."""
    return frame.placed(
        (canvas_width(frame) - frame.pixels) // 2, MARGIN + TITLE_H + EDGE_H + GUTTER
    )


def compose(
    scene: PitchScene,
    frame: Frame,
    title: str,
    rings: Sequence[str],
    deployment: bool,
    below: int,
    draw_below: Callable[[Image.Image, ImageDraw.ImageDraw, int], None],
    *,
    under: Hook | None = None,
    over: Hook | None = None,
    more_chips: Callable[[Frame], tuple[list[Chip], list[Box]]] | None = None,
    after: Callable[[ImageDraw.ImageDraw, Frame], None] | None = None,
) -> Image.Image:
    """A picture of the pitch in `frame`: the title, the table edges' names, the grid's labels,
    the pitch layer (with `under` drawn before the bases and `over` after them), the labels
    beside the bases (and the labels `more_chips` gives for the placed frame, with what else they
    should not cover), then `after` on the picture itself and `draw_below` from the given y
    (taking `below` px)."""
    width = canvas_width(frame)
    frame = on_canvas(frame)
    legend_top = frame.box[3] + GUTTER + EDGE_H + HOW_H + 8
    height = legend_top + below + MARGIN
    img = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(img)
    cv.text(
        draw,
        (MARGIN, MARGIN, width - MARGIN, MARGIN + TITLE_H - 6),
        title,
        LARGE,
        bold=True,
        min_size=SMALL,
    )
    layer = pitch_layer(scene, frame, rings, deployment, under, over)
    img.paste(layer.reduce(SUPER), frame.box[:2])
    draw_axes(draw, frame, GUTTER)
    _edges(draw, scene, frame)
    chips = model_chips(scene, frame)
    obstacles = fixed_obstacles(scene, frame)
    if more_chips is not None:
        extra, avoid = more_chips(frame)
        chips += extra
        obstacles += avoid
    boxes = place(chips, obstacles, frame.box)
    for chip, box in zip(chips, boxes, strict=True):
        draw_chip(draw, chip, box)
    if after is not None:
        after(draw, frame)
    how = frame.box[3] + GUTTER + EDGE_H
    cv.text(
        draw,
        (MARGIN, how, width - MARGIN, how + HOW_H),
        "Places are (x, y) in inches from the bottom-left corner: x across, y up.",
        SMALL - 3,
        colour=MUTED,
        min_size=13,
    )
    draw_below(img, draw, legend_top)
    return img


def _edges(draw: ImageDraw.ImageDraw, scene: PitchScene, frame: Frame) -> None:
    """Which table edge lies above and which below, and whose it is."""
    left, top, right, bottom = frame.box
    up = f"▲ towards {scene.teams[1].name}'s table edge (side 1)"
    down = f"▼ towards {scene.teams[0].name}'s table edge (side 0)"
    y_up = top - GUTTER - EDGE_H
    y_down = bottom + GUTTER
    cv.text(
        draw, (left, y_up, right, y_up + EDGE_H), up, EDGE, colour=INK, align="centre", min_size=13
    )
    cv.text(
        draw,
        (left, y_down, right, y_down + EDGE_H),
        down,
        EDGE,
        colour=INK,
        align="centre",
        min_size=13,
    )


def pitch_layer(
    scene: PitchScene,
    frame: Frame,
    rings: Sequence[str],
    deployment: bool,
    under: Hook | None = None,
    over: Hook | None = None,
) -> Image.Image:
    """The pitch in `frame`, drawn `SUPER` times larger: deployment zones, terrain, the grid,
    the lines, the goalposts, `under`, melee rings, bases, the ball, `over`."""
    img = frame.new_layer(PITCH)
    layer = (img, ImageDraw.Draw(img), frame)
    if deployment:
        marks.deployment(layer, scene.pitch)
    marks.terrain(layer, scene.terrain)
    draw_grid(img, frame)
    marks.lines(layer, scene.pitch)
    for side, post in enumerate(scene.pitch.goalposts()):
        marks.goalpost(layer, post, side)
    if under is not None:
        under(layer)
    wanted = set(rings)
    for m in scene.models:
        if m.id in wanted:
            marks.melee_ring(layer, m)
    for m in scene.models:
        marks.base(layer, m)
    if scene.ball is not None:
        marks.ball(layer, scene.ball.x, scene.ball.y)
    for m in scene.models:
        if m.has_ball:
            at, r = marks.carried_ball_at(m, scene.pitch, frame)
            marks.ball(layer, at.x, at.y, r)
    if over is not None:
        over(layer)
    return img


def model_chips(scene: PitchScene, frame: Frame) -> list[Chip]:
    """A label for each model whose base's middle is in the frame."""
    out = []
    for m in scene.models:
        if frame.shows(m.centre.x, m.centre.y):
            out.append(model_chip(m, frame))
    return out


def model_chip(model: PitchModel, frame: Frame) -> Chip:
    """A model's label, beside its base."""
    x, y = frame.canvas(model.centre.x, model.centre.y)
    size = CHIP if frame.scale < 40 else CHIP + 3
    return side_chip(model.label, model.side, x, y, model.base.radius * frame.scale, size)


def fixed_obstacles(scene: PitchScene, frame: Frame) -> list[Box]:
    """What labels should not cover besides the bases: the ball and the goalposts."""
    out = []
    spots = [(p.centre, p.radius) for p in scene.pitch.goalposts()]
    if scene.ball is not None:
        spots.append((scene.ball, BALL_RADIUS))
    for m in scene.models:
        if m.has_ball:
            spots.append(marks.carried_ball_at(m, scene.pitch, frame))
    for (x, y), r in spots:
        cx, cy = frame.canvas(x, y)
        k = r * frame.scale
        out.append((round(cx - k), round(cy - k), round(cx + k), round(cy + k)))
    return out
