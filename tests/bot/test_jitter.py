"""Retries wait jittered delays (issue 20): processes that meet the same outage spread their
retries instead of hitting Discord or the database together."""

from __future__ import annotations

import aiohttp
import pytest

from bot.chat import client
from bot.jitter import jittered


def test_a_jittered_wait_is_within_half_and_one_and_a_half_times_the_delay() -> None:
    waits = [jittered(2.0) for _ in range(2000)]
    assert all(1.0 <= w <= 3.0 for w in waits)
    assert min(waits) < 1.2 and max(waits) > 2.8  # spread over the whole range
    assert abs(sum(waits) / len(waits) - 2.0) < 0.1  # about as long in all as without jitter


async def test_two_processes_retrying_discord_do_not_wait_in_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    waited: list[float] = []

    async def sleep(seconds: float) -> None:
        waited.append(seconds)

    monkeypatch.setattr(client.asyncio, "sleep", sleep)

    async def flaky() -> str:
        if len(waited) % 3 < 2:  # fails twice (a dropped connection), then succeeds
            raise aiohttp.ServerDisconnectedError()
        return "posted"

    first = await client.retrying("posting", flaky, (1.0, 2.0, 4.0))
    mine = list(waited)
    waited.append(0.0)  # the other process starts its own count
    second = await client.retrying("posting", flaky, (1.0, 2.0, 4.0))
    theirs = waited[len(mine) + 1 :]
    assert first == second == "posted"
    assert len(mine) == len(theirs) == 2
    assert 0.5 <= mine[0] <= 1.5 and 1.0 <= mine[1] <= 3.0
    assert mine != theirs and mine != [1.0, 2.0]
