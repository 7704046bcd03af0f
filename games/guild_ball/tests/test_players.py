"""The built-in players: random games end without errors, the same seed plays the same game,
and the built-in player beats the random one (the ≥ 200-game figure is measured by
`python -m games.guild_ball.players.simulate --games 200`; here a smaller sample)."""

import random

import msgspec

from engine.simulation import win_rate
from games.guild_ball.players.simulate import play


def test_random_games_end_without_errors() -> None:
    for seed in range(12):
        result, state, _ = play(2, seed)
        assert state.result is not None and result.refused == 0
        assert result.rounds <= 10


def test_the_same_seed_plays_the_same_game() -> None:
    random.seed(1)
    _, _, first = play(2, 5, seats=("builtin", "random"), keep_events=True)
    random.seed(2)
    _, _, second = play(2, 5, seats=("builtin", "random"), keep_events=True)
    encode = msgspec.json.encode
    assert [encode(e) for e in first] == [encode(e) for e in second]


def test_the_builtin_player_beats_the_random_player() -> None:
    assert win_rate(play, "builtin", 30, 2) >= 0.9


def test_builtin_players_finish_their_games() -> None:
    for seed in range(4):
        result, state, _ = play(2, seed, seats=("builtin", "builtin"))
        assert state.result is not None and result.refused == 0


def test_the_builtin_player_beats_the_random_player_in_quick_and_typical_games() -> None:
    """A fixed sample: 10 Quick and 10 Typical games, two on each map and two without terrain,
    the built-in player's seat alternating. Over 500 games of each size (seeds 0-99 on each map,
    `python -m games.guild_ball.players.versus`) it won all, and 4 Quick and 2 Typical games
    reached the turn limit (since charges attack after a parting blow, c25ddb3; this sample's
    Quick games 3, won all the same); the margin asked here holds far below that."""
    from games.guild_ball.players.versus import outcomes

    for size in (1, 2):
        results = outcomes(2, 100, size, [0, 1, 2, 3, 4])
        wins = sum(r.winner == r.builtin_seat for r in results)
        assert wins >= 8, (size, wins)
        assert sum(r.at_limit for r in results) <= 3
        assert sum(r.builtin_refused for r in results) == 0
