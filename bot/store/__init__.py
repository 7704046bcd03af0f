"""Storage: the event store and its schema."""

from bot.store.store import (
    Appended,
    Conflict,
    Deadline,
    EventStore,
    GameInfo,
    Loaded,
    NotFound,
    StorageFault,
    StoreError,
    Unavailable,
    Unreachable,
    sqlite_url,
)

__all__ = [
    "Appended",
    "Conflict",
    "Deadline",
    "EventStore",
    "GameInfo",
    "Loaded",
    "NotFound",
    "StorageFault",
    "StoreError",
    "Unavailable",
    "Unreachable",
    "sqlite_url",
]
