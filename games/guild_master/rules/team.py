"""Adventurer teams: skill dice, ranks, and the best skill a team can use.

"Add up the matching Skill values for all Adventurers in the team, up to a maximum of 10, and roll
that many dice."
"""

from __future__ import annotations

from collections.abc import Iterable

from games.guild_master.rules.cards import SKILLS
from games.guild_master.rules.content import Pack

MAX_SKILL_DICE = 10


def skill_total(pack: Pack, team: Iterable[str], skill: str) -> int:
    """The team's total in `skill`, before the cap of 10."""
    advs = pack.adventurers
    return sum(advs[a].skills.get(skill, 0) for a in team)


def skill_dice(pack: Pack, team: Iterable[str], skill: str) -> int:
    """Dice the team rolls from skills: the total, capped at 10."""
    return min(MAX_SKILL_DICE, skill_total(pack, team, skill))


def strongest_skill(pack: Pack, team: Iterable[str], preferred: str = "") -> str:
    """The skill with the most dice (the preferred one if it has any; ties in rulebook order)."""
    totals = dict.fromkeys(SKILLS, 0)
    for a in team:
        for skill, dice in pack.adventurers[a].skills.items():
            totals[skill] += dice
    if preferred and totals.get(preferred, 0) > 0:
        return preferred
    best = SKILLS[0]
    for skill in SKILLS[1:]:  # rulebook order breaks ties
        if totals[skill] > totals[best]:
            best = skill
    return best


def highest_rank(pack: Pack, adventurers: Iterable[str]) -> int:
    return max((pack.adventurers[a].rank for a in adventurers), default=0)
