"""discord.py's table of rate-limit buckets, evicted in amortised constant time.

discord.py keeps a bucket per route and channel (and per interaction webhook), and each time it
makes a new one while it has 256 or more, it scans them all to drop those idle for 5 minutes.
A bot in hundreds of channels and DMs has thousands of buckets active within 5 minutes, so
nearly every new bucket cost a scan of all of them: under bench/load.py with 500 games a third
of discord.py's time per request, 7% of the event loop's.

The scan drops the buckets that are spent (`spent`) rather than those idle for 5 minutes: a
bucket per interaction's webhook and per channel or DM, some 5 a game in play, held about 6 KB
a game of the bot's memory for 5 minutes after each burst (issue 26).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import discord

# discord.py's own threshold: fewer buckets than this are never scanned.
SCAN_FROM = 256
# Seconds since its last request after which a bucket whose window is over may be dropped.
SPENT_AFTER = 5.0


def spent(bucket: Any, now: float) -> bool:
    """A bucket that holds nothing a new one would not: no request in flight or waiting, its
    window over (a new one starts with a request free, as this one would after its reset), and
    no request for SPENT_AFTER seconds. All it loses is the limit it learned, which the next
    answer's headers give again."""
    return (
        bucket.outgoing == 0
        and not bucket._pending_requests
        and not bucket._sleeping.locked()
        and (bucket.expires is None or now > bucket.expires)
        and now - bucket._last_request >= SPENT_AFTER
    )


def drop_spent(http: discord.http.HTTPClient) -> None:
    """Drop the spent buckets from discord.py's table."""
    buckets: dict[str, Any] = http._buckets
    now = asyncio.get_running_loop().time()  # the clock the buckets keep
    for key in [key for key, bucket in buckets.items() if spent(bucket, now)]:
        del buckets[key]


class AmortisedEviction:
    """Replaces `HTTPClient._try_clear_expired_ratelimits`: the same scan, run only once the
    table has doubled since the last one (and has at least SCAN_FROM buckets), so the table
    stays within twice the buckets in use and each new bucket costs O(1) scanning on average.
    Evicting an idle bucket later changes nothing: it holds no request and its window is long
    over, as in a fresh one."""

    def __init__(
        self, http: discord.http.HTTPClient, scan: Callable[[], None] | None = None
    ) -> None:
        self.http = http
        self.scan = scan or http._try_clear_expired_ratelimits
        self.next_scan = SCAN_FROM

    def __call__(self) -> None:
        buckets: dict[str, Any] = self.http._buckets
        if len(buckets) < self.next_scan:
            return
        self.scan()
        self.next_scan = max(SCAN_FROM, 2 * len(buckets))


def amortise_bucket_eviction(http: discord.http.HTTPClient) -> None:
    """Make discord.py's eviction of rate-limit buckets amortised O(1) per new bucket, and
    let it drop the spent ones (`spent`) rather than only those idle for 5 minutes. (A private
    hook of discord.py 2.7, which pyproject.toml pins; were it renamed, the attribute set here
    would go unused and discord.py would scan as before.)"""
    evict = AmortisedEviction(http, lambda: drop_spent(http))
    http._try_clear_expired_ratelimits = evict  # type: ignore[method-assign]
