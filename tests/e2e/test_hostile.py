"""Hostile and malformed input through the loopback Discord (issue 8): forged custom ids of every
control family the bot encodes, other games' and other seats' ids, out-of-range numbers in
selects and modals, huge and odd strings, names made of mentions, markdown and invisible
characters, people outside the game, and server commands sent in DMs. Each gets a clear, private
answer, and the store is left as it was (row, seats, events and deadlines of every game)."""

from __future__ import annotations

import itertools
import re

import pytest

from tests.e2e.test_contest import open_contest
from tests.e2e.test_games import lobby
from tests.e2e.test_robustness import setup_choices

# Every control family of bot/render (its action), with a well-formed argument.
FAMILIES = {
    "lobby": "join",
    "obspace": "1:orders",
    "obteam": "1",
    "obobj": "1",
    "obgold": "1:1",
    "obgoldset": "1",
    "obclear": "1",
    "obready": "1",
    "obfallback": "1",
    "obreplace": "1",
    "obbuild": "1",
    "obskill": "1",
    "obrolls": "1",
    "obcoop": "1",
    "opt": "setup.0123456789",
    "optsel": "setup",
    "default": "setup",
    "builds": "1",
    "coop": "combat",
    "correct": "1",
    "rollgo": "auto",
    "rollre": "",
    "rollfix": "5",
    "rollboon": "0",
    "split": "yes",
    "propose": "1",
    "splitg": "1/d/d/d",
    "splitbk": "1/d/d/d",
    "splitgo": "1/d/d/d",
}
MODALS = {"obgoldm": "1", "correctm": "1"}
ODD_ARGS = ("x", "-1", "99", "²", "٣", "1:99999", "1:-99999", ":", "9" * 80, "@everyone")
ODD_NUMBERS = ("²", "٣", "-5", "1e3", "0x10", "1000", " ", "@everyone", "9" * 4000, "1" * 4000)
TRIED: dict[str, int] = {}  # what each test sent, for docs/reliability.md


@pytest.fixture(autouse=True)
def _count(request):
    yield
    print(f"\n{request.node.name}: {TRIED.get(request.node.name, 0)} hostile inputs")


def tried(request, n: int = 1) -> None:
    TRIED[request.node.name] = TRIED.get(request.node.name, 0) + n


async def refused(rec, *words: str, ephemeral: bool = True):
    """The bot answered privately, with every one of `words` in its answer."""
    reply = await rec.wait_reply(timeout=10)
    text = reply.text()
    assert reply.ephemeral or not ephemeral, f"a public answer: {text!r}"
    for w in words:
        assert w in text, f"{w!r} not in the answer {text!r}"
    return reply


async def two_games(world):
    """Game 1 (Kim and Chris) in #general at its first Order Phase; game 2 (Morgan and Silvia)
    running in #backroom. Returns Kim's order board (a DM) and game 1's lobby message."""
    fake = world.fake
    world.bot.actions.rate_limit = 10_000  # these tests flood on purpose (the limiter: below)
    first = await lobby(world, "kim", "chris", players=2, bots=False)
    backroom = fake.create_channel(world.guild, "backroom")
    rec = await fake.slash(world.users["morgan"], backroom, "gm create", players=2, bots=False)
    second = await rec.wait_reply(timeout=10)
    await (await fake.click(world.users["silvia"], second, "gm:lobby:2:0:join")).wait_reply(
        timeout=10
    )
    await (await fake.slash(world.users["morgan"], backroom, "gm start")).wait_reply(timeout=10)
    await setup_choices(world, "kim", "chris")
    board = await fake.wait_for_dm(world.users["kim"], contains="your orders", timeout=10)
    await world.settled()
    return board, fake.message(first.id), backroom


async def unchanged(world, before):
    await world.settled()
    after = {g: await world.record(g) for g in before}
    for g in before:
        assert after[g] == before[g], f"game {g} changed"


async def test_forged_custom_ids_of_every_control_family_are_refused(world, request):
    """Ids of this game's controls that are not on the message, other seats', other games',
    games that do not exist, odd arguments and badly formed ids, on a DM board and on the
    lobby message in the channel."""
    fake = world.fake
    kim = world.users["kim"]
    board, lobby_message, _ = await two_games(world)
    before = {g: await world.record(g) for g in (1, 2)}
    ids = []
    for action, arg in FAMILIES.items():
        ids += [
            f"gm:{action}:{game}:{seat}:{arg}"
            for game, seat in itertools.product((1, 2, 999, -1, 2**70), (0, 1, -1, 7))
        ]
        ids += [f"gm:{action}:1:0:{odd}" for odd in ODD_ARGS]
        ids += [f"gm:{action}:one:0:{arg}", f"gm:{action}", f"xx:{action}:1:0:{arg}"]
    ids += ["", "gm", "gm::::", "gm:ob ready:1:0:1", "gm:obready:1:0:1" + "9" * 200, "🙂" * 50]
    on_board = set(board.custom_ids())
    for custom_id in ids:
        for message in (board, lobby_message):
            if custom_id in message.custom_ids():
                continue  # the real control: not a forgery
            rec = await fake.forge_component(kim, message, custom_id)
            tried(request)
            reply = await refused(rec)
            assert re.search("not on this message|not one of the game's", reply.text())
    # The same forged ids as choices in a select.
    for custom_id in [i for i in ids if i not in on_board][:60]:
        rec = await fake.forge_component(kim, board, custom_id, ["1"])
        tried(request)
        await refused(rec, "nothing was changed")
    await unchanged(world, before)


async def test_out_of_range_choices_in_real_selects_are_refused(world, request):
    """The board's own selects with values it does not offer: unknown or other guilds'
    adventurers, too many of them, objectives that do not exist, a 4,000-character value; and
    the setup prompt's select with a made-up answer."""
    fake = world.fake
    kim = world.users["kim"]
    board, _, _ = await two_games(world)
    state, _ = await world.bot.service.load(1)
    theirs = list(state.guilds[1].adventurers)
    mine = list(state.guilds[0].adventurers)
    before = {g: await world.record(g) for g in (1, 2)}
    for values in (
        ["nobody"],
        theirs[:1],
        [mine[0], theirs[0]],
        mine + theirs,
        ["x" * 4000],
        ["@everyone"],
    ):
        rec = await fake.forge_component(kim, board, "gm:obteam:1:0:1", values)
        tried(request)
        await refused(rec, "not offered")
    for values in (["Z"], ["-1"], ["99"], ["²"], ["9" * 4000]):
        rec = await fake.forge_component(kim, board, "gm:obobj:1:0:1", values)
        tried(request)
        await refused(rec, "not offered")
    await unchanged(world, before)


async def test_odd_numbers_in_modals_are_refused(world, request):
    """The Gold modal of the order board, filled with what is not a number from 0 to 999
    (superscripts, other scripts' digits, negatives, 4,000 digits...); and modals the message
    never opened."""
    fake = world.fake
    kim = world.users["kim"]
    board, _, _ = await two_games(world)
    state, _ = await world.bot.service.load(1)
    team = list(state.guilds[0].adventurers)[:1]
    await (await fake.select(kim, board, "gm:obteam:1:0:1", team)).wait_reply(timeout=10)
    board = fake.message(board.id)
    await (await fake.select(kim, board, "gm:obobj:1:0:1", ["hire"])).wait_reply(timeout=10)
    board = fake.message(board.id)
    assert "Hire Builders" in board.text()
    before = {g: await world.record(g) for g in (1, 2)}
    for value in ODD_NUMBERS:
        rec = await fake.forge_modal(
            kim, board.channel_id, "gm:obgoldm:1:0:1", {"gold": value}, board
        )
        tried(request)
        reply = await refused(rec, "⚠ Gold must be a whole number from 0 to 999", ephemeral=False)
        assert reply.id == board.id  # the board itself says so, in Kim's DMs
    for custom_id, arg in MODALS.items():
        for game, seat in ((1, 0), (1, 1), (2, 0), (999, 0)):
            if (custom_id, game, seat) == ("obgoldm", 1, 0):
                continue  # the board's own Gold modal: tried above
            rec = await fake.forge_modal(
                kim, board.channel_id, f"gm:{custom_id}:{game}:{seat}:{arg}", {"gold": "1"}, board
            )
            tried(request)
            await refused(rec, "not on this message")
    await unchanged(world, before)


async def test_hostile_input_to_a_contest_negotiation(world, request):
    """People outside the contest press its buttons; a contester's split form gets choices it
    does not offer (4,000 digits, odd digits, negative and too large shares, mentions) and
    forged controls with made-up drafts; an old split modal is submitted."""
    fake = world.fake
    world.bot.actions.rate_limit = 10_000
    kim, morgan = world.users["kim"], world.users["morgan"]
    prompt, spot, contract = await open_contest(world)
    await world.settled()
    before = {1: await world.record(1)}
    for custom_id in prompt.custom_ids():
        rec = await fake.click(morgan, prompt, custom_id)
        tried(request)
        await refused(rec, "Only the contesting guilds can negotiate")
    opened = await fake.click(kim, prompt, f"gm:propose:1:0:{spot}")
    form = await opened.wait_reply(timeout=10)
    gold = next(c for c in form.custom_ids() if c.startswith("gm:splitg:"))
    receivers = next(c for c in form.custom_ids() if c.startswith("gm:splitbk:"))
    for custom_id, values in (
        (gold, ["9" * 4000]),
        (gold, ["²"]),
        (gold, ["-1"]),
        (gold, [str(contract.gold + 50)]),
        (gold, ["@everyone"]),
        (receivers, ["9.9"]),
        (receivers, ["0.0", "1.1"]),
    ):
        rec = await fake.forge_component(kim, form, custom_id, values)
        tried(request)
        await refused(rec, "not offered")
    for forged in (
        f"gm:splitg:1:5:{spot}/d/d/d",
        f"gm:splitbk:1:0:{spot}/{contract.gold + 50}/d/d",
        f"gm:splitgo:1:0:{spot}/99/9/9",
        f"gm:splitgo:1:0:{spot}/x/y/z",
        f"gm:splitgo:1:0:{spot + 1}/d/d/d",
    ):
        rec = await fake.forge_component(kim, form, forged)
        tried(request)
        await refused(rec, "not on this message")
    rec = await fake.forge_modal(kim, world.channel, f"gm:proposem:1:0:{spot}", {"gold": "1, 1"})
    tried(request)
    await refused(rec, "not on this message")  # no form opens from this message any more
    await unchanged(world, before)


async def test_names_made_of_mentions_markdown_and_invisible_characters(world, request):
    """Players named @everyone, another player's mention, markdown and zero-width or
    right-to-left characters: whatever the bot posts or sends names them without pinging
    anyone, without markdown taking effect, and without the invisible characters."""
    fake = world.fake
    kim = world.users["kim"]
    nicks = {
        "pinger": f"@here <@{kim.id}>",
        "markdown": "**Bold** __u__ `c` ||s||",
        "invisible": "zero\u200bwi\u200ddth\u2060\u202eevil\ufeff # h",
    }
    rec = await fake.slash(kim, world.channel, "gm create", players=4, bots=False)
    lobby_message = await rec.wait_reply(timeout=10)
    people = []
    for name, nick in nicks.items():
        user = fake.create_user(name)
        fake.add_member(world.guild, user, nick=nick)
        people.append(user)
        tried(request)
        await (await fake.slash(user, world.channel, "gm join")).wait_reply(timeout=10)
    await (await fake.slash(kim, world.channel, "gm start")).wait_reply(timeout=10)
    for user in [kim, *people]:
        await fake.wait_for_dm(user, contains="three contracts", timeout=10)
    await (await fake.slash(people[0], world.channel, "gm status")).wait_reply(timeout=10)
    await (await fake.slash(people[1], world.channel, "gm guild")).wait_reply(timeout=10)
    await world.settled()
    posted = [m for m in fake.messages(world.channel) if m.author_id == fake.bot.id]
    posted += [m for u in [kim, *people] for m in fake.dms(u) if m.author_id == fake.bot.id]
    assert len(posted) > 5
    text = "\n".join(m.text() for m in posted)
    assert "**Bold**" not in text and "\\*\\*Bold\\*\\*" in text
    assert "@everyone" not in text and "@here" not in text
    assert f"<@{kim.id}>" not in text and f"<@&{world.guild.id}>" not in text
    assert not set("\u200d\u2060\u202e\ufeff") & set(text)
    for m in posted:
        assert not (m.mention_everyone or m.mention_ids or m.mention_role_ids), m.text()
    assert "\\*\\*Bold" in fake.message(lobby_message.id).text()


async def test_people_outside_the_game_are_refused_and_change_nothing(world, request):
    """Morgan, a member who does not play, asks for a hand, an order board, a decision, pays
    Gold, and presses the lobby's buttons of a game that has started."""
    fake = world.fake
    morgan = world.users["morgan"]
    world.bot.actions.rate_limit = 10_000
    first = await lobby(world, "kim", "chris", players=2, bots=False)
    await world.settled()
    before = {1: await world.record(1)}
    for command, options in (
        ("gm hand", {}),
        ("gm orders", {}),
        ("gm decide", {}),
        ("gm pay", {"guild": 1, "amount": 1}),
    ):
        rec = await fake.invoke(morgan, world.channel, command, options)
        tried(request)
        await refused(rec, "You do not play a guild in this game")
    for custom_id in fake.message(first.id).custom_ids():
        rec = await fake.click(morgan, fake.message(first.id), custom_id)
        tried(request)
        await refused(rec, "already started")
    await unchanged(world, before)


async def test_numbers_out_of_the_games_range_and_huge_strings_in_commands(world, request):
    """Values within the command's schema but outside the game: guild 4 of 2, paying oneself
    or more Gold than one has, replacing a guild that does not exist, extending a deadline
    that is not there, a 4,000-character card name full of mentions and markdown."""
    fake = world.fake
    kim = world.users["kim"]
    world.bot.actions.rate_limit = 10_000
    await lobby(world, "kim", "chris", players=2, bots=False)
    await setup_choices(world, "kim", "chris")
    await world.settled()
    before = {1: await world.record(1)}
    for command, options, words in (
        ("gm guild", {"number": 4}, "Give a guild number from 1 to 2"),
        ("gm pay", {"guild": 3, "amount": 1}, "Pay a guild numbered 1 to 2"),
        ("gm pay", {"guild": 1, "amount": 1}, "another guild"),
        ("gm pay", {"guild": 2, "amount": 999}, "Gold"),
        ("gm replace", {"guild": 4}, "There is no guild 4"),
        ("gm extend", {"minutes": 10080}, "Nothing in this game has a deadline"),
        ("gm card", {"name": ("@everyone **x** <@1> \u200b" * 200)[:4000]}, "No card"),
        ("gm card", {"name": "\u202e" + "z" * 3999}, "No card"),
    ):
        rec = await fake.invoke(kim, world.channel, command, options)
        tried(request)
        reply = await refused(rec, words)
        assert "@everyone" not in reply.text() and "\u202e" not in reply.text()
    await unchanged(world, before)


async def test_server_commands_in_dms_are_refused(world, request):
    """Lobby and host commands sent in a DM with the bot (where there is no channel of the
    game and no Manage Server) are refused with where to use them; nothing changes."""
    fake = world.fake
    kim = world.users["kim"]
    world.bot.actions.rate_limit = 10_000
    await lobby(world, "kim", "chris", players=2, bots=False)
    await world.settled()
    before = {1: await world.record(1)}
    dm = fake.dm_channel(kim)
    for command, options, words in (
        ("gm create", {}, "not in DMs"),
        ("gm join", {}, "not in DMs"),
        ("gm leave", {}, "not in DMs"),
        ("gm start", {}, "not in DMs"),
        ("gm pause", {}, "not in DMs"),
        ("gm resume", {}, "not in DMs"),
        ("gm force", {}, "not in DMs"),
        ("gm end", {}, "not in DMs"),
        ("gm extend", {"minutes": 5}, "not in DMs"),
        ("gm replace", {"guild": 2}, "not in DMs"),
    ):
        rec = await fake.invoke(kim, dm, command, options)
        tried(request)
        await refused(rec, words)
    await unchanged(world, before)


async def test_a_member_flooding_commands_is_slowed_down(world, request):
    """More actions in ten seconds than the limit: the rest are answered "too many actions,
    try again in N seconds" and change nothing."""
    fake = world.fake
    kim = world.users["kim"]
    await lobby(world, "kim", "chris", players=2, bots=False)
    await world.settled()
    world.bot.actions.rate_limit = 3
    before = {1: await world.record(1)}
    answers = []
    for _ in range(6):
        rec = await fake.slash(kim, world.channel, "gm pause")
        tried(request)
        answers.append((await rec.wait_reply(timeout=10)).text())
    slowed = [a for a in answers if "too many actions at once. Try again in" in a]
    assert len(slowed) >= 3, answers
    assert sum("The game is paused" in a for a in answers) <= 1
    world.bot.actions.rate_limit = 10_000
    await (await fake.slash(kim, world.channel, "gm resume")).wait_reply(timeout=10)
    await unchanged(world, before)
