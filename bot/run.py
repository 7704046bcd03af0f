"""`guildmaster run`: start the bot with the configuration."""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import signal
import sys
from typing import TYPE_CHECKING

import yarl

from bot import hosted
from bot.config import Config, ConfigError
from bot.logs import configure_logging
from bot.store.migrate import migrate_in_child, needs_migrating
from bot.store.preflight import problem
from bot.store.sqlite_writer import connections_left_open

if TYPE_CHECKING:
    from bot.chat.client import GuildMasterBot

log = logging.getLogger("guildmaster.run")

HOW_TO_GET_A_TOKEN = """\
guildmaster run: no Discord bot token is configured.

To get one: open https://discord.com/developers/applications, create an application, open its
Bot page, press Reset Token and copy it. Then either put it in config.toml:

    [discord]
    token = "..."

or set it in the environment: DISCORD_TOKEN=... guildmaster run

(The README explains the permissions and the invite link.) To see the bot work without Discord,
run: guildmaster demo
"""


def warm_up() -> None:
    """Load every hosted game's presentation, and what it loads on first use."""
    for game in hosted.games():
        shown = hosted.presentation(game.name)
        shown.card_names("")


def point_at(api_base: str, gateway: str) -> None:
    """Use another Discord (the loopback one for tests and the demo): REST root and gateway."""
    import discord.gateway
    import discord.http

    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


def freeze_loaded() -> None:
    """Take everything loaded so far out of garbage collection, for good.

    discord.py leaves reference cycles behind every interaction and request, so the collector
    runs often; under bench/load.py it took some 40% of the bot's CPU without pictures, and its
    full collections paused the loop for up to 230 ms, scanning again and again the objects
    loaded at start-up (most of those it tracked), which live as long as the process. Frozen
    (100 games, with pictures): 0.6-0.7 s of collection instead of 1.1 s, pauses of 85 ms at
    most. Rarer young collections saved a little more time but kept more garbage alive: 60 MB
    more at 500 games.
    """
    gc.collect()
    gc.freeze()


def run(config: Config) -> int:
    if not config.token:
        print(HOW_TO_GET_A_TOKEN, file=sys.stderr)
        return 2
    configure_logging(config.log_level, config.token, config.log_format)
    point_at(config.api_base, config.gateway)
    from bot.chat.client import GuildMasterBot

    # A missing folder, a damaged file, an unreachable server, a newer schema: one sentence.
    found = asyncio.run(problem(config.url, create=True))
    if found:
        print(f"guildmaster run: {found}", file=sys.stderr)
        return 2
    # A new or older database is migrated by a child process: Alembic's modules would stay
    # in the bot's memory for good.
    if asyncio.run(needs_migrating(config.url)) and migrate_in_child(config.url) != 0:
        print(
            "guildmaster run: migrating the database failed (the line above says why); the bot "
            "was not started",
            file=sys.stderr,
        )
        return 2
    bot = GuildMasterBot(config)
    # Every game's presentation and content are loaded now (Guild Master's pack takes some
    # 12 ms to parse), not by the first interaction of a busy minute, and frozen with the rest.
    warm_up()
    freeze_loaded()
    if config.images:
        from bot.render import pictures

        pictures.start()  # the picture worker starts while the bot connects
    code = asyncio.run(serve(bot, config.token))
    if connections_left_open():
        # The database's files were made unwritable: closing its connections, as the
        # interpreter does on the way out, would end in SIGBUS (bot/store/sqlite_writer.py).
        logging.shutdown()
        sys.stderr.flush()
        os._exit(code)
    return code


STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


async def serve(bot: GuildMasterBot, token: str) -> int:
    """Run the bot until it fails or is asked to stop. SIGTERM (what Heroku, `docker stop` and
    systemd send) and SIGINT stop it gracefully: it stops taking interactions, finishes those
    in flight and the built-in players' moves, posts what is left to post, closes the database,
    then disconnects (`GuildMasterBot.close`). Exit status 0."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in STOP_SIGNALS:
        loop.add_signal_handler(sig, stop.set)
    running = asyncio.create_task(bot.start(token))
    asked = asyncio.create_task(stop.wait())
    done, _ = await asyncio.wait({running, asked}, return_when=asyncio.FIRST_COMPLETED)
    if asked in done:
        log.info("stopping: a stop signal came; finishing what is in flight")
        await bot.close()
        await running
        log.info("stopped cleanly")
        return 0
    asked.cancel()
    try:
        running.result()
    except Exception as exc:
        why = cannot_start(exc)
        if why is None:
            raise  # a bug: its traceback is what helps
        await bot.close()
        print(f"guildmaster run: {why}", file=sys.stderr)
        return 2
    return 0


def cannot_start(exc: Exception) -> str | None:
    """One sentence for a failure to start that an admin can fix (None for any other)."""
    import discord
    import discord.http

    from bot.store import StoreError

    if isinstance(exc, discord.LoginFailure):
        return (
            "Discord refused the token (DISCORD_TOKEN, or token in [discord] of config.toml): "
            "open https://discord.com/developers/applications, your application's Bot page, "
            "press Reset Token and set the new one"
        )
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return "Discord refused an intent the bot asked for: check the Bot page's intents"
    if isinstance(exc, OSError | TimeoutError | discord.GatewayNotFound):
        return (
            f"cannot reach Discord at {discord.http.Route.BASE} ({exc or type(exc).__name__}): "
            "check the network connection (and GUILDMASTER_API_BASE if set), then start again"
        )
    if isinstance(exc, StoreError):
        return f"the database: {exc}"
    if isinstance(exc, ConfigError):  # a setting found unusable on start, as [health] port
        return str(exc)
    return None
