"""Prometheus metrics of the bot, served at GET /metrics by bot/health.py when it is on.

The counters are bumped where things happen: interactions as discord.py receives them
(`Arrivals`, a hook on its parser) and when they are answered (bot/chat/client.py `respond`);
429s on every REST request (`rate_limit_trace`, an aiohttp trace); retries in the client's
`retrying`; deadline lag in bot/service.py; picture render time in bot/render/pictures. Games
in play are counted in the database when the metrics are read.

The metrics live in prometheus_client's default registry, beside its process and Python
collectors (CPU, memory, open files, garbage collections).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import aiohttp
from prometheus_client import Counter, Gauge, Histogram, disable_created_metrics

# No `*_created` series (a timestamp per counter and label set): they double what a scrape
# carries and Prometheus has no use for them.
disable_created_metrics()

APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
KINDS = {
    APPLICATION_COMMAND: "command",
    COMPONENT: "component",
    AUTOCOMPLETE: "autocomplete",
    MODAL_SUBMIT: "modal",
}
# An interaction not answered this long after it arrived never will be (Discord takes an
# answer for 15 minutes): its arrival is forgotten.
FORGET_AFTER = 15 * 60.0

INTERACTIONS = Counter(
    "guildmaster_interactions",
    "Interactions received, by kind (command, component, modal, autocomplete) and slash "
    "command (empty for the others)",
    ["kind", "command"],
)
ANSWER_SECONDS = Histogram(
    "guildmaster_answer_seconds",
    "From an interaction's arrival to its answer (Discord fails it after 3 s)",
    ["kind"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 15.0, 60.0),
)
RATE_LIMITED = Counter(
    "guildmaster_discord_rate_limited",
    "Discord REST answers with HTTP 429, by scope (user, global, shared)",
    ["scope"],
)
RETRIES = Counter(
    "guildmaster_discord_retries",
    "Requests to Discord (posts, edits, DMs, the command sync) tried again after a failure "
    "that may pass",
)
DEADLINE_LAG = Histogram(
    "guildmaster_deadline_lag_seconds",
    "How long after its due time a deadline's defaults were applied",
    buckets=(0.5, 1.0, 5.0, 15.0, 30.0, 60.0, 300.0, 900.0, 3600.0, 86400.0),
)
PICTURE_SECONDS = Histogram(
    "guildmaster_picture_render_seconds",
    "Time to draw a picture, queueing for the picture worker included, by renderer",
    ["renderer"],
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0),
)
GAMES_IN_PLAY = Gauge(
    "guildmaster_games_in_play",
    "Games in a lobby or running, in the database (counted when the metrics are read)",
)


class Arrivals:
    """Counts interactions as they arrive and times them until they are answered.

    Wraps discord.py's INTERACTION_CREATE parser (as the client's other hooks do), so an
    interaction is timed from the moment its payload is read, before any of the bot's work.
    `known(name)`: is this a slash command of ours? Only those are named in the metric's label,
    so a forged name cannot add series.
    """

    def __init__(self, connection: Any, known: Callable[[str], bool]) -> None:
        self._parse = connection.parsers["INTERACTION_CREATE"]
        connection.parsers["INTERACTION_CREATE"] = self.parse
        self.known = known
        # interaction id -> (kind, monotonic arrival), oldest first
        self._arrived: OrderedDict[int, tuple[str, float]] = OrderedDict()

    def parse(self, data: dict[str, Any]) -> None:
        kind = KINDS.get(int(data.get("type") or 0), "other")
        name = command_name(data.get("data") or {}) if kind in ("command", "autocomplete") else ""
        INTERACTIONS.labels(kind, name if self.known(name) else "").inc()
        now = time.monotonic()
        while self._arrived and now - next(iter(self._arrived.values()))[1] > FORGET_AFTER:
            self._arrived.popitem(last=False)
        if kind != "autocomplete":  # discord.py answers those itself
            self._arrived[int(data["id"])] = (kind, now)
        self._parse(data)

    def answered(self, interaction_id: int) -> None:
        """The interaction has its answer: its latency is observed."""
        found = self._arrived.pop(interaction_id, None)
        if found is not None:
            kind, since = found
            ANSWER_SECONDS.labels(kind).observe(time.monotonic() - since)


def command_name(data: dict[str, Any]) -> str:
    """A slash command's full name from its payload ("gm create", "town trade")."""
    parts = [str(data.get("name", ""))]
    options = data.get("options") or []
    # Subcommand groups (type 2) and subcommands (type 1) come as the first option.
    while options and isinstance(options[0], dict) and options[0].get("type") in (1, 2):
        parts.append(str(options[0].get("name", "")))
        options = options[0].get("options") or []
    return " ".join(parts)


def rate_limit_trace() -> aiohttp.TraceConfig:
    """An aiohttp trace for discord.py's HTTP session that counts every 429 it receives
    (discord.py waits and retries them itself, so they are otherwise seen only in its logs)."""

    async def on_request_end(
        _session: aiohttp.ClientSession, _context: Any, params: aiohttp.TraceRequestEndParams
    ) -> None:
        if params.response.status == 429:
            scope = params.response.headers.get("X-RateLimit-Scope", "user")
            if scope not in ("user", "global", "shared"):
                scope = "other"
            RATE_LIMITED.labels(scope).inc()

    trace = aiohttp.TraceConfig()
    trace.on_request_end.append(on_request_end)
    return trace
