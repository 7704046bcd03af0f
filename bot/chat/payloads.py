"""Messages as Discord's JSON, and the requests that post them, without discord.py's objects.

discord.py sends a message by building a `View` of `Button` and `Select` items (each option a
`SelectOption`), `Embed` objects and the request from those; and it builds a `Message` (with
its components, embeds and attachments as objects) from every answer to a post or an edit. The
bot never reads those messages back: it keeps the message's id at most. Under the load bench
the two were some 3.5% of the bot's time and, in a burst, thousands of objects in memory at
once (docs/performance.md, "S6"). Here the JSON is written straight from the rendered message
(bot/render/ui.py), key for key what discord.py would send (tests/bot/test_payloads.py), and
sent through discord.py's own HTTP routes (its rate limits, retries and session), whose answers
are read for an id only.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from typing import Any

import discord
from discord.http import MultipartParameters, Route
from discord.webhook.async_ import async_context

from bot.render.ui import Button, Message

STYLES = {"primary": 1, "secondary": 2, "success": 3, "danger": 4}
ACTION_ROW, BUTTON, STRING_SELECT = 1, 2, 3
CHANNEL_MESSAGE, UPDATE_MESSAGE = 4, 7  # interaction callback types
EPHEMERAL = 1 << 6
# Mentions the bot's messages allow: none (the client's default); `mention` lets one user's.
NO_MENTIONS: dict[str, Any] = {"parse": []}


def mentions(user_id: int | None) -> dict[str, Any]:
    """The allowed mentions of a post: none, or the one user's."""
    if user_id is None:
        return dict(NO_MENTIONS)
    return {"parse": [], "users": [user_id]}


def components(message: Message) -> list[dict[str, Any]]:
    """The message's rows of controls, as discord.py's `View.to_components` writes them."""
    rows = []
    for row in message.rows:
        items: list[dict[str, Any]] = []
        for c in row:
            if isinstance(c, Button):
                button: dict[str, Any] = {
                    "type": BUTTON,
                    "style": STYLES[c.style],
                    "disabled": c.disabled,
                    "label": c.label,
                    "custom_id": c.custom_id,
                }
                if not c.label:
                    del button["label"]
                if c.emoji:
                    button["emoji"] = discord.PartialEmoji.from_str(c.emoji).to_dict()
                items.append(button)
            else:
                select: dict[str, Any] = {
                    "type": STRING_SELECT,
                    "custom_id": c.custom_id,
                    "min_values": c.min_values,
                    "max_values": c.max_values,
                    "disabled": c.disabled,
                    "required": True,
                }
                if c.placeholder:
                    select["placeholder"] = c.placeholder
                options = []
                for o in c.options:
                    option: dict[str, Any] = {"label": o.label, "value": o.value}
                    if o.description:
                        option["description"] = o.description
                    option["default"] = o.default
                    options.append(option)
                select["options"] = options
                items.append(select)
        rows.append({"type": ACTION_ROW, "components": items})
    return rows


def embeds(message: Message) -> list[dict[str, Any]]:
    """The message's embeds, as discord.py's `Embed.to_dict` writes them."""
    out = []
    for e in message.embeds:
        embed: dict[str, Any] = {}
        if e.footer:
            embed["footer"] = {"text": e.footer}
        if e.fields:
            embed["fields"] = [
                {"inline": f.inline, "name": f.name, "value": f.value or "—"} for f in e.fields
            ]
        if e.colour:
            embed["color"] = e.colour
        embed["type"] = "rich"
        embed["flags"] = 0
        if e.description:
            embed["description"] = e.description
        if e.title:
            embed["title"] = e.title
        out.append(embed)
    return out


def body(message: Message, *, edit: bool = False, no_rows: bool = True) -> dict[str, Any]:
    """The JSON of a post (or, `edit`, an edit) of `message`, without mentions or flags: an
    edit replaces the components (none: removed) and the pictures when it has files, removes
    them when it says `clear_files`, and otherwise keeps them. `no_rows`: a message without
    controls says so (as discord.py's channel posts do; its interaction answers do not)."""
    data: dict[str, Any] = {
        "embeds": embeds(message),
        "content": message.content or None,
        "tts": False,
    }
    if message.rows or edit or no_rows:
        data["components"] = components(message)
    if message.files:
        data["attachments"] = [
            {"id": i, "filename": name} for i, (name, _data) in enumerate(message.files)
        ]
    elif edit and message.clear_files:
        data["attachments"] = []
    return data


def files(message: Message) -> list[discord.File]:
    """The message's pictures, for the request's multipart body (their bytes not copied)."""
    return [discord.File(io.BytesIO(data), filename=name) for name, data in message.files]


@contextlib.contextmanager
def parameters(payload: dict[str, Any], message: Message) -> Iterator[MultipartParameters]:
    """A request's body, for the request's time: the JSON alone, or with the message's pictures
    as a multipart form (the JSON as `payload_json`). At the end the pictures' buffers are
    closed: discord.File never closes a file it did not open, so whatever kept the request's
    objects kept the picture's bytes (bench/memory_probe.py's dump at rest after the 2,000-game
    burst: 140 such buffers open, 183 kB each)."""
    attached = files(message)
    if not attached:
        yield MultipartParameters(payload=payload, multipart=None, files=None)
        return
    form: list[dict[str, Any]] = [
        {"name": "payload_json", "value": discord.utils._to_json(payload)}
    ]
    form += [
        {
            "name": f"files[{i}]",
            "value": f.fp,
            "filename": f.filename,
            "content_type": "application/octet-stream",
        }
        for i, f in enumerate(attached)
    ]
    try:
        yield MultipartParameters(payload=None, multipart=form, files=attached)
    finally:
        for f in attached:
            io.BytesIO.close(f.fp)  # the class's own close: discord.File stubs the instance's


async def post(
    http: discord.http.HTTPClient,
    channel_id: int,
    message: Message,
    *,
    mention: int | None = None,
    nonce: str | None = None,
) -> int:
    """Post `message` in a channel (or DM channel); the new message's id."""
    payload = body(message)
    if nonce is not None:
        payload["nonce"] = nonce
        payload["enforce_nonce"] = True
    payload["allowed_mentions"] = mentions(mention)
    with parameters(payload, message) as params:
        data = await http.send_message(channel_id, params=params)
    return int(data["id"])


async def edit(
    http: discord.http.HTTPClient, channel_id: int, message_id: int, message: Message
) -> None:
    """Edit a message of the bot's to show `message`."""
    payload = body(message, edit=True)
    payload["allowed_mentions"] = dict(NO_MENTIONS)
    with parameters(payload, message) as params:
        await http.edit_message(channel_id, message_id, params=params)


async def open_dm(http: discord.http.HTTPClient, user_id: int) -> int:
    """The id of the DM channel with a user (opened if need be)."""
    return int((await http.start_private_message(user_id))["id"])


async def content(http: discord.http.HTTPClient, channel_id: int, message_id: int) -> str:
    """A message's text."""
    return str((await http.get_message(channel_id, message_id)).get("content") or "")


async def _webhook(
    interaction: discord.Interaction,
    route: Route,
    params: MultipartParameters,
    query: dict[str, Any] | None = None,
) -> Any:
    """A request on an interaction's webhook routes, as discord.py makes them (its webhook
    adapter: the interaction's session, its rate limits and retries)."""
    http = interaction.client.http
    return await async_context.get().request(
        route,
        session=interaction._session,
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        payload=params.payload,
        multipart=params.multipart,
        files=params.files,
        params=query,
    )


async def answer(
    interaction: discord.Interaction,
    message: Message,
    *,
    update: bool = False,
    ephemeral: bool = False,
    want_id: bool = False,
) -> int | None:
    """The interaction's first answer: `message` posted (private if `ephemeral`), or, with
    `update`, the message its control is on edited to show it. With `want_id`, the posted
    message's id (Discord then sends the message back); else None and nothing is read."""
    data = body(message, edit=update, no_rows=False)
    if ephemeral and not update:
        data["flags"] = EPHEMERAL
    data["allowed_mentions"] = dict(NO_MENTIONS)
    route = Route(
        "POST",
        "/interactions/{webhook_id}/{webhook_token}/callback",
        webhook_id=interaction.id,
        webhook_token=interaction.token,
    )
    payload = {"type": UPDATE_MESSAGE if update else CHANNEL_MESSAGE, "data": data}
    query = {"with_response": "1"} if want_id else None
    with parameters(payload, message) as params:
        sent = await _webhook(interaction, route, params, query)
    interaction.response._response_type = discord.InteractionResponseType(payload["type"])
    if not want_id or not isinstance(sent, dict):
        return None
    found = (sent.get("resource") or {}).get("message") or {}
    return int(found["id"]) if "id" in found else None


async def edit_original(interaction: discord.Interaction, message: Message) -> None:
    """Edit the interaction's first answer (or, after a deferred update, the message its
    control is on) to show `message`."""
    payload = body(message, edit=True)
    payload["allowed_mentions"] = dict(NO_MENTIONS)
    route = Route(
        "PATCH",
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
        webhook_id=interaction.application_id,
        webhook_token=interaction.token,
    )
    with parameters(payload, message) as params:
        await _webhook(interaction, route, params)


async def follow_up(
    interaction: discord.Interaction, message: Message, *, ephemeral: bool = False
) -> int:
    """A follow-up message after the interaction's first answer; its id."""
    payload = body(message, no_rows=False)
    if payload["content"] is None:  # a webhook's message without text leaves it out
        del payload["content"]
    if ephemeral:
        payload["flags"] = EPHEMERAL
    payload["allowed_mentions"] = dict(NO_MENTIONS)
    route = Route(
        "POST",
        "/webhooks/{webhook_id}/{webhook_token}",
        webhook_id=interaction.application_id,
        webhook_token=interaction.token,
    )
    # wait=1: Discord answers once the message is made, with an error if it was not.
    query = {"wait": 1, "with_components": int(bool(message.rows))}
    with parameters(payload, message) as params:
        sent = await _webhook(interaction, route, params, query)
    return int(sent["id"])
