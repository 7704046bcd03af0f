"""Whole games of Guildmasters between built-in players, for tests, the balance report and the
benchmark (`bench/game_speed.py --game guildmasters`).

A game is fully determined by (players, seed, seats): the decks are shuffled from the seed and
each player draws from its own source seeded from it. The pending decisions are answered in the
order the game lists them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.playout import play_out, seat_default, seated
from games.guildmasters.players import BuiltinPlayer, RandomPlayer
from games.guildmasters.rules.commands import Command
from games.guildmasters.rules.events import Event
from games.guildmasters.rules.evolve import evolve
from games.guildmasters.rules.flow import execute
from games.guildmasters.rules.pending import first_waiting, pending
from games.guildmasters.rules.setup import create
from games.guildmasters.rules.state import GuildmastersState

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
    bots = seated(PLAYER_TYPES, kinds, seed)

    def choose(state: GuildmastersState) -> Command | None:
        if state.result is not None:
            return None
        seat = first_waiting(state)
        if seat < 0:
            raise RuntimeError(f"game {seed} waits for nobody")
        command: Command | None = bots[seat].move(state, (seat,))
        if command is None:
            raise RuntimeError(f"player {seat} did not answer")
        return command

    fallback = seat_default(pending)
    game = play_out(create(players, seed, {}), evolve, execute, choose, seed, fallback, keep_events)
    state = game.state
    end = state.result
    result = GameResult(
        **game.fields(players, kinds),
        ranking=end.ranking,
        winners=end.winners,
        totals=end.totals,
        quests=tuple(len(g.quests) for g in state.guilds),
        rounds=state.game_turn,
    )
    return result, state, game.log


def main(argv: list[str] | None = None) -> int:
    """`python -m games.guildmasters.players.simulate --games 200`: the built-in player's win
    rate against random players."""
    from bot.cli import win_rate_main

    return win_rate_main(play, PLAYER_TYPES, main.__doc__, argv, games=200)


if __name__ == "__main__":
    raise SystemExit(main())
