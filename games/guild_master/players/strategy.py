"""The built-in player: answers every decision a guild faces by estimating what each choice is
worth in Fame, now and over the rounds left.

It is deterministic (the same state and seed give the same answers), keeps no memory between
decisions (the bot builds one per decision), and is fast enough for thousands of simulated games:
it only looks one decision ahead, with exact dice odds from `dice_math`.

Worth is counted in Fame. Gold is worth more early (it becomes adventurers and upgrades) and a
fifth of a Fame at the end ("1 Fame for every 5 Gold"). An adventurer is worth its Fame plus the
dice it brings to the rounds left; an upgrade its Fame plus what it adds each round left.
"""

from __future__ import annotations

from functools import cache

from msgspec.structs import replace

from engine.core.game import Decision
from games.guild_master.rules.abilities import (
    builder_change,
    check_modifiers,
    conflict_penalty,
    min_bid,
    prestige_fame,
)
from games.guild_master.rules.cards import SKILLS, Contract
from games.guild_master.rules.commands import (
    AnswerSplit,
    ArrangePeek,
    ChooseBonusTarget,
    ChooseFreeBuild,
    ChooseSetup,
    ChooseStance,
    Command,
    EndPlot,
    KeepContracts,
    ProposeSplit,
    SetOrders,
    UseBoon,
    UsePlotAbility,
)
from games.guild_master.rules.content import Pack, load_pack
from games.guild_master.rules.dice_math import success_chance
from games.guild_master.rules.effects import (
    AddStored,
    DrawPrivate,
    Effect,
    FixDie,
    FreeBuilder,
    GainFame,
    GainGold,
    GiveGold,
    LoseFame,
    PayGold,
    Peek,
    Reroll,
    RollStore,
    TakeGold,
)
from games.guild_master.rules.hire_builders import affordable_build
from games.guild_master.rules.private_and_wander import attemptable
from games.guild_master.rules.state import (
    HIRE,
    NONE,
    ActionStep,
    Build,
    ContestTask,
    GameState,
    Guild,
    Order,
    Plan,
    SplitTerms,
)
from games.guild_master.rules.team import MAX_SKILL_DICE, highest_rank
from games.guild_master.rules.upgrades import (
    allowed_builds,
    build_problem,
    builder_costs,
    builders_needed,
    order_spaces,
    team_size,
)

# A contract attempt is worth making when it succeeds at least this often.
MIN_CHANCE = 0.35
# The chance a team should reach before adding one more adventurer to it.
GOOD_CHANCE = 0.85


class StrategicPlayer:
    """The built-in player: one decision at a time, by estimated worth in Fame."""

    def __init__(self, seed: int) -> None:
        """`seed` is taken like every built-in player's; this one draws nothing: its answers
        depend on the state alone (ties go to the first option, in the engine's order)."""
        self.seed = seed

    # --- the decisions ---------------------------------------------------------------------

    def answer(self, state: GameState, decision: Decision) -> Command:
        """A good legal answer to `decision`."""
        pack = load_pack(state.pack)
        seat = decision.seat
        kind = decision.kind
        if kind == "orders":
            return SetOrders(seat=seat, orders=Planner(state, pack, seat).orders(), ready=True)
        if kind == "setup":
            return self._setup(state, pack, decision)
        if kind == "plot":
            return self._plot(state, pack, decision)
        if kind == "stance":
            return ChooseStance(seat=seat, stance=self._stance(state, pack, seat))
        if kind == "keep_contracts":
            return self._keep(state, pack, decision)
        if kind == "peek":
            return self._peek(state, pack, decision)
        if kind == "free_build":
            return self._free_build(state, pack, decision)
        if kind == "replacement":
            return self._replacement(state, pack, seat, decision)
        if kind == "bonus_target":
            return ChooseBonusTarget(seat=seat, target=leader(state, seat))
        # Rolls, cooperation, fallbacks, builds and mistaken orders: the engine's documented
        # default is already the best play it can compute (see the game's docs/rules-notes.md).
        return decision.default

    def extra(self, state: GameState, seat: int) -> Command | None:
        """Besides answering, in a contract contest before choosing a stance: accept a proposed
        split that gives this guild at least an even share of the Gold (reject one that does
        not), and, as the contester likeliest to complete the contract alone, propose the even
        split with itself keeping the card."""
        step = state.step
        if not isinstance(step, ActionStep) or not step.queue:
            return None
        head = step.queue[0]
        if not (
            isinstance(head, ContestTask)
            and head.stage == "stances"
            and seat in head.seats
            and str(seat) not in head.stances
        ):
            return None
        card = state.board.contracts[head.spot - 1].card
        if card is None:
            return None
        pack = load_pack(state.pack)
        contract = pack.contracts[card]
        even = contract.gold // len(head.seats)
        for p in head.proposals:
            if p.by == seat or seat in p.accepted:
                continue
            share = p.terms.gold[head.seats.index(seat)] if p.terms.gold else even
            return AnswerSplit(seat=seat, by=p.by, accept=share >= even)
        if head.agreed is not None or any(p.by == seat for p in head.proposals):
            return None
        strength = {s: _alone(state, pack, step, head.space, s, contract) for s in head.seats}
        if max(head.seats, key=lambda s: (strength[s], -s)) != seat:
            return None
        shares = [even] * len(head.seats)
        shares[head.seats.index(seat)] += contract.gold - even * len(head.seats)
        bonus = seat if contract.effect("bonus") is not None else None
        return ProposeSplit(
            seat=seat, terms=SplitTerms(gold=tuple(shares), bonus=bonus, keeper=seat)
        )

    def _setup(self, state: GameState, pack: Pack, decision: Decision) -> Command:
        """Keep private the two dealt contracts the starting team is likeliest to complete."""
        g = state.guilds[decision.seat]
        dealt = state.step.dealt[decision.seat]  # type: ignore[union-attr]
        worth = {c: contract_worth(state, pack, g, pack.contracts[c]) for c in dealt}
        placed = min(dealt, key=lambda c: (worth[c], c))
        return ChooseSetup(seat=decision.seat, contract=placed, side="fixer")

    def _plot(self, state: GameState, pack: Pack, decision: Decision) -> Command:
        best: Command = EndPlot(seat=decision.seat)
        best_value = 0.05
        for option in decision.options:
            if isinstance(option, UsePlotAbility):
                ability = pack.adventurers[option.adventurer].ability
                assert ability is not None
                effects = ability.effects
            elif isinstance(option, UseBoon):
                boon = pack.contracts[option.contract].effect("boon")
                assert boon is not None
                effects = boon.effects
            else:
                continue
            target = getattr(option, "target", None)
            if target is not None and target != preferred_target(state, decision.seat, effects):
                continue
            value = effects_worth(state, pack, decision.seat, effects, target)
            if value > best_value:
                best, best_value = option, value
        return best

    def _stance(self, state: GameState, pack: Pack, seat: int) -> str:
        """Conflict when going alone, penalty and all, is worth more than sharing."""
        step = state.step
        assert isinstance(step, ActionStep)
        task = step.queue[0]
        assert isinstance(task, ContestTask)
        card = state.board.contracts[task.spot - 1].card
        order = step.order(seat, task.space)
        if card is None or order is None:
            return "cooperate"
        contract = pack.contracts[card]
        mine = Odds(state, pack, seat)
        alone = max(
            (mine.chance(order.team, t.skill, t.value) for t in contract.targets), default=0
        )
        hard = max(
            (mine.chance(order.team, t.skill, t.value, conflict=True) for t in contract.targets),
            default=0,
        )
        gv = gold_value(state)
        n = len(task.seats)
        full = contract.fame + contract.gold * gv + bonus_worth(state, pack, seat, contract)
        shared = contract.fame + contract.gold * gv / n
        together = 1 - (1 - alone) * 0.5  # rivals bring their teams too
        leading = state.guilds[seat].fame >= max(state.guilds[s].fame for s in task.seats)
        margin = 0.5 if leading else 0.0
        return "conflict" if hard * full > together * shared + margin else "cooperate"

    def _keep(self, state: GameState, pack: Pack, decision: Decision) -> Command:
        g = state.guilds[decision.seat]
        drawn = decision.context["drawn"]
        ranked = sorted(drawn, key=lambda c: -contract_worth(state, pack, g, pack.contracts[c]))
        keep = set(ranked[: len(decision.default.keep)])
        return KeepContracts(seat=decision.seat, keep=tuple(c for c in drawn if c in keep))

    def _peek(self, state: GameState, pack: Pack, decision: Decision) -> Command:
        """Send to the bottom the cards this guild could not complete but a rival might."""
        g = state.guilds[decision.seat]
        seen = decision.context["seen"]
        bottom = tuple(c for c in seen if contract_worth(state, pack, g, pack.contracts[c]) < 1.0)
        return ArrangePeek(seat=decision.seat, bottom=bottom)

    def _free_build(self, state: GameState, pack: Pack, decision: Decision) -> Command:
        builds = [o.build for o in decision.options if o.build is not None]  # type: ignore[attr-defined]
        if not builds:
            return ChooseFreeBuild(seat=decision.seat)
        best = max(builds, key=lambda b: build_worth(state, pack, decision.seat, b))
        return ChooseFreeBuild(seat=decision.seat, build=best)

    def _replacement(self, state: GameState, pack: Pack, seat: int, decision: Decision) -> Command:
        """The deck whose typical contract is worth most to this guild's best team: its chance
        to complete it, times its Gold and Fame."""
        g = state.guilds[seat]
        odds = Odds(state, pack, seat)
        size = team_size(pack, g)
        best_dice = max(odds.best_dice(g.adventurers, s, size) for s in SKILLS)
        gv = gold_value(state)

        def worth(level: str) -> float:
            target, gold, fame = typical_contract(pack, level)
            return success_chance(best_dice, round(target)) * (fame + gold * gv)

        return max(decision.options, key=lambda o: worth(o.level))  # type: ignore[attr-defined]


def _alone(
    state: GameState, pack: Pack, step: ActionStep, space: int, seat: int, contract: Contract
) -> float:
    """A contesting guild's chance to complete the contract with its own team, no penalty."""
    order = step.order(seat, space)
    if order is None:
        return 0.0
    odds = Odds(state, pack, seat)
    return max((odds.chance(order.team, t.skill, t.value) for t in contract.targets), default=0.0)


# --- worth -----------------------------------------------------------------------------------


@cache
def typical_contract(pack: Pack, level: str) -> tuple[float, float, float]:
    """A deck's average contract: its easiest target, its Gold and its Fame."""
    cards = [c for c in pack.contracts.values() if c.level == level]
    n = len(cards) or 1
    return (
        sum(min(t.value for t in c.targets) for c in cards) / n,
        sum(c.gold for c in cards) / n,
        sum(c.fame for c in cards) / n,
    )


def rounds_left(state: GameState) -> int:
    """Rounds still to play after this one."""
    return state.rounds - state.round


def gold_value(state: GameState) -> float:
    """A Gold in Fame: a fifth at the end of the game, more while it can still be spent."""
    return 0.2 + 0.35 * min(1.0, rounds_left(state) / 6)


def leader(state: GameState, seat: int) -> int:
    """The rival with the most Fame (the lowest seat on a tie)."""
    rivals = [g for g in state.guilds if g.seat != seat]
    return max(rivals, key=lambda g: (g.fame, -g.seat)).seat


def richest(state: GameState, seat: int) -> int:
    rivals = [g for g in state.guilds if g.seat != seat]
    return max(rivals, key=lambda g: (g.gold, g.fame, -g.seat)).seat


def preferred_target(state: GameState, seat: int, effects: tuple[Effect, ...]) -> int:
    """Take Gold from the richest rival; everything else hits the leader."""
    if any(isinstance(op, TakeGold) for op in effects):
        return richest(state, seat)
    if any(isinstance(op, GiveGold) for op in effects):
        rivals = [g for g in state.guilds if g.seat != seat]
        return min(rivals, key=lambda g: (g.fame, g.seat)).seat  # help the one furthest behind
    return leader(state, seat)


def effects_worth(
    state: GameState, pack: Pack, seat: int, effects: tuple[Effect, ...], target: int | None
) -> float:
    """What resolving these resource effects now is worth to guild `seat`."""
    gv = gold_value(state)
    me = state.guilds[seat]
    rivals = state.players - 1
    top = max(g.fame for g in state.guilds)
    low = min(g.fame for g in state.guilds)
    value = 0.0
    for op in effects:
        if isinstance(op, PayGold):
            value -= op.amount * gv
        elif isinstance(op, GainGold | GainFame):
            unit = gv if isinstance(op, GainGold) else 1.0
            value += op.amount * unit * _share(op.who, me.fame, top, low, rivals)
        elif isinstance(op, LoseFame):
            value -= op.amount * _share(op.who, me.fame, top, low, rivals)
        elif isinstance(op, TakeGold):
            source = state.guilds[target] if target is not None else me
            value += min(op.amount, source.gold) * gv * 1.3
        elif isinstance(op, GiveGold):
            value -= op.amount * gv
        elif isinstance(op, DrawPrivate):
            value += 0.8 * op.keep
        elif isinstance(op, Peek):
            value += 0.3
        elif isinstance(op, FreeBuilder):
            builds = allowed_builds(state, pack, seat, op.count)
            value += max((build_worth(state, pack, seat, b) for b in builds), default=0.0)
    return value


def _share(who: str, fame: int, top: int, low: int, rivals: int) -> float:
    """How much of an effect on `who` counts for the guild itself: helping itself is +1, every
    rival helped takes away from its lead."""
    if who == "self":
        return 1.0
    if who == "chosen":
        return -0.6
    if who == "others":
        return -0.6 * rivals
    if who == "all":
        return 1.0 - 0.6 * rivals
    if who == "most_fame":
        return 1.0 if fame == top else -0.6
    return 1.0 if fame == low else -0.6  # least_fame


def bonus_worth(state: GameState, pack: Pack, seat: int, contract: Contract) -> float:
    """What a contract's bonus and boon add for the guild that keeps it."""
    value = 0.0
    bonus = contract.effect("bonus")
    if bonus is not None:
        target = preferred_target(state, seat, bonus.effects)
        value += effects_worth(state, pack, seat, bonus.effects, target)
        value += sum(1.2 * op.dice for op in bonus.effects if isinstance(op, RollStore))
    boon = contract.effect("boon")
    if boon is not None:
        if boon.when == "plot":
            value += 0.8 * effects_worth(state, pack, seat, boon.effects, None)
        elif any(isinstance(op, FixDie | Reroll | AddStored) for op in boon.effects):
            value += 1.0 if rounds_left(state) else 0.0
    return value


def contract_worth(state: GameState, pack: Pack, guild: Guild, contract: Contract) -> float:
    """A contract's reward times the chance the guild's best team completes it."""
    odds = Odds(state, pack, guild.seat)
    size = team_size(pack, guild)
    chance = max(
        (odds.chance(odds.best_team(guild.adventurers, t.skill, size), t.skill, t.value))
        for t in contract.targets
    )
    reward = contract.fame + contract.gold * gold_value(state)
    return chance * (reward + bonus_worth(state, pack, guild.seat, contract))


def adventurer_worth(state: GameState, pack: Pack, guild: Guild, slug: str) -> float:
    """Recruiting: the adventurer's Fame, the dice it brings to each round left, a new rank."""
    adv = pack.adventurers[slug]
    left = rounds_left(state)
    best = max(adv.skills.values())
    per_round = 0.28 * best + 0.06 * sum(adv.skills.values())
    crowded = len(guild.adventurers) >= order_spaces(pack, guild) * team_size(pack, guild)
    value = adv.fame + per_round * min(left, 6) * (0.5 if crowded else 1.0)
    if adv.rank > highest_rank(pack, guild.adventurers) and adv.rank < 3 and left >= 2:
        value += 1.5  # opens the next rank
    if adv.ability is not None:
        value += 0.15 * min(left + 1, 6)
    return value


def build_worth(state: GameState, pack: Pack, seat: int, build: Build) -> float:
    """An upgrade's Fame now plus what it adds in the rounds left."""
    g = state.guilds[seat]
    left = rounds_left(state)
    gv_later = 0.2 + 0.35 * min(1.0, max(0, left - 1) / 6)
    value = 0.0
    if build.prestige:
        rule = pack.prestige[build.prestige]
        trial = replace(g, prestige=rule.slug)
        now = prestige_fame(state, pack, trial)
        return now * (1 + 0.12 * left) - 0.5 * left
    if build.skill:
        upgrade = pack.skill_upgrades[build.skill]
        strength = sum(pack.adventurers[a].skills.get(upgrade.skill, 0) for a in g.adventurers)
        value += upgrade.fame + min(left, 5) * min(1.0, strength / 8) * 0.55
    if build.core == "stables":
        teams = len(g.adventurers)
        spaces = order_spaces(pack, g)
        useful = teams > spaces
        value += pack.core("stables", g.stables + 1).fame + (2.2 if useful else 0.6) * min(left, 7)
    elif build.core == "mess_hall":
        enough = len(g.adventurers) >= order_spaces(pack, g) * team_size(pack, g) - 1
        value += pack.core("mess_hall", g.mess_hall + 1).fame + (0.8 if enough else 0.4) * min(
            left, 7
        )
    elif build.core == "bar":
        core = pack.core("bar", g.bar + 1)
        gain = core.value - pack.core("bar", g.bar).value
        value += core.fame + gain * gv_later * left
    return value


# --- dice odds -------------------------------------------------------------------------------


class Odds:
    """A guild's chances at skill checks now, with its modifiers looked up once per skill."""

    def __init__(self, state: GameState, pack: Pack, seat: int) -> None:
        self.state = state
        self.pack = pack
        self.seat = seat
        self._mods: dict[str, tuple[int, tuple[int, ...], int]] = {}

    def mods(self, skill: str) -> tuple[int, tuple[int, ...], int]:
        got = self._mods.get(skill)
        if got is None:
            m = check_modifiers(self.state, self.pack, self.seat, skill)
            got = (m.add, tuple(sorted(m.fixers)), m.rerolls)
            self._mods[skill] = got
        return got

    def dice(self, team: tuple[str, ...] | list[str], skill: str) -> int:
        advs = self.pack.adventurers
        return min(MAX_SKILL_DICE, sum(advs[a].skills.get(skill, 0) for a in team))

    def chance(
        self, team: tuple[str, ...] | list[str], skill: str, target: int, *, conflict: bool = False
    ) -> float:
        dice = self.dice(team, skill)
        if dice == 0:
            return 0.0
        add, fixers, rerolls = self.mods(skill)
        if conflict:
            target += conflict_penalty(self.state, self.pack, self.seat, dice)
        return success_chance(max(0, dice + add), target, fixers, rerolls)

    def best_team(self, free: tuple[str, ...] | list[str], skill: str, size: int) -> list[str]:
        advs = self.pack.adventurers
        ranked = sorted(free, key=lambda a: -advs[a].skills.get(skill, 0))
        return [a for a in ranked[:size] if advs[a].skills.get(skill, 0) > 0]

    def best_dice(self, free: tuple[str, ...] | list[str], skill: str, size: int) -> int:
        return self.dice(self.best_team(free, skill, size), skill)


# --- planning the orders ---------------------------------------------------------------------


class Option:
    """One order under consideration."""

    __slots__ = ("gold", "objective", "plan", "team", "value")

    def __init__(
        self,
        objective: str,
        team: list[str],
        value: float,
        gold: int = 0,
        plan: Plan | None = None,
    ) -> None:
        self.objective = objective
        self.team = team
        self.value = value
        self.gold = gold
        self.plan = plan or Plan()


class Planner:
    """A guild's orders for this round, chosen greedily: each order space in turn takes the
    most valuable objective left for the adventurers and Gold left."""

    def __init__(self, state: GameState, pack: Pack, seat: int) -> None:
        self.state = state
        self.pack = pack
        self.seat = seat
        self.guild = state.guilds[seat]
        self.odds = Odds(state, pack, seat)
        self.size = team_size(pack, self.guild)
        self.gv = gold_value(state)
        self._builds: list[tuple[float, Build, int]] | None = None

    def orders(self) -> tuple[Order, ...]:
        free = list(self.guild.adventurers)
        gold = self.guild.gold
        used: set[str] = set()
        out: list[Order] = []
        spaces = order_spaces(self.pack, self.guild)
        for space in range(1, spaces + 1):
            if not free:
                break
            spaces_left = spaces - space + 1
            options = self.options(free, gold, used, spaces_left)
            best = max(options, key=lambda o: o.value) if options else None
            if best is None or best.value <= 0.3:
                out += self.idle(space, free, spaces_left)
                break
            out.append(
                Order(
                    space=space,
                    team=tuple(best.team),
                    objective=best.objective,
                    gold=best.gold,
                    plan=best.plan,
                )
            )
            for a in best.team:
                free.remove(a)
            gold -= best.gold
            used.add(best.objective)
        return tuple(out)

    def options(self, free: list[str], gold: int, used: set[str], spaces_left: int) -> list[Option]:
        out = []
        out += self.contracts(free, used, spaces_left)
        if HIRE not in used:
            hire = self.hire(free, gold)
            if hire is not None:
                out.append(hire)
        out += self.recruits(free, gold, used)
        return out

    def spare(self, free: list[str]) -> list[str]:
        """The adventurer who matters least for contracts: the one sent to hire or recruit."""
        advs = self.pack.adventurers
        return [min(free, key=lambda a: (max(advs[a].skills.values()), a))]

    def contracts(self, free: list[str], used: set[str], spaces_left: int) -> list[Option]:
        out = []
        for spot in self.state.board.contracts:
            if not (spot.used and spot.card and spot.face_up) or str(spot.number) in used:
                continue
            contract = self.pack.contracts[spot.card]
            reward = (
                contract.fame
                + contract.gold * self.gv
                + bonus_worth(self.state, self.pack, self.seat, contract)
            )
            for t in contract.targets:
                team, chance = self.team_for(free, t.skill, t.value, spaces_left)
                if chance < MIN_CHANCE:
                    continue
                value = chance * reward - 0.35 * (len(team) - 1)
                # The replacement deck is chosen when the contract is won, by `_replacement`.
                plan = Plan(skill=t.skill, replace="ask")
                out.append(Option(str(spot.number), team, value, plan=plan))
        return out

    def team_for(
        self, free: list[str], skill: str, target: int, spaces_left: int
    ) -> tuple[list[str], float]:
        """The smallest team of the best adventurers in `skill` that reaches a good chance (all
        of them, up to the Mess Hall, if none does)."""
        ranked = self.odds.best_team(free, skill, self.size)
        best: tuple[list[str], float] = ([], 0.0)
        for k in range(1, len(ranked) + 1):
            team = ranked[:k]
            p = self.odds.chance(team, skill, target)
            if p > best[1] + 0.02:
                best = (team, p)
            if p >= GOOD_CHANCE:
                break
        return best

    def recruits(self, free: list[str], gold: int, used: set[str]) -> list[Option]:
        out = []
        highest = highest_rank(self.pack, self.guild.adventurers)
        for spot in self.state.board.adventurers:
            if not (spot.used and spot.deck and spot.face_up) or spot.letter in used:
                continue
            slug = spot.deck[0]
            adv = self.pack.adventurers[slug]
            if adv.rank > highest + 1:
                continue
            bid = min_bid(self.state, self.pack, slug, self.seat)
            if bid > gold:
                continue
            if gold - bid >= 3 and adv.rank >= 2:
                bid += 1  # rivals bid too: a little over the minimum wins ties of the minimum
            worth = adventurer_worth(self.state, self.pack, self.guild, slug)
            value = worth - bid * self.gv
            out.append(Option(spot.letter, self.spare(free), value, gold=bid))
        return out

    def builds(self) -> list[tuple[float, Build, int]]:
        """Every build allowed now: (worth, build, Builders needed), worked out once per plan."""
        if self._builds is None:
            state, pack, g = self.state, self.pack, self.guild
            singles = allowed_builds(state, pack, self.seat, combined=False)
            worth = {b: build_worth(state, pack, self.seat, b) for b in singles}
            cores = [b for b in singles if b.core]
            skills = [b for b in singles if b.skill]
            candidates = dict(worth)
            for c in cores:
                for k in skills:
                    both = Build(core=c.core, skill=k.skill, side=k.side)
                    if build_problem(state, pack, g, both) is None:
                        candidates[both] = worth[c] + worth[k]
            self._builds = [
                (value, b, builders_needed(pack, g, b)) for b, value in candidates.items()
            ]
        return self._builds

    def hire(self, free: list[str], gold: int) -> Option | None:
        state, pack = self.state, self.pack
        change = builder_change(state, pack, self.seat)
        # Rivals hiring in the same order space first push the marker up: allow for one.
        track = builder_costs(pack, state.board, 6, change)
        ranked: list[tuple[float, Build, int]] = []
        for value, build, n in self.builds():
            cost = sum(track[1 : n + 1]) if n < len(track) else gold + 1
            if cost > gold:
                cost = sum(track[:n])
                if cost > gold:
                    continue
            ranked.append((value - cost * self.gv, build, cost))
        if not ranked:
            return None
        ranked.sort(key=lambda r: -r[0])
        value, _build, cost = ranked[0]
        builds = tuple(b for v, b, _ in ranked[:6] if v > 0)
        if not builds or affordable_build(state, pack, self.seat, cost, builds) is None:
            return None
        return Option(HIRE, self.spare(free), value, gold=cost, plan=Plan(builds=builds))

    def idle(self, space: int, free: list[str], spaces_left: int) -> list[Order]:
        """The adventurers left, as teams without an order card on the spaces left: each attempts
        a private contract or wanders. The teams able to attempt a private contract come first."""
        private = self.guild.private_contracts
        teams: list[list[str]] = [[] for _ in range(min(spaces_left, len(free)))]
        for i, a in enumerate(sorted(free)):
            team = teams[i % len(teams)]
            if len(team) < self.size:
                team.append(a)
        orders = []
        for k, team in enumerate(
            sorted(teams, key=lambda t: -len(attemptable(self.pack, private, tuple(t))))
        ):
            if team:
                orders.append(Order(space=space + k, team=tuple(team), objective=NONE))
        return orders
