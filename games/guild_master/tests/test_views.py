"""Views: "one filter per audience". The public view holds what "Things To Remember" calls public
and the board; orders before the reveal, stances before the reveal, private contracts, deck order,
face-down cards, plans and the random source never reach the public or another seat.

The strongest check is non-interference: changing a secret must leave every view that may not see
it byte for byte the same.
"""

import msgspec
import pytest
from msgspec.structs import replace

from engine.core.game import PUBLIC, Seat
from engine.core.rng import Rng
from games.guild_master import GAME
from games.guild_master.rules import views
from games.guild_master.rules.abilities import min_bid
from games.guild_master.rules.attempt_contract import chance, choose_target
from games.guild_master.rules.commands import ChooseStance, SetOrders
from games.guild_master.rules.hire_builders import default_builds
from games.guild_master.rules.private_and_wander import auto_fallback
from games.guild_master.rules.state import Build
from games.guild_master.tests.playout import check_non_interference
from games.guild_master.tests.table import (
    PACK,
    of_type,
    order,
    orders,
    play,
    public,
    seat_view,
    table,
)


def encoded(state, audience):
    return msgspec.json.encode(GAME.view(state, audience))


def others(state, seat):
    """Every audience that may not see `seat`'s secrets."""
    return [PUBLIC, *(Seat(s) for s in range(state.players) if s != seat)]


def test_a_draft_is_seen_only_by_its_guild():
    """ "Guilds secretly and simultaneously decide on their objectives.\""""
    state = table(players=3)
    g = state.guilds[0]
    draft = SetOrders(seat=0, orders=(order(1, g.adventurers[:2], "1"),), ready=False)
    after, _ = play(state, draft)
    for audience in others(state, 0):
        assert encoded(state, audience) == encoded(after, audience)
    assert seat_view(after, 0)["draft"][0]["objective"] == "1"


def test_ready_is_public_but_not_the_orders():
    """ "Announce that you are ready to proceed by hanging your Guild Ribbon.\""""
    state = table(players=2)
    g = state.guilds[0]
    after, _ = play(state, orders(0, order(1, g.adventurers[:1], "2")))
    assert tuple(public(after)["ready"]) == (True, False)
    assert seat_view(after, 1)["draft"] == ()
    assert "orders" not in public(after) or public(after)["orders"] == ()


def test_orders_are_public_after_the_reveal_but_not_their_plans():
    """ "During the Action Phase, all Guilds reveal their Order Boards." The answers a guild gave
    in advance (its plan) stay its own."""
    state = table(
        players=2,
        board={"contracts": {"1": "border-feud", "2": "cipher"}},  # Might/Guile 10, Logic/Arcane 11
        guild=[
            {"adventurers": ["brask", "kettu"], "private": ["tower-lock"]},
            {"adventurers": ["hob", "garrick"]},
        ],
    )
    a = order(1, ["brask", "kettu"], "1", fallback="tower-lock", rolls="ask")
    b = order(1, ["hob", "garrick"], "1")
    state, _ = play(state, orders(0, a), orders(1, b))
    view = public(state)
    assert view["phase"] == "action"
    assert [o["objective"] for o in view["orders"][0]] == ["1"]
    assert "plan" not in view["orders"][0][0]
    text = encoded(state, PUBLIC).decode()
    assert "tower-lock" not in text
    assert seat_view(state, 0)["orders"][0]["plan"]["fallback"] == "tower-lock"
    assert "tower-lock" not in encoded(state, Seat(1)).decode()


def test_stances_are_secret_until_revealed():
    """ "They secretly place the token on the table with the chosen side face up... Once all
    Contesting Guilds have chosen a Contest Stance, they all reveal their Contest tokens at
    once.\""""
    state = table(
        players=2,
        board={"contracts": {"1": "border-feud"}},
        guild=[{"adventurers": ["brask", "kettu"]}, {"adventurers": ["hob", "garrick"]}],
    )
    state, _ = play(
        state,
        orders(0, order(1, ["brask", "kettu"], "1")),
        orders(1, order(1, ["hob", "garrick"], "1")),
    )
    conflict, _ = play(state, ChooseStance(seat=0, stance="conflict"))
    cooperate, _ = play(state, ChooseStance(seat=0, stance="cooperate"))
    contest = public(conflict)["contest"]
    assert tuple(contest["chosen"]) == (0,)
    assert contest["stances"] == {}
    for audience in others(state, 0):
        assert encoded(conflict, audience) == encoded(cooperate, audience)
    assert seat_view(conflict, 0)["stance"] == "conflict"
    _, events = play(conflict, ChooseStance(seat=1, stance="cooperate"))
    (reveal,) = of_type(events, "StancesRevealed")
    assert reveal.stances == ((0, "conflict"), (1, "cooperate"))


def test_private_contracts_are_seen_only_by_their_guild():
    """ "They are kept face down and tucked slightly under your Upgrade Board.\""""
    state = table(players=3)
    for g in state.guilds:
        for audience in others(state, g.seat):
            text = encoded(state, audience).decode()
            for slug in g.private_contracts:
                assert f'"{slug}"' not in text
        assert seat_view(state, g.seat)["private_contracts"] == g.private_contracts
    assert [g["private_contracts"] for g in public(state)["guilds"]] == [2, 2, 2]


def test_deck_order_face_down_cards_and_the_random_source_are_seen_by_nobody():
    """Shuffling a deck, turning a face-down card into another or moving the random source
    changes no view at all."""
    state = table(players=4, board={"contracts": {"3": "old-well"}, "face_down": ["3"]})
    b = state.board
    changed = replace(
        state,
        board=replace(
            b,
            common=tuple(reversed(b.common)),
            heroic=tuple(reversed(b.heroic)),
            contracts=tuple(
                replace(c, card="tower-lock") if c.number == 3 else c for c in b.contracts
            ),
            adventurers=tuple(
                replace(a, deck=(a.deck[0], *reversed(a.deck[1:]))) for a in b.adventurers
            ),
        ),
        rng=Rng(state.rng.state ^ 12345),
    )
    for audience in [PUBLIC, *(Seat(s) for s in range(4))]:
        assert encoded(state, audience) == encoded(changed, audience)
    spot = public(state)["board"]["contracts"][2]
    assert spot["contract"] is None and spot["face_up"] is False and spot["level"] == "common"


def test_setup_deal_is_seen_only_by_its_guild():
    """ "Deal three common Contracts to each player. Each player chooses and places one... face
    down.\""""
    state = table(players=2, phase="setup")
    dealt = state.step.dealt
    assert seat_view(state, 0)["dealt"] == dealt[0]
    text = encoded(state, Seat(1)).decode() + encoded(state, PUBLIC).decode()
    for slug in dealt[0]:
        assert f'"{slug}"' not in text


def test_public_view_holds_what_things_to_remember_calls_public():
    """ "Gold total... Upgrades built... Adventurers recruited... Contracts completed" are public
    and may be requested at any time."""
    state = table(
        players=2,
        guild=[{"gold": 11, "completed": ["old-well"], "stables": 2, "adventurers": ["brask"]}],
    )
    g = public(state)["guilds"][0]
    assert g["gold"] == 11
    assert tuple(g["adventurers"]) == ("brask",)
    assert g["completed"][0]["slug"] == "old-well"
    assert g["stables"] == 2 and g["order_spaces"] == 3
    assert public(state)["board"]["builder_cost"] == 3  # 2 players: one space up the track


def test_the_shared_non_interference_check_catches_leaks(monkeypatch):
    """The fuzzers' `check_non_interference` (tests/engine/playout.py) changes each kind of
    secret and fails when a view shows it: here a seat view that also shows the next seat's
    draft, stance or private contracts."""
    state = table(
        players=2,
        board={"contracts": {"1": "border-feud"}},
        guild=[{"adventurers": ["brask", "kettu"]}, {"adventurers": ["hob", "garrick"]}],
    )
    draft, _ = play(state, SetOrders(seat=0, orders=(order(1, ["brask"], "1"),), ready=False))
    contest, _ = play(
        state,
        orders(0, order(1, ["brask", "kettu"], "1")),
        orders(1, order(1, ["hob", "garrick"], "1")),
        ChooseStance(seat=0, stance="conflict"),
    )
    check_non_interference(draft)  # the real views keep every secret
    check_non_interference(contest)
    leaks = {
        "draft": lambda state, view, nxt: replace(view, draft=state.step.drafts[nxt]),
        "stance": lambda state, view, nxt: replace(
            view, stance=state.step.queue[0].stances.get(str(nxt), "")
        ),
        "private": lambda state, view, nxt: replace(
            view, private_contracts=state.guilds[nxt].private_contracts
        ),
    }
    real = views.seat_view
    for kind, leak in leaks.items():

        def leaky(state, pack, public, seat, decisions, leak=leak):
            view = real(state, pack, public, seat, decisions)
            return leak(state, view, (seat + 1) % state.players)

        monkeypatch.setattr(views, "seat_view", leaky)
        with pytest.raises(AssertionError, match=r"sees a change in seat \d's secrets"):
            check_non_interference(contest if kind == "stance" else draft)


# --- what the presentation shows that the rules work out -----------------------------------------


def guild_view(state, seat):
    own = GAME.view(state, Seat(seat))
    assert isinstance(own, views.SeatView)
    return own


def test_a_guilds_odds_and_builds_are_worked_out_in_its_own_view():
    """The order board shows, for each planned order, what it would do now: the build its Gold
    affords, the chance of the contract alone, the private contract a team without an order card
    would go for; and the Gold not yet placed. Worked out by the rules, in the guild's view."""
    state = table(
        players=2,
        board={"contracts": {"1": "border-feud"}},
        guild=[
            {
                "adventurers": ["brask", "kettu", "hob"],
                "gold": 9,
                "stables": 2,
                "private": ["tower-lock"],
            },
            {"adventurers": ["garrick"]},
        ],
    )
    draft = (
        order(1, ["brask"], "1"),
        order(2, ["kettu"], "hire", gold=3, builds=[Build(core="stables"), Build(core="bar")]),
        order(3, ["hob"]),
    )
    state, _ = play(state, SetOrders(seat=0, orders=draft, ready=False))
    own = guild_view(state, 0)
    contract, hire, fallback = own.outlook
    target = choose_target(state, PACK, 0, ("brask",), PACK.contracts["border-feud"])
    assert (contract.skill, contract.target) == target
    assert contract.chance == chance(state, PACK, 0, ("brask",), *target)
    assert hire.build == Build(core="bar")  # Stables III needs 3 Builders: 10 Gold
    assert fallback.fallback == auto_fallback(state, PACK, 0, ("hob",))
    assert own.free_gold == 9 - 3
    assert own.default_builds == default_builds(state, PACK, 0)
    assert Build(core="bar") in own.build_options and len(own.build_options) <= 22
    other = guild_view(state, 1)
    assert other.outlook == () and other.build_options == () and other.free_gold == 7
    assert "outlook" not in public(state) and "free_gold" not in public(state)


def test_minimum_bids_are_public_and_each_guilds_own_in_its_view():
    """ "Bid at least the minimum for this moon": the board shows everybody's minimum, and a
    guild's own order board its own (its abilities may change it)."""
    state = table(
        players=2, board={"adventurers": {"B": ["saffi"]}}, guild=[{"adventurers": ["brask"]}]
    )
    spot = public(state)["board"]["adventurers"][1]
    assert spot["adventurer"] == "saffi"
    assert spot["min_bid"] == min_bid(state, PACK, "saffi")
    for seat in range(2):
        assert guild_view(state, seat).min_bids["B"] == min_bid(state, PACK, "saffi", seat)
    state, _ = play(state, SetOrders(seat=0, orders=(order(1, ["brask"], "B", gold=1),)))
    (recruit,) = guild_view(state, 0).outlook
    assert recruit.min_bid == min_bid(state, PACK, "saffi", 0)


def test_a_contesting_guild_sees_its_own_odds_for_choosing_a_stance():
    state = table(
        players=3,
        board={"contracts": {"1": "border-feud"}},
        guild=[
            {"adventurers": ["brask", "kettu"]},
            {"adventurers": ["hob", "garrick"]},
            {"adventurers": ["saffi"]},
        ],
    )
    state, _ = play(
        state,
        orders(0, order(1, ["brask", "kettu"], "1")),
        orders(1, order(1, ["hob", "garrick"], "1")),
        orders(2),
    )
    assert public(state)["contest"]["stage"] == "stances"
    for seat in (0, 1):
        odds = guild_view(state, seat).stance_odds
        assert odds is not None and 0 <= odds.conflict <= odds.alone <= 1
    assert guild_view(state, 2).stance_odds is None
    assert "stance_odds" not in public(state)


def test_the_views_of_one_state_share_their_public_part():
    """Built for every update the bot posts, once per audience: the pending decisions and the
    public view are worked out once per state."""
    state = table(players=3)
    public_view = GAME.view(state, PUBLIC)
    assert all(GAME.view(state, Seat(s)).public is public_view for s in range(3))
    assert GAME.view(replace(state), PUBLIC) == public_view
