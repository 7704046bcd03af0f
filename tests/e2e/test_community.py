"""Issue 25's last three features through the loopback Discord, as people use them: a host offers
an absent player's seat and a volunteer takes it with one click (the seat's secrets come to the
newcomer by DM and to nobody else; the offer survives a restart), spectators follow a game by
DM and never see a seat's secret, every seat's view is open once the game is over, and a
server's admins choose what /gm create allows."""

from __future__ import annotations

from typing import Any

from bot.loopback import FakeDiscord
from tests.e2e.people import anything_new, open_prompt
from tests.e2e.test_town import Townsfolk, assert_no_hidden_cards, channel_text, play_town

TAKE = "gm:seat:1:{seat}:take"


async def ask(world: Any, user: str, command: str, channel: Any = None, **options: Any) -> Any:
    """A slash command and the answer its sender sees."""
    rec = await world.fake.slash(world.users[user], channel or world.channel, command, **options)
    return await rec.wait_reply(timeout=10)


async def press(world: Any, user: str, message: Any, custom_id: str) -> str:
    rec = await world.fake.click(world.users[user], world.fake.message(message.id), custom_id)
    return (await rec.wait_reply(timeout=10)).text()


async def two_player_town(world: Any) -> None:
    """kim hosts a town game for two people; chris joins; kim starts it."""
    lobby = await ask(world, "kim", "gm create", game="town", players=2, bots=False)
    join = await world.fake.click(world.users["chris"], lobby, "gm:lobby:1:0:join")
    await join.wait_reply(timeout=10)
    assert "The game begins" in (await ask(world, "kim", "gm start")).text()
    await world.settled()


def dm_texts(fake: FakeDiscord, user: Any, after: int = 0) -> list[str]:
    return [m.text() for m in fake.dms(user) if m.id > after]


def newest(fake: FakeDiscord, users: dict[str, Any]) -> int:
    return max((m.id for u in users.values() for m in fake.dms(u)), default=0)


async def test_a_volunteer_takes_an_absent_players_seat(world):
    fake, users = world.fake, world.users
    world.bot.actions.rate_limit = 10_000  # two test players answer faster than people click
    await two_player_town(world)
    # kim plays until the game waits for chris, who is away.
    kim = Townsfolk(fake, users["kim"])
    for _ in range(20):
        if open_prompt(fake, users["chris"]) is not None:
            break
        await kim.act_once()
        await world.settled()
    chris_prompts = [(m.id, m.custom_ids()) for m in fake.dms(users["chris"]) if m.custom_ids()]
    assert chris_prompts, "the game waits for chris"

    # chris is away: kim, the host, offers chris's seat; nobody else may.
    refused = await ask(world, "morgan", "seat open", seat=2)
    assert "Only the host" in refused.text() and refused.ephemeral
    offer = await ask(world, "kim", "seat open", seat=2)
    assert "Player 2 needs a player" in offer.text() and not offer.ephemeral
    assert "chris holds it until then" in offer.text()
    assert TAKE.format(seat=1) in offer.custom_ids()
    again = await ask(world, "kim", "seat open", seat=2)
    assert "offered already" in again.text()

    # kim plays in this game already; silvia's DMs are closed: she is told how to open them,
    # and the seat stays chris's, offered.
    assert "You already play player 1" in await press(world, "kim", offer, TAKE.format(seat=1))
    fake.close_dms(users["silvia"])
    closed = await fake.click(users["silvia"], fake.message(offer.id), TAKE.format(seat=1))
    answer = await closed.wait_reply(timeout=10)
    assert "allow DMs" in answer.text() and answer.ephemeral and "stays open" in answer.text()
    seats = await world.bot.store.seats(1)
    assert seats[1].user_id == users["chris"].id

    # The bot restarts; the offer and its button still work.
    await world.stop_bot()
    await world.start_bot()
    world.bot.actions.rate_limit = 10_000
    mark = newest(fake, users)
    taken = await press(world, "morgan", offer, TAKE.format(seat=1))
    assert "You play player 2 of game 1 now" in taken, taken
    await world.settled()
    await anything_new(fake, timeout=0.5)
    assert "taken by morgan (after chris)" in fake.message(offer.id).text()
    assert not fake.message(offer.id).custom_ids()

    # The newcomer has the seat's hand (and its prompt, if it is waited for) by DM...
    got = dm_texts(fake, users["morgan"], mark)
    assert any("You take player 2 of game 1" in t for t in got)
    hand = next(t for t in got if "Your hand" in t)
    shown = await ask(world, "morgan", "gm hand")
    assert shown.text() == hand and shown.ephemeral
    prompts = [m for m in fake.dms(users["morgan"]) if m.id > mark and m.custom_ids()]
    assert any(i.split(":")[3] == "1" for m in prompts for i in m.custom_ids()), prompts
    # ... which nobody else gets.
    for name in ("kim", "chris", "silvia"):
        assert hand not in dm_texts(fake, users[name], mark)
    # chris's prompts are closed with the reason; chris no longer plays the seat.
    for prompt, _controls in chris_prompts:
        now = fake.message(prompt)
        assert not now.custom_ids() and "played by someone else now" in now.text()
    gone = await ask(world, "chris", "gm decide")
    assert "You do not play a player in this game" in gone.text()
    # A stale click from chris's old prompt (forged: its buttons are gone) changes nothing.
    before = await world.record()
    prompt, controls = chris_prompts[-1]
    forged = await fake.forge_component(users["chris"], fake.message(prompt), controls[0])
    assert "nothing was changed" in (await forged.wait_reply(timeout=10)).text()
    assert (await world.record())["version"] == before["version"]
    # The seat is not offered any more; while the game is on, only one's own seat's view.
    fake.open_dms(users["silvia"])
    late = await ask(world, "silvia", "seat take", seat=2)
    assert "Player 2 is not offered (any more)" in late.text(), late.text()
    early = await ask(world, "silvia", "gm hand", seat=2)
    assert "Only your own player's view while the game is on" in early.text()

    # kim and morgan play the game to its end.
    folk = [Townsfolk(fake, users["kim"]), Townsfolk(fake, users["morgan"])]
    await play_town(world, folk, trade=False)
    assert "wins Founders' Town!" in channel_text(fake, world.channel)
    over = await ask(world, "kim", "seat open", seat=1)
    assert "no game in this channel" in over.text()

    # Once it is over, everybody may see every seat's view, at any moment of the game.
    after = await ask(world, "silvia", "gm hand", seat=2)
    assert "Your hand" in after.text() and after.ephemeral
    rec = await fake.autocomplete(users["silvia"], world.channel, "gm hand", "at", at="")
    choices = await rec.wait_choices(timeout=10)
    assert choices and all(c["name"].endswith("(end)") for c in choices)
    then = await ask(world, "silvia", "gm hand", seat=1, at=choices[0]["value"])
    assert "Your hand" in then.text()


async def test_spectators_follow_a_game_by_dm_and_see_no_secret(world):
    fake, users = world.fake, world.users
    world.bot.actions.rate_limit = 10_000
    await two_player_town(world)
    seated = await ask(world, "kim", "gm watch")
    assert "You play player 1 in this game" in seated.text()

    watching = await ask(world, "morgan", "gm watch")
    assert "You watch game 1" in watching.text() and watching.ephemeral
    first = next(m for m in fake.dms(users["morgan"]) if m.custom_ids())
    assert first.custom_ids() == ["gm:unwatch:1:0:stop"]
    assert "You watch game 1 (Founders' Town)" in first.text()

    # silvia watches, then stops with the button: nothing more comes to her.
    await ask(world, "silvia", "gm watch")
    stop = await fake.click(
        users["silvia"], next(m for m in fake.dms(users["silvia"])), "gm:unwatch:1:0:stop"
    )
    assert "no longer watch game 1" in (await stop.wait_reply(timeout=10)).text()
    stopped_at = len(fake.dms(users["silvia"]))

    folk = [Townsfolk(fake, users["kim"]), Townsfolk(fake, users["chris"])]
    await play_town(world, folk, trade=False)
    await anything_new(fake, timeout=0.5)
    seen = "\n".join(dm_texts(fake, users["morgan"]))
    assert "wins Founders' Town!" in seen
    # The channel's lines came to the spectator, and nothing only a seat sees.
    lines = [
        line
        for m in fake.messages(world.channel)
        for line in m.text().split("\n")
        if "draws" in line or "builds" in line
    ]
    assert lines and all(line in seen for line in lines[-5:]), lines[-5:]
    assert "Your hand" not in seen and "only you" not in seen
    await assert_no_hidden_cards(world, seen)
    assert len(fake.dms(users["silvia"])) == stopped_at


async def test_server_settings_are_kept_and_honoured_by_create(world):
    fake, users = world.fake, world.users
    shown = await ask(world, "chris", "gm settings")
    assert "Games allowed (`games`)" in shown.text() and "the bot's default" in shown.text()
    refused = await ask(world, "chris", "gm settings", games="town")
    assert "Only members with Manage Server" in refused.text()
    saved = await ask(
        world, "kim", "gm settings", games="town", bots=False, deadline=30, where="threads"
    )
    assert "Saved." in saved.text() and "Founders' Town (`town`) (set here)" in saved.text()

    other = await ask(world, "kim", "gm create", game="guild-master")
    assert "Guild Master is not played on this server" in other.text()
    assert "Founders' Town (`town`)" in other.text()
    here = await ask(world, "kim", "gm create", game="town")
    assert "in a thread of its own" in here.text()
    thread = fake.create_thread(world.channel, "Town night", owner=users["kim"])
    bots = await ask(world, "kim", "gm create", channel=thread, game="town", bots=True)
    assert "does not allow built-in players" in bots.text()
    lobby = await ask(world, "kim", "gm create", channel=thread, game="town", players=2)
    assert "no built-in players" in lobby.text() and "build 30 min" in lobby.text()

    # Kept in the database: a restart shows the same settings.
    await world.stop_bot()
    await world.start_bot()
    kept = await ask(world, "chris", "gm settings")
    assert "30 min every phase (set here)" in kept.text()
    assert "not allowed (every seat is a person's)" in kept.text()
    reset = await ask(world, "kim", "gm settings", reset="all")
    assert "set here" not in reset.text() and "any channel or thread" in reset.text()
    created = await ask(world, "kim", "gm create", game="guild-master")
    assert "Guild Master — game 2" in created.text()
