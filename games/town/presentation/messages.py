"""The messages a command asks for: status, the board, one's hand, and the final ranking.

Status, the board and the ranking are made from the public view; the hand from the seat's own
view, for that seat alone. Long lists are shortened to Discord's limits (`clip`), never split.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.presentation import Table, when
from bot.render.ui import Embed, EmbedField, Message, clip
from engine.core import offers as of
from games.town.presentation import prompts as p
from games.town.presentation import words as w
from games.town.rules.cards import CATEGORY_NAMES
from games.town.rules.views import PublicView, SeatSummary, SeatView

EMBED_BUDGET = 5800  # of Discord's 6,000 characters per message's embeds
LEGEND = f"{w.EARNED} bonus earned · {w.UNEARNED} bonus not yet earned · {w.LEADER} leads"


def public_of(view: PublicView | SeatView) -> PublicView:
    """The public view, whichever audience's view it is."""
    return view.public if isinstance(view, SeatView) else view


def status(table: Table) -> Message:
    """`/gm status`: the turn and phase, whom the game waits for, the deck, and every player."""
    pv = public_of(table.view)
    names = p.names_of(table)
    lines = []
    if pv.over:
        winner = names[pv.winner] if pv.winner is not None else "nobody"
        lines.append(f"The game is over after turn {pv.turn}: **{winner}** wins.")
    else:
        lines.append(
            f"Turn {pv.turn} (round {pv.round}) — **{names[pv.current]}**: "
            f"{w.stage_name(pv.stage)}."
        )
    if table.paused:
        lines.append("The game is **paused**.")
    if pv.waiting:
        who = ", ".join(f"{names[x.seat]} ({w.KINDS.get(x.kind, x.kind)})" for x in pv.waiting)
        lines.append(f"Waiting for: {who}.")
    if table.due is not None and not pv.over:
        lines.append(f"Deadline {when(table.due)}.")
    lines.append(
        f"Deck: {w.count(pv.deck, 'card')} left · discard pile: {pv.discard_pile} face down."
    )
    open_ = [o for o in pv.offers if o.status == of.OPEN]
    if open_:
        lines.append(
            "Open offers: "
            + "; ".join(
                f"{o.id}: {names[o.by]} → {w.join([names[s] for s in o.to], 'or')}, "
                f"{o.gives} for {o.asks}"
                for o in open_
            )
            + "."
        )
    players = "\n".join(_player_line(pv, s, names) for s in pv.order)
    embed = Embed(
        title=f"{w.TITLE} — game {table.game_id}",
        description=clip("\n".join(lines), 4096),
        fields=(EmbedField("Players, in turn order", clip(players, 1024)),),
        colour=w.COLOUR,
    )
    return Message(embeds=(embed,)).check()


def _player_line(pv: PublicView, seat: int, names: Sequence[str]) -> str:
    s = pv.seats[seat]
    leads = ", ".join(s.won) or "—"
    return (
        f"{s.position + 1}. **{names[seat]}** — {s.hand} in hand · {s.cards_built} built · "
        f"{w.count(s.total, 'point')} · leads {leads}"
    )


def standings_lines(pv: PublicView, names: Sequence[str]) -> list[str]:
    """Each category: who leads it, and the points of everybody who has some."""
    out = []
    for cat in pv.categories:
        seats = sorted((s for s in pv.order if cat.scores[s]), key=lambda s: -cat.scores[s])
        scores = " · ".join(
            f"{w.LEADER if s in cat.leaders else ''}{names[s]} {cat.scores[s]}" for s in seats
        )
        out.append(f"`{cat.category}` {cat.name}: {scores or 'nobody yet'}")
    return out


def town_text(summary: SeatSummary) -> str:
    """A town grouped by category: "**T 9** 👑 Cross Roads, Trade Route ★"."""
    if not summary.town:
        return "Nothing built yet."
    lines = []
    for group in summary.town:
        lead = f" {w.LEADER}" if group.category in summary.won else ""
        cards = ", ".join(
            c.name
            + (f" {w.EARNED if c.bonus_active else w.UNEARNED}" if c.bonus_card is not None else "")
            for c in group.cards
        )
        lines.append(f"**{group.category} {group.points}**{lead} {cards}")
    return "\n".join(lines)


def board_message(table: Table, files: tuple[tuple[str, bytes], ...] = ()) -> Message:
    """`/gm board`: who leads each category, and every town grouped by category."""
    pv = public_of(table.view)
    names = p.names_of(table)
    head = standings_lines(pv, names)
    description = clip("\n".join(head), 2000)
    room = (EMBED_BUDGET - len(description) - len(LEGEND) - 60) // max(1, pv.players)
    fields = []
    for seat in pv.order:
        s = pv.seats[seat]
        name = clip(f"{names[seat]} — {w.count(s.total, 'point')}, leads {len(s.won)}", 256)
        fields.append(EmbedField(name, clip(town_text(s), min(1024, room - len(name)))))
    stage = "the end" if pv.over else f"turn {pv.turn}"
    embed = Embed(
        title=f"The towns at {stage}",
        description=description,
        fields=tuple(fields),
        colour=w.COLOUR,
        footer=LEGEND,
    )
    return Message(embeds=(embed,), files=files).check()


def hand_message(table: Table) -> Message:
    """`/gm hand`: the seat's own hand, what building each category would add, its offers in
    this trade phase and its face-down discards."""
    view = p.seat_view(table)
    names = p.names_of(table)
    lines = [p.hand_lines(view.hand)]
    gains = p.building(view)
    if gains:
        lines += [
            "",
            "**If you built now**",
            " · ".join(f"{c} +{gain} ({', '.join(cards)})" for c, gain, cards in gains),
        ]
    if view.offers:
        lines += ["", "**Your offers in this trade phase**"]
        lines += [p.offer_summary(view, o, names) for o in view.offers]
    if view.discarded:
        lines += ["", f"**Your discards (face down):** {w.labels(view.discarded)}"]
    title = f"Your hand — {w.count(len(view.hand), 'card')} (only you can see this)"
    embed = Embed(title=title, description=clip("\n".join(lines), 4096), colour=w.COLOUR)
    rows = (p.nav(table),) if p.trading_now(view) else ()
    return Message(embeds=(embed,), rows=rows).check()


def final_message(
    pv: PublicView, names: Sequence[str], files: tuple[tuple[str, bytes], ...] = ()
) -> Message:
    """The end of the game: why it ended and the ranking, with the categories each won."""
    why = (
        "The last card has been drawn."
        if pv.end_reason == "deck"
        else "A whole round passed without a card drawn, discarded or built."
    )
    lines = [why, ""]
    for r in pv.ranking:
        won = f": {', '.join(r.won)}" if r.won else ""
        lines.append(
            f"{r.place}. **{names[r.seat]}** — leads "
            f"{w.count(len(r.won), 'category', 'categories')}{won} ({r.won_alone} alone); "
            f"{w.count(r.total, 'point')}, {w.count(r.cards_built, 'card')} built"
        )
    lines += [
        "",
        "Ranked by categories led, then led alone, then points, then cards built, then the "
        "later place in the turn order.",
    ]
    winner = names[pv.winner] if pv.winner is not None else "Nobody"
    embed = Embed(
        title=f"{winner} wins {w.TITLE}!",
        description=clip("\n".join(lines), 4096),
        colour=w.COLOUR,
        footer="Categories: " + " · ".join(f"{c} {n}" for c, n in CATEGORY_NAMES.items()),
    )
    return Message(embeds=(embed,), files=files).check()
