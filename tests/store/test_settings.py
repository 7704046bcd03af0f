"""The bot's own settings (`EventStore.setting`, `set_setting`; the `settings` table of
migration 0003), on SQLite and PostgreSQL: what the slash-command sync keeps its hash in."""

from __future__ import annotations

from bot.store import EventStore


async def test_a_setting_is_kept_replaced_and_read_back(store: EventStore, store_url: str) -> None:
    assert await store.setting("slash_commands_synced:1") is None
    await store.set_setting("slash_commands_synced:1", "a" * 64)
    await store.set_setting("slash_commands_synced:1", "b" * 64)  # replaced, not a second row
    await store.set_setting("slash_commands_synced:2", "c")
    assert await store.setting("slash_commands_synced:1") == "b" * 64
    again = await EventStore.open(store_url)  # kept in the database, not in the process
    try:
        assert await again.setting("slash_commands_synced:1") == "b" * 64
        assert await again.setting("slash_commands_synced:2") == "c"
    finally:
        await again.close()
