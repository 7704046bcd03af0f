"""The balance report of Guild Ball's content pack (docs/balance.md): games between built-in
players (the Introductory game by default; the Quick and Typical games, with or without terrain,
by `--size` and `--terrain`), and for each guild its win rate (a draw counts half) with one
standard error, by the seat that kicked off or received, how long games last and how they end,
where the VP come from (goals and take-outs), and for each model how often it is picked and how
often the teams fielding it win.

    python -m games.guild_ball.players.balance --games 1200 --seed 0 [--jobs 2]
    python -m games.guild_ball.players.balance --games 600 --size 1 --terrain all --jobs 2

`--size` is the game size option (0 Introductory, 1 Quick, 2 Typical); `--terrain` a map number
(0 none, the default; 1.. the maps of content/maps.toml), `all` (no terrain and every map) or
`maps` (every map): the games go round the maps a cycle of the 12 pairings at a time, so every
pairing meets as often on each, and the report adds a line a map.

The guilds meet in turn in the 12 ordered pairs of two different guilds, so each guild plays as
often as the others, half its games from each seat. Two tables of teams:

- "built-in picks": each side fields its Captain and the Squaddies the built-in player picks
  (`BuiltinPlayer._prepare`: the best kickers, then the fastest), two in the Introductory game,
  four in the larger ones (with the guild's Mascot);
- "every composition": each side fields its Captain and Squaddies drawn from the seed among the
  15 pairs (or fours) its guild allows, so every Squaddie is picked in a third (two thirds) of
  its guild's games.

Deterministic: the same arguments print the same bytes, whatever `--jobs`.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from multiprocessing import Pool

from engine.core.errors import RuleError
from engine.core.rng import Dice, seeded
from games.guild_ball.content.loader import load_pack
from games.guild_ball.content.maps import load_maps
from games.guild_ball.pitch.field import GAME_SIZES
from games.guild_ball.players.strategy import BuiltinPlayer
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.flow import execute
from games.guild_ball.rules.pending import pending
from games.guild_ball.rules.setup import create
from games.guild_ball.rules.state import SIZES, TURN_LIMITS, GuildBallState

BAND = (0.45, 0.55)  # the fair band of a guild's win rate
GOAL_VP = 4  # "Scoring a goal: 4 VP" (the rest of a team's VP are take-outs)
MAX_COMMANDS = 20_000  # as the simulator's: a safety net against a rules loop
MODES = ("built-in picks", "every composition")


@dataclass(frozen=True)
class Game:
    """What the report keeps of one game."""

    guilds: tuple[str, str]
    squads: tuple[tuple[str, ...], tuple[str, ...]]  # the Captain and Squaddies of each seat
    winner: int | None  # None for a draw
    kicking: int  # the seat that kicked off
    turns: int
    vp: tuple[int, int]
    goals: tuple[int, int]
    terrain: int = 0  # the map (0 none)


def _guild_models(guild: str) -> tuple[str, list[str]]:
    """The Captain's slug and the Squaddies' slugs of a guild, in the built-in player's order
    of preference (most KICK dice, then the longest jog, then the slug)."""
    members = load_pack().members(guild)
    captain = next(m.slug for m in members if m.role == "captain")
    squaddies = sorted(
        (m for m in members if m.role == "squaddie"),
        key=lambda m: (-m.stats.kick_dice, -m.stats.jog, m.slug),
    )
    return captain, [m.slug for m in squaddies]


class _TeamPlayer(BuiltinPlayer):
    """The built-in player, fielding the team it is given instead of picking one."""

    def __init__(self, seed: int, guild: str, squaddies: tuple[str, ...]) -> None:
        super().__init__(seed)
        self.guild = guild
        self.squaddies = squaddies

    def _prepare(self, state: GuildBallState, seat: int) -> cm.Prepare:
        chosen = super()._prepare(state, seat)
        return cm.Prepare(
            seat=seat, guild=self.guild, squaddies=self.squaddies, discard=chosen.discard
        )


def teams_of(
    game: int, seed: int, mode: str, size: int = 0
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The two teams (guild, Squaddies) of the report's `game`th game of game size `size`."""
    guilds = sorted(load_pack().guilds)
    pair = list(permutations(guilds, 2))[game % 12]
    dice = Dice(seeded(seed * 1_000_003 + 17))
    count = GAME_SIZES[SIZES[size]].squaddies
    teams = []
    for guild in pair:
        squaddies = _guild_models(guild)[1]
        if mode == MODES[0]:
            picked = tuple(squaddies[:count])
        else:
            pairs = list(combinations(sorted(squaddies), count))
            picked = pairs[dice.below(len(pairs))]
        teams.append((guild, picked))
    return tuple(teams)


def play_one(job: tuple[int, int, str, int, int]) -> Game:
    """Play the report's game number `game` with seed `seed` in `mode`, of game size `size` on
    map `terrain`."""
    game, seed, mode, size, terrain = job
    teams = teams_of(game, seed, mode, size)
    options = {"size": size, "terrain": terrain} if size else {}
    log = create(2, seed, options)
    state: GuildBallState | None = None
    for e in log:
        state = evolve(state, e)
    assert state is not None
    bots = [
        _TeamPlayer(seed * 7919 + 104729 * (i + 1), guild, squaddies)
        for i, (guild, squaddies) in enumerate(teams)
    ]
    count = 0
    while state.result is None:
        seat = pending(state)[0].seat
        command = bots[seat].move(state, (seat,))
        if command is None:
            raise RuntimeError(f"seat {seat} did not answer in game {seed}")
        count += 1
        if count > MAX_COMMANDS:
            raise RuntimeError(f"game {seed} did not end after {MAX_COMMANDS} commands")
        try:
            state = execute(state, command)[1]
        except RuleError:
            default = next(d.default for d in pending(state) if d.seat == seat)
            state = execute(state, default)[1]
    a, b = state.teams
    (guild_a, squad_a), (guild_b, squad_b) = teams
    return Game(
        guilds=(a.guild, b.guild),
        squads=(
            (_guild_models(guild_a)[0], *squad_a),
            (_guild_models(guild_b)[0], *squad_b),
        ),
        winner=state.result.winner,
        kicking=state.kicking,
        turns=state.turn,
        vp=(a.vp, b.vp),
        goals=(a.goals, b.goals),
        terrain=terrain,
    )


def games_of(
    games: int,
    seed: int,
    mode: str,
    jobs: int = 1,
    size: int = 0,
    terrains: Sequence[int] = (0,),
) -> list[Game]:
    """`games` games from seed `seed` on, in order (the same list whatever `jobs`): of game
    size `size`, on the maps `terrains` in turn, a cycle of the 12 pairings each."""
    work = [(g, seed + g, mode, size, terrains[(g // 12) % len(terrains)]) for g in range(games)]
    if jobs <= 1:
        return [play_one(w) for w in work]
    with Pool(jobs) as pool:
        return pool.map(play_one, work, chunksize=8)


def _score(game: Game, seat: int) -> float:
    """1 for a win, 0.5 for a draw, 0 for a loss."""
    return 0.5 if game.winner is None else float(game.winner == seat)


def _rate(points: float, n: int) -> str:
    """A win rate with one standard error (of a mean of 0, ½, 1 scores, binomial bound)."""
    if not n:
        return "—"
    p = points / n
    return f"{p:.1%} ± {math.sqrt(p * (1 - p) / n):.1%}"


def report(results: Sequence[Game], mode: str, size: int = 0) -> list[str]:
    """The Markdown lines of the report for one table of teams."""
    pack = load_pack()
    win_vp = GAME_SIZES[SIZES[size]].victory_points
    limit = TURN_LIMITS[SIZES[size]]
    n = len(results)
    played: Counter[str] = Counter()
    points: Counter[str] = Counter()
    by_seat: Counter[tuple[str, str]] = Counter()
    by_seat_n: Counter[tuple[str, str]] = Counter()
    fielded: Counter[str] = Counter()
    model_points: Counter[str] = Counter()
    lengths: Counter[int] = Counter()
    ends: Counter[str] = Counter()
    goals = takeouts = 0
    kicker_points = 0.0
    for g in results:
        lengths[g.turns] += 1
        ends[f"{win_vp} VP" if max(g.vp) >= win_vp else "turn limit"] += 1
        kicker_points += _score(g, g.kicking)
        for seat in (0, 1):
            guild, score = g.guilds[seat], _score(g, seat)
            played[guild] += 1
            points[guild] += score
            order = "kicking" if seat == g.kicking else "receiving"
            by_seat[guild, order] += score
            by_seat_n[guild, order] += 1
            goals += g.goals[seat]
            takeouts += g.vp[seat] - GOAL_VP * g.goals[seat]
            for model in g.squads[seat]:
                fielded[model] += 1
                model_points[model] += score
    turns = sum(t * c for t, c in lengths.items()) / n
    lines = [
        f"### {mode}: {n} games",
        "",
        "| guild | games | win rate ± 1 SE | kicking off | receiving | in the band |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for slug, guild in sorted(pack.guilds.items()):
        rate = points[slug] / played[slug] if played[slug] else 0.0
        inside = BAND[0] <= rate <= BAND[1]
        lines.append(
            f"| {guild.name} | {played[slug]} | {_rate(points[slug], played[slug])} | "
            f"{_rate(by_seat[slug, 'kicking'], by_seat_n[slug, 'kicking'])} | "
            f"{_rate(by_seat[slug, 'receiving'], by_seat_n[slug, 'receiving'])} | "
            f"{'yes' if inside else 'no'} |"
        )
    spread = ", ".join(f"{t}: {lengths[t]}" for t in sorted(lengths))
    lines += [
        "",
        f"The kicking side's win rate {_rate(kicker_points, n)}; draws "
        f"{sum(g.winner is None for g in results)}.",
        f"Length: mean {turns:.2f} turns (turns: games {spread}); ended by "
        + ", ".join(f"{why} {c}" for why, c in sorted(ends.items()))
        + f" (the limit is {limit} turns).",
        f"VP per game: goals {goals / n:.2f} ({GOAL_VP * goals / n:.2f} VP), "
        f"take-outs {takeouts / n:.2f} VP; share of VP from take-outs "
        f"{takeouts / max(GOAL_VP * goals + takeouts, 1):.0%}.",
        *_by_map(results, win_vp),
        "",
        "| model | guild | role | picked | win rate when fielded | share of its guild's wins |",
        "|---|---|---|---:|---:|---:|",
    ]
    for slug, guild in sorted(pack.guilds.items()):
        for m in pack.members(guild.slug):
            if m.role == "mascot":
                continue
            picked = fielded[m.slug] / played[slug] if played[slug] else 0.0
            share = model_points[m.slug] / points[slug] if points[slug] else 0.0
            lines.append(
                f"| {m.name} | {guild.name} | {m.role} | {picked:.0%} | "
                f"{_rate(model_points[m.slug], fielded[m.slug])} | {share:.0%} |"
            )
    return [*lines, ""]


def _by_map(results: Sequence[Game], win_vp: int) -> list[str]:
    """A line a map when the games were played on terrain: its games, the kicking side's win
    rate, the mean length and the games ended at the turn limit."""
    terrains = sorted({g.terrain for g in results})
    if terrains == [0]:
        return []
    names = ["no terrain", *(m.name for m in load_maps())]
    lines = ["", "| map | games | kicking side wins | mean turns | at the turn limit |"]
    lines.append("|---|---:|---:|---:|---:|")
    for t in terrains:
        on = [g for g in results if g.terrain == t]
        kicker = sum(_score(g, g.kicking) for g in on)
        limit = sum(max(g.vp) < win_vp for g in on)
        turns = sum(g.turns for g in on) / len(on)
        lines.append(
            f"| {names[t]} | {len(on)} | {_rate(kicker, len(on))} | {turns:.2f} | "
            f"{limit} ({limit / len(on):.0%}) |"
        )
    return lines


def terrains_of(option: str) -> list[int]:
    """The maps the `--terrain` option names: a number, `all` (none and every map) or `maps`."""
    count = len(load_maps())
    if option == "all":
        return list(range(count + 1))
    if option == "maps":
        return list(range(1, count + 1))
    value = int(option)
    if not 0 <= value <= count:
        raise ValueError(f"--terrain is 0..{count}, all or maps")
    return [value]


def main(argv: list[str] | None = None) -> int:
    """Print the report for both tables of teams."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1200, help="games per table of teams")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    parser.add_argument("--mode", choices=("both", "builtin", "all"), default="both")
    parser.add_argument(
        "--size",
        type=int,
        choices=range(len(SIZES)),
        default=0,
        help="0 Introductory, 1 Quick, 2 Typical",
    )
    parser.add_argument("--terrain", default="0", help="a map number (0 none), all or maps")
    args = parser.parse_args(argv)
    modes = {"both": MODES, "builtin": MODES[:1], "all": MODES[1:]}[args.mode]
    terrains = terrains_of(args.terrain)
    if args.size == 0 and terrains != [0]:
        parser.error("the Introductory game is played without terrain")
    size = GAME_SIZES[SIZES[args.size]]
    feet = int(size.pitch_inches // 12)
    maps = ["no terrain", *(m.name for m in load_maps())]
    where = "" if not args.size else " on " + ", ".join(maps[t] for t in terrains) + " in turn"
    print(
        f"Guild Ball balance report: {size.name.replace(' Game', '')} games "
        f"({size.victory_points} VP, {feet}'x{feet}'{where}) between built-in "
        f"players, seeds {args.seed}..{args.seed + args.games - 1}; fair band "
        f"{BAND[0]:.0%}-{BAND[1]:.0%}, a draw counts half.\n"
    )
    for mode in modes:
        results = games_of(args.games, args.seed, mode, args.jobs, args.size, terrains)
        lines = report(results, mode, args.size)
        sys.stdout.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
