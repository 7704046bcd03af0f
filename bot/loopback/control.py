"""Driving a fake in another process: a small JSON RPC under /_loopback, and its client.

    POST /_loopback/call {"method": "slash", "args": [...], "kwargs": {...}}
        -> {"result": ...} or {"error": {"type": ..., "message": ...}}
    GET  /_loopback/info  -> urls, token, application id
    GET  /_loopback/state -> a snapshot of everything

Objects go over the wire as their snapshot() dicts and come back as ids (any dict with an
"id" is taken as that id). Interaction records are awaited with `wait_interaction`.
"""

from __future__ import annotations

import asyncio
import inspect
from typing import TYPE_CHECKING, Any

import aiohttp
import msgspec
from aiohttp import web

from .errors import LoopbackError

if TYPE_CHECKING:
    from .server import FakeDiscord

#: FakeDiscord methods callable over RPC (plus the extras defined below)
METHODS = {
    "create_user",
    "create_guild",
    "add_bot",
    "remove_bot",
    "create_channel",
    "create_category",
    "create_thread",
    "create_role",
    "add_member",
    "remove_member",
    "set_roles",
    "set_overwrite",
    "close_dms",
    "open_dms",
    "dm_channel",
    "slash",
    "invoke",
    "autocomplete",
    "user_command",
    "message_command",
    "click",
    "select",
    "submit_modal",
    "forge_component",
    "forge_modal",
    "say",
    "react",
    "messages",
    "last_message",
    "message",
    "dms",
    "ephemerals",
    "interaction",
    "commands",
    "user",
    "guild",
    "channel",
    "text_channels",
    "rate_limit",
    "fail_requests",
    "clear_faults",
    "drop_gateway",
    "invalidate_session",
    "request_reconnect",
    "wait_for_message",
    "wait_for_dm",
    "wait_for_commands",
    "wait_until_connected",
    "wait_for_resume",
    "mark",
    "snapshot",
}


def jsonable(value: Any) -> Any:
    if hasattr(value, "snapshot") and callable(value.snapshot):
        return value.snapshot()
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [jsonable(v) for v in value]
    if isinstance(value, bytes):
        return value.decode("latin-1")
    return value


def install(app: web.Application, fake: FakeDiscord) -> None:
    async def info(request: web.Request) -> web.Response:
        return _json(
            {
                "rest_url": fake.rest_url,
                "gateway_url": fake.gateway_url,
                "control_url": fake.control_url,
                "bot_token": fake.bot_token,
                "application_id": str(fake.application_id),
                "bot_user_id": str(fake.bot.id),
                "shard_count": fake.shard_count,
            }
        )

    async def state(request: web.Request) -> web.Response:
        return _json(jsonable(fake.snapshot()))

    async def call(request: web.Request) -> web.Response:
        try:
            body = msgspec.json.decode(await request.read())
            name = body["method"]
            args = list(body.get("args") or [])
            kwargs = dict(body.get("kwargs") or {})
        except (msgspec.DecodeError, KeyError, TypeError):
            return _json(
                {"error": {"type": "BadRequest", "message": "send {method, args, kwargs}"}}, 400
            )
        try:
            result = await _dispatch(fake, name, args, kwargs)
        except (LoopbackError, TypeError, ValueError, KeyError) as e:
            return _json({"error": {"type": type(e).__name__, "message": str(e)}}, 400)
        return _json({"result": jsonable(result)})

    app.router.add_get("/_loopback/info", info)
    app.router.add_get("/_loopback/state", state)
    app.router.add_post("/_loopback/call", call)


async def _dispatch(fake: FakeDiscord, name: str, args: list[Any], kwargs: dict[str, Any]) -> Any:
    if name == "wait_interaction":
        return await _wait_interaction(fake, *args, **kwargs)
    if name == "stats":
        return fake.stats.summary()
    if name == "attachment_bytes_b64":
        import base64

        return base64.b64encode(fake.attachment_bytes(args[0])).decode()
    if name not in METHODS:
        raise LoopbackError(f"no such method {name!r}")
    fn = getattr(fake, name)
    result = fn(*args, **kwargs)
    if inspect.isawaitable(result):
        result = await result
    return result


async def _wait_interaction(
    fake: FakeDiscord,
    interaction: Any,
    what: str = "response",
    *,
    timeout: float = 5.0,
    count: int = 1,
) -> Any:
    rec = fake.interaction(interaction)
    if what == "response":
        return await rec.wait_response(timeout)
    if what == "reply":
        return await rec.wait_reply(timeout)
    if what == "followups":
        return await rec.wait_followups(count, timeout)
    if what == "modal":
        return await rec.wait_modal(timeout)
    if what == "choices":
        return await rec.wait_choices(timeout)
    raise LoopbackError(f"wait for what? {what!r} (response, reply, followups, modal, choices)")


def _json(data: Any, status: int = 200) -> web.Response:
    return web.Response(
        body=msgspec.json.encode(data), status=status, content_type="application/json"
    )


class RemoteError(LoopbackError):
    pass


class RemoteFakeDiscord:
    """The test API of a fake running in another process (`python -m bot.loopback`).

    `await remote.create_user("alice")` calls FakeDiscord.create_user there and returns its
    snapshot dict; pass those dicts (or ids) back as arguments.
    """

    def __init__(self, control_url: str) -> None:
        self.control_url = control_url.rstrip("/")
        self._session: aiohttp.ClientSession | None = None
        self.info: dict[str, Any] = {}

    async def __aenter__(self) -> RemoteFakeDiscord:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def connect(self, timeout: float = 10.0) -> dict[str, Any]:
        """Open the session and fetch /info, retrying until the fake answers."""
        if self._session is None:
            self._session = aiohttp.ClientSession()
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            try:
                async with self._session.get(f"{self.control_url}/info") as r:
                    self.info = await r.json()
                    return self.info
            except aiohttp.ClientConnectionError:
                if asyncio.get_running_loop().time() > deadline:
                    raise
                await asyncio.sleep(0.05)

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    @property
    def rest_url(self) -> str:
        return self.info["rest_url"]

    @property
    def gateway_url(self) -> str:
        return self.info["gateway_url"]

    @property
    def bot_token(self) -> str:
        return self.info["bot_token"]

    async def call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        if self._session is None:
            await self.connect()
        assert self._session is not None
        body = msgspec.json.encode({"method": method, "args": list(args), "kwargs": kwargs})
        async with self._session.post(
            f"{self.control_url}/call", data=body, headers={"Content-Type": "application/json"}
        ) as r:
            out = msgspec.json.decode(await r.read())
        if "error" in out:
            raise RemoteError(f"{out['error']['type']}: {out['error']['message']}")
        return out["result"]

    async def state(self) -> dict[str, Any]:
        assert self._session is not None
        async with self._session.get(f"{self.control_url}/state") as r:
            return await r.json()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)

        async def method(*args: Any, **kwargs: Any) -> Any:
            return await self.call(name, *args, **kwargs)

        method.__name__ = name
        return method
