"""`python -m bot.loopback` as its own process, driven with RemoteFakeDiscord; a bot process is
killed and restarted against it while the fake keeps its state."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path

import pytest

from bot.loopback import RemoteFakeDiscord
from bot.loopback.control import RemoteError

ROOT = Path(__file__).resolve().parents[2]


async def _spawn(*args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        *args,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


async def _stop(proc: asyncio.subprocess.Process, sig: int = signal.SIGTERM) -> int:
    if proc.returncode is None:
        proc.send_signal(sig)
    try:
        return await asyncio.wait_for(proc.wait(), 10)
    except TimeoutError:
        proc.kill()
        return await proc.wait()


@pytest.fixture
async def fake_process():
    proc = await _spawn("-m", "bot.loopback", "--port", "0", "--json")
    try:
        info = None
        while info is None:
            line = await asyncio.wait_for(proc.stdout.readline(), 20)
            if not line:
                raise RuntimeError((await proc.stderr.read()).decode())
            if line.startswith(b"{"):
                info = json.loads(line)
        async with RemoteFakeDiscord(info["control_url"]) as remote:
            yield remote, proc
    finally:
        code = await _stop(proc)
        assert code == 0, (await proc.stderr.read()).decode()[-2000:]


async def test_bot_process_killed_and_restarted_against_a_fake_process(fake_process) -> None:
    remote, _ = fake_process
    assert remote.rest_url.endswith("/api/v10") and remote.gateway_url.startswith("ws://127.0.0.1:")
    alice = await remote.create_user("alice")
    guild = await remote.create_guild("Tavern", alice)
    channel = guild["channel_ids"][0]
    bot_args = [
        "-m",
        "tests.loopback.botproc",
        remote.rest_url,
        remote.gateway_url,
        remote.bot_token,
    ]

    bot = await _spawn(*bot_args)
    try:
        await remote.wait_until_connected(timeout=20)
        await remote.wait_for_commands("gm", "gmadmin")
        rec = await remote.slash(alice["id"], channel, "gm create", players=2)
        reply = await remote.wait_interaction(rec["id"], "reply")
        assert reply["content"] == "Game for 2 players. Joined: nobody yet"
    finally:
        await _stop(bot, signal.SIGKILL)  # no goodbye: the socket just dies

    state = await remote.state()
    for _ in range(100):
        if not any(s["connected"] for s in state["sessions"]):
            break
        await asyncio.sleep(0.05)
        state = await remote.state()
    assert not any(s["connected"] for s in state["sessions"])
    with pytest.raises(RemoteError, match="no user"):
        await remote.slash(12345, channel, "gm create", players=3)

    bot = await _spawn(*bot_args)
    try:
        await remote.wait_until_connected(timeout=20)
        # the fake kept everything: the old reply, the commands, the users
        (old,) = await remote.messages(channel)
        assert old["id"] == reply["id"] and old["content"] == reply["content"]
        rec = await remote.slash(alice["id"], channel, "gm create", players=4)
        reply2 = await remote.wait_interaction(rec["id"], "reply")
        assert reply2["content"].startswith("Game for 4 players")
        click = await remote.click(alice["id"], reply2["id"], "gm:join")
        await remote.wait_interaction(click["id"], "reply")
        assert (await remote.message(reply2["id"]))["content"].endswith("Joined: alice")
        stats = await remote.stats()
        assert stats["calls"]["PUT /applications/{application_id}/commands"] == 2
        assert stats["latency"]["count"] == 3
    finally:
        await _stop(bot, signal.SIGKILL)
