"""Who may do what, through the loopback Discord (issue 8): only a seat's player acts for it;
only the host or a member with Manage Server runs the host commands, each of which is refused
to a plain member (seated or not) and changes nothing then."""

from __future__ import annotations

import pytest

from bot.loopback import Perm
from tests.e2e.test_games import lobby
from tests.e2e.test_hostile import refused, unchanged
from tests.e2e.test_robustness import setup_choices

HOST_ONLY = "Only the host or a member with Manage Server can do that."

# Each host command, in an order where each one can be done, and what it answers when done.
ADMIN = (
    ("gm pause", {}, "The game is paused"),
    ("gm resume", {}, "The game goes on"),
    ("gm extend", {"minutes": 5}, "Deadline moved"),
    ("gm force", {}, "forces the game on"),
    ("gm replace", {"guild": 2}, "now played by a built-in player"),
    ("gm end", {}, "ended by the host"),
)


async def test_a_seat_is_acted_for_only_by_its_player(world):
    """Kim cannot send Chris's controls; once the host has Chris's guild played by a built-in
    player, Chris's own prompt no longer acts for it."""
    fake = world.fake
    kim, chris = world.users["kim"], world.users["chris"]
    await lobby(world, "kim", "chris", players=2, bots=False)
    kim_prompt = await fake.wait_for_dm(kim, contains="three contracts", timeout=10)
    chris_prompt = await fake.wait_for_dm(chris, contains="three contracts", timeout=10)
    await world.settled()
    before = {1: await world.record(1)}
    select = chris_prompt.selects()[0]
    value = [select["options"][0]["value"]]
    forged = await fake.forge_component(kim, kim_prompt, select["custom_id"], value)
    await refused(forged, "not on this message")
    await unchanged(world, before)

    await (await fake.slash(kim, world.channel, "gm replace", guild=2)).wait_reply(timeout=10)
    await world.settled()
    before = {1: await world.record(1)}
    rec = await fake.select(chris, fake.message(chris_prompt.id), select["custom_id"], value)
    await refused(rec, "You do not play a guild in this game", "nothing was changed")
    await unchanged(world, before)


@pytest.mark.parametrize("actor", ["host", "manage_server"])
async def test_host_commands_are_refused_to_plain_members(world, actor):
    """Every host command: refused (and nothing changes) to Chris, who plays but is not the
    host, and to Silvia, who neither plays nor manages the server; done for the host, or for
    Morgan, a member with Manage Server who does not play."""
    fake = world.fake
    world.bot.actions.rate_limit = 10_000
    users = world.users
    managers = fake.create_role(world.guild, "Managers", permissions=Perm.MANAGE_GUILD)
    fake.set_roles(world.guild, users["morgan"], [managers])
    await lobby(world, "kim", "chris", players=2, bots=False, deadline=30)
    await setup_choices(world, "kim")
    await world.settled()
    doer = users["kim"] if actor == "host" else users["morgan"]
    for command, options, done in ADMIN:
        before = {1: await world.record(1)}
        for plain in (users["chris"], users["silvia"]):
            rec = await fake.invoke(plain, world.channel, command, options)
            await refused(rec, HOST_ONLY)
        await unchanged(world, before)
        rec = await fake.invoke(doer, world.channel, command, options)
        reply = await rec.wait_reply(timeout=10)
        assert done in reply.text() and not reply.ephemeral, (command, reply.text())
        await world.settled()
    game = await world.bot.store.get_game(1)
    assert game.status == "abandoned"
