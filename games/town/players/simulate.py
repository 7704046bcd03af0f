"""Whole games between built-in players, for tests, balance checks and the benchmark.

A game is fully determined by (players, seed, seats): the deck is shuffled from the seed and each
player draws from its own source seeded from it, so the same arguments give the same game. During
a trade phase the other players are asked first whether they want to make an offer to the current
player (each once, in turn order); then the pending decisions are answered, the earliest first.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.playout import play_out, seated
from engine.core.turns import Turn
from games.town.players import BuiltinPlayer, RandomPlayer
from games.town.rules.commands import Command
from games.town.rules.events import Event
from games.town.rules.evolve import evolve
from games.town.rules.flow import execute
from games.town.rules.pending import waiting
from games.town.rules.setup import create
from games.town.rules.state import TRADE1, TRADE2, TownState

PLAYER_TYPES = {"builtin": BuiltinPlayer, "random": RandomPlayer}


@dataclass(frozen=True)
class GameResult:
    players: int
    seed: int
    seats: tuple[str, ...]  # the player type of each seat
    ranking: tuple[int, ...]  # seats, the winner first
    won: tuple[int, ...]  # categories won per seat
    scores: tuple[int, ...]  # total points per seat
    turns: int
    reason: str
    commands: int
    refused: int
    events: int

    @property
    def winner(self) -> int:
        return self.ranking[0]

    @property
    def winners(self) -> tuple[int, ...]:
        """The winner alone: the town's tie-break always names one."""
        return (self.ranking[0],)


def play(
    players: int,
    seed: int,
    *,
    seats: tuple[str, ...] | None = None,
    keep_events: bool = False,
) -> tuple[GameResult, TownState, list[Event]]:
    """Play one game between built-in players of the types `seats` names, one per seat ("random"
    for all by default). Returns the result, the final state and (if `keep_events`) the log."""
    kinds = seats or ("random",) * players
    bots = seated(PLAYER_TYPES, kinds, seed)
    phase: Turn | None = None  # the trade phase the askers belong to (a new Turn each stage)
    askers: list[int] = []  # other players not yet asked for an offer in this trade phase

    def choose(state: TownState) -> Command | None:
        nonlocal phase, askers
        if state.result is not None:
            return None
        command: Command | None = None
        turn = state.turn
        asked = waiting(state)
        if turn.stage in (TRADE1, TRADE2):
            if turn is not phase:
                phase = turn
                askers = [s for s in turn.order if s != turn.seat]
            while askers and command is None:
                seat = askers.pop(0)
                if seat not in asked:
                    command = bots[seat].move(state, (seat,))
        if command is None:
            seat = asked[0]
            command = bots[seat].move(state, (seat,))
            if command is None:
                raise RuntimeError(f"player {seat} did not answer in {turn.stage}")
        return command

    game = play_out(create(players, seed, {}), evolve, execute, choose, seed, None, keep_events)
    state = game.state
    end = state.result
    result = GameResult(
        **game.fields(players, kinds),
        ranking=end.ranking,
        won=tuple(len(w) for w in end.won),
        scores=tuple(sum(row) for row in state.scores),
        turns=state.turn.number,
        reason=end.reason,
    )
    return result, state, game.log


def main(argv: list[str] | None = None) -> int:
    """`python -m games.town.players.simulate --games 500`: the built-in player's win rate
    against random players."""
    from bot.cli import win_rate_main

    return win_rate_main(play, PLAYER_TYPES, main.__doc__, argv, games=500)


if __name__ == "__main__":
    raise SystemExit(main())
