"""Setup 1–4 and "2 or 3 Player Games"."""

import pytest

from games.guild_master.rules.commands import ChooseSetup, SetOrders
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.state import Phase
from games.guild_master.tests.rulebook import assert_refused, choose_all, dealt, names, new_game
from games.guild_master.tests.table import play, public, seat_view

PACK = load_pack("basic")
SEEDS = range(1, 9)


def _rank(slug: str) -> str:
    return ("novice", "adept", "hero", "legend")[PACK.adventurers[slug].rank]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_guild_takes_7_gold(players):
    """Setup 1.2: "Each player chooses and takes a matching Order Board... then a Contest token,
    and **7 Gold**.\""""
    state, _ = new_game(players)
    assert [g.gold for g in state.guilds] == [7] * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fame_markers_start_at_0(players):
    """Setup 1.3: "Each player takes their Guild's Fame marker and places it at the 0 space of the
    Fame track.\""""
    state, _ = new_game(players)
    assert [g.fame for g in state.guilds] == [0] * players


def test_round_marker_starts_on_round_1_half_moon():
    """Setup 1.4: "Place the Round marker on the Round Track at space 1, with the Half Moon side
    face up.\""""
    state, _ = new_game(3)
    state, _ = choose_all(state)
    view = public(state)
    assert (view["round"], view["moon"], view["blood_moon"]) == (1, "half", False)


@pytest.mark.parametrize("players", [3, 4])
def test_builder_cost_marker_on_bottom_space_with_3_or_4_players(players):
    """Setup 1.5a: "In a 3-4 player game, place the market on the bottom space.\""""
    state, _ = new_game(players)
    board = public(state)["board"]
    assert board["builder_marker"] == 0
    assert board["builder_cost"] == PACK.board.builder_track[0]


def test_builder_cost_marker_one_space_higher_with_2_players():
    """Setup 1.5b: "In a 2 player game, place it in the space above." and "The Builder Cost
    marker starts one space above normal and always resets to that place.\""""
    state, _ = new_game(2)
    board = public(state)["board"]
    assert board["builder_marker"] == board["builder_start"] == 1
    assert board["builder_cost"] == PACK.board.builder_track[1]


def test_four_players_use_adept_decks_a_b_and_c():
    """Setup 1.7b.i: "In a 4 player game deal 8 cards face down to each Adept space A, B, & C on
    the Board." (The basic pack has fewer adepts: the three decks are equal.)"""
    state, _ = new_game(4)
    decks = {a.letter: a.deck for a in state.board.adventurers}
    assert all(decks[x] for x in "ABC")
    assert len(decks["A"]) == len(decks["B"]) == len(decks["C"])
    assert {_rank(c) for x in "ABC" for c in decks[x]} == {"adept"}


@pytest.mark.parametrize("players", [2, 3])
def test_two_or_three_players_deal_adepts_to_a_and_b_only(players):
    """Setup 1.7b.ii: "In a 2-3 player game deal 8 cards face down to Adept space A and 8 to Adept
    space B on the Board. Place the remaining 8 cards back in the box.\""""
    state, _ = new_game(players)
    decks = {a.letter: a.deck for a in state.board.adventurers}
    assert decks["A"] and len(decks["A"]) == len(decks["B"])
    assert decks["C"] == ()
    assert {_rank(c) for x in "AB" for c in decks[x]} == {"adept"}
    in_box = set(PACK.by_rank(1)) - set(decks["A"]) - set(decks["B"])
    assert len(in_box) == len(decks["A"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hero_decks_on_d_and_e_and_legends_on_f(players):
    """Setup 1.7c–d: "deal 8 cards face down to each Hero space D & E on the Board" and "deal all
    8 cards face down to the Legend space F\""""
    state, _ = new_game(players)
    decks = {a.letter: a.deck for a in state.board.adventurers}
    assert decks["D"] and decks["E"]
    assert {_rank(c) for x in "DE" for c in decks[x]} == {"hero"}
    assert sorted(decks["F"]) == sorted(PACK.by_rank(3))


@pytest.mark.parametrize("players", [2, 3])
def test_adventurer_spot_c_is_not_used_with_2_or_3_players(players):
    """2 or 3 Player Games: "Adventurer spot C ... not used. Do not place any cards in these
    spaces during setup or throughout the game.\""""
    state, _ = new_game(players)
    state, _ = choose_all(state)
    spot_c = public(state)["board"]["adventurers"][2]
    assert (spot_c["used"], spot_c["cards_left"], spot_c["adventurer"]) == (False, 0, None)


def test_contract_spot_6_is_not_used_with_3_players():
    """ "In a three player game, Adventurer spot C and Contract spot 6 are not used.\""""
    state, _ = new_game(3)
    state, _ = choose_all(state)
    spots = public(state)["board"]["contracts"]
    assert [s["used"] for s in spots] == [True, True, True, True, True, False]
    assert spots[5]["contract"] is None


def test_contract_spots_5_and_6_are_not_used_with_2_players():
    """ "In a two player game, Adventurer spot C, Contract spot 5 and Contract spot 6 are not
    used.\""""
    state, _ = new_game(2)
    state, _ = choose_all(state)
    spots = public(state)["board"]["contracts"]
    assert [s["used"] for s in spots] == [True, True, True, True, False, False]
    assert spots[4]["contract"] is None and spots[5]["contract"] is None


def test_all_six_contract_spots_are_used_with_4_players():
    """Setup 3.3 with four guilds: the two starting commons and four chosen ones fill spots 1–6
    ("Some spaces on the Board are not used in a 2 or 3 player games" — none are unused with 4)."""
    state, _ = new_game(4)
    state, _ = choose_all(state)
    spots = public(state)["board"]["contracts"]
    assert all(s["used"] and s["contract"] for s in spots)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_common_contracts_go_on_spots_1_and_2(players):
    """Setup 3.1: "Find the two ★ Starting Common Contracts... and place them in Contract spots 1
    and 2 on the Board.\""""
    state, _ = new_game(players)
    state, _ = choose_all(state)
    starting = PACK.starting_contracts()
    assert len(starting) == 2
    spots = public(state)["board"]["contracts"]
    assert sorted([spots[0]["contract"], spots[1]["contract"]]) == sorted(starting)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_guild_is_dealt_three_common_contracts(players):
    """Setup 3.2: "Deal three common Contracts to each player.\""""
    state, _ = new_game(players)
    hands = [seat_view(state, s)["dealt"] for s in range(players)]
    cards = [c for hand in hands for c in hand]
    assert all(len(hand) == 3 for hand in hands)
    assert len(set(cards)) == 3 * players
    assert all(
        PACK.contracts[c].level == "common" and not PACK.contracts[c].starting for c in cards
    )


def test_dealt_contracts_are_secret():
    """Setup 3.2–3.3: each guild's dealt contracts are its own ("places one of their Common
    Contracts face down"): no other seat and no public view shows them."""
    state, _ = new_game(2)
    assert "dealt" not in public(state)
    assert seat_view(state, 1)["dealt"] != dealt(state, 0)
    assert set(seat_view(state, 1)["dealt"]).isdisjoint(dealt(state, 0))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_chosen_common_goes_on_the_next_open_spot(players):
    """Setup 3.3: "Each player chooses and places one of their Common Contracts face down on the
    next open spots on the Board.\""""
    state, _ = new_game(players)
    chosen = [dealt(state, s)[1] for s in range(players)]
    state, _ = choose_all(state, pick=1)
    spots = public(state)["board"]["contracts"]
    assert [s["contract"] for s in spots[2 : 2 + players]] == chosen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_other_two_dealt_contracts_become_private(players):
    """Setup 3.4: "Each player then takes their remaining two Contracts and tucks them face down
    slightly under their Upgrade Board as Private Contracts.\""""
    state, _ = new_game(players)
    hands = [dealt(state, s) for s in range(players)]
    state, _ = choose_all(state, pick=2)
    for seat, hand in enumerate(hands):
        assert list(seat_view(state, seat)["private_contracts"]) == [hand[0], hand[1]]
        assert public(state)["guilds"][seat]["private_contracts"] == 2  # only how many is public


def test_chosen_contracts_stay_face_down_until_everyone_has_chosen():
    """Setup 3.3 and 4.1: the chosen Contracts are placed "face down", then "Reveal all Contracts
    on the Board by flipping them face up" once setup is finalised."""
    state, _ = new_game(2)
    state, _ = play(state, ChooseSetup(seat=0, contract=dealt(state, 0)[0], side="fixer"))
    assert state.phase is Phase.SETUP
    assert public(state)["board"]["contracts"][2]["contract"] is None
    state, _ = play(state, ChooseSetup(seat=1, contract=dealt(state, 1)[0], side="fixer"))
    assert all(s["face_up"] for s in public(state)["board"]["contracts"][:4])


def test_top_adventurer_of_each_deck_is_revealed_at_setup_4():
    """Setup 4.2: "Reveal all Adventurers on the Board by flipping the top card of each Adventurer
    deck face up.\""""
    state, _ = new_game(4)
    assert all(not a["face_up"] for a in public(state)["board"]["adventurers"])
    state, _ = choose_all(state)
    for spot, a in zip(state.board.adventurers, public(state)["board"]["adventurers"], strict=True):
        assert a["face_up"] and a["adventurer"] == spot.deck[0]
        assert a["cards_left"] == len(spot.deck)


def test_choosing_a_contract_that_was_not_dealt_is_refused():
    """Setup 3.3: "Each player chooses and places one of **their** Common Contracts" — not
    somebody else's."""
    state, _ = new_game(2)
    other = dealt(state, 1)[0]
    assert_refused(
        state,
        ChooseSetup(seat=0, contract=other, side="fixer"),
        "not_dealt",
        "choose one of the contracts you were dealt",
        PACK.contracts[dealt(state, 0)[0]].name,
    )


def test_orders_cannot_be_given_before_setup_is_finished():
    """Setup comes before the first Round: "Choose Common Contracts and starting Private
    Contracts" (Setup 1.11) must be done before any Order Phase."""
    state, _ = new_game(2)
    assert_refused(state, SetOrders(seat=0, orders=()), "wrong_phase", "Order Phase")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_guild_gets_the_four_novices_of_its_starting_team(players):
    """Setup 2.3: "Players then take the team of 4 Novice Adventurers which match their starting
    team icon. Return all other Novices to the box.\""""
    state, _ = new_game(players)
    for g in state.guilds:
        assert len(g.adventurers) == 4
        assert {PACK.adventurers[a].team for a in g.adventurers} == {g.team}
        assert {_rank(a) for a in g.adventurers} == {"novice"}
    on_board = {c for a in state.board.adventurers for c in a.deck}
    assert not any(_rank(c) == "novice" for c in on_board)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_guild_gets_the_starting_skill_upgrade_of_its_team(players):
    """Setup 2.2 and 2.4: "randomly distribute one [Starting Skill Upgrade token] to each
    player" and "place their Starting Skill Upgrade tokens onto the Starting Skill Upgrade spot
    on their Upgrade Board.\""""
    state, _ = new_game(players)
    for g in state.guilds:
        assert [u.slug for u in g.skill_upgrades] == [PACK.teams[g.team].upgrade]
    assert len({g.team for g in state.guilds}) == players


def _cells(state):
    return [(PACK.teams[g.team].row, PACK.teams[g.team].column) for g in state.guilds]


@pytest.mark.parametrize("seed", SEEDS)
def test_two_players_take_one_row_of_the_starting_grid(seed):
    """Setup 2.1a: "2 players you can select ☞&Ⓜ, ☞&Ⓢ, or Ⓜ&Ⓢ" — "2 players pick any 1 row"."""
    state, _ = new_game(2, seed)
    cells = _cells(state)
    assert len({row for row, _ in cells}) == 1
    assert sorted(col for _, col in cells) == [0, 1]


@pytest.mark.parametrize("seed", SEEDS)
def test_three_players_take_one_column_of_the_starting_grid(seed):
    """Setup 2.1b: "3 players you can select ☞&Ⓢ&Ⓜ, or ☞&Ⓢ&Ⓢ" — "3 players pick any 1 column"."""
    state, _ = new_game(3, seed)
    cells = _cells(state)
    assert len({col for _, col in cells}) == 1
    assert sorted(row for row, _ in cells) == [0, 1, 2]


@pytest.mark.parametrize("seed", SEEDS)
def test_four_players_take_two_rows_of_the_starting_grid(seed):
    """Setup 2.1c: "4 players you can select any two sets" — "4 players pick any 2 rows"."""
    state, _ = new_game(4, seed)
    cells = _cells(state)
    rows = {row for row, _ in cells}
    assert len(rows) == 2
    assert sorted(cells) == sorted((r, c) for r in rows for c in (0, 1))


def test_starting_teams_are_distributed_at_random():
    """Setup 2.2: "Take the available Starting Skill Upgrade tokens and randomly distribute one
    to each player." Different seeds give different tables."""
    tables = {tuple(g.team for g in new_game(4, seed)[0].guilds) for seed in SEEDS}
    assert len(tables) > 1


@pytest.mark.parametrize("side", ["fixer", "reroll"])
def test_starting_upgrade_is_placed_on_the_chosen_side(side):
    """Setup 2.4: "place their Starting Skill Upgrade tokens onto the Starting Skill Upgrade spot
    on their Upgrade Board, selecting which side to place face up.\""""
    state, _ = new_game(2)
    state, _ = play(
        state,
        ChooseSetup(seat=0, contract=dealt(state, 0)[0], side=side),
        ChooseSetup(seat=1, contract=dealt(state, 1)[0], side="fixer"),
    )
    assert [u["side"] for u in public(state)["guilds"][0]["skill_upgrades"]] == [side]
    assert [u["side"] for u in public(state)["guilds"][1]["skill_upgrades"]] == ["fixer"]


def test_round_1_begins_once_every_guild_has_chosen():
    """Setup 4, then "Guild Master is played over 9 Rounds": once every guild has made its setup
    choices, Round 1 begins (with its Order Phase, as Start of Round and Plot are skipped)."""
    state, _ = new_game(3)
    for seat in range(2):
        state, _ = play(state, ChooseSetup(seat=seat, contract=dealt(state, seat)[0], side="fixer"))
        assert state.phase is Phase.SETUP
    state, events = play(state, ChooseSetup(seat=2, contract=dealt(state, 2)[0], side="fixer"))
    assert names(events)[-3:] == ["SetupFinished", "RoundStarted", "OrderPhaseStarted"]
    assert (state.round, state.phase) == (1, Phase.ORDERS)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_upgrade_tokens_are_stacked_near_the_board(players):
    """Setup 1.6: "Stack the Skill, Core, and Prestige Upgrade tokens near the Board" (the
    starting skill upgrades not handed out go back to the box)."""
    state, _ = new_game(players)
    board = public(state)["board"]
    starting = {u for u, up in PACK.skill_upgrades.items() if up.starting}
    assert board["skill_supply"] and starting.isdisjoint(board["skill_supply"])
    assert board["core_supply"]
    assert sorted(board["prestige_supply"]) == sorted(PACK.prestige)
