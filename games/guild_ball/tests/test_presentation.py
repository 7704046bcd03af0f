"""Guild Ball's presentation as the bot core meets it: the contract, the look-ups, and whole
games played through it, both by built-in players (every update rendered for the channel and
each seat, every decision's prompt made) and by two people pressing the prompts' controls
(`Person`): the secret team pick, deployment by the proposal and by a typed form, moves by
intention with their preview and Confirm, attacks with playbook results, passes and shots."""

from __future__ import annotations

import dataclasses
import inspect
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.presentation import Presentation, Reply
from bot.presentation_kit import Kit, action_of, arg_of, controls, has, texts
from bot.render.ids import parse
from bot.render.ui import Button, Message
from engine.core.game import PUBLIC, Seat
from games.guild_ball import GAME
from games.guild_ball.content.loader import load_pack
from games.guild_ball.presentation import PRESENTATION as P
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev

NAMES = ("Ana", "Bo")


KIT = Kit(GAME, NAMES)
DUE = datetime(2030, 5, 17, 12, 0, tzinfo=UTC)
PACK = load_pack()


def test_it_has_every_member_of_the_contract():
    for name in Presentation.__annotations__:
        assert hasattr(P, name), name
    for name, fn in inspect.getmembers(Presentation, inspect.isfunction):
        if not name.startswith("_"):
            mine = getattr(P, name)
            assert inspect.iscoroutinefunction(mine) == inspect.iscoroutinefunction(fn), name
    assert P.game == GAME.name == "guild-ball" and P.seat_word == "team"
    assert P.commands == () and P.command_group == ""
    assert set(P.modal_openers.values()) == P.forms


def test_topics_kinds_and_look_ups():
    assert {"overview", "pregame", "turn", "moving", "attacks", "kicking"} <= set(P.topics)
    assert all(50 < len(text) <= 2000 for text in P.topics.values())
    state = KIT.new_game(2, 1).after
    kinds = {d.kind for step in KIT.playout(2, 1) for d in GAME.pending(step.after)}
    assert kinds <= set(P.kinds), kinds - set(P.kinds)
    del state
    for m in PACK.models.values():
        text = P.card(m.slug)
        assert text is not None and text == P.card(m.name.upper()) and m.name in text
    for plan in PACK.plans.values():
        assert plan.text in (P.card(plan.name) or "")
    assert P.card("no such model") is None
    assert P.card_names("oswin")[0] == ("Oswin Tollbright", "oswin-tollbright")


def _decision_tables(step: Any):
    for d in GAME.pending(step.after):
        t = dataclasses.replace(KIT.table(step.after, Seat(d.seat)), due=DUE)
        yield t, d


@pytest.mark.parametrize(("seed", "defaults_every"), [(1, 0), (2, 0), (3, 7)])
async def test_every_update_and_prompt_of_whole_games_renders(seed, defaults_every):
    """Built-in players (and deadlines passing) play whole games: every update renders for the
    channel and both seats, every decision has a prompt that fits Discord, status and board
    render at every step, and the channel ends with the result."""
    lines: list[str] = []
    for step in KIT.playout(2, seed, defaults_every=defaults_every):
        for action in await P.channel(step.seen(PUBLIC), False):
            lines.append(getattr(action, "text", ""))
        for seat in (0, 1):
            await P.seat(step.seen(Seat(seat)), False)
        for t, d in _decision_tables(step):
            message = P.prompt(t, d)
            assert message is not None, d.kind
            assert "<t:" in texts(message), d.kind
            assert controls(message), d.kind
        P.status(step.table(PUBLIC))
        await P.board(step.table(PUBLIC), False)
        P.transcript(step.seen(PUBLIC))
    assert any("wins Guild Ball!" in x or "draw" in x for x in lines), lines[-5:]
    assert any(" jogs to " in x for x in lines)


async def test_pictures_of_the_pitch_after_an_activation_and_on_board():
    steps = list(KIT.playout(2, 4))
    pictured = []
    for step in steps:
        if any(isinstance(e, ev.Activated) and e.activation is None for e in step.events):
            pictured = await P.channel(step.seen(PUBLIC), True)
            break
    assert any(getattr(a, "message", None) and a.message.files for a in pictured)
    board = await P.board(steps[-1].table(PUBLIC), True)
    assert [n for n, _ in board.files] == ["pitch.png"]


# --- two people pressing the controls ---------------------------------------------------------


@dataclasses.dataclass
class Person:
    """Both seats played by people through their prompts, as the core would show them: each
    answer replaces the prompt it was pressed on while the same wait goes on."""

    state: Any
    done: list[str] = dataclasses.field(default_factory=list)
    refusals: list[str] = dataclasses.field(default_factory=list)
    previews: list[Message] = dataclasses.field(default_factory=list)
    current: dict[int, tuple[str, Message]] = dataclasses.field(default_factory=dict)
    moved: set[str] = dataclasses.field(default_factory=set)
    typed_deploy: bool = False

    async def press(
        self, seat: int, message: Message, action: str, values=None, fields=None, arg=None
    ):
        c = next((c for c in controls(message) if action_of(c) == action), None)
        assert c is not None or arg is not None, (action, [x.custom_id for x in controls(message)])
        ask = KIT.ask(self.state, seat)
        reply: Reply = await P.control(
            ask, action, arg if arg is not None else arg_of(c), values or [], fields or {}, seat
        )
        self.state = ask.state
        self.done.append(action)
        if reply.modal is not None:
            return reply
        if reply.message is not None and not reply.edit:
            self.refusals.append(reply.message.content)
        key = GAME.stage(self.state).key
        if reply.edit and reply.message is not None and reply.message.rows:
            self.current[seat] = (key, reply.message)
        return reply

    async def form(self, seat: int, message: Message, opener: str, fields: dict[str, str]) -> Reply:
        reply = await self.press(seat, message, opener)
        assert reply.modal is not None
        modal_action = parse(reply.modal.custom_id).action
        for f in reply.modal.fields:
            fields.setdefault(f.custom_id, f.default)
        return await self.press(seat, message, modal_action, fields=fields, arg="")

    def prompt(self, seat: int, decision: Any) -> Message:
        key = GAME.stage(self.state).key
        kept = self.current.get(seat)
        if kept is not None and kept[0] == key:
            return kept[1]
        message = P.prompt(KIT.table(self.state, Seat(seat)), decision)
        assert message is not None
        self.current[seat] = (key, message)
        return message

    async def act(self) -> None:
        d = GAME.pending(self.state)[0]
        seat = d.seat
        m = self.prompt(seat, d)
        before = len(self.done)
        await getattr(self, d.kind)(seat, m, d)
        assert len(self.done) > before, d.kind

    async def prepare(self, seat, m, d):
        if seat == 1:  # picks another guild and other squaddies in the selects first
            await self.press(seat, m, "gbguild", ["1"])
            m = self.current[seat][1]
            await self.press(seat, m, "gbsquad", ["1", "2"])
            m = self.current[seat][1]
        await self.press(seat, m, "gbprep")

    async def kick_or_receive(self, seat, m, d):
        await self.press(seat, m, "gbkick", arg="1")

    async def deploy(self, seat, m, d):
        if not self.typed_deploy:
            self.typed_deploy = True
            places = {
                f"m{i}": f"{x + 0.5:.1f}, {y:.1f}" for i, (_, x, y) in enumerate(d.default.places)
            }
            await self.form(seat, m, "gbdepadj", places)
        else:
            await self.press(seat, m, "gbdeploy")

    async def kick_off(self, seat, m, d):
        await self.form(seat, m, "gbkoadj", {})

    async def give_ball(self, seat, m, d):
        await self.press(seat, m, "gbgive")

    async def game_plan(self, seat, m, d):
        select = next(c for c in controls(m) if action_of(c) == "gbplan")
        await self.press(seat, m, "gbplan", [select.options[-1].value])

    async def initiative(self, seat, m, d):
        await self.press(seat, m, "gbinit", arg="1")

    async def influence(self, seat, m, d):
        select = next(c for c in controls(m) if action_of(c) == "gbinfv")
        await self.press(seat, m, "gbinfv", [select.options[1].value])
        m = self.current[seat][1]
        await self.press(seat, m, "gbinf")

    async def activation(self, seat, m, d):
        await self.press(seat, m, "gbact")

    async def action(self, seat, m, d):
        pv = self.state
        unit = pv.unit(pv.activation.model)
        text = texts(m)
        if (
            has(m, "gbshoot")
            and "out of range" not in text
            and pv.teams[seat].mp >= 1
            and unit.influence
        ):
            return await self.press(seat, m, "gbshoot")
        if has(m, "gbpass") and unit.influence and "passed" not in self.moved:
            self.moved.add("passed")
            select = next(c for c in controls(m) if action_of(c) == "gbpass")
            return await self.press(seat, m, "gbpass", [select.options[0].value])
        if has(m, "gbatk") and unit.influence:
            select = next(c for c in controls(m) if action_of(c) == "gbatk")
            return await self.press(seat, m, "gbatk", [select.options[0].value])
        if has(m, "gbstand"):
            return await self.press(seat, m, "gbstand")
        if has(m, "gbmove") and unit.id not in self.moved:
            self.moved.add(unit.id)
            await self.press(seat, m, "gbmove")
            menu = self.current[seat][1]
            intents = next(c for c in controls(menu) if action_of(c) == "gbintent")
            values = [o.value for o in intents.options]
            enemy_holder = pv.ball_holder and pv.unit(pv.ball_holder).seat != seat
            want = (
                next(
                    (v for v in values if v.startswith("c:"))
                    if enemy_holder and unit.influence >= 2
                    else (v for v in values if v == ("s:ball" if unit.influence else "j:ball")),
                    None,
                )
                or "j:goal"
            )
            await self.press(seat, menu, "gbintent", [want])
            preview = self.current[seat][1]
            self.previews.append(preview)
            if has(preview, "gbconf"):
                await self.press(seat, preview, "gbconf")
            else:
                await self.press(seat, preview, "gbback")
            return None
        self.moved.discard(unit.id)
        self.moved.discard("passed")
        return await self.press(seat, m, "gbend")

    async def reaction(self, seat, m, d):
        await self.press(seat, m, "gbreact", arg="c" if has(m, "gbreact") and seat == 0 else "n")

    async def parting_blow(self, seat, m, d):
        await self.press(seat, m, "gbpart", arg="1" if seat == 0 else "0")

    async def bonus_time(self, seat, m, d):
        await self.press(seat, m, "gbbt", arg="1" if seat == 0 else "0")

    async def playbook(self, seat, m, d):
        buttons = [c for c in controls(m) if isinstance(c, Button)]
        await self.press(seat, m, "gbpick", arg=arg_of(buttons[-1]))

    async def dodge(self, seat, m, d):
        reply = await self.press(seat, m, "gbdodge", arg="goal")
        shown = reply.message if reply.edit and reply.message is not None else Message()
        confirm = [c for c in controls(shown) if c.label == "Confirm"]
        if confirm:  # a play's additional jog or sprint is previewed first
            await self.press(seat, shown, "gbdodge", arg=arg_of(confirm[0]))
        elif self.refusals and "dodge" in self.refusals[-1]:
            await self.press(seat, m, "gbdodge", arg="n")

    async def reroll(self, seat, m, d):
        await self.press(seat, m, "gbreroll", arg="0")

    async def intercept(self, seat, m, d):
        await self.press(seat, m, "gbicpt", arg="1")

    async def follow_up(self, seat, m, d):
        await self.press(seat, m, "gbfollow", arg="none")

    async def goal_kick(self, seat, m, d):
        await self.press(seat, m, "gbgoal")


@pytest.mark.parametrize("seed", [1, 2, 5])
async def test_two_people_play_a_whole_game_from_their_prompts(seed):
    person = Person(KIT.new_game(2, seed).after)
    for _ in range(3000):
        if GAME.is_over(person.state):
            break
        refused = len(person.refusals)
        await person.act()
        if len(person.refusals) > refused:  # a refused action: the activation ends instead
            d = GAME.pending(person.state)[0]
            command = d.default
            person.state = GAME.execute(person.state, command)[1]
            person.done.append("default")
    assert GAME.is_over(person.state)
    done = set(person.done)
    assert {"gbprep", "gbguild", "gbdepm", "gbkom", "gbplan", "gbinf", "gbact"} <= done
    assert {"gbmove", "gbintent", "gbconf", "gbend"} <= done
    assert done & {"gbatk", "gbpick"} and done & {"gbpass", "gbshoot"}
    # Most actions were accepted as the prompts offered them.
    assert len(person.refusals) * 10 < len(person.done), person.refusals[:5]
    preview = person.previews[0]
    assert "Move preview (only you see this)" in texts(preview)


async def test_a_preview_is_no_command_and_confirm_sends_it():
    person = Person(KIT.new_game(2, 1).after)
    while GAME.pending(person.state)[0].kind != "action":
        await person.act()
    seat = GAME.pending(person.state)[0].seat
    m = person.prompt(seat, GAME.pending(person.state)[0])
    before = person.state
    await person.press(seat, m, "gbmove")
    menu = person.current[seat][1]
    await person.press(seat, menu, "gbintent", ["j:goal"])
    assert person.state is before  # the preview changed nothing
    preview = person.current[seat][1]
    assert [action_of(c) for c in controls(preview)] == ["gbconf", "gbtype", "gbback"]
    ask = KIT.ask(person.state, seat, pictures=True)
    pictured = await P.control(ask, "gbintent", "", ["j:goal"], {}, seat)
    assert [n for n, _ in pictured.message.files] == ["move.png"]
    await person.press(seat, preview, "gbconf")
    moved = [e for e in KIT.ask(before, seat).events]
    del moved
    assert person.state is not before
    events = GAME.execute(before, _jog_of(preview, seat))[0]
    assert any(isinstance(e, ev.Moved) and e.how == "jog" for e in events)


def _jog_of(preview: Message, seat: int) -> cm.Jog:
    arg = arg_of(next(c for c in controls(preview) if action_of(c) == "gbconf"))
    head, *rest = arg.split(";")
    assert head == "j"
    return cm.Jog(seat=seat, path=tuple(tuple(float(v) for v in p.split(",")) for p in rest))


# --- secrecy -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 6])
async def test_plans_picks_and_allocations_never_reach_the_channel_or_the_other_seat(seed):
    """ "This doesn't include unrevealed game plans": a plan in hand or discarded, a team
    picked, a plan chosen or influence allocated before both have answered is named neither in
    the channel nor in the other team's DMs (prompts, hand, narration)."""
    plan_names = {s: p.name for s, p in PACK.plans.items()}
    for step in KIT.playout(2, seed):
        state = step.after
        channel = "\n".join(
            getattr(a, "text", "") or texts(getattr(a, "message", Message()))
            for a in await P.channel(step.seen(PUBLIC), False)
        )
        channel += "\n" + texts(P.status(step.table(PUBLIC)))
        channel += "\n" + texts(await P.board(step.table(PUBLIC), False))
        for seat in (0, 1):
            team = state.teams[seat]
            other = 1 - seat
            hidden = set(team.hand) | set(team.discarded)
            if team.chosen and not team.plan:
                hidden.add(team.chosen)
            hidden -= set(state.teams[other].hand) | set(state.teams[other].discarded)
            hidden -= {team.plan, *team.used, *state.teams[other].used, state.teams[other].plan}
            theirs = "\n".join(
                texts(a.message) for a in await P.seat(step.seen(Seat(other)), False)
            )
            theirs += "\n" + texts(await P.hand(step.table(Seat(other)), False))
            for t, d in _decision_tables(step):
                if t.seat == other:
                    theirs += "\n" + texts(P.prompt(t, d), skip=())
            for slug in hidden:
                assert plan_names[slug] not in channel, (slug, channel[-300:])
                assert plan_names[slug] not in theirs, slug
            if team.picked and not team.guild:
                assert "Your team is recorded" not in channel
            if team.allocation is not None and state.phase == "maintenance":
                assert "Influence allocated" not in theirs and "Your influence" not in channel


# --- the chronicle -----------------------------------------------------------------------------


def test_the_chronicle_places_counts_and_recap_of_a_whole_game():
    """ "The first team to 6 VP wins": the winner places first; goals, take-outs and the VP
    total per team; the recap names the first goal and the final score."""
    from games.guild_ball.chronicle import CHRONICLE

    events, final = [], None
    for step in KIT.playout(2, 3):
        events += [GAME.event_view(e, PUBLIC) for e in step.events]
        final = step.after
    assert final is not None and final.result is not None
    winner = final.result.winner
    assert CHRONICLE.places(events, 2) == tuple(0 if s == winner else 1 for s in range(2))
    stats = CHRONICLE.statistics(events, 2)
    assert [s["VP"] for s in stats] == [t.vp for t in final.teams]
    assert [s["goals"] for s in stats] == [t.goals for t in final.teams]
    recap = CHRONICLE.recap(events, NAMES)
    vp = final.teams
    assert recap[-1].startswith(f"{NAMES[winner]} won, {vp[0].vp}–{vp[1].vp} VP")
    assert CHRONICLE.places(events[:10], 2) is None
