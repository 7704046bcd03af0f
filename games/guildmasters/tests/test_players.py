"""The built-in players: the random player's moves are legal, the built-in player wins clearly
more than the 90% of games against random players that issue 22 asks (its seat rotated), the
simulator is deterministic and the balance report prints."""

from engine.simulation import win_rate
from games.guildmasters.players.balance import report
from games.guildmasters.players.simulate import play


def test_random_games_end_with_every_move_legal():
    for players in (2, 3, 4):
        result, state, _ = play(players, 11)
        assert state.result is not None and result.refused == 0


def test_builtin_games_end_with_every_move_legal():
    result, _, _ = play(4, 12, seats=("builtin",) * 4)
    assert result.refused == 0 and sum(result.quests) > 0


def test_the_builtin_player_wins_at_least_93_percent_against_random_players():
    # 1,000 games: a rate's standard error is then under 1 point, so 93% is a margin over the
    # 90% aim that a weaker player cannot meet by luck (it wins 95.3% of these games).
    rate = win_rate(play, "builtin", 1000, players=4)
    print(f"builtin against 3 random players: {rate:.1%} of 1000 games")
    assert rate >= 0.93


def test_the_same_seed_plays_the_same_game():
    a, _, log_a = play(3, 5, keep_events=True)
    b, _, log_b = play(3, 5, keep_events=True)
    assert a == b and log_a == log_b


def test_the_balance_report_names_every_seat():
    lines = report(3, 4)
    assert lines[0].startswith("3 guilds, 4 games: wins seat 1") and "seat 3" in lines[0]
