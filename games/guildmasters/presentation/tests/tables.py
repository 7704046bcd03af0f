"""What the bot core does for a presentation, done by hand for tests: `Table`s and `Seen`s made
from real states of Guildmasters through `GAME.view` and `GAME.event_view`, a fake `Ask` that
carries commands out on a state it holds, and games played step by step by built-in or random
players.

    for step in playout(players=3, seed=1):
        seen = step.seen(PUBLIC)          # the update as the channel sees it
        table = step.table(Seat(2))       # seat 2's table after it
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from bot import presentation_kit as kit
from bot.presentation import Table
from bot.presentation_kit import Kit, Step, action_of, arg_of, controls, find, has, texts
from engine.core.game import Audience
from games.guildmasters import GAME
from games.guildmasters.rules.state import GuildmastersState

GAME_ID = kit.GAME_ID
# Display names that are no class's or quest's name nor part of one.
NAMES = ("Ana", "Bo", "Cyrus", "Dana")

KIT = Kit(GAME, NAMES, GAME_ID)


def table(state: GuildmastersState, audience: Audience, names: Sequence[str] = NAMES) -> Table:
    """`audience`'s table of `state`, as the core builds it."""
    return KIT.table(state, audience, names)


def new_game(players: int, seed: int) -> Step:
    """The set-up update of a new game."""
    return KIT.new_game(players, seed)


def playout(
    players: int, seed: int, kind: str = "builtin", defaults_every: int = 0, limit: int = 20000
) -> Iterator[Step]:
    """Every update of a game between built-in (or random) players (`Kit.playout`)."""
    return KIT.playout(players, seed, None, kind, defaults_every, limit)


class FakeAsk(kit.FakeAsk):
    """A player pressing controls on a state of this game (`bot.presentation_kit.FakeAsk`)."""

    def __init__(self, state: GuildmastersState, seat: int | None, **fields: Any) -> None:
        super().__init__(KIT, state, seat, **fields)


__all__ = [
    "GAME_ID",
    "KIT",
    "NAMES",
    "FakeAsk",
    "Step",
    "action_of",
    "arg_of",
    "controls",
    "find",
    "has",
    "new_game",
    "playout",
    "table",
    "texts",
]
