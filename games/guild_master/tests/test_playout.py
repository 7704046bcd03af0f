"""Random playouts: thousands of random legal commands (and junk) for 2, 3 and 4 players, with the
invariants checked after every event: no negative Gold or Fame, every card in exactly one place,
each adventurer in at most one team, no view showing a secret, `execute` agreeing with `decide`
and `evolve`, and a replay of the log (through JSON) giving the live state. The checks every game
shares run through the conformance suite's (`engine.conformance`); the suite itself runs in
`test_conformance.py`."""

import pytest

from games.guild_master.rules.state import Phase
from games.guild_master.tests.playout import Playout


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_random_game_keeps_every_invariant(players, seed):
    game = Playout(players, seed)
    state = game.run()
    assert state.phase is Phase.ENDED
    assert state.round == 9
    assert game.replayed() == state


def test_short_games_end_after_six_rounds():
    """ "A short game can be played for 6 Rounds instead of 9.\""""
    for players in (2, 3, 4):
        game = Playout(players, 99, short=True)
        state = game.run()
        assert state.round == 6 and state.phase is Phase.ENDED
        assert all(g.prestige is None for g in state.guilds)


def test_playouts_cover_thousands_of_commands():
    """The random players reach every kind of decision and junk is refused, never a crash."""
    total = 0
    kinds = set()
    refusals = set()
    for seed in range(12):
        for players in (2, 3, 4):
            game = Playout(players, 1000 + seed, junk=0.5)
            game.run(secrets_every=50)
            total += game.commands
            kinds |= {type(e).__name__ for e in game.log}
            refusals |= set(game.refusals)
    assert total > 2000
    for event in (
        "ContestOpened",
        "StancesRevealed",
        "AdventurerRecruited",
        "UpgradeBuilt",
        "Wandered",
        "ContractCompleted",
        "PrivateContractDrawn",
        "BoardDiscarded",
    ):
        assert event in kinds, event
    assert {"wrong_phase", "seat"} <= refusals
