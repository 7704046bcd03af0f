"""Whole games of Guild Ball's Introductory game between built-in players, for tests, the win
rate and the benchmark (`bench/game_speed.py --game guild-ball` once the game is registered).

A game is fully determined by (players, seed, seats): the plans are shuffled from the seed and
each player draws from its own source seeded from it. The pending decisions are answered in the
order the game lists them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.playout import play_out, seat_default, seated
from games.guild_ball.players import BuiltinPlayer, RandomPlayer
from games.guild_ball.rules.commands import Command
from games.guild_ball.rules.events import Event
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.flow import execute
from games.guild_ball.rules.pending import pending
from games.guild_ball.rules.setup import create
from games.guild_ball.rules.state import GuildBallState

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


def chooser(bots: Any, game: str = "") -> Callable[[GuildBallState], Command | None]:
    """The command of the seat the game waits on, from its player in `bots` (None once the game
    is over); a player that does not answer is an error (`game` names it in the message)."""

    def choose(state: GuildBallState) -> Command | None:
        if state.result is not None:
            return None
        seat = pending(state)[0].seat
        command: Command | None = bots[seat].move(state, (seat,))
        if command is None:
            raise RuntimeError(f"player {seat} did not answer{game}")
        return command

    return choose


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
    choose = chooser(seated(PLAYER_TYPES, kinds, seed))
    fallback = seat_default(pending)
    game = play_out(create(players, seed, {}), evolve, execute, choose, seed, fallback, keep_events)
    state = game.state
    winner = state.result.winner
    result = GameResult(
        **game.fields(players, kinds),
        winners=(winner,) if winner is not None else tuple(range(players)),
        vp=tuple(t.vp for t in state.teams),
        goals=tuple(t.goals for t in state.teams),
        rounds=state.turn,
    )
    return result, state, game.log


def main(argv: list[str] | None = None) -> int:
    """`python -m games.guild_ball.players.simulate --games 200`: the built-in player's win rate
    against the random player (a draw counts as no win)."""
    from bot.cli import win_rate_main

    return win_rate_main(_decisive, PLAYER_TYPES, main.__doc__, argv, games=200, players=2)


def _decisive(players: int, seed: int, *, seats: tuple[str, ...]):
    """`play`, with a draw counted as nobody's win."""
    result, state, log = play(players, seed, seats=seats)
    if len(result.winners) > 1:
        from dataclasses import replace

        result = replace(result, winners=())
    return result, state, log


if __name__ == "__main__":
    raise SystemExit(main())
