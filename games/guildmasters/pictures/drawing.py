"""The quest board and the tableaux of Guildmasters (see the package's docstring)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw

from bot.render.pictures import canvas as cv
from bot.render.pictures.canvas import BODY, INK, LARGE, MARGIN, MUTED, SMALL, TITLE, WIDTH, text
from games.guildmasters.rules.content import FORCES, load_pack
from games.guildmasters.rules.views import PublicView, QuestCard

# A colour per force; every force is also written out, so colour is never the only cue.
FORCE_COLOURS = {
    "militar": cv.VERMILION,
    "arcane": cv.BLUE,
    "shadowy": cv.PURPLE,
    "special": cv.GREEN,
}
FORCE_NAMES = {"militar": "Militar", "arcane": "Arcane", "shadowy": "Shadowy"}
QUEST_W = (WIDTH - 2 * MARGIN - 2 * 16) // 3
QUEST_H = 190
GUILD_H = 250
CHIP_LINE = 42  # a second line of chips


def _class_counts(ids: Iterable[str]) -> list[tuple[str, str, int]]:
    """(class name, force, count) of cards or tiles, in class order."""
    pack = load_pack()
    counts = Counter(pack.class_of[i] for i in ids)
    return [(c.name, c.force, counts[c.slug]) for c in pack.classes.values() if counts[c.slug]]


def _chips(draw: ImageDraw.ImageDraw, x: int, y: int, ids: Iterable[str], right: int) -> int:
    """Class chips ("2 Warrior") coloured by force, wrapped onto a second line when the first is
    full; returns the x after the last."""
    left = x
    for name, force, n in _class_counts(ids):
        label = f"{n} {name}" if n > 1 else name
        if x > left and x + cv.font(SMALL, True).getlength(label) + 20 > right:
            x, y = left, y + CHIP_LINE
        x = cv.chip(draw, x, y, label, cv.tint(FORCE_COLOURS[force], 0.55), max_right=right) + 6
    return x


def _quest(draw: ImageDraw.ImageDraw, box: cv.Box, q: QuestCard) -> None:
    pack = load_pack()
    x0, y0, x1, y1 = box
    cv.card(draw, box)
    text(
        draw,
        (x0 + 10, y0 + 8, x1 - 10, y0 + 36),
        f"L{q.level} · #{q.number} · {pack.shields[q.shield].name}",
        SMALL,
        colour=MUTED,
    )
    cv.paragraph(
        draw,
        (x0 + 10, y0 + 38, x1 - 10, y0 + 96),
        q.name,
        BODY,
        bold=True,
        max_lines=2,
        min_size=SMALL,
    )
    needs = ", ".join(pack.classes[r].name for r in q.requires)
    cv.paragraph(
        draw, (x0 + 10, y0 + 98, x1 - 10, y0 + 148), needs, SMALL, max_lines=2, min_size=SMALL
    )
    reward = [f"{q.points} prestige"]
    if q.recruit:
        reward.append(f"{pack.classes[q.recruit].name} recruit")
    if q.cycle:
        reward.append(f"{FORCE_NAMES[q.cycle]} cycle")
    text(
        draw, (x0 + 10, y1 - 38, x1 - 10, y1 - 8), " + ".join(reward), SMALL, bold=True, min_size=14
    )


def board(view: PublicView, names: Sequence[str]) -> bytes:
    """The quest board, the tavern, the rewards, the cycle supply and the decks."""
    return cv.picture(("guildmasters.board", view, tuple(names)), lambda: draw_board(view, names))


def draw_board(view: PublicView, names: Sequence[str]) -> Image.Image:
    """The board's picture (`board`)."""
    height = (
        80
        + 3 * (cv.SECTION_H + QUEST_H + 16)
        + 3 * cv.SECTION_H
        + 2 * (50 + CHIP_LINE)
        + 50
        + MARGIN
    )
    img = Image.new("RGB", (WIDTH, height), cv.PAPER)
    draw = ImageDraw.Draw(img)
    text(
        draw,
        (MARGIN, 20, WIDTH - MARGIN, 64),
        f"Guildmasters — game turn {view.game_turn}",
        TITLE,
        bold=True,
    )
    y = 80
    for level, row in enumerate(view.rows, start=1):
        y = cv.section(
            draw, y, f"Level {level} quests", f"{view.quest_decks[level - 1]} in the deck"
        )
        for i, q in enumerate(row):
            box = (
                MARGIN + i * (QUEST_W + 16),
                y,
                MARGIN + i * (QUEST_W + 16) + QUEST_W,
                y + QUEST_H,
            )
            if q is None:
                draw.rounded_rectangle(box, radius=10, outline=cv.LINE, width=2)
                text(draw, box, "empty", BODY, colour=MUTED, align="centre")
            else:
                _quest(draw, box, q)
        y += QUEST_H + 16
    y = cv.section(draw, y, "Tavern", "two of a class in hand recruit one")
    _chips(draw, MARGIN, y, view.tavern, WIDTH - MARGIN)
    y += 50 + CHIP_LINE
    y = cv.section(draw, y, "Reward recruits")
    _chips(draw, MARGIN, y, view.rewards, WIDTH - MARGIN)
    y += 50 + CHIP_LINE
    y = cv.section(draw, y, "Supply")
    x = MARGIN
    for force, n in zip(FORCES, view.cycle_supply, strict=True):
        x = (
            cv.chip(
                draw, x, y, f"{FORCE_NAMES[force]} cycle ×{n}", cv.tint(FORCE_COLOURS[force], 0.55)
            )
            + 8
        )
    text(
        draw,
        (x + 8, y, WIDTH - MARGIN, y + 36),
        f"Deck {view.deck} · discard {len(view.discard)}",
        BODY,
        colour=INK,
    )
    return img


def tableaux(view: PublicView, names: Sequence[str], me: int) -> bytes:
    """Every guild's tableau, in turn order; guild `me` outlined (-1: none)."""
    return cv.picture(
        ("guildmasters.tableaux", view, tuple(names), me), lambda: draw_tableaux(view, names, me)
    )


def draw_tableaux(view: PublicView, names: Sequence[str], me: int) -> Image.Image:
    """The tableaux' picture (`tableaux`)."""
    pack = load_pack()
    height = 80 + len(view.guilds) * (GUILD_H + 16) + MARGIN
    img = Image.new("RGB", (WIDTH, height), cv.PAPER)
    draw = ImageDraw.Draw(img)
    text(draw, (MARGIN, 20, WIDTH - MARGIN, 64), "Guildmasters — the guilds", TITLE, bold=True)
    y = 80
    for seat in view.order:
        g = view.guilds[seat]
        box = (MARGIN, y, WIDTH - MARGIN, y + GUILD_H)
        cv.card(draw, box, outline=INK if seat == me else cv.LINE)
        state = " · passed" if g.passed else (" · to play" if view.turn == seat else "")
        text(
            draw,
            (MARGIN + 14, y + 10, WIDTH - MARGIN - 14, y + 46),
            f"{names[seat]}{state}",
            LARGE,
            bold=True,
        )
        text(
            draw,
            (MARGIN + 14, y + 48, WIDTH - MARGIN - 14, y + 78),
            f"{g.points} prestige · {g.influence} influence · {g.hand} in hand · "
            + " · ".join(f"{FORCE_NAMES[f]} {n}" for f, n in g.forces),
            SMALL,
            colour=MUTED,
        )
        quests = ", ".join(
            f"{pack.quests[q].name} ({pack.shields[pack.quests[q].shield].name})" for q in g.quests
        )
        cv.paragraph(
            draw,
            (MARGIN + 14, y + 82, WIDTH - MARGIN - 14, y + 150),
            f"Quests: {quests or 'none yet'}",
            SMALL,
            max_lines=2,
            min_size=14,
        )
        text(draw, (MARGIN + 14, y + 154, MARGIN + 140, y + 190), "Recruits", SMALL, bold=True)
        ready = [t for t in g.tiles if t not in g.used]
        x = _chips(draw, MARGIN + 140, y + 154, ready, WIDTH - MARGIN - 14)
        if g.used:
            text(
                draw,
                (x + 4, y + 154, WIDTH - MARGIN - 14, y + 190),
                f"used: {', '.join(n for n, _, _ in _class_counts(g.used))}",
                SMALL,
                colour=MUTED,
            )
        cycles = Counter(g.cycles)
        line = ", ".join(f"{FORCE_NAMES[f]} ×{cycles[f]}" for f in FORCES if cycles[f]) or "none"
        text(
            draw,
            (MARGIN + 14, y + 200, WIDTH - MARGIN - 14, y + 236),
            f"Cycle tokens: {line}",
            SMALL,
        )
        y += GUILD_H + 16
    return img
