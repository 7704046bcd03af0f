"""`guildmaster simulate --game guildmasters`: whole games between built-in players, the same
bytes for the same arguments."""

from __future__ import annotations

import json

from bot import cli


def test_simulate_plays_whole_games_the_same_byte_for_byte(capsys):
    args = ["simulate", "--game", "guildmasters", "--players", "3", "--games", "2", "--seed", "4"]
    assert cli.main(args) == 0
    first = capsys.readouterr().out
    assert cli.main(args) == 0
    assert capsys.readouterr().out == first and "2 games, 3 players" in first


def test_simulate_json(capsys):
    args = ["simulate", "--game", "guildmasters", "--players", "2", "--games", "2", "--json"]
    assert cli.main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["totals"]["games"] == 2 and len(data["games"]) == 2
    assert all(sorted(g["ranking"]) == [0, 1] for g in data["games"])
