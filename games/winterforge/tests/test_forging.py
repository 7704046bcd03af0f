"""Forging a Contract: commit exactly the required Components, roll their dice, add the bonuses;
failure leaves a Work token and locks the Components; success returns them, raises the Skill,
pays the Crew and Turns the Contract In."""

from __future__ import annotations

from games.winterforge.rules.commands import Forge, TakeContracts
from games.winterforge.rules.events import ContractCompleted, EndTriggered, Forged
from games.winterforge.tests.table import by_type, play, public, refused, table

CLEAVER = "alehouse-cleaver"  # Weapons; ore + timber; Forge Number 8; 3 Coin, 1 RP
PICKAXE = "pit-crew-pickaxe"  # Weapons; ore + any; +1 per ore; Forge Number 10
ORE, TIMBER, HIDE = "bog-iron-1", "pine-haft-1", "goat-leather-1"  # each a d4
ROYAL = "centenary-champions-panoply"  # Weapons & Armour; ore, ore, hide, any; +1 per ore; 30


def smith(**more: object) -> dict[str, object]:
    base: dict[str, object] = {
        "seat": 0,
        "at": "forge",
        "coin": 5,
        "skills": {"weapons": 3, "armour": 2, "jewellery": 1},
        "hand": [CLEAVER],
        "stockpile": [ORE, TIMBER, HIDE],
    }
    return {**base, **more}


def forge(contract: str = CLEAVER, *components: str, **more: object) -> Forge:
    return Forge(seat=0, contract=contract, components=components or (ORE, TIMBER), **more)


def test_exactly_the_required_components():
    """ "You cannot commit more or fewer Components than the Contract requires." """
    state = table(guild=[smith()])
    refused(state, forge(CLEAVER, ORE), "components")
    refused(state, forge(CLEAVER, ORE, TIMBER, HIDE), "components")
    refused(state, forge(CLEAVER, ORE, HIDE), "components")  # a hide is no timber


def test_only_components_from_the_stockpile():
    """ "commit the required Components from your stockpile" """
    state = table(guild=[smith(stockpile=[ORE])])
    refused(state, forge(), "no_component")


def test_only_a_contract_you_hold():
    state = table(guild=[smith(hand=[])])
    refused(state, forge(), "no_contract")


def test_forging_is_done_in_the_forge():
    state = table(guild=[smith(at="market")])
    refused(state, forge(), "wrong_place")


def test_the_result_is_dice_plus_skill_level_and_success_is_equal_or_greater():
    """ "Sum of the dice + Component bonus (if applicable) + Crew bonus (if applicable) + Work
    Tokens + Guild Skill Level". "If you roll equal to or greater than the Contract's forge
    number... the Forge action has succeeded." """
    state = table(guild=[smith()], dice=[2, 3])
    state, log = play(state, forge())
    forged = by_type(log, Forged)[0]
    assert forged.dice == ((4, 2), (4, 3)) and forged.parts == (("skill", 3),)
    assert (forged.total, forged.target, forged.success) == (8, 8, True)


def test_the_component_bonus_counts_each_component_of_its_type():
    """ "Component bonus (if applicable)": the Pit-Crew Pickaxe adds 1 for each ore committed, in
    its "any" slot too."""
    state = table(guild=[smith(hand=[PICKAXE], stockpile=[ORE, "bog-iron-2"])], dice=[1, 1])
    state, log = play(state, forge(PICKAXE, ORE, "bog-iron-2"))
    assert ("component bonus", 2) in by_type(log, Forged)[0].parts


def test_the_crew_bonus_counts_crew_of_the_contracts_type():
    """ "Crew bonus (if applicable)" """
    crew = ["ulda-the-edgewright", "torvin-the-riveter"]  # +2 Weapons, +2 Armour
    state = table(guild=[smith(crew=crew)], dice=[1, 1])
    state, log = play(state, forge())
    assert ("crew bonus", 2) in by_type(log, Forged)[0].parts


def test_work_tokens_on_the_contract_count():
    """ "Place 1 Work Token on the Contract as a +1 bonus towards this Contract's completion on
    future forge actions." """
    started = [{"contract": CLEAVER, "components": [ORE, TIMBER], "tokens": 2}]
    state = table(guild=[smith(hand=[], stockpile=[HIDE], started=started)], dice=[1, 1])
    state, log = play(state, Forge(seat=0, contract=CLEAVER))
    forged = by_type(log, Forged)[0]
    assert ("work tokens", 2) in forged.parts and forged.total == 1 + 1 + 2 + 3


def test_a_royal_contract_adds_both_skills():
    """ "Royal Contracts have 2 types. When forging, both Skill types are added to your Forge
    result." """
    stock = ["bog-iron-1", "bog-iron-2", "goat-leather-1", "pine-haft-1"]
    state = table(guild=[smith(royal=ROYAL, stockpile=stock)], dice=[1, 1, 1, 1])
    state, log = play(state, forge(ROYAL, *stock))
    assert ("skill", 3 + 2) in by_type(log, Forged)[0].parts


def test_failure_places_a_work_token_and_leaves_the_contract_face_up():
    """ "If you roll lower than the Contract's forge number, you have failed … Place 1 Work Token
    on the Contract … this Contract remains face-up in front of you" """
    state = table(guild=[smith()], dice=[1, 1])
    state, log = play(state, forge())
    forged = by_type(log, Forged)[0]
    assert not forged.success and forged.tokens == 1
    g = state.guilds[0]
    assert g.hand == () and len(g.started) == 1
    assert (g.started[0].contract, g.started[0].components, g.started[0].tokens) == (
        CLEAVER,
        (ORE, TIMBER),
        1,
    )
    assert g.stockpile == (HIDE,) and not by_type(log, ContractCompleted)


def test_committed_components_cannot_be_removed_or_replaced():
    """ "any Components originally committed to it cannot be removed or replaced." """
    started = [{"contract": CLEAVER, "components": [ORE, TIMBER], "tokens": 1}]
    state = table(guild=[smith(hand=[], stockpile=["bog-iron-2", "pine-haft-2"], started=started)])
    refused(state, forge(CLEAVER, "bog-iron-2", "pine-haft-2"), "locked")


def test_a_failed_contract_still_counts_towards_the_limit():
    """ "This Contract still counts towards your total Contract limit" """
    started = [{"contract": CLEAVER, "components": [ORE, TIMBER], "tokens": 1}]
    state = table(
        guild=[
            smith(
                at="guildhall", hand=["miners-helm", "jasper-signet"], stockpile=[], started=started
            )
        ],
        job_track=["leather-jerkin"],
    )
    refused(state, TakeContracts(seat=0, contracts=("leather-jerkin",)), "contract_limit")


def test_other_contracts_can_be_forged_meanwhile():
    """ "You can continue to forge other Contracts while this Contract is incomplete." """
    started = [{"contract": CLEAVER, "components": [ORE, TIMBER], "tokens": 1}]
    guild = smith(hand=[PICKAXE], stockpile=["bog-iron-2", "bog-iron-3"], started=started)
    state, log = play(table(guild=[guild], dice=[4, 4]), forge(PICKAXE, "bog-iron-2", "bog-iron-3"))
    assert by_type(log, Forged)[0].success
    assert state.guilds[0].started[0].contract == CLEAVER


def test_a_second_failure_adds_another_token():
    started = [{"contract": CLEAVER, "components": [ORE, TIMBER], "tokens": 1}]
    state = table(guild=[smith(hand=[], stockpile=[], started=started)], dice=[1, 1])
    state, _ = play(state, Forge(seat=0, contract=CLEAVER))
    assert state.guilds[0].started[0].tokens == 2


def test_success_returns_the_components_to_the_bottom_of_their_decks():
    """ "Return the committed Components face-down to the bottom of their relevant Component
    deck." and "Return any Work Tokens placed on the Contract back into the communal pile." """
    started = [{"contract": CLEAVER, "components": [ORE, TIMBER], "tokens": 3}]
    state = table(guild=[smith(hand=[], stockpile=[], started=started)], dice=[1, 1])
    state, log = play(state, Forge(seat=0, contract=CLEAVER))
    assert by_type(log, ContractCompleted)[0].returned == (ORE, TIMBER)
    assert state.component_decks[0][-2:] == (ORE, TIMBER)
    assert state.guilds[0].started == ()


def test_success_raises_the_matching_skill():
    """ "Move your Guild's Skill cube one space higher on the Skill track that matches the
    Contract type." """
    state, _ = play(table(guild=[smith()], dice=[4, 4]), forge())
    assert state.guilds[0].skills == (4, 2, 1)


def test_success_turns_the_contract_in_for_its_coin():
    """ "If you Turn In your completed Contract, take Coin from the Bank equal to the value
    indicated on the Contract. Then place the completed Contract face-down under your Guild
    Board." """
    state, log = play(table(guild=[smith()], dice=[4, 4]), forge())
    assert by_type(log, ContractCompleted)[0].coin == 3
    assert state.guilds[0].coin == 5 + 3 and state.guilds[0].completed == (CLEAVER,)


def test_crew_are_paid_1_coin_each_to_stay():
    """ "Pay 1 Coin for each Crew in your Guild that you wish to keep." """
    crew = ["nim-the-haggler", "bardolf-the-tutor"]
    state, log = play(table(guild=[smith(crew=crew)], dice=[4, 4]), forge())
    done = by_type(log, ContractCompleted)[0]
    assert (done.upkeep, done.dismissed) == (2, ())
    assert state.guilds[0].coin == 5 + 3 - 2 and state.guilds[0].crew == tuple(crew)


def test_crew_not_paid_by_choice_go_to_the_bottom_of_the_crew_deck():
    """ "If Crew are not paid (either by choice or by lack of Coin), they are returned to the
    bottom of the Crew deck." """
    crew = ["nim-the-haggler", "bardolf-the-tutor"]
    state = table(guild=[smith(crew=crew)], dice=[4, 4])
    state, _ = play(state, forge(dismiss=("bardolf-the-tutor",)))
    assert state.guilds[0].crew == ("nim-the-haggler",)
    assert state.crew_deck[-1] == "bardolf-the-tutor" and state.guilds[0].coin == 5 + 3 - 1


def test_crew_not_paid_for_lack_of_coin_leave():
    """A Contract held for the Auction House pays no Coin, so a purse of 1 keeps one Crew."""
    crew = ["nim-the-haggler", "bardolf-the-tutor"]
    state = table(alleyways=["auction-house"], guild=[smith(crew=crew, coin=1)], dice=[4, 4])
    state, log = play(state, forge(hold=True))
    done = by_type(log, ContractCompleted)[0]
    assert (done.upkeep, done.dismissed) == (1, ("bardolf-the-tutor",))
    assert state.guilds[0].coin == 0 and state.crew_deck[-1] == "bardolf-the-tutor"


def test_the_royal_contract_needs_no_crew_upkeep():
    """ "When completing your Royal Contract, you do not need to pay your Crew." """
    crew = ["nim-the-haggler", "bardolf-the-tutor"]
    stock = ["bog-iron-1", "bog-iron-2", "goat-leather-1", "pine-haft-1"]
    top = {"weapons": 10, "armour": 10}
    state = table(
        guild=[smith(royal=ROYAL, stockpile=stock, crew=crew, coin=0, skills=top)],
        dice=[4, 4, 4, 4],
        players=2,
    )
    state, log = play(state, forge(ROYAL, *stock))
    done = by_type(log, ContractCompleted)[0]
    assert (done.upkeep, done.dismissed) == (0, ())
    assert state.guilds[0].crew == tuple(crew)


def test_the_first_royal_contract_completed_is_marked_and_ends_the_game():
    """ "The first Player to complete a Royal Contract earns an extra 3 RP." and "A Player completes
    their Royal Contract" ends the game at the end of the round."""
    stock = ["bog-iron-1", "bog-iron-2", "goat-leather-1", "pine-haft-1"]
    state = table(
        guild=[smith(royal=ROYAL, stockpile=stock, skills={"weapons": 10, "armour": 10})],
        dice=[4, 4, 4, 4],
        players=2,
    )
    state, log = play(state, forge(ROYAL, *stock))
    assert by_type(log, ContractCompleted)[0].first_royal
    assert by_type(log, EndTriggered) == [EndTriggered(reason="royal")]
    assert state.first_royal == 0 and state.guilds[0].royal_done
    assert state.guilds[0].skills[:2] == (10, 10)  # the tracks' top: nothing to raise


def test_a_second_royal_is_not_first():
    stock = ["bog-iron-1", "bog-iron-2", "goat-leather-1", "pine-haft-1"]
    top = {"weapons": 10, "armour": 10}
    state = table(
        guild=[smith(royal=ROYAL, stockpile=stock, skills=top)],
        dice=[4, 4, 4, 4],
        first_royal=1,
        ending="royal",
        players=2,
    )
    state, log = play(state, forge(ROYAL, *stock))
    assert not by_type(log, ContractCompleted)[0].first_royal and state.first_royal == 1
    assert not by_type(log, EndTriggered)


def test_the_turn_in_coin_can_pay_the_crew():
    """The Quick Reference's order: "receive Coin indicated on the Contract, pay 1 Coin for each
    Crew you wish to keep" — the Contract's Coin comes first (rules notes)."""
    crew = ["nim-the-haggler", "bardolf-the-tutor"]
    state, log = play(table(guild=[smith(crew=crew, coin=0)], dice=[4, 4]), forge())
    assert by_type(log, ContractCompleted)[0].upkeep == 2
    assert state.guilds[0].coin == 1 and state.guilds[0].crew == tuple(crew)


def test_a_royal_contract_raises_both_of_its_skills():
    """ "Move your Guild's Skill cube one space higher on the Skill track that matches the Contract
    type": a Royal Contract has two types, and both tracks rise (rules notes)."""
    stock = ["bog-iron-1", "bog-iron-2", "goat-leather-1", "pine-haft-1"]
    skills = {"weapons": 9, "armour": 8, "jewellery": 1}
    state = table(guild=[smith(royal=ROYAL, stockpile=stock, skills=skills)], dice=[4, 4, 4, 4])
    state, _ = play(state, forge(ROYAL, *stock))
    assert state.guilds[0].skills == (10, 9, 1)


def test_a_royal_contract_is_public_once_it_lies_face_up():
    """ "Until you start work on a Contract, it is hidden from other Players": a failed forge of
    the Royal Contract shows it to everybody."""
    stock = ["bog-iron-1", "bog-iron-2", "goat-leather-1", "pine-haft-1"]
    state = table(guild=[smith(royal=ROYAL, stockpile=stock)], dice=[1, 1, 1, 1])
    assert public(state)["guilds"][0]["royal"] == ""
    state, _ = play(state, forge(ROYAL, *stock))
    assert public(state)["guilds"][0]["royal"] == ROYAL
