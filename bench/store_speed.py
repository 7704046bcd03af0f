"""Event store speed, side by side in one run: on SQLite files in a temporary folder, and with
`--postgres` on PostgreSQL too (a private server started for the run as the tests start one, or
the server of `--postgres URL`).

    python bench/store_speed.py [--games N] [--rounds R] [--repeats K] [--postgres [URL]]

1. Appending on SQLite: the events of N whole 4-player games, in the batches the commands
   produced them, one transaction per batch, into (a) plain `sqlite3` `executemany` of the same
   rows into the same events table (already encoded; no version check, no idempotency key), (b)
   the `eventsourcing` library's SQLite recorder, (c) our EventStore (with idempotency keys). All
   three use WAL with synchronous=NORMAL. Aim: at least half the speed of (a), faster than (b).
   The ratios are printed twice: with the baselines handed encoded rows, and with the time to
   encode the events (measured here) added to them, since EventStore.append starts from event
   objects. Then where an append's time goes: the statements of the store's SQLite append
   transaction (bot/store/sqlite_writer.py), timed one by one on a writer connection with the
   same rows. CPU time of the process (all its threads).
2. Appending on PostgreSQL: the same batches into (a) plain asyncpg `executemany` on one open
   connection (the same rows, already encoded, into the store's events table in a database of
   its own; no version check, no idempotency key) and (b) EventStore.append with idempotency
   keys, each into a fresh database built by the store's migrations, the two taking turns
   batch by batch. Wall-clock time: most of the work is the server's, in other processes. Aim:
   at least half the speed of (a).
3. Loading a finished game, on each backend: from its snapshot and by a full replay of its log,
   each beside its floor, timed in turn in the same loop: the raw fetch on a plain open
   connection (`sqlite3`, asyncpg), the typed decode of each row (msgspec, the game's event
   union; the state's type for a snapshot) and the fold. Medians, and the ratio of the best
   times too: of CPU time on SQLite, as the appends; of wall-clock time on PostgreSQL. Aim: at
   most 1.5 times the floor. And, as before, json-decoding the log with the standard library.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Union

import asyncpg
import msgspec
from sqlalchemy.engine import make_url

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

ROOT = Path(__file__).resolve().parents[1]
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


async def our_store(
    url: str, games: list[list[list[Any]]], clock: Callable[[], float]
) -> tuple[float, EventStore, int]:
    """EventStore.append of every batch, with a key each, into a new database at `url`: the
    seconds it took by `clock`, the store (still open) and the first game's id."""
    store = await EventStore.open(url)
    ids = [await store.create_game("guild-master", players=4) for _ in games]
    start = clock()
    for game_id, batches in zip(ids, games, strict=True):
        version = 0
        for n, batch in enumerate(batches):
            version = (await store.append(game_id, version, batch, key=f"i{n}")).last_seq
    return clock() - start, store, ids[0]


async def store_schema(url: str, games: int) -> list[int]:
    """A database with the store's schema (through its migrations) and `games` empty games."""
    store = await EventStore.open(url)
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
    ids = asyncio.run(store_schema(sqlite_url(str(path)), len(games)))
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


class SqliteSource:
    """The floor's fetches on SQLite: a plain open `sqlite3` connection to the store's file."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path)

    async def snapshot(self, game_id: int, state_version: int) -> tuple[int, str] | None:
        return self.conn.execute(
            "SELECT seq, data FROM snapshots WHERE game_id = ? AND state_version = ?"
            " ORDER BY seq DESC LIMIT 1",
            (game_id, state_version),
        ).fetchone()

    async def events(self, game_id: int, after: int) -> list[tuple[int, str]]:
        return self.conn.execute(
            "SELECT seq, data FROM events WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after),
        ).fetchall()

    async def close(self) -> None:
        self.conn.close()


class PostgresSource:
    """The floor's fetches on PostgreSQL: one plain open asyncpg connection."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def snapshot(self, game_id: int, state_version: int) -> Any:
        return await self.conn.fetchrow(
            "SELECT seq, data FROM snapshots WHERE game_id = $1 AND state_version = $2"
            " ORDER BY seq DESC LIMIT 1",
            game_id,
            state_version,
        )

    async def events(self, game_id: int, after: int) -> list[Any]:
        return await self.conn.fetch(
            "SELECT seq, data FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq",
            game_id,
            after,
        )

    async def close(self) -> None:
        await self.conn.close()


EVENT_DECODER = msgspec.json.Decoder(Union[tuple(GAME.event_types)])  # noqa: UP007
STATE_DECODER = msgspec.json.Decoder(GAME.state_type)


async def floor_load(source: SqliteSource | PostgresSource, game_id: int, snapshot: bool) -> Any:
    """A game's state by the shortest way there is: the raw rows from a plain open connection,
    each decoded straight to its type, folded."""
    state, base = None, 0
    if snapshot:
        row = await source.snapshot(game_id, GAME.state_version)
        if row is not None:
            state, base = STATE_DECODER.decode(row[1]), row[0]
    evolve, decode = GAME.evolve, EVENT_DECODER.decode
    for _seq, data in await source.events(game_id, base):
        state = evolve(state, decode(data))
    return state


LOADS = ("snapshot", "snapshot floor", "replay", "replay floor", "json")


async def loading(
    store: EventStore,
    game_id: int,
    repeats: int,
    source: SqliteSource | PostgresSource,
    clock: Callable[[], float],
) -> dict[str, list[float]]:
    """Times by `clock` of loading the game `repeats` times each way, beside its floor, the
    ways taken in turn in one loop (after one untimed turn, which prepares the statements)."""
    loaded = await store.load(game_id, use_snapshot=False)
    await store.save_snapshot(game_id, loaded.version, loaded.state)
    lines = [json.dumps(row["data"]) for row in await store.raw_events(game_id)]
    times: dict[str, list[float]] = {k: [] for k in LOADS}

    def decode_json() -> None:
        for line in lines:
            json.loads(line)

    for n in range(repeats + 1):
        laps = []
        results = []
        for way in (
            lambda: store.load(game_id),
            lambda: floor_load(source, game_id, snapshot=True),
            lambda: store.load(game_id, use_snapshot=False),
            lambda: floor_load(source, game_id, snapshot=False),
        ):
            gc.collect()  # each starts clean: a collection of the others' garbage is not its own
            start = clock()
            results.append(await way())
            laps.append(clock() - start)
        gc.collect()
        start = clock()
        decode_json()
        laps.append(clock() - start)
        snap, snap_floor, full, full_floor = results
        assert snap.state == full.state == snap_floor == full_floor == loaded.state
        if n:
            for k, lap in zip(LOADS, laps, strict=True):
                times[k].append(lap)
    times["events"] = [len(lines)]
    return times


# --- PostgreSQL ------------------------------------------------------------------------------

PG_INSERT_EVENTS_SQL = (
    "INSERT INTO events (game_id, seq, type, schema_version, data, recorded_at) "
    "VALUES ($1, $2, $3, $4, $5, $6)"
)


class Postgres:
    """A PostgreSQL server for the run: databases are created on it and dropped again."""

    def __init__(self, url: str) -> None:
        self.url = make_url(url).set(drivername="postgresql+asyncpg")

    def store_url(self, database: str) -> str:
        return self.url.set(database=database).render_as_string(hide_password=False)

    def dsn(self, database: str) -> str:
        """The database's URL as asyncpg takes it."""
        url = self.url.set(drivername="postgresql", database=database)
        return url.render_as_string(hide_password=False)

    async def admin(self, sql: str) -> None:
        conn = await asyncpg.connect(self.dsn(self.url.database or "postgres"))
        try:
            await conn.execute(sql)
        finally:
            await conn.close()


def private_postgres() -> tuple[Postgres, Any]:
    """A private server, started as the tests start theirs (tests/postgres.py)."""
    sys.path.insert(0, str(ROOT))
    from tests import postgres

    server = postgres.start()
    if isinstance(server, str):
        raise SystemExit(f"no PostgreSQL ({server}): give --postgres URL, or leave it out")
    return Postgres(server.url()), server


async def postgres_appends(
    store: EventStore,
    conn: Any,
    plain_ids: list[int],
    games: list[list[list[Any]]],
    rows: list[list[list[tuple[str, int, str]]]],
) -> tuple[float, float, int]:
    """Every batch appended twice, one after the other: by asyncpg `executemany` of its rows
    on the open connection `conn` (one implicit transaction a call) to the games `plain_ids`,
    and by `store.append` with a key to a new game each. Wall-clock seconds each spent in all,
    and the store's first game. Taking them in turn, batch by batch, gives both the same
    machine at the same moments."""
    ours_ids = [await store.create_game("guild-master", players=4) for _ in games]
    clock = time.perf_counter
    plain = ours = 0.0
    for plain_id, game_id, batches, encoded in zip(plain_ids, ours_ids, games, rows, strict=True):
        version = 0
        for n, (batch, batch_rows) in enumerate(zip(batches, encoded, strict=True)):
            start = clock()
            stamp = datetime.now(UTC)
            await conn.executemany(
                PG_INSERT_EVENTS_SQL,
                [(plain_id, version + i + 1, *row, stamp) for i, row in enumerate(batch_rows)],
            )
            middle = clock()
            version = (await store.append(game_id, version, batch, key=f"i{n}")).last_seq
            plain, ours = plain + middle - start, ours + clock() - middle
    return plain, ours, ours_ids[0]


async def postgres_round(
    pg: Postgres,
    n: int,
    games: list[list[list[Any]]],
    rows: list[list[list[tuple[str, int, str]]]],
    repeats: int,
) -> tuple[float, float, dict[str, list[float]]]:
    """One round on PostgreSQL, each side in a fresh database built by the store's migrations:
    (executemany seconds, EventStore.append seconds, load times)."""
    plain_db, ours_db = f"bench_plain_{n}", f"bench_ours_{n}"
    for name in (plain_db, ours_db):
        await pg.admin(f"DROP DATABASE IF EXISTS {name}")
        await pg.admin(f"CREATE DATABASE {name}")
    try:
        plain_ids = await store_schema(pg.store_url(plain_db), len(games))
        store = await EventStore.open(pg.store_url(ours_db))
        try:
            conn = await asyncpg.connect(pg.dsn(plain_db))
            try:
                plain, ours, first = await postgres_appends(store, conn, plain_ids, games, rows)
            finally:
                await conn.close()
            source = PostgresSource(await asyncpg.connect(pg.dsn(ours_db)))
            try:
                load = await loading(store, first, repeats, source, time.perf_counter)
            finally:
                await source.close()
        finally:
            await store.close()
    finally:
        for name in (plain_db, ours_db):
            await pg.admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    return plain, ours, load


def print_loads(backend: str, times: dict[str, list[float]], clock: str) -> None:
    """Each way's median time, beside its floor's, and the ratios of the medians and of the
    best times (the best is the steadier of the two on a busy machine)."""

    def way(name: str, key: str) -> str:
        ours, floor = times[key], times[f"{key} floor"]
        median, median_floor = statistics.median(ours), statistics.median(floor)
        return (
            f"{name} {median * 1000:.2f} ms (floor {median_floor * 1000:.2f}: "
            f"{median / median_floor:.2f}x; best {min(ours) / min(floor):.2f}x)"
        )

    print(
        f"  {backend:<11} ({clock}) {way('snapshot', 'snapshot')}; "
        f"{way('full replay', 'replay')}; "
        f"json.loads of its log {statistics.median(times['json']) * 1000:.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=20, help="loads timed per round")
    parser.add_argument("--rounds", type=int, default=5, help="append rounds (best is kept)")
    parser.add_argument(
        "--postgres",
        nargs="?",
        const="",
        metavar="URL",
        help="measure PostgreSQL too: on a private server started for the run, or on the server"
        " of URL (a database URL whose user may create databases)",
    )
    args = parser.parse_args()
    codec = Codec(GAME.event_types, GAME.upcasters)
    games = [command_batches(900 + g) for g in range(args.games)]
    rows = [rows_of(batches, codec) for batches in games]
    events = sum(len(b) for batches in games for b in batches)
    appends = sum(len(batches) for batches in games)
    best = dict.fromkeys(("plain", "recorder", "ours", "pg plain", "pg ours"), float("inf"))
    steps = dict.fromkeys(STEPS, float("inf"))
    encode = float("inf")  # CPU time to turn the events into the baselines' rows
    for _ in range(args.rounds):
        start = CLOCK()
        for batches in games:
            rows_of(batches, codec)
        encode = min(encode, CLOCK() - start)
    server = None
    pg: Postgres | None = None
    if args.postgres:
        pg = Postgres(args.postgres)
    elif args.postgres is not None:
        pg, server = private_postgres()
    loads: dict[str, dict[str, list[float]]] = {"SQLite": {}, "PostgreSQL": {}}

    def kept(backend: str, times: dict[str, list[float]]) -> None:
        for k, v in times.items():
            loads[backend].setdefault(k, []).extend(v)

    try:
        # Interleaved rounds, the best of each: less machine noise. The progress bar draws
        # between rounds, and every timed section begins and ends within a round.
        for n in progress(range(args.rounds), what="rounds", unit=" rounds"):
            with tempfile.TemporaryDirectory() as folder:
                base = Path(folder)
                best["plain"] = min(best["plain"], plain_sqlite(base / "plain.sqlite3", rows))
                best["recorder"] = min(
                    best["recorder"], eventsourcing_recorder(base / "eventsourcing.sqlite3", rows)
                )

                async def ours_and_loading(
                    base: Path = base,
                ) -> tuple[float, dict[str, list[float]]]:
                    path = base / "ours.sqlite3"
                    elapsed, store, first = await our_store(sqlite_url(str(path)), games, CLOCK)
                    source = SqliteSource(path)
                    try:
                        return elapsed, await loading(store, first, args.repeats, source, CLOCK)
                    finally:
                        await source.close()
                        await store.close()

                ours, load = asyncio.run(ours_and_loading())
                best["ours"] = min(best["ours"], ours)
                kept("SQLite", load)
                for step, spent in append_steps(base / "steps.sqlite3", rows).items():
                    steps[step] = min(steps[step], spent)
            if pg is not None:
                plain, ours, load = asyncio.run(postgres_round(pg, n, games, rows, args.repeats))
                best["pg plain"] = min(best["pg plain"], plain)
                best["pg ours"] = min(best["pg ours"], ours)
                kept("PostgreSQL", load)
    finally:
        if server is not None:
            server.stop()
    plain, recorder, ours = best["plain"], best["recorder"], best["ours"]
    print(f"appending {events} events of {args.games} 4-player games in {appends} transactions:")
    print("SQLite (CPU time):")
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
    if pg is not None:
        pg_plain, pg_ours = best["pg plain"], best["pg ours"]
        print("PostgreSQL (wall-clock time):")
        for name, t in (("asyncpg executemany", pg_plain), ("EventStore.append", pg_ours)):
            print(f"  {name:<24} {events / t:9.0f} events/s  {appends / t:7.0f} appends/s")
        print(
            f"  EventStore / executemany = {pg_plain / pg_ours:.2f} (baseline given encoded rows); "
            f"{(pg_plain + encode) / pg_ours:.2f} (both starting from event objects)"
        )
    count = loads["SQLite"]["events"][0]
    print(f"loading a finished game ({count:.0f} events), medians:")
    print_loads("SQLite", loads["SQLite"], "CPU time")
    if pg is not None:
        print_loads("PostgreSQL", loads["PostgreSQL"], "wall clock")


if __name__ == "__main__":
    main()
