"""The split form (issue 19: the modal's labels were cut and the bonus and card were typed as
guild numbers): selects name every contester, fit Discord's limits for 2 to 4 contesters, and
what is picked becomes the split the rules take."""

import pytest

from bot.presentation import Refused
from bot.render.ids import parse
from games.guild_master.presentation import split
from games.guild_master.presentation.text import Names
from games.guild_master.rules.commands import SplitTerms
from games.guild_master.rules.content import load_pack

PACK = load_pack("basic")
LONG = "Ser Bartholomew-Maximilian the Exceedingly Long-Winded"


def names(n):
    return Names(PACK, [f"{LONG} {i}" for i in range(n)])


@pytest.mark.parametrize("contesters", [2, 3, 4])
@pytest.mark.parametrize("has_bonus", [False, True])
def test_the_form_names_every_contester_within_discords_limits(contesters, has_bonus):
    seats = tuple(range(contesters))
    message = split.form(7, split.Draft(spot=3), seats, 9, has_bonus, names(contesters))
    message.check()  # rows, options, lengths, unique custom ids
    gold = [c for row in message.rows for c in row if parse(c.custom_id).action == "splitg"]
    assert [g.placeholder for g in gold] == [
        f"Gold for {names(contesters).guild(s)}"[:100] for s in seats[:-1]
    ]
    receivers = next(c for row in message.rows for c in row if "splitbk" in c.custom_id)
    assert len(receivers.options) == 1 + contesters * (contesters if has_bonus else 1)
    assert all(LONG in o.label for o in receivers.options[1:])


def test_picks_become_the_split_the_rules_take():
    seats = (2, 0, 3)
    draft = split.Draft(spot=3)
    assert draft.terms(7, seats) == SplitTerms()  # the default split
    draft = split.with_share(draft, 0, "4", 7, 3)  # the others keep an even share: 2
    draft = split.with_receivers(draft, "2.0", 3)  # the bonus to guild 3, the card to guild 2
    assert draft.terms(7, seats) == SplitTerms(gold=(4, 2, 1), bonus=3, keeper=2)
    assert split.Draft.decode(draft.encode(), 3) == draft
    assert split.with_share(draft, 1, "d", 7, 3).gold is None


def test_shares_above_the_contracts_gold_cannot_be_proposed():
    draft = split.Draft(spot=1, gold=(7,))
    message = split.form(1, draft, (0, 1), 6, False, names(2))
    propose = next(c for row in message.rows for c in row if "splitgo" in c.custom_id)
    assert propose.disabled and "more than 6 Gold" in message.embeds[0].description


@pytest.mark.parametrize("arg", ["", "3", "3/1.2/d/d", "3/x/d/d", "3/d/9/d", "3/d/d/-1"])
def test_a_forged_or_stale_form_is_refused(arg):
    with pytest.raises(Refused):
        split.Draft.decode(arg, 2)
