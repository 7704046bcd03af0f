"""Founders' Town as a hosted game: the `GameDefinition` the application talks to."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.definition import Definition
from engine.core.game import Player
from games.town.players import BuiltinPlayer, RandomPlayer
from games.town.rules import evolve, flow, pending, secrets, setup, views
from games.town.rules.commands import COMMAND_TYPES, ApplyDefaults
from games.town.rules.events import EVENT_TYPES, GameEnded, TurnEnded
from games.town.rules.setup import MAX_PLAYERS, MIN_PLAYERS
from games.town.rules.state import TownState
from games.town.rules.upcasters import UPCASTERS


class FoundersTown(Definition):
    """Founders' Town: a card game of building a medieval town, 2–6 players, one deck of 113
    location cards; the highest score in the most of 10 categories wins."""

    name = "town"
    title = "Founders' Town"
    seat_noun = "player"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    deadline_kinds: tuple[str, ...] = ("draw", "trade", "discard", "build", "offer")
    players: Mapping[str, Callable[[int], Player]] = {
        "builtin": BuiltinPlayer,
        "random": RandomPlayer,
    }
    event_types = EVENT_TYPES
    command_types = COMMAND_TYPES
    upcasters: Mapping[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = UPCASTERS
    state_type: type = TownState
    rules = (setup, flow, evolve, pending, views, secrets)
    checkpoints = (TurnEnded, GameEnded)  # the end of every turn (and of the game)
    defaults_command = ApplyDefaults


GAME = FoundersTown()
