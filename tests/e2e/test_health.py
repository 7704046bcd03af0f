"""The health and metrics endpoint (bot/health.py, bot/metrics.py) of the real bot, against the
loopback Discord: 503 until the gateway is connected and the bot ready, 200 after; the metrics
count what happened."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import socket
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.chat.client import DiscordPoster, GuildMasterBot
from bot.config import Config, ConfigError, load
from bot.health import HEALTH_PATH, METRICS_PATH, HealthServer
from bot.loopback import FakeDiscord
from bot.render.ui import Message
from tests.loopback.botproc import guildmaster_process


@pytest.fixture
async def table(tmp_path) -> AsyncIterator[SimpleNamespace]:
    """A loopback Discord with a server and a channel, and a bot (not started) whose health
    endpoint is on a free port."""
    logging.getLogger("discord").setLevel(logging.ERROR)
    fake = await FakeDiscord.start()
    with fake.patch_discord():
        kim = fake.create_user("kim")
        guild = fake.create_guild("Tavern", owner=kim)
        channel = fake.text_channels(guild)[0]
        config = Config(
            token=fake.bot_token, database_path=str(tmp_path / "bot.sqlite3"), health_port=0
        )
        bot = GuildMasterBot(config, guild_ready_timeout=0.1)
        task: list[asyncio.Task[None]] = []

        async def start() -> None:
            task.append(asyncio.create_task(bot.start(fake.bot_token)))
            await fake.wait_until_connected()
            await fake.wait_for_commands("gm")
            await fake.wait_for(bot.is_ready, what="the bot ready", timeout=10)

        try:
            yield SimpleNamespace(fake=fake, kim=kim, channel=channel, bot=bot, start=start)
        finally:
            if task:  # a bot never started has nothing to close
                if not bot.is_closed():
                    await bot.close()
                await task[0]
    await fake.stop()


async def get(bot: GuildMasterBot, path: str) -> tuple[int, str]:
    assert bot.health is not None
    url = f"http://127.0.0.1:{bot.health.port}{path}"
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        return answer.status, await answer.text()


def sample(text: str, name: str, **labels: str) -> float:
    """The value of one sample of the metrics text (0 when it is not there yet)."""
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                return s.value
    return 0.0


async def test_unavailable_before_the_gateway_connects_and_healthy_after(table: Any) -> None:
    await table.bot.start_health()
    status, body = await get(table.bot, HEALTH_PATH)
    assert status == 503
    assert json.loads(body) == {
        "status": "unavailable",
        "ready": False,
        "gateway": False,
        "database": False,
        "stopping": False,
        "games_in_play": None,
    }
    await table.start()
    status, body = await get(table.bot, HEALTH_PATH)
    assert status == 200, body
    assert json.loads(body) == {
        "status": "ok",
        "ready": True,
        "gateway": True,
        "database": True,
        "stopping": False,
        "games_in_play": 0,
    }


async def test_a_database_file_deleted_under_the_bot_is_unhealthy(table: Any, tmp_path) -> None:
    await table.start()
    assert (await get(table.bot, HEALTH_PATH))[0] == 200
    for suffix in ("", "-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_path / f"bot.sqlite3{suffix}")
    status, body = await get(table.bot, HEALTH_PATH)
    answer = json.loads(body)
    assert status == 503 and answer["status"] == "unavailable"
    assert answer["database"] is False and answer["gateway"] is True


async def test_the_metrics_count_a_slash_command_and_its_answer(table: Any) -> None:
    await table.start()
    _, before = await get(table.bot, METRICS_PATH)
    create = await table.fake.slash(table.kim, table.channel, "gm create", players=2, bots=False)
    await create.wait_reply(timeout=10)
    status, after = await get(table.bot, METRICS_PATH)
    assert status == 200
    counted = "guildmaster_interactions_total"
    labels = {"kind": "command", "command": "gm create"}
    assert sample(after, counted, **labels) == sample(before, counted, **labels) + 1
    timed = "guildmaster_answer_seconds_count"
    assert sample(after, timed, kind="command") == sample(before, timed, kind="command") + 1
    assert sample(after, "guildmaster_games_in_play") == 1  # the lobby just opened
    status, body = await get(table.bot, HEALTH_PATH)
    assert status == 200 and json.loads(body)["games_in_play"] == 1


async def test_the_metrics_count_rate_limits_and_retries(table: Any) -> None:
    await table.start()
    _, before = await get(table.bot, METRICS_PATH)
    posts = "POST /channels/{channel_id}/messages"
    table.fake.rate_limit(posts, 2, retry_after=0.05)  # discord.py waits and tries again
    table.fake.fail_requests(posts, 1, status=503)  # discord.py gives up; the poster retries
    poster = DiscordPoster(table.bot, delays=(0.05, 0.05, 0.05))
    await poster.send(table.channel.id, Message(content="hello"))
    _, after = await get(table.bot, METRICS_PATH)
    limited = "guildmaster_discord_rate_limited_total"
    assert sample(after, limited, scope="user") == sample(before, limited, scope="user") + 2
    retries = "guildmaster_discord_retries_total"
    assert sample(after, retries) == sample(before, retries) + 1


async def test_stopping_is_unavailable_and_the_endpoint_closes_with_the_bot(table: Any) -> None:
    await table.start()
    table.bot.closing = True  # what close() sets first, while in-flight work finishes
    status, body = await get(table.bot, HEALTH_PATH)
    assert status == 503 and json.loads(body)["status"] == "stopping"
    table.bot.closing = False
    await table.bot.close()
    with pytest.raises(aiohttp.ClientConnectionError):
        await get(table.bot, HEALTH_PATH)


async def test_a_port_in_use_is_refused_naming_the_setting(table: Any) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = HealthServer(table.bot, "127.0.0.1", port)
        said = rf"^health\.port: cannot listen on 127\.0\.0\.1:{port}: "
        with pytest.raises(ConfigError, match=said):
            await server.start()


def test_the_endpoint_is_off_unless_a_port_is_given(tmp_path) -> None:
    config = tmp_path / "config.toml"
    assert load(None, env={}).health_port is None
    config.write_text('[health]\nport = 9100\nhost = "0.0.0.0"\n')
    chosen = load(str(config), env={})
    assert (chosen.health_port, chosen.health_host) == (9100, "0.0.0.0")
    overridden = load(str(config), env={"GUILDMASTER_HEALTH_PORT": "9200"})
    assert overridden.health_port == 9200
    for text, key in (
        ('[health]\nport = "9100"', "health.port"),
        ("[health]\nport = 0", "health.port"),
        ("[health]\nport = 70000", "health.port"),
        ("[health]\nprot = 9100", "health.prot"),
    ):
        config.write_text(text + "\n")
        with pytest.raises(ConfigError, match=f"^{re.escape(f'{config}: {key}: ')}"):
            load(str(config), env={})
    for wrong in ("x", "0", "65536"):
        with pytest.raises(ConfigError, match=r"^GUILDMASTER_HEALTH_PORT: "):
            load(None, env={"GUILDMASTER_HEALTH_PORT": wrong})


async def test_guildmaster_run_on_a_taken_port_says_so_in_one_line(tmp_path) -> None:
    async with FakeDiscord() as fake:
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            port = taken.getsockname()[1]
            db = tmp_path / "bot.sqlite3"
            bot = guildmaster_process(fake, db, GUILDMASTER_HEALTH_PORT=str(port))
            code = await asyncio.to_thread(bot.wait, 60)
    said = [line for line in db.with_suffix(".log").read_text().splitlines() if line.strip()]
    assert code == 2
    assert said[-1].startswith(f"guildmaster run: health.port: cannot listen on 127.0.0.1:{port}")
    assert not any("Traceback" in line for line in said)
