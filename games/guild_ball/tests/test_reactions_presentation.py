"""The parting blow's question as its player sees it: a DM prompt to the enemy's player that
says when the window closes and what happens then, whose buttons send the answer; and what
the other side sees of it (nothing private)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from bot.presentation_kit import Kit, action_of, arg_of, controls, texts
from bot.service import wait_minutes
from engine.core.game import PUBLIC, Seat
from games.guild_ball import GAME
from games.guild_ball.content.loader import load_pack
from games.guild_ball.presentation import PRESENTATION as P
from games.guild_ball.rules import commands as cm
from games.guild_ball.tests.rules_table import PIKE, TAMSIN
from games.guild_ball.tests.test_reactions import AWAY, BRAWL, ready

KIT = Kit(GAME, ("Ana", "Bo"))
DUE = datetime(2026, 11, 26, 0, 30, tzinfo=UTC)


def paused():
    """Oswin (seat 0) jogs out of Tamsin's melee zone: the game waits on seat 1."""
    before = ready(BRAWL, dice=(6,) * 7)
    events, after = GAME.execute(before, AWAY)
    return before, events, after


def test_the_enemy_player_is_asked_by_dm_with_the_window_and_its_default() -> None:
    _, _, state = paused()
    (decision,) = GAME.pending(state)
    table = replace(KIT.table(state, Seat(1)), due=DUE)
    message = P.prompt(table, decision)
    shown = texts(message)
    assert "Parting blow" in shown and "Tamsin" in shown and "Oswin" in shown
    stamp = int(DUE.timestamp())
    assert f"<t:{stamp}:R>" in shown and "the parting blow is struck" in shown
    answers = {arg_of(c): c.label for c in controls(message) if action_of(c) == "gbpart"}
    assert answers == {"1": "Strike (default)", "0": "Let it go"}


async def test_the_buttons_send_the_answer() -> None:
    _, _, state = paused()
    for arg, strike in (("1", True), ("0", False)):
        ask = KIT.ask(state, 1)
        reply = await P.control(ask, "gbpart", arg, [], {}, 1)
        assert ask.acted == [cm.PartingBlow(seat=1, strike=strike)], reply
        # Struck, the blow's results wait for its player; let go, the advance has gone on.
        after = GAME.pending(ask.state)[0]
        assert (after.kind, after.seat) == (("playbook", 1) if strike else ("action", 0))
    ask = KIT.ask(state, 0)  # the mover's player has nothing to answer
    reply = await P.control(ask, "gbpart", "1", [], {}, 0)
    assert ask.acted == [] and reply.message is not None


async def test_the_other_side_sees_nothing_private() -> None:
    """The mover's player is not asked, and neither the question nor what the channel and the
    mover's DMs are told of it holds a plan in either hand (each hand is its seat's secret)."""
    before, events, state = paused()
    assert [d.seat for d in GAME.pending(state)] == [1]
    assert KIT.table(state, Seat(0)).decisions == ()
    plans = load_pack().plans
    secret = {
        text for team in state.teams for slug in team.hand for text in (slug, plans[slug].name)
    }
    (decision,) = GAME.pending(state)
    asked = texts(P.prompt(KIT.table(state, Seat(1)), decision))
    assert not any(s in asked for s in secret)
    step = KIT.step(before, events, 0)
    told = repr(await P.channel(step.seen(PUBLIC), False))
    assert "leaves **Tamsin Cole**: a parting blow?" in told
    told += repr(await P.seat(step.seen(Seat(0)), False))
    assert not any(s in told for s in secret)


def test_the_lobby_says_the_reaction_window_and_the_time_bank_chosen() -> None:
    assert P.lobby_lines({"reaction": 30, "bank": 20})[1:] == [
        "Reactions out of turn wait 30 minutes.",
        "Time bank: 20 minutes per player.",
    ]
    assert len(P.lobby_lines({})) == 1  # the defaults need no words


def test_bonus_time_is_offered_beside_the_strike_when_the_team_has_mp() -> None:
    """ "When resolving a TN test, a model may spend 1 MP to add one die to the dice pool before
    rolling": the parting blow's player may buy it with one click, a second Strike button (as
    the Snap Shot offers it); the default stays the blow without Bonus Time."""
    state = GAME.execute(ready(BRAWL, dice=(6,) * 8, mp=(0, 1)), AWAY)[1]
    (decision,) = GAME.pending(state)
    message = P.prompt(KIT.table(state, Seat(1)), decision)
    answers = {arg_of(c): c.label for c in controls(message) if action_of(c) == "gbpart"}
    assert answers == {
        "1": "Strike (default)",
        "1b": "Strike + Bonus Time (1 MP)",
        "0": "Let it go",
    }
    assert decision.default == cm.PartingBlow(seat=1)


async def test_the_bonus_time_button_strikes_with_bonus_time() -> None:
    state = GAME.execute(ready(BRAWL, dice=(1,) * 8, mp=(0, 1)), AWAY)[1]
    ask = KIT.ask(state, 1)
    reply = await P.control(ask, "gbpart", "1b", [], {}, 1)
    assert ask.acted == [cm.PartingBlow(seat=1, strike=True, bonus=True)], reply
    assert ask.state.teams[1].mp == 0


async def test_a_counter_attack_with_bonus_time_is_one_button() -> None:
    """Bonus Time on the Counter-Attack's attack ("2.2 Bonus Time: Player may use Bonus
    Time"): a "Counter-Attack + Bonus Time (2 MP)" button beside the plain one, when the team
    has the 2 MP; "No" stays the default."""
    places = {PIKE: (10.0, 10.0), TAMSIN: (10.0, 11.8)}
    state = ready(places, active=PIKE, dice=(1,) * 10, mp=(0, 2), influence={PIKE: 3})
    state = GAME.execute(state, cm.Attack(seat=0, target=TAMSIN))[1]
    (decision,) = GAME.pending(state)
    message = P.prompt(KIT.table(state, Seat(1)), decision)
    answers = {arg_of(c): c.label for c in controls(message) if action_of(c) == "gbreact"}
    assert answers == {
        "n": "No (default)",
        "c": "Counter-Attack (1 MP)",
        "cb": "Counter-Attack + Bonus Time (2 MP)",
    }
    ask = KIT.ask(state, 1)
    reply = await P.control(ask, "gbreact", "cb", [], {}, 1)
    assert ask.acted == [cm.React(seat=1, counter=True, bonus=True)], reply
    assert ask.state.teams[1].mp == 0


async def test_the_striker_picks_the_parting_blows_result_from_its_prompt() -> None:
    """The parting blow's results are its player's to select ("Damage, knocked down, and tackle
    are the only valid results for a parting blow"): a playbook prompt to the striker's seat
    offers only those, the engine's pick marked as the default; a press selects one."""
    state = GAME.execute(ready(BRAWL, dice=(6, 6, 6, 6, 1, 1, 1)), AWAY)[1]
    state = GAME.execute(state, cm.PartingBlow(seat=1))[1]
    (decision,) = GAME.pending(state)
    message = P.prompt(KIT.table(state, Seat(1)), decision)
    picks = {arg_of(c): c.label for c in controls(message) if action_of(c) == "gbpick"}
    assert picks == {
        "1.0": "1: dmg 1",
        "2.0": "2: dmg 2",
        "3.0": "3: dmg 2",
        "3.1": "3: ★ KD (default)",
    }
    ask = KIT.ask(state, 1)
    reply = await P.control(ask, "gbpick", "3.0", [], {}, 1)
    assert ask.acted == [cm.ChooseResult(seat=1, column=3, row=0)], reply
    assert GAME.pending(ask.state)[0].kind == "action"  # Oswin's advance went on


def test_the_parting_blows_results_wait_in_the_short_window() -> None:
    """Issue 24: "reactions offered to the opponent by DM ... with a short window and a
    documented default". The striker's playbook prompt is the reaction's: the bot gives it the
    reaction window (2 minutes, not the table's day for a turn) and the prompt says when it
    closes and that the result worth most is then taken."""
    state = GAME.execute(ready(BRAWL, dice=(6, 6, 6, 6, 1, 1, 1)), AWAY)[1]
    state = GAME.execute(state, cm.PartingBlow(seat=1))[1]
    (decision,) = GAME.pending(state)
    assert wait_minutes(GAME.stage(state), {"turn": 24 * 60, "reaction": 24 * 60}) == 2
    message = P.prompt(replace(KIT.table(state, Seat(1)), due=DUE), decision)
    shown = texts(message)
    assert f"<t:{int(DUE.timestamp())}:R>" in shown and "the result worth most is taken" in shown


def countered(declared: bool):
    """Pike (seat 0) attacks Tamsin, with Bonus Time if `declared`; Tamsin's player declares a
    Counter-Attack: the game waits for Pike's player's Bonus Time at 2.2."""
    places = {PIKE: (10.0, 10.0), TAMSIN: (10.0, 11.8)}
    state = ready(places, active=PIKE, dice=(1,) * 12, mp=(1, 1), influence={PIKE: 3})
    state = GAME.execute(state, cm.Attack(seat=0, target=TAMSIN, bonus=declared))[1]
    return GAME.execute(state, cm.React(seat=1, counter=True))[1]


def test_the_attacker_is_asked_bonus_time_after_the_response_by_dm() -> None:
    """ "2.2 BONUS TIME Player may use Bonus Time", after "1.1 RESPONSE": the attacking player
    gets two buttons, "Bonus Time (1 MP)" and "No Bonus Time", the prompt naming the response
    (a Counter-Attack) and marking the choice made with the attack as the default; the bot gives
    it the reaction window."""
    for declared, default in ((True, "1"), (False, "0")):
        state = countered(declared)
        (decision,) = GAME.pending(state)
        assert (decision.kind, decision.seat) == ("bonus_time", 0)
        assert wait_minutes(GAME.stage(state), {"turn": 24 * 60, "reaction": 24 * 60}) == 2
        message = P.prompt(replace(KIT.table(state, Seat(0)), due=DUE), decision)
        shown = texts(message)
        assert "Bonus Time" in shown and "Tamsin Cole answers" in shown
        assert "Counter-Attack" in shown and f"<t:{int(DUE.timestamp())}:R>" in shown
        labels = {arg_of(c): c.label for c in controls(message) if action_of(c) == "gbbt"}
        assert set(labels) == {"1", "0"}
        assert labels["1"].startswith("Bonus Time (1 MP)")
        assert labels["0"].startswith("No Bonus Time")
        other = "0" if default == "1" else "1"
        assert labels[default].endswith("(default)")
        assert not labels[other].endswith("(default)")
    # What the waiting line and the help say of it.
    assert P.kinds["bonus_time"] == "Bonus Time after the target's response"
    assert "whether to use Bonus Time" in P.topics["attacks"]


async def test_the_bonus_time_buttons_send_the_answer() -> None:
    """A press answers the question: Bonus Time bought spends the 1 MP at 2.2; declined, the
    attack is rolled without it and nothing is spent."""
    for arg, buy, mp in (("1", True, 0), ("0", False, 1)):
        ask = KIT.ask(countered(True), 0)
        reply = await P.control(ask, "gbbt", arg, [], {}, 0)
        assert ask.acted == [cm.BonusTime(seat=0, buy=buy)], reply
        assert ask.state.teams[0].mp == mp


async def test_only_the_attacker_is_asked_bonus_time() -> None:
    """The defender's player is not asked (nothing waits on their seat) and cannot answer; the
    prompt holds no plan of either hand."""
    state = countered(False)
    assert KIT.table(state, Seat(1)).decisions == ()
    ask = KIT.ask(state, 1)
    reply = await P.control(ask, "gbbt", "1", [], {}, 1)
    assert ask.acted == [] and reply.message is not None
    plans = load_pack().plans
    secret = {
        text for team in state.teams for slug in team.hand for text in (slug, plans[slug].name)
    }
    (decision,) = GAME.pending(state)
    assert not any(s in texts(P.prompt(KIT.table(state, Seat(0)), decision)) for s in secret)
