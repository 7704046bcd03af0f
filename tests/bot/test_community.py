"""Issue 25, what is left of it, through the handlers (no Discord): a seat offered to a
volunteer who takes it with its secrets, spectators who get the public posts by DM and nothing
else, each server's settings honoured by /gm create, and every seat's view open once a game is
over."""

from __future__ import annotations

import pytest

from bot import hosted
from bot.config import ConfigError
from bot.config import load as load_config
from bot.render.ids import ControlId
from bot.service import GameService, ServerSettings
from bot.store import EventStore, sqlite_url
from engine.core import registry
from tests.bot.fakes import CHANNEL, GUILD, FakePoster, settle, table, who

KIM, CHRIS, MORGAN, SILVIA = 1, 2, 3, 4
NAMES = {KIM: "Kim", CHRIS: "Chris", MORGAN: "Morgan", SILVIA: "Silvia"}


def text(reply) -> str:
    m = reply.message
    if m is None:
        return ""
    return m.content + " ".join(
        e.title + e.description + " ".join(f.value for f in e.fields) + e.footer for e in m.embeds
    )


def shown_text(message) -> str:
    return message.content + " ".join(
        e.title + e.description + " ".join(f.value for f in e.fields) for e in message.embeds
    )


def ids(message) -> list[str]:
    return [c.custom_id for row in message.rows for c in row]


@pytest.fixture
async def bot(tmp_path):
    store, service, poster, notifier, actions = await table(tmp_path)
    actions.notifier = notifier
    yield service, poster, notifier, actions
    await service.settle()
    await notifier.idle()
    await store.close()


async def town(bot, *humans: int, players: int | None = None, bots: bool = False) -> int:
    """A started town game of `humans` (the first hosts); its id."""
    service, _poster, notifier, actions = bot
    await actions.create(
        who(humans[0], NAMES[humans[0]]), game="town", players=players or len(humans), bots=bots
    )
    for h in humans[1:]:
        await actions.join(who(h, NAMES[h]))
    assert "The game begins" in text(await actions.start(who(humans[0])))
    await settle(service, notifier)
    return 1


async def waited_seat(service: GameService, game_id: int = 1) -> int:
    state, _ = await service.load(game_id)
    (seat,) = {d.seat for d in registry.get("town").pending(state)}
    return seat


def dms_since(poster: FakePoster, user: int, mark: int) -> list:
    return [poster.messages[m].current for m in poster.dms.get(user, []) if m > mark]


def newest(poster: FakePoster) -> int:
    return max(poster.messages, default=0)


# --- a seat handed to a volunteer --------------------------------------------------------------


async def test_a_volunteer_takes_an_absent_players_seat_with_its_secrets_alone(bot):
    service, poster, notifier, actions = bot
    await town(bot, KIM, CHRIS)
    seat = await waited_seat(service)
    holder = (KIM, CHRIS)[seat]
    other = (KIM, CHRIS)[1 - seat]
    old_prompts = [m for m in poster.dms[holder] if ids(poster.messages[m].current)]
    assert old_prompts, "the waited seat has a prompt"
    old_control = ids(poster.messages[old_prompts[-1]].current)[0]

    assert "Only the host" in text(await actions.seat_open(who(CHRIS), seat + 1))
    assert "no player 5" in text(await actions.seat_open(who(KIM), 5))
    offer = await actions.seat_open(who(KIM), seat + 1)
    assert not offer.ephemeral and offer.remember == (1, f"seat-offer:{seat}")
    assert f"Player {seat + 1} needs a player" in text(offer)
    take = ControlId("seat", 1, seat, "take").encode()
    assert ids(offer.message) == [take]
    assert "offered already" in text(await actions.seat_open(who(KIM), seat + 1))
    status = text(await actions.status(who(SILVIA)))
    assert f"Needs a player: player {seat + 1} (`/seat take seat:{seat + 1}`)" in status

    # Somebody already seated may not take it; nor may a volunteer whose DMs are closed, who
    # is told how to open them, and the seat stays as it was, offered.
    assert "You already play player" in text(await actions.control(who(other), take))
    poster.closed.add(SILVIA)
    closed = await actions.control(who(SILVIA, "Silvia"), take)
    assert "allow DMs" in text(closed) and closed.ephemeral and "stays open" in text(closed)
    assert (await service.seats(1))[seat].user_id == holder
    assert await service.open_seats(1) == [seat]

    mark = newest(poster)
    taken = await actions.control(who(MORGAN, "Morgan"), take)
    assert f"You play player {seat + 1} of game 1 now" in text(taken), text(taken)
    ((_game, key, post),) = taken.also
    assert key == f"seat-offer:{seat}" and "taken by Morgan" in post.content and not post.rows
    await settle(service, notifier)
    assert (await service.seats(1))[seat].user_id == MORGAN
    assert await service.open_seats(1) == []
    assert "Needs a player" not in text(await actions.status(who(SILVIA)))

    # The newcomer has the seat's hand and its pending prompt by DM...
    got = dms_since(poster, MORGAN, mark)
    hand = text(await actions.hand(who(MORGAN)))
    assert any(shown_text(m) == hand for m in got), [shown_text(m) for m in got]
    assert any(any(i.split(":")[3] == str(seat) for i in ids(m)) for m in got)
    # ... and nobody else gets anything of it.
    for user in (KIM, CHRIS, SILVIA):
        assert all(shown_text(m) != hand for m in dms_since(poster, user, mark))
    # The previous holder's prompt is closed, and its controls refuse with the reason.
    assert not ids(poster.messages[old_prompts[-1]].current)
    assert "someone else now" in shown_text(poster.messages[old_prompts[-1]].current)
    late = await actions.control(who(holder), old_control)
    assert "or no longer" in text(late) and "another player" in text(late)
    assert "You do not play" in text(await actions.hand(who(holder)))
    # The seat is not offered any more.
    assert "not offered" in text(await actions.control(who(SILVIA, "Silvia"), take))
    # The newcomer answers its prompt like any player.
    prompt = next(m for m in reversed(got) if ids(m))
    answer = await actions.control(who(MORGAN), ids(prompt)[0])
    assert "You do not play" not in text(answer) and "not on this message" not in text(answer)


async def test_an_offered_seat_survives_a_restart_and_the_host_may_withdraw_it(tmp_path):
    store, service, poster, notifier, actions = await table(tmp_path)
    actions.notifier = notifier
    await town((service, poster, notifier, actions), KIM, CHRIS, MORGAN)
    await actions.admin(who(KIM), "replace", 2)
    await settle(service, notifier)
    offer = await actions.seat_open(who(KIM), 2)
    assert "a built-in player holds it" in text(offer)
    await settle(service, notifier)
    await store.close()

    store, service, _poster, notifier, actions = await table(tmp_path)
    actions.notifier = notifier
    try:
        assert await service.open_seats(1) == [1]
        assert "Only the host" in text(await actions.seat_close(who(MORGAN), 2))
        withdrawn = await actions.seat_close(who(KIM), 2)
        assert "no longer offered" in text(withdrawn)
        assert "no longer offered" in withdrawn.also[0][2].content
        assert "is not offered" in text(await actions.seat_close(who(KIM), 2))
        await actions.seat_open(who(KIM), 2)
        taken = await actions.seat_take(who(SILVIA, "Silvia"), 2)
        assert "You play player 2" in text(taken)
        await settle(service, notifier)
        assert (await service.seats(1))[1].user_id == SILVIA
        # A built-in player no longer moves for it: the game waits for its new holder in time.
        assert (await service.seats(1))[1].built_in is False
        # Once the game is over, nothing is offered or taken.
        await actions.seat_open(who(KIM), 3)
        await actions.admin(who(KIM), "end")
        late = await actions.control(who(CHRIS), ControlId("seat", 1, 2, "take").encode())
        assert "This game is over" in text(late)
    finally:
        await service.settle()
        await notifier.idle()
        await store.close()


# --- spectators --------------------------------------------------------------------------------


async def test_a_spectator_gets_the_public_posts_by_dm_and_never_a_secret(bot):
    service, poster, notifier, actions = bot
    assert "There is no game in this channel" in text(await actions.watch(who(SILVIA)))
    await actions.create(who(KIM, "Kim"), game="town", players=2, bots=False)
    assert "has not started" in text(await actions.watch(who(SILVIA)))
    await actions.join(who(CHRIS, "Chris"))
    await actions.start(who(KIM))
    await settle(service, notifier)

    seated = await actions.watch(who(KIM))
    assert "You play player 1 in this game" in text(seated)
    mark = newest(poster)
    watching = await actions.watch(who(SILVIA))
    assert "You watch game 1" in text(watching)
    first, board = dms_since(poster, SILVIA, mark)
    assert ids(first) == [ControlId("unwatch", 1, 0, "stop").encode()]
    assert not board.rows

    # The game moves on (the host forces the defaults): the channel's new posts come to the
    # spectator too.
    before = poster.channel_text(CHANNEL)
    for _ in range(4):
        await actions.admin(who(KIM), "force")
        await settle(service, notifier)
    seen = "\n".join(shown_text(m) for m in dms_since(poster, SILVIA, mark))
    channel = poster.channel_text(CHANNEL)
    lines = [
        line
        for line in channel.split("\n")
        if line and not line.startswith("**") and line not in before
    ]
    assert lines and all(line in seen for line in lines), (lines, seen)
    # What only a seat sees never reaches the spectator.
    secrets = [shown_text(poster.messages[m].current) for u in (KIM, CHRIS) for m in poster.dms[u]]
    assert "Your hand" not in seen
    assert not any(s and s in seen for s in secrets if "Your hand" in s or "only you" in s)

    # Unwatch, by its button: nothing more comes.
    stop = await actions.control(who(SILVIA), ids(first)[0])
    assert "no longer watch game 1" in text(stop)
    mark = newest(poster)
    await actions.admin(who(KIM), "force")
    await settle(service, notifier)
    assert poster.channel_text(CHANNEL) != channel
    assert dms_since(poster, SILVIA, mark) == []
    assert "not watching" in text(await actions.control(who(SILVIA), ids(first)[0]))
    # /gm watch again watches again; and again stops.
    assert "You watch game 1" in text(await actions.watch(who(SILVIA)))
    assert "no longer watch" in text(await actions.watch(who(SILVIA)))


async def test_a_spectator_whose_dms_close_stops_watching(bot):
    service, poster, notifier, actions = bot
    await town(bot, KIM, CHRIS)
    poster.closed.add(SILVIA)
    assert "allow DMs" in text(await actions.watch(who(SILVIA)))
    assert await service.watchers(1) == ()
    poster.closed.discard(SILVIA)
    await actions.watch(who(SILVIA))
    poster.closed.add(SILVIA)
    await actions.admin(who(KIM), "force")
    await settle(service, notifier)
    assert await service.watchers(1) == ()


# --- every seat's view once the game is over ----------------------------------------------------


async def test_every_seats_view_of_any_moment_is_open_once_the_game_is_over(bot):
    service, _poster, notifier, actions = bot
    await town(bot, KIM, CHRIS)
    early = await actions.hand(who(MORGAN), seat=2)
    assert "Only your own player's view while the game is on" in text(early)
    assert "Only your own" in text(await actions.hand(who(KIM), seat=2))
    assert "Your hand" in text(await actions.hand(who(KIM), seat=1))
    assert "You do not play" in text(await actions.hand(who(MORGAN), at="1"))
    for _ in range(3):
        await actions.admin(who(KIM), "force")
        await settle(service, notifier)
    await actions.admin(who(KIM), "end")

    now = await actions.hand(who(MORGAN), seat=2)
    assert "Your hand" in text(now), text(now)
    assert "players 1 to 2" in text(await actions.hand(who(MORGAN), seat=3))
    moments = await actions.moments(who(MORGAN), "")
    assert moments and all(label.endswith("(end)") for label, _ in moments)
    assert len({value for _, value in moments}) == len(moments)
    label, first = moments[0]
    then = await actions.hand(who(MORGAN), seat=2, at=first)
    assert "Your hand" in text(then)
    assert await actions.moments(who(MORGAN), label.split(",")[0].lower()[:4])
    assert "Pick a moment" in text(await actions.hand(who(MORGAN), seat=2, at="nonsense"))
    assert "Pick a moment" in text(await actions.hand(who(MORGAN), seat=2, at="99999"))


# --- server settings ---------------------------------------------------------------------------


async def test_server_settings_are_shown_changed_by_admins_and_honoured(bot):
    service, _poster, _notifier, actions = bot
    actions.default_deadlines = {"build": 600}
    shown = text(await actions.settings(who(CHRIS)))
    assert "Games allowed (`games`): " in shown and "the bot's default" in shown
    assert "Built-in players (`bots`): allowed" in shown and "any channel or thread" in shown
    refused = await actions.settings(who(CHRIS), games="town")
    assert "Only members with Manage Server" in text(refused)
    unknown = await actions.settings(who(KIM, admin=True), games="town, chess")
    assert "No game here is called 'chess'" in text(unknown)
    saved = await actions.settings(
        who(KIM, admin=True), games="Founders' Town", bots=False, deadline=30, where="threads"
    )
    assert "Saved." in text(saved) and not saved.ephemeral
    assert "Founders' Town (`town`) (set here)" in text(saved)
    assert "30 min every phase (set here)" in text(saved)
    assert "not allowed" in text(saved) and "thread of its own" in text(saved)
    assert "Only members" not in text(await actions.settings(who(CHRIS)))

    other = await actions.create(who(KIM), game="guild-master")
    assert "Guild Master is not played on this server" in text(other)
    assert "Founders' Town (`town`)" in text(other)
    here = await actions.create(who(KIM), game="town")
    assert "each game is played in a thread of its own" in text(here)
    threaded = who(KIM, "Kim")
    threaded = type(threaded)(**{**threaded.__dict__, "in_thread": True})
    assert "does not allow built-in players" in text(
        await actions.create(threaded, game="town", bots=True)
    )
    assert "no `strength`" in text(await actions.create(threaded, game="town", strength="easy"))
    lobby = await actions.create(threaded, game="town", players=2)
    assert "no built-in players" in text(lobby) and "build 30 min" in text(lobby), text(lobby)
    await actions.join(who(CHRIS, "Chris"))
    await actions.start(who(KIM))
    replaced = await actions.admin(who(KIM), "replace", 2)
    assert "does not allow built-in players" in text(replaced) and "/seat open" in text(replaced)

    reset = await actions.settings(who(KIM, admin=True), reset="all")
    assert "the bot's default" in text(reset) and "set here" not in text(reset)
    assert "build 600 min" in text(reset)
    both = await actions.settings(who(KIM, admin=True), bots=True, reset="bots")
    assert "not both" in text(both)
    none = await actions.settings(who(KIM, admin=True), deadline=0)
    assert "none (games wait for everyone)" in text(none)
    assert "DMs" in text(await actions.settings(who(KIM, dm=True)))
    assert (await service.server_settings(GUILD)).deadlines(("build",), {"build": 600}) == {}


async def test_a_server_without_settings_gets_the_configured_defaults(bot, tmp_path):
    service, _poster, _notifier, actions = bot
    service.server_defaults = ServerSettings(games=("town",), builtin_players=False)
    said = text(await actions.settings(who(KIM)))
    assert "Founders' Town (`town`) (the bot's default)" in said and "Guild Master" not in said
    assert "not played on this server" in text(await actions.create(who(KIM)))
    lobby = await actions.create(who(KIM), game="town", players=2)
    assert "no built-in players" in text(lobby)
    # The server's own choice wins over the default.
    await actions.settings(who(KIM, admin=True), games="all")
    assert (await service.server_settings(GUILD)).allows("guild-master")
    assert (await service.server_settings(None)) == service.server_defaults


def test_the_config_file_gives_the_defaults_of_the_defaults(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[servers]\ngames = ["town"]\nbuiltin_players = false\nwhere = "threads"\n')
    config = load_config(str(path), env={})
    assert (config.server_games, config.server_builtin_players, config.server_where) == (
        ("town",),
        False,
        "threads",
    )
    assert load_config(None, env={}).server_games == ()
    path.write_text('[servers]\ngames = ["chess"]\n')
    with pytest.raises(ConfigError, match=r"servers\.games: no game is called 'chess'"):
        load_config(str(path), env={})
    path.write_text('[servers]\nwhere = "everywhere"\n')
    with pytest.raises(ConfigError, match=r"servers\.where"):
        load_config(str(path), env={})


async def test_settings_are_kept_per_server_in_the_database(tmp_path):
    url = sqlite_url(str(tmp_path / "bot.sqlite3"))
    store = await EventStore.open(url)
    try:
        service = GameService(store)
        await service.set_server_settings(GUILD, {"games": ("town",), "where": "channels"})
        await service.set_server_settings(GUILD, {"deadline": 45})
        assert await service.server_settings(GUILD + 1) == ServerSettings()
    finally:
        await store.close()
    store = await EventStore.open(url)
    try:
        kept = await GameService(store).server_settings(GUILD)
        assert (kept.games, kept.deadline, kept.where, kept.builtin_players) == (
            ("town",),
            45,
            "channels",
            True,
        )
        assert kept.own == {"games", "deadline", "where"}
    finally:
        await store.close()


@pytest.mark.parametrize("game", [g.name for g in hosted.games()])
async def test_every_hosted_game_hands_a_seat_over_with_its_secrets_alone(bot, game):
    """The core's handover works with each game's presentation as it is: the newcomer gets the
    seat's hand and controls for what it must decide; nobody else gets its hand; the previous
    holder's kept DMs are closed."""
    service, poster, notifier, actions = bot
    rules = registry.get(game)
    players = max(2, rules.min_players)
    await actions.create(who(KIM, "Kim"), game=game, players=players, bots=True)
    await actions.join(who(CHRIS, "Chris"))
    assert "The game begins" in text(await actions.start(who(KIM)))
    await settle(service, notifier)
    state, _ = await service.load(1)
    waited = sorted({d.seat for d in rules.pending(state)} & {0, 1})
    assert waited, "the game waits for one of its people"
    seat = waited[0]
    holder = (KIM, CHRIS)[seat]
    kept = list(poster.dms[holder])
    await actions.seat_open(who(KIM), seat + 1)
    mark = newest(poster)
    taken = await actions.control(
        who(MORGAN, "Morgan"), ControlId("seat", 1, seat, "take").encode()
    )
    assert "You play" in text(taken), text(taken)
    await settle(service, notifier)
    got = dms_since(poster, MORGAN, mark)
    hand = text(await actions.hand(who(MORGAN)))
    assert any(shown_text(m) == hand for m in got)
    assert any(i.split(":")[3] == str(seat) for m in got for i in ids(m)), [ids(m) for m in got]
    for user in (KIM, CHRIS):
        assert all(shown_text(m) != hand for m in dms_since(poster, user, mark))
    closed = [poster.messages[m].current for m in kept]
    assert any("someone else now" in shown_text(m) and not m.rows for m in closed)
    assert not any(ids(m) for m in closed)


@pytest.mark.parametrize("game", [g.name for g in hosted.games()])
async def test_every_hosted_game_shows_each_seats_view_of_past_moments_after_its_end(bot, game):
    service, _poster, notifier, actions = bot
    rules = registry.get(game)
    players = max(2, rules.min_players)
    await actions.create(who(KIM, "Kim"), game=game, players=players, bots=True)
    await actions.join(who(CHRIS, "Chris"))
    await actions.start(who(KIM))
    await settle(service, notifier)
    for _ in range(3):
        await actions.admin(who(KIM), "force")
        await settle(service, notifier)
    await actions.admin(who(KIM), "end")
    moments = await actions.moments(who(MORGAN), "")
    assert moments
    for _label, value in [*moments[:3], moments[-1]]:
        for seat in range(1, players + 1):
            reply = await actions.hand(who(MORGAN), seat=seat, at=value)
            assert reply.message is not None and reply.ephemeral
            assert "went wrong" not in text(reply) and "Pick a moment" not in text(reply)


async def test_a_seat_taken_just_before_a_stop_is_handed_over_at_the_next_start(tmp_path):
    """The handover is the notifier's, after the updates before it: a stop in between leaves a
    marker in the database, and the next start hands the seat over then."""
    store, service, poster, notifier, actions = await table(tmp_path)
    actions.notifier = notifier
    await town((service, poster, notifier, actions), KIM, CHRIS)
    seat = await waited_seat(service)
    holder = (KIM, CHRIS)[seat]
    await actions.seat_open(who(KIM), seat + 1)
    notifier.hand_over = lambda *_args: None  # the process stops before the handover is posted
    take = ControlId("seat", 1, seat, "take").encode()
    assert "You play" in text(await actions.control(who(MORGAN, "Morgan"), take))
    await settle(service, notifier)
    assert all(
        "Your hand" not in shown_text(poster.messages[m].current) for m in poster.dms[MORGAN]
    )
    await store.close()

    store, service, _poster, notifier, actions = await table(tmp_path)
    notifier.poster = poster  # the same Discord
    try:
        await notifier.resume_handovers(1)
        await settle(service, notifier)
        hand = text(await actions.hand(who(MORGAN)))
        assert any(shown_text(poster.messages[m].current) == hand for m in poster.dms[MORGAN])
        closed = [poster.messages[m].current for m in poster.dms[holder]]
        assert not any(ids(m) for m in closed)
        mark = newest(poster)
        await notifier.resume_handovers(1)  # done: not again
        await settle(service, notifier)
        assert newest(poster) == mark
    finally:
        await service.settle()
        await notifier.idle()
        await store.close()


async def test_help_names_the_new_commands(bot):
    _service, _poster, _notifier, actions = bot
    said = text(await actions.help(who(KIM)))
    for command in ("/seat open", "/seat take", "/seat close", "/gm watch", "/gm settings"):
        assert f"`{command}`" in said, command
    assert "`/gm hand seat: at:`" in said


async def test_a_rematch_of_a_game_the_server_no_longer_allows_is_refused(bot):
    service, _poster, notifier, actions = bot
    await town(bot, KIM, CHRIS)
    await actions.admin(who(KIM), "end")
    await service.store.update_game(1, status="ended")  # as if played to its end
    await actions.settings(who(KIM, admin=True), games="guild-master")
    rematch = ControlId("rematch", 1, 0, "open").encode()
    refused = await actions.control(who(CHRIS), rematch)
    assert "Founders' Town is no longer played on this server" in text(refused)
    await actions.settings(who(KIM, admin=True), reset="games")
    assert "asks for a rematch" in text(await actions.control(who(CHRIS), rematch))
    await settle(service, notifier)
