"""Victory Calculation, the winner: "The player with the highest score in the most categories is
the winner."

A category is won by every seat whose score in it is the highest and above zero: tied leaders each
count it (each has "the highest score"), and a category nobody has built in is won by nobody. The
ranking orders the seats by, in turn: categories won; categories won alone; total points; cards
built; and last the later place in the turn order (a seat later in the order never had more turns
than one earlier). That order is complete: two seats never tie.
"""

from __future__ import annotations

from games.town.rules.cards import CATEGORIES


def leaders(scores: tuple[tuple[int, ...], ...], index: int) -> tuple[int, ...]:
    """The seats with the highest score (above zero) in category `index`."""
    best = max(row[index] for row in scores)
    if best <= 0:
        return ()
    return tuple(seat for seat, row in enumerate(scores) if row[index] == best)


def categories_won(scores: tuple[tuple[int, ...], ...]) -> tuple[tuple[str, ...], ...]:
    """Per seat, the categories it leads (ties shared), in `CATEGORIES` order."""
    won: list[list[str]] = [[] for _ in scores]
    for index, category in enumerate(CATEGORIES):
        for seat in leaders(scores, index):
            won[seat].append(category)
    return tuple(tuple(w) for w in won)


def ranking(
    scores: tuple[tuple[int, ...], ...],
    towns: tuple[tuple[str, ...], ...],
    order: tuple[int, ...],
) -> tuple[int, ...]:
    """Every seat, the winner first, by the tie-breaks above."""
    won = categories_won(scores)
    alone = [0] * len(scores)
    for index in range(len(CATEGORIES)):
        lead = leaders(scores, index)
        if len(lead) == 1:
            alone[lead[0]] += 1

    def key(seat: int) -> tuple[int, int, int, int, int]:
        return (
            len(won[seat]),
            alone[seat],
            sum(scores[seat]),
            len(towns[seat]),
            order.index(seat),
        )

    return tuple(sorted(range(len(scores)), key=key, reverse=True))
