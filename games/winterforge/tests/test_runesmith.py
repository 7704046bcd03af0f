"""The Runesmith: "You may pay 2 Coin to add the top card of the Rune deck to your stockpile. If
there are no more Rune cards available in the deck, then none can be purchased." """

from __future__ import annotations

from msgspec.structs import replace

from games.winterforge import GAME
from games.winterforge.rules.commands import BuyRune, Forge
from games.winterforge.rules.events import Forged, GameCreated, RuneBought
from games.winterforge.tests.table import PACK, by_type, play, refused, table

CLEAVER = ("bog-iron-1", "pine-haft-1")


def test_a_shuffled_deck_of_15_runes():
    """ "1 Deck of 15 Rune Cards" "Shuffle and place the Rune deck face-down" """
    created = GAME.create(2, 1, {"runesmith": True})[0]
    assert isinstance(created, GameCreated)
    assert sorted(created.rune_deck) == sorted(PACK.runes) and len(created.rune_deck) == 15


def test_pay_2_coin_for_the_top_rune():
    state = table(
        alleyways=["runesmith"],
        rune_deck=["rune-of-the-ember"],
        guild=[{"seat": 0, "at": "runesmith", "coin": 3}],
    )
    state, log = play(state, BuyRune(seat=0))
    assert by_type(log, RuneBought)[0] == RuneBought(seat=0, rune="rune-of-the-ember", cost=2)
    assert state.guilds[0].runes == ("rune-of-the-ember",) and state.guilds[0].coin == 1
    assert "rune-of-the-ember" not in state.rune_deck


def test_none_when_the_deck_is_empty():
    state = table(alleyways=["runesmith"], guild=[{"seat": 0, "at": "runesmith", "coin": 3}])
    refused(replace(state, rune_deck=()), BuyRune(seat=0), "no_runes")


def forging(runes: list[str], dice: list[int]) -> object:
    smith = {
        "seat": 0,
        "at": "forge",
        "coin": 0,
        "hand": ["alehouse-cleaver"],
        "stockpile": list(CLEAVER),
        "runes": runes,
        "skills": {"weapons": 3},
    }
    return table(alleyways=["runesmith"], guild=[smith], dice=dice)


def test_one_rune_is_committed_with_the_components_and_helps_the_forge():
    """ "When you are committing Components to a Contract, you may also commit one Rune card from
    your stockpile." """
    state = forging(["rune-of-the-ringing-anvil", "rune-of-the-spark"], [1, 2])
    cmd = Forge(
        seat=0, contract="alehouse-cleaver", components=CLEAVER, rune="rune-of-the-ringing-anvil"
    )
    state, log = play(state, cmd)
    forged = by_type(log, Forged)[0]
    assert ("rune", 2) in forged.parts and forged.total == 1 + 2 + 3 + 2 and forged.success


def test_a_die_rune_adds_its_die():
    state = forging(["rune-of-the-spark"], [1, 1, 3])
    cmd = Forge(seat=0, contract="alehouse-cleaver", components=CLEAVER, rune="rune-of-the-spark")
    forged = by_type(play(state, cmd)[1], Forged)[0]
    assert forged.dice == ((4, 1), (4, 1), (4, 3))


def test_the_rune_is_discarded_once_the_contract_is_forged():
    """ "Once the Contract is forged and the bonus from the Rune card has been used, the Rune card
    is discarded." """
    state = forging(["rune-of-the-ringing-anvil"], [2, 2])
    cmd = Forge(
        seat=0, contract="alehouse-cleaver", components=CLEAVER, rune="rune-of-the-ringing-anvil"
    )
    state, _ = play(state, cmd)
    assert state.guilds[0].runes == () and state.guilds[0].completed == ("alehouse-cleaver",)
    assert "rune-of-the-ringing-anvil" not in state.rune_deck


def test_a_rune_stays_committed_to_a_failed_contract_until_it_is_forged():
    state = forging(["rune-of-the-steady-hand"], [1, 1])
    cmd = Forge(
        seat=0, contract="alehouse-cleaver", components=CLEAVER, rune="rune-of-the-steady-hand"
    )
    state, _ = play(state, cmd)
    assert state.guilds[0].started[0].rune == "rune-of-the-steady-hand"
    assert state.guilds[0].runes == ()


def test_only_a_rune_you_have():
    state = forging([], [1, 1])
    cmd = Forge(seat=0, contract="alehouse-cleaver", components=CLEAVER, rune="rune-of-the-spark")
    refused(state, cmd, "no_rune")
