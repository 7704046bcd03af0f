"""The balance report of Smiths of Winterforge's card pack: whole games between built-in players,
and for each player count how often each guild board wins against its even share, how long games
last and how they end.

    python -m games.winterforge.players.balance --games 400 [--players 2,3,4,5] [--alleyways all]

Guild boards are dealt at random, so over many seeds each board sits at every table size. A board
is in the fair band when its win rate is within `BAND` points of the even share (1 / players);
a game's length is sensible when the mean is between `ROUNDS` rounds (the text gives no length:
see docs/balance.md for the reasoning). Same arguments, same bytes.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games.winterforge.players.simulate import GameResult, play
from games.winterforge.rules.content import load_pack
from games.winterforge.rules.setup import ALLEYWAY_OPTIONS

BAND = 0.10  # win-rate points either side of the even share
ROUNDS = (12.0, 24.0)  # a sensible mean game length, in rounds
MAX_STANDARD = 5  # six players play Lords of Winterforge, whose rounds are days


def games_of(players: int, games: int, options: Mapping[str, Any]) -> list[GameResult]:
    """`games` games of `players` built-in players, seeds 1..games."""
    seats = ("builtin",) * players
    return [play(players, seed, seats=seats, options=options)[0] for seed in range(1, games + 1)]


def report(players: int, results: Sequence[GameResult]) -> tuple[list[str], bool]:
    """The Markdown lines for one player count, and whether every aim is met."""
    pack = load_pack()
    n = len(results)
    share = 1 / players
    seated: Counter[str] = Counter(b for r in results for b in r.boards)
    won: Counter[str] = Counter()
    for r in results:
        for s in r.winners:
            won[r.boards[s]] += 1 / len(r.winners)
    rounds = sum(r.rounds for r in results) / n
    ends = Counter(r.reason for r in results)
    winner_rp = sum(max(r.totals) for r in results) / n
    mean_rp = sum(sum(r.totals) for r in results) / (n * players)
    lines = [
        f"### {n} games of {players} players",
        "",
        f"Mean {rounds:.1f} {'days' if players > MAX_STANDARD else 'rounds'}; ends: "
        + ", ".join(f"{reason} {count}" for reason, count in sorted(ends.items()))
        + f"; the winner's mean {winner_rp:.1f} RP, every guild's {mean_rp:.1f} RP.",
        "",
        "| guild board | games | wins | win rate | even share |",
        "|---|---:|---:|---:|---:|",
    ]
    fair = True
    for slug, guild in pack.guilds.items():
        if not seated[slug]:
            continue
        rate = won[slug] / seated[slug]
        inside = abs(rate - share) <= BAND
        fair &= inside
        mark = "" if inside else " (outside the band)"
        lines.append(
            f"| {guild.name} | {seated[slug]} | {won[slug]:.1f} | {rate:.1%}{mark} | {share:.1%} |"
        )
    stalled = ends.get("stalled", 0)
    if players > MAX_STANDARD:
        # Lords of Winterforge counts days of three one-action turns: another measure of length.
        length_ok = True
        length = "- Length: Lords of Winterforge's rounds are days; the aim is for 2–5 players"
    else:
        length_ok = ROUNDS[0] <= rounds <= ROUNDS[1]
        length = f"- Mean length between {ROUNDS[0]:.0f} and {ROUNDS[1]:.0f} rounds: " + (
            "met" if length_ok else "not met"
        )
    lines += [
        "",
        f"- Every guild board within {BAND:.0%} points of the even share: "
        + ("met" if fair else "not met"),
        length,
        "- No game stalled (two whole rounds without an action): "
        + ("met" if not stalled else f"not met ({stalled})"),
        "",
    ]
    return lines, fair and length_ok and not stalled


def main(argv: list[str] | None = None) -> int:
    """Print the balance report; exit status 1 when an aim is not met."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per player count")
    parser.add_argument("--players", default="2,3,4,5", help="player counts, comma-separated")
    parser.add_argument(
        "--alleyways", default="", help="'all' or Alleyways comma-separated (none by default)"
    )
    args = parser.parse_args(argv)
    if args.alleyways == "all":
        options = dict.fromkeys(ALLEYWAY_OPTIONS, True)
    else:
        options = dict.fromkeys((a for a in args.alleyways.split(",") if a), True)
    met = True
    for players in (int(p) for p in args.players.split(",")):
        lines, ok = report(players, games_of(players, args.games, options))
        met &= ok
        sys.stdout.write("\n".join(lines) + "\n")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
