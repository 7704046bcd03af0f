"""The built-in player of Smiths of Winterforge (`players/strategy.py`): it keeps every table
moving (no stalled game, no refused command), plays well (the solo Reputation, wins against
random players) and is deterministic. Samples are kept small so the file runs in seconds; the
figures over hundreds of games are in the commit messages."""

from statistics import mean

import pytest

from engine.simulation import win_rate
from games.winterforge.players import BuiltinPlayer
from games.winterforge.players.simulate import play
from games.winterforge.rules.commands import EndTurn
from games.winterforge.rules.evolve import evolve
from games.winterforge.rules.flow import execute
from games.winterforge.rules.pending import pending
from games.winterforge.rules.setup import create

EVERY_ALLEYWAY = {"shrine": True, "auction_house": True, "thieves_guild": True, "runesmith": True}
GAMES = 10  # per player count and table


@pytest.mark.parametrize("options", [{}, EVERY_ALLEYWAY], ids=["base", "alleyways"])
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_built_in_players_never_stall_and_are_never_refused(players, options):
    for seed in range(GAMES):
        result, _, _ = play(players, seed, seats=("builtin",) * players, options=options)
        assert result.reason != "stalled", f"seed {seed} stalled"
        assert result.refused == 0, f"seed {seed}: {result.refused} commands refused"


def test_the_solo_game_earns_a_good_arm():
    """ "15-18 Ye got a good arm on ya.": the built-in player's mean over a sample."""
    totals = [play(1, seed, seats=("builtin",))[0].totals[0] for seed in range(30)]
    assert mean(totals) >= 15


@pytest.mark.parametrize("players", [2, 4])
def test_it_beats_random_players(players):
    assert win_rate(play, "builtin", 60, players) >= 0.9


def test_a_table_of_built_in_players_scores_more_than_it_did():
    """Four built-in players: the winner scores about 15 RP and the table about 10 on average
    (the first built-in player: 13.8 and 7.1)."""
    results = [play(4, seed, seats=("builtin",) * 4)[0] for seed in range(20)]
    assert mean(max(r.totals) for r in results) >= 14
    assert mean(t for r in results for t in r.totals) >= 8.5


def test_the_same_seed_gives_the_same_game():
    first = play(3, 7, seats=("builtin",) * 3, keep_events=True)
    again = play(3, 7, seats=("builtin",) * 3, keep_events=True)
    assert first[0] == again[0]
    assert first[2] == again[2]


def test_a_fresh_player_answers_as_one_that_has_played_on():
    """The player remembers Contract fillings between decisions; a new one (as the bot may make
    for each command) must choose the same commands."""
    state = None
    for event in create(2, 11, {}):
        state = evolve(state, event)
    assert state is not None
    seasoned = BuiltinPlayer()
    for _ in range(200):
        if state.result is not None:
            break
        seat = pending(state)[0].seat
        command = seasoned.move(state, (seat,))
        assert command == BuiltinPlayer().move(state, (seat,))
        _, state = execute(state, command)


def test_it_takes_its_actions_rather_than_ending_its_turn_early():
    """A built-in player ends a turn with actions left only rarely (a stall begins so)."""
    state = None
    for event in create(4, 5, {}):
        state = evolve(state, event)
    assert state is not None
    player = BuiltinPlayer()
    early = turns = 0
    while state.result is None and turns < 200:
        seat = pending(state)[0].seat
        command = player.move(state, (seat,))
        if isinstance(command, EndTurn):
            turns += 1
            early += state.turn.actions < 3
        _, state = execute(state, command)
    assert early <= turns // 10
