"""The built-in player of Smiths of Winterforge.

At every decision it lists what it could work towards — a Contract it holds or could take (with
the Components it would commit, those it would still buy at the Market, and the exact odds of the
forge, `forging.chance`), Training, Crew, paying off a Loan, a Faith token, a Rune — each with its
worth in RP and the actions it still needs (moves included), and takes the next step of the one
worth the most per action. Coin is worth RP only while there is time to spend it, so near the
end the player turns its purse into Skill, Crew and repaid Loans. In a game of several players it
forges its Royal Contract (which ends the game) only when that leaves it ahead, or when waiting
is riskier. When nothing else can be done it still acts (Request Funds, a cheap Component, a
Contract swapped for one it can make), so a table of built-in players never stalls.

Crew count through the rules' own numbers (forge bonus, discounts, extra Move, rerolls); Runes
are committed when they help and bought while a guild has none; Faith is raced for by the count
of tokens taken (their values are secret). Completed Contracts are always Turned In: the Auction
House's table adds a third of a Coin a Contract on average (about one with the Appraiser), less
than the actions the trip costs, and the Thieves' Guild's random Component is left alone too.

The player is a pure function of the state (what it remembers is what it would work out anew),
so a fresh player answers exactly as one that has played the whole game.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from games.winterforge.players.moves import prime_ok
from games.winterforge.rules import commands as cm
from games.winterforge.rules.alleyways import DONATION, RUNE
from games.winterforge.rules.bank import UNPAID_LIMIT, owed, unpaid
from games.winterforge.rules.content import ANY, MAX_SKILL, SKILLS, Contract, load_pack
from games.winterforge.rules.context import (
    ability,
    actions_allowed,
    closed,
    contract_card,
    discount,
    event_effect,
)
from games.winterforge.rules.forge import training_cost
from games.winterforge.rules.forging import component_bonus, crew_bonus, distribution
from games.winterforge.rules.guildhall import FUNDS_BELOW, contract_limit, held_count
from games.winterforge.rules.market import BUY_LIMIT, purchase_cost
from games.winterforge.rules.moving import free_move
from games.winterforge.rules.pending import pending
from games.winterforge.rules.scoring import lines
from games.winterforge.rules.state import (
    ACTIONS_PER_TURN,
    LORDS,
    SOLO,
    SOLO_TURNS,
    Guild,
    WinterforgeState,
)
from games.winterforge.rules.tavern import CREW_LIMIT, hire_cost

# What a Coin is worth in RP while there is time to spend it. Measured best: alone, where the
# 15 turns are certain and Coin buys the next Contract, higher; at a table, where a rival's Royal
# Contract may end the game any round, lower.
COIN_RP = 0.2
COIN_RP_SOLO = 0.6
RETRIES = 6  # forges looked ahead when a Contract may fail and be forged again
GOOD_ENOUGH = 0.93  # stop paying for better Components past these odds
ROYAL_LEAD = 3  # in a game of several, forge the Royal Contract only this far ahead
ROYAL_TARGET = 20  # … and once the guild has this many RP with it (unless pressed)
DECK_LOW = 1  # … or when the Contract deck holds this few a player
LATE_ROUND = 18  # … or from this round on
FAITH_RACE = 3  # Faith tokens worth racing a rival for, at most
SKILL_LATER = 0.4  # a Skill level's worth in better forges to come (besides its end-game RP)
LOAN_RP = 1.0  # a Loan's cost in RP besides its interest (the risk of -2 at the end)
FIRST_CREW = 0.8  # the first Crew: half way to the 2 RP of a full Crew, and its ability
DEBT_HORIZON = 9  # from this many actions before the end, Coin is kept for the Loans
UNPAID_RP = 2  # an unpaid Loan's cost at the end
MEMORY = 5000  # Contract fillings remembered (a pure function of what the key holds)
MAX_ROUNDS = 15  # a game of several rarely lasts longer (for the horizon)


@lru_cache(maxsize=65536)
def odds(dice: tuple[int, ...], need: int) -> float:
    """The exact chance that `dice` (sorted) sum to at least `need`."""
    if need <= 0:
        return 1.0
    dist = distribution(dice)
    return sum(dist[need:]) if need < len(dist) else 0.0


@cache
def mean(component: str) -> float:
    """The mean of a Component's dice."""
    return sum((d + 1) / 2 for d in load_pack().components[component].dice)


@lru_cache(maxsize=4096)
def grouped(stockpile: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """A stockpile by material, the biggest dice first (not to be changed: it is shared)."""
    comps = load_pack().components
    out: dict[str, list[str]] = {}
    for x in sorted(stockpile, key=lambda x: (-mean(x), x)):
        out.setdefault(comps[x].material, []).append(x)
    return {m: tuple(xs) for m, xs in out.items()}


@lru_cache(maxsize=1024)
def shop(
    market: tuple[tuple[str, ...], ...],
) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """The Market's Components, and for each material (and "any") those fitting it, the
    cheapest first (the biggest dice first at one price). Not to be changed: it is shared."""
    comps = load_pack().components
    offer = tuple(x for row in market for x in row if x)
    ranked = sorted(offer, key=lambda x: (comps[x].cost, -mean(x), x))
    fitting: dict[str, tuple[str, ...]] = {ANY: tuple(ranked)}
    for x in ranked:
        fitting[comps[x].material] = (*fitting.get(comps[x].material, ()), x)
    return offer, fitting


def distance(origin: str, goal: str) -> int:
    """Move actions from `origin` to `goal` (the board's precincts form a ring of five; an
    Alleyway is one move from every precinct)."""
    if origin == goal or not origin:
        return 0
    links = load_pack().links
    if origin in links and goal in links:
        return 1 if goal in links[origin] else 2
    return 2 if origin not in links and goal not in links else 1


def first_step(origin: str, goal: str) -> str:
    """The first move of a shortest route from `origin` to `goal`."""
    links = load_pack().links
    if distance(origin, goal) == 1:
        return goal
    if origin in links and goal in links:
        return next(p for p in links[origin] if goal in links[p])
    return "forge"  # from one Alleyway to another, through a precinct


class Project(NamedTuple):
    """A Contract to complete: what it commits, what it still needs, and its odds."""

    contract: str
    own: tuple[str, ...]  # stockpile Components to commit (empty for a face-up Contract)
    buy: tuple[str, ...]  # Market Components still to buy
    rune: str
    cost: int  # Coin for `buy`
    chances: tuple[float, ...]  # the odds of the first forge, the second, … (Work tokens added)
    started: bool
    loan: bool = False  # needs a Loan first
    take: bool = False  # on the job track: needs taking first


class Intent(NamedTuple):
    """Something worth doing: where it is done, its next command there, what it is worth in RP
    and how many actions it needs from here."""

    place: str
    command: cm.Command
    value: float
    actions: float

    @property
    def rate(self) -> float:
        return self.value / max(1.0, self.actions)


class BuiltinPlayer:
    """The built-in player (deterministic: the seed is not needed, but kept for the protocol)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.filled: dict[tuple[object, ...], Project | None] = {}
        self.listed: dict[tuple[object, ...], list[Project]] = {}

    def move(self, state: WinterforgeState, seats: Collection[int]) -> cm.Command | None:
        """The next command of one of `seats`, or None when none of them is awaited."""
        for decision in pending(state):
            if decision.seat not in seats:
                continue
            if isinstance(decision.default, cm.ChooseRoyal):
                return cm.ChooseRoyal(seat=decision.seat, royal=self.royal(state, decision.seat))
            return self.turn(state, decision.seat)
        return None

    def royal(self, state: WinterforgeState, seat: int) -> str:
        """The Royal Contract to keep: the one with the best odds for the guild's skills, with
        middling Components (a d12 a slot) and no Work tokens."""
        g = state.guilds[seat]

        def fit(slug: str) -> tuple[float, str]:
            c = contract_card(slug)
            fixed = sum(g.skills[SKILLS.index(t)] for t in c.types) + c.bonus * sum(
                1 for s in c.slots if s in (c.bonus_material, ANY)
            )
            return odds((12,) * len(c.slots), c.forge - fixed) - 0.05 * len(c.slots), slug

        return max(g.royal_offer, key=fit)

    # --- a turn ---------------------------------------------------------------------------

    def turn(self, state: WinterforgeState, seat: int) -> cm.Command:
        """The next command of `seat` in its turn: the next step of the best intent."""
        g = state.guilds[seat]
        has_action = state.turn.actions < actions_allowed(state)
        if not has_action and not (state.variant != LORDS and free_move(state, seat)):
            return cm.EndTurn(seat=seat)
        best = self.choose(state, seat)
        if best is None:
            return cm.EndTurn(seat=seat)
        if state.variant == LORDS or best.place == g.at:
            return best.command if has_action else cm.EndTurn(seat=seat)
        step = first_step(g.at, best.place)
        return cm.Move(seat=seat, to=step, prime=self.take_prime(state, step))

    def take_prime(self, state: WinterforgeState, place: str) -> bool:
        """Occupy a free Prime Position when moving in (Alleyways have none)."""
        if place not in load_pack().links:
            return False
        capacity = 2 if state.players >= 5 else 1
        return sum(1 for p, _ in state.primes if p == place) < capacity

    def choose(self, state: WinterforgeState, seat: int) -> Intent | None:
        """The intent worth the most RP per action, or a fallback that keeps the game going."""
        pool = [i for i in self.intents(state, seat) if i.value > 0 and not closed(state, i.place)]
        if pool:
            best = max(pool, key=lambda i: (i.rate, i.value, i.place))
            if isinstance(best.command, cm.TakeContracts):
                take = self.take_command(state, seat, best.command.contracts[0])
                return Intent(best.place, take, best.value, best.actions)
            return best
        return self.fallback(state, seat)

    # --- what there is to do --------------------------------------------------------------

    def horizon(self, state: WinterforgeState, seat: int) -> int:
        """The actions `seat` can still expect to take, this turn's included."""
        now = max(0, actions_allowed(state) - state.turn.actions)
        per_round = ACTIONS_PER_TURN
        if state.variant == SOLO:
            return now + (SOLO_TURNS - state.turn.number) * per_round
        if state.ending:
            return now
        rounds = max(1, MAX_ROUNDS - state.turn.round)
        by_deck = math.ceil(len(state.contract_deck) / max(1.0, state.players * 0.4))
        return now + per_round * max(2, min(rounds, by_deck))

    def away(self, state: WinterforgeState, seat: int, place: str) -> int:
        """Moves from `seat`'s Smith to `place` (none in Lords of Winterforge: Smiths are
        placed)."""
        return 0 if state.variant == LORDS else distance(state.guilds[seat].at, place)

    def coin_rp(self, state: WinterforgeState, horizon: int) -> float:
        """What a Coin is worth now: less as the end nears (nothing on the last turn)."""
        base = COIN_RP_SOLO if state.variant == SOLO else COIN_RP
        return base * min(1.0, max(0.0, (horizon - 3) / 12))

    def intents(self, state: WinterforgeState, seat: int) -> list[Intent]:
        g = state.guilds[seat]
        horizon = self.horizon(state, seat)
        lam = self.coin_rp(state, horizon)
        out: list[Intent] = []
        projects = self.projects(state, seat)
        for p in projects:
            intent = self.pursue(state, seat, p, horizon, lam)
            if intent is not None:
                out.append(intent)
        out += self.upkeep_intents(state, seat, horizon, lam)
        if g.coin < FUNDS_BELOW:
            out.append(
                Intent(
                    "guildhall",
                    cm.RequestFunds(seat=seat, prime=prime_ok(state, seat, "guildhall")),
                    lam * (1 + ability(g, "funds_bonus")) + 0.01,
                    self.away(state, seat, "guildhall") + 1,
                )
            )
        bar = max((i.rate for i in out if i.value > 0 and not closed(state, i.place)), default=0.0)
        return out + self.track_intents(state, seat, horizon, lam, bar)

    # --- Contracts ------------------------------------------------------------------------

    def projects(self, state: WinterforgeState, seat: int) -> list[Project]:
        """Every Contract the guild holds and could complete: face-up ones, those in hand, the
        Royal (each with the best Components it can afford, or afford with a Loan). Remembered
        while none of what they depend on changes (a Move changes none of it)."""
        g = state.guilds[seat]
        key = (seat, g.coin, g.stockpile, g.runes, g.skills, g.crew, g.hand, g.started, g.loans)
        key += (g.royal_done, state.market, state.job_track, state.bank, state.turn.event)
        if key not in self.listed:
            if len(self.listed) > MEMORY:
                self.listed.clear()
            self.listed[key] = self.list_projects(state, seat)
        return self.listed[key]

    def list_projects(self, state: WinterforgeState, seat: int) -> list[Project]:
        """`projects`, worked out."""
        g = state.guilds[seat]
        out: list[Project] = []
        for w in g.started:
            c = contract_card(w.contract)
            dice = self.dice_of(w.components, w.rune)
            fixed = self.fixed(state, g, c, w.components, w.rune) + w.tokens
            out.append(
                Project(w.contract, (), (), "", 0, self.chances(g, dice, c.forge - fixed), True)
            )
        started = {w.contract for w in g.started}
        held = [c for c in g.hand if c not in started]
        if g.royal and not g.royal_done and g.royal not in started:
            held.append(g.royal)
        loan = self.loan_coin(state, seat)
        for slug in held:
            p = self.fill(state, seat, slug, g.coin)
            if p is None and loan:
                p = self.fill(state, seat, slug, g.coin + loan, loan=True)
            if p is not None:
                out.append(p)
        return out

    def track_intents(
        self, state: WinterforgeState, seat: int, horizon: int, lam: float, bar: float
    ) -> list[Intent]:
        """Steps towards Contracts on the job track (taking them first), each worked out only if
        it could beat `bar`, the best rate found elsewhere: the job track is the costliest part
        of a decision, and an upper bound of its rate (every forge succeeding at once, nothing
        to buy) rules most of it out."""
        g = state.guilds[seat]
        started = {w.contract for w in g.started}
        usable = any(p.contract not in started for p in self.projects(state, seat))
        room = contract_limit(g) - held_count(g)
        # Borrowing for a Contract not yet taken, or swapping one in hand for it, is looked at
        # only when none in hand can be made.
        if not (room > 0 or (len(g.hand) >= 1 - room and not usable)):
            return []
        loan = 0 if usable else self.loan_coin(state, seat)
        # Take, walk to the Forge (two moves from the Guildhall), forge.
        least = 2 + (0 if state.variant == LORDS else self.away(state, seat, "guildhall") + 2)
        out: list[Intent] = []
        for slug in (x for x in state.job_track if x):
            c = contract_card(slug)
            coin = c.coin + ability(g, "turn_in_bonus") - len(g.crew)
            bound = (self.worth(state, seat, c, horizon) + lam * max(0, coin) - 0.3) / least
            if bound < bar:
                continue
            p = self.fill(state, seat, slug, g.coin, take=True)
            if p is None and loan:
                p = self.fill(state, seat, slug, g.coin + loan, loan=True, take=True)
            if p is not None:
                intent = self.pursue(state, seat, p, horizon, lam)
                if intent is not None:
                    out.append(intent)
        return out

    def dice_of(self, components: Sequence[str], rune: str) -> tuple[int, ...]:
        pack = load_pack()
        dice = [d for c in components for d in pack.components[c].dice]
        if rune and pack.runes[rune].kind == "die":
            dice.append(pack.runes[rune].die)
        return tuple(sorted(dice))

    def fixed(
        self, state: WinterforgeState, g: Guild, c: Contract, components: Sequence[str], rune: str
    ) -> int:
        """The forge result without the dice and Work tokens."""
        runes = load_pack().runes
        event = event_effect(state, "forge_bonus")
        return (
            sum(g.skills[SKILLS.index(t)] for t in c.types)
            + crew_bonus(g, c)
            + component_bonus(c, components)
            + (runes[rune].amount if rune and runes[rune].kind == "bonus" else 0)
            + (event.amount if event is not None else 0)
        )

    def chances(self, g: Guild, dice: tuple[int, ...], need: int) -> tuple[float, ...]:
        """The odds of each forge in a row, a failure adding its Work tokens to the next."""
        tokens = 1 + ability(g, "work_bonus")
        reroll = ability(g, "reroll") > 0
        out = []
        for k in range(RETRIES):
            p = odds(dice, need - k * tokens)
            if reroll and dice and p < 1.0:
                # A reroll of the lowest die when short: roughly a second chance at a small part.
                p = p + (1 - p) * 0.25 * odds(dice, need - k * tokens - 1)
            out.append(p)
        return tuple(out)

    def fill(
        self,
        state: WinterforgeState,
        seat: int,
        slug: str,
        budget: int,
        loan: bool = False,
        take: bool = False,
    ) -> Project | None:
        """The Components `slug` would take: the stockpile's first, then the cheapest from the
        Market, upgraded while the odds gain per Coin is good and the budget allows; a Rune from
        the stockpile when it helps. None when it cannot be filled. Remembered: most decisions
        (every Move) leave all it depends on unchanged."""
        g = state.guilds[seat]
        key = (slug, budget, loan, take, g.stockpile, g.runes, g.skills, g.crew)
        key += (state.market, state.turn.event)
        if key in self.filled:
            return self.filled[key]
        if len(self.filled) > MEMORY:
            self.filled.clear()
        project = self.fill_anew(state, seat, slug, budget, loan, take)
        self.filled[key] = project
        return project

    def fill_anew(
        self,
        state: WinterforgeState,
        seat: int,
        slug: str,
        budget: int,
        loan: bool,
        take: bool,
    ) -> Project | None:
        """`fill`, worked out."""
        pack = load_pack()
        comps = pack.components
        g = state.guilds[seat]
        c = contract_card(slug)
        slots = sorted(c.slots, key=lambda s: s == ANY)
        pool = grouped(g.stockpile)
        own: list[str] = []
        open_slots: list[str] = []
        for slot in slots:
            if slot == ANY:
                match = self.best_fit(c, [x for x in g.stockpile if x not in own])
            else:
                match = next((x for x in pool.get(slot, ()) if x not in own), None)
            if match is None:
                open_slots.append(slot)
            else:
                own.append(match)
        wild = next((r for r in g.runes if pack.runes[r].kind == "wild"), "")
        rune = ""
        if open_slots and wild and len(open_slots) == 1:
            # A wild Rune fills the one slot nothing in the stockpile fills.
            rune, open_slots = wild, []
        offer, cheapest = shop(state.market)
        buy: list[str] = []
        for slot in open_slots:
            match = next((x for x in cheapest.get(slot, ()) if x not in buy), None)
            if match is None:
                return None
            buy.append(match)
        off = ability(g, "market_discount") + discount(state, "market")

        def price(items: Sequence[str]) -> int:
            return max(0, sum(comps[x].cost for x in items) - off) if items else 0

        cost = price(buy)
        if cost > budget:
            return None
        if not rune:
            rune = self.best_rune(state, g, c, own + buy)
        base = self.fixed(state, g, c, (), rune)
        rune_dice = self.dice_of((), rune)

        def need_of(parts: list[str]) -> int:
            bonus = sum(c.bonus for x in parts if comps[x].material == c.bonus_material)
            return c.forge - base - (bonus if c.bonus_material else 0)

        def dice_of(parts: list[str]) -> tuple[int, ...]:
            return tuple(sorted((*rune_dice, *(d for x in parts for d in comps[x].dice))))

        p = odds(dice_of(own + buy), need_of(own + buy))
        bonus_of = {x: c.bonus if comps[x].material == c.bonus_material else 0 for x in offer}
        while buy and p < GOOD_ENOUGH:
            best: tuple[float, int, str] | None = None
            raw = sum(comps[x].cost for x in buy)
            for i, slot in enumerate(open_slots):
                old = comps[buy[i]]
                rest = [*own, *buy[:i], *buy[i + 1 :]]
                rest_dice = (*rune_dice, *(d for x in rest for d in comps[x].dice))
                rest_need = need_of(rest)
                tried: set[tuple[str, int, tuple[int, ...]]] = set()
                for x in offer:
                    card = comps[x]
                    if x in buy or (slot != ANY and card.material != slot):
                        continue
                    if card.cost <= old.cost and mean(x) <= mean(buy[i]):
                        continue
                    signature = (card.material, card.cost, card.dice)
                    if signature in tried:
                        continue
                    tried.add(signature)
                    extra = max(0, raw - old.cost + card.cost - off) - cost
                    if cost + extra > budget:
                        continue
                    chance = odds(tuple(sorted((*rest_dice, *card.dice))), rest_need - bonus_of[x])
                    gain = chance - p
                    if gain <= 0.02:
                        continue
                    score = gain / max(0.5, extra)
                    if best is None or score > best[0]:
                        best = (score, i, x)
            if best is None:
                break
            buy[best[1]] = best[2]
            cost = price(buy)
            p = odds(dice_of(own + buy), need_of(own + buy))
        parts = own + buy
        return Project(
            slug,
            tuple(own),
            tuple(buy),
            rune,
            cost,
            self.chances(g, dice_of(parts), need_of(parts)),
            False,
            loan=loan,
            take=take,
        )

    def best_fit(self, c: Contract, pool: list[str]) -> str | None:
        """The stockpile Component best for a slot of any material: its dice, plus the
        Contract's bonus."""
        comps = load_pack().components
        if not pool:
            return None
        return max(
            pool,
            key=lambda x: (mean(x) + (c.bonus if comps[x].material == c.bonus_material else 0), x),
        )

    def best_rune(self, state: WinterforgeState, g: Guild, c: Contract, parts: list[str]) -> str:
        """The Rune (not a wild one) adding the most to the forge, or ""."""
        runes = load_pack().runes
        best, gain = "", 0.0
        for r in g.runes:
            card = runes[r]
            value = card.amount if card.kind == "bonus" else (card.die + 1) / 2
            if card.kind == "reroll" and not ability(g, "reroll"):
                value = 0.8
            if card.kind in ("bonus", "die", "reroll") and value > gain:
                best, gain = r, value
        return best

    def worth(self, state: WinterforgeState, seat: int, c: Contract, horizon: int) -> float:
        """What completing `c` is worth in RP: its RP, the Skill it raises (end-game RP now,
        better forges later), the first Royal's bonus."""
        g = state.guilds[seat]
        board = load_pack().guilds[g.board]
        value = float(c.rp)
        for t in c.types:
            level = g.skills[SKILLS.index(t)]
            if level < MAX_SKILL:
                value += board.skill_rp[level + 1] - board.skill_rp[level]
                value += SKILL_LATER * min(1.0, horizon / 15)
        if c.royal and state.first_royal < 0:
            value += 3
        return value

    def pursue(
        self, state: WinterforgeState, seat: int, p: Project, horizon: int, lam: float
    ) -> Intent | None:
        """The next step towards `p`, with its worth and the actions it needs."""
        g = state.guilds[seat]
        c = contract_card(p.contract)
        lords = state.variant == LORDS
        at = g.at
        steps: list[str] = []
        if p.take:
            steps.append("guildhall")
        if p.loan:
            steps.append("bank")
        limit = BUY_LIMIT
        if p.buy:
            steps += ["market"] * math.ceil(len(p.buy) / limit)
        steps.append("forge")
        travel = 0
        here = at
        for place in steps:
            if not lords:
                travel += distance(here, place)
            here = place
        before_forge = travel + len(steps) - 1
        tries = horizon - before_forge
        if tries <= 0:
            return None
        miss = 1.0
        expected = 0.0
        for k in range(min(tries, RETRIES)):
            expected += miss
            miss *= 1 - p.chances[k]
        reach = 1 - miss
        if reach < 0.05:
            return None
        value = self.worth(state, seat, c, horizon) * reach
        coin = c.coin + ability(g, "turn_in_bonus") - (0 if c.royal else len(g.crew))
        value += lam * (reach * coin - p.cost)
        value -= self.debt(state, seat, p.cost - (reach * coin if before_forge < 3 else 0), horizon)
        if p.loan:
            value -= LOAN_RP + lam * 3
        if p.take:
            value -= 0.3  # an action of a Contract not yet held
        actions = before_forge + expected
        if c.royal and not self.royal_ok(state, seat, c):
            if not (p.buy or p.loan):
                return None  # ready, but waiting for the right moment
            value *= 0.8
        place = steps[0]
        command = self.step_command(state, seat, p, place)
        if command is None:
            return None
        return Intent(place, command, value, actions)

    def royal_ok(self, state: WinterforgeState, seat: int, c: Contract) -> bool:
        """May the Royal Contract be forged now? Always alone or once the game is ending. In a
        game of several it ends the game, so only when it leaves the guild ahead, and then once
        the guild has made the most of the game (`ROYAL_TARGET` RP, or a late round), or when
        waiting is riskier: the Contract deck is running out, or a rival is ready to forge its
        own Royal Contract."""
        if state.variant == SOLO or state.ending:
            return True
        if len(state.contract_deck) <= state.players * DECK_LOW:
            return True
        totals = [sum(v for k, v in lines(state, s) if k != "faith") for s in range(state.players)]
        mine = totals[seat] + self.worth(state, seat, c, 0)
        best_other = max(t for s, t in enumerate(totals) if s != seat)
        if mine < best_other + ROYAL_LEAD:
            return False
        if mine >= ROYAL_TARGET or state.turn.round >= LATE_ROUND:
            return True
        return any(self.rival_ready(state, s) for s in range(state.players) if s != seat)

    def rival_ready(self, state: WinterforgeState, seat: int) -> bool:
        """Is `seat` about to forge its Royal Contract: has it tried once already (a failed forge
        leaves it face-up)?"""
        g = state.guilds[seat]
        if not g.royal or g.royal_done:
            return False
        return any(w.contract == g.royal for w in g.started)

    def step_command(
        self, state: WinterforgeState, seat: int, p: Project, place: str
    ) -> cm.Command | None:
        """The command that takes `p` one step on, in `place`."""
        g = state.guilds[seat]
        prime = prime_ok(state, seat, place)
        if place == "guildhall":
            # Which second Contract to take and which to return is settled once chosen.
            return cm.TakeContracts(seat=seat, contracts=(p.contract,))
        if place == "bank":
            loan = max(state.bank, key=lambda s: (load_pack().loans[s].take, s))
            return cm.TakeLoan(seat=seat, loan=loan, prime=prime)
        if place == "market":
            limit = BUY_LIMIT + (1 if prime and len(p.buy) > BUY_LIMIT else 0)
            chosen = list(p.buy[:limit])
            if purchase_cost(state, seat, tuple(chosen)) > g.coin:
                return None
            return cm.Buy(seat=seat, components=tuple(chosen), prime=len(chosen) > BUY_LIMIT)
        if p.started:
            return cm.Forge(seat=seat, contract=p.contract, prime=prime)
        return cm.Forge(seat=seat, contract=p.contract, components=p.own, rune=p.rune, prime=prime)

    def take_command(self, state: WinterforgeState, seat: int, slug: str) -> cm.TakeContracts:
        """Take `slug` (and a second Contract worth having when there is room), returning the
        least promising in hand when over the limit."""
        g = state.guilds[seat]
        horizon = self.horizon(state, seat)
        take = [slug]
        room = contract_limit(g) - held_count(g)
        others = [x for x in state.job_track if x and x != slug]
        if room >= 2 and others:
            take.append(max(others, key=lambda x: (self.promise(state, seat, x, horizon), x)))
        over = held_count(g) + len(take) - contract_limit(g)
        returns: tuple[str, ...] = ()
        if over > 0:
            ranked = sorted(g.hand, key=lambda x: (self.promise(state, seat, x, horizon), x))
            returns = tuple(ranked[:over])
        return cm.TakeContracts(
            seat=seat,
            contracts=tuple(take),
            returns=returns,
            prime=prime_ok(state, seat, "guildhall"),
        )

    def promise(self, state: WinterforgeState, seat: int, slug: str, horizon: int) -> float:
        """A quick worth of a Contract: its worth times its odds with middling Components."""
        g = state.guilds[seat]
        c = contract_card(slug)
        fixed = sum(g.skills[SKILLS.index(t)] for t in c.types) + crew_bonus(g, c)
        p = odds((6,) * len(c.slots), c.forge - fixed - len(c.slots))
        return self.worth(state, seat, c, horizon) * (0.3 + p) / (len(c.slots) + 2)

    # --- Skill, Crew, Loans, Alleyways ----------------------------------------------------

    def upkeep_intents(
        self, state: WinterforgeState, seat: int, horizon: int, lam: float
    ) -> list[Intent]:
        g = state.guilds[seat]
        pack = load_pack()
        board = pack.guilds[g.board]
        out: list[Intent] = []
        # Training: the end-game RP of the next level, and better forges of that type.
        prime = prime_ok(state, seat, "forge")
        weight = {t: 0.0 for t in SKILLS}
        for slug in (*g.hand, *(w.contract for w in g.started)):
            for t in contract_card(slug).types:
                weight[t] += 0.25
        if g.royal and not g.royal_done:
            for t in contract_card(g.royal).types:
                weight[t] += 0.35
        for i, skill in enumerate(SKILLS):
            level = g.skills[i]
            if level >= MAX_SKILL:
                continue
            cost = training_cost(state, seat, skill, prime)
            if cost > g.coin:
                continue
            value = board.skill_rp[level + 1] - board.skill_rp[level]
            value += weight[skill] * min(1.0, horizon / 12)
            value -= lam * cost + self.debt(state, seat, cost, horizon)
            out.append(
                Intent(
                    "forge",
                    cm.Train(seat=seat, skill=skill, prime=prime),
                    value,
                    self.away(state, seat, "forge") + 1,
                )
            )
        # Crew: a full Crew is worth 2 RP at the end; abilities help until then.
        if len(g.crew) < CREW_LIMIT and state.tavern:
            prime = prime_ok(state, seat, "tavern")
            for crew in state.tavern:
                cost = hire_cost(state, crew, prime)
                if cost > g.coin:
                    continue
                value = (2.0 if len(g.crew) == 1 else FIRST_CREW) + self.crew_use(
                    state, g, crew, horizon
                )
                value -= lam * (cost + 1) + self.debt(state, seat, cost, horizon)
                out.append(
                    Intent(
                        "tavern",
                        cm.Hire(seat=seat, crew=crew, prime=prime),
                        value,
                        self.away(state, seat, "tavern") + 1,
                    )
                )
        # Loans: paid off at the Bank, +1 RP (twice at most), and no -2 at the end.
        prime = prime_ok(state, seat, "bank")
        off = 2 if prime else 0
        repaid = sum(1 for h in g.loans if h.repaid and h.at_bank)
        for loan in unpaid(g):
            due = max(0, owed(g, loan) - off)
            if due > g.coin or (due == 0 and not prime):
                continue
            # +1 RP at the Bank, and no -2 at the end should the purse then be short.
            value = (1.0 if repaid < 2 else 0.0) + UNPAID_RP * 0.8 - lam * due
            amount = due if due else 0
            out.append(
                Intent(
                    "bank",
                    cm.RepayLoan(seat=seat, loan=loan, amount=amount, prime=prime),
                    value,
                    self.away(state, seat, "bank") + 1,
                )
            )
        # The Shrine: the most Faith is worth 3 RP, the second most 2.
        if "shrine" in state.alleyways and state.shrine and g.coin >= DONATION:
            # Only how many tokens each guild took is known, not their values.
            mine = len(g.faith)
            rivals = [len(o.faith) for s, o in enumerate(state.guilds) if s != seat]
            if state.players == 1:
                value = 3.0 if mine == 0 else 0.0
            elif mine == 0:
                value = 2.0 if state.players <= 3 else 1.5
            elif mine <= max(rivals) and mine < FAITH_RACE:
                value = 1.0
            else:
                value = 0.0
            value -= lam * DONATION + self.debt(state, seat, DONATION, horizon)
            out.append(
                Intent(
                    "shrine",
                    cm.Donate(seat=seat, token=1),
                    value,
                    self.away(state, seat, "shrine") + 1.5,
                )
            )
        # The Runesmith: a Rune is a bonus on a forge to come.
        if "runesmith" in state.alleyways and state.rune_deck and g.coin >= RUNE and not g.runes:
            value = (
                1.0 * min(1.0, horizon / 12) - lam * RUNE - self.debt(state, seat, RUNE, horizon)
            )
            out.append(
                Intent(
                    "runesmith",
                    cm.BuyRune(seat=seat),
                    value,
                    self.away(state, seat, "runesmith") + 1.5,
                )
            )
        return out

    def crew_use(self, state: WinterforgeState, g: Guild, crew: str, horizon: int) -> float:
        """What a Crew's ability is worth over the rest of the game."""
        a = load_pack().crew[crew].ability
        soon = min(1.0, horizon / 15)
        if a.kind == "forge_bonus":
            types = [t for slug in (*g.hand, g.royal) if slug for t in contract_card(slug).types]
            share = 1.0 if a.skill == ANY else (types.count(a.skill) / max(1, len(types)))
            return a.amount * 0.6 * share * soon
        worth = {
            "reroll": 0.8,
            "extra_move": 0.9,
            "market_discount": 0.8,
            "train_discount": 0.5,
            "turn_in_bonus": 0.6,
            "work_bonus": 0.4,
            "contract_extra": 0.3,
            "funds_bonus": 0.2,
            "loan_bonus": 0.2,
            "refresh_free": 0.1,
            "appraise": 0.0,
            "bodyguard": 0.3 if "thieves-guild" in state.alleyways else 0.0,
        }
        return worth.get(a.kind, 0.0) * soon

    def debt(self, state: WinterforgeState, seat: int, spend: float, horizon: int) -> float:
        """The RP that spending `spend` Coin now puts at risk near the end: each unpaid Loan the
        purse could no longer pay off scores -2."""
        g = state.guilds[seat]
        if horizon > DEBT_HORIZON or spend <= 0 or not unpaid(g):
            return 0.0

        def short(coin: float) -> int:
            left = 0
            for due in sorted(owed(g, loan) for loan in unpaid(g)):
                if due <= coin:
                    coin -= due
                else:
                    left += 1
            return left

        return UNPAID_RP * (short(g.coin - spend) - short(g.coin))

    def loan_coin(self, state: WinterforgeState, seat: int) -> int:
        """The Coin the best Loan at the Bank would give, 0 when none can be taken."""
        g = state.guilds[seat]
        if not state.bank or len(unpaid(g)) >= UNPAID_LIMIT or closed(state, "bank"):
            return 0
        return max(load_pack().loans[s].take for s in state.bank) + ability(g, "loan_bonus")

    # --- when nothing is worth doing ------------------------------------------------------

    def fallback(self, state: WinterforgeState, seat: int) -> Intent | None:
        """A step that keeps the game going when nothing is worth doing: Coin from the
        Guildhall, a Market row refreshed when no Component on offer fits a Contract, a
        Contract swapped for one the guild can fill, Training, a Loan paid off in part."""
        g = state.guilds[seat]
        if g.coin < FUNDS_BELOW and not closed(state, "guildhall"):
            return Intent("guildhall", cm.RequestFunds(seat=seat), 0.01, 1)
        refresh = self.refresh(state, seat)
        if refresh is not None:
            return Intent("market", refresh, 0.01, 1)
        track = [x for x in state.job_track if x]
        fillable = [x for x in track if self.fill(state, seat, x, g.coin) is not None]
        if not g.hand and track:
            fillable = fillable or track  # a Contract to work towards, even a slow one
        if fillable and len(g.hand) >= held_count(g) + 1 - contract_limit(g):
            cheapest = min(fillable, key=lambda x: (len(contract_card(x).slots), x))
            return Intent("guildhall", self.take_command(state, seat, cheapest), 0.01, 1)
        for i, skill in enumerate(SKILLS):
            if g.skills[i] < MAX_SKILL and training_cost(state, seat, skill, False) <= g.coin:
                return Intent("forge", cm.Train(seat=seat, skill=skill), 0.01, 1)
        piece = self.cheapest_piece(state, seat)
        if piece is not None:
            return Intent("market", piece, 0.01, 1)
        if unpaid(g) and g.coin >= 1:
            loan = unpaid(g)[0]
            amount = min(g.coin, owed(g, loan))
            return Intent("bank", cm.RepayLoan(seat=seat, loan=loan, amount=amount), 0.01, 1)
        return None

    def cheapest_piece(self, state: WinterforgeState, seat: int) -> cm.Buy | None:
        """The cheapest Component on offer that fills a slot of a Contract in hand."""
        g = state.guilds[seat]
        comps = load_pack().components
        slots = {slot for slug in g.hand for slot in contract_card(slug).slots}
        offer = [
            x
            for row in state.market
            for x in row
            if x
            and (ANY in slots or comps[x].material in slots)
            and purchase_cost(state, seat, (x,)) <= g.coin
        ]
        if not offer or closed(state, "market"):
            return None
        return cm.Buy(seat=seat, components=(min(offer, key=lambda x: (comps[x].cost, x)),))

    def refresh(self, state: WinterforgeState, seat: int) -> cm.RefreshRow | None:
        """A Market row to refresh (for 1 Coin) when a material every Contract in reach needs
        is missing from the Market: the cheapest row lacking it."""
        g = state.guilds[seat]
        if ability(g, "refresh_free") or g.coin < 2 or closed(state, "market"):
            return None  # a free refresh could be repeated for ever
        if state.variant == LORDS and "market" not in g.placed:
            return None  # a free action needs a Smith already placed there
        comps = load_pack().components
        offered = {
            comps[x].material
            for row in state.market
            for x in row
            if x and purchase_cost(state, seat, (x,)) < g.coin
        }
        wanted = [
            slot
            for slug in (*g.hand, *(x for x in state.job_track if x))
            for slot in contract_card(slug).slots
            if slot != ANY and slot not in offered
        ]
        if not wanted:
            return None
        material = max(set(wanted), key=lambda m: (wanted.count(m), m))
        level = next(
            (
                i + 1
                for i, row in enumerate(state.market)
                if all(comps[x].material != material for x in row if x)
            ),
            1,
        )
        return cm.RefreshRow(seat=seat, level=level)
