"""A small real discord.py bot for the loopback tests (not the project's bot).

/gm create players:int name:str  -> a reply with a Join button, a Later button and a colour select
/gm settings                     -> a modal (title, notes); its submission is answered ephemerally
/gm slow                         -> defers, then two follow-ups (the second ephemeral)
/gm dm                           -> DMs the user; "Cannot DM you (50007)" when DMs are closed
/gm board                        -> a reply with a PNG attached
/gm post                         -> an ephemeral ack, then a file posted with channel.send
/gm join game:str (autocomplete) -> "joined <game>"
/gm who target:user              -> names the target
/gm table seat number:int        -> a subcommand of a subcommand group
/gmadmin reset                   -> needs Manage Server (default_member_permissions), guild only
Inspect (user menu), Quote (message menu)
/gm where                        -> "shard N" (the shard whose websocket got the interaction)
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import struct
import zlib
from collections.abc import AsyncIterator
from typing import Any

import discord
from discord import app_commands

GAMES = ["Dragon Hunt", "Goblin Market", "Sunken Temple", "Tower of Ash"]


def tiny_png(width: int = 3, height: int = 2) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


class GameView(discord.ui.View):
    def __init__(self, players: int, joined: list[str] | None = None) -> None:
        super().__init__(timeout=None)
        self.players = players
        self.joined = joined or []

    def text(self) -> str:
        names = ", ".join(self.joined) or "nobody yet"
        return f"Game for {self.players} players. Joined: {names}"

    @discord.ui.button(label="Join", style=discord.ButtonStyle.primary, custom_id="gm:join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.joined.append(interaction.user.name)
        if len(self.joined) >= self.players:
            button.disabled = True
        await interaction.response.edit_message(content=self.text(), view=self)

    @discord.ui.button(label="Later", style=discord.ButtonStyle.secondary, custom_id="gm:later")
    async def later(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        await asyncio.sleep(0.05)
        await interaction.edit_original_response(content=self.text() + " (edited later)")

    @discord.ui.select(
        custom_id="gm:colour",
        placeholder="Pick a colour",
        options=[discord.SelectOption(label=c.title(), value=c) for c in ("red", "green", "blue")],
    )
    async def colour(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(
            content=f"{self.text()} Colour: {select.values[0]}", view=self
        )


class SettingsModal(discord.ui.Modal, title="Game settings"):
    game_title = discord.ui.TextInput(label="Title", custom_id="title", max_length=40)
    notes = discord.ui.TextInput(
        label="Notes", custom_id="notes", style=discord.TextStyle.paragraph, required=False
    )

    def __init__(self) -> None:
        super().__init__(custom_id="gm:settings")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"Settings saved: title={self.game_title.value} notes={self.notes.value or '-'}",
            ephemeral=True,
        )


class BotMixin:
    """Commands, events and test hooks shared by the plain and the auto-sharded test bot."""

    tree: app_commands.CommandTree

    def _setup_loopback(self) -> None:
        self.tree = app_commands.CommandTree(self)  # type: ignore[arg-type]
        self.seen: list[tuple[str, Any]] = []
        self.dm_errors: list[int] = []
        self.interaction_shards: dict[int, int | None] = {}
        self.tree.add_command(build_gm_group(self))
        self.tree.add_command(build_admin_group())
        self.tree.add_command(app_commands.ContextMenu(name="Inspect", callback=inspect_user))
        self.tree.add_command(app_commands.ContextMenu(name="Quote", callback=quote_message))

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None  # discord.py sleeps 5 s before every identify but the first

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append(("message", message))
        if message.author.bot:
            return
        if message.content == "!ping":
            await message.channel.send(f"pong {message.author.name}")

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.seen.append(("interaction", interaction))


@contextlib.contextmanager
def recording_shards(bot: Any) -> Any:
    """Tag every INTERACTION_CREATE the bot reads with the shard of the websocket that read it
    (patches DiscordWebSocket.received_message while the bot runs, reconnects included)."""
    cls = discord.gateway.DiscordWebSocket
    original = cls.received_message

    async def received(ws: Any, msg: Any, /) -> None:
        if isinstance(msg, bytes):
            msg = ws._decompressor.decompress(msg)
            if msg is None:
                return
        data = discord.utils._from_json(msg)
        if data.get("t") == "INTERACTION_CREATE" and ws._connection is bot._connection:
            bot.interaction_shards[int(data["d"]["id"])] = ws.shard_id
        await original(ws, msg)

    cls.received_message = received  # type: ignore[method-assign]
    try:
        yield
    finally:
        cls.received_message = original  # type: ignore[method-assign]


class LoopbackTestBot(BotMixin, discord.Client):
    def __init__(self, **options: Any) -> None:
        intents = options.pop("intents", None) or discord.Intents.default()
        intents.message_content = True
        super().__init__(intents=intents, guild_ready_timeout=0.05, **options)
        self._setup_loopback()


class ShardedTestBot(BotMixin, discord.AutoShardedClient):
    def __init__(self, **options: Any) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        super().__init__(intents=intents, guild_ready_timeout=0.05, **options)
        self._setup_loopback()


def build_gm_group(bot: Any) -> app_commands.Group:
    gm = app_commands.Group(name="gm", description="Game master")
    # a subcommand group (discord.py drops default_permissions below the top level: Discord
    # has them on top-level commands only, hence the separate /gmadmin)
    table = app_commands.Group(name="table", description="The table", parent=gm)

    @gm.command(description="Create a game")
    @app_commands.describe(players="How many players", name="Game name")
    async def create(
        interaction: discord.Interaction, players: app_commands.Range[int, 2, 4], name: str = "game"
    ) -> None:
        view = GameView(players)
        await interaction.response.send_message(view.text(), view=view)

    @gm.command(description="Change the settings")
    async def settings(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(SettingsModal())

    @gm.command(description="Something slow")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.1)
        await interaction.followup.send("Done slowly")
        await interaction.followup.send("A secret follow-up", ephemeral=True)

    @gm.command(description="Send me a DM")
    async def dm(interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("Your secret role: the Thief")
        except discord.Forbidden as e:
            bot.dm_errors.append(e.code)
            await interaction.response.send_message(f"Cannot DM you ({e.code})", ephemeral=True)
        else:
            await interaction.response.send_message("Sent you a DM", ephemeral=True)

    @gm.command(description="Show the board")
    async def board(interaction: discord.Interaction) -> None:
        file = discord.File(io.BytesIO(tiny_png()), filename="board.png")
        await interaction.response.send_message("The board", file=file)

    @gm.command(description="Post a file in the channel")
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Posting", ephemeral=True)
        file = discord.File(io.BytesIO(b"round 1\n"), filename="log.txt")
        assert interaction.channel is not None
        await interaction.channel.send("The log", file=file)  # type: ignore[union-attr]

    @gm.command(description="Join a game")
    async def join(interaction: discord.Interaction, game: str) -> None:
        await interaction.response.send_message(f"joined {game}")

    @join.autocomplete("game")
    async def join_game(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g, value=g) for g in GAMES if current.lower() in g.lower()]

    @gm.command(description="Who is that")
    async def who(interaction: discord.Interaction, target: discord.User) -> None:
        kind = "member" if isinstance(target, discord.Member) else "user"
        await interaction.response.send_message(f"{target.name} is a {kind}")

    @gm.command(description="Which shard am I on")
    async def where(interaction: discord.Interaction) -> None:
        shard = bot.interaction_shards.get(interaction.id)
        await interaction.response.send_message(f"shard {shard}")

    @table.command(description="Take a seat")
    async def seat(interaction: discord.Interaction, number: app_commands.Range[int, 1, 4]) -> None:
        await interaction.response.send_message(f"{interaction.user.name} sits at seat {number}")

    return gm


async def inspect_user(interaction: discord.Interaction, user: discord.Member) -> None:
    await interaction.response.send_message(
        f"{user.name} has {len(user.roles) - 1} role(s)", ephemeral=True
    )


async def quote_message(interaction: discord.Interaction, message: discord.Message) -> None:
    await interaction.response.send_message(f"> {message.content} (by {message.author.name})")


def build_admin_group() -> app_commands.Group:
    admin = app_commands.Group(
        name="gmadmin",
        description="Game admin",
        default_permissions=discord.Permissions(manage_guild=True),
        guild_only=True,
    )

    @admin.command(description="Reset everything")
    async def reset(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"reset by {interaction.user.name}")

    return admin


@contextlib.asynccontextmanager
async def running(
    bot: discord.Client, token: str, fake: Any, *, shard_count: int | None = None
) -> AsyncIterator[Any]:
    """Start the bot, wait until the fake sees every shard connected, close it afterwards."""
    recorder = recording_shards(bot) if isinstance(bot, BotMixin) else contextlib.nullcontext()
    recorder.__enter__()
    task = asyncio.create_task(bot.start(token))
    waiter = asyncio.create_task(fake.wait_until_connected(shard_count=shard_count, timeout=15))
    try:
        done, _ = await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            waiter.cancel()
            task.result()
            raise RuntimeError("the bot stopped before connecting")
        waiter.result()
        yield bot
    finally:
        waiter.cancel()
        await bot.close()
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(task, 5)
        recorder.__exit__(None, None, None)
