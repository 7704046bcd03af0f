"""The generic scenario runner (`engine/scenario.py`): files name their game, per file or per
scenario, Guild Master by default; an unknown game is a clear error naming the known ones; one
file, or one folder, may mix games; and the report is the one `guildmaster scenario run` prints.

Besides Guild Master, the tests run a toy game, Tally (every seat adds 1 to 3 to its total, in
turn; the first to 10 wins), with its scenario support written here, found through a `find`
that knows both games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from bot.cli import main
from engine import scenario
from engine.core import registry
from engine.core.errors import RuleError
from engine.core.game import Audience, Seat
from engine.scenario import Hosted, ScenarioError

ROOT = Path(__file__).resolve().parents[2]
GM_SCENARIOS = ROOT / "games" / "guild_master" / "scenarios"


class Add(msgspec.Struct, frozen=True, tag="Add"):
    seat: int
    amount: int


class Added(msgspec.Struct, frozen=True, tag="Added"):
    seat: int
    amount: int


class Won(msgspec.Struct, frozen=True, tag="Won"):
    winner: int


class Tally(msgspec.Struct, frozen=True):
    totals: tuple[int, ...]
    turn: int = 0
    winner: int | None = None


class TallyGame:
    """The parts of a `GameDefinition` the runner uses."""

    name = "tally"
    command_types = (Add,)
    event_types = (Added, Won)

    def decide(self, state: Tally, command: Add) -> list[Any]:
        if state.winner is not None:
            raise RuleError("game_over", "The game is over.")
        if command.seat != state.turn:
            raise RuleError("not_your_turn", "Wait for your turn.")
        if not 1 <= command.amount <= 3:
            raise RuleError("amount", "Add 1, 2 or 3.")
        events: list[Any] = [Added(command.seat, command.amount)]
        if state.totals[command.seat] + command.amount >= 10:
            events.append(Won(command.seat))
        return events

    def evolve(self, state: Tally, event: Any) -> Tally:
        if isinstance(event, Won):
            return replace(state, winner=event.winner)
        totals = list(state.totals)
        totals[event.seat] += event.amount
        return replace(state, totals=tuple(totals), turn=(state.turn + 1) % len(totals))

    def view(self, state: Tally, audience: Audience) -> dict[str, Any]:
        public = {"totals": state.totals, "turn": state.turn, "winner": state.winner}
        return {"seat": audience.seat, "public": public} if isinstance(audience, Seat) else public


class TallyScenarios:
    """Tally's scenario support: `totals` sets the table; `names` names the seats."""

    SEAT_FIELDS = ("seat", "winner", "turn")

    def arrange(self, spec: Mapping[str, Any]) -> tuple[Tally, list[str]]:
        unknown = set(spec) - {"totals", "names"}
        if unknown:
            raise ScenarioError(f"unknown field(s) {', '.join(sorted(unknown))}")
        return Tally(tuple(spec.get("totals", (0, 0)))), list(spec.get("names", ()))

    def finish(self, spec: Mapping[str, Any], state: Tally) -> list[str]:
        return []


def find(name: str) -> Hosted:
    """Tally, and the built-in games."""
    if name == "tally":
        return Hosted(TallyGame(), TallyScenarios())  # type: ignore[arg-type]
    return scenario.builtin(name)


TALLY = """
[[scenario]]
name = "Kim reaches 10 and wins"
game = "tally"
names = ["Kim", "Chris"]
totals = [8, 3]

[[scenario.step]]
type = "Add"
seat = "Kim"
amount = 2

[[scenario.step]]
type = "Add"
seat = "Chris"
amount = 1
error = "game_over"

[[scenario.events]]
type = "Won"
winner = "Kim"

[scenario.expect]
"totals.Kim" = 10
winner = "Kim"
"seat.Chris.seat" = "Chris"
"""

GUILD_MASTER = """
[[scenario]]
name = "every guild starts with 7 Gold"
players = 3

[scenario.expect]
"guilds.0.gold" = 7
"guilds.2.gold" = 7
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def report(paths: Sequence[Path], finder: Callable[[str], Hosted] = find) -> list[str]:
    lines: list[str] = []
    scenario.run_files(paths, find=finder, write=lines.append)
    return lines


def test_a_scenario_without_a_game_is_guild_masters() -> None:
    specs = scenario.load(GUILD_MASTER)
    assert [spec["game"] for spec in specs] == ["guild-master"]
    outcome = scenario.run(specs[0])
    assert outcome.passed, outcome.failures


def test_a_file_names_its_game_for_every_scenario() -> None:
    specs = scenario.load('game = "guild-master"\n' + GUILD_MASTER)
    assert scenario.run(specs[0]).passed
    tally = TALLY.replace('game = "tally"\n', "")
    specs = scenario.load('game = "tally"\n' + tally, find=find)
    assert [spec["game"] for spec in specs] == ["tally"]
    outcome = scenario.run(specs[0], find=find)
    assert outcome.passed, outcome.failures
    assert outcome.state == Tally((10, 3), turn=1, winner=0)


def test_a_scenario_overrides_its_files_game() -> None:
    specs = scenario.load('game = "guild-master"\n' + TALLY, find=find)
    assert [spec["game"] for spec in specs] == ["tally"]


def test_an_unknown_game_is_an_error_naming_the_known_games(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as caught:
        scenario.load('game = "chess"\n' + GUILD_MASTER, "chess.toml")
    message = str(caught.value)
    assert message.startswith("chess.toml: unknown game 'chess'; known games: ")
    assert all(name in message for name in registry.names())
    path = write(tmp_path, "chess.toml", GUILD_MASTER.replace("players = 3", 'game = "chess"'))
    lines = report([path])
    assert lines[0].startswith(f"FAIL {path}: {path}: unknown game 'chess'; known games: ")
    assert lines[-1] == "0 passed, 1 failed"


def test_a_game_must_be_named_by_a_string() -> None:
    with pytest.raises(ScenarioError, match="`game` must be a game's name, not 7"):
        scenario.load("game = 7\n" + GUILD_MASTER)


def test_one_file_may_mix_games(tmp_path: Path) -> None:
    path = write(tmp_path, "mixed.toml", GUILD_MASTER + TALLY)
    specs = scenario.load(path.read_text(), find=find)
    assert [spec["game"] for spec in specs] == ["guild-master", "tally"]
    assert report([path]) == [
        f"PASS {path}: every guild starts with 7 Gold",
        f"PASS {path}: Kim reaches 10 and wins",
        "2 passed, 0 failed",
    ]


def test_one_folder_may_mix_games(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", GUILD_MASTER)
    (tmp_path / "more").mkdir()
    write(tmp_path / "more", "b.toml", 'game = "tally"\n' + TALLY.replace('game = "tally"\n', ""))
    found = scenario.files([tmp_path])
    assert found == [tmp_path / "a.toml", tmp_path / "more" / "b.toml"]
    summary = scenario.run_files(found, find=find, write=lambda line: None)
    assert (summary.passed, summary.failed, summary.status) == (2, 0, 0)


def test_failures_of_the_runners_checks_are_reported_for_any_game(tmp_path: Path) -> None:
    wrong = """
[[scenario]]
name = "wrong in every way"
game = "tally"
names = ["Kim", "Chris"]

[[scenario.step]]
type = "Add"
seat = "Kim"
amount = 1
error = "amount"

[[scenario.step]]
type = "Add"
seat = "Chris"
amount = 9
error = "not_your_turn"

[[scenario.events]]
type = "Won"

[scenario.expect]
"totals.Chris" = 5
"nowhere" = 1
"""
    lines = report([write(tmp_path, "wrong.toml", wrong)])
    assert lines[0].endswith(
        "wrong in every way — step 1: expected error 'amount', but it was accepted; "
        "step 2: expected error 'not_your_turn', got 'amount' (Add 1, 2 or 3.); "
        "totals.Chris: expected 5, got 0; nowhere: no such value in the view; "
        "expected event 1 (type='Won') did not happen in this order"
    )
    assert lines[-1] == "0 passed, 1 failed"


def test_a_table_the_game_cannot_set_is_a_scenario_error() -> None:
    outcome = scenario.run({"game": "tally", "name": "odd", "pieces": 3}, find=find)
    assert outcome.failures == ["scenario error: unknown field(s) pieces"]
    outcome = scenario.run({"game": "tally", "step": [{"seat": 0}]}, find=find)
    assert outcome.failures == [
        "scenario error: step 1 has no `type` (a command name such as SetOrders)"
    ]


def test_a_missing_file_is_named() -> None:
    with pytest.raises(ScenarioError, match=r"no such file or folder: nowhere\.toml"):
        scenario.files(["nowhere.toml"])


def test_the_report_is_the_command_lines_to_the_byte(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = write(tmp_path, "bad.toml", GUILD_MASTER.replace("= 7", "= 8"))
    broken = write(tmp_path, "broken.toml", "[[scenario]\n")
    names = [str(GM_SCENARIOS), str(bad), str(broken)]
    code = main(["scenario", "run", *names])
    printed = capsys.readouterr().out
    summary = scenario.run_files(scenario.files(names))
    assert capsys.readouterr().out == printed
    assert summary.status == code == 1
    assert printed.splitlines()[-1] == f"{summary.passed} passed, 2 failed"
    assert summary.passed > 20  # the rulebook's examples
