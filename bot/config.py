"""Configuration: a TOML file (see config.example.toml), with environment variables on top.

Everything has a default except the Discord token, so the tools run with no configuration at all:
the database is then a SQLite file in the working directory, created on first start.

The file is checked against a schema (pydantic models that forbid unknown keys and take values
strictly): a typo, an unknown section or a value of the wrong type or range is refused with one
sentence naming the setting, rather than ignored or crashing later.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bot.logs import FORMATS, LogFormat

DEFAULT_CONFIG = "config.toml"
DEFAULT_DATABASE = "guildmaster.sqlite3"
MAX_DEADLINE = 60 * 24 * 14  # minutes: two weeks


class ConfigError(ValueError):
    """The configuration cannot be used; the message says which setting and why."""


@dataclass(frozen=True)
class Config:
    token: str = ""
    database_url: str = ""
    database_path: str = DEFAULT_DATABASE
    api_base: str = ""  # the REST API root; empty means Discord's own
    gateway: str = ""  # the gateway URL; empty means Discord's own
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    deadlines: dict[str, int] = field(default_factory=dict)  # minutes per phase
    images: bool = True
    log_level: str = "INFO"
    log_format: LogFormat = "logfmt"
    # The health and metrics endpoint (bot/health.py): off while the port is None.
    health_port: int | None = None
    health_host: str = "127.0.0.1"
    # The defaults of each Discord server's settings (`/gm settings`): the games allowed (empty:
    # all), whether built-in players may fill seats, where games are played.
    server_games: tuple[str, ...] = ()
    server_builtin_players: bool = True
    server_where: str = "any"

    @property
    def url(self) -> str:
        """The SQLAlchemy async URL of the database."""
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{self.database_path}"


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class _Discord(_Section):
    token: str = ""
    api_base: str = ""
    gateway: str = ""
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: list[Annotated[int, Field(ge=0)]] | None = None


class _Database(_Section):
    path: str = DEFAULT_DATABASE
    url: str = ""


class _Games(_Section):
    deadline_minutes: dict[str, Annotated[int, Field(ge=1, le=MAX_DEADLINE)]] = {}
    images: bool = True


class _Log(_Section):
    level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    format: LogFormat = "logfmt"


class _Servers(_Section):
    games: list[str] = []
    builtin_players: bool = True
    where: Literal["any", "channels", "threads"] = "any"


class _Health(_Section):
    port: int | None = Field(default=None, ge=1, le=65535)
    host: str = "127.0.0.1"


class _File(_Section):
    discord: _Discord = _Discord()
    database: _Database = _Database()
    games: _Games = _Games()
    log: _Log = _Log()
    health: _Health = _Health()
    servers: _Servers = _Servers()


def _checked(source: str, data: dict[str, Any]) -> _File:
    """The file's settings, or ConfigError naming the first one that is wrong."""
    try:
        checked = _File.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        key = ".".join(str(part) for part in error["loc"])
        raise ConfigError(f"{source}: {key}: {_why(error)}") from None
    kinds = _deadline_kinds()
    for kind in checked.games.deadline_minutes:
        if kind not in kinds:
            raise ConfigError(
                f"{source}: games.deadline_minutes.{kind}: no game waits for {kind!r}; the kinds "
                f"are {', '.join(sorted(kinds))}"
            )
    names = _game_names()
    for game in checked.servers.games:
        if game not in names:
            raise ConfigError(
                f"{source}: servers.games: no game is called {game!r}; the games are "
                f"{', '.join(sorted(names))}"
            )
    return checked


def _why(error: Any) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        return "unknown setting (check its spelling against config.example.toml)"
    if kind == "literal_error":
        return f"must be one of {error['ctx']['expected']}"
    if kind.startswith(("greater_than", "less_than")):
        return str(error["msg"]).lower()
    expected = {
        "int_type": "a whole number",
        "string_type": "text in quotes",
        "bool_type": "true or false",
        "list_type": "a list, like [0, 1]",
        "dict_type": "a table of settings",
        "model_type": "a table of settings ([section] with key = value lines)",
    }.get(kind, str(error["msg"]).lower())
    return f"expected {expected}, got {error['input']!r}"


def _deadline_kinds() -> set[str]:
    """The deadline kinds of every hosted game (what `deadline_minutes` may name)."""
    from engine.core import registry

    return {k for name in registry.names() for k in registry.get(name).deadline_kinds}


def _game_names() -> set[str]:
    """The names of the hosted games (what `servers.games` may list)."""
    from engine.core import registry

    return set(registry.names())


def _database_url(env: dict[str, str], in_file: str, source: str) -> str:
    """The database URL, checked, from GUILDMASTER_DATABASE_URL, else the file's
    [database] url, else DATABASE_URL (what Heroku-style hosts set for their PostgreSQL:
    `postgres://` is read as PostgreSQL through asyncpg). "" for the SQLite file of path."""
    from bot.store.preflight import DatabaseProblem, database_url

    for setting, raw in (
        ("GUILDMASTER_DATABASE_URL", env.get("GUILDMASTER_DATABASE_URL")),
        (f"{source}: database.url", in_file or None),
        ("DATABASE_URL", env.get("DATABASE_URL")),
    ):
        if raw:  # set but empty: as if not set
            try:
                return database_url(raw, setting)
            except DatabaseProblem as exc:
                raise ConfigError(str(exc)) from None
    return ""


def load(path: str | None = None, env: dict[str, str] | None = None) -> Config:
    """Read `path` (or config.toml if it exists), then GUILDMASTER_* environment variables."""
    env = dict(os.environ if env is None else env)
    data: dict[str, Any] = {}
    chosen = path or env.get("GUILDMASTER_CONFIG")
    if chosen is None and Path(DEFAULT_CONFIG).exists():
        chosen = DEFAULT_CONFIG
    if chosen is not None:
        try:
            data = tomllib.loads(Path(chosen).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ConfigError(f"{chosen}: no such file (copy config.example.toml)") from None
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{chosen}: not valid TOML: {exc}") from None
    checked = _checked(str(chosen), data)
    discord = checked.discord.model_dump()
    database = checked.database.model_dump()
    games = checked.games.model_dump()
    shards = env.get("GUILDMASTER_SHARD_IDS", discord.get("shard_ids"))
    if isinstance(shards, str):
        try:
            shards = [int(x) for x in shards.replace(" ", "").split(",") if x]
        except ValueError:
            raise ConfigError("shard_ids: give shard numbers, like 0,1") from None
    count = env.get("GUILDMASTER_SHARD_COUNT", discord.get("shard_count"))
    try:
        count = int(count) if count is not None else None
    except ValueError:
        raise ConfigError("shard_count: give a whole number") from None
    if shards is not None and (count is None or not all(0 <= s < count for s in shards)):
        raise ConfigError("shard_ids need shard_count, and each id must be below it")
    deadlines = games["deadline_minutes"]
    level = str(env.get("GUILDMASTER_LOG_LEVEL", checked.log.level)).upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"GUILDMASTER_LOG_LEVEL: must be one of {', '.join(LOG_LEVELS)}")
    log_format = env.get("GUILDMASTER_LOG_FORMAT", checked.log.format)
    if log_format not in FORMATS:
        raise ConfigError(f"GUILDMASTER_LOG_FORMAT: must be one of {', '.join(FORMATS)}")
    health_port: int | None = checked.health.port
    if "GUILDMASTER_HEALTH_PORT" in env:
        try:
            health_port = int(env["GUILDMASTER_HEALTH_PORT"])
        except ValueError:
            health_port = 0  # refused just below, with the others out of range
        if not 1 <= health_port <= 65535:
            raise ConfigError("GUILDMASTER_HEALTH_PORT: give a port number, 1 to 65535")
    return Config(
        token=env.get("DISCORD_TOKEN", env.get("GUILDMASTER_TOKEN", discord.get("token", ""))),
        database_url=_database_url(env, database.get("url", ""), str(chosen)),
        database_path=env.get("GUILDMASTER_DATABASE_PATH", database.get("path", DEFAULT_DATABASE)),
        api_base=env.get("GUILDMASTER_API_BASE", discord.get("api_base", "")),
        gateway=env.get("GUILDMASTER_GATEWAY", discord.get("gateway", "")),
        shard_count=count,
        shard_ids=tuple(shards) if shards is not None else None,
        deadlines=dict(deadlines),
        images=env.get("GUILDMASTER_IMAGES", str(games.get("images", True))).lower()
        not in ("0", "false", "no", "off"),
        log_level=level,
        log_format=log_format,  # type: ignore[arg-type]
        health_port=health_port,
        health_host=env.get("GUILDMASTER_HEALTH_HOST", checked.health.host),
        server_games=tuple(checked.servers.games),
        server_builtin_players=checked.servers.builtin_players,
        server_where=checked.servers.where,
    )
