"""The Tavern Precinct: Hire Crew (firing), Refresh Tavern, its Prime Position and the refresh at
the end of the turn."""

from __future__ import annotations

from games.winterforge.rules.commands import EndTurn, Hire, RefreshTavern
from games.winterforge.rules.events import CrewHired, TavernRefreshed, TurnEnded
from games.winterforge.tests.table import by_type, play, refused, table

TAVERN = ["nim-the-haggler", "bardolf-the-tutor", "grimmet-the-tempermaster"]  # 3, 3 and 4 Coin
DECK = ["dunna-of-the-night-shift", "fenwick-the-smooth-tongue", "aunt-rusk-the-patroness"]


def tavern(coin: int = 10, crew: list[str] | None = None, **more: object) -> dict[str, object]:
    return {
        "players": 2,
        "guild": [{"seat": 0, "at": "tavern", "coin": coin, "crew": crew or [], **more}],
        "tavern": TAVERN,
        "crew_deck": DECK,
    }


def test_hire_a_face_up_crew_for_its_hire_cost():
    """ "As an action, you may hire 1 of the face-up Crew cards for your Guild. To hire, pay the
    Crew's Hire Cost indicated by the Coin on the card, and move the Crew card from the Tavern to a
    space in front of you" """
    state, log = play(table(**tavern()), Hire(seat=0, crew="grimmet-the-tempermaster"))
    assert by_type(log, CrewHired)[0].cost == 4
    assert state.guilds[0].crew == ("grimmet-the-tempermaster",) and state.guilds[0].coin == 6


def test_never_more_than_2_crew_but_a_hire_may_fire_first():
    """ "You can never have more than 2 Crew in your Guild at a time. As part of your Hire Crew
    action, you can fire Crew, returning them to the bottom of the Crew deck." """
    two = ["ulda-the-edgewright", "torvin-the-riveter"]
    state = table(**tavern(crew=two))
    refused(state, Hire(seat=0, crew="nim-the-haggler"), "crew_limit")
    state, _ = play(state, Hire(seat=0, crew="nim-the-haggler", fire=("torvin-the-riveter",)))
    assert state.guilds[0].crew == ("ulda-the-edgewright", "nim-the-haggler")
    assert "torvin-the-riveter" in state.crew_deck


def test_the_tavern_prime_position_hires_for_1_coin_less():
    """ "Prime Position: You may pay one less Coin when you perform the Hire Crew action." """
    state, log = play(table(**tavern(prime=True)), Hire(seat=0, crew="nim-the-haggler", prime=True))
    assert by_type(log, CrewHired)[0].cost == 2 and state.guilds[0].coin == 8


def test_hiring_needs_the_coin():
    refused(table(**tavern(coin=2)), Hire(seat=0, crew="nim-the-haggler"), "coin")


def test_the_tavern_is_refreshed_at_the_end_of_the_turn_not_of_the_action():
    """ "Instead of replenishing the Tavern at the end of an action, it is refreshed at the end of
    your turn. Any remaining Crew cards are placed face-down on the bottom of the Crew deck and 3
    new cards are placed face-up in the Tavern." """
    state, _ = play(table(**tavern()), Hire(seat=0, crew="nim-the-haggler"))
    assert state.tavern == ("bardolf-the-tutor", "grimmet-the-tempermaster")
    state, log = play(state, EndTurn(seat=0))
    refreshed = by_type(log, TavernRefreshed)[0]
    assert refreshed.returned == ("bardolf-the-tutor", "grimmet-the-tempermaster")
    assert state.tavern == tuple(DECK)
    assert state.crew_deck[-2:] == ("bardolf-the-tutor", "grimmet-the-tempermaster")
    assert log.index(refreshed) < log.index(by_type(log, TurnEnded)[0])


def test_a_turn_without_a_hire_leaves_the_tavern_as_it_is():
    state, log = play(table(**tavern()), EndTurn(seat=0))
    assert not by_type(log, TavernRefreshed) and state.tavern == tuple(TAVERN)


def test_refresh_the_tavern_for_1_coin_as_a_free_action():
    """ "When you are in the Tavern, you may pay 1 Coin to refresh it. Place the current Crew on the
    bottom of the Crew deck, and draw 3 new crew cards." """
    state, _ = play(table(**tavern(coin=1)), RefreshTavern(seat=0))
    assert state.tavern == tuple(DECK) and state.crew_deck[-3:] == tuple(TAVERN)
    assert state.guilds[0].coin == 0 and state.turn.actions == 0
    refused(state, RefreshTavern(seat=0), "coin")


def test_refreshing_needs_the_smith_in_the_tavern():
    spec = tavern()
    spec["guild"][0]["at"] = "forge"  # type: ignore[index]
    refused(table(**spec), RefreshTavern(seat=0), "wrong_place")
