"""Guild Ball's Introductory game as a hosted game: the `GameDefinition` the application talks
to."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core.definition import Definition
from engine.core.game import TIME_BANK, GameOption, Player
from games.guild_ball.players import BuiltinPlayer, RandomPlayer
from games.guild_ball.rules import evolve, flow, pending, setup, views
from games.guild_ball.rules.commands import COMMAND_TYPES, ApplyDefaults
from games.guild_ball.rules.events import EVENT_TYPES, GameEnded, TurnEnded
from games.guild_ball.rules.pending import KINDS, REACTION_WINDOW, REACTION_WINDOW_MAX
from games.guild_ball.rules.setup import PLAYERS
from games.guild_ball.rules.state import TURNS_MAX, GuildBallState


class GuildBall(Definition):
    """Guild Ball, the Introductory game: two teams of a Captain and two Squaddies on a 2'×2'
    pitch; the first to 6 VP wins."""

    name = "guild-ball"
    title = "Guild Ball"
    seat_noun = "team"
    min_players = PLAYERS
    max_players = PLAYERS
    options: tuple[GameOption, ...] = (
        GameOption(
            "size",
            "int",
            0,
            "Game size: 0 Introductory (6 VP, 2'x2'), 1 Quick (8 VP, 3'x3'), 2 Typical (12 VP)",
            low=0,
            high=2,
        ),
        GameOption(
            "terrain",
            "int",
            0,
            "Terrain (3'x3' only): 0 none, 1 Market Square, 2 Chapel Green, 3 Tannery Yard, "
            "4 Frozen Canal",
            low=0,
            high=4,
        ),
        GameOption(
            "reaction",
            "int",
            REACTION_WINDOW,
            f"Minutes a reaction out of turn waits (default {REACTION_WINDOW}, for live tables; "
            "more for slow ones)",
            low=1,
            high=REACTION_WINDOW_MAX,
        ),
        GameOption(
            "turns",
            "int",
            -1,  # not chosen: the game size's own limit (rules/setup.turns_option)
            f"Turn limit: 0 none (the book's game, to the VP), 1-{TURNS_MAX} turns; default the "
            "size's 10, 12 or 16",
            low=-1,
            high=TURNS_MAX,
        ),
        TIME_BANK,  # for live tables (bot/timebank.py)
    )
    deadline_kinds: tuple[str, ...] = KINDS
    players: Mapping[str, Callable[[int], Player]] = {
        "builtin": BuiltinPlayer,
        "random": RandomPlayer,
    }
    event_types = EVENT_TYPES
    command_types = COMMAND_TYPES
    state_type: type = GuildBallState
    rules = (setup, flow, evolve, pending, views)
    checkpoints = (TurnEnded, GameEnded)  # the end of every turn and of the game
    defaults_command = ApplyDefaults

    def seats(self, state: Any) -> int:
        """A state counts its seats as teams."""
        return len(state.teams)


GAME = GuildBall()
