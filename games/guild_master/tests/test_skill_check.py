"""PERFORMING A SKILL CHECK, Skill Upgrades (dice fixer, re-roll), Contested Skill Checks, and
deciding fixers and re-rolls by hand."""

from games.guild_master.rules.commands import ModifyRoll
from games.guild_master.rules.state import Phase
from games.guild_master.tests.rulebook import assert_refused
from games.guild_master.tests.table import (
    everyone_else_ready,
    of_type,
    order,
    orders,
    play,
    public,
    table,
)

CHARM_FIXER = ["salon:fixer"]  # a fixer for a skill none of these checks uses


def _attempt(spot_card, adventurers, team, dice, skill_upgrades=CHARM_FIXER, round_=1, **plan):
    """Seat 0 attempts `spot_card` on contract spot 3 with `team`; returns (state, events)."""
    state = table(
        players=2,
        round=round_,
        board={"contracts": {"3": spot_card}},
        guild=[{"adventurers": adventurers, "skill_upgrades": skill_upgrades, "private": []}],
        dice=dice,
    )
    return play(state, orders(0, order(1, team, "3", **plan)), *everyone_else_ready(state, 0))


def test_dice_from_skills_are_capped_at_10():
    """Performing a Skill Check: "2. Add up the matching Skill values for all Adventurers in the
    team, **up to a maximum of 10**, and roll that many dice." (Morgath 7 + Valka 5 Might.)"""
    _, events = _attempt("ash-wyrm", ["morgath", "valka"], ["morgath", "valka"], [], round_=2)
    (rolled,) = of_type(events, "SkillCheckRolled")
    assert (rolled.skill, rolled.skill_dice, len(rolled.dice)) == ("might", 10, 10)


def test_dice_added_by_effects_go_beyond_10():
    """Attempt Contract: "Don't forget, you may roll a maximum of 10 dice for a Skill Check, but
    may add in dice from effects afterwards if able." Rowan (every round: Might checks roll 1
    extra die) brings a 12-Might team to 11 dice."""
    _, events = _attempt(
        "ash-wyrm", ["morgath", "valka", "rowan"], ["morgath", "valka"], [], round_=1
    )
    (rolled,) = of_type(events, "SkillCheckRolled")
    assert (rolled.skill_dice, len(rolled.dice)) == (10, 11)


def test_abilities_work_for_adventurers_not_on_the_team():
    """Adventurer Abilities: "Unless otherwise stated, Adventurer Abilities affect your entire
    Guild during the relevant Rounds and Phases, regardless of whether they are on an Order Space
    or in your hand." Rowan stays home; Brask's Might check still rolls an extra die."""
    _, events = _attempt("old-well", ["brask", "rowan"], ["brask"], [3, 3, 3, 3])
    (rolled,) = of_type(events, "SkillCheckRolled")
    assert (rolled.skill_dice, len(rolled.dice)) == (3, 4)


def test_abilities_work_only_in_their_moon():
    """Adventurer Abilities: "The Ability Round icon indicates when an Adventurer's Ability can be
    used." Finch's Half Moon ability (Charm checks roll 1 extra die) adds nothing in a Full Moon
    round."""
    _, events = _attempt("toll-keeper", ["nell", "finch"], ["nell"], [3, 3], round_=2)
    (rolled,) = of_type(events, "SkillCheckRolled")
    assert (rolled.skill, len(rolled.dice)) == ("charm", 2)
    _, events = _attempt("toll-keeper", ["nell", "finch"], ["nell"], [3, 3, 3], round_=1)
    (rolled,) = of_type(events, "SkillCheckRolled")
    assert len(rolled.dice) == 3


def test_the_result_is_the_total_of_the_dice():
    """Performing a Skill Check: "4. Add everything up to attain your Skill Check Result." (Roll
    4 Skill Dice: "6 + 3 + 3 + 1 = a Skill Check Result of 13".)"""
    _, events = _attempt("old-well", ["brask", "kettu"], ["brask", "kettu"], [6, 3, 3, 1])
    (done,) = of_type(events, "SkillCheckFinished")
    assert done.total == 13


def test_the_guild_selects_which_of_the_teams_skills_to_use():
    """Performing a Skill Check: "1. Select a skill from the Adventurer Team performing the
    Skill Check." Settle the Border Feud takes Might or Guile; the guild picks Guile though its
    team has more Might."""
    _, events = _attempt(
        "border-feud", ["brask", "kettu"], ["brask", "kettu"], [5, 5], skill="guile"
    )
    (rolled,) = of_type(events, "SkillCheckRolled")
    assert (rolled.skill, rolled.skill_dice) == ("guile", 2)


def test_a_dice_fixer_sets_one_die_to_5():
    """Skill Upgrades: "Dice fixer: You may change one dice face to a 5 after you roll a Skill
    Check of the type indicated.\""""
    _, events = _attempt(
        "border-feud",
        ["brask", "odile"],
        ["brask", "odile"],
        [1, 2, 1, 2, 1],
        skill_upgrades=["sparring-ring:fixer"],
    )
    (fixed,) = of_type(events, "DieFixed")
    assert fixed.value == 5
    assert of_type(events, "SkillCheckFinished")[0].total == 7 - 1 + 5


def test_a_dice_fixer_only_works_for_its_skill():
    """Skill Upgrades: the fixer works "after you roll a Skill Check of the type indicated" — a
    Might fixer does nothing for a Guile check."""
    _, events = _attempt(
        "tower-lock", ["kettu"], ["kettu"], [1, 1], skill_upgrades=["sparring-ring:fixer"]
    )
    (rolled,) = of_type(events, "SkillCheckRolled")
    assert rolled.fixers == ()
    assert of_type(events, "DieFixed") == []


def test_an_adventurer_fixer_sets_a_die_to_its_value():
    """Adventurer Abilities override standard game rules: Sable "may set one die to 4" after any
    skill check."""
    _, events = _attempt("tower-lock", ["sable", "kettu"], ["kettu"], [1, 1])
    (fixed,) = of_type(events, "DieFixed")
    assert fixed.value == 4
    assert of_type(events, "SkillCheckFinished")[0].total == 5


def _asking(dice, skill_upgrades, adventurers=("brask", "odile")):
    """Seat 0 attempts Settle the Border Feud (Might 10) and decides its roll by hand."""
    state, _ = _attempt(
        "border-feud",
        list(adventurers),
        ["brask", "odile"],
        dice,
        skill_upgrades=skill_upgrades,
        rolls="ask",
    )
    assert state.phase is Phase.ACTION and state.step.check is not None
    return state


def test_a_reroll_upgrade_rerolls_two_dice():
    """Skill Upgrades: "Re-roll: You may re-roll up to 2 dice... after you roll a Skill Check of
    the type indicated.\""""
    state = _asking([1, 1, 1, 1, 1, 6, 5], ["sparring-ring:reroll"])
    assert public(state)["check"]["rerolls"] == 2
    state, events = play(
        state,
        ModifyRoll(seat=0, action="reroll", die=0),
        ModifyRoll(seat=0, action="reroll", die=1),
    )
    assert [(e.index, e.value) for e in of_type(events, "DieRerolled")] == [(0, 6), (1, 5)]
    assert of_type(events, "SkillCheckFinished")[0].total == 14


def test_a_reroll_upgrade_may_reroll_one_die_twice():
    """Skill Upgrades: "You may re-roll up to 2 dice, or 1 dice up to twice" — "When re-rolling
    dice for a Skill Check, dice can be re-rolled one at a time.\""""
    state = _asking([1, 1, 1, 1, 1, 2, 6], ["sparring-ring:reroll"])
    state, events = play(state, ModifyRoll(seat=0, action="reroll", die=0))
    assert state.step.check.dice[0] == 2 and state.step.check.rerolls == 1
    state, events = play(state, ModifyRoll(seat=0, action="reroll", die=0))
    assert [(e.index, e.value) for e in of_type(events, "DieRerolled")] == [(0, 6)]
    assert of_type(events, "SkillCheckFinished")[0].total == 10


def test_no_third_reroll():
    """Skill Upgrades: "re-roll up to 2 dice, or 1 dice up to twice" — never a third time. (Kaelis'
    contract fixer keeps the roll open after the two re-rolls.)"""
    state = _asking([1, 1, 1, 1, 1, 2, 3], ["sparring-ring:reroll"], ("brask", "odile", "kaelis"))
    state, _ = play(
        state,
        ModifyRoll(seat=0, action="reroll", die=0),
        ModifyRoll(seat=0, action="reroll", die=0),
    )
    assert state.step.check is not None and state.step.check.rerolls == 0
    assert_refused(
        state, ModifyRoll(seat=0, action="reroll", die=1), "no_reroll", "no re-roll left"
    )


def test_a_fixer_can_be_used_by_hand():
    """Attempt Contract: "5. In any order, use Adventurer Abilities, Skill Upgrades, and Contract
    Boons you have available to add dice, change dice faces or re-roll dice.\""""
    state = _asking([2, 2, 2, 2, 2], ["sparring-ring:fixer"])
    state, events = play(state, ModifyRoll(seat=0, action="fix", die=3, value=5))
    assert [(e.index, e.value) for e in of_type(events, "DieFixed")] == [(3, 5)]
    assert of_type(events, "SkillCheckFinished")[0].total == 13


def test_a_roll_decided_by_hand_can_be_finished_as_it_stands():
    """Attempt Contract: you "may" use fixers and re-rolls — a guild can finish its roll
    without them."""
    state = _asking([2, 2, 2, 2, 2], ["sparring-ring:fixer"])
    state, events = play(state, ModifyRoll(seat=0, action="done"))
    assert of_type(events, "DieFixed") == []
    (done,) = of_type(events, "SkillCheckFinished")
    assert (done.total, done.success) == (10, True)


def test_only_an_available_fixer_can_be_used():
    """Skill Upgrades: a dice fixer changes "one dice face to a 5" — not to any other value."""
    state = _asking([2, 2, 2, 2, 2], ["sparring-ring:fixer"])
    assert_refused(
        state,
        ModifyRoll(seat=0, action="fix", die=0, value=6),
        "no_fixer",
        "no fixer left that sets a die to that value",
    )


def test_only_dice_that_were_rolled_can_be_changed():
    """Performing a Skill Check: fixers and re-rolls change the dice rolled (5 dice here)."""
    state = _asking([2, 2, 2, 2, 2], ["sparring-ring:fixer"])
    assert_refused(
        state, ModifyRoll(seat=0, action="fix", die=5, value=5), "no_such_die", "from 1 to 5"
    )


def test_only_the_guild_that_rolled_decides_its_roll():
    """Performing a Skill Check: "3. Apply any modifiers from your Adventurer Abilities, Skill
    Upgrades, and Contract Boons" — your own, on your own roll."""
    state = _asking([2, 2, 2, 2, 2], ["sparring-ring:fixer"])
    assert [d["kind"] for d in public(state)["waiting"]] == ["roll"]
    assert_refused(
        state, ModifyRoll(seat=1, action="done"), "no_roll_waiting", "None of your rolls"
    )


def test_contested_ties_are_rerolled_until_one_guild_is_highest():
    """Performing a Skill Check: "For a Contested Skill Check, multiple Guilds perform a skill
    check and the highest result wins. If there is a tie, each Guild in the tie re-rolls one of
    their dice until one Guild has the highest result.\""""
    state = table(
        players=3,
        guild=[
            {"adventurers": ["brask"], "skill_upgrades": CHARM_FIXER, "gold": 7},
            {"adventurers": ["fenn"], "skill_upgrades": CHARM_FIXER, "gold": 7},
        ],
        # Brask 2+2+2 = 6, Fenn 3+3 = 6; re-rolls 4 and 5: 8 and 8; re-rolls 6 and 1: 12 and 6.
        dice=[2, 2, 2, 3, 3, 4, 5, 6, 1],
    )
    state, events = play(
        state,
        orders(0, order(1, ["brask"], "hire", 7, builds=[])),
        orders(1, order(1, ["fenn"], "hire", 7, builds=[])),
        *everyone_else_ready(state, 0, 1),
    )
    ties = of_type(events, "TieRerolled")
    assert len(ties) == 2
    assert [len(t.rerolls) for t in ties] == [2, 2]  # one die for each tied guild, each time
    assert of_type(events, "ContestedCheckWon")[0].ranking == (0, 1)
