"""The notifier's requests wait while interactions wait for their answers (bot/chat/priority.py)."""

from __future__ import annotations

import asyncio

import pytest

from bot.chat import priority
from bot.chat.priority import AnswersFirst, AnswersFirstPoster
from bot.render.ui import Message


async def test_a_turn_is_given_at_once_when_no_interaction_waits():
    answers = AnswersFirst()
    async with asyncio.timeout(0.1):
        await answers.turn()


async def test_a_turn_waits_until_the_waiting_interactions_are_answered():
    answers = AnswersFirst()
    await answers.turn()  # the last turn was just now: MAX_WAIT is far off
    answers.arrived(1)
    answers.arrived(2)
    turn = asyncio.create_task(answers.turn())
    await asyncio.sleep(0.02)
    answers.answered(1)
    await asyncio.sleep(0.02)
    assert not turn.done()  # interaction 2 still waits
    answers.answered(2)
    async with asyncio.timeout(0.1):
        await turn
    assert answers.waiting == 0


async def test_while_clicks_keep_coming_the_notifier_gets_one_turn_per_max_wait(monkeypatch):
    """Many notifiers queueing at once are let through one per MAX_WAIT, not all together."""
    monkeypatch.setattr(priority, "MAX_WAIT", 0.05)
    answers = AnswersFirst()
    await answers.turn()
    answers.arrived(1)  # never answered during the test
    passed: list[float] = []
    loop = asyncio.get_running_loop()
    start = loop.time()

    async def notifier() -> None:
        await answers.turn()
        passed.append(loop.time() - start)

    tasks = [asyncio.create_task(notifier()) for _ in range(3)]
    await asyncio.gather(*tasks)
    assert len(passed) == 3
    gaps = [b - a for a, b in zip([0.0, *passed], passed, strict=False)]
    assert all(gap >= 0.04 for gap in gaps), gaps


async def test_an_interaction_never_answered_stops_holding_the_notifier_after_stale(monkeypatch):
    monkeypatch.setattr(priority, "STALE", 0.05)
    monkeypatch.setattr(priority, "MAX_WAIT", 10.0)
    answers = AnswersFirst()
    await answers.turn()
    answers.arrived(7)
    async with asyncio.timeout(1.0):
        await answers.turn()
    assert answers.waiting == 0


class RecordingPoster:
    def __init__(self) -> None:
        self.calls: list[str] = []

    async def send(self, channel_id: int, message: Message, **options: object) -> int:
        self.calls.append("send")
        return 1

    async def edit(self, channel_id: int, message_id: int, message: Message) -> None:
        self.calls.append("edit")

    async def fetch_content(self, channel_id: int, message_id: int) -> str | None:
        self.calls.append("fetch")
        return None

    async def dm(self, user_id: int, message: Message, **options: object) -> tuple[int, int]:
        self.calls.append("dm")
        return 1, 2


@pytest.mark.parametrize("call", ["send", "edit", "fetch", "dm"])
async def test_every_request_of_the_notifier_waits_for_its_turn(call):
    answers = AnswersFirst()
    await answers.turn()
    inner = RecordingPoster()
    poster = AnswersFirstPoster(inner, answers)
    answers.arrived(1)
    request = {
        "send": lambda: poster.send(1, Message(content="x")),
        "edit": lambda: poster.edit(1, 2, Message(content="x")),
        "fetch": lambda: poster.fetch_content(1, 2),
        "dm": lambda: poster.dm(1, Message(content="x")),
    }[call]
    task = asyncio.create_task(request())
    await asyncio.sleep(0.02)
    assert inner.calls == []
    answers.answered(1)
    async with asyncio.timeout(0.1):
        await task
    assert inner.calls == [call]
