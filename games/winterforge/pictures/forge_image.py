"""One forge: the Contract, the committed Components (and Rune), each die drawn as the shape of
its sides with the value rolled (and the first roll of a rerolled die), the forge result line by
line, the total against the Forge Number, and success or failure. Drawn from the public view and
the `Forged` event, which the channel sees whole."""

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
    WHITE,
    WIDTH,
    text,
)
from games.winterforge.pictures import cards
from games.winterforge.pictures.style import (
    LOSS,
    WIN,
    die,
    heading,
    pack,
    seat_name,
    token,
)
from games.winterforge.rules.events import Forged
from games.winterforge.rules.views import PublicView

INNER = WIDTH - 2 * MARGIN
GAP = 14
HEADER_H = 112
BANNER_H = 64
CARD_W = 300
ITEM_H = 64
DIE_R = 40
DIE_STEP = 2 * DIE_R + 24
DIE_ROW_H = 2 * DIE_R + 72
DICE_PER_ROW = INNER // DIE_STEP
LINE_H = 38
PART_NAMES = {
    "component bonus": "Component bonus",
    "crew bonus": "Crew bonus",
    "work tokens": "Work tokens",
    "skill": "Skill level",
    "event": "Event",
    "rune": "Rune bonus",
}


def forge(view: PublicView, forged: Forged, names: Sequence[str]) -> bytes:
    """One forge as a PNG (from the public view and the `Forged` event)."""
    shown = tuple(names)
    return cv.picture(
        ("winterforge.forge", view, forged, shown), lambda: draw_forge(view, forged, shown)
    )


def _items(forged: Forged) -> list[str]:
    return [*forged.components, *([forged.rune] if forged.rune else [])]


def _top_h(forged: Forged) -> int:
    rows = -(-len(_items(forged)) // 2)
    return max(cards.CONTRACT_H, rows * (ITEM_H + 8) - 8)


def _dice_h(forged: Forged) -> int:
    return max(1, -(-len(forged.dice) // DICE_PER_ROW)) * DIE_ROW_H


def _sum_h(forged: Forged) -> int:
    return (len(forged.parts) + 3) * LINE_H + 10


def draw_forge(view: PublicView, forged: Forged, names: tuple[str, ...]) -> Image.Image:
    """The forge as an image."""
    height = (
        HEADER_H
        + BANNER_H
        + GAP
        + _top_h(forged)
        + GAP
        + cv.SECTION_H
        + _dice_h(forged)
        + GAP
        + cv.SECTION_H
        + _sum_h(forged)
        + MARGIN
    )
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    y = _header(img, draw, view, forged, names)
    y = _banner(draw, forged, y) + GAP
    cards.contract(draw, (MARGIN, y, MARGIN + CARD_W, y + cards.CONTRACT_H), forged.contract)
    _committed(img, draw, forged, y)
    y += _top_h(forged) + GAP
    y = heading(draw, y, WIDTH, "Dice", f"{len(forged.dice)} rolled")
    y = _dice(img, draw, forged, y) + GAP
    y = heading(draw, y, WIDTH, "Forge result")
    _sum(draw, forged, y)
    return img


def _header(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PublicView,
    forged: Forged,
    names: tuple[str, ...],
) -> int:
    g = view.guilds[forged.seat]
    token(img, draw, (MARGIN + 26, 14 + 26), 26, g.board, forged.seat)
    x = MARGIN + 66
    c = pack().contract(forged.contract)
    text(
        draw,
        (x, 12, WIDTH - MARGIN, 56),
        seat_name(names, forged.seat),
        TITLE,
        bold=True,
        min_size=BODY,
    )
    label = "forges " + ("the Royal Contract " if c.royal else "") + c.name
    text(draw, (x, 58, WIDTH - MARGIN, 92), label, LARGE, colour=MUTED, min_size=SMALL)
    return HEADER_H


def _banner(draw: ImageDraw.ImageDraw, forged: Forged, y: int) -> int:
    fill = WIN if forged.success else LOSS
    box = (MARGIN, y, WIDTH - MARGIN, y + BANNER_H)
    draw.rounded_rectangle(box, radius=12, fill=fill)
    if forged.success:
        words = f"Success: {forged.total} reaches Forge {forged.target}"
    else:
        more = f" · +{forged.tokens} Work token" + ("s" if forged.tokens != 1 else "")
        words = f"Failure: {forged.total} is short of Forge {forged.target}{more}"
    text(
        draw,
        (MARGIN + 18, y, WIDTH - MARGIN - 18, y + BANNER_H),
        words,
        TITLE,
        bold=True,
        colour=WHITE,
        min_size=SMALL,
    )
    return y + BANNER_H


def _committed(img: Image.Image, draw: ImageDraw.ImageDraw, forged: Forged, y: int) -> None:
    x = MARGIN + CARD_W + GAP
    w = (WIDTH - MARGIN - x - 10) // 2
    for i, item in enumerate(_items(forged)):
        cx = x + (i % 2) * (w + 10)
        top = y + (i // 2) * (ITEM_H + 8)
        box = (cx, top, cx + w, top + ITEM_H)
        if item in pack().components:
            cards.component(img, draw, box, item, show_cost=False)
        else:
            cards.rune(draw, box, item)


def _dice(img: Image.Image, draw: ImageDraw.ImageDraw, forged: Forged, y: int) -> int:
    rerolled = forged.rerolled[0] if forged.rerolled else -1
    first = forged.rerolled[1] if len(forged.rerolled) > 1 else 0
    for i, (sides, value) in enumerate(forged.dice):
        row, col = divmod(i, DICE_PER_ROW)
        cx = MARGIN + col * DIE_STEP + DIE_STEP // 2
        top = y + row * DIE_ROW_H
        fill = (255, 236, 190) if i == rerolled else cv.CARD
        die(img, draw, (cx, top + DIE_R + 4), DIE_R, sides, value, fill)
        below = top + 2 * DIE_R + 10
        text(
            draw,
            (cx - DIE_STEP // 2, below, cx + DIE_STEP // 2, below + 28),
            f"d{sides}",
            SMALL,
            bold=i == rerolled,
            colour=INK if i == rerolled else MUTED,
            align="centre",
        )
        if i == rerolled:
            text(
                draw,
                (cx - DIE_STEP // 2, below + 28, cx + DIE_STEP // 2, below + 54),
                f"was {first}",
                SMALL,
                bold=True,
                align="centre",
                min_size=14,
            )
    return y + _dice_h(forged)


def _sum(draw: ImageDraw.ImageDraw, forged: Forged, y: int) -> None:
    value_x = WIDTH - MARGIN - 160
    rolled = sum(v for _, v in forged.dice)
    values = " + ".join(str(v) for _, v in forged.dice)
    if forged.rerolled:
        low, first = forged.rerolled
        values += f" (the d{forged.dice[low][0]} rerolled from {first})"
    rows: list[tuple[str, str, bool]] = [(f"Dice: {values}", str(rolled), False)]
    rows += [
        (PART_NAMES.get(name, name.capitalize()), f"{amount:+d}", False)
        for name, amount in forged.parts
    ]
    rows.append(("Total", str(forged.total), True))
    rows.append(("Forge Number", str(forged.target), False))
    for i, (label, value, bold) in enumerate(rows):
        top = y + i * LINE_H
        if bold:
            draw.line((MARGIN, top, WIDTH - MARGIN, top), fill=LINE, width=2)
            draw.rectangle((MARGIN, top + 1, WIDTH - MARGIN, top + LINE_H), fill=SHADE)
        text(
            draw,
            (MARGIN + 10, top, value_x - 10, top + LINE_H),
            label,
            BODY,
            bold=bold,
            min_size=SMALL,
        )
        text(
            draw,
            (value_x, top, WIDTH - MARGIN - 10, top + LINE_H),
            value,
            BODY,
            bold=True,
            align="right",
        )
    top = y + len(rows) * LINE_H
    verdict = "Forged: the Contract is complete" if forged.success else "Not forged this time"
    if forged.prime:
        verdict += " · Prime Position: +1 Work token counted"
    text(
        draw,
        (MARGIN + 10, top, WIDTH - MARGIN, top + LINE_H),
        verdict,
        BODY,
        bold=True,
        colour=WIN if forged.success else LOSS,
        min_size=SMALL,
    )
