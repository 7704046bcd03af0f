"""Built-in players. `RandomPlayer` answers any decision with a random legal command, drawn from
its own seeded source, so a game between random players is the same for the same seeds.

It plays the whole game: setup choices, plot abilities, orders with teams, Gold and plans made in
advance (builds, fallbacks, replacement decks, rolls and cooperation by hand or automatic),
contest negotiation and stances, and every question asked during resolution.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Protocol

from engine.core.game import Decision
from engine.core.rng import Dice, seeded
from games.guild_master.players.levels import EasyPlayer, NormalPlayer
from games.guild_master.players.strategy import StrategicPlayer
from games.guild_master.rules.abilities import min_bid
from games.guild_master.rules.cards import LEVELS
from games.guild_master.rules.commands import (
    AnswerSplit,
    ChooseCooperation,
    Command,
    DeclineOrder,
    ModifyRoll,
    ProposeSplit,
    SetOrders,
)
from games.guild_master.rules.content import Pack, load_pack
from games.guild_master.rules.hire_builders import default_builds
from games.guild_master.rules.pending import pending
from games.guild_master.rules.state import (
    HIRE,
    NONE,
    ActionStep,
    Build,
    ContestTask,
    GameState,
    Order,
    Plan,
    SplitTerms,
)
from games.guild_master.rules.upgrades import order_spaces, team_size


class Player(Protocol):
    """A built-in player: answers any decision of its seat, and sometimes does more."""

    def answer(self, state: GameState, decision: Decision) -> Command: ...

    def extra(self, state: GameState, seat: int) -> Command | None: ...


class RandomPlayer:
    """A player that picks uniformly among legal answers (orders are built at random)."""

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seeded(seed))

    def pick(self, items: list | tuple):  # type: ignore[no-untyped-def]
        return items[self.dice.below(len(items))]

    def chance(self, p: float) -> bool:
        return self.dice.below(1000) < p * 1000

    def answer(self, state: GameState, decision: Decision) -> Command:
        """A legal answer to `decision`."""
        pack = load_pack(state.pack)
        if decision.kind == "orders":
            return SetOrders(
                seat=decision.seat, orders=self.orders(state, pack, decision.seat), ready=True
            )
        if decision.kind == "roll":
            return self.roll(state, decision.seat)
        if decision.kind == "cooperation":
            return self.cooperation(state, pack, decision)
        if decision.options:
            return self.pick(decision.options)
        return decision.default

    def extra(self, state: GameState, seat: int) -> Command | None:
        """Sometimes, something a player may do besides answering: negotiate a contest split, or
        decline an order that has not resolved yet."""
        step = state.step
        if not isinstance(step, ActionStep) or not step.queue:
            return None
        waiting = [o for o in step.orders[seat] if o.status == "pending" and o.objective != NONE]
        if waiting and self.chance(0.05):
            return DeclineOrder(seat=seat, space=self.pick(waiting).space)
        head = step.queue[0]
        if not (isinstance(head, ContestTask) and head.stage == "stances" and seat in head.seats):
            return None
        open_proposals = [p for p in head.proposals if p.by != seat and seat not in p.accepted]
        if open_proposals and self.chance(0.7):
            p = self.pick(open_proposals)
            return AnswerSplit(seat=seat, by=p.by, accept=self.chance(0.6))
        if self.chance(0.3) and not any(p.by == seat for p in head.proposals):
            card = state.board.contracts[head.spot - 1].card
            if card is None:
                return None
            gold = load_pack(state.pack).contracts[card].gold
            shares = [0] * len(head.seats)
            for _ in range(gold):
                shares[self.dice.below(len(shares))] += 1
            return ProposeSplit(
                seat=seat,
                terms=SplitTerms(
                    gold=tuple(shares) if self.chance(0.7) else None,
                    keeper=self.pick(head.seats) if self.chance(0.5) else None,
                ),
            )
        return None

    def orders(self, state: GameState, pack: Pack, seat: int) -> tuple[Order, ...]:
        g = state.guilds[seat]
        free = list(g.adventurers)
        size = team_size(pack, g)
        gold = g.gold
        used_cards: set[str] = set()
        bids = {
            spot.letter: min_bid(state, pack, spot.deck[0], seat)
            for spot in state.board.adventurers
            if spot.used and spot.face_up and spot.deck
        }
        contracts = [
            str(c.number) for c in state.board.contracts if c.used and c.card and c.face_up
        ]
        builds = default_builds(state, pack, seat)
        out = []
        for space in range(1, order_spaces(pack, g) + 1):
            if not free or (space > 1 and self.chance(0.1)):
                break
            team = []
            for _ in range(1 + self.dice.below(size)):
                if free:
                    team.append(free.pop(self.dice.below(len(free))))
            objective, bid = self._objective(gold, used_cards, bids, contracts)
            gold -= bid
            used_cards.add(objective)
            out.append(
                Order(
                    space=space,
                    team=tuple(team),
                    objective=objective,
                    gold=bid,
                    plan=self._plan(state, seat, builds),
                )
            )
        return tuple(out)

    def _objective(
        self, gold: int, used: set[str], bids: dict[str, int], contracts: list[str]
    ) -> tuple[str, int]:
        """A random objective the guild can pay for, and the Gold to put on it."""
        options = [NONE]
        if gold > 0 and HIRE not in used:
            options.append(HIRE)
        options += [letter for letter, bid in bids.items() if bid <= gold and letter not in used]
        options += [c for c in contracts if c not in used]
        objective = self.pick(options)
        if objective == HIRE:
            return objective, 1 + self.dice.below(gold)
        if objective in bids:
            return objective, bids[objective] + self.dice.below(gold - bids[objective] + 1)
        return objective, 0

    def _plan(self, state: GameState, seat: int, preferred: tuple[Build, ...]) -> Plan:
        g = state.guilds[seat]
        builds = None if self.chance(0.2) else preferred
        if builds and self.chance(0.3):
            builds = tuple(b for b in builds if self.chance(0.5))
        prestige = state.board.prestige_supply
        if builds is not None and prestige and g.prestige is None and self.chance(0.3):
            builds = (Build(prestige=self.pick(state.board.prestige_supply)), *builds)
        fallbacks = ["auto", "auto", "wander", "ask", *g.private_contracts]
        return Plan(
            builds=builds,
            replace=self.pick(["", "", "ask", *LEVELS]),
            fallback=self.pick(fallbacks),
            rolls="ask" if self.chance(0.15) else "auto",
            cooperation="ask" if self.chance(0.3) else "auto",
        )

    def roll(self, state: GameState, seat: int) -> ModifyRoll:
        step = state.step
        assert isinstance(step, ActionStep) and step.check is not None
        c = step.check
        moves: list[ModifyRoll] = [
            ModifyRoll(seat=seat, action="done"),
            ModifyRoll(seat=seat, action="auto"),
        ]
        for i in range(len(c.dice)):
            for v in set(c.fixers):
                moves.append(ModifyRoll(seat=seat, action="fix", die=i, value=v))
            if c.rerolls:
                moves.append(ModifyRoll(seat=seat, action="reroll", die=i))
        moves += [ModifyRoll(seat=seat, action="boon", contract=b) for b in c.boons]
        return self.pick(moves)

    def cooperation(self, state: GameState, pack: Pack, decision: Decision) -> Command:
        step = state.step
        assert isinstance(step, ActionStep)
        head = step.queue[0]
        assert isinstance(head, ContestTask)
        order = step.order(decision.seat, head.space)
        assert order is not None
        card = state.board.contracts[head.spot - 1].card
        assert card is not None
        skills = [t.skill for t in pack.contracts[card].targets]
        team = list(order.team)
        chosen = tuple(a for a in team if self.chance(0.6)) or (self.pick(team),)
        return ChooseCooperation(seat=decision.seat, skill=self.pick(skills), adventurers=chosen)


# The kinds of built-in players, by the name `guildmaster simulate --seats` and the bot use.
PLAYER_TYPES: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    "builtin": StrategicPlayer,
    # The strengths a host may choose (levels.py); "strong" is the built-in player itself.
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "strong": StrategicPlayer,
}


class Seats:
    """Players of one kind moving for several seats (the engine core's `Player`): each seat's
    player is seeded with `seed + seat`. A seat that can do more than answer (negotiate a contest
    split, decline an order) does so first; then the first decision any of them is asked."""

    def __init__(self, kind: Callable[[int], Player], seed: int) -> None:
        self.kind = kind
        self.seed = seed

    def move(self, state: GameState, seats: Collection[int]) -> Command | None:
        mine = sorted(seats)
        for seat in mine:
            move = self.kind(self.seed + seat).extra(state, seat)
            if move is not None:
                return move
        waiting = [d for d in pending(state) if d.seat in seats]
        if not waiting:
            return None
        decision = waiting[0]
        return self.kind(self.seed + decision.seat).answer(state, decision)
