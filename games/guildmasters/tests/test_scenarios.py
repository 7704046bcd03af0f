"""The manual's rules as scenarios (`games/guildmasters/scenarios/`), run through the engine's
scenario runner with this game's scenario support; the support refuses a card placed twice or
unknown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import scenario
from engine.scenario import Hosted, ScenarioError
from games.guildmasters import GAME
from games.guildmasters import scenario as support

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def find(name: str) -> Hosted:
    """This game by its name (the registry does not list it yet)."""
    assert name == GAME.name
    return Hosted(GAME, support)


def _specs() -> list[dict[str, Any]]:
    specs = []
    for path in scenario.files([SCENARIOS]):
        specs += scenario.load(path.read_text(encoding="utf-8"), str(path), find=find)
    return specs


@pytest.mark.parametrize("spec", _specs(), ids=lambda spec: spec["name"])
def test_scenario_passes(spec: dict[str, Any]) -> None:
    outcome = scenario.run(spec, find=find)
    assert outcome.passed, outcome.failures


def test_a_card_placed_twice_or_unknown_is_a_scenario_error() -> None:
    with pytest.raises(ScenarioError, match="placed twice"):
        support.arrange({"deck": ["mage-1"], "guild": [{"seat": 0, "hand": ["mage-1"]}]})
    with pytest.raises(ScenarioError, match="no card"):
        support.arrange({"guild": [{"seat": 0, "hand": ["knight-1"]}]})
    with pytest.raises(ScenarioError, match="unknown field"):
        support.arrange({"colour": "red"})
