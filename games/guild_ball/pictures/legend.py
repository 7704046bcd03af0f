"""The legend under a pitch: a key of what the marks mean (each icon drawn as on the pitch) and
both teams' rosters: each model's label, name, place (x, y), health and conditions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import LINE, MUTED, SMALL, Box
from games.guild_ball.pictures import marks
from games.guild_ball.pictures.frame import Frame
from games.guild_ball.pictures.inputs import KNOCKED_DOWN, PitchModel, PitchScene
from games.guild_ball.pictures.labels import draw_chip, side_chip
from games.guild_ball.pictures.style import (
    PITCH,
    SIDES,
    SUPER,
    TERRAIN,
    condition_word,
)
from games.guild_ball.pitch import Point, Terrain, TerrainKind

ICON = 30  # an icon's side in pixels
BALL_ICON = 20  # the ball beside its carrier's name
ICON_INCHES = 1.4  # the square of pitch an icon shows
KEY_H = 36  # a row of the key
ROW_H = 32  # a model's row in a roster
COLUMN_GAP = 24

Paint = Callable[[marks.Layer], None]


@dataclass(frozen=True, slots=True)
class KeyItem:
    """One entry of the key: its icon (drawn in a small square of pitch) and its words."""

    paint: Paint
    words: str


def icon(img: Image.Image, x: int, y: int, paint: Paint) -> None:
    """Paste a small square of pitch, `ICON` px across at (x, y), drawn by `paint` in inches
    (the square is `ICON_INCHES` across)."""
    small_icon(img, x, y, ICON, paint)


def small_icon(img: Image.Image, x: int, y: int, size: int, paint: Paint) -> None:
    """Paste a square of pitch `ICON_INCHES` across, drawn by `paint`, `size` px across."""
    frame = Frame(0.0, 0.0, ICON_INCHES, size / ICON_INCHES)
    layer = frame.new_layer(PITCH)
    paint((layer, ImageDraw.Draw(layer), frame))
    img.paste(layer.reduce(SUPER), (x, y))


def _middle() -> Point:
    return Point(ICON_INCHES / 2, ICON_INCHES / 2)


def _model(side: int, conditions: tuple[str, ...] = ()) -> PitchModel:
    return PitchModel("key", "", "", side, _middle(), 30, conditions=conditions)


def side_item(scene: PitchScene, side: int) -> KeyItem:
    """A side's entry: its base, its player's name and guild, and its colour and mark."""
    team = scene.teams[side]
    who = f"{team.name} ({team.guild})" if team.guild else team.name
    return KeyItem(lambda layer: marks.base(layer, _model(side)), f"{who}: {SIDES[side].word}")


def ball_item(scene: PitchScene) -> KeyItem:
    """The ball's entry: where it lies, or who carries it."""
    carrier = next((m for m in scene.models if m.has_ball), None)
    if scene.ball is not None:
        words = f"Ball at ({scene.ball.x:.1f}, {scene.ball.y:.1f})"
    elif carrier is not None:
        words = f"Ball: carried by {carrier.label}"
    else:
        words = "Ball: off the pitch"
    return KeyItem(lambda layer: marks.ball(layer, *_middle()), words)


def terrain_item(kind: TerrainKind) -> KeyItem:
    """A kind of terrain's entry: a square of it and its word."""
    square = Terrain.rectangle(kind, 0.1, 0.1, ICON_INCHES - 0.1, ICON_INCHES - 0.1)
    return KeyItem(lambda layer: marks.terrain(layer, (square,)), TERRAIN[kind].word)


def goalpost_item() -> KeyItem:
    """The goalposts' entry."""
    post = Terrain.circle(TerrainKind.BARRIER, *_middle(), 0.66)
    return KeyItem(lambda layer: marks.goalpost(layer, post, 0), "Goalpost (barrier)")


def melee_item(sides: tuple[int, ...] = (0, 1), words: str = "Melee zone") -> KeyItem:
    """The melee rings' entry: a ring in each side's style, one inside the other."""
    rings = [
        PitchModel("key", "", "", side, _middle(), 30, melee_zone=0.05 - 0.22 * n)
        for n, side in enumerate(sides)
    ]

    def paint(layer: marks.Layer) -> None:
        for ring in rings:
            marks.melee_ring(layer, ring)

    return KeyItem(paint, words)


def knocked_down_item() -> KeyItem:
    """The knocked-down stripes' entry."""
    return KeyItem(
        lambda layer: marks.base(layer, _model(0, (KNOCKED_DOWN,))), "Striped: knocked down"
    )


def scene_items(
    scene: PitchScene, melee: bool, deployment: bool, frame: Frame | None = None
) -> list[KeyItem]:
    """The key of a pitch picture: both sides, the ball, the goalposts, each kind of terrain in
    the frame (all on the pitch without one), and the melee rings, the knocked-down stripes and
    the deployment zones where they are drawn."""
    items = [side_item(scene, 0), side_item(scene, 1), ball_item(scene), goalpost_item()]
    kinds = {t.kind for t in scene.terrain if frame is None or _in_frame(t, frame)}
    items += [terrain_item(k) for k in TerrainKind if k in kinds]
    if melee:
        items.append(melee_item())
    if any(m.knocked_down for m in scene.models):
        items.append(knocked_down_item())
    if deployment:
        items.append(KeyItem(lambda layer: marks.zone_swatch(layer, 0), 'Deployment zones (10")'))
    return items


def _in_frame(piece: Terrain, frame: Frame) -> bool:
    """Whether any of the piece may show in the frame (the circle round it reaches it)."""
    (x, y), r = piece.centre, piece.radius
    return (
        frame.x0 - r <= x <= frame.x0 + frame.side + r
        and frame.y0 - r <= y <= frame.y0 + frame.side + r
    )


def _item_width(item: KeyItem) -> int:
    return ICON + 8 + round(cv.font(SMALL).getlength(item.words)) + 22


def _rows(items: Sequence[KeyItem], width: int) -> list[list[KeyItem]]:
    rows: list[list[KeyItem]] = [[]]
    used = 0
    for item in items:
        w = _item_width(item)
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0
        rows[-1].append(item)
        used += w
    return rows


def key_height(items: Sequence[KeyItem], width: int) -> int:
    """The height the key takes in a box `width` wide."""
    return len(_rows(items, width)) * KEY_H


def draw_key(
    img: Image.Image, draw: ImageDraw.ImageDraw, items: Sequence[KeyItem], box: Box
) -> int:
    """The key in rows across the box from its top; returns the y below it."""
    x0, y, x1, _ = box
    for row in _rows(items, x1 - x0):
        x = x0
        for item in row:
            icon(img, x, y + (KEY_H - ICON) // 2, item.paint)
            right = min(x + _item_width(item) - 14, x1)
            cv.text(draw, (x + ICON + 8, y, right, y + KEY_H), item.words, SMALL, min_size=14)
            x += _item_width(item)
        y += KEY_H
    return y


WORDS_LINE_H = 30  # a line of a preview's words under its picture
WordLine = tuple[str, int, bool, cv.Colour]  # text, size, bold, colour


def words_height(lines: Sequence[WordLine], items: Sequence[KeyItem], width: int) -> int:
    """The height a preview's lines of words and its key take in a box `width` wide."""
    return len(lines) * WORDS_LINE_H + 10 + key_height(items, width)


def words_and_key(
    lines: Sequence[WordLine], items: Sequence[KeyItem], left: int, right: int
) -> Callable[[Image.Image, ImageDraw.ImageDraw, int], None]:
    """What draws a preview's lines of words from a given top, between `left` and `right`, and
    its key below them (the previews of a move and of an AOE end the same way)."""

    def words(img: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> None:
        y = top
        for text, size, bold, colour in lines:
            box = (left, y, right, y + WORDS_LINE_H)
            cv.text(draw, box, text, size, bold=bold, colour=colour, min_size=14)
            y += WORDS_LINE_H
        draw_key(img, draw, items, (left, y + 10, right, y + 10))

    return words


# --- rosters ----------------------------------------------------------------------------------


def roster_height(scene: PitchScene) -> int:
    """The height of the taller roster."""
    return max(
        ROW_H
        + sum(ROW_H + (ROW_H - 4 if m.conditions else 0) for m in scene.models if m.side == side)
        for side in (0, 1)
    )


def draw_rosters(img: Image.Image, draw: ImageDraw.ImageDraw, scene: PitchScene, box: Box) -> int:
    """Both teams' rosters side by side from the box's top; returns the y below them."""
    x0, y0, x1, _ = box
    col = (x1 - x0 - COLUMN_GAP) // 2
    bottom = y0
    for side in (0, 1):
        left = x0 + side * (col + COLUMN_GAP)
        bottom = max(bottom, _roster(img, draw, scene, side, (left, y0, left + col, y0)))
    return bottom


ROSTER = 18  # the rosters' text size: every row the same


def _roster(
    img: Image.Image, draw: ImageDraw.ImageDraw, scene: PitchScene, side: int, box: Box
) -> int:
    """A side's roster: its player's name over columns of place and health, then a row for each
    model (its label, name, place and HP; its conditions on a line of their own)."""
    x0, y, x1, _ = box
    font = cv.font(ROSTER)
    hp_w = round(font.getlength("88/88"))
    place_w = round(font.getlength("(88.8, 88.8)"))
    hp_box = (x1 - hp_w, y, x1, y + ROW_H)
    place_box = (x1 - hp_w - 12 - place_w, y, x1 - hp_w - 12, y + ROW_H)
    team = scene.teams[side]
    cv.text(draw, (x0, y, place_box[0] - 8, y + ROW_H), team.name, SMALL, bold=True, min_size=14)
    cv.text(draw, place_box, "x, y", ROSTER, colour=MUTED, align="right")
    cv.text(draw, hp_box, "HP", ROSTER, colour=MUTED, align="right")
    draw.line((x0, y + ROW_H - 2, x1, y + ROW_H - 2), fill=LINE, width=1)
    y += ROW_H
    chip_w = 44
    for m in sorted((m for m in scene.models if m.side == side), key=lambda m: m.label):
        chip = side_chip(m.label, side, 0, 0, 0)
        draw_chip(draw, chip, (x0, y + 3, x0 + chip_w, y + ROW_H - 3))
        hp = f"{m.hp}/{m.max_hp}" if m.max_hp else (str(m.hp) if m.hp else "")
        place = f"({m.centre.x:.1f}, {m.centre.y:.1f})"
        cv.text(draw, (hp_box[0], y, hp_box[2], y + ROW_H), hp, ROSTER, align="right", min_size=13)
        cv.text(
            draw,
            (place_box[0], y, place_box[2], y + ROW_H),
            place,
            ROSTER,
            colour=MUTED,
            align="right",
            min_size=13,
        )
        name_box = (x0 + chip_w + 8, y, place_box[0] - 8 - (BALL_ICON + 4) * m.has_ball, y + ROW_H)
        drawn = cv.text(draw, name_box, m.name, ROSTER, min_size=13)
        if m.has_ball:
            small_icon(
                img,
                name_box[0] + drawn + 6,
                y + (ROW_H - BALL_ICON) // 2,
                BALL_ICON,
                lambda layer: marks.ball(layer, *_middle(), 0.6),
            )
        y += ROW_H
        if m.conditions:
            words = ", ".join(condition_word(c) for c in m.conditions)
            box_ = (x0 + chip_w + 8, y - 5, x1, y + ROW_H - 5)
            cv.text(draw, box_, words, ROSTER, colour=MUTED, min_size=13)
            y += ROW_H - 4
    return y
