"""Whom the game waits for, and the documented defaults.

- "royal" (Set Up step 4): every Player still choosing; by default the Royal Contract whose two
  Skill types the guild is best at (its starting levels added), the first dealt on a tie.
- "turn": the current Player; by default the turn ends (an absent Player takes no action).
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.game import Decision
from games.winterforge.rules.commands import ChooseRoyal, EndTurn
from games.winterforge.rules.content import SKILLS, load_pack
from games.winterforge.rules.state import WinterforgeState

ROYAL = "royal"
TURN = "turn"
KINDS = (ROYAL, TURN)


def default_royal(state: WinterforgeState, seat: int) -> str:
    """The Royal Contract an absent Player keeps: the best fit to its skills."""
    g = state.guilds[seat]
    royals = load_pack().royals

    def fit(slug: str) -> int:
        return sum(g.skills[SKILLS.index(t)] for t in royals[slug].types)

    return max(g.royal_offer, key=lambda slug: (fit(slug), -g.royal_offer.index(slug)))


def pending(state: WinterforgeState) -> tuple[Decision, ...]:
    """The decisions the game waits for (none once it is over)."""
    if state.result is not None:
        return ()
    if state.choosing:
        return tuple(
            Decision(
                seat=seat,
                kind=ROYAL,
                prompt="Choose the Royal Contract to keep.",
                default=ChooseRoyal(seat=seat, royal=default_royal(state, seat)),
                options=tuple(ChooseRoyal(seat=seat, royal=r) for r in g.royal_offer),
            )
            for seat, g in enumerate(state.guilds)
            if g.royal_offer
        )
    return _turn_decision(state.turn.seat, state.turn.number)


@lru_cache(maxsize=8)
def _turn_decision(seat: int, number: int) -> tuple[Decision, ...]:
    # The same for every command of a turn (asked after each of them): made once per turn.
    return (
        Decision(
            seat=seat,
            kind=TURN,
            prompt="Take your actions.",
            default=EndTurn(seat=seat),
            context={"turn": number},
        ),
    )
