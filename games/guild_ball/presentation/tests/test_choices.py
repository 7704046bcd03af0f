"""The choices of an activation the prompts offer besides moving, attacking and kicking to a
model, each pressed as a person would: Bonus Time, Rest removing conditions, Encourage, a pass
to a typed spot, giving up the ball, an AOE aimed at a model's place or at a typed spot, a
play triggered by a playbook icon, a Snap Shot with Bonus Time; and the deployment's picture,
of the proposal or of typed places, before anything is deployed. Each press goes through
`PRESENTATION.control` as the core calls it; the rules check every command the controls send.

The games are the built-in players' (seat 0 the Scriveners, whose Captain has an AOE and whose
Squaddies have plays a playbook icon triggers), stopped where a choice is on offer."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import msgspec
import pytest

from bot.chat import payloads
from bot.presentation import Reply, Table
from bot.presentation_kit import Kit, action_of, arg_of, controls, find, has, texts
from bot.render.ids import parse
from bot.render.ui import Button, Message, Select
from engine.core.errors import RuleError
from engine.core.game import PUBLIC, Seat
from games.guild_ball import GAME
from games.guild_ball.content.loader import load_pack
from games.guild_ball.presentation import PRESENTATION as P
from games.guild_ball.presentation import prompts as pr
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.kicking import enemy_goal
from games.guild_ball.tests.test_rules_movement import OSWIN
from games.guild_ball.tests.test_rules_movement import ready as moving_ready

PACK = load_pack()
TEAM = cm.Prepare(
    seat=0,
    guild="scriveners",
    squaddies=("amabel-sealwax", "gideon-foolscap"),
    discard=(),
)


KIT = Kit(GAME, ("Ana", "Bo"))


def game(seed: int) -> Iterator[Any]:
    """Every state of a game between built-in players, seat 0 playing TEAM."""
    state = KIT.new_game(2, seed).after
    bots = [GAME.players["builtin"](seed * 31 + s) for s in (0, 1)]
    while not GAME.is_over(state):
        yield state
        d = GAME.pending(state)[0]
        if d.kind == "prepare" and d.seat == 0:
            command: Any = msgspec.structs.replace(TEAM, discard=d.default.discard)
        else:
            command = bots[d.seat].move(state, (d.seat,))
        state = GAME.execute(state, command)[1]


@cache
def found(what: str) -> Any:
    """The first state (over a few games) where the choice `what` is on offer."""
    wanted = WANTED[what]
    for seed in range(1, 30):
        for state in game(seed):
            if wanted(state):
                return state
    raise AssertionError(f"no game offered {what}")


def _active(state: Any) -> Any:
    d = GAME.pending(state)[0]
    if d.kind != "action" or state.activation is None:
        return None
    return state.unit(state.activation.model)


def _with_ball(state: Any) -> bool:
    u = _active(state)
    return u is not None and state.ball_holder == u.id and u.influence >= 1


def _aoe(state: Any) -> bool:
    u = _active(state)
    return u is not None and u.slug == "ysolde-vane" and u.influence >= 2


def _menu_has(action: str) -> Callable[[Any], bool]:
    def wanted(state: Any) -> bool:
        u = _active(state)
        return u is not None and has(menu(state), action)

    return wanted


def _icon(state: Any) -> bool:
    d = GAME.pending(state)[0]
    return d.kind == "playbook" and any(
        pr.arg_has_play(c.custom_id) for c in controls(prompt(state))
    )


def _icon_aims(count: Callable[[int], bool]) -> Callable[[Any], bool]:
    """A playbook prompt with a play button whose play has a number of targets `count` takes."""

    def wanted(state: Any) -> bool:
        if not _icon(state):
            return False
        aims = GAME.pending(state)[0].context["plays"]
        return any(count(len(aims[p.slug])) for p in icon_buttons(state).values())

    return wanted


def icon_buttons(state: Any) -> dict[str, Any]:
    """The playbook prompt's play buttons (their custom ids) and the plays they trigger."""
    attacker = state.unit(state.attack.attacker)
    plays = PACK.models[attacker.slug].plays
    return {
        c.custom_id: plays[int(arg_of(c).split(".")[2])]
        for c in controls(prompt(state))
        if pr.arg_has_play(c.custom_id)
    }


def passed(state: Any) -> Any:
    """The state after the active model's pass to its first team-mate on offer, if that pass
    reached it and its team may follow it up (None otherwise)."""
    u = _active(state)
    if u is None or state.ball_holder != u.id or not has(menu(state), "gbpass"):
        return None
    target = find(menu(state), "gbpass", Select).options[0].value
    receiver = GAME.view(state, PUBLIC).models[int(target)].id
    after = GAME.execute(state, cm.Pass(seat=u.seat, target=receiver))[1]
    return after if GAME.pending(after)[0].kind == "follow_up" else None


def _follow(state: Any) -> bool:
    return passed(state) is not None


def _engaged(state: Any) -> bool:
    u = _active(state)
    return u is not None and has(menu(state), "gbatk") and state.teams[u.seat].mp >= 1


def _deploy(state: Any) -> bool:
    return GAME.pending(state)[0].kind == "deploy"


def _charge(state: Any) -> bool:
    u = _active(state)
    if u is None or u.influence < 2 or state.teams[u.seat].mp < 1 or not has(menu(state), "gbmove"):
        return False
    moves = pr.move_menu(KIT.table(state, Seat(u.seat)), bonus=True)
    return any(o.value.startswith("c:") for o in find(moves, "gbintent", Select).options)


WANTED: dict[str, Callable[[Any], bool]] = {
    "ball": _with_ball,
    "drop": lambda s: _with_ball(s) and has(more(s), "gbdrop"),  # not engaged
    "aoe": _aoe,
    "encourage": lambda s: _active(s) is not None and has(more(s), "gbenc"),
    "icon": _icon,
    "icon_many": _icon_aims(lambda n: n > 1),
    "icon_one": _icon_aims(lambda n: n == 1),
    "follow": _follow,
    "engaged": _engaged,
    "deploy": _deploy,
    "charge": _charge,
}


def seat_of(state: Any) -> int:
    return GAME.pending(state)[0].seat


def prompt(state: Any) -> Message:
    d = GAME.pending(state)[0]
    message = P.prompt(KIT.table(state, Seat(d.seat)), d)
    assert message is not None
    return message


def menu(state: Any) -> Message:
    return prompt(state)


def more(state: Any) -> Message:
    return pr.more_menu(KIT.table(state, Seat(seat_of(state))))


async def press(
    state: Any,
    message: Message,
    action: str,
    values: list[str] | None = None,
    fields: dict[str, str] | None = None,
    pictures: bool = False,
) -> tuple[Reply, Any]:
    """Press the message's control of `action` (a form's fields: its defaults, then `fields`);
    the answer and the ask (its `acted` commands and the state after)."""
    seat = seat_of(state)
    c = next(c for c in controls(message) if action_of(c) == action)
    ask = KIT.ask(state, seat, pictures=pictures)
    reply = await P.control(ask, action, arg_of(c), values or [], {}, seat)
    if reply.modal is not None:
        typed = {f.custom_id: f.default for f in reply.modal.fields} | (fields or {})
        form = parse(reply.modal.custom_id)
        assert P.modal_openers[form.action] == action and form.arg == arg_of(c)
        reply = await P.control(ask, form.action, form.arg, [], typed, seat)
    return reply, ask


def option(message: Message, action: str, starts: str) -> str:
    select = find(message, action, Select)
    return next(o.value for o in select.options if o.label.startswith(starts))


def refused(reply: Reply) -> str:
    return reply.message.content if reply.message is not None and not reply.edit else ""


# --- Bonus Time -------------------------------------------------------------------------------


async def test_bonus_time_marks_the_menus_rolls_and_the_attack_spends_it():
    """ "Bonus Time: spend 1 MP to add one die to the dice pool before rolling." More… then
    Bonus Time: the menu again, its rolls marked; the attack is made with one die more."""
    state = found("engaged")
    on, _ = await press(state, more(state), "gbbonus")
    assert on.edit and "Bonus Time is on" in texts(on.message)
    marked = {action_of(c): arg_of(c) for c in controls(on.message)}
    assert marked["gbatk"] == marked["gbmore"] == "b"
    target = find(on.message, "gbatk", Select).options[0].value
    mp = state.teams[seat_of(state)].mp
    answer, ask = await press(state, on.message, "gbatk", [target])
    assert not refused(answer), refused(answer)
    assert ask.acted[-1] == cm.Attack(seat=seat_of(state), target=ask.acted[-1].target, bonus=True)
    after = ask.state
    if GAME.pending(after)[0].kind == "reaction":  # the target's team answers first: no
        after = GAME.execute(after, cm.React(seat=1 - seat_of(state)))[1]
    assert after.teams[seat_of(state)].mp < mp
    off, _ = await press(
        state, pr.more_menu(KIT.table(state, Seat(seat_of(state))), True), "gbbonus"
    )
    assert all(arg_of(c) != "b" for c in controls(off.message))


async def test_a_charge_with_bonus_time_is_previewed_then_confirmed():
    """ "Bonus Time" on a charge's attack: the move menu's charges carry it to the preview,
    whose Confirm sends the charge with it."""
    state = found("charge")
    on, _ = await press(state, more(state), "gbbonus")
    moves, _ = await press(state, on.message, "gbmove")
    intents = find(moves.message, "gbintent", Select)
    assert arg_of(intents) == "b"
    for charge in (o.value for o in intents.options if o.value.startswith("c:")):
        preview, ask = await press(state, moves.message, "gbintent", [charge])
        assert ask.acted == []  # a preview is no command
        if has(preview.message, "gbconf"):
            break
    else:
        raise AssertionError("no charge in reach")
    assert "Bonus Time on the charge's attack" in texts(preview.message)
    assert arg_of(find(preview.message, "gbconf")).split(";")[0].endswith("b")
    answer, ask = await press(state, preview.message, "gbconf")
    assert not refused(answer), refused(answer)
    assert isinstance(ask.acted[-1], cm.Charge) and ask.acted[-1].bonus


async def test_a_confirmed_move_takes_its_preview_picture_away():
    """The preview edits the DM menu with its picture; the answer to Confirm (or Back) edits it
    again into the action menu, which must not keep showing the move's picture."""
    state = found("charge")
    moves, _ = await press(state, prompt(state), "gbmove")
    intents = find(moves.message, "gbintent", Select)
    preview, _ = await press(
        state, moves.message, "gbintent", [intents.options[0].value], pictures=True
    )
    assert preview.edit and preview.message.files, "the preview shows its picture"
    pressed = [a for a in ("gbconf", "gbback") if has(preview.message, a)]
    assert pressed, "the preview offers Confirm or Back"
    for action in pressed:
        answer, _ = await press(state, preview.message, action)
        assert answer.edit and not answer.message.files and answer.message.clear_files
        assert payloads.body(answer.message, edit=True)["attachments"] == []


def _receiver_at(state: Any, inches_from_goal: float) -> Any:
    """`state` with the pass's receiver moved straight out from the enemy goalpost's centre."""
    seat = seat_of(state)
    goal = enemy_goal(state, seat).centre
    towards_middle = 1.0 if goal.y < 10 else -1.0
    receiver = state.unit(state.follow.receiver)
    moved = msgspec.structs.replace(
        receiver, x=goal.x, y=goal.y + towards_middle * inches_from_goal
    )
    units = tuple(moved if u.id == receiver.id else u for u in state.units)
    teams = list(state.teams)
    teams[seat] = msgspec.structs.replace(teams[seat], mp=3)
    return msgspec.structs.replace(state, units=units, teams=tuple(teams))


def test_a_snap_shot_is_offered_only_when_the_goal_is_in_kick_range():
    """ "Snap Shot": the receiver makes a Shot; a shot needs the goalpost within its kick range,
    so the prompt offers it only then (and says why not), as the rules decide."""
    state = passed(found("follow"))
    seat = seat_of(state)
    for inches, reach in ((3.0, True), (20.0, False)):
        here = _receiver_at(state, inches)
        d = GAME.pending(here)[0]
        assert d.kind == "follow_up" and d.context["snap_shot"] is reach
        shots = [c for c in controls(prompt(here)) if arg_of(c) in ("shot", "shotb")]
        assert len(shots) == (2 if reach else 0)
        if not reach:
            assert "beyond" in texts(prompt(here)) and "kick range" in texts(prompt(here))
            with pytest.raises(RuleError):
                GAME.decide(here, cm.FollowUp(seat=seat, choice="shot"))


async def test_a_snap_shot_may_take_bonus_time():
    state = _receiver_at(passed(found("follow")), 3.0)
    seat = seat_of(state)
    if state.teams[seat].mp < 3:  # "Snap Shot" (2 MP) and Bonus Time (1 MP): give it 3
        teams = list(state.teams)
        teams[seat] = msgspec.structs.replace(teams[seat], mp=3)
        state = msgspec.structs.replace(state, teams=tuple(teams))
    message = prompt(state)
    c = next(c for c in controls(message) if arg_of(c) == "shotb")
    assert "Bonus Time (3 MP)" in c.label
    ask, tried = trying(state)
    answer = await P.control(ask, "gbfollow", arg_of(c), [], {}, seat)
    assert tried == [cm.FollowUp(seat=seat, choice="shot", bonus=True)]
    assert ask.acted == tried, refused(answer)


def trying(state: Any) -> tuple[Any, list[Any]]:
    """An ask on `state` that also records the commands it was asked to carry out, refused
    ones too."""
    ask = KIT.ask(state, seat_of(state))
    tried: list[Any] = []
    act = ask.act

    async def recorded(command: Any) -> Table:
        tried.append(command)
        return await act(command)

    ask.act = recorded
    return ask, tried


# --- momentum: Rest, Encourage ----------------------------------------------------------------


async def test_rest_may_remove_conditions_instead_of_healing():
    state = found("engaged")
    seat = seat_of(state)
    table = KIT.table(state, Seat(seat))
    ask = KIT.ask(state, seat)
    await P.control(ask, "gbrest", "c", [], {}, seat)
    assert ask.acted == [cm.Rest(seat=seat, clear=True)]
    assert has(pr.more_menu(table), "gbrest")


async def test_encourage_is_offered_for_friendly_models_within_8_inches():
    """ "Encourage: spend 2 MP to target another friendly model within 8" ... the target
    model may then either recover 4 HP or remove all conditions." """
    state = found("encourage")
    seat = seat_of(state)
    message = more(state)
    value = option(message, "gbenc", "Encourage")
    answer, ask = await press(state, message, "gbenc", [value])
    assert not refused(answer), refused(answer)
    command = ask.acted[-1]
    assert isinstance(command, cm.Encourage) and not command.clear
    assert ask.state.teams[seat].mp == state.teams[seat].mp - 2
    again, _ = (
        await press(ask.state, more(ask.state), "gbenc", [value])
        if has(more(ask.state), "gbenc")
        else (None, None)
    )
    if again is not None:  # the same model a second time this turn: the rules say why
        assert "once per turn" in refused(again) or "MP" in refused(again)


# --- the ball: a pass to a spot, giving it up --------------------------------------------------


async def test_a_pass_to_a_typed_spot():
    """ "A kick must target a target spot, friendly model, or enemy goalpost": the spot typed
    as `x, y`, proposed towards the enemy goal within the kicker's range."""
    state = found("ball")
    answer, ask = await press(state, more(state), "gbpspot")
    assert not refused(answer), refused(answer)
    command = ask.acted[-1]
    assert isinstance(command, cm.Pass) and command.spot is not None and not command.target
    bad, ask = await press(state, more(state), "gbpspot", fields={"spot": "twelve"})
    assert "x, y" in refused(bad) and ask.acted == []


async def test_giving_up_the_ball_places_it_within_an_inch():
    """ "An active model in possession of the ball and not engaged may give up possession ...
    the model places the ball within 1"; the ball then becomes a free ball." """
    state = found("drop")
    answer, ask = await press(state, more(state), "gbdrop")
    assert not refused(answer), refused(answer)
    assert isinstance(ask.acted[-1], cm.GiveUpBall)
    assert ask.state.ball_holder == ""
    me = state.unit(state.activation.model)
    far, ask = await press(state, more(state), "gbdrop", fields={"spot": f"{me.x + 6}, {me.y}"})
    assert '1"' in refused(far) and ask.acted == []


# --- plays: an AOE at a model's place or at a typed spot; a play an icon triggers -------------


async def test_an_aoe_is_offered_centred_on_models_in_range_and_at_a_typed_spot():
    """ "AOE ... a circular template that's 3" in diameter": centred on a model's place (the
    menu's Play select) or at a typed spot (More…), the play is previewed first, privately, with
    its template on the pitch and the models under it; only Confirm uses it there."""
    state = found("aoe")
    name = next(p.name for p in PACK.models["ysolde-vane"].plays if p.slug == "ink-blot")
    message = menu(state)
    values = [o.value for o in find(message, "gbplay", Select).options if "@" in o.value]
    assert values, texts(message)
    shown, ask = await press(state, message, "gbplay", [values[0]], pictures=True)
    assert ask.acted == [] and ask.events == [] and shown.edit and shown.ephemeral
    assert [n for n, _ in shown.message.files] == ["aoe.png"]
    assert "AOE preview (only you see this)" in texts(shown.message)
    centre = GAME.view(state, PUBLIC).models[int(values[0].split("@")[1])]
    assert "Under it:" in texts(shown.message) and centre.name in texts(shown.message)
    answer, ask = await press(state, shown.message, "gbaoec")
    assert not refused(answer), refused(answer)
    used = ask.acted[-1]
    assert isinstance(used, cm.UsePlay) and used.play == "ink-blot"
    assert used.spot == (round(centre.x, 2), round(centre.y, 2))
    typed = more(state)
    opener = next(c for c in controls(typed) if action_of(c) == "gbaoe")
    assert name.lower() in opener.label.lower()
    me = state.unit(state.activation.model)
    shown, ask = await press(state, typed, "gbaoe", fields={"spot": f"{me.x:.1f}, {me.y:.1f}"})
    assert ask.acted == [] and has(shown.message, "gbaoec") and has(shown.message, "gbaoe")
    answer, ask = await press(state, shown.message, "gbaoec")
    assert not refused(answer), refused(answer)
    assert ask.acted[-1].spot == (round(me.x, 1), round(me.y, 1))


async def test_an_aoe_out_of_range_is_previewed_without_confirm():
    """ "Place the template within" the play's range: a typed centre beyond it is shown with
    the reason and no Confirm; Cancel goes back to the action menu."""
    state = found("aoe")
    me = state.unit(state.activation.model)
    far = (me.x, 2.0 if me.y > 18 else 34.0)
    shown, ask = await press(state, more(state), "gbaoe", fields={"spot": f"{far[0]}, {far[1]}"})
    assert ask.acted == [] and not has(shown.message, "gbaoec")
    assert 'must lie within 6"' in texts(shown.message), texts(shown.message)
    back, ask = await press(state, shown.message, "gbback")
    assert ask.acted == [] and has(back.message, "gbend")


async def test_a_playbook_icon_result_may_trigger_a_play():
    """A play icon result: "the attacking model may immediately use a character play with the
    same icon for free" — offered as its own button (→ the play); a play with one valid target
    is triggered on it at once."""
    state = found("icon_one")
    aims = GAME.pending(state)[0].context["plays"]
    cid, play = next((c, p) for c, p in icon_buttons(state).items() if len(aims[p.slug]) == 1)
    c = next(c for c in controls(prompt(state)) if c.custom_id == cid)
    seat = seat_of(state)
    ask = KIT.ask(state, seat)
    answer = await P.control(ask, "gbpick", arg_of(c), [], {}, seat)
    assert not refused(answer), refused(answer)
    chosen = ask.acted[-1]
    assert isinstance(chosen, cm.ChooseResult) and chosen.play == play.slug
    assert chosen.target == aims[play.slug][0]
    assert f"→ {play.name}" in c.label


async def test_a_triggered_play_with_several_targets_asks_which():
    """ "A model using a character play may target any valid model within range and LOS": a
    play an icon triggers with more than one valid target asks for it (the attacked model
    first) before anything is selected, privately (no event: nothing reaches the channel or the
    other team); the chosen model is the command's target, Back shows the results again, and a
    model that is no valid target is refused."""
    state = found("icon_many")
    aims = GAME.pending(state)[0].context["plays"]
    cid, play = next((c, p) for c, p in icon_buttons(state).items() if len(aims[p.slug]) > 1)
    c = next(c for c in controls(prompt(state)) if c.custom_id == cid)
    seat = seat_of(state)
    ask = KIT.ask(state, seat)
    asking = await P.control(ask, "gbpick", arg_of(c), [], {}, seat)
    assert ask.acted == [] and ask.events == [] and asking.edit and asking.ephemeral
    select = find(asking.message, "gbpaim", Select)
    pv = GAME.view(state, PUBLIC)
    offered = [pv.models[int(o.value)].id for o in select.options]
    assert sorted(offered) == sorted(aims[play.slug])
    if state.attack.target in offered:
        assert offered[0] == state.attack.target and "attacked" in select.options[0].label
    back = await P.control(ask, "gbbook", "", [], {}, seat)
    assert ask.acted == [] and back.edit and has(back.message, "gbpick")
    outside = next((i for i, m in enumerate(pv.models) if m.id not in offered and m.on_pitch), None)
    if outside is not None:
        wrong = await P.control(ask, "gbpaim", arg_of(select), [str(outside)], {}, seat)
        assert ask.acted == [] and "not a valid target" in refused(wrong)
    last = select.options[-1]
    answer = await P.control(ask, "gbpaim", arg_of(select), [last.value], {}, seat)
    assert not refused(answer), refused(answer)
    chosen = ask.acted[-1]
    assert isinstance(chosen, cm.ChooseResult) and chosen.play == play.slug
    assert chosen.target == offered[-1]


# --- the deployment's picture ------------------------------------------------------------------


async def test_the_proposed_deployment_is_shown_on_the_pitch_before_it_is_made():
    state = found("deploy")
    answer, ask = await press(state, prompt(state), "gbdepv", pictures=True)
    assert ask.acted == [] and answer.edit and answer.ephemeral
    assert [n for n, _ in answer.message.files] == ["deployment.png"]
    assert has(answer.message, "gbdeploy")
    assert "gbdepv" in P.slow_controls  # the core defers it: the picture may take its time


async def test_typed_places_are_pictured_and_deployed_only_on_confirm():
    state = found("deploy")
    d = GAME.pending(state)[0]
    places = {f"m{i}": f"{x + 0.5:.1f}, {y:.1f}" for i, (_, x, y) in enumerate(d.default.places)}
    answer, ask = await press(state, prompt(state), "gbdepadj", fields=places, pictures=True)
    assert ask.acted == [] and [n for n, _ in answer.message.files] == ["deployment.png"]
    assert "not deployed yet" in texts(answer.message)
    assert find(answer.message, "gbdepc", Button).label == "Deploy these places"
    _, ask = await press(state, answer.message, "gbdepc")
    deployed = ask.acted[-1]
    assert isinstance(deployed, cm.Deploy) and deployed.places != d.default.places
    assert [round(x - 0.5, 1) for _, x, _ in deployed.places] == [
        round(x, 1) for _, x, _ in d.default.places
    ]


# --- secrecy -----------------------------------------------------------------------------------


async def test_previews_and_menus_change_nothing_and_answer_only_their_seat():
    """The deployment's picture, the move preview, More… and Bonus Time are no commands: no
    event, so nothing reaches the channel or the other team; each answer edits the seat's own
    DM (private)."""
    for what, action in (("deploy", "gbdepv"), ("engaged", "gbmore"), ("charge", "gbmove")):
        state = found(what)
        answer, ask = await press(state, prompt(state), action, pictures=action == "gbdepv")
        assert ask.acted == [] and ask.events == [] and answer.ephemeral and answer.edit
    state = found("aoe")
    aoe = next(o.value for o in find(menu(state), "gbplay", Select).options if "@" in o.value)
    answer, ask = await press(state, menu(state), "gbplay", [aoe])
    assert ask.acted == [] and ask.events == [] and answer.ephemeral and answer.edit
    assert {"gbplay", "gbaoem"} <= P.slow_controls  # the AOE's preview may take its time
    state = found("deploy")
    other = 1 - seat_of(state)
    mine = GAME.pending(state)[0].default.places
    answer, _ = await press(state, prompt(state), "gbdepv")
    theirs = texts(P.status(KIT.table(state, PUBLIC)))
    theirs += texts(await P.hand(KIT.table(state, Seat(other)), False))
    for _, x, y in mine:
        assert f"({x:.1f}, {y:.1f})" in texts(answer.message)
        assert f"({x:.1f}, {y:.1f})" not in theirs


async def test_bonus_time_on_an_aoe_is_picked_model_by_model():
    """ "He may choose to spend MP on Bonus Time to add an additional die to the pool, but he
    must do so individually for each model." The AOE preview offers a multi-select of the enemy
    models under the template (1 MP each, at most the team's MP); the preview again says whom
    it is bought for, and Confirm uses the play with those models named."""
    from games.guild_ball.tests.rules_table import IVO, LINK, SEFA, TAMSIN, arrange, in_play

    ada = "0-ada-mouldwright"
    state = in_play(teams=(("bellfounders", ("ada-mouldwright", "brannock-pike")), LINK))
    where = {ada: (12.0, 8.5), "0-oswin-tollbright": (3.0, 3.0), "0-brannock-pike": (21.0, 3.0)}
    where.update({SEFA: (10.7, 14.0), IVO: (12.0, 14.0), TAMSIN: (13.5, 14.0)})
    state = arrange(state, where, active=ada, influence={ada: 2}, ball=(20.0, 20.0), mp=(2, 0))
    shown, _ = await press(state, more(state), "gbaoe", fields={"spot": "12.0, 14.0"})
    pick = find(shown.message, "gbaoeb", Select)
    pv = GAME.view(state, PUBLIC)
    index = {m.id: str(i) for i, m in enumerate(pv.models)}
    assert {o.value for o in pick.options} == {index[SEFA], index[IVO], index[TAMSIN]}
    assert (pick.min_values, pick.max_values) == (0, 2)  # the team's 2 MP
    chosen, ask = await press(state, shown.message, "gbaoeb", [index[SEFA], index[TAMSIN]])
    assert ask.acted == [] and "Bonus Time for" in texts(chosen.message)
    assert "(2 MP, 1 each)" in texts(chosen.message)
    answer, ask = await press(state, chosen.message, "gbaoec")
    assert not refused(answer), refused(answer)
    assert ask.acted[-1].bonus_for == (SEFA, TAMSIN) and ask.state.teams[0].mp == 0
    _, ask = await press(state, shown.message, "gbaoec")  # nothing picked: no Bonus Time
    assert ask.acted[-1].bonus_for == () and not ask.acted[-1].bonus


async def test_the_playbook_offers_a_push_of_fewer_inches():
    """ "A model may be moved up to the distance shown": when a result on offer pushes, the
    playbook prompt has a push distance select (the full push by default); the distance chosen
    rides on the result buttons, and the push moves the target that far."""
    from games.guild_ball.tests.rules_table import APART, OSWIN, SEFA, arrange, in_play

    where = {**APART, OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5)}
    state = arrange(
        in_play(),
        where,
        active=OSWIN,
        influence={OSWIN: 3},
        mp=(0, 0),
        ball=(23.0, 12.0),
        dice=(6, 6, 1, 1, 1, 1),
    )
    state = GAME.execute(state, cm.Attack(seat=0, target=SEFA))[1]
    message = prompt(state)
    pick = find(message, "gbpush", Select)
    assert [o.value for o in pick.options] == ["full", "0"]  # Oswin's pushes reach 1"
    chosen, ask = await press(state, message, "gbpush", ["0"])
    assert ask.acted == [] and 'moves the target 0" at most' in texts(chosen.message)
    assert "2.1~0" in [arg_of(c) for c in controls(chosen.message)]  # push 1, momentous
    ask = KIT.ask(state, 0)
    answer = await P.control(ask, "gbpick", "2.1~0", [], {}, 0)
    assert not refused(answer), refused(answer)
    assert ask.acted == [cm.ChooseResult(seat=0, column=2, row=1, push=0.0)]
    assert (ask.state.unit(SEFA).x, ask.state.unit(SEFA).y) == (10.0, 11.5)


# --- Leaving the free ball --------------------------------------------------------------------


async def test_more_offers_a_move_that_leaves_the_free_ball():
    """ "A model which starts its activation or moves within 1" of a free ball may choose to take
    possession of the ball": More… offers "Move, leaving the ball…" while the ball is free and
    the model has not advanced; its move menu has no move towards the ball and no charge, and
    the typed jog past the ball is previewed and confirmed with `take_ball` False: the ball
    stays free. The plain Move… takes it, as before."""
    state = moving_ready(ball=(6.0, 7.0))
    message = more(state)
    assert arg_of(find(message, "gbmove")) == pr.LEAVE
    moves, _ = await press(state, message, "gbmove")
    intents = find(moves.message, "gbintent", Select)
    assert arg_of(intents) == pr.LEAVE
    assert not any(o.value.endswith(":ball") or o.value.startswith("c:") for o in intents.options)
    preview, ask = await press(state, moves.message, "gbtype", fields={"path": "4, 8"})
    assert ask.acted == [] and "The free ball is left where it is" in texts(preview.message)
    assert arg_of(find(preview.message, "gbconf")).split(";")[0] == "j" + pr.LEAVE
    answer, ask = await press(state, preview.message, "gbconf")
    assert not refused(answer), refused(answer)
    assert ask.acted == [cm.Jog(seat=0, path=((4.0, 8.0),), take_ball=False)]
    assert ask.state.ball_free and ask.state.unit(OSWIN).x == 4.0
    plain, _ = await press(state, prompt(state), "gbmove")
    assert arg_of(find(plain.message, "gbintent", Select)) == ""


async def test_friendly_models_under_an_aoe_may_be_tested():
    """ "The active model may choose to automatically succeed against friendly models": the
    AOE preview says which friendly models are hit automatically and offers a multi-select of
    them; those picked are tested like the enemies (the preview again says so, and they join
    the Bonus Time pick), and Confirm sends them as `test_friends`. Nothing picked: hit
    automatically, as before."""
    from games.guild_ball.tests.rules_table import APART, LINK, MAUD, SEFA, arrange, in_play

    ada = "0-ada-mouldwright"
    state = in_play(teams=(("bellfounders", ("ada-mouldwright", "maud-clangwright")), LINK))
    where = {ada: (10.0, 10.0), OSWIN: (4.0, 4.0), MAUD: (13.0, 12.0), SEFA: (15.0, 12.0)}
    where.update({k: v for k, v in APART.items() if k.startswith("1-") and k != SEFA})
    state = arrange(state, where, active=ada, influence={ada: 2}, ball=(23.0, 20.0), mp=(1, 0))
    shown, _ = await press(state, more(state), "gbaoe", fields={"spot": "14.0, 12.0"})
    assert "Hit automatically (friendly): Maud" in texts(shown.message)
    pv = GAME.view(state, PUBLIC)
    index = {m.id: str(i) for i, m in enumerate(pv.models)}
    pick = find(shown.message, "gbaoef", Select)
    assert [o.value for o in pick.options] == [index[MAUD]]
    tested, ask = await press(state, shown.message, "gbaoef", [index[MAUD]])
    assert ask.acted == [] and "Tested like an enemy (friendly): Maud" in texts(tested.message)
    bonus = find(tested.message, "gbaoeb", Select)
    assert {o.value for o in bonus.options} == {index[MAUD], index[SEFA]}
    answer, ask = await press(state, tested.message, "gbaoec")
    assert not refused(answer), refused(answer)
    assert ask.acted[-1].test_friends == (MAUD,)
    bought, _ = await press(state, tested.message, "gbaoeb", [index[SEFA]])
    answer, ask = await press(state, bought.message, "gbaoec")
    assert ask.acted[-1].test_friends == (MAUD,) and ask.acted[-1].bonus_for == (SEFA,)
    _, ask = await press(state, shown.message, "gbaoec")
    assert ask.acted[-1].test_friends == ()
