"""Proposing a contest's split with selects: "Propose a split…" answers the contester alone with
a form of selects — each contester's Gold share but the last's (who gets the rest), one select
for who receives the bonus and who keeps the card — and a Propose button. What is picked so far
is kept in the controls' custom ids (`Draft`), so every choice edits the message and nothing is
kept elsewhere. Within Discord's five rows: up to three Gold selects, the bonus and card select,
the buttons.

"Default" everywhere means the default split: Gold as evenly as possible with the remainder to
the highest roller, the bonus, the card and the replacement to the highest roller.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.presentation import Refused
from bot.render.ids import ControlId
from bot.render.ui import Button, Embed, Message, Option, Select, clip
from games.guild_master.presentation.text import Names, describe_terms

__all__ = ["STALE", "Draft", "describe_terms", "form", "with_receivers", "with_share"]
from games.guild_master.rules.commands import SplitTerms

GOLD_OPTIONS = 24  # numbered shares offered in a select (with "default": 25 options)
DEFAULT = "d"
STALE = "That split form is out of date; press Propose a split… again. Nothing was changed."


@dataclass(frozen=True)
class Draft:
    """A split being put together for the contest on contract spot `spot`: the Gold shares of
    the contesters but the last (None: the default split), and the contester (by index) who
    receives the bonus and who keeps the card (None: the default)."""

    spot: int
    gold: tuple[int, ...] | None = None
    bonus: int | None = None
    keeper: int | None = None

    def encode(self) -> str:
        gold = DEFAULT if self.gold is None else ".".join(map(str, self.gold))
        bonus = DEFAULT if self.bonus is None else str(self.bonus)
        keeper = DEFAULT if self.keeper is None else str(self.keeper)
        return f"{self.spot}/{gold}/{bonus}/{keeper}"

    @classmethod
    def decode(cls, text: str, contesters: int) -> Draft:
        """The draft of a custom id's argument; Refused(STALE) when it does not fit this contest."""
        try:
            spot, gold, bonus, keeper = text.split("/")
            shares = None if gold == DEFAULT else tuple(int(g) for g in gold.split("."))
            who = [None if x == DEFAULT else int(x) for x in (bonus, keeper)]
            draft = cls(int(spot), shares, who[0], who[1])
        except ValueError:
            raise Refused(STALE) from None
        if draft.gold is not None and len(draft.gold) != contesters - 1:
            raise Refused(STALE)
        if any(i is not None and not 0 <= i < contesters for i in (draft.bonus, draft.keeper)):
            raise Refused(STALE)
        return draft

    def terms(self, gold: int, seats: tuple[int, ...]) -> SplitTerms:
        """The split as the rules take it (the last contester's share is the rest)."""
        shares = None
        if self.gold is not None:
            shares = (*self.gold, gold - sum(self.gold))
        pick = [None if i is None else seats[i] for i in (self.bonus, self.keeper)]
        return SplitTerms(gold=shares, bonus=pick[0], keeper=pick[1])


def even(gold: int, n: int) -> tuple[int, ...]:
    """Everybody's share of an even split but the last's (the first get the remainder)."""
    base, extra = divmod(gold, n)
    return tuple(base + (1 if i < extra else 0) for i in range(n - 1))


def with_share(draft: Draft, index: int, value: str, gold: int, n: int) -> Draft:
    """`draft` with contester `index`'s Gold share set to `value` (or the default split)."""
    if value == DEFAULT:
        return replace(draft, gold=None)
    share = int(value)
    if not 0 <= share <= gold or not 0 <= index < n - 1:
        raise Refused(STALE)
    shares = list(draft.gold if draft.gold is not None else even(gold, n))
    shares[index] = share
    return replace(draft, gold=tuple(shares))


def with_receivers(draft: Draft, value: str, n: int) -> Draft:
    """`draft` with the bonus and card receivers of a "bonus.keeper" choice (or the default)."""
    if value == DEFAULT:
        return replace(draft, bonus=None, keeper=None)
    try:
        bonus, keeper = (None if x == DEFAULT else int(x) for x in value.split("."))
    except ValueError:
        raise Refused(STALE) from None
    if any(i is not None and not 0 <= i < n for i in (bonus, keeper)):
        raise Refused(STALE)
    return replace(draft, bonus=bonus, keeper=keeper)


def form(
    game_id: int,
    draft: Draft,
    seats: tuple[int, ...],
    gold: int,
    has_bonus: bool,
    names: Names,
    note: str = "",
) -> Message:
    """The split form for the contest of `seats` over a contract worth `gold` Gold."""
    n = len(seats)
    arg = draft.encode()
    terms = draft.terms(gold, seats)
    rest = gold - sum(draft.gold) if draft.gold is not None else 0
    lines = [note, ""] if note else []
    lines += [
        f"**Your proposal:** {describe_terms(terms, names, seats)}.",
        f"The contract pays {gold} Gold"
        + (", a bonus" if has_bonus else "")
        + ", and the card (with the replacement draw) to one guild.",
        f"The last guild, {names.guild(seats[-1])}, gets the Gold the others do not.",
    ]
    if rest < 0:
        lines.append(f"⚠ The shares add up to more than {gold} Gold: lower one before proposing.")
    rows: list[tuple[Button | Select, ...]] = []
    for i, seat in enumerate(seats[:-1][:3]):
        current = None if draft.gold is None else draft.gold[i]
        options = [Option("Default split", DEFAULT, "evenly, the rest to the highest roller")]
        options += [
            Option(f"{g} Gold", str(g), default=current == g)
            for g in range(min(gold, GOLD_OPTIONS - 1) + 1)
        ]
        options[0] = replace(options[0], default=current is None)
        rows.append(
            (
                Select(
                    ControlId("splitg", game_id, i, arg).encode(),
                    tuple(options),
                    placeholder=clip(f"Gold for {names.guild(seat)}", 100),
                ),
            )
        )
    receivers = [Option("Default: the highest roller", DEFAULT, default=draft.keeper is None)]
    for k in range(n):
        bonuses = range(n) if has_bonus else (None,)
        for b in bonuses:
            if b is None:
                label = f"Card to {names.guild(seats[k])}"
            elif b == k:
                label = f"Bonus and card to {names.guild(seats[k])}"
            else:
                label = f"Bonus to {names.guild(seats[b])}, card to {names.guild(seats[k])}"
            value = f"{DEFAULT if b is None else b}.{k}"
            chosen = draft.keeper == k and draft.bonus == b
            receivers.append(Option(clip(label, 100), value, default=chosen))
    rows.append(
        (
            Select(
                ControlId("splitbk", game_id, 0, arg).encode(),
                tuple(receivers[:25]),
                placeholder="Who receives the bonus and keeps the card",
            ),
        )
    )
    rows.append(
        (
            Button(
                "Propose",
                ControlId("splitgo", game_id, 0, arg).encode(),
                style="success",
                disabled=rest < 0,
            ),
        )
    )
    embed = Embed(title="Propose a split", description=clip("\n".join(lines), 4000))
    return Message(embeds=(embed,), rows=tuple(rows)).check()
