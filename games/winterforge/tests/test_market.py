"""The Market Precinct: Purchase Components, Refresh Market Row, replenishing and refreshing."""

from __future__ import annotations

from msgspec.structs import replace

from games.winterforge.rules.commands import Buy, RefreshRow
from games.winterforge.rules.events import ComponentsBought, RowRefreshed
from games.winterforge.rules.market import MAX_AUTO_REFRESH
from games.winterforge.tests.table import PACK, by_type, components, play, refused, table

ROW1 = ["bog-iron-1", "pine-haft-1", "goat-leather-1"]  # ore, timber, hide; 1 Coin each
ROW2 = ["tin-ingot-1", "seasoned-oak-1", "fire-opal-1"]  # 2, 2 and 3 Coin
ROW3 = ["deepsilver-ingot-1", "ironwood-heart-1", "winter-diamond-1"]  # 4, 4 and 5 Coin


def market(coin: int = 20, **more: object) -> dict[str, object]:
    return {
        "guild": [{"seat": 0, "at": "market", "coin": coin, **more}],
        "market": [ROW1, ROW2, ROW3],
    }


def test_purchase_up_to_2_components_paying_their_cost():
    """ "You may purchase up to 2 separate Components from any of the 9 available Components in the
    Market. To purchase a Component, pay the Coin value indicated on the card to the Bank, then
    place the Component face-up in front of you, forming your stockpile." """
    state, log = play(table(**market()), Buy(seat=0, components=("bog-iron-1", "fire-opal-1")))
    assert by_type(log, ComponentsBought)[0].cost == 4
    assert state.guilds[0].stockpile == ("bog-iron-1", "fire-opal-1")
    assert state.guilds[0].coin == 16 and state.turn.actions == 1


def test_not_three_in_one_purchase():
    state = table(**market())
    refused(
        state, Buy(seat=0, components=("bog-iron-1", "pine-haft-1", "goat-leather-1")), "too_many"
    )


def test_the_market_prime_position_buys_an_extra_component():
    """ "Prime Position: You may purchase an extra Component during your Purchase Components
    action." """
    state = table(**market(prime=True))
    state, _ = play(state, Buy(seat=0, components=tuple(ROW1), prime=True))
    assert state.guilds[0].stockpile == tuple(ROW1) and state.guilds[0].prime_used


def test_separate_components_and_only_from_the_market():
    state = table(**market())
    refused(state, Buy(seat=0, components=("bog-iron-1", "bog-iron-1")), "twice")
    refused(state, Buy(seat=0, components=("bog-iron-2",)), "not_in_market")


def test_the_purchase_must_be_paid():
    refused(table(**market(coin=4)), Buy(seat=0, components=("winter-diamond-1",)), "coin")


def test_buying_is_done_in_the_market():
    spec = market()
    spec["guild"][0]["at"] = "forge"  # type: ignore[index]
    refused(table(**spec), Buy(seat=0, components=("bog-iron-1",)), "wrong_place")


def test_no_limit_to_the_stockpile():
    """ "There is no limit to the number of Components you store in your stockpile." """
    stock = components(1, "gem")
    state, _ = play(table(**market(stockpile=stock)), Buy(seat=0, components=("bog-iron-1",)))
    assert len(state.guilds[0].stockpile) == len(stock) + 1


def test_open_spaces_are_replenished_from_the_deck_of_their_level():
    """ "At the end of a Purchase action, replenish any open Component spaces with cards from the
    relevant Component deck. (If there is a space on the top row of Components, then replenish
    that space with a Level 1 Component; … a second row space with a Level 2 Component …)" """
    spec = market()
    spec["component_decks"] = [["river-quartz-1"], ["moonstone-1"]]
    state, log = play(table(**spec), Buy(seat=0, components=("pine-haft-1", "tin-ingot-1")))
    assert by_type(log, ComponentsBought)[0].refills == ((1, "river-quartz-1"), (2, "moonstone-1"))
    assert state.market[0] == ("bog-iron-1", "river-quartz-1", "goat-leather-1")
    assert state.market[1] == ("moonstone-1", "seasoned-oak-1", "fire-opal-1")


def test_refresh_a_row_for_1_coin_as_a_free_action():
    """ "When you are in the Market Precinct, you may spend 1 Coin to refresh any Component row.
    Shuffle the face-up Components into the relevant Component deck and then place 3 new
    Components along the row." """
    state, log = play(table(**market(coin=3)), RefreshRow(seat=0, level=2))
    refreshed = by_type(log, RowRefreshed)[0]
    assert (refreshed.seat, refreshed.cost, refreshed.returned) == (0, 1, tuple(ROW2))
    assert len(state.market[1]) == 3
    assert {PACK.components[c].level for c in state.market[1]} == {2}
    assert state.guilds[0].coin == 2 and state.turn.actions == 0


def test_refreshing_needs_the_smith_in_the_market_and_a_coin():
    spec = market(coin=0)
    refused(table(**spec), RefreshRow(seat=0, level=1), "coin")
    spec = market()
    spec["guild"][0]["at"] = "bank"  # type: ignore[index]
    refused(table(**spec), RefreshRow(seat=0, level=1), "wrong_place")


def test_three_of_a_type_along_a_row_refresh_it():
    """ "At any time, if there are 3 Components of the same type along a Market row, the entire row
    is shuffled into the relevant Component deck and 3 new Components are placed along the row.
    Repeat this process as necessary to ensure that no 3 Components along a single row are of the
    same type." """
    spec = market()
    spec["market"] = [["bog-iron-1", "copper-scrap-1", "pine-haft-1"], ROW2, ROW3]
    spec["component_decks"] = [["bog-iron-2"]]  # the refill is a third ore
    state, log = play(table(**spec), Buy(seat=0, components=("pine-haft-1",)))
    auto = by_type(log, RowRefreshed)
    assert auto and auto[0].seat == -1 and auto[0].cost == 0
    assert set(auto[0].returned) == {"bog-iron-1", "copper-scrap-1", "bog-iron-2"}
    assert len({PACK.components[c].material for c in state.market[0]}) > 1


def test_a_row_of_two_types_stays():
    spec = market()
    spec["component_decks"] = [["pine-haft-2"]]
    state, log = play(table(**spec), Buy(seat=0, components=("goat-leather-1",)))
    assert not by_type(log, RowRefreshed)
    assert state.market[0] == ("bog-iron-1", "pine-haft-1", "pine-haft-2")


def test_an_empty_deck_leaves_the_space_empty():
    state = replace(table(**market()), component_decks=((), (), ()))
    state, log = play(state, Buy(seat=0, components=("bog-iron-1",)))
    assert by_type(log, ComponentsBought)[0].refills == ()
    assert state.market[0] == ("", "pine-haft-1", "goat-leather-1")


def test_a_deck_of_one_type_stops_the_automatic_refresh():
    """The engine stops after MAX_AUTO_REFRESH refreshes in a row (rules notes): a deck that can
    only deal one type would loop for ever."""
    ores = components(1, "ore")
    spec = market(coin=1)
    spec["market"] = [ores[:3], ROW2, ROW3]
    state = table(**spec)
    state = replace(state, component_decks=(tuple(ores[3:]), *state.component_decks[1:]))
    state, log = play(state, RefreshRow(seat=0, level=1))
    assert len(by_type(log, RowRefreshed)) == 1 + MAX_AUTO_REFRESH
    assert {PACK.components[c].material for c in state.market[0]} == {"ore"}
