"""Sharding: two bot processes, each running one of two shards, over one PostgreSQL database. A
game on each shard plays to the end, and killing and restarting one process loses nothing."""

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.loopback import FakeDiscord, LoopbackTimeout
from tests.e2e.people import Player, final_posted

ROOT = Path(__file__).resolve().parents[2]


def shard_process(fake, url, shard, log_path):
    env = {
        **os.environ,
        "DISCORD_TOKEN": fake.bot_token,
        "GUILDMASTER_API_BASE": fake.rest_url,
        "GUILDMASTER_GATEWAY": fake.gateway_url,
        "GUILDMASTER_DATABASE_URL": url,
        "GUILDMASTER_SHARD_COUNT": "2",
        "GUILDMASTER_SHARD_IDS": str(shard),
        "GUILDMASTER_LOG_LEVEL": "WARNING",
    }
    log = Path(log_path).open("a")  # noqa: SIM115 (the process writes to it)
    return subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "run"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )


async def start_game(fake, channel, host, guest):
    rec = await fake.slash(host, channel, "gm create", players=2, bots=False)
    lobby = await rec.wait_reply(timeout=15)
    join = next(i for i in lobby.custom_ids() if i.endswith(":join"))
    await (await fake.click(guest, lobby, join)).wait_reply(timeout=15)
    start = await fake.slash(host, channel, "gm start")
    assert "The game begins" in (await start.wait_reply(timeout=15)).text()
    return start.shard_id


async def test_two_shards_in_two_processes_over_one_postgresql_database(tmp_path, pg_server):
    if isinstance(pg_server, str):
        pytest.skip(f"PostgreSQL tests skipped: {pg_server}")
    pg_server.psql("CREATE DATABASE sharded")
    url = pg_server.url("sharded")
    fake = await FakeDiscord.start(shard_count=2)
    procs = {}
    try:
        users = {n: fake.create_user(n) for n in ("kim", "chris", "morgan", "silvia")}
        guilds = [
            fake.create_guild("Shard zero", owner=users["kim"], shard=(0, 2)),
            fake.create_guild("Shard one", owner=users["morgan"], shard=(1, 2)),
        ]
        fake.add_member(guilds[0], users["chris"])
        fake.add_member(guilds[1], users["silvia"])
        channels = [fake.text_channels(g)[0] for g in guilds]
        for shard in (0, 1):
            procs[shard] = shard_process(fake, url, shard, tmp_path / f"shard{shard}.log")
        await fake.wait_until_connected(shard_count=2, timeout=60)
        await fake.wait_for_commands("gm", timeout=30)
        shards = [
            await start_game(fake, channels[0], users["kim"], users["chris"]),
            await start_game(fake, channels[1], users["morgan"], users["silvia"]),
        ]
        assert shards == [0, 1]
        players = [Player(fake, u) for u in users.values()]
        restarted = False
        loop = asyncio.get_running_loop()
        end = loop.time() + 300
        while not all(final_posted(fake, c) for c in channels):
            assert loop.time() < end, "the games did not end in time"
            acted = False
            for p in players:
                with contextlib.suppress(LoopbackTimeout):  # clicked while a shard restarted
                    acted = await p.act_once() or acted
            text = "\n".join(m.text() for m in fake.messages(channels[1]))
            if not restarted and "— Round 4 of 9" in text:
                before = dict(fake.gateway.active)
                procs[1].send_signal(signal.SIGKILL)
                procs[1].wait(timeout=10)
                procs[1] = shard_process(fake, url, 1, tmp_path / "shard1.log")
                await fake.wait_for(
                    lambda b=before: any(
                        s.connected and s not in b.values() for s in fake.gateway.active.values()
                    ),
                    what="shard 1 back",
                    timeout=60,
                )
                restarted = True
            if not acted:
                await asyncio.sleep(0.05)
        assert restarted
        for c in channels:
            text = "\n".join(m.text() for m in fake.messages(c))
            assert text.count("Orders revealed") == 9 and "Final Fame" in text
        logs = "".join((tmp_path / f"shard{i}.log").read_text() for i in (0, 1))
        assert "Traceback" not in logs, logs[-3000:]
    finally:
        for p in procs.values():
            p.send_signal(signal.SIGKILL)
            p.wait(timeout=10)
        await fake.stop()
