"""The test bot as its own process: python -m tests.loopback.botproc REST_URL GATEWAY_URL TOKEN"""

from __future__ import annotations

import asyncio
import sys

from bot.loopback import point_discord_at

from .testbot import LoopbackTestBot


async def main(rest_url: str, gateway_url: str, token: str) -> None:
    point_discord_at(rest_url, gateway_url)
    bot = LoopbackTestBot()
    await bot.start(token)


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:4]))
