"""The board: the turn, the guilds, the city's Precincts (their links, each guild's Smiths and the
Prime Positions) and the Alleyways in play, the job track, the Market, the Tavern, the Bank and
the decks. Drawn from the public view only."""

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
    text,
)
from games.winterforge.pictures import cards
from games.winterforge.pictures.style import (
    GOLD,
    LOSS,
    effect_sentence,
    heading,
    name_and_guild,
    pack,
    place_name,
    round_word,
    seat_name,
    token,
)
from games.winterforge.rules.content import PRECINCTS
from games.winterforge.rules.state import LORDS, SOLO, SOLO_TURNS
from games.winterforge.rules.views import PublicView

WIDTH = 1200
INNER = WIDTH - 2 * MARGIN
GAP = 14
HEADER_H = 92
EVENT_H = 78
GUILD_ROW_H = 44
PRECINCT_W = (INNER - 4 * 34) // 5
PRECINCT_TOP = 118  # the name, what is done there and the Prime Positions, above the Smiths
RING_H = 34  # the link from the last Precinct back to the first, drawn under the row
TOKEN_R = 15
MARKET_LABEL_W = 132
PRECINCT_JOBS = {
    "guildhall": "Contracts, Funds",
    "market": "Buy Components",
    "forge": "Train, Forge",
    "tavern": "Hire, Fire Crew",
    "bank": "Take, repay Loans",
}


def board(view: PublicView, names: Sequence[str]) -> bytes:
    """The board as a PNG (from the public view)."""
    shown = tuple(names)
    return cv.picture(("winterforge.board", view, shown), lambda: draw_board(view, shown))


def _ring() -> tuple[str, ...]:
    """The Precincts in the order of their links: each linked to the next, the last to the first
    (the board's links, content/board.toml, form a ring)."""
    links = pack().links
    order = [PRECINCTS[0]]
    while len(order) < len(links):
        here = order[-1]
        step = next((p for p in links[here] if p not in order), None)
        if step is None:
            order += [p for p in PRECINCTS if p not in order]
            break
        order.append(step)
    return tuple(order)


def _smiths(view: PublicView) -> dict[str, list[int]]:
    """Where each guild's Smiths stand: place -> seats (a seat once per Smith there)."""
    where: dict[str, list[int]] = {}
    for g in view.guilds:
        places = g.placed if view.variant == LORDS else ((g.at,) if g.at else ())
        for place in places:
            where.setdefault(place, []).append(g.seat)
    return where


def _per_row(width: int) -> int:
    """How many tokens fit in a row `width` wide."""
    return max(1, (width + 4) // (2 * TOKEN_R + 4))


def _precinct_h(view: PublicView) -> int:
    """The Precincts' height: room for the most Smiths standing in one, beside its Prime."""
    smiths = _smiths(view)
    most = 1
    for place in PRECINCTS:
        primes = [seat for p, seat in view.primes if p == place]
        others = len(smiths.get(place, ())) - len(primes)
        most = max(most, -(-others // _per_row(PRECINCT_W - 22)))
    return PRECINCT_TOP + most * (2 * TOKEN_R + 4) + 10


def _guild_cols(view: PublicView) -> int:
    return 1 if view.players <= 2 else 2


def _guild_rows(view: PublicView) -> int:
    return -(-view.players // _guild_cols(view))


def _alley_h(view: PublicView) -> int:
    """The Alleyways' height: room for the most Smiths standing in one."""
    smiths = _smiths(view)
    width = _alley_w(view) - 20
    most = max((len(smiths.get(a, ())) for a in view.alleyways), default=0)
    return 56 + max(1, -(-most // _per_row(width))) * (2 * TOKEN_R + 4) + 4


def _alley_w(view: PublicView) -> int:
    n = max(1, len(view.alleyways))
    return (INNER - (n - 1) * GAP) // n


def draw_board(view: PublicView, names: tuple[str, ...]) -> Image.Image:
    """The board as an image."""
    event_h = EVENT_H + GAP if view.turn.event else 0
    alley_h = (_alley_h(view) + GAP) if view.alleyways else 0
    height = (
        HEADER_H
        + event_h
        + _guild_rows(view) * _guild_row_h(view)
        + GAP
        + cv.SECTION_H
        + _precinct_h(view)
        + RING_H
        + GAP
        + alley_h
        + cv.SECTION_H
        + cards.CONTRACT_H
        + GAP
        + cv.SECTION_H
        + 3 * (cards.COMPONENT_H + 8)
        + GAP
        + cv.SECTION_H
        + 3 * (cards.CREW_H + 8)
        + GAP
        + 40
        + MARGIN
    )
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    y = _header(draw, view, names, 14)
    if view.turn.event:
        y = _event(draw, view, y)
    y = _guilds(img, draw, view, names, y) + GAP
    y = heading(draw, y, WIDTH, "The city", "two Move actions reach any Precinct")
    y = _city(img, draw, view, y)
    if view.alleyways:
        y = _alleyways(img, draw, view, y)
    y = heading(draw, y, WIDTH, "Job track", f"{view.contract_deck} Contracts left in the deck")
    y = _job_track(img, draw, view, y) + GAP
    y = heading(draw, y, WIDTH, "Market", "Purchase up to 2 Components")
    y = _market(img, draw, view, y) + GAP
    y = _tavern_and_bank(draw, view, y) + GAP
    _decks(draw, view, y)
    return img


def _header(draw: ImageDraw.ImageDraw, view: PublicView, names: tuple[str, ...], y: int) -> int:
    t = view.turn
    word = round_word(view.variant)
    if view.variant == SOLO:
        when = f"Turn {t.number} of {SOLO_TURNS}"
    else:
        when = f"{word} {t.round} · turn {t.number}"
    text(
        draw,
        (MARGIN, y, WIDTH - MARGIN, y + 44),
        f"Smiths of Winterforge — {when}",
        TITLE,
        bold=True,
        min_size=BODY,
    )
    y += 46
    if view.result is not None:
        status = "The game is over: see the final scoring."
    else:
        who = seat_name(names, t.seat)
        status = f"{who} to play · action {min(t.actions + 1, t.allowed)} of {t.allowed}"
        if view.ending:
            status += f" · last {word.lower()}: {view.ending}"
    text(draw, (MARGIN, y, WIDTH - MARGIN, y + 34), status, BODY, colour=MUTED, min_size=SMALL)
    return y + 34 + 12


def _event(draw: ImageDraw.ImageDraw, view: PublicView, y: int) -> int:
    event = pack().events[view.turn.event]
    box = (MARGIN, y, WIDTH - MARGIN, y + EVENT_H)
    draw.rounded_rectangle(box, radius=10, fill=(252, 236, 200), outline=GOLD, width=3)
    text(
        draw,
        (MARGIN + 14, y + 6, WIDTH - MARGIN - 14, y + 38),
        f"Event this turn: {event.name}",
        LARGE,
        bold=True,
        min_size=SMALL,
    )
    text(
        draw,
        (MARGIN + 14, y + 40, WIDTH - MARGIN - 14, y + EVENT_H - 6),
        effect_sentence(event.text),
        BODY,
        min_size=SMALL,
    )
    return y + EVENT_H + GAP


def _guild_row_h(view: PublicView) -> int:
    """One guild's row: one line beside a single column, two (name, then facts) in two."""
    return GUILD_ROW_H if _guild_cols(view) == 1 else GUILD_ROW_H + 22


def _guilds(
    img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, names: tuple[str, ...], y: int
) -> int:
    cols = _guild_cols(view)
    col_w = INNER // cols
    row_h = _guild_row_h(view)
    for i, seat in enumerate(view.order):
        g = view.guilds[seat]
        x = MARGIN + (i % cols) * col_w
        top = y + (i // cols) * row_h
        if seat == view.turn.seat and view.result is None:
            band = (x, top + 2, x + col_w - 8, top + row_h - 2)
            draw.rounded_rectangle(band, radius=8, fill=SHADE)
        token(img, draw, (x + 6 + TOKEN_R, top + row_h // 2), TOKEN_R, g.board, seat)
        facts = f"{g.coin} Coin · {g.hand} in hand · {len(g.completed) + len(g.held)} completed"
        left = x + 2 * TOKEN_R + 16
        right = x + col_w - 16
        if cols == 1:
            fw = int(cv.font(SMALL).getlength(facts)) + 12
            name_box = (left, top, right - fw, top + row_h)
            facts_box = (right - fw, top, right, top + row_h)
        else:
            name_box = (left, top + 4, right, top + 36)
            facts_box = (left, top + 36, right, top + row_h - 4)
        name_and_guild(draw, name_box, seat_name(names, seat), g.board)
        text(draw, facts_box, facts, SMALL, colour=MUTED, align="right" if cols == 1 else "left")
    return y + _guild_rows(view) * row_h


def _tokens(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    seats: Sequence[int],
    x: int,
    y: int,
    right: int,
) -> None:
    """Guild tokens in a row from (x, y), wrapped at `right`."""
    cx = x + TOKEN_R
    for seat in seats:
        if cx + TOKEN_R > right:
            cx = x + TOKEN_R
            y += 2 * TOKEN_R + 4
        token(img, draw, (cx, y + TOKEN_R), TOKEN_R, view.guilds[seat].board, seat)
        cx += 2 * TOKEN_R + 4


def _closed(view: PublicView) -> set[str]:
    """The Precincts this turn's solo Event closes."""
    if not view.turn.event:
        return set()
    event = pack().events[view.turn.event]
    return {event.precinct} if event.kind == "closed" else set()


def _city(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, y: int) -> int:
    ring = _ring()
    smiths = _smiths(view)
    precinct_h = _precinct_h(view)
    closed = _closed(view)
    step = PRECINCT_W + 34
    mid = y + 26
    for i, place in enumerate(ring):
        x = MARGIN + i * step
        if i:
            draw.line((x - 34, mid, x, mid), fill=INK, width=4)
        box = (x, y, x + PRECINCT_W, y + precinct_h)
        cv.card(draw, box, fill=cv.CARD, outline=INK)
        text(
            draw,
            (x + 10, y + 6, x + PRECINCT_W - 10, y + 40),
            place_name(place),
            LARGE,
            bold=True,
            min_size=SMALL,
        )
        shut = place in closed
        text(
            draw,
            (x + 10, y + 40, x + PRECINCT_W - 10, y + 64),
            "Closed this turn" if shut else PRECINCT_JOBS.get(place, ""),
            SMALL,
            bold=shut,
            colour=LOSS if shut else MUTED,
            min_size=14,
        )
        primes = [seat for p, seat in view.primes if p == place]
        py = y + 70
        draw.rounded_rectangle(
            (x + 8, py, x + PRECINCT_W - 8, py + 40), radius=8, fill=(252, 240, 204)
        )
        label_w = text(draw, (x + 16, py, x + 90, py + 40), "Prime", SMALL, bold=True)
        if primes:
            _tokens(img, draw, view, primes, x + 24 + label_w, py + 5, x + PRECINCT_W - 12)
        else:
            text(
                draw,
                (x + 24 + label_w, py, x + PRECINCT_W - 12, py + 40),
                "open",
                SMALL,
                colour=MUTED,
            )
        others = list(smiths.get(place, ()))
        for seat in primes:
            if seat in others:
                others.remove(seat)
        sy = py + 48
        if others:
            _tokens(img, draw, view, others, x + 12, sy, x + PRECINCT_W - 10)
        elif not primes:
            text(draw, (x + 12, sy, x + PRECINCT_W - 10, sy + 30), "no Smith", SMALL, colour=MUTED)
    # the link from the last Precinct back to the first, under the row
    bottom = y + precinct_h
    first = MARGIN + PRECINCT_W // 2
    last = MARGIN + (len(ring) - 1) * step + PRECINCT_W // 2
    lane = bottom + RING_H // 2
    draw.line((first, bottom, first, lane), fill=INK, width=4)
    draw.line((last, bottom, last, lane), fill=INK, width=4)
    draw.line((first, lane, last, lane), fill=INK, width=4)
    label = f"{place_name(ring[-1])} – {place_name(ring[0])} linked"
    lw = int(cv.font(SMALL).getlength(label)) + 20
    lx = (first + last) // 2 - lw // 2
    draw.rectangle((lx, lane - 12, lx + lw, lane + 12), fill=PAPER)
    text(draw, (lx, lane - 13, lx + lw, lane + 13), label, SMALL, colour=MUTED, align="centre")
    return bottom + RING_H + GAP


def _alleyways(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, y: int) -> int:
    smiths = _smiths(view)
    w = _alley_w(view)
    h = _alley_h(view)
    for i, place in enumerate(view.alleyways):
        x = MARGIN + i * (w + GAP)
        box = (x, y, x + w, y + h)
        cv.card(draw, box, fill=SHADE, outline=LINE)
        note = "Alleyway, from any Precinct"
        if place == "shrine":
            note = f"Alleyway · {view.shrine} Faith left"
        text(
            draw,
            (x + 10, y + 4, x + w - 10, y + 32),
            place_name(place),
            BODY,
            bold=True,
            min_size=14,
        )
        text(draw, (x + 10, y + 30, x + w - 10, y + 52), note, SMALL, colour=MUTED, min_size=14)
        here = smiths.get(place, [])
        if here:
            _tokens(img, draw, view, here, x + 10, y + 54, x + w - 10)
    return y + h + GAP


def _job_track(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, y: int) -> int:
    n = max(len(view.job_track), 1)
    w = (INNER - (n - 1) * 12) // n
    for i, slug in enumerate(view.job_track):
        x = MARGIN + i * (w + 12)
        box = (x, y, x + w, y + cards.CONTRACT_H)
        if slug:
            cards.contract(draw, box, slug)
        else:
            cv.card(draw, box, fill=SHADE)
            text(draw, box, "empty", BODY, colour=MUTED, align="centre")
    return y + cards.CONTRACT_H


def _market(img: Image.Image, draw: ImageDraw.ImageDraw, view: PublicView, y: int) -> int:
    w = (INNER - MARKET_LABEL_W - 2 * 10) // 3
    for level, row in enumerate(view.market):
        top = y + level * (cards.COMPONENT_H + 8)
        text(
            draw,
            (MARGIN, top + 6, MARGIN + MARKET_LABEL_W - 8, top + 40),
            f"Level {level + 1}",
            BODY,
            bold=True,
        )
        text(
            draw,
            (MARGIN, top + 40, MARGIN + MARKET_LABEL_W - 8, top + cards.COMPONENT_H - 4),
            f"{view.component_decks[level]} in deck",
            SMALL,
            colour=MUTED,
        )
        for i, cid in enumerate(row):
            x = MARGIN + MARKET_LABEL_W + i * (w + 10)
            box = (x, top, x + w, top + cards.COMPONENT_H)
            if cid:
                cards.component(img, draw, box, cid)
            else:
                cv.card(draw, box, fill=SHADE)
                text(draw, box, "empty", SMALL, colour=MUTED, align="centre")
    return y + 3 * (cards.COMPONENT_H + 8) - 8


def _tavern_and_bank(draw: ImageDraw.ImageDraw, view: PublicView, y: int) -> int:
    split = MARGIN + INNER * 3 // 5
    drawn = text(draw, (MARGIN, y, split - GAP, y + 40), "Tavern", LARGE, bold=True)
    text(
        draw,
        (MARGIN + drawn + 16, y + 3, split - GAP, y + 40),
        f"Crew for hire · {view.crew_deck} in deck",
        BODY,
        colour=MUTED,
        min_size=SMALL,
    )
    drawn = text(draw, (split + GAP, y, WIDTH - MARGIN, y + 40), "Bank", LARGE, bold=True)
    text(
        draw,
        (split + GAP + drawn + 16, y + 3, WIDTH - MARGIN, y + 40),
        f"Loans · {view.loan_deck} in deck",
        BODY,
        colour=MUTED,
        min_size=SMALL,
    )
    draw.line((MARGIN, y + 44, WIDTH - MARGIN, y + 44), fill=LINE, width=2)
    y += cv.SECTION_H
    for i, slug in enumerate(view.tavern):
        top = y + i * (cards.CREW_H + 8)
        cards.crew(draw, (MARGIN, top, split - GAP, top + cards.CREW_H), slug)
    if not view.tavern:
        text(
            draw, (MARGIN, y, split - GAP, y + cards.CREW_H), "Nobody for hire", BODY, colour=MUTED
        )
    for i, slug in enumerate(view.bank):
        top = y + i * (cards.LOAN_H + 8)
        cards.loan(draw, (split + GAP, top, WIDTH - MARGIN, top + cards.LOAN_H), slug)
    if not view.bank:
        text(
            draw,
            (split + GAP, y, WIDTH - MARGIN, y + cards.LOAN_H),
            "No Loans left",
            BODY,
            colour=MUTED,
        )
    return y + 3 * (cards.CREW_H + 8) - 8


def _decks(draw: ImageDraw.ImageDraw, view: PublicView, y: int) -> None:
    parts = [
        f"Contracts {view.contract_deck}",
        "Components " + "/".join(str(n) for n in view.component_decks),
        f"Crew {view.crew_deck}",
        f"Loans {view.loan_deck}",
    ]
    if "runesmith" in view.alleyways:
        parts.append(f"Runes {view.rune_deck}")
    if "shrine" in view.alleyways:
        parts.append(f"Faith tokens {view.shrine}")
    if view.variant == SOLO:
        parts.append(f"Events {view.events_left}")
    text(
        draw,
        (MARGIN, y, WIDTH - MARGIN, y + 36),
        "Decks: " + " · ".join(parts),
        BODY,
        colour=MUTED,
        min_size=SMALL,
    )
