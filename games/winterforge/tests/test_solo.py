"""The Solo Variant: "an event deck will either help or hinder you over fifteen turns"."""

from __future__ import annotations

import pytest

from games.winterforge import GAME
from games.winterforge.rules.commands import Buy, EndTurn, RefreshRow, RefreshTavern
from games.winterforge.rules.context import actions_allowed
from games.winterforge.rules.events import GameCreated, GameEnded, TurnBegan
from games.winterforge.rules.scoring import reputation
from games.winterforge.rules.state import SOLO
from games.winterforge.tests.table import PACK, by_type, play, refused, table


def test_15_event_cards_of_the_20():
    """ "Shuffle all 20 of the Event Cards and remove 5 to create a deck of 15 cards." """
    assert len(PACK.events) == 20
    created = GAME.create(1, 3, {})[0]
    assert isinstance(created, GameCreated) and created.variant == SOLO
    assert len(created.event_deck) == 15 and len(set(created.event_deck)) == 15
    assert set(created.event_deck) <= set(PACK.events)


def test_an_event_is_flipped_at_the_start_of_every_turn():
    """ "At the start of every turn, before making your 3 actions, flip over the top card of the
    Event deck and resolve its effects." """
    state = table(players=1, event_deck=["fresh-stalls", "a-grateful-patron"])
    state, log = play(state, EndTurn(seat=0))
    assert by_type(log, TurnBegan)[0].event == "fresh-stalls"
    assert state.turn.event == "fresh-stalls" and state.event_deck[0] == "a-grateful-patron"
    coin = state.guilds[0].coin
    state, _ = play(state, EndTurn(seat=0))
    assert state.guilds[0].coin == coin + 2  # A Grateful Patron: +2 Coin


def test_the_game_ends_when_the_15th_turn_is_finished():
    """ "The game ends when you finish your 15th turn." """
    state = table(players=1, turn=14)
    state, _ = play(state, EndTurn(seat=0))
    assert state.result is None and state.turn.number == 15
    state, log = play(state, EndTurn(seat=0))
    assert by_type(log, GameEnded)[0].result.reason == "turns"


def test_a_royal_contract_does_not_end_the_solo_game_early():
    """The solo game ends after its 15th turn only (see the rules notes)."""
    state, _ = play(table(players=1, turn=5, ending="royal"), EndTurn(seat=0))
    assert state.result is None and state.turn.number == 6


@pytest.mark.parametrize(
    ("rp", "words"),
    [
        (0, "Why did ya bother?!"),
        (9, "Why did ya bother?!"),
        (10, "At least the blade is good."),
        (14, "At least the blade is good."),
        (15, "Ye got a good arm on ya."),
        (18, "Ye got a good arm on ya."),
        (19, "Ye hammer has struck true. Ye should be proud!"),
        (20, "Ye hammer has struck true. Ye should be proud!"),
        (21, "The king'll love this! You are a worthy one!"),
        (-2, "Why did ya bother?!"),
    ],
)
def test_your_reputation(rp, words):
    """ "0-9 Why did ya bother?! 10-14 At least the blade is good. 15-18 Ye got a good arm on ya.
    19-20 Ye hammer has struck true. Ye should be proud! 20+ The king'll love this! You are a
    worthy one!" — 20 is in both of the last two bands; the engine gives it "19-20" (rules
    notes)."""
    assert reputation(rp) == words


def test_the_final_score_carries_the_reputation():
    """ "Follow the end of game scoring procedure … to calculate your final score and find out how
    much respect you've earned as a solitary guild." """
    state, _ = play(table(players=1, turn=15), EndTurn(seat=0))
    assert state.result.reputation == reputation(state.result.totals[0])


def test_an_event_that_closes_a_precinct_closes_its_actions():
    """Lantern Strike at the Market: the Market's actions cannot be used this turn."""
    state = table(
        players=1,
        turn_event="lantern-strike-at-the-market",
        guild=[{"seat": 0, "at": "market", "coin": 5}],
    )
    refused(state, Buy(seat=0, components=(state.market[0][0],)), "closed")


def test_a_closed_precinct_s_free_actions_are_closed_too():
    """A closed precinct's free actions cannot be used either (docs/content.md: "that Precinct's
    actions (free actions too) cannot be used this turn"); a rule bug fixed: the Market row and
    the Tavern could still be refreshed."""
    state = table(
        players=1,
        turn_event="lantern-strike-at-the-market",
        guild=[{"seat": 0, "at": "market", "coin": 5}],
    )
    refused(state, RefreshRow(seat=0, level=1), "closed")
    state = table(
        players=1, turn_event="brawl-at-the-tavern", guild=[{"seat": 0, "at": "tavern", "coin": 5}]
    )
    refused(state, RefreshTavern(seat=0), "closed")


def test_an_event_s_lasting_effect_lasts_the_turn():
    state = table(players=1, turn_event="a-long-shift")
    assert state.turn.event == "a-long-shift"
    assert actions_allowed(state) == 4
