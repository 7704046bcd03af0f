"""End to end: the small real discord.py bot against the fake, over real HTTP and websocket."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest

from bot.loopback import FakeDiscord, LoopbackError

from .testbot import LoopbackTestBot, running, tiny_png


async def test_commands_are_synced_as_a_group(fake: FakeDiscord, bot: LoopbackTestBot) -> None:
    cmds = {c["name"]: c for c in await fake.wait_for_commands("gm", "gmadmin")}
    gm, admin = cmds["gm"], cmds["gmadmin"]
    assert (cmds["Inspect"]["type"], cmds["Quote"]["type"]) == (2, 3)
    subs = {o["name"]: o for o in gm["options"]}
    assert {
        "create",
        "settings",
        "slow",
        "dm",
        "board",
        "post",
        "join",
        "who",
        "table",
        "where",
    } <= set(subs)
    assert subs["table"]["type"] == 2
    assert subs["table"]["options"][0]["name"] == "seat"
    assert admin["default_member_permissions"] == str(discord.Permissions.manage_guild.flag)
    assert admin["dm_permission"] is False
    players = subs["create"]["options"][0]
    assert (players["name"], players["type"], players["min_value"], players["max_value"]) == (
        "players",
        4,
        2,
        4,
    )
    assert fake.stats.calls["PUT /applications/{application_id}/commands"] == 1


async def test_reply_with_button_and_select_edited_on_click(fake, people, bot) -> None:
    rec = await fake.slash(people.alice, people.general, "gm create", players=2)
    reply = await rec.wait_reply()
    assert reply.content == "Game for 2 players. Joined: nobody yet"
    assert not reply.ephemeral
    assert reply.type == 20 and reply.interaction_id == rec.id
    assert {b["custom_id"] for b in reply.buttons()} == {"gm:join", "gm:later"}
    assert reply.selects()[0]["custom_id"] == "gm:colour"
    assert fake.messages(people.general) == [reply]

    click = await fake.click(people.bob, reply, "gm:join")
    await click.wait_reply()
    assert click.response_name == "update message"
    assert reply.content == "Game for 2 players. Joined: bob"
    assert reply.edited and reply.history[0]["content"].endswith("nobody yet")

    click = await fake.click(people.alice, reply, "gm:join")
    await click.wait_reply()
    assert reply.content == "Game for 2 players. Joined: bob, alice"
    assert reply.component("gm:join")["disabled"] is True
    with pytest.raises(LoopbackError, match="disabled"):
        await fake.click(people.carol, reply, "gm:join")

    pick = await fake.select(people.carol, reply, "gm:colour", ["green"])
    await pick.wait_reply()
    assert reply.content.endswith("Colour: green")
    with pytest.raises(LoopbackError, match="offers no"):
        await fake.select(people.carol, reply, "gm:colour", ["purple"])
    assert all(r.latency is not None and r.latency < 3 for r in (rec, click, pick))


async def test_deferred_update_then_edit_original(fake, people, bot) -> None:
    rec = await fake.slash(people.alice, people.general, "gm create", players=3)
    reply = await rec.wait_reply()
    later = await fake.click(people.alice, reply, "gm:later")
    answer = await later.wait_reply()
    assert later.response_name == "deferred update" and later.deferred
    assert answer is reply
    assert reply.content.endswith("(edited later)")
    assert fake.stats.calls["PATCH /webhooks/{webhook_id}/{token}/messages/{message_id}"] == 1


async def test_modal_opened_and_submission_read(fake, people, bot) -> None:
    rec = await fake.slash(people.bob, people.game, "gm settings")
    modal = await rec.wait_modal()
    assert modal["custom_id"] == "gm:settings" and modal["title"] == "Game settings"
    with pytest.raises(LoopbackError, match="required"):
        await fake.submit_modal(people.bob, rec, {"notes": "no title"})
    with pytest.raises(LoopbackError, match="only user"):
        await fake.submit_modal(people.alice, rec, {"title": "Mine"})
    sub = await fake.submit_modal(people.bob, rec, {"title": "Dragon night", "notes": "bring dice"})
    answer = await sub.wait_reply()
    assert answer.content == "Settings saved: title=Dragon night notes=bring dice"
    assert answer.ephemeral and sub.ephemeral
    assert fake.ephemerals(people.bob) == [answer]
    assert answer not in fake.messages(people.game)
    with pytest.raises(LoopbackError, match="already submitted"):
        await fake.submit_modal(people.bob, rec, {"title": "Again"})


async def test_defer_then_follow_ups(fake, people, bot) -> None:
    rec = await fake.slash(people.alice, people.general, "gm slow")
    await rec.wait_response()
    assert rec.response_name == "deferred reply"
    assert rec.original.loading
    first, second = await rec.wait_followups(2)
    # the first follow-up fills the "thinking" message; the second is a new, ephemeral one
    assert first is rec.original and first.content == "Done slowly" and not first.loading
    assert second.content == "A secret follow-up" and second.ephemeral
    assert (await rec.wait_reply()) is first
    assert [m.content for m in rec.seen] == ["Done slowly", "A secret follow-up"]
    assert fake.messages(people.general) == [first]
    assert fake.ephemerals(people.alice) == [second]


async def test_dm_sent_and_closed_dms_answer_50007(fake, people, bot) -> None:
    rec = await fake.slash(people.bob, people.general, "gm dm")
    ack = await rec.wait_reply()
    assert ack.content == "Sent you a DM" and ack.ephemeral
    dm = await fake.wait_for_dm(people.bob, contains="the Thief")
    assert fake.dms(people.bob) == [dm]
    assert fake.stats.calls["POST /users/@me/channels"] == 1

    fake.close_dms(people.bob)
    rec = await fake.slash(people.bob, people.general, "gm dm")
    ack = await rec.wait_reply()
    assert ack.content == "Cannot DM you (50007)"
    assert bot.dm_errors == [50007]
    assert fake.dms(people.bob) == [dm]
    assert fake.stats.statuses[("POST /channels/{channel_id}/messages", 403)] == 1


async def test_files_are_stored_and_served_back(fake, people, bot) -> None:
    rec = await fake.slash(people.alice, people.general, "gm board")
    reply = await rec.wait_reply()
    (att,) = reply.attachments
    assert (att.filename, att.data, att.content_type, att.width, att.height) == (
        "board.png",
        tiny_png(),
        "image/png",
        3,
        2,
    )
    async with aiohttp.ClientSession() as s, s.get(att.url) as r:
        assert r.status == 200 and await r.read() == tiny_png()

    rec = await fake.slash(people.alice, people.general, "gm post")
    await rec.wait_reply()
    log = await fake.wait_for_message(channel=people.general, contains="The log")
    assert log.attachments[0].filename == "log.txt" and log.attachments[0].data == b"round 1\n"
    # what the bot gets back is a real discord.Attachment it can read
    channel = bot.get_channel(people.general.id)
    fetched = await channel.fetch_message(log.id)
    assert await fetched.attachments[0].read() == b"round 1\n"


async def test_bot_retries_through_429s(fake, people, bot) -> None:
    rule = fake.rate_limit("POST /channels/{channel_id}/messages", count=2, retry_after=0.15)
    callback = fake.rate_limit("POST /interactions/*/callback", count=1, retry_after=0.1)
    rec = await fake.slash(people.alice, people.general, "gm post")
    ack = await rec.wait_reply()
    assert ack.content == "Posting"
    log = await fake.wait_for_message(channel=people.general, contains="The log")
    assert log.attachments[0].data == b"round 1\n"
    assert rule.hits == 2 and callback.hits == 1
    route = "POST /channels/{channel_id}/messages"
    assert fake.stats.statuses[(route, 429)] == 2
    assert fake.stats.statuses[(route, 200)] == 1
    assert fake.stats.statuses[("POST /interactions/{interaction_id}/{token}/callback", 429)] == 1


async def test_reconnect_and_resume_after_the_socket_is_dropped(fake, people, bot) -> None:
    session_before = next(iter(fake.gateway.active.values()))
    assert await fake.drop_gateway() == 1
    # sent while the bot is away: kept by the session and replayed on RESUME
    rec = await fake.slash(people.alice, people.general, "gm create", players=4)
    await fake.wait_for_resume()
    assert (await rec.wait_reply()).content.startswith("Game for 4 players")
    assert next(iter(fake.gateway.active.values())) is session_before
    assert fake.gateway.identifies == 1

    fake.request_reconnect()
    await fake.wait_for_resume(2)
    rec = await fake.slash(people.alice, people.general, "gm create", players=2)
    await rec.wait_reply()

    assert fake.invalidate_session() == 1
    await fake.wait_for(lambda: fake.gateway.identifies == 2, what="a new IDENTIFY")
    await fake.wait_until_connected()
    rec = await fake.slash(people.alice, people.general, "gm create", players=3)
    assert (await rec.wait_reply()).content.startswith("Game for 3 players")


async def test_subcommand_of_a_group(fake, people, bot) -> None:
    rec = await fake.slash(people.bob, people.game, "gm table seat", number=2)
    assert (await rec.wait_reply()).content == "bob sits at seat 2"
    (top,) = rec.data["options"]
    assert (top["name"], top["type"]) == ("table", 2)
    assert top["options"] == [
        {"name": "seat", "type": 1, "options": [{"name": "number", "type": 4, "value": 2}]}
    ]


async def test_permissions_hide_admin_commands(fake, people, bot) -> None:
    with pytest.raises(LoopbackError, match="hidden from bob"):
        await fake.slash(people.bob, people.general, "gmadmin reset")
    with pytest.raises(LoopbackError, match="not offered in DMs"):
        await fake.slash(people.alice, fake.dm_channel(people.alice), "gmadmin reset")
    for who in (people.carol, people.alice):  # Manage Server through a role; the owner
        rec = await fake.slash(who, people.general, "gmadmin reset")
        assert (await rec.wait_reply()).content == f"reset by {who.username}"
        member = rec.payload["member"]
        assert int(member["permissions"]) & discord.Permissions.manage_guild.flag
    # the bot's own check can be tested by skipping the client's
    rec = await fake.invoke(people.bob, people.general, "gmadmin reset", check_permissions=False)
    await rec.wait_response()


async def test_options_are_checked_against_the_schema(fake, people, bot) -> None:
    with pytest.raises(LoopbackError, match=r"outside 2\.\.4"):
        await fake.slash(people.alice, people.general, "gm create", players=9)
    with pytest.raises(LoopbackError, match="needs option 'players'"):
        await fake.slash(people.alice, people.general, "gm create")
    with pytest.raises(LoopbackError, match="no option 'colour'"):
        await fake.slash(people.alice, people.general, "gm create", players=2, colour="red")
    with pytest.raises(LoopbackError, match="needs a subcommand"):
        await fake.slash(people.alice, people.general, "gm")
    with pytest.raises(LoopbackError, match="no slash command /chess"):
        await fake.slash(people.alice, people.general, "chess")
    with pytest.raises(LoopbackError, match="integer option"):
        await fake.slash(people.alice, people.general, "gm create", players="3")


async def test_user_option_resolves_member(fake, people, bot) -> None:
    rec = await fake.slash(people.alice, people.general, "gm who", target=people.bob)
    assert (await rec.wait_reply()).content == "bob is a member"
    resolved = rec.data["resolved"]
    assert set(resolved["users"]) == {str(people.bob.id)}
    assert "permissions" in resolved["members"][str(people.bob.id)]


async def test_autocomplete(fake, people, bot) -> None:
    rec = await fake.autocomplete(people.bob, people.general, "gm join", "game", game="temp")
    choices = await rec.wait_choices()
    assert [c["value"] for c in choices] == ["Sunken Temple"]
    rec = await fake.autocomplete(people.bob, people.general, "gm join", "game", game="")
    assert len(await rec.wait_choices()) == 4
    rec = await fake.slash(people.bob, people.general, "gm join", game="Sunken Temple")
    assert (await rec.wait_reply()).content == "joined Sunken Temple"


async def test_messages_from_people_reach_the_bot(fake, people, bot) -> None:
    mark = fake.mark()
    said = await fake.say(people.bob, people.general, "!ping")
    pong = await fake.wait_for_message(channel=people.general, author=fake.bot, since=mark)
    assert pong.content == "pong bob"
    assert [m for kind, m in bot.seen if kind == "message" and m.id == said.id]
    # and in DMs
    dm = fake.dm_channel(people.carol)
    await fake.say(people.carol, dm, "!ping")
    assert (await fake.wait_for_dm(people.carol, contains="pong")).content == "pong carol"


async def test_slash_in_dms(fake, people, bot) -> None:
    rec = await fake.slash(people.bob, fake.dm_channel(people.bob), "gm create", players=2)
    reply = await rec.wait_reply()
    assert reply.channel_id == fake.dm_channel(people.bob).id
    assert "user" in rec.payload and "member" not in rec.payload
    assert rec.shard_id == 0


async def test_a_bot_too_slow_gets_unknown_interaction(fake, people) -> None:
    fake.interaction_deadline = 0.05
    client = LoopbackTestBot()

    @client.tree.command(name="sleepy", description="Answers too late")
    async def sleepy(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.2)
        try:
            await interaction.response.send_message("too late")
        except discord.NotFound as e:
            client.dm_errors.append(e.code)

    async with running(client, fake.bot_token, fake):
        rec = await fake.slash(people.alice, people.general, "sleepy")
        await fake.wait_for(lambda: client.dm_errors, what="the bot to see 10062")
        assert client.dm_errors == [10062]
        assert not rec.responded and rec.errors[0]["code"] == 10062


async def test_stats_give_latency_percentiles_and_route_counts(fake, people, bot) -> None:
    recs = [
        await fake.slash(people.alice, people.general, "gm create", players=2) for _ in range(20)
    ]
    await asyncio.gather(*(r.wait_reply() for r in recs))
    summary = fake.stats.latency_summary()
    assert summary["count"] == 20
    assert 0 < summary["p50"] <= summary["p99"] <= summary["max"] < 3
    assert fake.stats.calls["POST /interactions/{interaction_id}/{token}/callback"] == 20
    assert fake.gateway.events_sent["INTERACTION_CREATE"] == 20


async def test_context_menus(fake, people, bot) -> None:
    rec = await fake.user_command(people.alice, people.general, "Inspect", people.carol)
    assert (await rec.wait_reply()).content == "carol has 1 role(s)"
    said = await fake.say(people.bob, people.general, "dragons are real")
    rec = await fake.message_command(people.alice, people.general, "Quote", said)
    assert (await rec.wait_reply()).content == "> dragons are real (by bob)"
    assert rec.payload["data"]["type"] == 3 and rec.payload["data"]["target_id"] == str(said.id)


async def test_discord_py_rest_helpers_understand_the_fake(fake, people, bot) -> None:
    channel = await bot.fetch_channel(people.general.id)
    assert isinstance(channel, discord.TextChannel) and channel.name == "general"
    sent = await channel.send("hello", embed=discord.Embed(title="Board", description="empty"))
    await sent.edit(content="hello again")
    await sent.add_reaction("\N{THUMBS UP SIGN}")
    await sent.pin()
    thread = await sent.create_thread(name="Round 1")
    await thread.send("in the thread")
    stored = fake.message(sent.id)
    assert stored.content == "hello again" and stored.embeds[0]["title"] == "Board"
    assert stored.reactions == {"\N{THUMBS UP SIGN}": {fake.bot.id}} and stored.pinned
    assert [m.content for m in fake.messages(thread.id)] == ["in the thread"]
    history = [m.content async for m in channel.history(limit=10)]
    assert history == ["hello again"]
    member = await bot.get_guild(people.guild.id).fetch_member(people.carol.id)
    assert [r.name for r in member.roles[1:]] == ["Mods"]
    user = await bot.fetch_user(people.bob.id)
    dm = await user.create_dm()
    await dm.send("psst")
    assert [m.content for m in fake.dms(people.bob)] == ["psst"]
    roles = await bot.get_guild(people.guild.id).fetch_roles()
    assert {r.name for r in roles} == {"@everyone", "Loopback Bot", "Mods"}
    synced = await bot.tree.fetch_commands()
    assert {c.name for c in synced} == {"gm", "gmadmin", "Inspect", "Quote"}
    pins = [m async for m in channel.pins()]
    assert [m.id for m in pins] == [sent.id] and pins[0].pinned_at is not None
    extra = [await channel.send(f"extra {i}") for i in range(3)]
    await channel.delete_messages(extra)
    assert all(fake.message(m.id).deleted for m in extra)
    await sent.delete()
    assert fake.message(sent.id).deleted
    assert not fake.stats.unknown_routes


async def test_gateway_compression_is_what_discord_py_asked_for(fake, bot) -> None:
    # zlib-stream normally; zstd-stream when discord.py can import a zstd module (and so can we)
    (conn,) = fake.gateway.connections
    assert conn.compress == discord.utils._ActiveDecompressionContext.COMPRESSION_TYPE
    assert conn.heartbeats >= 1
