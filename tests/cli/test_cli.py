"""The `guildmaster` command line: odds, scenario run and simulate keep their output forms."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    ("dice", "target", "expected"),
    [("2", "6", "72.2%"), ("3", "11", "50.0%"), ("5", "20", "30.5%"), ("10", "40", "20.5%")],
)
def test_odds_prints_the_exact_chance_with_one_decimal(capsys, dice, target, expected):
    """The rulebook's Dice Probability table, exactly: 2 dice reach 6 72% of the time, 3 dice
    reach 11 50%, 5 dice reach 20 30%."""
    code, out, _ = run(capsys, "odds", dice, target)
    assert code == 0 and out == f"{expected}\n"


def test_odds_uses_fixers_and_rerolls(capsys):
    _, plain, _ = run(capsys, "odds", "4", "16")
    _, fixed, _ = run(capsys, "odds", "4", "16", "--fixers", "1")
    _, both, _ = run(capsys, "odds", "4", "16", "--fixers", "1", "--rerolls", "1")
    values = [float(x.strip().rstrip("%")) for x in (plain, fixed, both)]
    assert values[0] < values[1] < values[2] <= 100


def test_odds_refuses_nonsense_with_a_reason(capsys):
    code, out, err = run(capsys, "odds", "50", "10")
    assert code == 2 and out == "" and "DICE must be 0 to 20" in err


def test_scenario_run_prints_a_line_per_scenario_and_a_total(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[[scenario]]\nname = "expects the wrong Gold"\nplayers = 2\n'
        '[scenario.expect]\n"guilds.0.gold" = 99\n'
    )
    good = tmp_path / "good.toml"
    good.write_text(
        '[[scenario]]\nname = "starts with 7 Gold"\n[scenario.expect]\n"guilds.0.gold" = 7\n'
    )
    code, out, _ = run(capsys, "scenario", "run", str(good), str(bad))
    lines = out.splitlines()
    assert lines[0].startswith("PASS") and "starts with 7 Gold" in lines[0]
    assert lines[1].startswith("FAIL") and "expected 99, got 7" in lines[1]
    assert lines[-1] == "1 passed, 1 failed"
    assert code == 1


def test_scenario_run_passes_every_rulebook_example(capsys):
    code, out, _ = run(
        capsys, "scenario", "run", str(ROOT / "games" / "guild_master" / "scenarios")
    )
    assert code == 0, out
    assert out.splitlines()[-1].endswith("0 failed")


def test_simulate_is_the_same_byte_for_byte(capsys):
    _, first, _ = run(capsys, "simulate", "--players", "3", "--games", "3", "--seed", "5")
    _, second, _ = run(capsys, "simulate", "--players", "3", "--games", "3", "--seed", "5")
    assert first == second
    assert first.count("\ngame") + first.startswith("game") == 3


def test_simulate_json_has_games_and_totals(capsys):
    code, out, _ = run(
        capsys, "simulate", "--players", "2", "--games", "2", "--seed", "1", "--json"
    )
    data = json.loads(out)
    assert code == 0 and len(data["games"]) == 2 and data["totals"]["games"] == 2
    assert all(g["rounds"] == 9 for g in data["games"])


def test_simulate_short_games(capsys):
    _, out, _ = run(capsys, "simulate", "--players", "4", "--games", "1", "--short", "--json")
    assert json.loads(out)["games"][0]["rounds"] == 6


def test_the_console_script_is_installed():
    out = subprocess.run(
        [sys.executable, "-m", "bot.cli", "odds", "3", "11"], capture_output=True, text=True
    )
    assert out.returncode == 0 and out.stdout == "50.0%\n"


def test_simulate_takes_a_player_kind_per_seat(capsys):
    code, out, _ = run(
        capsys, "simulate", "--players", "2", "--games", "2", "--seats", "builtin,random", "--json"
    )
    data = json.loads(out)
    assert code == 0 and data["totals"]["seats"] == ["builtin", "random"]


def test_simulate_refuses_an_unknown_player_kind(capsys):
    code, _, err = run(capsys, "simulate", "--players", "2", "--seats", "builtin,genius")
    assert code == 2 and "--seats" in err and "builtin" in err


def test_simulate_report_judges_every_aim(capsys):
    code, out, _ = run(capsys, "simulate", "--players", "4", "--games", "4", "--report")
    assert code == 0 and out.startswith("### 4 games of 4 players")
    assert "| starting team | games | wins | win rate |" in out
    verdicts = [line for line in out.splitlines() if line.startswith("- ")]
    assert len(verdicts) == 5 and all("met" in line for line in verdicts)


def test_simulate_on_several_processes_prints_the_same(capsys):
    args = ("simulate", "--players", "3", "--games", "4", "--seed", "9")
    _, one, _ = run(capsys, *args)
    _, two, _ = run(capsys, *args, "--jobs", "2")
    assert one == two


def test_the_database_tools_refuse_a_malformed_configuration(capsys, tmp_path):
    """Issue 20: a configuration of the wrong shape is one sentence naming the setting, exit
    status 2, and no database is touched."""
    config = tmp_path / "config.toml"
    config.write_text('[databse]\npath = "x.sqlite3"\n')
    code, out, err = run(capsys, "games", "--config", str(config))
    assert code == 2 and out == ""
    assert err.startswith(f"guildmaster: {config}: databse: unknown setting")
    assert err.count("\n") == 1
    assert not (tmp_path / "x.sqlite3").exists()
