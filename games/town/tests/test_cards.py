"""One test per card: its resources and its bonus, as the rulebook's card list gives them.

`LIST` is the rulebook's table, row by row (name, resources, bonus card as printed, bonus
category). Where the printed bonus name matches no card, `RULINGS` says which card it means
(games/town/docs/rules-notes.md).
"""

import pytest

from games.town.rules.cards import CATEGORIES
from games.town.tests.table import PACK

RULINGS = {"Stonewalls": "Stone Walls", "Brewery": "Brewer", "Cattle Ranch": "Ranch"}

LIST = [
    ("Cross Roads", "TT", None, None),
    ("Trade Route", "TT", "Cross Roads", "T"),
    ("Farmland", "FF", "Irrigation", "F"),
    ("Irrigation", "FF", None, None),
    ("Grainmill", "FF", "Farmland", "F"),
    ("Vineyard", "FF", None, None),
    ("Quarry", "CC", None, None),
    ("Mason", "CC", "Quarry", "C"),
    ("Gold Mine", "TT", None, None),
    ("Salt Mine", "FF", None, None),
    ("Iron Mine", "II", None, None),
    ("Smelter", "II", "Iron Mine", "I"),
    ("Logging Camp", "CC", None, None),
    ("Lumbermill", "CC", "Logging Camp", "C"),
    ("Carpenter", "CI", "Lumbermill", "C"),
    ("Papermill", "II", "Lumbermill", "I"),
    ("Fishing Village", "FF", None, None),
    ("Pearl Divers", "II", "Fishing Village", "I"),
    ("Ranch", "FF", None, None),
    ("Hunting Grounds", "FF", None, None),
    ("Herbalist", "IP", None, None),
    ("Orchard", "FF", None, None),
    ("Stone Walls", "MM", "Mason", "M"),
    ("Castle", "MG", None, None),
    ("Guard Tower", "MM", "Castle", "M"),
    ("Moat", "MM", None, None),
    ("Gatehouse", "MM", "Stonewalls", "M"),
    ("Apothecary", "PI", None, None),
    ("Brothel", "AA", "Port", "A"),
    ("Bath House", "AP", "Aqueduct", "P"),
    ("Sewers", "PP", None, None),
    ("Aqueduct", "PP", "Architect", "P"),
    ("Library", "LL", "Printing Press", "L"),
    ("Builders Hall", "CC", "Mason", "C"),
    ("Blacksmith", "II", "Iron Mine", "I"),
    ("Armorer", "MI", "Iron Mine", "I"),
    ("Barracks", "MG", "Arena", "M"),
    ("Marketplace", "TT", None, None),
    ("Bowyer", "MI", None, None),
    ("Fletcher", "MI", "Bowyer", "I"),
    ("Stables", "MT", None, None),
    ("Temple", "RR", None, None),
    ("Wizards Tower", "LL", None, None),
    ("Merchant Shops", "TT", None, None),
    ("Merchants Guild", "TT", "Merchant Shops", "T"),
    ("Spice Merchant", "FT", None, None),
    ("Tavern", "AA", "Brewery", "A"),
    ("Inn", "AT", "Cross Roads", "T"),
    ("Alchemist", "LI", None, None),
    ("Inventor", "LI", None, None),
    ("Scribe", "LI", "Papermill", "I"),
    ("Brewer", "FA", None, None),
    ("Woodcarver", "II", "Logging Camp", "I"),
    ("Glassblower", "II", None, None),
    ("Tanner", "II", "Cattle Ranch", "I"),
    ("Weaver", "II", None, None),
    ("Tailor", "II", None, None),
    ("Bakery", "FF", "Granary", "F"),
    ("Jeweler", "II", "Gold Mine", "I"),
    ("Palace", "GG", None, None),
    ("Town Hall", "GG", "Town Square", "G"),
    ("Docks", "TT", None, None),
    ("Shipyards", "TT", "Port", "T"),
    ("Fishing Fleet", "FF", "Fishing Village", "F"),
    ("Merchant Fleet", "TT", "Port", "T"),
    ("Caravan", "TT", "Trade Route", "T"),
    ("Theatre", "AA", "Schoolhouse", "A"),
    ("Garden", "FP", None, None),
    ("Wheelwright", "TI", "Blacksmith", "T"),
    ("Cobbler", "II", "Tanner", "I"),
    ("Dye Maker", "II", "Fishing Village", "I"),
    ("Port", "TT", "Docks", "T"),
    ("Warehouses", "TT", None, None),
    ("Bazaar", "TT", "Marketplace", "T"),
    ("Granary", "FF", "Farmland", "F"),
    ("Catacombs", "RP", "Temple", "R"),
    ("Graveyard", "RP", "Cathedral", "R"),
    ("Shepherd", "FF", None, None),
    ("Monastery", "RR", None, None),
    ("Shrine", "RR", None, None),
    ("Cathedral", "RR", "Shrine", "R"),
    ("Almshouse", "PP", "Monastery", "P"),
    ("Hospital", "PP", "Surgeon", "P"),
    ("Kings Highway", "TT", None, None),
    ("Surgeon", "PP", None, None),
    ("Barber", "PP", None, None),
    ("Architect", "CC", None, None),
    ("Greenhouse", "FA", "Glassblower", "A"),
    ("Circus", "AA", None, None),
    ("Fairgrounds", "AA", None, None),
    ("Dungeon", "GG", "Castle", "G"),
    ("Gambling Hall", "AA", None, None),
    ("Pub", "AA", "Brewery", "A"),
    ("Town Square", "TG", "Cross Roads", "T"),
    ("Butcher", "FF", "Ranch", "F"),
    ("Rug Merchant", "TI", None, None),
    ("Schoolhouse", "LL", None, None),
    ("Tollbooth", "GG", "Bridge", "G"),
    ("Bridge", "TT", None, None),
    ("Sculptor", "AA", "Quarry", "A"),
    ("Sage", "LL", "University", "L"),
    ("University", "LL", "Library", "L"),
    ("Printing Press", "LI", "Dye Maker", "L"),
    ("Fortune Teller", "AA", None, None),
    ("Thieves Guild", "TT", "Bazaar", "T"),
    ("Candlestick Maker", "II", "Beekeeper", "I"),
    ("Clock Maker", "II", "Inventor", "I"),
    ("Laundry", "PP", "Aqueduct", "P"),
    ("Jousting Pavilion", "AM", "Fairgrounds", "A"),
    ("Archery Range", "AM", "Fletcher", "M"),
    ("Arena", "AM", None, None),
    ("Toymaker", "AI", None, None),
    ("Beekeeper", "FI", None, None),
]
BY_NAME = {card.name: card for card in PACK.cards.values()}


@pytest.mark.parametrize(("name", "resources", "bonus", "category"), LIST, ids=[r[0] for r in LIST])
def test_card(name, resources, bonus, category):
    card = BY_NAME[name]
    assert card.resources == resources
    assert set(card.resources) <= set(CATEGORIES)
    assert card.text.strip()
    if bonus is None:
        assert card.bonus is None
        return
    assert card.bonus is not None
    assert PACK.name(card.bonus.card) == RULINGS.get(bonus, bonus)
    assert card.bonus.category == category
    assert card.bonus.listed == (bonus if bonus in RULINGS else "")


def test_the_list_is_the_whole_pack_in_its_order():
    assert [PACK.name(slug) for slug in PACK.order] == [row[0] for row in LIST]
