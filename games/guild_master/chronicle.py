"""Guild Master's chronicle (bot/chronicle.py): the final places, each guild's statistics
(contracts completed, adventurers recruited, conflicts won) and the recap's turning points (the
biggest contract, the decisive conflict, the Fame swing round), from public event views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.chronicle import places_by_score
from games.guild_master.presentation.text import Names
from games.guild_master.rules import events as ev
from games.guild_master.rules.content import load_pack


class GuildMasterChronicle:
    """The highest Fame wins and guilds with equal Fame share their place (GameEnded)."""

    def places(self, events: Sequence[Any], players: int) -> tuple[int, ...] | None:
        for e in reversed(events):
            if isinstance(e, ev.GameEnded):
                return places_by_score(e.fame)
        return None

    def statistics(self, events: Sequence[Any], players: int) -> tuple[Mapping[str, int], ...]:
        stats = [
            {"contracts completed": 0, "recruits": 0, "conflicts won": 0} for _ in range(players)
        ]
        for e in events:
            if isinstance(e, ev.ContractCompleted):
                for seat in e.seats:
                    stats[seat]["contracts completed"] += 1
            elif isinstance(e, ev.AdventurerRecruited):
                stats[e.seat]["recruits"] += 1
            elif isinstance(e, ev.ConflictDecided) and e.winner is not None:
                stats[e.winner]["conflicts won"] += 1
        return tuple(stats)

    def recap(self, events: Sequence[Any], names: Sequence[str]) -> list[str]:
        created = next((e for e in events if isinstance(e, ev.GameCreated)), None)
        if created is None:
            return []
        n = Names(load_pack(created.pack), names)
        lines = [
            line
            for line in (
                _biggest_contract(events, n),
                _decisive_conflict(events, n),
                _swing_round(events, n, created.players),
            )
            if line
        ]
        return lines


def _biggest_contract(events: Sequence[Any], n: Names) -> str:
    """The contract reward worth the most Fame (then Gold); the earliest of equals."""
    best: tuple[int, int, int, ev.ContractRewarded] | None = None
    round_ = 0
    for e in events:
        if isinstance(e, ev.RoundStarted):
            round_ = e.round
        elif isinstance(e, ev.ContractRewarded) and (
            best is None or (e.fame, e.gold) > (best[0], best[1])
        ):
            best = (e.fame, e.gold, round_, e)
    if best is None:
        return ""
    fame, gold, round_, e = best
    return (
        f"Biggest contract: {n.guild(e.seat)} took {n.contract(e.contract)} in round {round_}"
        f" for {fame} Fame and {gold} Gold."
    )


def _decisive_conflict(events: Sequence[Any], n: Names) -> str:
    """The last conflict won by a guild that went on to win the game (else the last conflict
    won at all): the fight that shaped the final standings."""
    winners: tuple[int, ...] = ()
    for e in events:
        if isinstance(e, ev.GameEnded):
            winners = e.winners
    contests: dict[tuple[int, int], ev.ContestOpened] = {}
    round_ = 0
    decided: list[tuple[int, ev.ContestOpened | None, ev.ConflictDecided]] = []
    for e in events:
        if isinstance(e, ev.RoundStarted):
            round_ = e.round
        elif isinstance(e, ev.ContestOpened):
            contests[(e.space, e.spot)] = e
        elif isinstance(e, ev.ConflictDecided) and e.winner is not None:
            decided.append((round_, contests.get((e.space, e.spot)), e))
    if not decided:
        return "No conflict was won: every contest ended in a split, cooperation or a miss."
    by_winner = [d for d in decided if d[2].winner in winners]
    round_, contest, e = (by_winner or decided)[-1]
    assert e.winner is not None  # only conflicts with a winner were kept
    # The rivals are everyone in the contest: a guild that cooperated lost the contract too.
    seats = contest.seats if contest is not None else tuple(s for s, _ in e.margins)
    rivals = n.guilds([s for s in seats if s != e.winner])
    what = f" for {n.contract(contest.contract)}" if contest is not None else ""
    return f"Decisive conflict: {n.guild(e.winner)} beat {rivals}{what} in round {round_}."


def _swing_round(events: Sequence[Any], n: Names, players: int) -> str:
    """The round in which one guild gained the most Fame, and whether the lead changed."""
    previous = (0,) * players
    best: tuple[int, int, int, bool] | None = None  # gain, round, seat, lead changed
    for e in events:
        if not isinstance(e, ev.RoundEnded):
            continue
        for seat in range(players):
            gain = e.fame[seat] - previous[seat]
            if best is None or gain > best[0]:
                led_before = max(previous) > 0 and previous[seat] == max(previous)
                leads_now = e.fame[seat] == max(e.fame)
                best = (gain, e.round, seat, leads_now and not led_before)
        previous = e.fame
    if best is None or best[0] <= 0:
        return ""
    gain, round_, seat, took_lead = best
    lead = " and took the lead" if took_lead else ""
    return f"Fame swing: {n.guild(seat)} gained {gain} Fame in round {round_}{lead}."


CHRONICLE = GuildMasterChronicle()
