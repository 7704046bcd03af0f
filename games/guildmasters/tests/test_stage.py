"""`stage`: where the game stands, asked by the core after every event of every update — also
between the first MainBegan and its TurnBegan, when no turn has begun yet."""

from __future__ import annotations

from games.guildmasters import GAME
from games.guildmasters.players.simulate import play


def test_every_state_of_whole_games_has_a_stage():
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        _, _, log = play(players, seed, seats=("builtin",) * players, keep_events=True)
        state = None
        keys = set()
        for event in log:
            state = GAME.evolve(state, event)
            keys.add(GAME.stage(state).key)
        assert GAME.is_over(state) and "over" in keys and len(keys) > 3
