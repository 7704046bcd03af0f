"""What every pitch picture shares: the scales, the sides' colours and marks, the terrain's fills
and patterns, and the sizes of text.

The two sides are told apart by more than colour: side 0 is blue (Okabe–Ito) with a plain dark
rim and square-cornered labels; side 1 is orange with a white ring inside its rim and rounded
labels; their melee rings are dashed (side 0) and dotted (side 1). Blue and orange stay apart for
every common colour blindness and in greyscale (one dark, one light). Terrain kinds each have a
pattern besides their fill, and a word in the legend.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import INK, WHITE, Colour
from games.guild_ball.pitch import TerrainKind

# Pixels to the inch: the whole 2'×2' and 3'×3' pitches, and a zoom around the action.
SCALES = {24.0: 30.0, 36.0: 24.0}
ZOOM_SCALE = 60.0
# Drawn this many times larger and scaled down, for smooth circles and lines.
SUPER = 2

# Text sizes in pixels (labels on the pitch are short; the legend uses the canvas' sizes).
CHIP = 19
GRID = 18
EDGE = 18

PITCH: Colour = (226, 233, 214)
GRID_LINE: Colour = (208, 215, 196)
GRID_MAJOR: Colour = (180, 189, 166)
MARKING: Colour = (96, 104, 88)
BALL: Colour = WHITE
PATH: Colour = INK
WARNING: Colour = cv.YELLOW
BAD: Colour = (200, 30, 30)


@dataclass(frozen=True, slots=True)
class SideStyle:
    """How one side's models are drawn."""

    fill: Colour
    ink: Colour  # the label's colour on `fill`
    rim: Colour
    ring: Colour  # melee rings and the ghost's outline
    inner_ring: bool  # a white ring inside the rim (side 1)
    rounded: bool  # rounded labels (side 1)
    dash: tuple[int, int]  # melee ring: dash and gap, in degrees of arc at 1" radius
    word: str


SIDES = (
    SideStyle(cv.BLUE, WHITE, INK, (0, 78, 122), False, False, (14, 8), "blue, plain rim"),
    SideStyle(cv.ORANGE, INK, INK, (160, 96, 0), True, True, (4, 6), "orange, white ring"),
)


def ghost(side: int) -> Colour:
    """The fill of a side's ghost base (where a move would end)."""
    return cv.tint(SIDES[side].fill, 0.45)


@dataclass(frozen=True, slots=True)
class TerrainStyle:
    """How one kind of terrain is drawn: its fill, its pattern and the pattern's colour, its
    outline, and its word."""

    fill: Colour
    pattern: str  # "lines", "dots", "trees", "cross" or "" (plain)
    mark: Colour
    outline: Colour
    word: str


TERRAIN = {
    TerrainKind.FAST: TerrainStyle(
        (204, 228, 244), "lines", (60, 140, 196), (40, 118, 172), 'Fast (+2")'
    ),
    TerrainKind.ROUGH: TerrainStyle(
        (236, 216, 172), "dots", (150, 108, 52), (140, 100, 48), 'Rough (−2")'
    ),
    TerrainKind.FOREST: TerrainStyle(
        (150, 204, 176), "trees", (0, 104, 72), (0, 92, 64), "Forest (rough, cover)"
    ),
    TerrainKind.OBSTRUCTION: TerrainStyle(
        (196, 194, 190), "cross", (104, 102, 98), (70, 68, 64), "Obstruction"
    ),
    TerrainKind.BARRIER: TerrainStyle((92, 80, 70), "", (92, 80, 70), INK, "Barrier"),
}

CONDITION_WORDS = {
    "knocked_down": "KD",
    "bleed": "Bleed",
    "burning": "Burning",
    "poison": "Poison",
    "snared": "Snared",
}


def condition_word(condition: str) -> str:
    """A condition's short word for the legend."""
    return CONDITION_WORDS.get(condition, condition.replace("_", " ").capitalize())


def number(value: float) -> str:
    """A number of inches to one decimal, without a trailing ".0": 3, 2.5, 0.4."""
    return f"{value:.1f}".removesuffix(".0")


def inches(value: float) -> str:
    """A length for a label: 3", 2.5", 0.4"."""
    return f'{number(value)}"'
