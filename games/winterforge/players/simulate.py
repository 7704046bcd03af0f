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
from engine.simulation import win_rate
from games.winterforge.players import BuiltinPlayer, RandomPlayer
from games.winterforge.rules.commands import Command
from games.winterforge.rules.events import Event
from games.winterforge.rules.evolve import evolve
from games.winterforge.rules.flow import execute
from games.winterforge.rules.pending import pending
from games.winterforge.rules.setup import create
from games.winterforge.rules.state import WinterforgeState

MAX_COMMANDS = 20_000  # far above any real game; a safety net against a rules loop
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
    log: list[Event] = create(players, seed, dict(options or {}))
    state: WinterforgeState | None = None
    for e in log:
        state = evolve(state, e)
    assert state is not None
    bots = [PLAYER_TYPES[kind](seed * 7919 + 104729 * (i + 1)) for i, kind in enumerate(kinds)]
    events = len(log)
    count = refused = 0
    while state.result is None:
        # Once a turn has begun the game waits for its Player alone (`pending`'s "turn"
        # decision), so the decision itself is made only when needed: while Royal Contracts are
        # chosen, or to apply its default to a refused command.
        seat = state.turn.seat if state.turn.number else pending(state)[0].seat
        command: Command | None = bots[seat].move(state, (seat,))
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
        events += len(new)
        if keep_events:
            log += new
    result = state.result
    return (
        GameResult(
            players=players,
            seed=seed,
            seats=kinds,
            boards=tuple(g.board for g in state.guilds),
            ranking=result.ranking,
            winners=result.winners,
            totals=result.totals,
            completed=tuple(len(g.completed) + len(g.held) for g in state.guilds),
            rounds=state.turn.round,
            turns=state.turn.number,
            reason=result.reason,
            commands=count,
            refused=refused,
            events=events,
        ),
        state,
        log if keep_events else [],
    )


def main(argv: list[str] | None = None) -> int:
    """`python -m games.winterforge.players.simulate --games 200`: the built-in player's win rate
    against random players."""
    import argparse
    import time

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--kind", default="builtin", choices=sorted(PLAYER_TYPES))
    args = parser.parse_args(argv)
    start = time.process_time()
    rate = win_rate(play, args.kind, args.games, args.players)
    print(
        f"{args.kind} player against {args.players - 1} random players, seat rotated: won "
        f"{rate:.1%} of {args.games} games ({time.process_time() - start:.0f} s CPU)."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
