"""The small words every game's messages use: players' names as messages show them, lists,
counts and places."""

from __future__ import annotations

from collections.abc import Sequence

NAME_LIMIT = 32  # a display name longer than this is shortened in messages


def seat_names(names: Sequence[str], players: int) -> tuple[str, ...]:
    """Every seat's name as messages show it: the display name (shortened), "Player N" when
    there is none, and the seat number after names that two seats share."""
    base = []
    for seat in range(players):
        raw = names[seat].strip() if seat < len(names) else ""
        base.append(clip_name(raw) if raw else f"Player {seat + 1}")
    return tuple(
        f"{name} ({seat + 1})" if base.count(name) > 1 else name for seat, name in enumerate(base)
    )


def clip_name(name: str) -> str:
    """A display name on one line, shortened with an ellipsis past `NAME_LIMIT`."""
    flat = " ".join(name.split())  # a newline would break a message's lines
    return flat if len(flat) <= NAME_LIMIT else flat[: NAME_LIMIT - 1].rstrip() + "…"


def join(items: Sequence[str], last: str = "and", empty: str = "nothing") -> str:
    """ "a", "a and b", "a, b and c" (`empty` for none)."""
    items = list(items)
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def count(n: int, noun: str, plural: str | None = None) -> str:
    """ "1 Coin", "3 Contracts"."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def ordinal(n: int) -> str:
    """ "1st", "2nd", "11th"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
