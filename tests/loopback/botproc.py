"""Bots as their own processes against a loopback Discord: the test bot
(python -m tests.loopback.botproc REST_URL GATEWAY_URL TOKEN), and the real bot
(`guildmaster_process`, `guildmaster run` pointed at the fake)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from bot.loopback import point_discord_at

from .testbot import LoopbackTestBot

ROOT = Path(__file__).resolve().parents[2]


def guildmaster_process(fake: Any, db: Path | str, **env: str) -> subprocess.Popen:
    """`guildmaster run` on the SQLite file `db` against `fake`, its log appended to db.log;
    `env` adds GUILDMASTER_* settings."""
    settings = {
        **os.environ,
        "DISCORD_TOKEN": fake.bot_token,
        "GUILDMASTER_API_BASE": fake.rest_url,
        "GUILDMASTER_GATEWAY": fake.gateway_url,
        "GUILDMASTER_DATABASE_PATH": str(db),
        "GUILDMASTER_LOG_LEVEL": "WARNING",
        **env,
    }
    log = Path(db).with_suffix(".log").open("a")
    return subprocess.Popen(
        [sys.executable, "-m", "bot.cli", "run"],
        cwd=ROOT,
        env=settings,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )


async def main(rest_url: str, gateway_url: str, token: str) -> None:
    point_discord_at(rest_url, gateway_url)
    bot = LoopbackTestBot()
    await bot.start(token)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:4]))
