"""Crew: "Crew title, Crew ability, Expansion symbol, Hire Cost" — the text gives the cards' parts
and limits; the abilities are the pack's own (docs/content.md, "crew.toml"). One test per kind of
ability, each through the rule it changes."""

from __future__ import annotations

from games.winterforge.rules.commands import (
    Buy,
    Forge,
    Move,
    RefreshRow,
    RefreshTavern,
    RequestFunds,
    TakeLoan,
    Train,
)
from games.winterforge.rules.events import (
    ComponentsBought,
    ContractCompleted,
    Forged,
    FundsRequested,
    LoanTaken,
    Trained,
)
from games.winterforge.tests.table import PACK, by_type, play, table

CLEAVER = ("bog-iron-1", "pine-haft-1")  # the Alehouse Cleaver: ore + timber, Forge Number 8


def forger(crew: list[str], **more: object) -> dict[str, object]:
    return {
        "seat": 0,
        "at": "forge",
        "coin": 5,
        "crew": crew,
        "hand": ["alehouse-cleaver"],
        "stockpile": list(CLEAVER),
        "skills": {"weapons": 3},
        **more,
    }


def cleaver(**more: object) -> Forge:
    return Forge(seat=0, contract="alehouse-cleaver", components=CLEAVER, **more)


def test_every_kind_of_ability_is_on_a_card():
    kinds = {card.ability.kind for card in PACK.crew.values()}
    assert kinds == {
        "forge_bonus",
        "extra_move",
        "market_discount",
        "train_discount",
        "turn_in_bonus",
        "reroll",
        "work_bonus",
        "loan_bonus",
        "funds_bonus",
        "refresh_free",
        "contract_extra",
        "appraise",
        "bodyguard",
    }


def test_forge_bonus_for_any_type():
    """Gammick the Bellows-Keeper: "+1 to every forge." """
    state = table(guild=[forger(["gammick-the-bellows-keeper"])], dice=[1, 1])
    assert ("crew bonus", 1) in by_type(play(state, cleaver())[1], Forged)[0].parts


def test_forge_bonus_of_another_type_does_not_count():
    state = table(guild=[forger(["sessa-the-wiredrawer"])], dice=[1, 1])  # +2 Jewellery
    assert all(
        name != "crew bonus" for name, _ in by_type(play(state, cleaver())[1], Forged)[0].parts
    )


def test_market_discount():
    """Nim the Haggler: "Each Purchase Components action costs 1 Coin less." """
    state = table(
        market=[["bog-iron-2", "pine-haft-2", "goat-leather-1"]],
        guild=[{"seat": 0, "at": "market", "coin": 5, "crew": ["nim-the-haggler"]}],
    )
    state, log = play(state, Buy(seat=0, components=("bog-iron-2", "pine-haft-2")))
    assert by_type(log, ComponentsBought)[0].cost == 1


def test_train_discount():
    """Bardolf the Tutor: "Training costs 1 Coin less." """
    state = table(guild=[forger(["bardolf-the-tutor"])])
    state, log = play(state, Train(seat=0, skill="weapons"))
    assert by_type(log, Trained)[0].cost == 2  # 3 to 4: 3 Coin


def test_turn_in_bonus():
    """Kessa the Ledger-Keeper: +1 Coin for each Contract turned in."""
    state = table(guild=[forger(["kessa-the-ledger-keeper"], coin=0)], dice=[4, 4])
    done = by_type(play(state, cleaver())[1], ContractCompleted)[0]
    assert (done.coin, done.upkeep) == (3 + 1, 1)


def test_reroll_only_when_short_and_of_the_die_furthest_below_its_top():
    """Grimmet the Tempermaster: "When a forge falls short, reroll once the die that fell
    furthest below its highest face." (rules notes): a d12 showing 2 before a d4 showing 1."""
    pickaxe = ("deepsilver-ingot-1", "pine-haft-1")  # Pit-Crew Pickaxe: ore + any, 10; a d12, a d4
    smith = forger(["grimmet-the-tempermaster"], hand=["pit-crew-pickaxe"], stockpile=list(pickaxe))
    state = table(guild=[smith], dice=[2, 1, 9])
    cmd = Forge(seat=0, contract="pit-crew-pickaxe", components=pickaxe)
    forged = by_type(play(state, cmd)[1], Forged)[0]
    assert forged.rerolled == (0, 2) and forged.dice == ((12, 9), (4, 1))
    assert forged.total == 9 + 1 + 1 + 3 and forged.success  # the ore's +1, Weapons 3
    state = table(guild=[forger(["grimmet-the-tempermaster"])], dice=[4, 1])
    forged = by_type(play(state, cleaver())[1], Forged)[0]
    assert forged.rerolled == () and forged.success  # 4 + 1 + 3 = 8: not short


def test_one_reroll_a_forge_even_with_a_reroll_rune_too():
    """Rules notes: a forge rerolls once, whichever cards allow it."""
    crew = ["grimmet-the-tempermaster"]
    state = table(
        alleyways=["runesmith"],
        dice=[1, 1, 1],
        guild=[forger(crew, runes=["rune-of-the-second-stroke"])],
    )
    forged = by_type(play(state, cleaver(rune="rune-of-the-second-stroke"))[1], Forged)[0]
    assert forged.rerolled == (0, 1) and not forged.success


def test_work_bonus():
    """Dunna of the Night Shift: a failed forge leaves 2 Work tokens."""
    state = table(guild=[forger(["dunna-of-the-night-shift"])], dice=[1, 1])
    state, log = play(state, cleaver())
    assert by_type(log, Forged)[0].tokens == 2 and state.guilds[0].started[0].tokens == 2


def test_loan_bonus():
    """Fenwick the Smooth-Tongue: +1 Coin with each Loan."""
    state = table(
        bank=["stonecount-hearth-note", "stonecount-anvil-note"],
        guild=[{"seat": 0, "at": "bank", "crew": ["fenwick-the-smooth-tongue"]}],
    )
    state, log = play(state, TakeLoan(seat=0, loan="stonecount-hearth-note"))
    assert by_type(log, LoanTaken)[0].coin == 5


def test_funds_bonus():
    """Aunt Rusk the Patroness: Request Funds gives 2 Coin."""
    state = table(guild=[{"seat": 0, "coin": 0, "crew": ["aunt-rusk-the-patroness"]}])
    assert by_type(play(state, RequestFunds(seat=0))[1], FundsRequested)[0].coin == 2


def test_refresh_free():
    """Tibbet the Errand Lad: "Refreshing a Market row or the Tavern costs you no Coin." """
    state = table(guild=[{"seat": 0, "at": "market", "coin": 0, "crew": ["tibbet-the-errand-lad"]}])
    state, _ = play(state, RefreshRow(seat=0, level=1))
    state = table(guild=[{"seat": 0, "at": "tavern", "coin": 0, "crew": ["tibbet-the-errand-lad"]}])
    state, _ = play(state, RefreshTavern(seat=0))
    assert state.guilds[0].coin == 0


def test_extra_move_is_once_a_turn():
    state = table(guild=[{"seat": 0, "crew": ["pell-the-tunnel-runner"]}])
    state, _ = play(
        state,
        Move(seat=0, to="market"),
        Move(seat=0, to="forge"),
        Move(seat=0, to="market"),
        Move(seat=0, to="forge"),
    )
    assert state.turn.seat == 1
