"""Card and upgrade data: what a content pack holds, as frozen structs.

The rules read cards by slug from a `Pack`; the pack is loaded and validated by `content.py`.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from games.guild_master.rules.effects import Effect

SKILLS: tuple[str, ...] = ("might", "arcane", "guile", "logic", "charm", "spirit")
RANKS: tuple[str, ...] = ("novice", "adept", "hero", "legend")
LEVELS: tuple[str, ...] = ("common", "heroic", "legendary")
CORE_KINDS: tuple[str, ...] = ("stables", "mess_hall", "bar")

Moon = Literal["half", "full", "blood", "any"]
AbilityPhase = Literal["plot", "action"]
Side = Literal["fixer", "reroll"]


class _Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


# When an ability acts. "use": its guild uses it at will, once a round, in its Plot Phase turn.
# "passive": it changes the guild's checks and rules all through the Action Phase. The others
# resolve each time their guild does that thing in the Action Phase.
Trigger = Literal["use", "passive", "contract_completed", "recruited", "wandered", "built"]
TRIGGERS: tuple[str, ...] = (
    "use",
    "passive",
    "contract_completed",
    "recruited",
    "wandered",
    "built",
)


class Ability(_Card):
    """An adventurer's ability: active in rounds of `moon`, during `phase`.

    Plot abilities (`trigger = "use"`) are used at will once per round in the Plot Phase. Action
    abilities are passive modifiers of the guild's checks and rules (`trigger = "passive"`) or
    resolve each time the guild completes a contract, recruits, wanders or builds.
    """

    moon: Moon
    phase: AbilityPhase
    text: str
    effects: tuple[Effect, ...]
    trigger: Trigger = "use"


class Adventurer(_Card):
    slug: str
    name: str
    title: str
    rank: int  # index into RANKS
    skills: dict[str, int]
    fame: int = 0
    bid_half: int = 0
    bid_full: int = 0
    team: str = ""  # starting team (novices only)
    ability: Ability | None = None
    flavour: str = ""

    def skill(self, name: str) -> int:
        return self.skills.get(name, 0)


class ContractEffect(_Card):
    """A contract's effect. Bonuses resolve on completion; boons are kept face up and discarded
    to be used (on a skill check, or in the guild's Plot Phase turn for `when = "plot"`); events
    are active while the contract is face up on the board (at the start of each round for
    `when = "start_of_round"`, all the time for `"while_face_up"`)."""

    kind: Literal["bonus", "boon", "event"]
    text: str
    effects: tuple[Effect, ...]
    when: Literal["", "plot", "start_of_round", "while_face_up"] = ""


class Target(_Card):
    skill: str
    value: int


class Contract(_Card):
    slug: str
    name: str
    level: str  # one of LEVELS
    targets: tuple[Target, ...]
    gold: int
    fame: int
    effects: tuple[ContractEffect, ...] = ()
    starting: bool = False
    flavour: str = ""

    def effect(self, kind: str) -> ContractEffect | None:
        for e in self.effects:
            if e.kind == kind:
                return e
        return None

    def target(self, skill: str) -> int | None:
        for t in self.targets:
            if t.skill == skill:
                return t.value
        return None


class SkillUpgrade(_Card):
    """A double-sided skill upgrade token type; `copies` tokens of it are in the supply."""

    slug: str
    name: str
    skill: str
    copies: int = 1
    builders: int = 1
    fame: int = 1
    starting: bool = False


class CoreUpgrade(_Card):
    """Stables (order spaces), Mess Hall (team size) or Bar (income) at a level.

    Level I is printed on every upgrade board (no tokens); higher levels are tokens in the supply.
    """

    slug: str
    name: str
    kind: str  # one of CORE_KINDS
    level: int
    value: int
    builders: int = 0
    fame: int = 0
    copies: int = 0


class Scoring(_Card):
    """End-game Fame of a prestige upgrade: `fame` per counted thing, plus `flat`.

    `per` is one of: contract (completed, optionally of `level`), adventurer (optionally of at
    least `rank`), skill_upgrade, core_level (levels above I), gold (per `step` Gold), recruit_fame.
    """

    per: str
    fame: int = 1
    level: str = ""
    rank: str = ""
    step: int = 1
    flat: int = 0


class PrestigeUpgrade(_Card):
    slug: str
    name: str
    builders: int
    text: str
    scoring: Scoring
    example: str = ""


class StartingTeam(_Card):
    """A starting team: four novices and a starting skill upgrade, at a place in the 3×2 grid
    that Setup 2 picks available teams from (a row for 2 players, a column for 3, two rows for
    4)."""

    slug: str
    name: str
    upgrade: str
    row: int
    column: int


class GuildIdentity(_Card):
    slug: str
    name: str
    colour: str
    symbol: str


class BoardRules(_Card):
    """The numbers printed on the board: the Builder Cost track."""

    builder_track: tuple[int, ...]
