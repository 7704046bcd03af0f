"""The Solo Variant: "an event deck will either help or hinder you over fifteen turns"."""

from __future__ import annotations

import pytest

from games.winterforge import GAME
from games.winterforge.rules.commands import (
    Buy,
    EndTurn,
    Forge,
    RefreshRow,
    RefreshTavern,
    RequestFunds,
    Train,
)
from games.winterforge.rules.context import actions_allowed
from games.winterforge.rules.events import (
    ComponentGiven,
    Event,
    Forged,
    GameCreated,
    GameEnded,
    JobTrackReplaced,
    RowRefreshed,
    TavernRefreshed,
    Trained,
    TurnBegan,
    WorkAdded,
)
from games.winterforge.rules.scoring import reputation
from games.winterforge.rules.state import SOLO, WinterforgeState
from games.winterforge.tests.table import PACK, by_type, dice, play, refused, table


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


# The Events' effects (docs/content.md, "events.toml"): one test per kind, each flipped at the
# start of turn 2.


def flip(event: str, **guild: object) -> tuple[WinterforgeState, list[Event]]:
    """The solo game's turn 2 begun with `event` flipped, the guild as given."""
    state = table(players=1, event_deck=[event], guild=[{"seat": 0, **guild}])
    return play(state, EndTurn(seat=0))


def test_a_coin_event_never_takes_coin_below_0():
    assert flip("a-grateful-patron", coin=3)[0].guilds[0].coin == 5
    assert flip("the-tithe-collector", coin=1)[0].guilds[0].coin == 0


def test_an_actions_event_changes_the_turn_s_actions():
    assert actions_allowed(flip("a-long-shift")[0]) == 4
    assert actions_allowed(flip("summoned-to-the-throne-hall")[0]) == 2


def test_a_component_event_gives_the_cheapest_of_its_row_and_replenishes():
    state = table(
        players=1,
        event_deck=["caravan-from-the-surface"],
        market=[[], ["fire-opal-1", "tin-ingot-1", "seasoned-oak-1"]],
        component_decks=[[], ["moonstone-1"]],
    )
    state, log = play(state, EndTurn(seat=0))
    assert by_type(log, ComponentGiven)[0].component == "tin-ingot-1"  # 2 Coin, the first such
    assert state.guilds[0].stockpile == ("tin-ingot-1",)
    assert state.market[1] == ("fire-opal-1", "moonstone-1", "seasoned-oak-1")


def test_the_market_and_tavern_events_refresh_them():
    _, log = flip("fresh-stalls")
    assert [(e.seat, e.level) for e in by_type(log, RowRefreshed)][:3] == [
        (-1, 1),
        (-1, 2),
        (-1, 3),
    ]
    _, log = flip("new-faces-at-the-tavern")
    assert by_type(log, TavernRefreshed)[0].cost == 0


def test_a_discount_event_lowers_that_precinct_s_costs():
    state, _ = flip("masters-open-day", at="forge", coin=10, skills={"weapons": 3})
    assert by_type(play(state, Train(seat=0, skill="weapons"))[1], Trained)[0].cost == 2


def test_a_forge_bonus_event_counts_in_every_forge():
    state, _ = flip(
        "cold-draught-from-the-gate",
        at="forge",
        hand=["alehouse-cleaver"],
        stockpile=["bog-iron-1", "pine-haft-1"],
        skills={"weapons": 3},
    )
    state = dice(state, 4, 4)
    cmd = Forge(seat=0, contract="alehouse-cleaver", components=("bog-iron-1", "pine-haft-1"))
    forged = by_type(play(state, cmd)[1], Forged)[0]
    assert ("event", -2) in forged.parts and forged.total == 4 + 4 + 3 - 2


def test_a_work_event_adds_tokens_to_a_started_contract_if_any():
    started = [
        {"contract": "alehouse-cleaver", "components": ["bog-iron-1", "pine-haft-1"], "tokens": 1}
    ]
    state, log = flip("apprentices-stay-late", started=started)
    assert by_type(log, WorkAdded) and state.guilds[0].started[0].tokens == 2
    assert not by_type(flip("apprentices-stay-late")[1], WorkAdded)


def test_a_no_prime_event_allows_no_prime_bonus():
    state, _ = flip("the-nobles-procession", at="guildhall", prime=True, coin=0)
    refused(state, RequestFunds(seat=0, prime=True), "no_prime")


def test_a_contracts_event_deals_the_job_track_again():
    state = table(
        players=1,
        event_deck=["new-orders-from-the-palace"],
        job_track=["miners-helm", "jasper-signet", "leather-jerkin", "scale-vest"],
        contract_deck=["amber-torc"],
    )
    state, log = play(state, EndTurn(seat=0))
    replaced = by_type(log, JobTrackReplaced)[0]
    assert replaced.returned == ("miners-helm", "jasper-signet", "leather-jerkin", "scale-vest")
    assert state.job_track[0] == "amber-torc" and state.contract_deck[-1] == "scale-vest"


def test_an_interest_event_charges_each_unpaid_loan():
    loans = ["stonecount-hearth-note", "vaultmere-pocket-loan"]
    assert flip("the-bank-calls-in-interest", coin=5, loans=loans)[0].guilds[0].coin == 3
