"""Ratings, statistics and recaps through the loopback Discord (issue 25): two finished games of
Smiths of Winterforge, kim against a built-in guild; each ends with the recap under its final
standings, and `/stats leaderboard` and `/stats profile` then answer with the ratings OpenSkill
gives those two results and the statistics counted from the events."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.chronicle import recap, recap_text
from bot.ratings import MODEL
from tests.e2e.people import anything_new
from tests.e2e.test_winterforge import Smith, channel_text


async def finish(world: Any, game_id: int) -> None:
    """kim creates a two-guild game (a built-in guild fills the other seat), starts it and plays
    it from the DM prompts to its end."""
    fake, kim = world.fake, world.users["kim"]
    rec = await fake.slash(kim, world.channel, "gm create", game="winterforge", players=2)
    assert f"Smiths of Winterforge — game {game_id}" in (await rec.wait_reply(timeout=10)).text()
    start = await fake.slash(kim, world.channel, "gm start")
    assert "The game begins" in (await start.wait_reply(timeout=10)).text()
    smith = Smith(fake, kim)
    loop = asyncio.get_running_loop()
    end = loop.time() + 300
    while (await world.bot.store.get_game(game_id)).status != "ended":
        assert loop.time() < end, "the game did not end in time"
        if not await smith.act_once():
            await anything_new(fake)
    await world.settled()


async def places_and_contracts(world: Any, game_id: int) -> tuple[list[int], int]:
    """The game's final places (the rules' ranking, its winners sharing first) and how many
    Contracts kim completed, read from the stored events."""
    events = [e for _, e in await world.bot.store.read(game_id)]
    result = next(e for e in events if type(e).__name__ == "GameEnded").result
    places = [0 if s in result.winners else result.ranking.index(s) for s in range(2)]
    done = sum(1 for e in events if type(e).__name__ == "ContractCompleted" and e.seat == 0)
    return places, done


async def ask(world: Any, user: str, command: str, **options: Any) -> str:
    rec = await world.fake.slash(world.users[user], world.channel, command, **options)
    return (await rec.wait_reply(timeout=10)).text()


async def test_recaps_then_the_leaderboard_and_profiles_after_two_games(world):
    kim = world.users["kim"]
    results = []
    for game_id in (1, 2):
        before = len(world.fake.messages(world.channel))
        await finish(world, game_id)
        posts = [m.text() for m in world.fake.messages(world.channel)[before:]]
        # The recap is posted once, after the final standings, and says what the events say.
        at = [i for i, t in enumerate(posts) if "Recap of this game of Smiths of Winterforge" in t]
        assert len(at) == 1, posts[-3:]
        standings = [
            i
            for i, t in enumerate(posts)
            if "wins Smiths of Winterforge!" in t or "share the win" in t
        ]
        assert standings and standings[-1] < at[0], posts[-3:]
        events = [e for _, e in await world.bot.store.read(game_id)]
        names = [s.name for s in await world.bot.store.seats(game_id)]
        expected = recap_text("Smiths of Winterforge", recap("winterforge", events, names))
        assert posts[at[0]] == expected
        assert "• Biggest forge: " in expected and "• First Royal Contract: " in expected
        results.append(await places_and_contracts(world, game_id))

    # The ratings by hand from OpenSkill's model, game by game.
    me, bot = MODEL.rating(), MODEL.rating()
    for places, _ in results:
        [[me], [bot]] = MODEL.rate([[me], [bot]], ranks=places)
    wins = sum(places[0] == 0 for places, _ in results)
    contracts = sum(done for _, done in results)
    mine = me.mu - 3 * me.sigma

    board = await ask(world, "chris", "stats leaderboard")
    assert "Smiths of Winterforge — ratings on this server" in board
    line = f"**{mine:.1f}** kim — 2 games, {wins} {'win' if wins == 1 else 'wins'}"
    assert line in board, board
    assert f"(μ {me.mu:.1f}, σ {me.sigma:.1f})" in board
    assert "Built-in — 2 games" in board
    # The same with the game chosen.
    assert await ask(world, "chris", "stats leaderboard", game="winterforge") == board

    own = await ask(world, "kim", "stats profile")
    other = await ask(world, "chris", "stats profile", member=kim.id)
    for text in (own, other):
        assert f"**Smiths of Winterforge**: {line}" in text, text
        assert f"Contracts completed {contracts}, " in text
        assert "Royal Contracts " in text and "skills raised " in text
    assert "kim on this server" in other
    nobody = await ask(world, "kim", "stats profile", member=world.users["silvia"].id)
    assert "has no finished game on this server yet" in nobody
    assert "Recap of this game" in channel_text(world)
    assert "`/stats leaderboard`, `/stats profile`" in await ask(world, "chris", "gm help")
