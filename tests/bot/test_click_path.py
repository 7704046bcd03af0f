"""What a click's path keeps so as not to work things out twice (issue 26): the views of a game's
last states (`bot.hosted.made_of`, shared by a click's answer and the notifier's posts), the
options read from a game's row, the seats made from its rows, and the deadline brought up to
date once per change. Each gives what working it out again gives, and a changed game is never
answered from what was kept of it before."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from bot import hosted
from bot import service as service_module
from bot.hosted import Moment, made_of
from bot.service import Options, StateCache
from bot.store import GameInfo
from engine.core import PUBLIC
from engine.core.game import Seat as SeatAudience
from games.guild_master import GAME
from games.guild_master.rules.commands import SetOrders
from games.guild_master.rules.state import Phase
from games.guild_master.rules.views import Order, Plan
from tests.bot.fakes import CHANNEL, FakePoster, who
from tests.bot.test_evicted_games import SEED, Table, elsewhere, kims_move, start

KIM, CHRIS, MORGAN = 1, 2, 3


async def two_players(table: Table) -> int:
    """A 2-player game of Kim and Chris, no built-in players, dealt from SEED."""
    await table.actions.create(who(KIM, "Kim"), players=2, bots=False)
    game_id = max(g for g, _ in await table.store.games_of_user(KIM))
    await table.actions.join(who(CHRIS, "Chris"))
    await table.store.update_game(game_id, seed=SEED)
    await table.actions.start(who(KIM))
    await table.settle()
    return game_id


def dealt(seed: int = SEED) -> Any:
    """A 2-player game's state just dealt."""
    state = None
    for e in GAME.create(2, seed, {}):
        state = GAME.evolve(state, e)
    return state


async def test_a_moments_views_are_the_rules_views_of_its_state(tmp_path):
    table = await Table.open(str(tmp_path / "a.sqlite3"), StateCache())
    try:
        game_id = await start(table, who(KIM, "Kim"), SEED)
        state, _ = await table.service.load(game_id)
        info = await table.store.get_game(game_id)
        seats = await table.service.seats(game_id)
        first = Moment(GAME, info, seats, state)
        again = Moment(GAME, info, seats, state)
        for seat in (None, 0, 1):
            audience = PUBLIC if seat is None else SeatAudience(seat)
            assert first.view(seat) == GAME.view(state, audience)
            assert again.view(seat) is first.view(seat)  # made once, for both moments
        assert first.pending == tuple(GAME.pending(state))
        assert first.stage == GAME.stage(state)
    finally:
        await table.close()


def test_a_changed_state_gets_views_of_its_own():
    before = dealt()
    setup = [d for d in GAME.pending(before) if d.seat == 0]
    assert setup
    _, after = GAME.execute(before, setup[0].options[0])
    old = made_of(7, before)
    old.views[0] = GAME.view(before, SeatAudience(0))
    new = made_of(7, after)
    assert new is not old and not new.views
    assert made_of(7, before) is old  # the game's last two states are both kept


def test_a_game_keeps_its_last_two_states_and_the_games_asked_about_last():
    states = [dealt(seed) for seed in (1, 2, 3)]
    first = made_of(8, states[0])
    made_of(8, states[1])
    made_of(8, states[2])
    assert made_of(8, states[0]) is not first  # the third state pushed the first out
    kept = made_of(9, states[0])
    for other in range(1000, 1000 + hosted.MADE_GAMES):
        made_of(other, states[1])
    assert made_of(9, states[0]) is not kept  # the game asked about longest ago is dropped
    assert len(hosted._made) <= hosted.MADE_GAMES


async def test_the_answer_and_the_notifier_make_the_clickers_view_once(tmp_path, monkeypatch):
    table = await Table.open(str(tmp_path / "b.sqlite3"), StateCache())
    try:
        game_id = await start(table, who(KIM, "Kim"), SEED)
        for _ in range(20):  # setup, and a plot turn if round 1 has one
            state, _ = await table.service.load(game_id)
            if state.phase is Phase.ORDERS:
                break
            await kims_move(table, game_id)
            await table.settle()
        assert state.phase is Phase.ORDERS
        made: list[tuple[int, int | None]] = []
        view = GAME.view

        def counted(state: Any, audience: Any) -> Any:
            made.append((id(state), getattr(audience, "seat", None)))
            return view(state, audience)

        monkeypatch.setattr(GAME, "view", counted)
        team = list(state.guilds[0].adventurers[:2])
        reply = await table.actions.control(who(KIM), f"gm:obteam:{game_id}:0:1", team)
        await table.settle()
        assert "Team:" in reply.message.embeds[0].fields[0].value
        after, _ = await table.service.load(game_id)
        # The state before the click: its views were made when the update before was posted.
        assert (id(state), 0) not in made
        # The state after it: Kim's view made once, for the answer and the notifier both.
        assert made.count((id(after), 0)) == 1
    finally:
        await table.close()


async def test_a_whole_game_answers_and_posts_the_same_without_the_kept_views(
    tmp_path, monkeypatch
):
    """The same game played twice, the second time with nothing of its views kept between
    moments (`MADE_GAMES` 0): the same answers, channel posts and DMs."""

    async def play(path: str) -> tuple[list[str | None], str, list[Any]]:
        table = await Table.open(path, StateCache(), FakePoster())
        try:
            game_id = await start(table, who(KIM, "Kim"), SEED)
            answers = []
            for _ in range(60):
                answer = await kims_move(table, game_id)
                answers.append(answer)
                await table.settle()
                if answer is None:
                    break
            dms = [table.poster.messages[m].current for m in table.poster.dms[KIM]]
            return answers, table.poster.channel_text(CHANNEL), dms
        finally:
            await table.close()

    kept = await play(str(tmp_path / "kept.sqlite3"))
    monkeypatch.setattr(hosted, "MADE_GAMES", 0)
    hosted._made.clear()
    again = await play(str(tmp_path / "again.sqlite3"))
    assert not hosted._made
    assert kept == again
    assert any(a and "Team:" in a for a in kept[0])


def test_options_read_from_the_same_text_are_one_object_and_a_new_text_reads_anew():
    text = Options(players=3, deadlines={"orders": 60}).to_json()
    raw = json.dumps(text, sort_keys=True)
    first = Options.from_json(raw)
    assert Options.from_json(raw) is first
    assert first == Options.from_json(dict(text))  # as read from a dict, never kept
    paused = Options.from_json(json.dumps({**text, "paused": True}, sort_keys=True))
    assert paused.paused and not first.paused
    assert paused.deadlines == {"orders": 60} and paused.players == 3


async def test_seats_are_made_again_only_when_their_rows_change(tmp_path):
    table = await Table.open(str(tmp_path / "c.sqlite3"), StateCache())
    try:
        game_id = await start(table, who(KIM, "Kim"), SEED)
        seats = await table.service.seats(game_id)
        assert await table.service.seats(game_id) == seats
        await table.service.replace_by_bot(game_id, 0)
        now = await table.service.seats(game_id)
        assert now[0].built_in and not seats[0].built_in
        assert now[0].name == "Kim (built-in)"
    finally:
        await table.close()


async def test_the_rows_seats_are_made_from_are_kept_for_the_games_asked_about_last(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(service_module, "CACHED_GAMES", 1)
    table = await Table.open(str(tmp_path / "e.sqlite3"), StateCache())
    try:
        first = await start(table, who(KIM, "Kim"), SEED)
        other = await start(table, elsewhere(MORGAN, "Morgan"), SEED + 1)
        service = table.service
        mine = await service.seats(first)
        theirs = await service.seats(other)
        assert list(service._seat_rows) == [other]  # the first game's rows are the store's alone
        assert await service.seats(first) == mine and mine[0].name == "Kim"
        assert await service.seats(other) == theirs and theirs[0].name == "Morgan"
    finally:
        await table.close()


async def test_a_click_brings_the_deadline_up_to_date_once_and_a_seat_change_does_too(
    tmp_path, monkeypatch
):
    table = await Table.open(str(tmp_path / "d.sqlite3"), StateCache())
    try:
        game_id = await two_players(table)
        service = table.service
        refreshed: list[int] = []
        refresh = service.refresh_deadline

        async def counted(game: int, *, force: bool = False) -> None:
            refreshed.append(game)
            await refresh(game, force=force)

        monkeypatch.setattr(service, "refresh_deadline", counted)
        state, _ = await service.load(game_id)
        decision = next(d for d in GAME.pending(state) if d.seat == 0)
        await service.act(game_id, decision.options[0], by=0)
        await table.settle()
        assert refreshed == [game_id]  # by the change's bookkeeping, not again in the background
        refreshed.clear()
        await service.replace_by_bot(game_id, 0)  # no change of the game's own: the background
        await table.settle()
        assert refreshed and set(refreshed) == {game_id}
    finally:
        await table.close()


def test_an_order_on_the_board_shows_in_the_view_of_the_moment_after_it():
    state = dealt()
    while state.phase is not Phase.ORDERS:
        waiting = GAME.pending(state)[0]
        _, state = GAME.execute(state, GAME.defaults(state, (waiting.seat,)))
    at = datetime(2026, 11, 26, tzinfo=UTC)
    info = GameInfo(11, GAME.name, "running", 2, SEED, "{}", 1, 2, 3, at, at, 0)
    before = Moment(GAME, info, (), state)
    assert not before.view(0).draft
    team = tuple(state.guilds[0].adventurers[:1])
    order = Order(space=1, team=team, plan=Plan(builds=()))
    _, after = GAME.execute(state, SetOrders(seat=0, orders=(order,), ready=False))
    shown = Moment(GAME, info, (), after).view(0)
    assert shown.draft[0].team == team  # the new state's own view, not the one kept before
    assert shown == GAME.view(after, SeatAudience(0))
    assert not Moment(GAME, info, (), state).view(0).draft  # the state before keeps its own
