"""Every town: a table of points per category with a crown on each leader, then each player's
town grouped by category (a two-category card is in both groups), its cards as chips marked
★ (bonus earned) or ☆ (bonus not yet earned)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import (
    BODY,
    INK,
    LARGE,
    LINE,
    MARGIN,
    MUTED,
    PAPER,
    SECTION_H,
    SHADE,
    SMALL,
    TITLE,
    WIDTH,
    text,
)
from games.town.pictures.style import crown, fill, tile
from games.town.rules.cards import CATEGORIES
from games.town.rules.views import BuiltCard, CategoryGroup, PublicView

INNER = WIDTH - 2 * MARGIN
HEADER_H = 64
LEGEND_H = 34
NAME_W = 224
CELL_W = 62
WON_W = 80
PTS_W = INNER - NAME_W - CELL_W * len(CATEGORIES) - WON_W
ROW_H = 44
PANEL_HEAD_H = 50
TILE_W = 92
CHIP_H = 38
CHIP_GAP = 6
CHIP_PAD = 10
CHIP_SIZE = 22
FLOW_X = MARGIN + TILE_W + 12
FLOW_W = WIDTH - MARGIN - FLOW_X
GAP = 16
EARNED, UNEARNED = "★", "☆"


def towns(view: PublicView, names: Sequence[str]) -> bytes:
    """Every town as a PNG (from the public view)."""
    shown = tuple(names)
    return cv.picture(("town.towns", view, shown), lambda: draw_towns(view, shown))


def chip_label(card: BuiltCard) -> str:
    """A built card's chip: "Trade Route TT ★"."""
    mark = "" if card.bonus_card is None else f" {EARNED if card.bonus_active else UNEARNED}"
    return f"{card.name} {card.resources}{mark}"


def _chip_width(label: str) -> int:
    # The ink of some glyphs reaches past their advance: measure both, as `canvas.fit` does,
    # so that the label fits its chip without being shortened.
    font = cv.font(CHIP_SIZE)
    left, _, right, _ = font.getbbox(label, anchor="ls")
    width = max(right, math.ceil(font.getlength(label))) - min(0, left)
    return min(FLOW_W, width + 2 * CHIP_PAD)


def flow(labels: Sequence[str]) -> list[list[tuple[str, int]]]:
    """The chips of a group in rows that fit the width: (label, width) each."""
    rows: list[list[tuple[str, int]]] = [[]]
    x = 0
    for label in labels:
        width = _chip_width(label)
        if rows[-1] and x + width > FLOW_W:
            rows.append([])
            x = 0
        rows[-1].append((label, width))
        x += width + CHIP_GAP
    return rows


def _group_height(group: CategoryGroup) -> int:
    rows = max(1, len(flow([chip_label(c) for c in group.cards])))
    return max(ROW_H + 14, rows * (CHIP_H + CHIP_GAP) - CHIP_GAP)


def _panel_height(view: PublicView, seat: int) -> int:
    groups = view.seats[seat].town
    body = sum(_group_height(g) + 8 for g in groups) if groups else ROW_H
    return PANEL_HEAD_H + 10 + body + GAP


def draw_towns(view: PublicView, names: tuple[str, ...]) -> Image.Image:
    """Every town as an image."""
    table_h = SECTION_H + ROW_H * (1 + view.players)
    height = (
        HEADER_H
        + LEGEND_H
        + table_h
        + GAP
        + SECTION_H
        + sum(_panel_height(view, s) for s in view.order)
        + MARGIN
    )
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    y = 14
    when = "the end" if view.over else f"turn {view.turn}, round {view.round}"
    text(
        draw,
        (MARGIN, y, WIDTH - MARGIN - 300, y + 44),
        f"Founders' Town — {when}",
        TITLE,
        bold=True,
    )
    text(
        draw,
        (WIDTH - MARGIN - 300, y, WIDTH - MARGIN, y + 44),
        f"Deck {view.deck} · discards {view.discard_pile}",
        BODY,
        colour=MUTED,
        align="right",
    )
    y += HEADER_H
    text(
        draw,
        (MARGIN, y, WIDTH - MARGIN, y + LEGEND_H - 6),
        f"{EARNED} bonus earned   {UNEARNED} bonus not yet earned   crown: leads the category",
        SMALL,
        colour=MUTED,
    )
    y += LEGEND_H
    y = cv.section(draw, y, "Points per category")
    y = _score_table(draw, view, names, y)
    y += GAP
    y = cv.section(draw, y, "The towns")
    for seat in view.order:
        y = _panel(draw, view, names, seat, y)
    return img


def _score_table(
    draw: ImageDraw.ImageDraw, view: PublicView, names: tuple[str, ...], y: int
) -> int:
    x = MARGIN + NAME_W
    text(draw, (MARGIN, y, x - 8, y + ROW_H), "Player", BODY, bold=True, colour=MUTED)
    for i, c in enumerate(CATEGORIES):
        cx = x + i * CELL_W
        tile(draw, (cx + 4, y + 3, cx + CELL_W - 4, y + ROW_H - 3), c, (c,))
    won_x = x + CELL_W * len(CATEGORIES)
    text(draw, (won_x, y, won_x + WON_W, y + ROW_H), "Leads", SMALL, bold=True, align="centre")
    text(
        draw,
        (won_x + WON_W, y, WIDTH - MARGIN, y + ROW_H),
        "Points",
        SMALL,
        bold=True,
        align="centre",
    )
    y += ROW_H
    for row, seat in enumerate(view.order):
        s = view.seats[seat]
        if row % 2 == 0:
            draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H), fill=SHADE)
        text(draw, (MARGIN + 8, y, x - 8, y + ROW_H), names[seat], BODY, min_size=SMALL)
        for i, cat in enumerate(view.categories):
            cx = x + i * CELL_W
            box = (cx + 4, y + 3, cx + CELL_W - 4, y + ROW_H - 3)
            lead = seat in cat.leaders
            if lead:
                draw.rounded_rectangle(box, radius=6, fill=cv.tint(fill(cat.category), 0.45))
                crown(draw, (box[0] + 3, box[1] + 3, box[0] + 19, box[1] + 15))
            text(
                draw,
                (box[0] + (14 if lead else 0), box[1], box[2], box[3]),
                str(cat.scores[seat]),
                BODY,
                bold=lead,
                colour=INK if lead or cat.scores[seat] else MUTED,
                align="centre",
            )
        text(
            draw,
            (won_x, y, won_x + WON_W, y + ROW_H),
            str(len(s.won)),
            BODY,
            bold=True,
            align="centre",
        )
        text(
            draw, (won_x + WON_W, y, WIDTH - MARGIN, y + ROW_H), str(s.total), BODY, align="centre"
        )
        y += ROW_H
    return y


def _panel(
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    names: tuple[str, ...],
    seat: int,
    y: int,
) -> int:
    s = view.seats[seat]
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + PANEL_HEAD_H), radius=10, fill=SHADE)
    summary = f"{s.total} points · {s.cards_built} cards · leads {len(s.won)}"
    width = round(cv.font(BODY).getlength(summary)) + 16
    text(
        draw,
        (MARGIN + 14, y, WIDTH - MARGIN - width - 14, y + PANEL_HEAD_H),
        names[seat],
        LARGE,
        bold=True,
        min_size=SMALL,
    )
    text(
        draw,
        (WIDTH - MARGIN - width - 14, y, WIDTH - MARGIN - 14, y + PANEL_HEAD_H),
        summary,
        BODY,
        colour=MUTED,
        align="right",
    )
    y += PANEL_HEAD_H + 10
    if not s.town:
        text(
            draw,
            (MARGIN + 14, y, WIDTH - MARGIN, y + ROW_H),
            "Nothing built yet.",
            BODY,
            colour=MUTED,
        )
        return y + ROW_H + GAP
    for group in s.town:
        h = _group_height(group)
        lead = group.category in s.won
        tile(
            draw,
            (MARGIN, y, MARGIN + TILE_W, y + h),
            group.category,
            (group.category, f"{group.points} pt" + ("" if group.points == 1 else "s")),
        )
        if lead:
            crown(draw, (MARGIN + TILE_W - 26, y + 4, MARGIN + TILE_W - 6, y + 18))
        cy = y
        for row in flow([chip_label(c) for c in group.cards]):
            cx = FLOW_X
            for label, w in row:
                box = (cx, cy, cx + w, cy + CHIP_H)
                draw.rounded_rectangle(
                    box,
                    radius=CHIP_H // 2,
                    fill=cv.tint(fill(group.category), 0.3),
                    outline=LINE,
                    width=2,
                )
                text(
                    draw,
                    (cx + CHIP_PAD, cy, cx + w - CHIP_PAD, cy + CHIP_H),
                    label,
                    CHIP_SIZE,
                    colour=INK,
                    min_size=SMALL,
                )
                cx += w + CHIP_GAP
            cy += CHIP_H + CHIP_GAP
        y += h + 8
    return y + GAP
