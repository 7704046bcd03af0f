"""The order board a guild plans its orders on, in its DMs (or ephemeral with /gm orders).

Two pages per order space: the order itself (team, objective, Gold) and its plan (the answers
given in advance: fallback, replacement deck, builds, skill, rolls and cooperation). The space
and page being edited are in the controls' custom ids; the draft itself is in the game, so a
restart loses nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.render import cards
from bot.render.ids import ControlId
from bot.render.text import Names
from bot.render.ui import Button, Embed, EmbedField, Message, Option, Select, clip
from games.guild_master.rules.abilities import min_bid
from games.guild_master.rules.attempt_contract import chance, choose_target
from games.guild_master.rules.cards import LEVELS, SKILLS
from games.guild_master.rules.content import Pack
from games.guild_master.rules.hire_builders import affordable_build, default_builds
from games.guild_master.rules.private_and_wander import attemptable, auto_fallback
from games.guild_master.rules.state import (
    HIRE,
    NONE,
    Build,
    GameState,
    Order,
    OrderStep,
    Plan,
    is_contract,
    is_recruit,
)
from games.guild_master.rules.team import skill_total
from games.guild_master.rules.treasury import free_gold
from games.guild_master.rules.upgrades import (
    allowed_builds,
    build_parts,
    build_problem,
    order_spaces,
    team_size,
)

PAGES = ("orders", "plan")


def draft_of(state: GameState, seat: int) -> tuple[Order, ...]:
    step = state.step
    return step.drafts[seat] if isinstance(step, OrderStep) else ()


def order_at(draft: Sequence[Order], space: int) -> Order | None:
    for o in draft:
        if o.space == space:
            return o
    return None


def with_order(draft: Sequence[Order], order: Order | None, space: int) -> tuple[Order, ...]:
    """The draft with order space `space` replaced (or cleared when `order` is None)."""
    rest = [o for o in draft if o.space != space]
    if order is not None:
        rest.append(order)
    return tuple(sorted(rest, key=lambda o: o.space))


def encode_build(b: Build | None) -> str:
    if b is None:
        return "ask"
    return f"{b.core}|{b.skill}|{b.side}|{b.prestige}"


def decode_build(value: str) -> Build | None:
    if value == "ask":
        return None
    core, skill, side, prestige = ([*value.split("|"), "", "", "", ""])[:4]
    return Build(core=core, skill=skill, side=side, prestige=prestige)  # type: ignore[arg-type]


def build_name(pack: Pack, state: GameState, seat: int, b: Build) -> str:
    g = state.guilds[seat]
    parts = [
        pack.core_upgrades[slug].name
        if slug in pack.core_upgrades
        else pack.prestige[slug].name
        if slug in pack.prestige
        else f"{pack.skill_upgrades[slug].name} ({side})"
        for slug, side, _n, _f in build_parts(pack, g, b)
    ]
    return " + ".join(parts)


def build_options(state: GameState, pack: Pack, seat: int) -> list[Build]:
    """Builds the guild may choose now, the suggested ones first (at most 22)."""
    g = state.guilds[seat]
    suggested = [
        b for b in default_builds(state, pack, seat) if build_problem(state, pack, g, b) is None
    ]
    allowed = [b for b in allowed_builds(state, pack, seat) if not (b.core and b.skill)]
    return list(dict.fromkeys([*suggested, *allowed]))[:22]


def describe_order(state: GameState, pack: Pack, names: Names, seat: int, o: Order) -> str:
    """One order in words, with its chance of success where there is one."""
    team = names.team(o.team) or "no team yet"
    lines = [f"Team: {team}"]
    g = state.guilds[seat]
    if o.objective == HIRE:
        build = affordable_build(state, pack, seat, o.gold, o.plan.builds or ())
        if o.plan.builds is None:
            then = "you will be asked what to build"
        elif build is None:
            then = "none of your chosen builds is affordable with this Gold"
        else:
            then = f"builds {build_name(pack, state, seat, build)}"
        lines.append(f"Hire Builders with {o.gold} Gold: {then}")
    elif is_recruit(o.objective):
        spot = state.board.adventurers["ABCDEF".index(o.objective)]
        if spot.deck and spot.face_up:
            adv = pack.adventurers[spot.deck[0]]
            bid = min_bid(state, pack, adv.slug, seat)
            ok = "" if o.gold >= bid else f" — below the minimum bid of {bid}"
            lines.append(f"Recruit {o.objective}: {adv.name}, bid {o.gold} Gold{ok}")
        else:
            lines.append(f"Recruit {o.objective}: no face-up adventurer")
    elif is_contract(o.objective):
        spot = state.board.contracts[int(o.objective) - 1]
        if spot.card and spot.face_up and o.team:
            c = pack.contracts[spot.card]
            target = choose_target(state, pack, seat, o.team, c, o.plan.skill)
            if target is None:
                lines.append(f"Contract {o.objective}: {c.name} — this team has none of its skills")
            else:
                p = chance(state, pack, seat, o.team, *target)
                skill = cards.SKILL_SHORT[target[0]]
                lines.append(
                    f"Contract {o.objective}: {c.name} ({skill} {target[1]}) — {p * 100:.0f}% alone"
                )
        else:
            lines.append(f"Contract {o.objective}")
    else:
        private = attemptable(pack, g.private_contracts, o.team)
        if o.team:
            choice = auto_fallback(state, pack, seat, o.team)
            if choice == "wander":
                lines.append("Private contract or wander: wander")
            else:
                c = pack.contracts[choice]
                target = choose_target(state, pack, seat, o.team, c)
                assert target is not None
                p = chance(state, pack, seat, o.team, *target)
                lines.append(f"Private contract {c.name}: {p * 100:.0f}%")
        elif private:
            lines.append("Private contract or wander")
    plan = o.plan
    fallback = {
        "auto": "best of private contract or wander",
        "wander": "wander",
        "ask": "ask me",
    }.get(
        plan.fallback,
        pack.contracts.get(plan.fallback).name
        if plan.fallback in pack.contracts
        else plan.fallback,
    )
    extra = [f"if missed: {fallback}"]
    if plan.skill:
        extra.append(f"skill {cards.SKILL_SHORT[plan.skill]}")
    if plan.rolls == "ask":
        extra.append("rolls by hand")
    if plan.cooperation == "ask":
        extra.append("cooperation by hand")
    if plan.replace:
        extra.append(f"replace with {plan.replace}")
    lines.append("Plan: " + "; ".join(extra))
    return "\n".join(lines)


def render(
    state: GameState,
    pack: Pack,
    names: Names,
    game_id: int,
    seat: int,
    *,
    space: int = 1,
    page: str = "orders",
    notice: str = "",
) -> Message:
    """The order board of `seat`, editing order space `space` on `page`."""
    g = state.guilds[seat]
    spaces = order_spaces(pack, g)
    space = min(max(space, 1), spaces)
    draft = draft_of(state, seat)
    step = state.step
    ready = isinstance(step, OrderStep) and step.ready[seat]
    colour = int(pack.guilds[seat].colour.lstrip("#"), 16)
    upgrades = [f"{pack.skill_upgrades[u.slug].name} ({u.side})" for u in g.skill_upgrades]
    private = ", ".join(names.contract(c) for c in g.private_contracts) or "none"
    head = (
        f"Round {state.round} of {state.rounds} ({state.moon} moon"
        f"{', Blood Moon' if state.blood_moon else ''}). Gold {g.gold} "
        f"({free_gold(state, seat)} not on orders). {spaces} order spaces, teams of "
        f"{team_size(pack, g)}.\nSkill upgrades: {', '.join(upgrades) or 'none'}.\n"
        f"Private contracts: {private}.\n"
        + (
            "**Ready** — you can still change your orders until everyone is ready."
            if ready
            else "Not ready yet: press Ready when your orders are set."
        )
    )
    fields = []
    for k in range(1, spaces + 1):
        o = order_at(draft, k)
        title = f"{'▶ ' if k == space else ''}Order {k}"
        value = describe_order(state, pack, names, seat, o) if o else "Empty"
        fields.append(EmbedField(title, clip(value, 1024)))
    orders_embed = Embed(
        title=f"{names.guild(seat)} — your orders",
        description=clip(head, 4096),
        fields=tuple(fields),
        colour=colour,
        footer=clip(notice, 2048),
    )
    board_embed = Embed(
        title="The board",
        description=clip("\n".join(cards.objectives(state, pack)), 2400),
    )
    team_embed = Embed(
        title="Your adventurers",
        description=clip(
            "\n".join(cards.adventurer(pack.adventurers[a]) for a in g.adventurers), 1500
        ),
    )
    rows = [_space_row(game_id, seat, spaces, space, page)]
    o = order_at(draft, space)
    if page == "plan":
        rows += _plan_rows(state, pack, names, game_id, seat, space, o)
    else:
        rows += _order_rows(state, pack, names, game_id, seat, space, o, ready)
    return Message(embeds=(orders_embed, board_embed, team_embed), rows=tuple(rows)).check()


def _id(action: str, game: int, seat: int, arg: str) -> str:
    return ControlId(action, game, seat, arg).encode()


def _space_row(game: int, seat: int, spaces: int, current: int, page: str) -> tuple[Button, ...]:
    row = [
        Button(
            f"Order {k}",
            _id("obspace", game, seat, f"{k}:{page}"),
            style="primary" if k == current else "secondary",
        )
        for k in range(1, spaces + 1)
    ]
    if page == "orders":
        row.append(Button("Plan ⚙", _id("obspace", game, seat, f"{current}:plan")))
    else:
        row.append(Button("Back to orders", _id("obspace", game, seat, f"{current}:orders")))
    return tuple(row)


def _order_rows(
    state: GameState,
    pack: Pack,
    names: Names,
    game: int,
    seat: int,
    space: int,
    o: Order | None,
    ready: bool,
) -> list[tuple]:
    g = state.guilds[seat]
    team = set(o.team) if o else set()
    size = team_size(pack, g)
    team_options = tuple(
        Option(
            clip(names.adventurer(a), 100),
            a,
            clip(cards.skills(pack.adventurers[a]), 100),
            default=a in team,
        )
        for a in g.adventurers
    )
    objective = o.objective if o else NONE
    obj_options = [
        Option("Private contract or wander", NONE, "No order card", default=objective == NONE)
    ]
    obj_options.append(Option("Hire Builders", HIRE, "Put Gold on it", default=objective == HIRE))
    for spot in state.board.adventurers:
        if spot.used and spot.deck and spot.face_up:
            adv = pack.adventurers[spot.deck[0]]
            bid = min_bid(state, pack, adv.slug, seat)
            obj_options.append(
                Option(
                    clip(f"Recruit {spot.letter}: {adv.name} {adv.title}", 100),
                    spot.letter,
                    clip(f"min bid {bid} Gold — {cards.skills(adv)}", 100),
                    default=objective == spot.letter,
                )
            )
    for c in state.board.contracts:
        if c.used and c.card and c.face_up:
            contract = pack.contracts[c.card]
            obj_options.append(
                Option(
                    clip(f"Contract {c.number}: {contract.name}", 100),
                    str(c.number),
                    clip(
                        f"{cards.targets(contract)} — {contract.gold} Gold, {contract.fame} Fame",
                        100,
                    ),
                    default=objective == str(c.number),
                )
            )
    rows: list[tuple] = [
        (
            Select(
                _id("obteam", game, seat, str(space)),
                team_options,
                placeholder=f"Team for order {space} (up to {size})",
                min_values=0,
                max_values=min(size, len(team_options)),
            ),
        ),
        (
            Select(
                _id("obobj", game, seat, str(space)),
                tuple(obj_options),
                placeholder=f"Objective of order {space}",
            ),
        ),
        (
            Button("−1 Gold", _id("obgold", game, seat, f"{space}:-1")),
            Button("+1 Gold", _id("obgold", game, seat, f"{space}:1")),
            Button("Gold…", _id("obgoldset", game, seat, str(space))),
            Button("Clear order", _id("obclear", game, seat, str(space)), style="danger"),
        ),
        (
            Button("Not ready", _id("obready", game, seat, "0"), style="secondary")
            if ready
            else Button("Ready", _id("obready", game, seat, "1"), style="success", emoji="✅"),
            Button("Refresh", _id("obspace", game, seat, f"{space}:refresh")),
        ),
    ]
    return rows


def _plan_rows(
    state: GameState,
    pack: Pack,
    names: Names,
    game: int,
    seat: int,
    space: int,
    o: Order | None,
) -> list[tuple]:
    g = state.guilds[seat]
    plan = o.plan if o else Plan()
    fallback = [
        Option("Best of private contract or wander", "auto", default=plan.fallback == "auto"),
        Option("Wander", "wander", default=plan.fallback == "wander"),
        Option("Ask me when it happens", "ask", default=plan.fallback == "ask"),
    ]
    fallback += [
        Option(
            clip(f"Private: {names.contract(c)}", 100),
            c,
            clip(cards.targets(pack.contracts[c]), 100),
            default=plan.fallback == c,
        )
        for c in g.private_contracts
    ]
    replace = [Option("Same level as the completed contract", "same", default=plan.replace == "")]
    replace += [
        Option(f"{level.capitalize()} deck", level, default=plan.replace == level)
        for level in LEVELS
    ]
    replace.append(Option("Ask me when it happens", "ask", default=plan.replace == "ask"))
    rows: list[tuple] = [
        (
            Select(
                _id("obfallback", game, seat, str(space)),
                tuple(fallback),
                placeholder="If this order is missed or declined…",
            ),
        ),
        (
            Select(
                _id("obreplace", game, seat, str(space)),
                tuple(replace),
                placeholder="Deck that replaces a contract you complete",
            ),
        ),
    ]
    if o is not None and o.objective == HIRE:
        chosen = plan.builds[0] if plan.builds else None
        options = [Option("Ask me when it resolves", "ask", default=plan.builds is None)]
        options.append(Option("Build nothing", "none", default=plan.builds == ()))
        for b in build_options(state, pack, seat):
            options.append(
                Option(
                    clip(build_name(pack, state, seat, b), 100),
                    encode_build(b),
                    default=b == chosen,
                )
            )
        rows.append(
            (
                Select(
                    _id("obbuild", game, seat, str(space)),
                    tuple(options),
                    placeholder="What to build",
                ),
            )
        )
    else:
        team = o.team if o else ()
        skill_options = [Option("Best skill for each check", "best", default=not plan.skill)]
        skill_options += [
            Option(
                cards.SKILL_SHORT[s],
                s,
                f"{skill_total(pack, team, s)} dice",
                default=plan.skill == s,
            )
            for s in SKILLS
            if skill_total(pack, team, s) > 0
        ]
        rows.append(
            (
                Select(
                    _id("obskill", game, seat, str(space)),
                    tuple(skill_options),
                    placeholder="Skill to use",
                ),
            )
        )
    rows.append(
        (
            Button(
                "Rolls: by hand" if plan.rolls == "ask" else "Rolls: automatic",
                _id("obrolls", game, seat, str(space)),
            ),
            Button(
                "Cooperation: by hand" if plan.cooperation == "ask" else "Cooperation: automatic",
                _id("obcoop", game, seat, str(space)),
            ),
        )
    )
    return rows
