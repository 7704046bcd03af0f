"""The rulebook's worked examples as scenarios (`games/town/scenarios/`), run through the engine's
scenario runner: every one passes, and there are at least eight."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _specs() -> list[dict]:
    specs = []
    for path in scenario.files([SCENARIOS]):
        specs += scenario.load(path.read_text(encoding="utf-8"), str(path))
    return specs


def test_there_are_at_least_eight_scenarios_all_of_the_town_game() -> None:
    specs = _specs()
    assert len(specs) >= 8
    assert {spec["game"] for spec in specs} == {"town"}


@pytest.mark.parametrize("spec", _specs(), ids=lambda spec: spec["name"])
def test_scenario_passes(spec: dict) -> None:
    outcome = scenario.run(spec)
    assert outcome.passed, outcome.failures


def test_the_report_counts_every_scenario() -> None:
    lines: list[str] = []
    summary = scenario.run_files(scenario.files([SCENARIOS]), write=lines.append)
    assert summary.failed == 0 and summary.status == 0
    assert summary.passed == len(_specs())
    assert lines[-1] == f"{summary.passed} passed, 0 failed"
    assert all(line.startswith("PASS ") for line in lines[:-1])
