"""One guild's sheet: its adventurers, upgrades, Gold and completed contracts, and (only in the
picture for the guild's own DM, `private=True`) its private contracts.

The public part is drawn from the public view's GuildView; the private contracts come from the
guild's own view, which the private picture is drawn from.
"""

from __future__ import annotations

from collections.abc import Hashable

from PIL import Image, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import (
    BODY,
    INK,
    MARGIN,
    MUTED,
    PAPER,
    SMALL,
    TITLE,
    WIDTH,
    Box,
    text,
)
from games.guild_master.pictures.board_image import NBSP, RANK_NAMES, targets_text
from games.guild_master.pictures.guilds import guild_colour, guild_name, guild_symbol
from games.guild_master.presentation.cards import SKILL_SHORT
from games.guild_master.presentation.text import LEVEL_NAMES, Names
from games.guild_master.rules.cards import SKILLS, Adventurer, Contract
from games.guild_master.rules.content import Pack, load_pack
from games.guild_master.rules.views import CompletedContract, GuildView, PublicView, SeatView

INNER = WIDTH - 2 * MARGIN
TILE_GAP = 14
TILE_W = (INNER - TILE_GAP) // 2
TEXT_W = TILE_W - 24
CORE = {
    "stables": ("Stables", "order spaces"),
    "mess_hall": ("Mess Hall", "adventurers per team"),
    "bar": ("Bar", "Gold income each round"),
}
ROMAN = ("", "I", "II", "III", "IV")
SIDES = {"fixer": "fixer side", "reroll": "re-roll side"}


def guild_sheet(view: PublicView | SeatView, names: Names, seat: int, private: bool) -> bytes:
    """Guild `seat`'s sheet as a PNG; with `private`, its private contracts too, which only
    that guild's own view holds."""
    public = view.public if isinstance(view, SeatView) else view
    if not 0 <= seat < public.players:
        raise ValueError(f"no guild in seat {seat}")
    secret = None
    if private:
        if not (isinstance(view, SeatView) and view.seat == seat):
            raise ValueError(f"the private sheet of seat {seat} is drawn from its own view")
        secret = view.private_contracts
    g = public.guilds[seat]
    return cv.picture(
        ("guild_master.guild_sheet", public.pack, names.pack.name, names.players, g, secret),
        lambda: draw_sheet(g, load_pack(public.pack), names, secret),
    )


# Each tile is (height, what it shows, draw(img, draw, box)); tiles are laid out two to a row.
# What it shows is its texts and colours: the cache key of its drawing (`canvas.tile`), as the
# same cards recur in every game of a pack.
Tile = tuple[int, Hashable, cv.Paint]


def _skills(adv: Adventurer) -> str:
    return " · ".join(f"{SKILL_SHORT[s]}{NBSP}{adv.skills[s]}" for s in SKILLS if s in adv.skills)


def _adventurer_tile(adv: Adventurer) -> Tile:
    rank = RANK_NAMES[adv.rank]
    line2 = f"{rank} · {_skills(adv)}"
    ability = adv.ability.text if adv.ability else ""
    ab_lines = min(3, cv.wrapped_lines(ability, TEXT_W, SMALL)) if ability else 0
    h = 12 + 32 + 30 + (6 + cv.lines_height(ab_lines, SMALL) if ab_lines else 0) + 12

    name = f"{adv.name} {adv.title}"

    def paint(_img: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
        x0, y0, x1, y1 = box
        cv.card(draw, box)
        y = y0 + 12
        text(draw, (x0 + 12, y, x1 - 12, y + 32), name, BODY, bold=True)
        y += 32
        text(draw, (x0 + 12, y, x1 - 12, y + 30), line2, BODY, min_size=SMALL)
        y += 30
        if ability:
            cv.paragraph(draw, (x0 + 12, y + 6, x1 - 12, y1 - 12), ability, SMALL, colour=MUTED)

    return h, ("adventurer", name, line2, ability), paint


def _contract_tile(c: Contract, done: CompletedContract | None) -> Tile:
    effects = [e for e in c.effects if done is None or (e.kind == "boon" and done.boon)]
    lines = []
    for e in effects:
        prefix = "Boon ready" if done is not None else e.kind.capitalize()
        lines.append(f"{prefix}: {e.text}")
    if done is not None and done.stored:
        lines.append("Dice stored on it: " + ", ".join(str(d) for d in done.stored))
    body = "\n".join(lines)
    n = cv.wrapped_lines(body, TEXT_W, SMALL) if body else 0
    h = 12 + 32 + 30 + 30 + (6 + cv.lines_height(n, SMALL) if n else 0) + 12
    colour = cv.LEVEL_COLOURS.get(c.level, MUTED)
    worth = f"{LEVEL_NAMES.get(c.level, c.level)} · {c.gold} Gold · {c.fame} Fame"
    targets = targets_text(c)

    def paint(_img: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
        x0, y0, x1, y1 = box
        cv.card(draw, box)
        draw.rounded_rectangle((x0 + 2, y0 + 2, x0 + 10, y1 - 2), radius=4, fill=colour)
        y = y0 + 12
        text(draw, (x0 + 20, y, x1 - 12, y + 32), c.name, BODY, bold=True, min_size=SMALL)
        y += 32
        text(draw, (x0 + 20, y, x1 - 12, y + 30), worth, BODY)
        y += 30
        text(draw, (x0 + 20, y, x1 - 12, y + 30), targets, BODY, colour=MUTED)
        y += 30
        if body:
            cv.paragraph(draw, (x0 + 20, y + 6, x1 - 12, y1 - 12), body, SMALL)

    return h, ("contract", c.name, colour, worth, targets, body), paint


def _list_tile(title: str, rows: list[str]) -> Tile:
    h = 12 + 34 + len(rows) * 30 + 12

    def paint(_img: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
        x0, y0, x1, _y1 = box
        cv.card(draw, box)
        y = y0 + 12
        text(draw, (x0 + 12, y, x1 - 12, y + 32), title, BODY, bold=True)
        y += 34
        for row in rows:
            text(draw, (x0 + 12, y, x1 - 12, y + 30), row, BODY, min_size=SMALL)
            y += 30

    return h, ("list", title, tuple(rows)), paint


def _text_tile(title: str, body: str) -> Tile:
    n = cv.wrapped_lines(body, TEXT_W, SMALL)
    h = 12 + 34 + cv.lines_height(n, SMALL) + 12

    def paint(_img: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
        x0, y0, x1, y1 = box
        cv.card(draw, box)
        text(draw, (x0 + 12, y0 + 12, x1 - 12, y0 + 44), title, BODY, bold=True)
        cv.paragraph(draw, (x0 + 12, y0 + 46, x1 - 12, y1 - 12), body, SMALL)

    return h, ("text", title, body), paint


def _rows(tiles: list[Tile]) -> list[int]:
    return [max(t[0] for t in tiles[i : i + 2]) for i in range(0, len(tiles), 2)]


def _lay(img: Image.Image, y: int, tiles: list[Tile]) -> int:
    for i, h in enumerate(_rows(tiles)):
        for j, (_h, key, paint) in enumerate(tiles[2 * i : 2 * i + 2]):
            x = MARGIN + j * (TILE_W + TILE_GAP)
            cv.tile(img, (x, y, x + TILE_W, y + h), key, paint)
        y += h + TILE_GAP
    return y


def _banner(name: str, colour: cv.Colour, shape: str) -> cv.Paint:
    """The guild's name on its colour, its symbol beside it."""

    def paint(img: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
        x0, y0, x1, y1 = box
        draw.rounded_rectangle(box, radius=12, fill=cv.tint(colour, 0.3))
        cv.symbol(img, (x0 + 42, y0 + 42), 24, shape, colour, INK, 3)
        text(draw, (x0 + 80, y0 + 8, x1 - 16, y1 - 8), name, TITLE, bold=True, min_size=BODY)

    return paint


def _stat(label: str, value: str) -> cv.Paint:
    """One figure of the guild (Fame, Gold, ...) on a card of its own."""

    def paint(_img: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
        x0, y0, x1, _y1 = box
        cv.card(draw, box)
        text(draw, (x0 + 8, y0 + 8, x1 - 8, y0 + 36), label, SMALL, colour=MUTED, align="centre")
        text(
            draw,
            (x0 + 8, y0 + 40, x1 - 8, y0 + 88),
            value,
            TITLE,
            bold=True,
            align="centre",
            min_size=BODY,
        )

    return paint


def draw_sheet(
    g: GuildView, pack: Pack, names: Names, private: tuple[str, ...] | None
) -> Image.Image:
    seat = g.seat
    advs = [_adventurer_tile(pack.adventurers[s]) for s in g.adventurers]
    cores = []
    for kind, (name, what) in CORE.items():
        level = getattr(g, kind)
        value = {"stables": g.order_spaces, "mess_hall": g.team_size, "bar": g.income}[kind]
        cores.append(f"{name} {ROMAN[level] if level < len(ROMAN) else level}: {value} {what}")
    skills = [
        f"{pack.skill_upgrades[u.slug].name} ({SKILL_SHORT[pack.skill_upgrades[u.slug].skill]}), "
        f"{SIDES.get(u.side, u.side)}"
        for u in g.skill_upgrades
        if u.slug in pack.skill_upgrades
    ]
    upgrades = [
        _list_tile("Core upgrades", cores),
        _list_tile("Skill upgrades", skills or ["none"]),
    ]
    if g.prestige and g.prestige in pack.prestige:
        p = pack.prestige[g.prestige]
        upgrades.append(_text_tile(f"Prestige: {p.name}", p.text))
    done = [_contract_tile(pack.contracts[c.slug], c) for c in g.completed]
    secret = [_contract_tile(pack.contracts[s], None) for s in private or ()]

    sections: list[tuple[str, str, list[Tile]]] = [
        ("Adventurers", str(len(advs)), advs),
        ("Upgrades", "", upgrades),
        ("Completed contracts", str(len(done)), done),
    ]
    if private is not None:
        sections.append(("Private contracts", "secret: only your guild sees this", secret))
    height = 12 + 84 + 14 + 96 + 16
    for _title, _note, tiles in sections:
        height += (
            cv.SECTION_H + (sum(_rows(tiles)) + TILE_GAP * len(_rows(tiles)) if tiles else 44) + 8
        )
    if private is None:
        height += 44
    height += MARGIN

    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    y = 12
    banner = (guild_name(names, seat), guild_colour(names, seat), guild_symbol(names, seat))
    cv.tile(img, (MARGIN, y, WIDTH - MARGIN, y + 84), ("banner", *banner), _banner(*banner))
    y += 84 + 14
    stats = [
        ("Fame", str(g.fame)),
        ("Gold", str(g.gold)),
        ("Income", f"{g.income} Gold"),
        ("Order spaces", str(g.order_spaces)),
        ("Team size", str(g.team_size)),
    ]
    sw = (INNER - 4 * 12) // 5
    for i, (label, value) in enumerate(stats):
        x = MARGIN + i * (sw + 12)
        cv.tile(img, (x, y, x + sw, y + 96), ("stat", label, value), _stat(label, value))
    y += 96 + 16
    for title, note, tiles in sections:
        y = cv.section(draw, y, title, note)
        if tiles:
            y = _lay(img, y, tiles)
        else:
            text(draw, (MARGIN, y, WIDTH - MARGIN, y + 32), "none yet", BODY, colour=MUTED)
            y += 44
        y += 8
    if private is None:
        count = g.private_contracts
        word = "contract" if count == 1 else "contracts"
        line = f"Private contracts: {count} {word}, kept secret"
        text(draw, (MARGIN, y, WIDTH - MARGIN, y + 32), line, BODY, colour=MUTED)
    return img
