"""The gateway at the websocket level: HELLO, heartbeats, IDENTIFY, RESUME, compression, intents."""

from __future__ import annotations

import json
import zlib
from typing import Any

import aiohttp
import pytest

from bot.loopback import FakeDiscord

GUILDS, GUILD_MEMBERS, GUILD_MESSAGES, DIRECT_MESSAGES, MESSAGE_CONTENT = (
    1,
    2,
    1 << 9,
    1 << 12,
    1 << 15,
)


class RawGateway:
    """A bare gateway client: no discord.py, to see exactly what the fake sends."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, zlib_stream: bool) -> None:
        self.ws = ws
        self.inflate = zlib.decompressobj() if zlib_stream else None
        self.seq = 0

    async def recv(self, timeout: float = 3.0) -> dict[str, Any]:
        while True:
            msg = await self.ws.receive(timeout=timeout)
            if msg.type == aiohttp.WSMsgType.BINARY:
                assert self.inflate is not None, "binary frame without compression"
                assert msg.data.endswith(b"\x00\x00\xff\xff")
                payload = json.loads(self.inflate.decompress(msg.data))
            elif msg.type == aiohttp.WSMsgType.TEXT:
                assert self.inflate is None, "text frame although zlib-stream was asked for"
                payload = json.loads(msg.data)
            else:
                return {"closed": self.ws.close_code}
            if payload.get("s"):
                self.seq = payload["s"]
            return payload

    async def recv_event(self, name: str) -> dict[str, Any]:
        while True:
            p = await self.recv()
            if p.get("t") == name or "closed" in p:
                return p

    async def send(self, op: int, d: Any) -> None:
        await self.ws.send_str(json.dumps({"op": op, "d": d}))

    async def identify(
        self, token: str, intents: int, shard: list[int] | None = None
    ) -> dict[str, Any]:
        d: dict[str, Any] = {"token": token, "intents": intents, "properties": {}}
        if shard:
            d["shard"] = shard
        await self.send(2, d)
        return await self.recv()


@pytest.fixture
async def connect(fake: FakeDiscord):
    session = aiohttp.ClientSession()
    sockets = []

    async def open_(compress: bool = True) -> RawGateway:
        query = "?v=10&encoding=json" + ("&compress=zlib-stream" if compress else "")
        ws = await session.ws_connect(fake.gateway_url + query)
        sockets.append(ws)
        gw = RawGateway(ws, compress)
        hello = await gw.recv()
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] == 41250
        return gw

    yield open_
    for ws in sockets:
        await ws.close()
    await session.close()


async def test_hello_heartbeat_identify_ready_guild_create(fake, people, connect) -> None:
    gw = await connect()
    await gw.send(1, None)
    assert (await gw.recv())["op"] == 11
    ready = await gw.identify(fake.bot_token, GUILDS | GUILD_MESSAGES)
    assert ready["t"] == "READY" and ready["s"] == 1
    d = ready["d"]
    assert d["v"] == 10 and d["resume_gateway_url"] == fake.gateway_url
    assert d["user"]["id"] == str(fake.bot.id) and d["application"]["id"] == str(
        fake.application_id
    )
    assert d["guilds"] == [{"id": str(people.guild.id), "unavailable": True}]
    assert "shard" not in d
    create = await gw.recv()
    assert create["t"] == "GUILD_CREATE" and create["s"] == 2
    g = create["d"]
    assert [c["name"] for c in g["channels"]] == ["general", "game"]
    assert {r["name"] for r in g["roles"]} == {"@everyone", "Loopback Bot", "Mods"}
    # without the members intent only the bot itself is listed; the count is complete
    assert [m["user"]["id"] for m in g["members"]] == [str(fake.bot.id)]
    assert g["member_count"] == 4 and g["owner_id"] == str(people.alice.id)


async def test_members_intent_lists_everyone_and_plain_text_frames(fake, people, connect) -> None:
    gw = await connect(compress=False)
    await gw.identify(fake.bot_token, GUILDS | GUILD_MEMBERS)
    create = await gw.recv_event("GUILD_CREATE")
    assert len(create["d"]["members"]) == 4
    fake.add_member(people.guild, fake.create_user("dave"))
    add = await gw.recv_event("GUILD_MEMBER_ADD")
    assert add["d"]["user"]["username"] == "dave" and add["d"]["guild_id"] == str(people.guild.id)


async def test_bad_token_and_disallowed_intents_close_the_socket(fake, connect) -> None:
    gw = await connect()
    assert (await gw.identify("wrong", GUILDS)) == {"closed": 4004}
    fake.privileged_intents = 0
    gw = await connect()
    assert (await gw.identify(fake.bot_token, GUILDS | MESSAGE_CONTENT)) == {"closed": 4014}
    gw = await connect()
    assert (await gw.identify(fake.bot_token, GUILDS, shard=[2, 2])) == {"closed": 4010}
    assert [code for code, _ in fake.gateway.closes] == [4004, 4014, 4010]


async def test_resume_replays_what_was_missed(fake, people, connect) -> None:
    gw = await connect()
    ready = await gw.identify(fake.bot_token, GUILDS | GUILD_MESSAGES | MESSAGE_CONTENT)
    session_id = ready["d"]["session_id"]
    await gw.recv_event("GUILD_CREATE")
    seq = gw.seq
    await gw.ws.close()
    await fake.wait_for(lambda: fake.gateway.connected_cover() is None, what="the close")
    fake.create_channel(people.guild, "missed")
    await fake.say(people.bob, people.general, "while you were away")

    gw = await connect()
    await gw.send(6, {"token": fake.bot_token, "session_id": session_id, "seq": seq})
    events = [await gw.recv() for _ in range(3)]
    assert [e["t"] for e in events] == ["CHANNEL_CREATE", "MESSAGE_CREATE", "RESUMED"]
    assert [e["s"] for e in events] == [seq + 1, seq + 2, seq + 3]
    assert events[1]["d"]["content"] == "while you were away"
    assert events[1]["d"]["member"]["roles"] == []

    gw2 = await connect()
    await gw2.send(6, {"token": fake.bot_token, "session_id": "nope", "seq": 1})
    assert await gw2.recv() == {"op": 9, "d": False, "s": None, "t": None}


async def test_message_content_needs_the_intent_except_in_dms_and_mentions(
    fake, people, connect
) -> None:
    gw = await connect()
    await gw.identify(fake.bot_token, GUILDS | GUILD_MESSAGES | DIRECT_MESSAGES)
    await gw.recv_event("GUILD_CREATE")
    await fake.say(people.bob, people.general, "secret plan")
    assert (await gw.recv_event("MESSAGE_CREATE"))["d"]["content"] == ""
    await fake.say(people.bob, people.general, f"hey {fake.bot.mention}")
    assert (await gw.recv_event("MESSAGE_CREATE"))["d"]["content"].startswith("hey")
    await fake.say(people.bob, fake.dm_channel(people.bob), "dm text")
    dm = await gw.recv_event("MESSAGE_CREATE")
    assert dm["d"]["content"] == "dm text" and "guild_id" not in dm["d"]


async def test_request_guild_members(fake, people, connect) -> None:
    gw = await connect()
    await gw.identify(fake.bot_token, GUILDS | GUILD_MEMBERS)
    await gw.recv_event("GUILD_CREATE")
    await gw.send(8, {"guild_id": str(people.guild.id), "query": "ca", "limit": 0, "nonce": "n1"})
    chunk = await gw.recv_event("GUILD_MEMBERS_CHUNK")
    assert [m["user"]["username"] for m in chunk["d"]["members"]] == ["carol"]
    assert chunk["d"]["nonce"] == "n1"
