"""Jitter for the waits between retries.

Several bot processes (one per shard) meet the same outage at the same moment: a Discord 5xx or
429 wave, or the database going away. With fixed delays they would all try again at the same
instants, in lockstep, and hit the service together each time. Each wait is instead drawn
between half and one and a half times its nominal delay, so the tries spread out while the
total time waited stays about the same.
"""

from __future__ import annotations

import random

# Not the global `random`: nothing else draws from this one, and nothing seeds it.
_draws = random.Random()


def jittered(delay: float) -> float:
    """A wait for a retry whose nominal delay is `delay`: uniform in [delay/2, 3·delay/2]."""
    return delay * _draws.uniform(0.5, 1.5)
