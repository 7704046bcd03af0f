"""Whole games of Guildmasters between built-in players, for tests, the balance report and the
benchmark (`bench/game_speed.py --game guildmasters`).

A game is fully determined by (players, seed, seats): the decks are shuffled from the seed and
each player draws from its own source seeded from it. The pending decisions are answered in the
order the game lists them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import RuleError
from engine.simulation import win_rate
from games.guildmasters.players import BuiltinPlayer, RandomPlayer
from games.guildmasters.rules.commands import Command
from games.guildmasters.rules.events import Event
from games.guildmasters.rules.evolve import evolve
from games.guildmasters.rules.flow import execute
from games.guildmasters.rules.pending import first_waiting, pending
from games.guildmasters.rules.setup import create
from games.guildmasters.rules.state import GuildmastersState

MAX_COMMANDS = 20_000  # far above any real game; a safety net against a rules loop
PLAYER_TYPES = {"builtin": BuiltinPlayer, "random": RandomPlayer}


@dataclass(frozen=True)
class GameResult:
    """One simulated game."""

    players: int
    seed: int
    seats: tuple[str, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    quests: tuple[int, ...]  # quests fulfilled per seat
    rounds: int  # game turns played
    commands: int
    refused: int
    events: int


def play(
    players: int, seed: int, *, seats: tuple[str, ...] | None = None, keep_events: bool = False
) -> tuple[GameResult, GuildmastersState, list[Event]]:
    """Play one game between players of the types `seats` names ("random" for all by default).
    Returns the result, the final state and (if `keep_events`) the log."""
    kinds = seats or ("random",) * players
    log: list[Event] = create(players, seed, {})
    state: GuildmastersState | None = None
    for e in log:
        state = evolve(state, e)
    assert state is not None
    bots = [PLAYER_TYPES[kind](seed * 7919 + 104729 * (i + 1)) for i, kind in enumerate(kinds)]
    events = len(log)
    count = refused = 0
    while state.result is None:
        seat = first_waiting(state)
        if seat < 0:
            raise RuntimeError(f"game {seed} waits for nobody")
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
    return (
        GameResult(
            players=players,
            seed=seed,
            seats=kinds,
            ranking=result.ranking,
            winners=result.winners,
            totals=result.totals,
            quests=tuple(len(g.quests) for g in state.guilds),
            rounds=state.game_turn,
            commands=count,
            refused=refused,
            events=events,
        ),
        state,
        log if keep_events else [],
    )


def main(argv: list[str] | None = None) -> int:
    """`python -m games.guildmasters.players.simulate --games 200`: the built-in player's win
    rate against random players."""
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
