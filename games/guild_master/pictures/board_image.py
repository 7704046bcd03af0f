"""The board as everybody sees it: round and moon, Fame, Builder Cost, adventurer spots A–F and
contract spots 1–6.

Drawn from the public view only, so nothing secret can reach it: a face-down card is drawn as its
back (its level, for a contract), never by name.
"""

from __future__ import annotations

from functools import partial

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
    WHITE,
    WIDTH,
    Box,
    text,
)
from games.guild_master.pictures.guilds import guild_colour, guild_name, guild_symbol
from games.guild_master.presentation.cards import SKILL_SHORT
from games.guild_master.presentation.text import LEVEL_NAMES, Names
from games.guild_master.rules.cards import RANKS, SKILLS, Adventurer, Contract
from games.guild_master.rules.content import Pack, load_pack
from games.guild_master.rules.views import (
    AdventurerSpotView,
    BoardView,
    ContractSpotView,
    PublicView,
)

PHASES = {
    "setup": "Setup",
    "start_of_round": "Start of Round",
    "plot": "Plot Phase",
    "orders": "Order Phase",
    "action": "Action Phase",
    "reset": "Reset Phase",
    "ended": "Game over",
}
RANK_NAMES = tuple(r.capitalize() for r in RANKS)
NBSP = "\u00a0"
INNER = WIDTH - 2 * MARGIN


def moon_name(round_: int) -> str:
    return "Half Moon" if round_ % 2 == 1 else "Full Moon"


def moon_icon(draw: ImageDraw.ImageDraw, cx: int, cy: int, r: int, full: bool) -> None:
    """A full moon (a pale disc) or a half moon (a disc, its left half dark)."""
    box = (cx - r, cy - r, cx + r, cy + r)
    draw.ellipse(box, fill=cv.tint(cv.YELLOW, 0.35), outline=INK, width=2)
    if not full:
        draw.pieslice(box, 90, 270, fill=INK)


def board(view: PublicView, names: Names) -> bytes:
    """The board as a PNG (drawn again only when something it shows has changed)."""
    shown = (
        (view.pack, names.pack.name, names.players, view.players),
        (view.round, view.rounds, view.phase, view.blood_moon, view.board),
        tuple((g.seat, g.fame) for g in view.guilds),
    )
    return cv.picture(
        ("guild_master.board", shown), lambda: draw_board(view, load_pack(view.pack), names)
    )


# --- layout -------------------------------------------------------------------------------------

HEADER_H = 64
ROUNDS_H = 74
LANE_H = 50
LANE_GAP = 8
SCALE_H = 26
BUILDER_H = 56
BUILDER_LABEL_H = 30
ADV_W = (INNER - 5 * 10) // 6
ADV_H = 336
ROW_GAP = 14
CON_W = (INNER - 2 * ROW_GAP) // 3
CON_MIN_H = 206  # a card back's plate needs this much
GAP = 16


def draw_board(pv: PublicView, pack: Pack, names: Names) -> Image.Image:
    top = max(30, -(-max((g.fame for g in pv.guilds), default=0) // 10) * 10)
    spots = pv.board.contracts
    rows = [
        max(_contract_height(s, pack) for s in spots[i : i + 3]) for i in range(0, len(spots), 3)
    ]
    height = (
        HEADER_H
        + ROUNDS_H
        + GAP
        + SECTION_H
        + SCALE_H
        + pv.players * (LANE_H + LANE_GAP)
        + GAP
        + SECTION_H
        + BUILDER_H
        + BUILDER_LABEL_H
        + GAP
        + SECTION_H
        + ADV_H
        + GAP
        + SECTION_H
        + sum(rows)
        + ROW_GAP * (len(rows) - 1)
        + MARGIN
    )
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    y = 12
    _header(draw, pv, (MARGIN, y, WIDTH - MARGIN, y + HEADER_H - 12))
    y += HEADER_H
    img.paste(_round_strip(pv.rounds, pv.round), (0, y))
    y += ROUNDS_H + GAP

    y = cv.section(draw, y, "Fame")
    lanes = tuple(
        (
            guild_name(names, g.seat),
            guild_colour(names, g.seat),
            guild_symbol(names, g.seat),
        )
        for g in pv.guilds
    )
    img.paste(_fame_lanes(lanes, top), (0, y))
    _fame_markers(img, draw, pv, names, y, top)
    y += SCALE_H + pv.players * (LANE_H + LANE_GAP) + GAP

    b = pv.board
    track = pack.board.builder_track
    marker = min(b.builder_marker, len(track) - 1)
    y = cv.section(draw, y, "Builder Cost", f"next Builder costs {b.builder_cost} Gold")
    img.paste(_builder_strip(track, b.builder_start, marker), (0, y))
    y += BUILDER_H + BUILDER_LABEL_H + GAP

    note = f"minimum bids for this {moon_name(pv.round)}" if pv.round else "face down until Round 1"
    y = cv.section(draw, y, "Recruit adventurers A–F", note)
    for i, spot in enumerate(b.adventurers):
        x = MARGIN + i * (ADV_W + 10)
        box = (x, y, x + ADV_W, y + ADV_H)
        if spot.used and spot.adventurer is not None:
            # The card is the same on every spot and at every bid: its letter and bid go on top.
            adv = pack.adventurers[spot.adventurer]
            cv.tile(img, box, ("adventurer", pack.name, adv.slug), partial(_adventurer, adv=adv))
            _badge(draw, x + 12, y + 12, spot.letter)
            _bid(draw, box, spot.min_bid)
        else:
            cv.tile(
                img,
                box,
                ("adventurer spot", spot, pv.players),
                partial(_adventurer_spot, spot=spot, players=pv.players),
            )
    y += ADV_H + GAP

    y = cv.section(draw, y, "Contracts 1–6", _decks(b))
    for i, spot in enumerate(b.contracts):
        x = MARGIN + (i % 3) * (CON_W + ROW_GAP)
        yy = y + sum(rows[: i // 3]) + (i // 3) * ROW_GAP
        h = rows[i // 3]
        box = (x, yy, x + CON_W, yy + h)
        if spot.used and spot.contract is not None:
            # The card is the same on every spot: its number goes on top.
            c = pack.contracts[spot.contract]
            cv.tile(img, box, ("contract", pack.name, c.slug), partial(_contract, c=c))
            _badge(draw, x + 12, yy + 12, str(spot.number))
        else:
            cv.tile(
                img,
                box,
                ("contract spot", spot, pv.players),
                partial(_contract_spot, spot=spot, players=pv.players),
            )
    return img


def _decks(b: BoardView) -> str:
    parts = [f"{b.decks.get(level, 0)} {LEVEL_NAMES[level].lower()}" for level in LEVEL_NAMES]
    return "decks: " + " · ".join(parts)


def _header(draw: ImageDraw.ImageDraw, pv: PublicView, box: Box) -> None:
    x0, y0, x1, y1 = box
    if pv.round == 0:
        title = f"Setup · a game of {pv.rounds} rounds"
    else:
        title = f"Round {pv.round} of {pv.rounds} · {moon_name(pv.round)}"
    w = text(draw, (x0, y0, x1 - 260, y1), title, TITLE, bold=True, min_size=LARGE)
    x = x0 + w + 16
    if pv.blood_moon and pv.round:
        cv.chip(
            draw, x, y0 + 8, "Blood Moon", cv.tint(cv.VERMILION, 0.3), size=BODY, max_right=x1 - 260
        )
    text(
        draw,
        (x1 - 250, y0, x1, y1),
        PHASES.get(pv.phase, pv.phase),
        LARGE,
        colour=MUTED,
        align="right",
    )


@cv.static(maxsize=32)
def _round_strip(rounds: int, current: int) -> Image.Image:
    """The round track: each round's moon, Blood Moons marked by colour and by word."""
    img = Image.new("RGB", (WIDTH, ROUNDS_H), PAPER)
    draw = ImageDraw.Draw(img)
    gap = 6
    cell = (INNER - (rounds - 1) * gap) // rounds
    for i in range(rounds):
        r = i + 1
        x = MARGIN + i * (cell + gap)
        box = (x, 0, x + cell, ROUNDS_H - 2)
        blood = r % 3 == 0
        past = r < current
        fill = cv.CARD if not past else SHADE
        if r == current:
            fill = cv.tint(cv.YELLOW, 0.45)
        draw.rounded_rectangle(
            box,
            radius=10,
            fill=fill,
            outline=cv.VERMILION if blood else LINE,
            width=4 if blood else 2,
        )
        if r == current:
            draw.rounded_rectangle(
                (x + 4, 4, x + cell - 4, ROUNDS_H - 6), radius=8, outline=INK, width=3
            )
        colour = MUTED if past else INK
        mid = x + cell // 2
        moon_icon(draw, mid - 22, 22, 11, full=r % 2 == 0)
        text(draw, (mid - 6, 4, x + cell - 6, 40), str(r), LARGE, bold=True, colour=colour)
        label = "Blood" if blood else ("Half" if r % 2 else "Full")
        text(
            draw,
            (x + 6, 40, x + cell - 6, ROUNDS_H - 8),
            label,
            SMALL,
            bold=blood,
            colour=cv.tint(cv.VERMILION, 0.85, INK) if blood else colour,
            align="centre",
        )
    return img


@cv.static(maxsize=16)
def _fame_lanes(lanes: tuple[tuple[str, cv.Colour, str], ...], top: int) -> Image.Image:
    """One lane per guild: its symbol and name, and the track from 0 to `top` with its scale."""
    h = SCALE_H + len(lanes) * (LANE_H + LANE_GAP)
    img = Image.new("RGB", (WIDTH, h), PAPER)
    draw = ImageDraw.Draw(img)
    t0, t1 = _track_x()
    step = 10 if top <= 100 else 20
    for v in range(0, top + 1, step):
        x = _fame_x(v, top)
        text(draw, (x - 30, 0, x + 30, SCALE_H), str(v), SMALL, colour=MUTED, align="centre")
    for i, (name, colour, shape) in enumerate(lanes):
        y = SCALE_H + i * (LANE_H + LANE_GAP)
        draw.rounded_rectangle(
            (MARGIN, y, WIDTH - MARGIN, y + LANE_H), radius=10, fill=cv.CARD, outline=LINE, width=2
        )
        cv.symbol(img, (MARGIN + 24, y + LANE_H // 2), 14, shape, colour)
        text(draw, (MARGIN + 46, y, t0 - 24, y + LANE_H), name, BODY, bold=True, min_size=SMALL)
        cy = y + LANE_H // 2
        draw.rounded_rectangle((t0 - 8, cy - 7, t1 + 8, cy + 7), radius=7, fill=SHADE)
        for v in range(0, top + 1, 5):
            x = _fame_x(v, top)
            k = 12 if v % step == 0 else 6
            draw.line((x, cy - k, x, cy + k), fill=LINE if v % step else cv.FAINT, width=2)
    return img


def _track_x() -> tuple[int, int]:
    return MARGIN + 290, WIDTH - MARGIN - 96


def _fame_x(v: int, top: int) -> int:
    t0, t1 = _track_x()
    return t0 + round((t1 - t0) * min(v, top) / top)


def _fame_markers(
    img: Image.Image, draw: ImageDraw.ImageDraw, pv: PublicView, names: Names, y: int, top: int
) -> None:
    t0, _t1 = _track_x()
    for i, g in enumerate(pv.guilds):
        ly = y + SCALE_H + i * (LANE_H + LANE_GAP)
        cy = ly + LANE_H // 2
        colour = guild_colour(names, g.seat)
        x = _fame_x(g.fame, top)
        if x > t0:
            draw.rounded_rectangle(
                (t0 - 8, cy - 7, x, cy + 7), radius=7, fill=cv.tint(colour, 0.55)
            )
        cv.symbol(img, (x, cy), 17, guild_symbol(names, g.seat), colour, INK, 3)
        text(
            draw,
            (WIDTH - MARGIN - 84, ly, WIDTH - MARGIN - 12, ly + LANE_H),
            str(g.fame),
            LARGE,
            bold=True,
            align="right",
        )


@cv.static(maxsize=32)
def _builder_strip(track: tuple[int, ...], start: int, marker: int) -> Image.Image:
    """The Builder Cost track: spent spaces greyed, the marker's space highlighted and labelled."""
    img = Image.new("RGB", (WIDTH, BUILDER_H + BUILDER_LABEL_H), PAPER)
    draw = ImageDraw.Draw(img)
    n = len(track)
    gap = 6
    cell = (INNER - (n - 1) * gap) // n
    for i, cost in enumerate(track):
        x = MARGIN + i * (cell + gap)
        box = (x, 0, x + cell, BUILDER_H)
        if i == marker:
            draw.rounded_rectangle(
                box, radius=8, fill=cv.tint(cv.ORANGE, 0.5), outline=INK, width=4
            )
            colour = INK
        elif i < marker:
            draw.rounded_rectangle(box, radius=8, fill=SHADE, outline=LINE, width=2)
            colour = cv.FAINT
        else:
            draw.rounded_rectangle(box, radius=8, fill=cv.CARD, outline=LINE, width=2)
            colour = INK
        text(draw, box, str(cost), LARGE, bold=True, colour=colour, align="centre")
        label_box = (x - gap // 2, BUILDER_H + 2, x + cell + gap // 2, BUILDER_H + BUILDER_LABEL_H)
        if i == marker:
            text(draw, label_box, "▲ next", SMALL, bold=True, align="centre")
        elif i == start:
            text(draw, label_box, "start", SMALL, colour=MUTED, align="centre")
    return img


# --- adventurer spots ---------------------------------------------------------------------------


def _badge(draw: ImageDraw.ImageDraw, x: int, y: int, label: str, size: int = 42) -> None:
    draw.rounded_rectangle((x, y, x + size, y + size), radius=8, fill=INK)
    text(draw, (x, y, x + size, y + size), label, LARGE, bold=True, colour=WHITE, align="centre")


def _unused(draw: ImageDraw.ImageDraw, box: Box, label: str, players: int) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=10, fill=PAPER, outline=LINE, width=2)
    _badge(draw, x0 + 12, y0 + 12, label)
    cv.paragraph(
        draw,
        (x0 + 12, y0 + 70, x1 - 12, y1 - 12),
        f"Not used with {players} players",
        BODY,
        colour=MUTED,
    )


def _back(img: Image.Image, box: Box, colour: cv.Colour) -> None:
    """A card back: hatched in `colour`, inside the card's border."""
    x0, y0, x1, y1 = box
    back = cv.hatch((x1 - x0 - 8, y1 - y0 - 8), cv.tint(colour, 0.45), cv.tint(colour, 0.2))
    img.paste(back, (x0 + 4, y0 + 4))


def _plate(draw: ImageDraw.ImageDraw, box: Box, lines: list[tuple[str, int, bool]]) -> None:
    """White plate with centred lines (text, size, bold) on a card back."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=cv.CARD, outline=LINE, width=2)
    heights = [cv.lines_height(1, size, bold) for _t, size, bold in lines]
    y = y0 + (y1 - y0 - sum(heights) - 4 * (len(lines) - 1)) // 2
    for (s, size, bold), h in zip(lines, heights, strict=True):
        text(draw, (x0 + 6, y, x1 - 6, y + h), s, size, bold=bold, align="centre", min_size=SMALL)
        y += h + 4


def _adventurer_spot(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    spot: AdventurerSpotView,
    players: int,
) -> None:
    """A spot without a card face up: not used, face down or empty."""
    x0, y0, x1, _y1 = box
    if not spot.used:
        _unused(draw, box, spot.letter, players)
    elif spot.cards_left:
        cv.card(draw, box)
        _back(img, box, cv.MUTED)
        _badge(draw, x0 + 12, y0 + 12, spot.letter)
        left = f"{spot.cards_left} card" + ("s" if spot.cards_left != 1 else "")
        _plate(
            draw,
            (x0 + 8, y0 + 110, x1 - 8, y0 + 210),
            [("Face down", BODY, True), (left, SMALL, False)],
        )
    else:
        cv.card(draw, box, fill=SHADE)
        _badge(draw, x0 + 12, y0 + 12, spot.letter)
        text(draw, (x0 + 12, y0 + 70, x1 - 12, y0 + 104), "Empty", BODY, colour=MUTED)


def _adventurer(_img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, adv: Adventurer) -> None:
    """A face-up adventurer's card, but for its spot's letter and minimum bid (`_badge`, `_bid`)."""
    x0, y0, x1, _y1 = box
    cv.card(draw, box)
    rank = RANK_NAMES[adv.rank]
    text(draw, (x0 + 62, y0 + 12, x1 - 10, y0 + 54), rank, SMALL, bold=True, colour=MUTED)
    inner = (x0 + 12, x1 - 12)
    text(draw, (inner[0], y0 + 60, inner[1], y0 + 94), adv.name, LARGE, bold=True, min_size=SMALL)
    cv.paragraph(
        draw,
        (inner[0], y0 + 94, inner[1], y0 + 146),
        adv.title,
        SMALL,
        colour=MUTED,
        max_lines=2,
        gap=0,
    )
    fame = f"+{adv.fame} Fame" if adv.fame else "no Fame"
    text(draw, (inner[0], y0 + 148, inner[1], y0 + 177), fame, BODY, bold=True)
    y = y0 + 182
    for skill in SKILLS:
        if skill in adv.skills:
            label = f"{SKILL_SHORT[skill]} {adv.skills[skill]}"
            text(draw, (inner[0], y, inner[1], y + 29), label, BODY)
            y += 29


def _bid(draw: ImageDraw.ImageDraw, box: Box, min_bid: int | None) -> None:
    """The minimum bid, in a band across the bottom of an adventurer's card."""
    x0, _y0, x1, y1 = box
    band = (x0 + 2, y1 - 62, x1 - 2, y1 - 2)
    draw.rounded_rectangle(band, radius=9, fill=cv.tint(cv.YELLOW, 0.4))
    bid = min_bid if min_bid is not None else 0
    text(
        draw,
        (x0 + 10, y1 - 60, x1 - 10, y1 - 35),
        "minimum bid",
        SMALL,
        colour=MUTED,
        align="centre",
    )
    text(draw, (x0 + 10, y1 - 35, x1 - 10, y1 - 5), f"{bid} Gold", BODY, bold=True, align="centre")


# --- contract spots -----------------------------------------------------------------------------


def _contract_height(spot: ContractSpotView, pack: Pack) -> int:
    """The height the card on `spot` needs (see `_contract` for the layout)."""
    if spot.contract is None:
        return CON_MIN_H
    c = pack.contracts[spot.contract]
    width = CON_W - 24
    name = min(2, cv.wrapped_lines(c.name, width, BODY, True))
    h = max(74 + cv.lines_height(name, BODY, True), 104) + 6 + 36 + 10
    if c.effects:
        effects = "\n".join(f"{e.kind.capitalize()}: {e.text}" for e in c.effects)
        h += 6 + cv.lines_height(cv.wrapped_lines(effects, width, SMALL), SMALL)
    return max(h, CON_MIN_H)


def targets_text(contract) -> str:
    return " or ".join(f"{SKILL_SHORT[t.skill]}{NBSP}{t.value}" for t in contract.targets)


def _contract_spot(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    spot: ContractSpotView,
    players: int,
) -> None:
    """A spot without a card face up: not used, face down (its level's back) or empty."""
    x0, y0, x1, _y1 = box
    label = str(spot.number)
    if not spot.used:
        _unused(draw, box, label, players)
    elif spot.level:
        colour = cv.LEVEL_COLOURS.get(spot.level, MUTED)
        cv.card(draw, box)
        _back(img, box, colour)
        _badge(draw, x0 + 12, y0 + 12, label)
        _plate(
            draw,
            (x0 + 24, y0 + 90, x1 - 24, y0 + 190),
            [
                (LEVEL_NAMES.get(spot.level, spot.level), LARGE, True),
                ("face down", BODY, False),
            ],
        )
    else:
        cv.card(draw, box, fill=SHADE)
        _badge(draw, x0 + 12, y0 + 12, label)
        text(draw, (x0 + 66, y0 + 12, x1 - 12, y0 + 54), "Empty", BODY, colour=MUTED)


def _contract(_img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, c: Contract) -> None:
    """A face-up contract's card, but for its spot's number (`_badge`)."""
    x0, y0, x1, y1 = box
    colour = cv.LEVEL_COLOURS.get(c.level, MUTED)
    cv.card(draw, box)
    draw.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + 66), radius=9, fill=cv.tint(colour, 0.3))
    text(
        draw,
        (x0 + 64, y0 + 8, x1 - 10, y0 + 34),
        LEVEL_NAMES.get(c.level, c.level),
        SMALL,
        bold=True,
        colour=MUTED,
    )
    text(
        draw,
        (x0 + 64, y0 + 34, x1 - 10, y0 + 64),
        f"{c.gold} Gold · {c.fame} Fame",
        BODY,
        bold=True,
    )
    inner = (x0 + 12, x1 - 12)
    y = cv.paragraph(
        draw, (inner[0], y0 + 74, inner[1], y0 + 136), c.name, BODY, bold=True, max_lines=2
    )
    y = max(y, y0 + 104) + 6
    text(draw, (inner[0], y, inner[1], y + 30), targets_text(c), BODY, min_size=SMALL)
    y += 36
    if c.effects:
        draw.line((inner[0], y - 3, inner[1], y - 3), fill=LINE, width=1)
        effects = "\n".join(f"{e.kind.capitalize()}: {e.text}" for e in c.effects)
        cv.paragraph(draw, (inner[0], y + 3, inner[1], y1 - 10), effects, SMALL)
