"""Order Phase: Assign Orders, End of Order Phase, and the reveal (Action Phase, Reveal Orders)."""

import pytest

from games.guild_master.rules.commands import (
    ApplyDefaults,
    ChooseBuilds,
    CorrectOrder,
    EndPlot,
    SetOrders,
    SetReady,
)
from games.guild_master.rules.plot_phase import current_plot_seat
from games.guild_master.rules.state import Build, Order, Phase, Plan
from games.guild_master.tests.rulebook import assert_refused, names
from games.guild_master.tests.table import (
    everyone_else_ready,
    of_type,
    order,
    orders,
    play,
    public,
    seat_view,
    table,
)

IRONBOUND = ["brask", "odile", "kettu", "rowan"]
NIGHTVEIL = ["sable", "fenn", "jory", "nell"]


def _hire_asking(space, team, gold):
    """A Hire Builders order whose builds are chosen when it resolves (resolution waits)."""
    return Order(space=space, team=tuple(team), objective="hire", gold=gold, plan=Plan())


def _table(**guild0):
    """Two guilds with known novices and no check modifiers beyond a Charm fixer."""
    return table(
        players=2,
        guild=[
            {"adventurers": IRONBOUND, "skill_upgrades": ["salon:fixer"], "private": [], **guild0},
            {"adventurers": NIGHTVEIL, "skill_upgrades": ["salon:fixer"], "private": []},
        ],
    )


def test_stables_i_allows_two_order_spaces():
    """Assign Orders: "Assign Orders to each of your available Order Spaces (initially just 2 as
    indicated by your Stables I)\""""
    state = _table()
    assert_refused(
        state,
        orders(0, order(1, ["brask"], "1"), order(2, ["odile"], "2"), order(3, ["kettu"], "3")),
        "order_space",
        "Stables allow 2 order spaces",
        "build a higher Stables",
    )


def test_stables_ii_allows_a_third_order_space():
    """Upgrades: "A Stables II ... allows you to assign 3 Orders per Round.\""""
    state = _table(stables=2)
    state, events = play(
        state,
        orders(0, order(1, ["brask"], "1"), order(2, ["odile"], "2"), order(3, ["kettu"], "3")),
    )
    (drafted,) = of_type(events, "OrdersDrafted")
    assert [o.space for o in drafted.orders] == [1, 2, 3]


def test_mess_hall_i_limits_teams_to_two_adventurers():
    """Assign Orders: "Form an Adventurer Team, with a number of Adventurers up to your maximum
    Team Size (initially 2 as indicated by your Mess Hall I)\""""
    state = _table()
    assert_refused(
        state,
        orders(0, order(1, ["brask", "odile", "kettu"], "1")),
        "team_size",
        "Mess Hall allows teams of 2",
    )


def test_mess_hall_ii_allows_teams_of_three():
    """Core Upgrades: the Mess Hall sets "the maximum number of Adventurers you may use to form a
    team in each Order Space" — Mess Hall II: 3."""
    state = _table(mess_hall=2)
    state, events = play(state, orders(0, order(1, ["brask", "odile", "kettu"], "1")))
    assert of_type(events, "OrdersDrafted")[0].orders[0].team == ("brask", "odile", "kettu")


def test_an_adventurer_can_be_in_only_one_team():
    """Order: "An Adventurer team, and an Order card... placed in an Order Space" — an
    adventurer placed in one Order Space's team cannot also be in another's."""
    state = _table()
    assert_refused(
        state,
        orders(0, order(1, ["brask"], "1"), order(2, ["brask", "odile"], "2")),
        "one_team",
        "only one team",
    )


def test_a_team_needs_at_least_one_adventurer():
    """Team: "1 or more Adventurers assigned to an Order Space.\""""
    state = _table()
    assert_refused(state, orders(0, order(1, [], "1")), "empty_team", "add an adventurer")


def test_only_your_own_adventurers_can_be_ordered():
    """Order Phase: Guilds "form Adventurer Teams" of their own Adventurers."""
    state = _table()
    assert_refused(state, orders(0, order(1, ["sable"], "1")), "not_in_guild", "not in your guild")


def test_each_order_card_can_be_used_once():
    """Order cards: "The set of 13 small cards Guilds each use to assign Orders" — one card per
    objective, so one order per objective."""
    state = _table()
    assert_refused(
        state,
        orders(0, order(1, ["brask"], "3"), order(2, ["odile"], "3")),
        "one_card",
        "use it on one order space only",
    )


def test_order_card_must_match_an_objective_on_the_board():
    """Assign Orders: "Place an Order Card matching one of the 13 objectives on the Board on that
    team, or leave it without an Order Card.\""""
    state = _table()
    assert_refused(state, orders(0, order(1, ["brask"], "7")), "objective", "hire, A–F, 1–6")


def test_unused_spots_cannot_be_ordered():
    """2 or 3 Player Games: "Do not place any cards in these spaces during setup or throughout
    the game" — with 2 players, Adventurer spot C and Contract spots 5 and 6 cannot be ordered."""
    state = _table()
    assert_refused(state, orders(0, order(1, ["brask"], "C")), "unused_spot", "not used")
    assert_refused(state, orders(0, order(1, ["brask"], "6")), "unused_spot", "not used")


def test_orders_cannot_carry_more_gold_than_you_have():
    """Assign Orders: "Place any Gold required to Hire Builders or Recruit Adventurers on that
    team" — Gold from your Treasury, so no more than you have."""
    state = _table(gold=7)
    assert_refused(
        state,
        orders(0, order(1, ["brask"], "hire", 5), order(2, ["odile"], "A", 3)),
        "not_enough_gold",
        "You have 7 Gold",
        "Take some Gold off",
    )


def test_gold_goes_only_on_hire_and_recruit_orders():
    """Assign Orders: "3. Place any Gold required to Hire Builders or Recruit Adventurers on that
    team." Contract orders need no Gold."""
    state = _table()
    assert_refused(
        state, orders(0, order(1, ["brask"], "1", 2)), "gold_not_needed", "take the Gold off"
    )


def test_orders_are_secret_until_revealed():
    """Order Phase: "Guilds secretly and simultaneously decide on their objectives" behind their
    Guild Screens: a guild's draft is in its own view only."""
    state = _table()
    state, _ = play(state, orders(0, order(1, ["brask"], "3"), ready=False))
    assert len(seat_view(state, 0)["draft"]) == 1
    assert seat_view(state, 1)["draft"] == ()
    assert "orders" not in public(state) or not public(state)["orders"]


def test_orders_can_be_changed_until_everyone_is_ready():
    """End of Order Phase: "You may still check and change your Orders until all players agree
    they are ready to proceed to the Action Phase.\""""
    state = _table()
    state, _ = play(state, orders(0, order(1, ["brask"], "3")))  # ready
    state, _ = play(state, orders(0, order(1, ["odile"], "4")))  # changed again
    assert state.phase is Phase.ORDERS
    state, events = play(state, SetReady(seat=0), orders(1))
    (revealed,) = of_type(events, "OrdersRevealed")
    assert [(o.team, o.objective) for o in revealed.orders[0]] == [(("odile",), "4")]


def test_orders_cannot_change_once_everyone_is_ready():
    """End of Order Phase: orders may change "until all players agree they are ready to proceed
    to the Action Phase" — after that, they are revealed and fixed."""
    state = _table()
    state, _ = play(
        state,
        orders(0, _hire_asking(1, ["brask"], 7)),  # waits for builds
        orders(1, order(1, ["sable"], "3")),
    )
    assert state.phase is Phase.ACTION
    assert_refused(state, orders(0, order(1, ["odile"], "4")), "wrong_phase", "Order Phase")


def test_guild_ribbon_shows_who_is_ready():
    """End of Order Phase: "announce that you are ready to proceed by hanging your Guild Ribbon
    over the front of your Guild Screens.\""""
    state = _table()
    state, events = play(state, orders(0, order(1, ["brask"], "3"), ready=False), SetReady(seat=0))
    assert [(e.seat, e.ready) for e in of_type(events, "ReadyChanged")] == [(0, True)]
    assert list(public(state)["ready"]) == [True, False]
    assert state.phase is Phase.ORDERS


def test_guild_ribbon_can_be_taken_down_again():
    """End of Order Phase: "You may still check and change your Orders until all players agree
    they are ready": a guild may take its ribbon down while others are not ready."""
    state = _table()
    state, _ = play(state, orders(0, order(1, ["brask"], "3")), SetReady(seat=0, ready=False))
    assert list(public(state)["ready"]) == [False, False]
    state, _ = play(state, orders(1))
    assert state.phase is Phase.ORDERS


def test_orders_are_revealed_when_every_ribbon_is_hung():
    """End of Order Phase: when "all players agree they are ready", the Action Phase begins
    with "Reveal Orders".\""""
    state = _table()
    state, _ = play(state, orders(0, order(1, ["brask"], "3"), ready=False))
    state, _ = play(state, orders(1, ready=True))
    assert state.phase is Phase.ORDERS
    state, events = play(state, SetReady(seat=0))
    assert "OrdersRevealed" in names(events)


def test_cannot_be_ready_with_a_hire_order_without_gold():
    """End of Order Phase: "Check that all of your Orders are correct and valid. Then, announce
    that you are ready" — a Hire Builders order needs Gold on it."""
    state = _table()
    assert_refused(
        state,
        orders(0, order(1, ["brask"], "hire", 0)),
        "incomplete_order",
        "carries no Gold; put Gold on it",
    )
    state, _ = play(state, orders(0, order(1, ["brask"], "hire", 0), ready=False))
    assert_refused(state, SetReady(seat=0), "incomplete_order", "put Gold on it")


def test_cannot_be_ready_with_a_recruit_order_without_gold():
    """Order Phase: Recruit Adventurer — place "At least as much Gold as the minimum bid required
    for the Adventurer you wish to recruit.\""""
    state = _table()
    assert_refused(
        state,
        orders(0, order(1, ["brask"], "A", 0)),
        "incomplete_order",
        "put Gold on it",
        "minimum bid",
    )


def _force_mistake(state, mistaken, other_orders):
    """Seat 0 leaves `mistaken` in its draft unready; seat 1 gives `other_orders`; the host
    forces the phase on (a deadline), so the reveal finds the mistake."""
    state, _ = play(state, orders(0, mistaken, ready=False), orders(1, *other_orders))
    return play(state, ApplyDefaults(seat=-1))


def test_mistaken_order_can_be_corrected_when_nobody_else_has_that_order():
    """Reveal Orders: "If you have made a mistake in an Order Space, check if the intended Order
    is the same as any other player's Order on any space (even later Orders). If it is not, you
    may correct the Order cards in that Order Space.\""""
    state = _table()
    mistaken = order(1, ["brask"], "hire", 0, builds=[Build(core="bar")])
    state, events = _force_mistake(state, mistaken, [order(1, ["sable"], "3")])
    (mistake,) = of_type(events, "OrderMistaken")
    assert (mistake.seat, mistake.space, mistake.correctable) == (0, 1, True)
    assert [d["kind"] for d in seat_view(state, 0)["decisions"]] == ["correct_order"]
    state, events = play(state, CorrectOrder(seat=0, space=1, gold=3))
    (hired,) = of_type(events, "BuildersHired")
    assert hired.seat == 0 and state.guilds[0].bar == 2


def test_mistaken_order_wanders_when_another_guild_has_that_order_on_a_later_space():
    """Reveal Orders: "check if the intended Order is the same as any other player's Order on
    any space (even later Orders)... Otherwise, remove the Order Card to indicate that the team
    on that Order Space will Wander.\""""
    state = _table()
    mistaken = order(1, ["brask"], "hire", 0, builds=[Build(core="bar")])
    others = [order(1, ["sable"], "3"), order(2, ["fenn"], "hire", 3, builds=[])]
    state, events = _force_mistake(state, mistaken, others)
    (mistake,) = of_type(events, "OrderMistaken")
    assert mistake.correctable is False
    assert [(e.seat, e.space) for e in of_type(events, "OrderWithdrawn")] == [(0, 1)]
    assert [e.seat for e in of_type(events, "Wandered")] == [0, 1]
    assert of_type(events, "BuildersHired") == []


def test_mistaken_recruit_order_wanders_when_another_guild_recruits_there():
    """Reveal Orders: the mistaken-order rule for a Recruit Adventurer order without Gold — the
    other guild recruits from the same spot, so the mistaken team wanders."""
    state = _table()
    mistaken = order(1, ["brask"], "A", 0)
    state, events = _force_mistake(state, mistaken, [order(1, ["sable"], "A", 6)])
    assert of_type(events, "OrderMistaken")[0].correctable is False
    assert [e.seat for e in of_type(events, "AdventurerRecruited")] == [1]
    assert [e.seat for e in of_type(events, "Wandered")] == [0]


def test_correcting_a_mistaken_order_needs_gold_you_have():
    """Reveal Orders: the corrected order must be "correct and valid" — only Gold the guild has
    free can be put on it."""
    state = _table(gold=4)
    mistaken = order(1, ["brask"], "hire", 0, builds=[Build(core="bar")])
    state, _ = _force_mistake(state, mistaken, [order(1, ["sable"], "3")])
    assert_refused(
        state, CorrectOrder(seat=0, space=1, gold=5), "not_enough_gold", "You have 4 Gold free"
    )


def test_a_mistaken_order_can_be_given_up_to_wander():
    """Reveal Orders: instead of correcting it, the guild may give the mistaken order up; its
    team attempts a private contract or wanders."""
    state = _table()
    mistaken = order(1, ["brask"], "hire", 0, builds=[Build(core="bar")])
    state, _ = _force_mistake(state, mistaken, [order(1, ["sable"], "3")])
    state, events = play(state, CorrectOrder(seat=0, space=1, gold=0))
    assert [e.seat for e in of_type(events, "Wandered")] == [0]
    assert of_type(events, "BuildersHired") == []


def test_negative_gold_does_not_give_a_mistaken_order_up():
    """Reveal Orders: the guild corrects the order with Gold it has, or gives it up (0 Gold); a
    negative amount is neither and is refused, leaving the correction open (it used to give the
    order up; the engine fuzzer sends negative Gold everywhere)."""
    state = _table()
    mistaken = order(1, ["brask"], "hire", 0, builds=[Build(core="bar")])
    state, _ = _force_mistake(state, mistaken, [order(1, ["sable"], "3")])
    assert_refused(state, CorrectOrder(seat=0, space=1, gold=-1), "gold", "cannot be negative")


def test_only_mistaken_orders_can_be_corrected():
    """Reveal Orders: the correction is for "a mistake in an Order Space" only."""
    state = _table()
    mistaken = order(1, ["brask"], "hire", 0, builds=[Build(core="bar")])
    state, _ = _force_mistake(state, mistaken, [order(1, ["sable"], "3")])
    assert_refused(
        state, CorrectOrder(seat=1, space=1, gold=2), "nothing_to_correct", "needs no correction"
    )


def test_orders_resolve_only_after_every_correction_is_made():
    """Reveal Orders comes before Resolve Orders: while a guild may still correct a mistaken
    order, nothing is resolved."""
    state = _table()
    mistaken = order(1, ["brask"], "hire", 0, builds=[Build(core="bar")])
    state, events = _force_mistake(state, mistaken, [order(1, ["sable"], "3")])
    assert of_type(events, "SkillCheckRolled") == []
    state, events = play(state, CorrectOrder(seat=0, space=1, gold=3))
    assert len(of_type(events, "SkillCheckRolled")) == 1


def test_a_new_recruit_cannot_be_ordered_in_the_round_it_joins():
    """Recruit Adventurer: "You may use Adventurer Abilities... once you have recruited them.
    However, you cannot assign these Adventurers to Orders until your next Order Phase.\""""
    state = table(
        players=2,
        board={"adventurers": {"A": ["garrick"]}},
        guild=[{"adventurers": IRONBOUND, "gold": 9, "private": []}],
    )
    state, _ = play(
        state,
        orders(0, order(1, ["brask"], "A", 3), _hire_asking(2, ["odile"], 6)),
        *everyone_else_ready(state, 0),
    )
    assert "garrick" in state.guilds[0].adventurers
    assert state.phase is Phase.ACTION  # waiting for seat 0's builds on order space 2
    assert_refused(
        state,
        SetOrders(seat=0, orders=(order(1, ["garrick"], "1"),)),
        "wrong_phase",
        "Order Phase",
    )


def test_a_new_recruit_can_be_ordered_in_the_next_order_phase():
    """Recruit Adventurer: "you cannot assign these Adventurers to Orders until your next Order
    Phase" — from then on they can be."""
    state = table(
        players=2,
        board={"adventurers": {"A": ["garrick"]}},
        guild=[{"adventurers": IRONBOUND, "gold": 9, "private": []}],
    )
    state, _ = play(
        state,
        orders(0, order(1, ["brask"], "A", 3), _hire_asking(2, ["odile"], 6)),
        *everyone_else_ready(state, 0),
    )
    state, _ = play(state, ChooseBuilds(seat=0, space=2, builds=()))
    while state.phase is Phase.PLOT:  # Odile's Full Moon plot ability: not used here
        state, _ = play(state, EndPlot(seat=current_plot_seat(state)))
    assert (state.round, state.phase) == (2, Phase.ORDERS)
    state, events = play(state, orders(0, order(1, ["garrick", "brask"], "1")))
    assert of_type(events, "OrdersDrafted")[0].orders[0].team == ("garrick", "brask")


@pytest.mark.parametrize("seat", [2, 99, -2])
def test_defaults_applied_in_the_name_of_a_seat_that_does_not_exist_are_refused(seat):
    """Applying the defaults is done by a deadline or the host (seat -1) or by a guild at the
    table; any other seat is refused, as every other command's is, and nothing changes."""
    state = table(players=2, round=1)
    assert_refused(state, ApplyDefaults(seat=seat, seats=(0,)), "seat", f"no seat {seat}")
