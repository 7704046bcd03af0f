"""The conformance suite every game runs (`engine/conformance.py`): random games through the
`GameDefinition` alone, with defaults mixed in as deadlines would, checking endings, decisions,
execute and replay, determinism, stages, views and event views against this game's secret
variants (hands, draft packs, kept quests, deck orders) and its invariants (card conservation),
for 2, 3 and 4 guilds."""

import pytest

from engine import conformance
from games.guildmasters import GAME
from games.guildmasters.tests.playout import check_invariants, secret_variants


@pytest.mark.parametrize("players", [2, 3, 4])
def test_guildmasters_passes_the_conformance_suite(players: int) -> None:
    report = conformance.check(
        GAME,
        players=[players],
        seeds=range(4),
        secret_variants=secret_variants,
        invariants=check_invariants,
    )
    print(players, report)
    assert report.games == 4 and report.commands > 400
    assert report.compared > 0
