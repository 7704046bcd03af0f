"""One test per card of the basic pack: each card's effect is played through the engine and its
outcome compared with what the card's primitives say, worked out here independently.

"Adventurer Abilities override standard game rules." "Contract Effects override standard game
rules." Cards without an effect are played too: recruiting an adventurer gives its Fame, and
completing a contract gives its Gold and Fame.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.guild_master.rules.abilities import builder_change, min_bid
from games.guild_master.rules.cards import RANKS, Ability, Adventurer, Contract
from games.guild_master.rules.commands import ChooseStance, ModifyRoll, UseBoon, UsePlotAbility
from games.guild_master.rules.effects import (
    AddDice,
    AddStored,
    BidChange,
    BuilderChange,
    DrawPrivate,
    Effect,
    FixDie,
    FreeBuilder,
    GainFame,
    GainGold,
    GiveGold,
    IncomeChange,
    LoseFame,
    PayGold,
    Peek,
    PenaltyChange,
    Reroll,
    RollStore,
    TakeGold,
)
from games.guild_master.rules.events import Event
from games.guild_master.rules.pending import pending
from games.guild_master.rules.state import Build, GameState, Phase
from games.guild_master.rules.upgrades import builder_cost
from games.guild_master.tests.table import (
    PACK,
    everyone_else_ready,
    of_type,
    order,
    orders,
    play,
    table,
)

# Contracts with no effect, for the board's other spots: no event may disturb a test.
PLAIN = {"1": "old-well", "2": "tower-lock", "3": "fen-paths", "4": "guild-ledger"}
# Strong adventurers whose abilities change no Gold or Fame in the Action Phase, to complete any
# contract with scripted sixes.
POOL = ["morgath", "valka", "osric", "aurel", "nyx", "corvina", "caddoc", "alis", "grey-hand"]
SIXES = [6] * 40
# Fame and Gold of the three guilds: seat 0 acts; seat 1 leads; seat 2 trails.
FAME = (5, 9, 1)
GOLD = (12, 6, 4)


def _guilds(**seat0: Any) -> list[dict[str, Any]]:
    return [
        {"gold": GOLD[0], "fame": FAME[0], "private": [], "skill_upgrades": ["salon:fixer"]}
        | seat0,
        {"gold": GOLD[1], "fame": FAME[1], "adventurers": ["brask"], "private": []},
        {"gold": GOLD[2], "fame": FAME[2], "adventurers": ["kettu"], "private": []},
    ]


def _changes(events: list[Event], cause: str) -> dict[int, tuple[int, int]]:
    """(Gold, Fame) changed per seat by effects with this cause."""
    out: dict[int, list[int]] = {}
    for e in events:
        if getattr(e, "cause", None) != cause:
            continue
        entry = out.setdefault(e.seat, [0, 0])  # type: ignore[attr-defined]
        if type(e).__name__ == "GoldChanged":
            entry[0] += e.amount  # type: ignore[attr-defined]
        elif type(e).__name__ == "FameChanged":
            entry[1] += e.amount  # type: ignore[attr-defined]
    return {seat: (g, f) for seat, (g, f) in out.items() if g or f}


def _expected(effects: tuple[Effect, ...], state: GameState, owner: int, chosen: int | None):
    """What the resource primitives should change, worked out from the state before them."""
    gold = [g.gold for g in state.guilds]
    fame = [g.fame for g in state.guilds]
    out: dict[int, list[int]] = {}

    def who(w: str) -> list[int]:
        seats = range(state.players)
        if w == "self":
            return [owner]
        if w == "chosen":
            return [chosen] if chosen is not None else []
        if w == "others":
            return [s for s in seats if s != owner]
        if w == "all":
            return list(seats)
        top = max(fame) if w == "most_fame" else min(fame)
        return [s for s in seats if fame[s] == top]

    def change(seat: int, g: int = 0, f: int = 0) -> None:
        entry = out.setdefault(seat, [0, 0])
        g = max(g, -gold[seat])
        f = max(f, -fame[seat])
        gold[seat] += g
        fame[seat] += f
        entry[0] += g
        entry[1] += f

    for op in effects:
        if isinstance(op, PayGold):
            change(owner, g=-op.amount)
        elif isinstance(op, GainGold):
            for s in who(op.who):
                change(s, g=op.amount)
        elif isinstance(op, GainFame):
            for s in who(op.who):
                change(s, f=op.amount)
        elif isinstance(op, LoseFame):
            for s in who(op.who):
                change(s, f=-op.amount)
        elif isinstance(op, GiveGold | TakeGold):
            for s in who(op.who):
                giver, taker = (owner, s) if isinstance(op, GiveGold) else (s, owner)
                amount = min(op.amount, gold[giver])
                change(giver, g=-amount)
                change(taker, g=amount)
    return {seat: (g, f) for seat, (g, f) in out.items() if g or f}


# Questions an effect asks its owner as it resolves.
EFFECT_QUESTIONS = ("bonus_target", "keep_contracts", "peek", "free_build")


def _resolve_prompts(state: GameState) -> tuple[GameState, list[Event]]:
    """Answer every question an effect asks with its default."""
    log: list[Event] = []
    while True:
        asked = [d for d in pending(state) if d.kind in EFFECT_QUESTIONS]
        if not asked:
            return state, log
        state, events = play(state, asked[0].default)
        log += events


def _check_choices(effects: tuple[Effect, ...], before: GameState, after: GameState, log) -> None:
    """Draws, peeks and free Builders did what the primitives say."""
    names = [type(e).__name__ for e in log]
    for op in effects:
        if isinstance(op, DrawPrivate):
            kept = len(after.guilds[0].private_contracts) - len(before.guilds[0].private_contracts)
            assert kept == min(op.keep, len(before.board.common))
        elif isinstance(op, Peek):
            assert "PeekArranged" in names
            (paused,) = [e for e in log if type(e).__name__ == "EffectPaused"]
            assert paused.prompt.seen == before.board.deck(op.level)[: op.count]
        elif isinstance(op, FreeBuilder):
            (hired,) = of_type(log, "FreeBuildersHired")
            assert 1 <= hired.count <= op.count
            assert hired.marker == before.board.builder_marker + hired.count
            assert of_type(log, "UpgradeBuilt")
            assert of_type(log, "BuildersHired") == []  # nothing paid


# --- adventurers -------------------------------------------------------------------------------

ADVENTURERS = sorted(PACK.adventurers)
# A round whose moon wakes each kind of ability: Round 3 is a Half and Blood Moon.
ROUND = {"half": 3, "blood": 3, "full": 2, "any": 2}


def _plot_ability(adv: Adventurer, ability: Ability) -> None:
    state = table(
        players=3,
        round=ROUND[ability.moon],
        phase="start_of_round",
        board={"contracts": PLAIN},
        guild=_guilds(adventurers=[adv.slug]),
    )
    assert state.phase is Phase.PLOT
    chosen = 1 if any(getattr(op, "who", "") == "chosen" for op in ability.effects) else None
    before = state
    state, log = play(state, UsePlotAbility(seat=0, adventurer=adv.slug, target=chosen))
    state, more = _resolve_prompts(state)
    log += more
    got = _changes(log, f"ability:{adv.slug}")
    assert got == _expected(ability.effects, before, 0, chosen)
    _check_choices(ability.effects, before, state, log)


def _rolled(adv: Adventurer, ability: Ability, op: AddDice | FixDie | Reroll) -> None:
    """A passive check modifier shows in the guild's roll of the kind of check it names."""
    skill = op.skill or "might"
    carrier = max(POOL, key=lambda a: PACK.adventurers[a].skill(skill))
    advs = [adv.slug, carrier]
    contract = next(
        c for c in PACK.contracts.values() if c.level == "common" and c.target(skill) is not None
    )
    spec: dict[str, Any] = {"players": 3, "round": ROUND[ability.moon], "dice": SIXES}
    spec["guild"] = _guilds(adventurers=advs)
    if op.on == "contest":
        spec["guild"][1] |= {"adventurers": ["brask", "odile"]}
        state = table(board={"contracts": PLAIN}, **spec)
        plan = {"skill": skill, "builds": []}
        state, log = play(
            state,
            orders(0, order(1, [carrier], "hire", 5, **plan)),
            orders(1, order(1, ["brask"], "hire", 5, builds=[])),
            orders(2),
        )
    elif op.on == "wander":
        state = table(board={"contracts": PLAIN}, **spec)
        state, log = play(
            state,
            orders(0, order(1, [carrier], skill=skill, fallback="wander")),
            *everyone_else_ready(state, 0),
        )
    else:
        state = table(board={"contracts": {**PLAIN, "3": contract.slug}}, **spec)
        state, log = play(
            state,
            orders(0, order(1, [carrier], "3", skill=skill)),
            *everyone_else_ready(state, 0),
        )
    rolls = [e for e in of_type(log, "SkillCheckRolled") if e.seat == 0]
    assert rolls, "no check was rolled"
    rolled = rolls[0]
    if isinstance(op, AddDice):
        assert len(rolled.dice) == rolled.skill_dice + op.amount
    elif isinstance(op, FixDie):
        assert op.value in rolled.fixers
    else:
        assert rolled.rerolls >= op.dice


def _passive(adv: Adventurer, ability: Ability) -> None:
    for op in ability.effects:
        if isinstance(op, AddDice | FixDie | Reroll):
            _rolled(adv, ability, op)
        elif isinstance(op, BidChange):
            state = table(
                players=3,
                round=ROUND[ability.moon],
                board={"contracts": PLAIN, "adventurers": {"A": ["garrick"]}},
                guild=_guilds(adventurers=[adv.slug, "brask"]),
            )
            base = min_bid(state, PACK, "garrick")
            bid = max(1, base + op.amount)
            assert min_bid(state, PACK, "garrick", 0) == bid
            state, log = play(
                state, orders(0, order(1, ["brask"], "A", bid)), *everyone_else_ready(state, 0)
            )
            (recruited,) = of_type(log, "AdventurerRecruited")
            assert (recruited.adventurer, recruited.paid) == ("garrick", bid)
        elif isinstance(op, BuilderChange):
            state = table(
                players=3,
                round=ROUND[ability.moon],
                board={"contracts": PLAIN},
                guild=_guilds(adventurers=[adv.slug, "brask"]),
            )
            assert builder_change(state, PACK, 0) == op.amount
            state, log = play(
                state,
                orders(0, order(1, ["brask"], "hire", 12, builds=[Build(core="stables")])),
                *everyone_else_ready(state, 0),
            )
            (hired,) = of_type(log, "BuildersHired")
            track = PACK.board.builder_track
            assert hired.costs == (max(1, track[0] + op.amount), max(1, track[1] + op.amount))
        else:
            assert isinstance(op, PenaltyChange)
            _conflict_penalty(adv, ability, op)


def _conflict_penalty(adv: Adventurer, ability: Ability, op: PenaltyChange) -> None:
    """Both guilds conflict at Clear the Old Well (Might 6); seat 0's penalty is changed."""
    state = table(
        players=3,
        round=ROUND[ability.moon],
        board={"contracts": {**PLAIN, "1": "old-well"}},
        guild=_guilds(adventurers=[adv.slug, "brask"]),
        dice=SIXES,
    )
    state, _ = play(
        state,
        orders(0, order(1, ["brask"], "1")),
        orders(1, order(1, ["brask"], "1")),
        orders(2),
    )
    state, log = play(
        state, ChooseStance(seat=0, stance="conflict"), ChooseStance(seat=1, stance="conflict")
    )
    targets = {e.seat: e.target for e in of_type(log, "SkillCheckRolled")}
    assert targets[0] == 6 + max(0, 3 + op.amount)
    assert targets[1] == 6 + 3


def _triggered(adv: Adventurer, ability: Ability) -> None:
    """Abilities that act each time their guild completes a contract, recruits, wanders or
    builds: Gold and Fame with the ability as their cause."""
    spec: dict[str, Any] = {"players": 3, "round": ROUND[ability.moon], "dice": SIXES}
    board: dict[str, Any] = {"contracts": PLAIN}
    team = ["morgath"]
    if ability.trigger == "contract_completed":
        order_ = order(1, team, "1")  # Clear the Old Well, Might 6
    elif ability.trigger == "recruited":
        board["adventurers"] = {"A": ["garrick"]}
        order_ = order(1, team, "A", 6)
    elif ability.trigger == "wandered":
        order_ = order(1, team, fallback="wander")
    else:
        order_ = order(1, team, "hire", 12, builds=[Build(core="mess_hall")])
    state = table(board=board, guild=_guilds(adventurers=[adv.slug, *team]), **spec)
    before = state
    state, log = play(state, orders(0, order_), *everyone_else_ready(state, 0))
    assert _changes(log, f"ability:{adv.slug}") == _expected(ability.effects, before, 0, None)
    assert _changes(log, f"ability:{adv.slug}"), "the ability did nothing"


def _recruit(adv: Adventurer) -> None:
    """Recruit Adventurer: "4. Immediately receive the Fame shown on the top right of the
    Adventurer card." Bids are the Half and Full Moon minimums."""
    assert adv.bid_half >= 1 and adv.bid_full >= 1
    prereq = {1: [], 2: ["garrick"], 3: ["valka"]}[adv.rank]
    state = table(
        players=3,
        round=1,
        board={"contracts": PLAIN, "adventurers": {"D": [adv.slug]}},
        guild=_guilds(adventurers=["brask", *prereq], gold=20),
    )
    state, log = play(
        state, orders(0, order(1, ["brask"], "D", adv.bid_half)), *everyone_else_ready(state, 0)
    )
    (recruited,) = of_type(log, "AdventurerRecruited")
    assert (recruited.adventurer, recruited.paid, recruited.fame) == (
        adv.slug,
        adv.bid_half,
        adv.fame,
    )


@pytest.mark.parametrize("slug", ADVENTURERS)
def test_adventurer(slug: str) -> None:
    """Each adventurer: its ability does what its primitives say in its moon and phase; a
    recruitable adventurer gives its Fame; a novice belongs to a starting team."""
    adv = PACK.adventurers[slug]
    if adv.rank == 0:
        assert slug in PACK.novices[adv.team]
    else:
        _recruit(adv)
    ability = adv.ability
    if ability is None:
        return
    if ability.trigger == "use":
        _plot_ability(adv, ability)
    elif ability.trigger == "passive":
        _passive(adv, ability)
    else:
        _triggered(adv, ability)


# --- contracts ---------------------------------------------------------------------------------

CONTRACTS = sorted(PACK.contracts)


def _team_for(contract: Contract) -> tuple[list[str], str]:
    """Two adventurers of the pool with the most dice for one of the contract's targets."""
    best = max(
        contract.targets,
        key=lambda t: sum(sorted(PACK.adventurers[a].skill(t.skill) for a in POOL)[-2:]),
    )
    ranked = sorted(POOL, key=lambda a: -PACK.adventurers[a].skill(best.skill))
    return ranked[:2], best.skill


def _complete(contract: Contract, **guild: Any) -> tuple[GameState, GameState, list[Event]]:
    team, skill = _team_for(contract)
    state = table(
        players=3,
        round=1,
        board={"contracts": {**PLAIN, "5": contract.slug}},
        guild=_guilds(adventurers=team, **guild),
        dice=SIXES,
    )
    before = state
    state, log = play(
        state, orders(0, order(1, team, "5", skill=skill)), *everyone_else_ready(state, 0)
    )
    return before, state, log


def _bonus(contract: Contract, log: list[Event], before: GameState, state: GameState) -> None:
    bonus = contract.effect("bonus")
    if bonus is None:
        return
    state, more = _resolve_prompts(state)
    log = log + more
    chosen_events = of_type(log, "BonusChoiceMade")
    chosen = chosen_events[0].target if chosen_events else None
    if any(getattr(op, "who", "") == "chosen" for op in bonus.effects):
        assert chosen is not None or before.players == 2
    # The state the bonus met: after the contract's own Gold and Fame.
    rewarded = before
    for e in log:
        if type(e).__name__ == "ContractRewarded":
            rewarded = _with(rewarded, e.seat, gold=e.gold, fame=e.fame)  # type: ignore[attr-defined]
    assert _changes(log, f"bonus:{contract.slug}") == _expected(bonus.effects, rewarded, 0, chosen)
    for op in bonus.effects:
        if isinstance(op, RollStore):
            (rolled,) = of_type(log, "BonusDiceRolled")
            assert len(rolled.dice) == op.dice
            (kept,) = of_type(log, "ContractKept")
            assert kept.stored == rolled.dice
    _check_choices(bonus.effects, before, state, log)


def _with(state: GameState, seat: int, gold: int, fame: int) -> GameState:
    from msgspec.structs import replace

    guilds = list(state.guilds)
    g = guilds[seat]
    guilds[seat] = replace(g, gold=g.gold + gold, fame=g.fame + fame)
    return replace(state, guilds=tuple(guilds))


def _check_boon(contract: Contract) -> None:
    """A check boon: discarded during a roll of a matching skill, it adds what it says."""
    boon = contract.effect("boon")
    assert boon is not None
    (op,) = boon.effects
    skill = getattr(op, "skill", "") or "might"
    carrier = max(POOL, key=lambda a: PACK.adventurers[a].skill(skill))
    target = next(
        c for c in PACK.contracts.values() if c.level == "heroic" and c.target(skill) is not None
    )
    stored = [3, 4] if isinstance(op, AddStored) else []
    state = table(
        players=3,
        round=1,
        board={"contracts": {**PLAIN, "3": target.slug}},
        guild=_guilds(adventurers=[carrier], completed=[{"slug": contract.slug, "stored": stored}]),
        dice=[1] * 12,
    )
    state, log = play(
        state,
        orders(0, order(1, [carrier], "3", skill=skill, rolls="ask")),
        *everyone_else_ready(state, 0),
    )
    (rolled,) = of_type(log, "SkillCheckRolled")
    assert contract.slug in rolled.boons
    state, log = play(state, ModifyRoll(seat=0, action="boon", contract=contract.slug))
    (used,) = of_type(log, "BoonUsed")
    if isinstance(op, AddStored):
        assert used.bonus == sum(stored)
    elif isinstance(op, FixDie):
        assert used.fixers == (op.value,)
    else:
        assert isinstance(op, Reroll) and used.rerolls == op.dice
    assert contract.slug in state.board.contract_discard


def _plot_boon(contract: Contract) -> None:
    """A plot boon: discarded in the guild's Plot Phase turn, it resolves its primitives."""
    boon = contract.effect("boon")
    assert boon is not None
    state = table(
        players=3,
        round=2,
        phase="start_of_round",
        board={"contracts": PLAIN},
        guild=_guilds(adventurers=["brask"], completed=[contract.slug]),
    )
    assert state.phase is Phase.PLOT
    before = state
    state, log = play(state, UseBoon(seat=0, contract=contract.slug))
    state, more = _resolve_prompts(state)
    log += more
    assert _changes(log, f"boon:{contract.slug}") == _expected(boon.effects, before, 0, None)
    _check_choices(boon.effects, before, state, log)
    assert contract.slug in state.board.contract_discard


def _event(contract: Contract) -> None:
    event = contract.effect("event")
    assert event is not None
    if event.when == "start_of_round":
        # Round 2 is played idle; its income comes, then Round 3 starts with the event.
        state = table(
            players=3,
            round=2,
            board={"contracts": {**PLAIN, "5": contract.slug}},
            guild=_guilds(adventurers=["brask"]),
        )
        _, log = play(state, *(orders(s) for s in range(3)))
        assert of_type(log, "EventsAnnounced")
        expected = _expected(event.effects, _at_round_start(state, log), -1, None)
        assert _changes(log, f"event:{contract.slug}") == expected
        assert expected, "the event changed nothing"
        return
    for op in event.effects:
        board = {"contracts": {**PLAIN, "5": contract.slug}, "adventurers": {"A": ["garrick"]}}
        state = table(players=3, round=1, board=board, guild=_guilds(adventurers=["brask"]))
        if isinstance(op, BidChange):
            assert min_bid(state, PACK, "garrick") == max(
                1, PACK.adventurers["garrick"].bid_half + op.amount
            )
        elif isinstance(op, BuilderChange):
            assert builder_cost(PACK, state.board, builder_change(state, PACK)) == max(
                1, PACK.board.builder_track[0] + op.amount
            )
        elif isinstance(op, IncomeChange):
            state, log = play(state, *(orders(s) for s in range(3)))
            (income,) = of_type(log, "IncomeGained")
            assert income.gold == (2 + op.amount,) * 3
        else:
            _event_roll(contract, op)


def _at_round_start(state: GameState, log: list[Event]) -> GameState:
    """The state as the next round starts: after this round's income."""
    (income,) = of_type(log, "IncomeGained")
    out = state
    for seat, gold in enumerate(income.gold):
        out = _with(out, seat, gold, 0)
    return out


def _event_roll(contract: Contract, op: AddDice | FixDie | Reroll) -> None:
    """A face-up event changes every guild's checks of its skill."""
    skill = op.skill or "might"
    for seat in (0, 1):
        carrier = max(POOL, key=lambda a: PACK.adventurers[a].skill(skill))
        plain = next(
            c
            for c in PACK.contracts.values()
            if c.level == "common" and c.target(skill) is not None
        )
        guilds = _guilds(adventurers=["brask"])
        guilds[seat] = guilds[seat] | {"adventurers": [carrier]}
        state = table(
            players=3,
            round=1,
            board={"contracts": {**PLAIN, "3": plain.slug, "5": contract.slug}},
            guild=guilds,
            dice=SIXES,
        )
        state, log = play(
            state,
            *(
                orders(s, order(1, [carrier], "3", skill=skill)) if s == seat else orders(s)
                for s in range(3)
            ),
        )
        (rolled,) = [e for e in of_type(log, "SkillCheckRolled") if e.seat == seat]
        if isinstance(op, AddDice):
            assert len(rolled.dice) == max(0, rolled.skill_dice + op.amount)
        elif isinstance(op, FixDie):
            assert op.value in rolled.fixers
        else:
            assert rolled.rerolls >= op.dice


@pytest.mark.parametrize("slug", CONTRACTS)
def test_contract(slug: str) -> None:
    """Each contract: "When you complete a Contract, you immediately gain its rewards in the
    following order: 1. Gain the Gold and Fame... 2. Resolve any Bonus effects... 3. ... If it
    has a Boon effect place it face up"; a boon does what it says when discarded; an event acts
    while the contract is face up on the board."""
    contract = PACK.contracts[slug]
    event = contract.effect("event")
    if event is not None:
        _event(contract)
    before, state, log = _complete(contract)
    (rewarded,) = of_type(log, "ContractRewarded")
    assert (rewarded.gold, rewarded.fame) == (contract.gold, contract.fame)
    _bonus(contract, log, before, state)
    boon = contract.effect("boon")
    if boon is not None:
        state, _ = _resolve_prompts(state)
        assert any(c.slug == slug and c.boon for c in state.guilds[0].completed)
        if boon.when == "plot":
            _plot_boon(contract)
        else:
            _check_boon(contract)


def test_every_card_text_names_its_numbers() -> None:
    """Card texts are written from their primitives: each amount a primitive names appears in
    the text."""
    texts: list[tuple[str, str, tuple[Effect, ...]]] = []
    for a in PACK.adventurers.values():
        if a.ability is not None:
            texts.append((a.slug, a.ability.text, a.ability.effects))
    for c in PACK.contracts.values():
        texts += [(c.slug, e.text, e.effects) for e in c.effects]
    for slug, text, effects in texts:
        for op in effects:
            for name in ("amount", "value", "dice", "draw", "keep", "count"):
                number = getattr(op, name, None)
                # "the top card", "1 die": a one may be written out.
                if number is not None and (name == "amount" or number > 1):
                    assert str(abs(number)) in text, (slug, name, text)


def test_ranks_and_levels_follow_the_components_list() -> None:
    """Components: 24 Novice, 24 Adept, 16 Hero, 8 Legend Adventurer cards; 35 Common, 30
    Heroic, 30 Legendary Contract cards."""
    ranks = [sum(1 for a in PACK.adventurers.values() if a.rank == r) for r in range(4)]
    assert dict(zip(RANKS, ranks, strict=True)) == {
        "novice": 24,
        "adept": 24,
        "hero": 16,
        "legend": 8,
    }
    levels = {
        lvl: sum(1 for c in PACK.contracts.values() if c.level == lvl)
        for lvl in ("common", "heroic", "legendary")
    }
    assert levels == {"common": 35, "heroic": 30, "legendary": 30}
