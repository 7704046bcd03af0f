"""Victory Calculation, the points: "Each location put in play provides two resource points in
one category or one resource point in two categories." and "Many cards give a bonus resource
point if you own another specific card." """

from games.town.rules.cards import INDEX
from games.town.rules.commands import Build
from games.town.rules.scoring import town_scores, with_built
from games.town.rules.state import BUILD
from games.town.tests.table import PACK, play, public, table


def points(town: list[str], category: str) -> int:
    return town_scores(PACK, town)[INDEX[category]]


def test_two_points_in_one_category():
    """ "Example: TT = Two resource points in the Trade & Transportation resource category." """
    assert town_scores(PACK, ["cross-roads"]) == (0, 2, 0, 0, 0, 0, 0, 0, 0, 0)


def test_one_point_in_each_of_two_categories():
    assert points(["carpenter"], "C") == 1 and points(["carpenter"], "I") == 1
    assert sum(town_scores(PACK, ["carpenter"])) == 2


def test_the_bonus_point_needs_the_named_card_in_the_same_town():
    """ "Example: You get an extra T for the Trade Route card if you also own the Cross Roads
    card." """
    assert points(["trade-route"], "T") == 2
    assert points(["trade-route", "cross-roads"], "T") == 5
    assert points(["cross-roads", "trade-route"], "T") == 5  # either order


def test_a_card_in_hand_is_not_owned():
    """ "A player 'owns' all the location cards he builds": holding Cross Roads earns nothing."""
    state = table(hands={0: ["trade-route"], 1: ["cross-roads"]}, stage=BUILD)
    state, _ = play(state, Build(seat=0, category="T"))
    assert state.scores[0][INDEX["T"]] == 2


def test_building_the_partner_later_earns_the_bonus_of_the_card_already_built():
    state = table(hands={0: ["cross-roads"]}, towns={0: ["trade-route"]}, stage=BUILD)
    state, _ = play(state, Build(seat=0, category="T"))
    assert state.scores[0][INDEX["T"]] == 5


def test_another_players_card_gives_no_bonus():
    state = table(towns={0: ["trade-route"], 1: ["cross-roads"]})
    assert state.scores[0][INDEX["T"]] == 2


def test_each_bonus_counts_once_per_card():
    town = ["cross-roads", "trade-route", "inn", "town-square"]  # three cards need Cross Roads
    assert points(town, "T") == 2 + 2 + 1 + 1 + 3
    assert points(town, "A") == 1 and points(town, "G") == 1


def test_with_built_agrees_with_scoring_the_whole_town():
    town = ("quarry", "lumbermill")
    built = ("mason", "logging-camp", "builders-hall", "stone-walls")
    scores = town_scores(PACK, town)
    assert with_built(PACK, town, scores, built) == town_scores(PACK, town + built)


def test_the_view_shows_points_per_category_and_the_bonuses_earned():
    state = table(towns={0: ["trade-route", "cross-roads", "quarry"]})
    seat = public(state)["seats"][0]
    trade = next(g for g in seat["town"] if g["category"] == "T")
    assert trade["points"] == 5
    assert {c["slug"]: c["bonus_active"] for c in trade["cards"]} == {
        "trade-route": True,
        "cross-roads": False,
    }
    assert seat["total"] == 7
