"""What a finished game tells the core for ratings, statistics and its recap: a small, optional
contract a game fulfils beside its presentation.

A game that has one offers `CHRONICLE` in the `chronicle` module of its package (found by the
game's name, as `bot/hosted.py` finds a presentation). It reads a game's public event views
only (`GameDefinition.event_view(event, PUBLIC)`), so nothing it says can hold a secret, and
the same words serve the channel, `/stats` and `guildmaster replay`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from importlib import import_module
from typing import Any, Protocol

from bot.presentation import Post
from bot.render.ui import Message, clip
from bot.service import Update
from bot.store import EventStore
from engine.core import PUBLIC, registry


class Chronicle(Protocol):
    """A game's account of a finished game, from its public event views."""

    def places(self, events: Sequence[Any], players: int) -> tuple[int, ...] | None:
        """Each seat's final place, 0 for the winner; seats that tie share a place (two winners
        are both 0 and the next is 2). None while the game has not ended by its rules."""
        ...

    def statistics(self, events: Sequence[Any], players: int) -> tuple[Mapping[str, int], ...]:
        """Per seat, the few counts the game names ("contracts completed": 3), in the order
        they are shown."""
        ...

    def recap(self, events: Sequence[Any], names: Sequence[str]) -> list[str]:
        """The game's turning points, one short line each (`names`: the seats' names)."""
        ...


@cache
def chronicle(game: str) -> Chronicle | None:
    """The chronicle of the game called `game`, or None for a game that names none."""
    from games import package

    try:
        module = import_module(f"{package(game)}.chronicle")
    except ModuleNotFoundError:
        return None
    return getattr(module, "CHRONICLE", None)


def public_events(game: str, events: Sequence[Any]) -> list[Any]:
    """`events` as the public knows them (those it may not know of left out)."""
    rules = registry.get(game)
    shown = (rules.event_view(e, PUBLIC) for e in events)
    return [e for e in shown if e is not None]


def places_by_score(scores: Sequence[Any]) -> tuple[int, ...]:
    """Places from comparable scores, the highest first; equal scores share a place (standard
    competition ranking, 0-based: 0, 0, 2)."""
    return tuple(sum(1 for other in scores if other > mine) for mine in scores)


def recap(game: str, events: Sequence[Any], names: Sequence[str]) -> list[str]:
    """The recap of a finished game from its whole event log, one "• " line per turning point
    (empty when the game names none, or has not ended)."""
    teller = chronicle(game)
    if teller is None:
        return []
    public = public_events(game, events)
    if teller.places(public, len(names)) is None:
        return []
    return [f"• {line}" for line in teller.recap(public, names)]


def recap_text(title: str, lines: Sequence[str]) -> str:
    """The recap as the channel shows it, under a bold title (empty without lines)."""
    if not lines:
        return ""
    return "\n".join([f"**Recap of this game of {title}**", *lines])


async def recap_posts(store: EventStore, update: Update) -> tuple[Post, ...]:
    """The recap post of a game this update has just ended, read from its whole event log
    (nothing for any other update). The notifier posts it after the final standings."""
    rules = update.definition
    if not rules.is_over(update.after) or (
        update.before is not None and rules.is_over(update.before)
    ):
        return ()
    events = [e for _, e in await store.read(update.game.id)]
    by_seat = {s.seat: s.name for s in update.seats}
    names = [by_seat.get(i, "") for i in range(update.game.players)]
    text = recap_text(rules.title, recap(rules.name, events, names))
    return (Post(Message(content=clip(text, 2000)), key="recap"),) if text else ()
