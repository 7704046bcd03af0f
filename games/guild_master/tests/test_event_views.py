"""Event views: "one filter per audience", applied to events before they are narrated.

The rules restated here, independently of `event_views.py`: what only one guild may know (the deal,
its setup choice, its private contracts, its orders before the reveal and the plans behind them,
its stance before the reveal, the cards its effects draw or peek at), and what nobody may know
(the order of every deck, face-down cards, the random source). Checked on every event of simulated
games for 2, 3 and 4 guilds:

1. no audience's event view holds the random source, a deck's order or a face-down card;
2. the public's holds no guild's secret, and a guild's holds its own and no other's;
3. non-interference: changing only one guild's secrets (in the event, and in the state it led to,
   with the fuzzers' `secret_variants`) changes no other audience's event view or view.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from engine.core.game import PUBLIC, Audience, Seat
from engine.core.rng import Rng
from games.guild_master import GAME
from games.guild_master.players.simulate import play
from games.guild_master.rules import events as ev
from games.guild_master.rules.event_views import NO_RNG, event_view
from games.guild_master.rules.state import (
    AttemptTask,
    Board,
    ContestTask,
    GameState,
    Order,
    Plan,
)
from games.guild_master.tests.playout import PACK, secret_variants, secrets
from games.guild_master.tests.table import table

# Games in which every kind of roll happens (test_every_kind_of_roll_has_its_random_source_replaced
# needs a bonus's dice): a change to the cards changes the games, and may call for other seeds.
GAMES = [(2, 36, False), (3, 32, True), (4, 33, False)]
# Types whose events hold a guild's secret, and are therefore told differently to it.
SECRET_TYPES = (
    ev.GameCreated,
    ev.ScenarioArranged,
    ev.SetupChosen,
    ev.SetupFinished,
    ev.PrivateContractDrawn,
    ev.OrdersDrafted,
    ev.PlanAnswered,
    ev.OrdersRevealed,
    ev.StanceChosen,
    ev.TasksChanged,
    ev.EffectPaused,
    ev.DrawnKept,
    ev.PeekArranged,
)
# Own secrets told as the event itself to their guild (no `rng`, no board).
TOLD_AS_IS = (
    ev.SetupChosen,
    ev.PrivateContractDrawn,
    ev.OrdersDrafted,
    ev.PlanAnswered,
    ev.StanceChosen,
    ev.EffectPaused,
    ev.DrawnKept,
    ev.PeekArranged,
)


@cache
def game(players: int, seed: int, short: bool) -> tuple[tuple[Any, GameState], ...]:
    """(event, the state after it) for every event of a simulated game."""
    _, _, log = play(players, seed, short=short, keep_events=True)
    out = []
    state: Any = None
    for e in log:
        state = GAME.evolve(state, e)
        out.append((e, state))
    return tuple(out)


def all_events() -> Iterator[tuple[int, Any, GameState]]:
    for players, seed, short in GAMES:
        for e, after in game(players, seed, short):
            yield players, e, after


def audiences(players: int) -> list[Audience]:
    return [PUBLIC, *(Seat(s) for s in range(players))]


# --- what is secret, restated ------------------------------------------------------------------


def own_parts(e: Any) -> dict[int, Any]:
    """Per seat, the parts of `e` only that seat may know."""
    if isinstance(e, ev.GameCreated):
        return {g.seat: (e.dealt[g.seat], g.private_contracts) for g in e.guilds}
    if isinstance(e, ev.ScenarioArranged):
        return {g.seat: g.private_contracts for g in e.guilds if g.private_contracts}
    if isinstance(e, ev.SetupChosen):
        return {e.seat: (e.contract, e.side)}
    if isinstance(e, ev.SetupFinished):
        return dict(enumerate(e.private))
    if isinstance(e, ev.PrivateContractDrawn):
        return {e.seat: e.contract}
    if isinstance(e, ev.OrdersDrafted):
        return {e.seat: e.orders}
    if isinstance(e, ev.PlanAnswered):
        return {e.seat: (e.field, e.value, e.builds)}
    if isinstance(e, ev.OrdersRevealed):
        return {seat: tuple(o.plan for o in orders) for seat, orders in enumerate(e.orders)}
    if isinstance(e, ev.StanceChosen):
        return {e.seat: e.stance}
    if isinstance(e, ev.TasksChanged):
        parts: dict[int, Any] = {}
        for t in e.push:
            if isinstance(t, ContestTask) and t.stage == "stances":
                for s, stance in t.stances.items():
                    parts[int(s)] = stance
            if isinstance(t, AttemptTask) and t.private:
                parts[t.seat] = t.private
        return parts
    if isinstance(e, ev.EffectPaused):
        return {e.prompt.seat: (e.prompt.drawn, e.prompt.seen)}
    if isinstance(e, ev.DrawnKept):
        return {e.seat: (e.kept, e.returned)}
    if isinstance(e, ev.PeekArranged):
        return {e.seat: e.bottom}
    return {}


def nobodys_parts(e: Any) -> list[Any]:
    """The parts of `e` nobody may know: the random source, every deck's order and the cards
    lying face down."""
    parts: list[Any] = []
    if "rng" in type(e).__struct_fields__:
        parts.append(e.rng)
    board = getattr(e, "board", None)
    if isinstance(board, Board):
        parts += [board.common, board.heroic, board.legendary]
        parts += [c.card for c in board.contracts if c.card and not c.face_up]
        parts += [a.deck[1:] if a.face_up else a.deck for a in board.adventurers]
    if isinstance(e, ev.ContractReplaced) and e.card is not None:
        parts.append(e.card)
    if isinstance(e, ev.ContractsDealt):
        parts += [card for _, _, card in e.cards]
    return parts


def blank(value: Any) -> bool:
    """A secret part as an audience that may not see it gets it: cards as "", plans as the
    default plan, the random source as the neutral one."""
    if isinstance(value, str):
        return value == ""
    if isinstance(value, Plan):
        return value == Plan()
    if isinstance(value, Rng):
        return value == NO_RNG
    if isinstance(value, tuple | list):
        return all(blank(v) for v in value)
    return value is None


def shape(value: Any) -> Any:
    """How many cards a part holds (public: a guild's hand and the decks are counted openly)."""
    if isinstance(value, tuple | list):
        return tuple(shape(v) for v in value)
    return None


# --- 1 and 2: what each audience hears ---------------------------------------------------------


def test_no_audience_hears_the_random_source_a_decks_order_or_a_face_down_card():
    checked = 0
    for players, e, _ in all_events():
        for a in audiences(players):
            view = event_view(e, a)
            if view is None:
                continue
            assert type(view) is type(e)
            hidden = nobodys_parts(view)
            assert all(blank(p) for p in hidden), (a, view)
            assert shape(hidden) == shape(nobodys_parts(e))
            checked += bool(hidden)
    assert checked > 100


def test_the_public_hears_no_guilds_secret():
    seen: set[type] = set()
    for _, e, _ in all_events():
        view = event_view(e, PUBLIC)
        parts = own_parts(e)
        if isinstance(e, ev.OrdersDrafted | ev.PlanAnswered):
            assert view is None, "nobody else learns a guild planned its orders or answered"
            seen.add(type(e))
            continue
        assert view is not None and type(view) is type(e)
        told = own_parts(view)
        for seat, part in parts.items():
            assert blank(told.get(seat)), (seat, view)
            if not isinstance(e, ev.TasksChanged):  # stances chosen so far are not counted
                assert shape(told[seat]) == shape(part)
            seen.add(type(e))
    assert set(SECRET_TYPES) - seen <= {ev.ScenarioArranged}


def test_a_guild_hears_its_own_secrets_and_no_others():
    kept = 0
    for players, e, _ in all_events():
        parts = own_parts(e)
        for seat in range(players):
            view = event_view(e, Seat(seat))
            if seat in parts:
                assert view is not None
                assert own_parts(view)[seat] == parts[seat]
                kept += 1
                if isinstance(e, TOLD_AS_IS):
                    assert view is e
            if view is None:
                continue
            for other, told in own_parts(view).items():
                if other != seat:
                    assert blank(told), (seat, other, view)
    assert kept > 100


def test_events_holding_nothing_secret_are_told_as_they_are():
    plain = 0
    for players, e, _ in all_events():
        if own_parts(e) or nobodys_parts(e):
            continue
        for a in audiences(players):
            assert event_view(e, a) is e
        plain += 1
    assert plain > 1000


def test_no_event_view_names_a_card_its_audience_may_not_know():
    """The strongest check of the three above: the encoded event view names no card that, in the
    state the event led to, is hidden from its audience. A private contract attempted in the open
    (its skill check names it) is no longer hidden; a guild knows the cards its effects drew or
    peeked at, wherever they go."""
    for players, seed, short in GAMES:
        attempted: set[str] = set()
        seen: dict[Audience, set[str]] = {a: set() for a in audiences(players)}
        for e, after in game(players, seed, short):
            if isinstance(e, ev.SkillCheckRolled) and e.contract:
                attempted.add(e.contract)
            if isinstance(e, ev.EffectPaused):
                seen[Seat(e.prompt.seat)] |= {*e.prompt.drawn, *e.prompt.seen}
            hidden = secrets(after)
            for a in audiences(players):
                view = event_view(e, a)
                if view is None:
                    continue
                text = msgspec.json.encode(view)
                for owner, slugs in hidden.items():
                    if isinstance(a, Seat) and owner == f"seat {a.seat}":
                        continue
                    for slug in slugs - attempted - seen[a]:
                        assert f'"{slug}"'.encode() not in text, (a, owner, slug, e)


def test_a_scenarios_table_is_told_without_decks_face_down_cards_or_others_private_contracts():
    state = table(
        players=3,
        board={"contracts": {"3": "old-well"}, "face_down": ["3"]},
        guild=[{"private": ["tower-lock"]}, {"private": ["cipher"]}],
    )
    arranged = ev.ScenarioArranged(
        round=state.round,
        phase=state.phase.value,
        board=state.board,
        guilds=state.guilds,
        rng=Rng(state=12345),
    )
    public = event_view(arranged, PUBLIC)
    assert public is not None and public.rng == NO_RNG
    assert public.board.contracts[2].card == "" and public.board.contracts[2].level == "common"
    assert len(public.board.common) == len(state.board.common) and blank(public.board.common)
    assert [g.private_contracts for g in public.guilds][:2] == [("",), ("",)]
    own = event_view(arranged, Seat(1))
    assert own is not None
    assert [g.private_contracts for g in own.guilds][:2] == [("",), ("cipher",)]
    assert "tower-lock" not in msgspec.json.encode(own).decode()


def test_every_kind_of_roll_has_its_random_source_replaced():
    tie = ev.TieRerolled(rerolls=(("contest:1:0", 0, 2, 5),), rng=Rng(state=99, scripted=(6,)))
    for a in (PUBLIC, Seat(0)):
        told = event_view(tie, a)
        assert told == replace(tie, rng=NO_RNG)
    rolled = [e for _, e, _ in all_events() if "rng" in type(e).__struct_fields__]
    assert {type(e) for e in rolled} >= {
        ev.GameCreated,
        ev.FameOrderRolled,
        ev.SkillCheckRolled,
        ev.DieRerolled,
        ev.BonusDiceRolled,
    }


# --- 3. non-interference -----------------------------------------------------------------------


def _other(*slugs: str) -> str:
    return next(c for c in sorted(PACK.contracts) if c not in slugs)


def _others(cards: tuple[str, ...]) -> tuple[str, ...]:
    pool = [c for c in sorted(PACK.contracts) if c not in cards]
    return tuple(pool[: len(cards)])


def _other_plan(plan: Plan) -> Plan:
    return replace(plan, fallback="wander" if plan.fallback != "wander" else "ask", skill="might")


def _put(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def guild_variants(e: Any, seat: int) -> list[Any]:
    """`e` with only the parts guild `seat` alone may know changed (none when they are empty)."""
    if seat not in own_parts(e):
        return []
    return [v for v in _guild_variants(e, seat) if v != e]


def _guild_variants(e: Any, seat: int) -> list[Any]:
    if isinstance(e, ev.GameCreated):
        return [replace(e, dealt=_put(e.dealt, seat, _others(e.dealt[seat])))]
    if isinstance(e, ev.ScenarioArranged):
        g = e.guilds[seat]
        changed = replace(g, private_contracts=_others(g.private_contracts))
        return [replace(e, guilds=_put(e.guilds, seat, changed))]
    if isinstance(e, ev.SetupChosen):
        side = "reroll" if e.side == "fixer" else "fixer"
        return [replace(e, contract=_other(e.contract), side=side)]
    if isinstance(e, ev.SetupFinished):
        return [replace(e, private=_put(e.private, seat, _others(e.private[seat])))]
    if isinstance(e, ev.PrivateContractDrawn):
        return [replace(e, contract=_other(e.contract))]
    if isinstance(e, ev.OrdersDrafted):
        bigger = tuple(replace(o, gold=o.gold + 1, objective="hire") for o in e.orders)
        return [replace(e, orders=()), replace(e, orders=(*bigger, Order(space=9, team=())))]
    if isinstance(e, ev.PlanAnswered):
        return [replace(e, field="replace", value="heroic", builds=None)]
    if isinstance(e, ev.OrdersRevealed):
        plans = tuple(replace(o, plan=_other_plan(o.plan)) for o in e.orders[seat])
        return [replace(e, orders=_put(e.orders, seat, plans))]
    if isinstance(e, ev.StanceChosen):
        return [
            replace(e, stance=s) for s in ("cooperate", "conflict", "withdraw") if s != e.stance
        ]
    if isinstance(e, ev.TasksChanged):
        push = []
        for t in e.push:
            if isinstance(t, ContestTask) and t.stage == "stances" and str(seat) in t.stances:
                stance = "withdraw" if t.stances[str(seat)] != "withdraw" else "conflict"
                t = replace(t, stances={**t.stances, str(seat): stance})
            elif isinstance(t, AttemptTask) and t.seat == seat and t.private:
                t = replace(t, private=_other(t.private))
            push.append(t)
        return [replace(e, push=tuple(push))]
    if isinstance(e, ev.EffectPaused):
        p = e.prompt
        return [replace(e, prompt=replace(p, drawn=_others(p.drawn), seen=_others(p.seen)))]
    if isinstance(e, ev.DrawnKept):
        return [replace(e, kept=_others(e.kept), returned=tuple(reversed(_others(e.returned))))]
    if isinstance(e, ev.PeekArranged):
        return [replace(e, bottom=_others(e.bottom))]
    raise AssertionError(f"no variant of {type(e).__name__}")


def hidden_variants(e: Any) -> list[Any]:
    """`e` with only what nobody may know changed."""
    out = []
    if "rng" in type(e).__struct_fields__:
        out.append(replace(e, rng=Rng(state=e.rng.state ^ 0x5EC12E7, scripted=(6, 6))))
    board = getattr(e, "board", None)
    if isinstance(board, Board):
        spots = tuple(
            replace(c, card=_other(c.card)) if c.card and not c.face_up else c
            for c in board.contracts
        )
        decks = tuple(
            replace(a, deck=a.deck[::-1]) if not a.face_up else a for a in board.adventurers
        )
        out.append(
            replace(
                e,
                board=replace(
                    board,
                    common=board.common[::-1],
                    heroic=board.heroic[::-1],
                    legendary=board.legendary[::-1],
                    contracts=spots,
                    adventurers=decks,
                ),
            )
        )
    if isinstance(e, ev.ContractReplaced) and e.card is not None:
        out.append(replace(e, card=_other(e.card)))
    if isinstance(e, ev.ContractsDealt):
        out.append(replace(e, cards=tuple((s, lvl, _other(c)) for s, lvl, c in e.cards)))
    return out


def test_changing_only_what_nobody_may_know_changes_no_event_view():
    compared = 0
    for players, e, _ in all_events():
        for variant in hidden_variants(e):
            assert variant != e
            for a in audiences(players):
                assert event_view(variant, a) == event_view(e, a), (a, e)
                compared += 1
    assert compared > 500


def test_changing_one_guilds_secrets_changes_no_other_audiences_event_view_or_view():
    """For each event holding a guild's secret, and every twentieth event besides: the event
    with only that guild's secret parts changed, and the state it led to with only that guild's
    secrets changed (`secret_variants`), give every other audience the same event view and the
    same view. The guild itself does see the change in the event."""
    compared = 0
    for players, seed, short in GAMES:
        for i, (e, after) in enumerate(game(players, seed, short)):
            if not own_parts(e) and i % 20:
                continue
            for seat in range(players):
                events = guild_variants(e, seat)
                states = secret_variants(after, seat)
                for variant in events:
                    assert event_view(variant, Seat(seat)) != event_view(e, Seat(seat))
                others = [a for a in audiences(players) if a != Seat(seat)]
                for a in others:
                    told = event_view(e, a)
                    for variant in events:
                        assert event_view(variant, a) == told, (a, seat, e, variant)
                        compared += 1
                    if states:
                        seen = msgspec.json.encode(GAME.view(after, a))
                        for changed in states:
                            assert msgspec.json.encode(GAME.view(changed, a)) == seen, (a, seat)
                            compared += 1
    assert compared > 1000


@pytest.mark.parametrize("audience", [PUBLIC, Seat(0), Seat(1)])
def test_the_game_definition_gives_the_event_views(audience):
    e, _ = game(2, 31, False)[0]
    assert GAME.event_view(e, audience) == event_view(e, audience)
