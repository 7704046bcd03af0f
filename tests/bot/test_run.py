"""`guildmaster run`: without a token it explains how to get one; logs never show the token."""

import logging

import pytest

from bot.cli import main
from bot.config import ConfigError, load
from bot.logs import TokenFilter, configure_logging


def test_without_a_token_it_says_how_to_get_one(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("GUILDMASTER_TOKEN", raising=False)
    code = main(["run"])
    err = capsys.readouterr().err
    assert code == 2
    assert "discord.com/developers/applications" in err and "guildmaster demo" in err


def test_the_token_never_reaches_the_logs(capsys):
    token = "MTIzNDU2Nzg5.secret.token"
    configure_logging("INFO", token)
    logging.getLogger("guildmaster.test").info("connecting with %s now", token)
    logging.getLogger("guildmaster.test").warning(f"raw {token}")
    err = capsys.readouterr().err
    assert token not in err and err.count("[token]") == 2
    assert "level=INFO" in err and "logger=guildmaster.test" in err
    logging.getLogger().handlers.clear()


def test_environment_overrides_the_file(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(
        '[discord]\ntoken = "from-file"\n[database]\npath = "x.sqlite3"\n'
        '[games]\ndeadline_minutes = { orders = 60 }\n[log]\nlevel = "DEBUG"\n'
    )
    c = load(str(config), env={"DISCORD_TOKEN": "from-env"})
    assert c.token == "from-env" and c.url == "sqlite+aiosqlite:///x.sqlite3"
    assert c.deadlines == {"orders": 60} and c.log_level == "DEBUG"
    assert TokenFilter("t").filter(logging.LogRecord("x", 20, "", 0, "a t b", (), None))


MALFORMED = [
    # valid TOML of the wrong shape (issue 20: each crashed with a traceback)
    ("discord = 5", "discord"),
    ('database = "x"', "database"),
    ("[database]\nurl = 7", "database.url"),
    ('[discord]\nshard_count = 2\nshard_ids = ["a"]', "discord.shard_ids"),
    ('[log]\nlevel = "LOUD"', "log.level"),
    # typos and nonsense (each passed in silence)
    ('[discord]\ntokn = "x"', "discord.tokn"),
    ('[databse]\npath = "x.sqlite3"', "databse"),
    ("[discord]\nshard_count = 0", "discord.shard_count"),
    ("[games]\ndeadline_minutes = { orders = true }", "games.deadline_minutes.orders"),
    ("[games]\ndeadline_minutes = { bogus = 5 }", "games.deadline_minutes.bogus"),
    ("[database]\npath = 5", "database.path"),
    ("[games]\nimages = 3", "games.images"),
]


@pytest.mark.parametrize(("text", "key"), MALFORMED)
def test_a_malformed_configuration_is_refused_naming_the_setting(tmp_path, text, key):
    """Issue 20: configuration is checked against a schema: an unknown key or a value of the
    wrong type or range is refused with one sentence naming the setting."""
    config = tmp_path / "config.toml"
    config.write_text(text + "\n")
    with pytest.raises(ConfigError) as refused:
        load(str(config), env={})
    message = str(refused.value)
    assert message.startswith(f"{config}: {key}"), message
    assert "\n" not in message


def test_a_wrong_log_level_in_the_environment_is_refused():
    with pytest.raises(ConfigError, match="GUILDMASTER_LOG_LEVEL"):
        load(None, env={"GUILDMASTER_LOG_LEVEL": "LOUD"})
