"""Guild Master on Discord: `PRESENTATION`, what the bot core shows and does for this game.

Everything is made from `Table`s and `Seen`s (views and event views of one audience), never from
the game's state. The channel gets one running message per phase (`updates.py`), the board
picture when orders are to be given and the orders' picture at the reveal, the contest
negotiation with its buttons, and the final standings. Each guild gets DMs: its private news,
its sheet and its order board each Order Phase, and a prompt for each other decision
(`prompts.py`); the controls are handled in `controls.py`. Its own slash commands: `/gm guild`,
`/gm odds`, `/gm orders`, `/gm pay` and `/gm history`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.presentation import Action, Ask, Command, Param, Refused, Reply, Seen, Table, say
from bot.render.ui import Message
from engine.core import PUBLIC
from engine.core.game import Decision
from engine.core.game import Seat as SeatAudience
from games.guild_master import pictures
from games.guild_master.pictures import card_image
from games.guild_master.presentation import cards, channel, order_board, prompts, updates
from games.guild_master.presentation import controls as ctl
from games.guild_master.presentation.rules import TOPICS
from games.guild_master.presentation.text import Names, narrate
from games.guild_master.presentation.updates import names_of, public_of
from games.guild_master.rules import events as ev
from games.guild_master.rules.commands import PayGold
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.dice_math import odds as exact_odds
from games.guild_master.rules.views import PublicView, SeatView

__all__ = ["PRESENTATION", "GuildMasterPresentation"]

PACK = "basic"  # the pack /gm card looks cards up in


async def _guild(ask: Ask, number: int | None = None) -> Reply:
    """`/gm guild`: a guild's public sheet (one's own without a number)."""
    table = await ask.public()
    view = table.view
    seat = (number - 1) if number is not None else ask.seat
    if seat is None or not 0 <= seat < view.players:
        raise Refused(f"Give a guild number from 1 to {view.players}.")
    names = names_of(table)
    sheet = channel.guild_sheet(view, load_pack(view.pack), names, seat)
    message = Message(embeds=(sheet,)).check()
    if ask.pictures:
        png = await pictures.render_async(pictures.guild_sheet, view, names, seat, False)
        message = replace(message, files=((f"guild-{seat + 1}.png", png),))
    return Reply(message, ephemeral=False)


async def _odds(
    ask: Ask | None, dice: int, target: int, fixers: int = 0, rerolls: int = 0
) -> Reply:
    """`/gm odds`: the exact chance of a skill check (needs no game)."""
    if not 0 <= dice <= 20 or fixers < 0 or rerolls < 0 or fixers > dice:
        raise Refused("Give 0 to 20 dice, and no more fixers than dice.")
    chance = exact_odds(dice, target, fixers, min(rerolls, 5))
    extra = []
    if fixers:
        extra.append(f"{fixers} fixer(s)")
    if rerolls:
        extra.append(f"{rerolls} re-roll upgrade(s)")
    with_ = f" with {' and '.join(extra)}" if extra else ""
    return say(f"{dice} dice reach {target}{with_}: **{chance * 100:.1f}%**", ephemeral=False)


async def _orders(ask: Ask) -> Reply:
    """`/gm orders`: the guild's order board, here, for it alone."""
    table = await ask.table()
    view = table.view
    assert isinstance(view, SeatView)
    if view.public.phase != "orders":
        raise Refused("Orders are given in the Order Phase; it is not on now.")
    pack = load_pack(view.public.pack)
    return Reply(order_board.render(view, pack, names_of(table), table.game_id))


async def _pay(ask: Ask, guild: int, amount: int) -> Reply:
    """`/gm pay`: give Gold to another guild, to honour a deal."""
    table = await ask.public()
    assert ask.seat is not None
    players = table.view.players
    if not 1 <= guild <= players:
        raise Refused(f"Pay a guild numbered 1 to {players}.")
    await ask.act(PayGold(seat=ask.seat, to=guild - 1, amount=amount))
    names = names_of(table)
    return say(
        f"{names.guild(ask.seat)} pays {amount} Gold to {names.guild(guild - 1)}.",
        ephemeral=False,
    )


async def _history(ask: Ask) -> Reply:
    """`/gm history`: Fame after each round."""
    table = await ask.public()
    return Reply(channel.history(table.view, names_of(table)), ephemeral=False)


class GuildMasterPresentation:
    """Guild Master's `bot.presentation.Presentation`."""

    game = "guild-master"
    title = "Guild Master"
    seat_word = "guild"
    commands: tuple[Command, ...] = (
        Command(
            "guild",
            "A guild's public information",
            (Param("number", int, "Guild number (yours if left out)", 1, 4, required=False),),
            _guild,
        ),
        Command(
            "odds",
            "The exact chance of a skill check",
            (
                Param("dice", int, "Dice rolled", 0, 20),
                Param("target", int, "Target to reach", 0, 120),
                Param("fixers", int, "Dice fixers (each sets a die to 5)", 0, 10, required=False),
                Param(
                    "rerolls",
                    int,
                    "Re-roll upgrades (each re-rolls up to 2 dice)",
                    0,
                    5,
                    required=False,
                ),
            ),
            _odds,
            anywhere=True,
        ),
        Command("orders", "Your order board, here (only you see it)", (), _orders, seated=True),
        Command(
            "pay",
            "Give Gold to another guild, to honour a deal",
            (
                Param("guild", int, "The guild's number", 1, 4),
                Param("amount", int, "Gold to give", 1, 999),
            ),
            _pay,
            seated=True,
            acts=True,
        ),
        Command("history", "Fame after each round", (), _history),
    )
    command_group = ""  # /gm guild, /gm odds...: as they landed
    topics: Mapping[str, str] = TOPICS
    kinds: Mapping[str, str] = channel.KINDS
    controls = ctl.CONTROLS
    forms = ctl.FORMS
    channel_controls = ctl.CONTEST
    modal_openers: Mapping[str, str] = ctl.MODAL_OPENERS
    closed_dms = (
        "use `/gm orders` for your order board and `/gm decide` for anything the game asks you"
    )

    def lobby_lines(self, options: Mapping[str, Any]) -> list[str]:
        """The short game or the full one."""
        return ["short game (6 rounds)" if options.get("short") else "9 rounds"]

    def seat_name(self, table: Table, seat: int) -> str:
        """A guild as messages name it: its symbol and its player's name."""
        return names_of(table).guild(seat)

    def status(self, table: Table) -> Message:
        """`/gm status`: round, phase, whom the game waits for, the deadline and the Fame."""
        view = public_of(table.view)
        return channel.status(
            view, names_of(table), table.game_id, due=table.due, paused=table.paused
        )

    async def board(self, table: Table, pictures_on: bool) -> Message:
        """`/gm board`: the objectives and the Fame track; with the board's picture."""
        view = public_of(table.view)
        names = names_of(table)
        message = channel.board(view, load_pack(view.pack), names)
        if pictures_on:
            png = await pictures.render_async(pictures.board, view, names)
            message = replace(message, files=(("board.png", png),))
        return message

    async def hand(self, table: Table, pictures_on: bool) -> Message:
        """`/gm hand`: the guild's private contracts and orders, with its own sheet."""
        mine = table.view
        assert isinstance(mine, SeatView) and table.seat is not None
        names = names_of(table)
        message = channel.hand(mine, load_pack(mine.public.pack), names)
        if pictures_on:
            png = await pictures.render_async(pictures.guild_sheet, mine, names, table.seat, True)
            message = replace(message, files=(("your-guild.png", png),))
        return message

    def card(self, name: str) -> str | None:
        """`/gm card`: a card or upgrade in words, by (part of) its name."""
        pack = load_pack(PACK)
        slug = cards.find(pack, name)
        return None if slug is None else cards.describe(pack, slug)

    async def card_picture(self, name: str) -> bytes | None:
        """The card as a small picture: name, kind, skills or targets, text."""
        slug = cards.find(load_pack(PACK), name)
        if slug is None:
            return None
        return await pictures.render_async(card_image.card, PACK, slug)

    def card_names(self, typed: str) -> list[tuple[str, str]]:
        """Cards whose name holds what is typed."""
        return cards.suggestions(load_pack(PACK), typed)

    async def channel(self, seen: Seen, pictures_on: bool) -> Sequence[Action]:
        """Narration per phase, pictures, the contest prompt, the final standings."""
        return await updates.channel(seen, pictures_on)

    async def seat(self, seen: Seen, pictures_on: bool) -> Sequence[Action]:
        """A guild's private news, its sheet and its order board."""
        return await updates.seat(seen, pictures_on)

    def prompt(self, table: Table, decision: Decision) -> Message | None:
        """A decision's DM prompt; orders are given on the order board instead."""
        if decision.kind == "orders":
            return None
        view = table.view
        assert isinstance(view, SeatView)
        pack = load_pack(view.public.pack)
        return prompts.render(view, pack, names_of(table), table.game_id, decision, due=table.due)

    async def decide(self, table: Table) -> Reply:
        """`/gm decide`: the order board in the Order Phase, else the first decision's prompt."""
        view = table.view
        assert isinstance(view, SeatView)
        if not view.decisions:
            raise Refused("The game is not waiting for you right now.")
        pack = load_pack(view.public.pack)
        names = names_of(table)
        first = view.decisions[0]
        if first.kind == "orders":
            return Reply(order_board.render(view, pack, names, table.game_id))
        return Reply(prompts.render(view, pack, names, table.game_id, first, due=table.due))

    async def control(
        self,
        ask: Ask,
        action: str,
        arg: str,
        values: list[str],
        fields: dict[str, str],
        target: int,
    ) -> Reply:
        """A click, a choice or a form of one of the game's controls (`controls.py`)."""
        return await ctl.control(ask, action, arg, values, fields, target)

    def transcript(self, seen: Seen) -> list[str]:
        """The update as the replay shows it: each line, a blank line before each round, and
        the standings after each round."""
        names = names_of(seen.table)
        seat = seen.table.seat
        audience = PUBLIC if seat is None else SeatAudience(seat)
        out: list[str] = []
        for i, (e, _stage) in enumerate(seen.events):
            if isinstance(e, ev.RoundStarted):
                out.append("")
            line = narrate(e, seen.view_at(i), audience, names)
            if line is not None:
                out.append(f"  {line}")
            if isinstance(e, ev.RoundEnded | ev.GameEnded):
                out += standings(public_of(seen.view_at(i)), names)
        return out


def standings(view: PublicView, names: Names) -> list[str]:
    """Each guild's public position, for the replay."""
    pack = names.pack
    out = ["  Standings:"]
    for g in sorted(view.guilds, key=lambda g: -g.fame):
        upgrades = [
            f"Stables {'I' * g.stables}",
            f"Mess Hall {'I' * g.mess_hall}",
            f"Bar {'I' * g.bar}",
        ]
        upgrades += [pack.skill_upgrades[u.slug].name for u in g.skill_upgrades]
        if g.prestige:
            upgrades.append(pack.prestige[g.prestige].name)
        out.append(
            f"    {names.guild(g.seat):<20} Fame {g.fame:>3}  Gold {g.gold:>3}  "
            f"adventurers {len(g.adventurers)}  contracts {len(g.completed)}  "
            f"upgrades: {', '.join(upgrades)}"
        )
    return out


PRESENTATION = GuildMasterPresentation()
