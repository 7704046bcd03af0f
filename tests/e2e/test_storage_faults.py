"""The SQLite file deleted or replaced under the running bot (issue 20). Before, every click was
answered as usual, the writes went to the deleted file and a restart found every game gone.
Now the next click is answered "Not saved" and nothing is acknowledged, the bot stays up and
answers everyone the same way, and its log says what happened and what to do."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import signal
import sqlite3
import subprocess
from pathlib import Path

import pytest

from tests.e2e.test_games import lobby
from tests.e2e.test_robustness import first_team, setup_choices
from tests.loopback.botproc import guildmaster_process
from tests.store.test_file_faults import _immutable_supported

NOT_SAVED = "Not saved:"


async def a_game_in_its_order_phase(world):
    """Kim and Chris in round 1's Order Phase; Kim's team choice acknowledged. Their boards."""
    fake = world.fake
    kim, chris = world.users["kim"], world.users["chris"]
    await lobby(world, "kim", "chris", players=2, bots=False)
    await setup_choices(world, "kim", "chris")
    boards = {}
    for user, seat in ((kim, 0), (chris, 1)):
        boards[seat] = await fake.wait_for_dm(user, contains="your orders", timeout=10)
    team = await first_team(world, boards[0], 0)
    chosen = await fake.select(kim, boards[0], "gm:obteam:1:0:1", team)
    assert "your orders" in (await chosen.wait_reply(timeout=10)).text()
    await world.settled()
    return boards


def keys_in(path: Path | str) -> set[str]:
    """The command keys (interaction ids) a database file holds."""
    with sqlite3.connect(path) as conn:
        return {key for (key,) in conn.execute("SELECT key FROM commands")}


async def clicks_while_broken(world, boards) -> list:
    """A Ready click, a team choice, /gm pause and /gm status; each answered "Not saved"."""
    fake = world.fake
    kim, chris = world.users["kim"], world.users["chris"]
    sent = [
        await fake.click(kim, fake.message(boards[0].id), "gm:obready:1:0:1"),
        await fake.select(
            chris, boards[1], "gm:obteam:1:1:1", await first_team(world, boards[1], 1)
        ),
        await fake.slash(kim, world.channel, "gm pause"),
        await fake.slash(chris, world.channel, "gm status"),
    ]
    for rec in sent:
        reply = await rec.wait_reply(timeout=10)
        assert reply.ephemeral and NOT_SAVED in reply.text(), reply.text()
        assert "bot's admin" in reply.text()
    assert world.bot is not None and not world.bot.is_closed()  # still up
    return sent


async def test_the_database_deleted_under_the_running_bot(world, caplog):
    boards = await a_game_in_its_order_phase(world)
    posted = len(world.fake.messages(world.channel))
    for suffix in ("", "-wal", "-shm"):
        os.unlink(f"{world.db}{suffix}")
    with caplog.at_level(logging.ERROR):
        sent = await clicks_while_broken(world, boards)
    await world.settled()
    assert len(world.fake.messages(world.channel)) == posted  # no reveal, no pause notice
    assert not world.db.exists()
    rescued = list(world.db.parent.glob(f"{world.db.name}.rescued-*"))
    assert len(rescued) == 1, "the games as last saved are copied beside the lost file"
    kept = keys_in(rescued[0])
    assert all(str(rec.id) not in kept for rec in sent)  # nothing of the refused clicks
    assert len(kept) >= 1  # what was acknowledged before is in the copy
    errors = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert any("was deleted or moved" in e and str(rescued[0]) in e for e in errors), errors
    assert sum("refused, not saved" in e for e in errors) == len(sent)


async def test_the_database_replaced_under_the_running_bot(world, caplog):
    boards = await a_game_in_its_order_phase(world)
    backup = world.db.parent / "backup.sqlite3"
    with sqlite3.connect(world.db) as source, sqlite3.connect(backup) as copy:
        source.backup(copy)  # a backup of this moment, put back in place of the file
    shutil.copy(backup, world.db.parent / "put-back.sqlite3")
    os.replace(world.db.parent / "put-back.sqlite3", world.db)
    with caplog.at_level(logging.ERROR):
        sent = await clicks_while_broken(world, boards)
    await world.settled()
    assert keys_in(world.db) == keys_in(backup)  # the file put in place was not written to
    errors = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert any("was replaced by another file" in e for e in errors), errors
    assert all(str(rec.id) not in keys_in(world.db) for rec in sent)


async def test_the_database_made_immutable_under_the_bot_process(world, tmp_path):
    """chattr +i on the files under `guildmaster run`: it died with SIGBUS in the SQLite writer.
    Now clicks are answered "Not saved", and a SIGTERM still stops it with status 0 (closing
    the database would touch the immutable -shm file: the process ends without closing it)."""
    unsupported = _immutable_supported(tmp_path)
    if unsupported:
        pytest.skip(unsupported)
    fake = world.fake
    await world.stop_bot()  # the bot as a real process, to see how it ends
    proc = guildmaster_process(fake, world.db)
    files = [str(world.db), f"{world.db}-wal", f"{world.db}-shm"]
    try:
        await fake.wait_until_connected(timeout=30)
        await fake.wait_for_commands("gm", timeout=30)
        created = await fake.slash(world.users["kim"], world.channel, "gm create", players=2)
        lobby_message = await created.wait_reply(timeout=10)
        await asyncio.sleep(0.5)  # the bot keeps the lobby message's id after answering
        subprocess.run(["chattr", "+i", *files], check=True)
        sent = [
            await fake.click(
                world.users["chris"], fake.message(lobby_message.id), "gm:lobby:1:0:join"
            ),
            await fake.slash(world.users["kim"], world.channel, "gm start"),
            await fake.slash(world.users["chris"], world.channel, "gm status"),
        ]
        for rec in sent:
            reply = await rec.wait_reply(timeout=10)
            assert NOT_SAVED in reply.text() and "made read-only" in reply.text(), reply.text()
        assert proc.poll() is None, f"the bot died: exit status {proc.returncode}"
        proc.send_signal(signal.SIGTERM)
        code = await asyncio.to_thread(proc.wait, 30)
        assert code == 0, f"exit status {code} (-7 is SIGBUS)"
    finally:
        subprocess.run(["chattr", "-i", *files], capture_output=True)
        if proc.poll() is None:
            proc.kill()
    log = world.db.with_suffix(".log").read_text()
    assert "may no longer be written" in log and "chattr -i" in log
    assert "Traceback" not in log
