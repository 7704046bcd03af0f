"""Guildmasters as a hosted game: the `GameDefinition` the application talks to."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.core.definition import Definition
from engine.core.game import Player
from games.guildmasters.players import BuiltinPlayer, RandomPlayer
from games.guildmasters.rules import evolve, flow, pending, secrets, setup, views
from games.guildmasters.rules.commands import COMMAND_TYPES, ApplyDefaults
from games.guildmasters.rules.events import EVENT_TYPES, GameEnded, PhaseEnded, TurnEnded
from games.guildmasters.rules.pending import KINDS
from games.guildmasters.rules.setup import MAX_PLAYERS, MIN_PLAYERS
from games.guildmasters.rules.state import GuildmastersState


class Guildmasters(Definition):
    """Guildmasters: guilds draft adventurers, use their abilities and send them on quests for
    prestige; 2–4 players."""

    name = "guildmasters"
    title = "Guildmasters"
    seat_noun = "guild"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    deadline_kinds: tuple[str, ...] = KINDS
    players: Mapping[str, Callable[[int], Player]] = {
        "builtin": BuiltinPlayer,
        "random": RandomPlayer,
    }
    event_types = EVENT_TYPES
    command_types = COMMAND_TYPES
    state_type: type = GuildmastersState
    rules = (setup, flow, evolve, pending, views, secrets)
    # The end of every turn, of every main phase and of the game.
    checkpoints = (TurnEnded, PhaseEnded, GameEnded)
    defaults_command = ApplyDefaults


GAME = Guildmasters()
