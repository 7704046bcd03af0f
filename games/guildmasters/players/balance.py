"""The balance report of Guildmasters over simulated games between built-in players
(docs/balance.md): for each number of guilds, the wins of each seat (turn order at the start),
how games end (two level-3 quests, or the 12th game turn), their length, and where the prestige
comes from (each line of the scoring table).

    python -m games.guildmasters.players.balance --games 400
"""

from __future__ import annotations

import argparse
from collections import Counter

from games.guildmasters.players.simulate import play
from games.guildmasters.rules.state import MAX_GAME_TURNS

LINES = (
    "quests",
    "influence",
    "cycle sets",
    "shields",
    "militar force",
    "arcane force",
    "shadowy force",
)


def report(players: int, games: int, first_seed: int = 0) -> list[str]:
    """The report's lines for `games` games of `players` built-in guilds."""
    wins: Counter[int] = Counter()
    lines: Counter[str] = Counter()
    turns = commands = capped = quests = 0
    for seed in range(first_seed, first_seed + games):
        result, state, _ = play(players, seed, seats=("builtin",) * players)
        for s in result.winners:
            wins[s] += 1
        for row in state.result.lines:
            for line, value in row:
                lines[line] += value
        turns += result.rounds
        commands += result.commands
        capped += not state.ending and result.rounds >= MAX_GAME_TURNS
        quests += sum(result.quests)
    share = " ".join(f"seat {s + 1} {wins[s] / games:.0%}" for s in range(players))
    per_guild = games * players
    sources = ", ".join(f"{line} {lines[line] / per_guild:.1f}" for line in LINES)
    return [
        f"{players} guilds, {games} games: wins {share} (even share {1 / players:.0%})",
        f"  {turns / games:.1f} game turns, {commands / games:.0f} commands, "
        f"{quests / per_guild:.1f} quests per guild; {capped / games:.0%} ended by the "
        f"{MAX_GAME_TURNS}-turn limit, the rest by two level-3 quests",
        f"  prestige per guild: {sources}",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Guildmasters' balance report.")
    parser.add_argument("--games", type=int, default=400)
    args = parser.parse_args(argv)
    for players in (2, 3, 4):
        print("\n".join(report(players, args.games)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
