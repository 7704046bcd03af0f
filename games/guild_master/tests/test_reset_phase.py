"""Reset Phase: clear order boards, income, builder cost, Blood Moon reset, reveal, round
marker."""

import pytest
from msgspec.structs import replace

from games.guild_master.rules.state import Build
from games.guild_master.tests.rulebook import idle_round, names
from games.guild_master.tests.table import (
    everyone_else_ready,
    of_type,
    order,
    orders,
    play,
    public,
    seat_view,
    table,
)

CHARM_FIXER = ["salon:fixer"]
COMMONS = ["tower-lock", "fen-paths", "cipher", "wisps"]


def test_gold_left_on_orders_goes_back_to_the_treasury():
    """Reset Phase: "1. Clear Order Boards — Move any Gold left on Orders to your Treasury". All 7
    Gold go on Hire Builders, one 2-Gold Builder is hired; the other 5 are the guild's again (and
    can be ordered next round)."""
    state = table(
        players=3,
        teams=["nightveil", "cartographers", "dawnkeepers"],  # no plot ability in Round 2
        guild=[{"gold": 7, "adventurers": ["brask", "corwin"], "private": []}],
    )
    plan = [Build(skill="weapon-rack", side="fixer")]
    state, _ = play(
        state,
        orders(0, order(1, ["brask"], "hire", 7, builds=plan)),
        *everyone_else_ready(state, 0),
    )
    assert public(state)["guilds"][0]["gold"] == 7 - 2 + 2  # + Bar income
    state, events = play(state, orders(0, order(1, ["brask"], "hire", 7, builds=[]), ready=False))
    assert of_type(events, "OrdersDrafted")[0].orders[0].gold == 7


def test_order_cards_and_adventurers_come_back_to_hand():
    """Reset Phase: "then take all your Order cards and Adventurers back into your hand" — the
    next Order Phase starts with no orders, and the same adventurers and cards can be ordered."""
    state = table(
        players=2,
        board={"contracts": {"3": "old-well"}},
        guild=[{"adventurers": ["brask", "corwin"], "skill_upgrades": CHARM_FIXER}],
    )
    state, _ = play(state, orders(0, order(1, ["brask", "corwin"], "3")), orders(1))
    assert seat_view(state, 0)["draft"] == ()
    state, events = play(state, orders(0, order(1, ["brask", "corwin"], "3"), ready=False))
    assert of_type(events, "OrdersDrafted")[0].orders[0].team == ("brask", "corwin")


@pytest.mark.parametrize(("bar", "income"), [(1, 2), (2, 4), (3, 6)])
def test_guilds_gain_the_income_of_their_bar(bar, income):
    """Reset Phase: "2. Gain Income — Gain the amount of Gold indicated by your Bar on your
    Upgrade Board." (Bar I: 2 Gold.)"""
    state = table(players=2, guild=[{"bar": bar, "gold": 3}, {"gold": 0}])
    state, events = idle_round(state)
    assert of_type(events, "IncomeGained")[0].gold == (income, 2)
    assert [g.gold for g in state.guilds] == [3 + income, 2]


@pytest.mark.parametrize(("players", "start"), [(2, 1), (3, 0), (4, 0)])
def test_the_builder_cost_marker_goes_back_to_its_start(players, start):
    """Reset Phase: "3. Reset Builder Cost Track — Move the Builder Cost marker back to its
    starting position. IMPORTANT: This will vary depending on the number of players.\""""
    state = table(
        players=players, guild=[{"gold": 20, "adventurers": ["brask", "odile"], "private": []}]
    )
    plan = [Build(core="stables", skill="weapon-rack", side="fixer")]
    state, events = play(
        state,
        orders(0, order(1, ["brask"], "hire", 20, builds=plan)),
        *everyone_else_ready(state, 0),
    )
    assert of_type(events, "BuildersHired")[0].marker == start + 3
    assert of_type(events, "BuilderCostReset")[0].marker == start
    assert public(state)["board"]["builder_marker"] == start


def _blood_moon_round():
    """Round 3: seat 0 recruits from spot A (its next card stays face down) and completes
    Contract 3 (replaced face down), then the Reset Phase runs."""
    state = table(
        players=2,
        round=3,
        board={
            "adventurers": {"A": ["garrick", "percival"], "B": ["finch", "edda"]},
            "contracts": {"3": "old-well", "4": "haunted-mill"},
            "decks": {"common": COMMONS},
        },
        guild=[{"adventurers": ["brask", "odile"], "skill_upgrades": CHARM_FIXER, "private": []}],
        dice=[6, 6, 6],
    )
    return play(state, orders(0, order(1, ["brask"], "A", 3), order(2, ["odile"], "3")), orders(1))


def test_blood_moon_discards_face_up_cards():
    """Blood Moon Reset: "1. Discard all face up Adventurers and Contracts on the Board.\""""
    state, events = _blood_moon_round()
    (discarded,) = of_type(events, "BoardDiscarded")
    assert ("B", "finch") in discarded.adventurers
    assert (4, "haunted-mill") in discarded.contracts
    assert "finch" in state.board.adventurer_discard
    assert "haunted-mill" in state.board.contract_discard


def test_blood_moon_keeps_face_down_cards():
    """Blood Moon Reset: "Leave any face down cards in place." Percival (face down after Garrick
    was recruited) and Contract 3's face-down replacement stay, and are revealed."""
    state, events = _blood_moon_round()
    (discarded,) = of_type(events, "BoardDiscarded")
    assert all(letter != "A" for letter, _ in discarded.adventurers)
    assert all(number != 3 for number, _ in discarded.contracts)
    board = public(state)["board"]
    assert board["adventurers"][0]["adventurer"] == "percival"
    assert board["contracts"][2]["contract"] == "tower-lock"  # the replacement drawn for spot 3


def test_blood_moon_deals_a_common_contract_to_each_empty_spot():
    """Blood Moon Reset: "2. Draw and place a Common Contract face down onto every empty Contract
    space on the Board.\""""
    _state, events = _blood_moon_round()
    (dealt,) = of_type(events, "ContractsDealt")
    assert dealt.cards == (
        (1, "common", "fen-paths"),
        (2, "common", "cipher"),
        (4, "common", "wisps"),
    )
    assert names(events).index("ContractsDealt") < names(events).index("CardsRevealed")


def test_blood_moon_leaves_unused_contract_spots_empty():
    """2 or 3 Player Games: "Do not place any cards in these spaces during setup or throughout
    the game" — with 2 players, the Blood Moon Reset deals nothing to spots 5 and 6."""
    state, _ = _blood_moon_round()
    spots = public(state)["board"]["contracts"]
    assert spots[4]["contract"] is None and spots[5]["contract"] is None


def test_blood_moon_deals_heroic_contracts_when_the_common_deck_is_empty():
    """Blood Moon Reset: "If no Common Contracts can be drawn, draw and place Heroic Contracts
    instead.\""""
    state = table(players=2, round=3)
    heroic = state.board.heroic[:4]
    state = replace(state, board=replace(state.board, common=()))
    state, events = idle_round(state)
    (dealt,) = of_type(events, "ContractsDealt")
    assert [(spot, level) for spot, level, _ in dealt.cards] == [
        (n, "heroic") for n in (1, 2, 3, 4)
    ]
    assert [card for _, _, card in dealt.cards] == list(heroic)


def test_blood_moon_switches_to_heroic_contracts_when_commons_run_out():
    """Blood Moon Reset: Common Contracts are drawn while there are any; "If no Common Contracts
    can be drawn, draw and place Heroic Contracts instead.\""""
    state = table(players=2, round=3)
    state = replace(state, board=replace(state.board, common=("fen-paths",)))
    state, events = idle_round(state)
    (dealt,) = of_type(events, "ContractsDealt")
    assert [level for _, level, _ in dealt.cards] == ["common", "heroic", "heroic", "heroic"]


@pytest.mark.parametrize("round_", [1, 2, 4, 5])
def test_no_blood_moon_reset_in_other_rounds(round_):
    """Reset Phase: "4. Blood Moon Reset (Only on Blood Moon Rounds: 3, 6, and 9)\""""
    state = table(players=2, round=round_)
    before = public(state)["board"]["contracts"]
    state, events = idle_round(state)
    assert of_type(events, "BoardDiscarded") == []
    assert public(state)["board"]["contracts"] == before


def test_face_down_cards_are_revealed():
    """Reset Phase: "5. Reveal Adventurers and Contracts — Flip all face down Adventurer and
    Contract cards on the board face up\""""
    state = table(
        players=2,
        board={
            "adventurers": {"A": ["garrick", "percival"]},
            "contracts": {"3": "old-well"},
            "decks": {"common": COMMONS},
        },
        guild=[{"adventurers": ["brask", "odile"], "skill_upgrades": CHARM_FIXER}],
        dice=[6, 6, 6],
    )
    state, events = play(
        state, orders(0, order(1, ["brask"], "A", 3), order(2, ["odile"], "3")), orders(1)
    )
    (revealed,) = of_type(events, "CardsRevealed")
    assert revealed.adventurers == (("A", "percival"),)
    assert revealed.contracts == ((3, "tower-lock"),)
    board = public(state)["board"]
    assert (board["adventurers"][0]["face_up"], board["adventurers"][0]["adventurer"]) == (
        True,
        "percival",
    )
    assert (board["contracts"][2]["face_up"], board["contracts"][2]["contract"]) == (
        True,
        "tower-lock",
    )


@pytest.mark.parametrize("round_", range(1, 9))
def test_the_round_marker_moves_on_and_flips(round_):
    """Reset Phase: "6. Move and Flip Round Marker — Move the Round marker down one space and
    flip it over to its other face, so Rounds alternate between Half and Full Moons.\""""
    state = table(players=2, round=round_)
    moon = public(state)["moon"]
    state, _ = idle_round(state)
    view = public(state)
    assert view["round"] == round_ + 1
    assert view["moon"] == {"half": "full", "full": "half"}[moon]


def test_reset_steps_come_in_order():
    """Reset Phase: "1. Clear Order Boards 2. Gain Income 3. Reset Builder Cost Track 4. Blood
    Moon Reset 5. Reveal Adventurers and Contracts 6. Move and Flip Round Marker\""""
    _, events = _blood_moon_round()
    steps = [
        "ResetPhaseStarted",
        "IncomeGained",
        "BuilderCostReset",
        "BoardDiscarded",
        "ContractsDealt",
        "CardsRevealed",
        "RoundStarted",
    ]
    positions = [names(events).index(n) for n in steps]
    assert positions == sorted(positions)
