"""The exact odds behind `/gm odds`, `guildmaster odds`, automatic rolls and the built-in players,
checked against a plain search over every die and every choice.

"Dice fixer: You may change one dice face to a 5 after you roll a Skill Check of the type
indicated." "Re-roll: You may re-roll up to 2 dice, or 1 dice up to twice, after you roll a Skill
Check of the type indicated."
"""

from __future__ import annotations

from functools import cache
from itertools import product

import pytest

from games.guild_master.rules.dice_math import best_reroll, fixed_total, success_chance


@cache
def searched(dice: tuple[int, ...], rerolls: int, fixers: tuple[int, ...], target: int) -> float:
    """The best chance to reach `target` from `dice`, trying every die to re-roll (or none)."""
    best = 1.0 if fixed_total(dice, fixers) >= target else 0.0
    if rerolls == 0:
        return best
    for i in range(len(dice)):
        outcomes = [
            searched(tuple(sorted((*dice[:i], x, *dice[i + 1 :]))), rerolls - 1, fixers, target)
            for x in range(1, 7)
        ]
        best = max(best, sum(outcomes) / 6)
    return best


def chance_by_search(n: int, target: int, fixers: tuple[int, ...], rerolls: int) -> float:
    rolls = list(product(range(1, 7), repeat=n))
    return sum(searched(tuple(sorted(r)), rerolls, fixers, target) for r in rolls) / len(rolls)


@pytest.mark.parametrize("fixers", [(), (5,), (5, 5), (6, 4)])
@pytest.mark.parametrize("rerolls", [0, 1, 2, 3])
def test_success_chance_equals_a_search_over_every_choice(fixers, rerolls):
    for n in range(1, 5):
        for target in range(1, 6 * n + 3):
            expected = chance_by_search(n, target, fixers, rerolls)
            assert success_chance(n, target, fixers, rerolls) == pytest.approx(expected), (
                n,
                target,
            )


def test_the_die_to_reroll_is_a_lowest_one_when_rerolling_helps():
    """The automatic roll re-rolls a die exactly when the search says re-rolling beats stopping,
    and the die it picks does as well as the best choice."""
    for dice in product(range(1, 7), repeat=3):
        for target in range(4, 19):
            stop = 1.0 if fixed_total(dice, (5,)) >= target else 0.0
            index = best_reroll(dice, 2, (5,), "target", target)
            best = searched(tuple(sorted(dice)), 2, (5,), target)
            if index is None:
                assert best == pytest.approx(stop)
                continue
            assert dice[index] == min(dice)
            assert best > stop
