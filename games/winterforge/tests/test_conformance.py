"""The conformance suite every game runs (`engine/conformance.py`): random games through the
`GameDefinition` alone, with the game's defaults mixed in as deadlines would, checking endings,
decisions, execute and replay, determinism, stages, views and event views against this game's
secret variants (a Contract in hand, the Royal Contract, Faith, deck orders) and its invariants —
for the standard game, Lords of Winterforge (6), the solo game and every Alleyway."""

import pytest

from engine import conformance
from games.winterforge import GAME
from games.winterforge.tests.playout import check_invariants, secret_variants

EVERY_ALLEYWAY = {"shrine": True, "auction_house": True, "thieves_guild": True, "runesmith": True}


def test_the_standard_game_passes_the_conformance_suite():
    report = conformance.check(
        GAME,
        players=[2, 3, 5],
        seeds=range(2),
        secret_variants=secret_variants,
        invariants=check_invariants,
    )
    assert report.games == 6 and report.commands > 1000
    assert report.compared > 0


@pytest.mark.parametrize("players", [1, 6])
def test_the_solo_game_and_lords_of_winterforge_pass_it(players):
    report = conformance.check(
        GAME,
        players=[players],
        seeds=range(2),
        secret_variants=secret_variants,
        invariants=check_invariants,
    )
    assert report.games == 2 and report.compared > 0


def test_every_alleyway_passes_it():
    report = conformance.check(
        GAME,
        players=[2, 4],
        seeds=range(2),
        options=EVERY_ALLEYWAY,
        secret_variants=secret_variants,
        invariants=check_invariants,
    )
    assert report.games == 4 and report.compared > 0
