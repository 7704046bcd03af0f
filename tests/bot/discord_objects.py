"""Rendered messages (bot.render.ui) to discord.py objects: the way the bot sent them before it
wrote Discord's JSON itself (bot/chat/payloads.py), kept as the reference its requests are
compared with (test_payloads.py)."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.render.ui import Button, Message, Select

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def view(message: Message) -> discord.ui.View | None:
    """The components of `message` as a View. The view is stopped before it is sent, so
    discord.py does not keep it: every click comes to the bot's interaction router, which reads
    what it needs from the store (restart-proof)."""
    if not message.rows:
        return None
    v = discord.ui.View(timeout=None)
    for r, row in enumerate(message.rows):
        for c in row:
            if isinstance(c, Button):
                v.add_item(
                    discord.ui.Button(
                        label=c.label,
                        custom_id=c.custom_id,
                        style=STYLES[c.style],
                        disabled=c.disabled,
                        emoji=c.emoji,
                        row=r,
                    )
                )
            elif isinstance(c, Select):
                v.add_item(
                    discord.ui.Select(
                        custom_id=c.custom_id,
                        placeholder=c.placeholder or None,
                        min_values=c.min_values,
                        max_values=c.max_values,
                        disabled=c.disabled,
                        row=r,
                        options=[
                            discord.SelectOption(
                                label=o.label,
                                value=o.value,
                                description=o.description or None,
                                default=o.default,
                            )
                            for o in c.options
                        ],
                    )
                )
    v.stop()
    return v


def embeds(message: Message) -> list[discord.Embed]:
    out = []
    for e in message.embeds:
        embed = discord.Embed(
            title=e.title or None,
            description=e.description or None,
            colour=e.colour,
        )
        for f in e.fields:
            embed.add_field(name=f.name, value=f.value or "—", inline=f.inline)
        if e.footer:
            embed.set_footer(text=e.footer)
        out.append(embed)
    return out


def files(message: Message) -> list[discord.File]:
    return [discord.File(io.BytesIO(data), filename=name) for name, data in message.files]


def send_kwargs(message: Message) -> dict[str, Any]:
    """Keyword arguments for channel.send / interaction.response.send_message."""
    kwargs: dict[str, Any] = {"content": message.content or None, "embeds": embeds(message)}
    v = view(message)
    if v is not None:
        kwargs["view"] = v
    if message.files:
        kwargs["files"] = files(message)
    return kwargs


def edit_kwargs(message: Message) -> dict[str, Any]:
    """Keyword arguments for message.edit / interaction.response.edit_message: components are
    replaced (removed when the message has none); pictures are replaced when it has files,
    removed when it says `clear_files`, and kept otherwise."""
    kwargs: dict[str, Any] = {"content": message.content or None, "embeds": embeds(message)}
    kwargs["view"] = view(message)
    if message.files:
        kwargs["attachments"] = files(message)
    elif message.clear_files:
        kwargs["attachments"] = []
    return kwargs
