"""Whole games of Guild Ball's Introductory game between built-in players, for tests, the win
rate and the benchmark (`bench/game_speed.py --game guild-ball` once the game is registered).

A game is fully determined by (players, seed, seats): the plans are shuffled from the seed and
each player draws from its own source seeded from it. The pending decisions are answered in the
order the game lists them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import RuleError
from engine.simulation import win_rate
from games.guild_ball.players import BuiltinPlayer, RandomPlayer
from games.guild_ball.rules.commands import Command
from games.guild_ball.rules.events import Event
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.flow import execute
from games.guild_ball.rules.pending import pending
from games.guild_ball.rules.setup import create
from games.guild_ball.rules.state import GuildBallState

MAX_COMMANDS = 20_000  # far above any real game; a safety net against a rules loop
PLAYER_TYPES = {"builtin": BuiltinPlayer, "random": RandomPlayer}


@dataclass(frozen=True)
class GameResult:
    """One simulated game."""

    players: int
    seed: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]  # the winner, or both seats for a draw
    vp: tuple[int, ...]
    goals: tuple[int, ...]
    rounds: int  # turns played
    commands: int
    refused: int
    events: int


def play(
    players: int = 2,
    seed: int = 0,
    *,
    seats: tuple[str, ...] | None = None,
    keep_events: bool = False,
) -> tuple[GameResult, GuildBallState, list[Event]]:
    """Play one game between players of the types `seats` names ("random" for both by
    default). Returns the result, the final state and (if `keep_events`) the log."""
    kinds = seats or ("random",) * players
    log: list[Event] = create(players, seed, {})
    state: GuildBallState | None = None
    for e in log:
        state = evolve(state, e)
    assert state is not None
    bots = [PLAYER_TYPES[kind](seed * 7919 + 104729 * (i + 1)) for i, kind in enumerate(kinds)]
    events = len(log)
    count = refused = 0
    while state.result is None:
        seat = pending(state)[0].seat
        command: Command | None = bots[seat].move(state, (seat,))
        if command is None:
            raise RuntimeError(f"player {seat} did not answer")
        count += 1
        if count > MAX_COMMANDS:
            raise RuntimeError(f"game {seed} did not end after {MAX_COMMANDS} commands")
        try:
            new, state = execute(state, command)
        except RuleError:
            refused += 1
            default = next(d.default for d in pending(state) if d.seat == seat)
            new, state = execute(state, default)
        events += len(new)
        if keep_events:
            log += new
    result = state.result
    winners = (result.winner,) if result.winner is not None else tuple(range(players))
    return (
        GameResult(
            players=players,
            seed=seed,
            seats=kinds,
            winners=winners,
            vp=tuple(t.vp for t in state.teams),
            goals=tuple(t.goals for t in state.teams),
            rounds=state.turn,
            commands=count,
            refused=refused,
            events=events,
        ),
        state,
        log if keep_events else [],
    )


def main(argv: list[str] | None = None) -> int:
    """`python -m games.guild_ball.players.simulate --games 200`: the built-in player's win rate
    against the random player (a draw counts as no win)."""
    import argparse
    import time

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--kind", default="builtin", choices=sorted(PLAYER_TYPES))
    args = parser.parse_args(argv)
    start = time.process_time()
    rate = win_rate(_decisive, args.kind, args.games, 2)
    print(
        f"{args.kind} player against a random player, seat rotated: won {rate:.1%} of "
        f"{args.games} games ({time.process_time() - start:.0f} s CPU)."
    )
    return 0


def _decisive(players: int, seed: int, *, seats: tuple[str, ...]):
    """`play`, with a draw counted as nobody's win."""
    result, state, log = play(players, seed, seats=seats)
    if len(result.winners) > 1:
        from dataclasses import replace

        result = replace(result, winners=())
    return result, state, log


if __name__ == "__main__":
    raise SystemExit(main())
