"""Exact skill-check odds and the best use of fixers and re-rolls.

A fixer sets one die to its value (5 for a skill upgrade); a re-roll upgrade re-rolls up to 2 dice,
or 1 die up to twice, one at a time. Fixers cost nothing and are certain, so the best play uses
them last, on the lowest dice; each re-roll is chosen knowing every earlier result. The value of a
position is computed exactly by dynamic programming over sorted dice. The die worth re-rolling is
always a lowest one: every goal's value grows with every die, and the dice left after taking out a
lower die are, die by die, at least as high as those left after taking out a higher one.

Goals: "target" (reach a total: the chance of success), "high" (the highest total: its expected
value, for contested checks) and "wander" (the expected Gold and Fame of a wander).
"""

from __future__ import annotations

from functools import lru_cache
from math import factorial

Dice = tuple[int, ...]
Fixers = tuple[int, ...]


def fixed_total(dice: Dice, fixers: Fixers) -> int:
    """The total after using `fixers` (values, any order) on the lowest dice where they help."""
    low = sorted(dice)
    best = sorted(fixers, reverse=True)
    total = sum(low)
    for d, f in zip(low, best, strict=False):
        if f <= d:
            break
        total += f - d
    return total


def wander_reward(total: int) -> tuple[int, int]:
    """(Gold, Fame) for a wander result: below 10, 1 Gold; n×10 to n×10+9, n Gold and n Fame."""
    tier = total // 10
    return (max(1, tier), tier)


def _utility(total: int, goal: str, need: int) -> float:
    if goal == "target":
        return 1.0 if total >= need else 0.0
    if goal == "wander":
        gold, fame = wander_reward(total + need)
        return float(gold + fame)
    return float(total)


@lru_cache(maxsize=400_000)
def position_value(dice: Dice, rerolls: int, fixers: Fixers, goal: str, need: int) -> float:
    """The value of sorted `dice` with `rerolls` single-die re-rolls left, played perfectly.

    `need` is the total to reach for "target"; for "wander" it is a flat amount already added.
    """
    stop = _utility(fixed_total(dice, fixers), goal, need)
    if rerolls == 0 or not dice or (goal == "target" and stop == 1.0):
        return stop
    return max(stop, _reroll_value(dice, dice[0], rerolls, fixers, goal, need))


def _reroll_value(dice: Dice, v: int, rerolls: int, fixers: Fixers, goal: str, need: int) -> float:
    rest = list(dice)
    rest.remove(v)
    total = 0.0
    for x in range(1, 7):
        total += position_value(tuple(sorted((*rest, x))), rerolls - 1, fixers, goal, need)
    return total / 6


def best_reroll(dice: Dice, rerolls: int, fixers: Fixers, goal: str, need: int) -> int | None:
    """The index in `dice` of the die to re-roll next, or None when stopping is at least as good."""
    if rerolls == 0 or not dice:
        return None
    choice = _best_reroll_value(tuple(sorted(dice)), rerolls, fixers, goal, need)
    return None if choice is None else dice.index(choice)


@lru_cache(maxsize=100_000)
def _best_reroll_value(
    ordered: Dice, rerolls: int, fixers: Fixers, goal: str, need: int
) -> int | None:
    """The die value worth re-rolling in sorted dice `ordered`, or None to stop."""
    stop = _utility(fixed_total(ordered, fixers), goal, need)
    if goal == "target" and stop == 1.0:
        return None
    value = _reroll_value(ordered, ordered[0], rerolls, fixers, goal, need)
    return ordered[0] if value > stop + 1e-12 else None


def fixer_moves(dice: Dice, fixers: Fixers) -> list[tuple[int, int]]:
    """(die index, fixer value) pairs that use `fixers` on the lowest dice where they help."""
    order = sorted(range(len(dice)), key=lambda i: dice[i])
    moves = []
    for i, f in zip(order, sorted(fixers, reverse=True), strict=False):
        if f <= dice[i]:
            break
        moves.append((i, f))
    return moves


@lru_cache(maxsize=65_536)  # the built-in players ask for many (dice, target, fixers, re-rolls)
def success_chance(n_dice: int, target: int, fixers: Fixers = (), rerolls: int = 0) -> float:
    """The exact chance that `n_dice` dice reach `target`, with fixers (values) and single-die
    re-rolls used as well as possible."""
    if target <= 0:
        return 1.0
    if n_dice <= 0:
        return 0.0
    if not rerolls:  # no decisions to make: the chance of a total at least `target`
        at_least = _at_least(n_dice, tuple(sorted(fixers)))
        return at_least[target] if target < len(at_least) else 0.0
    fixers = tuple(sorted(fixers, reverse=True))
    window = min(n_dice, len(fixers) + rerolls)
    total = 0.0
    for low, rest, weight in _lowest(n_dice, window):
        total += weight * _reach(low, rerolls, fixers, target - rest)
    return total


@lru_cache(maxsize=64)
def _lowest(n_dice: int, window: int) -> tuple[tuple[Dice, int, float], ...]:
    """Every (lowest `window` dice, sum of the others) of `n_dice` dice, with its probability."""
    weights: dict[tuple[Dice, int], float] = {}
    for dice, weight in _multisets(n_dice):
        key = (dice[:window], sum(dice[window:]))
        weights[key] = weights.get(key, 0.0) + weight
    return tuple((low, rest, weight) for (low, rest), weight in weights.items())


@lru_cache(maxsize=400_000)
def _reach(low: Dice, rerolls: int, fixers: Fixers, need: int) -> float:
    """The chance that the lowest dice `low` (sorted) bring the check's total `need` more than
    the other dice do, re-rolling the lowest die while short.

    Only the lowest len(fixers) + rerolls dice can ever be fixed or re-rolled: each re-roll
    replaces the lowest die, so the window of dice that matter shrinks by one with each, and a
    die that leaves it counts towards `need` from then on. The same (low, need) recurs across
    targets and dice counts, which is what makes the players' many odds cheap.
    """
    if need <= 0 or fixed_total(low, fixers) >= need:
        return 1.0
    if rerolls == 0 or need > 6 * len(low):
        return 0.0
    window = min(len(low), len(fixers) + rerolls - 1)
    total = 0.0
    for x in range(1, 7):
        dice = sorted((*low[1:], x))
        total += _reach(tuple(dice[:window]), rerolls - 1, fixers, need - sum(dice[window:]))
    return total / 6


@lru_cache(maxsize=256)
def _at_least(n_dice: int, fixers: Fixers) -> tuple[float, ...]:
    """P(total >= t) for every t, for `n_dice` dice with `fixers` used on the lowest dice."""
    chance = [0.0] * (6 * n_dice + 2)
    for dice, weight in _multisets(n_dice):
        chance[fixed_total(dice, fixers)] += weight
    for t in range(len(chance) - 2, -1, -1):
        chance[t] += chance[t + 1]
    return tuple(chance)


@lru_cache(maxsize=32)
def _multisets(n: int) -> tuple[tuple[Dice, float], ...]:
    """Every sorted outcome of n dice with its probability."""
    out: list[tuple[Dice, float]] = []
    denominator = 6**n

    def rec(start: int, left: int, prefix: tuple[int, ...]) -> None:
        if left == 0:
            counts = [prefix.count(v) for v in range(1, 7)]
            ways = factorial(n)
            for c in counts:
                ways //= factorial(c)
            out.append((prefix, ways / denominator))
            return
        for v in range(start, 7):
            rec(v, left - 1, (*prefix, v))

    rec(1, n, ())
    return tuple(out)


def odds(n_dice: int, target: int, fixer_upgrades: int = 0, reroll_upgrades: int = 0) -> float:
    """The chance (0–1) of a skill check with skill-upgrade fixers (each sets a die to 5) and
    re-roll upgrades (each re-rolls up to 2 dice, one at a time)."""
    return success_chance(n_dice, target, (5,) * fixer_upgrades, 2 * reroll_upgrades)
