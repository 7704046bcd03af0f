"""Ratings and statistics on Discord, for every hosted game: `/stats leaderboard` and
`/stats profile` (a group of their own, as /gm is close to Discord's 25 subcommands), and the
recap the core posts under a game's final standings.

The numbers come from bot/ratings.py (rebuilt from the event logs, kept up to date as games end);
the words of a game's statistics and recap from its chronicle (bot/chronicle.py).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot import hosted
from bot.chat.actions import Actions, Who
from bot.presentation import Refused, Reply, say
from bot.ratings import RatingBook, Record
from bot.render.ui import Message, clip

SHOWN = 15  # leaderboard lines: enough for a server's regulars, short enough for one message


def _line(record: Record) -> str:
    wins = "win" if record.wins == 1 else "wins"
    games = "game" if record.games == 1 else "games"
    return (
        f"**{record.rating:.1f}** {record.name} — {record.games} {games}, {record.wins} {wins}"
        f" (μ {record.mu:.1f}, σ {record.sigma:.1f})"
    )


class Stats:
    """The answers of `/stats`, from the server's ratings."""

    def __init__(self, actions: Actions, book: RatingBook) -> None:
        self.actions = actions
        self.book = book

    async def _game_here(self, who: Who, game: str | None) -> str:
        """The game asked for, else the game of the channel's latest game."""
        if game is not None:
            return game
        if who.channel_id is not None:
            here = await self.actions.service.store.list_games(channel_id=who.channel_id)
            if here:
                return here[-1].game
        raise Refused("No game has been played in this channel: choose one with `game:`.")

    async def leaderboard(self, who: Who, game: str | None = None) -> Reply:
        """The server's ratings in one game, the best first."""

        async def work() -> Reply:
            if who.guild_id is None:
                raise Refused("Ratings are kept per server: ask in one of its channels.")
            name = await self._game_here(who, game)
            title = hosted.rules(name).title
            records = (await self.book.table(who.guild_id, name)).leaderboard()
            if not records:
                return say(f"No game of {title} has ended on this server yet.", ephemeral=False)
            lines = [f"**{title} — ratings on this server** (rating = μ − 3σ, OpenSkill)"]
            lines += [f"{i}. {_line(r)}" for i, r in enumerate(records[:SHOWN], 1)]
            if len(records) > SHOWN:
                lines.append(f"…and {len(records) - SHOWN} more.")
            return Reply(Message(content=clip("\n".join(lines), 2000)), ephemeral=False)

        return await self.actions.guarded(who, work, kind="look")

    async def profile(self, who: Who, member: int | None = None, name: str = "") -> Reply:
        """A member's games, wins, ratings and statistics on this server, game by game."""

        async def work() -> Reply:
            if who.guild_id is None:
                raise Refused("Profiles are kept per server: ask in one of its channels.")
            user = who.user_id if member is None else member
            key = f"user:{user}"
            tables = await self.book.tables_of(who.guild_id)
            parts = []
            for game, table in sorted(tables.items(), key=lambda t: hosted.rules(t[0]).title):
                record = table.records.get(key)
                if record is None:
                    continue
                board = table.leaderboard()
                place = board.index(record) + 1
                line = f"**{hosted.rules(game).title}**: {_line(record)}, #{place} of {len(board)}"
                if record.statistics:
                    counts = ", ".join(f"{k} {v}" for k, v in record.statistics.items())
                    line += f"\n  {counts}"
                parts.append(line)
            shown = name or (who.name if member is None else "This member")
            if not parts:
                return say(f"{shown} has no finished game on this server yet.", ephemeral=False)
            text = "\n".join([f"**{shown} on this server**", *parts])
            return Reply(Message(content=clip(text, 2000)), ephemeral=False)

        return await self.actions.guarded(who, work, kind="look")


def stats_group(stats: Stats) -> app_commands.Group:
    """The /stats command group."""
    from bot.chat.client import answer_command, who  # the client imports this module

    group = app_commands.Group(name="stats", description="Ratings and statistics on this server")
    choices = [app_commands.Choice(name=g.title, value=g.name) for g in hosted.games()]
    store = stats.actions.service.store

    @group.command(name="leaderboard", description="The ratings of a game on this server")
    @app_commands.describe(game="The game (default: this channel's)")
    @app_commands.choices(game=choices)
    async def leaderboard(interaction: discord.Interaction, game: str | None = None) -> None:
        await answer_command(interaction, stats.leaderboard(who(interaction), game), store)

    @group.command(name="profile", description="A member's games, wins, ratings and statistics")
    @app_commands.describe(member="The member (default: you)")
    async def profile(interaction: discord.Interaction, member: discord.User | None = None) -> None:
        asker = who(interaction)
        if member is None:
            work = stats.profile(asker)
        else:
            safe = discord.utils.escape_mentions(member.display_name)
            shown = discord.utils.escape_markdown(safe)
            work = stats.profile(asker, member.id, clip(shown, 32))
        await answer_command(interaction, work, store)

    return group
