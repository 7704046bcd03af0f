"""The command and control handlers, without Discord: what a player sends, what they get back,
and what the channel and DMs show (through a Poster that keeps every message)."""

from typing import Any

import pytest

from bot.chat.actions import RATE_LIMIT
from bot.render.ids import ControlId
from bot.service import bot_move
from games.guild_master import GAME
from games.guild_master.rules.commands import AnswerSplit, ProposeSplit
from games.guild_master.rules.state import Phase, SplitTerms
from games.guild_master.tests.table import order, orders, play
from games.guild_master.tests.table import table as engine_table
from tests.bot.fakes import CHANNEL, settle, table, who

KIM, CHRIS, MORGAN = 1, 2, 3


def text(reply):
    m = reply.message
    if m is None:
        return ""
    return m.content + " ".join(
        e.title + e.description + " ".join(f.value for f in e.fields) + e.footer for e in m.embeds
    )


def controls(message):
    return [c for row in message.rows for c in row]


def control(message, prefix):
    return next(c for c in controls(message) if c.custom_id.startswith(prefix))


@pytest.fixture
async def bot(tmp_path):
    store, service, poster, notifier, actions = await table(tmp_path)
    yield service, poster, notifier, actions
    await service.settle()
    await notifier.idle()
    await store.close()


async def started(bot, players=2, humans=(KIM,), **options):
    service, _poster, notifier, actions = bot
    await actions.create(who(humans[0], "Kim"), players=players, **options)
    for h in humans[1:]:
        await actions.join(who(h, f"P{h}"))
    reply = await actions.start(who(humans[0]))
    assert "The game begins" in reply.message.content, text(reply)
    await settle(service, notifier)
    return 1


async def answer_setup(bot, user):
    service, poster, notifier, actions = bot
    prompt = poster.last_dm(user).current
    select = control(prompt, "gm:optsel:")
    reply = await actions.control(who(user), select.custom_id, [select.options[0].value])
    assert reply.edit and "Done" in text(reply)
    await settle(service, notifier)


async def test_a_lobby_is_created_joined_left_and_started(bot):
    _service, _poster, _notifier, actions = bot
    reply = await actions.create(who(KIM, "Kim"), players=3, bots=False)
    assert not reply.ephemeral and "Kim" in text(reply)
    busy = await actions.create(who(CHRIS), players=2)
    assert "already open for players to join in this channel" in text(busy)
    assert "joins as guild 2" in text(await actions.join(who(CHRIS, "Chris")))
    assert "already in this game" in text(await actions.join(who(CHRIS)))
    refused = await actions.start(who(CHRIS))
    assert "Only the host" in text(refused)
    assert "leaves" in text(await actions.leave(who(CHRIS)))
    too_few = await actions.start(who(KIM))
    assert "Two players are needed" in text(too_few)
    await actions.join(who(CHRIS, "Chris"))
    start = await actions.start(who(KIM))
    assert "The game begins" in text(start) and "built-in" not in text(start)
    late = await actions.join(who(MORGAN))
    assert "already started" in text(late)


async def test_the_lobby_buttons_work_like_the_commands(bot):
    _service, _poster, _notifier, actions = bot
    lobby = (await actions.create(who(KIM, "Kim"), players=2)).message
    join = control(lobby, "gm:lobby:")
    reply = await actions.control(who(CHRIS, "Chris"), join.custom_id)
    assert reply.edit and "Chris" in text(reply)


async def test_setup_choices_come_by_dm_and_secretly(bot):
    service, poster, _notifier, _actions = bot
    await started(bot, players=2, humans=(KIM, CHRIS))
    for user in (KIM, CHRIS):
        prompt = poster.last_dm(user).current
        assert "Your three contracts" in prompt.embeds[0].description
    await answer_setup(bot, KIM)
    channel = poster.channel_text(CHANNEL)
    assert "has made its setup choices" in channel
    state, _ = await service.load(1)
    kim_dealt = state.step.dealt[0]
    for slug in kim_dealt:
        assert GAME.view is not None and slug not in channel


async def test_orders_are_planned_on_the_board_and_refused_with_the_reason(bot):
    service, poster, notifier, actions = bot
    await started(bot)
    await answer_setup(bot, KIM)
    state, _ = await service.load(1)
    assert state.phase is Phase.ORDERS
    board = poster.last_dm(KIM).current
    assert board.embeds[0].title.endswith("your orders")
    team = list(state.guilds[0].adventurers)
    too_big = await actions.control(who(KIM), "gm:obteam:1:0:1", team[:3])
    assert "allows teams of 2" in text(too_big)
    ok = await actions.control(who(KIM), "gm:obteam:1:0:1", team[:2])
    assert "Team:" in text(ok) and "⚠" not in text(ok)
    same = await actions.control(who(KIM), "gm:obteam:1:0:2", team[1:3])
    assert "only one team" in text(same)
    hire = await actions.control(who(KIM), "gm:obobj:1:0:1", ["hire"])
    assert "Hire Builders with 0 Gold" in text(hire)
    not_ready = await actions.control(who(KIM), "gm:obready:1:0:1")
    assert "carries no Gold" in text(not_ready)
    await actions.control(who(KIM), "gm:obgold:1:0:1:1")
    modal = await actions.control(who(KIM), "gm:obgoldset:1:0:1")
    assert modal.modal is not None and modal.modal.fields[0].custom_id == "gold"
    bad = await actions.control(who(KIM), modal.modal.custom_id, fields={"gold": "lots"})
    assert "whole number" in text(bad)
    too_much = await actions.control(who(KIM), modal.modal.custom_id, fields={"gold": "99"})
    assert "You have 7 Gold" in text(too_much)
    good = await actions.control(who(KIM), modal.modal.custom_id, fields={"gold": "5"})
    assert "Hire Builders with 5 Gold" in text(good)
    plan = await actions.control(who(KIM), "gm:obspace:1:0:1:plan")
    build = control(plan.message, "gm:obbuild:")
    assert any("Stables" in o.label for o in build.options)
    chosen = next(o for o in build.options if "Mess Hall" in o.label)
    reply = await actions.control(who(KIM), build.custom_id, [chosen.value])
    assert "builds Mess Hall II" in text(reply)
    ready = await actions.control(who(KIM), "gm:obready:1:0:1")
    assert "revealed" in text(ready), text(ready)
    await settle(service, notifier)
    assert "Orders revealed" in poster.channel_text(CHANNEL)


async def test_controls_of_another_guild_or_game_are_refused(bot):
    service, _poster, _notifier, actions = bot
    await started(bot, humans=(KIM, CHRIS))
    before = await service.load(1)
    theirs = await actions.control(who(CHRIS), ControlId("obteam", 1, 0, "1").encode(), ["brask"])
    assert "belong to another guild" in text(theirs)
    other_game = await actions.control(who(KIM), ControlId("obteam", 99, 0, "1").encode(), [])
    assert "no longer exists" in text(other_game)
    forged = await actions.control(who(KIM), "gm:obteam:1:x:1")
    assert "not one of the game's" in text(forged)
    junk = await actions.control(who(KIM), "something-else")
    assert "not one of the game's" in text(junk)
    stranger = await actions.control(who(MORGAN), ControlId("opt", 1, 0, "setup.x").encode())
    assert "You do not play a guild in this game" in text(stranger)
    assert await service.load(1) == before


async def test_a_closed_decision_says_so(bot):
    _service, poster, _notifier, actions = bot
    await started(bot)
    prompt = poster.last_dm(KIM).current
    select = control(prompt, "gm:optsel:")
    await actions.control(who(KIM), select.custom_id, [select.options[0].value])
    again = await actions.control(who(KIM), select.custom_id, [select.options[1].value])
    assert "already closed" in text(again) and again.ephemeral and not again.edit


async def test_a_repeated_interaction_is_applied_once(bot):
    service, _poster, _notifier, actions = bot
    await started(bot)
    await answer_setup(bot, KIM)
    state, _ = await service.load(1)
    team = list(state.guilds[0].adventurers[:2])
    acting = who(KIM)
    await actions.control(acting, "gm:obteam:1:0:1", team)
    _, version = await service.load(1)
    await actions.control(acting, "gm:obteam:1:0:1", team)  # the same interaction again
    assert (await service.load(1))[1] == version


async def test_closed_dms_are_announced_once_with_a_way_out(bot):
    _service, poster, _notifier, actions = bot
    poster.closed.add(CHRIS)
    await started(bot, humans=(KIM, CHRIS))
    channel = poster.channel_text(CHANNEL)
    assert channel.count("cannot send you DMs") == 1 and "/gm orders" in channel
    assert poster.mentions == [CHRIS]
    reply = await actions.decide(who(CHRIS))
    assert "Your three contracts" in text(reply) and reply.ephemeral


async def test_spamming_is_slowed_down_politely(bot):
    """A real flood of lookups (four times the limit in ten seconds) is slowed, politely."""
    _service, _poster, _notifier, actions = bot
    await started(bot)
    actions.rate_limit = 10
    replies = [await actions.status(who(KIM)) for _ in range(60)]
    assert any("Try again in" in text(r) for r in replies)
    assert not any("Traceback" in text(r) for r in replies)


async def test_quick_lookups_in_play_are_not_throttled(bot):
    """Issue 19: six quick info commands after a busy order board tripped the flood limit.
    Lookups and a player's own controls count on their own, with room for normal play; the
    plain limit stays for other commands."""
    _service, _poster, _notifier, actions = bot
    await started(bot)
    actions.rate_limit = RATE_LIMIT
    for _ in range(30):  # a busy order board: about one click a second, in a burst
        assert actions.slow_down(KIM, "play") is None
    replies = [
        await actions.card(who(KIM), "Hall of Trophies"),
        await actions.command(who(KIM), "odds", dice=3, target=11),
        await actions.command(who(KIM), "history"),
        await actions.hand(who(KIM)),
        await actions.status(who(KIM)),
        await actions.board(who(KIM)),
    ]
    assert not any("too many actions" in text(r) for r in replies)
    for _ in range(RATE_LIMIT):  # MORGAN has sent nothing yet
        assert actions.slow_down(MORGAN, "act") is None
    assert "too many actions" in (actions.slow_down(MORGAN, "act") or "")


async def test_host_commands_are_refused_to_others(bot):
    _service, _poster, _notifier, actions = bot
    await started(bot, humans=(KIM, CHRIS))
    for what in ("pause", "resume", "force", "end", "extend", "replace"):
        reply = await actions.admin(who(CHRIS), what, 1)
        assert "Only the host" in text(reply), what
    assert "paused" in text(await actions.admin(who(MORGAN, admin=True), "pause"))
    assert "paused" in text(await actions.control(who(KIM), "gm:obteam:1:0:1", []))
    assert "goes on" in text(await actions.admin(who(KIM), "resume"))


async def test_information_commands(bot):
    _service, _poster, _notifier, actions = bot
    await started(bot)
    assert "Round" in text(await actions.status(who(CHRIS)))
    assert "Hire Builders" in text(await actions.board(who(CHRIS)))
    assert "Fame" in text(await actions.command(who(CHRIS), "guild", number=1))
    assert "guild number" in text(await actions.command(who(CHRIS), "guild"))
    hand = await actions.hand(who(KIM))
    assert hand.ephemeral and "Only you can see this" in text(hand)
    assert "do not play" in text(await actions.hand(who(CHRIS)))
    assert "72.2%" in text(await actions.command(who(CHRIS), "odds", dice=2, target=6))
    assert "Combine" not in text(await actions.rules(who(CHRIS), "nonsense"))
    assert "Topics" in text(await actions.rules(who(CHRIS), "nonsense"))
    names = await actions.card_names(who(CHRIS), "old")
    assert names and all("old" in n.lower() for n, _ in names)
    card = await actions.card(who(CHRIS), names[0][1])
    assert names[0][0].split(" ")[0] in text(card)
    assert "No card" in text(await actions.card(who(CHRIS), "Excalibur"))


async def test_card_looks_up_upgrades_with_their_rules(bot):
    """A prestige upgrade's scoring rule comes with its worked example; skill and core upgrades
    say what they cost and do."""
    _service, _poster, _notifier, actions = bot
    reply = await actions.card(who(CHRIS), "Hall of Trophies")
    trophies = text(reply)
    assert "3 Builders" in trophies and "Example: You completed 2 Heroic" in trophies
    # Issue 19: the card as a small picture too.
    ((name, png),) = reply.message.files
    assert name == "card.png" and png.startswith(b"\x89PNG")
    assert ("Hall of Trophies", "hall-of-trophies") in await actions.card_names(
        who(CHRIS), "trophies"
    )
    stables = text(await actions.card(who(CHRIS), "stables-2"))
    assert "2 Builders, 3 Fame — 3 orders a round" in stables
    salon = text(await actions.card(who(CHRIS), "Salon"))
    assert "Charm" in salon and "fixer" in salon and "re-roll" in salon


async def test_card_finds_a_card_by_part_of_its_name(bot):
    """Issue 19: "Salt" found nothing although the suggestions offer "Escort the Salt Wagons".
    Part of a name finds the card when only one matches, and names them all when several do."""
    _service, _poster, _notifier, actions = bot
    wagons = text(await actions.card(who(CHRIS), "salt wagons"))
    assert "Escort the Salt Wagons" in wagons
    several = text(await actions.card(who(CHRIS), "Salt"))
    assert "Several cards match" in several
    assert "Escort the Salt Wagons" in several and "Reopen the Salt Mine" in several
    assert "No card" in text(await actions.card(who(CHRIS), "Excalibur"))


async def test_a_whole_game_through_the_handlers(bot):
    """One player with a built-in rival, every decision answered through the controls a player
    would use, from the lobby to the final standings."""
    service, poster, notifier, actions = bot
    await started(bot)
    # A click's answer may edit its prompt in place (a plot ability used, the others still
    # offered): the player then reads the edited prompt, not the DM as it was posted.
    edited: tuple[str, Any] | None = None
    for _ in range(400):
        await settle(service, notifier)
        state, _ = await service.load(1)
        if state.phase is Phase.ENDED:
            break
        mine = [d for d in GAME.pending(state) if d.seat == 0]
        assert mine, "the game waits for nobody"
        d = mine[0]
        key = GAME.stage(state).key
        if d.kind == "orders":
            team = list(state.guilds[0].adventurers[:2])
            await actions.control(who(KIM), "gm:obteam:1:0:1", team)
            reply = await actions.control(who(KIM), "gm:obready:1:0:1")
            assert "⚠" not in text(reply), text(reply)
        else:
            prompt = edited[1] if edited and edited[0] == key else poster.last_dm(KIM).current
            buttons = [
                c
                for c in controls(prompt)
                if ":default:" in c.custom_id or ":opt:" in c.custom_id or ":rollgo:" in c.custom_id
            ]
            selects = [c for c in controls(prompt) if ":optsel:" in c.custom_id]
            if buttons:
                reply = await actions.control(who(KIM), buttons[0].custom_id)
            elif selects:
                reply = await actions.control(
                    who(KIM), selects[0].custom_id, [selects[0].options[0].value]
                )
            else:
                reply = await actions.decide(who(KIM))
                raise AssertionError(f"no control for {d.kind}: {text(reply)}")
            assert "⚠" not in text(reply)
            assert "already closed" not in text(reply), text(reply)
            edited = (key, reply.message) if reply.edit and controls(reply.message) else None
    assert state.phase is Phase.ENDED
    await settle(service, notifier)
    final = [
        p
        for p in poster.messages.values()
        if p.channel_id == CHANNEL
        and p.current.embeds
        and ("win" in p.current.embeds[0].title or "share the victory" in p.current.embeds[0].title)
    ]
    assert final, "no final standings posted"
    assert (await service.store.get_game(1)).status == "ended"


async def test_pictures_come_with_the_board_the_reveal_and_the_end(bot):
    service, poster, notifier, actions = bot
    await started(bot)
    await answer_setup(bot, KIM)
    board = await actions.board(who(CHRIS))
    assert board.message.files and board.message.files[0][1].startswith(b"\x89PNG")
    hand = await actions.hand(who(KIM))
    assert hand.ephemeral and hand.message.files[0][0] == "your-guild.png"
    posted = [p.message.files[0][0] for p in poster.messages.values() if p.message.files]
    assert "board-round-1.png" in posted
    state, _ = await service.load(1)
    team = list(state.guilds[0].adventurers[:2])
    await actions.control(who(KIM), "gm:obteam:1:0:1", team)
    await actions.control(who(KIM), "gm:obready:1:0:1")
    await settle(service, notifier)
    posted = [p.message.files[0][0] for p in poster.messages.values() if p.message.files]
    assert "orders-round-1.png" in posted


def test_a_built_in_seat_answers_a_proposed_split_before_its_stance():
    """Negotiate reward split: a built-in guild answers what a person proposes (an even share of
    the Gold or better is accepted) before it chooses its secret stance."""
    state = engine_table(
        players=2,
        board={"contracts": {"1": "border-feud"}},  # Might 10 / Guile 10, 3 Gold
        guild=[{"adventurers": ["brask", "kettu"]}, {"adventurers": ["garrick", "orla"]}],
    )
    state, _ = play(
        state, orders(0, order(1, ["brask"], "1")), orders(1, order(1, ["garrick"], "1"))
    )
    fair, _ = play(state, ProposeSplit(seat=0, terms=SplitTerms(gold=(2, 1))))
    move = bot_move(GAME, 7, 1, fair, {1})
    assert move == AnswerSplit(seat=1, by=0, accept=True)
    greedy, _ = play(state, ProposeSplit(seat=0, terms=SplitTerms(gold=(3, 0))))
    move = bot_move(GAME, 7, 1, greedy, {1})
    assert move == AnswerSplit(seat=1, by=0, accept=False)


async def test_malformed_arguments_get_an_answer_and_change_nothing(bot):
    """Controls whose arguments are not what the bot encodes (superscript and other scripts'
    digits, out-of-range spaces and dice, missing values; as an old or forged message may
    carry) are answered with what to do instead; before, some raised ValueError or IndexError
    and the interaction went unanswered."""
    service, _poster, _notifier, actions = bot
    await started(bot)
    await answer_setup(bot, KIM)
    version = (await service.store.get_game(1)).version
    for custom_id, values, fields in (
        ("gm:obteam:1:0:²", ["x"], None),
        ("gm:obspace:1:0:٣:orders", [], None),
        ("gm:obspace:1:0:99:orders", [], None),
        ("gm:obgold:1:0:1:x", [], None),
        ("gm:obgold:1:0:1:99999", [], None),
        ("gm:obfallback:1:0:1", [], None),
        ("gm:builds:1:0:x", [], None),
        ("gm:rollfix:1:0:x", ["²"], None),
        ("gm:rollre:1:0:", [], None),
        ("gm:rollboon:1:0:-1", [], None),
        ("gm:correctm:1:0:x", [], {"gold": "²"}),
        ("gm:obgoldm:1:0:1", [], {"gold": "9" * 4000}),
    ):
        reply = await actions.control(who(KIM), custom_id, values, fields)
        assert text(reply), custom_id
    assert (await service.store.get_game(1)).version == version
    ready = await actions.control(who(KIM), "gm:obready:1:0:0")  # "Not ready": its arg is 0
    assert "⚠" in text(ready) or "your orders" in text(ready)


async def test_the_host_chooses_how_well_built_in_players_play(bot):
    """Issue 19: `/gm create strength:` easy, normal or strong, normal by default; the lobby says
    which; the built-in players of the game are that strength's; a game without strengths
    refuses one, and games created before strengths keep the one built-in player."""
    from bot.service import Options
    from games.guild_master.players.levels import EasyPlayer, NormalPlayer
    from games.guild_master.players.strategy import StrategicPlayer

    service, _poster, _notifier, actions = bot
    lobby = text(await actions.create(who(KIM, "Kim"), players=2))
    assert "built-in players (normal) fill empty seats" in lobby
    game = await service.store.get_game(1)
    assert Options.from_json(game.options).strength == "normal"
    await actions.admin(who(KIM), "end")
    await actions.create(who(KIM, "Kim"), players=2, strength="easy")
    game = await service.store.get_game(2)
    assert Options.from_json(game.options).strength == "easy"
    refused = text(await actions.create(who(CHRIS), game="town", strength="strong"))
    assert "come in one strength" in refused
    wrong = text(await actions.create(who(CHRIS), strength="heroic"))
    assert "easy, normal, strong" in wrong
    assert Options.from_json('{"players": 2}').strength == "builtin"  # an older game's row
    players = GAME.players
    assert players["easy"](1).kind is EasyPlayer and players["normal"](1).kind is NormalPlayer
    assert players["strong"](1).kind is StrategicPlayer is players["builtin"](1).kind
    state = engine_table(players=2)
    for kind in ("easy", "normal", "strong"):
        assert bot_move(GAME, 7, 3, state, {0, 1}, kind) is not None


def test_the_flood_limit_forgets_members_who_went_quiet(monkeypatch):
    """Issue 20: the flood limiter kept an entry for every member ever seen. Members quiet for
    longer than the limit's window are forgotten: its memory follows who is active, not who
    ever came."""
    from bot.chat import actions as actions_module
    from bot.chat.actions import RATE_WINDOW, Actions

    clock = [1000.0]
    monkeypatch.setattr(actions_module.time, "monotonic", lambda: clock[0])
    limiter = Actions(service=None)  # type: ignore[arg-type]
    for user in range(20_000):
        clock[0] += 0.01  # 20,000 members, each once, over 200 seconds
        assert limiter.slow_down(user, "look") is None
    # Only those seen within the window (plus one sweep's worth) are kept.
    assert len(limiter._recent) <= RATE_WINDOW / 0.01 + actions_module.SWEEP_EVERY
    clock[0] += RATE_WINDOW + 1
    limiter.slow_down(-1, "look")
    for _ in range(actions_module.SWEEP_EVERY):
        limiter.slow_down(-1, "look")
    assert len(limiter._recent) == 1
