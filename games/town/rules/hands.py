"""Cards named in commands: checks shared by the trade, discard and build phases."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.errors import RuleError
from games.town.rules.cards import load_cards
from games.town.rules.state import TownState


def check_known(cards: Sequence[str]) -> None:
    """Refuse unknown slugs and a card named twice."""
    pack = load_cards()
    for slug in cards:
        if slug not in pack.cards:
            raise RuleError(
                "unknown_card",
                f"There is no card {slug!r}; name cards by their slug, as your hand shows them.",
                card=slug,
            )
    if len(set(cards)) != len(cards):
        raise RuleError("card_twice", "Name each card once.")


def check_in_hand(state: TownState, seat: int, cards: Sequence[str], doing: str) -> None:
    """Refuse cards `seat` does not hold (`doing` says what for: "discard", "build", ...)."""
    check_known(cards)
    hand = state.hands[seat]
    for slug in cards:
        if slug not in hand:
            raise RuleError(
                "not_in_hand",
                f"You can only {doing} cards in your hand, and {load_cards().name(slug)} is "
                "not in it.",
                card=slug,
            )
