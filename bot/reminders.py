"""When to remind a player, and when a daily deadline falls: pure timing rules, no I/O.

A player chooses (`/gm notify`) how long before a deadline they are reminded (or not at all) and
quiet hours in their own time zone, during which no reminder DM reaches them. Without a choice,
a player is reminded when a quarter of the wait is left (what the bot always did). A host may
give a game a daily deadline time: each wait then ends at the next such time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# Below this wait, the default reminder (a quarter of the wait before the end) is not worth a DM.
SHORTEST_REMINDED_WAIT = timedelta(minutes=4)
# "Just before quiet hours start": the reminder goes out this long before they begin.
BEFORE_QUIET = timedelta(minutes=5)
_OFFSET = re.compile(r"^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE)
_CLOCK = re.compile(r"^(\d{1,2}):(\d{2})$")


@dataclass(frozen=True)
class Prefs:
    """A player's reminder choices. `lead`: minutes before the deadline (None: when a quarter
    of the wait is left); `off`: no reminders; `quiet`: local minutes of the day at which quiet
    hours start and end (the end may be past midnight); `zone`: an IANA zone or a UTC offset."""

    lead: int | None = None
    off: bool = False
    quiet: tuple[int, int] | None = None
    zone: str = "UTC"


def zone_of(text: str) -> tzinfo:
    """The time zone a player typed: an IANA name ("Europe/Paris") or a UTC offset ("+02:00",
    "UTC-5", "-0330"). Raises ValueError with a sentence for the player."""
    text = text.strip()
    if text.upper() in ("UTC", "GMT", "Z"):
        return UTC
    found = _OFFSET.match(text)
    if found:
        sign, hours, minutes = found.groups()
        offset = timedelta(hours=int(hours), minutes=int(minutes or 0))
        if offset > timedelta(hours=14):
            raise ValueError(f"{text!r} is not a UTC offset (they run from -12:00 to +14:00).")
        return timezone(offset if sign == "+" else -offset)
    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(
            f"{text!r} is not a time zone: give a UTC offset such as +02:00 or a zone name "
            "such as Europe/Paris."
        ) from None


def clock(text: str) -> int:
    """Minutes of the day of a time typed as HH:MM (24-hour). Raises ValueError."""
    found = _CLOCK.match(text.strip())
    if not found or int(found.group(1)) > 23 or int(found.group(2)) > 59:
        raise ValueError(f"{text!r} is not a time of day: write it as HH:MM, such as 22:30.")
    return int(found.group(1)) * 60 + int(found.group(2))


def hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _at(day: date, minutes: int, zone: tzinfo) -> datetime:
    """The moment of local time `minutes` on `day` in `zone`, in UTC."""
    local = datetime.combine(day, time(minutes // 60, minutes % 60), tzinfo=zone)
    return local.astimezone(UTC)


def quiet_window(moment: datetime, prefs: Prefs) -> tuple[datetime, datetime] | None:
    """The quiet hours (start, end) that `moment` falls in, or None if it falls in none."""
    if prefs.quiet is None:
        return None
    start, end = prefs.quiet
    if start == end:
        return None
    zone = zone_of(prefs.zone)
    local = moment.astimezone(zone)
    minute = local.hour * 60 + local.minute
    today = local.date()
    if start < end:
        if start <= minute < end:
            return _at(today, start, zone), _at(today, end, zone)
        return None
    # Across midnight (22:00-07:00): late in the evening, or early the next morning.
    if minute >= start:
        return _at(today, start, zone), _at(today + timedelta(days=1), end, zone)
    if minute < end:
        return _at(today - timedelta(days=1), start, zone), _at(today, end, zone)
    return None


def remind_at(start: datetime, due: datetime, prefs: Prefs, now: datetime) -> datetime | None:
    """When to remind a player of a wait from `start` to `due` (None: no reminder). Inside the
    player's quiet hours, the reminder moves to their end if that is still before the deadline,
    else to just before they start; a reminder that would fall at or before `now` (the wait is
    shorter than the lead, or quiet hours cover all that is left) is not sent, since the prompt
    itself has just told the player."""
    if prefs.off:
        return None
    if prefs.lead is None:
        if due - start < SHORTEST_REMINDED_WAIT:
            return None
        at = due - (due - start) / 4
    else:
        at = due - timedelta(minutes=prefs.lead)
    window = quiet_window(at, prefs)
    if window is not None:
        quiet_start, quiet_end = window
        at = quiet_end if quiet_end < due else quiet_start - BEFORE_QUIET
    return at if now < at < due else None


def daily_of(text: str) -> tuple[int, str]:
    """A daily deadline as a host types it: "HH:MM" then a time zone (UTC when none), such as
    "18:00 Europe/Paris" or "18:00 +02:00". Raises ValueError with a sentence for the host."""
    at, _, zone = text.strip().partition(" ")
    zone = zone.strip() or "UTC"
    zone_of(zone)
    return clock(at), zone


def next_daily(now: datetime, minutes: int, zone: str) -> datetime:
    """The next moment after `now` at local time `minutes` in `zone` (a daily deadline)."""
    tz = zone_of(zone)
    day = now.astimezone(tz).date()
    at = _at(day, minutes, tz)
    while at <= now:
        day += timedelta(days=1)
        at = _at(day, minutes, tz)
    return at
