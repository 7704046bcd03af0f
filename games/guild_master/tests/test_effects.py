"""Effect primitives in their timing windows, one test per rule they follow: effects that stop for
their owner's choice, the free Builder that still moves the marker, Gold taken from a rival,
standing changes to bids, Builder costs, income and the conflict penalty, abilities that act each
time their guild does something, and plot boons."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from engine.core.game import PUBLIC, Seat
from games.guild_master.rules.commands import (
    ApplyDefaults,
    ArrangePeek,
    ChooseFreeBuild,
    ChooseStance,
    EndPlot,
    KeepContracts,
    UseBoon,
    UsePlotAbility,
)
from games.guild_master.rules.pending import pending
from games.guild_master.rules.state import Build, Phase
from games.guild_master.rules.views import view
from games.guild_master.tests.rulebook import assert_refused
from games.guild_master.tests.table import everyone_else_ready, of_type, order, orders, play, table

PLAIN = {"1": "old-well", "2": "tower-lock", "3": "fen-paths", "4": "guild-ledger"}
COMMONS = ["lost-hound", "bell-tower", "militia-drill", "ferry-strike"]


def _plot(round_: int, adventurers: list[str], **guild: object):
    """Round `round_` opens with guild 0 alone in the Plot Phase."""
    state = table(
        players=3,
        round=round_,
        phase="start_of_round",
        board={"contracts": PLAIN, "decks": {"common": COMMONS}},
        guild=[
            {"adventurers": adventurers, "private": [], **guild},
            {"adventurers": ["brask"], "gold": 5, "fame": 4, "private": []},
            {"adventurers": ["kettu"], "gold": 2, "fame": 1, "private": []},
        ],
    )
    assert state.phase is Phase.PLOT
    return state


def test_drawn_contracts_wait_for_the_owner_to_keep_one():
    """Tamsin (Blood Moon, Plot): "draw 3 Common Contracts, keep 1 as Private Contract and put
    the rest back on top of the deck" — the guild sees the three and chooses."""
    state = _plot(3, ["tamsin"])
    first, second, third = state.board.common[:3]
    state, _ = play(state, UsePlotAbility(seat=0, adventurer="tamsin"))
    (decision,) = pending(state)
    assert decision.kind == "keep_contracts" and decision.seat == 0
    assert state.prompt is not None and state.prompt.drawn == (first, second, third)
    state, _ = play(state, KeepContracts(seat=0, keep=(second,)))
    assert state.guilds[0].private_contracts[-1] == second
    assert state.board.common[:2] == (first, third)


def test_nothing_else_resolves_while_an_effect_waits_for_its_owner():
    """An effect that needs its owner's choice is answered first: the plot turn cannot end
    meanwhile (other guilds may still pay each other Gold, as they lobby)."""
    state = _plot(3, ["tamsin"])
    state, _ = play(state, UsePlotAbility(seat=0, adventurer="tamsin"))
    assert_refused(state, EndPlot(seat=0), "effect_waiting")


def test_keeping_the_wrong_number_of_contracts_is_refused():
    state = _plot(3, ["tamsin"])
    state, _ = play(state, UsePlotAbility(seat=0, adventurer="tamsin"))
    assert_refused(state, KeepContracts(seat=0, keep=("lost-hound", "bell-tower")), "keep")
    assert_refused(state, KeepContracts(seat=0, keep=("old-well",)), "keep")


def test_drawn_contracts_are_the_owners_secret():
    """Private Contracts are "kept face down": only the drawing guild sees what it drew."""
    state = _plot(3, ["tamsin"])
    state, _ = play(state, UsePlotAbility(seat=0, adventurer="tamsin"))
    assert state.prompt is not None
    for card in state.prompt.drawn:
        assert card.encode() in msgspec.json.encode(view(state, Seat(0)))
        for audience in (PUBLIC, Seat(1), Seat(2)):
            assert card.encode() not in msgspec.json.encode(view(state, audience))


def test_a_draw_from_a_short_deck_keeps_what_it_finds():
    """Draw 3, keep 1, with a single Common Contract left: it is kept; nothing to choose."""
    state = _plot(3, ["tamsin"])
    state = replace(state, board=replace(state.board, common=("lost-hound",)))
    state, events = play(state, UsePlotAbility(seat=0, adventurer="tamsin"))
    assert state.prompt is None and state.guilds[0].private_contracts[-1] == "lost-hound"
    assert of_type(events, "PrivateContractDrawn")


def test_peeked_cards_can_go_to_the_bottom():
    """Lunet (Full Moon, Plot): "look at the top 2 cards of the Common Contract deck; put any of
    them on the bottom"."""
    state = _plot(2, ["lunet"])
    state, _ = play(state, UsePlotAbility(seat=0, adventurer="lunet"))
    assert state.prompt is not None and state.prompt.seen == tuple(COMMONS[:2])
    state, _ = play(state, ArrangePeek(seat=0, bottom=("lost-hound",)))
    assert state.board.common[0] == "bell-tower" and state.board.common[-1] == "lost-hound"


def test_a_free_builder_still_moves_the_builder_cost_marker():
    """Things To Remember: "Any effect that lets you hire a Builder (even for free) still moves
    the Builder Cost marker up and potentially increases the cost of subsequent Builders."
    (Corvina, Blood Moon, Plot: hire 1 Builder for free.)"""
    state = _plot(3, ["corvina"], gold=3)
    marker = state.board.builder_marker
    state, _ = play(state, UsePlotAbility(seat=0, adventurer="corvina"))
    state, events = play(state, ChooseFreeBuild(seat=0, build=Build(core="mess_hall")))
    (hired,) = of_type(events, "FreeBuildersHired")
    assert hired.count == 1 and state.board.builder_marker == marker + 1
    assert state.guilds[0].mess_hall == 2 and state.guilds[0].gold == 3
    assert state.guilds[0].fame == 2  # "Mess Hall II ... gives 2 Fame"


def test_a_free_builder_builds_only_what_one_builder_can():
    """ "You may only hire as many Builders as you can use": one free Builder cannot build
    Stables II (2 Builders)."""
    state = _plot(3, ["corvina"])
    state, _ = play(state, UsePlotAbility(seat=0, adventurer="corvina"))
    assert_refused(state, ChooseFreeBuild(seat=0, build=Build(core="stables")), "free_build")


def test_building_nothing_hires_no_free_builder():
    state = _plot(3, ["corvina"])
    marker = state.board.builder_marker
    state, _ = play(state, UsePlotAbility(seat=0, adventurer="corvina"))
    state, events = play(state, ChooseFreeBuild(seat=0))
    assert of_type(events, "FreeBuildersDeclined") and state.board.builder_marker == marker


def test_a_deadline_answers_an_effect_with_its_default():
    """Every decision has a default: keep the easiest drawn contract."""
    state = _plot(5, ["sefa"])  # Sefa (Half Moon, Plot): draw 2 Common Contracts, keep 1
    state, _ = play(state, UsePlotAbility(seat=0, adventurer="sefa"))
    assert state.prompt is not None and set(state.prompt.drawn) == {"lost-hound", "bell-tower"}
    state, _ = play(state, ApplyDefaults(seat=-1))
    assert state.prompt is None
    assert state.guilds[0].private_contracts == ("lost-hound",)  # Spirit 6, the lowest target


def test_gold_is_taken_only_as_far_as_the_rival_has_it():
    """Orla (Blood Moon, Plot): "take up to 2 Gold from a rival guild of your choice" — the
    rival has 2 and is left with none; no Gold is made or lost."""
    state = _plot(3, ["orla"], gold=1)
    state, _ = play(state, UsePlotAbility(seat=0, adventurer="orla", target=2))
    assert (state.guilds[0].gold, state.guilds[2].gold) == (3, 0)


def test_a_choice_of_guild_must_be_a_rival():
    state = _plot(3, ["orla"])
    assert_refused(state, UsePlotAbility(seat=0, adventurer="orla"), "choose_guild")
    assert_refused(state, UsePlotAbility(seat=0, adventurer="orla", target=0), "choose_guild")


def test_a_plot_boon_is_discarded_in_the_plot_phase():
    """Boon: "Keep the Contract face up near your Order Board. It may be discarded to use its
    effect when relevant." Clearing the Granary Rats: discard it in your Plot Phase turn to gain
    2 Gold. A guild with such a boon gets a plot turn even without plot abilities."""
    state = _plot(2, ["brask"], gold=0, completed=["granary-rats"])
    state, _ = play(state, UseBoon(seat=0, contract="granary-rats"))
    assert state.guilds[0].gold == 2
    assert state.guilds[0].completed == () and "granary-rats" in state.board.contract_discard
    assert state.phase is Phase.ORDERS  # nothing left to use: the plot turn ended


def test_a_lower_minimum_bid_lets_the_guild_recruit_for_less():
    """Ilario (every round): "your minimum bids are 1 Gold lower" — Garrick's Half Moon minimum
    of 3 is 2 for his guild only."""
    state = table(
        players=2,
        board={"adventurers": {"A": ["garrick"], "B": ["percival"]}},
        guild=[{"adventurers": ["ilario", "brask"]}, {"adventurers": ["kettu"]}],
    )
    state, events = play(
        state, orders(0, order(1, ["brask"], "A", 2)), orders(1, order(1, ["kettu"], "B", 2))
    )
    recruited = {e.seat: e.adventurer for e in of_type(events, "AdventurerRecruited")}
    assert recruited == {0: "garrick"}
    assert of_type(events, "RecruitFailed")[0].seat == 1


def test_cheaper_builders_still_cost_at_least_1():
    """Dorrit (Half Moon): "your Builders cost 1 Gold less each (never below 1)"."""
    state = table(
        players=3,
        board={"contracts": PLAIN},
        guild=[{"adventurers": ["dorrit", "brask"], "gold": 9}],
    )
    state, events = play(
        state,
        orders(0, order(1, ["brask"], "hire", 9, builds=[Build(core="stables")])),
        *everyone_else_ready(state, 0),
    )
    assert of_type(events, "BuildersHired")[0].costs == (1, 2)


def test_an_event_changes_every_guilds_income():
    """Event: "active while the Contract is face up on the Board". Evicting the Bridge Ogre:
    every guild's income is 1 Gold lower while it is face up."""
    state = table(players=2, board={"contracts": {"1": "ogre-toll"}})
    state, events = play(state, orders(0), orders(1))
    assert of_type(events, "IncomeGained")[0].gold == (1, 1)


def test_a_lower_conflict_penalty():
    """Quenby (every round): "your Skill Check Penalty when conflicting is 2 lower" — Brask's 3
    Might dice raise the target by 1 instead of 3."""
    state = table(
        players=2,
        board={"contracts": {"1": "old-well"}},
        guild=[{"adventurers": ["quenby", "brask"]}, {"adventurers": ["brask", "kettu"]}],
        dice=[6] * 12,
    )
    state, _ = play(state, orders(0, order(1, ["brask"], "1")), orders(1, order(1, ["brask"], "1")))
    state, events = play(
        state, ChooseStance(seat=0, stance="conflict"), ChooseStance(seat=1, stance="conflict")
    )
    targets = {e.seat: e.target for e in of_type(events, "SkillCheckRolled")}
    assert targets == {0: 6 + 1, 1: 6 + 3}


def test_an_ability_that_acts_each_time_its_guild_recruits():
    """Corra (every round): "each time you recruit an adventurer, gain 1 Fame" — on top of the
    recruit's own Fame."""
    state = table(
        players=2,
        board={"adventurers": {"A": ["garrick"]}},
        guild=[{"adventurers": ["corra", "brask"]}],
    )
    state, events = play(state, orders(0, order(1, ["brask"], "A", 3)), orders(1))
    (fame,) = [e for e in of_type(events, "FameChanged") if e.cause == "ability:corra"]
    assert fame.amount == 1 and state.guilds[0].fame == 2 + 1


def test_check_modifiers_limited_to_contested_checks():
    """Brannoc (every round): "your contested checks roll 1 extra die" — not his contract
    checks."""
    state = table(
        players=2,
        board={"contracts": {"1": "old-well"}},
        guild=[{"adventurers": ["brannoc", "brask"]}],
        dice=[6] * 12,
    )
    state, events = play(state, orders(0, order(1, ["brask"], "1")), orders(1))
    (rolled,) = of_type(events, "SkillCheckRolled")
    assert len(rolled.dice) == rolled.skill_dice == 3


def test_an_event_on_the_board_is_announced_at_the_start_of_each_round():
    """Start of Round: "Announce Events: Check the Board for any Event Contract cards, and read
    each one out aloud." Reading the Comet's Omen: every guild gains 1 Gold."""
    state = table(
        players=2,
        round=2,
        phase="start_of_round",
        board={"contracts": {"2": "comet-omen"}},
        guild=[{"gold": 0, "adventurers": ["brask"]}, {"gold": 0, "adventurers": ["kettu"]}],
    )
    assert [g.gold for g in state.guilds] == [1, 1]


def test_gold_placed_on_orders_cannot_be_taken():
    """Gold on a Recruit order is spent when the order resolves ("pay all Gold from your Recruit
    Adventurer Order"): an effect resolving before it takes only what is left in the treasury.
    Breaking the Forgers' Ring (bonus: take up to 1 Gold from a rival) cannot touch the 3 Gold
    the rival put on its recruit."""
    state = table(
        players=2,
        board={"contracts": {"1": "forger-ring"}, "adventurers": {"A": ["garrick"]}},
        guild=[
            {"adventurers": ["nyx"], "private": []},
            {"adventurers": ["brask", "kettu"], "gold": 3, "private": []},
        ],
        dice=[6] * 20,
    )
    state, events = play(
        state,
        orders(0, order(1, ["nyx"], "1")),
        orders(1, order(1, ["kettu"], fallback="wander"), order(2, ["brask"], "A", 3)),
    )
    assert [e for e in of_type(events, "GoldChanged") if e.cause == "bonus:forger-ring"] == []
    (recruited,) = of_type(events, "AdventurerRecruited")
    assert (recruited.seat, recruited.paid) == (1, 3)
    assert all(g.gold >= 0 for g in state.guilds)
