"""Setting up a game: the game size agreed, the shared deck of game plans shuffled and seven
dealt to each player, face down ("Deal seven game plans to each player, face down").

"Players agree to a game size (based on the win condition and expected duration) before picking
a guild": the host chooses it when creating the game, as the `size` option (0 the Introductory
game, the default; 1 the Quick game; 2 the Typical game; the names work too)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import RuleError
from engine.core.rng import Dice, seeded
from games.guild_ball.rules.context import pack
from games.guild_ball.rules.events import Event, GameCreated, GameSized
from games.guild_ball.rules.state import INTRODUCTORY, PLAN_HAND, SIZES

PLAYERS = 2  # "Guild Ball is played between two teams"


def game_size_option(options: Mapping[str, Any]) -> str:
    """The game size the options ask for: `size` as 0, 1 or 2 or as a name; introductory if
    absent."""
    value = options.get("size", 0)
    if isinstance(value, str) and value in SIZES:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(SIZES):
        return SIZES[value]
    raise RuleError(
        "size", "The game size is 0 (Introductory), 1 (Quick, 8 VP) or 2 (Typical, 12 VP)."
    )


def create(players: int, seed: int, options: Mapping[str, Any]) -> list[Event]:
    """The events that set up a new game: the plans dealt (the shuffle recorded), then the game
    size unless it is the Introductory game (whose events stay those of part 1)."""
    if players != PLAYERS:
        raise RuleError("players", "Guild Ball is played by two players.")
    size = game_size_option(options)
    dice = Dice(seeded(seed))
    deck = dice.shuffled(sorted(pack().plans))
    hands = tuple(deck[i * PLAN_HAND : (i + 1) * PLAN_HAND] for i in range(PLAYERS))
    events: list[Event] = [GameCreated(hands=hands, deck=deck[PLAYERS * PLAN_HAND :], rng=dice.rng)]
    if size != INTRODUCTORY:
        events.append(GameSized(size=size))
    return events
