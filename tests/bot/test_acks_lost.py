"""An acknowledgement whose answers were lost (bot/chat/acks.py): every try failed after one of
them may have reached Discord. Under the load bench's 2,000-game burst such an interaction was
left with its acknowledgement and no answer after it, and the run waited for it for good."""

from __future__ import annotations

from typing import Any

import pytest
from aiohttp import web

from bot.chat import acks
from bot.loopback.records import DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE
from tests.bot.test_acks import ALREADY, acknowledge_against
from tests.e2e.conftest import world  # noqa: F401  (the loopback Discord and the real bot)
from tests.e2e.test_acks import channel_message, create_game

CALLBACKS = "POST /interactions/*/callback"


async def test_every_try_answered_5xx_leaves_the_acknowledgement_unknown(monkeypatch):
    """A 5xx may come after Discord carried the request out: neither taken nor refused."""

    async def callback(request: web.Request) -> web.StreamResponse:
        return web.Response(status=500)

    assert await acknowledge_against(callback, monkeypatch) is None


async def test_every_try_rate_limited_is_refused(monkeypatch):
    """A 429 was not carried out: no try got through, so the acknowledgement was not taken."""

    async def callback(request: web.Request) -> web.StreamResponse:
        return web.json_response({"retry_after": 0.01, "global": False}, status=429)

    assert await acknowledge_against(callback, monkeypatch) is False


async def test_a_timed_out_try_then_already_acknowledged_is_still_taken(monkeypatch):
    tries: list[int] = []

    async def callback(request: web.Request) -> web.StreamResponse:
        tries.append(1)
        if len(tries) == 1:
            return web.Response(status=502)
        return web.json_response(ALREADY, status=400)

    assert await acknowledge_against(callback, monkeypatch) is True


@pytest.fixture
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(acks, "RETRY_DELAYS", (0.01, 0.01))


async def test_a_click_whose_acknowledgement_got_through_unseen_gets_its_answer(
    world: Any,  # noqa: F811
    quick_retries: None,
) -> None:
    """The acknowledgement reaches Discord each time but every answer to it is a 500 (an edge
    timing out after Discord took it): the bot cannot know it was taken. The join is answered
    all the same, as an edit of the lobby after the acknowledgement, and carried out once."""
    world.bot.acks.when_waiting = 0
    fake, chris = world.fake, world.users["chris"]
    _, lobby = await create_game(world)
    rule = fake.fail_requests(CALLBACKS, count=1 + len(acks.RETRY_DELAYS), after=True)
    join = await fake.click(chris, lobby, "gm:lobby:1:0:join")
    edited = await join.wait_reply(timeout=10)
    assert rule.hits == 1 + len(acks.RETRY_DELAYS)
    assert join.response_type == DEFERRED_UPDATE_MESSAGE
    assert edited.id == lobby.id and "chris" in edited.text()
    assert {e["code"] for e in join.errors} == {acks.ALREADY_ACKNOWLEDGED}
    await world.settled()
    seats = [s.user_id for s in await world.bot.store.seats(1)]
    assert seats.count(chris.id) == 1


async def test_a_command_whose_acknowledgement_got_through_unseen_gets_its_answer(
    world: Any,  # noqa: F811
    quick_retries: None,
) -> None:
    """The same for /gm create's private "thinking…": the lobby is posted for all to see and
    the placeholder removed."""
    world.bot.acks.when_waiting = 0
    fake, kim = world.fake, world.users["kim"]
    fake.fail_requests(CALLBACKS, count=1 + len(acks.RETRY_DELAYS), after=True)
    create = await fake.slash(kim, world.channel, "gm create", players=2, bots=False)
    lobby = await fake.wait_for(
        lambda: channel_message(world, "Guild Master — game"), what="the lobby", timeout=10
    )
    assert create.response_type == DEFERRED_CHANNEL_MESSAGE
    await fake.wait_for(lambda: create.original.deleted, what="the placeholder gone", timeout=10)
    assert lobby.components and not lobby.ephemeral
