"""Configuration: a TOML file (see config.example.toml), with environment variables on top.

Everything has a default except the Discord token, so the tools run with no configuration at all:
the database is then a SQLite file in the working directory, created on first start.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_CONFIG = "config.toml"
DEFAULT_DATABASE = "guildmaster.sqlite3"


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

    @property
    def url(self) -> str:
        """The SQLAlchemy async URL of the database."""
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{self.database_path}"


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
    discord = data.get("discord", {})
    database = data.get("database", {})
    games = data.get("games", {})
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
    deadlines = games.get("deadline_minutes", {})
    if not isinstance(deadlines, dict) or not all(
        isinstance(v, int) and v > 0 for v in deadlines.values()
    ):
        raise ConfigError("games.deadline_minutes: give whole minutes above 0 per phase")
    return Config(
        token=env.get("DISCORD_TOKEN", env.get("GUILDMASTER_TOKEN", discord.get("token", ""))),
        database_url=env.get("GUILDMASTER_DATABASE_URL", database.get("url", "")),
        database_path=env.get("GUILDMASTER_DATABASE_PATH", database.get("path", DEFAULT_DATABASE)),
        api_base=env.get("GUILDMASTER_API_BASE", discord.get("api_base", "")),
        gateway=env.get("GUILDMASTER_GATEWAY", discord.get("gateway", "")),
        shard_count=count,
        shard_ids=tuple(shards) if shards is not None else None,
        deadlines=dict(deadlines),
        images=env.get("GUILDMASTER_IMAGES", str(games.get("images", True))).lower()
        not in ("0", "false", "no", "off"),
        log_level=str(env.get("GUILDMASTER_LOG_LEVEL", data.get("log", {}).get("level", "INFO"))),
    )
