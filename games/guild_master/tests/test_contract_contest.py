"""ATTEMPT CONTRACT CONTEST RESOLUTION: negotiate a reward split, choose a contest stance, then
conflictors with their Skill Check Penalty and cooperators as a combined team or separate teams.

Kim (4 Guile & 3 Might) and Chris (6 Might from adventurers with 1, 2 and 3 Might) meet at a
contract with targets of 10 Might / 10 Guile, as in the rulebook's examples.
"""

import pytest

from games.guild_master.rules.commands import (
    AnswerSplit,
    ChooseCooperation,
    ChooseStance,
    ProposeSplit,
)
from games.guild_master.rules.contract_contest import allocate, combined_size, dice_shares
from games.guild_master.rules.pending import pending
from games.guild_master.rules.state import SplitTerms
from games.guild_master.tests.table import (
    PACK,
    of_type,
    order,
    orders,
    play,
    public,
    refused,
    table,
)

KIM, CHRIS = 0, 1
KIM_TEAM = ["hob", "brask"]  # Guile 4, Might 3
CHRIS_TEAM = ["garrick", "odile", "fenn"]  # Might 3 + 2 + 1 = 6


def contest(dice=(), contract="border-feud", kim=None, chris=None, **extra):
    """Both guilds ordered to contract 1 in their first order space; stances not chosen yet."""
    state = table(
        players=2,
        board={"contracts": {"1": contract}},
        guild=[
            {"adventurers": KIM_TEAM, "skill_upgrades": ["salon:fixer"]},
            {"adventurers": CHRIS_TEAM, "skill_upgrades": ["salon:fixer"], "mess_hall": 2},
        ],
        dice=list(dice),
        **extra,
    )
    state, events = play(
        state,
        orders(KIM, order(1, KIM_TEAM, "1", **(kim or {}))),
        orders(CHRIS, order(1, CHRIS_TEAM, "1", **(chris or {}))),
    )
    assert of_type(events, "ContestOpened")
    return state


def stances(state, kim, chris):
    return play(state, ChooseStance(seat=KIM, stance=kim), ChooseStance(seat=CHRIS, stance=chris))


def rewards(events):
    return {e.seat: (e.gold, e.fame) for e in of_type(events, "ContractRewarded")}


def test_conflictors_attempt_with_a_penalty_and_the_highest_margin_wins():
    """ "Kim receives a Skill Check Penalty of 4 for his team's 4 Guile dice. Kim now needs 14 to
    succeed. Chris has a penalty of 6... and needs 16... Kim's Skill Check Result is 15... Chris'
    Skill Check Result is 16... Kim wins the Contract, gains all its rewards." """
    state = contest(
        dice=[6, 4, 3, 2, 4, 3, 3, 2, 2, 2], kim={"skill": "guile"}, chris={"skill": "might"}
    )
    _, events = stances(state, "conflict", "conflict")
    targets = {e.seat: e.target for e in of_type(events, "SkillCheckRolled")}
    assert targets == {KIM: 14, CHRIS: 16}
    (decided,) = of_type(events, "ConflictDecided")
    assert decided.winner == KIM and dict(decided.margins) == {KIM: 1, CHRIS: 0}
    assert rewards(events) == {KIM: (3, 3)}
    (kept,) = of_type(events, "ContractKept")
    assert kept.seat == KIM


def test_the_penalty_counts_skill_dice_only_not_dice_added_by_effects():
    """Glossary, Skill Check Penalty: "equal to their Adventurer team's total dice (not including
    any added by effects) in the Skill they are using." Rowan adds a Might die every round."""
    state = table(
        players=2,
        round=1,
        board={"contracts": {"1": "border-feud"}},
        guild=[
            {"adventurers": ["rowan", "brask"], "skill_upgrades": ["salon:fixer"]},
            {"adventurers": ["hob"], "skill_upgrades": ["salon:fixer"]},
        ],
        dice=[6, 6, 6, 6, 6, 6, 1, 1, 1, 1],
    )
    state, _ = play(
        state,
        orders(0, order(1, ["rowan", "brask"], "1", skill="might")),
        orders(1, order(1, ["hob"], "1", skill="guile")),
    )
    _, events = stances(state, "conflict", "conflict")
    rolled = {e.seat: e for e in of_type(events, "SkillCheckRolled")}
    assert len(rolled[0].dice) == 6 and rolled[0].skill_dice == 5 and rolled[0].target == 15


def test_tied_conflictors_reroll_until_one_wins():
    """ "Ties are resolved like they are in Contested Skill Checks... by choosing and rerolling 1
    dice each until there is a winner." Both reach their targets by 1; the re-rolls break it."""
    state = contest(
        dice=[6, 4, 3, 2, 6, 3, 3, 2, 2, 1, 5, 2],
        kim={"skill": "guile"},
        chris={"skill": "might"},
    )
    _, events = stances(state, "conflict", "conflict")
    (tie,) = of_type(events, "TieRerolled")
    assert [(key.split(":")[-1], new) for key, _i, _old, new in tie.rerolls] == [("0", 5), ("1", 2)]
    (decided,) = of_type(events, "ConflictDecided")
    assert decided.winner == KIM


def test_conflictors_who_fail_get_nothing_and_cooperators_then_attempt():
    """ "Conflictors who didn't complete the contract get nothing." "Then, if the Contract is
    still available, the cooperators may attempt it." A lone cooperator attempts "as normal"."""
    state = contest(dice=[1, 1, 1, 1, 5, 5, 5], kim={"skill": "guile"}, chris={"skill": "might"})
    state, events = stances(state, "conflict", "cooperate")
    (decided,) = of_type(events, "ConflictDecided")
    assert decided.winner is None
    chris_roll = [e for e in of_type(events, "SkillCheckRolled") if e.seat == CHRIS]
    assert chris_roll[0].target == 10  # no penalty for a cooperator
    assert rewards(events) == {CHRIS: (3, 3)}


def test_cooperators_miss_out_when_a_conflictor_completes_it():
    """ "If the Contract has already been completed by a conflictor, any cooperators may Attempt
    a Private Contract or Wander." """
    state = contest(dice=[6, 6, 6, 6], kim={"skill": "guile"}, chris={"fallback": "wander"})
    _, events = stances(state, "conflict", "cooperate")
    assert rewards(events) == {KIM: (3, 3)}
    missed = [e for e in of_type(events, "OrderMissed") if e.seat == CHRIS]
    assert missed and of_type(events, "Wandered")[0].seat == CHRIS


def test_combined_team_takes_the_best_adventurers_and_each_guild_rolls_its_own():
    """ "Kim's 3 Might Adventurer joins a team with Chris' 2 Adventurers with 2 and 3 Might
    respectively, for a total of 8 Might. Kim rolls 3 dice giving a result of 7, and Chris' 5
    dice total 14, giving a combined Might Skill Check total of 21 vs a Skill Check Target of 10,
    success! Both Guilds gain the Contract's full Fame reward... Chris' Adventurers rolled the
    highest so he takes the Contract card." """
    state = contest(
        dice=[3, 2, 2, 4, 3, 3, 2, 2], kim={"cooperation": "ask"}, chris={"cooperation": "ask"}
    )
    state, _ = stances(state, "cooperate", "cooperate")
    assert {d.kind for d in pending(state)} == {"cooperation"}
    state, events = play(
        state,
        ChooseCooperation(seat=KIM, skill="might", adventurers=("brask",)),
        ChooseCooperation(seat=CHRIS, skill="might", adventurers=("garrick", "odile", "fenn")),
    )
    rolls = {e.seat: e for e in of_type(events, "SkillCheckRolled")}
    assert len(rolls[KIM].dice) == 3 and len(rolls[CHRIS].dice) == 5  # fenn left out: size 3
    totals = {e.key.split(":")[-1]: e.total for e in of_type(events, "SkillCheckFinished")}
    assert totals == {"0": 7, "1": 14}
    assert rewards(events) == {KIM: (1, 3), CHRIS: (2, 3)}  # default split: extra Gold to Chris
    (kept,) = of_type(events, "ContractKept")
    assert kept.seat == CHRIS


def test_combined_team_size_is_the_higher_of_mess_hall_and_number_of_guilds():
    """ "This combined team's maximum size is dictated by the highest level Mess Hall amongst the
    cooperating Guilds, or by the number of Guilds participating, whichever is greater." """
    state = table(players=4, guild=[{"mess_hall": 1}, {"mess_hall": 1}, {"mess_hall": 1}])
    assert combined_size(state, PACK, [0, 1, 2]) == 3
    assert combined_size(state, PACK, [0, 1]) == 2
    state = table(players=2, guild=[{"mess_hall": 3}])
    assert combined_size(state, PACK, [0, 1]) == 4


def test_each_cooperating_guild_contributes_at_least_one_adventurer():
    """ "Each cooperating Guild must contribute at least one Adventurer to the combined team." """
    team = allocate(PACK, "might", {0: ("hob",), 1: ("morgath", "valka", "garrick")}, 2)
    assert team == {0: ("hob",), 1: ("morgath",)}


def test_a_combined_team_rolls_at_most_ten_dice():
    """ "Each Guild rolls dice for their participating Adventurer(s), up to a maximum of 10 dice in
    total for the combined team." """
    shares = dice_shares(PACK, "might", {0: ("morgath",), 1: ("valka",)})  # 7 + 5
    assert sum(shares.values()) == 10 and shares == {0: 5, 1: 5}


def test_separate_teams_complete_it_for_all_if_one_succeeds():
    """ "Kim's 4 dice Guile Skill Check roll totals 9, 1 under his Skill Check Target of 10... but
    Chris' Skill Check Result is 16, so both cooperators succeed... As Chris rolled highest over
    his target he takes the Contract card." """
    state = contest(
        dice=[3, 2, 2, 2, 4, 3, 3, 2, 2, 2],
        kim={"cooperation": "ask"},
        chris={"cooperation": "ask"},
    )
    state, _ = stances(state, "cooperate", "cooperate")
    _, events = play(
        state,
        ChooseCooperation(seat=KIM, skill="guile", adventurers=("hob",)),
        ChooseCooperation(seat=CHRIS, skill="might", adventurers=tuple(CHRIS_TEAM)),
    )
    assert rewards(events) == {KIM: (1, 3), CHRIS: (2, 3)}
    assert of_type(events, "ContractKept")[0].seat == CHRIS


def test_cooperators_who_all_fail_gain_nothing():
    """ "If the combined team fails their combined Skill Check, the Contract is not completed and
    the Cooperators receive no rewards." """
    state = contest(dice=[1] * 8, kim={"cooperation": "ask"}, chris={"cooperation": "ask"})
    state, _ = stances(state, "cooperate", "cooperate")
    _, events = play(
        state,
        ChooseCooperation(seat=KIM, skill="might", adventurers=("brask",)),
        ChooseCooperation(seat=CHRIS, skill="might", adventurers=tuple(CHRIS_TEAM)),
    )
    assert rewards(events) == {}
    assert of_type(events, "ContractFailed")


def test_an_agreed_split_binds_when_everyone_cooperates():
    """ "If all participating Guilds cooperate, all negotiated agreements are binding." Kim gets
    all 3 Gold and the card although Chris rolls higher."""
    state = contest(dice=[1, 1, 1, 1, 1, 1, 6, 6])
    terms = SplitTerms(gold=(3, 0), keeper=KIM)
    state, events = play(
        state, ProposeSplit(seat=KIM, terms=terms), AnswerSplit(seat=CHRIS, by=KIM, accept=True)
    )
    assert of_type(events, "SplitAgreed")
    _, events = stances(state, "cooperate", "cooperate")
    assert rewards(events) == {KIM: (3, 3), CHRIS: (0, 3)}
    assert of_type(events, "ContractKept")[0].seat == KIM


def test_an_agreed_split_does_not_bind_if_a_guild_conflicts():
    """ "If a Guild conflicts however, the agreements are not binding." Chris conflicts and wins:
    he takes everything."""
    state = contest(dice=[6, 6, 6, 6, 6, 6], chris={"skill": "might"})
    terms = SplitTerms(gold=(3, 0), keeper=KIM)
    state, _ = play(
        state, ProposeSplit(seat=KIM, terms=terms), AnswerSplit(seat=CHRIS, by=KIM, accept=True)
    )
    _, events = stances(state, "cooperate", "conflict")
    assert rewards(events)[CHRIS] == (3, 3)
    assert of_type(events, "ContractKept")[0].seat == CHRIS


def test_a_rejected_proposal_leaves_the_default_split():
    """ "If Guilds cannot reach an agreement on how to split the rewards, they are shared according
    to the Default reward split." """
    state = contest(dice=[1, 1, 1, 1, 1, 1, 6, 6])
    state, events = play(
        state,
        ProposeSplit(seat=KIM, terms=SplitTerms(gold=(3, 0))),
        AnswerSplit(seat=CHRIS, by=KIM, accept=False),
    )
    assert not of_type(events, "SplitAgreed")
    assert public(state)["contest"]["proposals"] == ()
    _, events = stances(state, "cooperate", "cooperate")
    assert sorted(rewards(events).values()) == [(1, 3), (2, 3)]


def test_an_agreement_made_after_a_stance_asks_for_the_stances_again():
    """Stances are chosen knowing the deal: an agreement reached after some guild chose its
    stance clears the stances already chosen (see games/guild_master/docs/rules-notes.md)."""
    state = contest()
    state, _ = play(state, ChooseStance(seat=KIM, stance="conflict"))
    state, events = play(
        state,
        ProposeSplit(seat=CHRIS, terms=SplitTerms(keeper=KIM)),
        AnswerSplit(seat=KIM, by=CHRIS, accept=True),
    )
    assert of_type(events, "SplitAgreed")[0].stances_cleared
    assert public(state)["contest"]["chosen"] == ()


@pytest.mark.parametrize(
    ("terms", "code"),
    [
        (SplitTerms(gold=(2, 0)), "split_gold"),
        (SplitTerms(gold=(3,)), "split_gold"),
        (SplitTerms(gold=(4, -1)), "split_gold"),
        (SplitTerms(keeper=3), "split_seat"),
        (SplitTerms(bonus=KIM), "split_bonus"),
    ],
)
def test_a_split_must_share_what_the_contract_gives(terms, code):
    """ "The following rewards can be negotiated: How the Gold reward will be split. Who receives
    the Contract Bonus effect... Who will keep the Contract card." """
    state = contest()
    error = refused(state, ProposeSplit(seat=KIM, terms=terms))
    assert error.code == code and error.message


def test_the_bonus_goes_as_agreed():
    """The bonus (here: gain 1 more Gold) goes to the guild the split names."""
    state = table(
        players=2,
        board={"contracts": {"1": "toll-keeper"}},  # Charm 7, 2 Gold, bonus +1 Gold
        guild=[
            {"adventurers": ["nell"], "skill_upgrades": ["weapon-rack:fixer"]},
            {"adventurers": ["lisette"], "skill_upgrades": ["weapon-rack:fixer"]},
        ],
        dice=[1, 1, 6, 6, 6],
    )
    state, _ = play(
        state, orders(0, order(1, ["nell"], "1")), orders(1, order(1, ["lisette"], "1"))
    )
    state, _ = play(
        state,
        ProposeSplit(seat=0, terms=SplitTerms(gold=(1, 1), bonus=0)),
        AnswerSplit(seat=1, by=0, accept=True),
    )
    _, events = stances(state, "cooperate", "cooperate")
    gained = {e.seat: e.amount for e in of_type(events, "GoldChanged")}
    assert gained == {0: 1}
    assert rewards(events) == {0: (1, 1), 1: (1, 1)}


def test_withdrawing_from_a_contest_falls_back_to_a_private_contract_or_wander():
    """ "Before resolving any Order, whether Contested or not, Guilds may decide not to carry out
    the Order and instead Attempt a Private Contract or Wander." """
    state = contest(dice=[6, 6, 6, 6, 6, 6, 6], kim={"fallback": "wander"})
    _, events = stances(state, "withdraw", "cooperate")
    assert of_type(events, "Wandered")[0].seat == KIM
    assert rewards(events) == {CHRIS: (3, 3)}


def test_choosing_cooperation_is_checked():
    state = contest(kim={"cooperation": "ask"}, chris={"cooperation": "ask"})
    state, _ = stances(state, "cooperate", "cooperate")
    assert (
        refused(state, ChooseCooperation(seat=KIM, skill="charm", adventurers=("hob",))).code
        == "skill"
    )
    assert (
        refused(state, ChooseCooperation(seat=KIM, skill="might", adventurers=("garrick",))).code
        == "adventurers"
    )
    assert (
        refused(state, ChooseCooperation(seat=KIM, skill="might", adventurers=())).code
        == "adventurers"
    )


def test_a_stance_outside_a_contest_is_refused():
    state = table(players=2)
    assert refused(state, ChooseStance(seat=0, stance="cooperate")).code == "wrong_phase"
