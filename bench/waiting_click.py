"""Memory a click holds while it waits for a handler's place (bot/chat/backlog.py).

    python bench/waiting_click.py [--clicks 2000]

Builds board-shaped click payloads (four selects of ten options, three buttons, an embed of
eight fields, a picture, the member and channel Discord sends) and hands them, all at once, to
a real discord.py client's parser behind the bot's own hooks, with every handler's place taken,
so that each waits as it would in the 2,000-game burst. Reports tracemalloc's live bytes per
waiting click, payloads included, three ways:

- "as it came": discord.py parses the click with its message whole but for its components
  (the bot before 62d02ce);
- "message cut": the message cut down to what the bot asks of it (ShownControls);
- "unparsed": kept as its payload until its turn (ParsedAtTurn, Backlog.in_turn).

The server is in the client's cache, as it is for the bot (which has the guilds intent).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import discord

from bot.chat.backlog import Backlog
from bot.chat.client import ParsedAtTurn, ShownControls

GUILD = 6 * 10**17
PERMISSIONS = "2248473465835073"


def payload(i: int) -> dict[str, Any]:
    """A click on an order board, as Discord sends it."""
    user = {
        "id": str(10**17 + i),
        "username": f"player{i}",
        "global_name": f"Player {i}",
        "discriminator": "0",
        "avatar": None,
        "public_flags": 0,
    }
    member = {
        "user": user,
        "roles": [str(10**17 + 5)],
        "joined_at": "2026-11-01T00:00:00+00:00",
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "nick": None,
        "permissions": PERMISSIONS,
    }
    options = [
        {"label": f"Adventurer {k}", "value": f"adv{k}", "description": "a fine one"}
        for k in range(10)
    ]
    rows: list[dict[str, Any]] = [
        {
            "type": 1,
            "components": [{"type": 3, "custom_id": f"gm:ob{r}:{i}:0:1", "options": options}],
        }
        for r in range(4)
    ]
    buttons = [
        {"type": 2, "custom_id": f"gm:obready:{i}:0:{k}", "label": "Ready", "style": 1}
        for k in range(3)
    ]
    rows.append({"type": 1, "components": buttons})
    channel = str(3 * 10**17 + i)
    message = {
        "id": str(2 * 10**17 + i),
        "channel_id": channel,
        "type": 0,
        "flags": 0,
        "author": {
            "id": "99",
            "username": "bot",
            "discriminator": "0",
            "avatar": None,
            "bot": True,
        },
        "content": "Round 3: choose your orders. " * 6,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "pinned": False,
        "timestamp": "2026-11-26T05:00:00+00:00",
        "edited_timestamp": None,
        "attachments": [
            {
                "id": str(4 * 10**17 + i),
                "filename": "board.png",
                "size": 180000,
                "url": "https://cdn.example.invalid/a/board.png",
                "proxy_url": "https://media.example.invalid/a/board.png",
                "width": 1200,
                "height": 800,
                "content_type": "image/png",
            }
        ],
        "embeds": [
            {
                "type": "rich",
                "title": "Your guild",
                "description": "Gold 12, Renown 4\n" * 5,
                "fields": [
                    {"name": f"Field {k}", "value": "some value " * 4, "inline": True}
                    for k in range(8)
                ],
                "image": {"url": "attachment://board.png"},
                "footer": {"text": "Round 3 of 8"},
            }
        ],
        "components": rows,
    }
    return {
        "id": str(5 * 10**17 + i),
        "application_id": "99",
        "type": 3,
        "data": {"custom_id": f"gm:obready:{i}:0:1", "component_type": 2},
        "token": "t" * 64,
        "version": 1,
        "locale": "en-US",
        "entitlements": [],
        "attachment_size_limit": 10485760,
        "channel_id": channel,
        "channel": {
            "id": channel,
            "type": 0,
            "name": f"game-{i}",
            "guild_id": str(GUILD),
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "permissions": PERMISSIONS,
        },
        "guild_id": str(GUILD),
        "guild": {"id": str(GUILD), "locale": "en-US", "features": []},
        "guild_locale": "en-US",
        "member": member,
        "app_permissions": PERMISSIONS,
        "context": 0,
        "message": message,
    }


class AsItCame(ShownControls):
    """ShownControls as it was before 62d02ce: only the components taken out."""

    def parse(self, data: dict[str, Any]) -> None:
        message = data["message"]
        self._shown[int(data["id"])] = {}
        data["message"] = {**message, "components": []}
        self._parse(data)


async def waiting(way: str, clicks: int) -> float:
    """Live bytes per click with `clicks` clicks waiting for a place, received `way`."""
    client = discord.Client(intents=discord.Intents.none())
    client.loop = asyncio.get_running_loop()
    state = client._connection
    state.application_id = 99
    bot_user = {"id": "99", "username": "bot", "discriminator": "0", "avatar": None, "bot": True}
    state.user = discord.ClientUser(state=state, data=bot_user)
    guild = {
        "id": str(GUILD),
        "name": "g",
        "roles": [],
        "emojis": [],
        "stickers": [],
        "features": [],
    }
    state._add_guild(discord.Guild(state=state, data=guild))
    places = Backlog(limit=0)  # every place taken: each handler waits, as in a burst

    async def on_interaction(interaction: discord.Interaction) -> None:
        async with places.place(kept=places.claim(interaction.id)):
            pass

    client.event(on_interaction)
    if way == "unparsed":
        ParsedAtTurn(state, places, lambda _id: True)
    (AsItCame if way == "as it came" else ShownControls)(state)
    parse = state.parsers["INTERACTION_CREATE"]
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for i in range(clicks):
        parse(payload(i))
    await asyncio.sleep(0.05)  # every handler's task started and waiting for its place
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert places.waiting == clicks
    return held / clicks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=2000)
    args = parser.parse_args()
    print(f"{args.clicks} board clicks waiting for a place, live bytes a click (tracemalloc):")
    for way in ("as it came", "message cut", "unparsed"):
        print(f"  {way:<12} {asyncio.run(waiting(way, args.clicks)) / 1024:6.2f} kB")


if __name__ == "__main__":
    main()
