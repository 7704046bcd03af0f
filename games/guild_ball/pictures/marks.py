"""What is drawn on the pitch layer: the pitch's lines, deployment zones, terrain, bases, the
ball, melee rings, the marks of a move (reach, path, ghost base, crossings, the charge target)
and an AOE's template. Every function draws in the pitch's inches through a `Frame`, on a layer
`SUPER` times larger than the picture; shaded areas are blended in through masks, so what lies
under them shows through.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from PIL import Image, ImageChops, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import INK, WHITE, Colour
from games.guild_ball.pictures.frame import Frame
from games.guild_ball.pictures.inputs import PitchModel
from games.guild_ball.pictures.style import (
    BALL,
    MARKING,
    PATH,
    SIDES,
    SUPER,
    TERRAIN,
    WARNING,
    TerrainStyle,
    ghost,
)
from games.guild_ball.pitch import BALL_RADIUS, Pitch, Point, Terrain
from games.guild_ball.pitch.field import DEPLOYMENT_DEPTH

Layer = tuple[Image.Image, ImageDraw.ImageDraw, Frame]
DEPLOYMENT_SHADE = 44  # of 255: the zones tinted, terrain and lines still plain under them
TEMPLATE_SHADE = 110  # of 255: an AOE template's yellow, the pitch still seen under it


def _ellipse(frame: Frame, x: float, y: float, r: float) -> tuple[float, float, float, float]:
    cx, cy = frame.layer(x, y)
    k = frame.length(r)
    return (cx - k, cy - k, cx + k, cy + k)


def blend(layer: Image.Image, colour: Colour, mask: Image.Image) -> None:
    """Blend `colour` into the layer where the mask says, as strongly as it says."""
    layer.paste(colour, mask=mask)


def clip(img: Image.Image, box: tuple[float, float, float, float]) -> cv.Box | None:
    """The whole pixels of `box` (and a little round it) on the layer, None if it is off it.
    Masks are made this size rather than the layer's: pasting through a layer-sized mask was
    most of a picture's time."""
    x0, y0 = max(0, math.floor(box[0]) - 2), max(0, math.floor(box[1]) - 2)
    x1, y1 = min(img.width, math.ceil(box[2]) + 2), min(img.height, math.ceil(box[3]) + 2)
    return None if x0 >= x1 or y0 >= y1 else (x0, y0, x1, y1)


def _shifted(box: tuple[float, float, float, float], at: cv.Box) -> tuple[float, ...]:
    return (box[0] - at[0], box[1] - at[1], box[2] - at[0], box[3] - at[1])


# --- the pitch --------------------------------------------------------------------------------


def deployment(layer: Layer, pitch: Pitch) -> None:
    """Each side's deployment zone (within 10" of its table edge), shaded in its colour."""
    img, draw, frame = layer
    for side, (y0, y1) in enumerate(
        ((0.0, DEPLOYMENT_DEPTH), (pitch.size - DEPLOYMENT_DEPTH, pitch.size))
    ):
        ax, ay = frame.layer(0, y1)
        bx, by = frame.layer(pitch.size, y0)
        box = clip(img, (ax, ay, bx, by))
        if box is not None:
            size = (box[2] - box[0], box[3] - box[1])
            img.paste(SIDES[side].fill, box, Image.new("L", size, DEPLOYMENT_SHADE))
        edge = y1 if side == 0 else y0
        _, ey = frame.layer(0, edge)
        dashed_line(draw, (ax, ey), (bx, ey), SIDES[side].ring, 2 * SUPER, 10 * SUPER, 6 * SUPER)


def zone_swatch(layer: Layer, side: int) -> None:
    """A deployment zone's shade and edge across a small square (for the key)."""
    img, draw, frame = layer
    mask = Image.new("L", img.size, DEPLOYMENT_SHADE)
    blend(img, SIDES[side].fill, mask)
    _, y = frame.layer(0, frame.side / 2)
    dashed_line(draw, (0, y), (img.size[0], y), SIDES[side].ring, 2 * SUPER, 10 * SUPER, 6 * SUPER)


def lines(layer: Layer, pitch: Pitch) -> None:
    """The halfway line, the goal lines (dashed), the centre spot and the pitch's edge."""
    _, draw, frame = layer
    w = 2 * SUPER
    ax, hy = frame.layer(0, pitch.halfway)
    bx, _ = frame.layer(pitch.size, pitch.halfway)
    draw.line((ax, hy, bx, hy), fill=MARKING, width=w)
    for side in (0, 1):
        _, gy = frame.layer(0, pitch.goal_line(side))
        dashed_line(draw, (ax, gy), (bx, gy), MARKING, w, 16 * SUPER, 10 * SUPER)
    c = pitch.centre_spot
    draw.ellipse(_ellipse(frame, c.x, c.y, 0.15), fill=MARKING)
    x0, y0 = frame.layer(0, pitch.size)
    x1, y1 = frame.layer(pitch.size, 0)
    draw.rectangle((x0, y0, x1, y1), outline=INK, width=3 * SUPER)


def dashed_line(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    colour: Colour,
    width: int,
    dash: float,
    gap: float,
) -> None:
    """A dashed straight line from a to b (lengths in layer pixels)."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    at = 0.0
    while at < length:
        end = min(at + dash, length)
        draw.line((a[0] + ux * at, a[1] + uy * at, a[0] + ux * end, a[1] + uy * end), colour, width)
        at = end + gap


def dashed_circle(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    colour: Colour,
    width: int,
    dash: float,
    gap: float,
) -> None:
    """A dashed circle in `box` (dash and gap in layer pixels along the circle). Each dash is
    drawn as a short polyline: Pillow's arcs cost a whole ellipse each."""
    r = (box[2] - box[0]) / 2
    if r <= 0:
        return
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    count = max(4, round(2 * math.pi * r / (dash + gap)))
    step = 2 * math.pi / count
    on = min(dash / r, step * 0.8)
    pieces = max(2, math.ceil(on * r / (3 * SUPER)))
    for k in range(count):
        start = k * step - math.pi / 2
        points = [
            (cx + r * math.cos(start + on * i / pieces), cy + r * math.sin(start + on * i / pieces))
            for i in range(pieces + 1)
        ]
        draw.line(points, fill=colour, width=width)


# --- terrain ----------------------------------------------------------------------------------


def terrain(layer: Layer, pieces: Sequence[Terrain]) -> None:
    """The terrain pieces, each in its kind's fill and pattern with an outline."""
    img, draw, frame = layer
    for piece in pieces:
        style = TERRAIN[piece.kind]
        box = clip(img, outline_box(frame, piece))
        if box is None:
            continue
        size = (box[2] - box[0], box[3] - box[1])
        mask = Image.new("L", size, 0)
        shape(ImageDraw.Draw(mask), frame, piece, fill=255, at=box)
        img.paste(style.fill, box, mask)
        if style.pattern:
            img.paste(style.mark, box, ImageChops.multiply(mask, pattern(size, style)))
        shape(draw, frame, piece, outline=style.outline, width=2 * SUPER)


def outline_box(frame: Frame, piece: Terrain) -> tuple[float, float, float, float]:
    """The box round a piece on the layer."""
    if piece.is_circle:
        return _ellipse(frame, piece.centre.x, piece.centre.y, piece.radius)
    pts = [frame.layer(p.x, p.y) for p in piece.points]
    return (
        min(x for x, _ in pts),
        min(y for _, y in pts),
        max(x for x, _ in pts),
        max(y for _, y in pts),
    )


def shape(
    draw: ImageDraw.ImageDraw,
    frame: Frame,
    piece: Terrain,
    fill: int | Colour | None = None,
    outline: Colour | None = None,
    width: int = 1,
    at: cv.Box = (0, 0, 0, 0),
) -> None:
    """A terrain piece's outline or area (on an image whose top-left is at `at` on the
    layer)."""
    if piece.is_circle:
        box = _shifted(_ellipse(frame, piece.centre.x, piece.centre.y, piece.radius), at)
        draw.ellipse(box, fill=fill, outline=outline, width=width)
    else:
        pts = [frame.layer(p.x, p.y) for p in piece.points]
        draw.polygon(
            [(x - at[0], y - at[1]) for x, y in pts], fill=fill, outline=outline, width=width
        )


def pattern(size: tuple[int, int], style: TerrainStyle) -> Image.Image:
    """A mask of the kind's pattern over a layer of `size`: speed lines for fast ground, dots
    for rough, little trees for a forest, cross-hatching for an obstruction."""
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    w, h = size
    s = 14 * SUPER
    if style.pattern == "lines":
        for row, y in enumerate(range(s // 2, h, s)):
            shift = (row % 2) * s
            for x in range(-s + shift, w, 2 * s):
                draw.line((x, y, x + s * 1.2, y), fill=255, width=2 * SUPER)
    elif style.pattern == "dots":
        r = 1.6 * SUPER
        for row, y in enumerate(range(s // 2, h, s)):
            for x in range(((row % 2) * s) // 2, w, s):
                draw.ellipse((x - r, y - r, x + r, y + r), fill=255)
    elif style.pattern == "trees":
        big = round(s * 1.5)
        r = 4 * SUPER
        for row, y in enumerate(range(big // 2, h, big)):
            for x in range(((row % 2) * big) // 2, w, big):
                draw.ellipse((x - r, y - r, x + r, y + r), outline=255, width=SUPER + 1)
                draw.line((x, y + r, x, y + r + 3 * SUPER), fill=255, width=SUPER + 1)
    elif style.pattern == "cross":
        for k in range(-h, w, s):
            draw.line((k, 0, k + h, h), fill=255, width=SUPER)
            draw.line((k, h, k + h, 0), fill=255, width=SUPER)
    return mask


def goalpost(layer: Layer, post: Terrain, side: int) -> None:
    """A goalpost: a barrier-coloured disc with a white ring and its side's colour in the
    middle."""
    _, draw, frame = layer
    c, r = post.centre, post.radius
    draw.ellipse(
        _ellipse(frame, c.x, c.y, r), fill=TERRAIN[post.kind].fill, outline=INK, width=2 * SUPER
    )
    draw.ellipse(_ellipse(frame, c.x, c.y, r * 0.7), outline=WHITE, width=3 * SUPER)
    draw.ellipse(_ellipse(frame, c.x, c.y, r * 0.35), fill=SIDES[side].fill, outline=WHITE)


# --- models and the ball ----------------------------------------------------------------------


def melee_ring(layer: Layer, model: PitchModel, strong: bool = False) -> None:
    """A model's melee zone: a ring `melee_zone` inches out from its base's edge, dashed for
    side 0 and dotted for side 1 (thicker when `strong`)."""
    _, draw, frame = layer
    style = SIDES[model.side]
    box = _ellipse(frame, model.centre.x, model.centre.y, model.base.radius + model.melee_zone)
    dash, gap = style.dash
    width = (4 if strong else 2) * SUPER
    dashed_circle(draw, box, style.ring, width, dash * SUPER, gap * SUPER)


def base(layer: Layer, model: PitchModel) -> None:
    """A model's base in its side's colour and rim; striped when knocked down."""
    img, draw, frame = layer
    style = SIDES[model.side]
    c, r = model.centre, model.base.radius
    box = _ellipse(frame, c.x, c.y, r)
    draw.ellipse(box, fill=style.fill, outline=style.rim, width=2 * SUPER)
    if style.inner_ring:
        inset = 2 * SUPER
        inner = (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset)
        draw.ellipse(inner, outline=WHITE, width=3 * SUPER)
    if model.knocked_down:
        knocked_down(img, frame, c, r)


def knocked_down(img: Image.Image, frame: Frame, c: Point, r: float) -> None:
    """White stripes across a base: the model is knocked down. Its middle is left clear, so the
    base's colour still shows there."""
    box = clip(img, _ellipse(frame, c.x, c.y, r))
    if box is None:
        return
    size = (box[2] - box[0], box[3] - box[1])
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).ellipse(_shifted(_ellipse(frame, c.x, c.y, r * 0.82), box), fill=255)
    stripes = Image.new("L", size, 0)
    sd = ImageDraw.Draw(stripes)
    w, h = size
    step = max(6, round(frame.length(r) / 2.2))
    for k in range(-h, w, step):
        sd.line((k, h, k + h, 0), fill=255, width=max(2, step // 3))
    cx, cy = frame.layer(c.x, c.y)
    hole = frame.length(r) * 0.25
    sd.ellipse(_shifted((cx - hole, cy - hole, cx + hole, cy + hole), box), fill=0)
    img.paste(WHITE, box, ImageChops.multiply(mask, stripes))


def ball(layer: Layer, x: float, y: float, radius: float = BALL_RADIUS) -> None:
    """The ball: a white marker with a dark rim and a dark spot (a football's patch)."""
    _, draw, frame = layer
    draw.ellipse(_ellipse(frame, x, y, radius), fill=BALL, outline=INK, width=2 * SUPER)
    cx, cy = frame.layer(x, y)
    k = frame.length(radius) * 0.42
    corners = [
        (cx + k * math.sin(2 * math.pi * i / 5), cy - k * math.cos(2 * math.pi * i / 5))
        for i in range(5)
    ]
    draw.polygon(corners, fill=INK)


def carried_ball_at(model: PitchModel, pitch: Pitch, frame: Frame) -> tuple[Point, float]:
    """Where the ball is marked on its carrier, and how large: a small ball over the rim of its
    base on the side towards the middle of the pitch (so it stays on the pitch), never over the
    base's middle."""
    r = model.base.radius
    size = max(0.3, 9 / frame.scale)  # at least 9 px across on the picture
    k = r * math.sqrt(0.5)
    half = pitch.size / 2
    dx = k if model.centre.x <= half else -k
    dy = k if model.centre.y <= half else -k
    return Point(model.centre.x + dx, model.centre.y + dy), size


# --- a move -----------------------------------------------------------------------------------


def reach(layer: Layer, start: Point, side: int, jog: float, sprint: float, radius: float) -> None:
    """How far the mover's base may go: the jog's reach shaded, the sprint's beyond it lighter,
    each bounded by a ring (solid for the jog, dashed for the sprint). A reach is where the
    base's edge may get to in a straight line, open ground assumed."""
    img, draw, frame = layer
    ring = SIDES[side].ring
    outer = _ellipse(frame, start.x, start.y, max(jog, sprint) + radius)
    box = clip(img, outer)
    if box is None:
        return
    mask = Image.new("L", (box[2] - box[0], box[3] - box[1]), 0)
    md = ImageDraw.Draw(mask)
    if sprint > jog:
        md.ellipse(_shifted(_ellipse(frame, start.x, start.y, sprint + radius), box), fill=34)
    if jog > 0:
        md.ellipse(_shifted(_ellipse(frame, start.x, start.y, jog + radius), box), fill=70)
    img.paste(SIDES[side].fill, box, mask)
    if sprint > jog:
        box_ = _ellipse(frame, start.x, start.y, sprint + radius)
        dashed_circle(draw, box_, ring, 2 * SUPER, 10 * SUPER, 7 * SUPER)
    if jog > 0:
        draw.ellipse(_ellipse(frame, start.x, start.y, jog + radius), outline=ring, width=2 * SUPER)


def path(layer: Layer, points: Sequence[Point]) -> None:
    """The path leg by leg: a dark line on a white casing, a dot at each turn."""
    _, draw, frame = layer
    pts = [frame.layer(p.x, p.y) for p in points]
    for colour, width in ((WHITE, 9 * SUPER), (PATH, 4 * SUPER)):
        for a, b in itertools.pairwise(pts):
            draw.line((*a, *b), fill=colour, width=width)
        for x, y in pts[1:-1]:
            k = width * 0.9
            draw.ellipse((x - k, y - k, x + k, y + k), fill=colour)


def ghost_base(layer: Layer, model: PitchModel, at: Point) -> None:
    """Where the mover would end: its base in a pale version of its colour, rim dashed."""
    _, draw, frame = layer
    box = _ellipse(frame, at.x, at.y, model.base.radius)
    draw.ellipse(box, fill=ghost(model.side))
    dashed_circle(draw, box, SIDES[model.side].ring, 3 * SUPER, 6 * SUPER, 4 * SUPER)


def crossing(layer: Layer, at: Point, provokes: bool) -> None:
    """A point where the path enters or leaves an enemy melee zone: a yellow diamond, larger
    and with a thick rim where the move provokes a parting blow."""
    _, draw, frame = layer
    cx, cy = frame.layer(at.x, at.y)
    k = (12 if provokes else 8) * SUPER
    diamond = [(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)]
    draw.polygon(diamond, fill=WARNING, outline=INK, width=(3 if provokes else 2) * SUPER)


def target(layer: Layer, model: PitchModel) -> None:
    """The charge's target: a reticle round its base (a ring with four ticks)."""
    _, draw, frame = layer
    c = model.centre
    r = model.base.radius + 0.2
    box = _ellipse(frame, c.x, c.y, r)
    draw.ellipse(box, outline=WHITE, width=7 * SUPER)
    draw.ellipse(box, outline=INK, width=3 * SUPER)
    cx, cy = frame.layer(c.x, c.y)
    inner, outer = frame.length(r - 0.15), frame.length(r + 0.3)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        draw.line(
            (cx + dx * inner, cy + dy * inner, cx + dx * outer, cy + dy * outer),
            fill=INK,
            width=3 * SUPER,
        )


def leg_badge(frame: Frame, a: Point, b: Point) -> tuple[int, int, int, int] | None:
    """Where a leg's number goes on the picture: a small disc beside the middle of the leg on
    its left, clear of the path and of the marks on it (None for a leg of no length)."""
    (ax, ay), (bx, by) = frame.canvas(a.x, a.y), frame.canvas(b.x, b.y)
    length = math.hypot(bx - ax, by - ay)
    if length < 1:
        return None
    r = 11
    # On the canvas y runs down: (dy, -dx) is the left of the direction of travel.
    nx, ny = (by - ay) / length, -(bx - ax) / length
    x, y = (ax + bx) / 2 + nx * (r + 6), (ay + by) / 2 + ny * (r + 6)
    left, top, right, bottom = frame.box
    x = min(max(x, left + r), right - r - 1)
    y = min(max(y, top + r), bottom - r - 1)
    return (round(x) - r, round(y) - r, round(x) + r, round(y) + r)


def leg_number(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], number: int) -> None:
    """A leg's number in its disc (drawn on the picture itself, after scaling down)."""
    draw.ellipse(box, fill=WHITE, outline=INK, width=2)
    cv.text(draw, box, str(number), 15, bold=True, align="centre", min_size=10)


def path_boxes(
    frame: Frame, points: Sequence[Point], step: int = 8
) -> list[tuple[int, int, int, int]]:
    """Small boxes along the path on the picture, `step` px apart: what labels should not
    cover."""
    out = []
    pts = [frame.canvas(p.x, p.y) for p in points]
    for (ax, ay), (bx, by) in itertools.pairwise(pts):
        n = max(1, math.ceil(math.hypot(bx - ax, by - ay) / step))
        for k in range(n + 1):
            x, y = ax + (bx - ax) * k / n, ay + (by - ay) * k / n
            out.append((round(x) - 4, round(y) - 4, round(x) + 4, round(y) + 4))
    return out


# --- an AOE play -------------------------------------------------------------------------------


def template(layer: Layer, centre: Point, radius: float) -> None:
    """The AOE template: a yellow disc the pitch shows through, with a dark rim."""
    img, draw, frame = layer
    box = _ellipse(frame, centre.x, centre.y, radius)
    at = clip(img, box)
    if at is not None:
        mask = Image.new("L", (at[2] - at[0], at[3] - at[1]), 0)
        ImageDraw.Draw(mask).ellipse(_shifted(box, at), fill=TEMPLATE_SHADE)
        img.paste(WARNING, at, mask)
    draw.ellipse(box, outline=INK, width=3 * SUPER)
    cx, cy = frame.layer(centre.x, centre.y)
    k = 4 * SUPER
    draw.ellipse((cx - k, cy - k, cx + k, cy + k), fill=INK)
