"""Action Phase: Resolve Orders (the Order Resolution Sequence), Missing Out on Orders, and
deciding not to carry out an Order."""

import pytest

from games.guild_master.rules.commands import ChooseBuilds, DeclineOrder
from games.guild_master.rules.state import Build, Order, Phase, Plan
from games.guild_master.tests.rulebook import assert_refused, names
from games.guild_master.tests.table import everyone_else_ready, of_type, order, orders, play, table

FIXER = ["salon:fixer"]  # a Charm fixer: no effect on the Might/Guile/Logic checks below


def _hire_asking(space, team, gold):
    """A Hire Builders order whose builds are chosen when it resolves (resolution waits)."""
    return Order(space=space, team=tuple(team), objective="hire", gold=gold, plan=Plan())


def _four_guilds():
    return table(
        players=4,
        board={
            "adventurers": {"B": ["garrick"]},
            "contracts": {"2": "old-well", "3": "tower-lock"},  # Might 6, Guile 6
        },
        guild=[
            {"adventurers": ["kettu", "fenn"], "skill_upgrades": FIXER, "private": []},
            {"adventurers": ["thessaly", "bram"], "skill_upgrades": FIXER, "private": []},
            {"adventurers": ["brask", "odile"], "skill_upgrades": FIXER, "private": []},
            {"adventurers": ["jory", "wick"], "skill_upgrades": FIXER, "private": []},
        ],
    )


def test_first_orders_resolve_left_to_right_across_the_board():
    """Resolve Orders, example: "Chris' first Order is to Attempt Contract 3. Kim's first Order
    is to Hire Builders. Morgan's first Order is to Attempt Contract 2. Silvia's first Order is to
    Recruit Adventurer B. These are resolved in the following order: Kim hires Builders first.
    Silvia recruits Adventurer B. Morgan attempts Contract 2. Chris attempts Contract 3.\""""
    state = _four_guilds()
    state, events = play(
        state,
        orders(0, order(1, ["kettu", "fenn"], "3")),  # Chris
        orders(1, order(1, ["thessaly", "bram"], "hire", 7, builds=[Build(core="bar")])),  # Kim
        orders(2, order(1, ["brask", "odile"], "2")),  # Morgan
        orders(3, order(1, ["jory", "wick"], "B", 3)),  # Silvia
    )
    seats = []
    for e in events:
        if type(e).__name__ in ("BuildersHired", "AdventurerRecruited", "SkillCheckRolled"):
            seats.append(e.seat)
    assert seats == [1, 3, 2, 0]


def test_all_first_orders_resolve_before_any_second_order():
    """Order Board: "In the Action Phase all Guilds' first Orders will be resolved before all
    Guilds' second Orders and so on." Seat 0's second order (Contract 2) waits for seat 3's first
    order (Contract 3), although Contract 2 comes earlier on the board."""
    state = _four_guilds()
    state, events = play(
        state,
        orders(0, order(1, ["kettu"], "none", fallback="wander"), order(2, ["fenn"], "2")),
        orders(3, order(1, ["jory"], "3")),
        *everyone_else_ready(state, 0, 3),
    )
    rolled = [(e.seat, e.purpose) for e in of_type(events, "SkillCheckRolled")]
    assert rolled == [(3, "contract"), (0, "wander"), (0, "contract")]


def test_no_card_orders_resolve_after_the_contracts_of_their_order_space():
    """Action Phase overview: "each Guild resolves their first Order, starting with Hire
    Builders, then Recruit Adventurers, Attempt Contracts, and finally Private Contracts and
    Wandering Orders.\""""
    state = _four_guilds()
    state, events = play(
        state,
        orders(0, order(1, ["kettu", "fenn"], "none", fallback="wander")),
        orders(2, order(1, ["brask", "odile"], "2")),
        *everyone_else_ready(state, 0, 2),
    )
    rolled = [(e.seat, e.purpose) for e in of_type(events, "SkillCheckRolled")]
    assert rolled == [(2, "contract"), (0, "wander")]


def test_recruits_resolve_in_spot_order_a_to_f():
    """Order Resolution Sequence: "Hire Builders, then Adventurers A then B, C, D, E & F\""""
    state = table(
        players=3,
        board={"adventurers": {"A": ["percival"], "B": ["garrick"]}},
        guild=[{"gold": 3, "private": []}, {"gold": 3, "private": []}],
    )
    team0, team1 = state.guilds[0].adventurers[:1], state.guilds[1].adventurers[:1]
    state, events = play(
        state,
        orders(0, order(1, team0, "B", 3)),
        orders(1, order(1, team1, "A", 3)),
        *everyone_else_ready(state, 0, 1),
    )
    assert [(e.seat, e.spot) for e in of_type(events, "AdventurerRecruited")] == [
        (1, "A"),
        (0, "B"),
    ]


def test_contracts_resolve_in_spot_order_1_to_6():
    """Order Resolution Sequence: "then Contracts 1, then 2, 3, 4, 5 & 6 in that order\""""
    state = table(
        players=4,
        board={"contracts": {"1": "tower-lock", "6": "old-well"}},
        guild=[
            {"adventurers": ["brask"], "skill_upgrades": FIXER},
            {"adventurers": ["kettu"], "skill_upgrades": FIXER},
        ],
    )
    state, events = play(
        state,
        orders(0, order(1, ["brask"], "6")),
        orders(1, order(1, ["kettu"], "1")),
        *everyone_else_ready(state, 0, 1),
    )
    assert [e.seat for e in of_type(events, "SkillCheckRolled")] == [1, 0]


def test_missing_out_when_a_rival_completed_the_contract_earlier():
    """Missing Out on Orders: "If one of your later objectives has already been resolved by
    another Guild, you miss out on that Order. When you miss out on an order you may Attempt a
    Private Contract or Wander with the team assigned to that Order instead.\""""
    state = table(
        players=2,
        board={"contracts": {"3": "old-well"}},
        guild=[
            {"adventurers": ["brask", "odile"], "skill_upgrades": FIXER, "private": []},
            {"adventurers": ["fenn", "kettu"], "skill_upgrades": FIXER, "private": []},
        ],
        dice=[6, 6, 6, 6, 6, 1, 1, 1, 1],
    )
    state, events = play(
        state,
        orders(0, order(1, ["brask", "odile"], "3")),
        orders(1, order(1, ["kettu"], "none", fallback="wander"), order(2, ["fenn"], "3")),
    )
    assert of_type(events, "ContractCompleted")[0].seats == (0,)
    (missed,) = of_type(events, "OrderMissed")
    assert (missed.seat, missed.space) == (1, 2)
    assert [(e.seat, e.space) for e in of_type(events, "Wandered")] == [(1, 1), (1, 2)]


def test_a_missed_order_may_attempt_a_private_contract_instead():
    """Missing Out on Orders: "you may Attempt a Private Contract or Wander with the team
    assigned to that Order instead.\""""
    state = table(
        players=2,
        board={"contracts": {"3": "old-well"}},
        guild=[
            {"adventurers": ["brask", "odile"], "skill_upgrades": FIXER, "private": []},
            {"adventurers": ["fenn", "kettu"], "skill_upgrades": FIXER, "private": ["tower-lock"]},
        ],
        dice=[6, 6, 6, 6, 6, 4, 4],
    )
    state, events = play(
        state,
        orders(0, order(1, ["brask", "odile"], "3")),
        orders(1, order(2, ["kettu"], "3", fallback="tower-lock")),
    )
    (missed,) = of_type(events, "OrderMissed")
    assert missed.seat == 1
    (done,) = [e for e in of_type(events, "ContractCompleted") if e.seats == (1,)]
    assert done.contract == "tower-lock" and done.spot == 0


def test_a_failed_contract_is_still_there_for_later_orders():
    """Missing Out on Orders: you miss out only "If one of your later objectives has already been
    resolved by another Guild" — a Contract a rival failed is still face up and can be
    attempted."""
    state = table(
        players=2,
        board={"contracts": {"3": "old-well"}},
        guild=[
            {"adventurers": ["brask", "odile"], "skill_upgrades": FIXER, "private": []},
            {"adventurers": ["fenn", "kettu"], "skill_upgrades": FIXER, "private": []},
        ],
        dice=[1, 1, 1, 1, 1, 1, 1, 6, 6],
    )
    state, events = play(
        state,
        orders(0, order(1, ["brask", "odile"], "3")),
        orders(1, order(1, ["kettu"], "none", fallback="wander"), order(2, ["fenn"], "3")),
    )
    assert [e.seats for e in of_type(events, "ContractFailed")] == [(0,)]
    assert of_type(events, "OrderMissed") == []
    assert [e.seats for e in of_type(events, "ContractCompleted")] == [(1,)]


def _paused_at_seat0_builds(seat1_orders):
    """Seat 0 hires Builders on order space 1 and chooses its builds when asked: resolution
    waits there, before seat 1's later orders."""
    state = table(
        players=2,
        board={"contracts": {"3": "old-well"}, "adventurers": {"A": ["garrick"]}},
        guild=[
            {"adventurers": ["brask", "odile"], "skill_upgrades": FIXER, "private": []},
            {"adventurers": ["fenn", "kettu"], "skill_upgrades": FIXER, "private": [], "gold": 7},
        ],
    )
    state, _ = play(state, orders(0, _hire_asking(1, ["brask"], 7)), orders(1, *seat1_orders))
    assert state.phase is Phase.ACTION
    return state


def test_a_guild_may_decide_not_to_carry_out_an_order():
    """Resolve Orders: "Before resolving any Order, whether Contested or not, Guilds may decide
    not to carry out the Order and instead Attempt a Private Contract or Wander with the assigned
    team.\""""
    state = _paused_at_seat0_builds([order(2, ["fenn"], "3", fallback="wander")])
    state, events = play(state, DeclineOrder(seat=1, space=2))
    assert [(e.seat, e.space) for e in of_type(events, "OrderDeclined")] == [(1, 2)]
    state, events = play(state, ChooseBuilds(seat=0, space=1, builds=(Build(core="bar"),)))
    assert of_type(events, "SkillCheckRolled")[0].purpose == "wander"
    assert [(e.seat, e.space) for e in of_type(events, "Wandered")] == [(1, 2)]
    assert of_type(events, "ContractCompleted") == []


def test_declining_a_recruit_order_keeps_the_gold():
    """Recruit Adventurer: a team that does not recruit returns "all Gold assigned to this Order
    to your Treasury, then your team may Attempt a Private Contract or Wander.\""""
    state = _paused_at_seat0_builds([order(2, ["fenn"], "A", 5, fallback="wander")])
    state, _ = play(state, DeclineOrder(seat=1, space=2))
    state, events = play(state, ChooseBuilds(seat=0, space=1, builds=()))
    assert of_type(events, "AdventurerRecruited") == []
    wander = of_type(events, "Wandered")[-1]
    assert state.guilds[1].gold == 7 + wander.gold + 2  # + the Bar's income
    assert "garrick" not in state.guilds[1].adventurers


def test_an_order_already_resolved_cannot_be_declined():
    """Resolve Orders: Guilds decide "Before resolving any Order" — not after."""
    state = table(
        players=2,
        board={"contracts": {"3": "old-well"}},
        guild=[
            {"adventurers": ["brask", "odile"], "skill_upgrades": FIXER, "private": []},
            {"adventurers": ["fenn", "kettu"], "skill_upgrades": FIXER, "private": []},
        ],
    )
    state, _ = play(
        state,
        orders(0, order(1, ["brask"], "none", fallback="wander"), _hire_asking(2, ["odile"], 7)),
        orders(1, order(1, ["fenn"], "3")),
    )
    assert state.phase is Phase.ACTION
    assert_refused(
        state, DeclineOrder(seat=1, space=1), "nothing_to_decline", "no order card waiting"
    )


def test_an_order_without_a_card_cannot_be_declined():
    """Resolve Orders: a team with no Order card already attempts a Private Contract or Wanders;
    there is no Order to decline."""
    state = _paused_at_seat0_builds([order(2, ["fenn"], "none")])
    assert_refused(
        state, DeclineOrder(seat=1, space=2), "nothing_to_decline", "no order card waiting"
    )


def test_the_order_resolving_now_cannot_be_declined():
    """Resolve Orders: the decision is made "Before resolving any Order"; once the Builders are
    hired, the guild answers what to build (nothing, to fall back) instead."""
    state = _paused_at_seat0_builds([])
    assert_refused(state, DeclineOrder(seat=0, space=1), "resolving_now", "build nothing", "answer")


def test_resolution_ends_with_the_reset_phase_once_every_order_is_resolved():
    """Repeat for all Orders: "Once all Guilds' first Orders are resolved, players move on to
    resolve all their second Orders in the same way. Then any subsequent Orders, until all Orders
    are resolved." Then the Reset Phase."""
    state = _four_guilds()
    state, events = play(
        state,
        orders(0, order(1, ["kettu"], "none", fallback="wander"), order(2, ["fenn"], "3")),
        orders(2, order(1, ["brask"], "2"), order(2, ["odile"], "none", fallback="wander")),
        *everyone_else_ready(state, 0, 2),
    )
    resolved = [(e.seat, e.space) for e in of_type(events, "OrderResolved")]
    assert sorted(resolved) == [(0, 1), (0, 2), (2, 1), (2, 2)]
    assert max(i for i, n in enumerate(names(events)) if n == "OrderResolved") < names(
        events
    ).index("ResetPhaseStarted")


@pytest.mark.parametrize(
    "declined",
    [
        order(1, ["fenn"], "3", fallback="wander"),
        order(1, ["fenn"], "A", 4, fallback="wander"),
    ],
    ids=["contract", "recruit"],
)
def test_a_declined_order_on_the_resolving_order_space_still_wanders(declined):
    """Resolve Orders: "Before resolving any Order, whether Contested or not, Guilds may decide
    not to carry out the Order and instead Attempt a Private Contract or Wander with the assigned
    team." Seat 1 declines its order on order space 1 while seat 0's Hire Builders (also on space
    1) waits for its builds."""
    state = _paused_at_seat0_builds([declined])
    state, events = play(state, DeclineOrder(seat=1, space=1))
    assert [(e.seat, e.space) for e in of_type(events, "OrderDeclined")] == [(1, 1)]
    state, events = play(state, ChooseBuilds(seat=0, space=1, builds=()))
    assert of_type(events, "AdventurerRecruited") == []
    assert of_type(events, "ContractCompleted") == []
    assert sorted((e.seat, e.space) for e in of_type(events, "Wandered")) == [(0, 1), (1, 1)]


def test_a_declined_hire_order_is_not_asked_what_to_build():
    """Hire Builders Contest: "Guilds may choose not to Hire Builders, return their Gold to their
    Treasury and Attempt a Private Contract or Wander instead." Seat 1 lost the contest and
    declines while seat 0 builds; it then wanders without being asked for builds."""
    state = table(
        players=2,
        guild=[
            {"adventurers": ["brask", "odile"], "skill_upgrades": FIXER, "private": []},
            {"adventurers": ["fenn", "kettu"], "skill_upgrades": FIXER, "private": [], "gold": 7},
        ],
        dice=[6, 6, 6, 1, 1],  # seat 0 wins the contested check
    )
    asking = Order(space=1, team=("fenn",), objective="hire", gold=7, plan=Plan(fallback="wander"))
    state, _ = play(state, orders(0, _hire_asking(1, ["brask"], 7)), orders(1, asking))
    state, _ = play(state, DeclineOrder(seat=1, space=1))
    state, events = play(state, ChooseBuilds(seat=0, space=1, builds=(Build(core="bar"),)))
    assert [(e.seat, e.space) for e in of_type(events, "Wandered")] == [(1, 1)]
    assert state.phase is not Phase.ACTION


def _at_the_end_of_the_action_phase(state, events):
    """The state just before the Reset Phase begins: the revealed orders and their outcomes."""
    from games.guild_master.rules.evolve import evolve

    for e in events:
        if type(e).__name__ == "ResetPhaseStarted":
            return state
        state = evolve(state, e)
    raise AssertionError("no Reset Phase")


def test_each_revealed_order_records_what_became_of_it():
    """Issue 19: the revealed orders' picture showed every order "to resolve". Each order now
    records its outcome as the table sees it: what it hired and built (with the Fame), whom it
    recruited (Fame, Gold paid), a wander's Gold and Fame."""
    from engine.core.game import PUBLIC
    from games.guild_master.rules.views import view

    state = table(
        players=2,
        guild=[
            {"adventurers": ["thessaly", "bram", "brask"], "gold": 9, "stables": 2},
            {"adventurers": ["kettu"]},
        ],
        dice=[6, 6, 6],
    )
    start = state
    hire = order(1, ["thessaly", "bram"], "hire", 5, builds=[Build(core="mess_hall")])
    wander = order(2, ["brask"], "none", fallback="wander")
    state, events = play(state, orders(0, hire, wander), orders(1))
    before_reset = _at_the_end_of_the_action_phase(start, events)
    public = view(before_reset, PUBLIC)
    mine = {o.space: o.outcomes for o in public.orders[0]}
    (hired,) = mine[1]
    assert (hired.kind, hired.card, hired.fame) == ("hired", "mess-hall-2", 2)
    (paid,) = of_type(events, "BuildersHired")
    assert hired.gold == -sum(paid.costs)
    (wandered,) = mine[2]
    assert wandered.kind == "wandered" and (wandered.gold, wandered.fame) == (1, 1)
