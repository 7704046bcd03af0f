"""The REST API (v10; v9 is served too): the routes a bot uses, answered like Discord does.

Every JSON answer has the content type exactly `application/json` (discord.py decodes a body
only then), rate-limit headers and `Via` (discord.py treats a 429 without `Via` as a
Cloudflare ban). Unknown routes answer 404 with a Discord-style JSON error.
"""

from __future__ import annotations

import hashlib
import logging
import math
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec
from aiohttp import web

from . import perms as P
from . import validate
from .errors import (
    ALREADY_ACKNOWLEDGED,
    CANNOT_EDIT_OTHERS,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    UNKNOWN_COMMAND,
    UNKNOWN_INTERACTION,
    UNKNOWN_MEMBER,
    UNKNOWN_MESSAGE,
    UNKNOWN_WEBHOOK,
    ApiError,
    form_error,
    unknown,
)
from .faults import FaultRule
from .ids import iso
from .model import (
    GUILD_CATEGORY,
    GUILD_TEXT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Channel,
    Message,
)
from .records import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    PING,
    PONG,
    UPDATE_MESSAGE,
    InteractionRecord,
)
from .state import check_snowflake, public_command

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger(__name__)

API_PREFIX = re.compile(r"^/api(/v\d+)?")
_encode = msgspec.json.encode
_decode = msgspec.json.decode

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """JSON with content type exactly "application/json" (no charset: discord.py needs that)."""
    return web.Response(
        body=_encode(data), status=status, content_type="application/json", headers=headers
    )


def empty(status: int = 204) -> web.Response:
    return web.Response(status=status)


def bucket_hash(template: str) -> str:
    return hashlib.sha1(template.encode()).hexdigest()[:16]


@dataclass
class Upload:
    field: str
    index: int
    filename: str
    content_type: str | None
    data: bytes


async def read_body(request: web.Request) -> tuple[dict[str, Any], list[Upload]]:
    """A JSON body, or multipart with `payload_json` and `files[n]` parts, as discord.py sends."""
    ctype = request.content_type
    if ctype.startswith("multipart/"):
        reader = await request.multipart()
        payload: dict[str, Any] = {}
        uploads: list[Upload] = []
        while True:
            part = await reader.next()
            if part is None:
                break
            name = part.name or ""
            if name == "payload_json":
                try:
                    payload = _decode(await part.read())
                except msgspec.DecodeError:
                    raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
            elif part.filename is not None or name.startswith("files[") or name.startswith("file"):
                m = re.match(r"files\[(\d+)\]", name)
                index = int(m.group(1)) if m else len(uploads)
                data = await part.read()
                uploads.append(
                    Upload(
                        field=name,
                        index=index,
                        filename=part.filename or f"file{index}",
                        content_type=part.headers.get("Content-Type"),
                        data=bytes(data),
                    )
                )
            else:
                payload[name] = await part.text()
        return payload, uploads
    raw = await request.read()
    if not raw:
        return {}, []
    if ctype != "application/json":
        raise ApiError(400, 50035, "Invalid Form Body: send JSON or multipart/form-data")
    try:
        data = _decode(raw)
    except msgspec.DecodeError:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
    if not isinstance(data, (dict, list)):
        raise ApiError(400, 50109, "The request body contains invalid JSON.")
    return data, []  # type: ignore[return-value]


class RestApi:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.world = fake.world
        #: templates that need no Authorization header (interaction webhooks)
        self.no_auth: set[str] = set()

    # -- plumbing ------------------------------------------------------------------------

    def install(self, app: web.Application) -> None:
        routes = self.routes()
        for prefix in ("/api/v10", "/api/v9"):
            for method, template, handler, auth in routes:
                app.router.add_route(method, prefix + template, handler)
                if not auth:
                    self.no_auth.add(template)
        app.router.add_get(
            "/attachments/{channel_id}/{attachment_id}/{filename}", self.get_attachment
        )

    def routes(self) -> list[tuple[str, str, Handler, bool]]:
        r: list[tuple[str, str, Handler, bool]] = []

        def add(method: str, template: str, handler: Handler, auth: bool = True) -> None:
            r.append((method, template, handler, auth))

        add("GET", "/gateway", self.get_gateway, auth=False)
        add("GET", "/gateway/bot", self.get_gateway_bot)
        add("GET", "/oauth2/applications/@me", self.get_application)
        add("GET", "/applications/@me", self.get_application)
        add("GET", "/users/@me", self.get_me)
        add("GET", "/users/@me/guilds", self.get_my_guilds)
        add("POST", "/users/@me/channels", self.create_dm)
        add("GET", "/users/{user_id}", self.get_user)
        # application commands (permissions first: the router tries routes in order)
        add(
            "GET",
            "/applications/{application_id}/guilds/{guild_id}/commands/permissions",
            self.get_command_permissions,
        )
        for base in (
            "/applications/{application_id}",
            "/applications/{application_id}/guilds/{guild_id}",
        ):
            add("GET", base + "/commands", self.get_commands)
            add("PUT", base + "/commands", self.put_commands)
            add("POST", base + "/commands", self.post_command)
            add("GET", base + "/commands/{command_id}", self.get_command)
            add("PATCH", base + "/commands/{command_id}", self.patch_command)
            add("DELETE", base + "/commands/{command_id}", self.delete_command)
        # channels and messages
        add("GET", "/channels/{channel_id}", self.get_channel)
        add("PATCH", "/channels/{channel_id}", self.patch_channel)
        add("DELETE", "/channels/{channel_id}", self.delete_channel)
        add("GET", "/channels/{channel_id}/messages", self.list_messages)
        add("POST", "/channels/{channel_id}/messages", self.create_message)
        # before /messages/{message_id}: the router tries routes in order
        add("POST", "/channels/{channel_id}/messages/bulk-delete", self.bulk_delete)
        add("GET", "/channels/{channel_id}/messages/pins", self.list_pins)
        add("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        add("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message)
        add("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        add("POST", "/channels/{channel_id}/typing", self.typing)
        add(
            "PUT",
            "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/{user_id}",
            self.add_reaction,
        )
        add(
            "DELETE",
            "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/{user_id}",
            self.remove_reaction,
        )
        add(
            "DELETE", "/channels/{channel_id}/messages/{message_id}/reactions", self.clear_reactions
        )
        add("GET", "/channels/{channel_id}/pins", self.list_pins_legacy)
        add("PUT", "/channels/{channel_id}/messages/pins/{message_id}", self.pin)
        add("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", self.unpin)
        add("PUT", "/channels/{channel_id}/pins/{message_id}", self.pin)
        add("DELETE", "/channels/{channel_id}/pins/{message_id}", self.unpin)
        add("PUT", "/channels/{channel_id}/permissions/{target_id}", self.put_overwrite)
        add("DELETE", "/channels/{channel_id}/permissions/{target_id}", self.delete_overwrite)
        add("POST", "/channels/{channel_id}/threads", self.create_thread)
        add(
            "POST",
            "/channels/{channel_id}/messages/{message_id}/threads",
            self.create_thread_from_message,
        )
        add("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.join_thread)
        add("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.leave_thread)
        add("GET", "/channels/{channel_id}/thread-members", self.list_thread_members)
        # guilds
        add("GET", "/guilds/{guild_id}", self.get_guild)
        add("GET", "/guilds/{guild_id}/channels", self.get_guild_channels)
        add("POST", "/guilds/{guild_id}/channels", self.create_guild_channel)
        add("GET", "/guilds/{guild_id}/members", self.list_members)
        add("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)
        add("GET", "/guilds/{guild_id}/roles", self.get_roles)
        add("PUT", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", self.add_member_role)
        add(
            "DELETE",
            "/guilds/{guild_id}/members/{user_id}/roles/{role_id}",
            self.remove_member_role,
        )
        # interactions
        add(
            "POST",
            "/interactions/{interaction_id}/{token}/callback",
            self.interaction_callback,
            auth=False,
        )
        add("POST", "/webhooks/{webhook_id}/{token}", self.execute_webhook, auth=False)
        add(
            "GET",
            "/webhooks/{webhook_id}/{token}/messages/{message_id}",
            self.get_webhook_message,
            auth=False,
        )
        add(
            "PATCH",
            "/webhooks/{webhook_id}/{token}/messages/{message_id}",
            self.edit_webhook_message,
            auth=False,
        )
        add(
            "DELETE",
            "/webhooks/{webhook_id}/{token}/messages/{message_id}",
            self.delete_webhook_message,
            auth=False,
        )
        return r

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        path = request.path
        if not path.startswith("/api"):
            return await handler(request)
        fake = self.fake
        rel = API_PREFIX.sub("", path) or "/"
        match_info = request.match_info
        resource = match_info.route.resource
        if match_info.http_exception is not None or resource is None:
            status = getattr(match_info.http_exception, "status", 404)
            message = "405: Method Not Allowed" if status == 405 else "404: Not Found"
            key = f"{request.method} {rel}"
            fake.stats.unknown_routes.append(key)
            fake.stats.record(key, status)
            log.warning("loopback: no route for %s", key)
            return json_response({"message": message, "code": 0}, status=status)
        template = API_PREFIX.sub("", resource.canonical)
        key = f"{request.method} {template}"
        rule = fake.faults.take(request.method, template, rel)
        if rule is not None and not rule.after:
            fake.stats.record(key, rule.status)
            fake._changed()
            return self.fault_response(rule, template)
        if template not in self.no_auth and (
            request.headers.get("Authorization") != f"Bot {fake.bot_token}"
        ):
            fake.stats.record(key, 401)
            return json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        try:
            response = await handler(request)
        except ApiError as e:
            response = json_response(e.body(), status=e.status)
        except web.HTTPException:
            raise
        except Exception as e:  # a bug in the fake: fail fast (503 is not retried by discord.py)
            log.exception("loopback: internal error in %s", key)
            fake.internal_errors.append(f"{key}: {e!r}")
            response = json_response(
                {"message": f"loopback internal error: {e!r}", "code": 0}, status=503
            )
        if rule is not None:  # carried out, but answered with the fault
            fake.stats.record(key, rule.status)
            fake._changed()
            return self.fault_response(rule, template)
        self.add_rate_limit_headers(response, template)
        fake.stats.record(key, response.status)
        return response

    def add_rate_limit_headers(self, response: web.StreamResponse, template: str) -> None:
        limit, reset_after = self.fake.rate_limit_window
        now = time.time()
        response.headers["X-RateLimit-Limit"] = str(limit)
        response.headers["X-RateLimit-Remaining"] = str(limit - 1)
        response.headers["X-RateLimit-Reset"] = f"{now + reset_after:.3f}"
        response.headers["X-RateLimit-Reset-After"] = f"{reset_after:.3f}"
        response.headers["X-RateLimit-Bucket"] = bucket_hash(template)
        response.headers["Via"] = "1.1 google"

    def fault_response(self, rule: FaultRule, template: str) -> web.Response:
        headers = {"Via": "1.1 google"}
        if rule.status == 429:
            retry = rule.retry_after
            headers.update(
                {
                    "X-RateLimit-Limit": "5",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset": f"{time.time() + retry:.3f}",
                    "X-RateLimit-Reset-After": f"{retry:.3f}",
                    "X-RateLimit-Bucket": bucket_hash(template),
                    "X-RateLimit-Scope": "global" if rule.is_global else rule.scope,
                    "Retry-After": str(max(1, math.ceil(retry))),
                }
            )
            if rule.is_global:
                headers["X-RateLimit-Global"] = "true"
            body = {
                "message": rule.message or "You are being rate limited.",
                "retry_after": retry,
                "global": rule.is_global,
                "code": rule.code,
            }
        else:
            body = {"message": rule.message or f"{rule.status}: Server Error", "code": rule.code}
        return json_response(body, status=rule.status, headers=headers)

    # -- helpers -------------------------------------------------------------------------

    def _bot_can(self, channel: Channel, needed: int) -> None:
        fake = self.fake
        if channel.is_dm:
            if fake.world.bot.id not in channel.recipient_ids:
                raise ApiError(403, MISSING_ACCESS, "Missing Access")
            return
        have = self.world.permissions_in(channel, self.world.bot.id)
        if not have & P.Perm.VIEW_CHANNEL:
            raise ApiError(403, MISSING_ACCESS, "Missing Access")
        if needed and have & needed != needed:
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")

    def _channel(self, request: web.Request, needed: int = 0) -> Channel:
        ch = self.world.channel(check_snowflake(request.match_info["channel_id"], "channel_id"))
        self._bot_can(ch, needed | (P.Perm.VIEW_CHANNEL if not ch.is_dm else 0))
        return ch

    def _app(self, request: web.Request) -> None:
        if str(request.match_info["application_id"]) != str(self.world.application_id):
            raise ApiError(403, MISSING_ACCESS, "Missing Access")

    def _scope(self, request: web.Request) -> int | None:
        self._app(request)
        gid = request.match_info.get("guild_id")
        if gid is None:
            return None
        guild = self.world.guild(check_snowflake(gid, "guild_id"))
        if self.world.bot.id not in guild.members:
            raise ApiError(403, MISSING_ACCESS, "Missing Access")
        return guild.id

    # -- gateway, application, users -----------------------------------------------------

    async def get_gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.fake.gateway_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.fake.gateway_url,
                "shards": self.fake.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000 - self.fake.gateway.identifies,
                    "reset_after": 86_400_000,
                    "max_concurrency": 1,
                },
            }
        )

    async def get_application(self, request: web.Request) -> web.Response:
        return json_response(self.fake.application_payload())

    async def get_me(self, request: web.Request) -> web.Response:
        return json_response(self.world.bot_user_payload())

    async def get_my_guilds(self, request: web.Request) -> web.Response:
        w = self.world
        out = [
            {
                "id": str(g.id),
                "name": g.name,
                "icon": None,
                "banner": None,
                "owner": False,
                "permissions": str(w.base_permissions(g, w.bot.id)),
                "features": list(g.features),
            }
            for g in w.guilds.values()
            if w.bot.id in g.members
        ]
        return json_response(out)

    async def get_user(self, request: web.Request) -> web.Response:
        uid = request.match_info["user_id"]
        if uid == "@me":
            return await self.get_me(request)
        return json_response(
            self.world.user_payload(self.world.user(check_snowflake(uid, "user_id")))
        )

    async def create_dm(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        rid = body.get("recipient_id") if isinstance(body, dict) else None
        try:
            user = self.world.users[int(rid)]
        except (KeyError, TypeError, ValueError):
            raise ApiError(400, 50033, "Invalid Recipient(s)") from None
        if user.id == self.world.bot.id:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        ch = self.world.dm_channel_for(user)
        return json_response(self.world.channel_payload(ch))

    # -- application commands ------------------------------------------------------------

    async def get_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        return json_response([public_command(c) for c in self.world.commands_in(scope)])

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body, _ = await read_body(request)
        if not isinstance(body, list):
            body = []  # an empty body clears, as PUT with [] does
        problems = validate.check_commands(body)
        if problems:
            raise form_error(problems)
        cmds = self.world.put_commands(scope, body)
        self.fake._changed()
        return json_response([public_command(c) for c in cmds])

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body, _ = await read_body(request)
        problems = validate.check_command(body, "_")
        if problems:
            raise form_error(problems)
        current = self.world.commands_in(scope)
        key = (int(body.get("type", 1)), body.get("name"))
        old = next((c for c in current if (c["type"], c["name"]) == key), None)
        if old is None and sum(1 for c in current if c["type"] == key[0]) >= (
            100 if key[0] == 1 else 15
        ):
            raise ApiError(400, 30032, "Maximum number of application commands reached")
        cmd = self.world.normalize_command(body, scope, old)
        if old is not None:
            del self.world.commands[int(old["id"])]
        self.world.commands[int(cmd["id"])] = cmd
        self.world.touch()
        self.fake._changed()
        return json_response(public_command(cmd), status=200 if old else 201)

    def _command(self, request: web.Request) -> tuple[int | None, dict[str, Any]]:
        scope = self._scope(request)
        try:
            cmd = self.world.commands[int(request.match_info["command_id"])]
        except (KeyError, ValueError):
            raise unknown("application command", UNKNOWN_COMMAND) from None
        if cmd.get("_guild") != scope:
            raise unknown("application command", UNKNOWN_COMMAND)
        return scope, cmd

    async def get_command(self, request: web.Request) -> web.Response:
        _, cmd = self._command(request)
        return json_response(public_command(cmd))

    async def patch_command(self, request: web.Request) -> web.Response:
        scope, cmd = self._command(request)
        body, _ = await read_body(request)
        merged = {**public_command(cmd), **body}
        problems = validate.check_command(merged, "_")
        if problems:
            raise form_error(problems)
        new = self.world.normalize_command(merged, scope, cmd)
        self.world.commands[int(new["id"])] = new
        self.world.touch()
        self.fake._changed()
        return json_response(public_command(new))

    async def delete_command(self, request: web.Request) -> web.Response:
        _, cmd = self._command(request)
        del self.world.commands[int(cmd["id"])]
        self.world.touch()
        self.fake._changed()
        return empty()

    async def get_command_permissions(self, request: web.Request) -> web.Response:
        self._scope(request)
        return json_response([])

    # -- channels ------------------------------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        return json_response(self.world.channel_payload(ch))

    async def patch_channel(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        if ch.is_dm:
            raise ApiError(403, 50003, "Cannot execute action on a DM channel")
        body, _ = await read_body(request)
        bot_id = self.world.bot.id
        if ch.is_thread:
            if ch.owner_id != bot_id:
                self._bot_can(ch, P.Perm.MANAGE_THREADS)
        else:
            self._bot_can(ch, P.Perm.MANAGE_CHANNELS)
        if "name" in body:
            name = body["name"]
            if not isinstance(name, str) or not 1 <= len(name) <= 100:
                raise form_error(
                    [("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")]
                )
            ch.name = name
        for key in ("topic", "nsfw", "position"):
            if key in body:
                setattr(ch, key, body[key])
        if "parent_id" in body and not ch.is_thread:
            ch.parent_id = int(body["parent_id"]) if body["parent_id"] else None
        if "permission_overwrites" in body and not ch.is_thread:
            self._bot_can(ch, P.Perm.MANAGE_ROLES)
            ch.overwrites = [
                {
                    "id": int(o["id"]),
                    "type": int(o.get("type", 0)),
                    "allow": int(o.get("allow", 0)),
                    "deny": int(o.get("deny", 0)),
                }
                for o in body["permission_overwrites"]
            ]
        for key in ("archived", "locked", "invitable", "auto_archive_duration"):
            if key in body and ch.is_thread:
                setattr(ch, key, body[key])
        self.world.touch()
        self.fake._emit_channel("THREAD_UPDATE" if ch.is_thread else "CHANNEL_UPDATE", ch)
        return json_response(self.world.channel_payload(ch))

    async def delete_channel(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        payload = self.world.channel_payload(ch)
        if ch.is_dm:
            return json_response(payload)
        self._bot_can(ch, P.Perm.MANAGE_THREADS if ch.is_thread else P.Perm.MANAGE_CHANNELS)
        self.fake._delete_channel(ch)
        return json_response(payload)

    async def typing(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        if ch.is_dm:
            user = self.world.dm_recipient(ch)
            if user is not None and not user.dms_open:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        else:
            self._bot_can(
                ch, P.Perm.SEND_MESSAGES_IN_THREADS if ch.is_thread else P.Perm.SEND_MESSAGES
            )
        self.fake.typing_count[ch.id] += 1
        return empty()

    # -- messages ------------------------------------------------------------------------

    def _visible(self, ch: Channel) -> list[Message]:
        msgs = (self.world.messages[m] for m in ch.message_ids)
        return [m for m in msgs if not m.deleted and m.ephemeral_to is None]

    async def list_messages(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        if not ch.is_dm:
            self._bot_can(ch, P.Perm.READ_MESSAGE_HISTORY)
        q = request.query
        try:
            limit = int(q.get("limit", 50))
        except ValueError:
            limit = 50
        if not 1 <= limit <= 100:
            raise form_error([("limit", "NUMBER_TYPE_MAX", "Must be between 1 and 100.")])
        msgs = self._visible(ch)  # oldest first
        if "around" in q:
            around = int(q["around"])
            older = [m for m in msgs if m.id <= around]
            newer = [m for m in msgs if m.id > around]
            half = limit // 2
            picked = older[-(limit - half) :] + newer[:half] if older else newer[:limit]
            out = sorted(picked, key=lambda m: m.id, reverse=True)
        elif "after" in q:
            after = int(q["after"])
            out = [m for m in msgs if m.id > after][:limit]
            out.reverse()
        else:
            if "before" in q:
                before = int(q["before"])
                msgs = [m for m in msgs if m.id < before]
            out = list(reversed(msgs[-limit:]))
        return json_response([self.world.message_payload(m) for m in out])

    async def create_message(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        body, uploads = await read_body(request)
        msg = self.fake._bot_send(ch, body, uploads)
        return json_response(self.world.message_payload(msg))

    async def get_message(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        if not ch.is_dm:
            self._bot_can(ch, P.Perm.READ_MESSAGE_HISTORY)
        msg = self.world.message(
            ch.id, check_snowflake(request.match_info["message_id"], "message_id")
        )
        if msg.ephemeral_to is not None:
            raise unknown("Message", UNKNOWN_MESSAGE)
        return json_response(self.world.message_payload(msg))

    async def edit_message(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        msg = self.world.message(
            ch.id, check_snowflake(request.match_info["message_id"], "message_id")
        )
        if msg.ephemeral_to is not None:
            raise unknown("Message", UNKNOWN_MESSAGE)
        body, uploads = await read_body(request)
        if msg.author_id != self.world.bot.id:
            only_flags = set(body) <= {"flags"}
            if not only_flags:
                raise ApiError(
                    403, CANNOT_EDIT_OTHERS, "Cannot edit a message authored by another user"
                )
            self._bot_can(ch, P.Perm.MANAGE_MESSAGES)
        self.fake._edit_message(msg, body, uploads)
        return json_response(self.world.message_payload(msg))

    async def delete_message(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        msg = self.world.message(
            ch.id, check_snowflake(request.match_info["message_id"], "message_id")
        )
        if msg.ephemeral_to is not None:
            raise unknown("Message", UNKNOWN_MESSAGE)
        if msg.author_id != self.world.bot.id:
            if ch.is_dm:
                raise ApiError(403, 50003, "Cannot execute action on a DM channel")
            self._bot_can(ch, P.Perm.MANAGE_MESSAGES)
        self.fake._delete_message(msg)
        return empty()

    def _reaction_target(self, request: web.Request) -> tuple[Channel, Message, str]:
        ch = self._channel(request)
        msg = self.world.message(
            ch.id, check_snowflake(request.match_info["message_id"], "message_id")
        )
        return ch, msg, request.match_info["emoji"]

    async def add_reaction(self, request: web.Request) -> web.Response:
        ch, msg, emoji = self._reaction_target(request)
        if request.match_info["user_id"] != "@me":
            raise ApiError(405, 0, "405: Method Not Allowed")
        if not ch.is_dm:
            self._bot_can(ch, P.Perm.READ_MESSAGE_HISTORY | P.Perm.ADD_REACTIONS)
        self.fake._react(msg, self.world.bot.id, emoji, add=True)
        return empty()

    async def remove_reaction(self, request: web.Request) -> web.Response:
        ch, msg, emoji = self._reaction_target(request)
        who = request.match_info["user_id"]
        uid = self.world.bot.id if who == "@me" else check_snowflake(who, "user_id")
        if uid != self.world.bot.id:
            self._bot_can(ch, P.Perm.MANAGE_MESSAGES)
        self.fake._react(msg, uid, emoji, add=False)
        return empty()

    async def clear_reactions(self, request: web.Request) -> web.Response:
        ch = self._channel(request, P.Perm.MANAGE_MESSAGES)
        mid = check_snowflake(request.match_info["message_id"], "message_id")
        msg = self.world.message(ch.id, mid)
        msg.reactions.clear()
        self.fake._touch_message(msg)
        return empty()

    async def pin(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        if not ch.is_dm:
            self._bot_can(ch, P.Perm.MANAGE_MESSAGES)
        msg = self.world.message(
            ch.id, check_snowflake(request.match_info["message_id"], "message_id")
        )
        msg.pinned = True
        msg.pinned_at = iso()
        self.fake._touch_message(msg)
        return empty()

    async def unpin(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        if not ch.is_dm:
            self._bot_can(ch, P.Perm.MANAGE_MESSAGES)
        msg = self.world.message(
            ch.id, check_snowflake(request.match_info["message_id"], "message_id")
        )
        msg.pinned = False
        self.fake._touch_message(msg)
        return empty()

    def _pinned(self, ch: Channel) -> list[Message]:
        pins = [m for m in self._visible(ch) if m.pinned]
        return sorted(pins, key=lambda m: m.pinned_at or "", reverse=True)

    async def list_pins(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        pins = self._pinned(ch)
        before = request.query.get("before")
        if before:
            pins = [m for m in pins if (m.pinned_at or "") < before]
        limit = max(1, min(int(request.query.get("limit", 50)), 50))
        items = [
            {"pinned_at": m.pinned_at, "message": self.world.message_payload(m)}
            for m in pins[:limit]
        ]
        return json_response({"items": items, "has_more": len(pins) > limit})

    async def list_pins_legacy(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        return json_response([self.world.message_payload(m) for m in self._pinned(ch)])

    async def bulk_delete(self, request: web.Request) -> web.Response:
        ch = self._channel(request)
        if ch.is_dm:
            raise ApiError(403, 50003, "Cannot execute action on a DM channel")
        self._bot_can(ch, P.Perm.MANAGE_MESSAGES)
        body, _ = await read_body(request)
        ids = body.get("messages") if isinstance(body, dict) else None
        if not isinstance(ids, list) or not 2 <= len(ids) <= 100:
            raise form_error(
                [("messages", "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 100 in length.")]
            )
        msgs = [self.world.message(ch.id, check_snowflake(i, "messages")) for i in ids]
        for m in msgs:
            self.fake._delete_message(m, emit=False)
        data: dict[str, Any] = {"ids": [str(m.id) for m in msgs], "channel_id": str(ch.id)}
        if ch.guild_id is not None:
            data["guild_id"] = str(ch.guild_id)
        self.fake.gateway.dispatch("MESSAGE_DELETE_BULK", data, guild_id=ch.guild_id, intent=1 << 9)
        return empty()

    async def put_overwrite(self, request: web.Request) -> web.Response:
        ch = self._channel(request, P.Perm.MANAGE_ROLES)
        body, _ = await read_body(request)
        target = check_snowflake(request.match_info["target_id"], "target_id")
        ch.overwrites = [o for o in ch.overwrites if int(o["id"]) != target]
        ch.overwrites.append(
            {
                "id": target,
                "type": int(body.get("type", 0)),
                "allow": int(body.get("allow", 0)),
                "deny": int(body.get("deny", 0)),
            }
        )
        self.world.touch()
        self.fake._emit_channel("CHANNEL_UPDATE", ch)
        return empty()

    async def delete_overwrite(self, request: web.Request) -> web.Response:
        ch = self._channel(request, P.Perm.MANAGE_ROLES)
        target = check_snowflake(request.match_info["target_id"], "target_id")
        ch.overwrites = [o for o in ch.overwrites if int(o["id"]) != target]
        self.world.touch()
        self.fake._emit_channel("CHANNEL_UPDATE", ch)
        return empty()

    # -- threads -------------------------------------------------------------------------

    def _thread_name(self, body: dict[str, Any]) -> str:
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise form_error(
                [("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")]
            )
        return name

    async def create_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        if parent.is_dm or parent.is_thread or parent.type not in (GUILD_TEXT, 5, 15):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        body, _ = await read_body(request)
        name = self._thread_name(body)
        ttype = int(body.get("type", PRIVATE_THREAD))
        if ttype not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise form_error([("type", "BASE_TYPE_CHOICES", "Value must be one of (11, 12).")])
        need = (
            P.Perm.CREATE_PUBLIC_THREADS
            if ttype == PUBLIC_THREAD
            else P.Perm.CREATE_PRIVATE_THREADS
        )
        self._bot_can(parent, need)
        thread = self.fake._create_thread(
            parent,
            name=name,
            type_=ttype,
            owner_id=self.world.bot.id,
            auto_archive_duration=int(body.get("auto_archive_duration", 4320)),
            invitable=bool(body.get("invitable", True)),
        )
        return json_response(self.world.channel_payload(thread), status=201)

    async def create_thread_from_message(self, request: web.Request) -> web.Response:
        parent = self._channel(request, P.Perm.CREATE_PUBLIC_THREADS)
        msg = self.world.message(
            parent.id, check_snowflake(request.match_info["message_id"], "message_id")
        )
        if msg.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        body, _ = await read_body(request)
        thread = self.fake._create_thread(
            parent,
            name=self._thread_name(body),
            type_=PUBLIC_THREAD,
            owner_id=self.world.bot.id,
            auto_archive_duration=int(body.get("auto_archive_duration", 4320)),
            from_message=msg,
        )
        return json_response(self.world.channel_payload(thread), status=201)

    def _thread(self, request: web.Request) -> Channel:
        ch = self._channel(request)
        if not ch.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return ch

    async def join_thread(self, request: web.Request) -> web.Response:
        ch = self._thread(request)
        who = request.match_info["user_id"]
        uid = self.world.bot.id if who == "@me" else check_snowflake(who, "user_id")
        self.world.user(uid)
        if ch.archived:
            raise ApiError(400, 50083, "Thread is archived")
        ch.thread_member_ids.add(uid)
        self.world.touch()
        self.fake._changed()
        return empty()

    async def leave_thread(self, request: web.Request) -> web.Response:
        ch = self._thread(request)
        who = request.match_info["user_id"]
        uid = self.world.bot.id if who == "@me" else check_snowflake(who, "user_id")
        ch.thread_member_ids.discard(uid)
        self.world.touch()
        self.fake._changed()
        return empty()

    async def list_thread_members(self, request: web.Request) -> web.Response:
        ch = self._thread(request)
        return json_response(
            [
                {"id": str(ch.id), "user_id": str(u), "join_timestamp": ch.created_at, "flags": 0}
                for u in sorted(ch.thread_member_ids)
            ]
        )

    # -- guilds --------------------------------------------------------------------------

    def _guild(self, request: web.Request) -> Any:
        guild = self.world.guild(check_snowflake(request.match_info["guild_id"], "guild_id"))
        if self.world.bot.id not in guild.members:
            raise ApiError(403, MISSING_ACCESS, "Missing Access")
        return guild

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        out = self.world.guild_payload(guild, full=False)
        out["approximate_member_count"] = len(guild.members)
        out["approximate_presence_count"] = 0
        return json_response(out)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        chans = [self.world.channels[c] for c in guild.channel_ids]
        return json_response([self.world.channel_payload(c) for c in chans if not c.is_thread])

    async def create_guild_channel(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        if not self.world.base_permissions(guild, self.world.bot.id) & P.Perm.MANAGE_CHANNELS:
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        body, _ = await read_body(request)
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise form_error(
                [("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")]
            )
        ctype = int(body.get("type", GUILD_TEXT))
        if ctype not in (GUILD_TEXT, 2, GUILD_CATEGORY, 5, 15):
            raise form_error([("type", "BASE_TYPE_CHOICES", "Unsupported channel type")])
        ch = self.fake.create_channel(
            guild,
            name,
            type=ctype,
            topic=body.get("topic"),
            parent=int(body["parent_id"]) if body.get("parent_id") else None,
            overwrites=[
                {
                    "id": int(o["id"]),
                    "type": int(o.get("type", 0)),
                    "allow": int(o.get("allow", 0)),
                    "deny": int(o.get("deny", 0)),
                }
                for o in body.get("permission_overwrites") or []
            ],
        )
        return json_response(self.world.channel_payload(ch), status=201)

    async def list_members(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        try:
            limit = int(request.query.get("limit", 1))
            after = int(request.query.get("after", 0))
        except ValueError:
            raise form_error([("limit", "NUMBER_TYPE_COERCE", "Value is not int.")]) from None
        members = sorted(
            (m for m in guild.members.values() if m.user_id > after), key=lambda m: m.user_id
        )
        return json_response(
            [self.world.member_payload(m) for m in members[: max(1, min(limit, 1000))]]
        )

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        uid = check_snowflake(request.match_info["user_id"], "user_id")
        member = guild.members.get(uid)
        if member is None:
            raise unknown("Member", UNKNOWN_MEMBER)
        return json_response(self.world.member_payload(member))

    async def get_roles(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return json_response([self.world.role_payload(r) for r in guild.roles.values()])

    def _member_role(self, request: web.Request) -> tuple[Any, Any, Any]:
        guild = self._guild(request)
        if not self.world.base_permissions(guild, self.world.bot.id) & P.Perm.MANAGE_ROLES:
            raise ApiError(403, MISSING_PERMISSIONS, "Missing Permissions")
        member = guild.members.get(check_snowflake(request.match_info["user_id"], "user_id"))
        if member is None:
            raise unknown("Member", UNKNOWN_MEMBER)
        role = self.world.role(guild, check_snowflake(request.match_info["role_id"], "role_id"))
        return guild, member, role

    async def add_member_role(self, request: web.Request) -> web.Response:
        guild, member, role = self._member_role(request)
        if role.id not in member.roles:
            member.roles.append(role.id)
            self.fake._member_updated(guild, member)
        return empty()

    async def remove_member_role(self, request: web.Request) -> web.Response:
        guild, member, role = self._member_role(request)
        if role.id in member.roles:
            member.roles.remove(role.id)
            self.fake._member_updated(guild, member)
        return empty()

    # -- attachments (the "CDN") -----------------------------------------------------------

    async def get_attachment(self, request: web.Request) -> web.StreamResponse:
        self.fake.stats.record("GET /attachments/{channel_id}/{attachment_id}/{filename}", 200)
        try:
            att = self.world.attachments[int(request.match_info["attachment_id"])]
        except (KeyError, ValueError):
            return json_response({"message": "404: Not Found", "code": 0}, status=404)
        return web.Response(
            body=att.data, content_type=att.content_type or "application/octet-stream"
        )

    # -- interactions --------------------------------------------------------------------

    def _interaction(self, request: web.Request, *, by_webhook: bool) -> InteractionRecord:
        token = request.match_info["token"]
        rec = self.world.interactions_by_token.get(token)
        if by_webhook:
            if rec is None or request.match_info["webhook_id"] != str(self.world.application_id):
                raise unknown("Webhook", UNKNOWN_WEBHOOK)
            ttl = self.fake.followup_ttl
            if (
                ttl is not None
                and rec.dispatched_at is not None
                and time.perf_counter() - rec.dispatched_at > ttl
            ):
                raise ApiError(401, 50027, "Invalid Webhook Token")
            return rec
        if rec is None or request.match_info["interaction_id"] != str(rec.id):
            raise unknown("interaction", UNKNOWN_INTERACTION)
        return rec

    async def interaction_callback(self, request: web.Request) -> web.Response:
        now = time.perf_counter()
        rec = self._interaction(request, by_webhook=False)
        fake = self.fake
        deadline = fake.interaction_deadline
        if rec.responded:
            self._refuse(
                rec,
                request,
                400,
                ALREADY_ACKNOWLEDGED,
                "Interaction has already been acknowledged.",
            )
        if (
            deadline is not None
            and rec.dispatched_at is not None
            and now - rec.dispatched_at > deadline
        ):
            self._refuse(rec, request, 404, UNKNOWN_INTERACTION, "Unknown interaction", fatal=True)
        body, uploads = await read_body(request)
        try:
            message = self._apply_callback(rec, body, uploads)
        except ApiError as e:
            rec.errors.append(
                {
                    "status": e.status,
                    "code": e.code,
                    "message": e.message,
                    "route": "callback",
                    "errors": e.errors,
                }
            )
            fake._changed()
            raise
        rec.responded_at = now
        if not rec.deferred:
            rec.answered_at = now
        rec.response = body
        latency = rec.latency
        if latency is not None:
            fake.stats.latencies.append(latency)
        rec.response_rev = self.world.touch()
        fake._changed()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return empty()
        info: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
        resource: dict[str, Any] = {"type": rec.response_type}
        if message is not None:
            info.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            resource["message"] = self.world.message_payload(message)
        return json_response({"interaction": info, "resource": resource})

    def _refuse(
        self,
        rec: InteractionRecord,
        request: web.Request,
        status: int,
        code: int,
        message: str,
        *,
        fatal: bool = False,
    ) -> None:
        rec.errors.append(
            {
                "status": status,
                "code": code,
                "message": message,
                "route": request.path.rsplit("/", 1)[-1],
                "fatal": fatal,
            }
        )
        self.fake._changed()
        raise ApiError(status, code, message)

    def _apply_callback(
        self, rec: InteractionRecord, body: dict[str, Any], uploads: list[Any]
    ) -> Message | None:
        fake = self.fake
        t = body.get("type")
        data = body.get("data") or {}
        if not isinstance(data, dict):
            raise form_error(
                [("data", "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
            )

        def invalid() -> ApiError:
            return form_error(
                [
                    (
                        "type",
                        "INTERACTION_RESPONSE_TYPE_INVALID",
                        f"Response type {t} is not valid for interaction type {rec.type}",
                    )
                ]
            )

        if rec.type == PING:
            if t != PONG:
                raise invalid()
            rec.response_type = PONG
            return None
        if rec.type == AUTOCOMPLETE:
            if t != AUTOCOMPLETE_RESULT:
                raise invalid()
            choices = data.get("choices", [])
            problems = validate.check_choices(choices)
            if problems:
                raise form_error(problems)
            rec.choices = choices
            rec.response_type = t
            return None
        if t == CHANNEL_MESSAGE:
            msg = fake._interaction_message(rec, data, uploads, loading=False)
            rec.original_message_id = msg.id
            rec.response_type = t
            return msg
        if t == DEFERRED_CHANNEL_MESSAGE:
            msg = fake._interaction_message(rec, data, [], loading=True)
            rec.original_message_id = msg.id
            rec.response_type = t
            return msg
        if t in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            if rec.type not in (MESSAGE_COMPONENT, MODAL_SUBMIT) or rec.message_id is None:
                raise invalid()
            msg = self.world.messages.get(rec.message_id)
            if msg is None or msg.deleted:
                raise unknown("Message", UNKNOWN_MESSAGE)
            if t == UPDATE_MESSAGE:
                allowed = {
                    "content",
                    "embeds",
                    "components",
                    "attachments",
                    "flags",
                    "allowed_mentions",
                    "tts",
                    "poll",
                }
                fake._edit_message(msg, {k: v for k, v in data.items() if k in allowed}, uploads)
            rec.original_message_id = msg.id
            rec.response_type = t
            return msg
        if t == MODAL:
            if rec.type not in (APPLICATION_COMMAND, MESSAGE_COMPONENT):
                raise invalid()
            problems = validate.check_modal(data)
            if problems:
                raise form_error(problems)
            rec.modal = data
            rec.response_type = t
            return None
        raise invalid()

    async def execute_webhook(self, request: web.Request) -> web.Response:
        now = time.perf_counter()
        rec = self._interaction(request, by_webhook=True)
        if not rec.responded:
            self._refuse(rec, request, 404, UNKNOWN_WEBHOOK, "Unknown Webhook")
        body, uploads = await read_body(request)
        try:
            msg = self.fake._followup(rec, body, uploads)
        except ApiError as e:
            rec.errors.append(
                {
                    "status": e.status,
                    "code": e.code,
                    "message": e.message,
                    "route": "followup",
                    "errors": e.errors,
                }
            )
            self.fake._changed()
            raise
        if rec.answered_at is None:
            rec.answered_at = now
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(self.world.message_payload(msg))
        return empty()

    def _webhook_message(self, request: web.Request) -> tuple[InteractionRecord, Message]:
        rec = self._interaction(request, by_webhook=True)
        mid = request.match_info["message_id"]
        if mid == "@original":
            if rec.original_message_id is None:
                raise unknown("Message", UNKNOWN_MESSAGE)
            msg = self.world.messages.get(rec.original_message_id)
        else:
            try:
                wanted = int(mid)
            except ValueError:
                raise unknown("Message", UNKNOWN_MESSAGE) from None
            if wanted != rec.original_message_id and wanted not in rec.followup_ids:
                raise unknown("Message", UNKNOWN_MESSAGE)
            msg = self.world.messages.get(wanted)
        if msg is None or msg.deleted:
            raise unknown("Message", UNKNOWN_MESSAGE)
        return rec, msg

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        _, msg = self._webhook_message(request)
        return json_response(self.world.message_payload(msg))

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        now = time.perf_counter()
        rec, msg = self._webhook_message(request)
        body, uploads = await read_body(request)
        try:
            self.fake._edit_message(msg, body, uploads, fill_loading=True)
        except ApiError as e:
            rec.errors.append(
                {
                    "status": e.status,
                    "code": e.code,
                    "message": e.message,
                    "route": "edit",
                    "errors": e.errors,
                }
            )
            self.fake._changed()
            raise
        if rec.answered_at is None and msg.id == rec.original_message_id:
            rec.answered_at = now
        return json_response(self.world.message_payload(msg))

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        now = time.perf_counter()
        rec, msg = self._webhook_message(request)
        self.fake._delete_message(msg)
        if rec.answered_at is None and msg.id == rec.original_message_id and rec.deferred:
            # A "thinking…" removed: the answer went elsewhere (a bot posting it in the channel
            # removes the placeholder once the post is made).
            rec.answered_at = now
        return empty()
