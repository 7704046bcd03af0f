"""`guildmaster simulate --game winterforge`: whole games between built-in players, the same bytes
for the same arguments, with the Alleyways chosen by `--alleyways`."""

from __future__ import annotations

import json

import pytest

from bot import cli


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_plays_whole_games_the_same_byte_for_byte(capsys):
    args = ("simulate", "--game", "winterforge", "--players", "3", "--games", "2", "--seed", "4")
    code, first, _ = run(capsys, *args)
    _, second, _ = run(capsys, *args)
    assert code == 0 and first == second
    assert first.count("game ") >= 2 and "3 games" not in first and "2 games, 3 players" in first


def test_simulate_json_with_every_alleyway(capsys):
    code, out, _ = run(
        capsys,
        *("simulate", "--game", "winterforge", "--players", "2", "--games", "2"),
        *("--alleyways", "all", "--json"),
    )
    data = json.loads(out)
    assert code == 0 and data["totals"]["games"] == 2
    assert data["totals"]["alleyways"] == ["shrine", "auction_house", "thieves_guild", "runesmith"]
    assert all(g["end"] in ("royal", "contracts") for g in data["games"])


def test_simulate_refuses_an_unknown_alleyway(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["simulate", "--game", "winterforge", "--players", "2", "--alleyways", "casino"])
    _, err = capsys.readouterr()
    assert stop.value.code == 2 and "casino is not an Alleyway" in err


def test_alleyways_belong_to_winterforge(capsys):
    code, _, err = run(capsys, "simulate", "--game", "town", "--players", "3", "--alleyways", "all")
    assert code == 2 and "--alleyways" in err and "Smiths of Winterforge" in err
