"""Snowflake ids and timestamps the way Discord makes them."""

from __future__ import annotations

import datetime
import time

DISCORD_EPOCH_MS = 1_420_070_400_000


class Snowflakes:
    """Makes strictly increasing snowflakes: (ms since 2015) << 22 | worker << 17 | counter.

    `shard=(shard_id, shard_count)` moves the timestamp forward a few milliseconds until
    `(id >> 22) % shard_count == shard_id`, so a test can place a guild on a given shard.
    """

    def __init__(self) -> None:
        self._last_ms = 0
        self._counter = 0

    def next(self, *, shard: tuple[int, int] | None = None) -> int:
        ms = max(int(time.time() * 1000) - DISCORD_EPOCH_MS, self._last_ms)
        if shard is not None:
            shard_id, count = shard
            if count < 1 or not 0 <= shard_id < count:
                raise ValueError(f"no shard {shard_id} of {count}")
            if ms == self._last_ms and ms % count == shard_id and self._counter >= 4095:
                ms += 1
            while ms % count != shard_id:
                ms += 1
        if ms == self._last_ms:
            self._counter += 1
            if self._counter > 4095:
                ms += 1
                self._counter = 0
                if shard is not None:
                    while ms % shard[1] != shard[0]:
                        ms += 1
        else:
            self._counter = 0
        self._last_ms = ms
        return (ms << 22) | (1 << 17) | self._counter


def snowflake_time(snowflake: int) -> datetime.datetime:
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return datetime.datetime.fromtimestamp(ms / 1000, datetime.UTC)


def iso(moment: datetime.datetime | None = None) -> str:
    """An ISO 8601 timestamp with microseconds and +00:00, as Discord writes them."""
    moment = moment or datetime.datetime.now(datetime.UTC)
    return moment.astimezone(datetime.UTC).isoformat(timespec="microseconds")


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard that receives a guild's events: (guild_id >> 22) % shard_count."""
    return (guild_id >> 22) % shard_count
