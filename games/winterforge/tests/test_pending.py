"""Whom the game waits for, and the default of an absent Player (rules notes, "Absent
Players")."""

from __future__ import annotations

from engine.core.game import replay
from games.winterforge import GAME
from games.winterforge.rules.commands import ApplyDefaults, ChooseRoyal, EndTurn
from games.winterforge.rules.content import SKILLS
from games.winterforge.rules.events import DefaultsApplied, RoyalChosen, TurnEnded
from games.winterforge.rules.pending import ROYAL, TURN, default_royal, pending
from games.winterforge.tests.table import PACK, by_type, play, refused, table


def test_at_set_up_every_player_still_choosing_a_royal_contract_is_waited_for():
    state = replay(GAME, GAME.create(3, 1, {}))
    decisions = pending(state)
    assert [(d.seat, d.kind) for d in decisions] == [(0, ROYAL), (1, ROYAL), (2, ROYAL)]
    assert all(len(d.options) == 2 for d in decisions)


def test_an_absent_player_keeps_the_royal_contract_that_fits_its_skills_best():
    state = replay(GAME, GAME.create(3, 1, {}))
    for seat, g in enumerate(state.guilds):

        def fit(slug: str, g=g) -> int:
            return sum(g.skills[SKILLS.index(t)] for t in PACK.royals[slug].types)

        best = max(fit(r) for r in g.royal_offer)
        chosen = default_royal(state, seat)
        assert fit(chosen) == best
        if fit(g.royal_offer[0]) == best:
            assert chosen == g.royal_offer[0]  # the first dealt on a tie


def test_defaults_answer_every_royal_choice_at_once():
    state = replay(GAME, GAME.create(2, 1, {}))
    state, log = play(state, ApplyDefaults(seat=-1))
    assert len(by_type(log, RoyalChosen)) == 2 and not state.choosing


def test_during_play_the_current_player_is_waited_for():
    state = table(players=3, current=1)
    (decision,) = pending(state)
    assert (decision.seat, decision.kind, decision.default) == (1, TURN, EndTurn(seat=1))


def test_an_absent_player_s_turn_ends_without_an_action():
    state = table(players=2)
    state, log = play(state, ApplyDefaults(seat=-1, seats=(0,)))
    assert by_type(log, DefaultsApplied) == [DefaultsApplied(seats=(0,), kinds=(TURN,))]
    assert by_type(log, TurnEnded) == [TurnEnded(seat=0, number=1)]


def test_defaults_for_a_player_not_waited_for_are_refused():
    refused(table(players=2), ApplyDefaults(seat=-1, seats=(1,)), "nothing_pending")
    refused(table(players=2), ApplyDefaults(seat=-1, seats=(5,)), "seat")


def test_nothing_is_waited_for_once_the_game_is_over():
    state, _ = play(table(players=2, current=1, ending="contracts"), EndTurn(seat=1))
    assert pending(state) == ()
    refused(state, ChooseRoyal(seat=0, royal="x"), "game_over")
