"""The standings: each player in ranking order with the categories it leads (coloured tiles, a
crown when it leads alone, "=" when it shares the lead) and those it does not (faint tiles), its
points in each, and its total. Before the end, players are in the order of the ranking's first
keys: categories led, then points."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import (
    BODY,
    LARGE,
    MARGIN,
    MUTED,
    PAPER,
    SHADE,
    SMALL,
    TITLE,
    WIDTH,
    text,
)
from games.town.pictures.style import crown, tile
from games.town.rules.views import PublicView

HEADER_H = 70
ROW_H = 140
PLACE_W = 64
TILE_W = 60
TILE_H = 64
TILE_GAP = 8
GAP = 10


def standings(view: PublicView, names: Sequence[str]) -> bytes:
    """The standings as a PNG (from the public view)."""
    shown = tuple(names)
    return cv.picture(("town.standings", view, shown), lambda: draw_standings(view, shown))


def ranked(view: PublicView) -> list[int]:
    """The seats, best first: the final ranking once over, else by categories led and points."""
    if view.ranking:
        return [r.seat for r in view.ranking]
    return sorted(view.order, key=lambda s: (-len(view.seats[s].won), -view.seats[s].total))


def draw_standings(view: PublicView, names: tuple[str, ...]) -> Image.Image:
    """The standings as an image."""
    seats = ranked(view)
    height = HEADER_H + len(seats) * (ROW_H + GAP) + MARGIN
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    title = "Final standings" if view.over else f"Standings after turn {view.turn}"
    text(draw, (MARGIN, 14, WIDTH - MARGIN, 14 + 46), f"Founders' Town — {title}", TITLE, bold=True)
    y = HEADER_H
    for place, seat in enumerate(seats, start=1):
        _row(draw, view, names, place, seat, y)
        y += ROW_H + GAP
    return img


def _row(
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    names: tuple[str, ...],
    place: int,
    seat: int,
    y: int,
) -> None:
    s = view.seats[seat]
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H), radius=12, fill=SHADE)
    text(draw, (MARGIN + 8, y + 6, MARGIN + PLACE_W, y + 52), f"{place}.", TITLE, bold=True)
    alone = sum(1 for c in view.categories if c.leaders == (seat,))
    summary = f"leads {len(s.won)} ({alone} alone) · {s.total} points · {s.cards_built} cards"
    sw = round(cv.font(BODY).getlength(summary)) + 8
    x = MARGIN + PLACE_W
    text(
        draw,
        (x, y + 6, WIDTH - MARGIN - sw - 20, y + 52),
        names[seat],
        LARGE,
        bold=True,
        min_size=SMALL,
    )
    text(
        draw,
        (WIDTH - MARGIN - sw - 12, y + 6, WIDTH - MARGIN - 12, y + 52),
        summary,
        BODY,
        colour=MUTED,
        align="right",
    )
    ty = y + 60
    for i, cat in enumerate(view.categories):
        tx = x + i * (TILE_W + TILE_GAP)
        box = (tx, ty, tx + TILE_W, ty + TILE_H)
        lead = seat in cat.leaders
        shared = lead and len(cat.leaders) > 1
        score = f"={cat.scores[seat]}" if shared else str(cat.scores[seat])
        tile(draw, box, cat.category, (cat.category, score), faint=not lead)
        if lead and not shared:
            crown(draw, (tx + TILE_W - 20, ty + 5, tx + TILE_W - 5, ty + 16))
