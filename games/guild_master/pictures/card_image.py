"""One card or upgrade of a pack as a small picture, for `/gm card`: its name, what kind of card
it is with its costs and rewards, its skills or targets as chips, and its text.

Cards are public (every card of the pack can be looked up), so this draws from the pack alone,
by the pack's name and the card's slug (cheap to send to the picture worker)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import BODY, LARGE, MARGIN, MUTED, PAPER, SMALL, WIDTH, text
from games.guild_master.presentation import cards
from games.guild_master.rules.cards import RANKS, SKILLS
from games.guild_master.rules.content import Pack, load_pack

BAND = 14


def card(pack_name: str, slug: str) -> bytes:
    """The card `slug` of the pack called `pack_name` as a PNG (KeyError if it has none)."""
    return cv.picture(
        ("guild_master.card", pack_name, slug), lambda: draw_card(load_pack(pack_name), slug)
    )


def _face(pack: Pack, slug: str) -> tuple[str, str, list[str], str, cv.Colour]:
    """(name, kind line, chips, text, colour) of a card."""
    if slug in pack.adventurers:
        a = pack.adventurers[slug]
        fame = f" · {a.fame} Fame when recruited" if a.fame else ""
        chips = [f"{cards.SKILL_SHORT[s]} {a.skills[s]}" for s in SKILLS if s in a.skills]
        body = a.ability.text if a.ability is not None else "No ability."
        kind = f"Adventurer · {RANKS[a.rank].capitalize()}{fame}"
        return f"{a.name} {a.title}", kind, chips, body, cv.SKY
    if slug in pack.contracts:
        c = pack.contracts[slug]
        chips = [f"{cards.SKILL_SHORT[t.skill]} {t.value}" for t in c.targets]
        body = " ".join(f"{e.kind.capitalize()}: {e.text}" for e in c.effects) or "No effect."
        kind = f"Contract · {c.level.capitalize()} · {c.gold} Gold · {c.fame} Fame"
        return c.name, kind, chips, body, cv.LEVEL_COLOURS.get(c.level, cv.SKY)
    if slug in pack.skill_upgrades:
        u = pack.skill_upgrades[slug]
        skill = [cards.SKILL_SHORT[u.skill]]
        return u.name, "Skill upgrade", skill, cards.skill_upgrade(u), cv.GREEN
    if slug in pack.core_upgrades:
        u = pack.core_upgrades[slug]
        return u.name, "Core upgrade", [], cards.core_upgrade(u), cv.YELLOW
    u = pack.prestige[slug]
    return u.name, "Prestige upgrade", [], cards.prestige_upgrade(u), cv.PURPLE


def draw_card(pack: Pack, slug: str) -> Image.Image:
    name, kind, chips, body, colour = _face(pack, slug)
    inner = WIDTH - 2 * MARGIN - 40
    lines = cv.wrapped_lines(body, inner, BODY)
    height = 2 * MARGIN + BAND + 12 + 88 + (48 if chips else 0) + cv.lines_height(lines, BODY) + 24
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    box = (MARGIN, MARGIN, WIDTH - MARGIN, height - MARGIN)
    cv.card(draw, box)
    draw.rounded_rectangle((box[0], box[1], box[2], box[1] + BAND), radius=8, fill=colour)
    x0, x1 = box[0] + 20, box[2] - 20
    y = box[1] + BAND + 12
    text(draw, (x0, y, x1, y + 44), name, cv.TITLE, bold=True, min_size=LARGE)
    y += 48
    text(draw, (x0, y, x1, y + 30), kind, BODY, colour=MUTED, min_size=SMALL)
    y += 40
    x = x0
    for label in chips:
        x = cv.chip(draw, x, y, label, cv.tint(colour, 0.45), size=BODY, max_right=x1) + 10
    if chips:
        y += 48
    cv.paragraph(draw, (x0, y, x1, box[3] - 16), body, BODY, min_size=SMALL)
    return img
