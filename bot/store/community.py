"""What keeps a server playing, beside the games' own rows (migration 0005): each Discord
server's settings (`/gm settings`), the seats offered to volunteers (`/seat open`) and the
spectators of each game (`/gm watch`).

Rare writes, through the store's plain write transaction as the players' reminder choices are
(bot/store/prefs.py): not the SQLite writer's hot path; the same statements on PostgreSQL.
"""

from __future__ import annotations

from sqlalchemy import delete, insert, select

from bot.store.schema import MessageRow, OpenSeatRow, ServerSettingsRow, WatcherRow, now
from bot.store.store import EventStore


async def server_settings(store: EventStore, discord_guild_id: int) -> ServerSettingsRow | None:
    """The server's settings, or None if its admins never set any."""
    async with store._read() as conn:  # the store's own connection guard (faults, outages)
        row = (
            await conn.execute(
                select(ServerSettingsRow).where(
                    ServerSettingsRow.discord_guild_id == discord_guild_id
                )
            )
        ).first()
    return None if row is None else ServerSettingsRow(**row._mapping)


async def set_server_settings(store: EventStore, row: ServerSettingsRow) -> None:
    """Keep the server's settings, replacing what was there."""
    values = row.model_dump()
    values["updated_at"] = now()
    async with store._write() as conn:
        await conn.execute(
            delete(ServerSettingsRow).where(
                ServerSettingsRow.discord_guild_id == row.discord_guild_id
            )
        )
        await conn.execute(insert(ServerSettingsRow).values(**values))


async def open_seats(store: EventStore, game_id: int) -> list[int]:
    """The game's seats offered to volunteers, in order."""
    async with store._read() as conn:
        rows = (
            await conn.execute(
                select(OpenSeatRow.seat)
                .where(OpenSeatRow.game_id == game_id)
                .order_by(OpenSeatRow.seat)
            )
        ).all()
    return [r.seat for r in rows]


async def open_seat(store: EventStore, game_id: int, seat: int, opened_by: int) -> None:
    """Offer the seat to volunteers (again, if it was)."""
    async with store._write() as conn:
        await conn.execute(
            delete(OpenSeatRow).where(OpenSeatRow.game_id == game_id, OpenSeatRow.seat == seat)
        )
        await conn.execute(
            insert(OpenSeatRow).values(
                game_id=game_id, seat=seat, opened_by=opened_by, opened_at=now()
            )
        )


async def close_seat(store: EventStore, game_id: int, seat: int) -> bool:
    """The seat is no longer offered; False if it was not."""
    async with store._write() as conn:
        done = await conn.execute(
            delete(OpenSeatRow).where(OpenSeatRow.game_id == game_id, OpenSeatRow.seat == seat)
        )
    return bool(done.rowcount)


async def watchers(store: EventStore, game_id: int) -> list[int]:
    """The users who watch the game, in the order they came."""
    async with store._read() as conn:
        rows = (
            await conn.execute(
                select(WatcherRow.user_id)
                .where(WatcherRow.game_id == game_id)
                .order_by(WatcherRow.since, WatcherRow.user_id)
            )
        ).all()
    return [r.user_id for r in rows]


async def watch(store: EventStore, game_id: int, user_id: int) -> None:
    """The user watches the game from now on."""
    async with store._write() as conn:
        await conn.execute(
            delete(WatcherRow).where(WatcherRow.game_id == game_id, WatcherRow.user_id == user_id)
        )
        await conn.execute(insert(WatcherRow).values(game_id=game_id, user_id=user_id, since=now()))


async def unwatch(store: EventStore, game_id: int, user_id: int) -> bool:
    """The user no longer watches the game; False if they did not."""
    async with store._write() as conn:
        done = await conn.execute(
            delete(WatcherRow).where(WatcherRow.game_id == game_id, WatcherRow.user_id == user_id)
        )
    return bool(done.rowcount)


async def kept_messages(store: EventStore, game_id: int) -> dict[str, tuple[int, int]]:
    """Every message kept for the game: key -> (channel id, message id), read from the
    database."""
    return await store._messages(game_id)


async def forget_messages(store: EventStore, game_id: int, keys: list[str]) -> None:
    """The game keeps these messages no more: a later edit under their keys changes nothing
    (a seat handed to another player must not edit its old holder's DMs). The store's memory
    of the game's messages is dropped the way its own writes drop it, so it reads them again."""
    if not keys:
        return
    known, generation = store._writing(game_id)
    try:
        async with store._write() as conn:
            await conn.execute(
                delete(MessageRow).where(MessageRow.game_id == game_id, MessageRow.key.in_(keys))
            )
    finally:
        if known is not None:
            store._wrote(known, generation)
            known.messages = None


def single_writer(store: EventStore) -> bool:
    """Is `store` the database's one writer (so what it read stays true)?"""
    return store._known is not None
