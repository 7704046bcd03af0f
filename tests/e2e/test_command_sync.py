"""Slash commands are synced only when they changed, and only by the process that runs shard 0
(issue 20), against the loopback Discord: the hash of the synced command tree is kept in the
database (`settings`), so a restart with the same commands sends nothing to Discord."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from discord import app_commands

from bot.chat import client
from bot.chat.client import COMMANDS_SYNCED, GuildMasterBot, command_tree_hash
from bot.config import Config
from bot.loopback import FakeDiscord
from tests.e2e.conftest import World

SYNC = "PUT /applications/{application_id}/commands"


def syncs(fake: FakeDiscord) -> int:
    """How many times the bot sent its whole command tree to Discord."""
    return fake.stats.calls[SYNC]


async def test_a_restart_with_the_same_commands_does_not_sync_and_a_change_syncs_once(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert world.bot is not None and world.bot.store is not None
    assert syncs(world.fake) == 1  # the first start: nothing kept yet
    key = f"{COMMANDS_SYNCED}:{world.bot.application_id}"
    assert await world.bot.store.setting(key) == command_tree_hash(world.bot.tree)

    await world.stop_bot()
    await world.start_bot()
    assert syncs(world.fake) == 1  # same commands: no sync call at all

    build = client.build_group

    def changed(actions: Any) -> app_commands.Group:
        group = build(actions)
        group.description = "Board games played by chat (changed)"
        return group

    monkeypatch.setattr(client, "build_group", changed)
    for _ in range(2):
        await world.stop_bot()
        await world.start_bot()
    assert syncs(world.fake) == 2  # changed once: synced once, then kept
    commands = await world.fake.wait_for_commands("gm")
    gm = next(c for c in commands if c["name"] == "gm")
    assert gm["description"] == "Board games played by chat (changed)"


async def test_a_process_without_shard_0_never_syncs(tmp_path: Any) -> None:
    logging.getLogger("discord").setLevel(logging.ERROR)
    fake = await FakeDiscord.start(shard_count=2)
    try:
        with fake.patch_discord():
            owner = fake.create_user("kim")
            fake.create_guild("Shard zero", owner=owner, shard=(0, 2))
            fake.create_guild("Shard one", owner=owner, shard=(1, 2))
            config = Config(
                token=fake.bot_token,
                database_path=str(tmp_path / "bot.sqlite3"),
                shard_count=2,
                shard_ids=(1,),
            )
            for _ in range(2):
                bot = GuildMasterBot(config, guild_ready_timeout=0.1)
                task = asyncio.create_task(bot.start(fake.bot_token))
                try:
                    await fake.wait_for(bot.is_ready, what="shard 1 ready", timeout=20)
                    assert bot.store is not None
                    key = f"{COMMANDS_SYNCED}:{bot.application_id}"
                    assert await bot.store.setting(key) is None
                finally:
                    await bot.close()
                    await task
    finally:
        await fake.stop()
    assert syncs(fake) == 0
    assert fake.world.commands_in(None) == []
