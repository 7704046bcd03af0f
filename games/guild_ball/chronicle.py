"""Guild Ball's chronicle (bot/chronicle.py): the final places, each team's statistics (goals,
take-outs, VP) and the recap's turning points (the first goal, every take-out, the winning
score), from public event views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.guild_ball.content.loader import load_pack
from games.guild_ball.rules import events as ev


def _names(names: Sequence[str], players: int) -> list[str]:
    return [names[s] if s < len(names) and names[s] else f"Player {s + 1}" for s in range(players)]


def _model(model_id: str) -> str:
    """A model's name from its id ("0-oswin-tollbright")."""
    slug = model_id.partition("-")[2]
    card = load_pack().models.get(slug)
    return card.name if card is not None else slug


class GuildBallChronicle:
    """The winner places first; a draw (the turn limit reached level) shares first place."""

    def places(self, events: Sequence[Any], players: int) -> tuple[int, ...] | None:
        for e in reversed(events):
            if isinstance(e, ev.GameEnded):
                if e.winner is None:
                    return (0,) * players
                return tuple(0 if seat == e.winner else 1 for seat in range(players))
        return None

    def statistics(self, events: Sequence[Any], players: int) -> tuple[Mapping[str, int], ...]:
        stats = [{"goals": 0, "take-outs": 0, "VP": 0} for _ in range(players)]
        for e in events:
            if isinstance(e, ev.Scored) and 0 <= e.seat < players:
                stats[e.seat]["VP"] = e.vp  # the team's total now
                if e.why == "goal":
                    stats[e.seat]["goals"] += 1
            elif isinstance(e, ev.TakenOut):
                seat = int(e.model.partition("-")[0])
                if 0 <= 1 - seat < players:
                    stats[1 - seat]["take-outs"] += 1
        return tuple(stats)

    def recap(self, events: Sequence[Any], names: Sequence[str]) -> list[str]:
        if not any(isinstance(e, ev.GameCreated) for e in events):
            return []
        n = _names(names, 2)
        lines = []
        scored = [e for e in events if isinstance(e, ev.Scored)]
        first = next((e for e in scored if e.why == "goal"), None)
        if first is not None:
            lines.append(f"First goal: {n[first.seat]}.")
        for e in events:
            if isinstance(e, ev.TakenOut):
                lines.append(f"{_model(e.model)} was taken out.")
        end = next((e for e in reversed(events) if isinstance(e, ev.GameEnded)), None)
        if end is not None:
            vp = [max((e.vp for e in scored if e.seat == s), default=0) for s in range(2)]
            who = "A draw" if end.winner is None else f"{n[end.winner]} won"
            lines.append(f"{who}, {vp[0]}–{vp[1]} VP ({end.reason}).")
        return lines[:8]


CHRONICLE = GuildBallChronicle()
