"""Whole games between built-in players, for `guildmaster simulate`, tests and benchmarks.

A game is fully determined by (players, seed, short): the table is shuffled from the seed and each
player draws from its own source seeded from it, so the same arguments give the same game.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.playout import play_out, seated
from games.guild_master.players import PLAYER_TYPES, RandomPlayer
from games.guild_master.rules.commands import Command
from games.guild_master.rules.events import Event
from games.guild_master.rules.evolve import evolve
from games.guild_master.rules.flow import execute
from games.guild_master.rules.pending import pending
from games.guild_master.rules.setup import create
from games.guild_master.rules.state import GameState, Phase


@dataclass(frozen=True)
class GameResult:
    players: int
    seed: int
    short: bool
    seats: tuple[str, ...]  # the player type of each seat
    teams: tuple[str, ...]  # the starting team of each seat
    holdings: tuple[tuple[str, ...], ...]  # cards each guild ends with: adventurers, contracts
    prestige: tuple[tuple[str, int], ...]  # each guild's prestige upgrade ("" if none), its Fame
    rounds: int
    fame: tuple[int, ...]
    gold: tuple[int, ...]
    winners: tuple[int, ...]
    commands: int
    refused: int
    events: int


def play(
    players: int,
    seed: int,
    *,
    short: bool = False,
    keep_events: bool = False,
    seats: tuple[str, ...] | None = None,
) -> tuple[GameResult, GameState, list[Event]]:
    """Play one game between built-in players of the types `seats` names, one per seat ("random"
    for all by default). Returns the result, the final state and (if `keep_events`) the whole
    event log."""
    seats = seats or ("random",) * players
    bots = seated(PLAYER_TYPES, seats, seed)
    chooser = RandomPlayer(seed * 31 + 17)

    def choose(state: GameState) -> Command | None:
        if state.phase is Phase.ENDED:
            return None
        decisions = pending(state)
        if not decisions:
            raise RuntimeError(f"nobody to wait for in {state.phase} (round {state.round})")
        decision = decisions[chooser.dice.below(len(decisions))]
        bot = bots[decision.seat]
        command: Command = bot.extra(state, decision.seat) or bot.answer(state, decision)
        return command

    events = list(create(players, seed, {"short": short}))
    game = play_out(events, evolve, execute, choose, seed, None, keep_events)
    state = game.state
    fame = tuple(g.fame for g in state.guilds)
    result = GameResult(
        **game.fields(players, seats),
        short=short,
        teams=tuple(g.team for g in state.guilds),
        holdings=tuple((*g.adventurers, *(c.slug for c in g.completed)) for g in state.guilds),
        prestige=tuple((g.prestige or "", g.fame_from.prestige) for g in state.guilds),
        rounds=state.round,
        fame=fame,
        gold=tuple(g.gold for g in state.guilds),
        winners=tuple(s for s, f in enumerate(fame) if f == max(fame)),
    )
    return result, state, game.log
