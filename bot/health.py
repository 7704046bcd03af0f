"""The health and metrics endpoint: a small aiohttp server inside the bot, off unless
`[health] port` (or GUILDMASTER_HEALTH_PORT) is set.

    GET /health    JSON {"status", "ready", "gateway", "database", "stopping", "games_in_play"}:
                   HTTP 200 when the bot is ready, every shard's gateway is connected and the
                   database answers; 503 otherwise (starting, reconnecting, stopping, database
                   unreachable)
    GET /metrics   Prometheus metrics (bot/metrics.py)

aiohttp serves it because discord.py already runs on it: no second web stack, and it shares the
bot's event loop. `python -m bot.healthcheck URL` probes it (the Docker image's HEALTHCHECK).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

from bot import metrics
from bot.config import ConfigError
from bot.store.store import IN_PLAY

if TYPE_CHECKING:
    from bot.chat.client import GuildMasterBot

log = logging.getLogger("guildmaster.health")

HEALTH_PATH = "/health"
METRICS_PATH = "/metrics"
# A database that takes longer than this to count the games is reported unreachable: a health
# check must answer within the prober's own timeout (Docker's is set to 5 s).
DATABASE_TIMEOUT = 3.0


async def games_in_play(bot: GuildMasterBot) -> int | None:
    """The games in a lobby or running, counted in the database; None if it does not answer."""
    store = bot.store
    if store is None or bot.closing:
        return None
    try:
        # Through the store, which refuses a SQLite file deleted or replaced under it.
        async with asyncio.timeout(DATABASE_TIMEOUT):
            count = len(await store.list_games(status=IN_PLAY))
    except Exception as exc:
        log.warning("health check: the database does not answer: %s", exc)
        return None
    metrics.GAMES_IN_PLAY.set(count)
    return count


def gateway_connected(bot: GuildMasterBot) -> bool:
    """Is every shard of this process connected to Discord's gateway?"""
    shards = bot.shards
    return bool(shards) and not any(shard.is_closed() for shard in shards.values())


async def health(bot: GuildMasterBot) -> tuple[bool, dict[str, Any]]:
    """Is the bot healthy, and the checks that say so."""
    count = await games_in_play(bot)
    checks = {
        "ready": bot.is_ready() and bot.service is not None,
        "gateway": gateway_connected(bot),
        "database": count is not None,
        "stopping": bot.closing,
    }
    healthy = checks["ready"] and checks["gateway"] and checks["database"] and not bot.closing
    status = "ok" if healthy else "stopping" if bot.closing else "unavailable"
    return healthy, {"status": status, **checks, "games_in_play": count}


class HealthServer:
    """The endpoint of one bot. `await start()`, `await stop()`; `port` once started."""

    def __init__(self, bot: GuildMasterBot, host: str, port: int) -> None:
        self.bot = bot
        self.host = host
        self.requested_port = port  # 0: any free port (tests)
        app = web.Application()
        app.router.add_get(HEALTH_PATH, self._health)
        app.router.add_get(METRICS_PATH, self._metrics)
        self._runner = web.AppRunner(app, access_log=None)
        self._site: web.TCPSite | None = None

    async def start(self) -> None:
        """Listen on the host and port; ConfigError naming the setting if it cannot."""
        await self._runner.setup()
        self._site = web.TCPSite(self._runner, self.host, self.requested_port)
        try:
            await self._site.start()
        except OSError as exc:  # the port taken, the address not this machine's
            await self._runner.cleanup()
            raise ConfigError(
                f"health.port: cannot listen on {self.host}:{self.requested_port}: "
                f"{exc.strerror or exc} (GUILDMASTER_HEALTH_PORT / GUILDMASTER_HEALTH_HOST)"
            ) from None
        log.info("health and metrics on http://%s:%s%s", self.host, self.port, HEALTH_PATH)

    @property
    def port(self) -> int:
        """The port it listens on (the one asked for, until it listens)."""
        addresses = self._runner.addresses
        return int(addresses[0][1]) if addresses else self.requested_port

    async def stop(self) -> None:
        """Stop listening."""
        await self._runner.cleanup()

    async def _health(self, _request: web.Request) -> web.Response:
        healthy, body = await health(self.bot)
        return web.json_response(body, status=200 if healthy else 503)

    async def _metrics(self, _request: web.Request) -> web.Response:
        await games_in_play(self.bot)
        return web.Response(
            body=generate_latest(REGISTRY), headers={"Content-Type": CONTENT_TYPE_LATEST}
        )
