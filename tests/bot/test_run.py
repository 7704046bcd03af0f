"""`guildmaster run`: without a token it explains how to get one; logs never show the token."""

import logging

from bot.cli import main
from bot.config import load
from bot.run import TokenFilter, configure_logging


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
