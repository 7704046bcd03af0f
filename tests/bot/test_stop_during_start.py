"""A stop (SIGTERM) that arrives while the bot starts: the start-up opens the store and posts
what an earlier stop left unposted in every game; closing the store under it would leave those
games with events nobody saw until the next start. So `close` waits for the start-up, for at most
`STARTUP_WAIT` seconds."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.chat import client
from bot.chat.client import GuildMasterBot
from bot.config import Config


def a_bot(tmp_path) -> GuildMasterBot:
    config = Config(token="not-used", database_path=str(tmp_path / "bot.sqlite3"))
    return GuildMasterBot(config, guild_ready_timeout=0.1)


async def test_a_stop_during_start_up_waits_for_the_start_up(tmp_path, monkeypatch):
    bot = a_bot(tmp_path)
    release = asyncio.Event()
    done: list[str] = []

    async def start_games() -> None:
        await release.wait()
        done.append("games caught up")

    monkeypatch.setattr(bot, "_start_games", start_games)
    setup = asyncio.create_task(bot.setup_hook())
    await asyncio.sleep(0)
    closing = asyncio.create_task(bot.close())
    await asyncio.sleep(0.05)
    assert not closing.done() and not bot.is_closed()
    release.set()
    await setup
    await closing
    assert done == ["games caught up"] and bot.is_closed()


async def test_a_start_up_stuck_for_longer_is_stopped_all_the_same(
    tmp_path, monkeypatch, caplog: pytest.LogCaptureFixture
):
    bot = a_bot(tmp_path)
    monkeypatch.setattr(client, "STARTUP_WAIT", 0.05)

    async def stuck() -> None:
        await asyncio.Event().wait()

    monkeypatch.setattr(bot, "_start_games", stuck)
    setup = asyncio.create_task(bot.setup_hook())
    await asyncio.sleep(0)
    with caplog.at_level(logging.ERROR, logger="guildmaster.bot"):
        await bot.close()
    assert bot.is_closed()
    assert "start-up had not ended" in caplog.text
    setup.cancel()


async def test_a_stop_before_any_start_up_does_not_wait(tmp_path):
    bot = a_bot(tmp_path)
    await asyncio.wait_for(bot.close(), 1)
    assert bot.is_closed()
