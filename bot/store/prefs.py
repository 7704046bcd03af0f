"""Players' reminder choices (`/gm notify`), kept in the `reminder_prefs` table (migration 0004).

Rare writes (a player changing their choices): through the store's plain write transaction, as
the bot's own settings are, not the SQLite writer's hot path; the same statements on
PostgreSQL. A module of its own so the event store's file stays about events.
"""

from __future__ import annotations

from sqlalchemy import delete, insert, select

from bot.store.schema import ReminderPrefsRow, now
from bot.store.store import EventStore


async def reminder_prefs(store: EventStore, user_id: int) -> ReminderPrefsRow | None:
    """The player's reminder choices, or None if they never made any."""
    async with store._read() as conn:  # the store's own connection guard (faults, outages)
        row = (
            await conn.execute(select(ReminderPrefsRow).where(ReminderPrefsRow.user_id == user_id))
        ).first()
    if row is None:
        return None
    return ReminderPrefsRow(**row._mapping)


async def set_reminder_prefs(store: EventStore, row: ReminderPrefsRow) -> None:
    """Keep the player's reminder choices, replacing what was there."""
    values = row.model_dump()
    values["updated_at"] = now()
    async with store._write() as conn:
        await conn.execute(delete(ReminderPrefsRow).where(ReminderPrefsRow.user_id == row.user_id))
        await conn.execute(insert(ReminderPrefsRow).values(**values))
