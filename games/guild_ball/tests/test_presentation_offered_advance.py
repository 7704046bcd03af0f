"""A play's additional jog as its player is offered it (issue 24): the prompt and the answers say
jog, not dodge, and, as the standard jog's preview does, the preview of the chosen way warns of
the parting blows it provokes ("When performing an advance, if an active model leaves the melee
zone or LOS of an enemy model that's engaging it, that enemy model may immediately declare a
parting blow against the active model"); Confirm makes it. A plain dodge keeps its words and its
one click, and warns of nothing: "Repositioning refers to any movement that isn't an advance".

Dagny's Long Haul offers Barnaby, engaged by Tamsin, a 5" jog (test_rules_additional_advance.py);
Oswin, engaged by Tamsin, is offered Pass & Move's 4" dodge (test_rules_charge_parting.py)."""

from __future__ import annotations

from typing import Any

from bot.presentation import Reply
from bot.presentation_kit import Kit, action_of, arg_of, controls, texts
from bot.render.ui import Message
from engine.core.game import Seat
from games.guild_ball import GAME
from games.guild_ball.presentation import PRESENTATION as P
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.state import Dodge
from games.guild_ball.tests.rules_table import OSWIN
from games.guild_ball.tests.rules_table import TAMSIN as TAMSIN_1
from games.guild_ball.tests.test_rules_additional_advance import (
    AWAY,
    ESK,
    TAMSIN,
    barnabys_turn,
)
from games.guild_ball.tests.test_rules_charge_parting import table as oswins_turn

KIT = Kit(GAME, ("Ana", "Bo"))
WARNING = "⚠ Parting blows from Tamsin Cole."


def prompt_of(state: Any, seat: int) -> Message:
    (decision,) = GAME.pending(state)
    assert decision.kind == "dodge"
    return P.prompt(KIT.table(state, Seat(seat)), decision)


def arg_labelled(message: Message, action: str, start: str) -> str:
    (arg,) = [arg_of(c) for c in controls(message) if action_of(c) == action and c.label == start]
    return arg


async def press(state: Any, seat: int, action: str, arg: str, **form: str) -> tuple[Any, Reply]:
    ask = KIT.ask(state, seat)
    reply = await P.control(ask, action, arg, [], dict(form), seat)
    return ask, reply


def test_the_offered_jog_is_prompted_as_a_jog_that_may_provoke_parting_blows() -> None:
    """ "An additional advance will be specified as a jog, sprint, or charge": Barnaby's prompt
    names the jog (its title, its default, its deadline) and says that, as an advance, leaving
    an engaging enemy's zone provokes a parting blow; it never says dodge."""
    shown = texts(prompt_of(barnabys_turn(), 1))
    assert "Jog" in shown and "No jog (default)" in shown and "no jog is made" in shown
    assert "The jog is an advance" in shown and "provokes a parting blow" in shown
    assert "dodge" not in shown.lower()


async def test_the_offered_jogs_preview_warns_of_the_parting_blow_and_sends_nothing() -> None:
    """Barnaby's jog away from Tamsin leaves her melee zone: its preview, as a standard jog's,
    says "⚠ Parting blows from Tamsin Cole." and nothing is done before Confirm."""
    state = barnabys_turn()
    away = arg_labelled(prompt_of(state, 1), "gbdodge", "Away from Tamsin Cole")
    ask, reply = await press(state, 1, "gbdodge", away)
    assert ask.acted == [] and reply.edit
    shown = texts(reply.message)
    assert "Jog preview" in shown and "**Barnaby Splice** jogs from (10.0, 12.0) to" in shown
    assert WARNING in shown and "dodge" not in shown.lower()
    assert {c.label for c in controls(reply.message)} == {"Confirm", "Adjust…", "Back"}


async def test_confirming_the_offered_jog_makes_it_and_says_jog_and_its_blow() -> None:
    """Confirm sends the previewed jog; the answer says "You jog to …" with the parting blow it
    waits for, and Tamsin's player is asked."""
    state = barnabys_turn()
    _, preview = await press(state, 1, "gbdodm", "", path="14.5, 12")
    ask, reply = await press(
        state, 1, "gbdodge", arg_labelled(preview.message, "gbdodge", "Confirm")
    )
    assert ask.acted == [AWAY]
    assert f"You jog to (14.5, 12.0). {WARNING}" in texts(reply.message)
    (decision,) = GAME.pending(ask.state)
    assert (decision.kind, decision.seat, decision.context["model"]) == ("parting_blow", 0, TAMSIN)


async def test_typed_waypoints_of_the_offered_jog_are_previewed_with_the_warning() -> None:
    """The form of the offered jog is titled Jog; its waypoints come back as the preview, warned
    of Tamsin's blow, and nothing is sent."""
    state = barnabys_turn()
    _, form = await press(state, 1, "gbdodt", "")
    assert form.modal.title == "Jog"
    ask, reply = await press(state, 1, "gbdodm", "", path="14.5, 12")
    assert ask.acted == [] and WARNING in texts(reply.message)
    assert "to (14.5, 12.0)." in texts(reply.message)


async def test_back_from_the_preview_is_the_offer_again() -> None:
    state = barnabys_turn()
    ask, reply = await press(state, 1, "gbdodge", "")
    assert ask.acted == [] and "No jog (default)" in texts(reply.message)


async def test_declining_the_offered_jog_says_no_jog() -> None:
    ask, reply = await press(barnabys_turn(), 1, "gbdodge", "n")
    assert ask.acted == [cm.DodgeTo(seat=1)] and "No jog." in texts(reply.message)


async def test_an_offered_jog_leaving_no_melee_zone_warns_of_nothing() -> None:
    """A parting blow comes only "if an active model leaves the melee zone or LOS of an enemy
    model that's engaging it": Esk, engaged by nobody, is previewed with no warning."""
    state = barnabys_turn()
    state = GAME.execute(state, AWAY)[1]
    state = GAME.execute(state, cm.PartingBlow(seat=0, strike=False))[1]
    assert GAME.pending(state)[0].context["model"] == ESK
    _, reply = await press(state, 1, "gbdodge", "goal")
    shown = texts(reply.message)
    assert "**Esk Hawser** jogs from" in shown and "Parting blows" not in shown
    assert "Confirm" in {c.label for c in controls(reply.message)}


async def test_a_stale_preview_of_another_models_jog_is_refused() -> None:
    """A Confirm left from Barnaby's offer does not move Esk."""
    state = barnabys_turn()
    _, preview = await press(state, 1, "gbdodm", "", path="14.5, 12")
    confirm = arg_labelled(preview.message, "gbdodge", "Confirm")
    state = GAME.execute(state, AWAY)[1]
    state = GAME.execute(state, cm.PartingBlow(seat=0, strike=False))[1]
    ask, reply = await press(state, 1, "gbdodge", confirm)
    assert ask.acted == [] and "out of date" in texts(reply.message)
    assert GAME.pending(ask.state)[0].context["model"] == ESK


async def test_a_plain_dodge_keeps_its_words_and_warns_of_nothing() -> None:
    """ "A dodge is a specific type of reposition movement", and a parting blow comes "When
    performing an advance": Oswin's Pass & Move dodge away from Tamsin is prompted as a dodge,
    made at one click, and answered "You dodge to …" with no warning."""
    state = oswins_turn(
        {OSWIN: (10.0, 10.0), TAMSIN_1: (10.0, 12.0)},
        dodge=Dodge(model=OSWIN, inches=4, why="pass and move"),
    )
    message = prompt_of(state, 0)
    shown = texts(message)
    assert "Dodge" in shown and "No dodge (default)" in shown and "no dodge is made" in shown
    assert "advance" not in shown
    ask, reply = await press(
        state, 0, "gbdodge", arg_labelled(message, "gbdodge", "Away from Tamsin Cole")
    )
    (command,) = ask.acted
    assert isinstance(command, cm.DodgeTo) and command.path
    said = texts(reply.message)
    assert f"You dodge to {_point(command.path[-1])}." in said and "Parting blows" not in said


def _point(xy: tuple[float, float]) -> str:
    return f"({xy[0]:.1f}, {xy[1]:.1f})"
