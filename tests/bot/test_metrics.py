"""Metrics bumped where things happen (bot/metrics.py): deadline lag in the service, picture
render time in the picture worker, slash command names from their payloads."""

from __future__ import annotations

import pytest
from prometheus_client import REGISTRY

from bot.metrics import command_name
from bot.render import pictures
from bot.store import sqlite_url
from tests.bot.fakes import FakePoster, settle, who
from tests.bot.test_deadlines import KIM, Clock, bot


def value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


async def test_a_deadline_applied_late_is_measured(tmp_path):
    """A setup deadline of 30 minutes, fired when the bot comes back 10 hours later."""
    url = sqlite_url(str(tmp_path / "lag.sqlite3"))
    clock, poster = Clock(), FakePoster()
    store, service, notifier, actions = await bot(url, clock, poster)
    try:
        await actions.create(who(KIM, "Kim"), players=2, deadline=30)
        await actions.start(who(KIM))
        await settle(service, notifier)
        count = value("guildmaster_deadline_lag_seconds_count")
        total = value("guildmaster_deadline_lag_seconds_sum")
        clock.advance(600)
        assert await service.fire_due_deadlines() == [1]
        await settle(service, notifier)
    finally:
        await service.settle()
        await store.close()
    assert value("guildmaster_deadline_lag_seconds_count") == count + 1
    assert value("guildmaster_deadline_lag_seconds_sum") - total == pytest.approx((600 - 30) * 60)


async def test_a_picture_is_timed_by_its_renderer():
    before = value("guildmaster_picture_render_seconds_count", renderer="bytes")
    assert await pictures.render_async(bytes, 3) == b"\0\0\0"
    assert value("guildmaster_picture_render_seconds_count", renderer="bytes") == before + 1


def test_slash_command_names_come_from_their_payloads():
    assert command_name({"name": "gm", "options": [{"type": 1, "name": "create"}]}) == "gm create"
    nested = {"type": 2, "name": "admin", "options": [{"type": 1, "name": "pause"}]}
    assert command_name({"name": "x", "options": [nested]}) == "x admin pause"
    option = {"type": 4, "name": "players", "value": 2}
    assert command_name({"name": "gm", "options": [option]}) == "gm"
