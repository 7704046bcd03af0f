"""Guildmasters' chronicle (bot/chronicle.py): the final places, each guild's statistics (quests
fulfilled, level-3 quests, reactions that took effect) and the recap's turning points (the
richest quest, the first level-3 quest, every reaction that changed a quest), from public event
views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.words import count
from games.guildmasters.rules import events as ev
from games.guildmasters.rules.content import load_pack

# The events of a reaction taking effect, and the seat whose reaction it was.
REACTIONS = (ev.Beheaded, ev.Protected, ev.Ambushed, ev.Healed)


def _names(names: Sequence[str], players: int) -> list[str]:
    return [names[s] if s < len(names) and names[s] else f"Guild {s + 1}" for s in range(players)]


class GuildmastersChronicle:
    """Places follow the rules' ranking (more quests break a tie); the seats it names winners
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
        quests = load_pack().quests
        stats = [
            {"quests fulfilled": 0, "level-3 quests": 0, "reactions": 0} for _ in range(players)
        ]
        for e in events:
            if isinstance(e, ev.QuestFulfilled):
                stats[e.seat]["quests fulfilled"] += 1
                stats[e.seat]["level-3 quests"] += quests[e.quest].level == 3
            elif isinstance(e, REACTIONS):
                stats[e.seat]["reactions"] += 1
        return tuple(stats)

    def recap(self, events: Sequence[Any], names: Sequence[str]) -> list[str]:
        created = next((e for e in events if isinstance(e, ev.GameCreated)), None)
        if created is None:
            return []
        n = _names(names, created.players)
        quests = load_pack().quests
        fulfilled = [e for e in events if isinstance(e, ev.QuestFulfilled)]
        lines = []
        best = max(fulfilled, key=lambda e: e.points + e.influence, default=None)
        if best is not None:
            lines.append(
                f"Richest quest: {n[best.seat]} fulfilled {quests[best.quest].name} for "
                f"{best.points + best.influence} points."
            )
        first = next((e for e in fulfilled if quests[e.quest].level == 3), None)
        if first is not None:
            lines.append(f"First level-3 quest: {n[first.seat]}, {quests[first.quest].name}.")
        failed = sum(1 for e in events if isinstance(e, ev.QuestFailed))
        beheads = sum(1 for e in events if isinstance(e, ev.Beheaded))
        if beheads:
            lines.append(
                f"Assassins struck {count(beheads, 'time')}; {count(failed, 'quest')} failed."
            )
        return lines


CHRONICLE = GuildmastersChronicle()
