"""The balance report (`players/balance.py`): each guild board's wins against its even share, the
games' length and stalls, judged against the aims of docs/balance.md."""

from __future__ import annotations

from games.winterforge.players.balance import games_of, main, report
from games.winterforge.players.simulate import GameResult
from games.winterforge.tests.table import PACK


def test_the_report_names_every_board_seated_and_judges_each_aim():
    results = games_of(2, 6, {})
    lines, met = report(2, results)
    seated = {board for r in results for board in r.boards}
    rows = [line for line in lines if line.startswith("| ") and "guild board" not in line]
    assert len(rows) == len(seated)
    assert {row.split(" | ")[0][2:] for row in rows} == {PACK.guilds[b].name for b in seated}
    verdicts = [line for line in lines if line.startswith("- ")]
    assert len(verdicts) == 3
    assert met == all(line.endswith(": met") for line in verdicts)


def test_a_board_that_always_wins_is_outside_the_band():
    one = games_of(2, 1, {})[0]
    always = [
        GameResult(**{**one.__dict__, "seed": seed, "winners": (0,), "ranking": (0, 1)})
        for seed in range(10)
    ]
    lines, met = report(2, always)
    assert not met
    assert any("100.0% (outside the band)" in line for line in lines)


def test_the_same_arguments_print_the_same_bytes(capsys):
    main(["--games", "3", "--players", "2"])
    first = capsys.readouterr().out
    main(["--games", "3", "--players", "2"])
    assert capsys.readouterr().out == first and first.startswith("### 3 games of 2 players")
