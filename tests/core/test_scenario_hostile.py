"""Hostile scenario files (issue 20): `guildmaster scenario run` reports each bad file as one
failure, in one sentence naming the file and the field, and goes on with the other files. No
traceback, and no file reaches the runner's last resort ("the game failed on this scenario"):
every shape is checked before the game sets its table up."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main

GM = '[[scenario]]\nname = "hostile"\n'
TOWN = '[[scenario]]\nname = "hostile"\ngame = "town"\n'

# file name -> (its content, a piece of the one FAIL line naming the field)
HOSTILE: dict[str, tuple[str | bytes, str]] = {
    "players_text.toml": (GM + 'players = "x"\n', "`players` must be a whole number, not 'x'"),
    "dice_text.toml": (GM + 'dice = "abc"\n', "`dice` must be a list of whole numbers"),
    "dice_mixed.toml": (GM + 'dice = [1, "2"]\n', "`dice` must be a list of whole numbers"),
    "step_number.toml": (GM + "step = [1]\n", "`step` must be a list of tables"),
    "step_type_number.toml": (GM + "[[scenario.step]]\ntype = 5\n", "step 1: `type` must be"),
    "step_no_type.toml": (GM + "[[scenario.step]]\nseat = 0\n", "step 1 has no `type`"),
    "step_unknown_type.toml": (GM + '[[scenario.step]]\ntype = "Bogus"\n', "step 1 (Bogus)"),
    "deep_arrays.toml": (GM + "dice = " + "[" * 50_000 + "]" * 50_000 + "\n", "nested too deeply"),
    "deep_tables.toml": (GM + "x = " + "{a = " * 5_000 + "1" + "}" * 5_000 + "\n", "too deeply"),
    "binary.toml": (bytes(range(256)) * 8, "cannot be read as UTF-8 text"),
    "nul.toml": (GM + "players = 2\0\n", "not valid TOML"),
    "empty.toml": ("", "no [[scenario]] tables"),
    "scenario_text.toml": ('scenario = "x"\n', "no [[scenario]] tables"),
    "scenario_numbers.toml": ("scenario = [1, 2]\n", "scenario 1 must be a table, not 1"),
    "unknown_game.toml": ('game = "chess"\n' + GM, "unknown game 'chess'"),
    "game_list.toml": ('game = ["x"]\n' + GM, "`game` must be a game's name"),
    "completed_no_slug.toml": (
        GM + "[[scenario.guild]]\ncompleted = [{ stored = [4] }]\n",
        "every table needs its `slug`",
    ),
    "completed_number.toml": (GM + "[[scenario.guild]]\ncompleted = [5]\n", "`completed`: a slug"),
    "guild_text.toml": (GM + 'guild = "x"\n', "`guild` must be a list of tables"),
    "board_number.toml": (GM + "board = 5\n", "`board` must be a table, not 5"),
    "board_spot.toml": (GM + '[scenario.board]\ncontracts = { x = "old-well" }\n', "no spot 'x'"),
    "board_deck_text.toml": (
        GM + '[scenario.board]\nadventurers = { B = "saffi" }\n',
        "board.adventurers: `B` must be a list of strings",
    ),
    "gold_text.toml": (GM + '[[scenario.guild]]\ngold = "lots"\n', "`gold` must be a whole number"),
    "private_adventurer.toml": (
        GM + '[[scenario.guild]]\nprivate = ["brask"]\n',
        "private: 'brask' is not a contract",
    ),
    "round_bool.toml": (GM + "round = true\n", "`round` must be a whole number, not True"),
    "short_text.toml": (GM + 'short = "yes"\n', "`short` must be true or false"),
    "teams_number.toml": (GM + "teams = 3\n", "`teams` must be a list of strings"),
    "names_numbers.toml": (GM + "names = [1, 2]\n", "`names` must be a list of strings"),
    "expect_number.toml": (GM + "expect = 3\n", "`expect` must be a table, not 3"),
    "events_numbers.toml": (GM + "events = [1]\n", "`events` must be a list of tables"),
    "absent_text.toml": (GM + 'absent_events = "Wandered"\n', "`absent_events` must be a list"),
    "marker_negative.toml": (
        GM + "[scenario.board]\nbuilder_marker = -5\n",
        "board: `builder_marker` must be 0 to",
    ),
    "gold_negative.toml": (GM + "[[scenario.guild]]\ngold = -4\n", "`gold` must be at least 0"),
    "stables_9.toml": (GM + "[[scenario.guild]]\nstables = 9\n", "`stables` must be 1 to 3"),
    "stored_99.toml": (
        GM + '[[scenario.guild]]\ncompleted = [{ slug = "old-well", stored = [99] }]\n',
        "stored dice must be 1 to 6",
    ),
    "seat_bool.toml": (GM + "[[scenario.guild]]\nseat = true\n", "no seat True"),
    "deck_adventurer.toml": (
        GM + '[scenario.board]\ndecks = { common = ["saffi"] }\n',
        "'saffi' is not a common contract",
    ),
    "teams_twice.toml": (
        GM + 'teams = ["ironbound", "ironbound"]\n',
        "each starting team can be dealt to one guild only",
    ),
    "town_players.toml": (TOWN + 'players = "x"\n', "`players` must be a whole number"),
    "town_deck.toml": (TOWN + 'deck = "abc"\n', "deck: a list of card slugs"),
    "town_seat.toml": (TOWN + "seat = [1]\n", "`seat` must be a list of tables"),
    "town_order.toml": (TOWN + 'order = "x"\n', "`order` must be a list of seats"),
    "town_turn.toml": (TOWN + "turn = 1.5\n", "`turn` must be a whole number, not 1.5"),
}

GOOD = (
    '[[scenario]]\nname = "every guild starts with 7 Gold"\n'
    '[scenario.expect]\n"guilds.0.gold" = 7\n'
)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder of the hostile files, with a good file among them (sorted in the middle)."""
    for name, (content, _) in HOSTILE.items():
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    (tmp_path / "m_good.toml").write_text(GOOD, encoding="utf-8")
    return tmp_path


def test_each_hostile_file_is_one_failure_naming_its_field(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert len(HOSTILE) >= 10
    code = main(["scenario", "run", str(folder)])
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert code == 1
    assert err == ""  # no traceback, no warning
    assert "Traceback" not in out and "the game failed on this scenario" not in out
    assert lines[-1] == f"1 passed, {len(HOSTILE)} failed"
    assert f"PASS {folder / 'm_good.toml'}: every guild starts with 7 Gold" in lines
    for name, (_, reason) in HOSTILE.items():
        mine = [line for line in lines if line.startswith(f"FAIL {folder / name}:")]
        assert len(mine) == 1, (name, mine)
        assert reason in mine[0], (name, mine[0])
        assert len(mine[0]) < 500, name  # a sentence, not a dump of the file


def test_a_scenario_the_game_trips_on_is_one_failure_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last resort: a game whose set-up raises on a table it does not check still gives one
    FAIL line, and the next file runs."""
    import games.guild_master.scenario as support

    def broken(spec: object) -> object:
        raise KeyError("slug")

    monkeypatch.setattr(support, "arrange", broken)
    (tmp_path / "a.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.toml").write_text(GOOD.replace('"guild-master"', '"x"'), encoding="utf-8")
    code = main(["scenario", "run", str(tmp_path)])
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert out[0] == (
        f"FAIL {tmp_path / 'a.toml'}: every guild starts with 7 Gold — the game failed on this "
        "scenario (KeyError: 'slug'); a field it does not check may have the wrong type"
    )
    assert out[1].startswith(f"FAIL {tmp_path / 'b.toml'}:")
    assert out[-1] == "0 passed, 2 failed"
