"""Whole games through the loopback Discord, from /gm create to the final standings, with
people acting only as people act."""

from tests.e2e.people import Player, final_posted, play_to_the_end


async def lobby(world, host, *others, **options):
    fake = world.fake
    rec = await fake.slash(world.users[host], world.channel, "gm create", **options)
    lobby_message = await rec.wait_reply(timeout=10)
    assert "Guild Master — game" in lobby_message.text()
    for name in others:
        join = await fake.click(
            world.users[name], fake.message(lobby_message.id), "gm:lobby:1:0:join"
        )
        await join.wait_reply(timeout=10)
    start = await fake.slash(world.users[host], world.channel, "gm start")
    assert "The game begins" in (await start.wait_reply(timeout=10)).text()
    return lobby_message


async def test_a_whole_two_player_game(world):
    await lobby(world, "kim", "chris", players=2, bots=False)
    players = [Player(world.fake, world.users[n]) for n in ("kim", "chris")]
    await play_to_the_end(world.fake, world.channel, players)
    channel_text = "\n".join(m.text() for m in world.fake.messages(world.channel))
    assert "— Round 9 of 9" in channel_text and "Final Fame" in channel_text
    assert any(
        a.filename == "standings.png"
        for m in world.fake.messages(world.channel)
        for a in m.attachments
    )


async def test_a_whole_four_player_game(world):
    await lobby(world, "kim", "chris", "morgan", "silvia", players=4, bots=False)
    players = [Player(world.fake, u) for u in world.users.values()]
    await play_to_the_end(world.fake, world.channel, players, limit=400)
    assert final_posted(world.fake, world.channel)
    channel_text = "\n".join(m.text() for m in world.fake.messages(world.channel))
    assert channel_text.count("Orders revealed") == 9
