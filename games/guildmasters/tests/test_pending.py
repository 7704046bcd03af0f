"""Whom the game waits for, to decide what, and the documented default of an absent guild
(docs/rules-notes.md, "Defaults of an absent guild"); `stage` names each wait apart."""

from games.guildmasters import GAME
from games.guildmasters.rules.commands import (
    Activate,
    ApplyDefaults,
    Choose,
    EndTurn,
    Pass,
    React,
    Recruit,
)
from games.guildmasters.rules.events import Passed
from games.guildmasters.rules.pending import pending
from games.guildmasters.tests.table import of, run, table


def test_a_turn_waits_for_its_guild_and_passes_by_default():
    state = table(players=3, guild=[{"seat": 0, "hand": ["mage-1", "mage-2"]}])
    (decision,) = pending(state)
    assert (decision.seat, decision.kind, decision.default) == (0, "turn", Pass(seat=0))
    _, after = run(state, Recruit(seat=0, cards=("mage-1", "mage-2")))
    assert pending(after)[0].default == EndTurn(seat=0)
    log, _ = run(state, ApplyDefaults(seat=-1, seats=(0,)))
    assert of(log, Passed)


def test_a_look_waits_for_its_user_the_first_card_by_default():
    state = table(deck=["bard-1", "mage-1"], guild=[{"seat": 0, "hand": ["scout-1"]}])
    _, state = run(state, Activate(seat=0, card="scout-1"))
    (decision,) = pending(state)
    assert decision.kind == "choose" and decision.default == Choose(seat=0, pick="bard-1")


def test_a_reaction_waits_for_everyone_asked_no_by_default():
    state = table(
        players=4,
        deck=["bard-1"],
        guild=[{"seat": 0, "hand": ["scout-1"]}, {"seat": 2, "hand": ["hunter-1"]}],
    )
    _, state = run(state, Activate(seat=0, card="scout-1"), Choose(seat=0, pick="bard-1"))
    decisions = pending(state)
    assert [d.seat for d in decisions] == [1, 2, 3]
    assert all(d.kind == "ambush" and d.default == React(seat=d.seat) for d in decisions)
    hunter = next(d for d in decisions if d.seat == 2)
    assert React(seat=2, card="hunter-1") in hunter.options


def test_every_wait_has_its_own_stage_key():
    state = table(deck=["bard-1"], guild=[{"seat": 0, "hand": ["scout-1"]}])
    keys = [GAME.stage(state).key]
    for command in (Activate(seat=0, card="scout-1"), Choose(seat=0, pick="bard-1")):
        _, state = run(state, command)
        keys.append(GAME.stage(state).key)
    _, state = run(state, React(seat=1))
    keys.append(GAME.stage(state).key)
    assert len(set(keys)) == len(keys)
    assert GAME.stage(state).kind == "turn"
