"""The revealed orders of the Action Phase: every guild's order spaces side by side, with what
became of each so far (hired and built, recruited, completed, won or lost a conflict, missed,
wandered; the Fame and Gold it gained).

Drawn from the public view's revealed orders (team, objective, Gold, status and outcomes): the
plans behind them stay secret and never reach this module. A guild's column shows only the order
spaces it has; Gold shows only on orders that carry it (Hire Builders and Recruit).
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
    Box,
    text,
)
from games.guild_master.pictures.board_image import moon_name
from games.guild_master.pictures.guilds import guild_colour, guild_name, guild_symbol
from games.guild_master.presentation.text import Names
from games.guild_master.rules.content import Pack, load_pack
from games.guild_master.rules.views import (
    HIRE,
    NONE,
    OrderOutcome,
    OrderView,
    PublicView,
    carries_gold,
)

COL_GAP = 12
HEAD_H = 64
TEAM_LINE = 30
STATUS = {
    "done": ("done", cv.tint(cv.GREEN, 0.35)),
    "declined": ("declined", cv.tint(cv.VERMILION, 0.3)),
    "pending": ("to resolve", cv.tint(cv.SKY, 0.3)),
}
GOOD, BAD, PLAIN = cv.tint(cv.GREEN, 0.35), cv.tint(cv.VERMILION, 0.3), cv.tint(cv.SKY, 0.3)
# An order's latest outcome, as its chip says it.
OUTCOME = {
    "hired": ("hired", GOOD),
    "recruited": ("recruited", GOOD),
    "not_recruited": ("not recruited", BAD),
    "completed": ("completed", GOOD),
    "failed": ("failed", BAD),
    "conflict_won": ("won the conflict", GOOD),
    "conflict_lost": ("lost the conflict", BAD),
    "missed": ("missed", BAD),
    "wandered": ("wandered", PLAIN),
}


def reveal(view: PublicView, names: Names) -> bytes:
    """Every guild's revealed orders as a PNG; the public view must hold them (Action Phase)."""
    if not view.orders:
        raise ValueError("orders are revealed only in the Action Phase")
    return cv.picture(
        ("guild_master.reveal", names.pack.name, names.players, view),
        lambda: draw_reveal(view, load_pack(view.pack), names),
    )


def objective_label(code: str) -> str:
    if code == HIRE:
        return "Hire Builders"
    if code == NONE:
        return "Private or wander"
    if code in "ABCDEF":
        return f"Recruit {code}"
    return f"Contract {code}"


def gains(fame: int, gold: int) -> str:
    parts = [f"+{fame} Fame"] if fame else []
    if gold:
        parts.append(f"{gold:+d} Gold")
    return ", ".join(parts)


def outcome_words(o: OrderOutcome, pack: Pack, names: Names) -> str:
    """One outcome in a few words ("Mess Hall II +2 Fame, -3 Gold")."""
    if o.kind == "hired":
        built = [names.upgrade(u) for u in o.card.split(",") if u]
        what = " + ".join(built) if built else "no upgrade"
        return f"{what} {gains(o.fame, o.gold)}".strip()
    if o.kind == "recruited":
        return f"{names.short(o.card)} {gains(o.fame, o.gold)}".strip()
    if o.kind in ("completed", "failed"):
        card = names.contract(o.card) if o.card else "a private contract"
        return f"{card} {gains(o.fame, o.gold)}".strip()
    if o.kind == "wandered":
        return gains(o.fame, o.gold) or "nothing found"
    return ""


def _outcomes(pack: Pack, names: Names, order: OrderView) -> str:
    """What became of the order, in order ("missed; then a private contract +2 Fame"): the last
    outcome's kind is on the card's chip, so only the earlier ones are named."""
    parts = []
    last = len(order.outcomes) - 1
    for i, o in enumerate(order.outcomes):
        label = OUTCOME.get(o.kind, (o.kind, PLAIN))[0]
        words = outcome_words(o, pack, names)
        parts.append(words if i == last else f"{label} {words}".strip())
    return "; then ".join(p for p in parts if p)


def _detail(pv: PublicView, pack: Pack, order: OrderView) -> str:
    """What a pending order is after, while it is still on the board face up."""
    if order.status != "pending":
        return ""
    code = order.objective
    if code == HIRE:
        return f"next Builder {pv.board.builder_cost} Gold"
    if code == NONE:
        return "no order card"
    if code in "ABCDEF":
        spot = pv.board.adventurers["ABCDEF".index(code)]
        return pack.adventurers[spot.adventurer].name if spot.adventurer else ""
    spot_c = pv.board.contracts[int(code) - 1]
    return pack.contracts[spot_c.contract].name if spot_c.contract else ""


def _cell_height(team: int) -> int:
    return 12 + 30 + 36 + 28 + 8 + 34 + 10 + max(team, 1) * TEAM_LINE + 10


def draw_reveal(pv: PublicView, pack: Pack, names: Names) -> Image.Image:
    n = pv.players
    col = (WIDTH - 2 * MARGIN - (n - 1) * COL_GAP) // n
    spaces = sorted({o.space for orders in pv.orders for o in orders})
    rows = []
    for space in spaces:
        teams = [len(o.team) for orders in pv.orders for o in orders if o.space == space]
        rows.append(_cell_height(max(teams, default=1)))
    height = 12 + 56 + 34 + 12 + HEAD_H + 10 + sum(rows) + 10 * len(rows) + MARGIN
    img = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(img)
    y = 12
    told = any(o.outcomes for orders in pv.orders for o in orders)
    head = "Orders and what became of them" if told else "Orders revealed"
    title = f"{head} · Round {pv.round} · {moon_name(pv.round)}"
    text(draw, (MARGIN, y, WIDTH - MARGIN, y + 52), title, TITLE, bold=True, min_size=LARGE)
    y += 56
    note = "Orders resolve Hire Builders first, then Recruit A–F, then Contracts 1–6."
    text(draw, (MARGIN, y, WIDTH - MARGIN, y + 30), note, SMALL, colour=MUTED)
    y += 34 + 12
    for seat in range(n):
        x = MARGIN + seat * (col + COL_GAP)
        colour = guild_colour(names, seat)
        draw.rounded_rectangle((x, y, x + col, y + HEAD_H), radius=10, fill=cv.tint(colour, 0.35))
        cv.symbol(img, (x + 26, y + HEAD_H // 2), 15, guild_symbol(names, seat), colour)
        text(
            draw,
            (x + 50, y + 4, x + col - 10, y + HEAD_H - 4),
            guild_name(names, seat),
            BODY,
            bold=True,
            min_size=SMALL,
        )
    y += HEAD_H + 10
    for space, h in zip(spaces, rows, strict=True):
        for seat in range(n):
            x = MARGIN + seat * (col + COL_GAP)
            order = next((o for o in pv.orders[seat] if o.space == space), None)
            if order is None and space > pv.guilds[seat].order_spaces:
                continue  # a space this guild does not have
            _cell(draw, (x, y, x + col, y + h), space, order, pv, pack, names)
        y += h + 10
    return img


def _cell(
    draw: ImageDraw.ImageDraw,
    box: Box,
    space: int,
    order: OrderView | None,
    pv: PublicView,
    pack: Pack,
    names: Names,
) -> None:
    x0, y0, x1, _y1 = box
    if order is None:
        draw.rounded_rectangle(box, radius=10, fill=PAPER, outline=LINE, width=2)
        text(draw, (x0 + 12, y0 + 12, x1 - 12, y0 + 42), f"Space {space}", SMALL, colour=MUTED)
        text(draw, (x0 + 12, y0 + 42, x1 - 12, y0 + 78), "no order", BODY, colour=MUTED)
        return
    label, fill = STATUS.get(order.status, (order.status, cv.SHADE))
    if order.outcomes:
        label, fill = OUTCOME.get(order.outcomes[-1].kind, (label, fill))
    cv.card(draw, box, fill=cv.CARD if order.status == "pending" else cv.tint(cv.SHADE, 0.5))
    y = y0 + 12
    w = text(draw, (x0 + 12, y, x1 - 12, y + 30), f"Space {space}", SMALL, bold=True, colour=MUTED)
    cv.chip(
        draw,
        x0 + 12 + w + 10,
        y + 1,
        label,
        fill,
        size=SMALL,
        bold=False,
        max_right=x1 - 10,
        pad=8,
        height=28,
    )
    y += 30
    text(
        draw,
        (x0 + 12, y, x1 - 12, y + 36),
        objective_label(order.objective),
        LARGE,
        bold=True,
        min_size=SMALL,
    )
    y += 36
    told = _outcomes(pack, names, order)
    if told:  # what became of it, on up to two lines where the Gold chip would be
        cv.paragraph(draw, (x0 + 12, y, x1 - 12, y + 70), told, SMALL, colour=MUTED, max_lines=2)
    else:
        text(draw, (x0 + 12, y, x1 - 12, y + 28), _detail(pv, pack, order), SMALL, colour=MUTED)
    y += 28 + 8
    # Gold shows on orders that carry it, while it is still on them.
    if not order.outcomes and carries_gold(order.objective):
        cv.chip(
            draw,
            x0 + 12,
            y,
            f"{order.gold} Gold",
            cv.tint(cv.YELLOW, 0.5),
            size=BODY,
            max_right=x1 - 12,
            height=34,
        )
    y += 34 + 10
    for slug in order.team:
        text(draw, (x0 + 12, y, x1 - 12, y + TEAM_LINE), names.short(slug), BODY, colour=INK)
        y += TEAM_LINE
    if not order.team:
        text(draw, (x0 + 12, y, x1 - 12, y + TEAM_LINE), "no team", BODY, colour=MUTED)
