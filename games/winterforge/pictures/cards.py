"""The cards as every picture draws them: a Contract, a Component, a Crew member, a Loan, a Rune.

Each is drawn into the box it is given (its text fitted to it), so the pictures lay cards out in
rows and columns of any width.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import BODY, CARD, INK, LARGE, LINE, MUTED, SMALL, Box, text
from games.winterforge.pictures.style import (
    GOLD,
    MATERIAL_NAMES,
    SKILL_NAMES,
    crew_ability,
    die,
    material_badge,
    pack,
    skill_badge,
)

CONTRACT_H = 230
COMPONENT_H = 84
CREW_H = 84
LOAN_H = 84
PAD = 10
BADGE = 28

ROYAL_FILL = (255, 247, 222)


def contract(draw: ImageDraw.ImageDraw, box: Box, slug: str) -> None:
    """A Contract (or Royal Contract): its type(s), title, Required Components, Component bonus,
    Forge Number, Coin and RP."""
    c = pack().contract(slug)
    x0, y0, x1, y1 = box
    cv.card(draw, box, fill=ROYAL_FILL if c.royal else CARD, outline=GOLD if c.royal else LINE)
    x = x0 + PAD
    y = y0 + PAD
    for skill in c.types:
        skill_badge(draw, (x, y, x + BADGE, y + BADGE), skill)
        x += BADGE + 4
    label = "Royal Contract" if c.royal else SKILL_NAMES[c.types[0]]
    text(draw, (x + 4, y, x1 - PAD, y + BADGE), label, SMALL, colour=MUTED, min_size=14)
    y += BADGE + 6
    bottom = cv.paragraph(
        draw, (x0 + PAD, y, x1 - PAD, y + 56), c.name, BODY, bold=True, max_lines=2, min_size=18
    )
    y = max(bottom, y + 28) + 6
    x = x0 + PAD
    for material in c.slots:
        if x + BADGE > x1 - PAD:
            break
        material_badge(draw, (x, y, x + BADGE, y + BADGE), material)
        x += BADGE + 4
    y += BADGE + 4
    text(draw, (x0 + PAD, y, x1 - PAD, y + 24), f"Pays {c.coin} Coin", SMALL, min_size=14)
    y += 24
    if c.bonus_material:
        bonus = f"Bonus +{c.bonus} per {MATERIAL_NAMES[c.bonus_material]}"
        text(draw, (x0 + PAD, y, x1 - PAD, y + 24), bonus, SMALL, min_size=14)
    fy = y1 - PAD - 36
    fw = min(120, (x1 - x0) * 3 // 5)
    draw.rounded_rectangle((x0 + PAD, fy, x0 + PAD + fw, fy + 36), radius=8, fill=INK)
    text(
        draw,
        (x0 + PAD + 6, fy, x0 + PAD + fw - 6, fy + 36),
        f"Forge {c.forge}",
        BODY,
        bold=True,
        colour=CARD,
        align="centre",
        min_size=14,
    )
    text(
        draw,
        (x0 + PAD + fw + 6, fy, x1 - PAD, fy + 36),
        f"{c.rp} RP",
        LARGE,
        bold=True,
        align="right",
        min_size=14,
    )


def component(
    img: Image.Image, draw: ImageDraw.ImageDraw, box: Box, cid: str, *, show_cost: bool = True
) -> None:
    """A Component: its type (badge and word), title, level, cost and the dice it supplies (the
    title across the top, the dice beside the details below it)."""
    c = pack().components[cid]
    x0, y0, x1, y1 = box
    cv.card(draw, box)
    h = y1 - y0
    b = min(36, h - 2 * PAD)
    top = y0 + (h - b) // 2
    material_badge(draw, (x0 + PAD, top, x0 + PAD + b, top + b), c.material, BODY)
    tx0 = x0 + PAD + b + 8
    mid = y0 + h // 2
    text(draw, (tx0, y0 + 3, x1 - PAD, mid), c.name, SMALL, bold=True, min_size=17)
    r = min(20, (y1 - mid) // 2 + 2)
    dx = x1 - PAD - r
    for sides in reversed(c.dice):
        die(img, draw, (dx, mid + (y1 - mid) // 2 - 1), r, sides)
        dx -= 2 * r + 4
    # In the Market the row names the level and the cost matters; in a stockpile it is paid.
    more = f"{c.cost} Coin" if show_cost else f"Level {c.level}"
    detail = f"{MATERIAL_NAMES[c.material]} · {more}"
    text(draw, (tx0, mid, dx + r - 2, y1 - 3), detail, SMALL, colour=MUTED, min_size=16)


def crew(draw: ImageDraw.ImageDraw, box: Box, slug: str) -> None:
    """A Crew member: title, Hire Cost and ability in short."""
    c = pack().crew[slug]
    x0, y0, x1, y1 = box
    cv.card(draw, box)
    mid = y0 + (y1 - y0) // 2
    cost = f"{c.cost} Coin"
    cw = cv.font(SMALL, True).getlength(cost) + 24
    text(draw, (x0 + PAD, y0 + 4, x1 - PAD - int(cw), mid), c.name, SMALL, bold=True, min_size=14)
    cv.chip(draw, int(x1 - PAD - cw), y0 + 8, cost, GOLD, max_right=x1 - PAD, height=28)
    text(draw, (x0 + PAD, mid, x1 - PAD, y1 - 4), crew_ability(c), SMALL, colour=INK, min_size=14)


def loan(draw: ImageDraw.ImageDraw, box: Box, slug: str, note: str = "") -> None:
    """A Loan: title, the Coin it gives and the Coin that repays it (and `note`, how it stands)."""
    c = pack().loans[slug]
    x0, y0, x1, y1 = box
    cv.card(draw, box)
    mid = y0 + (y1 - y0) // 2
    text(draw, (x0 + PAD, y0 + 4, x1 - PAD, mid), c.name, SMALL, bold=True, min_size=14)
    terms = f"Take {c.take} · Repay {c.repay}"
    if note:
        terms += f" · {note}"
    text(draw, (x0 + PAD, mid, x1 - PAD, y1 - 4), terms, SMALL, min_size=14)


def rune_words(slug: str) -> str:
    """A Rune's effect in a few words."""
    r = pack().runes[slug]
    return {
        "bonus": f"+{r.amount} to the forge",
        "die": f"an extra d{r.die}",
        "reroll": "reroll the worst die on a miss",
        "wild": "fills any one slot",
    }.get(r.kind, r.kind)


def rune(draw: ImageDraw.ImageDraw, box: Box, slug: str) -> None:
    """A Rune card: title and effect."""
    r = pack().runes[slug]
    x0, y0, x1, y1 = box
    cv.card(draw, box, fill=(236, 240, 250))
    mid = y0 + (y1 - y0) // 2
    text(draw, (x0 + PAD, y0 + 2, x1 - PAD, mid), r.name, SMALL, bold=True, min_size=14)
    text(
        draw, (x0 + PAD, mid, x1 - PAD, y1 - 2), rune_words(slug), SMALL, colour=MUTED, min_size=14
    )
