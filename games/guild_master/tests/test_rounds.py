"""Sequence of Play: Phases of a Round, Start of Round, Plot Phase, Round Track, Short game."""

import pytest
from msgspec.structs import replace

from games.guild_master.rules.commands import EndPlot, UsePlotAbility
from games.guild_master.rules.state import Build, Phase
from games.guild_master.tests.rulebook import (
    assert_refused,
    choose_all,
    idle_round,
    names,
    new_game,
)
from games.guild_master.tests.table import (
    everyone_else_ready,
    of_type,
    order,
    orders,
    play,
    public,
    table,
)

# Starting teams with no plot ability active in Round 3 (a Half and Blood Moon), so idle rounds
# there go straight from the Start of Round to the Order Phase: the Ironbound, and the Starwise
# once Quill (a Blood Moon plot ability) is left out with STARWISE_NO_PLOT.
NO_PLOT = {"teams": ["ironbound", "starwise"]}
STARWISE_NO_PLOT = ["ysolde", "pell", "mirren"]


def test_start_of_round_and_plot_phase_are_skipped_in_round_1():
    """Phases of a Round: "1. Start of Round (Skip on Round 1)... 2. Plot Phase (Skip on Round
    1)": Round 1 goes straight to the Order Phase."""
    state, _ = new_game(2)
    state, events = choose_all(state)
    after = names(events)[names(events).index("RoundStarted") :]
    assert after == ["RoundStarted", "OrderPhaseStarted"]
    assert state.phase is Phase.ORDERS


def test_plot_abilities_cannot_be_used_in_round_1():
    """ "2. Plot Phase (Skip on Round 1)": even a guild with a plot ability active every round
    (Alis) gets no Plot Phase in Round 1."""
    state = table(
        players=2, round=1, phase="start_of_round", guild=[{"adventurers": ["alis", "brask"]}]
    )
    assert state.phase is Phase.ORDERS
    assert_refused(state, UsePlotAbility(seat=0, adventurer="alis", target=1), "wrong_phase")


def test_round_2_has_a_plot_phase():
    """Phases of a Round: from Round 2 on, "2. Plot Phase — a. Use Plot Phase Abilities" comes
    before the Order Phase."""
    state = table(
        players=2, round=2, phase="start_of_round", guild=[{"adventurers": ["caddoc", "brask"]}]
    )
    assert state.phase is Phase.PLOT
    assert [d["kind"] for d in public(state)["waiting"]] == ["plot"]


@pytest.mark.parametrize("round_", range(1, 10))
def test_every_third_round_is_a_blood_moon(round_):
    """Round Track: "Every third Round is a Blood Moon in addition to the moon face shown on the
    Round marker." — "Rounds 3, 6 and 9 are also Blood Moon Rounds.\""""
    view = public(table(players=2, round=round_))
    assert view["blood_moon"] is (round_ in (3, 6, 9))


def test_blood_moon_deals_private_contracts_in_descending_fame_order():
    """Start of Round: "If it is a Blood Moon Round: In descending Fame Order each Guild draws a
    Private Common Contract, if they are able.\""""
    state = table(
        players=3,
        round=3,
        phase="start_of_round",
        board={"decks": {"common": ["old-well", "tower-lock", "fen-paths"]}},
        guild=[{"fame": 2, "private": []}, {"fame": 9, "private": []}, {"fame": 5, "private": []}],
    )
    assert [g.private_contracts for g in state.guilds] == [
        ("fen-paths",),
        ("old-well",),
        ("tower-lock",),
    ]


def test_blood_moon_private_contract_is_drawn_at_the_start_of_the_round():
    """ "b. Draw Private Contracts (Only on Blood Moon Rounds: 3, 6, and 9)" is part of the Start
    of Round, before the Plot and Order Phases."""
    state = table(
        players=2,
        round=2,
        guild=[{"private": []}, {"private": [], "adventurers": STARWISE_NO_PLOT}],
        **NO_PLOT,
    )
    state, events = idle_round(state)
    assert state.round == 3
    drawn = names(events).index("PrivateContractDrawn")
    assert names(events).index("RoundStarted") < drawn < names(events).index("OrderPhaseStarted")
    assert [len(g.private_contracts) for g in state.guilds] == [1, 1]


@pytest.mark.parametrize("round_", [2, 4, 5, 7, 8])
def test_no_private_contract_is_drawn_outside_blood_moons(round_):
    """ "Draw Private Contracts (Only on Blood Moon Rounds: 3, 6, and 9)\""""
    state = table(players=2, round=round_, phase="start_of_round", guild=[{"private": []}])
    assert state.guilds[0].private_contracts == ()


def test_no_private_contract_is_drawn_when_the_common_deck_is_empty():
    """ "each Guild draws a Private Common Contract, if they are able": with no Common Contract
    left, nobody draws (and nothing else is drawn instead)."""
    state = table(players=2, round=2, guild=[{"private": []}, {"private": []}])
    state = replace(state, board=replace(state.board, common=()))
    state, events = idle_round(state)
    assert state.round == 3
    assert of_type(events, "PrivateContractDrawn") == []
    assert [g.private_contracts for g in state.guilds] == [(), ()]


def test_start_of_round_events_are_announced_and_resolved():
    """Start of Round, Announce Events: "Check the Board for any Event Contract cards, and read
    each one out aloud... Some of these have effects that may occur before Guilds do anything.\"
    (Track the Manticore: at the start of each round the guild with the most Fame loses 1.)"""
    state = table(
        players=2,
        round=1,
        board={"contracts": {"3": "manticore"}},
        guild=[{"fame": 4}, {"fame": 2}],
    )
    state, events = idle_round(state)
    (announced,) = of_type(events, "EventsAnnounced")
    assert announced.spots == (3,)
    assert [(e.seat, e.amount) for e in of_type(events, "FameChanged")] == [(0, -1)]
    assert names(events).index("FameChanged") < names(events).index("PlotPhaseStarted")


def test_plot_abilities_are_resolved_in_descending_fame_order():
    """Plot Phase: "Guilds resolve their Plot Phase Abilities in descending Fame Order.\""""
    state = table(
        players=2,
        round=2,
        phase="start_of_round",
        guild=[
            {"fame": 1, "adventurers": ["ysolde", "pell"]},
            {"fame": 5, "adventurers": ["caddoc", "brask"]},
        ],
    )
    assert list(public(state)["plot_order"]) == [1, 0]
    assert_refused(
        state,
        UsePlotAbility(seat=0, adventurer="ysolde"),
        "not_your_turn",
        "descending fame order",
    )
    state, _ = play(state, UsePlotAbility(seat=1, adventurer="caddoc"))  # its turn then ends
    state, events = play(state, UsePlotAbility(seat=0, adventurer="ysolde"))
    assert of_type(events, "PlotAbilityUsed")[0].seat == 0


def test_plot_abilities_must_be_active_in_this_rounds_moon():
    """Plot Phase: "Adventurers with a Plot Phase Ability active in this Round's moon may use
    their ability now." (Ambrose's ability is for Half Moon rounds; Round 2 is a Full Moon.)"""
    state = table(
        players=2, round=2, phase="start_of_round", guild=[{"adventurers": ["ysolde", "ambrose"]}]
    )
    assert_refused(
        state, UsePlotAbility(seat=0, adventurer="ambrose"), "not_this_moon", "not active"
    )


def test_a_guild_may_use_a_plot_ability_made_affordable_earlier_in_the_plot_phase():
    """Plot Phase: "Adventurers with a Plot Phase Ability active in this Round's moon may use
    their ability now." Alis gives seat 0 the Gold it needs to pay for Ysolde's ability; seat 0
    still gets its turn after seat 1."""
    state = table(
        players=2,
        round=2,
        phase="start_of_round",
        guild=[
            {"fame": 1, "gold": 1, "adventurers": ["ysolde", "pell"]},
            {"fame": 5, "adventurers": ["alis", "brask"]},
        ],
    )
    state, _ = play(state, UsePlotAbility(seat=1, adventurer="alis", target=0))
    assert state.guilds[0].gold == 2
    assert state.phase is Phase.PLOT
    state, events = play(state, UsePlotAbility(seat=0, adventurer="ysolde"))
    assert [(e.seat, e.amount) for e in of_type(events, "FameChanged")] == [(0, 2)]


def test_gold_totals_are_announced_after_the_plot_abilities():
    """Plot Phase: "Once all Plot Phase Abilities have been resolved each Guild must announce
    their current Gold totals.\""""
    state = table(
        players=2,
        round=2,
        phase="start_of_round",
        guild=[{"gold": 4, "adventurers": ["caddoc", "brask"]}, {"gold": 9}],
    )
    state, events = play(state, UsePlotAbility(seat=0, adventurer="caddoc"))
    (announced,) = of_type(events, "GoldAnnounced")
    assert announced.gold == (6, 9)
    assert names(events).index("GoldAnnounced") < names(events).index("OrderPhaseStarted")


def test_gold_totals_are_not_announced_in_round_1():
    """ "2. Plot Phase (Skip on Round 1) — a. Use Plot Phase Abilities, b. Announce Gold
    totals": in Round 2 the totals are announced, in Round 1 they are not."""
    state, _ = new_game(2)
    state, setup_events = choose_all(state)
    assert of_type(setup_events, "GoldAnnounced") == []
    state, events = idle_round(state)
    assert [e.gold for e in of_type(events, "GoldAnnounced")] == [(9, 9)]


def test_the_moon_alternates_every_round():
    """Round Track: the marker "starts on the Half Moon side on Round 1 and flips and moves
    forward to the Full Moon side in Round 2, alternating in the same way each Round.\""""
    state = table(players=2)
    seen = []
    while state.phase is not Phase.ENDED:
        seen.append((state.round, public(state)["moon"]))
        state, _ = idle_round(state)
    assert seen == [(r, "half" if r % 2 else "full") for r in range(1, 10)]


def test_a_regular_game_lasts_9_rounds():
    """ "Guild Master is played over 9 Rounds.\""""
    state = table(players=3)
    rounds = 0
    while state.phase is not Phase.ENDED:
        rounds += 1
        state, _ = idle_round(state)
    assert rounds == 9


def test_a_short_game_lasts_6_rounds():
    """Variants, Short game: "A short game can be played for 6 Rounds instead of 9.\""""
    state = table(players=2, short=True)
    assert public(state)["rounds"] == 6
    rounds = 0
    while state.phase is not Phase.ENDED:
        rounds += 1
        state, events = idle_round(state)
    assert rounds == 6
    assert len(of_type(events, "GameEnded")) == 1


def test_a_short_game_has_no_prestige_upgrades():
    """Short game: "Prestige Upgrades are left in the box and cannot be purchased.\""""
    state = table(players=2, short=True)
    assert list(public(state)["board"]["prestige_supply"]) == []


def test_prestige_upgrades_cannot_be_built_in_a_short_game():
    """Short game: Prestige Upgrades "cannot be purchased": a Hire Builders order planning one
    builds nothing and its Gold goes back."""
    state = table(players=2, short=True, guild=[{"gold": 10, "adventurers": ["brask", "kettu"]}])
    plan = [Build(prestige="grand-workshop")]
    state, events = play(
        state,
        orders(0, order(1, ["brask", "kettu"], "hire", 10, builds=plan, fallback="wander")),
        *everyone_else_ready(state, 0),
    )
    assert of_type(events, "UpgradeBuilt") == []
    assert of_type(events, "BuildersHired") == []
    assert state.guilds[0].prestige is None


def test_phases_follow_the_round_sequence():
    """Phases of a Round: "1. Start of Round 2. Plot Phase 3. Order Phase 4. Action Phase 5.
    Reset Phase", then the next Round begins."""
    state = table(
        players=2,
        round=2,
        guild=[{"adventurers": ["brask"]}, {"adventurers": STARWISE_NO_PLOT}],
        **NO_PLOT,
    )
    state, events = play(
        state, orders(0, order(1, ["brask"], "none", fallback="wander")), orders(1)
    )
    seq = [
        "OrdersRevealed",  # Action Phase: a. Reveal Orders
        "Wandered",  # b. Resolve Orders
        "ResetPhaseStarted",
        "RoundEnded",
        "RoundStarted",  # Start of Round 3
        "PrivateContractDrawn",
        "PlotPhaseStarted",
        "GoldAnnounced",
        "OrderPhaseStarted",
    ]
    positions = [names(events).index(n) for n in seq]
    assert positions == sorted(positions)
    assert state.round == 3


def test_plot_abilities_are_optional():
    """Plot Phase: Adventurers with an active Plot Phase Ability "may use their ability now" — a
    guild may end its plot turn without using it."""
    state = table(
        players=2,
        round=2,
        phase="start_of_round",
        guild=[{"gold": 4, "adventurers": ["caddoc", "brask"]}],
    )
    state, events = play(state, EndPlot(seat=0))
    assert of_type(events, "PlotAbilityUsed") == []
    assert state.guilds[0].gold == 4
    assert state.phase is Phase.ORDERS


def test_when_the_common_deck_runs_out_the_guilds_with_less_fame_draw_nothing():
    """Start of Round: "In descending Fame Order each Guild draws a Private Common Contract, if
    they are able." With one Common Contract left, the guild with the most Fame gets it."""
    state = table(
        players=2, round=2, guild=[{"fame": 1, "private": []}, {"fame": 6, "private": []}]
    )
    state = replace(state, board=replace(state.board, common=("old-well",)))
    state, events = idle_round(state)
    assert [(e.seat, e.contract) for e in of_type(events, "PrivateContractDrawn")] == [
        (1, "old-well")
    ]
    assert [g.private_contracts for g in state.guilds] == [(), ("old-well",)]
