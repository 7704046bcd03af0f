"""What every Winterforge picture shares: the colours and letters of the skill types and the
component materials, guild tokens, die shapes, headings, and short words for the cards.

Colour is never the only cue: a skill type is drawn with its letter (W, A, J), a material with
its letter (O, T, H, G; "?" for any), a guild's token with its seat number, a die with its sides.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import INK, LINE, MARGIN, MUTED, WHITE, Box, Colour, text
from games.winterforge.rules.content import Crew, Pack, load_pack
from games.winterforge.rules.state import LORDS, SOLO

SKILL_COLOURS: dict[str, Colour] = {
    "weapons": (196, 78, 52),
    "armour": (72, 112, 160),
    "jewellery": (140, 86, 168),
}
SKILL_LETTERS = {"weapons": "W", "armour": "A", "jewellery": "J"}
SKILL_NAMES = {"weapons": "Weapons", "armour": "Armour", "jewellery": "Jewellery"}

MATERIAL_COLOURS: dict[str, Colour] = {
    "ore": (128, 132, 142),
    "timber": (156, 108, 62),
    "hide": (214, 170, 118),
    "gem": (52, 166, 160),
    "any": WHITE,
}
MATERIAL_LETTERS = {"ore": "O", "timber": "T", "hide": "H", "gem": "G", "any": "?"}
MATERIAL_NAMES = {"ore": "Ore", "timber": "Timber", "hide": "Hide", "gem": "Gem", "any": "Any"}

PLACE_NAMES = {
    "guildhall": "Guildhall",
    "market": "Market",
    "forge": "Forge",
    "tavern": "Tavern",
    "bank": "Bank",
    "shrine": "Shrine of Thommag",
    "auction-house": "Auction House",
    "thieves-guild": "Thieves' Guild",
    "runesmith": "Runesmith",
}

GOLD: Colour = (238, 186, 48)
WIN: Colour = (0, 130, 90)
LOSS: Colour = (190, 60, 30)


def pack() -> Pack:
    """The card pack (loaded once)."""
    return load_pack()


def ink_on(fill: Colour) -> Colour:
    """Ink or white, whichever reads better on `fill`."""
    r, g, b = fill
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else WHITE


def guild_colour(board: str) -> Colour:
    """A guild board's colour."""
    return cv.rgb(pack().guilds[board].colour)


def guild_name(board: str) -> str:
    """A guild board's name."""
    return pack().guilds[board].name


def seat_name(names: Sequence[str], seat: int) -> str:
    """The display name of `seat`, or "Guild N" when none was given."""
    name = names[seat].strip() if seat < len(names) else ""
    return name or f"Guild {seat + 1}"


def name_and_guild(
    draw: ImageDraw.ImageDraw, box: Box, name: str, board: str, size: int = cv.BODY
) -> None:
    """A seat's name in bold, then its guild board's name: the name is shortened first, so the
    guild always shows."""
    x0, y0, x1, y1 = box
    guild = f"({guild_name(board)})"
    room = round(cv.font(size).getlength(guild)) + 12
    drawn = text(draw, (x0, y0, x1 - room, y1), name, size, bold=True, min_size=min(size, 18))
    text(draw, (x0 + drawn + 8, y0, x1, y1), guild, size, colour=MUTED, min_size=14)


def place_name(place: str) -> str:
    """A Precinct's or an Alleyway's name."""
    return PLACE_NAMES.get(place, place.replace("-", " ").title())


def round_word(variant: str) -> str:
    """What a round is called: a day in Lords of Winterforge, a turn in the solo game."""
    return {LORDS: "Day", SOLO: "Turn"}.get(variant, "Round")


def token(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    centre: tuple[int, int],
    r: int,
    board: str,
    seat: int,
) -> None:
    """A guild's token: a disc of its colour with its seat number."""
    fill = guild_colour(board)
    cv.symbol(img, centre, r, "●", fill)
    x, y = centre
    size = max(cv.SMALL - 4, min(cv.BODY, r + 4))
    text(
        draw,
        (x - r, y - r, x + r, y + r),
        str(seat + 1),
        size,
        bold=True,
        colour=ink_on(fill),
        align="centre",
        min_size=10,
    )


def badge(
    draw: ImageDraw.ImageDraw, box: Box, fill: Colour, letter: str, size: int = cv.SMALL
) -> None:
    """A square badge of `fill` with `letter` on it (skill types and materials)."""
    draw.rounded_rectangle(box, radius=5, fill=fill, outline=INK, width=1)
    text(draw, box, letter, size, bold=True, colour=ink_on(fill), align="centre", min_size=10)


def skill_badge(draw: ImageDraw.ImageDraw, box: Box, skill: str, size: int = cv.SMALL) -> None:
    """A skill type\'s badge: its colour and letter."""
    badge(draw, box, SKILL_COLOURS[skill], SKILL_LETTERS[skill], size)


def material_badge(
    draw: ImageDraw.ImageDraw, box: Box, material: str, size: int = cv.SMALL
) -> None:
    """A material's badge: its colour and letter ("?" for any material)."""
    badge(draw, box, MATERIAL_COLOURS[material], MATERIAL_LETTERS[material], size)


def heading(draw: ImageDraw.ImageDraw, y: int, width: int, title: str, note: str = "") -> int:
    """A section heading across a picture `width` wide; returns the y below it."""
    h = 40
    drawn = text(draw, (MARGIN, y, width - MARGIN, y + h), title, cv.LARGE, bold=True)
    if note:
        nx = MARGIN + drawn + 16
        text(
            draw, (nx, y + 3, width - MARGIN, y + h), note, cv.BODY, colour=MUTED, min_size=cv.SMALL
        )
    draw.line((MARGIN, y + h + 4, width - MARGIN, y + h + 4), fill=LINE, width=2)
    return y + h + 14


# --- dice ----------------------------------------------------------------------------------------

_SUPER = 4


def _die_points(sides: int, c: float, r: float) -> list[tuple[float, float]]:
    """The outline of a die of `sides`: d4 a triangle, d6 a square, d8 a diamond, d12 a pentagon
    (the face each die shows), anything else a hexagon."""
    if sides == 4:
        return [(c, c - r), (c + r * 0.95, c + r * 0.72), (c - r * 0.95, c + r * 0.72)]
    if sides == 6:
        k = r * 0.8
        return [(c - k, c - k), (c + k, c - k), (c + k, c + k), (c - k, c + k)]
    if sides == 8:
        return [(c, c - r), (c + r * 0.9, c), (c, c + r), (c - r * 0.9, c)]
    corners = 5 if sides == 12 else 6
    return [
        (c + r * math.sin(2 * math.pi * i / corners), c - r * math.cos(2 * math.pi * i / corners))
        for i in range(corners)
    ]


@lru_cache(maxsize=64)
def _die_sprite(sides: int, r: int, fill: Colour) -> Image.Image:
    side = (2 * r + 2) * _SUPER
    big = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    c = side / 2
    d.polygon(_die_points(sides, c, r * _SUPER), fill=INK)
    d.polygon(_die_points(sides, c, (r - 3) * _SUPER), fill=fill)
    return big.reduce(_SUPER)


DIE_FILL: Colour = (250, 246, 236)


def die(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    centre: tuple[int, int],
    r: int,
    sides: int,
    value: int | None = None,
    fill: Colour = DIE_FILL,
) -> None:
    """A die of `sides` drawn as its shape, with `value` on it (its size, "d8", when no value)."""
    sprite = _die_sprite(sides, r, fill)
    x, y = centre
    img.paste(sprite, (x - r - 1, y - r - 1), sprite)
    label = f"d{sides}" if value is None else str(value)
    # a triangle's centre of room is lower than its centre
    dy = r // 4 if sides == 4 else 0
    size = max(12, int(r * (0.75 if value is not None else 0.62)))
    box = (x - r + 4, y - r // 2 + dy, x + r - 4, y + r // 2 + dy)
    text(draw, box, label, size, bold=True, colour=ink_on(fill), align="centre", min_size=10)


# --- short words for cards -----------------------------------------------------------------------


def crew_ability(crew: Crew) -> str:
    """A Crew card's ability in a few words."""
    a = crew.ability
    skill = SKILL_NAMES.get(a.skill, a.skill)
    forging = "to every forge" if a.skill == "any" else f"forging {skill}"
    words = {
        "forge_bonus": f"+{a.amount} {forging}",
        "extra_move": "1 free Move each turn",
        "market_discount": f"Components −{a.amount} Coin",
        "train_discount": f"Training −{a.amount} Coin",
        "turn_in_bonus": f"+{a.amount} Coin on Turn In",
        "reroll": "Reroll the worst die on a miss",
        "work_bonus": f"+{a.amount} Work token on a miss",
        "loan_bonus": f"+{a.amount} Coin per Loan",
        "funds_bonus": f"+{a.amount} Coin from Funds",
        "refresh_free": "Free Market/Tavern refresh",
        "contract_extra": f"Hold {a.amount} more Contract",
        "appraise": f"+{a.amount} per Auction die",
        "bodyguard": "Thieves cannot steal",
    }
    return words.get(a.kind, a.kind.replace("_", " "))


def effect_sentence(card_text: str) -> str:
    """The last sentence of a card's text: what it does (the sentences before are flavour)."""
    body = card_text.strip()
    cut = body.rstrip(".").rfind(". ")
    return body[cut + 2 :] if cut >= 0 else body


def counted(n: int, noun: str) -> str:
    """ "1 Contract", "2 Contracts"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
