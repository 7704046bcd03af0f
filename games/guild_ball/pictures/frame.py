"""Frames: which square of the pitch a picture shows, at what scale, and where on the canvas.

Coordinates are the pitch engine's, in inches: x from the left edge, y from side 0's table edge,
so the picture has side 0's table edge at the bottom and (0, 0) at its bottom-left corner, as on
a graph. The grid is labelled in inches along every side so that a player can read a place and
type it. Drawing happens on a layer `SUPER` times larger than the frame (smooth circles), which
is then scaled down onto the canvas.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import Box
from games.guild_ball.pictures.style import (
    GRID,
    GRID_LINE,
    GRID_MAJOR,
    SCALES,
    SUPER,
    ZOOM_SCALE,
)
from games.guild_ball.pitch import Pitch

# The largest side of a frame in pixels when it is fitted around some points (a move preview).
FIT_PIXELS = 768
# The smallest square (inches) a frame fitted around some points shows, so the grid still says
# where on the pitch it is.
FIT_MIN = 10.0


@dataclass(frozen=True, slots=True)
class Frame:
    """The square from (x0, y0) `side` inches across, drawn at `scale` px an inch with its
    top-left corner at (left, top) on the canvas."""

    x0: float
    y0: float
    side: float
    scale: float
    left: int = 0
    top: int = 0

    @property
    def pixels(self) -> int:
        """The frame's width and height on the canvas."""
        return round(self.side * self.scale)

    @property
    def box(self) -> Box:
        """The frame on the canvas (right and bottom excluded)."""
        return (self.left, self.top, self.left + self.pixels, self.top + self.pixels)

    def placed(self, left: int, top: int) -> Frame:
        """The same frame with its top-left corner at (left, top) on the canvas."""
        return Frame(self.x0, self.y0, self.side, self.scale, left, top)

    def canvas(self, x: float, y: float) -> tuple[float, float]:
        """Where the pitch point (x, y) is on the canvas."""
        return (
            self.left + (x - self.x0) * self.scale,
            self.top + (self.y0 + self.side - y) * self.scale,
        )

    def layer(self, x: float, y: float) -> tuple[float, float]:
        """Where the pitch point (x, y) is on the drawing layer."""
        k = self.scale * SUPER
        return ((x - self.x0) * k, (self.y0 + self.side - y) * k)

    def length(self, inches: float) -> float:
        """A length in inches, in layer pixels."""
        return inches * self.scale * SUPER

    def shows(self, x: float, y: float, margin: float = 0.0) -> bool:
        """Whether the point lies in the frame (by `margin` inches at least)."""
        return (
            self.x0 + margin <= x <= self.x0 + self.side - margin
            and self.y0 + margin <= y <= self.y0 + self.side - margin
        )

    def new_layer(self, background: cv.Colour) -> Image.Image:
        """A blank drawing layer for this frame."""
        side = self.pixels * SUPER
        return Image.new("RGB", (side, side), background)


def whole_pitch(pitch: Pitch) -> Frame:
    """The whole pitch at its scale (about 864 px across whatever its size)."""
    return Frame(0.0, 0.0, pitch.size, SCALES.get(pitch.size, 864 / pitch.size))


def around(pitch: Pitch, x: float, y: float, half: float, scale: float = ZOOM_SCALE) -> Frame:
    """The square `half` inches either side of (x, y) at `scale`, moved back onto the pitch
    where it would reach past an edge (a zoom at a corner shows the corner)."""
    side = min(2 * half, pitch.size)
    x0 = min(max(x - side / 2, 0.0), pitch.size - side)
    y0 = min(max(y - side / 2, 0.0), pitch.size - side)
    return Frame(x0, y0, side, scale)


def fitted(pitch: Pitch, points: Iterable[tuple[float, float]], margin: float) -> Frame:
    """The smallest square holding every point with `margin` inches round it (at least
    `FIT_MIN`, at most the pitch), kept on the pitch and scaled to `FIT_PIXELS` or the zoom's
    scale, whichever is smaller."""
    pts = list(points)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) + 2 * margin
    side = min(max(math.ceil(span), FIT_MIN), pitch.size)
    scale = min(ZOOM_SCALE, FIT_PIXELS / side)
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    return around(pitch, cx, cy, side / 2, scale)


def label_step(scale: float) -> int:
    """Every how many inches the grid is labelled: the labels at least 40 px apart."""
    return next(step for step in (1, 2, 3, 6, 12) if step * scale >= 40)


def marks(start: float, side: float, scale: float) -> list[tuple[int, bool]]:
    """The whole inches from `start` to `start + side`, each with whether it is labelled."""
    step = label_step(scale)
    first = math.ceil(start - 1e-9)
    last = math.floor(start + side + 1e-9)
    return [(i, i % step == 0) for i in range(first, last + 1)]


def draw_grid(layer: Image.Image, frame: Frame) -> None:
    """The inch grid over the layer, blended in so that terrain shows through it: a faint line
    every inch, a stronger one at each labelled inch. Each line is pasted through a mask of its
    own strip."""
    end = layer.size[0]
    strength = {False: (GRID_LINE, 150), True: (GRID_MAJOR, 210)}
    for i, labelled in marks(frame.x0, frame.side, frame.scale):
        colour, alpha = strength[labelled]
        x = min(max(round(frame.layer(i, 0)[0]) - SUPER // 2, 0), end - SUPER)
        layer.paste(colour, (x, 0, x + SUPER, end), Image.new("L", (SUPER, end), alpha))
    for j, labelled in marks(frame.y0, frame.side, frame.scale):
        colour, alpha = strength[labelled]
        y = min(max(round(frame.layer(0, j)[1]) - SUPER // 2, 0), end - SUPER)
        layer.paste(colour, (0, y, end, y + SUPER), Image.new("L", (end, SUPER), alpha))


def draw_axes(draw: ImageDraw.ImageDraw, frame: Frame, gutter: int) -> None:
    """The grid's labels in inches, on all four sides of the frame (`gutter` px wide)."""
    left, top, right, bottom = frame.box
    for i, labelled in marks(frame.x0, frame.side, frame.scale):
        if not labelled:
            continue
        x = round(frame.canvas(i, 0)[0])
        for y0, y1 in ((top - gutter, top - 2), (bottom + 2, bottom + gutter)):
            cv.text(draw, (x - 24, y0, x + 24, y1), str(i), GRID, colour=cv.MUTED, align="centre")
    for j, labelled in marks(frame.y0, frame.side, frame.scale):
        if not labelled:
            continue
        y = round(frame.canvas(0, j)[1])
        box_h = GRID + 6
        cv.text(
            draw,
            (left - gutter, y - box_h // 2, left - 5, y + box_h - box_h // 2),
            str(j),
            GRID,
            colour=cv.MUTED,
            align="right",
        )
        cv.text(
            draw,
            (right + 5, y - box_h // 2, right + gutter, y + box_h - box_h // 2),
            str(j),
            GRID,
            colour=cv.MUTED,
            align="left",
        )
