"""Guild Master runs the conformance suite every game runs (`engine/conformance.py`): random 2-, 3-
and 4-player games through the `GameDefinition` alone, the defaults mixed in as deadlines would,
checking endings, decisions and their defaults, execute and replay through JSON, determinism,
stages and checkpoints, views and event views; with Guild Master's secret variants (a guild's
private contracts and deal, its draft orders, the plans behind its orders, its stance before the
reveal, the cards an effect drew for it; and the order of the decks and the face-down cards), its
invariants, and the events by which the rules reveal a private contract."""

import pytest

from engine import conformance
from games.guild_master import GAME
from games.guild_master.rules.events import Event, SkillCheckRolled, TasksChanged
from games.guild_master.rules.state import AttemptTask, GameState
from games.guild_master.tests.playout import check_state, hidden_variants, secret_variants

SEEDS = range(10)


def variants(state: GameState, seat: int) -> list[GameState]:
    """What only `seat` knows changed, or what nobody knows but the random source (the next
    command's dice show it)."""
    return [*secret_variants(state, seat), *hidden_variants(state, rng=False)]


def reveals(event: Event) -> bool:
    """A private contract is attempted in the open ("following the normal rules for resolving an
    Attempt Contract Order"), and its guild keeps it if the attempt fails, so no view shows it:
    the events that queue and roll the attempt name it."""
    if isinstance(event, TasksChanged):
        return any(isinstance(t, AttemptTask) and t.private for t in event.push)
    return isinstance(event, SkillCheckRolled) and event.key.startswith("private:")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_guild_master_passes_the_conformance_suite(players: int) -> None:
    report = conformance.check(
        GAME,
        players=[players],
        seeds=SEEDS,
        secret_variants=variants,
        invariants=check_state,
        reveals=reveals,
    )
    assert report.games == len(SEEDS)
    assert report.commands > 20 * len(SEEDS)
    assert report.compared > 1000


def test_the_short_game_passes_the_conformance_suite() -> None:
    report = conformance.check(
        GAME,
        players=[2, 4],
        seeds=[7],
        options={"short": True},
        secret_variants=variants,
        invariants=check_state,
        reveals=reveals,
    )
    assert report.games == 2
