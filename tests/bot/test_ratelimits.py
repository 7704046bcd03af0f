"""discord.py's idle rate-limit buckets are evicted in amortised constant time
(bot/chat/ratelimits.py)."""

from __future__ import annotations

from types import SimpleNamespace

from bot.chat.ratelimits import SCAN_FROM, AmortisedEviction


def test_the_bucket_table_is_scanned_only_once_it_has_doubled_since_the_last_scan():
    scans: list[int] = []
    http = SimpleNamespace(_buckets={}, _try_clear_expired_ratelimits=None)
    http._try_clear_expired_ratelimits = lambda: scans.append(len(http._buckets))
    evict = AmortisedEviction(http)  # type: ignore[arg-type]
    for i in range(4 * SCAN_FROM):
        http._buckets[str(i)] = object()  # every bucket stays busy: none is evicted
        evict()
    # discord.py would have scanned at every new bucket from the 256th on: 769 scans.
    assert scans == [SCAN_FROM, 2 * SCAN_FROM, 4 * SCAN_FROM]


def test_after_a_scan_that_evicts_the_next_comes_when_the_table_doubles_again():
    scans: list[int] = []
    http = SimpleNamespace(_buckets={str(i): object() for i in range(SCAN_FROM)})

    def scan() -> None:
        scans.append(len(http._buckets))
        for key in list(http._buckets)[:-10]:  # all but 10 were idle
            del http._buckets[key]

    http._try_clear_expired_ratelimits = scan
    evict = AmortisedEviction(http)  # type: ignore[arg-type]
    evict()
    assert scans == [SCAN_FROM] and len(http._buckets) == 10
    for i in range(SCAN_FROM - 11):
        http._buckets[f"new{i}"] = object()
        evict()
    assert scans == [SCAN_FROM]  # never below SCAN_FROM buckets: no scan
    http._buckets["last"] = object()
    evict()
    assert scans == [SCAN_FROM, SCAN_FROM]
