"""FakeDiscord: a Discord of our own on 127.0.0.1 that a real discord.py client connects to.

    fake = await FakeDiscord.start()
    with fake.patch_discord():          # Route.BASE and DiscordWebSocket.DEFAULT_GATEWAY
        ...start a discord.py client with fake.bot_token...
        alice = fake.create_user("alice")
        guild = fake.create_guild("Tavern", owner=alice)
        rec = await fake.slash(alice, guild.channel_ids[0], "gm create", players=3)
        reply = await rec.wait_reply()
    await fake.stop()

The test-facing methods act only the way people act in Discord; the bot's side is the real
REST API and gateway. See bot/loopback/README.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from aiohttp import web

from . import builders, control, validate
from . import perms as P
from .errors import (
    CANNOT_DM,
    EMPTY_MESSAGE,
    MISSING_PERMISSIONS,
    ApiError,
    LoopbackError,
    LoopbackTimeout,
    NotConnected,
    form_error,
)
from .faults import FaultRule, Faults
from .gateway import (
    DIRECT_MESSAGE_REACTIONS,
    DIRECT_MESSAGES,
    GUILD_MEMBERS,
    GUILD_MESSAGE_REACTIONS,
    GUILD_MESSAGES,
    GUILDS,
    MESSAGE_CONTENT,
    PRIVILEGED,
    Gateway,
    GatewaySession,
)
from .ids import iso
from .model import (
    DM,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS,
    FLAG_SUPPRESS_NOTIFICATIONS,
    GUILD_CATEGORY,
    GUILD_TEXT,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    User,
)
from .records import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DEFERRED_CHANNEL_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
)
from .rest import RestApi, Upload
from .state import World, public_command
from .stats import Stats

T = TypeVar("T")

#: How long Discord gives a bot to call back before the interaction token stops working.
INTERACTION_DEADLINE = 3.0
MAX_UPLOAD = 10 * 1024 * 1024
NONCE_WINDOW = 300.0  # seconds Discord remembers an enforced nonce ("the past few minutes")


class _DiscordPatch:
    """Points discord.py at a fake; undone by `undo()` or on leaving a `with` block."""

    def __init__(self, rest_url: str, gateway_url: str) -> None:
        import discord.gateway
        import discord.http
        import yarl

        self._route = discord.http.Route
        self._ws = discord.gateway.DiscordWebSocket
        self._old = (self._route.BASE, self._ws.DEFAULT_GATEWAY)
        self._route.BASE = rest_url
        self._ws.DEFAULT_GATEWAY = yarl.URL(gateway_url)

    def undo(self) -> None:
        self._route.BASE, self._ws.DEFAULT_GATEWAY = self._old

    def __enter__(self) -> _DiscordPatch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.undo()


def point_discord_at(rest_url: str, gateway_url: str) -> _DiscordPatch:
    """Set discord.py's two URLs (for a bot process talking to `python -m bot.loopback`)."""
    return _DiscordPatch(rest_url, gateway_url)


def _emoji_key(emoji: str) -> str:
    from urllib.parse import unquote

    return unquote(emoji)


class FakeDiscord:
    """A fake Discord: REST v10 + gateway on one port, state kept in memory, test helpers."""

    def __init__(
        self,
        *,
        bot_name: str = "Loopback Bot",
        bot_token: str | None = None,
        shard_count: int = 1,
        heartbeat_interval_ms: int = 41250,
        interaction_deadline: float | None = INTERACTION_DEADLINE,
        followup_ttl: float | None = 15 * 60.0,
        privileged_intents: int = PRIVILEGED,
        rate_limit_window: tuple[int, float] = (10000, 1.0),
    ) -> None:
        self.world = World(bot_name=bot_name)
        self.bot_token = bot_token or f"loopback.{secrets.token_urlsafe(24)}"
        self.shard_count = shard_count
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.interaction_deadline = interaction_deadline
        self.followup_ttl = followup_ttl
        self.privileged_intents = privileged_intents
        #: (X-RateLimit-Limit, X-RateLimit-Reset-After) sent on ordinary answers; generous by
        #: default so that discord.py never waits on its own (429s come from faults)
        self.rate_limit_window = rate_limit_window
        self.stats = Stats()
        self.faults = Faults()
        #: (channel id, nonce) -> (message id, when) of messages sent with enforce_nonce
        self._nonces: dict[tuple[int, str], tuple[int, float]] = {}
        self.gateway = Gateway(self)
        self.rest = RestApi(self)
        self.typing_count: Counter[int] = Counter()
        #: bugs in the fake itself (answered 503); tests may assert this stays empty
        self.internal_errors: list[str] = []
        self.host = "127.0.0.1"
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._waiters: list[tuple[Callable[[], Any], asyncio.Future[Any]]] = []

    # -- running -------------------------------------------------------------------------

    @classmethod
    async def start(cls, *, host: str = "127.0.0.1", port: int = 0, **options: Any) -> FakeDiscord:
        """Make a fake and serve it (port 0: a free port). Options as for the constructor."""
        fake = cls(**options)
        await fake.listen(host, port)
        return fake

    async def listen(self, host: str = "127.0.0.1", port: int = 0) -> None:
        app = web.Application(middlewares=[self.rest.middleware], client_max_size=64 * 1024 * 1024)
        self.rest.install(app)
        app.router.add_get("/", self._root)
        control.install(app, self)
        runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, host, port)
        await site.start()
        self._runner = runner
        self.host = host
        self.port = runner.addresses[0][1]
        self.world.cdn_base = self.http_url

    async def _root(self, request: web.Request) -> web.StreamResponse:
        probe = web.WebSocketResponse()
        if probe.can_prepare(request).ok:
            return await self.gateway.handle(request)
        return web.Response(
            text=f"loopback Discord: REST {self.rest_url}, gateway {self.gateway_url}\n"
        )

    async def stop(self) -> None:
        await self.gateway.close_all(1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        for _, fut in self._waiters:
            if not fut.done():
                fut.cancel()

    async def __aenter__(self) -> FakeDiscord:
        if self._runner is None:
            await self.listen(self.host, self.port)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def http_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def rest_url(self) -> str:
        """For discord.http.Route.BASE."""
        return f"{self.http_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """For discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY (as a yarl.URL)."""
        return f"ws://{self.host}:{self.port}/"

    @property
    def control_url(self) -> str:
        return f"{self.http_url}/_loopback"

    def patch_discord(self) -> _DiscordPatch:
        """Point discord.py at this fake now; `with fake.patch_discord():` undoes it after."""
        return _DiscordPatch(self.rest_url, self.gateway_url)

    @property
    def bot(self) -> User:
        return self.world.bot

    @property
    def application_id(self) -> int:
        return self.world.application_id

    @property
    def application_flags(self) -> int:
        flags = 1 << 23  # APPLICATION_COMMAND_BADGE
        if self.privileged_intents & (1 << 8):
            flags |= 1 << 12
        if self.privileged_intents & GUILD_MEMBERS:
            flags |= 1 << 14
        if self.privileged_intents & MESSAGE_CONTENT:
            flags |= 1 << 18
        return flags

    def application_payload(self) -> dict[str, Any]:
        w = self.world
        return {
            "id": str(w.application_id),
            "name": w.bot.username,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": w.user_payload(w.owner),
            "team": None,
            "flags": self.application_flags,
            "bot": w.bot_user_payload(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
            "approximate_guild_count": sum(1 for g in w.guilds.values() if w.bot.id in g.members),
            "integration_types_config": {"0": {}},
        }

    # -- change notification and waiting ---------------------------------------------------

    def mark(self) -> int:
        """The current revision: pass as `since=` to wait only for what changes after now."""
        return self.world.revision

    def _changed(self) -> None:
        if not self._waiters:
            return
        for entry in list(self._waiters):
            predicate, fut = entry
            if fut.done():
                with contextlib.suppress(ValueError):
                    self._waiters.remove(entry)
                continue
            try:
                value = predicate()
            except Exception as e:
                fut.set_exception(e)
                self._waiters.remove(entry)
                continue
            if value:
                fut.set_result(value)
                self._waiters.remove(entry)

    async def wait_for(
        self, predicate: Callable[[], T | None], *, timeout: float = 5.0, what: str = "a condition"
    ) -> T:
        """Until `predicate()` is truthy; returns its value. It is checked after every change
        to the fake, and every 50 ms too (for predicates that look at the bot's side)."""
        value = predicate()
        if value:
            return value
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        entry = (predicate, fut)
        self._waiters.append(entry)
        end = loop.time() + timeout
        try:
            while True:
                left = end - loop.time()
                if left <= 0:
                    raise LoopbackTimeout(
                        f"timed out after {timeout}s waiting for {what}\n{self.describe_recent()}"
                    )
                try:
                    return await asyncio.wait_for(asyncio.shield(fut), min(left, 0.05))
                except TimeoutError:
                    value = predicate()
                    if value:
                        return value
        finally:
            if not fut.done():
                fut.cancel()
            with contextlib.suppress(ValueError):
                self._waiters.remove(entry)

    def describe_recent(self, n: int = 8) -> str:
        w = self.world
        lines = ["recent messages:"]
        recent = sorted(w.messages.values(), key=lambda m: m.rev)[-n:]
        lines += [f"  {m!r}" for m in recent] or ["  (none)"]
        lines.append("recent interactions:")
        for rec in list(w.interactions.values())[-n:]:
            state = rec.response_name or "no response"
            err = f" errors={rec.errors}" if rec.errors else ""
            lines.append(f"  {rec.describe()} by {rec.user_id}: {state}{err}")
        lines.append(f"gateway sessions: {list(self.gateway.active.values())}")
        if self.stats.unknown_routes:
            lines.append(f"unknown routes: {self.stats.unknown_routes[-n:]}")
        if self.internal_errors:
            lines.append(f"internal errors: {self.internal_errors[-n:]}")
        return "\n".join(lines)

    async def wait_for_message(
        self,
        predicate: Callable[[Message], bool] | None = None,
        *,
        channel: Any = None,
        author: Any = None,
        contains: str | None = None,
        since: int | None = None,
        ephemeral: bool | None = None,
        timeout: float = 5.0,
    ) -> Message:
        """Until a message matching all the filters exists (created or edited after `since`)."""
        ch_id = self._c(channel).id if channel is not None else None
        author_id = self._u(author).id if author is not None else None

        def find() -> Message | None:
            msgs: Iterable[Message]
            if ch_id is not None:
                ch = self.world.channels.get(ch_id)
                msgs = (self.world.messages[m] for m in ch.message_ids) if ch else ()
            else:
                msgs = sorted(self.world.messages.values(), key=lambda m: m.id)
            for m in msgs:
                if m.deleted or m.loading:
                    continue
                if since is not None and m.rev <= since:
                    continue
                if author_id is not None and m.author_id != author_id:
                    continue
                if ephemeral is not None and m.ephemeral != ephemeral:
                    continue
                if contains is not None and contains not in m.text():
                    continue
                if predicate is not None and not predicate(m):
                    continue
                return m
            return None

        what = "a message" + "".join(
            f" {k}={v!r}"
            for k, v in (
                ("channel", ch_id),
                ("author", author_id),
                ("contains", contains),
                ("since", since),
            )
            if v is not None
        )
        return await self.wait_for(find, timeout=timeout, what=what)

    async def wait_for_dm(
        self,
        user: Any,
        predicate: Callable[[Message], bool] | None = None,
        *,
        contains: str | None = None,
        since: int | None = None,
        timeout: float = 5.0,
    ) -> Message:
        """Until the bot has sent this user a DM matching the filters."""
        u = self._u(user)
        ch = self.world.dm_channel_for(u)
        return await self.wait_for_message(
            predicate, channel=ch, author=self.bot, contains=contains, since=since, timeout=timeout
        )

    async def wait_for_commands(
        self, *names: str, guild: Any = None, timeout: float = 5.0
    ) -> list[dict[str, Any]]:
        """Until the bot has registered these commands (globally, or in `guild`)."""
        gid = self._g(guild).id if guild is not None else None

        def ready() -> list[dict[str, Any]] | None:
            cmds = self.world.commands_in(gid)
            have = {c["name"] for c in cmds}
            return [public_command(c) for c in cmds] if set(names) <= have and cmds else None

        return await self.wait_for(ready, timeout=timeout, what=f"commands {names} (guild {gid})")

    async def wait_until_connected(
        self, *, shard_count: int | None = None, timeout: float = 10.0
    ) -> int:
        """Until every shard of some shard count has a connected, identified session."""

        def covered() -> int | None:
            count = self.gateway.connected_cover()
            if count is None or (shard_count is not None and count != shard_count):
                return None
            return count

        return await self.wait_for(covered, timeout=timeout, what="the bot to connect")

    async def wait_for_resume(self, count: int = 1, *, timeout: float = 10.0) -> int:
        """Until the gateway has accepted `count` RESUMEs in all."""
        return await self.wait_for(
            lambda: self.gateway.resumes if self.gateway.resumes >= count else None,
            timeout=timeout,
            what=f"{count} resume(s)",
        )

    # -- resolving arguments (objects, ids, or {"id": ...}) --------------------------------

    @staticmethod
    def _id(x: Any) -> int:
        if isinstance(x, (User, Guild, Channel, Message, Role, InteractionRecord, Attachment)):
            return x.id
        if isinstance(x, Member):
            return x.user_id
        if isinstance(x, dict):
            return int(x["id"])
        return int(x)

    def _u(self, x: Any) -> User:
        if isinstance(x, User):
            return x
        if isinstance(x, str) and not x.isdigit():
            for u in self.world.users.values():
                if u.username == x:
                    return u
            raise LoopbackError(f"no user named {x!r}")
        try:
            return self.world.users[self._id(x)]
        except (KeyError, TypeError, ValueError):
            raise LoopbackError(f"no user {x!r}") from None

    def _g(self, x: Any) -> Guild:
        if isinstance(x, Guild):
            return x
        if isinstance(x, str) and not x.isdigit():
            for g in self.world.guilds.values():
                if g.name == x:
                    return g
            raise LoopbackError(f"no guild named {x!r}")
        try:
            return self.world.guilds[self._id(x)]
        except (KeyError, TypeError, ValueError):
            raise LoopbackError(f"no guild {x!r}") from None

    def _c(self, x: Any) -> Channel:
        if isinstance(x, Channel):
            return x
        if isinstance(x, User):
            return self.world.dm_channel_for(x)
        try:
            return self.world.channels[self._id(x)]
        except (KeyError, TypeError, ValueError):
            raise LoopbackError(f"no channel {x!r}") from None

    def _m(self, x: Any) -> Message:
        try:
            msg = self.world.messages[self._id(x)]
        except (KeyError, TypeError, ValueError):
            raise LoopbackError(f"no message {x!r}") from None
        if msg.deleted:
            raise LoopbackError(f"{msg!r} was deleted")
        return msg

    def _i(self, x: Any) -> InteractionRecord:
        if isinstance(x, InteractionRecord):
            return x
        try:
            return self.world.interactions[self._id(x)]
        except (KeyError, TypeError, ValueError):
            raise LoopbackError(f"no interaction {x!r}") from None

    def _role(self, guild: Guild, x: Any) -> Role:
        if isinstance(x, Role):
            return x
        if isinstance(x, str) and not x.isdigit():
            for r in guild.roles.values():
                if r.name == x:
                    return r
        try:
            return guild.roles[self._id(x)]
        except (KeyError, TypeError, ValueError):
            raise LoopbackError(f"no role {x!r} in {guild.name}") from None

    # -- gateway helpers -------------------------------------------------------------------

    def _emit_guild(self, event: str, data: Any, guild_id: int, intent: int = GUILDS) -> None:
        self.gateway.dispatch(event, data, guild_id=guild_id, intent=intent)

    def _emit_channel(self, event: str, ch: Channel, **extra: Any) -> None:
        if ch.guild_id is None:
            return
        data = {**self.world.channel_payload(ch), **extra}
        self._emit_guild(event, data, ch.guild_id)
        self._changed()

    def _emit_message(self, event: str, msg: Message) -> None:
        if msg.ephemeral_to is not None:
            return
        w = self.world
        guild_id = msg.guild_id
        if event == "MESSAGE_DELETE":
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if guild_id is not None:
                data["guild_id"] = str(guild_id)
            self.gateway.dispatch(
                event,
                data,
                guild_id=guild_id,
                intent=GUILD_MESSAGES if guild_id else DIRECT_MESSAGES,
            )
            return
        full = w.message_payload(msg, gateway=True)
        readable = guild_id is None or msg.author_id == w.bot.id or w.bot.id in msg.mention_ids

        def for_session(s: GatewaySession) -> dict[str, Any]:
            if readable or s.intents & MESSAGE_CONTENT:
                return full
            stripped = dict(full, content="", embeds=[], attachments=[], components=[])
            stripped.pop("poll", None)
            return stripped

        self.gateway.dispatch(
            event,
            for_session,
            guild_id=guild_id,
            intent=GUILD_MESSAGES if guild_id else DIRECT_MESSAGES,
        )

    # -- messages (used by the REST API and by say()) ------------------------------------

    def _build_attachments(
        self,
        channel: Channel,
        body: dict[str, Any],
        uploads: list[Upload],
        existing: list[Attachment] | None,
        *,
        ephemeral: bool,
    ) -> list[Attachment] | None:
        w = self.world
        for u in uploads:
            if len(u.data) > MAX_UPLOAD:
                raise ApiError(413, 40005, "Request entity too large")
        entries = body.get("attachments")
        by_index = {u.index: u for u in uploads}
        used: set[int] = set()

        def store(u: Upload, entry: dict[str, Any] | None) -> Attachment:
            used.add(u.index)
            return w.store_attachment(
                channel_id=channel.id,
                filename=(entry or {}).get("filename") or u.filename,
                data=u.data,
                content_type=u.content_type,
                description=(entry or {}).get("description"),
                ephemeral=ephemeral,
            )

        if entries is None:
            if existing is not None and not uploads:
                return None
            return list(existing or []) + [store(u, None) for u in uploads]
        out: list[Attachment] = []
        current = {str(a.id): a for a in existing or []}
        for i, e in enumerate(entries):
            eid = str(e.get("id"))
            if eid in current:
                out.append(current[eid])
            elif eid.isdigit() and int(eid) in by_index:
                out.append(store(by_index[int(eid)], e))
            else:
                raise form_error(
                    [(f"attachments.{i}.id", "ATTACHMENT_NOT_FOUND", "Unknown attachment")]
                )
        out += [store(u, None) for u in uploads if u.index not in used]
        if len(out) > 10:
            raise form_error(
                [("attachments", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")]
            )
        return out

    def _new_message(
        self,
        channel: Channel,
        author_id: int,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        type_: int = 0,
        flag_mask: int = FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2,
        ephemeral_to: int | None = None,
        interaction: InteractionRecord | None = None,
        loading: bool = False,
        extra_flags: int = 0,
    ) -> Message:
        w = self.world
        flags = (int(body.get("flags") or 0) & flag_mask) | extra_flags
        if ephemeral_to is not None:
            flags |= FLAG_EPHEMERAL
        if loading:
            flags |= FLAG_LOADING
        else:
            problems = validate.check_message(body, creating=True, has_files=bool(uploads))
            if flags & FLAG_COMPONENTS_V2 and (body.get("content") or body.get("embeds")):
                problems.append(
                    (
                        "content",
                        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                        "The 'content' and 'embeds' fields cannot be used with components v2",
                    )
                )
            if problems:
                raise form_error(problems)
            if validate.is_empty_message(body, bool(uploads)):
                raise ApiError(400, EMPTY_MESSAGE, "Cannot send an empty message")
        guild_id = channel.guild_id
        reference = None
        ref = body.get("message_reference")
        if ref and not loading:
            ref_id = ref.get("message_id")
            target = w.messages.get(int(ref_id)) if ref_id else None
            if target is None or target.deleted or target.channel_id != channel.id:
                if ref.get("fail_if_not_exists", True):
                    raise form_error(
                        [
                            (
                                "message_reference",
                                "MESSAGE_REFERENCE_UNKNOWN_MESSAGE",
                                "Unknown message",
                            )
                        ]
                    )
            else:
                reference = {"type": 0, "message_id": str(target.id), "channel_id": str(channel.id)}
                if guild_id is not None:
                    reference["guild_id"] = str(guild_id)
                if type_ == 0:
                    type_ = 19
        msg = Message(
            id=w.ids.next(),
            channel_id=channel.id,
            guild_id=guild_id,
            author_id=author_id,
            content=(body.get("content") or "") if not loading else "",
            embeds=[] if loading else [{"type": "rich", **e} for e in body.get("embeds") or []],
            components=[] if loading else list(body.get("components") or []),
            flags=flags,
            type=type_,
            tts=bool(body.get("tts", False)),
            reference=reference,
            nonce=body.get("nonce"),
            poll=None if loading else body.get("poll"),
            ephemeral_to=ephemeral_to,
        )
        if interaction is not None:
            msg.interaction_id = interaction.id
            msg.webhook_id = w.application_id
            msg.application_id = w.application_id
        if not loading:
            msg.attachments = (
                self._build_attachments(
                    channel, body, uploads, None, ephemeral=ephemeral_to is not None
                )
                or []
            )
        w.parse_mentions(msg, body.get("allowed_mentions"))
        w.add_message(msg)
        self._emit_message("MESSAGE_CREATE", msg)
        self._changed()
        return msg

    def _bot_send(self, channel: Channel, body: dict[str, Any], uploads: list[Upload]) -> Message:
        """POST /channels/{id}/messages by the bot: the checks Discord makes, then the message."""
        w = self.world
        if channel.is_dm:
            user = w.dm_recipient(channel)
            if user is not None and not user.dms_open:
                raise ApiError(403, CANNOT_DM, "Cannot send messages to this user")
        else:
            if channel.type not in (GUILD_TEXT, 5) and not channel.is_thread:
                raise ApiError(400, 50008, "Cannot send messages in a non-text channel")
            need = P.Perm.SEND_MESSAGES_IN_THREADS if channel.is_thread else P.Perm.SEND_MESSAGES
            if uploads:
                need |= P.Perm.ATTACH_FILES
            if body.get("message_reference"):
                need |= P.Perm.READ_MESSAGE_HISTORY
            self.rest._bot_can(channel, need)
            if channel.is_thread and channel.archived:
                have = w.permissions_in(channel, w.bot.id)
                if channel.locked and not have & P.Perm.MANAGE_THREADS:
                    raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
                channel.archived = False
                self._emit_channel("THREAD_UPDATE", channel)
        nonce = body.get("nonce")
        if body.get("enforce_nonce") and nonce is not None:
            # Discord returns the message already created with this nonce (by the same author,
            # in the past few minutes) instead of creating another one.
            key = (channel.id, str(nonce))
            seen = self._nonces.get(key)
            if seen is not None and time.monotonic() - seen[1] < NONCE_WINDOW:
                existing = w.messages.get(seen[0])
                if existing is not None and not existing.deleted:
                    return existing
            msg = self._new_message(channel, w.bot.id, body, uploads)
            self._nonces[key] = (msg.id, time.monotonic())
            return msg
        return self._new_message(channel, w.bot.id, body, uploads)

    def _edit_message(
        self,
        msg: Message,
        body: dict[str, Any],
        uploads: list[Upload],
        *,
        fill_loading: bool = False,
    ) -> Message:
        w = self.world
        channel = w.channels[msg.channel_id]
        flags = msg.flags
        if "flags" in body and body["flags"] is not None:
            mutable = FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2
            flags = (flags & ~mutable) | (int(body["flags"]) & mutable)
        problems = validate.check_message(
            {**body, "flags": flags}, creating=False, has_files=bool(uploads)
        )
        if problems:
            raise form_error(problems)
        attachments = self._build_attachments(
            channel, body, uploads, msg.attachments, ephemeral=msg.ephemeral_to is not None
        )
        was_loading = msg.loading
        after = {
            "content": (body.get("content") or "") if "content" in body else msg.content,
            "embeds": [{"type": "rich", **e} for e in body.get("embeds") or []]
            if "embeds" in body
            else msg.embeds,
            "components": list(body.get("components") or [])
            if "components" in body
            else msg.components,
            "attachments": msg.attachments if attachments is None else attachments,
        }
        if fill_loading and was_loading:
            flags &= ~FLAG_LOADING
        if flags & FLAG_COMPONENTS_V2 and (after["content"] or after["embeds"]):
            raise form_error(
                [
                    (
                        "content",
                        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                        "The 'content' and 'embeds' fields cannot be used with components v2",
                    )
                ]
            )
        if not (
            after["content"]
            or after["embeds"]
            or after["components"]
            or after["attachments"]
            or msg.poll
        ):
            raise ApiError(400, EMPTY_MESSAGE, "Cannot send an empty message")
        msg.history.append(
            {
                "content": msg.content,
                "embeds": msg.embeds,
                "components": msg.components,
                "attachments": [a.id for a in msg.attachments],
                "flags": msg.flags,
            }
        )
        msg.content = after["content"]
        msg.embeds = after["embeds"]
        msg.components = after["components"]
        msg.attachments = after["attachments"]
        msg.flags = flags
        if not (fill_loading and was_loading):
            msg.edited_timestamp = iso()
        w.parse_mentions(msg, body.get("allowed_mentions"))
        msg.rev = w.touch()
        self._emit_message("MESSAGE_UPDATE", msg)
        self._changed()
        return msg

    def _delete_message(self, msg: Message, *, emit: bool = True) -> None:
        msg.deleted = True
        msg.rev = self.world.touch()
        if emit:
            self._emit_message("MESSAGE_DELETE", msg)
        self._changed()

    def _touch_message(self, msg: Message) -> None:
        msg.rev = self.world.touch()
        self._emit_message("MESSAGE_UPDATE", msg)
        self._changed()

    def _react(self, msg: Message, user_id: int, emoji: str, *, add: bool) -> None:
        key = _emoji_key(emoji)
        users = msg.reactions.setdefault(key, set())
        changed = (user_id not in users) if add else (user_id in users)
        if add:
            users.add(user_id)
        else:
            users.discard(user_id)
            if not users:
                msg.reactions.pop(key, None)
        msg.rev = self.world.touch()
        if changed and msg.ephemeral_to is None:
            name, _, eid = key.partition(":")
            data: dict[str, Any] = {
                "user_id": str(user_id),
                "channel_id": str(msg.channel_id),
                "message_id": str(msg.id),
                "emoji": {"id": eid or None, "name": name},
                "burst": False,
                "type": 0,
            }
            if add:
                data["message_author_id"] = str(msg.author_id)
            if msg.guild_id is not None:
                data["guild_id"] = str(msg.guild_id)
                guild = self.world.guilds[msg.guild_id]
                if add and user_id in guild.members:
                    data["member"] = self.world.member_payload(guild.members[user_id])
            event = "MESSAGE_REACTION_ADD" if add else "MESSAGE_REACTION_REMOVE"
            intent = GUILD_MESSAGE_REACTIONS if msg.guild_id else DIRECT_MESSAGE_REACTIONS
            self.gateway.dispatch(event, data, guild_id=msg.guild_id, intent=intent)
        self._changed()

    def _interaction_message(
        self, rec: InteractionRecord, data: dict[str, Any], uploads: list[Upload], *, loading: bool
    ) -> Message:
        channel = self.world.channels[rec.channel_id]
        ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
        if rec.type == APPLICATION_COMMAND:
            type_ = 20 if rec.data.get("type", 1) == 1 else 23
        else:
            type_ = 0
        return self._new_message(
            channel,
            self.world.bot.id,
            data,
            uploads,
            type_=type_,
            ephemeral_to=rec.user_id if ephemeral else None,
            interaction=rec,
            loading=loading,
        )

    def _followup(
        self, rec: InteractionRecord, body: dict[str, Any], uploads: list[Upload]
    ) -> Message:
        original = rec.original
        if (
            rec.response_type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
            and not original.deleted
        ):
            # Discord: the first follow-up after a deferred reply fills the "thinking" message,
            # which keeps the ephemerality chosen when deferring
            self._edit_message(
                original,
                {k: v for k, v in body.items() if k != "flags"},
                uploads,
                fill_loading=True,
            )
            rec.followup_ids.append(original.id)
            self._changed()
            return original
        msg = self._interaction_message(rec, body, uploads, loading=False)
        rec.followup_ids.append(msg.id)
        self._changed()
        return msg

    def _create_thread(
        self,
        parent: Channel,
        *,
        name: str,
        type_: int,
        owner_id: int,
        auto_archive_duration: int = 4320,
        invitable: bool = True,
        from_message: Message | None = None,
    ) -> Channel:
        w = self.world
        guild = w.guilds[parent.guild_id]  # type: ignore[index]
        thread = Channel(
            id=from_message.id if from_message is not None else w.ids.next(),
            type=type_,
            name=name,
            guild_id=guild.id,
            parent_id=parent.id,
            owner_id=owner_id,
            invitable=invitable,
            auto_archive_duration=auto_archive_duration,
            thread_member_ids={owner_id},
            created_at=iso(),
        )
        w.channels[thread.id] = thread
        guild.channel_ids.append(thread.id)
        if from_message is not None:
            from_message.thread_id = thread.id
            from_message.rev = w.touch()
        w.touch()
        self._emit_channel("THREAD_CREATE", thread, newly_created=True)
        return thread

    def _delete_channel(self, ch: Channel) -> None:
        w = self.world
        guild = w.guild_of(ch)
        payload = w.channel_payload(ch)
        if guild is not None and ch.id in guild.channel_ids:
            guild.channel_ids.remove(ch.id)
        del w.channels[ch.id]
        w.touch()
        if ch.guild_id is not None:
            event = "THREAD_DELETE" if ch.is_thread else "CHANNEL_DELETE"
            self._emit_guild(event, payload, ch.guild_id)
        self._changed()

    def _member_updated(self, guild: Guild, member: Member) -> None:
        self.world.touch()
        data = {**self.world.member_payload(member), "guild_id": str(guild.id)}
        self._emit_guild("GUILD_MEMBER_UPDATE", data, guild.id, GUILD_MEMBERS)
        self._changed()

    # -- the world, as people make it ------------------------------------------------------

    def create_user(
        self,
        username: str,
        *,
        global_name: str | None = None,
        locale: str = "en-US",
        dms_open: bool = True,
        bot: bool = False,
    ) -> User:
        """A Discord account."""
        w = self.world
        user = User(
            id=w.ids.next(),
            username=username,
            global_name=global_name,
            locale=locale,
            dms_open=dms_open,
            bot=bot,
        )
        w.add_user(user)
        self._changed()
        return user

    def create_guild(
        self,
        name: str,
        owner: Any = None,
        *,
        channels: Iterable[str] = ("general",),
        shard: tuple[int, int] | None = None,
        locale: str = "en-US",
        bot_permissions: int = P.DEFAULT_BOT,
        everyone_permissions: int = P.DEFAULT_EVERYONE,
        with_bot: bool = True,
    ) -> Guild:
        """A server owned by `owner` (made if not given), with text channels and the bot in it.

        `shard=(i, n)` picks an id whose events go to shard i of n."""
        w = self.world
        owner_user = self._u(owner) if owner is not None else self.create_user(f"{name}-owner")
        gid = w.ids.next(shard=shard)
        now = iso()
        guild = Guild(id=gid, name=name, owner_id=owner_user.id, locale=locale, joined_at=now)
        guild.roles[gid] = Role(
            id=gid, guild_id=gid, name="@everyone", permissions=int(everyone_permissions)
        )
        guild.members[owner_user.id] = Member(guild_id=gid, user_id=owner_user.id, joined_at=now)
        w.guilds[gid] = guild
        for i, cname in enumerate(channels):
            ch = Channel(
                id=w.ids.next(),
                type=GUILD_TEXT,
                name=cname,
                guild_id=gid,
                position=i,
                created_at=now,
            )
            w.channels[ch.id] = ch
            guild.channel_ids.append(ch.id)
        w.touch()
        if with_bot:
            self.add_bot(guild, permissions=bot_permissions)
        self._changed()
        return guild

    def add_bot(self, guild: Any, *, permissions: int = P.DEFAULT_BOT) -> Member:
        """The bot joins a guild (with its managed role); connected shards get GUILD_CREATE."""
        w = self.world
        g = self._g(guild)
        if w.bot.id in g.members:
            return g.members[w.bot.id]
        role = Role(
            id=w.ids.next(),
            guild_id=g.id,
            name=w.bot.username,
            permissions=int(permissions),
            position=1,
            managed=True,
            bot_id=w.bot.id,
        )
        g.roles[role.id] = role
        member = Member(guild_id=g.id, user_id=w.bot.id, roles=[role.id], joined_at=iso())
        g.members[w.bot.id] = member
        w.touch()
        for session in self.gateway.targets(g.id):
            self.gateway.send_guild_create(session, g)
        self._changed()
        return member

    def remove_bot(self, guild: Any) -> None:
        """The bot is removed from a guild: GUILD_DELETE."""
        g = self._g(guild)
        if g.members.pop(self.world.bot.id, None) is not None:
            self.world.touch()
            self._emit_guild("GUILD_DELETE", {"id": str(g.id), "unavailable": False}, g.id)
            self._changed()

    def create_channel(
        self,
        guild: Any,
        name: str,
        *,
        type: int = GUILD_TEXT,
        topic: str | None = None,
        parent: Any = None,
        overwrites: list[dict[str, Any]] | None = None,
        position: int | None = None,
    ) -> Channel:
        """A guild channel (text by default; type=4 for a category)."""
        w = self.world
        g = self._g(guild)
        ch = Channel(
            id=w.ids.next(),
            type=type,
            name=name,
            guild_id=g.id,
            topic=topic,
            parent_id=self._c(parent).id if parent is not None else None,
            overwrites=list(overwrites or []),
            position=position if position is not None else len(g.channel_ids),
            created_at=iso(),
        )
        w.channels[ch.id] = ch
        g.channel_ids.append(ch.id)
        w.touch()
        self._emit_channel("CHANNEL_CREATE", ch)
        return ch

    def create_category(self, guild: Any, name: str) -> Channel:
        return self.create_channel(guild, name, type=GUILD_CATEGORY)

    def create_thread(
        self, channel: Any, name: str, *, owner: Any, private: bool = False
    ) -> Channel:
        """A thread started by a person in a text channel."""
        parent = self._c(channel)
        return self._create_thread(
            parent, name=name, type_=12 if private else 11, owner_id=self._u(owner).id
        )

    def create_role(
        self,
        guild: Any,
        name: str,
        permissions: int = 0,
        *,
        position: int | None = None,
        color: int = 0,
        mentionable: bool = False,
    ) -> Role:
        """A role; give it to people with add_member(roles=...) or set_roles()."""
        w = self.world
        g = self._g(guild)
        role = Role(
            id=w.ids.next(),
            guild_id=g.id,
            name=name,
            permissions=int(permissions),
            position=position if position is not None else len(g.roles),
            color=color,
            mentionable=mentionable,
        )
        g.roles[role.id] = role
        w.touch()
        self._emit_guild(
            "GUILD_ROLE_CREATE", {"guild_id": str(g.id), "role": w.role_payload(role)}, g.id
        )
        self._changed()
        return role

    def add_member(
        self, guild: Any, user: Any, *, roles: Iterable[Any] = (), nick: str | None = None
    ) -> Member:
        """A user joins a guild (GUILD_MEMBER_ADD for bots with the members intent)."""
        w = self.world
        g = self._g(guild)
        u = self._u(user)
        member = Member(
            guild_id=g.id,
            user_id=u.id,
            roles=[self._role(g, r).id for r in roles],
            nick=nick,
            joined_at=iso(),
        )
        g.members[u.id] = member
        w.touch()
        data = {**w.member_payload(member), "guild_id": str(g.id)}
        self._emit_guild("GUILD_MEMBER_ADD", data, g.id, GUILD_MEMBERS)
        self._changed()
        return member

    def remove_member(self, guild: Any, user: Any) -> None:
        w = self.world
        g = self._g(guild)
        u = self._u(user)
        if g.members.pop(u.id, None) is not None:
            w.touch()
            self._emit_guild(
                "GUILD_MEMBER_REMOVE",
                {"guild_id": str(g.id), "user": w.user_payload(u)},
                g.id,
                GUILD_MEMBERS,
            )
            self._changed()

    def set_roles(self, guild: Any, user: Any, roles: Iterable[Any]) -> Member:
        g = self._g(guild)
        member = g.members.get(self._u(user).id)
        if member is None:
            raise LoopbackError(f"{user!r} is not a member of {g.name}")
        member.roles = [self._role(g, r).id for r in roles]
        self._member_updated(g, member)
        return member

    def set_overwrite(self, channel: Any, target: Any, *, allow: int = 0, deny: int = 0) -> Channel:
        """A permission overwrite on a channel for a role (or @everyone: the guild) or a user."""
        ch = self._c(channel)
        g = self._g(ch.guild_id)
        if isinstance(target, Guild) or self._id(target) == g.id:
            tid, ttype = g.id, 0
        elif isinstance(target, Role) or self._id(target) in g.roles:
            tid, ttype = self._id(target), 0
        else:
            tid, ttype = self._u(target).id, 1
        ch.overwrites = [o for o in ch.overwrites if int(o["id"]) != tid]
        ch.overwrites.append({"id": tid, "type": ttype, "allow": int(allow), "deny": int(deny)})
        self.world.touch()
        self._emit_channel("CHANNEL_UPDATE", ch)
        return ch

    def close_dms(self, user: Any) -> None:
        """The user no longer accepts DMs: the bot's sends to them answer 403 / 50007."""
        self._u(user).dms_open = False
        self.world.touch()
        self._changed()

    def open_dms(self, user: Any) -> None:
        self._u(user).dms_open = True
        self.world.touch()
        self._changed()

    def dm_channel(self, user: Any) -> Channel:
        """The DM channel between a user and the bot."""
        return self.world.dm_channel_for(self._u(user))

    # -- people acting -------------------------------------------------------------------

    def _interaction_base(
        self, type_: int, user: User, channel: Channel, data: dict[str, Any]
    ) -> InteractionRecord:
        w = self.world
        iid = w.ids.next()
        token = secrets.token_urlsafe(48)
        guild = w.guild_of(channel)
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(w.application_id),
            "type": type_,
            "data": data,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": MAX_UPLOAD,
            "channel_id": str(channel.id),
        }
        user_perms = w.permissions_in(channel, user.id)
        channel_payload = w.channel_payload(channel)
        channel_payload["permissions"] = str(user_perms)
        payload["channel"] = channel_payload
        if guild is not None:
            if w.bot.id not in guild.members:
                raise LoopbackError(f"the bot is not in {guild.name}")
            if user.id not in guild.members:
                raise LoopbackError(f"{user.username} is not a member of {guild.name}")
            payload.update(
                guild_id=str(guild.id),
                guild={
                    "id": str(guild.id),
                    "locale": guild.locale,
                    "features": list(guild.features),
                },
                guild_locale=guild.locale,
                member=w.member_payload(guild.members[user.id], permissions=user_perms),
                app_permissions=str(w.permissions_in(channel, w.bot.id)),
                context=0,
                authorizing_integration_owners={"0": str(guild.id)},
            )
        else:
            if user.id not in channel.recipient_ids:
                raise LoopbackError(f"{user.username} is not in that DM channel")
            payload.update(
                user=w.user_payload(user),
                app_permissions=str(int(P.DM)),
                context=1,
                authorizing_integration_owners={"0": "0"},
            )
        rec = InteractionRecord(
            id=iid,
            token=token,
            type=type_,
            user_id=user.id,
            channel_id=channel.id,
            guild_id=guild.id if guild else None,
            data=data,
            payload=payload,
            _fake=self,
        )
        return rec

    def _send_interaction(self, rec: InteractionRecord) -> InteractionRecord:
        w = self.world
        sessions = self.gateway.targets(rec.guild_id)
        if not sessions:
            where = f"guild {rec.guild_id}" if rec.guild_id else "DMs (shard 0)"
            raise NotConnected(f"no bot session receives events for {where}; is the bot connected?")
        w.interactions[rec.id] = rec
        w.interactions_by_token[rec.token] = rec
        rec.mark = w.touch()

        def on_send(when: float) -> None:
            # Latencies count from the moment the frame leaves for the bot, not from when it
            # was queued behind the frames made before it in the same moment.
            rec.dispatched_at = when

        sent = self.gateway.dispatch(
            "INTERACTION_CREATE", rec.payload, guild_id=rec.guild_id, on_send=on_send
        )
        rec.dispatched_at = time.perf_counter()
        rec.shard_id = sent[0].shard_id if sent else None
        self._changed()
        return rec

    def redeliver(self, interaction: Any) -> None:
        """Dispatch an interaction again, same id and token, as Discord may after a gateway
        hiccup. The bot should apply it once; its second callback is refused (already
        acknowledged) like Discord refuses it."""
        rec = self._i(interaction)
        self.gateway.dispatch("INTERACTION_CREATE", rec.payload, guild_id=rec.guild_id)
        self._changed()

    async def slash(
        self, user: Any, channel: Any, command: str, /, **options: Any
    ) -> InteractionRecord:
        """A user runs `/command sub options...` in a channel (a guild channel or their DM with
        the bot). Options are checked against the registered schema. Returns at once; wait on
        the record (rec.wait_reply(), rec.wait_modal()...) for the bot's answer."""
        return await self.invoke(user, channel, command, options)

    async def invoke(
        self,
        user: Any,
        channel: Any,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        check_permissions: bool = True,
    ) -> InteractionRecord:
        """slash() with options as a dict (for names that are not Python identifiers), and the
        choice to skip the client-side visibility checks (to test the bot's own checks)."""
        u = self._u(user)
        ch = self._c(channel)
        words = command.strip().lstrip("/").split()
        if not words:
            raise LoopbackError("no command given")
        cmd = self.world.find_command(words[0], ch.guild_id, 1)
        if cmd is None:
            known = sorted({c["name"] for c in self.world.commands.values() if c["type"] == 1})
            raise LoopbackError(f"no slash command /{words[0]} is registered here; known: {known}")
        if check_permissions:
            builders.check_can_use(self, cmd, u, ch)
        data = builders.chat_input_data(
            self, cmd, words[1:], dict(options or {}), user=u, channel=ch
        )
        rec = self._interaction_base(APPLICATION_COMMAND, u, ch, data)
        rec.command_name = " ".join(words)
        return self._send_interaction(rec)

    async def autocomplete(
        self, user: Any, channel: Any, command: str, focused: str, /, **options: Any
    ) -> InteractionRecord:
        """A user types in option `focused` of a command (its current text in `options`);
        wait with rec.wait_choices()."""
        u = self._u(user)
        ch = self._c(channel)
        words = command.strip().lstrip("/").split()
        cmd = self.world.find_command(words[0], ch.guild_id, 1) if words else None
        if cmd is None:
            raise LoopbackError(f"no slash command /{command} is registered here")
        builders.check_can_use(self, cmd, u, ch)
        data = builders.chat_input_data(
            self, cmd, words[1:], options, user=u, channel=ch, focused=focused
        )
        rec = self._interaction_base(AUTOCOMPLETE, u, ch, data)
        rec.command_name = " ".join(words)
        return self._send_interaction(rec)

    async def user_command(
        self, user: Any, channel: Any, name: str, target: Any
    ) -> InteractionRecord:
        """A user picks Apps > `name` on another user (a type 2 context menu command)."""
        return await self._context_menu(user, channel, name, target, 2)

    async def message_command(
        self, user: Any, channel: Any, name: str, target: Any
    ) -> InteractionRecord:
        """A user picks Apps > `name` on a message (a type 3 context menu command)."""
        return await self._context_menu(user, channel, name, target, 3)

    async def _context_menu(
        self, user: Any, channel: Any, name: str, target: Any, t: int
    ) -> InteractionRecord:
        u = self._u(user)
        ch = self._c(channel)
        cmd = self.world.find_command(name, ch.guild_id, t)
        if cmd is None:
            raise LoopbackError(
                f"no {'user' if t == 2 else 'message'} command {name!r} is registered here"
            )
        builders.check_can_use(self, cmd, u, ch)
        data = builders.context_menu_data(self, cmd, target, user=u, channel=ch)
        rec = self._interaction_base(APPLICATION_COMMAND, u, ch, data)
        rec.command_name = name
        return self._send_interaction(rec)

    def _component_check(self, u: User, msg: Message) -> Channel:
        ch = self.world.channels[msg.channel_id]
        if msg.ephemeral_to is not None and msg.ephemeral_to != u.id:
            raise LoopbackError(f"{u.username} cannot see {msg!r} (ephemeral to someone else)")
        if ch.guild_id is not None:
            if not self.world.permissions_in(ch, u.id) & P.Perm.VIEW_CHANNEL:
                raise LoopbackError(f"{u.username} cannot see #{ch.name}")
        elif u.id not in ch.recipient_ids:
            raise LoopbackError(f"{u.username} cannot see that DM")
        if msg.loading:
            raise LoopbackError(f"{msg!r} is still loading")
        return ch

    async def click(self, user: Any, message: Any, custom_id: str) -> InteractionRecord:
        """A user clicks a button on a message (as the message is now)."""
        return await self._component(user, message, custom_id, None)

    async def select(
        self, user: Any, message: Any, custom_id: str, values: Iterable[Any]
    ) -> InteractionRecord:
        """A user picks `values` in a select menu (option values or labels; users, roles or
        channels for the other select kinds)."""
        return await self._component(user, message, custom_id, list(values))

    async def _component(
        self, user: Any, message: Any, custom_id: str, values: list[Any] | None
    ) -> InteractionRecord:
        u = self._u(user)
        msg = self._m(message)
        ch = self._component_check(u, msg)
        data = builders.component_data(self, u, msg, custom_id, values)
        rec = self._interaction_base(MESSAGE_COMPONENT, u, ch, data)
        rec.payload["message"] = self.world.message_payload(msg)
        rec.message_id = msg.id
        return self._send_interaction(rec)

    async def submit_modal(
        self, user: Any, interaction: Any, values: dict[str, Any] | None = None
    ) -> InteractionRecord:
        """A user fills the modal that `interaction` opened (values by custom_id) and submits."""
        u = self._u(user)
        src = self._i(interaction)
        if src.modal is None:
            raise LoopbackError(f"{src.describe()} did not open a modal")
        if src.modal_submitted:
            raise LoopbackError(f"the modal of {src.describe()} was already submitted")
        if src.user_id != u.id:
            raise LoopbackError(f"only user {src.user_id} sees the modal of {src.describe()}")
        ch = self._c(src.channel_id)
        components, resolved = builders.modal_components(self, src.modal, dict(values or {}), u, ch)
        data: dict[str, Any] = {"custom_id": src.modal["custom_id"], "components": components}
        if resolved:
            data["resolved"] = resolved
        rec = self._interaction_base(MODAL_SUBMIT, u, ch, data)
        rec.parent = src
        if src.type == MESSAGE_COMPONENT and src.message_id is not None:
            msg = self.world.messages.get(src.message_id)
            if msg is not None and not msg.deleted:
                rec.payload["message"] = self.world.message_payload(msg)
                rec.message_id = msg.id
        src.modal_submitted = True
        return self._send_interaction(rec)

    async def forge_component(
        self, user: Any, message: Any, custom_id: str, values: Iterable[Any] | None = None
    ) -> InteractionRecord:
        """A hostile client: a click (values None) or a select choice on `message` with any
        custom id and any values, whether or not the message has such a component. Only what
        the user can see is checked, so tests can probe the bot's own validation."""
        u = self._u(user)
        msg = self._m(message)
        ch = self._component_check(u, msg)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data.update(component_type=3, values=[str(v) for v in values])
        rec = self._interaction_base(MESSAGE_COMPONENT, u, ch, data)
        rec.payload["message"] = self.world.message_payload(msg)
        rec.message_id = msg.id
        return self._send_interaction(rec)

    async def forge_modal(
        self, user: Any, channel: Any, custom_id: str, fields: dict[str, str], message: Any = None
    ) -> InteractionRecord:
        """A hostile client: a modal submission with any custom id and any field values (no
        length or required checks), as if from a modal opened on `message` (or a command)."""
        u = self._u(user)
        ch = self._c(channel)
        components = [
            {"type": 1, "components": [{"type": 4, "custom_id": k, "value": str(v)}]}
            for k, v in fields.items()
        ]
        data = {"custom_id": custom_id, "components": components}
        rec = self._interaction_base(MODAL_SUBMIT, u, ch, data)
        if message is not None:
            msg = self._m(message)
            rec.payload["message"] = self.world.message_payload(msg)
            rec.message_id = msg.id
        return self._send_interaction(rec)

    async def say(
        self,
        user: Any,
        channel: Any,
        content: str = "",
        *,
        files: Iterable[tuple[str, bytes]] = (),
        reply_to: Any = None,
    ) -> Message:
        """A user posts a message in a channel (a guild channel, or their DM with the bot: pass
        the user's DM channel or fake.dm_channel(user)). The bot gets MESSAGE_CREATE."""
        u = self._u(user)
        ch = self._c(channel)
        w = self.world
        if ch.is_dm:
            if u.id not in ch.recipient_ids:
                raise LoopbackError(f"{u.username} is not in that DM channel")
        else:
            have = w.permissions_in(ch, u.id)
            need = P.Perm.VIEW_CHANNEL | (
                P.Perm.SEND_MESSAGES_IN_THREADS if ch.is_thread else P.Perm.SEND_MESSAGES
            )
            if have & need != need:
                raise LoopbackError(f"{u.username} cannot post in #{ch.name}")
            if ch.is_thread and ch.locked:
                raise LoopbackError(f"#{ch.name} is locked")
        uploads = [
            Upload(field=f"files[{i}]", index=i, filename=name, content_type=None, data=data)
            for i, (name, data) in enumerate(files)
        ]
        body: dict[str, Any] = {"content": content}
        if reply_to is not None:
            body["message_reference"] = {"message_id": str(self._m(reply_to).id)}
        try:
            return self._new_message(ch, u.id, body, uploads)
        except ApiError as e:
            raise LoopbackError(f"Discord would refuse that message: {e.body()}") from None

    async def react(self, user: Any, message: Any, emoji: str) -> None:
        """A user adds a reaction (a unicode emoji, or "name:id")."""
        u = self._u(user)
        msg = self._m(message)
        self._component_check(u, msg)
        self._react(msg, u.id, emoji, add=True)

    # -- reading what people see -----------------------------------------------------------

    def messages(
        self, channel: Any, *, include_ephemeral: bool = False, include_deleted: bool = False
    ) -> list[Message]:
        """A channel's messages, oldest first (ephemeral ones only if asked)."""
        ch = self._c(channel)
        out = []
        for mid in ch.message_ids:
            m = self.world.messages[mid]
            if m.deleted and not include_deleted:
                continue
            if m.ephemeral_to is not None and not include_ephemeral:
                continue
            out.append(m)
        return out

    def last_message(self, channel: Any) -> Message | None:
        msgs = self.messages(channel)
        return msgs[-1] if msgs else None

    def message(self, message_id: Any) -> Message:
        """A message by id (deleted ones too: see .deleted)."""
        try:
            return self.world.messages[self._id(message_id)]
        except (KeyError, TypeError, ValueError):
            raise LoopbackError(f"no message {message_id!r}") from None

    def dms(self, user: Any) -> list[Message]:
        """Every message in the user's DM channel with the bot, both ways, oldest first."""
        u = self._u(user)
        cid = self.world.dm_by_user.get(u.id)
        return self.messages(cid) if cid is not None else []

    def ephemerals(self, user: Any, channel: Any = None) -> list[Message]:
        """The ephemeral messages only this user saw, oldest first."""
        uid = self._u(user).id
        cid = self._c(channel).id if channel is not None else None
        return [
            m
            for m in sorted(self.world.messages.values(), key=lambda m: m.id)
            if m.ephemeral_to == uid and not m.deleted and (cid is None or m.channel_id == cid)
        ]

    @property
    def interactions(self) -> list[InteractionRecord]:
        return list(self.world.interactions.values())

    def interaction(self, interaction_id: Any) -> InteractionRecord:
        return self._i(interaction_id)

    def commands(self, guild: Any = None) -> list[dict[str, Any]]:
        """The registered commands (global, or of a guild), as the API shows them."""
        gid = self._g(guild).id if guild is not None else None
        return [public_command(c) for c in self.world.commands_in(gid)]

    def user(self, x: Any) -> User:
        return self._u(x)

    def guild(self, x: Any) -> Guild:
        return self._g(x)

    def channel(self, x: Any) -> Channel:
        return self._c(x)

    def text_channels(self, guild: Any) -> list[Channel]:
        g = self._g(guild)
        return [
            self.world.channels[c]
            for c in g.channel_ids
            if self.world.channels[c].type == GUILD_TEXT
        ]

    def attachment_bytes(self, attachment: Any) -> bytes:
        return self.world.attachments[self._id(attachment)].data

    # -- faults ----------------------------------------------------------------------------

    def rate_limit(
        self,
        route: str,
        count: int = 1,
        *,
        retry_after: float = 0.1,
        is_global: bool = False,
        scope: str = "user",
    ) -> FaultRule:
        """The next `count` requests matching `route` answer 429 (headers, JSON retry_after)."""
        return self.faults.add(
            FaultRule(
                route=route,
                remaining=count,
                status=429,
                retry_after=retry_after,
                is_global=is_global,
                scope=scope,
            )
        )

    def fail_requests(
        self,
        route: str,
        count: int = 1,
        *,
        status: int = 500,
        code: int = 0,
        message: str = "",
        after: bool = False,
    ) -> FaultRule:
        """The next `count` requests matching `route` answer `status` (a 5xx by default).
        discord.py retries 500/502/504 itself after 1, 3, 5... seconds; 503 it does not.
        `after=True`: each request is carried out, then answered with the fault."""
        return self.faults.add(
            FaultRule(
                route=route,
                remaining=count,
                status=status,
                code=code,
                message=message,
                after=after,
            )
        )

    def clear_faults(self) -> None:
        self.faults.clear()

    async def drop_gateway(self, shard_id: int | None = None, *, code: int = 4000) -> int:
        """Close the bot's websocket(s) abruptly; the sessions stay resumable."""
        n = await self.gateway.drop(shard_id, code)
        self._changed()
        return n

    def invalidate_session(self, shard_id: int | None = None, *, resumable: bool = False) -> int:
        """Send INVALID_SESSION: the bot must identify again (discord.py waits 5 s first,
        in Client.before_identify_hook, unless the bot overrides it)."""
        n = self.gateway.invalidate(shard_id, resumable=resumable)
        self._changed()
        return n

    def request_reconnect(self, shard_id: int | None = None) -> int:
        """Send RECONNECT (op 7): the bot closes and resumes."""
        return self.gateway.request_reconnect(shard_id)

    # -- a summary for people -----------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        w = self.world
        return {
            "rest_url": self.rest_url,
            "gateway_url": self.gateway_url,
            "application_id": w.application_id,
            "bot": w.bot.snapshot(),
            "users": [u.snapshot() for u in w.users.values()],
            "guilds": [g.snapshot() for g in w.guilds.values()],
            "channels": [c.snapshot() for c in w.channels.values()],
            "commands": [public_command(c) for c in w.commands.values()],
            "messages": len(w.messages),
            "interactions": len(w.interactions),
            "sessions": [
                {"shard": list(s.key), "connected": s.connected, "seq": s.seq, "resumes": s.resumes}
                for s in self.gateway.active.values()
            ],
            "stats": self.stats.summary(),
        }


__all__ = ["DM", "FakeDiscord", "point_discord_at"]
