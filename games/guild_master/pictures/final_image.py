"""The standings: each guild's Fame with where it came from, and a chart of Fame over the rounds.

At the end of the game these are the final standings (Fame for Gold and prestige included); drawn
earlier they are the standings so far.
"""

from __future__ import annotations

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
    SMALL,
    TITLE,
    WIDTH,
    text,
)
from games.guild_master.pictures.guilds import guild_colour, guild_name, guild_symbol
from games.guild_master.presentation.text import Names
from games.guild_master.rules.views import PublicView

BREAKDOWN = (
    ("Contracts", "contracts"),
    ("Recruits", "recruits"),
    ("Upgrades", "upgrades"),
    ("Wander", "wander"),
    ("Effects", "effects"),
    ("Gold", "gold"),
    ("Prestige", "prestige"),
)
HEAD_H = 104  # place, symbol and name (up to two lines) of each guild
ROW_H = 40
TOTAL_H = 56
LABEL_COL = 180
CHART_H = 440
LABEL_W = 290  # the guilds' labels right of the chart
AXIS_W = 56
SUPER = 2  # the chart's lines are drawn at twice the size and scaled down


def final(view: PublicView, names: Names) -> bytes:
    """The standings (final once the game has ended) as a PNG."""
    return cv.picture(
        ("guild_master.final", names.pack.name, names.players, view),
        lambda: draw_final(view, names),
    )


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def standings(pv: PublicView) -> list[tuple[int, int, int]]:
    """(place, seat, Fame) from the top; tied guilds share a place."""
    totals = {s.seat: s.fame for s in pv.scores} if pv.scores else {}
    fame = [(totals.get(g.seat, g.fame), g.seat) for g in pv.guilds]
    fame.sort(key=lambda fs: (-fs[0], fs[1]))
    out = []
    for i, (f, seat) in enumerate(fame):
        place = out[-1][0] if out and out[-1][2] == f else i + 1
        out.append((place, seat, f))
    return out


def draw_final(pv: PublicView, names: Names) -> Image.Image:
    ended = bool(pv.scores)
    rows = standings(pv)
    table_h = HEAD_H + len(BREAKDOWN) * ROW_H + TOTAL_H
    height = 12 + 56 + 44 + 10 + table_h + 24 + cv.SECTION_H + CHART_H + MARGIN
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    y = 12
    title = "Final standings" if ended else f"Standings after Round {pv.round}"
    if not ended and pv.round == 0:
        title = "Standings before Round 1"
    text(draw, (MARGIN, y, WIDTH - MARGIN, y + 52), title, TITLE, bold=True)
    y += 56
    if ended:
        winners = pv.winners or tuple(s for p, s, _f in rows if p == 1)
        who = " and ".join(guild_name(names, s) for s in winners)
        line = f"{'Winner' if len(winners) == 1 else 'Winners'}: {who} with {rows[0][2]} Fame"
    else:
        line = f"Round {pv.round} of {pv.rounds}: the game goes on"
    text(draw, (MARGIN, y, WIDTH - MARGIN, y + 36), line, BODY, colour=MUTED, min_size=SMALL)
    y += 44 + 10
    _table(img, draw, y, rows, pv, names, ended)
    y += table_h + 24
    y = cv.section(draw, y, "Fame over the rounds")
    _chart(img, draw, y, pv, names, rows, ended)
    return img


def _table(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    y: int,
    rows: list[tuple[int, int, int]],
    pv: PublicView,
    names: Names,
    ended: bool,
) -> None:
    """One column per guild, best first; one row per source of Fame, then the total."""
    n = len(rows)
    col = (WIDTH - 2 * MARGIN - LABEL_COL) // n
    bottom = y + HEAD_H + len(BREAKDOWN) * ROW_H + TOTAL_H
    guilds = {g.seat: g for g in pv.guilds}
    for i, (place, seat, fame) in enumerate(rows):
        x = MARGIN + LABEL_COL + i * col
        winner = ended and place == 1
        if winner:
            draw.rounded_rectangle(
                (x + 2, y, x + col - 2, bottom),
                radius=10,
                fill=cv.tint(cv.YELLOW, 0.35),
                outline=INK,
                width=3,
            )
        elif i % 2 == 0:
            draw.rounded_rectangle((x + 2, y, x + col - 2, bottom), radius=10, fill=cv.CARD)
        colour = guild_colour(names, seat)
        label = ordinal(place) + (" · winner" if winner else "")
        text(draw, (x + 12, y + 6, x + col - 10, y + 34), label, SMALL, bold=True, colour=MUTED)
        cv.symbol(img, (x + 26, y + 54), 14, guild_symbol(names, seat), colour)
        cv.paragraph(
            draw,
            (x + 48, y + 38, x + col - 10, y + HEAD_H - 6),
            guild_name(names, seat),
            BODY,
            bold=True,
            min_size=SMALL,
            max_lines=2,
        )
        g = guilds[seat]
        for r, (_label, field) in enumerate(BREAKDOWN):
            ry = y + HEAD_H + r * ROW_H
            v = getattr(g.fame_from, field)
            shown = str(v) if v >= 0 else f"−{-v}"
            colour = INK if v else MUTED
            text(
                draw,
                (x + 10, ry, x + col - 18, ry + ROW_H),
                shown,
                BODY,
                align="right",
                colour=colour,
            )
        ty = y + HEAD_H + len(BREAKDOWN) * ROW_H
        text(
            draw,
            (x + 10, ty, x + col - 18, ty + TOTAL_H),
            str(fame),
            TITLE,
            bold=True,
            align="right",
        )
    for r, (label, _field) in enumerate(BREAKDOWN):
        ry = y + HEAD_H + r * ROW_H
        draw.line((MARGIN, ry, WIDTH - MARGIN, ry), fill=LINE, width=1)
        text(draw, (MARGIN + 4, ry, MARGIN + LABEL_COL - 8, ry + ROW_H), label, BODY, colour=MUTED)
    ty = y + HEAD_H + len(BREAKDOWN) * ROW_H
    draw.line((MARGIN, ty, WIDTH - MARGIN, ty), fill=INK, width=3)
    text(draw, (MARGIN + 4, ty, MARGIN + LABEL_COL - 8, ty + TOTAL_H), "Fame", LARGE, bold=True)


def _series(pv: PublicView, rows: list[tuple[int, int, int]], ended: bool) -> dict[int, list[int]]:
    """Each guild's Fame at the start (0) and the end of every round played, and in the end
    (Fame for Gold and prestige included) or now."""
    final = {seat: fame for _p, seat, fame in rows}
    out = {}
    for g in pv.guilds:
        points = [0, *g.fame_by_round]
        if ended or (pv.round >= len(points) and pv.round > 0):
            points.append(final[g.seat])
        out[g.seat] = points
    return out


def _chart(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    y: int,
    pv: PublicView,
    names: Names,
    rows: list[tuple[int, int, int]],
    ended: bool,
) -> None:
    series = _series(pv, rows, ended)
    # x positions: 0 = start, 1..rounds, and "end" after the last round when the game is over
    slots = pv.rounds + (2 if ended else 1)
    peak = max((max(p) for p in series.values()), default=0)
    step = 10 if peak <= 100 else 20
    top = max(step, -(-peak // step) * step)
    x0 = MARGIN + AXIS_W
    x1 = WIDTH - MARGIN - LABEL_W
    y0 = y + 24
    y1 = y + CHART_H - 80

    def px(i: int) -> int:
        return x0 + round((x1 - x0) * i / (slots - 1))

    def py(v: int) -> int:
        return y1 - round((y1 - y0) * v / top)

    # lines on a 2× layer, scaled down for smooth edges
    layer = Image.new("RGB", ((x1 - x0 + 40) * SUPER, (y1 - y0 + 40) * SUPER), PAPER)
    ld = ImageDraw.Draw(layer)
    ox, oy = x0 - 20, y0 - 20

    def lp(x: int, yy: int) -> tuple[int, int]:
        return ((x - ox) * SUPER, (yy - oy) * SUPER)

    for v in range(0, top + 1, step):
        ld.line((*lp(x0, py(v)), *lp(x1, py(v))), fill=LINE if v else cv.FAINT, width=2 * SUPER)
    for seat, points in series.items():
        colour = guild_colour(names, seat)
        coords = [lp(px(i), py(v)) for i, v in enumerate(points)]
        if len(coords) > 1:
            ld.line(coords, fill=colour, width=5 * SUPER, joint="curve")
    img.paste(layer.reduce(SUPER), (ox, oy))

    for v in range(0, top + 1, step):
        text(
            draw,
            (MARGIN, py(v) - 14, x0 - 10, py(v) + 14),
            str(v),
            SMALL,
            colour=MUTED,
            align="right",
        )
    for i in range(slots):
        label = "start" if i == 0 else ("end" if ended and i == slots - 1 else str(i))
        blood = 0 < i <= pv.rounds and i % 3 == 0
        text(
            draw,
            (px(i) - 40, y1 + 12, px(i) + 40, y1 + 40),
            label,
            SMALL,
            bold=blood,
            colour=INK if blood else MUTED,
            align="centre",
        )
    text(
        draw,
        (x0, y1 + 42, x1, y1 + 70),
        "Round (Blood Moons in bold)",
        SMALL,
        colour=MUTED,
        align="centre",
    )
    for seat, points in series.items():
        shape = guild_symbol(names, seat)
        colour = guild_colour(names, seat)
        for i, v in enumerate(points):
            cv.symbol(img, (px(i), py(v)), 9, shape, colour)

    # labels right of the chart, in the order of the last points, pushed apart so none overlap
    ends = sorted(((py(p[-1]), seat) for seat, p in series.items()), key=lambda e: e[0])
    label_h = 34
    placed: list[int] = []
    for want, _seat in ends:
        at = max(want, placed[-1] + label_h) if placed else want
        placed.append(at)
    overflow = placed[-1] + label_h // 2 - (y1 + 20) if placed else 0
    if overflow > 0:
        placed = [p - overflow for p in placed]
    lx = x1 + 24
    for (want, seat), at in zip(ends, placed, strict=True):
        last = series[seat][-1]
        _dotted(draw, (px(len(series[seat]) - 1) + 12, want), (lx - 4, at))
        cv.symbol(
            img,
            (lx + 12, at),
            11,
            guild_symbol(names, seat),
            guild_colour(names, seat),
        )
        box = (lx + 30, at - label_h // 2, WIDTH - MARGIN, at + label_h // 2)
        text(draw, box, f"{last} {guild_name(names, seat)}", SMALL, bold=True)


def _dotted(draw: ImageDraw.ImageDraw, a: tuple[int, int], b: tuple[int, int]) -> None:
    """A dotted leader line from a to b."""
    (ax, ay), (bx, by) = a, b
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    for k in range(int(length // 10) + 1):
        t = k * 10 / length
        x, y = ax + (bx - ax) * t, ay + (by - ay) * t
        draw.ellipse((x - 1.5, y - 1.5, x + 1.5, y + 1.5), fill=cv.FAINT)
