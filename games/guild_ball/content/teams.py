"""Picking a team: the rules of "Picking a Team" for each row of the book's "Game Length" table
(the table itself is the pitch's, games/guild_ball/pitch/field.py), checked against the pack."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.guild_ball.content.cards import Pack
from games.guild_ball.pitch.field import GAME_SIZES, GameSize

__all__ = ["GAME_SIZES", "GameSize", "match_problems", "team_problems", "team_size"]


def team_size(size: GameSize) -> int:
    """How many models a team of `size` fields."""
    return size.captains + size.squaddies + size.mascots


def team_problems(pack: Pack, size: GameSize, team: Sequence[str]) -> tuple[str, ...]:
    """Why `team` (model slugs) may not play a game of `size`; empty if it may.

    Each sentence names the rule it breaks, so a player can mend the pick.
    """
    problems: list[str] = []
    unknown = [slug for slug in team if slug not in pack.models]
    if unknown:
        return (f"{', '.join(unknown)}: no such model",)
    repeated = sorted(slug for slug, n in Counter(team).items() if n > 1)
    if repeated:
        problems.append(
            f"each named character may be taken only once per team: {', '.join(repeated)}"
        )
    models = [pack.models[slug] for slug in team]
    captains = [m for m in models if m.role == "captain"]
    mascots = [m for m in models if m.role == "mascot"]
    squaddies = [m for m in models if m.role == "squaddie"]
    if len(captains) != size.captains:
        problems.append(f"a team has exactly one Captain, not {len(captains)}")
    article = "an" if size.name[0] in "AEIOU" else "a"
    if size.mascots and len(mascots) != size.mascots:
        problems.append(f"{article} {size.name} team has exactly one Mascot, not {len(mascots)}")
    if not size.mascots and mascots:
        problems.append(f"{article} {size.name} team has no Mascot")
    if len(squaddies) != size.squaddies:
        problems.append(
            f"{article} {size.name} team has {size.squaddies} Squaddies, not {len(squaddies)}"
        )
    if len(captains) == 1:
        guild = captains[0].guild
        outsiders = [m.name for m in models if m.guild != guild]
        if outsiders:
            problems.append(
                f"every model must play for the Captain's guild ({pack.guilds[guild].name}): "
                + ", ".join(outsiders)
            )
    return tuple(problems)


def match_problems(
    pack: Pack, size: GameSize, first: Sequence[str], second: Sequence[str]
) -> tuple[str, ...]:
    """Why two teams may not meet in a game of `size`; empty if they may."""
    problems = [f"first team: {p}" for p in team_problems(pack, size, first)]
    problems += [f"second team: {p}" for p in team_problems(pack, size, second)]
    if len(first) != len(second):
        problems.append("Guild Ball is played between two teams of equal sizes")
    return tuple(problems)
