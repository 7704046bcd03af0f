"""The final scoring: the rulebook's scoring table as a score pad (a row per line, a column per
guild in ranking order), the totals, the ranking and how a tie was broken; in a solo game, the
Reputation earned among the bands. Drawn from the public view's `result`."""

from __future__ import annotations

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
    SHADE,
    SMALL,
    TITLE,
    WIDTH,
    text,
)
from games.winterforge.pictures.style import GOLD, seat_name, token
from games.winterforge.rules.scoring import REPUTATION
from games.winterforge.rules.state import Result
from games.winterforge.rules.views import PublicView

INNER = WIDTH - 2 * MARGIN
GAP = 14
HEADER_H = 104
LABEL_W = 250
HEAD_H = 128
ROW_H = 40
NOTE_H = 36
BAND_H = 40
REASONS = {
    "royal": "A Royal Contract was completed; the game ended with that round.",
    "contracts": "The Contract deck ran out; the game ended with that round.",
    "turns": "The fifteenth turn is over.",
    "stalled": "Nobody could act any more; the game ended.",
}
LINE_NAMES = {
    "contracts": "Completed Contracts",
    "first royal": "First Royal Contract",
    "full crew": "Full Crew",
    "weapons skill": "Weapons skill",
    "armour skill": "Armour skill",
    "jewellery skill": "Jewellery skill",
    "loans repaid": "Loans repaid",
    "unpaid loans": "Unpaid Loans",
    "faith": "Faith (Shrine)",
}
PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def standings(view: PublicView, names: Sequence[str]) -> bytes:
    """The final scoring as a PNG (from the public view, once the game has ended)."""
    if view.result is None:
        raise ValueError("the final scoring is drawn once the game has ended")
    shown = tuple(names)
    return cv.picture(
        ("winterforge.standings", view, shown),
        lambda: draw_standings(view, view.result, shown),
    )


def _places(result: Result, done: Sequence[int]) -> dict[int, int]:
    """Each seat's place (0 for first): seats equal on RP and completed Contracts share it."""
    places: dict[int, int] = {}
    for i, seat in enumerate(result.ranking):
        prev = result.ranking[i - 1] if i else None
        key = (result.totals[seat], done[seat])
        if prev is not None and (result.totals[prev], done[prev]) == key:
            places[seat] = places[prev]
        else:
            places[seat] = i
    return places


def _ties(result: Result, done: Sequence[int], names: Sequence[str]) -> list[str]:
    """A sentence for each group of seats equal on RP: the tie-break orders them by completed
    Contracts ("1 Alice 7 Contracts, 2 Bob 3"), and those still equal share the place."""
    notes = []
    for total in sorted(set(result.totals), reverse=True):
        tied = [s for s in result.ranking if result.totals[s] == total]
        if len(tied) > 1:
            order = ", then ".join(f"{seat_name(names, s)} ({done[s]})" for s in tied)
            shared = len({done[s] for s in tied}) < len(tied)
            notes.append(
                f"Tied on {total} RP; most completed Contracts first: {order}"
                + ("; equal ones share the place" if shared else "")
            )
    return notes


def draw_standings(view: PublicView, result: Result, names: tuple[str, ...]) -> Image.Image:
    """The final scoring as an image."""
    done = [len(g.completed) + len(g.held) for g in view.guilds]
    labels = [label for label, _ in result.lines[0]] if result.lines else []
    ties = _ties(result, done, names)
    solo = view.players == 1
    rows = len(labels) + 2  # the lines, the total, the completed Contracts (the tie-break)
    height = HEADER_H + HEAD_H + rows * ROW_H + GAP + len(ties) * NOTE_H + MARGIN
    if solo:
        height += GAP + 60 + len(REPUTATION) * BAND_H
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    text(
        draw,
        (MARGIN, 14, WIDTH - MARGIN, 60),
        "Smiths of Winterforge — final scoring",
        TITLE,
        bold=True,
        min_size=BODY,
    )
    text(
        draw,
        (MARGIN, 62, WIDTH - MARGIN, 94),
        REASONS.get(result.reason, ""),
        BODY,
        colour=MUTED,
        min_size=SMALL,
    )
    y = HEADER_H
    seats = list(result.ranking)
    col_w = (INNER - LABEL_W) // max(1, len(seats))
    places = _places(result, done)
    for i, seat in enumerate(seats):
        x = MARGIN + LABEL_W + i * col_w
        first = seat in result.winners
        if first:
            draw.rounded_rectangle(
                (x + 2, y, x + col_w - 2, y + HEAD_H), radius=10, fill=(252, 240, 204)
            )
        place = PLACES[places[seat]] if places[seat] < len(PLACES) else str(places[seat] + 1)
        if solo:
            place = "Your score"
        text(
            draw,
            (x + 4, y + 2, x + col_w - 4, y + 36),
            place + (" ★" if first and not solo else ""),
            LARGE,
            bold=True,
            align="centre",
            colour=INK,
        )
        token(img, draw, (x + col_w // 2, y + 56), 16, view.guilds[seat].board, seat)
        # one line in a box taller than it: a paragraph's lines are boxed to the line height,
        # which the ink of some scripts (Arabic) passes by a pixel
        text(
            draw,
            (x + 6, y + 76, x + col_w - 6, y + HEAD_H - 8),
            seat_name(names, seat),
            BODY,
            bold=True,
            min_size=16,
            align="centre",
        )
    text(
        draw,
        (MARGIN, y + HEAD_H - 40, MARGIN + LABEL_W, y + HEAD_H),
        "RP per line",
        BODY,
        bold=True,
        colour=MUTED,
    )
    y += HEAD_H
    for r, label in enumerate(labels):
        top = y + r * ROW_H
        if r % 2 == 0:
            draw.rectangle(
                (MARGIN, top, WIDTH - MARGIN, top + ROW_H), fill=cv.tint(SHADE, 0.6, PAPER)
            )
        text(
            draw,
            (MARGIN + 8, top, MARGIN + LABEL_W - 8, top + ROW_H),
            LINE_NAMES.get(label, label.capitalize()),
            BODY,
            min_size=SMALL,
        )
        for i, seat in enumerate(seats):
            x = MARGIN + LABEL_W + i * col_w
            value = dict(result.lines[seat]).get(label, 0)
            text(
                draw,
                (x, top, x + col_w, top + ROW_H),
                str(value) if value else "–",
                BODY,
                colour=INK if value else MUTED,
                align="centre",
            )
    top = y + len(labels) * ROW_H
    draw.line((MARGIN, top, WIDTH - MARGIN, top), fill=INK, width=2)
    text(
        draw,
        (MARGIN + 8, top, MARGIN + LABEL_W - 8, top + ROW_H),
        "Total RP",
        LARGE,
        bold=True,
        min_size=SMALL,
    )
    for i, seat in enumerate(seats):
        x = MARGIN + LABEL_W + i * col_w
        text(
            draw,
            (x, top, x + col_w, top + ROW_H),
            str(result.totals[seat]),
            LARGE,
            bold=True,
            align="centre",
        )
    top += ROW_H
    draw.line((MARGIN, top, WIDTH - MARGIN, top), fill=LINE, width=1)
    text(
        draw,
        (MARGIN + 8, top, MARGIN + LABEL_W - 8, top + ROW_H),
        "Contracts done" if solo else "Contracts done (tie-break)",
        SMALL,
        colour=MUTED,
        min_size=14,
    )
    for i, seat in enumerate(seats):
        x = MARGIN + LABEL_W + i * col_w
        text(
            draw,
            (x, top, x + col_w, top + ROW_H),
            str(done[seat]),
            BODY,
            colour=MUTED,
            align="centre",
        )
    for i, seat in enumerate(seats):
        if seat in result.winners:
            x = MARGIN + LABEL_W + i * col_w
            box = (x + 2, HEADER_H, x + col_w - 2, top + ROW_H)
            draw.rounded_rectangle(box, radius=10, outline=GOLD, width=4)
    y = top + ROW_H + GAP
    for note in ties:
        text(draw, (MARGIN, y, WIDTH - MARGIN, y + NOTE_H), note, BODY, min_size=SMALL)
        y += NOTE_H
    if solo:
        _bands(draw, result, y + GAP)
    return img


def _bands(draw: ImageDraw.ImageDraw, result: Result, y: int) -> None:
    total = result.totals[0]
    text(
        draw,
        (MARGIN, y, WIDTH - MARGIN, y + 44),
        f"Your Reputation: {result.reputation}",
        LARGE,
        bold=True,
        min_size=SMALL,
    )
    y += 60
    uppers = [None, *(low - 1 for low, _ in REPUTATION[:-1])]
    for (low, words), high in zip(REPUTATION, uppers, strict=True):
        here = words == result.reputation
        span = f"{low}+" if high is None else f"{low}–{high}"
        if here:
            draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + BAND_H - 4), radius=8, fill=GOLD)
        text(draw, (MARGIN + 12, y, MARGIN + 160, y + BAND_H - 4), span + " RP", BODY, bold=here)
        mark = f"  ◀ you, {total} RP" if here else ""
        text(
            draw,
            (MARGIN + 170, y, WIDTH - MARGIN - 12, y + BAND_H - 4),
            words + mark,
            BODY,
            bold=here,
            min_size=SMALL,
        )
        y += BAND_H
