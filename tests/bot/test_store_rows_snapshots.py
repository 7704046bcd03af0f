"""A state read back at a version (issue 26): the notifier reads back the state an update that
waited its turn began from (`EventStore.load_at`). An update that ends a round begins before the
snapshot taken at its end, and with only the latest snapshot kept that state was folded from
the game's first event. On SQLite the store keeps the snapshot before the latest too, and reads
from the latest snapshot at or before the version, and the events up to it only."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from bot.store import EventStore, NotFound, sqlite_url, sqlite_writer
from games.guild_master import GAME
from games.guild_master.players.simulate import play


def snapshot_seqs(path: str, game: int) -> list[int]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq", (game,))
        return [seq for (seq,) in rows]


def folded(log: list[Any]) -> list[Any]:
    """The game's state after each event of `log`."""
    states = []
    state = None
    for e in log:
        state = GAME.evolve(state, e)
        states.append(state)
    return states


async def test_load_at_reads_from_the_snapshot_at_or_before_the_version(tmp_path, monkeypatch):
    path = str(tmp_path / "snap.sqlite3")
    log = play(2, 3, keep_events=True)[2][:120]
    states = folded(log)
    store = await EventStore.open(sqlite_url(path))
    try:
        game = await store.create_game("guild-master", players=2)
        for first in range(0, len(log), 10):
            await store.append(game, first, log[first : first + 10])
        for seq in (30, 60, 90):
            await store.save_snapshot(game, seq, states[seq - 1])
        assert snapshot_seqs(path, game) == [60, 90]  # the latest and the one before it
        read: list[tuple[int | None, int]] = []  # (snapshot seq, events read) per load_at
        load_until = sqlite_writer.load_until

        def spied(conn, *args):
            snapshot, rows = load_until(conn, *args)
            read.append((snapshot[0] if snapshot else None, len(rows)))
            return snapshot, rows

        monkeypatch.setattr(sqlite_writer, "load_until", spied)
        for version in range(1, len(log) + 1):
            assert await store.load_at(game, version) == states[version - 1], version
        by_version = dict(zip(range(1, len(log) + 1), read, strict=True))
        assert by_version[59] == (None, 59)  # before every kept snapshot: from the start
        assert by_version[60] == (60, 0)
        assert by_version[75] == (60, 15)  # an update begun before the latest snapshot
        assert by_version[90] == (90, 0)
        assert by_version[120] == (90, 30)
        with pytest.raises(NotFound):
            await store.load_at(game, len(log) + 1)
        loaded = await store.load(game)  # the current state, from the latest snapshot
        assert (loaded.state, loaded.version, loaded.snapshot_seq) == (states[-1], 120, 90)
    finally:
        await store.close()


async def test_a_snapshot_saved_again_at_the_same_version_replaces_it(tmp_path):
    path = str(tmp_path / "again.sqlite3")
    log = play(2, 4, keep_events=True)[2][:40]
    states = folded(log)
    store = await EventStore.open(sqlite_url(path))
    try:
        game = await store.create_game("guild-master", players=2)
        await store.append(game, 0, log)
        await store.save_snapshot(game, 20, states[19])
        await store.save_snapshot(game, 40, states[39])
        await store.save_snapshot(game, 40, states[39])  # the bookkeeping done again
        assert snapshot_seqs(path, game) == [20, 40]
        assert await store.load_at(game, 30) == states[29]
        assert (await store.load(game)).snapshot_seq == 40
    finally:
        await store.close()
