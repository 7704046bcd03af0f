"""Founders' Town's chronicle (bot/chronicle.py): the final places, each player's statistics
(categories won, cards built, trades) and the recap's turning points (the biggest build, the
trade count), from public event views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.town.presentation import words as w
from games.town.rules import events as ev
from games.town.rules.cards import CATEGORIES


class TownChronicle:
    """The ranking of GameEnded has no ties (its tie-breaks end on the turn order)."""

    def places(self, events: Sequence[Any], players: int) -> tuple[int, ...] | None:
        for e in reversed(events):
            if isinstance(e, ev.GameEnded):
                place = {seat: i for i, seat in enumerate(e.ranking)}
                return tuple(place[seat] for seat in range(players))
        return None

    def statistics(self, events: Sequence[Any], players: int) -> tuple[Mapping[str, int], ...]:
        stats = [{"categories won": 0, "cards built": 0, "trades": 0} for _ in range(players)]
        for e in events:
            if isinstance(e, ev.CardsBuilt):
                stats[e.seat]["cards built"] += len(e.cards)
            elif isinstance(e, ev.OfferAccepted):
                stats[e.by]["trades"] += 1
                stats[e.taker]["trades"] += 1
            elif isinstance(e, ev.GameEnded):
                for seat, won in enumerate(e.won):
                    stats[seat]["categories won"] = len(won)
        return tuple(stats)

    def recap(self, events: Sequence[Any], names: Sequence[str]) -> list[str]:
        created = next((e for e in events if isinstance(e, ev.GameCreated)), None)
        if created is None:
            return []
        n = w.seat_names(names, created.players)
        scores = [(0,) * len(CATEGORIES) for _ in range(created.players)]
        best: tuple[int, int, ev.CardsBuilt] | None = None  # points gained, cards, the build
        trades = 0
        for e in events:
            if isinstance(e, ev.CardsBuilt):
                gained = sum(e.scores) - sum(scores[e.seat])
                scores[e.seat] = e.scores
                if e.cards and (best is None or (gained, len(e.cards)) > best[:2]):
                    best = (gained, len(e.cards), e)
            elif isinstance(e, ev.OfferAccepted):
                trades += 1
        lines = []
        if best is not None:
            gained, cards, e = best
            where = f" in {w.category(e.category)}" if e.category else ""
            lines.append(
                f"Biggest build: {n[e.seat]} built {w.count(cards, 'card')}{where}"
                f" for {w.count(gained, 'point')}."
            )
        lines.append(f"Trades: {trades} in all." if trades else "Trades: none this game.")
        return lines


CHRONICLE = TownChronicle()
