"""`python -m bot.loopback --port N`: run the fake Discord as its own process.

Prints its URLs (and, with --json, one JSON line) and serves until interrupted, so that a bot
process can be killed and restarted against it while its state persists. Drive it from tests
with bot.loopback.RemoteFakeDiscord(control_url).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
import sys
from collections.abc import Sequence

from .server import FakeDiscord


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot.loopback", description="A fake Discord on 127.0.0.1."
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=0, help="port (default 0: a free one, printed)")
    p.add_argument("--shards", type=int, default=1, help="shard count announced by /gateway/bot")
    p.add_argument(
        "--token", default=None, help="the bot token to accept (default: made up, printed)"
    )
    p.add_argument("--bot-name", default="Loopback Bot")
    p.add_argument(
        "--deadline",
        type=float,
        default=3.0,
        help="seconds a bot has to answer an interaction (0: no limit)",
    )
    p.add_argument(
        "--demo",
        action="store_true",
        help="start with a guild 'Loopback Tavern' (#general, #game) and users alice, bob, carol",
    )
    p.add_argument("--json", action="store_true", help="also print the URLs as one JSON line")
    return p


async def _serve(args: argparse.Namespace) -> None:
    fake = await FakeDiscord.start(
        host=args.host,
        port=args.port,
        shard_count=args.shards,
        bot_token=args.token,
        bot_name=args.bot_name,
        interaction_deadline=args.deadline or None,
    )
    if args.demo:
        alice = fake.create_user("alice")
        fake.create_user("bob")
        fake.create_user("carol")
        guild = fake.create_guild("Loopback Tavern", owner=alice, channels=("general", "game"))
        for name in ("bob", "carol"):
            fake.add_member(guild, name)
    info = {
        "rest_url": fake.rest_url,
        "gateway_url": fake.gateway_url,
        "control_url": fake.control_url,
        "bot_token": fake.bot_token,
        "application_id": str(fake.application_id),
        "port": fake.port,
    }
    print(f"REST     {fake.rest_url}")
    print(f"GATEWAY  {fake.gateway_url}")
    print(f"CONTROL  {fake.control_url}")
    print(f"TOKEN    {fake.bot_token}")
    if args.json:
        print(json.dumps(info))
    sys.stdout.flush()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on POSIX
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await fake.stop()


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    asyncio.run(_serve(args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
