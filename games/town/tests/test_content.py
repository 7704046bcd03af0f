"""The card pack (`content/cards.toml`): "There are 116 cards listed" — the list has 113, one
copy of each — and "Information on the card must include the card name, resources it provides,
and bonuses it receives." The file is validated when it loads; errors name file, card and
field."""

import re
from collections import Counter
from importlib import resources

import pytest

from games.town.rules.cards import CATEGORIES, ContentError, parse_cards
from games.town.tests.table import PACK

TEXT = resources.files("games.town").joinpath("content", "cards.toml").read_text("utf-8")
GOOD = """
[[card]]
slug = "cross-roads"
name = "Cross Roads"
resources = "TT"
text = "Where roads meet."

[[card]]
slug = "trade-route"
name = "Trade Route"
resources = "TT"
bonus = { card = "cross-roads", category = "T" }
text = "A road for caravans."
"""


def test_113_cards_one_of_each():
    assert len(PACK.cards) == 113
    assert len({c.name for c in PACK.cards.values()}) == 113


def test_226_resource_points_two_per_card():
    """ "Each location put in play provides two resource points in one category or one resource
    point in two categories." """
    assert sum(len(c.resources) for c in PACK.cards.values()) == 226
    per_category = Counter(letter for c in PACK.cards.values() for letter in c.resources)
    assert set(per_category) == set(CATEGORIES)
    assert per_category == {
        "I": 44, "T": 38, "F": 33, "A": 26, "P": 20, "M": 17, "L": 14, "C": 13, "G": 11, "R": 10
    }  # fmt: skip


def test_62_cards_have_a_bonus_and_every_bonus_names_an_existing_card():
    """ "Many cards give a bonus resource point if you own another specific card." """
    with_bonus = [c for c in PACK.cards.values() if c.bonus is not None]
    assert len(with_bonus) == 62
    for card in with_bonus:
        assert card.bonus is not None and card.bonus.card in PACK.cards
        assert card.bonus.card != card.slug


def test_bonus_names_that_match_no_card_are_ruled():
    """ "Stonewalls" is the Stone Walls, "Brewery" the Brewer (the only brewing card) and "Cattle
    Ranch" the Ranch; the printed name is kept as `listed`."""
    listed = {c.slug: (c.bonus.listed, c.bonus.card) for c in PACK.cards.values() if c.bonus}
    ruled = {slug: pair for slug, pair in listed.items() if pair[0]}
    assert ruled == {
        "gatehouse": ("Stonewalls", "stone-walls"),
        "tavern": ("Brewery", "brewer"),
        "pub": ("Brewery", "brewer"),
        "tanner": ("Cattle Ranch", "ranch"),
    }


def test_the_beekeeper_has_no_bonus():
    """Its row has no bonus column at all."""
    assert PACK.cards["beekeeper"].bonus is None


def test_slugs_are_readable_and_follow_the_names():
    for slug, card in PACK.cards.items():
        assert slug == re.sub(r"[^a-z0-9]+", "-", card.name.lower()).strip("-")


def test_every_card_has_its_own_line_of_text():
    texts = [c.text for c in PACK.cards.values()]
    assert all(t.strip() for t in texts)
    assert len(set(texts)) == len(texts)


def test_the_file_parses_the_same_twice():
    assert parse_cards(TEXT) == PACK


def test_a_small_file_parses():
    pack = parse_cards(GOOD)
    assert pack.order == ("cross-roads", "trade-route")
    assert pack.bonus == {"trade-route": ("cross-roads", 1)}


@pytest.mark.parametrize(
    ("old", "new", "card", "field"),
    [
        (
            'resources = "TT"\ntext = "Where',
            'resources = "TX"\ntext = "Where',
            "cross-roads",
            "resources",
        ),
        (
            'resources = "TT"\ntext = "Where',
            'resources = "T"\ntext = "Where',
            "cross-roads",
            "resources",
        ),
        ('card = "cross-roads"', 'card = "crossroads"', "trade-route", "bonus.card"),
        ('category = "T"', 'category = "Q"', "trade-route", "bonus.category"),
        ('slug = "trade-route"', 'slug = "Trade Route"', "Trade Route", "slug"),
        ('slug = "cross-roads"', 'slug = "trade-route"', "trade-route", "slug"),
        ('name = "Trade Route"', 'name = "Cross Roads"', "trade-route", "name"),
        ('text = "A road for caravans."', 'text = " "', "trade-route", "text"),
        ('text = "A road for caravans."', 'colour = "red"', "trade-route", "-"),
        ('name = "Trade Route"\n', "", "trade-route", "-"),
        ('resources = "TT"\nbonus', "resources = 7\nbonus", "trade-route", "resources"),
    ],
)
def test_errors_name_the_file_the_card_and_the_field(old, new, card, field):
    assert old in GOOD
    with pytest.raises(ContentError) as err:
        parse_cards(GOOD.replace(old, new, 1), "cards.toml")
    assert err.value.file == "cards.toml"
    assert err.value.card == card
    assert err.value.field == field
    assert str(err.value).startswith(f"cards.toml: {card}: {field}: ")


def test_a_file_that_is_not_toml_is_reported_with_its_name():
    with pytest.raises(ContentError) as err:
        parse_cards("[[card]\n", "broken.toml")
    assert str(err.value).startswith("broken.toml: ")
