"""What the content pack holds, as frozen dataclasses: models with their stat lines, traits,
plays and playbooks, the guilds, and the game plans. The loader (loader.py) builds them from the
TOML files and validates them against the vocabulary of schema.py."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

Value = int | str


@dataclass(frozen=True, slots=True)
class Effect:
    """One primitive with its arguments, e.g. `damage amount=2`."""

    do: str
    args: tuple[tuple[str, Value], ...] = ()

    def arg(self, name: str) -> Value:
        """The value of argument `name` (KeyError if the primitive has none such)."""
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(name)


@dataclass(frozen=True, slots=True)
class Check:
    """One test an effect needs (`if`), e.g. `target_has condition=bleed`."""

    test: str
    args: tuple[tuple[str, Value], ...] = ()


@dataclass(frozen=True, slots=True)
class Area:
    """Whom an area reaches: a 3" AOE template, a pulse or an aura of `size` inches."""

    kind: str  # "aoe", "pulse" or "aura"
    size: int  # inches (the AOE's diameter, fixed at 3)
    side: str  # "enemy", "friendly" or "all"


@dataclass(frozen=True, slots=True)
class Play:
    """A character, heroic or legendary play.

    `cost` is the influence it costs (None: it cannot be paid for with influence) and `icons`
    the playbook icons that trigger it for free; `reach` is inches, "self" or "playbook".
    """

    slug: str
    name: str
    text: str
    kind: str  # "character", "heroic" or "legendary"
    cost: int | None
    icons: tuple[str, ...]
    reach: int | str
    target: str  # "enemy", "friendly", "any" or "self"; an area play's: the side it affects
    area: Area | None
    sustain: bool
    once_per_turn: bool
    checks: tuple[Check, ...]
    effects: tuple[Effect, ...]
    ongoing: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Trait:
    """A character trait: passive (always, while its checks hold), triggered (`when`), or
    active (an action the model may take, marked ● on a card)."""

    slug: str
    name: str
    text: str
    kind: str  # "passive", "triggered" or "active"
    when: str  # a trigger of schema.TRIGGERS, "" unless triggered
    affects: str  # "self", "target" or "area"
    area: Area | None
    once_per_turn: bool
    checks: tuple[Check, ...]
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Result:
    """One playbook result: its effects (`dmg 2 + push 1` is two) and whether it is momentous."""

    effects: tuple[tuple[str, int], ...]  # (kind, size): size is 0 for KD, tackle and icons
    momentous: bool

    @property
    def text(self) -> str:
        """The result as the files write it, e.g. `dmg 2 + push 1`."""
        return " + ".join(f"{k} {n}" if n else k for k, n in self.effects)


@dataclass(frozen=True, slots=True)
class Stats:
    """A model's stat line: MOV jog/sprint, TAC, KICK dice/distance, DEF, ARM, INF base/max,
    health, recovery level, base size (mm) and melee zone (inches)."""

    jog: int
    sprint: int
    tac: int
    kick_dice: int
    kick_distance: int
    defence: int
    armour: int
    inf_base: int
    inf_max: int
    hp: int
    recovery: int
    base: int
    melee_zone: int


@dataclass(frozen=True, slots=True)
class Model:
    """One named character with its card: types, stats, traits, plays and playbook."""

    slug: str
    name: str
    guild: str
    role: str  # "captain", "mascot" or "squaddie" (the team position)
    position: str  # the playing position
    kin: str
    homeland: str
    stats: Stats
    traits: tuple[Trait, ...]
    plays: tuple[Play, ...]
    playbook: tuple[tuple[Result, ...], ...]  # columns, left to right
    text: str

    @property
    def types(self) -> tuple[str, ...]:
        """The model types, as the book lists them (nationality, kind, position, team)."""
        return (self.homeland, self.kin, self.position, self.role)


@dataclass(frozen=True, slots=True)
class Guild:
    """A guild's header: its name, its style of play, its colour for pictures, its models."""

    slug: str
    name: str
    style: str
    colour: str
    text: str
    models: tuple[str, ...]  # model slugs, in the file's order


@dataclass(frozen=True, slots=True)
class GamePlan:
    """A game plan card: its effect, initiative value and influence value.

    `timing` is "instant" (resolved when the plans are revealed) or "turn" (for the whole turn);
    a turn plan with `when` resolves its effects each time (or, with `once`, the first time) a
    friendly model meets the trigger; otherwise its effects apply to `affects` all turn long.
    """

    slug: str
    name: str
    text: str
    initiative: int
    influence: int
    timing: str
    when: str
    once: bool
    affects: str  # "team" (every friendly model on the pitch) or "trigger" (the model that met it)
    checks: tuple[Check, ...]
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Pack:
    """The whole content pack, keyed by slug."""

    guilds: Mapping[str, Guild]
    models: Mapping[str, Model]
    plays: Mapping[str, Play]
    traits: Mapping[str, Trait]
    plans: Mapping[str, GamePlan]

    def members(self, guild: str) -> tuple[Model, ...]:
        """The models of `guild`, in the order of its file."""
        return tuple(self.models[m] for m in self.guilds[guild].models)

    def captain(self, guild: str) -> Model:
        """The guild's Captain."""
        return next(m for m in self.members(guild) if m.role == "captain")

    def mascot(self, guild: str) -> Model:
        """The guild's Mascot."""
        return next(m for m in self.members(guild) if m.role == "mascot")
