"""The rulebook's worked examples as scenarios (`games/winterforge/scenarios/`), run through the
engine's scenario runner with this game's scenario support: every one passes, each example of the
text has its file, and the runner's checks catch a wrong expectation, a scripted die left over
and a card placed twice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import scenario
from engine.scenario import Hosted, ScenarioError
from games.winterforge import GAME
from games.winterforge import scenario as support

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
EXAMPLES = (
    "training",
    "skill_rp",
    "prime_positions",
    "forging",
    "loans",
    "end_of_game",
    "variants",
)


def find(name: str) -> Hosted:
    """This game by its name (whether or not the registry lists it yet), any other built in."""
    return Hosted(GAME, support) if name == GAME.name else scenario.builtin(name)


def _specs() -> list[dict[str, Any]]:
    specs = []
    for path in scenario.files([SCENARIOS]):
        specs += scenario.load(path.read_text(encoding="utf-8"), str(path), find=find)
    return specs


def test_every_example_of_the_text_has_its_file_and_all_are_this_game_s():
    assert {p.stem for p in SCENARIOS.glob("*.toml")} >= set(EXAMPLES)
    specs = _specs()
    assert len(specs) >= 15 and {spec["game"] for spec in specs} == {GAME.name}


@pytest.mark.parametrize("spec", _specs(), ids=lambda spec: spec["name"])
def test_scenario_passes(spec: dict[str, Any]) -> None:
    outcome = scenario.run(spec, find=find)
    assert outcome.passed, outcome.failures


def test_the_report_counts_every_scenario() -> None:
    lines: list[str] = []
    summary = scenario.run_files(scenario.files([SCENARIOS]), find=find, write=lines.append)
    assert summary.failed == 0 and summary.passed == len(_specs())
    assert lines[-1] == f"{summary.passed} passed, 0 failed"


def test_a_wrong_expectation_fails() -> None:
    spec = {
        "game": GAME.name,
        "name": "wrong",
        "guild": [{"seat": 0, "at": "forge", "coin": 10, "skills": {"weapons": 3}}],
        "step": [{"type": "Train", "seat": 0, "skill": "weapons"}],
        "expect": {"guilds.0.coin": 8},
    }
    outcome = scenario.run(spec, find=find)
    assert outcome.failures == ["guilds.0.coin: expected 8, got 7"]


def test_a_scripted_die_left_over_fails() -> None:
    outcome = scenario.run({"game": GAME.name, "name": "dice", "dice": [3]}, find=find)
    assert outcome.failures == ["1 scripted dice were not used: [3]"]


def test_a_card_placed_twice_or_unknown_is_a_scenario_error() -> None:
    with pytest.raises(ScenarioError, match="placed twice"):
        support.arrange(
            {"guild": [{"seat": 0, "stockpile": ["bog-iron-1"]}], "market": [["bog-iron-1"]]}
        )
    with pytest.raises(ScenarioError, match="no Contract"):
        support.arrange({"guild": [{"seat": 0, "hand": ["no-such-contract"]}]})
    with pytest.raises(ScenarioError, match="unknown field"):
        support.arrange({"colour": "red"})


def test_arranging_keeps_every_component_in_one_place() -> None:
    state, names = support.arrange(
        {
            "names": ["Ann", "Ben"],
            "market": [["bog-iron-1", "pine-haft-1", "goat-leather-1"]],
            "guild": [{"seat": "Ben", "stockpile": ["moonstone-1"], "hand": ["miners-helm"]}],
        }
    )
    assert names == ["Ann", "Ben"] and state.guilds[1].stockpile == ("moonstone-1",)
    assert support.finish({}, state) == []
