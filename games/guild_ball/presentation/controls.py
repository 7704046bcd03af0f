"""What each control of Guild Ball does (the `action` of its custom id):

| action   | control                                  | does                                      |
|----------|------------------------------------------|-------------------------------------------|
| gbguild, gbsquad, gbdisc | the team prompt's selects | the prompt again with that choice         |
| gbprep   | "Confirm this team"                      | Prepare                                   |
| gbkick   | Kick / Receive                           | ChooseKicking                             |
| gbdeploy | "Deploy as proposed"                     | the proposed Deploy                       |
| gbdepv   | "Show on the pitch"                      | the prompt with the proposal's picture    |
| gbdepadj | "Adjust…" (opens gbdepm)                 | a form: each model's `x, y`; its answer is |
|          |                                          | the picture of those places, no command   |
| gbdepc   | "Deploy these places"                    | the typed Deploy                          |
| gbkoff   | "Kick as proposed"                       | the proposed KickOff                      |
| gbkoadj  | "Choose jog and target…" (opens gbkom)   | a form: jog waypoints and the target spot |
| gbgive   | who takes the ball                       | GiveBallTo                                |
| gbplan   | the game plan's select                   | ChoosePlan                                |
| gbinit   | Take / Give                              | ChooseInitiative                          |
| gbinfv   | a model's influence select               | the prompt again with that influence      |
| gbinfm   | the model to adjust (a team of six)      | the prompt again with its select          |
| gbinf    | "Allocate as shown"                      | Allocate                                  |
| gbact    | a model's button                         | Activate                                  |
| gbmove   | "Move…"; "Move, leaving the ball…"       | the move menu (`n`: its moves leave the   |
|          | (More)                                   | free ball, `take_ball` False)             |
| gbintent | the move menu's intentions               | a private preview of the path             |
| gbtype   | "Type waypoints…" / "Adjust…" (gbwaym)   | a form: jog or sprint, waypoints          |
| gbconf   | the preview's "Confirm"                  | Jog, Sprint or Charge                     |
| gbback   | "Back" / "Cancel"                        | the action menu again                     |
| gbatk, gbpass, gbplay | the menu's selects          | Attack, Pass, UsePlay; an AOE centred on  |
|          |                                          | a model: its private preview              |
| gbshoot, gbstand, gbend | the menu's buttons        | Shoot, StandUp, EndActivation             |
| gbmore   | "More…"                                  | the menu of momentum, the ball and spots  |
| gbbonus  | "Bonus Time…" (More)                     | the menu again, its rolls with Bonus Time |
| gbrest   | "Rest: recover / remove conditions"      | Rest                                      |
| gbenc    | More's Encourage select                  | Encourage                                 |
| gbpspot  | "Pass to a spot…" (opens gbpspm)         | a form: the spot; Pass to a spot          |
| gbdrop   | "Give up the ball…" (opens gbdropm)      | a form: the ball's place; GiveUpBall      |
| gbaoe    | "<play> at a spot…" (opens gbaoem)       | a form: the template's centre; its private |
|          |                                          | preview (the template on the pitch)       |
| gbaoec   | the AOE preview's "Confirm"              | UsePlay at the previewed centre (with     |
|          |                                          | `bonus_for` the models picked)            |
| gbaoeb   | the AOE preview's "Bonus Time for…"      | the preview again, Bonus Time bought for  |
|          | multi-select (1 MP each model)           | the models picked                         |
| gbaoef   | the AOE preview's "Test friendly         | the preview again, the friendly models    |
|          | models…" multi-select                    | picked tested (`test_friends`)            |
| gbreact  | No / Counter-Attack (+ Bonus Time) /     | React                                     |
|          | Defensive Stance                         |                                           |
| gbpart   | Strike (+ Bonus Time) / Let it go        | PartingBlow                               |
|          | (reactions.py)                           |                                           |
| gbbt     | Bonus Time (1 MP) / No Bonus Time, after | BonusTime (the attacker's, at 2.2)        |
|          | the target's response (reactions.py)     |                                           |
| gbpick   | a playbook result (→ a play its icon     | ChooseResult (with the play triggered;    |
|          | triggers)                                | its target asked when it has several)     |
| gbpaim   | the triggered play's target select       | ChooseResult with that target             |
| gbbook   | "Back" from the target                   | the playbook prompt again                 |
| gbpush   | the playbook's "Push distance" select    | the playbook again, its results carrying  |
|          |                                          | the push's inches (ChooseResult.push)     |
| gbdodge  | a dodge by intention, or none            | DodgeTo; a play's additional jog or       |
|          |                                          | sprint: its private preview (parting      |
|          |                                          | blows warned), whose Confirm (`to…`)      |
|          |                                          | sends DodgeTo, Back (no arg) the offer    |
| gbdodt   | "Type waypoints…" (opens gbdodm)         | a form: the dodge's waypoints (an         |
|          |                                          | additional jog's: its preview)            |
| gbreroll, gbicpt | Keep / Reroll, Let it pass / Intercept | RerollScatter, Intercept             |
| gbfollow | neither / Pass & Move / Snap Shot        | FollowUp                                  |
| gbgoal   | "Kick as proposed"                       | the proposed GoalKick                     |
| gbgkadj  | "Choose the spot…" (opens gbgkm)         | a form: the goal kick's spot              |

A refusal (ours, or the rules' `RuleError`) is answered privately and changes nothing. The
move and AOE previews are no command: only Confirm sends one. Bonus Time rides on the custom
ids (`b`) of the menu's rolls once switched on, until one of them is used. The controls in
`SLOW` draw a picture (or may: gbplay previews an AOE): the core acknowledges them on arrival
and their answer follows.
"""

from __future__ import annotations

import math
import re
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from msgspec.structs import replace as replace_struct

from bot.presentation import Ask, Modal, ModalField, Refused, Reply, Table, asked, one_choice, say
from bot.render.ids import ControlId
from bot.render.pictures import render_async
from bot.render.ui import Message, clip
from engine.core.errors import RuleError
from games.guild_ball.pictures import aoe_preview, move_preview, pitch
from games.guild_ball.pitch import Base, MoveKind, Point, straight
from games.guild_ball.presentation import prompts as p
from games.guild_ball.presentation import scenes as sc
from games.guild_ball.presentation import words as w
from games.guild_ball.presentation.reactions import (
    BONUS_AT_2_2,
    PARTING,
    bonus_answer,
    parting_answer,
)
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.views import SeatView

FORMS = frozenset(
    {"gbdepadj", "gbkoadj", "gbtype", "gbdodt", "gbgkadj", "gbpspot", "gbdrop", "gbaoe"}
)
MODAL_OPENERS = {
    "gbdepm": "gbdepadj",
    "gbkom": "gbkoadj",
    "gbwaym": "gbtype",
    "gbdodm": "gbdodt",
    "gbgkm": "gbgkadj",
    "gbpspm": "gbpspot",
    "gbdropm": "gbdrop",
    "gbaoem": "gbaoe",
}
# Answers that draw a picture: the core acknowledges them on arrival (a deferred update) and
# the preview, picture included, follows as an edit however busy the picture worker is.
SLOW = frozenset({"gbintent", "gbwaym", "gbdepv", "gbdepm", "gbplay", "gbaoem", "gbaoeb", "gbaoef"})
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
DEPLOY_FIELDS = 4  # the places' fields of the deployment form; the kicker's is the fifth
Handler = Callable[[Ask, Table, str, list[str], dict[str, str]], Awaitable[Reply]]


def _view(table: Table) -> SeatView:
    if not isinstance(table.view, SeatView):
        raise Refused("Only this game's players can use its controls.")
    return table.view


def _ints(text: str, high: int) -> tuple[int, ...]:
    out = []
    for part in text.split(","):
        if not part.isascii() or not part.isdigit() or int(part) >= high:
            raise Refused("That choice is out of date: use `/gm decide`.")
        out.append(int(part))
    return tuple(out)


def _edit(message: Message) -> Reply:
    """The answer that replaces the DM the control was on. A DM menu may have shown a preview
    picture (a move, the deployment) that the new message does not show: it goes with it."""
    return Reply(message if message.files else replace(message, clear_files=True), edit=True)


def _done(title: str, text: str) -> Reply:
    return _edit(Message(embeds=(p.embed(title, [text]),)).check())


def points(text: str, refusal: str) -> tuple[tuple[float, float], ...]:
    """Places typed as `x, y; x, y` (any separators: the numbers are read in pairs)."""
    numbers = [float(n) for n in NUMBER.findall(text)]
    if not numbers or len(numbers) % 2 or len(numbers) > 16:
        raise Refused(refusal)
    return tuple((numbers[i], numbers[i + 1]) for i in range(0, len(numbers), 2))


async def _act(ask: Ask, before: Table, command: Any, said: str, bonus: bool = False) -> Reply:
    """Carry `command` out; the action menu again while the same activation's wait goes on
    (the core opens no new prompt then), with Bonus Time still on if `bonus`, else what was
    done."""
    try:
        after = await ask.act(command)
    except RuleError as exc:
        raise Refused(f"⚠ {exc.message}") from exc
    same = (
        after.stage is not None and before.stage is not None and after.stage.key == before.stage.key
    )
    if same and any(d.kind == "action" for d in after.decisions):
        return _edit(p.action_menu(after, note=said, bonus=bonus))
    return _done(w.TITLE, said)


# --- pre-game ----------------------------------------------------------------------------------


def _prep_state(table: Table, arg: str) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    view = _view(table)
    g, _, rest = arg.partition(".")
    s, _, d = rest.partition(".")
    guild = _ints(g, len(p.guilds()))[0]
    squad = _ints(s, len(p.squaddies(p.guilds()[guild])))
    discard = _ints(d, len(view.hand))
    return guild, squad, discard


async def _guild(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    asked(table, "prepare")
    guild = _ints(one_choice(values), len(p.guilds()))[0]
    _, _, discard = _prep_state(table, arg)
    squad = tuple(range(p.squad_size(_view(table).table)))
    return _edit(p.prepare_prompt(table, guild, squad, discard))


async def _squad(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    asked(table, "prepare")
    guild, _, discard = _prep_state(table, arg)
    squad = _ints(",".join(values), len(p.squaddies(p.guilds()[guild])))
    count = p.squad_size(_view(table).table)
    if len(squad) != count or len(set(squad)) != count:
        raise Refused(f"Pick {w.count_word(count)} different Squaddies of the guild.")
    return _edit(p.prepare_prompt(table, guild, squad, discard))


async def _disc(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    asked(table, "prepare")
    guild, squad, _ = _prep_state(table, arg)
    discard = _ints(",".join(values), len(_view(table).hand))
    if len(set(discard)) != 2:
        raise Refused("Pick two different plans to discard.")
    return _edit(p.prepare_prompt(table, guild, squad, discard))


async def _prep(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    asked(table, "prepare")
    view = _view(table)
    guild, squad, discard = _prep_state(table, arg)
    slug = p.guilds()[guild]
    members = p.squaddies(slug)
    command = cm.Prepare(
        seat=view.seat,
        guild=slug,
        squaddies=tuple(members[i] for i in squad),
        discard=tuple(view.hand[i] for i in discard),
    )
    return await _act(ask, table, command, f"Your team is picked: {w.guild_name(slug)}.")


async def _kick(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    asked(table, "kick_or_receive")
    kick = arg == "1"
    return await _act(
        ask,
        table,
        cm.ChooseKicking(seat=_view(table).seat, kick=kick),
        "You kick off." if kick else "You receive.",
    )


async def _deploy(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    d = asked(table, "deploy")
    return await _act(ask, table, d.default, "Your team is deployed as proposed.")


def _id(action: str, table: Table, arg: str = "") -> str:
    """The custom id of one of this seat's forms (`arg`: its opener's, which it carries on)."""
    assert table.seat is not None
    return ControlId(action, table.game_id, table.seat, arg).encode()


def place_groups(count: int) -> list[range]:
    """The deployment form's fields as ranges of the models' places: a field each while they
    fit beside the kicker's (a modal holds five), else two or more places a field."""
    per = 1 if count <= DEPLOY_FIELDS else math.ceil(count / DEPLOY_FIELDS)
    return [range(i, min(i + per, count)) for i in range(0, count, per)]


async def _deploy_form(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    d = asked(table, "deploy")
    pv = _view(table).table
    places = d.default.places
    fields = tuple(
        ModalField(
            f"m{j}",
            clip(" / ".join(w.model_name(pv, places[i][0]) for i in group) + ": x, y", 45),
            "; ".join(["x, y"] * len(group)),
            "; ".join(f"{places[i][1]:.1f}, {places[i][2]:.1f}" for i in group),
            max_length=20 * len(group),
        )
        for j, group in enumerate(place_groups(len(places)))
    )
    if d.default.kicker:
        names = ", ".join(w.model_name(pv, m) for m, _, _ in places)
        fields += (
            ModalField(
                "kicker",
                "Kicker (a model's name)",
                clip(names, 100),
                w.model_name(pv, d.default.kicker),
                max_length=60,
            ),
        )
    return Reply(modal=Modal("Deployment", _id("gbdepm", table), fields))


async def _deploy_typed(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    d = asked(table, "deploy")
    pv = _view(table).table
    places = []
    for j, group in enumerate(place_groups(len(d.default.places))):
        refusal = (
            "Type each place as two numbers: `x, y`."
            if len(group) == 1
            else f"Type {w.count_word(len(group))} places in each field: `x, y; x, y`."
        )
        typed = points(f.get(f"m{j}", ""), refusal)
        if len(typed) != len(group):
            raise Refused(refusal)
        places += [(d.default.places[i][0], *xy) for i, xy in zip(group, typed, strict=True)]
    kicker = d.default.kicker
    if d.default.kicker:
        typed_kicker = f.get("kicker", "").strip().lower()
        kicker = next(
            (m for m, _, _ in d.default.places if w.model_name(pv, m).lower() == typed_kicker), ""
        )
        if not kicker:
            raise Refused("Name the kicker as one of your models is named.")
    return await _deploy_preview(ask, table, d, tuple(places), kicker)


async def _deploy_preview(
    ask: Ask, table: Table, d: Any, places: tuple[tuple[str, float, float], ...], kicker: str
) -> Reply:
    """The deployment prompt again with the picture of `places` (the proposal's or typed ones)
    and, for typed places, a button that deploys them: nothing is deployed before."""
    pv = _view(table).table
    files: tuple[tuple[str, bytes], ...] = ()
    if ask.pictures:  # a slow control: its answer may wait for the picture worker
        scene = sc.deployment_scene(pv, p.names_of(table), places)
        files = (("deployment.png", await render_async(pitch, scene, deployment=True)),)
    typed = places != d.default.places or kicker != d.default.kicker
    message = p.deploy_prompt(table, d, places if typed else None, kicker, files)
    return _edit(message)


async def _deploy_shown(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    d = asked(table, "deploy")
    return await _deploy_preview(ask, table, d, d.default.places, d.default.kicker)


async def _deploy_typed_confirm(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    d = asked(table, "deploy")
    body, _, kicker_at = arg.partition("k")
    spots = points(body, "That preview is out of date: adjust again.")
    if len(spots) != len(d.default.places):
        raise Refused("That preview is out of date: adjust again.")
    places = tuple((m, x, y) for (m, _, _), (x, y) in zip(d.default.places, spots, strict=True))
    kicker = ""
    if kicker_at:
        kicker = d.default.places[_ints(kicker_at, len(d.default.places))[0]][0]
    command = cm.Deploy(seat=d.seat, places=places, kicker=kicker)
    return await _act(ask, table, command, "Your team is deployed where you said.")


async def _kick_off(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    d = asked(table, "kick_off")
    return await _act(ask, table, d.default, "You kick off as proposed.")


async def _kick_off_form(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    d = asked(table, "kick_off")
    t = d.default.target
    return Reply(
        modal=Modal(
            "Kick off",
            _id("gbkom", table),
            (
                ModalField(
                    "jog", "Jog first (waypoints x, y; x, y), or empty", "x, y", "", False, 60
                ),
                ModalField(
                    "target", "Target spot: x, y", "x, y", f"{t[0]:.1f}, {t[1]:.1f}", max_length=20
                ),
            ),
        )
    )


async def _kick_off_typed(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    d = asked(table, "kick_off")
    jog = points(f["jog"], "Type the jog as pairs `x, y`.") if f.get("jog", "").strip() else ()
    target = points(f.get("target", ""), "Type the target spot as `x, y`.")
    if len(target) != 1:
        raise Refused("Type the target spot as `x, y`.")
    command = cm.KickOff(seat=d.seat, path=jog, target=target[0])
    return await _act(ask, table, command, f"You kick off to {p.point(target[0])}.")


async def _give(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    d = asked(table, "give_ball")
    options = d.options
    i = _ints(arg, len(options))[0]
    return await _act(ask, table, options[i], "Done.")


# --- plans, initiative, influence ---------------------------------------------------------------


async def _plan(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    asked(table, "game_plan")
    view = _view(table)
    plan = view.hand[_ints(one_choice(values), len(view.hand))[0]]
    command = cm.ChoosePlan(seat=view.seat, plan=plan)
    return await _act(
        ask, table, command, f"You play {w.plan_name(plan)} this turn (secret until both chose)."
    )


async def _init(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    asked(table, "initiative")
    take = arg == "1"
    return await _act(
        ask,
        table,
        cm.ChooseInitiative(seat=_view(table).seat, take=take),
        "You take the initiative." if take else "You give the initiative.",
    )


def _alloc(table: Table, text: str) -> tuple[int, ...]:
    models = p.my_models(_view(table))
    parts = text.split(".")
    if len(parts) != len(models) or not all(
        x.isascii() and x.isdigit() and len(x) <= 2 for x in parts
    ):
        raise Refused("That allocation is out of date: use `/gm decide`.")
    return tuple(int(x) for x in parts)


async def _inf_value(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    asked(table, "influence")
    which, _, state = arg.partition(":")
    alloc = list(_alloc(table, state))
    i = _ints(which, len(alloc))[0]
    alloc[i] = _ints(one_choice(values), 100)[0]
    pool = _view(table).influence_pool
    note = "" if sum(alloc) <= pool else f"⚠ That is {sum(alloc)}: more than your pool of {pool}."
    return _edit(p.influence_prompt(table, tuple(alloc), note, focus=i))


async def _inf_model(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    """The model whose influence to adjust, in a team too large for a select each."""
    asked(table, "influence")
    alloc = _alloc(table, arg)
    focus = _ints(one_choice(values), len(alloc))[0]
    return _edit(p.influence_prompt(table, alloc, focus=focus))


async def _inf(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    d = asked(table, "influence")
    view = _view(table)
    alloc = _alloc(table, arg)
    models = p.my_models(view)
    command = cm.Allocate(
        seat=view.seat,
        influence=tuple((m.id, n) for m, n in zip(models, alloc, strict=False)),
        returns=d.default.returns,
    )
    parts = ", ".join(f"{m.name} {n}" for m, n in zip(models, alloc, strict=False))
    return await _act(ask, table, command, f"Influence allocated: {parts}.")


# --- activations -------------------------------------------------------------------------------


def _model(table: Table, arg: str) -> Any:
    m = p.by_index(_view(table).table, arg)
    if m is None:
        raise Refused("That model is not on offer: use `/gm decide`.")
    return m


async def _activate(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    asked(table, "activation")
    m = _model(table, arg)
    after = await _acted(ask, cm.Activate(seat=_view(table).seat, model=m.id))
    if any(d.kind == "action" for d in after.decisions):
        return _edit(p.action_menu(after, note=f"{m.name} activates."))
    return _done(w.TITLE, f"{m.name} activates.")


async def _acted(ask: Ask, command: Any) -> Table:
    try:
        return await ask.act(command)
    except RuleError as exc:
        raise Refused(f"⚠ {exc.message}") from exc


def _active(table: Table) -> Any:
    asked(table, "action")
    pv = _view(table).table
    return sc.model(pv, pv.active_model)


async def _move(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    _active(table)
    return _edit(p.move_menu(table, bonus=arg == "b", leave=arg == p.LEAVE))


async def _back(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    _active(table)
    return _edit(p.action_menu(table, bonus=arg == "b"))


async def _more(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    _active(table)
    return _edit(p.more_menu(table, bonus=arg == "b"))


async def _bonus(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    """Bonus Time switched on (or off) for the next roll: the menu again, its rolls marked."""
    _active(table)
    view = _view(table)
    on = arg == "1"
    if on and view.table.teams[view.seat].mp < 1:
        raise Refused("Bonus Time costs 1 MP, and your team has none.")
    note = (
        "Bonus Time is on: pick the attack, charge, kick or play it is for."
        if on
        else "Bonus Time is off."
    )
    return _edit(p.action_menu(table, note=note, bonus=on))


async def _show(
    ask: Ask, table: Table, planned: sc.Planned, bonus: bool = False, leave: bool = False
) -> Reply:
    """The preview of a planned move: the picture (when pictures are on) and its words;
    `leave`: the move leaves the free ball."""
    view = _view(table)
    pv = view.table
    me = sc.model(pv, pv.active_model)
    names = p.names_of(table)
    preview = sc.preview(pv, names, me.id, planned)
    planned = sc.Planned(planned.kind, planned.points, planned.target, preview.problem)
    verb = {"jog": "jogs", "sprint": "sprints (1 INF)", "charge": "charges (2 INF)"}[
        str(planned.kind)
    ]
    text = [f"**{me.name}** {verb} from {p.point((me.x, me.y))}"]
    if planned.points:
        text[0] += " to " + " → ".join(p.point(x) for x in planned.points) + "."
    if planned.target:
        text.append(f"Target: {w.model_name(pv, planned.target)}.")
        if bonus:
            text.append("Bonus Time on the charge's attack (1 MP).")
    text += _parting_lines(pv, preview)
    if leave:
        text.append("The free ball is left where it is.")
    text.append(
        f"⚠ {planned.problem}." if planned.problem else "Confirm to move; nothing happens before."
    )
    files: tuple[tuple[str, bytes], ...] = ()
    if ask.pictures:  # a slow control: its answer may wait for the picture worker
        files = (("move.png", await render_async(move_preview, preview)),)
    return _edit(p.preview_message(table, planned, files, text, bonus, leave))


def _parting_lines(pv: Any, preview: Any) -> list[str]:
    """The warning of the parting blows a previewed advance provokes (`sc.preview` finds the
    engaging enemies whose melee zones its path leaves); none, no line."""
    if not preview.parting_blows:
        return []
    return [
        "⚠ Parting blows from " + w.join([w.model_name(pv, e) for e in preview.parting_blows]) + "."
    ]


async def _intent(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    me = _active(table)
    pv = _view(table).table
    choice = one_choice(values)
    kind_code, _, aim = choice.partition(":")
    kinds = {"j": MoveKind.JOG, "s": MoveKind.SPRINT, "c": MoveKind.CHARGE}
    if kind_code not in kinds:
        raise Refused("Choose a move from the list.")
    kind = kinds[kind_code]
    what, _, index = aim.partition(":")
    if kind == MoveKind.CHARGE:
        index, what = aim, "engage"
    if what in ("engage", "away"):
        other = _model(table, index)
        aim = f"{what}:{other.id}"
    elif what not in ("ball", "goal"):
        raise Refused("Choose a move from the list.")
    planned = sc.intention(
        pv, me.id, kind, aim if kind != MoveKind.CHARGE else f"engage:{other.id}"
    )
    return await _show(ask, table, planned, bonus=arg == "b", leave=arg == p.LEAVE)


async def _type_form(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    me = _active(table)
    return Reply(
        modal=Modal(
            f"Move {me.name}"[:45],
            _id("gbwaym", table, arg if arg == p.LEAVE else ""),
            (
                ModalField("kind", "jog or sprint", "jog", "jog", max_length=6),
                ModalField(
                    "path",
                    "Waypoints: x, y; x, y (the last is the end)",
                    "x, y",
                    f"{me.x:.1f}, {me.y:.1f}",
                    max_length=80,
                ),
            ),
        )
    )


# The most waypoints a typed jog or sprint takes (its preview draws each leg).
ADVANCE_WAYPOINTS = 6


def _advance_waypoints(path: tuple[tuple[float, float], ...]) -> tuple[tuple[float, float], ...]:
    """A typed jog's or sprint's waypoints, refused beyond ADVANCE_WAYPOINTS."""
    if len(path) > ADVANCE_WAYPOINTS:
        raise Refused(f"At most {ADVANCE_WAYPOINTS} waypoints.")
    return path


async def _typed(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    _active(table)
    kind = {"jog": MoveKind.JOG, "sprint": MoveKind.SPRINT}.get(f.get("kind", "").strip().lower())
    if kind is None:
        raise Refused("Type `jog` or `sprint` as the kind of move.")
    path = _advance_waypoints(
        points(f.get("path", ""), "Type the waypoints as pairs `x, y; x, y`.")
    )
    return await _show(
        ask,
        table,
        sc.Planned(kind, tuple((round(x, 2), round(y, 2)) for x, y in path)),
        leave=arg == p.LEAVE,
    )


async def _confirm(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    me = _active(table)
    seat = _view(table).seat
    head, *rest = arg.split(";")
    path = points(" ".join(rest), "That preview is out of date: move again.")
    take = not head.endswith(p.LEAVE)
    left = "" if take else ", leaving the ball"
    if head in ("j", "j" + p.LEAVE):
        command: Any = cm.Jog(seat=seat, path=path, take_ball=take)
        said = f"{me.name} jogs to {p.point(path[-1])}{left}."
    elif head in ("s", "s" + p.LEAVE):
        command = cm.Sprint(seat=seat, path=path, take_ball=take)
        said = f"{me.name} sprints to {p.point(path[-1])}{left}."
    elif head.startswith("c"):
        bonus = head.endswith("b")
        target = _model(table, head[1:].removesuffix("b"))
        command = cm.Charge(seat=seat, target=target.id, end=path[-1], bonus=bonus)
        said = f"{me.name} charges {target.name}" + (" with Bonus Time." if bonus else ".")
    else:
        raise Refused("That preview is out of date: move again.")
    return await _act(ask, table, command, said)


async def _attack(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    me = _active(table)
    target = _model(table, one_choice(values))
    bonus = arg == "b"
    command = cm.Attack(seat=_view(table).seat, target=target.id, bonus=bonus)
    return await _act(ask, table, command, f"{me.name} attacks {target.name}{_with(bonus)}.")


def _with(bonus: bool) -> str:
    return " with Bonus Time" if bonus else ""


async def _pass(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    me = _active(table)
    target = _model(table, one_choice(values))
    bonus = arg == "b"
    command = cm.Pass(seat=_view(table).seat, target=target.id, bonus=bonus)
    return await _act(ask, table, command, f"{me.name} passes to {target.name}{_with(bonus)}.")


def _spot(f: dict[str, str], name: str = "spot") -> tuple[float, float]:
    spot = points(f.get(name, ""), "Type the spot as two numbers: `x, y`.")
    if len(spot) != 1:
        raise Refused("Type the spot as two numbers: `x, y`.")
    return spot[0]


async def _pass_spot_form(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    me = _active(table)
    pv = _view(table).table
    x, y = sc.towards_goal(pv, me.id, max(sc.kick_range(me) - 1, 1))
    return Reply(
        modal=Modal(
            "Pass to a spot",
            _id("gbpspm", table, arg),
            (
                ModalField(
                    "spot",
                    clip(f'Target spot: x, y (range {sc.kick_range(me):g}")', 45),
                    "x, y",
                    f"{x:.1f}, {y:.1f}",
                    max_length=20,
                ),
            ),
        )
    )


async def _pass_spot(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    me = _active(table)
    spot = _spot(f)
    bonus = arg == "b"
    command = cm.Pass(seat=_view(table).seat, spot=spot, bonus=bonus)
    return await _act(ask, table, command, f"{me.name} kicks to {p.point(spot)}{_with(bonus)}.")


async def _drop_form(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    me = _active(table)
    spot = sc.give_up_spot(_view(table).table, me.id) or (me.x, me.y)
    return Reply(
        modal=Modal(
            "Give up the ball",
            _id("gbdropm", table),
            (
                ModalField(
                    "spot",
                    "The ball's place: x, y (within 1\")",
                    "x, y",
                    f"{spot[0]:.1f}, {spot[1]:.1f}",
                    max_length=20,
                ),
            ),
        )
    )


async def _drop(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    me = _active(table)
    spot = _spot(f)
    command = cm.GiveUpBall(seat=_view(table).seat, spot=spot)
    return await _act(
        ask, table, command, f"{me.name} gives up the ball at {p.point(spot)}: a free ball."
    )


def _aoe_play(table: Table, arg: str) -> Any:
    me = _active(table)
    view = _view(table)
    index = arg.removesuffix("b")
    found = dict(p.aoe_plays(me, view.table.teams[view.seat].mp))
    play = found.get(_ints(index, 100)[0]) if index else None
    if play is None:
        raise Refused("That play is not on offer now: use `/gm decide`.")
    return me, play


async def _aoe_form(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    me, play = _aoe_play(table, arg)
    return Reply(
        modal=Modal(
            clip(play.name, 45),
            _id("gbaoem", table, arg),
            (
                ModalField(
                    "spot",
                    clip(f'The 3" template\'s centre: x, y (range {play.reach}")', 45),
                    "x, y",
                    f"{me.x:.1f}, {me.y:.1f}",
                    max_length=20,
                ),
            ),
        )
    )


async def _aoe(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    _, play = _aoe_play(table, arg)
    index = int(arg.removesuffix("b"))
    return await _aoe_shown(ask, table, index, play, _spot(f), arg.endswith("b"))


async def _aoe_shown(
    ask: Ask,
    table: Table,
    index: int,
    play: Any,
    spot: tuple[float, float],
    bonus: bool,
    bought: tuple[str, ...] | None = None,
    rolled: tuple[str, ...] = (),
) -> Reply:
    """The preview of an AOE play centred at `spot`: its template on the pitch (when pictures
    are on) and whom it hits, with the models Bonus Time is bought for (`bought`) and the
    friendly models tested rather than hit automatically (`rolled`); nothing is used before
    Confirm."""
    pv = _view(table).table
    preview = sc.aoe_preview(pv, p.names_of(table), pv.active_model, play, spot)
    files: tuple[tuple[str, bytes], ...] = ()
    if ask.pictures:  # a slow control: its answer may wait for the picture worker
        files = (("aoe.png", await render_async(aoe_preview, preview)),)
    tests = play.kind == "character"
    message = p.aoe_preview_message(table, index, preview, files, bonus, bought, tests, rolled)
    return _edit(message)


def _models_of(table: Table, indices: str) -> tuple[str, ...]:
    """The models a custom id names by their indices, joined by dots ("" for none)."""
    return tuple(_model(table, i).id for i in indices.split(".") if i)


async def _aoe_bonus(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    """The preview again with Bonus Time bought for the models picked ("individually for each
    model", 1 MP each); the friendly models tested ride on the arg after the spot."""
    head, at, rolled = (*arg.split(";"), "", "")[:3]
    _, play = _aoe_play(table, head)
    bought = tuple(_model(table, v).id for v in values)
    spot = _spot({"spot": at})
    rolls = _models_of(table, rolled)
    return await _aoe_shown(ask, table, int(head), play, spot, False, bought, rolls)


async def _aoe_friends(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    """The preview again with the friendly models picked tested like enemies ("The active model
    may choose to automatically succeed against friendly models"); the others are hit
    automatically. The enemies Bonus Time was bought for ride on the arg after the spot."""
    head, at, kept = (*arg.split(";"), "", "")[:3]
    _, play = _aoe_play(table, head)
    rolled = tuple(_model(table, v).id for v in values)
    bought = _models_of(table, kept) or None
    spot = _spot({"spot": at})
    return await _aoe_shown(ask, table, int(head), play, spot, False, bought, rolled)


async def _aoe_confirm(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    head, at, chosen, rolled = (*arg.split(";"), "", "")[:4]
    me, play = _aoe_play(table, head)
    spot = _spot({"spot": at})
    seat = _view(table).seat
    tests = _models_of(table, rolled)
    if chosen:  # Bonus Time bought for these models, 1 MP each
        bought = [_model(table, i) for i in chosen.split(".")]
        command = cm.UsePlay(
            seat=seat,
            play=play.slug,
            spot=spot,
            bonus_for=tuple(m.id for m in bought),
            test_friends=tests,
        )
        said = f" with Bonus Time for {w.join([m.name for m in bought])}"
    else:
        bonus = head.endswith("b")
        command = cm.UsePlay(seat=seat, play=play.slug, spot=spot, bonus=bonus, test_friends=tests)
        said = _with(bonus)
    if tests:
        pv = _view(table).table
        said += f", testing {w.join([w.model_name(pv, m) for m in tests])}"
    return await _act(ask, table, command, f"{me.name} uses {play.name} at {p.point(spot)}{said}.")


async def _encourage(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    me = _active(table)
    index, _, how = one_choice(values).partition(".")
    target = _model(table, index)
    clear = how == "c"
    command = cm.Encourage(seat=_view(table).seat, target=target.id, clear=clear)
    what = "removes all conditions" if clear else "recovers 4 HP"
    return await _act(ask, table, command, f"{me.name} encourages {target.name}: it {what}.")


async def _play(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    me = _active(table)
    play_index, _, aim = one_choice(values).partition(".")
    plays = w.load_pack().models[me.slug].plays
    play = plays[_ints(play_index, len(plays))[0]]
    seat = _view(table).seat
    bonus = arg == "b"
    if aim == "-":  # a pulse or an aura, from the model itself
        command = cm.UsePlay(seat=seat, play=play.slug, bonus=bonus)
    elif aim.startswith("@"):  # an AOE centred on a model's place: previewed first
        centre = _model(table, aim[1:])
        index = _ints(play_index, len(plays))[0]
        return await _aoe_shown(ask, table, index, play, (centre.x, centre.y), bonus)
    else:
        target = _model(table, aim)
        command = cm.UsePlay(seat=seat, play=play.slug, target=target.id, bonus=bonus)
    return await _act(ask, table, command, f"{me.name} uses {play.name}{_with(bonus)}.")


async def _simple(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str], what: str
) -> Reply:
    me = _active(table)
    seat = _view(table).seat
    bonus = arg == "b"
    commands = {
        "gbshoot": (
            cm.Shoot(seat=seat, bonus=bonus),
            f"{me.name} shoots at goal{_with(bonus)}.",
        ),
        "gbstand": (cm.StandUp(seat=seat), f"{me.name} stands up."),
        "gbglide": (
            cm.Glide(seat=seat),
            f"{me.name} glides: rough terrain costs it no MOV for the rest of the turn.",
        ),
        "gbrest": (
            cm.Rest(seat=seat, clear=arg == "c"),
            f"{me.name} rests: " + ("all conditions go." if arg == "c" else "4 HP back."),
        ),
        "gbend": (cm.EndActivation(seat=seat), f"{me.name}'s activation ends."),
    }
    command, said = commands[what]
    # Gliding is no action: Bonus Time switched on before it stays on for the next roll.
    return await _act(ask, table, command, said, bonus=bonus and what == "gbglide")


def _button(what: str) -> Handler:
    async def handler(
        ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
    ) -> Reply:
        return await _simple(ask, table, arg, values, f, what)

    return handler


# --- out of turn -------------------------------------------------------------------------------


async def _react(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    asked(table, "reaction")
    seat = _view(table).seat
    command = cm.React(seat=seat, counter=arg in ("c", "cb"), stance=arg == "s", bonus=arg == "cb")
    said = {
        "c": "You declare a Counter-Attack.",
        "cb": "You declare a Counter-Attack with Bonus Time.",
        "s": "You take a Defensive Stance.",
    }.get(arg, "No reaction.")
    return await _act(ask, table, command, said)


async def _parting(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    asked(table, "parting_blow")
    command, said = parting_answer(_view(table).seat, arg)
    return await _act(ask, table, command, said)


async def _bonus_at_2_2(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    asked(table, "bonus_time")
    command, said = bonus_answer(_view(table).seat, arg)
    return await _act(ask, table, command, said)


async def _pick(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    d = asked(table, "playbook")
    arg, _, pushed = arg.partition("~")
    column, row, play_index = [*arg.split("."), "", ""][:3]
    wanted = next((o for o in d.options if f"{o.column}.{o.row}" == f"{column}.{row}"), None)
    if wanted is None:
        raise Refused("That result is not on offer now: use `/gm decide`.")
    if pushed:  # the push's distance chosen in the prompt's select
        wanted = replace_struct(wanted, push=_push_inches(pushed))
    if not play_index:
        return await _act(ask, table, wanted, f"You select column {column}.")
    attacker, play = _icon_play(table, play_index)
    targets = d.context.get("plays", {}).get(play.slug)
    if targets is None:  # a decision without the key (an older state): the rules' default
        # Triggered on the attacked model, or on the attacker when the play is for a friendly
        # model.
        target = attacker.id if play.target == "friendly" else ""
    elif not targets:
        raise Refused(f"{play.name} has no valid target now: select the result without it.")
    elif len(targets) > 1:
        at = f"{column}.{row}"
        return _edit(p.icon_target_prompt(table, d, at, int(play_index), targets))
    else:
        target = targets[0]
    return await _icon_pick(ask, table, d, wanted, play, target)


def _icon_play(table: Table, play_index: str) -> tuple[Any, Any]:
    """The attacker of the attack waiting on its playbook, and its play of that index."""
    pv = _view(table).table
    attacker = sc.model(pv, pv.attack.attacker) if pv.attack else None
    if attacker is None:
        raise Refused("That result is not on offer now: use `/gm decide`.")
    plays = w.load_pack().models[attacker.slug].plays
    return attacker, plays[_ints(play_index, len(plays))[0]]


async def _icon_pick(ask: Ask, table: Table, d: Any, wanted: Any, play: Any, target: str) -> Reply:
    command = cm.ChooseResult(
        seat=d.seat,
        column=wanted.column,
        row=wanted.row,
        play=play.slug,
        target=target,
        push=wanted.push,
    )
    on = f" on {w.model_name(_view(table).table, target)}" if target else ""
    said = f"You select column {wanted.column}, triggering {play.name}{on}."
    return await _act(ask, table, command, said)


async def _aim(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    """The target chosen for a play a playbook icon triggers (`arg`: column.row.play)."""
    d = asked(table, "playbook")
    column, row, play_index = [*arg.split("."), "", ""][:3]
    wanted = next((o for o in d.options if f"{o.column}.{o.row}" == f"{column}.{row}"), None)
    if wanted is None or not play_index:
        raise Refused("That result is not on offer now: use `/gm decide`.")
    _, play = _icon_play(table, play_index)
    target = _model(table, one_choice(values))
    if target.id not in d.context.get("plays", {}).get(play.slug, ()):
        raise Refused(f"{target.name} is not a valid target of {play.name} now.")
    return await _icon_pick(ask, table, d, wanted, play, target.id)


def _push_inches(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise Refused("That push distance is not on offer: use `/gm decide`.") from None


async def _push(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    """The playbook again with the push's distance chosen ("A model may be moved up to the
    distance shown"); the result buttons carry it."""
    d = asked(table, "playbook")
    chosen = one_choice(values)
    push = None if chosen == "full" else _push_inches(chosen)
    return _edit(p.playbook_prompt(table, d, push))


async def _book(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    """Back to the playbook's results from a play's target."""
    d = asked(table, "playbook")
    return _edit(p.playbook_prompt(table, d))


def _dodge_path(table: Table, d: Any, aim: str, kind: MoveKind) -> tuple[tuple[float, float], ...]:
    """The path of the offered move (`kind`: a dodge, or a play's additional jog or sprint,
    which terrain and Gliding affect) towards the ball, the enemy goal or away from a model."""
    pv = _view(table).table
    me = sc.model(pv, d.context["model"])
    inches = float(d.context.get("inches", 0))
    geo = sc.geometry(pv)
    start = Point(me.x, me.y)
    if aim == "ball":
        to = Point(pv.ball_x, pv.ball_y)
    elif aim == "goal":
        to = sc.enemy_goal(pv, me.seat).centre
    elif aim.startswith("away:"):
        other = _model(table, aim[5:])
        to = Point(2 * me.x - other.x, 2 * me.y - other.y)
    else:
        raise Refused(f"Choose a {kind} from the prompt.")
    glides = me.id in pv.gliding and kind is not MoveKind.DODGE

    def going(reach: float) -> Any:
        return straight(
            geo, me.id, (to.x - start.x, to.y - start.y), reach, kind, ignore_rough=glides
        )

    moved = going(inches)
    if aim == "ball":
        ball = Base(to, 0.0)
        gap = max(start.distance_to(ball.centre) - 0.9, 0.0)
        if gap < moved.travelled:
            moved = going(gap)
    if moved.travelled < 0.05:
        raise Refused(f"There is no room to {kind} that way: choose another or no {kind}.")
    return (sc._cut(start, moved.end),)


async def _dodge(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    """The offered dodge made (`n`: declined) by intention. A play's additional jog or sprint
    is previewed first (an intention, `to…` its Confirm, no arg: back to the offer)."""
    d = asked(table, "dodge")
    seat = _view(table).seat
    kind = sc.offered_move(_view(table).table)
    if arg == "n":
        return await _act(ask, table, cm.DodgeTo(seat=seat), f"No {kind}.")
    if kind is MoveKind.DODGE:
        path = _dodge_path(table, d, arg, kind)
        return await _act(
            ask, table, cm.DodgeTo(seat=seat, path=path), f"You dodge to {p.point(path[-1])}."
        )
    if not arg:
        return _edit(p.dodge_prompt(table, d))
    if arg.startswith("to"):
        return await _offered_move(ask, table, d, kind, arg)
    return _edit(_offered_preview(table, d, kind, _dodge_path(table, d, arg, kind)))


def _offered_preview(
    table: Table, d: Any, kind: MoveKind, path: tuple[tuple[float, float], ...]
) -> Message:
    """The preview of a play's additional jog or sprint along `path`: where it goes and, as
    the standard move's preview warns, the parting blows it provokes."""
    pv = _view(table).table
    me = sc.model(pv, d.context["model"])
    planned = sc.Planned(kind, tuple((round(x, 2), round(y, 2)) for x, y in path))
    preview = sc.preview(pv, p.names_of(table), me.id, planned)
    planned = sc.Planned(kind, planned.points, "", preview.problem)
    route = " → ".join(p.point(x) for x in planned.points)
    text = [f"**{me.name}** {kind}s from {p.point((me.x, me.y))} to {route}."]
    text += _parting_lines(pv, preview)
    text.append(
        f"⚠ {planned.problem}." if planned.problem else "Confirm to move; nothing happens before."
    )
    return p.offered_preview(table, me.id, planned, text)


async def _offered_move(ask: Ask, table: Table, d: Any, kind: MoveKind, arg: str) -> Reply:
    """A previewed additional jog or sprint confirmed: made, and said with the parting blows
    it waits for."""
    pv = _view(table).table
    head, *rest = arg.split(";")
    stale = "That preview is out of date: use `/gm decide`."
    if head != f"to{p.index_of(pv, d.context['model'])}":
        raise Refused(stale)
    path = points(" ".join(rest), stale)
    planned = sc.Planned(kind, path)
    blows = _parting_lines(pv, sc.preview(pv, p.names_of(table), d.context["model"], planned))
    said = " ".join([f"You {kind} to {p.point(path[-1])}.", *blows])
    return await _act(ask, table, cm.DodgeTo(seat=_view(table).seat, path=path), said)


async def _dodge_form(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    d = asked(table, "dodge")
    return Reply(
        modal=Modal(
            str(sc.offered_move(_view(table).table)).capitalize(),
            _id("gbdodm", table),
            (
                ModalField(
                    "path",
                    f'Waypoints (up to {d.context.get("inches", 0)}"): x, y; x, y',
                    "x, y",
                    max_length=80,
                ),
            ),
        )
    )


async def _dodge_typed(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    """Typed waypoints: the dodge made, a play's additional jog or sprint previewed."""
    d = asked(table, "dodge")
    path = points(f.get("path", ""), "Type the waypoints as pairs `x, y; x, y`.")
    kind = sc.offered_move(_view(table).table)
    if kind is not MoveKind.DODGE:
        return _edit(_offered_preview(table, d, kind, _advance_waypoints(path)))
    return await _act(
        ask,
        table,
        cm.DodgeTo(seat=_view(table).seat, path=path),
        f"You dodge to {p.point(path[-1])}.",
    )


async def _reroll(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    asked(table, "reroll")
    again = arg == "1"
    return await _act(
        ask,
        table,
        cm.RerollScatter(seat=_view(table).seat, reroll=again),
        "Rerolled." if again else "Kept.",
    )


async def _intercept(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    asked(table, "intercept")
    take = arg == "1"
    return await _act(
        ask,
        table,
        cm.Intercept(seat=_view(table).seat, take=take),
        "You intercept." if take else "You let it pass.",
    )


async def _follow(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    d = asked(table, "follow_up")
    seat = _view(table).seat
    if arg in ("shot", "shotb"):
        command = cm.FollowUp(seat=seat, choice="shot", bonus=arg == "shotb")
    elif arg in ("move.p", "move.r"):
        model = d.context["passer"] if arg == "move.p" else d.context["receiver"]
        command = cm.FollowUp(seat=seat, choice="move", model=model)
        # Pass & Move is a dodge: the rules then ask where (a dodge prompt).
    else:
        command = cm.FollowUp(seat=seat)
    return await _act(ask, table, command, "Done.")


async def _goal(ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]) -> Reply:
    d = asked(table, "goal_kick")
    return await _act(ask, table, d.default, "Goal kick taken as proposed.")


async def _goal_form(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    d = asked(table, "goal_kick")
    t = d.default.target
    return Reply(
        modal=Modal(
            "Goal kick",
            _id("gbgkm", table),
            (ModalField("target", "Spot: x, y", "x, y", f"{t[0]:.1f}, {t[1]:.1f}", max_length=20),),
        )
    )


async def _goal_typed(
    ask: Ask, table: Table, arg: str, values: list[str], f: dict[str, str]
) -> Reply:
    d = asked(table, "goal_kick")
    spot = points(f.get("target", ""), "Type the spot as `x, y`.")
    if len(spot) != 1:
        raise Refused("Type the spot as `x, y`.")
    return await _act(
        ask, table, cm.GoalKick(seat=d.seat, target=spot[0]), f"Goal kick to {p.point(spot[0])}."
    )


HANDLERS: dict[str, Handler] = {
    "gbguild": _guild,
    "gbsquad": _squad,
    "gbdisc": _disc,
    "gbprep": _prep,
    "gbkick": _kick,
    "gbdeploy": _deploy,
    "gbdepadj": _deploy_form,
    "gbdepm": _deploy_typed,
    "gbdepv": _deploy_shown,
    "gbdepc": _deploy_typed_confirm,
    "gbkoff": _kick_off,
    "gbkoadj": _kick_off_form,
    "gbkom": _kick_off_typed,
    "gbgive": _give,
    "gbplan": _plan,
    "gbinit": _init,
    "gbinfv": _inf_value,
    "gbinfm": _inf_model,
    "gbinf": _inf,
    "gbact": _activate,
    "gbmove": _move,
    "gbback": _back,
    "gbmore": _more,
    "gbbonus": _bonus,
    "gbenc": _encourage,
    "gbpspot": _pass_spot_form,
    "gbpspm": _pass_spot,
    "gbdrop": _drop_form,
    "gbdropm": _drop,
    "gbaoe": _aoe_form,
    "gbaoem": _aoe,
    "gbaoec": _aoe_confirm,
    "gbaoeb": _aoe_bonus,
    "gbaoef": _aoe_friends,
    "gbintent": _intent,
    "gbtype": _type_form,
    "gbwaym": _typed,
    "gbconf": _confirm,
    "gbatk": _attack,
    "gbpass": _pass,
    "gbplay": _play,
    "gbshoot": _button("gbshoot"),
    "gbstand": _button("gbstand"),
    "gbglide": _button("gbglide"),
    "gbrest": _button("gbrest"),
    "gbend": _button("gbend"),
    "gbreact": _react,
    PARTING: _parting,
    BONUS_AT_2_2: _bonus_at_2_2,
    "gbpick": _pick,
    "gbpaim": _aim,
    "gbbook": _book,
    "gbpush": _push,
    "gbdodge": _dodge,
    "gbdodt": _dodge_form,
    "gbdodm": _dodge_typed,
    "gbreroll": _reroll,
    "gbicpt": _intercept,
    "gbfollow": _follow,
    "gbgoal": _goal,
    "gbgkadj": _goal_form,
    "gbgkm": _goal_typed,
}


async def control(
    ask: Ask, action: str, arg: str, values: list[str], fields: dict[str, str]
) -> Reply:
    """Route a click, a choice or a form to its handler; a refusal answers privately."""
    handler = HANDLERS.get(action)
    if handler is None:
        return say("That control is not this game's.")
    table = await ask.table()
    try:
        return await handler(ask, table, arg, values, fields)
    except Refused as exc:
        return say(exc.text)
