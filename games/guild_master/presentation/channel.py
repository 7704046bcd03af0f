"""What the game's channel shows: status, the board, a guild's public sheet, the
contest negotiation, the final standings, history, and one's own hand (ephemeral)."""

from __future__ import annotations

from datetime import datetime

from bot.presentation import when
from bot.render.ids import ControlId
from bot.render.ui import Button, Embed, EmbedField, Message, clip
from games.guild_master.presentation import cards
from games.guild_master.presentation.order_board import describe_order
from games.guild_master.presentation.text import Names, describe_terms
from games.guild_master.rules.content import Pack
from games.guild_master.rules.views import PublicView, SeatView

PHASES = {
    "setup": "Setup",
    "start_of_round": "Start of Round",
    "plot": "Plot Phase",
    "orders": "Order Phase",
    "action": "Action Phase",
    "reset": "Reset Phase",
    "ended": "the game is over",
}
KINDS = {
    "setup": "setup choices",
    "plot": "plot abilities",
    "orders": "orders",
    "correct_order": "a mistaken order",
    "roll": "a roll",
    "builds": "what to build",
    "stance": "a contest stance",
    "cooperation": "how to cooperate",
    "bonus_target": "a bonus target",
    "replacement": "a replacement deck",
    "fallback": "a private contract or wander",
    "keep_contracts": "which drawn contracts to keep",
    "peek": "which peeked cards go to the bottom",
    "free_build": "what to build with free Builders",
}


def _id(action: str, game: int, seat: int, arg: str = "") -> str:
    return ControlId(action, game, seat, arg).encode()


def status(
    view: PublicView, names: Names, game_id: int, *, due: datetime | None, paused: bool
) -> Message:
    """Where the game stands: round, phase, whom it waits for, the deadline and the Fame."""
    moon = f"{view.moon} moon" + (", Blood Moon" if view.blood_moon else "")
    lines = [f"Round {view.round} of {view.rounds} ({moon}) — {PHASES[view.phase]}."]
    if paused:
        lines.append("The game is **paused**.")
    if view.waiting:
        who = ", ".join(
            f"{names.guild(w.seat)} ({KINDS.get(w.kind, w.kind)})" for w in view.waiting
        )
        lines.append(f"Waiting for: {who}.")
    elif view.phase != "ended":
        lines.append("Waiting for nobody.")
    if due is not None:
        lines.append(f"Deadline {when(due)}.")
    fame = ", ".join(f"{names.guild(g.seat)} {g.fame}" for g in view.guilds)
    lines.append(f"Fame: {fame}.")
    return Message(embeds=(Embed(title=f"Game {game_id}", description="\n".join(lines)),)).check()


def board(view: PublicView, pack: Pack, names: Names) -> Message:
    """The board's objectives and the Fame track, in words."""
    track = ", ".join(
        f"{names.guild(g.seat)} {g.fame}" for g in sorted(view.guilds, key=lambda g: -g.fame)
    )
    moon = f"{view.moon} moon" + (", Blood Moon" if view.blood_moon else "")
    embed = Embed(
        title=f"The board — round {view.round} ({moon})",
        description=clip("\n".join(cards.objectives(view, pack)), 4000),
        fields=(EmbedField("Fame", clip(track, 1024)),),
    )
    return Message(embeds=(embed,)).check()


def guild_sheet(view: PublicView, pack: Pack, names: Names, seat: int) -> Embed:
    """A guild's public information ("Things To Remember")."""
    g = view.guilds[seat]
    upgrades = [
        f"Stables {'I' * g.stables} ({g.order_spaces} orders)",
        f"Mess Hall {'I' * g.mess_hall} (teams of {g.team_size})",
        f"Bar {'I' * g.bar} ({g.income} Gold income)",
    ]
    upgrades += [f"{pack.skill_upgrades[u.slug].name} ({u.side})" for u in g.skill_upgrades]
    if g.prestige:
        upgrades.append(f"{pack.prestige[g.prestige].name} (prestige)")
    completed = [names.contract(c.slug) + (" (boon unused)" if c.boon else "") for c in g.completed]
    fields = (
        EmbedField("Upgrades", clip("\n".join(upgrades), 1024)),
        EmbedField(
            "Adventurers",
            clip("\n".join(cards.adventurer(pack.adventurers[a]) for a in g.adventurers), 1024),
        ),
        EmbedField("Completed contracts", clip(", ".join(completed) or "none", 1024)),
    )
    return Embed(
        title=names.guild(seat),
        description=f"Fame {g.fame} · Gold {g.gold} · {g.private_contracts} private contract(s)",
        fields=fields,
        colour=int(pack.guilds[seat].colour.lstrip("#"), 16),
    )


def hand(view: SeatView, pack: Pack, names: Names) -> Message:
    """One's own private information, shown only to its player."""
    private = [cards.contract(pack.contracts[c]) for c in view.private_contracts]
    orders = [f"Order {o.space}: " + describe_order(view, pack, names, o) for o in view.draft]
    if view.public.orders:  # the Action Phase: the guild's orders, revealed
        orders = [
            f"Order {o.space} ({o.status}): " + describe_order(view, pack, names, o)
            for o in view.orders
        ]
    sheet = guild_sheet(view.public, pack, names, view.seat)
    mine = Embed(
        title="Only you can see this",
        fields=(
            EmbedField("Private contracts", clip("\n".join(private) or "none", 1024)),
            EmbedField("Your orders", clip("\n\n".join(orders) or "none", 1024)),
        ),
    )
    return Message(embeds=(sheet, mine)).check()


def negotiation(view: PublicView, pack: Pack, names: Names, game_id: int) -> Message | None:
    """The channel's prompt for a contested contract: who, what can be split, the proposals."""
    task = view.contest
    if task is None or task.contract is None:
        return None
    contract = pack.contracts[task.contract]
    bonus = contract.effect("bonus")
    lines = [
        f"**Contest for contract {task.spot}: {cards.contract(contract)}**",
        f"Contesting: {names.guilds(task.seats)} (their order {task.space}).",
        f"Splittable: {contract.gold} Gold"
        + (f", the bonus ({bonus.text})" if bonus else "")
        + ", and who keeps the card and draws the replacement. Cooperators all gain the full "
        f"{contract.fame} Fame.",
        "Propose a split below; it binds if everyone accepts it and everyone cooperates. Then "
        "each guild chooses cooperate or conflict in secret, in its DMs.",
    ]
    if task.stage == "stances":
        lines.append(
            "Stances chosen: "
            + ", ".join(f"{names.guild(s)} {'✅' if s in task.chosen else '…'}" for s in task.seats)
        )
    if task.agreed is not None:
        lines.append(f"Agreed: {describe_terms(task.agreed, names, task.seats)}.")
    rows: list[tuple] = []
    for p in task.proposals[:3]:
        waiting = [s for s in task.seats if s != p.by and s not in p.accepted]
        lines.append(
            f"Proposal by {names.guild(p.by)}: {describe_terms(p.terms, names, task.seats)}"
            f" — waiting for {names.guilds(waiting) if waiting else 'nobody'}."
        )
        rows.append(
            (
                Button(
                    clip(f"Accept {names.guild(p.by)}'s split", 80),
                    _id("split", game_id, p.by, "yes"),
                    style="success",
                ),
                Button(
                    clip(f"Reject {names.guild(p.by)}'s split", 80),
                    _id("split", game_id, p.by, "no"),
                    style="danger",
                ),
            )
        )
    if task.stage == "stances":
        rows.insert(
            0,
            (
                Button(
                    "Propose a split…", _id("propose", game_id, 0, str(task.spot)), style="primary"
                ),
            ),
        )
    return Message(content=clip("\n".join(lines), 2000), rows=tuple(rows[:5])).check()


def final(view: PublicView, pack: Pack, names: Names) -> Message:
    """The final standings, with where each guild's Fame came from."""
    rows = []
    for g in sorted(view.guilds, key=lambda g: -g.fame):
        f = g.fame_from
        rows.append(
            f"**{names.guild(g.seat)} — {g.fame} Fame**: contracts {f.contracts}, recruits "
            f"{f.recruits}, upgrades {f.upgrades}, wandering {f.wander}, effects {f.effects}, "
            f"Gold {f.gold}, prestige {f.prestige}"
        )
    top = max(g.fame for g in view.guilds)
    winners = [g.seat for g in view.guilds if g.fame == top]
    title = f"{names.guilds(winners)} {'wins' if len(winners) == 1 else 'share the victory'}!"
    return Message(embeds=(Embed(title=title, description="\n".join(rows)),)).check()


HISTORY_NAME = 32  # characters of a guild's name in the history table (names are clipped to 32)


def history(view: PublicView, names: Names) -> Message:
    """Fame after each finished round."""
    rounds = len(view.guilds[0].fame_by_round)
    if rounds == 0:
        return Message(content="No round has finished yet.")
    shown = [clip(names.guild(g.seat), HISTORY_NAME) for g in view.guilds]
    width = max(len("Round"), *(len(name) for name in shown))
    header = f"{'Round':<{width}} " + " ".join(f"{r + 1:>4}" for r in range(rounds))
    lines = [header]
    for g, name in zip(view.guilds, shown, strict=True):
        lines.append(f"{name:<{width}} " + " ".join(f"{f:>4}" for f in g.fame_by_round))
    return Message(
        content=clip("Fame after each round:\n```\n" + "\n".join(lines) + "\n```", 2000)
    ).check()
