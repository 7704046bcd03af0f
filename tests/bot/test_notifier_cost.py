"""What the notifier saves per update (issue 26): the moment its game's last update ended in is
taken as the next update's moment before when that one starts at the version it ended at, even
if the service read the game back from the store meanwhile (another object, the same state), so
its views are not made again; whether a game is paused is read once per text of its options."""

from __future__ import annotations

import json

import msgspec

from bot.chat import notifier as notifier_module
from bot.service import Options, StateCache, Update
from games.guild_master import GAME
from tests.bot.fakes import CHANNEL, who
from tests.bot.test_evicted_games import KIM, MORGAN, SEED, Table, elsewhere, kims_move, start


def counting_views(monkeypatch) -> list[int]:
    """Count the views Guild Master's rules make (one entry per view)."""
    made: list[int] = []
    view = GAME.view

    def counted(state, audience):
        made.append(1)
        return view(state, audience)

    monkeypatch.setattr(GAME, "view", counted)
    return made


async def test_a_game_read_back_between_updates_keeps_its_moment_before(tmp_path, monkeypatch):
    """The service keeps one game's state and a second game is used between Kim's clicks, so
    each click's state before is read back from the store: a state equal to the one the
    notifier's last update of the game ended in, not the same object. The notifier takes its
    kept moment all the same: each update makes the views after it only (the channel's and
    Kim's), never the views before it again; and the posts are those of a table that keeps
    every state."""
    keeping = await Table.open(str(tmp_path / "keep.sqlite3"), StateCache())
    reading = await Table.open(str(tmp_path / "read.sqlite3"), StateCache(size=1))
    try:
        game = await start(keeping, who(KIM, "Kim"), SEED)
        assert await start(reading, who(KIM, "Kim"), SEED) == game
        other = await start(reading, elsewhere(MORGAN, "Morgan"), SEED + 1)
        # Per update of Kim's game: whether the notifier kept the moment its last update ended
        # in, at the version this one starts from; and whether it was taken as the one before.
        seen: list[tuple[bool, bool]] = []
        moments = reading.notifier._moments

        def watched(update: Update):
            kept = reading.notifier._last.get(update.game.id)
            before, after = moments(update)
            if update.game.id == game:
                start = update.version - len(update.events)
                at_start = kept is not None and kept[0] == start
                seen.append((at_start, kept is not None and before is kept[1]))
            return before, after

        monkeypatch.setattr(reading.notifier, "_moments", watched)
        reloaded = 0
        for _ in range(12):
            await reading.service.load(other)  # Kim's game is dropped from the service
            state_before, _ = await reading.service.load(game)
            kept = reading.notifier._last.get(game)
            if kept is not None and kept[1].state is not state_before:
                reloaded += 1
            answer = await kims_move(reading, game)
            assert answer == await kims_move(keeping, game)
            await reading.settle()
            await keeping.settle()
        assert reloaded >= 5, "the service read Kim's game back between her clicks"
        assert sum(at_start for at_start, _ in seen) >= 5
        assert all(taken for at_start, taken in seen if at_start)
        assert reading.poster.channel_text(CHANNEL) == keeping.poster.channel_text(CHANNEL)
        kim_dms = [reading.poster.messages[m].current for m in reading.poster.dms[KIM]]
        assert kim_dms == [keeping.poster.messages[m].current for m in keeping.poster.dms[KIM]]
    finally:
        await keeping.close()
        await reading.close()


async def test_an_update_after_a_reload_makes_the_views_after_it_only(tmp_path, monkeypatch):
    table = await Table.open(str(tmp_path / "views.sqlite3"), StateCache())
    try:
        game = await start(table, who(KIM, "Kim"), SEED)
        version, moment = table.notifier._last[game]
        copy = msgspec.json.decode(msgspec.json.encode(moment.state), type=type(moment.state))
        assert copy == moment.state and copy is not moment.state
        state, _ = await table.service.load(game)
        seats = await table.service.seats(game)
        info = await table.store.get_game(game)
        made = counting_views(monkeypatch)
        update = Update(info, seats, copy, state, (), None, version)
        before, after = table.notifier._moments(update)
        assert before is moment
        after.view(None), after.view(0)
        before.view(None), before.view(0)
        assert len(made) <= 2  # the two after it; those before were made by the last update
        stale = Update(info, seats, copy, state, (object(),), None, version)  # starts earlier
        before, _ = table.notifier._moments(stale)
        assert before is not moment and before is not None
    finally:
        await table.close()


def test_paused_is_read_once_per_options_text_and_follows_it():
    notifier_module._paused.cache_clear()
    running = json.dumps(Options(players=2).to_json(), sort_keys=True)
    paused = json.dumps(Options(players=2, paused=True).to_json(), sort_keys=True)
    assert notifier_module._paused(running) is False
    assert notifier_module._paused(paused) is True  # a pause changes the text: read anew
    assert notifier_module._paused(running) is False
    info = notifier_module._paused.cache_info()
    assert (info.hits, info.misses) == (1, 2)
    assert notifier_module._paused(paused) == Options.from_json(paused).paused
