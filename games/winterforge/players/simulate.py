"""Whole games of Smiths of Winterforge between built-in players, for tests, the balance report,
the benchmark and `guildmaster simulate --game winterforge`.

A game is fully determined by (players, seed, seats, options): the decks are shuffled from the
seed and each player draws from its own source seeded from it, so the same arguments give the
same game. The pending decisions are answered in the order the game lists them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.errors import RuleError
from engine.core.playout import MAX_COMMANDS, Playout, seated
from games.winterforge.players import BuiltinPlayer, RandomPlayer
from games.winterforge.rules.commands import Command
from games.winterforge.rules.events import Event
from games.winterforge.rules.evolve import evolve
from games.winterforge.rules.flow import execute
from games.winterforge.rules.pending import pending
from games.winterforge.rules.setup import create
from games.winterforge.rules.state import WinterforgeState

PLAYER_TYPES = {"builtin": BuiltinPlayer, "random": RandomPlayer}


@dataclass(frozen=True)
class GameResult:
    """One simulated game, as the report and `--json` print it."""

    players: int
    seed: int
    seats: tuple[str, ...]  # the player type of each seat
    boards: tuple[str, ...]  # the guild board of each seat
    ranking: tuple[int, ...]  # seats, the winner first
    winners: tuple[int, ...]  # every seat sharing first place after the tie-break
    totals: tuple[int, ...]  # RP per seat
    completed: tuple[int, ...]  # Contracts completed per seat (the Royal included)
    rounds: int
    turns: int
    reason: str
    commands: int
    refused: int
    events: int

    @property
    def winner(self) -> int:
        return self.ranking[0]


def play(
    players: int,
    seed: int,
    *,
    seats: tuple[str, ...] | None = None,
    options: Mapping[str, Any] | None = None,
    keep_events: bool = False,
) -> tuple[GameResult, WinterforgeState, list[Event]]:
    """Play one game between built-in players of the types `seats` names, one per seat ("random"
    for all by default). Returns the result, the final state and (if `keep_events`) the log."""
    kinds = seats or ("random",) * players
    bots = seated(PLAYER_TYPES, kinds, seed)
    events = create(players, seed, dict(options or {}))
    game = _play_out(events, bots, seed, keep_events)
    state = game.state
    end = state.result
    result = GameResult(
        **game.fields(players, kinds),
        boards=tuple(g.board for g in state.guilds),
        ranking=end.ranking,
        winners=end.winners,
        totals=end.totals,
        completed=tuple(len(g.completed) + len(g.held) for g in state.guilds),
        rounds=state.turn.round,
        turns=state.turn.number,
        reason=end.reason,
    )
    return result, state, game.log


def _play_out(log: list[Event], bots: list[Any], seed: int, keep_events: bool) -> Playout:
    """`engine.core.playout.play_out` for this game, its `choose` and fallback written in: the
    same loop, each command the real rules' (`execute`, validation and all), a call fewer per
    command. Once a turn has begun the game waits for that turn's Player alone (`pending`'s
    "turn" decision), so `pending` is asked only while Royal Contracts are chosen, or for the
    default that stands in for a refused command."""
    state: Any = None
    for e in log:
        state = evolve(state, e)
    count = refused = 0
    total = len(log)
    seats = [(seat,) for seat in range(len(bots))]
    while state.result is None:
        seat = state.turn.seat if state.turn.number else pending(state)[0].seat
        command: Command | None = bots[seat].move(state, seats[seat])
        if command is None:
            raise RuntimeError(f"player {seat} did not answer {pending(state)[0].kind}")
        count += 1
        if count > MAX_COMMANDS:
            raise RuntimeError(f"game {seed} did not end after {MAX_COMMANDS} commands")
        try:
            new, state = execute(state, command)
        except RuleError:
            refused += 1
            new, state = execute(state, pending(state)[0].default)
        total += len(new)
        if keep_events:
            log += new
    return Playout(seed, state, log if keep_events else [], count, refused, total)


def main(argv: list[str] | None = None) -> int:
    """`python -m games.winterforge.players.simulate --games 200`: the built-in player's win rate
    against random players."""
    from bot.cli import win_rate_main

    return win_rate_main(play, PLAYER_TYPES, main.__doc__, argv, games=200)


if __name__ == "__main__":
    raise SystemExit(main())
