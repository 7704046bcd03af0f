"""Labels beside the bases: each model's short label in a chip of its side's colour, placed next
to its base where it covers the least of the other bases, markers and labels, and always inside
the frame.

A chip never sits on its own base, so the middle of every base shows its side's colour.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import INK, Box, Colour
from games.guild_ball.pictures.style import CHIP, SIDES

# Where a chip may go round its base, in the order tried when several are as good: above right,
# above left, below right, below left, above, below, right, left.
DIRECTIONS = tuple(
    (math.cos(math.radians(a)), -math.sin(math.radians(a)))
    for a in (45, 135, -45, -135, 90, -90, 0, 180)
)
PAD = 5
GAP = 2


@dataclass(frozen=True, slots=True)
class Chip:
    """A label to place: its text, its fill and ink, whether rounded, and the circle (canvas
    pixels) it belongs to."""

    text: str
    fill: Colour
    ink: Colour
    rounded: bool
    x: float
    y: float
    r: float
    size: int = CHIP


def side_chip(text: str, side: int, x: float, y: float, r: float, size: int = CHIP) -> Chip:
    """A model's label in its side's style."""
    style = SIDES[side]
    return Chip(text, style.fill, style.ink, style.rounded, x, y, r, size)


def chip_size(chip: Chip) -> tuple[int, int]:
    """The chip's width and height in pixels."""
    width = round(cv.font(chip.size, bold=True).getlength(chip.text))
    return width + 2 * PAD + 2, cv.lines_height(1, chip.size, bold=True) + 2


def _overlap(a: Box, b: Box) -> int:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0


def _circle_box(x: float, y: float, r: float) -> Box:
    return (round(x - r), round(y - r), round(x + r), round(y + r))


def place(chips: Sequence[Chip], obstacles: Sequence[Box], bounds: Box) -> list[Box]:
    """A box for each chip, in order: next to its circle, inside `bounds`, covering as little
    as may be of the obstacles (every chip's circle is one too) and of the chips placed
    before it."""
    circles = [_circle_box(c.x, c.y, c.r) for c in chips]
    taken: list[Box] = []
    out: list[Box] = []
    for n, chip in enumerate(chips):
        w, h = chip_size(chip)
        best: tuple[float, int, Box] | None = None
        for rank, (dx, dy) in enumerate(DIRECTIONS):
            reach = chip.r + GAP + abs(dx) * w / 2 + abs(dy) * h / 2
            cx, cy = chip.x + dx * reach, chip.y + dy * reach
            box = (
                round(cx - w / 2),
                round(cy - h / 2),
                round(cx - w / 2) + w,
                round(cy - h / 2) + h,
            )
            box = _inside(box, bounds)
            covered = sum(_overlap(box, o) for o in obstacles)
            covered += sum(_overlap(box, c) for i, c in enumerate(circles) if i != n)
            covered += 2 * sum(_overlap(box, t) for t in taken)
            covered += 4 * _overlap(box, circles[n])  # pushed back onto its own base by an edge
            score = covered + rank
            if best is None or score < best[0]:
                best = (score, rank, box)
        assert best is not None
        taken.append(best[2])
        out.append(best[2])
    return out


def _inside(box: Box, bounds: Box) -> Box:
    """The box moved (not shrunk) to lie inside `bounds`."""
    x0, y0, x1, y1 = box
    dx = max(bounds[0] - x0, 0) - max(x1 - bounds[2], 0)
    dy = max(bounds[1] - y0, 0) - max(y1 - bounds[3], 0)
    return (x0 + dx, y0 + dy, x1 + dx, y1 + dy)


def draw_chip(draw: ImageDraw.ImageDraw, chip: Chip, box: Box) -> None:
    """The chip in its box: square-cornered or rounded, dark outline, bold text."""
    radius = (box[3] - box[1]) // 2 if chip.rounded else 2
    draw.rounded_rectangle(box, radius=radius, fill=chip.fill, outline=INK, width=1)
    cv.text(
        draw, box, chip.text, chip.size, bold=True, colour=chip.ink, align="centre", min_size=12
    )
