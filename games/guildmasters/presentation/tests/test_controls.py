"""Every control of the game's DM prompts, pressed by a player: each kind of action ends in the
command the rules expect (the draft pick; a quest with the proposed assignment, adjusted; every
ability with its target, level, card or gift; a recruit; pass; end turn; a look's choice; a
reaction's yes and no), and a stale or foreign press is refused with what to do instead."""

from __future__ import annotations

from bot.render.ui import Button, Select
from engine.core.game import Seat
from games.guildmasters import GAME
from games.guildmasters.presentation import PRESENTATION
from games.guildmasters.presentation.tests.tables import (
    FakeAsk,
    action_of,
    arg_of,
    find,
    has,
    new_game,
    table,
    texts,
)
from games.guildmasters.rules import commands as cm
from games.guildmasters.rules.views import quest_card
from games.guildmasters.tests.table import table as lay_out

P = PRESENTATION


def prompt_of(state, seat):
    t = table(state, Seat(seat))
    assert t.decisions, "nothing is asked of this seat"
    return P.prompt(t, t.decisions[0])


async def press(ask, message, action, values=None):
    control = find(message, action)
    return await P.control(ask, action, arg_of(control), values or [], {}, ask.seat)


async def test_the_draft_pick_keeps_the_chosen_card():
    state = new_game(3, 2).after
    message = prompt_of(state, 1)
    select = find(message, "gdpick", Select)
    card = select.options[-1].value
    assert sum("(default)" in o.label for o in select.options) == 1
    ask = FakeAsk(state, 1)
    reply = await press(ask, message, "gdpick", [card])
    assert ask.acted == [cm.Pick(seat=1, card=card)]
    assert reply.edit and "You kept the" in texts(reply.message) and not reply.message.rows


QUEST = "the-millers-missing-goat"  # needs a Monk and a Hunter


def quest_table():
    return lay_out(
        players=3,
        rows=[[QUEST]],
        guild=[{"seat": 0, "hand": ["monk-1", "hunter-1", "scout-1", "bard-1", "hunter-2"]}],
    )


async def test_a_quest_is_proposed_adjusted_and_sent():
    state = quest_table()
    number = str(quest_card(QUEST).number)
    ask = FakeAsk(state, 0)
    reply = await press(ask, prompt_of(state, 0), "gdquest", [number])
    shown = reply.message
    assert reply.edit and "Proposed:" in texts(shown) and "meets the requisites" in texts(shown)
    adjust = find(shown, "gdqset", Select)
    chosen = [o.value for o in adjust.options if o.default]
    assert len(chosen) == 3  # the Monk, a Hunter and the Bard along for influence
    # The player leaves the Bard at home and swaps in the other Hunter.
    labels = {o.value: o.label for o in adjust.options}
    hunters = [v for v, label in labels.items() if label.startswith("Hunter")]
    monk = next(v for v, label in labels.items() if label.startswith("Monk"))
    reply = await P.control(ask, "gdqset", arg_of(adjust), [monk, hunters[1]], {}, 0)
    assert "You send: Hunter, Monk" in texts(reply.message)
    # Too little is shown as such, and cannot be sent.
    short = await P.control(ask, "gdqset", arg_of(adjust), [monk], {}, 0)
    assert "does not meet the requisites" in texts(short.message)
    assert find(short.message, "gdqgo", Button).disabled
    await press(ask, reply.message, "gdqgo")
    assert ask.acted == [
        cm.Fulfil(seat=0, quest=QUEST, cards=("monk-1", "hunter-2"), tiles=(), cycles=())
    ]


async def test_a_stale_send_is_refused():
    state = quest_table()
    ask = FakeAsk(state, 0)
    number = str(quest_card(QUEST).number)
    reply = await press(ask, prompt_of(state, 0), "gdquest", [number])
    # The hand changes (a recruit made from another prompt) before the button is pressed.
    ask.state = GAME.execute(state, cm.Recruit(seat=0, cards=("hunter-1", "hunter-2")))[1]
    stale = await press(ask, reply.message, "gdqgo")
    assert "out of date" in stale.message.content and ask.acted == []


async def test_back_shows_the_menu_again():
    state = quest_table()
    ask = FakeAsk(state, 0)
    reply = await press(ask, prompt_of(state, 0), "gdquest", [str(quest_card(QUEST).number)])
    back = await press(ask, reply.message, "gdback")
    assert has(back.message, "gdpass") and has(back.message, "gdquest")


def ability_table(*hand, other=("warrior-1", "cleric-1", "monk-2")):
    return lay_out(
        players=3,
        discard=["scout-7", "cleric-5"],
        guild=[{"seat": 0, "hand": list(hand)}, {"seat": 1, "hand": list(other)}],
    )


async def test_scout_activates_at_once():
    state = ability_table("scout-1")
    ask = FakeAsk(state, 0)
    await press(ask, prompt_of(state, 0), "gdact", ["scout-1"])
    assert ask.acted == [cm.Activate(seat=0, card="scout-1")]


async def test_monk_asks_the_level():
    state = ability_table("monk-1")
    ask = FakeAsk(state, 0)
    reply = await press(ask, prompt_of(state, 0), "gdact", ["monk-1"])
    level2 = next(b for row in reply.message.rows for b in row if "Level 2" in b.label)
    await P.control(ask, action_of(level2), arg_of(level2), [], {}, 0)
    assert ask.acted == [cm.Activate(seat=0, card="monk-1", level=2)]


async def test_necromancer_takes_from_the_discard():
    state = ability_table("necromancer-1")
    ask = FakeAsk(state, 0)
    reply = await press(ask, prompt_of(state, 0), "gdact", ["necromancer-1"])
    assert {o.value for o in find(reply.message, "gdnecro", Select).options} == {
        "scout-7",
        "cleric-5",
    }
    await press(ask, reply.message, "gdnecro", ["cleric-5"])
    assert ask.acted == [cm.Activate(seat=0, card="necromancer-1", take="cleric-5")]


async def test_rogue_targets_a_guild_that_has_not_passed():
    state = lay_out(
        players=3,
        guild=[
            {"seat": 0, "hand": ["rogue-1"]},
            {"seat": 1, "hand": ["warrior-1"]},
            {"seat": 2, "hand": ["cleric-1"], "passed": True},
        ],
    )
    ask = FakeAsk(state, 0)
    reply = await press(ask, prompt_of(state, 0), "gdact", ["rogue-1"])
    buttons = [b for b in reply.message.rows[0]]
    assert [b.label for b in buttons] == ["Bo"]  # Cyrus has passed: untargetable
    await P.control(ask, "gdtgt", arg_of(buttons[0]), [], {}, 0)
    assert ask.acted == [cm.Activate(seat=0, card="rogue-1", target=1)]
    forged = await P.control(FakeAsk(state, 0), "gdtgt", "rogue-1.2", [], {}, 0)
    assert "has not passed" in forged.message.content


async def test_mage_targets_then_gives():
    state = ability_table("mage-1", "bard-1", "scout-1")
    ask = FakeAsk(state, 0)
    reply = await press(ask, prompt_of(state, 0), "gdact", ["mage-1"])
    bo = reply.message.rows[0][0]
    reply = await P.control(ask, "gdtgt", arg_of(bo), [], {}, 0)
    gift = find(reply.message, "gdgive", Select)
    assert gift.max_values == 2 and {o.value for o in gift.options} == {"bard-1", "scout-1"}
    await press(ask, reply.message, "gdgive", ["bard-1"])
    assert ask.acted == [cm.Activate(seat=0, card="mage-1", target=1, give=("bard-1",))]


async def test_recruit_pass_and_end_turn():
    state = ability_table("cleric-2", "cleric-3", "scout-1")
    ask = FakeAsk(state, 0)
    message = prompt_of(state, 0)
    assert [o.value for o in find(message, "gdrec", Select).options] == ["cleric"]
    reply = await press(ask, message, "gdrec", ["cleric"])
    assert ask.acted == [cm.Recruit(seat=0, cards=("cleric-2", "cleric-3"))]
    # The recruit was the action; the same turn's menu offers only the end of it now (the
    # rules' decision changed step, so the core posts the new prompt; this one is closed).
    assert not reply.message.rows
    after = table(ask.state, Seat(0))
    menu = P.prompt(after, after.decisions[0])
    assert has(menu, "gdend") and not has(menu, "gdpass")
    await press(ask, menu, "gdend")
    assert ask.acted[-1] == cm.EndTurn(seat=0)
    state = ability_table("scout-1")
    ask = FakeAsk(state, 0)
    await press(ask, prompt_of(state, 0), "gdpass")
    assert ask.acted == [cm.Pass(seat=0)]


async def test_a_look_keeps_the_chosen_card():
    state = ability_table("rogue-1")
    state = GAME.execute(state, cm.Activate(seat=0, card="rogue-1", target=1))[1]
    state = GAME.execute(state, cm.React(seat=1))[1]  # no Protect
    message = prompt_of(state, 0)
    select = find(message, "gdchoose", Select)
    assert len(select.options) == 6  # keep one of three, discard one of the two others
    ask = FakeAsk(state, 0)
    await press(ask, message, "gdchoose", [select.options[0].value])
    look = table(state, Seat(0)).view.looking
    assert ask.acted == [cm.Choose(seat=0, pick=look[0], drop=look[1])]


async def test_reactions_yes_and_no_and_alike_for_all():
    state = lay_out(
        players=3,
        rows=[[QUEST]],
        guild=[
            {"seat": 0, "hand": ["monk-1", "hunter-1"]},
            {"seat": 1, "hand": ["assassin-1"]},
            {"seat": 2, "hand": ["scout-8"]},
        ],
    )
    state = GAME.execute(state, cm.Fulfil(seat=0, quest=QUEST, cards=("monk-1", "hunter-1")))[1]
    holder, other = prompt_of(state, 1), prompt_of(state, 2)
    # The same question to both: only the holder's controls offer a yes.
    assert holder.embeds == other.embeds
    assert has(holder, "gdyes") and not has(other, "gdyes")
    assert has(holder, "gdno") and has(other, "gdno")
    no = FakeAsk(state, 2)
    reply = await press(no, other, "gdno")
    assert no.acted == [cm.React(seat=2)] and "You answered no." in texts(reply.message)
    yes = FakeAsk(no.state, 1)
    select = find(holder, "gdyes", Select)
    monk = next(o for o in select.options if "Monk" in o.label)
    await press(yes, holder, "gdyes", [monk.value])
    assert yes.acted == [cm.React(seat=1, card="assassin-1", victim="monk-1")]


async def test_foreign_and_untimely_presses_are_refused():
    state = ability_table("scout-1")
    reply = await P.control(FakeAsk(state, 1), "gdpass", "", [], {}, 1)
    assert "not asked of you now" in reply.message.content
    reply = await P.control(FakeAsk(state, 0), "wfend", "", [], {}, 0)
    assert "not one of this game's" in reply.message.content
    reply = await P.control(FakeAsk(state, None), "gdpass", "", [], {}, 0)
    assert "Only this game's players" in reply.message.content
