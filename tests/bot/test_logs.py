"""Structured logs (bot/logs.py): valid logfmt or JSON lines, ids as fields, no token anywhere."""

from __future__ import annotations

import json
import logging
import re

import pytest

from bot import logs
from bot.chat.actions import Actions
from bot.config import ConfigError, load
from bot.logs import configure_logging, context
from bot.service import GameService, Update
from bot.store import EventStore, sqlite_url
from tests.bot.fakes import who

TOKEN = "MTIzNDU2Nzg5.Gh7xQk.s3cr3t-t0ken_value"

# A logfmt parser written to go-logfmt's grammar, apart from the encoder: a key, `=`, and a
# bare value (no space, quote or `=`) or a quoted one, whose escapes are JSON's.
_PAIR = re.compile(r'([^\s="]+)=("(?:[^"\\]|\\.)*"|[^\s="]*)')


def parse_logfmt(line: str) -> dict[str, str]:
    """The pairs of one logfmt line; fails on anything else in it."""
    fields: dict[str, str] = {}
    position = 0
    for match in _PAIR.finditer(line):
        assert line[position : match.start()].strip() == "", line[position:]
        key, raw = match.groups()
        fields[key] = json.loads(raw) if raw.startswith('"') else raw
        position = match.end()
    assert line[position:].strip() == "", line[position:]
    return fields


@pytest.fixture
def log_lines(capsys):
    """Configure the logs as `guildmaster run` does; the lines written so far."""

    def lines() -> list[str]:
        return capsys.readouterr().err.splitlines()

    yield lines
    logging.getLogger().handlers.clear()


AWKWARD = [
    "plain",
    "two words",
    'she said "hi"',
    "key=value and a=b",
    "first line\nsecond line\r\n\tthird",
    'a \\ backslash and a \\" pair',
    "",
    "田中 🐉 = \x1b[31mred",
]


@pytest.mark.parametrize("text", AWKWARD)
def test_logfmt_values_round_trip(log_lines, text):
    configure_logging("INFO", TOKEN, "logfmt")
    logging.getLogger("guildmaster.test").info("%s", text)
    (line,) = log_lines()
    fields = parse_logfmt(line)
    assert fields["msg"] == text
    assert fields["level"] == "INFO" and fields["logger"] == "guildmaster.test"


def test_json_lines_parse_and_carry_the_ids(log_lines):
    configure_logging("INFO", TOKEN, "json")
    log = logging.getLogger("guildmaster.test")
    log.info("outside")
    with context(interaction=1234567890123456789):
        with context(game=42):
            log.warning("inside %s", 'a "game"\nwith = signs')
        log.info("the game block ended")
    lines = [json.loads(line) for line in log_lines()]
    assert [set(x) - {"time", "level", "logger", "msg"} for x in lines] == [
        set(),
        {"game", "interaction"},
        {"interaction"},
    ]
    assert lines[1]["game"] == 42 and lines[1]["interaction"] == 1234567890123456789
    assert lines[1]["msg"] == 'inside a "game"\nwith = signs'


def test_ids_given_on_the_call_are_fields(log_lines):
    configure_logging("INFO", TOKEN, "logfmt")
    logging.getLogger("guildmaster.test").info("deadline passed", extra={"game": 7})
    (line,) = log_lines()
    assert parse_logfmt(line)["game"] == "7"


@pytest.mark.parametrize("fmt", ["logfmt", "json"])
def test_the_token_is_scrubbed_from_exceptions_and_tracebacks(log_lines, fmt):
    configure_logging("INFO", TOKEN, fmt)
    log = logging.getLogger("guildmaster.test")
    try:
        raise RuntimeError(f"login failed with token {TOKEN}")
    except RuntimeError:
        log.exception("connecting failed")
    try:
        raise ValueError(TOKEN)
    except ValueError as exc:
        log.error("bad value: %s", exc, exc_info=True)
    lines = log_lines()
    text = "\n".join(lines)
    assert TOKEN not in text
    parsed = [json.loads(x) if fmt == "json" else parse_logfmt(x) for x in lines]
    assert len(parsed) == 2
    assert "RuntimeError: login failed with token [token]" in parsed[0]["exc"]
    assert "Traceback (most recent call last)" in parsed[0]["exc"]
    assert parsed[1]["msg"] == "bad value: [token]"
    assert parsed[1]["exc"].endswith("ValueError: [token]")


def test_the_format_is_a_setting_with_an_environment_override(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('[log]\nformat = "json"\n')
    assert load(str(config), env={}).log_format == "json"
    assert load(str(config), env={"GUILDMASTER_LOG_FORMAT": "logfmt"}).log_format == "logfmt"
    assert load(None, env={}).log_format == "logfmt"
    config.write_text('[log]\nformat = "xml"\n')
    with pytest.raises(ConfigError, match=r"log\.format: must be one of 'logfmt' or 'json'"):
        load(str(config), env={})
    with pytest.raises(ConfigError, match="GUILDMASTER_LOG_FORMAT"):
        load(None, env={"GUILDMASTER_LOG_FORMAT": "xml"})


async def test_a_games_records_name_the_game_and_only_their_own_interaction(log_lines, tmp_path):
    """The service's records name the game; those of the interaction that moved it name the
    interaction too; the built-in players' moves, in the background, name none."""
    configure_logging("WARNING", TOKEN, "json")  # not the migrations' INFO lines
    store = await EventStore.open(sqlite_url(str(tmp_path / "logs.sqlite3")))
    service = GameService(store)
    seen: list[tuple[int, int | None, int | None]] = []

    async def listener(update: Update) -> None:
        seen.append((update.game.id, logs.GAME.get(), logs.INTERACTION.get()))
        if len(seen) == 1:
            raise RuntimeError(f"posting failed with {TOKEN}")

    service.listeners.append(listener)
    actions = Actions(service, rate_limit=10_000)
    try:
        with context(interaction=77):
            await actions.create(who(1, "Kim"), players=2)
            await actions.start(who(1))
        await service.settle()
    finally:
        await store.close()
    assert seen and all(game == 1 and named == 1 for game, named, _ in seen)
    assert seen[0][2] == 77
    # the built-in player's setup, moved in the background after the interaction was answered
    assert seen[-1][2] is None
    failed = [json.loads(line) for line in log_lines()]
    assert [(x["msg"], x["game"], x["interaction"]) for x in failed] == [
        ("listener failed for game 1", 1, 77)
    ]
    assert failed[0]["exc"].endswith("RuntimeError: posting failed with [token]")
