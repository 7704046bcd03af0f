"""Attempt Contract (Orders in Depth), and COMPLETING AN ATTEMPT CONTRACT ORDER."""

from games.guild_master.tests.table import everyone_else_ready, of_type, order, orders, play, table


def test_success_when_result_equals_or_exceeds_target():
    """ "Chris' team has 4 Might in total, and are assigned to attempt Contract 3... He rolls 4
    Skill Dice and totals them into a Skill Check Result of 13 and compares it to the Skill Check
    Target of 6, Success!\""""
    state = table(
        players=2,
        board={"contracts": {"3": "old-well"}},  # Might 6
        guild=[{"adventurers": ["brask", "kettu"], "skill_upgrades": ["salon:fixer"]}],
        dice=[6, 3, 3, 1],
    )
    state, events = play(
        state, orders(0, order(1, ["brask", "kettu"], "3")), *everyone_else_ready(state, 0)
    )
    (done,) = of_type(events, "SkillCheckFinished")
    assert done.total == 13 and done.success
    (reward,) = of_type(events, "ContractRewarded")
    assert (reward.seat, reward.gold, reward.fame) == (0, 1, 2)
