"""The event store: one abstract suite, run on SQLite and on PostgreSQL (see conftest.py)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.store import Conflict, EventStore, NotFound
from engine.core import replay
from games.guild_master import GAME
from games.guild_master.players.simulate import play

DISCORD_ID = 1_234_567_890_123_456_789  # ids are 64-bit


def batches(log, size=4):
    return [log[i : i + size] for i in range(0, len(log), size)]


async def record(store, log, *, players=3, seed=1, size=4):
    """Store a whole game log in command-sized batches; returns the game id."""
    gid = await store.create_game("guild-master", players=players, seed=seed)
    version = 0
    for n, batch in enumerate(batches(log, size)):
        version = (await store.append(gid, version, batch, key=f"cmd-{n}")).last_seq
    return gid


async def test_a_game_row_is_created_found_listed_and_updated(store):
    gid = await store.create_game(
        "guild-master",
        players=4,
        seed=9,
        options={"short": True},
        discord_guild_id=DISCORD_ID,
        channel_id=DISCORD_ID + 1,
        host_id=DISCORD_ID + 2,
    )
    row = await store.get_game(gid)
    assert (row.players, row.seed, row.version, row.status) == (4, 9, 0, "lobby")
    assert row.channel_id == DISCORD_ID + 1 and row.host_id == DISCORD_ID + 2
    await store.update_game(gid, status="running")
    assert [g.id for g in await store.list_games(status="running")] == [gid]
    assert [g.id for g in await store.list_games(channel_id=DISCORD_ID + 1)] == [gid]
    assert [g.id for g in await store.list_games(status=("lobby", "running"))] == [gid]
    assert await store.list_games(status=("lobby", "ended")) == []
    with pytest.raises(NotFound):
        await store.get_game(gid + 100)


async def test_appended_events_read_back_identical_and_in_order(store):
    _, final, log = play(3, 11, keep_events=True)
    gid = await record(store, log)
    events = await store.read(gid)
    assert [seq for seq, _ in events] == list(range(1, len(log) + 1))
    assert [e for _, e in events] == log
    assert (await store.get_game(gid)).version == len(log)
    assert (await store.load(gid)).state == final


async def test_an_append_at_a_stale_version_is_a_conflict_and_writes_nothing(store):
    _, _, log = play(2, 3, keep_events=True)
    gid = await store.create_game("guild-master", players=2)
    await store.append(gid, 0, log[:3])
    with pytest.raises(Conflict):
        await store.append(gid, 1, log[3:5])
    with pytest.raises(Conflict):
        await store.append(gid, 0, log[3:5], key="late")
    assert len(await store.read(gid)) == 3
    assert await store.command(gid, "late") is None
    assert (await store.get_game(gid)).version == 3


async def test_an_append_ahead_of_the_log_is_a_conflict_and_opens_no_gap(store):
    """The primary key alone would accept seqs 6.. after a log of 3 events; the version check
    refuses them."""
    _, _, log = play(2, 3, keep_events=True)
    gid = await store.create_game("guild-master", players=2)
    await store.append(gid, 0, log[:3])
    with pytest.raises(Conflict, match="at version 3, not 5"):
        await store.append(gid, 5, log[3:5], key="ahead")
    assert [seq for seq, _ in await store.read(gid)] == [1, 2, 3]
    assert await store.command(gid, "ahead") is None


async def test_two_writers_racing_at_one_version_give_one_success_and_one_conflict(store_url):
    """Two processes (two engines) append at the same expected version: a clean conflict, never
    a double effect."""
    _, _, log = play(2, 4, keep_events=True)
    a = await EventStore.open(store_url)
    b = await EventStore.open(store_url, migrate=False)
    try:
        gid = await a.create_game("guild-master", players=2)
        await a.append(gid, 0, log[:2])
        results = await asyncio.gather(
            a.append(gid, 2, log[2:4]), b.append(gid, 2, log[2:5]), return_exceptions=True
        )
        assert sorted(type(r).__name__ for r in results) == ["Appended", "Conflict"]
        version = (await a.get_game(gid)).version
        assert version in (4, 5)
        assert len(await a.read(gid)) == version
    finally:
        await a.close()
        await b.close()


async def test_a_repeated_command_key_is_applied_once_and_answered_the_same(store):
    """A retried or double-clicked command (same interaction id) is applied once."""
    _, _, log = play(2, 5, keep_events=True)
    gid = await store.create_game("guild-master", players=2)
    first = await store.append(gid, 0, log[:3], key="interaction-1", response={"said": "ready"})
    again = await store.append(gid, 0, log[:3], key="interaction-1", response={"said": "other"})
    assert not first.duplicate and again.duplicate
    assert again.response == {"said": "ready"} and (again.first_seq, again.last_seq) == (1, 3)
    later = await store.append(gid, 3, log[3:4], key="interaction-1")
    assert later.duplicate and len(await store.read(gid)) == 3


async def test_a_double_click_racing_itself_is_applied_once(store_url):
    _, _, log = play(2, 6, keep_events=True)
    a = await EventStore.open(store_url)
    b = await EventStore.open(store_url, migrate=False)
    try:
        gid = await a.create_game("guild-master", players=2)
        results = await asyncio.gather(
            a.append(gid, 0, log[:2], key="click", response=1),
            b.append(gid, 0, log[:2], key="click", response=2),
        )
        assert sorted(r.duplicate for r in results) == [False, True]
        assert results[0].response == results[1].response
        assert len(await a.read(gid)) == 2
    finally:
        await a.close()
        await b.close()


async def test_loading_from_a_snapshot_equals_a_full_replay_for_a_batch_of_games(store):
    """ "A long game loads from its latest snapshot plus the tail of events": for every game of a
    simulated batch, snapshot + tail gives exactly the state of a full replay."""
    for seed in range(6):
        players = 2 + seed % 3
        _, final, log = play(players, 100 + seed, keep_events=True)
        gid = await record(store, log, players=players, seed=seed)
        cut = len(log) * (seed + 1) // 8
        await store.save_snapshot(gid, cut, replay(GAME, log[:cut]))
        loaded = await store.load(gid)
        full = await store.load(gid, use_snapshot=False)
        assert loaded.snapshot_seq == cut and loaded.replayed == len(log) - cut
        assert loaded.state == full.state == final
        assert loaded.version == full.version == len(log)


async def test_a_snapshot_of_another_state_version_is_ignored(store, monkeypatch):
    _, final, log = play(2, 8, keep_events=True)
    gid = await record(store, log, players=2)
    await store.save_snapshot(gid, len(log) // 2, replay(GAME, log[: len(log) // 2]))
    monkeypatch.setattr(type(GAME), "state_version", GAME.state_version + 1)
    loaded = await store.load(gid)
    assert loaded.snapshot_seq == 0 and loaded.state == final


async def test_seats_messages_and_deadlines_keep_discord_ids(store):
    gid = await store.create_game("guild-master", players=3)
    await store.set_seat(gid, 0, DISCORD_ID, "Kim", dm_channel_id=DISCORD_ID + 5)
    await store.set_seat(gid, 1, None, "built-in player")
    await store.set_seat(gid, 0, DISCORD_ID + 9, "Chris")
    seats = await store.seats(gid)
    assert [(s.seat, s.user_id, s.name) for s in seats] == [
        (0, DISCORD_ID + 9, "Chris"),
        (1, None, "built-in player"),
    ]
    assert await store.games_of_user(DISCORD_ID + 9) == [(gid, 0)]
    await store.remove_seat(gid, 1)
    assert len(await store.seats(gid)) == 1

    await store.set_message(gid, "phase", DISCORD_ID + 1, DISCORD_ID + 2)
    await store.set_message(gid, "phase", DISCORD_ID + 1, DISCORD_ID + 3)
    assert await store.message(gid, "phase") == (DISCORD_ID + 1, DISCORD_ID + 3)
    assert await store.message(gid, "nope") is None

    due = datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)
    await store.set_deadline(gid, "orders", due, version=7, seats=[0, 2])
    await store.set_deadline(gid, "stance", due - timedelta(hours=1), version=8)
    deadlines = await store.deadlines()
    assert [(d.key, d.due_at, d.version, d.seats) for d in deadlines] == [
        ("stance", due - timedelta(hours=1), 8, ()),
        ("orders", due, 7, (0, 2)),
    ]
    await store.clear_deadline(gid, "stance")
    assert [d.key for d in await store.deadlines(gid)] == ["orders"]
    await store.clear_deadline(gid)
    assert await store.deadlines(gid) == []


async def test_a_single_writer_store_answers_from_memory_what_the_database_holds(store_url):
    """A store that is the database's one writer keeps games' rows, seats, messages and
    deadlines in memory: after each of its writes it answers as a fresh read of the database."""
    kept = await EventStore.open(store_url, single_writer=True)
    fresh = await EventStore.open(store_url, migrate=False)
    _, _, log = play(2, 5, keep_events=True)
    keys = ("lobby", "board:0", "nope")

    async def same(gid: int) -> None:
        assert await kept.get_game(gid) == await fresh.get_game(gid)
        assert [s.model_dump() for s in await kept.seats(gid)] == [
            s.model_dump() for s in await fresh.seats(gid)
        ]
        for key in keys:
            assert await kept.message(gid, key) == await fresh.message(gid, key)
        assert await kept.deadlines(gid) == await fresh.deadlines(gid)
        in_play = await fresh.list_games(status=("lobby", "running"), channel_id=DISCORD_ID)
        assert await kept.games_in_play(DISCORD_ID) == in_play
        assert await kept.games_in_play(DISCORD_ID + 1) == []

    try:
        gid = await kept.create_game("guild-master", players=2, channel_id=DISCORD_ID)
        await same(gid)
        await kept.set_seat(gid, 0, DISCORD_ID, "Kim")
        await kept.set_seat(gid, 1, DISCORD_ID + 1, "Chris")
        await kept.set_message(gid, "lobby", DISCORD_ID, DISCORD_ID + 2)
        await same(gid)
        await kept.update_game(gid, status="running", options={"paused": False})
        other = await kept.create_game("guild-master", players=2, channel_id=DISCORD_ID)
        await same(gid)
        await kept.update_game(other, status="abandoned")
        await kept.append(gid, 0, log[:5], key="start")
        await same(gid)
        await kept.append(gid, 5, log[5:9], key="move")
        await kept.remove_seat(gid, 1)
        await kept.set_message(gid, "lobby", DISCORD_ID, DISCORD_ID + 3)
        await kept.set_message(gid, "board:0", DISCORD_ID + 4, DISCORD_ID + 5)
        await same(gid)
        due = datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)
        await kept.set_deadline(gid, "orders", due, version=9, seats=[0])
        await kept.set_deadline(gid, "remind:orders", due - timedelta(minutes=5), version=9)
        await same(gid)
        await kept.clear_deadline(gid, "remind:orders")
        await same(gid)
        await kept.clear_deadline(gid)
        await kept.clear_deadline(gid)  # nothing left to clear
        await same(gid)
        with pytest.raises(Conflict):
            await kept.append(gid, 5, log[9:10])
        await same(gid)
        # Reads racing writes keep nothing they may have read from before a write.
        kept._known.clear()
        kept._in_play = None
        await asyncio.gather(
            kept.games_in_play(DISCORD_ID),
            kept.create_game("guild-master", players=2, channel_id=DISCORD_ID),
            kept.get_game(gid),
            kept.seats(gid),
            kept.message(gid, "lobby"),
            kept.deadlines(gid),
            kept.update_game(gid, players=3),
            kept.set_seat(gid, 2, None, "built-in"),
            kept.set_message(gid, "lobby", DISCORD_ID, DISCORD_ID + 6),
            kept.set_deadline(gid, "orders", due, version=9),
            kept.append(gid, 9, log[9:12], key="raced"),
            kept.get_game(gid),
            kept.seats(gid),
            kept.message(gid, "board:0"),
            kept.deadlines(gid),
        )
        await same(gid)
        # A game created while the channels' games in play are being read is not missed.
        kept._in_play = None
        read = kept.list_games

        async def read_then_create(**kwargs):
            games = await read(**kwargs)
            await kept.create_game("guild-master", players=2, channel_id=DISCORD_ID)
            return games

        kept.list_games = read_then_create
        await kept.games_in_play(DISCORD_ID)
        kept.list_games = read
        await same(gid)

        # Kept, not read again: a second writer (which the bot never is) goes unseen.
        await fresh.update_game(gid, status="ended")
        assert (await kept.get_game(gid)).status == "running"
        with pytest.raises(NotFound):
            await kept.get_game(gid + 100)
    finally:
        await kept.close()
        await fresh.close()


async def test_postgresql_statements_are_prepared_once_unless_the_url_says_not_to(store_url):
    """On PostgreSQL appends and loads are prepared statements, kept by each connection; a URL
    with `prepared_statement_cache_size=0` (pgbouncer in transaction mode) keeps none, for the
    store's own asyncpg connections as for SQLAlchemy's."""
    if not store_url.startswith("postgresql"):
        pytest.skip("prepared statements kept per connection are PostgreSQL's")
    _, final, log = play(2, 7, keep_events=True)
    for url, kept in ((store_url, True), (f"{store_url}?prepared_statement_cache_size=0", False)):
        store = await EventStore.open(url)
        try:
            gid = await record(store, log, players=2, seed=7)
            assert (await store.load(gid)).state == final
            async with store._pg.pool.acquire() as conn:  # the one connection used so far
                prepared = await conn.fetchval("SELECT count(*) FROM pg_prepared_statements")
            assert (prepared > 0) == kept
        finally:
            await store.close()
