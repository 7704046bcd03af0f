"""The discord.py client: slash commands, the interaction router, posting, and deadlines.

Nothing here holds game state: commands and clicks go to `Actions`, which read and write the
store through the service; posts come from the notifier. Buttons and selects are never kept as
discord.py views: every component interaction arrives in `on_interaction` and is routed by its
custom id, so they all work after a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import inspect
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from functools import partial
from typing import Any, TypeVar

import aiohttp
import discord
from discord import app_commands

from bot import hosted, logs, metrics
from bot.allocator import TRIM_EVERY, trimmer
from bot.chat import payloads
from bot.chat.acks import ALREADY_ACKNOWLEDGED, EarlyAcks
from bot.chat.actions import Actions, Who, opens_form
from bot.chat.backlog import Backlog
from bot.chat.notifier import DMClosed, Notifier
from bot.chat.priority import AnswersFirst, AnswersFirstPoster
from bot.chat.ratelimits import amortise_bucket_eviction
from bot.chat.stats import Stats, stats_group
from bot.config import Config
from bot.health import HealthServer
from bot.jitter import jittered
from bot.presentation import Command, Modal, Reply, say
from bot.ratings import RatingBook
from bot.render.ui import Message, clip
from bot.service import DEFAULT_GAME, WHERE, GameService, ServerSettings
from bot.store import EventStore, StoreError
from engine.core.game import LEVELS

# A trim of the heap slower than this (seconds) is logged: it held the loop (keep_trimmed).
SLOW_TRIM = 0.01
STARTUP_WAIT = 30.0  # seconds a stop waits for the start-up or a deadline in progress to end

log = logging.getLogger("guildmaster.bot")

DEADLINE_POLL_SECONDS = 30.0
STOPPING = "The bot is restarting: nothing was changed. Try again in a minute."
CATCH_UP_ENDED = timedelta(days=1)  # games ended this recently get their last posts at start
CLOSED_DMS = 50007
HTTP_CONNECTIONS = 64
# Waits between tries when Discord answers 5xx or keeps rate limiting past discord.py's own
# retries (it gives up after 5 tries, and at once on a 503): about three minutes in all.
RETRY_DELAYS = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0, 60.0)

# The settings key of the hash of the slash commands last synced, per Discord application.
COMMANDS_SYNCED = "slash_commands_synced"

THREADS = (
    discord.ChannelType.public_thread,
    discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
)

T = TypeVar("T")


def transient(exc: BaseException) -> bool:
    """Is this a Discord failure that may pass (5xx, 429, a dropped connection)?"""
    if isinstance(exc, discord.HTTPException):
        return exc.status >= 500 or exc.status == 429
    return isinstance(exc, aiohttp.ClientError | asyncio.TimeoutError | ConnectionError)


async def retrying(
    what: str, call: Callable[[], Awaitable[T]], delays: tuple[float, ...] = RETRY_DELAYS
) -> T:
    """`call()`, tried again after each delay while Discord fails in a way that may pass.
    Sends pass the same nonce on every try, so one that Discord carried out before failing
    to answer is not posted twice."""
    for delay in (*delays, None):
        try:
            return await call()
        except Exception as exc:
            if delay is None or not transient(exc):
                raise
            wait = jittered(delay)  # processes failing together do not retry together
            log.warning("%s failed (%s); trying again in %.1f s", what, exc, wait)
            metrics.RETRIES.inc()
            await asyncio.sleep(wait)
    raise AssertionError("unreachable")


def command_tree_hash(tree: app_commands.CommandTree) -> str:
    """A digest of the slash commands as a sync sends them to Discord (names, options,
    descriptions, permissions...), the same whatever order they were added in."""
    payload = sorted(
        (c.to_dict(tree) for c in tree.get_commands()),
        key=lambda d: (d.get("type", 1), d["name"]),
    )
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


def who(interaction: discord.Interaction) -> Who:
    """Who acted: their name made safe to echo (no mentions, no markdown, no zero-width)."""
    raw = interaction.user.display_name
    clean = "".join(ch for ch in raw if ch.isprintable() and ch not in "\u200b\u200c\u200d\u2060")
    name = discord.utils.escape_markdown(discord.utils.escape_mentions(clean)).strip()
    permissions = interaction.permissions
    return Who(
        user_id=interaction.user.id,
        name=clip(name or "a player", 32),
        interaction=str(interaction.id),
        channel_id=interaction.channel_id,
        guild_id=interaction.guild_id,
        is_admin=bool(interaction.guild_id and permissions and permissions.manage_guild),
        in_thread=isinstance(interaction.channel, discord.Thread)
        or getattr(interaction.channel, "type", None) in THREADS,
    )


class DiscordPoster:
    """The notifier's view of Discord: post, edit, read back, DM."""

    def __init__(self, client: discord.Client, delays: tuple[float, ...] = RETRY_DELAYS) -> None:
        self.client = client
        self.delays = delays
        self._dm_channels: dict[int, int] = {}

    async def send(
        self,
        channel_id: int,
        message: Message,
        *,
        mention: int | None = None,
        nonce: str | None = None,
    ) -> int:
        nonce = nonce or secrets.token_hex(8)  # one per post, kept across tries
        # The request is built anew each try (payloads.post): a file's bytes are consumed.
        return await retrying(
            f"posting in {channel_id}",
            lambda: payloads.post(
                self.client.http, channel_id, message, mention=mention, nonce=nonce
            ),
            self.delays,
        )

    async def edit(self, channel_id: int, message_id: int, message: Message) -> None:
        await retrying(
            f"editing {message_id}",
            lambda: payloads.edit(self.client.http, channel_id, message_id, message),
            self.delays,
        )

    async def fetch_content(self, channel_id: int, message_id: int) -> str | None:
        try:
            return await payloads.content(self.client.http, channel_id, message_id)
        except discord.HTTPException:
            return None

    async def dm_channel(self, user_id: int) -> int:
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            # The id is all Discord needs to open the channel: no need to fetch the user.
            channel_id = await retrying(
                f"opening a DM with {user_id}",
                lambda: payloads.open_dm(self.client.http, user_id),
                self.delays,
            )
            self._dm_channels[user_id] = channel_id
        return channel_id

    async def dm(
        self, user_id: int, message: Message, *, nonce: str | None = None
    ) -> tuple[int, int]:
        nonce = nonce or secrets.token_hex(8)  # one per DM, kept across tries
        try:
            channel_id = await self.dm_channel(user_id)
            sent = await retrying(
                f"sending a DM to {user_id}",
                lambda: payloads.post(self.client.http, channel_id, message, nonce=nonce),
                self.delays,
            )
        except discord.Forbidden as exc:
            if exc.code == CLOSED_DMS:
                raise DMClosed from exc
            raise
        return channel_id, sent


def to_modal(spec: Modal) -> discord.ui.Modal:
    modal = discord.ui.Modal(title=clip(spec.title, 45), custom_id=spec.custom_id, timeout=None)
    for f in spec.fields:
        modal.add_item(
            discord.ui.TextInput(
                label=clip(f.label, 45),
                custom_id=f.custom_id,
                placeholder=f.placeholder or None,
                default=f.default or None,
                required=f.required,
                max_length=f.max_length,
            )
        )
    modal.stop()
    return modal


async def respond(
    interaction: discord.Interaction,
    reply: Reply,
    store: EventStore | None = None,
    *,
    acknowledged: bool | None = False,
) -> None:
    """Give `reply` as the interaction's answer, then keep or edit the messages it names.
    `acknowledged`: the interaction was acknowledged already (bot/chat/acks.py), so the answer
    edits the control's message or comes as a follow-up; None: it may have been."""
    try:
        if acknowledged is None:
            sent_id = await _answer_if_not_acknowledged(interaction, reply)
        elif not acknowledged:
            sent_id = await _answer(interaction, reply)
        elif interaction.type is discord.InteractionType.application_command:
            sent_id = await _answer_after_deferral(interaction, reply)
        else:
            sent_id = await _answer_after_ack(interaction, reply)
    finally:
        if isinstance(interaction.client, GuildMasterBot):
            interaction.client.answers.answered(interaction.id)
            interaction.client.arrivals.answered(interaction.id)
    if store is None:
        return
    try:
        if reply.remember is not None and interaction.channel_id is not None:
            if sent_id is None:  # the callback's answer did not name it: ask for it
                sent_id = (await interaction.original_response()).id
            await store.set_message(*reply.remember, interaction.channel_id, sent_id)
        for game_id, key, message in reply.also:
            found = await store.message(game_id, key)
            if found is not None:
                await payloads.edit(interaction.client.http, found[0], found[1], message)
    except StoreError as exc:
        # The answer is given; only keeping or updating the messages it names failed (the
        # store has logged a fault that needs an admin).
        log.error("interaction %s: its messages could not be kept: %s", interaction.id, exc)


async def _answer(interaction: discord.Interaction, reply: Reply) -> int | None:
    """Answer the interaction; the id of the message it sent, when Discord's answer names it."""
    if reply.modal is not None:
        await interaction.response.send_modal(to_modal(reply.modal))
        return None
    message = reply.message or Message(content="Done.")
    if reply.edit and interaction.message is not None:
        await payloads.answer(interaction, message, update=True)
        return None
    return await payloads.answer(
        interaction, message, ephemeral=reply.ephemeral, want_id=reply.remember is not None
    )


async def _answer_if_not_acknowledged(interaction: discord.Interaction, reply: Reply) -> int | None:
    """The answer to an interaction whose acknowledgement may have reached Discord unseen
    (acks.py): given directly, or, if Discord says the interaction already has its first
    answer, after the acknowledgement."""
    try:
        return await _answer(interaction, reply)
    except discord.HTTPException as exc:
        if exc.code != ALREADY_ACKNOWLEDGED:
            raise
    if interaction.type is discord.InteractionType.application_command:
        return await _answer_after_deferral(interaction, reply)
    return await _answer_after_ack(interaction, reply)


async def _answer_after_ack(interaction: discord.Interaction, reply: Reply) -> int | None:
    """The answer to an acknowledged click: the message it came from edited, or a follow-up
    (private when the reply is); the follow-up's id."""
    if reply.modal is not None:
        # Controls that open a form are never acknowledged first (acks.py): were one to be,
        # the player is told how to get the form rather than left without an answer.
        log.error("interaction %s was acknowledged but answers with a form", interaction.id)
        reply = Reply(Message(content="Press the button again to open its form."))
    message = reply.message or Message(content="Done.")
    if reply.edit and interaction.message is not None:
        await payloads.edit_original(interaction, message)
        return None
    return await payloads.follow_up(interaction, message, ephemeral=reply.ephemeral)


async def _answer_after_deferral(interaction: discord.Interaction, reply: Reply) -> int | None:
    """The answer to a slash command acknowledged with a private "thinking…": a private
    answer fills it in; a public one is posted in the channel (its id returned) and the
    placeholder removed."""
    if reply.modal is not None:
        log.error("interaction %s was acknowledged but answers with a form", interaction.id)
        reply = Reply(Message(content="That needs a form: use the command again."))
    message = reply.message or Message(content="Done.")
    if reply.ephemeral:
        await payloads.edit_original(interaction, message)
        return None
    try:
        sent = await payloads.post(interaction.client.http, interaction.channel_id or 0, message)
    except discord.Forbidden:
        # The bot may answer here but not post: the answer goes to its asker alone.
        await payloads.edit_original(interaction, message)
        return None
    await interaction.delete_original_response()
    return sent


def shown(components: list[dict[str, Any]]) -> dict[str, tuple[str, ...]]:
    """The controls of a message as Discord sends it (raw component dicts): custom id -> option
    values."""
    found: dict[str, tuple[str, ...]] = {}

    def walk(items: list[dict[str, Any]]) -> None:
        for item in items:
            custom_id = item.get("custom_id")
            if custom_id:
                found[str(custom_id)] = tuple(str(o.get("value")) for o in item.get("options", ()))
            walk(item.get("components", ()))

    walk(components)
    return found


# What discord.py is given of the message a click came from: its Message needs an id, a type
# and a content; the bot asks only whether there is one (the answer then edits it).
MESSAGE_KEPT = ("id", "channel_id", "type", "flags", "author")


class ShownControls:
    """Reads the controls of the message an interaction came from before discord.py parses it.

    A click on an order board carries the whole board (up to 25 components, selects with their
    options, its embeds and text); discord.py would build a Message with every component and
    embed as objects, the largest part of parsing a click, while the bot needs only the custom
    ids and option values. The interaction's parser is wrapped: it takes those from the raw
    payload, keeps them for `on_interaction` by interaction id, and hands discord.py the
    message without components, embeds, attachments or text, which a click waiting for its
    place in a burst (bot/chat/backlog.py) would otherwise hold.
    """

    def __init__(self, connection: Any) -> None:
        self._parse = connection.parsers["INTERACTION_CREATE"]
        self._shown: dict[int, dict[str, tuple[str, ...]]] = {}
        connection.parsers["INTERACTION_CREATE"] = self.parse

    def parse(self, data: dict[str, Any]) -> None:
        message = data.get("message")
        if data.get("type") in (3, 5) and isinstance(message, dict):
            self._shown[int(data["id"])] = shown(message.get("components") or [])
            data["message"] = {k: message[k] for k in MESSAGE_KEPT if k in message} | {
                "content": "",
                "components": [],
            }
        self._parse(data)

    def pop(self, interaction_id: int) -> dict[str, tuple[str, ...]] | None:
        """The controls of the interaction's message (None when it came from none)."""
        return self._shown.pop(interaction_id, None)


class ParsedAtTurn:
    """Wraps discord.py's parser of interactions: a click or form acknowledged on arrival is
    kept as its payload and parsed only at its turn for a place (bot/chat/backlog.py,
    `Backlog.in_turn`)."""

    def __init__(
        self, connection: Any, backlog: Backlog, acknowledged: Callable[[int], bool]
    ) -> None:
        self._parse = connection.parsers["INTERACTION_CREATE"]
        connection.parsers["INTERACTION_CREATE"] = self.parse
        self.backlog = backlog
        self.acknowledged = acknowledged

    def parse(self, data: dict[str, Any]) -> None:
        interaction_id = int(data["id"])
        if data.get("type") in (3, 5) and self.acknowledged(interaction_id):
            self.backlog.in_turn(interaction_id, partial(self._parse, data))
        else:
            self._parse(data)


def modal_values(data: dict[str, Any]) -> dict[str, str]:
    values = {}
    for row in data.get("components", []):
        for c in row.get("components", []):
            if "custom_id" in c:
                values[c["custom_id"]] = str(c.get("value", ""))
        if "component" in row:  # label-wrapped inputs
            c = row["component"]
            values[c.get("custom_id", "")] = str(c.get("value", ""))
    return values


class GuildMasterBot(discord.AutoShardedClient):
    """The bot. `await bot.start(token)` or `bot.run(token)`.

    Sharded: with `shard_count` and `shard_ids` in the config, this process runs those shards
    only, and handles (deadlines, built-in players) only the games of servers on them; several
    processes share one PostgreSQL database. Without them, Discord's recommended count is used.
    """

    def __init__(self, config: Config, **options: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        if config.shard_count is not None:
            options.setdefault("shard_count", config.shard_count)
        if config.shard_ids is not None:
            options.setdefault("shard_ids", list(config.shard_ids))
        options.setdefault("http_trace", metrics.rate_limit_trace())  # counts 429s
        super().__init__(
            intents=intents, allowed_mentions=discord.AllowedMentions.none(), **options
        )
        amortise_bucket_eviction(self.http)
        self.answers = AnswersFirst()  # the notifier posts after answering what waits
        # At most so many interactions handled at once (backlog.py); one that would wait for
        # its place is acknowledged on arrival.
        self.backlog = Backlog()
        # Three hooks on discord.py's parser of interactions, the outer one first: acknowledge
        # a click that would wait (acks.py), take its message's controls from the payload, and
        # keep it unparsed until its turn.
        self.waits = ParsedAtTurn(
            self._connection, self.backlog, lambda i: self.acks.acknowledged_first(i)
        )
        self.shown = ShownControls(self._connection)
        self.acks = EarlyAcks(
            self._connection,
            self.answers,
            opens_form,
            self.http.user_agent,
            behind=lambda: self.backlog.behind(self.answers.waiting),
        )
        # Outermost: interactions are counted and timed from the moment their payload is read.
        self.arrivals = metrics.Arrivals(self._connection, self._ours)
        self._command_names: frozenset[str] = frozenset()
        self.health: HealthServer | None = None
        self.config = config
        self.tree = app_commands.CommandTree(self)
        self.store: EventStore | None = None
        self.service: GameService | None = None
        self.actions: Actions | None = None
        self.notifier: Notifier | None = None
        self.ratings: RatingBook | None = None
        self._deadline_task: asyncio.Task[None] | None = None
        self._trim_task: asyncio.Task[None] | None = None  # keep_trimmed
        self.closing = False  # stopping: interactions are answered, not carried out
        # Set once `setup_hook` has ended: a stop during start-up waits for it (`close`).
        self._setting_up = False
        self._set_up = asyncio.Event()
        self._stop_deadlines = asyncio.Event()  # set by `close`: the deadline loop ends

    def _ours(self, name: str) -> bool:
        """Is `name` one of our slash commands ("gm create")? Read from the tree, which has
        them all before the gateway connects."""
        if not self._command_names:
            self._command_names = frozenset(c.qualified_name for c in self.tree.walk_commands())
        return name in self._command_names

    async def start_health(self) -> None:
        """Serve the health and metrics endpoint (bot/health.py) if the configuration gives
        it a port; it answers 503 until the bot is ready. Called by `setup_hook`, once logged
        in; earlier by a caller that wants it up before that."""
        if self.config.health_port is not None and self.health is None:
            self.health = HealthServer(self, self.config.health_host, self.config.health_port)
            await self.health.start()

    async def login(self, token: str) -> None:
        self.http.connector = aiohttp.TCPConnector(limit=HTTP_CONNECTIONS, keepalive_timeout=60)
        await super().login(token)

    async def setup_hook(self) -> None:
        self._setting_up = True
        try:
            await self._start_games()
        finally:
            self._set_up.set()

    async def _start_games(self) -> None:
        """Open the store and the services, and let every game go on where it was (posting
        what a stop left unposted)."""
        # First, so it answers (503) while the database opens and games catch up.
        await self.start_health()
        # A process that runs every shard is the database's one writer: the store may keep
        # games' rows in memory. Processes sharing the database by shards read them each time.
        self.store = await EventStore.open(
            self.config.url, single_writer=self.config.shard_ids is None
        )
        self.service = GameService(self.store)
        direct = DiscordPoster(self)  # for DMs that are part of an interaction's answer
        poster = AnswersFirstPoster(direct, self.answers)
        self.notifier = Notifier(
            self.service, poster, images=self.config.images, turn=self.answers.turn
        )
        self.service.listeners.append(self.notifier)
        self.service.reminders.append(self.notifier.remind)
        self.service.server_defaults = ServerSettings(
            games=self.config.server_games,
            builtin_players=self.config.server_builtin_players,
            where=self.config.server_where,
        )
        self.actions = Actions(
            self.service,
            default_deadlines=dict(self.config.deadlines),
            images=self.config.images,
            notifier=self.notifier,
            poster=direct,
        )
        self.tree.add_command(build_group(self.actions))
        self.tree.add_command(seat_group(self.actions))
        for group in game_groups(self.actions):
            self.tree.add_command(group)
        # Ratings are rebuilt from the stored games on first use, then kept up as games end.
        self.ratings = RatingBook(self.store)
        self.service.listeners.append(self.ratings)
        self.tree.add_command(stats_group(Stats(self.actions, self.ratings)))
        await self.sync_commands()
        # Games go on where they were: built-in players move, deadlines that passed fire.
        finished = set()
        for game in await self.store.list_games(status="lobby"):
            if self.owns(game.discord_guild_id) and game.version:
                await self.service.finish_start(game.id)  # posts its start itself
                finished.add(game.id)
        for game in await self.store.list_games(status="running"):
            if self.owns(game.discord_guild_id):
                if game.id not in finished:
                    await self.notifier.catch_up(game.id)
                await self.notifier.resume_handovers(game.id)
                self.service.kick(game.id)
        since = discord.utils.utcnow() - CATCH_UP_ENDED
        for game in await self.store.list_games(status="ended"):
            if self.owns(game.discord_guild_id) and game.updated_at > since:
                await self.notifier.catch_up(game.id)  # the final standings, if not posted
        self._deadline_task = asyncio.get_running_loop().create_task(self._deadlines())
        self._trim_task = asyncio.get_running_loop().create_task(keep_trimmed())
        log.info("ready to play: database %s", _safe_url(self.config.url))

    async def sync_commands(self) -> bool:
        """Send the slash commands to Discord, only if they changed since the last sync (their
        hash is kept in the database) and only in the process that runs shard 0: the commands
        are global, so one sync serves every shard, and Discord limits how often an application
        may sync. Returns whether it synced."""
        assert self.store is not None
        if self.config.shard_ids is not None and 0 not in self.config.shard_ids:
            log.info("slash commands: synced by the process of shard 0, not this one")
            return False
        key = f"{COMMANDS_SYNCED}:{self.application_id}"
        digest = command_tree_hash(self.tree)
        if await self.store.setting(key) == digest:
            log.info("slash commands unchanged since their last sync: not synced again")
            return False
        await retrying("syncing the slash commands", self.tree.sync)
        try:
            await self.store.set_setting(key, digest)
        except StoreError as exc:  # they are synced; the next start merely syncs them again
            log.warning("slash commands synced, but their hash was not kept: %s", exc)
        log.info("slash commands synced")
        return True

    async def _deadlines(self) -> None:
        assert self.service is not None
        while not self._stop_deadlines.is_set():
            try:
                moved = await self.service.fire_due_deadlines(owns=self.owns)
                if moved:
                    log.info("deadlines passed in games %s: defaults applied", moved)
                due = await self.service.next_deadline()
            except Exception:
                log.exception("deadline check failed")
                due = None
            wait = DEADLINE_POLL_SECONDS
            if due is not None:
                wait = max(0.5, min(wait, (due - discord.utils.utcnow()).total_seconds()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop_deadlines.wait(), wait)

    def owns(self, discord_guild_id: int | None) -> bool:
        """Does this process run the shard of that server? (DMs are on shard 0.)"""
        ids = self.config.shard_ids
        count = self.config.shard_count
        if ids is None or not count:
            return True
        return ((discord_guild_id or 0) >> 22) % count in ids

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # discord.py runs each event (and each slash command) in a task of its own: the id
        # stays with this interaction's logs and ends with the task.
        logs.INTERACTION.set(interaction.id)
        controls = self.shown.pop(interaction.id)
        if interaction.type not in (
            discord.InteractionType.component,
            discord.InteractionType.modal_submit,
        ):
            return  # slash commands: `answer_command`
        assert self.actions is not None
        ack = self.acks.take(interaction.id)
        # Acknowledged on arrival, parsed at its turn (ParsedAtTurn): its place is kept for it.
        # It still lets the acknowledgements on their way go first: without that wait the
        # 100-game burst's callback p99 went 0.70 -> 1.49 times the bare bot's.
        kept = self.backlog.claim(interaction.id)
        acknowledged = await self.acks.settled(ack)
        if self.closing:
            async with self.backlog.place(urgent=True, kept=kept):
                if ack is None or acknowledged is not False:
                    await respond(interaction, say(STOPPING), acknowledged=acknowledged)
            return
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id = str(data.get("custom_id", ""))
        values = [str(v) for v in data.get("values", [])]
        fields = (
            modal_values(data) if interaction.type is discord.InteractionType.modal_submit else None
        )
        async with self.backlog.place(urgent=acknowledged is not True, kept=kept):
            reply = await self.actions.control(
                who(interaction), custom_id, values, fields, shown=controls or {}
            )
            if ack is not None and acknowledged is False:
                return  # Discord refused the acknowledgement: it takes no answer now
            try:
                await respond(interaction, reply, self.store, acknowledged=acknowledged)
            except discord.HTTPException:
                log.exception("answering interaction %s failed", interaction.id)

    async def close(self) -> None:
        """Stop gracefully: take no new interactions (they are told to try again), let the
        built-in players and what is in flight finish, post what is left, close the database,
        then disconnect."""
        self.closing = True
        if self._setting_up and not self._set_up.is_set():
            # A stop during start-up lets the catch-up post what it found, so no game is left
            # with events unposted; a start-up stuck for longer is stopped all the same.
            try:
                await asyncio.wait_for(self._set_up.wait(), STARTUP_WAIT)
            except TimeoutError:
                log.error("stopping: start-up had not ended after %.0f s", STARTUP_WAIT)
        if self._deadline_task is not None:
            # Let a deadline being applied finish (its events are then posted below) rather
            # than cancel it between the append and the notifier.
            self._stop_deadlines.set()
            ended, _ = await asyncio.wait({self._deadline_task}, timeout=STARTUP_WAIT)
            if not ended:
                self._deadline_task.cancel()
                log.error("stopping: the deadline check had not ended after %.0f s", STARTUP_WAIT)
        if self._trim_task is not None:
            self._trim_task.cancel()
        if self.service is not None:
            await self.service.settle()
        if self.notifier is not None:
            await self.notifier.idle()
        if self.store is not None:
            await self.store.close()
        await self.acks.close()
        if getattr(self, "_AutoShardedClient__queue", None) is None:
            # Stopped before connecting (during start-up): discord.py's sharded close posts to
            # a queue that only connecting makes; the plain client's close is all there is.
            await discord.Client.close(self)
        else:
            await super().close()
        if self.health is not None:
            await self.health.stop()


async def keep_trimmed(every: float = TRIM_EVERY) -> None:
    """Hand the heap's free pages back every `every` seconds (bot/allocator.py), until
    cancelled. On the loop: a trim of the bot's heap takes about 0.7 ms."""
    trim = trimmer()
    while True:
        await asyncio.sleep(every)
        started = time.perf_counter()
        trim()
        took = time.perf_counter() - started
        if took > SLOW_TRIM:
            log.warning("handing the heap's free memory back took %.1f ms", took * 1000)


def _safe_url(url: str) -> str:
    """A database URL without its password, for logs."""
    if "@" not in url:
        return url
    scheme, _, rest = url.partition("://")
    return f"{scheme}://…@{rest.split('@', 1)[1]}"


def build_group(actions: Actions) -> app_commands.Group:
    """The /gm command group: the core's commands, and each hosted game's own."""
    gm = app_commands.Group(name="gm", description="Board games, played by chat")

    async def run(interaction: discord.Interaction, reply: Awaitable[Reply]) -> None:
        await answer_command(interaction, reply, actions.service.store)

    rules_of_games = hosted.games()
    game_choices = [
        app_commands.Choice(
            name=f"{g.title} ({g.min_players}–{g.max_players} {g.seat_noun}s)", value=g.name
        )
        for g in rules_of_games
    ]
    options = {o.name: o for g in rules_of_games for o in g.options}

    async def create(interaction: discord.Interaction, **chosen: Any) -> None:
        await run(interaction, actions.create(who(interaction), **chosen))

    create_params = [
        _param("game", str, "The game to play (default: Guild Master)", default=DEFAULT_GAME),
        _param("players", app_commands.Range[int, 1, 8] | None, "Number of seats", None),
        _param(
            "deadline",
            app_commands.Range[int, 0, 20160] | None,
            "Minutes per phase before defaults apply (0: none; default: the server's)",
            None,
        ),
        _param(
            "bots",
            bool | None,
            "Let built-in players fill the empty seats (default: if the server allows them)",
            None,
        ),
        _param(
            "strength",
            str | None,
            "How well built-in players play (Guild Master; default: normal)",
            None,
        ),
        _param(
            "daily",
            str | None,
            "A daily deadline time: each wait ends then (HH:MM and a zone, e.g. 18:00 +01:00)",
            None,
        ),
    ]
    for o in options.values():
        kind = bool if o.kind == "bool" else app_commands.Range[int, o.low, o.high]
        create_params.append(_param(o.name, kind | None, o.description, None))
    command = _command(gm, "create", "Create a game in this channel", create, create_params)
    command._params["game"].choices = game_choices
    command._params["strength"].choices = [
        app_commands.Choice(name=level, value=level) for level in LEVELS
    ]

    @gm.command(name="join", description="Join the game in this channel")
    async def join(interaction: discord.Interaction) -> None:
        await run(interaction, actions.join(who(interaction)))

    @gm.command(name="leave", description="Leave the lobby of this channel's game")
    async def leave(interaction: discord.Interaction) -> None:
        await run(interaction, actions.leave(who(interaction)))

    @gm.command(name="start", description="Start the game (host)")
    async def start(interaction: discord.Interaction) -> None:
        await run(interaction, actions.start(who(interaction)))

    @gm.command(name="status", description="Where the game stands, whom it waits for, deadline")
    async def status(interaction: discord.Interaction) -> None:
        await run(interaction, actions.status(who(interaction)))

    @gm.command(name="board", description="What is on the table for everybody to see")
    async def board(interaction: discord.Interaction) -> None:
        await run(interaction, actions.board(who(interaction)))

    @gm.command(name="card", description="Look up a card")
    @app_commands.describe(name="The card's name")
    async def card(interaction: discord.Interaction, name: str) -> None:
        await run(interaction, actions.card(who(interaction), name))

    @card.autocomplete("name")
    async def card_names(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await actions.card_names(who(interaction), current)
        return [app_commands.Choice(name=clip(n, 100), value=v) for n, v in found]

    @gm.command(name="rules", description="The rules, by topic")
    @app_commands.describe(topic="A topic", game="The game (default: this channel's)")
    @app_commands.choices(game=game_choices)
    async def rules(interaction: discord.Interaction, topic: str, game: str | None = None) -> None:
        await run(interaction, actions.rules(who(interaction), topic, game))

    @rules.autocomplete("topic")
    async def topics(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        found = await actions.topics(who(interaction), game, current)
        return [app_commands.Choice(name=n, value=v) for n, v in found]

    @gm.command(name="help", description="The games the bot hosts and their commands")
    async def help_(interaction: discord.Interaction) -> None:
        await run(interaction, actions.help(who(interaction)))

    @gm.command(name="hand", description="Your own secrets in this game (only you)")
    @app_commands.describe(
        seat="Another seat's view: once the game is over (its number)",
        at="A moment of the game (pick one as you type): the view as it stood then",
    )
    async def hand(
        interaction: discord.Interaction,
        seat: app_commands.Range[int, 1, 8] | None = None,
        at: str | None = None,
    ) -> None:
        await run(interaction, actions.hand(who(interaction), seat, at))

    @hand.autocomplete("at")
    async def moments(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await actions.moments(who(interaction), current)
        return [app_commands.Choice(name=clip(n, 100), value=v) for n, v in found]

    @gm.command(name="watch", description="Follow this channel's game by DM (again: stop)")
    async def watch(interaction: discord.Interaction) -> None:
        await run(interaction, actions.watch(who(interaction)))

    @gm.command(name="settings", description="This server's settings for games (Manage Server)")
    @app_commands.describe(
        games="The games allowed, by name, separated by commas, or all",
        deadline="Minutes of every phase of a new game (0: none)",
        bots="Whether built-in players may fill or take seats",
        where="Where games are played",
        reset="Give a setting (or all) back to the bot's default",
    )
    @app_commands.choices(
        where=[app_commands.Choice(name=w, value=w) for w in WHERE],
        reset=[
            app_commands.Choice(name=r, value=r)
            for r in ("games", "deadline", "bots", "where", "all")
        ],
    )
    async def settings(
        interaction: discord.Interaction,
        games: str | None = None,
        deadline: app_commands.Range[int, 0, 20160] | None = None,
        bots: bool | None = None,
        where: str | None = None,
        reset: str | None = None,
    ) -> None:
        await run(
            interaction, actions.settings(who(interaction), games, deadline, bots, where, reset)
        )

    @gm.command(name="decide", description="What the game asks you now (only you see it)")
    async def decide(interaction: discord.Interaction) -> None:
        await run(interaction, actions.decide(who(interaction)))

    for g in rules_of_games:
        shown = hosted.presentation(g.name)
        if not shown.command_group:
            for c in shown.commands:
                _game_command(gm, actions, c)

    for name, description in (
        ("pause", "Pause the game (host)"),
        ("resume", "Resume the game (host)"),
        ("force", "Apply the defaults of everyone still deciding (host)"),
        ("end", "End the game (host)"),
    ):
        gm.command(name=name, description=description)(_admin(actions, name))

    @gm.command(name="extend", description="Move the deadline later, or set a daily time (host)")
    @app_commands.describe(
        minutes="Minutes to move the current deadline by",
        daily="A daily deadline time: each wait ends then (HH:MM and a zone), or off",
    )
    async def extend(
        interaction: discord.Interaction,
        minutes: app_commands.Range[int, 1, 10080] | None = None,
        daily: str | None = None,
    ) -> None:
        await run(interaction, actions.extend(who(interaction), minutes, daily))

    @gm.command(name="notify", description="When you are reminded of deadlines, quiet hours")
    @app_commands.describe(
        hours="Remind me this many hours before a deadline (0: never)",
        quiet="Hours without reminder DMs, e.g. 22:00-07:00 (off: none)",
        zone="Your time zone: a UTC offset (+02:00) or a name (Europe/Paris)",
    )
    async def notify(
        interaction: discord.Interaction,
        hours: app_commands.Range[int, 0, 168] | None = None,
        quiet: str | None = None,
        zone: str | None = None,
    ) -> None:
        await run(interaction, actions.notify(who(interaction), hours, quiet, zone))

    @gm.command(name="replace", description="A built-in player takes over a seat (host)")
    @app_commands.describe(guild="The seat's number (the guild or player)")
    async def replace(
        interaction: discord.Interaction, guild: app_commands.Range[int, 1, 8]
    ) -> None:
        await run(interaction, actions.admin(who(interaction), "replace", guild))

    return gm


def seat_group(actions: Actions) -> app_commands.Group:
    """/seat: a seat of a game in play offered to a volunteer, who takes it. A group of its own
    (as /stats is): /gm holds the 25 subcommands Discord allows a group."""
    group = app_commands.Group(name="seat", description="Seats of a game in play for volunteers")

    async def run(interaction: discord.Interaction, reply: Awaitable[Reply]) -> None:
        await answer_command(interaction, reply, actions.service.store)

    @group.command(name="open", description="Offer a seat to a volunteer (host)")
    @app_commands.describe(seat="The seat's number")
    async def open_(interaction: discord.Interaction, seat: app_commands.Range[int, 1, 8]) -> None:
        await run(interaction, actions.seat_open(who(interaction), seat))

    @group.command(name="take", description="Take a seat offered in this channel's game")
    @app_commands.describe(seat="The seat's number")
    async def take(interaction: discord.Interaction, seat: app_commands.Range[int, 1, 8]) -> None:
        await run(interaction, actions.seat_take(who(interaction), seat))

    @group.command(name="close", description="Withdraw a seat's offer (host)")
    @app_commands.describe(seat="The seat's number")
    async def close(interaction: discord.Interaction, seat: app_commands.Range[int, 1, 8]) -> None:
        await run(interaction, actions.seat_close(who(interaction), seat))

    return group


def game_groups(actions: Actions) -> list[app_commands.Group]:
    """The slash command groups of the games whose commands are a group of their own
    (`/town trade`)."""
    groups = []
    for g in hosted.games():
        shown = hosted.presentation(g.name)
        if shown.command_group and shown.commands:
            group = app_commands.Group(
                name=shown.command_group, description=f"{shown.title}: its own commands"
            )
            for c in shown.commands:
                _game_command(group, actions, c)
            groups.append(group)
    return groups


def _param(name: str, kind: Any, description: str, default: Any = inspect.Parameter.empty) -> tuple:
    return (name, kind, description, default)


def _command(
    group: app_commands.Group,
    name: str,
    description: str,
    handler: Callable[..., Awaitable[None]],
    params: list[tuple],
) -> app_commands.Command:
    """A slash command whose options are made at run time (`params`: name, annotation,
    description, default), calling `handler(interaction, **options)`."""

    async def callback(interaction: discord.Interaction, **options: Any) -> None:
        await handler(interaction, **options)

    signature = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    signature += [
        inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, annotation=k, default=d)
        for n, k, _description, d in params
    ]
    callback.__signature__ = inspect.Signature(signature)  # type: ignore[attr-defined]
    callback.__name__ = callback.__qualname__ = name.replace("-", "_")
    described = app_commands.describe(**{n: desc for n, _k, desc, _d in params})(callback)
    return group.command(name=name, description=description)(described)


def _game_command(gm: app_commands.Group, actions: Actions, c: Command) -> None:
    """A game's own command, in `gm` (its group), from its presentation's description of it."""

    async def handler(interaction: discord.Interaction, **options: Any) -> None:
        work = actions.command(who(interaction), c.name, **options)
        await answer_command(interaction, work, actions.service.store)

    params = []
    for p in c.params:
        kind: Any = p.kind
        if p.kind is int and p.low is not None and p.high is not None:
            kind = app_commands.Range[int, p.low, p.high]
        default: Any = inspect.Parameter.empty
        if not p.required:
            kind, default = kind | None, None
        params.append(_param(p.name, kind, p.description, default))
    command = _command(gm, c.name, clip(c.description, 100), handler, params)
    for p in c.params:
        if p.suggest is not None:
            command.autocomplete(p.name)(_suggestions(p.suggest))


def _suggestions(
    suggest: Callable[[str], list[tuple[str, str]]],
) -> Callable[..., Awaitable[list[app_commands.Choice[str]]]]:
    async def complete(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=clip(n, 100), value=v) for n, v in suggest(current)]

    return complete


async def answer_command(
    interaction: discord.Interaction, work: Awaitable[Reply], store: EventStore
) -> None:
    """Run a slash command's `work` and answer with its reply; if the command was
    acknowledged on arrival (acks.py), the work waits until the others are acknowledged."""
    logs.INTERACTION.set(interaction.id)  # in the command's own task, as in `on_interaction`
    bot = interaction.client
    ack: asyncio.Task[bool | None] | None = None
    acknowledged: bool | None = False
    if isinstance(bot, GuildMasterBot):
        ack = bot.acks.take(interaction.id)
        acknowledged = await bot.acks.settled(ack)
    if isinstance(bot, GuildMasterBot) and bot.closing:
        if asyncio.iscoroutine(work):
            work.close()  # never run: nothing is carried out while stopping
        if ack is None or acknowledged is not False:
            await respond(interaction, say(STOPPING), store, acknowledged=acknowledged)
        return
    place: contextlib.AbstractAsyncContextManager[None] = (
        bot.backlog.place(urgent=acknowledged is not True)
        if isinstance(bot, GuildMasterBot)
        else contextlib.nullcontext()
    )
    async with place:
        reply = await work
        if ack is not None and acknowledged is False:
            return  # Discord refused the acknowledgement: it takes no answer now
        await respond(interaction, reply, store, acknowledged=acknowledged)


def _admin(actions: Actions, what: str) -> Any:
    async def command(interaction: discord.Interaction) -> None:
        await answer_command(
            interaction, actions.admin(who(interaction), what), actions.service.store
        )

    command.__name__ = what
    return command
