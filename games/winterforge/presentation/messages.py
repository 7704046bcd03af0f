"""The messages a command asks for: status, the board, one's hand, and the final scoring.

Status, the board and the scoring are made from the public view; the hand from the seat's own
view, for that seat alone. Long lists are shortened to Discord's limits (`clip`), never split.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.presentation import Table, when
from bot.render.ui import Embed, EmbedField, Message, clip
from games.winterforge.presentation import prompts as p
from games.winterforge.presentation import words as w
from games.winterforge.presentation.narration import ENDINGS, public_of
from games.winterforge.rules.content import SKILLS
from games.winterforge.rules.state import LORDS, SOLO, SOLO_TURNS
from games.winterforge.rules.views import GuildView, PublicView

FILES = tuple[tuple[str, bytes], ...]


def where(pv: PublicView, names: Sequence[str]) -> str:
    """Where the game stands, in one line."""
    t = pv.turn
    if pv.result is not None:
        return "The game is over."
    if any(g.choosing for g in pv.guilds):
        return "Set Up: the guilds are choosing their Royal Contracts."
    if pv.variant == SOLO:
        head = f"Turn {t.number} of {SOLO_TURNS}"
    else:
        head = f"{'Day' if pv.variant == LORDS else 'Round'} {t.round}"
    who = names[t.seat] if t.seat < len(names) else f"Player {t.seat + 1}"
    return f"{head} — it is **{who}**'s turn ({t.actions} of {t.allowed} actions taken)."


def guild_line(g: GuildView, names: Sequence[str]) -> str:
    """ "**Ana** (Cinderhand) — 5 Coin · W3 A2 J1 · the Market ★ · 2 in hand · 1 done"."""
    skills = " ".join(f"{s[0].upper()}{g.skills[i]}" for i, s in enumerate(SKILLS))
    at = (
        "Smiths in " + (w.join([w.place(x) for x in g.placed]) if g.placed else "none yet")
        if not g.at
        else w.place(g.at) + (" (Prime Position)" if g.prime else "")
    )
    extra = []
    if g.started:
        extra.append(
            "face up: "
            + ", ".join(f"{w.contract_name(s.contract)} ({s.tokens} Work)" for s in g.started)
        )
    if g.crew:
        extra.append("Crew: " + ", ".join(w.crew_name(c) for c in g.crew))
    unpaid = sum(1 for h in g.loans if not h.repaid)
    if unpaid:
        extra.append(w.count(unpaid, "unpaid Loan"))
    if g.royal:
        extra.append(f"Royal: {w.contract_name(g.royal)}")
    if g.faith:
        extra.append(w.count(g.faith, "Faith token"))
    tail = (" · " + " · ".join(extra)) if extra else ""
    return (
        f"**{names[g.seat]}** ({w.board_name(g.board)}) — {g.coin} Coin · {skills} · {at} · "
        f"{g.hand} in hand · {len(g.completed) + len(g.held)} done · "
        f"{w.count(len(g.stockpile), 'Component')}{tail}"
    )


def status(table: Table) -> Message:
    """`/gm status`: where the game stands, whom it waits for, and every guild."""
    pv = public_of(table.view)
    names = p.names_of(table)
    lines = [where(pv, names)]
    waiting = [g.seat for g in pv.guilds if g.choosing]
    if waiting:
        lines.append("Waiting for: " + w.join([names[s] for s in waiting]) + ".")
    if pv.turn.event and pv.result is None:
        lines.append(f"This turn's Event: **{w.event_name(pv.turn.event)}**.")
    if pv.ending and pv.result is None:
        period = "day" if pv.variant == LORDS else "round"
        lines.append(f"The game ends with this {period}: {ENDINGS.get(pv.ending, pv.ending)}.")
    if table.paused:
        lines.append("The game is **paused**.")
    if table.due is not None and pv.result is None:
        lines.append(f"Deadline {when(table.due)}.")
    lines.append(
        f"Contract deck: {pv.contract_deck} · job track: {sum(1 for c in pv.job_track if c)}"
        + (f" · Events left: {pv.events_left}" if pv.variant == SOLO else "")
    )
    guilds = "\n".join(guild_line(pv.guilds[s], names) for s in pv.order)
    embed = Embed(
        title=f"{w.TITLE} — game {table.game_id}",
        description=clip("\n".join(lines), 4096),
        fields=(EmbedField("Guilds, in turn order", clip(guilds, 1024)),),
        colour=w.COLOUR,
    )
    return Message(embeds=(embed,)).check()


def board_message(table: Table, files: FILES = ()) -> Message:
    """`/gm board`: the job track, the Market, the Tavern, the Bank, the Prime Positions."""
    pv = public_of(table.view)
    names = p.names_of(table)
    track = "\n".join(f"• {w.contract_line(c)}" for c in pv.job_track if c) or "empty"
    market = "\n".join(
        f"**L{level}** " + " · ".join(w.component_line(c) for c in row if c)
        for level, row in enumerate(pv.market, 1)
    )
    tavern = "\n".join(f"• {w.crew_line(c)}" for c in pv.tavern) or "empty"
    bank = "\n".join(f"• {w.loan_line(x)}" for x in pv.bank) or "no Loans left"
    primes = w.join([f"{w.place(place)}: {names[s]}" for place, s in pv.primes]) or "all free"
    decks = (
        f"Contracts {pv.contract_deck} · Components {'/'.join(map(str, pv.component_decks))} · "
        f"Crew {pv.crew_deck} · Loans {pv.loan_deck}"
    )
    if "runesmith" in pv.alleyways:
        decks += f" · Runes {pv.rune_deck}"
    if "shrine" in pv.alleyways:
        decks += f" · Faith tokens at the Shrine {pv.shrine}"
    fields = (
        EmbedField("Job track", clip(track, 1024)),
        EmbedField("Market", clip(market, 1024)),
        EmbedField("Tavern", clip(tavern, 1024)),
        EmbedField("Bank", clip(bank, 1024)),
        EmbedField("Prime Positions", clip(primes, 1024)),
        EmbedField("Decks", clip(decks, 1024)),
    )
    embed = Embed(
        title=f"Winterforge — {where(pv, names).split(' — ')[0].rstrip('.')}",
        description=clip("\n".join(guild_line(pv.guilds[s], names) for s in pv.order), 4096),
        fields=fields,
        colour=w.COLOUR,
    )
    return Message(embeds=(_fit(embed),), files=files).check()


def _fit(embed: Embed) -> Embed:
    """Shorten the description so the whole embed keeps within Discord's 6,000 characters."""
    rest = len(embed.title) + sum(len(f.name) + len(f.value) for f in embed.fields)
    room = max(100, 5900 - rest)
    return Embed(
        title=embed.title,
        description=clip(embed.description, room),
        fields=embed.fields,
        colour=embed.colour,
        footer=embed.footer,
    )


def hand_message(table: Table, files: FILES = ()) -> Message:
    """`/gm hand`: the seat's own Contracts (with the odds of forging each now), its Royal
    Contract, stockpile and Faith."""
    view = p.seat_view(table)
    prime = "forge" in view.means.prime_ok
    lines = ["**Your Contracts**", *p.contract_lines(view, prime), "", *p.holdings(view)]
    if view.royal_offer:
        lines += ["", "**Royal Contracts dealt to you** (keep one with the DM's buttons)"]
        lines += [f"• {w.contract_line(r)}" for r in view.royal_offer]
    embed = p.embed("Your guild (only you can see this)", lines)
    return Message(embeds=(embed,), files=files).check()


def final_message(pv: PublicView, names: Sequence[str], files: FILES = ()) -> Message:
    """The end of the game: why it ended, the scoring table of each guild, the ranking."""
    r = pv.result
    assert r is not None
    lines = [f"The game ended: {ENDINGS.get(r.reason, r.reason)}.", ""]
    for place, seat in enumerate(r.ranking, 1):
        parts = " · ".join(f"{name} {w.signed(v)}" for name, v in r.lines[seat] if v)
        done = len(pv.guilds[seat].completed) + len(pv.guilds[seat].held)
        head = f"{place}. " if len(r.ranking) > 1 else ""
        lines.append(
            f"{head}**{names[seat]}** — **{r.totals[seat]} RP** ({parts or 'nothing scored'}); "
            f"{w.count(done, 'Contract')} completed"
        )
    if len(r.ranking) > 1:
        lines += ["", "Ties are broken by the most completed Contracts."]
        winners = w.join([names[s] for s in r.winners])
        title = f"{winners} {'wins' if len(r.winners) == 1 else 'share the win of'} {w.TITLE}!"
    else:
        lines += ["", f"Your Reputation: **{r.reputation}**"]
        title = f"{w.TITLE}: {r.totals[0]} RP"
    embed = Embed(title=clip(title, 256), description=clip("\n".join(lines), 4096), colour=w.COLOUR)
    return Message(embeds=(embed,), files=files).check()
