"""The preview of a move, sent privately before the player confirms it: the pitch round the move
with the reach shaded (jog, then sprint), the path leg by leg with each leg numbered, the ghost
base where the move ends, the enemy melee zones it crosses with a marked point where it enters
or leaves each (a parting blow where it provokes one), the charge's target; and below, the move
in words: each leg's length and end (to type it again, changed), what it provokes, and why it
may not be made if it may not.
"""

from __future__ import annotations

import itertools
import math

from PIL import Image, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import BODY, INK, MUTED, SMALL, WHITE, Box
from games.guild_ball.pictures import legend, marks
from games.guild_ball.pictures.frame import Frame, fitted
from games.guild_ball.pictures.inputs import MovePreview, PitchModel
from games.guild_ball.pictures.labels import Chip
from games.guild_ball.pictures.legend import KeyItem
from games.guild_ball.pictures.pitch_image import MARGIN, canvas_width, compose
from games.guild_ball.pictures.style import BAD, SIDES, WARNING, inches
from games.guild_ball.pitch import MoveKind, Point, path_length

REACH_MARGIN = 1.5  # inches of pitch shown round the reach and the path


def move_preview(preview: MovePreview) -> bytes:
    """The preview of a move as a PNG."""
    return cv.picture(("guild_ball.move_preview", preview), lambda: draw_move_preview(preview))


def preview_frame(preview: MovePreview) -> Frame:
    """The square round the move: its start's reach, its path and its target."""
    scene = preview.scene
    mover = scene.model(preview.mover)
    reach = max(preview.jog, preview.sprint) + mover.base.radius
    s = mover.centre
    points = [(s.x - reach, s.y - reach), (s.x + reach, s.y + reach), *preview.path]
    if preview.target is not None:
        t = scene.model(preview.target)
        points.append(t.centre)
    return fitted(scene.pitch, points, REACH_MARGIN)


def draw_move_preview(preview: MovePreview) -> Image.Image:
    """The preview of a move as an image (see `move_preview`)."""
    scene = preview.scene
    mover = scene.model(preview.mover)
    frame = preview_frame(preview)
    width = canvas_width(frame)
    lines = summary(preview)
    items = key_items(preview)
    below = legend.words_height(lines, items, width - 2 * MARGIN)
    crossed = {c.owner for c in preview.crossings}
    enemies = [m for m in scene.models if m.side != mover.side and not m.knocked_down]
    target = scene.model(preview.target) if preview.target else None

    def under(layer: marks.Layer) -> None:
        reach_top = max(preview.jog, preview.sprint)
        if reach_top > 0:
            marks.reach(
                layer, mover.centre, mover.side, preview.jog, preview.sprint, mover.base.radius
            )
        for m in enemies:
            marks.melee_ring(layer, m, strong=m.id in crossed)
        if preview.kind is MoveKind.CHARGE:
            ghost_model = PitchModel(
                "ghost", "", "", mover.side, preview.end, mover.base_mm, mover.melee_zone
            )
            marks.melee_ring(layer, ghost_model)
        marks.path(layer, preview.path)

    def over(layer: marks.Layer) -> None:
        marks.ghost_base(layer, mover, preview.end)
        if target is not None:
            marks.target(layer, target)
        for c in preview.crossings:
            if not at_end(preview, c.point):
                marks.crossing(layer, c.point, not c.entered and c.owner in preview.parting_blows)

    def after(draw: ImageDraw.ImageDraw, placed: Frame) -> None:
        for n, box in legs(preview, placed):
            marks.leg_number(draw, box, n)

    words = legend.words_and_key(lines, items, MARGIN, width - MARGIN)

    return compose(
        scene,
        frame,
        f"Move {mover.label}: {mover.name}",
        (),
        False,
        below,
        words,
        under=under,
        over=over,
        more_chips=lambda placed: marks_chips(preview, placed),
        after=after,
    )


def marks_chips(preview: MovePreview, frame: Frame) -> tuple[list[Chip], list[Box]]:
    """Labels for the reach rings (at their tops) and for each crossing (the zone's owner, "PB"
    before it where the move provokes a parting blow); and what labels should not cover: the
    ghost base, the path and the legs' numbers."""
    mover = preview.scene.model(preview.mover)
    s, r = mover.centre, mover.base.radius
    k = r * frame.scale
    chips = []
    for reach, word in ((preview.jog, "jog"), (preview.sprint, long_word(preview))):
        if reach > 0 and (word == "jog" or reach > preview.jog):
            x, y = frame.canvas(s.x, s.y + reach + r)
            if frame.shows(s.x, s.y + reach + r):
                chips.append(Chip(f"{word} {inches(reach)}", WHITE, INK, True, x, y, 0))
    for c in preview.crossings:
        if not frame.shows(c.point.x, c.point.y):
            continue
        owner = preview.scene.model(c.owner)
        blow = not c.entered and c.owner in preview.parting_blows
        word = f"PB {owner.label}" if blow else f"{'in' if c.entered else 'out'} {owner.label}"
        x, y = frame.canvas(c.point.x, c.point.y)
        size = k if at_end(preview, c.point) else (12 if blow else 8)
        chips.append(Chip(word, WARNING, INK, False, x, y, size))
    avoid = []
    gx, gy = frame.canvas(preview.end.x, preview.end.y)
    avoid.append((round(gx - k), round(gy - k), round(gx + k), round(gy + k)))
    avoid += marks.path_boxes(frame, preview.path)
    avoid += [box for _, box in legs(preview, frame)]
    return chips, avoid


def legs(preview: MovePreview, frame: Frame) -> list[tuple[int, Box]]:
    """Each leg's number and where it is written, when the path has more than one leg."""
    if len(preview.path) <= 2:
        return []
    out = []
    for n, (a, b) in enumerate(itertools.pairwise(preview.path), 1):
        box = marks.leg_badge(frame, a, b)
        if box is not None:
            out.append((n, box))
    return out


def long_word(preview: MovePreview) -> str:
    """What the longer reach is called: a charge's max move, else the sprint's."""
    return "charge" if preview.kind is MoveKind.CHARGE else "sprint"


def at_end(preview: MovePreview, point: Point) -> bool:
    """Whether a crossing is where the move ends (a charge stopping as it enters the target's
    zone): the ghost base marks it, and its label sits beside the ghost."""
    return point.distance_to(preview.end) < 0.05


def summary(preview: MovePreview) -> list[tuple[str, int, bool, cv.Colour]]:
    """The move in words, line by line: (text, size, bold, colour)."""
    scene = preview.scene
    travelled = path_length(preview.path)
    allowance = (
        preview.jog
        if preview.kind in (MoveKind.JOG, MoveKind.DODGE, MoveKind.PUSH)
        else preview.sprint
    )
    out: list[tuple[str, int, bool, cv.Colour]] = []
    head = f"{preview.kind.capitalize()} {inches(travelled)}"
    if allowance > 0:
        head += f" of {inches(allowance)}"
    end = preview.end
    head += f", ending at ({end.x:.1f}, {end.y:.1f})"
    out.append((head, BODY, True, INK))
    legs = list(itertools.pairwise(preview.path))
    if len(legs) > 1:
        for n, (a, b) in enumerate(legs, 1):
            leg = math.hypot(b.x - a.x, b.y - a.y)
            out.append((f"Leg {n}: {inches(leg)} to ({b.x:.1f}, {b.y:.1f})", SMALL, False, INK))
    for c in preview.crossings:
        owner = scene.model(c.owner)
        who = f"{owner.label} {owner.name}"
        if c.entered:
            text = f"Enters {who}'s melee zone after {inches(c.at)}"
        elif c.owner in preview.parting_blows:
            text = f"Leaves {who}'s melee zone after {inches(c.at)}: parting blow"
        else:
            text = f"Leaves {who}'s melee zone after {inches(c.at)}"
        out.append((text, SMALL, c.owner in preview.parting_blows and not c.entered, INK))
    if preview.target is not None:
        t = scene.model(preview.target)
        state = "engaged at the end" if preview.engaging else "not engaged at the end"
        out.append((f"Charge target: {t.label} {t.name}, {state}", SMALL, True, INK))
    if preview.problem:
        out.append((f"Not allowed: {preview.problem}", BODY, True, BAD))
    if len(out) == 1 and not preview.problem:
        out.append(("Provokes nothing.", SMALL, False, MUTED))
    return out


def key_items(preview: MovePreview) -> list[KeyItem]:
    """The key of a preview: the mover's side, the ghost, the path, the reach, and the melee
    zones, crossings, parting blows and the target where there are any."""
    scene = preview.scene
    mover = scene.model(preview.mover)
    side = mover.side
    mid = Point(legend.ICON_INCHES / 2, legend.ICON_INCHES / 2)
    small = PitchModel("key", "", "", side, mid, 30)
    items = [
        legend.side_item(scene, 0),
        legend.side_item(scene, 1),
        KeyItem(lambda layer: marks.ghost_base(layer, small, mid), "Where it ends"),
        KeyItem(lambda layer: marks.path(layer, (Point(0.1, 0.2), Point(1.3, 1.2))), "Its path"),
    ]
    if preview.jog > 0:
        items.append(
            KeyItem(lambda layer: _reach_swatch(layer, side, 70), f"Jog {inches(preview.jog)}")
        )
    if preview.sprint > preview.jog:
        items.append(
            KeyItem(
                lambda layer: _reach_swatch(layer, side, 34),
                f"{long_word(preview).capitalize()} {inches(preview.sprint)}",
            )
        )
    enemy = 1 - side
    items.append(legend.melee_item((enemy,), "Enemy melee zone"))
    if any(
        not at_end(preview, c.point) and (c.entered or c.owner not in preview.parting_blows)
        for c in preview.crossings
    ):
        items.append(
            KeyItem(lambda layer: marks.crossing(layer, mid, False), "Enters or leaves a zone")
        )
    if preview.parting_blows:
        items.append(KeyItem(lambda layer: marks.crossing(layer, mid, True), "Parting blow"))
    if preview.target is not None:
        aim = PitchModel("key", "", "", enemy, mid, 30)

        def reticle(layer: marks.Layer) -> None:
            marks.base(layer, aim)
            marks.target(layer, aim)

        items.append(KeyItem(reticle, "Charge target"))
    return items


def _reach_swatch(layer: marks.Layer, side: int, strength: int) -> None:
    img, _, _ = layer
    marks.blend(img, SIDES[side].fill, Image.new("L", img.size, strength))
