"""The bot's requests written straight from its rendered messages (bot/chat/payloads.py) are
the requests discord.py made from the same messages through its objects
(tests/bot/discord_objects.py): the same route, the same JSON key for key, the same pictures.
Both are caught at the HTTP layer, before anything is sent."""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.chat import payloads
from bot.render.ui import Button, Embed, EmbedField, Message, Option, Select
from tests.bot import discord_objects

PNG = b"\x89PNG\r\n\x1a\nnot really a picture"

BOARD = Message(
    content="**Round 2 of 6** — your orders",
    embeds=(
        Embed(
            title="Orders",
            description="Put teams on orders, then press Ready.",
            fields=(EmbedField("Gold", "3"), EmbedField("Teams", "", inline=True)),
            colour=0x2F7D32,
            footer="Deadline in 2 hours",
        ),
    ),
    rows=(
        (
            Select(
                "gm:obteam:7:1:1",
                (
                    Option("Team A", "a", "Swordsmen, 2 strength", default=True),
                    Option("Team B", "b"),
                ),
                placeholder="Order 1: which team?",
                max_values=2,
            ),
        ),
        (
            Button("Ready", "gm:obready:7:1", style="success"),
            Button("Clear", "gm:obclear:7:1", style="danger", disabled=True),
            Button("", "gm:obinfo:7:1", emoji="📜"),
            Button("Map", "gm:obmap:7:1", style="primary", emoji="<:map:123456789012345678>"),
        ),
    ),
)
MESSAGES = {
    "text": Message(content="Done."),
    "empty": Message(),
    "embed only": Message(embeds=(Embed(description="A quiet round."),)),
    "board": BOARD,
    "board with a picture": Message(
        content=BOARD.content, rows=BOARD.rows, files=(("b.png", PNG),)
    ),
    "two pictures": Message(content="Sheets", files=(("a.png", PNG), ("b.png", PNG[::-1]))),
    "pictures cleared": Message(content="Back to the menu", rows=BOARD.rows[1:], clear_files=True),
}


class Caught(Exception):
    """Raised by the HTTP layer once it has seen the request."""


def request(route: Route, params: Any, query: dict[str, Any] | None = None) -> dict[str, Any]:
    """What a request would send: route, JSON, pictures (name, file name, bytes), query."""
    payload, form = params
    pictures = []
    if form:
        payload = json.loads(form[0]["value"])
        for part in form[1:]:
            part["value"].seek(0)
            pictures.append((part["name"], part["filename"], part["value"].read()))
    return {
        "route": (route.method, route.url),
        "json": payload,
        "pictures": pictures,
        "query": query or {},
    }


@pytest.fixture
def caught(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Requests to Discord, recorded and stopped (the channel routes of discord.py's HTTP
    client and its webhook adapter's, which interactions answer through)."""
    seen: list[dict[str, Any]] = []

    async def send_message(self: Any, channel_id: int, *, params: Any) -> Any:
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)
        seen.append(request(route, (params.payload, params.multipart)))
        raise Caught

    async def edit_message(self: Any, channel_id: int, message_id: int, *, params: Any) -> Any:
        route = Route(
            "PATCH",
            "/channels/{channel_id}/messages/{message_id}",
            channel_id=channel_id,
            message_id=message_id,
        )
        seen.append(request(route, (params.payload, params.multipart)))
        raise Caught

    async def webhook(self: Any, route: Route, session: Any, **kwargs: Any) -> Any:
        params = kwargs.get("params")
        seen.append(request(route, (kwargs.get("payload"), kwargs.get("multipart")), params))
        raise Caught

    monkeypatch.setattr(discord.http.HTTPClient, "send_message", send_message)
    monkeypatch.setattr(discord.http.HTTPClient, "edit_message", edit_message)
    monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook)
    return seen


async def both(seen: list[dict[str, Any]], old: Any, new: Any) -> tuple[dict, dict]:
    """The request discord.py's path made, and the one payloads.py made."""
    for call in (old, new):
        with pytest.raises(Caught):
            await call()
    assert len(seen) == 2
    return seen[0], seen[1]


@pytest.fixture
def client() -> discord.Client:
    # As the bot's: no mentions allowed unless a post says so.
    return discord.Client(
        intents=discord.Intents.none(), allowed_mentions=discord.AllowedMentions.none()
    )


def interaction(client: discord.Client) -> discord.Interaction:
    data: Any = {
        "id": "1100",
        "application_id": "2200",
        "type": 3,
        "token": "token-1",
        "version": 1,
        "channel_id": "3300",
        "channel": {"id": "3300", "type": 1},
        "user": {"id": "4400", "username": "kim", "discriminator": "0", "avatar": None},
        "data": {"custom_id": "gm:obready:7:1", "component_type": 2},
        "locale": "en-US",
        "app_permissions": "0",
        "entitlements": [],
        "authorizing_integration_owners": {},
        "context": 1,
        "attachment_size_limit": 10 << 20,
    }
    return discord.Interaction(data=data, state=client._connection)


@pytest.mark.parametrize("name", sorted(MESSAGES))
@pytest.mark.parametrize("mention", [None, 4400])
async def test_a_post_is_discord_pys_post(name, mention, client, caught):
    message = MESSAGES[name]
    allowed = (
        discord.AllowedMentions(users=[discord.Object(mention)], everyone=False, roles=False)
        if mention is not None
        else discord.AllowedMentions.none()
    )
    channel = client.get_partial_messageable(3300)
    old, new = await both(
        caught,
        lambda: channel.send(
            **discord_objects.send_kwargs(message), allowed_mentions=allowed, nonce="n1"
        ),
        lambda: payloads.post(client.http, 3300, message, mention=mention, nonce="n1"),
    )
    assert new == old


@pytest.mark.parametrize("name", sorted(MESSAGES))
async def test_an_edit_is_discord_pys_edit(name, client, caught):
    message = MESSAGES[name]
    partial = client.get_partial_messageable(3300).get_partial_message(5500)
    old, new = await both(
        caught,
        lambda: partial.edit(**discord_objects.edit_kwargs(message)),
        lambda: payloads.edit(client.http, 3300, 5500, message),
    )
    assert new == old


@pytest.mark.parametrize("name", sorted(MESSAGES))
@pytest.mark.parametrize("ephemeral", [False, True])
async def test_an_interactions_answer_is_discord_pys(name, ephemeral, client, caught):
    message = MESSAGES[name]
    old, new = await both(
        caught,
        lambda: interaction(client).response.send_message(
            **discord_objects.send_kwargs(message),
            ephemeral=ephemeral,
            allowed_mentions=discord.AllowedMentions.none(),
        ),
        lambda: payloads.answer(interaction(client), message, ephemeral=ephemeral, want_id=True),
    )
    assert new == old
    # Without the id wanted, Discord is not asked to send the message back.
    caught.clear()
    with pytest.raises(Caught):
        await payloads.answer(interaction(client), message, ephemeral=ephemeral)
    assert caught[0] == {**old, "query": {}}


@pytest.mark.parametrize("name", sorted(MESSAGES))
async def test_an_answer_editing_the_controls_message_is_discord_pys(name, client, caught):
    message = MESSAGES[name]
    old, new = await both(
        caught,
        lambda: interaction(client).response.edit_message(**discord_objects.edit_kwargs(message)),
        lambda: payloads.answer(interaction(client), message, update=True),
    )
    assert new == {**old, "query": {}}
    assert old["query"] == {"with_response": "1"}  # the message sent back, never read


@pytest.mark.parametrize("name", sorted(MESSAGES))
async def test_an_edit_of_the_first_answer_is_discord_pys(name, client, caught):
    message = MESSAGES[name]
    old, new = await both(
        caught,
        lambda: interaction(client).edit_original_response(**discord_objects.edit_kwargs(message)),
        lambda: payloads.edit_original(interaction(client), message),
    )
    assert new == old


@pytest.mark.parametrize("name", sorted(MESSAGES))
@pytest.mark.parametrize("ephemeral", [False, True])
async def test_a_follow_up_is_discord_pys(name, ephemeral, client, caught):
    message = MESSAGES[name]
    old, new = await both(
        caught,
        lambda: interaction(client).followup.send(
            **discord_objects.send_kwargs(message),
            ephemeral=ephemeral,
            allowed_mentions=discord.AllowedMentions.none(),
            wait=True,
        ),
        lambda: payloads.follow_up(interaction(client), message, ephemeral=ephemeral),
    )
    assert new == old


def test_a_requests_pictures_are_read_during_it_and_their_buffers_closed_after() -> None:
    message = Message(content="the board", files=(("board.png", b"\x89PNG one"),))
    with payloads.parameters({"content": "the board"}, message) as params:
        (picture,) = params.files
        assert picture.fp.read() == b"\x89PNG one"
        assert params.multipart[1]["value"] is picture.fp
    assert picture.fp.closed  # its bytes no longer held, whoever keeps the request's objects


def test_a_request_without_pictures_is_its_json() -> None:
    with payloads.parameters({"content": "hi"}, Message(content="hi")) as params:
        assert params.payload == {"content": "hi"} and params.files is None
