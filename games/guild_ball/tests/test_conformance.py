"""The conformance suite every game runs (`engine/conformance.py`): random Introductory games
through the `GameDefinition` alone, with defaults mixed in as deadlines would, checking endings,
decisions, execute and replay, determinism, stages, views and event views against this game's
secret variants (the plans held, a buffered pick, plan choice or allocation) and its invariants
(health, influence, momentum, bases clear of each other, the ball in one place)."""

import math

from msgspec.structs import replace

from engine import conformance
from games.guild_ball.game import GAME
from games.guild_ball.rules.context import base_of, card
from games.guild_ball.rules.state import KD, GuildBallState


def secret_variants(state: GuildBallState, seat: int) -> list[GuildBallState]:
    """States that differ from `state` only in what `seat` alone knows (and the deck's order,
    which nobody knows)."""
    team = state.teams[seat]
    out = []
    keep = set(team.picked) | {team.chosen}
    swappable = [i for i, p in enumerate(team.hand) if p not in keep]
    if swappable and state.plan_deck:
        i = swappable[-1]
        hand = list(team.hand)
        deck = list(state.plan_deck)
        hand[i], deck[0] = deck[0], hand[i]
        teams = list(state.teams)
        teams[seat] = replace(team, hand=tuple(hand))
        out.append(replace(state, teams=tuple(teams), plan_deck=tuple(deck)))
    if team.chosen:
        others = [p for p in team.hand if p != team.chosen]
        if others:
            teams = list(state.teams)
            teams[seat] = replace(team, chosen=others[0])
            out.append(replace(state, teams=tuple(teams)))
    if team.allocation:
        teams = list(state.teams)
        teams[seat] = replace(team, allocation=())
        out.append(replace(state, teams=tuple(teams)))
    return out


def check_invariants(state: GuildBallState) -> None:
    for u in state.units:
        assert 0 <= u.hp <= card(u).stats.hp, u
        assert 0 <= u.influence <= card(u).stats.inf_max, u
        if u.on_pitch:
            assert not u.taken_out, u
    assert all(t.mp >= 0 for t in state.teams)
    assert all(t.vp == 4 * t.goals + (t.vp - 4 * t.goals) and t.vp >= 0 for t in state.teams)
    placed = [u for u in state.units if u.on_pitch]
    for i, a in enumerate(placed):
        for b in placed[i + 1 :]:
            ba, bb = base_of(a), base_of(b)
            gap = math.dist(ba.centre, bb.centre) - ba.radius - bb.radius
            assert gap >= -0.02, f"{a.id} overlaps {b.id} by {-gap:.3f}"
    if state.ball_holder:
        holder = state.unit(state.ball_holder)
        assert holder.on_pitch and KD not in holder.conditions, holder
        assert not state.ball_free


def test_guild_ball_passes_the_conformance_suite() -> None:
    report = conformance.check(
        GAME,
        players=[2],
        seeds=range(6),
        secret_variants=secret_variants,
        invariants=check_invariants,
    )
    print(report)
    assert report.games == 6 and report.commands > 600
    assert report.compared > 0


def test_the_quick_and_typical_games_pass_the_conformance_suite() -> None:
    """The same suite with the `size` option: teams of six on the 3'x3' pitch, 8 and 12 VP,
    without terrain and on each terrain map."""
    for size, terrain in ((1, 0), (2, 0), (1, 1), (1, 2), (2, 3), (2, 4)):
        report = conformance.check(
            GAME,
            players=[2],
            seeds=range(2),
            options={"size": size, "terrain": terrain},
            secret_variants=secret_variants,
            invariants=check_invariants,
        )
        print(report)
        assert report.games == 2 and report.commands > 400
        assert report.compared > 0
