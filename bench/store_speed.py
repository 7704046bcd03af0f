"""Event store speed, side by side in one run, on SQLite files in a temporary folder.

    python bench/store_speed.py [--games N] [--rounds R] [--repeats K]

1. Appending: the events of N whole 4-player games, in the batches the commands produced them, one
   transaction per batch, into (a) plain `sqlite3` `executemany` of the same rows into the same
   events table (already encoded; no version check, no idempotency key), (b) the
   `eventsourcing` library's SQLite recorder, (c) our EventStore (with idempotency keys). All three
   use WAL with synchronous=NORMAL. Aim: at least half the speed of (a), faster than (b). The
   ratios are printed twice: with the baselines handed encoded rows, and with the time to encode
   the events (measured here) added to them, since EventStore.append starts from event objects.
   Then where an append's time goes: the statements of the store's SQLite append transaction
   (bot/store/sqlite_writer.py), timed one by one on a writer connection with the same rows.
2. Loading a finished game: from its snapshot, from a full replay of its log, and json-decoding
   that log with the standard library.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import statistics
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.progress import progress
from bot.store import EventStore, sqlite_url
from bot.store.sqlite_writer import (
    INSERT_COMMAND_SQL,
    INSERT_EVENTS_SQL,
    VERSION_SQL,
    connect,
    sqlite_timestamp,
)
from engine.core.codec import Codec
from games.guild_master import GAME
from games.guild_master.players import RandomPlayer
from games.guild_master.rules.setup import create

# CPU time of the whole process (all its threads): other work on a shared machine does not count,
# while every thread the store uses does.
CLOCK = time.process_time


def command_batches(seed: int) -> list[list[Any]]:
    """A 4-player game's events, grouped as its commands produced them."""
    created = create(4, seed, {})
    state = None
    for e in created:
        state = GAME.evolve(state, e)
    batches: list[list[Any]] = [list(created)]
    bots = [RandomPlayer(seed * 10 + i) for i in range(4)]
    while not GAME.is_over(state):
        decision = GAME.pending(state)[0]
        command = bots[decision.seat].answer(state, decision)
        events, state = GAME.execute(state, command)
        batches.append(events)
    return batches


def rows_of(batches: list[list[Any]], codec: Codec) -> list[list[tuple[str, int, str]]]:
    out = []
    for batch in batches:
        rows = []
        for e in batch:
            name = type(e).__struct_config__.tag
            rows.append((name, codec.version_of(name), codec.encode(e).decode()))
        out.append(rows)
    return out


def plain_sqlite(path: Path, games: list[list[list[tuple[str, int, str]]]]) -> float:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute(
        "CREATE TABLE events (game_id INTEGER, seq INTEGER, type TEXT, schema_version INTEGER,"
        " data TEXT, recorded_at TEXT, PRIMARY KEY (game_id, seq))"
    )
    start = CLOCK()
    for game_id, batches in enumerate(games, 1):
        seq = 0
        for rows in batches:
            stamp = sqlite_timestamp(datetime.now(UTC))
            db.execute("BEGIN")
            db.executemany(
                "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, seq + i + 1, t, v, d, stamp) for i, (t, v, d) in enumerate(rows)],
            )
            db.execute("COMMIT")
            seq += len(rows)
    elapsed = CLOCK() - start
    db.close()
    return elapsed


def eventsourcing_recorder(path: Path, games: list[list[list[tuple[str, int, str]]]]) -> float:
    from eventsourcing import sqlite as es
    from eventsourcing.persistence import StoredEvent

    original = es.SQLiteConnectionPool._create_connection

    def normal_sync(self):  # type: ignore[no-untyped-def]
        conn = original(self)
        conn._sqlite_conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    es.SQLiteConnectionPool._create_connection = normal_sync  # same durability as the others
    try:
        datastore = es.SQLiteDatastore(str(path))
        recorder = es.SQLiteAggregateRecorder(datastore)
        recorder.create_table()
        start = CLOCK()
        for batches in games:
            originator = uuid.uuid4()
            seq = 0
            for rows in batches:
                recorder.insert_events(
                    [
                        StoredEvent(originator, seq + i + 1, t, d.encode())
                        for i, (t, _v, d) in enumerate(rows)
                    ]
                )
                seq += len(rows)
        return CLOCK() - start
    finally:
        es.SQLiteConnectionPool._create_connection = original


async def our_store(path: Path, games: list[list[list[Any]]]) -> tuple[float, EventStore, int]:
    store = await EventStore.open(sqlite_url(str(path)))
    ids = [await store.create_game("guild-master", players=4) for _ in games]
    start = CLOCK()
    for game_id, batches in zip(ids, games, strict=True):
        version = 0
        for n, batch in enumerate(batches):
            version = (await store.append(game_id, version, batch, key=f"i{n}")).last_seq
    return CLOCK() - start, store, ids[0]


async def store_schema(path: Path, games: int) -> list[int]:
    """A database with the store's schema (through its migrations) and `games` empty games."""
    store = await EventStore.open(sqlite_url(str(path)))
    try:
        return [await store.create_game("guild-master", players=4) for _ in range(games)]
    finally:
        await store.close()


STEPS = ("BEGIN IMMEDIATE", "version check", "event rows", "command row", "COMMIT")


def clock_cost() -> float:
    """What one reading of CLOCK adds to an interval it measures (about half a microsecond: a
    system call), to take off the per-statement times."""
    samples = []
    for _ in range(2000):
        start = CLOCK()
        samples.append(CLOCK() - start)
    return statistics.median(samples)


def append_steps(path: Path, games: list[list[list[tuple[str, int, str]]]]) -> dict[str, float]:
    """CPU time of each statement of the store's append transaction, in seconds summed over all
    appends: the writer's own connection settings and SQL, the same rows and keys as `our_store`
    (encoding excluded: it is measured on its own)."""
    ids = asyncio.run(store_schema(path, len(games)))
    conn = connect(str(path), 0)
    clock, cost = CLOCK, clock_cost()
    spent = dict.fromkeys(STEPS, 0.0)
    for game_id, batches in zip(ids, games, strict=True):
        seq = 0
        for n, batch in enumerate(batches):
            stamp = sqlite_timestamp(datetime.now(UTC))
            rows = [(game_id, seq + i + 1, t, v, d, stamp) for i, (t, v, d) in enumerate(batch)]
            last = seq + len(rows)
            t0 = clock()
            conn.execute("BEGIN IMMEDIATE")
            t1 = clock()
            (at,) = conn.execute(VERSION_SQL, (game_id,)).fetchone()
            assert at == seq
            t2 = clock()
            conn.executemany(INSERT_EVENTS_SQL, rows)
            t3 = clock()
            conn.execute(INSERT_COMMAND_SQL, (game_id, f"i{n}", seq + 1, last, "null", stamp))
            t4 = clock()
            conn.execute("COMMIT")
            t5 = clock()
            laps = (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)
            for step, elapsed in zip(STEPS, laps, strict=True):
                spent[step] += elapsed - cost
            seq = last
    conn.close()
    return spent


async def loading(store: EventStore, game_id: int, repeats: int) -> dict[str, float]:
    loaded = await store.load(game_id, use_snapshot=False)
    await store.save_snapshot(game_id, loaded.version, loaded.state)
    raw = [row["data"] for row in await store.raw_events(game_id)]
    lines = [json.dumps(d) for d in raw]
    times: dict[str, list[float]] = {"snapshot": [], "replay": [], "json": []}
    for _ in range(repeats):
        start = CLOCK()
        snap = await store.load(game_id)
        times["snapshot"].append(CLOCK() - start)
        start = CLOCK()
        full = await store.load(game_id, use_snapshot=False)
        times["replay"].append(CLOCK() - start)
        start = CLOCK()
        for line in lines:
            json.loads(line)
        times["json"].append(CLOCK() - start)
        assert snap.state == full.state
    return {k: statistics.median(v) * 1000 for k, v in times.items()} | {"events": len(lines)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=20, help="loads timed per round")
    parser.add_argument("--rounds", type=int, default=5, help="append rounds (best is kept)")
    args = parser.parse_args()
    codec = Codec(GAME.event_types, GAME.upcasters)
    games = [command_batches(900 + g) for g in range(args.games)]
    rows = [rows_of(batches, codec) for batches in games]
    events = sum(len(b) for batches in games for b in batches)
    appends = sum(len(batches) for batches in games)
    best = {"plain": float("inf"), "recorder": float("inf"), "ours": float("inf")}
    steps = dict.fromkeys(STEPS, float("inf"))
    encode = float("inf")  # CPU time to turn the events into the baselines' rows
    for _ in range(args.rounds):
        start = CLOCK()
        for batches in games:
            rows_of(batches, codec)
        encode = min(encode, CLOCK() - start)
    # Interleaved rounds, the best of each: less machine noise. The progress bar draws between
    # rounds, and every timed section begins and ends within a round.
    for _ in progress(range(args.rounds), what="rounds", unit=" rounds"):
        with tempfile.TemporaryDirectory() as folder:
            base = Path(folder)
            best["plain"] = min(best["plain"], plain_sqlite(base / "plain.sqlite3", rows))
            best["recorder"] = min(
                best["recorder"], eventsourcing_recorder(base / "eventsourcing.sqlite3", rows)
            )

            async def ours_and_loading(base: Path = base) -> tuple[float, dict[str, float]]:
                elapsed, store, first = await our_store(base / "ours.sqlite3", games)
                try:
                    return elapsed, await loading(store, first, args.repeats)
                finally:
                    await store.close()

            ours, load = asyncio.run(ours_and_loading())
            best["ours"] = min(best["ours"], ours)
            for step, spent in append_steps(base / "steps.sqlite3", rows).items():
                steps[step] = min(steps[step], spent)
    plain, recorder, ours = best["plain"], best["recorder"], best["ours"]
    print(f"appending {events} events of {args.games} 4-player games in {appends} transactions:")
    for name, t in (
        ("sqlite3 executemany", plain),
        ("eventsourcing recorder", recorder),
        ("EventStore.append", ours),
    ):
        print(f"  {name:<24} {events / t:9.0f} events/s  {appends / t:7.0f} appends/s")
    print(
        f"  EventStore / executemany = {plain / ours:.2f}; "
        f"EventStore / eventsourcing = {recorder / ours:.2f}  (baselines given encoded rows)"
    )
    print(
        f"  EventStore / executemany = {(plain + encode) / ours:.2f}; "
        f"EventStore / eventsourcing = {(recorder + encode) / ours:.2f}  "
        f"(all starting from event objects: encoding {encode / events * 1e6:.1f} µs per event)"
    )
    print(
        "  where an append's CPU time goes, µs (best round each): "
        f"encoding {encode / appends * 1e6:.1f}, "
        + ", ".join(f"{step} {spent / appends * 1e6:.1f}" for step, spent in steps.items())
    )
    print(
        f"loading a finished game ({load['events']:.0f} events): "
        f"snapshot {load['snapshot']:.2f} ms, full replay {load['replay']:.2f} ms, "
        f"json.loads of its log {load['json']:.2f} ms"
    )


if __name__ == "__main__":
    main()
