"""Which interactions the bot acknowledges on arrival, before its answer (bot/chat/acks.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from bot.chat import acks
from bot.chat.acks import EarlyAcks
from bot.chat.actions import forms, opens_form
from bot.chat.priority import AnswersFirst


class Connection:
    def __init__(self) -> None:
        self.parsed: list[dict[str, Any]] = []
        self.parsers = {"INTERACTION_CREATE": self.parsed.append}


class Acks(EarlyAcks):
    """EarlyAcks whose acknowledgements are recorded instead of sent."""

    def __init__(self, answers: AnswersFirst, when_waiting: int = 2) -> None:
        self.connection = Connection()
        super().__init__(self.connection, answers, opens_form, "test", when_waiting=when_waiting)
        self.bodies: dict[int, dict[str, Any]] = {}
        self.taken = True

    async def _send(self, interaction_id: int, token: str, body: dict[str, Any]) -> bool:
        self.bodies[interaction_id] = body
        await asyncio.sleep(0.01)
        return self.taken


def click(i: int, custom_id: str = "gm:obteam:1:0:1", kind: int = 3) -> dict[str, Any]:
    return {"id": str(i), "token": f"t{i}", "type": kind, "data": {"custom_id": custom_id}}


def command(i: int, kind: int = 2) -> dict[str, Any]:
    return {"id": str(i), "token": f"t{i}", "type": kind, "data": {"name": "gm"}}


async def test_interactions_are_answered_directly_while_few_wait():
    answers = AnswersFirst()
    early = Acks(answers, when_waiting=2)
    early.parse(click(1))
    early.parse(click(2))
    assert early.take(1) is None and early.take(2) is None
    assert answers.waiting == 2
    assert [d["id"] for d in early.connection.parsed] == ["1", "2"]  # discord.py parses all


async def test_a_click_that_would_wait_is_acknowledged_with_a_deferred_update():
    answers = AnswersFirst()
    early = Acks(answers, when_waiting=2)
    for i in (1, 2, 3):
        early.parse(click(i))
    ack = early.take(3)
    assert ack is not None and await ack is True
    assert early.bodies == {3: {"type": acks.DEFERRED_UPDATE_MESSAGE}}
    assert answers.waiting == 2  # the acknowledged click has its answer as far as Discord goes
    assert [d["id"] for d in early.connection.parsed] == ["1", "2", "3"]


async def test_a_slash_command_that_would_wait_gets_a_private_thinking_message():
    answers = AnswersFirst()
    early = Acks(answers, when_waiting=1)
    early.parse(command(1))
    early.parse(command(2))
    assert await early.take(2) is True
    assert early.bodies[2] == {
        "type": acks.DEFERRED_CHANNEL_MESSAGE,
        "data": {"flags": acks.EPHEMERAL},
    }


@pytest.mark.parametrize("action", sorted(forms()))
async def test_a_control_that_opens_a_form_is_never_acknowledged_first(action):
    early = Acks(AnswersFirst(), when_waiting=0)
    early.parse(click(1, f"gm:{action}:1:0:1"))
    assert early.take(1) is None


@pytest.mark.parametrize("custom_id", ["", "other:bot:thing", "gm:x", "gm:obteam:one:0:1"])
async def test_controls_that_are_not_the_games_are_answered_directly(custom_id):
    early = Acks(AnswersFirst(), when_waiting=0)
    early.parse(click(1, custom_id))
    assert early.take(1) is None


async def test_autocomplete_is_neither_acknowledged_nor_waited_for():
    answers = AnswersFirst()
    early = Acks(answers, when_waiting=0)
    early.parse(command(1, kind=4))
    assert early.take(1) is None and answers.waiting == 0


async def test_the_work_of_an_acknowledged_click_waits_for_the_other_acknowledgements():
    early = Acks(AnswersFirst(), when_waiting=0)
    early.parse(click(1))
    early.parse(click(2))
    first = early.take(1)
    assert await early.settled(first) is True
    assert early._in_flight == 0  # the second was acknowledged too before the first's work


async def test_a_refused_acknowledgement_is_reported():
    early = Acks(AnswersFirst(), when_waiting=0)
    early.taken = False
    early.parse(click(1))
    assert await early.settled(early.take(1)) is False
    assert await early.settled(None) is False  # not acknowledged first


async def acknowledge_against(handler: Any, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Send one acknowledgement for real to a server answering with `handler`."""
    app = web.Application()
    app.router.add_post("/api/v10/interactions/{id}/{token}/callback", handler)
    monkeypatch.setattr(acks, "TRY_TIMEOUT", 0.3)
    monkeypatch.setattr(acks, "RETRY_DELAYS", (0.01,))
    async with TestServer(app, host="127.0.0.1") as server:
        monkeypatch.setattr(discord.http.Route, "BASE", str(server.make_url("/api/v10")))
        early = EarlyAcks(Connection(), AnswersFirst(), opens_form, "test", when_waiting=0)
        try:
            return await early._send(1, "t1", {"type": acks.DEFERRED_UPDATE_MESSAGE})
        finally:
            await early.close()


ALREADY = {
    "code": acks.ALREADY_ACKNOWLEDGED,
    "message": "Interaction has already been acknowledged.",
}


async def test_an_acknowledgement_whose_answer_was_lost_counts_as_taken(monkeypatch):
    """A try that timed out may have reached Discord: "already acknowledged" on the next try
    means it did, and the click still gets its answer (as an edit, not a second callback)."""
    tries: list[int] = []

    async def callback(request: web.Request) -> web.StreamResponse:
        tries.append(1)
        if len(tries) == 1:
            await asyncio.sleep(1)  # taken, but the answer comes after the try's time is up
            return web.Response(status=204)
        return web.json_response(ALREADY, status=400)

    assert await acknowledge_against(callback, monkeypatch) is True
    assert len(tries) == 2


async def test_already_acknowledged_on_the_first_try_is_another_deliverys(monkeypatch):
    """An interaction delivered twice: the other delivery's handler answers, this one must not."""

    async def callback(request: web.Request) -> web.StreamResponse:
        return web.json_response(ALREADY, status=400)

    assert await acknowledge_against(callback, monkeypatch) is False


def test_every_control_that_answers_with_a_form_is_listed():
    """A control whose answer is a modal must be in its presentation's `forms`, or it could be
    acknowledged first and its form never shown: each game's controls build exactly that many
    modals."""
    from pathlib import Path

    from bot import hosted

    root = Path(__file__).parents[2] / "games"
    for game in hosted.games():
        shown = hosted.presentation(game.name)
        package = root / type(shown).__module__.split(".")[1] / "presentation"
        source = "".join(p.read_text() for p in package.rglob("*.py") if "tests" not in p.parts)
        assert source.count("modal=Modal(") == len(shown.forms), game.name


async def test_acknowledgements_past_the_connections_wait_before_their_requests(monkeypatch):
    """At most CONNECTIONS acknowledgements are requests on their way; the others wait their
    turn as small coroutines (not as aiohttp requests inside its connector), and all are sent."""
    at_server, most = 0, 0

    async def callback(request: web.Request) -> web.StreamResponse:
        nonlocal at_server, most
        at_server += 1
        most = max(most, at_server)
        await asyncio.sleep(0.02)
        at_server -= 1
        return web.Response(status=204)

    app = web.Application()
    app.router.add_post("/api/v10/interactions/{id}/{token}/callback", callback)
    async with TestServer(app, host="127.0.0.1") as server:
        monkeypatch.setattr(discord.http.Route, "BASE", str(server.make_url("/api/v10")))
        early = EarlyAcks(Connection(), AnswersFirst(), opens_form, "test", when_waiting=0)
        early._connections = asyncio.Semaphore(2)
        try:
            for i in range(1, 7):
                early.parse(click(i))
            assert [await early.take(i) for i in range(1, 7)] == [True] * 6
        finally:
            await early.close()
    assert most == 2
    assert early.sent == 6
