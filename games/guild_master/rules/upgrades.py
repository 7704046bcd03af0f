"""Upgrades: what a guild's Stables, Mess Hall and Bar allow, the Builder Cost track, and which
builds are allowed ("Building Upgrades")."""

from __future__ import annotations

from games.guild_master.rules.cards import CORE_KINDS
from games.guild_master.rules.content import Pack
from games.guild_master.rules.state import Board, Build, GameState, Guild

SKILL_SLOTS = 4  # the starting skill upgrade and up to three more


def order_spaces(pack: Pack, guild: Guild) -> int:
    """Available order spaces (Stables)."""
    return pack.core("stables", guild.stables).value


def team_size(pack: Pack, guild: Guild) -> int:
    """Maximum team size (Mess Hall)."""
    return pack.core("mess_hall", guild.mess_hall).value


def income(pack: Pack, guild: Guild) -> int:
    """Gold gained in the Reset Phase (Bar)."""
    return pack.core("bar", guild.bar).value


def builder_costs(pack: Pack, board: Board, count: int, change: int = 0) -> tuple[int, ...]:
    """The cost of each of the next `count` builders; the last space repeats past the top.
    `change` is what effects add to each cost (see `abilities.builder_change`); a Builder never
    costs less than 1."""
    track = pack.board.builder_track
    top = len(track) - 1
    return tuple(max(1, track[min(board.builder_marker + i, top)] + change) for i in range(count))


def builder_cost(pack: Pack, board: Board, change: int = 0) -> int:
    return builder_costs(pack, board, 1, change)[0]


def build_problem(state: GameState, pack: Pack, guild: Guild, build: Build) -> str | None:
    """Why `build` is not allowed for `guild` now, or None if it is."""
    if build.prestige:
        if build.core or build.skill:
            return "A prestige upgrade is built alone, without a skill or core upgrade."
        if state.short:
            return "Prestige upgrades are not used in the short game."
        if build.prestige not in pack.prestige:
            return f"There is no prestige upgrade called {build.prestige!r}."
        if guild.prestige is not None:
            return "Your guild has already built its one prestige upgrade."
        if build.prestige not in state.board.prestige_supply:
            return f"{pack.prestige[build.prestige].name} has already been built by another guild."
        return None
    if not build.core and not build.skill:
        return "Choose a skill upgrade, a core upgrade or both (or a prestige upgrade)."
    if build.core:
        if build.core not in CORE_KINDS:
            return f"There is no core upgrade {build.core!r}; choose stables, mess_hall or bar."
        level = getattr(guild, build.core) + 1
        if level > 3:
            return f"Your {pack.core(build.core, 3).name} is already the highest level."
        core = pack.core(build.core, level)
        if state.board.core_supply.get(core.slug, 0) < 1:
            return f"No {core.name} is left in the supply."
    if build.skill:
        upgrade = pack.skill_upgrades.get(build.skill)
        if upgrade is None or upgrade.starting:
            return f"There is no skill upgrade called {build.skill!r} to build."
        if build.side not in ("fixer", "reroll"):
            return f"Choose which side of the {upgrade.name} to use: fixer or reroll."
        if len(guild.skill_upgrades) >= SKILL_SLOTS:
            return "All four skill upgrade spaces of your upgrade board are full."
        names = {pack.skill_upgrades[s.slug].name for s in guild.skill_upgrades}
        if upgrade.name in names:
            return f"Your guild already has a {upgrade.name}; it cannot have two."
        if state.board.skill_supply.get(build.skill, 0) < 1:
            return f"No {upgrade.name} is left in the supply."
    return None


def build_parts(pack: Pack, guild: Guild, build: Build) -> list[tuple[str, str, int, int]]:
    """The upgrades of `build` as (slug, side, builders, Fame now)."""
    if build.prestige:
        return [(build.prestige, "", pack.prestige[build.prestige].builders, 0)]
    parts = []
    if build.skill:
        u = pack.skill_upgrades[build.skill]
        parts.append((u.slug, build.side, u.builders, u.fame))
    if build.core:
        c = pack.core(build.core, getattr(guild, build.core) + 1)
        parts.append((c.slug, "", c.builders, c.fame))
    return parts


def builders_needed(pack: Pack, guild: Guild, build: Build) -> int:
    return sum(part[2] for part in build_parts(pack, guild, build))


def allowed_builds(
    state: GameState,
    pack: Pack,
    seat: int,
    max_builders: int | None = None,
    *,
    combined: bool = True,
) -> list[Build]:
    """Every build the guild may build now (with at most `max_builders` Builders): core upgrades,
    skill upgrades on either side, prestige upgrades, then (if `combined`) a skill and a core
    upgrade together."""
    g = state.guilds[seat]
    cores = [Build(core=k) for k in CORE_KINDS]
    skills = [
        Build(skill=slug, side=side)
        for side in ("fixer", "reroll")
        for slug, u in pack.skill_upgrades.items()
        if not u.starting
    ]
    candidates = [*cores, *skills, *(Build(prestige=p) for p in state.board.prestige_supply)]
    if combined:
        candidates += [
            Build(core=c.core, skill=k.skill, side=k.side) for c in cores for k in skills
        ]
    return [
        b
        for b in candidates
        if build_problem(state, pack, g, b) is None
        and (max_builders is None or builders_needed(pack, g, b) <= max_builders)
    ]
