"""Setting up a game: the shared deck of game plans shuffled and seven dealt to each player,
face down ("Deal seven game plans to each player, face down")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import RuleError
from engine.core.rng import Dice, seeded
from games.guild_ball.rules.context import pack
from games.guild_ball.rules.events import Event, GameCreated
from games.guild_ball.rules.state import PLAN_HAND

PLAYERS = 2  # "Guild Ball is played between two teams"


def create(players: int, seed: int, options: Mapping[str, Any]) -> list[Event]:
    """The events that set up a new game: the plans dealt (the shuffle recorded)."""
    if players != PLAYERS:
        raise RuleError("players", "Guild Ball is played by two players.")
    dice = Dice(seeded(seed))
    deck = dice.shuffled(sorted(pack().plans))
    hands = tuple(deck[i * PLAN_HAND : (i + 1) * PLAN_HAND] for i in range(PLAYERS))
    return [GameCreated(hands=hands, deck=deck[PLAYERS * PLAN_HAND :], rng=dice.rng)]
