"""Final scoring and the solo game's Reputation.

"RP value of each Complete Contract X; First Player to complete Royal Contract +3; 2 Crew members
in your Guild +2; Bonus RP as per Guild board for each Skill type X; Each Loan you have Repaid to
the Bank (to a maximum of 2 RP) +1; For each unpaid Loan -2." "In the case of a tie, the Player
with most Completed Contracts wins." Contracts Held for the Auction House still count; the Shrine
of Thommag adds 3 and 2 RP for the most and second most Faith.
"""

from __future__ import annotations

from games.winterforge.rules.content import SKILLS, load_pack
from games.winterforge.rules.context import contract_card
from games.winterforge.rules.state import Guild, Result, WinterforgeState

ROYAL_FIRST = 3
FULL_CREW = 2
REPAID = 1
REPAID_MAX = 2
UNPAID = -2
FAITH_PLACES = (3, 2)  # "the most Faith earns an additional 3 RP and … second most … 2 RP"

# "Your Reputation", read with the overlap at 20 given to "19-20" (see the rules notes).
REPUTATION: tuple[tuple[int, str], ...] = (
    (21, "The king'll love this! You are a worthy one!"),
    (19, "Ye hammer has struck true. Ye should be proud!"),
    (15, "Ye got a good arm on ya."),
    (10, "At least the blade is good."),
    (0, "Why did ya bother?!"),
)


def reputation(total: int) -> str:
    """The solo game's verdict for `total` RP (a score below 0 earns the lowest)."""
    return next((text for low, text in REPUTATION if total >= low), REPUTATION[-1][1])


def faith_points(faith: tuple[int, ...]) -> tuple[int, ...]:
    """The Shrine's RP per seat from each seat's Faith total. "In the result of a tie for first or
    second, Players split the points of both their current and the next place (if there is one)
    evenly (rounding down)." Only a seat with some Faith places."""
    points = [0] * len(faith)
    place = 0
    for value in sorted({f for f in faith if f > 0}, reverse=True):
        if place >= len(FAITH_PLACES):
            break
        tied = [s for s, f in enumerate(faith) if f == value]
        pool = sum(FAITH_PLACES[place : place + len(tied)])
        for s in tied:
            points[s] = pool // len(tied)
        place += len(tied)
    return tuple(points)


def lines(state: WinterforgeState, seat: int, faith: int = 0) -> tuple[tuple[str, int], ...]:
    """The scoring table for `seat`: (line, RP), every line listed."""
    g: Guild = state.guilds[seat]
    board = load_pack().guilds[g.board]
    contracts = sum(contract_card(c).rp for c in (*g.completed, *g.held))
    repaid = sum(1 for h in g.loans if h.repaid and h.at_bank)
    unpaid = sum(1 for h in g.loans if not h.repaid)
    out = [
        ("contracts", contracts),
        ("first royal", ROYAL_FIRST if state.first_royal == seat else 0),
        ("full crew", FULL_CREW if len(g.crew) >= 2 else 0),
        *((f"{skill} skill", board.skill_rp[g.skills[i]]) for i, skill in enumerate(SKILLS)),
        ("loans repaid", REPAID * min(repaid, REPAID_MAX)),
        ("unpaid loans", UNPAID * unpaid),
    ]
    if "shrine" in state.alleyways:
        out.append(("faith", faith))
    return tuple(out)


def final_result(state: WinterforgeState, reason: str) -> Result:
    """The final scoring of every seat, the ranking with its tie-break, and the solo verdict."""
    faith = faith_points(tuple(sum(g.faith) for g in state.guilds))
    table = tuple(lines(state, s, faith[s]) for s in range(state.players))
    totals = tuple(sum(v for _, v in t) for t in table)
    done = tuple(len(g.completed) + len(g.held) for g in state.guilds)
    ranking = tuple(
        sorted(range(state.players), key=lambda s: (-totals[s], -done[s], state.order.index(s)))
    )
    best = ranking[0]
    winners = tuple(s for s in ranking if (totals[s], done[s]) == (totals[best], done[best]))
    return Result(
        reason=reason,
        lines=table,
        totals=totals,
        ranking=ranking,
        winners=winners,
        reputation=reputation(totals[0]) if state.players == 1 else "",
    )
