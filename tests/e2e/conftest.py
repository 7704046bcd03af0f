"""End-to-end: the real bot (GuildMasterBot) against the loopback Discord, in this process or as
a separate process, with a SQLite database per test."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.chat.client import GuildMasterBot
from bot.config import Config
from bot.loopback import FakeDiscord


@dataclass
class World:
    fake: FakeDiscord
    db: Path
    users: dict[str, Any]
    guild: Any
    channel: Any
    bot: GuildMasterBot | None = None
    task: asyncio.Task | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    async def start_bot(self, **config: Any) -> GuildMasterBot:
        self.bot = GuildMasterBot(
            Config(token=self.fake.bot_token, database_path=str(self.db), **config),
            guild_ready_timeout=0.1,  # discord.py waits 2 s for late guilds; there are none
        )
        self.task = asyncio.create_task(self.bot.start(self.fake.bot_token))
        await self.fake.wait_until_connected()
        await self.fake.wait_for_commands("gm")
        await self.fake.wait_for(lambda: self.bot.is_ready(), what="the bot ready", timeout=10)
        return self.bot

    async def stop_bot(self) -> None:
        if self.bot is not None:
            await self.bot.close()
            if self.task is not None:
                await self.task
        self.bot = self.task = None

    async def record(self, game_id: int = 1) -> dict[str, Any]:
        """A game as the store holds it (row, seats, every event, deadlines), to check that
        something changed nothing."""
        assert self.bot is not None and self.bot.store is not None
        store = self.bot.store
        game = await store.get_game(game_id)
        return {
            "status": game.status,
            "options": game.options,
            "version": game.version,
            "events": await store.raw_events(game_id),
            "seats": [(s.seat, s.user_id, s.name) for s in await store.seats(game_id)],
            "deadlines": [(d.key, d.version) for d in await store.deadlines(game_id)],
        }

    async def settled(self) -> None:
        """The bot has nothing left to do in the background."""
        assert self.bot is not None and self.bot.service is not None
        for _ in range(3):
            await self.bot.service.settle()
            await self.bot.notifier.idle()  # type: ignore[union-attr]
            await asyncio.sleep(0.05)


@pytest.fixture
async def world(tmp_path):
    logging.getLogger("discord").setLevel(logging.ERROR)
    fake = await FakeDiscord.start()
    with fake.patch_discord():
        users = {name: fake.create_user(name) for name in ("kim", "chris", "morgan", "silvia")}
        guild = fake.create_guild("Tavern", owner=users["kim"])
        for u in users.values():
            if u is not users["kim"]:
                fake.add_member(guild, u)
        channel = fake.text_channels(guild)[0]
        w = World(fake, tmp_path / "bot.sqlite3", users, guild, channel)
        await w.start_bot()
        try:
            yield w
        finally:
            await w.stop_bot()
    await fake.stop()
