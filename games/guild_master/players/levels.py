"""The built-in player at three strengths, for hosts to choose when they create a game.

- `strong` is `StrategicPlayer` itself (also called `builtin`): every decision by estimated worth.
- `normal` and `easy` make the slips people make, more often at `easy`: they misjudge what an
  order is worth (each objective's worth is off by up to the slip, either way), sometimes leave
  their last order spaces empty, sometimes answer a question with any of its answers rather than
  the best, choose a contest stance on a hunch, and sometimes forget to negotiate a split.

A slipping player draws from its own seeded source, so the same game with the same seeds is
played the same way (the bot seeds its built-in players from the game's seed and version).
Their strength against each other and against random players is measured in the game's
`docs/balance.md`.
"""

from __future__ import annotations

from engine.core.game import Decision
from engine.core.rng import Dice, seeded
from games.guild_master.players.strategy import Option, Planner, StrategicPlayer
from games.guild_master.rules.commands import ChooseStance, Command, SetOrders
from games.guild_master.rules.content import Pack, load_pack
from games.guild_master.rules.state import GameState

STANCES = ("cooperate", "conflict")
SLIPS = {"strong": 0.0, "normal": 0.2, "easy": 0.5}


def slipped(dice: Dice, chance: float) -> bool:
    """A slip, `chance` of the time (to a thousandth), drawn from `dice`."""
    return dice.below(1000) < chance * 1000


class SlippingPlanner(Planner):
    """The strategic planner, with each objective's worth misjudged by up to `slip` either way,
    and a chance of `slip` / 2 of leaving the spaces after the first empty."""

    def __init__(self, state: GameState, pack: Pack, seat: int, dice: Dice, slip: float) -> None:
        super().__init__(state, pack, seat)
        self.dice = dice
        self.slip = slip

    def options(self, free: list[str], gold: int, used: set[str], spaces_left: int) -> list[Option]:
        if used and slipped(self.dice, self.slip / 2):  # the spaces after the first may stay idle
            return []
        found = super().options(free, gold, used, spaces_left)
        for option in found:
            off = (self.dice.below(2001) - 1000) / 1000 * self.slip  # -slip .. +slip
            option.value *= 1 + off
        return found


class SlippingPlayer(StrategicPlayer):
    """`StrategicPlayer` with people's slips, at the rate `slip` (0: none)."""

    slip = 0.0

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.dice = Dice(seeded(seed * 7919 + 17))

    def answer(self, state: GameState, decision: Decision) -> Command:
        """Mostly the strategic answer; on a slip, the first idea that comes."""
        if not self.slip:
            return super().answer(state, decision)
        seat = decision.seat
        if decision.kind == "orders":
            pack = load_pack(state.pack)
            planner = SlippingPlanner(state, pack, seat, self.dice, self.slip)
            return SetOrders(seat=seat, orders=planner.orders(), ready=True)
        if decision.kind == "stance" and slipped(self.dice, self.slip):
            return ChooseStance(seat=seat, stance=STANCES[self.dice.below(len(STANCES))])
        if decision.options and slipped(self.dice, self.slip):
            return decision.options[self.dice.below(len(decision.options))]  # type: ignore[no-any-return]
        return super().answer(state, decision)

    def extra(self, state: GameState, seat: int) -> Command | None:
        """Negotiates as the strategic player does, unless it forgets to."""
        move = super().extra(state, seat)
        if move is not None and self.slip and slipped(self.dice, self.slip):
            return None
        return move


class NormalPlayer(SlippingPlayer):
    """The default built-in player for people's tables: slips now and then."""

    slip = SLIPS["normal"]


class EasyPlayer(SlippingPlayer):
    """A built-in player for newcomers: slips often."""

    slip = SLIPS["easy"]
