"""Victory Calculation: "When the game ends each player adds up all the points they've
accumulated in each of the 10 resource categories." and "The player with the highest score in
the most categories is the winner." """

from games.town.rules.cards import CATEGORIES
from games.town.rules.commands import Build
from games.town.rules.events import GameEnded
from games.town.rules.state import BUILD
from games.town.rules.victory import categories_won, leaders, ranking
from games.town.tests.table import by_type, play, public, table

NO_TOWNS = ((), (), ())


def row(**points: int) -> tuple[int, ...]:
    return tuple(points.get(c, 0) for c in CATEGORIES)


def test_the_highest_score_in_a_category_wins_it():
    scores = (row(F=4, T=2), row(F=2, T=3), row(F=1))
    assert categories_won(scores) == (("F",), ("T",), ())


def test_tied_leaders_each_win_the_category():
    """Tied for the highest score, each of them has "the highest score"."""
    scores = (row(F=4), row(F=4), row(F=1))
    assert leaders(scores, 0) == (0, 1)
    assert categories_won(scores) == (("F",), ("F",), ())


def test_a_category_nobody_built_in_is_won_by_nobody():
    assert categories_won((row(), row())) == ((), ())


def test_the_most_categories_won_is_the_winner():
    """Not the most points: seat 2 has 9 points but one category."""
    scores = (row(F=4, T=4), row(F=5, R=2, G=2), row(P=9))
    assert ranking(scores, NO_TOWNS, (0, 1, 2))[0] == 1


def test_ties_are_broken_by_categories_won_alone():
    scores = (row(F=2, T=2, C=1), row(F=2, T=2, R=1), row(C=1, R=1, G=3))
    assert [len(w) for w in categories_won(scores)] == [3, 3, 3]
    assert ranking(scores, NO_TOWNS, (0, 1, 2))[0] == 2  # G alone


def test_then_by_total_points():
    scores = (row(F=3, T=1), row(F=1, T=5))
    assert ranking(scores, ((), ()), (0, 1)) == (1, 0)


def test_then_by_cards_built():
    scores = (row(F=2, T=2), row(F=2, T=2))
    assert ranking(scores, (("a", "b"), ("c",)), (1, 0)) == (0, 1)


def test_last_the_later_place_in_the_turn_order():
    """A seat later in the order never had more turns than one earlier."""
    scores = (row(F=2, T=2), row(F=2, T=2))
    assert ranking(scores, (("a",), ("b",)), (0, 1)) == (1, 0)
    assert ranking(scores, (("a",), ("b",)), (1, 0)) == (0, 1)


def test_the_game_end_records_categories_won_and_the_ranking():
    state = table(
        2,
        hands={0: ["quarry"]},
        towns={0: ["cross-roads"], 1: ["temple", "farmland"]},
        deck_size=0,
        stage=BUILD,
    )
    state, events = play(state, Build(seat=0, category="C"))
    ended = by_type(events, GameEnded)[0]
    assert ended.won == (("T", "C"), ("F", "R"))
    # Two categories each, both alone, 4 points and 2 cards each: seat 1 played later.
    assert ended.ranking == (1, 0)
    view = public(state)
    assert view["over"] and view["winner"] == 1
    assert [(r["place"], r["seat"], r["won"]) for r in view["ranking"]] == [
        (1, 1, ["F", "R"]),
        (2, 0, ["T", "C"]),
    ]
