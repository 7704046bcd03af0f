"""Whole games between built-in players, for `guildmaster simulate`, tests and benchmarks.

A game is fully determined by (players, seed, short): the table is shuffled from the seed and each
player draws from its own source seeded from it, so the same arguments give the same game.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import RuleError
from games.guild_master.players import PLAYER_TYPES, RandomPlayer
from games.guild_master.rules.commands import Command
from games.guild_master.rules.events import Event
from games.guild_master.rules.evolve import evolve
from games.guild_master.rules.flow import execute
from games.guild_master.rules.pending import pending
from games.guild_master.rules.setup import create
from games.guild_master.rules.state import GameState, Phase

MAX_COMMANDS = 20_000  # far above any real game; a safety net against a rules loop


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
    log: list[Event] = list(create(players, seed, {"short": short}))
    state: GameState | None = None
    for e in log:
        state = evolve(state, e)
    assert state is not None
    bots = [PLAYER_TYPES[kind](seed * 7919 + 104729 * (i + 1)) for i, kind in enumerate(seats)]
    chooser = RandomPlayer(seed * 31 + 17)
    events = len(log)
    count = refused = 0
    while state.phase is not Phase.ENDED:
        decisions = pending(state)
        if not decisions:
            raise RuntimeError(f"nobody to wait for in {state.phase} (round {state.round})")
        decision = decisions[chooser.dice.below(len(decisions))]
        bot = bots[decision.seat]
        command: Command = bot.extra(state, decision.seat) or bot.answer(state, decision)
        count += 1
        if count > MAX_COMMANDS:
            raise RuntimeError(f"game {seed} did not end after {MAX_COMMANDS} commands")
        try:
            new, state = execute(state, command)
        except RuleError:
            refused += 1
            continue
        events += len(new)
        if keep_events:
            log += new
    fame = tuple(g.fame for g in state.guilds)
    result = GameResult(
        players=players,
        seed=seed,
        short=short,
        seats=seats,
        teams=tuple(g.team for g in state.guilds),
        holdings=tuple((*g.adventurers, *(c.slug for c in g.completed)) for g in state.guilds),
        prestige=tuple((g.prestige or "", g.fame_from.prestige) for g in state.guilds),
        rounds=state.round,
        fame=fame,
        gold=tuple(g.gold for g in state.guilds),
        winners=tuple(s for s, f in enumerate(fame) if f == max(fame)),
        commands=count,
        refused=refused,
        events=events,
    )
    return result, state, log if keep_events else []
