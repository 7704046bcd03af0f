"""Balance measured over simulated games: how often each starting team and each seat wins, how
often a card ends in the winner's guild compared with how often it is in some guild, and the
Fame totals. `guildmaster simulate --report` prints it; the game's docs/balance.md keeps the
last one.

A shared victory counts as a fraction of a win for each winner, so win rates add up to 100%.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.guild_master.players.simulate import GameResult

# The aims (issue "The full Guild Master card pack"): each starting team wins 20–30% of
# 4-player games; each seat within 5 points of an even share; no card in the winner's guild
# more than twice as often as its guild's fair share.
TEAM_RANGE = (0.20, 0.30)
SEAT_SPREAD = 0.05
CARD_RATIO = 2.0
# Cards ending in fewer games than this are listed but not judged: too few to tell.
CARD_MIN_GAMES = 50
# The winners' mean Fame: the Fame track runs to 100 and "it's possible to go over 100" (the marker
# flips to its +100 side), so a winner near 100 is the game's own scale. Two guilds share the
# same six contract spots and the same Hero and Legend decks that four share, so each earns more.
WINNER_FAME = {2: (80, 140), 3: (80, 130), 4: (80, 130)}


@dataclass
class Report:
    players: int
    games: int
    seats: tuple[str, ...]
    first_seed: int
    short: bool
    team_games: Counter[str] = field(default_factory=Counter)
    team_wins: Counter[str] = field(default_factory=Counter)
    seat_wins: Counter[int] = field(default_factory=Counter)
    card_games: Counter[str] = field(default_factory=Counter)
    card_wins: Counter[str] = field(default_factory=Counter)
    fame: list[int] = field(default_factory=list)
    winner_fame: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    prestige_fame: dict[str, list[int]] = field(default_factory=dict)
    prestige_wins: Counter[str] = field(default_factory=Counter)

    def add(self, r: GameResult) -> None:
        """Count one game."""
        share = 1 / len(r.winners)
        for seat, team in enumerate(r.teams):
            self.team_games[team] += 1
            won = share if seat in r.winners else 0.0
            self.team_wins[team] += won
            self.seat_wins[seat] += won
            for card in set(r.holdings[seat]):
                self.card_games[card] += 1
                self.card_wins[card] += won
            upgrade, fame = r.prestige[seat]
            if upgrade:
                self.prestige_fame.setdefault(upgrade, []).append(fame)
                self.prestige_wins[upgrade] += won
        self.fame += r.fame
        self.winner_fame.append(max(r.fame))
        self.rounds.append(r.rounds)

    def team_rate(self, team: str) -> float:
        return self.team_wins[team] / self.team_games[team]

    def seat_rate(self, seat: int) -> float:
        return self.seat_wins[seat] / self.games

    def card_ratio(self, card: str) -> float:
        """How much more often than an even share the card's guild wins: (wins of the guilds
        holding it / games it is held) / (1 / players)."""
        return self.card_wins[card] / self.card_games[card] * self.players


def report(results: Sequence[GameResult]) -> Report:
    """Aggregate whole games (all with the same number of players)."""
    first = results[0]
    out = Report(
        players=first.players,
        games=len(results),
        seats=first.seats,
        first_seed=first.seed,
        short=first.short,
    )
    for r in results:
        out.add(r)
    return out


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def _quantile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def render(rep: Report) -> str:
    """The report in Markdown, with a verdict for each aim."""
    even = 1 / rep.players
    lines = [
        f"### {rep.games} games of {rep.players} players"
        f"{' (short game)' if rep.short else ''}, seeds {rep.first_seed}–"
        f"{rep.first_seed + rep.games - 1}, seats: {', '.join(rep.seats)}",
        "",
        "| starting team | games | wins | win rate |",
        "|---|---|---|---|",
    ]
    for team in sorted(rep.team_games):
        lines.append(
            f"| {team} | {rep.team_games[team]} | {rep.team_wins[team]:.1f} | "
            f"{_pct(rep.team_rate(team))} |"
        )
    lines += ["", "| seat | wins | win rate |", "|---|---|---|"]
    for seat in range(rep.players):
        lines.append(f"| {seat + 1} | {rep.seat_wins[seat]:.1f} | {_pct(rep.seat_rate(seat))} |")
    mean = sum(rep.fame) / len(rep.fame)
    winners = sum(rep.winner_fame) / len(rep.winner_fame)
    lines += [
        "",
        f"Fame at the end: mean {mean:.1f}, winners' mean {winners:.1f}, "
        f"10th–90th percentile {_quantile(rep.fame, 0.1)}–{_quantile(rep.fame, 0.9)}, "
        f"lowest {min(rep.fame)}, highest {max(rep.fame)}. Rounds played: mean "
        f"{sum(rep.rounds) / len(rep.rounds):.2f}, fewest {min(rep.rounds)}.",
        "",
    ]
    judged = [c for c in rep.card_games if rep.card_games[c] >= CARD_MIN_GAMES]
    ranked = sorted(judged, key=lambda c: -rep.card_ratio(c))
    lines += [
        f"Cards held at the end in at least {CARD_MIN_GAMES} games: {len(judged)} of "
        f"{len(rep.card_games)}. The highest ratios (win rate of the guilds holding the card "
        f"over an even {_pct(even)}):",
        "",
        "| card | games held | ratio |",
        "|---|---|---|",
    ]
    lines += [f"| {c} | {rep.card_games[c]} | {rep.card_ratio(c):.2f} |" for c in ranked[:10]]
    if rep.prestige_fame:
        lines += [
            "",
            "Prestige upgrades built (Fame each scored at the end, and the win rate of the guilds "
            "that built it):",
            "",
            "| prestige upgrade | built | median Fame | 10th–90th percentile | win rate |",
            "|---|---|---|---|---|",
        ]
        for slug, scores in sorted(rep.prestige_fame.items()):
            lines.append(
                f"| {slug} | {len(scores)} | {_quantile(scores, 0.5)} | "
                f"{_quantile(scores, 0.1)}–{_quantile(scores, 0.9)} | "
                f"{_pct(rep.prestige_wins[slug] / len(scores))} |"
            )
    lines += ["", *verdicts(rep, judged)]
    return "\n".join(lines)


def verdicts(rep: Report, judged: list[str]) -> list[str]:
    """One line per aim: met or not, with the figure."""
    out = []
    if rep.players == 4:
        low, high = TEAM_RANGE
        rates = {t: rep.team_rate(t) for t in rep.team_games}
        ok = all(low <= r <= high for r in rates.values())
        worst = min(rates.values()), max(rates.values())
        out.append(
            f"- {'met' if ok else 'NOT met'}: every starting team wins {_pct(low)}–{_pct(high)} "
            f"(from {_pct(worst[0])} to {_pct(worst[1])})"
        )
    even = 1 / rep.players
    spread = max(abs(rep.seat_rate(s) - even) for s in range(rep.players))
    out.append(
        f"- {'met' if spread <= SEAT_SPREAD else 'NOT met'}: every seat within "
        f"{SEAT_SPREAD * 100:.0f} points of {_pct(even)} (furthest {spread * 100:.1f} points)"
    )
    top = max((rep.card_ratio(c) for c in judged), default=0.0)
    out.append(
        f"- {'met' if top <= CARD_RATIO else 'NOT met'}: no card's ratio above {CARD_RATIO:.0f} "
        f"(highest {top:.2f})"
    )
    low, high = WINNER_FAME[rep.players]
    winners = sum(rep.winner_fame) / len(rep.winner_fame)
    ok = rep.short or low <= winners <= high
    out.append(
        f"- {'met' if ok else 'NOT met'}: winners' mean Fame {low}–{high} for 9 rounds "
        f"({winners:.1f})"
    )
    full = min(rep.rounds) == max(rep.rounds) == (6 if rep.short else 9)
    out.append(
        f"- {'met' if full else 'NOT met'}: every game lasts the full {max(rep.rounds)} rounds"
    )
    return out
