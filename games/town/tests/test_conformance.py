"""The conformance suite every game runs (`engine/conformance.py`): random games through the
`GameDefinition` alone, with the game's defaults mixed in as deadlines would, checking endings,
decisions, execute and replay, determinism, stages, views and event views against this game's
secret variants (a seat's hand, the deck's order), and this game's invariants."""

from engine import conformance
from games.town import GAME
from games.town.tests.playout import check_invariants, secret_variants


def test_founders_town_passes_the_conformance_suite():
    report = conformance.check(
        GAME,
        players=[2, 4, 6],
        seeds=range(2),
        secret_variants=secret_variants,
        invariants=check_invariants,
    )
    assert report.games == 6 and report.commands > 1000
    assert report.compared > 0
