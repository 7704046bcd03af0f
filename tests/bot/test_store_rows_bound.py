"""The rows a single-writer store keeps of games in play, bounded (issue 26): on SQLite it keeps
the rows (game, seats, posted messages, deadlines) of the `known_games` games used last only,
and reads the others again at their next use, on the writer's own sqlite3 connection (through
SQLAlchemy's pool, a thousand games read back at once waited past its timeout: 0db8e05). The
players see the same answers, posts and DMs; the rows read back are the rows SQLAlchemy reads."""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from bot.service import StateCache
from bot.store import EventStore, NotFound, sqlite_url
from bot.store.schema import DeadlineRow, MessageRow, SeatRow
from bot.store.store import _GAMES, GameRow, _aware, _info
from tests.bot.fakes import CHANNEL, FakePoster, who
from tests.bot.test_evicted_games import KIM, MORGAN, SEED, Table, elsewhere, kims_move, start


async def single_writer(path: str) -> Table:
    """A table whose store is the database's one writer: it keeps games' rows in memory."""
    store = await EventStore.open(sqlite_url(path), single_writer=True)
    return Table(store, StateCache(), FakePoster())


async def test_a_store_keeping_one_games_rows_gives_the_same_answers(tmp_path):
    """Two tables deal the same game; one's store keeps the rows (game, seats, posted messages,
    deadlines) of one game only, and a second game is used between every two clicks, so the
    first game's rows are read again from the database at every click. Every answer, every post
    and every state agree with the table whose store keeps them all."""
    keeping = await single_writer(str(tmp_path / "keep.sqlite3"))
    reading = await single_writer(str(tmp_path / "read.sqlite3"))
    keeping.store.known_games = None
    reading.store.known_games = 1
    try:
        game = await start(keeping, who(KIM, "Kim"), SEED)
        assert await start(reading, who(KIM, "Kim"), SEED) == game
        other = await start(reading, elsewhere(MORGAN, "Morgan"), SEED + 1)
        for _ in range(120):
            await reading.store.get_game(other)  # the other game's rows push this one's out
            assert reading.store._known is not None and list(reading.store._known) == [other]
            answer = await kims_move(reading, game)
            assert answer == await kims_move(keeping, game)
            await keeping.settle()
            await reading.settle()
            assert await reading.service.load(game) == await keeping.service.load(game)
            if answer is None:
                break
        read, kept = await reading.store.get_game(game), await keeping.store.get_game(game)
        stamps = {"created_at": kept.created_at, "updated_at": kept.updated_at}
        assert replace(read, **stamps) == kept  # the tables were made moments apart
        assert await reading.store.seats(game) == await keeping.store.seats(game)
        waits = [(d.key, d.version, d.seats) for d in await reading.store.deadlines(game)]
        assert waits == [(d.key, d.version, d.seats) for d in await keeping.store.deadlines(game)]
        assert reading.poster.channel_text(CHANNEL) == keeping.poster.channel_text(CHANNEL)
        kim_dms = [reading.poster.messages[m].current for m in reading.poster.dms[KIM]]
        assert kim_dms == [keeping.poster.messages[m].current for m in keeping.poster.dms[KIM]]
    finally:
        await keeping.close()
        await reading.close()


async def test_the_bound_keeps_the_games_used_last(tmp_path):
    store = await EventStore.open(sqlite_url(str(tmp_path / "lru.sqlite3")), single_writer=True)
    store.known_games = 3
    try:
        games = [await store.create_game("guild-master", players=2) for _ in range(5)]
        assert store._known is not None and list(store._known) == games[2:]
        await store.get_game(games[2])  # used: now the last to go
        await store.seats(games[0])  # read back, pushing out the least recently used
        assert list(store._known) == [games[4], games[2], games[0]]
        assert (await store.get_game(games[3])).id == games[3]
        assert list(store._known) == [games[2], games[0], games[3]]
    finally:
        await store.close()


async def test_a_games_rows_are_not_dropped_while_a_write_to_them_is_in_flight(tmp_path):
    """Dropping the rows of a game whose write is in flight would let a read begun meanwhile
    keep the rows from before the write: they stay until the write ends."""
    table = await single_writer(str(tmp_path / "inflight.sqlite3"))
    store = table.store
    store.known_games = 1
    try:
        game = await start(table, who(KIM, "Kim"), SEED)
        other = await start(table, elsewhere(MORGAN, "Morgan"), SEED + 1)
        known, generation = store._writing(game)
        await store.get_game(other)
        assert store._known is not None and game in store._known
        store._wrote(known, generation)
        with pytest.raises(NotFound):  # the next game looked up pushes it out now
            await store.get_game(999)
        assert game not in store._known
    finally:
        await table.close()


async def test_rows_read_on_the_sqlite3_connection_are_those_sqlalchemy_reads(tmp_path):
    """A game's row (with its version and last event's time), seats, messages and deadlines,
    read by the store (sqlite3) and by SQLAlchemy from the same file, agree field for field."""
    table = await single_writer(str(tmp_path / "same.sqlite3"))
    store = table.store
    try:
        game = await start(table, who(KIM, "Kim"), SEED)
        await kims_move(table, game)
        await table.settle()
        due = datetime(2030, 11, 26, 3, 4, 5, 678901, tzinfo=UTC)
        await store.set_deadline(game, "late", due + timedelta(days=1), 3, (1,))
        await store.set_deadline(game, "soon", due, 2, (0, 1))
        store._known = OrderedDict()  # nothing kept: everything below is read from the file
        async with store.engine.connect() as conn:
            row = (await conn.execute(_GAMES.where(GameRow.id == game))).first()
            seats = (
                await conn.execute(
                    select(SeatRow).where(SeatRow.game_id == game).order_by(SeatRow.seat)
                )
            ).all()
            messages = (
                await conn.execute(
                    select(MessageRow.key, MessageRow.channel_id, MessageRow.message_id).where(
                        MessageRow.game_id == game
                    )
                )
            ).all()
            deadlines = (await conn.execute(select(DeadlineRow).order_by(DeadlineRow.due_at))).all()
        info = await store.get_game(game)
        assert info == _info(row) and info.version > 0
        assert await store.seats(game) == [SeatRow.model_validate(r._mapping) for r in seats]
        assert len(seats) == 2
        assert messages, "the game posted kept messages"
        for key, channel_id, message_id in messages:
            assert await store.message(game, key) == (channel_id, message_id)
        assert await store.message(game, "no such key") is None
        found = [(d.game_id, d.key, d.due_at, d.version, d.seats) for d in await store.deadlines()]
        assert found == [
            (r.game_id, r.key, _aware(r.due_at), r.version, tuple(json.loads(r.seats)))
            for r in deadlines
        ]
        mine = await store.deadlines(game)
        assert [d.key for d in mine][-2:] == ["soon", "late"]
        assert (mine[-2].due_at, mine[-2].version, mine[-2].seats) == (due, 2, (0, 1))
        with pytest.raises(NotFound):
            await store.get_game(game + 100)
    finally:
        await table.close()
