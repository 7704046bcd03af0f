"""The order board a guild plans its orders on, in its DMs (or ephemeral with /gm orders).

Two pages per order space: the order itself (team, objective, Gold) and its plan (the answers
given in advance: fallback, replacement deck, builds, skill, rolls and cooperation). The space
and page being edited are in the controls' custom ids; the draft itself is in the game, so a
restart loses nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.ids import ControlId
from bot.render.ui import Button, Embed, EmbedField, Message, Option, Select, clip
from games.guild_master.presentation import cards
from games.guild_master.presentation.text import Names, plural
from games.guild_master.rules.cards import LEVELS, SKILLS
from games.guild_master.rules.content import Pack
from games.guild_master.rules.team import skill_total
from games.guild_master.rules.views import (
    HIRE,
    NONE,
    BoardView,
    Build,
    GuildView,
    Order,
    OrderOutlook,
    Plan,
    SeatView,
    carries_gold,
    is_contract,
    is_recruit,
)

# The board's pages: the orders (chosen, odds, what is missing), the plan of one order, and the
# board and the guild's adventurers (kept off the other pages so an edit stays short).
PAGES = ("orders", "plan", "board")


def order_at(draft: Sequence[Order], space: int) -> Order | None:
    """The order on order space `space`, if any."""
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
    """A build as an option's value ("ask" for none: ask when the order resolves)."""
    if b is None:
        return "ask"
    return f"{b.core}|{b.skill}|{b.side}|{b.prestige}"


def decode_build(value: str) -> Build | None:
    """The build an option's value stands for (see `encode_build`)."""
    if value == "ask":
        return None
    core, skill, side, prestige = ([*value.split("|"), "", "", "", ""])[:4]
    return Build(core=core, skill=skill, side=side, prestige=prestige)  # type: ignore[arg-type]


def build_name(pack: Pack, guild: GuildView, b: Build) -> str:
    """A build in words: its upgrades, each core upgrade at the level the guild would reach."""
    if b.prestige:
        return pack.prestige[b.prestige].name
    parts = []
    if b.skill:
        parts.append(f"{pack.skill_upgrades[b.skill].name} ({b.side})")
    if b.core:
        parts.append(pack.core(b.core, getattr(guild, b.core) + 1).name)
    return " + ".join(parts)


def gold_buys(pack: Pack, board: BoardView, gold: int) -> str:
    """How many Builders `gold` hires at the track's costs now ("4 Gold hires 1 Builder now
    (2)"); the costs may move before the order resolves, as other orders hire first."""
    track = pack.board.builder_track
    top = len(track) - 1
    change = board.builder_cost - track[min(board.builder_marker, top)]  # effects on the cost
    costs: list[int] = []
    while True:
        cost = max(1, track[min(board.builder_marker + len(costs), top)] + change)
        if sum(costs) + cost > gold:
            break
        costs.append(cost)
    if not costs:
        return f"{gold} Gold hires no Builder now (the next costs {board.builder_cost})"
    paid = " + ".join(map(str, costs))
    return f"{gold} Gold hires {plural(len(costs), 'Builder')} now ({paid})"


def describe_order(view: SeatView, pack: Pack, names: Names, o: Order) -> str:
    """One of the guild's orders in words, with its chance of success where there is one."""
    team = names.team(o.team) or "no team yet"
    lines = [f"Team: {team}"]
    board = view.public.board
    outlook = next((x for x in view.outlook if x.space == o.space), OrderOutlook(space=o.space))
    if o.objective == HIRE:
        buys = gold_buys(pack, board, o.gold)
        if o.plan.builds is None:
            then = f"you will be asked what to build; {buys}"
        elif not o.plan.builds:
            then = f"no build chosen (Plan ⚙), so no Builder is hired; {buys}"
        elif outlook.build is None:
            then = f"{buys}, too few for any of your chosen builds"
        else:
            then = f"builds {build_name(pack, view.public.guilds[view.seat], outlook.build)}"
        lines.append(f"Hire Builders with {o.gold} Gold: {then}")
    elif is_recruit(o.objective):
        spot = board.adventurers["ABCDEF".index(o.objective)]
        if spot.adventurer is not None and outlook.min_bid is not None:
            adv = pack.adventurers[spot.adventurer]
            bid = outlook.min_bid
            ok = "" if o.gold >= bid else f" — below the minimum bid of {bid}"
            lines.append(f"Recruit {o.objective}: {adv.name}, bid {o.gold} Gold{ok}")
        else:
            lines.append(f"Recruit {o.objective}: no face-up adventurer")
    elif is_contract(o.objective):
        spot_c = board.contracts[int(o.objective) - 1]
        if spot_c.contract is not None and o.team:
            c = pack.contracts[spot_c.contract]
            if outlook.chance is None:
                lines.append(f"Contract {o.objective}: {c.name} — this team has none of its skills")
            else:
                skill = cards.SKILL_SHORT[outlook.skill]
                lines.append(
                    f"Contract {o.objective}: {c.name} ({skill} {outlook.target}) — "
                    f"{outlook.chance * 100:.0f}% alone"
                )
        else:
            lines.append(f"Contract {o.objective}")
    elif o.team:
        # "Orders without an Objective": the team attempts a private contract or wanders.
        head = "No objective: this team attempts a private contract or wanders"
        if outlook.fallback == "wander" or outlook.chance is None:
            lines.append(f"{head} (best now: wander)")
        else:
            c = pack.contracts[outlook.fallback]
            lines.append(f"{head} (best now: {c.name}, {outlook.chance * 100:.0f}%)")
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
    view: SeatView,
    pack: Pack,
    names: Names,
    game_id: int,
    *,
    space: int = 1,
    page: str = "orders",
    notice: str = "",
) -> Message:
    """The order board of the guild whose view `view` is, editing order space `space` on
    `page`."""
    seat = view.seat
    public = view.public
    g = public.guilds[seat]
    spaces = g.order_spaces
    space = min(max(space, 1), spaces)
    draft = view.draft
    ready = bool(public.ready) and public.ready[seat]
    colour = int(pack.guilds[seat].colour.lstrip("#"), 16)
    checks = warnings(view, spaces)
    moon = f"{public.moon} moon{', Blood Moon' if public.blood_moon else ''}"
    head = (
        f"Round {public.round} of {public.rounds} ({moon}). Gold {g.gold} "
        f"({view.free_gold} not on orders); teams of {g.team_size}.\n"
        + (f"Check before Ready: {'; '.join(checks)}.\n" if checks else "")
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
        value = describe_order(view, pack, names, o) if o else "Empty: choose a team"
        fields.append(EmbedField(title, clip(value, 1024)))
    orders_embed = Embed(
        title=f"{names.guild(seat)} — your orders",
        description=clip(head, 4096),
        fields=tuple(fields),
        colour=colour,
        footer=clip(notice, 2048),
    )
    rows = [_space_row(game_id, seat, spaces, space, page)]
    o = order_at(draft, space)
    if page == "board":
        return Message(embeds=_board_page(view, pack, names), rows=tuple(rows)).check()
    if page == "plan":
        rows += _plan_rows(view, pack, names, game_id, space, o)
    else:
        rows += _order_rows(view, pack, names, game_id, space, o, ready)
    return Message(embeds=(orders_embed,), rows=tuple(rows)).check()


def _board_page(view: SeatView, pack: Pack, names: Names) -> tuple[Embed, ...]:
    """The board's objectives, and the guild's adventurers, upgrades and private contracts."""
    g = view.public.guilds[view.seat]
    upgrades = [f"{pack.skill_upgrades[u.slug].name} ({u.side})" for u in g.skill_upgrades]
    private = ", ".join(names.contract(c) for c in view.private_contracts) or "none"
    team = "\n".join(cards.adventurer(pack.adventurers[a]) for a in g.adventurers)
    mine = (
        f"{team}\n\nSkill upgrades: {', '.join(upgrades) or 'none'}.\nPrivate contracts: {private}."
    )
    return (
        Embed(
            title="The board",
            description=clip("\n".join(cards.objectives(view.public, pack)), 2400),
        ),
        Embed(title="Your adventurers", description=clip(mine, 1500)),
    )


def warnings(view: SeatView, spaces: int) -> list[str]:
    """What the guild may have overlooked before it presses Ready (Ready stays allowed: an order
    may be a bluff): contract orders its team cannot succeed at alone, and empty order spaces."""
    out = []
    for k in range(1, spaces + 1):
        o = order_at(view.draft, k)
        if o is None or not o.team:
            out.append(f"order space {k} is empty")
        elif is_contract(o.objective):
            outlook = next((x for x in view.outlook if x.space == k), None)
            if outlook is None or not outlook.chance:
                out.append(f"order {k} has no chance of success alone")
    return out


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
    elif page == "board":
        row.append(Button("Back to orders", _id("obspace", game, seat, f"{current}:orders")))
    else:
        row.append(Button("Back to orders", _id("obspace", game, seat, f"{current}:orders")))
    return tuple(row)


def _order_rows(
    view: SeatView,
    pack: Pack,
    names: Names,
    game: int,
    space: int,
    o: Order | None,
    ready: bool,
) -> list[tuple]:
    seat = view.seat
    g = view.public.guilds[seat]
    team = set(o.team) if o else set()
    size = g.team_size
    # Adventurers on another order are marked with it: an adventurer serves on one order only.
    elsewhere = {a: d.space for d in view.draft if d.space != space for a in d.team}
    team_options = tuple(
        Option(
            clip(names.adventurer(a), 100),
            a,
            clip(
                (f"On order {elsewhere[a]} — " if a in elsewhere else "")
                + cards.skills(pack.adventurers[a]),
                100,
            ),
            default=a in team,
        )
        for a in g.adventurers
    )
    objective = o.objective if o else NONE
    obj_options = [
        Option("Private contract or wander", NONE, "No order card", default=objective == NONE)
    ]
    obj_options.append(Option("Hire Builders", HIRE, "Put Gold on it", default=objective == HIRE))
    for spot in view.public.board.adventurers:
        if spot.used and spot.adventurer is not None:
            adv = pack.adventurers[spot.adventurer]
            bid = view.min_bids[spot.letter]
            obj_options.append(
                Option(
                    clip(f"Recruit {spot.letter}: {adv.name} {adv.title}", 100),
                    spot.letter,
                    clip(f"min bid {bid} Gold — {cards.skills(adv)}", 100),
                    default=objective == spot.letter,
                )
            )
    for c in view.public.board.contracts:
        if c.used and c.contract is not None:
            contract = pack.contracts[c.contract]
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
    # Only Hire Builders and Recruit orders carry Gold: the Gold buttons wait for one.
    no_gold = o is None or not carries_gold(o.objective)
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
            Button("−1 Gold", _id("obgold", game, seat, f"{space}:-1"), disabled=no_gold),
            Button("+1 Gold", _id("obgold", game, seat, f"{space}:1"), disabled=no_gold),
            Button("Gold…", _id("obgoldset", game, seat, str(space)), disabled=no_gold),
            Button("Clear order", _id("obclear", game, seat, str(space)), style="danger"),
        ),
        (
            Button("Not ready", _id("obready", game, seat, "0"), style="secondary")
            if ready
            else Button("Ready", _id("obready", game, seat, "1"), style="success", emoji="✅"),
            Button("Refresh", _id("obspace", game, seat, f"{space}:refresh")),
            Button("Board & team", _id("obspace", game, seat, f"{space}:board")),
        ),
    ]
    return rows


def _plan_rows(
    view: SeatView,
    pack: Pack,
    names: Names,
    game: int,
    space: int,
    o: Order | None,
) -> list[tuple]:
    seat = view.seat
    guild = view.public.guilds[seat]
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
        for c in view.private_contracts
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
        for b in view.build_options:
            options.append(
                Option(
                    clip(build_name(pack, guild, b), 100),
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
