"""One guild's sheet: its Skill Tracks (the cube, the Training Costs and the Skill RP of its guild
board), Coin, Crew, Loans, stockpile and Runes, the Contracts it has started (their committed
Components and Work tokens), the Contracts it has completed or Held, and how many it holds in
hand. Drawn with the seat's own view (`own`, for its DM only), the sheet adds the hand's
Contracts, the Royal Contract and the Faith tokens' values."""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
from games.winterforge.pictures import cards
from games.winterforge.pictures.style import (
    GOLD,
    SKILL_NAMES,
    counted,
    guild_colour,
    guild_name,
    heading,
    ink_on,
    pack,
    place_name,
    seat_name,
    skill_badge,
    token,
)
from games.winterforge.rules.content import MAX_SKILL, SKILLS
from games.winterforge.rules.state import LORDS, Work
from games.winterforge.rules.views import GuildView, PublicView, SeatView

INNER = WIDTH - 2 * MARGIN
GAP = 14
HEADER_H = 110
TRACK_LABEL_W = 168
TRACK_SCORE_W = 96
TRACK_H = 84
CELL_W = (INNER - TRACK_LABEL_W - TRACK_SCORE_W) // (MAX_SKILL + 1)
COLS = 3  # components per row
COMP_W = (INNER - (COLS - 1) * 10) // COLS
CONTRACT_COLS = 4
CONTRACT_W = (INNER - (CONTRACT_COLS - 1) * 12) // CONTRACT_COLS
WORK_H = cards.CONTRACT_H
LIST_H = 34
SECRET_FILL = (236, 232, 248)

Section = tuple[int, Callable[[Image.Image, ImageDraw.ImageDraw, int], int]]


def sheet(view: PublicView, seat: int, names: Sequence[str], own: SeatView | None = None) -> bytes:
    """Guild `seat`'s sheet as a PNG; with `own` (that seat's own view), its secrets too."""
    if not 0 <= seat < view.players:
        raise ValueError(f"no guild in seat {seat}")
    if own is not None and own.seat != seat:
        raise ValueError(f"the sheet of seat {seat} cannot show the secrets of seat {own.seat}")
    shown = tuple(names)
    return cv.picture(
        ("winterforge.sheet", view, seat, shown, own), lambda: draw_sheet(view, seat, shown, own)
    )


def _rows(n: int, per_row: int) -> int:
    return -(-n // per_row)


def draw_sheet(
    view: PublicView, seat: int, names: tuple[str, ...], own: SeatView | None
) -> Image.Image:
    """The sheet as an image."""
    g = view.guilds[seat]
    sections: list[Section] = [
        (cv.SECTION_H + 3 * TRACK_H, lambda img, d, y: _skills(img, d, g, y)),
        (cv.SECTION_H + _people_h(g), lambda img, d, y: _crew_and_loans(d, g, y)),
        (cv.SECTION_H + _stock_h(g), lambda img, d, y: _stockpile(img, d, g, y)),
    ]
    if g.started:
        sections.append(
            (
                cv.SECTION_H + len(g.started) * (WORK_H + GAP) - GAP,
                lambda img, d, y: _started(img, d, g, y),
            )
        )
    sections.append((cv.SECTION_H + LIST_H * _done_rows(g), lambda img, d, y: _completed(d, g, y)))
    if own is not None:
        sections.append((_own_h(own), lambda img, d, y: _own(img, d, own, y)))
    height = HEADER_H + sum(h + GAP for h, _ in sections) + MARGIN
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    y = _header(img, draw, view, g, names)
    for h, fn in sections:
        fn(img, draw, y)
        y += h + GAP
    return img


def _header(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    g: GuildView,
    names: tuple[str, ...],
) -> int:
    token(img, draw, (MARGIN + 26, 14 + 26), 26, g.board, g.seat)
    x = MARGIN + 66
    text(
        draw,
        (x, 12, WIDTH - MARGIN, 56),
        seat_name(names, g.seat),
        TITLE,
        bold=True,
        min_size=BODY,
    )
    if view.variant == LORDS:
        where = "Smiths at " + (", ".join(place_name(p) for p in g.placed) or "home")
    else:
        where = f"Smith at {place_name(g.at)}" if g.at else "Smith not placed"
    where = f"{guild_name(g.board)} · {where}"
    if g.prime:
        where += " (Prime Position" + (", bonus used)" if g.prime_used else ")")
    text(draw, (x, 56, WIDTH - MARGIN, 84), where, BODY, colour=MUTED, min_size=SMALL)
    facts = [f"{g.coin} Coin", counted(g.hand, "Contract") + " in hand"]
    if "shrine" in view.alleyways:
        facts.append(counted(g.faith, "Faith token"))
    if g.choosing:
        facts.append("choosing a Royal Contract")
    elif not g.royal:
        facts.append("Royal Contract secret")
    cx = x
    for fact in facts:
        cx = cv.chip(draw, cx, 84, fact, SHADE, max_right=WIDTH - MARGIN, height=26) + 8
    return HEADER_H + 4


def _skills(img: Image.Image, draw: ImageDraw.ImageDraw, g: GuildView, y: int) -> int:
    board = pack().guilds[g.board]
    y = heading(draw, y, WIDTH, "Skills", "above: Coin to train to a step · below: RP at the end")
    colour = guild_colour(g.board)
    for i, skill in enumerate(SKILLS):
        top = y + i * TRACK_H
        level = g.skills[i]
        skill_badge(draw, (MARGIN, top + 22, MARGIN + 34, top + 56), skill, BODY)
        text(
            draw,
            (MARGIN + 42, top + 8, MARGIN + TRACK_LABEL_W - 6, top + TRACK_H - 8),
            SKILL_NAMES[skill],
            BODY,
            bold=True,
            min_size=14,
        )
        for step in range(MAX_SKILL + 1):
            x = MARGIN + TRACK_LABEL_W + step * CELL_W
            box = (x + 2, top + 26, x + CELL_W - 2, top + 60)
            here = step == level
            fill = colour if here else (cv.CARD if step > level else cv.tint(colour, 0.25))
            draw.rounded_rectangle(
                box, radius=6, fill=fill, outline=INK if here else LINE, width=3 if here else 1
            )
            text(
                draw,
                box,
                str(step),
                BODY,
                bold=here,
                colour=ink_on(fill) if here else INK,
                align="centre",
            )
            if step:
                cost = board.train_cost[step - 1]
                text(
                    draw,
                    (x, top, x + CELL_W, top + 24),
                    str(cost),
                    SMALL,
                    colour=MUTED,
                    align="centre",
                    min_size=14,
                )
            rp = board.skill_rp[step]
            if rp and rp != board.skill_rp[step - 1]:
                text(
                    draw,
                    (x, top + 60, x + CELL_W, top + 82),
                    f"{rp} RP",
                    SMALL,
                    bold=True,
                    colour=INK,
                    align="centre",
                    min_size=14,
                )
        sx = MARGIN + TRACK_LABEL_W + (MAX_SKILL + 1) * CELL_W + 8
        text(
            draw,
            (sx, top + 10, WIDTH - MARGIN, top + 44),
            f"at {level}",
            BODY,
            bold=True,
            align="right",
            min_size=14,
        )
        text(
            draw,
            (sx, top + 44, WIDTH - MARGIN, top + 72),
            f"{board.skill_rp[level]} RP",
            SMALL,
            colour=MUTED,
            align="right",
            min_size=14,
        )
    return y + 3 * TRACK_H


def _people_h(g: GuildView) -> int:
    return max(1, len(g.crew), len(g.loans)) * (cards.CREW_H + 8) - 8


def _crew_and_loans(draw: ImageDraw.ImageDraw, g: GuildView, y: int) -> int:
    half = (INNER - GAP) // 2
    heading(draw, y, WIDTH, f"Crew {len(g.crew)} of 2", "")
    lx = MARGIN + half + GAP
    text(
        draw,
        (lx, y, WIDTH - MARGIN, y + 40),
        f"Loans {sum(1 for h in g.loans if not h.repaid)} unpaid",
        LARGE,
        bold=True,
        min_size=SMALL,
    )
    y += cv.SECTION_H
    for i, slug in enumerate(g.crew):
        top = y + i * (cards.CREW_H + 8)
        cards.crew(draw, (MARGIN, top, MARGIN + half, top + cards.CREW_H), slug)
    if not g.crew:
        text(draw, (MARGIN, y, MARGIN + half, y + cards.CREW_H), "No Crew", BODY, colour=MUTED)
    for i, held in enumerate(g.loans):
        top = y + i * (cards.LOAN_H + 8)
        due = pack().loans[held.loan].repay
        if held.repaid:
            note = "repaid at the Bank" if held.at_bank else "repaid"
        else:
            note = f"paid {held.paid}, owes {due - held.paid}"
        cards.loan(draw, (lx, top, WIDTH - MARGIN, top + cards.LOAN_H), held.loan, note)
    if not g.loans:
        text(draw, (lx, y, WIDTH - MARGIN, y + cards.LOAN_H), "No Loans", BODY, colour=MUTED)
    return y + _people_h(g)


def _stock_h(g: GuildView) -> int:
    rows = _rows(len(g.stockpile), COLS) + _rows(len(g.runes), COLS)
    return max(1, rows) * (cards.COMPONENT_H + 8) - 8


def _stockpile(img: Image.Image, draw: ImageDraw.ImageDraw, g: GuildView, y: int) -> int:
    note = counted(len(g.stockpile), "Component")
    if g.runes:
        note += ", " + counted(len(g.runes), "Rune")
    y = heading(draw, y, WIDTH, "Stockpile", note)
    if not g.stockpile and not g.runes:
        text(draw, (MARGIN, y, WIDTH - MARGIN, y + cards.COMPONENT_H), "Empty", BODY, colour=MUTED)
        return y + cards.COMPONENT_H
    step = cards.COMPONENT_H + 8
    for i, cid in enumerate(g.stockpile):
        x = MARGIN + (i % COLS) * (COMP_W + 10)
        top = y + (i // COLS) * step
        cards.component(
            img, draw, (x, top, x + COMP_W, top + cards.COMPONENT_H), cid, show_cost=False
        )
    y += _rows(len(g.stockpile), COLS) * step
    for i, slug in enumerate(g.runes):
        x = MARGIN + (i % COLS) * (COMP_W + 10)
        top = y + (i // COLS) * step
        cards.rune(draw, (x, top, x + COMP_W, top + cards.COMPONENT_H), slug)
    return y + _rows(len(g.runes), COLS) * step - 8


def _started(img: Image.Image, draw: ImageDraw.ImageDraw, g: GuildView, y: int) -> int:
    y = heading(draw, y, WIDTH, "Started Contracts", "face up after a failed forge")
    for w in g.started:
        _work(img, draw, w, y)
        y += WORK_H + GAP
    return y - GAP


def _work(img: Image.Image, draw: ImageDraw.ImageDraw, w: Work, y: int) -> None:
    cards.contract(draw, (MARGIN, y, MARGIN + CONTRACT_W + 20, y + WORK_H), w.contract)
    x = MARGIN + CONTRACT_W + 36
    text(draw, (x, y, WIDTH - MARGIN, y + 32), f"Work tokens: {w.tokens}", BODY, bold=True)
    for k in range(w.tokens):
        cx = x + 250 + k * 30
        if cx + 12 > WIDTH - MARGIN:
            break
        draw.ellipse((cx, y + 6, cx + 22, y + 28), fill=GOLD, outline=INK, width=2)
    slots = list(w.components) + ([w.rune] if w.rune else [])
    width = (WIDTH - MARGIN - x - 10) // 2
    h = (WORK_H - 40 - 8 * 2) // 3
    for i, item in enumerate(slots[:6]):
        cx = x + (i % 2) * (width + 10)
        top = y + 40 + (i // 2) * (h + 8)
        box = (cx, top, cx + width, top + h)
        if item in pack().components:
            cards.component(img, draw, box, item, show_cost=False)
        else:
            cards.rune(draw, box, item)
    if len(slots) > 6:
        text(
            draw,
            (x, y + WORK_H - 20, WIDTH - MARGIN, y + WORK_H),
            f"and {len(slots) - 6} more",
            SMALL,
            colour=MUTED,
        )


def _done_rows(g: GuildView) -> int:
    return max(1, len(g.completed) + len(g.held))


def _completed(draw: ImageDraw.ImageDraw, g: GuildView, y: int) -> int:
    done = [(c, False) for c in g.completed] + [(c, True) for c in g.held]
    rp = sum(pack().contract(c).rp for c, _ in done)
    y = heading(draw, y, WIDTH, "Completed Contracts", f"{len(done)}, worth {rp} RP")
    if not done:
        text(draw, (MARGIN, y, WIDTH - MARGIN, y + LIST_H), "None yet", BODY, colour=MUTED)
        return y + LIST_H
    for slug, held in done:
        c = pack().contract(slug)
        kind = " & ".join(SKILL_NAMES[t] for t in c.types)
        x = MARGIN
        for t in c.types:
            skill_badge(draw, (x, y + 4, x + 26, y + 30), t)
            x += 30
        label = f"{c.name} · {kind} · {c.rp} RP" + (" · Held for the Auction House" if held else "")
        text(draw, (x + 6, y, WIDTH - MARGIN, y + LIST_H), label, BODY, min_size=SMALL)
        y += LIST_H
    return y


def _cards_h(n: int) -> int:
    return max(1, _rows(n, CONTRACT_COLS)) * (cards.CONTRACT_H + 12)


def _royal_cards(own: SeatView) -> tuple[str, ...]:
    return own.royal_offer if own.royal_offer else ((own.royal,) if own.royal else ())


def _own_h(own: SeatView) -> int:
    h = 50 + cv.SECTION_H + _cards_h(len(own.hand))
    if _royal_cards(own):
        h += cv.SECTION_H + _cards_h(len(_royal_cards(own)))
    if own.faith:
        h += LIST_H
    return h


def _cards_rows(
    img: Image.Image, draw: ImageDraw.ImageDraw, slugs: Sequence[str], y: int, empty: str
) -> int:
    """Contracts in rows of CONTRACT_COLS from `y`; returns the y below them."""
    if not slugs:
        text(draw, (MARGIN, y, WIDTH - MARGIN, y + 40), empty, BODY, colour=MUTED)
    for i, slug in enumerate(slugs):
        x = MARGIN + (i % CONTRACT_COLS) * (CONTRACT_W + 12)
        top = y + (i // CONTRACT_COLS) * (cards.CONTRACT_H + 12)
        cards.contract(draw, (x, top, x + CONTRACT_W, top + cards.CONTRACT_H), slug)
    return y + _cards_h(len(slugs))


def _own(img: Image.Image, draw: ImageDraw.ImageDraw, own: SeatView, y: int) -> int:
    draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + 42), radius=8, fill=SECRET_FILL)
    text(
        draw,
        (MARGIN + 12, y, WIDTH - MARGIN - 12, y + 42),
        "Only you see what follows",
        BODY,
        bold=True,
    )
    y += 50
    y = heading(draw, y, WIDTH, "Your hand", counted(len(own.hand), "Contract"))
    y = _cards_rows(img, draw, own.hand, y, "No Contracts in hand")
    royal = _royal_cards(own)
    if royal:
        if own.royal_offer:
            note = "choose one of these two; the other goes back"
        else:
            note = "5 RP, and 3 more to the first guild to complete one"
        y = heading(draw, y, WIDTH, "Your Royal Contract", note)
        y = _cards_rows(img, draw, royal, y, "")
    if own.faith:
        faith = " + ".join(str(v) for v in own.faith)
        text(
            draw,
            (MARGIN, y, WIDTH - MARGIN, y + LIST_H),
            f"Faith tokens: {faith} = {sum(own.faith)}",
            BODY,
            bold=True,
            min_size=SMALL,
        )
        y += LIST_H
    return y
