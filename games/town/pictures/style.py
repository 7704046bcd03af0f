"""What both pictures share: the category colours, category tiles and the leader's crown."""

from __future__ import annotations

from PIL import ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import INK, WHITE, Box, Colour

# Paul Tol's "muted" scheme (distinct under the common colour-blindnesses), one per category in
# the rulebook's order, with the ink that reads on it.
CATEGORY_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "F": ((221, 204, 119), INK),  # sand
    "T": ((136, 204, 238), INK),  # cyan
    "C": ((153, 153, 51), INK),  # olive
    "R": ((170, 68, 153), WHITE),  # purple
    "G": ((51, 34, 136), WHITE),  # indigo
    "M": ((136, 34, 85), WHITE),  # wine
    "P": ((68, 170, 153), INK),  # teal
    "A": ((204, 102, 119), INK),  # rose
    "L": ((17, 119, 51), WHITE),  # green
    "I": ((221, 221, 221), INK),  # pale grey
}
GOLD: Colour = (240, 190, 40)


def fill(category: str) -> Colour:
    """The category's colour."""
    return CATEGORY_COLOURS[category][0]


def ink(category: str) -> Colour:
    """The colour of text on the category's colour."""
    return CATEGORY_COLOURS[category][1]


def crown(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A small crown filling `box`: a band with three points, gold with an ink outline."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    band = y0 + h * 0.55
    points = [
        (x0, y1),
        (x0, y0 + h * 0.15),
        (x0 + w * 0.27, band),
        (x0 + w * 0.5, y0),
        (x0 + w * 0.73, band),
        (x1, y0 + h * 0.15),
        (x1, y1),
    ]
    draw.polygon(points, fill=GOLD, outline=INK, width=2)


def tile(
    draw: ImageDraw.ImageDraw,
    box: Box,
    category: str,
    lines: tuple[str, ...],
    *,
    faint: bool = False,
) -> None:
    """A category tile: its colour and its lines of text (the letter first), or only an outline
    and muted text for a category the player does not lead (`faint`)."""
    x0, y0, x1, y1 = box
    if faint:
        draw.rounded_rectangle(
            box, radius=8, fill=cv.tint(fill(category), 0.15), outline=cv.LINE, width=2
        )
        colour = cv.MUTED
    else:
        draw.rounded_rectangle(box, radius=8, fill=fill(category), outline=INK, width=1)
        colour = ink(category)
    step = (y1 - y0) // len(lines)
    for i, s in enumerate(lines):
        cv.text(
            draw,
            (x0 + 3, y0 + i * step, x1 - 3, y0 + (i + 1) * step),
            s,
            cv.SMALL if i else cv.BODY,
            bold=i == 0,
            colour=colour,
            align="centre",
        )
