"""Picking a team: the game sizes of the book's "Game Length" table and the rules of "Picking a
Team", checked against the content pack.

The converted table reads, row by row: Introductory Game, 30 mins, 2' x 2', 1 Captain
2 Squaddie, 6 VP; Quick Game, 60 mins, 3' x 3', 1 Captain 4 Squaddie 1 Mascot, 8 VP; Typical
Game, 90–120 mins, 3' x 3', 1 Captain 4 Squaddie 1 Mascot, 12 VP.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.guild_ball.content.cards import Pack


@dataclass(frozen=True, slots=True)
class GameSize:
    """One row of the game-size table."""

    slug: str
    name: str
    pitch_feet: int  # the pitch is square
    squaddies: int
    mascot: bool
    victory_points: int

    @property
    def team_size(self) -> int:
        return 1 + self.squaddies + (1 if self.mascot else 0)


GAME_SIZES: Mapping[str, GameSize] = {
    s.slug: s
    for s in (
        GameSize("introductory", "Introductory Game", 2, 2, False, 6),
        GameSize("quick", "Quick Game", 3, 4, True, 8),
        GameSize("typical", "Typical Game", 3, 4, True, 12),
    )
}


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
    if len(captains) != 1:
        problems.append(f"a team has exactly one Captain, not {len(captains)}")
    article = "an" if size.name[0] in "AEIOU" else "a"
    if size.mascot and len(mascots) != 1:
        problems.append(f"{article} {size.name} team has exactly one Mascot, not {len(mascots)}")
    if not size.mascot and mascots:
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
