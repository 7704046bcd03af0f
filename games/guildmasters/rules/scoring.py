"""Game end: "the final points is distributed as follow" — cycle sets, shield sets and the three
force majorities — added to the prestige of quests and influence. "The player with most prestige
points win."
"""

from __future__ import annotations

from collections import Counter

from games.guildmasters.rules.content import FORCES, load_pack
from games.guildmasters.rules.state import GuildmastersState, Result

CYCLE_SET = 2  # "2 prestige points of each set of cycle tokens (arcane, shadowy and militar)"
SHIELD_SETS = ((4, 6), (3, 4), (2, 2))  # "6 ... four different shields", 4 for three, 2 for two
MAJORITY = (3, 1)  # "3 prestige points for the greater ... force, and 1 second greater force"


def cycle_sets(cycles: tuple[str, ...]) -> int:
    counts = Counter(cycles)
    return min(counts[f] for f in FORCES)


def shield_points(shields: list[str]) -> int:
    """Sets of different shields, the largest first (our reading: docs/rules-notes.md)."""
    counts = Counter(shields)
    points = 0
    for size, worth in SHIELD_SETS:
        while sum(1 for n in counts.values() if n > 0) >= size:
            for s, _ in sorted(counts.items(), key=lambda kv: -kv[1])[:size]:
                counts[s] -= 1
            points += worth
    return points


def forces(state: GuildmastersState, seat: int) -> dict[str, int]:
    """A guild's force of each kind: its recruit tiles (recruitment and reward) of that force."""
    pack = load_pack()
    counts = Counter(pack.force(pack.class_of[t]) for t in state.guilds[seat].tiles)
    return {f: counts[f] for f in FORCES}


def majority_points(state: GuildmastersState) -> list[dict[str, int]]:
    """Per seat, the points of each force majority: 3 to every guild with the most, 1 to every
    guild with the next most; a guild with none of a force scores nothing for it."""
    per_seat = [forces(state, s) for s in range(state.players)]
    out: list[dict[str, int]] = [dict.fromkeys(FORCES, 0) for _ in range(state.players)]
    for f in FORCES:
        values = sorted({p[f] for p in per_seat if p[f] > 0}, reverse=True)
        for rank, value in enumerate(values[: len(MAJORITY)]):
            for s, p in enumerate(per_seat):
                if p[f] == value:
                    out[s][f] = MAJORITY[rank]
    return out


def score(state: GuildmastersState) -> Result:
    """The final scoring; ties broken by more quests fulfilled, else shared."""
    pack = load_pack()
    majorities = majority_points(state)
    lines = []
    totals = []
    for seat, g in enumerate(state.guilds):
        row = (
            ("quests", g.points),
            ("influence", g.influence),
            ("cycle sets", CYCLE_SET * cycle_sets(g.cycles)),
            ("shields", shield_points([pack.quests[q].shield for q in g.quests])),
            *((f"{f} force", majorities[seat][f]) for f in FORCES),
        )
        lines.append(row)
        totals.append(sum(v for _, v in row))
    key = [(totals[s], len(state.guilds[s].quests)) for s in range(state.players)]
    ranking = tuple(sorted(range(state.players), key=lambda s: (-key[s][0], -key[s][1], s)))
    winners = tuple(s for s in ranking if key[s] == key[ranking[0]])
    return Result(lines=tuple(lines), totals=tuple(totals), ranking=ranking, winners=winners)
