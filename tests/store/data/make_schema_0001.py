"""Make schema_0001.sqlite3: a database as the first schema (migration 0001) left it, holding
one finished 2-player game. Run from the repository root:

    python tests/store/data/make_schema_0001.py
"""

import asyncio
import os
import sqlite3
from datetime import UTC, datetime

from sqlalchemy.ext.asyncio import create_async_engine

from bot.store.migrate import upgrade
from engine.core.codec import Codec
from games.guild_master import GAME
from games.guild_master.players.simulate import play

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schema_0001.sqlite3")


async def schema() -> None:
    engine = create_async_engine(f"sqlite+aiosqlite:///{PATH}")
    await upgrade(engine, "0001")
    await engine.dispose()


def main() -> None:
    if os.path.exists(PATH):
        os.remove(PATH)
    asyncio.run(schema())
    _, _, log = play(2, 42, keep_events=True)
    codec = Codec(GAME.event_types, GAME.upcasters)
    stamp = datetime(2026, 11, 1, tzinfo=UTC).replace(tzinfo=None).isoformat(sep=" ")
    db = sqlite3.connect(PATH)
    db.execute(
        "INSERT INTO games (id, game, status, players, seed, options, discord_guild_id,"
        " channel_id, host_id, created_at, updated_at) VALUES (1, 'guild-master', 'ended', 2,"
        " 42, '{}', 987654321987654321, 987654321987654322, 987654321987654323, ?, ?)",
        (stamp, stamp),
    )
    db.executemany(
        "INSERT INTO events (game_id, seq, type, schema_version, data, recorded_at)"
        " VALUES (1, ?, ?, 1, ?, ?)",
        [
            (i + 1, type(e).__struct_config__.tag, codec.encode(e).decode(), stamp)
            for i, e in enumerate(log)
        ],
    )
    db.execute(
        "INSERT INTO seats (game_id, seat, user_id, name) VALUES"
        " (1, 0, 987654321987654324, 'Kim'), (1, 1, NULL, 'built-in player')"
    )
    db.execute(
        "INSERT INTO commands (game_id, key, first_seq, last_seq, response, created_at)"
        " VALUES (1, 'interaction-1', 1, 1, '\"ok\"', ?)",
        (stamp,),
    )
    db.commit()
    db.execute("VACUUM")
    db.close()
    print(PATH, len(log), "events")


if __name__ == "__main__":
    main()
