"""Set Up, steps 1–12 (and the variants' changes to it): every rule quoted from the rulebook."""

from __future__ import annotations

import pytest

from engine.core.game import replay
from games.winterforge import GAME
from games.winterforge.rules.commands import ChooseRoyal, EndTurn
from games.winterforge.rules.content import SKILLS
from games.winterforge.rules.events import GameCreated, RoyalChosen, TurnBegan
from games.winterforge.rules.setup import _roll_off
from games.winterforge.rules.state import LORDS, SOLO, STANDARD
from games.winterforge.tests.table import PACK, new_game, play, public, refused

ONE_RP = {c for c, card in PACK.contracts.items() if card.rp == 1}


def created(players: int, seed: int = 1, **options: bool) -> GameCreated:
    event = GAME.create(players, seed, options)[0]
    assert isinstance(event, GameCreated)
    return event


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_each_player_takes_3_coin(players):
    """1. "Each Player chooses a Guild Board, taking the matching coloured Smith Meeple, the 3
    matching coloured Skill Cubes, and 3 Coin." """
    state = replay(GAME, [created(players)])  # before a solo game's first Event is flipped
    assert [g.coin for g in state.guilds] == [3] * players
    assert len({g.board for g in state.guilds}) == players


def test_the_smith_starts_in_the_guildhall():
    """2. "Place your Smith Meeple on the board in the Guildhall Precinct." """
    assert {g.at for g in new_game(4).guilds} == {"guildhall"}


def test_skill_cubes_start_where_the_board_shows_and_at_0_where_it_shows_none():
    """3. "Place 1 Skill Cube on each Skill Track at the highest point indicated (if no point is
    indicated, that Skill starts with a value of 0 …)." """
    state = new_game(5)
    for g in state.guilds:
        board = PACK.guilds[g.board]
        assert g.skills == tuple(board.start.get(s, 0) for s in SKILLS)


def test_two_royal_contracts_are_dealt_and_one_is_kept_secretly():
    """4. "Shuffle and deal 2 Royal Contracts to each Player. Each Player secretly chooses 1 Royal
    Contract to keep and places the remaining Contract back into the game box." """
    state = replay(GAME, GAME.create(3, 1, {}))
    assert all(len(g.royal_offer) == 2 for g in state.guilds)
    dealt = [r for g in state.guilds for r in g.royal_offer]
    assert len(set(dealt)) == 6 and set(dealt) <= set(PACK.royals)
    keep, back = state.guilds[0].royal_offer
    state, log = play(state, ChooseRoyal(seat=0, royal=keep))
    assert log == [RoyalChosen(seat=0, royal=keep, returned=back)]
    assert state.guilds[0].royal == keep and state.guilds[0].royal_offer == ()


def test_no_turn_is_played_before_every_royal_contract_is_chosen():
    state = replay(GAME, GAME.create(2, 1, {}))
    refused(state, EndTurn(seat=state.order[0]), "choosing_royal")
    refused(state, ChooseRoyal(seat=0, royal="not-dealt"), "not_dealt")
    for seat in (0, 1):
        state, log = play(state, ChooseRoyal(seat=seat, royal=state.guilds[seat].royal_offer[0]))
    assert isinstance(log[-1], TurnBegan) and log[-1].number == 1


def test_lords_of_winterforge_deals_one_royal_contract():
    """For Six Smiths: "During Step 4 of Setup (pg. 5), each Player is dealt 1 Royal Contract
    instead of 2." Nothing is left to choose."""
    state = replay(GAME, GAME.create(6, 1, {}))
    assert state.variant == LORDS and not state.choosing
    assert all(g.royal and not g.royal_offer for g in state.guilds)


def test_there_are_9_contracts_worth_1_rp_and_each_player_is_dealt_one():
    """5. "Remove all Contracts worth 1 RP (there should be 9 in total) from the Contract deck,
    shuffle them, and deal a single 1 RP Contract, at random, to each Player." """
    assert len(ONE_RP) == 9
    event = created(4)
    assert len(event.starters) == 4 and set(event.starters) <= ONE_RP
    state = new_game(4)
    assert [len(g.hand) for g in state.guilds] == [1] * 4


@pytest.mark.parametrize(("players", "removed"), [(2, 15), (3, 10), (4, 5), (5, 0), (6, 0)])
def test_contracts_are_removed_by_player_count(players, removed):
    """6. "randomly remove the following amounts of Contracts from the Contract deck: If there are
    2 Players: 15; 3 Players: 10; 4 Players: 5; 5+ Players: 0. After this, shuffle the remaining 1
    RP Contracts back into the Contract deck." The removed Contracts are never 1 RP ones."""
    event = created(players)
    assert len(event.removed) == removed
    assert not set(event.removed) & ONE_RP
    in_play = {*event.contract_deck, *event.job_track, *event.starters}
    assert in_play | set(event.removed) == set(PACK.contracts)
    assert ONE_RP - set(event.starters) <= {*event.contract_deck, *event.job_track}


@pytest.mark.parametrize(("players", "size"), [(2, 4), (3, 4), (4, 5), (5, 5), (6, 5)])
def test_the_job_track_shows_4_or_5_contracts(players, size):
    """7. "If there are 2-3 Players: 4 Contracts; If there 4 or more Players: 5 Contracts." """
    assert len(created(players).job_track) == size


def test_the_market_is_three_rows_of_three_one_level_each():
    """8. "Separate the 3 Component decks into their levels. Shuffle and place 3 Component cards
    from each deck to form the Market Place." """
    event = created(3)
    for level, row in enumerate(event.market, 1):
        assert len(row) == 3 and {PACK.components[c].level for c in row} == {level}
    for level, deck in enumerate(event.component_decks, 1):
        assert {PACK.components[c].level for c in deck} == {level}


def test_three_crew_face_up_and_no_alleyway_crew_without_its_alleyway():
    """9. "Shuffle the Crew deck and place 3 Crew face-up in the Tavern. Remember to remove all
    Alleyways Crew unless playing with the relevant Expansions." """
    event = created(3)
    assert len(event.tavern) == 3
    crew = {*event.tavern, *event.crew_deck}
    assert crew == {c for c, card in PACK.crew.items() if not card.expansion}
    with_all = created(3, auction_house=True, thieves_guild=True)
    extra = {*with_all.tavern, *with_all.crew_deck} - crew
    assert {PACK.crew[c].expansion for c in extra} == {"auction-house", "thieves-guild"}


def test_two_loans_face_up_below_the_bank():
    """10. "Shuffle the Loan deck and place 2 face-up Loans below the Bank." """
    event = created(2)
    assert len(event.bank) == 2 and len(event.loan_deck) == 11


def test_the_highest_d12_is_first_player():
    """11. "Determine the First Player by having every Player roll a twelve-sided die for the
    highest number. Give the highest roller the First Player Token." """
    for seed in range(5):
        event = created(4, seed)
        last = event.rolls[-1]
        assert all(0 <= r <= 12 for roll in event.rolls for r in roll)
        assert last[event.order[0]] == max(last) and last.count(max(last)) == 1
        assert event.order == tuple((event.order[0] + i) % 4 for i in range(4))


def test_a_tie_for_highest_is_rolled_again_by_the_tied_players_only():
    from engine.core.rng import Dice, Rng

    dice = Dice(Rng(state=1, scripted=(12, 3, 12, 5, 9, 11)))
    rounds, first = _roll_off(dice, 4)
    assert rounds == ((12, 3, 12, 5), (9, 0, 11, 0)) and first == 2


@pytest.mark.parametrize(
    ("players", "variant"), [(1, SOLO), (2, STANDARD), (5, STANDARD), (6, LORDS)]
)
def test_one_player_plays_solo_and_six_play_lords_of_winterforge(players, variant):
    """ "Lords of Winterforge opens up the city to six Guilds at once"; the solo variant is one."""
    assert created(players).variant == variant


def test_lords_smiths_wait_in_the_player_area():
    """ "Instead of placing Smiths in the Guildhall to start, each Player keeps their Smiths in
    their Player area." """
    assert {g.at for g in new_game(6).guilds} == {""}


def test_no_market_row_starts_with_three_of_a_type():
    """ "At any time, if there are 3 Components of the same type along a Market row, the entire row
    is shuffled" — Set Up too."""
    for seed in range(20):
        state = new_game(2, seed)
        for row in state.market:
            assert len({PACK.components[c].material for c in row}) > 1


def test_the_alleyways_are_table_options_off_by_default():
    """ "If playing with multiple Alleyways …": each is chosen at game creation (rules notes)."""
    assert {(o.name, o.default) for o in GAME.options} == {
        ("shrine", False),
        ("auction_house", False),
        ("thieves_guild", False),
        ("runesmith", False),
    }
    assert new_game(2).alleyways == ()


def test_the_solo_game_uses_the_two_player_counts():
    """The text gives no solo numbers; the engine takes the two-player ones (rules notes)."""
    event = created(1, thieves_guild=True)
    assert len(event.removed) == 15 and len(event.job_track) == 4
    guards = {c for c, card in PACK.crew.items() if card.expansion == "thieves-guild"}
    assert len(guards & {*event.tavern, *event.crew_deck}) == 1


def test_a_royal_contract_stays_secret_until_it_is_forged():
    """Step 4: "Each Player secretly chooses 1 Royal Contract to keep" """
    state = new_game(2)
    assert [g["royal"] for g in public(state)["guilds"]] == ["", ""]
