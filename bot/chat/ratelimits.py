"""discord.py's table of rate-limit buckets, evicted in amortised constant time.

discord.py keeps a bucket per route and channel (and per interaction webhook), and each time it
makes a new one while it has 256 or more, it scans them all to drop those idle for 5 minutes.
A bot in hundreds of channels and DMs has thousands of buckets active within 5 minutes, so
nearly every new bucket cost a scan of all of them: under bench/load.py with 500 games a third
of discord.py's time per request, 7% of the event loop's.
"""

from __future__ import annotations

from typing import Any

import discord

# discord.py's own threshold: fewer buckets than this are never scanned.
SCAN_FROM = 256


class AmortisedEviction:
    """Replaces `HTTPClient._try_clear_expired_ratelimits`: the same scan, run only once the
    table has doubled since the last one (and has at least SCAN_FROM buckets), so the table
    stays within twice the buckets in use and each new bucket costs O(1) scanning on average.
    Evicting an idle bucket later changes nothing: it holds no request and its window is long
    over, as in a fresh one."""

    def __init__(self, http: discord.http.HTTPClient) -> None:
        self.http = http
        self.scan = http._try_clear_expired_ratelimits
        self.next_scan = SCAN_FROM

    def __call__(self) -> None:
        buckets: dict[str, Any] = self.http._buckets
        if len(buckets) < self.next_scan:
            return
        self.scan()
        self.next_scan = max(SCAN_FROM, 2 * len(buckets))


def amortise_bucket_eviction(http: discord.http.HTTPClient) -> None:
    """Make discord.py's eviction of idle rate-limit buckets amortised O(1) per new bucket.
    (A private hook of discord.py 2.7, which pyproject.toml pins; were it renamed, the
    attribute set here would go unused and discord.py would scan as before.)"""
    http._try_clear_expired_ratelimits = AmortisedEviction(http)  # type: ignore[method-assign]
