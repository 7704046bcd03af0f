"""Time banks for live games: each seat has a bank of minutes that runs down only while the
game waits on that seat; when it is empty, the seat's waits get the game's defaults, as a
passed deadline gets them.

A game offers it by listing `engine.core.game.TIME_BANK` among its table options, so the host
sets it at `/gm create` (`bank:` minutes; 0, the default, is none). The banks know no game:
the service tells them, at each change of what the game waits for (`refresh_deadline`), the
key of the new wait and the human seats it waits on (the game's `pending`), and they charge the
wait that ended to the seats it waited on.

The running banks are kept with the game's options (`RECORD`), so a restart finds them: the
seconds left per seat, and the wait that runs them down now with its start. A wait whose seat
has its bank left gets a deadline row of its own, `bank:<seat>:<wait>`, due when that seat's
bank would be empty; it fires as any deadline does (the seat's defaults, under the row's
idempotency key, so a second firing is a clean duplicate).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from engine.core.game import TIME_BANK

BANK = "bank:"  # the deadline rows of banks: `bank:<seat>:<wait>`
RECORD = "timebank"  # the running banks, in the game's options JSON


@dataclass(frozen=True)
class Banks:
    """One game's banks: the seconds left per seat (a seat not named has its whole bank), and
    the wait running them down now (`wait`: "" for none) since `since`, for `seats`."""

    game: int
    full: float  # seconds each seat starts with
    left: dict[int, float] = field(default_factory=dict)
    wait: str = ""
    since: datetime | None = None
    seats: tuple[int, ...] = ()

    def seconds(self, seat: int, now: datetime | None = None) -> float:
        """What `seat` has left, at `now` if given (the running wait charged so far)."""
        left = self.left.get(seat, self.full)
        if now is not None and self.since is not None and seat in self.seats:
            left -= (now - self.since).total_seconds()
        return max(left, 0.0)

    def due(self, seat: int) -> datetime:
        """When `seat`'s bank is empty if the running wait goes on (it waits on `seat`)."""
        assert self.since is not None
        return self.since + timedelta(seconds=self.seconds(seat))

    def moved_on(self, wait: str, seats: Sequence[int], now: datetime) -> Banks:
        """The banks once the game waits for `wait` (a new key; "" for nothing) on `seats`: the
        wait that ended is charged to the seats it waited on. The same wait changes nothing."""
        if wait and wait == self.wait:
            return self
        left = dict(self.left)
        for seat in self.seats:
            left[seat] = self.seconds(seat, now)
        if not wait:
            return Banks(self.game, self.full, left)
        return Banks(self.game, self.full, left, wait, now, tuple(seats))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "left": {str(s): v for s, v in sorted(self.left.items())},
            "wait": self.wait,
            "since": self.since.isoformat() if self.since is not None else None,
            "seats": list(self.seats),
        }


def options_of(raw: str | Mapping[str, Any]) -> dict[str, Any]:
    """A game's options JSON as a dict."""
    return dict(json.loads(raw) if isinstance(raw, str) else raw)


def of(game_id: int, options: Mapping[str, Any]) -> Banks | None:
    """The game's banks as its options keep them (None if the host chose none). A record of
    another game (copied into a rematch's options) is not this game's: its banks start full."""
    minutes = int(options.get(TIME_BANK.name) or 0)
    if minutes <= 0:
        return None
    full = minutes * 60.0
    kept = options.get(RECORD)
    if not isinstance(kept, dict) or kept.get("game") != game_id:
        return Banks(game_id, full)
    since = kept.get("since")
    return Banks(
        game_id,
        full,
        {int(s): float(v) for s, v in kept.get("left", {}).items()},
        str(kept.get("wait", "")),
        datetime.fromisoformat(since) if since else None,
        tuple(int(s) for s in kept.get("seats", ())),
    )


async def run_down(
    store: Any,
    game_id: int,
    raw: str | Mapping[str, Any],
    wait: str,
    seats: Sequence[int],
    now: datetime,
) -> Banks | None:
    """Charge the wait that ended and start `wait` (on `seats`; "" when the game waits for
    nobody, is paused or over), given the game's options as its row holds them (`raw`); the
    banks as they stand after it, kept with the options. None if the game has no time bank
    (nothing is read or written then)."""
    options = options_of(raw)
    banks = of(game_id, options)
    if banks is None:
        return None
    after = banks.moved_on(wait, seats, now)
    if after != banks or RECORD not in options:
        await store.update_game(game_id, options={**options, RECORD: after.to_json()})
    return after


def rows(banks: Banks) -> list[tuple[str, datetime, int]]:
    """The deadline rows of the running wait: (key, due, seat) for each seat it waits on."""
    return [(f"{BANK}{seat}:{banks.wait}", banks.due(seat), seat) for seat in banks.seats]


def describe(banks: Banks, names: Sequence[str], now: datetime) -> str:
    """The banks for a status line: "Time bank: Ana 12:30 (running), Bo 15:00.", minutes and
    seconds left per seat."""
    parts = []
    for seat, name in enumerate(names):
        left = int(banks.seconds(seat, now))
        running = " (running)" if seat in banks.seats and banks.wait else ""
        parts.append(f"{name} {left // 60}:{left % 60:02d}{running}")
    return "Time bank: " + ", ".join(parts) + "."
