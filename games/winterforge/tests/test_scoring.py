"""Final Scoring: "RP value of each Complete Contract X; First Player to complete Royal Contract
+3; 2 Crew members in your Guild +2; Bonus RP as per Guild board for each Skill type X; Each Loan
you have Repaid to the Bank (to a maximum of 2 RP) +1; For each unpaid Loan -2." "The Player with
the most Reputation Points wins … In the case of a tie, the Player with most Completed Contracts
wins." """

from __future__ import annotations

from games.winterforge.rules.scoring import final_result
from games.winterforge.tests.table import PACK, table

ZERO = {"weapons": 0, "armour": 0, "jewellery": 0}


def scores(*guilds: dict[str, object], **more: object) -> tuple[dict[str, int], ...]:
    state = table(players=len(guilds), guild=list(guilds), **more)
    return tuple(dict(lines) for lines in final_result(state, "contracts").lines)


def test_the_rp_of_each_completed_contract():
    done = ["alehouse-cleaver", "huntmasters-boar-spear", "deep-march-warhammer"]  # 1, 2, 3 RP
    assert scores({"seat": 0, "completed": done, "skills": ZERO}, {"seat": 1})[0]["contracts"] == 6


def test_a_royal_contract_is_worth_5_rp():
    """ "All Royal Contracts are worth 5 RP." """
    assert {card.rp for card in PACK.royals.values()} == {5}
    royal = "centenary-champions-panoply"
    guild = {"seat": 0, "royal": royal, "royal_done": True, "completed": [royal]}
    assert scores(guild, {"seat": 1})[0]["contracts"] == 5


def test_the_first_royal_contract_completed_earns_3_rp_more():
    """ "The first Player to complete a Royal Contract earns an extra 3 RP." """
    lines = scores({"seat": 0}, {"seat": 1}, first_royal=1)
    assert (lines[0]["first royal"], lines[1]["first royal"]) == (0, 3)


def test_a_full_crew_of_2_is_worth_2_rp():
    """ "Having a full Crew of 2 at the end of the game is worth 2 RP." """
    one = {"seat": 0, "crew": ["nim-the-haggler"]}
    two = {"seat": 1, "crew": ["ulda-the-edgewright", "torvin-the-riveter"]}
    lines = scores(one, two)
    assert (lines[0]["full crew"], lines[1]["full crew"]) == (0, 2)


def test_5_armour_and_7_jewellery_score_5_rp():
    """ "Example: If you ended the game with 5 Skill Points in Armour and 7 Skill Points in
    Jewellery, you would get a total bonus of 5 RP — 2 RP for the Armour skill and 3 RP for the
    Jewellery skill." """
    skills = {"weapons": 0, "armour": 5, "jewellery": 7}
    lines = scores({"seat": 0, "skills": skills}, {"seat": 1})[0]
    assert (lines["armour skill"], lines["jewellery skill"]) == (2, 3)
    assert lines["weapons skill"] + lines["armour skill"] + lines["jewellery skill"] == 5


def test_loans_repaid_at_the_bank_1_rp_each_at_most_2():
    """ "Each Loan you have Repaid to the Bank (to a maximum of 2 RP) +1" """
    repaid = [
        {"loan": slug, "paid": PACK.loans[slug].repay, "repaid": True, "at_bank": True}
        for slug in ("stonecount-hearth-note", "vaultmere-pocket-loan", "dunholt-small-advance")
    ]
    lines = scores({"seat": 0, "loans": repaid[:1]}, {"seat": 1, "loans": repaid[1:]})
    assert (lines[0]["loans repaid"], lines[1]["loans repaid"]) == (1, 2)
    three = scores({"seat": 0, "loans": repaid}, {"seat": 1})[0]
    assert three["loans repaid"] == 2


def test_each_unpaid_loan_costs_2_rp():
    """ "Each unpaid Loan is worth -2 RP at the end of the game." """
    lines = scores(
        {"seat": 0, "loans": ["stonecount-hearth-note", "vaultmere-pocket-loan"]}, {"seat": 1}
    )
    assert lines[0]["unpaid loans"] == -4


def test_the_most_rp_wins():
    state = table(
        players=2,
        guild=[
            {"seat": 0, "skills": ZERO},
            {"seat": 1, "skills": ZERO, "completed": ["miners-helm"]},
        ],
    )
    result = final_result(state, "contracts")
    assert result.totals == (0, 1) and result.winners == (1,) and result.ranking == (1, 0)


def test_a_tie_goes_to_the_most_completed_contracts():
    """ "In the case of a tie, the Player with most Completed Contracts wins." """
    two = ["alehouse-cleaver", "miners-helm"]  # 1 + 1 RP
    one = ["huntmasters-boar-spear"]  # 2 RP
    state = table(
        players=2,
        guild=[
            {"seat": 0, "skills": ZERO, "completed": one},
            {"seat": 1, "skills": ZERO, "completed": two},
        ],
    )
    result = final_result(state, "contracts")
    assert result.totals == (2, 2) and result.winners == (1,)


def test_still_tied_players_share_the_win():
    state = table(
        players=2,
        guild=[
            {"seat": 0, "skills": ZERO, "completed": ["miners-helm"]},
            {"seat": 1, "skills": ZERO, "completed": ["jasper-signet"]},
        ],
    )
    assert final_result(state, "contracts").winners == (0, 1)


def test_held_contracts_still_count():
    """Auction House: "Contracts Held at the end of the game still count towards your
    Reputation." """
    guild = {"seat": 0, "skills": ZERO, "held": ["miners-helm"]}
    state = table(
        players=2, alleyways=["auction-house"], guild=[guild, {"seat": 1, "skills": ZERO}]
    )
    result = final_result(state, "contracts")
    assert dict(result.lines[0])["contracts"] == 1 and result.winners == (0,)
