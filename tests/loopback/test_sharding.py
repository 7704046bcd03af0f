"""An AutoShardedClient asks /gateway/bot for the shard count and gets each guild's events on
the shard (guild_id >> 22) % shard_count; DMs go to shard 0."""

from __future__ import annotations

from bot.loopback import FakeDiscord, shard_of

from .testbot import ShardedTestBot, running


async def test_two_shards_each_get_their_guilds_interactions() -> None:
    fake = await FakeDiscord.start(shard_count=2)
    try:
        with fake.patch_discord():
            alice = fake.create_user("alice")
            guilds = [
                fake.create_guild(f"Guild {i}", owner=alice, shard=(i % 2, 2)) for i in range(4)
            ]
            assert [shard_of(g.id, 2) for g in guilds] == [0, 1, 0, 1]
            client = ShardedTestBot()
            async with running(client, fake.bot_token, fake, shard_count=2):
                assert fake.stats.calls["GET /gateway/bot"] == 1
                assert client.shard_count == 2
                assert sorted(fake.gateway.active) == [(0, 2), (1, 2)]
                # each shard was sent only its own guilds
                for (shard_id, _), session in fake.gateway.active.items():
                    assert session.guild_ids == {
                        g.id for g in guilds if shard_of(g.id, 2) == shard_id
                    }
                for g in guilds:
                    expected = shard_of(g.id, 2)
                    rec = await fake.slash(alice, fake.text_channels(g)[0], "gm where")
                    reply = await rec.wait_reply()
                    assert rec.shard_id == expected
                    assert reply.content == f"shard {expected}"
                    assert client.get_guild(g.id).shard_id == expected
                rec = await fake.slash(alice, fake.dm_channel(alice), "gm where")
                assert (await rec.wait_reply()).content == "shard 0"
                assert rec.shard_id == 0
                # a guild that joins later goes to its shard too
                late = fake.create_guild("Late", owner=alice, shard=(1, 2))
                await fake.wait_for(lambda: client.get_guild(late.id), what="the late guild")
                rec = await fake.slash(alice, fake.text_channels(late)[0], "gm where")
                assert (await rec.wait_reply()).content == "shard 1"
                # dropping one shard's socket: that shard resumes, the other is untouched
                await fake.drop_gateway(1)
                await fake.wait_for_resume()
                assert fake.gateway.active[(0, 2)].resumes == 0
                rec = await fake.slash(alice, fake.text_channels(guilds[1])[0], "gm where")
                assert (await rec.wait_reply()).content == "shard 1"
    finally:
        await fake.stop()
