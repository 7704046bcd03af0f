"""The DMs that ask one team something, with their buttons, selects and forms.

Pre-game: the team and plan discards (selects, edited as the player picks), kick or receive,
the deployment (the bot's legal proposal, accepted with one click or adjusted in a form), the
kick off, who takes the ball. Each turn: the game plan and the influence (secret, both at once),
the model to activate, then its actions (`action_menu`): move by intention or by typed
waypoints (answered with a private preview and Confirm / Adjust / Cancel), charge, attack, pass
or shoot with the odds shown, plays, rest, end. Out of turn: reactions, playbook results,
dodges, interceptions, what follows a pass, the goal kick; each says when its default applies.

A control's custom id carries only ids and indices (the model's place in the view, the
choices made so far in a prompt being filled); the rules check every command."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.presentation import Table, when
from bot.render.ids import ControlId
from bot.render.ui import Button, Embed, Message, Option, Select, clip
from engine.core.game import Decision
from games.guild_ball.content.loader import load_pack
from games.guild_ball.pitch import MoveKind
from games.guild_ball.pitch.field import GAME_SIZES
from games.guild_ball.presentation import scenes as sc
from games.guild_ball.presentation import words as w
from games.guild_ball.rules.views import ModelView, PublicView, SeatView

REACTION_DEFAULT = "you answer no"
INFLUENCE_SELECTS = 4  # a select per model while they fit, the Allocate button under them
GLIDE_MP = 1  # "Once per turn an active model may spend 1 MP to move across rough terrain"


def cid(action: str, table: Table, arg: str = "") -> str:
    assert table.seat is not None
    return ControlId(action, table.game_id, table.seat, arg).encode()


def names_of(table: Table) -> tuple[str, ...]:
    return w.seat_names(table.names)


def seat_view(table: Table) -> SeatView:
    if not isinstance(table.view, SeatView):
        raise TypeError("a prompt needs a seat's own view")
    return table.view


def embed(title: str, lines: Sequence[str]) -> Embed:
    return Embed(title=clip(title, 256), description=clip("\n".join(lines), 4096), colour=w.COLOUR)


def deadline(due: datetime | None, default: str) -> str:
    if due is None:
        return f"If the host moves the game on, {default}."
    return f"Answer {when(due)}; after that, {default}."


def index_of(pv: PublicView, model_id: str) -> int:
    return next(i for i, m in enumerate(pv.models) if m.id == model_id)


def by_index(pv: PublicView, text: str) -> ModelView | None:
    if not text.isascii() or not text.isdigit() or int(text) >= len(pv.models):
        return None
    return pv.models[int(text)]


def button_rows(buttons: Sequence[Button]) -> tuple[tuple[Button, ...], ...]:
    """Buttons five a row (Discord's limit), for a choice of every model of a team of six."""
    return tuple(tuple(buttons[i : i + 5]) for i in range(0, len(buttons), 5))


def point(p: tuple[float, float]) -> str:
    return f"({p[0]:.1f}, {p[1]:.1f})"


# --- pre-game ----------------------------------------------------------------------------------


def guilds() -> list[str]:
    return sorted(load_pack().guilds)


def squaddies(guild: str) -> list[str]:
    return [m.slug for m in load_pack().members(guild) if m.role == "squaddie"]


def squad_size(pv: PublicView) -> int:
    """How many Squaddies a team picks in this game's size: two in the Introductory game, four
    in the Quick and Typical games (the book's Game Length table)."""
    return GAME_SIZES[pv.size].squaddies


def prepare_prompt(
    table: Table, guild: int, squad: tuple[int, ...], discard: tuple[int, ...], due: Any = None
) -> Message:
    """Pick a guild, its Squaddies (two or four by the game's size) and two plans to discard;
    Confirm sends them together."""
    view = seat_view(table)
    pack = load_pack()
    slugs = guilds()
    g = slugs[guild]
    members = squaddies(g)
    captain = pack.captain(g)
    count = squad_size(view.table)
    mascots = [m.name for m in pack.members(g) if m.role == "mascot"]
    size = GAME_SIZES[view.table.size]
    lines = [
        f"Pick your team in secret ({size.name}, {view.table.win_vp} VP wins): a guild (its "
        f"Captain{' and Mascot play' if size.mascots else ' plays'}), {w.count_word(count)} of "
        "its Squaddies, and two of "
        "the seven game plans dealt to you to discard face down. Your opponent learns your team "
        "only when both have picked, and never your discards.",
        "",
        f"Guild: **{pack.guilds[g].name}** — {pack.guilds[g].style}",
        f"Captain: {captain.name}",
        f"Squaddies: {w.join([pack.models[members[i]].name for i in squad])}",
        *([f"Mascot: {mascots[0]}"] if size.mascots and mascots else []),
        "Discard: " + w.join([pack.plans[view.hand[i]].name for i in discard]),
        "",
        "Your plans:",
        *(f"• {w.plan_line(p)}" for p in view.hand),
        "",
        deadline(table.due if due is None else due, "the team shown here is kept"),
    ]
    state = f"{guild}.{','.join(map(str, squad))}.{','.join(map(str, discard))}"
    rows = (
        (
            Select(
                cid("gbguild", table, state),
                tuple(
                    Option(pack.guilds[s].name, str(i), clip(pack.guilds[s].style, 100), i == guild)
                    for i, s in enumerate(slugs)
                ),
                placeholder="Guild",
            ),
        ),
        (
            Select(
                cid("gbsquad", table, state),
                tuple(
                    Option(
                        pack.models[s].name,
                        str(i),
                        clip(pack.models[s].position, 100),
                        i in squad,
                    )
                    for i, s in enumerate(members)
                ),
                placeholder=f"{w.count_word(count).capitalize()} Squaddies",
                min_values=count,
                max_values=count,
            ),
        ),
        (
            Select(
                cid("gbdisc", table, state),
                tuple(
                    Option(pack.plans[p].name, str(i), clip(pack.plans[p].text, 100), i in discard)
                    for i, p in enumerate(view.hand)
                ),
                placeholder="Two plans to discard",
                min_values=2,
                max_values=2,
            ),
        ),
        (Button("Confirm this team", cid("gbprep", table, state), style="primary"),),
    )
    return Message(embeds=(embed("Guild Ball: your team", lines),), rows=rows).check()


def prepare_default(table: Table, decision: Decision) -> Message:
    view = seat_view(table)
    d = decision.default
    guild = guilds().index(d.guild)
    members = squaddies(d.guild)
    squad = tuple(members.index(s) for s in d.squaddies)
    discard = tuple(view.hand.index(p) for p in d.discard)
    return prepare_prompt(table, guild, squad, discard)


def kick_prompt(table: Table) -> Message:
    lines = [
        "You won the starting roll. The kicking team deploys first and kicks off; the receiving "
        "team deploys second and gets the ball.",
        deadline(table.due, "you receive"),
    ]
    rows = (
        (
            Button("Kick", cid("gbkick", table, "1")),
            Button("Receive (default)", cid("gbkick", table, "0"), style="primary"),
        ),
    )
    return Message(embeds=(embed("Kick or receive?", lines),), rows=rows).check()


def deploy_prompt(
    table: Table,
    decision: Decision,
    typed: Sequence[tuple[str, float, float]] | None = None,
    kicker: str = "",
    files: tuple[tuple[str, bytes], ...] = (),
) -> Message:
    """The deployment: the bot's proposal, deployed with one click, shown on the pitch or
    adjusted in a form. With `typed` places (the form's), those are listed and pictured, and
    "Deploy these places" deploys them; nothing is deployed before a Deploy button."""
    view = seat_view(table)
    pv = view.table
    d = decision.default
    kicking = pv.kicking == view.seat
    places = d.places if typed is None else typed
    head = "The bot proposes:" if typed is None else "Your places (not deployed yet):"
    lines = [
        f'Deploy every model completely within 10" of your table edge. {head}',
        *(f"• {w.model_name(pv, m)} at {point((x, y))}" for m, x, y in places),
    ]
    if kicking:
        lines.append(f"Kicker: {w.model_name(pv, (kicker if typed is not None else d.kicker))}")
    lines += [
        "",
        "Deploy as proposed, or adjust: type each model's place as `x, y` in inches (x across "
        f"from the left, 0–{pv.pitch_size:g}; y up from side 0's edge).",
        deadline(table.due, "the proposal is deployed"),
    ]
    buttons = []
    if typed is not None:
        spots = ";".join(f"{x:.2f},{y:.2f}" for _, x, y in typed)
        at = next((i for i, (m, _, _) in enumerate(typed) if m == kicker), None)
        arg = spots + (f"k{at}" if kicking and at is not None else "")
        buttons.append(Button("Deploy these places", cid("gbdepc", table, arg), style="success"))
    buttons += [
        Button(
            "Deploy as proposed",
            cid("gbdeploy", table),
            style="primary" if typed is None else "secondary",
        ),
        Button("Adjust…", cid("gbdepadj", table)),
    ]
    if not files:
        buttons.append(Button("Show on the pitch", cid("gbdepv", table)))
    return Message(
        embeds=(embed("Deployment", lines),), rows=(tuple(buttons),), files=files
    ).check()


def kick_off_prompt(table: Table, decision: Decision) -> Message:
    pv = seat_view(table).table
    d = decision.default
    kicker = sc.model(pv, pv.ball_holder) if pv.ball_holder else None
    who = kicker.name if kicker else "Your kicker"
    lines = [
        f"{who} may jog, then kicks to a target spot within range; the ball then scatters.",
        f"Proposed: no jog, a kick to {point(d.target)}.",
        deadline(table.due, "the proposed kick is made"),
    ]
    rows = (
        (
            Button("Kick as proposed", cid("gbkoff", table), style="primary"),
            Button("Choose jog and target…", cid("gbkoadj", table)),
        ),
    )
    return Message(embeds=(embed("Kick off", lines),), rows=rows).check()


def give_prompt(table: Table, decision: Decision) -> Message:
    pv = seat_view(table).table
    buttons = []
    for i, o in enumerate(decision.options):
        label = "Leave it where it is" if not o.model else f"Give it to {w.model_name(pv, o.model)}"
        mark = " (default)" if o == decision.default else ""
        buttons.append(Button(clip(label + mark, 80), cid("gbgive", table, str(i))))
    lines = [
        "The kick off fell short or went off the pitch: you may give the ball to one of your "
        "models.",
        deadline(table.due, "the default shown is taken"),
    ]
    return Message(embeds=(embed("The ball", lines),), rows=button_rows(buttons)).check()


# --- the turn: plan, initiative, influence -----------------------------------------------------


def plan_prompt(table: Table, decision: Decision) -> Message:
    view = seat_view(table)
    pack = load_pack()
    lines = [
        "Choose this turn's game plan, in secret: both are revealed once both have chosen. "
        "The higher initiative total (plan + d6) chooses who activates first; the plan's "
        "influence is your pool for the turn.",
        "",
        *(f"• {w.plan_line(p)}" for p in view.hand),
        "",
        deadline(table.due, f"you play {w.plan_name(view.hand[0])}"),
    ]
    select = Select(
        cid("gbplan", table),
        tuple(
            Option(
                clip(pack.plans[p].name, 100),
                str(i),
                clip(f"INI {pack.plans[p].initiative} INF {pack.plans[p].influence}", 100),
            )
            for i, p in enumerate(view.hand)
        ),
        placeholder="Your game plan",
    )
    return Message(embeds=(embed("Game plan", lines),), rows=((select,),)).check()


def initiative_prompt(table: Table) -> Message:
    lines = ["Your initiative total is higher: take the initiative (activate first) or give it?"]
    lines.append(deadline(table.due, "you take it"))
    rows = (
        (
            Button("Take it (default)", cid("gbinit", table, "1"), style="primary"),
            Button("Give it", cid("gbinit", table, "0")),
        ),
    )
    return Message(embeds=(embed("Initiative", lines),), rows=rows).check()


def my_models(view: SeatView) -> list[ModelView]:
    return [m for m in view.table.models if m.seat == view.seat and (m.on_pitch or m.taken_out)]


def influence_prompt(
    table: Table, alloc: tuple[int, ...], note: str = "", focus: int = 0
) -> Message:
    """The influence allocation: a select of each model's influence, or with more models than
    selects fit (a team of six) a select of the model to adjust (`focus`) and one of its
    influence."""
    view = seat_view(table)
    models = my_models(view)
    pool = view.influence_pool
    lines = [
        f"Allocate your influence pool of **{pool}** (secret until both have allocated): each "
        "model up to its max INF. Influence pays for attacks, sprints, charges, kicks and plays.",
        "",
        *(
            f"• {m.name}: **{n}** (max {m.max_influence})"
            for m, n in zip(models, alloc, strict=False)
        ),
        f"Left over: {pool - sum(alloc)} (lost).",
    ]
    if any(m.taken_out for m in models):
        lines.append("Taken-out models return at your table edge.")
    if note:
        lines += ["", note]
    lines.append(deadline(table.due, "the allocation shown is made"))
    state = ".".join(map(str, alloc))
    rows: list[tuple[Any, ...]] = []
    shown = list(enumerate(models))
    if len(models) > INFLUENCE_SELECTS:
        rows.append(
            (
                Select(
                    cid("gbinfm", table, state),
                    tuple(
                        Option(
                            clip(f"{m.name}: {alloc[i]} (max {m.max_influence})", 100),
                            str(i),
                            default=i == focus,
                        )
                        for i, m in shown
                    ),
                    placeholder="The model to adjust",
                ),
            )
        )
        shown = shown[focus : focus + 1]
    for i, m in shown:
        rows.append(
            (
                Select(
                    cid("gbinfv", table, f"{i}:{state}"),
                    tuple(
                        Option(f"{m.name}: {n}", str(n), default=n == alloc[i])
                        for n in range(min(m.max_influence, pool) + 1)
                    ),
                    placeholder=m.name,
                ),
            )
        )
    rows.append((Button("Allocate as shown", cid("gbinf", table, state), style="primary"),))
    return Message(embeds=(embed("Influence", lines),), rows=tuple(rows)).check()


def influence_default(table: Table, decision: Decision) -> Message:
    view = seat_view(table)
    given = dict(decision.default.influence)
    alloc = tuple(given.get(m.id, 0) for m in my_models(view))
    return influence_prompt(table, alloc)


# --- activations -------------------------------------------------------------------------------


def activation_prompt(table: Table, decision: Decision) -> Message:
    pv = seat_view(table).table
    lines = [f"Turn {pv.turn}: select a model to activate.", *score_lines(table)]
    lines.append(deadline(table.due, "your first model not yet activated activates and ends"))
    buttons = []
    for o in decision.options:
        m = sc.model(pv, o.model)
        buttons.append(
            Button(
                clip(f"{m.name} (INF {m.influence})", 80),
                cid("gbact", table, str(index_of(pv, m.id))),
            )
        )
    return Message(embeds=(embed("Activate a model", lines),), rows=button_rows(buttons)).check()


def score_lines(table: Table) -> list[str]:
    pv = seat_view(table).table
    names = names_of(table)
    return [
        " · ".join(f"{names[t.seat]} {t.vp} VP, {t.mp} MP" for t in pv.teams),
    ]


LEAVE = "n"  # the custom ids' mark of a move that leaves the free ball ("may choose")


def bonus_arg(bonus: bool) -> str:
    """The custom ids' mark of Bonus Time switched on for the next roll."""
    return "b" if bonus else ""


def action_menu(table: Table, note: str = "", bonus: bool = False) -> Message:
    """The active model's actions: moves, attacks, kicks, plays, more (momentum, the ball, a
    spot), end. With `bonus`, the next roll's control spends Bonus Time (1 MP, one die more)."""
    view = seat_view(table)
    pv = view.table
    me = sc.model(pv, pv.active_model)
    team = pv.teams[view.seat]
    engaged = sc.engaged_enemies(pv, me.id)
    b = bonus_arg(bonus)
    lines = [
        f"**{me.name}** is active: INF {me.influence}, HP {me.hp}/{me.max_hp}, team MP {team.mp}"
        + (" — has the ball" if me.has_ball else ""),
        f'Jog {me.jog:g}" (free), sprint {me.sprint:g}" (1 INF), charge (2 INF).',
    ]
    if engaged:
        lines.append("Engaging: " + w.join([e.name for e in engaged]) + " (attack: 1 INF).")
    if me.conditions:
        lines.append("Conditions: " + ", ".join(c.replace("_", " ") for c in me.conditions))
    if bonus:
        lines.append(
            "**Bonus Time is on**: the next attack, charge, kick or play rolls one die more "
            "(1 MP more)."
        )
    if note:
        lines += ["", note]
    lines.append(deadline(table.due, "the activation ends"))
    knocked = "knocked_down" in me.conditions
    asked = next((d for d in table.decisions if d.kind == "action"), None)
    advanced = bool(asked.context.get("advanced")) if asked is not None else False
    gliding = bool(asked.context.get("gliding")) if asked is not None else me.id in pv.gliding
    if gliding:
        lines.insert(2, f"{me.name} glides this turn: rough terrain costs it no MOV.")
    buttons = []
    if not advanced:
        buttons.append(Button("Move…", cid("gbmove", table, b), style="primary"))
    if me.has_ball and me.influence >= 1 and team.mp >= 1 + bonus:  # a Shot: 1 INF and 1 MP
        pool, tn = sc.kick_odds(pv, me.id, goal=True)
        odds = (
            sc.percent(sc.chance(pool + bonus, tn))
            if sc.in_range(pv, me.id, goal=True)
            else "out of range"
        )
        cost = f"1 INF + {1 + bonus} MP"
        buttons.append(Button(clip(f"Shoot ({odds}, {cost})", 80), cid("gbshoot", table, b)))
    if knocked and not advanced:
        buttons.append(Button("Stand up", cid("gbstand", table)))
    if not gliding and team.mp >= GLIDE_MP and sc.has_rough(pv):
        buttons.append(Button(f"Glide ({GLIDE_MP} MP)", cid("gbglide", table, b)))
    buttons.append(Button("More…", cid("gbmore", table, b)))
    buttons.append(Button("End activation", cid("gbend", table), style="danger"))
    rows: list[tuple[Any, ...]] = [tuple(buttons[:5])]
    if buttons[5:]:
        rows.append(tuple(buttons[5:]))
    if engaged and me.influence >= 1:
        rows.append(
            (
                Select(
                    cid("gbatk", table, b),
                    tuple(
                        Option(clip(f"Attack {e.name}", 100), str(index_of(pv, e.id)))
                        for e in engaged
                    ),
                    placeholder="Attack an engaged enemy (1 INF)",
                ),
            )
        )
    if me.has_ball and me.influence >= 1:
        mates = [
            m
            for m in sc.on_pitch(pv, view.seat)
            if m.id != me.id and "knocked_down" not in m.conditions
        ]
        opts = []
        for m in mates:
            if not sc.in_range(pv, me.id, m.id):
                continue
            pool, tn = sc.kick_odds(pv, me.id, m.id)
            pool += bonus
            opts.append(
                Option(
                    clip(f"Pass to {m.name}", 100),
                    str(index_of(pv, m.id)),
                    f"{pool} dice at {tn}+: {sc.percent(sc.chance(pool, tn))} to reach",
                )
            )
        if opts:
            rows.append((Select(cid("gbpass", table, b), tuple(opts), placeholder="Pass (1 INF)"),))
    plays = play_options(pv, me, team.mp)
    if plays:
        rows.append((Select(cid("gbplay", table, b), tuple(plays), placeholder="Play"),))
    return Message(embeds=(embed(f"Turn {pv.turn}: {me.name}", lines),), rows=tuple(rows)).check()


def play_cost(p: Any) -> str:
    """What a play costs, as the prompts say it."""
    if p.kind == "heroic":
        return "heroic: 1 MP, once per turn"
    if p.kind == "legendary":
        return "legendary: once per game"
    return f"cost {p.cost} INF"


def usable_plays(me: ModelView, mp: int) -> list[tuple[int, Any]]:
    """The active model's plays it can pay for now (index in its card, play): character plays
    with influence, heroic plays with 1 MP, legendary plays (the rules know if one was used)."""
    out = []
    for i, p in enumerate(load_pack().models[me.slug].plays):
        if p.kind == "character" and (p.cost is None or p.cost > me.influence):
            continue
        if p.kind == "heroic" and mp < 1:
            continue
        out.append((i, p))
    return out


def play_options(pv: PublicView, me: ModelView, mp: int = 0) -> list[Option]:
    """The active model's plays it can pay for: each with each model it may target (self plays
    on itself), a pulse or aura from the model, an AOE centred on each model within its range
    (a typed spot: More…); the rules check range and sight. A value is `play.target`,
    `play.@model` (an AOE's centre on that model) or `play.-` (no target)."""
    out = []
    for i, p in usable_plays(me, mp):
        cost = play_cost(p)
        if p.area is not None and p.area.kind == "aoe":
            reach = float(p.reach) if isinstance(p.reach, int) else 0.0
            for t in sc.on_pitch(pv):
                if sc.in_reach(me, t, reach):
                    out.append(
                        Option(
                            clip(f"{p.name}: AOE centred on {t.name}", 100),
                            f"{i}.@{index_of(pv, t.id)}",
                            cost,
                        )
                    )
            continue
        if p.area is not None:
            out.append(
                Option(clip(f'{p.name} ({p.area.kind} {p.area.size}")', 100), f"{i}.-", cost)
            )
            continue
        if p.target == "self":
            targets = [me]
        else:
            targets = [
                m
                for m in sc.on_pitch(pv)
                if (p.target == "any")
                or (p.target == "enemy" and m.seat != me.seat)
                or (p.target == "friendly" and m.seat == me.seat)
            ]
        for t in targets:
            on = "" if t.id == me.id else f" on {t.name}"
            out.append(Option(clip(f"{p.name}{on}", 100), f"{i}.{index_of(pv, t.id)}", cost))
    return out[:25]


def aoe_plays(me: ModelView, mp: int) -> list[tuple[int, Any]]:
    """The active model's AOE plays it can pay for now."""
    return [(i, p) for i, p in usable_plays(me, mp) if p.area is not None and p.area.kind == "aoe"]


def more_menu(table: Table, bonus: bool = False) -> Message:
    """What the action menu keeps one click away: Bonus Time for the next roll, Rest, Encourage,
    a pass to a typed spot, giving up the ball, an AOE at a typed spot."""
    view = seat_view(table)
    pv = view.table
    me = sc.model(pv, pv.active_model)
    mp = pv.teams[view.seat].mp
    b = bonus_arg(bonus)
    lines = [
        f"**{me.name}**: team MP {mp}, INF {me.influence}.",
        "• Bonus Time (1 MP): one more die on the next attack, charge, kick or play.",
        "• Rest (1 MP, once a turn): recover 4 HP, or remove all conditions.",
        '• Encourage (2 MP): another friendly model within 8" recovers 4 HP or removes all '
        "conditions (once a turn each).",
    ]
    if me.has_ball:
        lines.append(
            '• Pass to a spot (1 INF) or give up the ball (free, within 1"): type the spot as '
            f"`x, y` in inches, as a move's waypoints (you stand at {point((me.x, me.y))})."
        )
    asked = next((d for d in table.decisions if d.kind == "action"), None)
    advanced = bool(asked.context.get("advanced")) if asked is not None else False
    leave = pv.ball_free and not advanced
    if leave:
        lines.append(
            '• Move leaving the ball: a jog or sprint that passes within 1" of the free ball '
            'without taking it (a model "may choose to take possession").'
        )
    first: list[Any] = []
    if mp >= 1:
        label = "Bonus Time: switch off" if bonus else "Bonus Time on the next roll (1 MP)"
        first.append(Button(label, cid("gbbonus", table, "0" if bonus else "1")))
        first.append(Button("Rest: recover 4 HP (1 MP)", cid("gbrest", table)))
        if me.conditions:
            first.append(Button("Rest: remove conditions (1 MP)", cid("gbrest", table, "c")))
    if leave:
        first.append(Button("Move, leaving the ball…", cid("gbmove", table, LEAVE)))
    first.append(Button("Back", cid("gbback", table, b)))
    rows: list[tuple[Any, ...]] = [tuple(first)]
    spots: list[Any] = []
    if me.has_ball and me.influence >= 1:
        spots.append(Button("Pass to a spot…", cid("gbpspot", table, b)))
    if me.has_ball and not sc.engaging_me(pv, me.id):
        spots.append(Button("Give up the ball…", cid("gbdrop", table)))
    for i, p in aoe_plays(me, mp)[: 5 - len(spots)]:
        spots.append(Button(clip(f"{p.name} at a spot…", 80), cid("gbaoe", table, f"{i}{b}")))
    if spots:
        rows.append(tuple(spots))
    friends = sc.encouraged_by(pv, me.id) if mp >= 2 else []
    if friends:
        opts = []
        for f in friends:
            i = index_of(pv, f.id)
            opts.append(
                Option(clip(f"Encourage {f.name}: recover 4 HP", 100), f"{i}.h", f"HP {f.hp}")
            )
            if f.conditions:
                opts.append(
                    Option(
                        clip(f"Encourage {f.name}: remove conditions", 100),
                        f"{i}.c",
                        clip(", ".join(c.replace("_", " ") for c in f.conditions), 100),
                    )
                )
        rows.append(
            (Select(cid("gbenc", table), tuple(opts[:25]), placeholder="Encourage (2 MP)"),)
        )
    title = f"Turn {pv.turn}: {me.name}, more"
    return Message(embeds=(embed(title, lines),), rows=tuple(rows)).check()


def move_menu(table: Table, bonus: bool = False, leave: bool = False) -> Message:
    """Moving by intention: towards the ball, the goal, to engage a model, away from one; or
    typed waypoints. With `bonus`, a charge's attack spends Bonus Time; with `leave`, a jog or
    sprint that does not take the free ball (no charge, no move towards the ball)."""
    view = seat_view(table)
    pv = view.table
    me = sc.model(pv, pv.active_model)
    opts = [
        Option(f'Jog towards the ball ({me.jog:g}")', "j:ball"),
        Option(f'Sprint towards the ball ({me.sprint:g}", 1 INF)', "s:ball"),
        Option("Jog towards the enemy goal", "j:goal"),
        Option("Sprint towards the enemy goal", "s:goal"),
    ]
    if pv.ball_holder or not pv.ball_free or leave:
        opts = opts[2:]
    if me.influence < 1:  # a sprint costs 1 influence
        opts = [o for o in opts if not o.value.startswith("s:")]
    enemies = [m for m in sc.on_pitch(pv) if m.seat != view.seat]
    # "A model may not declare a charge while engaged"; a charge costs 2 influence.
    may_charge = me.influence >= 2 and not sc.engaging_me(pv, me.id) and not leave
    for e in enemies:
        i = index_of(pv, e.id)
        if may_charge:
            extra = " + Bonus Time" if bonus else ""
            opts.append(Option(clip(f"Charge {e.name} (2 INF{extra})", 100), f"c:{i}"))
        opts.append(Option(clip(f"Jog to engage {e.name}", 100), f"j:engage:{i}"))
        opts.append(Option(clip(f"Jog away from {e.name}", 100), f"j:away:{i}"))
    lines = [
        f"How should **{me.name}** move? Pick an intention and the bot works out a legal path, "
        "or type waypoints. You see a preview first; only **Confirm** moves the model.",
        f"It stands at {point((me.x, me.y))}.",
    ]
    if leave:
        lines.append("The free ball stays where it is: this move does not take it.")
    mark = LEAVE if leave else bonus_arg(bonus)
    rows = (
        (Select(cid("gbintent", table, mark), tuple(opts[:25]), placeholder="Move…"),),
        (
            Button("Type waypoints…", cid("gbtype", table, LEAVE if leave else "")),
            Button("Back", cid("gbback", table, bonus_arg(bonus))),
        ),
    )
    return Message(embeds=(embed(f"Move {me.name}", lines),), rows=rows).check()


def encode_move(
    kind: str,
    points: Sequence[tuple[float, float]],
    target: int = -1,
    bonus: bool = False,
    leave: bool = False,
) -> str:
    """A previewed move as its Confirm button carries it: `j`, `s` (`n` after it: leaving the
    free ball) or `c<target>` (`b` after it: the charge's attack with Bonus Time), then the
    waypoints."""
    head = f"c{target}{bonus_arg(bonus)}" if kind == "c" else kind + (LEAVE if leave else "")
    return ";".join([head, *(f"{x:.2f},{y:.2f}" for x, y in points)])


def preview_message(
    table: Table,
    planned: sc.Planned,
    files: tuple[tuple[str, bytes], ...],
    text: list[str],
    bonus: bool = False,
    leave: bool = False,
) -> Message:
    """The private preview of a move, with Confirm (when legal), Adjust and Cancel; `leave`:
    the move does not take the free ball."""
    pv = seat_view(table).table
    kind = {"jog": "j", "sprint": "s", "charge": "c"}[str(planned.kind)]
    target = index_of(pv, planned.target) if planned.target else -1
    buttons = []
    if not planned.problem and planned.points:
        arg = encode_move(kind, planned.points, target, bonus, leave)
        buttons.append(Button("Confirm", cid("gbconf", table, arg), style="success"))
    adjust = cid("gbtype", table, LEAVE if leave else "")
    buttons += [Button("Adjust…", adjust), Button("Cancel", cid("gbback", table))]
    return Message(
        embeds=(embed("Move preview (only you see this)", text),),
        rows=(tuple(buttons),),
        files=files,
    ).check()


def aoe_preview_message(
    table: Table,
    play_index: int,
    preview: Any,
    files: tuple[tuple[str, bytes], ...],
    bonus: bool = False,
    bought: tuple[str, ...] | None = None,
    tests: bool = True,
    rolled: tuple[str, ...] = (),
) -> Message:
    """The private preview of an AOE play (`preview`: the picture's `AoePreview`): where its
    template lies and whom it hits, with Confirm (when it may be used there), Adjust… (a typed
    centre) and Cancel. A play that `tests` its models (paid with influence) buys Bonus Time
    "individually for each model": a multi-select of the models tested under the template (1 MP
    each, at most the team's MP) picks them, `bought` (with Bonus Time switched on and nothing
    picked: every one the MP pays for). Its friendly models are hit automatically unless picked
    in a second multi-select (`rolled`: "The active model may choose to automatically succeed
    against friendly models"), which tests them as the enemies are."""
    view = seat_view(table)
    pv = view.table
    mp = pv.teams[view.seat].mp
    friends = [m for m in preview.hits if tests and sc.model(pv, m).seat == view.seat]
    tested = [
        m for m in preview.hits if tests and (sc.model(pv, m).seat != view.seat or m in rolled)
    ]
    if bought is None:
        bought = tuple(tested[:mp]) if bonus else ()
    c = preview.centre
    text = [
        f'**{preview.play}**: the 3" template centred at {point((c.x, c.y))}, within '
        f'{preview.reach:g}" of {sc.model(pv, preview.user).name}.'
    ]
    hit = [w.model_name(pv, m) for m in preview.hits]
    text.append("Under it: " + w.join(hit) + "." if hit else "No model is under it.")
    if bought:
        names = w.join([w.model_name(pv, m) for m in bought])
        text.append(f"Bonus Time for {names} ({len(bought)} MP, 1 each).")
    elif bonus and not tests:
        text.append("Bonus Time on the play (1 MP).")
    if friends:
        auto = [w.model_name(pv, m) for m in friends if m not in rolled]
        if auto:
            text.append(f"Hit automatically (friendly): {w.join(auto)}.")
        if rolled:
            names = w.join([w.model_name(pv, m) for m in rolled])
            text.append(f"Tested like an enemy (friendly): {names}.")
    text.append(
        f"⚠ {preview.problem}." if preview.problem else "Confirm to use it; nothing happens before."
    )
    b = bonus_arg(bonus)
    spot = f"{c.x:.2f},{c.y:.2f}"
    at = f"{play_index};{spot}"
    roll_arg = ".".join(str(index_of(pv, m)) for m in rolled)
    buttons = []
    if not preview.problem:
        # The models bought for ride on Confirm by their index; a play without tests keeps `b`.
        chosen = ".".join(str(index_of(pv, m)) for m in bought)
        arg = f"{at};{chosen}" if chosen else f"{play_index}{'' if tests else b};{spot}"
        if rolled:
            arg = f"{at};{chosen};{roll_arg}"
        buttons.append(Button("Confirm", cid("gbaoec", table, arg), style="success"))
    buttons += [
        Button("Adjust…", cid("gbaoe", table, f"{play_index}{b}")),
        Button("Cancel", cid("gbback", table, b)),
    ]
    rows: list[tuple[Any, ...]] = [tuple(buttons)]
    if tested and mp >= 1 and not preview.problem:
        options = tuple(
            Option(clip(w.model_name(pv, m), 100), str(index_of(pv, m)), default=m in bought)
            for m in tested
        )
        pick = Select(
            cid("gbaoeb", table, f"{at};{roll_arg}" if rolled else at),
            options,
            placeholder="Bonus Time for… (1 MP each model)",
            min_values=0,
            max_values=min(len(tested), mp),
        )
        rows.insert(0, (pick,))
    if friends and not preview.problem:
        kept = ".".join(str(index_of(pv, m)) for m in (bought or ()) if m not in friends)
        roll = Select(
            cid("gbaoef", table, f"{at};{kept}"),
            tuple(
                Option(clip(w.model_name(pv, m), 100), str(index_of(pv, m)), default=m in rolled)
                for m in friends
            ),
            placeholder="Test friendly models… (else hit automatically)",
            min_values=0,
            max_values=len(friends),
        )
        rows.insert(0, (roll,))
    return Message(
        embeds=(embed("AOE preview (only you see this)", text),),
        rows=tuple(rows),
        files=files,
    ).check()


# --- out of turn -------------------------------------------------------------------------------


def reaction_prompt(table: Table, decision: Decision) -> Message:
    pv = seat_view(table).table
    c = decision.context
    mp = pv.teams[seat_view(table).seat].mp
    lines = [
        decision.prompt,
        f"Your team has {mp} MP. Nobody else is told until you answer.",
        deadline(table.due, REACTION_DEFAULT),
    ]
    buttons = [Button("No (default)", cid("gbreact", table, "n"), style="primary")]
    if mp >= 1:
        buttons.append(Button("Counter-Attack (1 MP)", cid("gbreact", table, "c")))
        if mp >= 2:  # Bonus Time on the Counter-Attack's attack, as the Snap Shot offers it
            buttons.append(
                Button("Counter-Attack + Bonus Time (2 MP)", cid("gbreact", table, "cb"))
            )
        if c.get("attack") == "charge":
            buttons.append(Button("Defensive Stance (1 MP)", cid("gbreact", table, "s")))
    return Message(embeds=(embed("Reaction", lines),), rows=(tuple(buttons),)).check()


def playbook_prompt(table: Table, decision: Decision, push: float | None = None) -> Message:
    """The attack's results to select, one button each (a play icon's play too); when a result
    pushes, a select of the push's distance ("A model may be moved up to the distance shown"):
    the full push by default, or fewer inches (`push`), which the result buttons then carry."""
    pv = seat_view(table).table
    a = pv.attack
    attacker = sc.model(pv, a.attacker) if a else None
    book = load_pack().models[attacker.slug].playbook if attacker else ()
    lines = [decision.prompt, "", deadline(table.due, "the result worth most is taken")]
    plays = load_pack().models[attacker.slug].plays if attacker else ()
    carried = "" if push is None else f"~{push:g}"
    reach = _push_reach(book, a, decision.options)
    if push is not None:
        lines.insert(1, f'The push moves the target {push:g}" at most.')
    buttons = []
    for o in decision.options:
        icons: set[str] = set()
        try:
            result = book[o.column - 1][o.row]
            text = ("★ " if result.momentous else "") + result.text
            icons = {k[5:] for k, _ in result.effects if k.startswith("play-")}
        except IndexError:
            text = f"column {o.column}"
        mark = " (default)" if o == decision.default else ""
        at = f"{o.column}.{o.row}"
        buttons.append(
            Button(clip(f"{o.column}: {text}{mark}", 80), cid("gbpick", table, at + carried))
        )
        # A play icon triggers one of the attacker's plays with that icon, free: which one (not
        # a play the rules say has no valid target now: it would be wasted).
        aims = decision.context.get("plays", {})
        for i, p in enumerate(plays):
            if p.kind == "character" and icons & set(p.icons) and aims.get(p.slug, True):
                buttons.append(
                    Button(
                        clip(f"{o.column}: {text} → {p.name}", 80),
                        cid("gbpick", table, f"{at}.{i}"),
                    )
                )
    if any(arg_has_play(b.custom_id) for b in buttons):
        lines.insert(
            1,
            "A result with a play icon (→) also triggers that play for free: you choose its "
            "target when it has more than one.",
        )
    most = 20 if reach else 25  # a push's select takes one of the five rows
    rows: tuple[tuple[Any, ...], ...] = tuple(
        tuple(buttons[i : i + 5]) for i in range(0, min(len(buttons), most), 5)
    )
    if reach:
        fewer = [
            Option(f'Push {i}"' + (" (no push)" if i == 0 else ""), str(i), default=push == i)
            for i in range(reach)
        ]
        options = (Option("Full push (default)", "full", default=push is None), *fewer)
        rows += ((Select(cid("gbpush", table), options, placeholder="Push distance"),),)
    return Message(embeds=(embed("Playbook", lines),), rows=rows).check()


def _push_reach(book: Any, a: Any, options: Sequence[Any]) -> int:
    """The most inches this attack's combined push may reach: the pushes selected so far and
    the largest one on offer (0 when no result on offer pushes)."""

    def size(column: int, row: int) -> int:
        try:
            return sum(n for k, n in book[column - 1][row].effects if k == "push")
        except IndexError:
            return 0

    offered = max((size(o.column, o.row) for o in options), default=0)
    if not offered or a is None:
        return 0
    return offered + sum(size(c, r) for c, r in a.picks)


def icon_target_prompt(
    table: Table, decision: Decision, at: str, play_index: int, targets: Sequence[str]
) -> Message:
    """The target of a play a playbook icon triggers (`targets`: the models the rules say it
    may be aimed at, more than one): a select of them, the attacked model first, and Back to
    the playbook. `at` is the result's `column.row`."""
    pv = seat_view(table).table
    a = pv.attack
    attacker = sc.model(pv, a.attacker) if a else None
    play = load_pack().models[attacker.slug].plays[play_index] if attacker else None
    if a is None or play is None:
        return playbook_prompt(table, decision)
    aoe = play.area is not None and play.area.kind == "aoe"
    first = sorted(targets, key=lambda m: m != a.target)
    options = []
    for m in first:
        model = sc.model(pv, m)
        note = " (the attacked model)" if m == a.target else ""
        where = f"at {point((model.x, model.y))}"
        label = f"Centred on {model.name}{note}" if aoe else f"{model.name}{note}"
        options.append(Option(clip(label, 100), str(index_of(pv, m)), where))
    how = (
        f'Its 3" template is centred on the model you choose (within {play.reach}" of '
        f"{attacker.name}); every model under it is hit."
        if aoe
        else "It hits the model you choose, automatically."
    )
    lines = [
        decision.prompt,
        f"Column {at.split('.')[0]} triggers **{play.name}** for free. {how}",
        deadline(table.due, "the result worth most is taken"),
    ]
    rows = (
        (
            Select(
                cid("gbpaim", table, f"{at}.{play_index}"),
                tuple(options[:25]),
                placeholder="Target",
            ),
        ),
        (Button("Back", cid("gbbook", table)),),
    )
    return Message(embeds=(embed(f"Playbook: {play.name}", lines),), rows=rows).check()


def arg_has_play(custom_id: str) -> bool:
    """Whether a playbook button names a play its icon triggers (`column.row.play`)."""
    return custom_id.rsplit(":", 1)[-1].count(".") == 2


def dodge_prompt(table: Table, decision: Decision) -> Message:
    """The dodge on offer, by intention or typed waypoints. A play's additional jog or sprint
    is offered the same way and named as what it is; being an advance it may provoke parting
    blows, so each of its ways is previewed (with that warning) before Confirm makes it."""
    pv = seat_view(table).table
    inches = decision.context.get("inches", 0)
    model = sc.model(pv, decision.context["model"])
    kind = sc.offered_move(pv)
    word = str(kind)
    lines = [decision.prompt, f"{model.name} stands at {point((model.x, model.y))}."]
    if kind is not MoveKind.DODGE:
        lines.append(
            f"The {word} is an advance: leaving the melee zone of an enemy engaging "
            f"{model.name} provokes a parting blow. Each way is previewed before it is made."
        )
    lines.append(deadline(table.due, f"no {word} is made"))
    buttons = [Button(f"No {word} (default)", cid("gbdodge", table, "n"), style="primary")]
    if pv.ball_free and not pv.ball_holder:
        buttons.append(Button(f'Towards the ball ({inches}")', cid("gbdodge", table, "ball")))
    buttons.append(Button("Towards the enemy goal", cid("gbdodge", table, "goal")))
    near = sc.engaging_me(pv, model.id)
    if near:
        buttons.append(
            Button(
                clip(f"Away from {near[0].name}", 80),
                cid("gbdodge", table, f"away:{index_of(pv, near[0].id)}"),
            )
        )
    buttons.append(Button("Type waypoints…", cid("gbdodt", table)))
    return Message(embeds=(embed(word.capitalize(), lines),), rows=(tuple(buttons[:5]),)).check()


def encode_offered(pv: PublicView, model_id: str, points: Sequence[tuple[float, float]]) -> str:
    """A previewed additional jog or sprint as its Confirm button carries it: `to`, the
    mover's index (a preview left from an earlier offer is refused), then the waypoints."""
    return ";".join([f"to{index_of(pv, model_id)}", *(f"{x:.2f},{y:.2f}" for x, y in points)])


def offered_preview(table: Table, model_id: str, planned: sc.Planned, text: list[str]) -> Message:
    """The private preview of a play's additional jog or sprint, with Confirm (when legal),
    Adjust… (typed waypoints) and Back (the offer's prompt)."""
    pv = seat_view(table).table
    buttons = []
    if not planned.problem and planned.points:
        arg = encode_offered(pv, model_id, planned.points)
        buttons.append(Button("Confirm", cid("gbdodge", table, arg), style="success"))
    buttons += [Button("Adjust…", cid("gbdodt", table)), Button("Back", cid("gbdodge", table))]
    title = f"{str(planned.kind).capitalize()} preview (only you see this)"
    return Message(embeds=(embed(title, text),), rows=(tuple(buttons),)).check()


def yes_no(table: Table, decision: Decision, title: str, action: str, yes: str, no: str) -> Message:
    lines = [decision.prompt, deadline(table.due, f"the answer is “{no}”")]
    rows = (
        (
            Button(clip(f"{no} (default)", 80), cid(action, table, "0"), style="primary"),
            Button(clip(yes, 80), cid(action, table, "1")),
        ),
    )
    return Message(embeds=(embed(title, lines),), rows=rows).check()


def follow_prompt(table: Table, decision: Decision) -> Message:
    view = seat_view(table)
    pv = view.table
    mp = pv.teams[view.seat].mp
    passer = w.model_name(pv, decision.context["passer"])
    receiver = w.model_name(pv, decision.context["receiver"])
    lines = [decision.prompt, f"Your team has {mp} MP.", deadline(table.due, "neither follows")]
    buttons = [Button("Neither (default)", cid("gbfollow", table, "none"), style="primary")]
    if mp >= 1:
        buttons.append(Button(clip(f'{passer} dodges 4"', 80), cid("gbfollow", table, "move.p")))
        buttons.append(Button(clip(f'{receiver} dodges 4"', 80), cid("gbfollow", table, "move.r")))
    # A Snap Shot only when the goal is within the receiver's kick range (the rules refuse it
    # otherwise); a decision without the key (an older state) offers it as before.
    shot = decision.context.get("snap_shot", True)
    if not shot and mp >= 2:
        lines.append(f"No Snap Shot: the goal is beyond {receiver}'s kick range.")
    if shot and mp >= 2:
        buttons.append(Button(clip(f"Snap Shot by {receiver}", 80), cid("gbfollow", table, "shot")))
    if shot and mp >= 3:  # Bonus Time on the Snap Shot: 1 MP more
        buttons.append(Button("Snap Shot + Bonus Time (3 MP)", cid("gbfollow", table, "shotb")))
    return Message(embeds=(embed("After the pass", lines),), rows=(tuple(buttons),)).check()


def goal_kick_prompt(table: Table, decision: Decision) -> Message:
    lines = [
        decision.prompt,
        f"Proposed: a goal kick to {point(decision.default.target)}.",
        deadline(table.due, "the proposed goal kick is taken"),
    ]
    rows = (
        (
            Button("Kick as proposed", cid("gbgoal", table), style="primary"),
            Button("Choose the spot…", cid("gbgkadj", table)),
        ),
    )
    return Message(embeds=(embed("Goal kick", lines),), rows=rows).check()


def prompt(table: Table, decision: Decision) -> Message | None:
    """The DM prompt of one of the team's decisions."""
    kind = decision.kind
    if kind == "prepare":
        return prepare_default(table, decision)
    if kind == "kick_or_receive":
        return kick_prompt(table)
    if kind == "deploy":
        return deploy_prompt(table, decision)
    if kind == "kick_off":
        return kick_off_prompt(table, decision)
    if kind == "give_ball":
        return give_prompt(table, decision)
    if kind == "game_plan":
        return plan_prompt(table, decision)
    if kind == "initiative":
        return initiative_prompt(table)
    if kind == "influence":
        return influence_default(table, decision)
    if kind == "activation":
        return activation_prompt(table, decision)
    if kind == "action":
        return action_menu(table)
    if kind == "reaction":
        return reaction_prompt(table, decision)
    if kind == "parting_blow":
        # reactions.py builds on this module's helpers: imported here, not at the top.
        from games.guild_ball.presentation.reactions import parting_prompt

        return parting_prompt(table, decision)
    if kind == "bonus_time":
        from games.guild_ball.presentation.reactions import bonus_prompt

        return bonus_prompt(table, decision)
    if kind == "playbook":
        return playbook_prompt(table, decision)
    if kind == "dodge":
        return dodge_prompt(table, decision)
    if kind == "reroll":
        return yes_no(table, decision, "Kick scatter", "gbreroll", "Reroll the scatter", "Keep it")
    if kind == "intercept":
        return yes_no(table, decision, "Interception", "gbicpt", "Intercept", "Let it pass")
    if kind == "follow_up":
        return follow_prompt(table, decision)
    if kind == "goal_kick":
        return goal_kick_prompt(table, decision)
    return None
