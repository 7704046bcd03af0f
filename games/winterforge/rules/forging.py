"""Forging a Contract, the arithmetic: which components fit a Contract, the dice they supply, the
fixed part of the forge result, and the exact odds of success.

"The result of your forge is calculated as follows: Sum of the dice + Component bonus (if
applicable) + Crew bonus (if applicable) + Work Tokens + Guild Skill Level." A Royal Contract adds
both its Skill types. A Rune committed with the components adds its bonus or its die.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from games.winterforge.rules.content import ANY, SKILLS, Contract, load_pack
from games.winterforge.rules.state import Guild

SKILL_INDEX = {skill: i for i, skill in enumerate(SKILLS)}


def fits(slots: Sequence[str], materials: Iterable[str], wilds: int = 0) -> bool:
    """Do components of `materials` (with `wilds` Runes that fill any one slot) fill `slots`
    exactly? "You cannot commit more or fewer Components than the Contract requires." """
    return _fits(tuple(slots), tuple(materials), wilds)


@lru_cache(maxsize=4096)
def _fits(slots: tuple[str, ...], materials: tuple[str, ...], wilds: int) -> bool:
    # Asked at every forge, by the rules and by the odds a player is shown, of few distinct
    # (Contract, materials) pairs.
    have = Counter(materials)
    if len(materials) + wilds != len(slots):
        return False
    need = Counter(s for s in slots if s != ANY)
    short = sum(max(0, n - have[m]) for m, n in need.items())
    return short <= wilds


def dice_of(components: Iterable[str], rune: str = "") -> tuple[int, ...]:
    """The dice pool: each component's dice, and a Rune's extra die."""
    return _dice_of(tuple(components), rune)


@lru_cache(maxsize=16)
def _dice_of(components: tuple[str, ...], rune: str) -> tuple[int, ...]:
    # Asked at every forge, again for a Contract forged anew with the same components (a few
    # recent pools kept: another game's seldom come back, see `players.moves.RECENT`).
    pack = load_pack()
    dice = [d for cid in components for d in pack.components[cid].dice]
    if rune and pack.runes[rune].kind == "die":
        dice.append(pack.runes[rune].die)
    return tuple(dice)


def skill_level(g: Guild, contract: Contract) -> int:
    """The Guild Skill Level a forge adds: the Contract's type, or both types of a Royal."""
    return sum(g.skills[SKILLS.index(t)] for t in contract.types)


def crew_bonus(g: Guild, contract: Contract) -> int:
    """The Crew bonus: every forging Crew whose skill is one of the Contract's types, or any."""
    crew = load_pack().crew
    total = 0
    for slug in g.crew:
        a = crew[slug].ability
        if a.kind == "forge_bonus" and (a.skill == ANY or a.skill in contract.types):
            total += a.amount
    return total


def component_bonus(contract: Contract, components: Iterable[str]) -> int:
    """The Component bonus: its amount for each committed component of its material."""
    if not contract.bonus_material:
        return 0
    cards = load_pack().components
    material = contract.bonus_material
    matching = 0
    for c in components:
        matching += cards[c].material == material
    return contract.bonus * matching


def parts(
    g: Guild,
    contract: Contract,
    components: Sequence[str],
    rune: str,
    tokens: int,
    event_bonus: int = 0,
) -> tuple[tuple[str, int], ...]:
    """The forge result's fixed lines (everything but the dice), those that are not zero."""
    # Asked at every forge (by the rules and by the odds a player is shown): the lines appended
    # as they are found, the Crew bonus only of a guild with Crew, and no rune looked up without
    # one.
    lines: list[tuple[str, int]] = []
    bonus = component_bonus(contract, components)
    if bonus:
        lines.append(("component bonus", bonus))
    if g.crew:
        bonus = crew_bonus(g, contract)
        if bonus:
            lines.append(("crew bonus", bonus))
    if tokens:
        lines.append(("work tokens", tokens))
    skills = g.skills
    level = 0
    for t in contract.types:
        level += skills[SKILL_INDEX[t]]
    if level:
        lines.append(("skill", level))
    if rune:
        card = load_pack().runes[rune]
        if card.kind == "bonus" and card.amount:
            lines.append(("rune", card.amount))
    if event_bonus:
        lines.append(("event", event_bonus))
    return tuple(lines)


@cache
def distribution(dice: tuple[int, ...]) -> tuple[float, ...]:
    """P(sum of `dice` = s) for s = 0, 1, …: the exact convolution (dice sorted for the cache)."""
    if not dice:
        return (1.0,)
    if list(dice) != sorted(dice):
        return distribution(tuple(sorted(dice)))
    rest = distribution(dice[1:])
    sides = dice[0]
    out = [0.0] * (len(rest) + sides)
    share = 1.0 / sides
    for s, p in enumerate(rest):
        if p:
            for face in range(1, sides + 1):
                out[s + face] += p * share
    return tuple(out)


def chance(dice: tuple[int, ...], needed: int) -> float:
    """The exact chance that `dice` sum to at least `needed` (no reroll)."""
    dist = distribution(tuple(sorted(dice)))
    if needed <= 0:
        return 1.0
    return sum(dist[needed:]) if needed < len(dist) else 0.0
