"""Counters for tests and benchmarks: REST calls per route, interaction latencies."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any


def percentile(values: list[float], p: float) -> float | None:
    """The p-th percentile (0-100) by linear interpolation between closest ranks."""
    if not values:
        return None
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    k = (len(ordered) - 1) * p / 100.0
    lo, hi = math.floor(k), math.ceil(k)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


class Stats:
    def __init__(self) -> None:
        #: "METHOD /template" -> number of requests (faulted ones included)
        self.calls: Counter[str] = Counter()
        #: ("METHOD /template", status) -> count
        self.statuses: Counter[tuple[str, int]] = Counter()
        #: seconds from INTERACTION_CREATE sent to the callback received, in arrival order
        self.latencies: list[float] = []
        #: requests no route matched: "METHOD /path"
        self.unknown_routes: list[str] = []

    def record(self, key: str, status: int) -> None:
        self.calls[key] += 1
        self.statuses[(key, status)] += 1

    def percentile(self, p: float) -> float | None:
        return percentile(self.latencies, p)

    def latency_summary(self) -> dict[str, Any]:
        v = self.latencies
        return {
            "count": len(v),
            "p50": percentile(v, 50),
            "p90": percentile(v, 90),
            "p99": percentile(v, 99),
            "max": max(v) if v else None,
            "mean": sum(v) / len(v) if v else None,
        }

    def summary(self) -> dict[str, Any]:
        return {
            "calls": dict(self.calls),
            "statuses": {f"{k} -> {s}": n for (k, s), n in self.statuses.items()},
            "latency": self.latency_summary(),
            "unknown_routes": list(self.unknown_routes),
        }

    def reset(self) -> None:
        self.calls.clear()
        self.statuses.clear()
        self.latencies.clear()
        self.unknown_routes.clear()
