"""The built-in player's strengths measured against each other and against random players:
`python -m games.guild_master.players.strengths [--games N]` prints the tables of the game's
docs/balance.md ("The built-in player's strengths"). The same N prints the same figures."""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Sequence

from games.guild_master.players.simulate import play
from games.guild_master.rules.state import GameState

LEVELS = ("strong", "normal", "easy", "random")
PAIRS = (("strong", "normal"), ("normal", "easy"), ("strong", "easy"))


def winners(state: GameState) -> list[int]:
    """The seats with the most Fame (tied guilds share the victory)."""
    top = max(g.fame for g in state.guilds)
    return [g.seat for g in state.guilds if g.fame == top]


def report(n: int) -> list[str]:
    """The three tables: one of each level (4n games), each level against random players (2n
    each), and two of one level against two of another (2n each)."""
    out = []
    wins: Counter[str] = Counter()
    fame: Counter[str] = Counter()
    for r in range(4):
        seats = LEVELS[r:] + LEVELS[:r]
        for g in range(n):
            _, state, _ = play(4, 20000 + r * 1000 + g, seats=seats)
            won = winners(state)
            for s in won:
                wins[seats[s]] += 1 / len(won)
            for guild in state.guilds:
                fame[seats[guild.seat]] += guild.fame
    out.append(f"One of each at a 4-player table, seats rotated, {4 * n} games (seeds 20000+):")
    out += [
        f"  {k:7} wins {wins[k] / (4 * n):6.1%}   mean Fame {fame[k] / (4 * n):6.1f}"
        for k in LEVELS
    ]
    out.append(
        f"Each against three random players, its seat rotated, {2 * n} games (seeds 30000+):"
    )
    for level in LEVELS[:3]:
        won_share = total = 0.0
        for g in range(2 * n):
            seat = g % 4
            seats = tuple(level if s == seat else "random" for s in range(4))
            _, state, _ = play(4, 30000 + g, seats=seats)
            won = winners(state)
            won_share += 1 / len(won) if seat in won else 0
            total += state.guilds[seat].fame
        out.append(
            f"  {level:7} wins {won_share / (2 * n):6.1%}   mean Fame {total / (2 * n):6.1f}"
        )
    out.append(f"Two against two, seats alternated, {2 * n} games each (seeds 40000+):")
    for a, b in PAIRS:
        shares: Counter[str] = Counter()
        for g in range(2 * n):
            seats = tuple(a if (s + g) % 2 == 0 else b for s in range(4))
            _, state, _ = play(4, 40000 + g, seats=seats)
            won = winners(state)
            for s in won:
                shares[seats[s]] += 1 / len(won)
        out.append(f"  {a} {shares[a] / (2 * n):6.1%} against {b} {shares[b] / (2 * n):6.1%}")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="N (see the module's docstring)")
    args = parser.parse_args(argv)
    start = time.process_time()
    for line in report(args.games):
        print(line)
    print(f"({time.process_time() - start:.0f} s of CPU)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
