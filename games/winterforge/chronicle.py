"""Smiths of Winterforge's chronicle (bot/chronicle.py): the final places, each guild's
statistics (Contracts completed, Royal Contracts, skills raised) and the recap's turning points
(the biggest forge, the first Royal Contract, the longest forging streak), from public event
views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.winterforge.presentation import words as w
from games.winterforge.rules import events as ev
from games.winterforge.rules.content import load_pack


class WinterforgeChronicle:
    """Places follow the rules' ranking (its tie-break applied); the seats it names winners
    together share first place."""

    def places(self, events: Sequence[Any], players: int) -> tuple[int, ...] | None:
        for e in reversed(events):
            if isinstance(e, ev.GameEnded):
                result = e.result
                place = {seat: i for i, seat in enumerate(result.ranking)}
                return tuple(
                    0 if seat in result.winners else place[seat] for seat in range(players)
                )
        return None

    def statistics(self, events: Sequence[Any], players: int) -> tuple[Mapping[str, int], ...]:
        royals = load_pack().royals
        stats = [
            {"Contracts completed": 0, "Royal Contracts": 0, "skills raised": 0}
            for _ in range(players)
        ]
        for e in events:
            if isinstance(e, ev.ContractCompleted):
                stats[e.seat]["Contracts completed"] += 1
                stats[e.seat]["Royal Contracts"] += e.contract in royals
                stats[e.seat]["skills raised"] += len(e.raised)
            elif isinstance(e, ev.Trained):
                stats[e.seat]["skills raised"] += 1
        return tuple(stats)

    def recap(self, events: Sequence[Any], names: Sequence[str]) -> list[str]:
        created = next((e for e in events if isinstance(e, ev.GameCreated)), None)
        if created is None:
            return []
        n = w.seat_names(names, created.players)
        lines = []
        forged = [e for e in events if isinstance(e, ev.Forged)]
        best = max((e for e in forged if e.success), key=lambda e: e.total, default=None)
        if best is not None:
            lines.append(
                f"Biggest forge: {n[best.seat]} forged {w.contract_name(best.contract)} with"
                f" {best.total} against {best.target}."
            )
        first = next(
            (e for e in events if isinstance(e, ev.ContractCompleted) and e.first_royal), None
        )
        if first is not None:
            lines.append(
                f"First Royal Contract: {n[first.seat]} completed"
                f" {w.contract_name(first.contract)}."
            )
        else:
            lines.append("First Royal Contract: nobody completed one.")
        streak = _longest_streak(forged)
        if streak is not None and streak[1] > 1:  # one forge is no streak
            seat, length = streak
            lines.append(
                f"Longest forging streak: {n[seat]}, {w.count(length, 'successful forge')}"
                " in a row."
            )
        return lines


def _longest_streak(forged: Sequence[ev.Forged]) -> tuple[int, int] | None:
    """The seat with the most successful forges in a row among its own (a failed forge ends a
    streak), and how many; the earliest such streak when two are as long."""
    running: dict[int, int] = {}
    best: tuple[int, int] | None = None
    for e in forged:
        running[e.seat] = running.get(e.seat, 0) + 1 if e.success else 0
        if running[e.seat] and (best is None or running[e.seat] > best[1]):
            best = (e.seat, running[e.seat])
    return best


CHRONICLE = WinterforgeChronicle()
