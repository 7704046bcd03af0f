"""Operator tools: `guildmaster games`, `export GAME_ID` (JSON lines) and `replay FILE`."""

import json

import pytest

from bot.cli import main
from bot.store import EventStore, sqlite_url
from bot.tools import ToolError, export_lines, replay_lines
from games.guild_master.players.simulate import play


@pytest.fixture
async def database(tmp_path):
    url = sqlite_url(str(tmp_path / "games.sqlite3"))
    store = await EventStore.open(url)
    _, final, log = play(3, 21, keep_events=True)
    ended = await store.create_game("guild-master", players=3, seed=21, status="ended")
    for seat, name in enumerate(["Kim", "Chris", "Morgan"]):
        await store.set_seat(ended, seat, 10**17 + seat, name)
    await store.append(ended, 0, log)
    running = await store.create_game("guild-master", players=3, seed=21, status="running")
    await store.append(running, 0, log[:200])
    await store.close()
    return url, final, log


def cli(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


async def test_export_writes_a_header_and_one_line_per_event(database):
    url, _, log = database
    store = await EventStore.open(url)
    try:
        lines = await export_lines(store, 1)
    finally:
        await store.close()
    header = json.loads(lines[0])
    assert header["format"] == "guildmaster-export" and header["game"]["players"] == 3
    assert [s["name"] for s in header["seats"]] == ["Kim", "Chris", "Morgan"]
    rows = [json.loads(line) for line in lines[1:]]
    assert [r["seq"] for r in rows] == list(range(1, len(log) + 1))
    assert rows[0]["type"] == "GameCreated" and rows[0]["version"] == 1


def test_the_cli_lists_exports_and_replays_a_game(database, capsys, tmp_path):
    url, final, _ = database
    code, out, _ = cli(capsys, "games", "--database", url)
    assert code == 0 and len(out.splitlines()) == 3 and "ended" in out and "running" in out
    path = tmp_path / "game1.jsonl"
    code, _, _ = cli(capsys, "export", "1", "--database", url, "--output", str(path))
    assert code == 0
    code, out, _ = cli(capsys, "replay", str(path))
    assert code == 0
    assert "— Round 9 of 9" in out and "Final Fame" in out and "Kim" in out
    fame = dict(zip(["Kim", "Chris", "Morgan"], [g.fame for g in final.guilds], strict=True))
    # The recap the channel was given follows the final standings (issue 25).
    standings, recap = out.split("\nRecap\n")
    assert recap.startswith("• Biggest contract: ") and "• Fame swing: " in recap
    assert all(line.startswith("• ") for line in recap.splitlines())
    last = standings.splitlines()[-4:]
    for name, value in fame.items():
        assert any(name in line and f"Fame {value:>3}" in line for line in last)


def test_a_guild_view_is_replayed_only_once_the_game_has_ended(database, capsys, tmp_path):
    url, _, _ = database
    for game in (1, 2):
        cli(capsys, "export", str(game), "--database", url, "--output", str(tmp_path / f"{game}"))
    code, out, _ = cli(capsys, "replay", str(tmp_path / "1"), "--seat", "2")
    assert code == 0 and "as seen by ▲ Chris" in out
    assert "Your private contracts" in out
    code, out, err = cli(capsys, "replay", str(tmp_path / "2"), "--seat", "2")
    assert code == 2 and out == "" and "only once the game has ended" in err
    code, out, _ = cli(capsys, "replay", str(tmp_path / "2"))
    assert code == 0 and "Your private contracts" not in out


def test_the_public_replay_keeps_private_contracts_private(database, tmp_path, capsys):
    url, final, _ = database
    cli(capsys, "export", "1", "--database", url, "--output", str(tmp_path / "g"))
    lines = (tmp_path / "g").read_text().splitlines()
    public = "\n".join(replay_lines(lines))
    from games.guild_master.rules.content import load_pack

    pack = load_pack("basic")
    for g in final.guilds:
        for slug in g.private_contracts:
            attempted = f'"contract":"{slug}"' in "\n".join(lines)
            if not attempted:
                assert pack.contracts[slug].name not in public


def test_tools_say_what_went_wrong(database, capsys, tmp_path):
    url, _, _ = database
    code, _, err = cli(capsys, "export", "99", "--database", url)
    assert code == 1 and "no game 99" in err
    bad = tmp_path / "notes.txt"
    bad.write_text("hello\n")
    code, _, err = cli(capsys, "replay", str(bad))
    assert code == 2 and "not a game export" in err
    code, _, err = cli(capsys, "replay", str(tmp_path / "missing.jsonl"))
    assert code == 2 and "cannot read" in err
    with pytest.raises(ToolError, match="holds no events"):
        list(
            replay_lines(
                [
                    json.dumps(
                        {
                            "format": "guildmaster-export",
                            "version": 1,
                            "game": {"game": "guild-master", "id": 1, "players": 2},
                        }
                    )
                ]
            )
        )


def _export(database, capsys, tmp_path) -> list[str]:
    url, _, _ = database
    cli(capsys, "export", "1", "--database", url, "--output", str(tmp_path / "g"))
    return (tmp_path / "g").read_text().splitlines()


def test_a_damaged_export_is_refused_with_a_sentence(database, capsys, tmp_path):
    """Issue 20: `guildmaster replay` crashed on malformed headers, missing or reordered events
    and binary files, and replayed a repeated event silently to another result. Each is one
    sentence and exit status 2; the events' `seq` must run 1, 2, 3..."""
    lines = _export(database, capsys, tmp_path)
    header, events = lines[0], lines[1:]
    damaged = {
        "header not an object": ["[1, 2]", *events],
        "header without its game": ['{"format": "guildmaster-export", "version": 1}', *events],
        "unknown game": [header.replace('"guild-master"', '"chess"'), *events],
        "version not a number": [header.replace('"version": 1', '"version": "x"'), *events],
        "seats not a list": [header.replace('"seats": [', '"seats": 5, "x": ['), *events],
        "an event missing": [header, *events[:3], *events[4:]],
        "an event repeated": [header, *events[:4], events[3], *events[4:]],
        "events reordered": [header, events[1], events[0], *events[2:]],
        "an event not an object": [header, *events[:2], "7", *events[2:]],
    }
    for what, text in damaged.items():
        path = tmp_path / "damaged.jsonl"
        path.write_text("\n".join(text) + "\n")
        code, out, err = cli(capsys, "replay", str(path))
        assert code == 2 and out == "", (what, err)
        assert err.startswith("guildmaster replay: ") and err.count("\n") == 1, (what, err)
    binary = tmp_path / "game.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe" * 100)
    code, _, err = cli(capsys, "replay", str(binary))
    assert code == 2 and "not a game export" in err


def test_names_in_an_export_cannot_drive_the_terminal(database, capsys, tmp_path):
    """Issue 20: names in the file were written raw to the terminal: escape sequences and other
    control characters are left out of what replay prints."""
    lines = _export(database, capsys, tmp_path)
    header = json.loads(lines[0])
    header["seats"][0]["name"] = "Kim\x1b[2J\x1b]0;owned\x07\r\x08"
    path = tmp_path / "names.jsonl"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    code, out, _ = cli(capsys, "replay", str(path))
    assert code == 0 and "Kim" in out
    assert not any(ch in out for ch in "\x1b\x07\r\x08")


def test_an_impossible_game_id_is_refused(capsys):
    """Issue 20: `guildmaster export 99999999999999999999999` overflowed with a traceback."""
    for typed in ("99999999999999999999999", "0", "-3", "x"):
        with pytest.raises(SystemExit) as stopped:
            cli(capsys, "export", typed)
        assert stopped.value.code == 2
        err = capsys.readouterr().err
        assert "is not a game id" in err and "Traceback" not in err


def test_the_tools_do_not_create_a_database_at_a_mistyped_path(capsys, tmp_path):
    """Issue 20: `export` and `games` created an empty database at a mistyped path instead of
    saying there is none; only `guildmaster run` creates one."""
    wrong = tmp_path / "gamse.sqlite3"
    url = f"sqlite+aiosqlite:///{wrong}"
    for args in (("games", "--database", url), ("export", "1", "--database", url)):
        code, out, err = cli(capsys, *args)
        assert code == 1 and out == ""
        assert f"there is no database at {wrong}" in err
    assert not wrong.exists()
