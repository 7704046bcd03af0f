"""The chronicle (games/guildmasters/chronicle.py): places from the rules' result, statistics
and recap from public event views only."""

from __future__ import annotations

from engine.core.game import PUBLIC
from games.guildmasters import GAME
from games.guildmasters.chronicle import CHRONICLE
from games.guildmasters.presentation.tests.tables import playout
from games.guildmasters.rules import events as ev


def public_log(players: int, seed: int) -> list:
    return [GAME.event_view(e, PUBLIC) for step in playout(players, seed) for e in step.events]


def test_places_statistics_and_recap_of_whole_games():
    for players, seed in ((2, 1), (3, 2), (4, 2)):
        log = public_log(players, seed)
        result = next(e for e in log if isinstance(e, ev.GameEnded)).result
        places = CHRONICLE.places(log, players)
        assert places is not None
        assert {s for s in range(players) if places[s] == 0} == set(result.winners)
        stats = CHRONICLE.statistics(log, players)
        fulfilled = sum(1 for e in log if isinstance(e, ev.QuestFulfilled))
        assert sum(s["quests fulfilled"] for s in stats) == fulfilled
        recap = CHRONICLE.recap(log, ["Ana", "Bo", "Cyrus", "Dana"][:players])
        assert recap and recap[0].startswith("Richest quest: ")
    assert CHRONICLE.places(public_log(3, 2)[:5], 3) is None
