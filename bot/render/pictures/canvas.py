"""What every picture draws with: the shipped fonts, the palette, fitted text, guild symbols and
PNG encoding.

Text is drawn in DejaVu Sans. It has no Chinese, Japanese, Korean or emoji glyphs, so a line is
cut into runs by the font that has each character: DejaVu Sans first, then the Noto fallbacks
(`FALLBACKS`), and each run is drawn in its font on the same baseline. A name like 田中, 한국
or 🐉 is drawn in its own letters, not as boxes. A line DejaVu covers whole (almost every line)
is drawn in one call, as before.

All text goes through `text` (one line) or `paragraph` (wrapped lines, each drawn by `text`): the
text is shrunk down to a minimum size and then shortened with an ellipsis until it fits its box,
so nothing is ever cut mid-glyph or drawn outside its box. Inside `recording()` every call logs
what it was asked to draw, what it drew, the box it had and the box the drawn text takes, which is
how the tests check for overflow and for secrets.

Fonts, symbol sprites and other static drawings are cached for the life of the process; so are,
within budgets of bytes (`caches.py`), FreeType's renderings of text runs, parts drawn the same
wherever they appear (`tile`: cards) and whole pictures by a digest of their input (`picture`).
Whatever comes from a cache is the same pixels as drawn afresh (tests/pictures/test_caches.py).
"""

from __future__ import annotations

import hashlib
import struct
import unicodedata
import zlib
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Literal, ParamSpec, Protocol, TypeVar

import msgspec
from isal import isal_zlib
from PIL import Image, ImageDraw, ImageFont

from bot.render.pictures.caches import SizedCache

FONT_DIR = Path(__file__).with_name("fonts")
REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
# Tried in order for a character DejaVu Sans lacks (one weight each: bold text falls back to
# their regular weight). fonts/LICENSE-Noto.txt says where they come from.
FALLBACKS = ("NotoSansCJK-Subset.otf", "NotoEmoji-Regular.ttf")

Colour = tuple[int, int, int]
Box = tuple[int, int, int, int]  # left, top, right, bottom (right and bottom excluded)

# Okabe–Ito, the colour-blind-safe palette the guild colours come from. Colour is never the only
# cue: every coloured thing also has a word, a number or a shape next to it.
ORANGE: Colour = (230, 159, 0)
SKY: Colour = (86, 180, 233)
GREEN: Colour = (0, 158, 115)
YELLOW: Colour = (240, 228, 66)
BLUE: Colour = (0, 114, 178)
VERMILION: Colour = (213, 94, 0)
PURPLE: Colour = (204, 121, 167)

INK: Colour = (33, 30, 27)
MUTED: Colour = (92, 86, 78)
FAINT: Colour = (150, 143, 132)
PAPER: Colour = (246, 242, 233)
CARD: Colour = (255, 255, 255)
LINE: Colour = (196, 188, 174)
SHADE: Colour = (232, 226, 214)
WHITE: Colour = (255, 255, 255)

LEVEL_COLOURS: dict[str, Colour] = {"common": SKY, "heroic": ORANGE, "legendary": PURPLE}

WIDTH = 1080  # every picture: Discord shows it ~400–550 px wide on a phone
MARGIN = 28

# Text sizes in pixels at WIDTH; nothing smaller than SMALL, so it stays legible on a phone.
SMALL = 21
BODY = 24
LARGE = 28
TITLE = 36


def rgb(hex_colour: str) -> Colour:
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def tint(colour: Colour, amount: float, base: Colour = WHITE) -> Colour:
    """`colour` mixed into `base`: amount 0 is `base`, 1 is `colour`."""
    r, g, b = (round(b + (c - b) * amount) for c, b in zip(colour, base, strict=True))
    return (r, g, b)


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped DejaVu Sans at `size` px. BASIC layout: fast and the same on every machine."""
    path = FONT_DIR / (BOLD if bold else REGULAR)
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


# --- fallback fonts -----------------------------------------------------------------------------

PRIMARY = 0  # a run's face: 0 is DejaVu Sans, n is FALLBACKS[n - 1]


@cache
def covered(name: str) -> frozenset[int]:
    """The code points the shipped font file `name` has a glyph for (its cmap)."""
    from fontTools.ttLib import TTFont  # only when a line needs a fallback

    with TTFont(FONT_DIR / name, lazy=True) as f:
        return frozenset(f.getBestCmap())


@cache
def _face_font(face: int, size: int, bold: bool) -> ImageFont.FreeTypeFont:
    if face == PRIMARY:
        return font(size, bold)
    path = FONT_DIR / FALLBACKS[face - 1]
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


def _joins(ch: str) -> bool:
    """A character drawn with the one before it, whatever font has it: combining marks,
    variation selectors (🐉 + U+FE0F), the zero-width joiner, skin-tone modifiers."""
    cp = ord(ch)
    return (
        unicodedata.combining(ch) != 0
        or 0xFE00 <= cp <= 0xFE0F
        or cp == 0x200D
        or 0x1F3FB <= cp <= 0x1F3FF
    )


def runs(s: str, bold: bool = False) -> tuple[tuple[str, int], ...]:
    """`s` cut into (text, face) runs: each character in the first shipped font that has it
    (DejaVu Sans if none does)."""
    if s.isascii():
        # Not kept: making this one run costs less than looking it up, and most lines are
        # ASCII (kept, they were 1.6 MB of the worker's text caches after 100 games).
        return ((s, PRIMARY),)
    return _mixed_runs(s, bold)


@lru_cache(maxsize=2048)
def _mixed_runs(s: str, bold: bool) -> tuple[tuple[str, int], ...]:
    """`runs` of a line with characters beyond ASCII, looked up in each font's coverage."""
    primary = covered(BOLD if bold else REGULAR)
    out: list[list[Any]] = []
    for ch in s:
        cp = ord(ch)
        if out and _joins(ch):
            face = out[-1][1]
        elif cp in primary:
            face = PRIMARY
        else:
            face = next((n for n, name in enumerate(FALLBACKS, 1) if cp in covered(name)), PRIMARY)
        if out and out[-1][1] == face:
            out[-1][0] += ch
        else:
            out.append([ch, face])
    return tuple((part, face) for part, face in out)


def missing(s: str, bold: bool = False) -> list[str]:
    """The characters of `s` that no shipped font has (drawn as boxes), joiners aside."""
    primary = covered(BOLD if bold else REGULAR)
    fallbacks = [covered(name) for name in FALLBACKS]
    return [
        ch
        for ch in s
        if not _joins(ch)
        and ord(ch) not in primary
        and not any(ord(ch) in f for f in fallbacks)
        and ch.isprintable()
    ]


# The text caches' sizes (here, _extent and fit): with 2,000 games' first rounds, each with its
# players' names, 2,048 lines hit nearly as often as 8,192 (_extent 97.3 against 97.6% of its
# calls, the same CPU) and the three hold 1.9 MB against 7.5 MB full (bench/text_caches.py).
@lru_cache(maxsize=2048)
def _placed(s: str, size: int, bold: bool) -> tuple[tuple[str, int, int], ...]:
    """Each run of `s` with its face and its x offset from the line's start."""
    placed = []
    x = 0.0
    for part, face in runs(s, bold):
        placed.append((part, face, round(x)))
        x += _face_font(face, size, bold).getlength(part)
    return tuple(placed)


# FreeType's rendering of a run of text (the mask `ImageDraw.text` makes, and where it goes) by
# (text, face, size, bold, font mode). Rendering the glyphs was 60% of drawing a guild sheet,
# and most runs recur: labels, numbers, card names and rules text, in every game of a pack. 8 MB
# kept about a thousand runs, the texts of some 30 games' boards, reveals and sheets; 4 MB half
# of that, for the worker's memory (see _TILES).
_MASKS: SizedCache[tuple[Any, tuple[int, int]]] = SizedCache(4 << 20)


def _draw_run(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    part: str,
    face: int,
    size: int,
    bold: bool,
    ink: int,
) -> None:
    """Draw one run with its baseline's start at `xy`, as `draw.text(xy, part, anchor="ls")` in
    its font does, from the cache of masks. `ink` is the colour as the image stores it."""
    key = (part, face, size, bold, draw.fontmode)
    found = _MASKS.get(key)
    if found is None:
        # What ImageDraw.text asks of the font for one line at whole-pixel coordinates.
        found = _face_font(face, size, bold).getmask2(
            part, draw.fontmode, anchor="ls", start=(0, 0)
        )
        mask = found[0]
        # A byte a pixel, and about 5 kB of Pillow's besides (measured: 934 runs, 8 MB).
        _MASKS.put(key, found, mask.size[0] * mask.size[1] + 5000)
    mask, (dx, dy) = found
    draw.draw.draw_bitmap((xy[0] + dx, xy[1] + dy), mask, ink)


# --- fitted text -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawn:
    """One call of `text`, as recorded: `ink` is the box the drawn line takes (its advance, ascent
    and descent, and every glyph's ink), None when nothing could be drawn."""

    text: str  # what the picture asked for
    shown: str  # what was drawn: `text`, or a prefix of it ending with an ellipsis, or ""
    box: Box  # the box it had
    ink: Box | None
    size: int

    @property
    def overflows(self) -> bool:
        if self.ink is None:
            return False
        left, top, right, bottom = self.ink
        bl, bt, br, bb = self.box
        return left < bl or top < bt or right > br or bottom > bb

    @property
    def shortened(self) -> bool:
        return self.shown != self.text


_recording: ContextVar[list[Drawn] | None] = ContextVar("pictures_recording", default=None)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Record every text drawn inside the block (in this context) into the list it yields."""
    log: list[Drawn] = []
    token = _recording.set(log)
    try:
        yield log
    finally:
        _recording.reset(token)


P = ParamSpec("P")
R = TypeVar("R")


def static(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Cache a drawing of static parts (keyed by its arguments, which must be hashable). While
    `recording()` is on, the drawing is made afresh so that its texts are recorded too. Cached
    images are shared: callers paste them or copy them, never draw on them."""

    def wrap(fn: Callable[P, R]) -> Callable[P, R]:
        cached = lru_cache(maxsize=maxsize)(fn)

        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            if _recording.get() is not None:
                return fn(*args, **kwargs)
            return cached(*args, **kwargs)

        call.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        call.__doc__ = fn.__doc__
        return call

    return wrap


# Parts drawn the same wherever they are (`tile`), by what they show and their size: a card is
# 100–300 kB of pixels. Drawing the guild sheets of 40 games a second time took 3.2 ms a sheet
# with no parts kept, 2.6 with 16 MB, 1.6 with 32 and 1.4 with 64; a board 3.7, 3.4, 2.8 and 1.8
# (bench/pictures_speed.py, on a busy machine). The picture worker's memory counts against the
# bot's: 8. With 8 here and 8 for _MASKS the worker's peak at 2,000 games was 98 MB against 105,
# its CPU 39.7 s against 37.6; with 4 for _MASKS too, 92 MB and 42.2 s (bench/memory_probe.py
# --games 2000, quiet machine): the bot and its worker within 300 MB, the aim of issue 26.
_TILES: SizedCache[Image.Image] = SizedCache(8 << 20)

Paint = Callable[[Image.Image, ImageDraw.ImageDraw, Box], None]


def tile(
    img: Image.Image, box: Box, key: Hashable, paint: Paint, background: Colour = PAPER
) -> None:
    """Draw `paint(img, draw, box)` into `box` of `img`, where the picture is plain `background`:
    drawn once into a picture of its own and pasted from then on. `key` must name all that
    `paint` draws but the box's size (its texts and colours, say), and `paint` must draw within
    the box, its right and bottom edges included (as Pillow's rectangles do). Pasting is a copy;
    drawing a card was its frame, its text runs and their blending. While `recording()` is on,
    `paint` draws on `img` itself, so that its texts are recorded."""
    x0, y0, x1, y1 = box
    if _recording.get() is not None:
        paint(img, ImageDraw.Draw(img), box)
        return
    size = (x1 - x0 + 1, y1 - y0 + 1)
    full = (key, size, background)
    part = _TILES.get(full)
    if part is None:
        part = Image.new("RGB", size, background)
        paint(part, ImageDraw.Draw(part), (0, 0, x1 - x0, y1 - y0))
        _TILES.put(full, part, size[0] * size[1] * 4)  # Pillow keeps RGB in 4 bytes a pixel
    img.paste(part, (x0, y0))


ELLIPSIS = "…"
_TRIM = " ,;:·-–—/"


@lru_cache(maxsize=2048)
def _extent(s: str, size: int, bold: bool) -> tuple[int, int]:
    """(left, right) of a line drawn from x = 0: the advance and every glyph's ink."""
    if not s:
        return (0, 0)
    parts = runs(s, bold)
    if len(parts) == 1 and parts[0][1] == PRIMARY:
        f = font(size, bold)
        left, _top, right, _bottom = f.getbbox(s, anchor="ls")
        return (min(0, left), max(right, round(f.getlength(s))))
    lo, hi = 0, 0
    for part, face, x in _placed(s, size, bold):
        f = _face_font(face, size, bold)
        left, _top, right, _bottom = f.getbbox(part, anchor="ls")
        lo, hi = min(lo, x + left), max(hi, x + right, x + round(f.getlength(part)))
    return (lo, hi)


def _width(s: str, size: int, bold: bool) -> int:
    left, right = _extent(s, size, bold)
    return right - left


@cache
def _metrics(size: int, bold: bool) -> tuple[int, int]:
    """(ascent, descent) of DejaVu Sans at `size` px."""
    return font(size, bold).getmetrics()


def _line_height(size: int, bold: bool) -> int:
    ascent, descent = _metrics(size, bold)
    return ascent + descent


def _cut_points(s: str) -> list[int]:
    """Where `s` may be cut: never between a character and a combining mark after it."""
    return [i for i in range(len(s) + 1) if i == len(s) or not unicodedata.combining(s[i])]


@lru_cache(maxsize=2048)
def fit(s: str, width: int, height: int, size: int, bold: bool, min_size: int) -> tuple[str, int]:
    """The line to draw for `s` in a width×height box and its size: `s` at the largest size from
    `size` down to `min_size` at which it fits, else `s` shortened with an ellipsis at `min_size`,
    else "" when not even the ellipsis fits."""
    min_size = min(min_size, size)
    for px in range(size, min_size - 1, -1):
        if _line_height(px, bold) <= height and _width(s, px, bold) <= width:
            return s, px
    px = min_size
    if _line_height(px, bold) > height:
        return "", px
    cuts = _cut_points(s)
    lo, hi = 0, len(cuts) - 1  # find the longest prefix that fits with the ellipsis
    best = ""
    while lo <= hi:
        mid = (lo + hi) // 2
        candidate = s[: cuts[mid]].rstrip(_TRIM) + ELLIPSIS
        if _width(candidate, px, bold) <= width:
            best = candidate
            lo = mid + 1
        else:
            hi = mid - 1
    return best, px


Align = Literal["left", "centre", "right"]
VAlign = Literal["top", "middle", "bottom"]


def text(
    draw: ImageDraw.ImageDraw,
    box: Box,
    s: str,
    size: int = BODY,
    *,
    bold: bool = False,
    colour: Colour = INK,
    align: Align = "left",
    valign: VAlign = "middle",
    min_size: int | None = None,
) -> int:
    """Draw `s` on one line inside `box`, fitted (see `fit`). Returns the drawn width."""
    x0, y0, x1, y1 = box
    shown, px = fit(s, x1 - x0, y1 - y0, size, bold, size if min_size is None else min_size)
    log = _recording.get()
    if not shown:
        if log is not None:
            log.append(Drawn(s, "", box, None, px))
        return 0
    ascent, descent = _metrics(px, bold)
    left, right = _extent(shown, px, bold)
    width = right - left
    if align == "left":
        x = x0 - left
    elif align == "right":
        x = x1 - right
    else:
        x = x0 + (x1 - x0 - width) // 2 - left
    if valign == "top":
        baseline = y0 + ascent
    elif valign == "bottom":
        baseline = y1 - descent
    else:
        baseline = y0 + (y1 - y0 - ascent - descent) // 2 + ascent
    placed = _placed(shown, px, bold)
    pen = draw._getink(colour)[0]
    for part, face, offset in placed:
        _draw_run(draw, (x + offset, baseline), part, face, px, bold, pen)
    if log is not None:
        boxes = [
            draw.textbbox(
                (x + offset, baseline), part, font=_face_font(face, px, bold), anchor="ls"
            )
            for part, face, offset in placed
        ]
        il, it = min(b[0] for b in boxes), min(b[1] for b in boxes)
        ir, ib = max(b[2] for b in boxes), max(b[3] for b in boxes)
        ink = (
            min(il, x + left),
            min(it, baseline - ascent),
            max(ir, x + right),
            max(ib, baseline + descent),
        )
        log.append(Drawn(s, shown, box, ink, px))
    return width


@lru_cache(maxsize=4096)
def _wrap(s: str, width: int, size: int, bold: bool) -> tuple[str, ...]:
    """Greedy word wrap on spaces (a no-break space keeps "Might 3" together). A word wider than
    the line stays whole on its own line; `text` shortens it when drawn."""
    lines: list[str] = []
    for part in s.split("\n"):
        line = ""
        for word in part.split(" "):
            candidate = f"{line} {word}" if line else word
            if not line or _width(candidate, size, bold) <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def paragraph(
    draw: ImageDraw.ImageDraw,
    box: Box,
    s: str,
    size: int = SMALL,
    *,
    bold: bool = False,
    colour: Colour = INK,
    max_lines: int | None = None,
    min_size: int | None = None,
    align: Align = "left",
    gap: int = 2,
) -> int:
    """Draw `s` wrapped into `box` from the top, each line through `text`. Shrinks down to
    `min_size` if that makes it fit; otherwise the last line that fits ends with an ellipsis.
    Returns the bottom of the last line drawn (box top if nothing was)."""
    x0, y0, x1, y1 = box
    width = x1 - x0
    floor = size if min_size is None else min(min_size, size)
    px = size
    while True:
        step = _line_height(px, bold) + gap
        room = max(0, (y1 - y0 + gap) // step)
        if max_lines is not None:
            room = min(room, max_lines)
        lines = _wrap(s, width, px, bold)
        fits = len(lines) <= room and all(_width(line, px, bold) <= width for line in lines)
        if fits or px <= floor:
            break
        px -= 1
    if room == 0:
        text(draw, box, s, px, bold=bold, colour=colour, align=align)  # records it as not drawn
        return y0
    if len(lines) > room:
        kept = lines[: room - 1]
        lines = (*kept, " ".join(lines[len(kept) :]))  # `text` ends it with an ellipsis
    y = y0
    lh = _line_height(px, bold)
    for line in lines:
        text(draw, (x0, y, x1, y + lh), line, px, bold=bold, colour=colour, align=align)
        y += lh + gap
    return y - gap if lines else y0


def lines_height(count: int, size: int, bold: bool = False, gap: int = 2) -> int:
    """The height `count` lines of `paragraph` take."""
    return count * _line_height(size, bold) + max(count - 1, 0) * gap


def wrapped_lines(s: str, width: int, size: int, bold: bool = False) -> int:
    return len(_wrap(s, width, size, bold))


# --- shapes ------------------------------------------------------------------------------------

_SUPER = 4  # symbols are drawn 4× larger and scaled down, for smooth edges


def _polygon(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    if shape == "▲":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if shape == "■":
        k = r * 0.82
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "◆":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    return None


@lru_cache(maxsize=256)
def _sprite(shape: str, r: int, fill: Colour, outline: Colour, ring: int) -> Image.Image:
    """A guild symbol (● ▲ ■ ◆) of radius r as an RGBA sprite of (2r+2)², anti-aliased."""
    side = (2 * r + 2) * _SUPER
    big = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    c = side / 2
    R = r * _SUPER
    w = ring * _SUPER
    poly = _polygon(shape, c, c, R)
    if poly is None:
        d.ellipse((c - R, c - R, c + R, c + R), fill=outline)
        inner = R - w
        d.ellipse((c - inner, c - inner, c + inner, c + inner), fill=fill)
    else:
        d.polygon(poly, fill=outline)
        inner = _polygon(shape, c, c + (w * 0.35 if shape == "▲" else 0), R - w * 1.6)
        assert inner is not None
        d.polygon(inner, fill=fill)
    return big.reduce(_SUPER)


def symbol(
    img: Image.Image,
    centre: tuple[int, int],
    r: int,
    shape: str,
    fill: Colour,
    outline: Colour = INK,
    ring: int = 2,
) -> None:
    """Paste a guild symbol centred on `centre`. Unknown symbols are drawn as circles."""
    sprite = _sprite(shape, r, fill, outline, ring)
    img.paste(sprite, (centre[0] - r - 1, centre[1] - r - 1), sprite)


def card(draw: ImageDraw.ImageDraw, box: Box, fill: Colour = CARD, outline: Colour = LINE) -> None:
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=outline, width=2)


def chip(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    s: str,
    fill: Colour,
    *,
    size: int = SMALL,
    bold: bool = True,
    colour: Colour = INK,
    max_right: int | None = None,
    pad: int = 10,
    height: int | None = None,
) -> int:
    """A rounded label at (x, y) sized to its text (never past `max_right`). Returns its right."""
    h = height or _line_height(size, bold) + 8
    w = _width(s, size, bold) + 2 * pad
    if max_right is not None:
        w = min(w, max_right - x)
    if w <= 2 * pad:
        return x
    draw.rounded_rectangle((x, y, x + w, y + h), radius=h // 2, fill=fill)
    text(draw, (x + pad, y, x + w - pad, y + h), s, size, bold=bold, colour=colour, align="centre")
    return x + w


@lru_cache(maxsize=64)
def hatch(size: tuple[int, int], colour: Colour, base: Colour, step: int = 14) -> Image.Image:
    """A diagonally hatched card back (cached; paste it, never draw on it)."""
    w, h = size
    img = Image.new("RGB", size, base)
    d = ImageDraw.Draw(img)
    for k in range(-h, w, step):
        d.line((k, h, k + h, 0), fill=colour, width=3)
    return img


SECTION_H = 54  # a section heading with the space below it


def section(draw: ImageDraw.ImageDraw, y: int, title: str, note: str = "") -> int:
    """A section heading across the picture at `y`; returns the y below it (y + SECTION_H)."""
    h = 40
    width = text(draw, (MARGIN, y, WIDTH - MARGIN, y + h), title, LARGE, bold=True)
    if note:
        nx = MARGIN + width + 16
        text(draw, (nx, y + 3, WIDTH - MARGIN, y + h), note, BODY, colour=MUTED)
    draw.line((MARGIN, y + h + 4, WIDTH - MARGIN, y + h + 4), fill=LINE, width=2)
    return y + h + 14


# --- output ------------------------------------------------------------------------------------


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_STRIP = 64  # rows deflated at a time
# ISA-L's level 1: within 5% of the bytes of zlib's level 1 on our pictures, in a sixth of the
# time; its level 0 is no faster on them and 20% larger (bench/pictures_speed.py,
# docs/performance.md).
ISAL_LEVEL = 1


# Whole pictures, as PNG bytes, by a digest of what they show (`picture`): a picture asked for
# again unchanged (the board of a round looked up, a card, a guild sheet whose guild did not
# change) is neither drawn nor encoded again. 2 MB is a dozen pictures: the ones just sent, as
# a board looked up by the players of a round, or a card (each kept byte cost the worker about
# three of memory, the rest its heap's fragments).
_PICTURES: SizedCache[bytes] = SizedCache(2 << 20)
_CANONICAL = msgspec.msgpack.Encoder(order="deterministic")


def digest(what: object) -> bytes:
    """A digest of `what` (structs, tuples, lists, dicts, sets, strings, numbers, None) that is
    the same for equal data, whatever order its dicts and sets were built in."""
    return hashlib.blake2b(_CANONICAL.encode(what), digest_size=16).digest()


def picture(what: object, draw: Callable[[], Image.Image]) -> bytes:
    """The PNG of `draw()`, drawn and encoded only when no picture of the same `what` is kept.

    `what` is the picture's input: a name for the drawing (its module and function), then all
    the data it is drawn from, and nothing else it depends on but the code itself (the pack's
    name stands for the pack). Data it leaves out could be drawn stale; data it holds but the
    picture does not show only costs a picture drawn again. The encoder is part of the key, so
    that a benchmark or a test that swaps `png` never gets the bytes of another encoder."""
    key = (png, digest(what))
    found = _PICTURES.get(key)
    if found is None:
        found = png(draw())
        _PICTURES.put(key, found, len(found))
    return found


def clear_caches() -> None:
    """Forget every picture, part and glyph run kept (the benchmarks time drawing afresh)."""
    for kept in (_PICTURES, _TILES, _MASKS):
        kept.clear()


class Deflater(Protocol):
    """A zlib-format compressor object, as `zlib.compressobj()` makes."""

    def compress(self, data: bytes | bytearray | memoryview, /) -> bytes: ...

    def flush(self, /) -> bytes: ...


def png(img: Image.Image) -> bytes:
    """PNG bytes of an RGB picture, lossless: rows unfiltered, deflated by ISA-L at level 1
    (`encode_png`)."""
    return encode_png(img, isal_zlib.compressobj(ISAL_LEVEL))


def encode_png(img: Image.Image, deflater: Deflater) -> bytes:
    """PNG bytes of an RGB picture, its rows unfiltered and compressed by `deflater`.

    Pillow's encoder tries every PNG row filter on every row, which was two thirds of a
    picture's time even at level 1; our pictures are flat colour and text, which deflate as
    small without filters (bench/pictures_speed.py). Pillow's raw encoder packs the rows a strip
    at a time, each followed by a zero byte (its padding to a stride of one byte more than the
    row): after one leading zero, that is the PNG's stream of rows, each after its filter byte
    0, but for the last row's padding, which is left out. No copy of the whole picture is made
    besides the picture itself, and no row is copied in Python (cropping each strip and copying
    its rows one by one into place was 40% of encoding a board: docs/performance.md, S5)."""
    if img.mode != "RGB":
        raise ValueError(f"pictures are RGB, not {img.mode}")
    width, height = img.size
    row = width * 3 + 1  # the filter byte and the row's pixels
    packer = Image._getencoder("RGB", "raw", ("RGB", row, 1))
    packer.setimage(img.im, (0, 0, width, height))
    parts = [deflater.compress(b"\x00")]  # the first row's filter byte
    strip = b""  # packed, not yet deflated: the last one loses its last byte
    done = 0
    while not done:
        _size, done, packed = packer.encode(row * PNG_STRIP)
        if done < 0:
            raise ValueError(f"Pillow could not pack the picture's rows (error {done})")
        if packed:
            if strip:
                parts.append(deflater.compress(strip))
            strip = packed
    parts.append(deflater.compress(memoryview(strip)[:-1]))  # the last row needs no padding
    parts.append(deflater.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, not interlaced
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", b"".join(parts)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
