"""What the bot core does for a presentation, done by hand for tests: `Table`s and `Seen`s made
from real states of Founders' Town through `GAME.view` and `GAME.event_view`, a fake `Ask` that
carries commands out on a state it holds, and random games played step by step
(`bot.presentation_kit`).

    for step in playout(players=4, seed=1):
        seen = step.seen(PUBLIC)          # the update as the channel sees it
        table = step.table(Seat(2))       # seat 2's table after it
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from bot.presentation_kit import Kit, Step
from bot.presentation_kit import action_of as action_of
from bot.presentation_kit import arg_of as arg_of
from bot.presentation_kit import controls as controls
from bot.presentation_kit import find as find
from bot.presentation_kit import has as has
from bot.presentation_kit import texts as texts
from engine.core.game import PUBLIC, Audience, Seat
from games.town import GAME
from games.town.rules.commands import Command
from games.town.rules.state import TRADE1, TRADE2, TownState

# Display names that are no card's name nor part of one, so a test can look for card names.
NAMES = ("Ana", "Bo", "Cyrus", "Dana", "Eliza", "Fenwick the Fearless of Far Northmarch")

KIT = Kit(GAME, NAMES)
GAME_ID, table, step, new_game, _, FakeAsk = KIT.helpers()


def audiences(state: TownState) -> list[Audience]:
    return [PUBLIC, *(Seat(s) for s in range(state.players))]


def playout(players: int, seed: int, defaults_every: int = 0, limit: int = 5000) -> Iterator[Step]:
    """Every update of a game between random players (each also making offers out of turn, as
    the built-in random player does), the set-up first; every `defaults_every` updates, a
    deadline passes instead and the waiting seat's default applies."""
    return KIT.playout(players, seed, None, "random", defaults_every, limit, choose=_offers_first)


def _offers_first(state: TownState, bots: Sequence[Any]) -> Command | None:
    """During a trade phase, the first player in turn order not waited for who makes an offer;
    otherwise the first waiting player."""
    command = None
    asked = {d.seat for d in GAME.pending(state)}
    if state.turn.stage in (TRADE1, TRADE2):
        for seat in state.turn.order:
            if seat not in asked:
                command = bots[seat].move(state, (seat,))
                if command is not None:
                    break
    if command is None:
        seat = GAME.pending(state)[0].seat
        command = bots[seat].move(state, (seat,))
    return command
