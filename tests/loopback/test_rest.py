"""The REST API at the HTTP level: what Discord answers, and how."""

from __future__ import annotations

import json

import aiohttp
import pytest

from bot.loopback import FakeDiscord, Perm


@pytest.fixture
async def http(fake: FakeDiscord):
    async with aiohttp.ClientSession(
        base_url=fake.http_url, headers={"Authorization": f"Bot {fake.bot_token}"}
    ) as session:
        yield session


def api(path: str) -> str:
    return "/api/v10" + path


async def test_json_answers_have_exactly_application_json_and_rate_limit_headers(
    fake, http
) -> None:
    async with http.get(api("/users/@me")) as r:
        assert r.status == 200
        assert r.headers["Content-Type"] == "application/json"
        assert r.headers["Via"]
        for h in (
            "X-RateLimit-Limit",
            "X-RateLimit-Remaining",
            "X-RateLimit-Reset",
            "X-RateLimit-Reset-After",
            "X-RateLimit-Bucket",
        ):
            assert h in r.headers
        me = await r.json()
    assert me["id"] == str(fake.bot.id) and me["bot"] is True
    async with http.get(api("/oauth2/applications/@me")) as r:
        assert (await r.json())["id"] == str(fake.application_id)
    async with http.get(api("/gateway/bot")) as r:
        body = await r.json()
    assert body["url"] == fake.gateway_url and body["shards"] == 1


async def test_unknown_routes_and_bad_tokens_answer_discord_errors(fake, http) -> None:
    async with http.get(api("/guilds/1/audit-logs")) as r:
        assert r.status == 404 and r.headers["Content-Type"] == "application/json"
        assert await r.json() == {"message": "404: Not Found", "code": 0}
    async with http.put(api("/users/@me")) as r:
        assert r.status == 405
    assert fake.stats.unknown_routes == ["GET /guilds/1/audit-logs", "PUT /users/@me"]
    async with aiohttp.ClientSession() as anon, anon.get(fake.rest_url + "/users/@me") as r:
        assert r.status == 401 and (await r.json())["message"] == "401: Unauthorized"
    async with http.get(api("/channels/123")) as r:
        assert r.status == 404 and (await r.json())["code"] == 10003
    async with http.post(api("/interactions/1/nope/callback"), json={"type": 4}) as r:
        assert r.status == 404 and (await r.json())["code"] == 10062


async def test_message_limits(fake, people, http) -> None:
    url = api(f"/channels/{people.general.id}/messages")
    async with http.post(url, json={"content": ""}) as r:
        assert r.status == 400 and (await r.json())["code"] == 50006
    async with http.post(url, json={"content": "x" * 2001}) as r:
        body = await r.json()
    assert r.status == 400 and body["code"] == 50035
    assert body["errors"]["content"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"
    buttons = [{"type": 2, "style": 1, "label": str(i), "custom_id": f"b{i}"} for i in range(6)]
    async with http.post(url, json={"components": [{"type": 1, "components": buttons}]}) as r:
        assert r.status == 400
    async with http.post(url, json={"content": "ok", "embeds": [{"title": "t" * 257}]}) as r:
        assert r.status == 400
    async with http.post(url, json={"content": "fine", "embeds": [{"title": "Board"}]}) as r:
        assert r.status == 200
        msg = await r.json()
    assert msg["embeds"] == [{"type": "rich", "title": "Board"}]
    assert fake.messages(people.general)[0].text() == "fine\nBoard"


async def test_multipart_files_edits_and_history(fake, people, http) -> None:
    url = api(f"/channels/{people.general.id}/messages")
    form = aiohttp.FormData(quote_fields=False)
    form.add_field(
        "payload_json",
        json.dumps(
            {
                "content": "two files",
                "attachments": [
                    {"id": 0, "filename": "a.txt"},
                    {"id": 1, "filename": "b.txt", "description": "B"},
                ],
            }
        ),
    )
    form.add_field("files[0]", b"AAA", filename="a.txt", content_type="application/octet-stream")
    form.add_field("files[1]", b"BBB", filename="b.txt", content_type="application/octet-stream")
    async with http.post(url, data=form) as r:
        assert r.status == 200
        msg = await r.json()
    a, b = msg["attachments"]
    assert (a["filename"], a["size"], a["content_type"], b["description"]) == (
        "a.txt",
        3,
        "text/plain",
        "B",
    )
    async with aiohttp.ClientSession() as anon, anon.get(b["url"]) as r:
        assert await r.read() == b"BBB"
    # keep b, drop a, add c
    form = aiohttp.FormData(quote_fields=False)
    form.add_field(
        "payload_json",
        json.dumps(
            {"content": "edited", "attachments": [{"id": b["id"]}, {"id": 0, "filename": "c.txt"}]}
        ),
    )
    form.add_field("files[0]", b"CCC", filename="c.txt")
    async with http.patch(f"{url}/{msg['id']}", data=form) as r:
        edited = await r.json()
    assert [x["filename"] for x in edited["attachments"]] == ["b.txt", "c.txt"]
    assert edited["edited_timestamp"] is not None
    stored = fake.message(msg["id"])
    assert stored.content == "edited" and stored.history[0]["content"] == "two files"

    for i in range(5):
        async with http.post(url, json={"content": f"m{i}"}) as r:
            assert r.status == 200
    async with http.get(url, params={"limit": "3"}) as r:
        newest = [m["content"] for m in await r.json()]
    assert newest == ["m4", "m3", "m2"]
    ids = [m.id for m in fake.messages(people.general)]
    async with http.get(url, params={"limit": "2", "after": str(ids[0])}) as r:
        assert [m["content"] for m in await r.json()] == ["m1", "m0"]
    async with http.get(url, params={"before": str(ids[2])}) as r:
        assert [m["content"] for m in await r.json()] == ["m0", "edited"]
    async with http.delete(f"{url}/{ids[1]}") as r:
        assert r.status == 204
    async with http.get(f"{url}/{ids[1]}") as r:
        assert r.status == 404 and (await r.json())["code"] == 10008


async def test_dms_closed_answer_403_50007(fake, people, http) -> None:
    async with http.post(
        api("/users/@me/channels"), json={"recipient_id": str(people.bob.id)}
    ) as r:
        dm = await r.json()
    assert dm["type"] == 1 and dm["recipients"][0]["id"] == str(people.bob.id)
    url = api(f"/channels/{dm['id']}/messages")
    async with http.post(url, json={"content": "hi"}) as r:
        assert r.status == 200
    fake.close_dms(people.bob)
    async with http.post(url, json={"content": "hi again"}) as r:
        assert r.status == 403
        assert await r.json() == {"message": "Cannot send messages to this user", "code": 50007}
    assert [m.content for m in fake.dms(people.bob)] == ["hi"]


async def test_faults_429_and_5xx(fake, people, http) -> None:
    fake.rate_limit("GET /users/@me", count=1, retry_after=1.5, is_global=True)
    async with http.get(api("/users/@me")) as r:
        assert r.status == 429
        assert r.headers["X-RateLimit-Remaining"] == "0"
        assert r.headers["X-RateLimit-Global"] == "true"
        assert r.headers["Retry-After"] == "2" and r.headers["Via"]
        assert await r.json() == {
            "message": "You are being rate limited.",
            "retry_after": 1.5,
            "global": True,
            "code": 0,
        }
    fake.fail_requests("GET /users/*", count=2, status=502)
    statuses = []
    for _ in range(3):
        async with http.get(api("/users/@me")) as r:
            statuses.append(r.status)
    assert statuses == [502, 502, 200]
    assert fake.stats.statuses[("GET /users/@me", 502)] == 2


async def test_bot_permissions_are_enforced(fake, people, http) -> None:
    url = api(f"/channels/{people.game.id}/messages")
    fake.set_overwrite(people.game, fake.bot, deny=Perm.SEND_MESSAGES)
    async with http.post(url, json={"content": "x"}) as r:
        assert r.status == 403 and (await r.json())["code"] == 50013
    fake.set_overwrite(people.game, people.guild, deny=Perm.VIEW_CHANNEL)  # @everyone
    async with http.post(url, json={"content": "x"}) as r:
        assert r.status == 403 and (await r.json())["code"] == 50001
    said = await fake.say(people.alice, people.general, "mine")
    async with http.patch(
        api(f"/channels/{people.general.id}/messages/{said.id}"), json={"content": "no"}
    ) as r:
        assert r.status == 403 and (await r.json())["code"] == 50005


async def test_command_sync_is_validated_and_keeps_ids(fake, http) -> None:
    url = api(f"/applications/{fake.application_id}/commands")
    bad = [{"name": "Bad Name", "description": "x", "type": 1}]
    async with http.put(url, json=bad) as r:
        body = await r.json()
    assert r.status == 400 and body["code"] == 50035
    good = [
        {
            "name": "gm",
            "description": "Game",
            "options": [{"type": 1, "name": "start", "description": "Start"}],
        }
    ]
    async with http.put(url, json=good) as r:
        (first,) = await r.json()
    async with http.put(url, json=good) as r:
        (again,) = await r.json()
    assert first["id"] == again["id"] and first["version"] == again["version"]
    async with http.post(url, json={"name": "help", "description": "Help"}) as r:
        assert r.status == 201
    async with http.get(url) as r:
        assert [c["name"] for c in await r.json()] == ["gm", "help"]
    async with http.delete(f"{url}/{first['id']}") as r:
        assert r.status == 204
    assert [c["name"] for c in fake.commands()] == ["help"]


async def test_threads(fake, people, http) -> None:
    async with http.post(
        api(f"/channels/{people.general.id}/messages"), json={"content": "start"}
    ) as r:
        msg = await r.json()
    async with http.post(
        api(f"/channels/{people.general.id}/messages/{msg['id']}/threads"), json={"name": "Game 1"}
    ) as r:
        thread = await r.json()
    assert r.status == 201 and thread["id"] == msg["id"] and thread["type"] == 11
    async with http.post(
        api(f"/channels/{thread['id']}/messages"), json={"content": "in thread"}
    ) as r:
        assert r.status == 200
    async with http.put(api(f"/channels/{thread['id']}/thread-members/{people.bob.id}")) as r:
        assert r.status == 204
    ch = fake.channel(thread["id"])
    assert ch.is_thread and people.bob.id in ch.thread_member_ids
    assert [m.content for m in fake.messages(ch)] == ["in thread"]
    assert fake.message(msg["id"]).thread_id == ch.id


async def test_fixed_segments_win_over_ids(fake, people, http) -> None:
    url = api(f"/applications/{fake.application_id}/guilds/{people.guild.id}/commands/permissions")
    async with http.get(url) as r:
        assert r.status == 200 and await r.json() == []
    async with http.get(api(f"/channels/{people.general.id}/messages/pins")) as r:
        assert r.status == 200 and await r.json() == {"items": [], "has_more": False}
