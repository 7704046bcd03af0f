"""The built-in player: it keeps one goal in sight — the Contract it can forge for the most RP per
action — and walks the shortest route to what the goal lacks: Contracts from the Guildhall,
Components from the Market, Coin from the Guildhall or the Bank, then the Forge. It forges when
the exact odds of the roll (the dice pool's distribution, `forging.chance`) are good enough, or
when the game is about to end, and spends spare Coin on Crew and on paying off its Loans.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection

from games.winterforge.players.moves import assignment, prime_ok
from games.winterforge.rules import commands as cm
from games.winterforge.rules.bank import UNPAID_LIMIT, owed, unpaid
from games.winterforge.rules.content import SKILLS, Contract, load_pack
from games.winterforge.rules.context import (
    actions_allowed,
    contract_card,
    event_effect,
    prime_free,
)
from games.winterforge.rules.forge import training_cost
from games.winterforge.rules.forging import ANY, chance, dice_of, parts
from games.winterforge.rules.guildhall import FUNDS_BELOW, contract_limit, held_count
from games.winterforge.rules.market import purchase_cost
from games.winterforge.rules.moving import free_move
from games.winterforge.rules.pending import default_royal, pending
from games.winterforge.rules.state import LORDS, Guild, WinterforgeState
from games.winterforge.rules.tavern import CREW_LIMIT, hire_cost

GOOD_ODDS = 0.55  # forge when the roll succeeds at least this often
LAST_CHANCE = 0.15  # in the last round, any chance at all is worth an action
MEAN = {4: 2.5, 6: 3.5, 8: 4.5, 12: 6.5}


def route(origin: str, goal: str, alleyways: Collection[str]) -> str:
    """The first step of a shortest route from `origin` to `goal`."""
    links = load_pack().links

    def steps(place: str) -> tuple[str, ...]:
        if place not in links:
            return tuple(links)
        return (*links[place], *(a for a in alleyways))

    seen = {origin: ""}
    queue = deque([origin])
    while queue:
        place = queue.popleft()
        if place == goal:
            break
        for nxt in steps(place):
            if nxt not in seen:
                seen[nxt] = place
                queue.append(nxt)
    step = goal
    while seen.get(step) and seen[step] != origin:
        step = seen[step]
    return step


def odds(state: WinterforgeState, seat: int, forge: cm.Forge, prime: bool) -> float:
    """The exact chance that `forge` succeeds (without any reroll)."""
    g = state.guilds[seat]
    contract = contract_card(forge.contract)
    work = next((w for w in g.started if w.contract == forge.contract), None)
    components = work.components if work else forge.components
    rune = work.rune if work else forge.rune
    tokens = (work.tokens if work else 0) + (1 if prime else 0)
    event = event_effect(state, "forge_bonus")
    fixed = sum(
        v for _, v in parts(g, contract, components, rune, tokens, event.amount if event else 0)
    )
    return chance(dice_of(components, rune), contract.forge - fixed)


def expected(g: Guild, contract: Contract) -> float:
    """A rough forge result with middling components: the fixed part plus 4 a component."""
    skill = sum(g.skills[SKILLS.index(t)] for t in contract.types)
    return skill + 4.0 * len(contract.slots) + (contract.bonus if contract.bonus_material else 0)


def worth(g: Guild, contract: Contract) -> float:
    """How much a Contract is worth chasing: RP and Coin, less how far its forge number is out of
    reach."""
    gap = max(0.0, contract.forge - expected(g, contract))
    return contract.rp * 2 + contract.coin * 0.5 - gap * 0.6 - len(contract.slots) * 0.5


class BuiltinPlayer:
    """The built-in player (deterministic: the seed is not needed, but kept for the protocol)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def move(self, state: WinterforgeState, seats: Collection[int]) -> cm.Command | None:
        for decision in pending(state):
            if decision.seat not in seats:
                continue
            if isinstance(decision.default, cm.ChooseRoyal):
                return cm.ChooseRoyal(seat=decision.seat, royal=default_royal(state, decision.seat))
            return self.turn(state, decision.seat)
        return None

    # --- a turn ---------------------------------------------------------------------------

    def turn(self, state: WinterforgeState, seat: int) -> cm.Command:
        g = state.guilds[seat]
        has_action = state.turn.actions < actions_allowed(state)
        place, command = self.plan(state, seat)
        if state.variant == LORDS:
            return command if command is not None and has_action else cm.EndTurn(seat=seat)
        if place == g.at:
            if command is not None and has_action:
                return command
            return cm.EndTurn(seat=seat)
        if has_action or free_move(state, seat):
            return self.step(state, seat, place)
        return cm.EndTurn(seat=seat)

    def step(self, state: WinterforgeState, seat: int, place: str) -> cm.Command:
        nxt = route(state.guilds[seat].at, place, state.alleyways)
        return cm.Move(seat=seat, to=nxt, prime=prime_free(state, nxt))

    def plan(self, state: WinterforgeState, seat: int) -> tuple[str, cm.Command | None]:
        """Where to go and what to do there, the most useful first: forge what is ready, take
        Contracts when short of them, buy what the goal lacks (finding Coin first if need be),
        train when the goal's odds are short, then hire Crew and pay off Loans with spare Coin.
        The plan does not depend on where the Smith stands, so the player never walks in
        circles."""
        g = state.guilds[seat]
        forge = self.forge_now(state, seat)
        if forge is not None:
            return "forge", forge
        if state.ending:
            repay = self.repay(state, seat)
            return ("bank", repay) if repay is not None else (g.at, None)
        if held_count(g) < 2:
            take = self.take(state, seat)
            if take is not None:
                return "guildhall", take
        goal = self.goal(state, seat)
        if goal is not None:
            missing = self.missing(g, goal)
            if missing:
                buy = self.buy(state, seat, missing)
                if buy is not None:
                    return "market", buy
                money = self.money(state, seat)
                if money is not None:
                    return money
            else:
                train = self.train(state, seat, goal)
                if train is not None:
                    return "forge", train
                components = assignment(g, contract_card(goal).slots)
                if components is not None:
                    return "forge", cm.Forge(
                        seat=seat,
                        contract=goal,
                        components=components,
                        prime=prime_ok(state, seat, "forge"),
                    )
        hire = self.hire(state, seat)
        if hire is not None:
            return "tavern", hire
        repay = self.repay(state, seat)
        if repay is not None:
            return "bank", repay
        if held_count(g) < contract_limit(g):
            take = self.take(state, seat)
            if take is not None:
                return "guildhall", take
        keep_at = self.keep_at(state, seat)
        if keep_at is not None:
            return "forge", keep_at
        return g.at, None

    # --- the goal -------------------------------------------------------------------------

    def candidates(self, state: WinterforgeState, seat: int) -> list[str]:
        g = state.guilds[seat]
        out = [*g.hand, *(w.contract for w in g.started)]
        if g.royal and not g.royal_done:
            out.append(g.royal)
        return out

    def goal(self, state: WinterforgeState, seat: int) -> str | None:
        """The Contract to gather Components for: the most worth among those held that are not
        started (a started one has its Components already)."""
        g = state.guilds[seat]
        started = {w.contract for w in g.started}
        held = [c for c in self.candidates(state, seat) if c not in started]
        if not held:
            return None
        # The Royal Contract only once the guild is strong enough to have a fair chance.
        best = max(held, key=lambda c: (worth(g, contract_card(c)), c))
        return best

    def missing(self, g: Guild, slug: str) -> list[str]:
        """The slots of `slug` the stockpile cannot fill (materials or "any")."""
        pack = load_pack()
        pool = list(g.stockpile)
        short: list[str] = []
        for slot in sorted(contract_card(slug).slots, key=lambda s: s == ANY):
            match = next(
                (c for c in pool if slot == ANY or pack.components[c].material == slot), None
            )
            if match is None:
                short.append(slot)
            else:
                pool.remove(match)
        return short

    # --- actions --------------------------------------------------------------------------

    def forge_now(self, state: WinterforgeState, seat: int) -> cm.Forge | None:
        """The best forge available with what the guild holds, if the odds are good enough."""
        g = state.guilds[seat]
        prime = prime_ok(state, seat, "forge")
        best: tuple[float, cm.Forge] | None = None
        started = {w.contract for w in g.started}
        for slug in self.candidates(state, seat):
            if slug in started:
                forge = cm.Forge(seat=seat, contract=slug, prime=prime)
            else:
                components = assignment(g, contract_card(slug).slots)
                if components is None:
                    continue
                forge = cm.Forge(seat=seat, contract=slug, components=components, prime=prime)
            p = odds(state, seat, forge, prime)
            need = LAST_CHANCE if state.ending else GOOD_ODDS
            if slug in started:
                need = min(need, 0.3)  # a started Contract only grows easier; keep at it
            if p < need:
                continue
            value = p * (contract_card(slug).rp + 1)
            if best is None or value > best[0]:
                best = (value, forge)
        if best is None:
            return None
        return best[1]

    def keep_at(self, state: WinterforgeState, seat: int) -> cm.Forge | None:
        """With nothing better to do, forge the face-up Contract most likely to succeed: a failure
        still leaves a Work token on it, so every attempt brings it closer."""
        g = state.guilds[seat]
        if not g.started:
            return None
        prime = prime_ok(state, seat, "forge")
        forges = [cm.Forge(seat=seat, contract=w.contract, prime=prime) for w in g.started]
        return max(forges, key=lambda f: (odds(state, seat, f, prime), f.contract))

    def train(self, state: WinterforgeState, seat: int, goal: str) -> cm.Train | None:
        """Train the goal's skill when Coin allows and its odds are short."""
        g = state.guilds[seat]
        contract = contract_card(goal)
        skill = min(contract.types, key=lambda t: g.skills[SKILLS.index(t)])
        prime = prime_ok(state, seat, "forge")
        cost = training_cost(state, seat, skill, prime)
        if cost <= g.coin - 1 and g.skills[SKILLS.index(skill)] < 10:
            return cm.Train(seat=seat, skill=skill, prime=prime)
        return None

    def buy(self, state: WinterforgeState, seat: int, missing: list[str]) -> cm.Buy | None:
        """The Market Components that fill the most missing slots, big dice first, within the
        purse."""
        pack = load_pack()
        g = state.guilds[seat]
        prime = prime_ok(state, seat, "market")
        limit = 2 + (1 if prime else 0)
        offer = sorted(
            (c for row in state.market for c in row if c),
            key=lambda c: (-sum(pack.components[c].dice) / max(1, pack.components[c].cost), c),
        )
        chosen: list[str] = []
        for slot in sorted(missing, key=lambda s: s == ANY):
            if len(chosen) >= limit:
                break
            for c in offer:
                if c in chosen:
                    continue
                if slot != ANY and pack.components[c].material != slot:
                    continue
                if purchase_cost(state, seat, (*chosen, c)) <= g.coin:
                    chosen.append(c)
                    break
        if not chosen:
            return None
        return cm.Buy(seat=seat, components=tuple(chosen), prime=prime and len(chosen) > 2)

    def money(self, state: WinterforgeState, seat: int) -> tuple[str, cm.Command] | None:
        """Where to find Coin: the Guildhall's funds when poor, else a Loan (None: nowhere)."""
        g = state.guilds[seat]
        if g.coin < FUNDS_BELOW:
            return (
                "guildhall",
                cm.RequestFunds(seat=seat, prime=prime_ok(state, seat, "guildhall")),
            )
        if state.bank and len(unpaid(g)) < UNPAID_LIMIT:
            loan = max(state.bank, key=lambda s: (load_pack().loans[s].take, s))
            return ("bank", cm.TakeLoan(seat=seat, loan=loan, prime=prime_ok(state, seat, "bank")))
        return None

    def take(self, state: WinterforgeState, seat: int) -> cm.TakeContracts | None:
        g = state.guilds[seat]
        track = [c for c in state.job_track if c]
        if not track:
            return None
        room = contract_limit(g) - held_count(g)
        if room <= 0:
            return None
        ranked = sorted(track, key=lambda c: (-worth(g, contract_card(c)), c))
        take = tuple(ranked[: min(2, room)])
        return cm.TakeContracts(seat=seat, contracts=take, prime=prime_ok(state, seat, "guildhall"))

    def hire(self, state: WinterforgeState, seat: int) -> cm.Hire | None:
        """Hire a Crew while the purse has room to spare and the guild has fewer than 2."""
        g = state.guilds[seat]
        if len(g.crew) >= CREW_LIMIT or not state.tavern:
            return None
        prime = prime_ok(state, seat, "tavern")
        crew = load_pack().crew
        best = max(state.tavern, key=lambda c: (crew[c].ability.kind == "forge_bonus", c))
        cost = hire_cost(state, best, prime)
        if g.coin - cost >= 4:
            return cm.Hire(seat=seat, crew=best, prime=prime)
        return None

    def repay(self, state: WinterforgeState, seat: int) -> cm.RepayLoan | None:
        """Pay off a Loan whole when the purse allows it (worth +1 RP at the Bank)."""
        g = state.guilds[seat]
        prime = prime_ok(state, seat, "bank")
        off = 2 if prime else 0
        for loan in unpaid(g):
            due = max(0, owed(g, loan) - off)
            if 1 <= due <= g.coin - (0 if state.ending else 2):
                return cm.RepayLoan(seat=seat, loan=loan, amount=due, prime=prime)
        return None
