"""Smiths of Winterforge as a hosted game: the `GameDefinition` the application talks to."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.core.definition import Definition
from engine.core.game import GameOption, Player
from games.winterforge.players import BuiltinPlayer, RandomPlayer
from games.winterforge.rules import evolve, flow, pending, secrets, setup, views
from games.winterforge.rules.commands import COMMAND_TYPES, ApplyDefaults
from games.winterforge.rules.events import EVENT_TYPES, GameEnded, TurnEnded
from games.winterforge.rules.pending import KINDS
from games.winterforge.rules.setup import ALLEYWAY_OPTIONS, MAX_PLAYERS, MIN_PLAYERS
from games.winterforge.rules.state import WinterforgeState

_ALLEYWAY_TEXT = {
    "shrine": "Alleyway: the Shrine of Thommag (Faith tokens, 3 and 2 RP for the most Faith)",
    "auction_house": "Alleyway: the Auction House (Hold completed Contracts, sell them on a d12)",
    "thieves_guild": "Alleyway: the Thieves' Guild (steal a Component; Bodyguard Crew)",
    "runesmith": "Alleyway: the Runesmith (Rune cards that help a forge)",
}


class SmithsOfWinterforge(Definition):
    """Smiths of Winterforge: guilds of smiths take Contracts, buy Components and forge them for
    Reputation; 2–5 players, Lords of Winterforge for 6, and a solo game."""

    name = "winterforge"
    title = "Smiths of Winterforge"
    seat_noun = "guild"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options: tuple[GameOption, ...] = tuple(
        GameOption(name=name, kind="bool", default=False, description=_ALLEYWAY_TEXT[name])
        for name in ALLEYWAY_OPTIONS
    )
    deadline_kinds: tuple[str, ...] = KINDS
    players: Mapping[str, Callable[[int], Player]] = {
        "builtin": BuiltinPlayer,
        "random": RandomPlayer,
    }
    event_types = EVENT_TYPES
    command_types = COMMAND_TYPES
    state_type: type = WinterforgeState
    rules = (setup, flow, evolve, pending, views, secrets)
    checkpoints = (TurnEnded, GameEnded)  # the end of every turn (and of the game)
    defaults_command = ApplyDefaults


GAME = SmithsOfWinterforge()
