"""Controls: every kind of action a turn prompt offers sends the command it says (pressing "Move
to the Market, onto its Prime Position" sends Move(to="market", prime=True)); the forge shows its
exact odds before the roll; refusals are answered privately with a sentence and change nothing;
every control of every prompt of whole games fits Discord and answers."""

from __future__ import annotations

import random
from itertools import combinations, product
from typing import Any

import msgspec
import pytest

from bot.presentation import Reply
from bot.render.ids import parse
from bot.render.ui import Button, Message, Select
from engine.core.game import Seat
from games.winterforge import GAME
from games.winterforge.presentation import PRESENTATION
from games.winterforge.presentation.odds import best, breakdown, success_chance
from games.winterforge.presentation.prompts import turn_message
from games.winterforge.presentation.tests.tables import (
    FakeAsk,
    action_of,
    arg_of,
    controls,
    find,
    has,
    new_game,
    playout,
    table,
    texts,
)
from games.winterforge.rules import commands as cm
from games.winterforge.rules.content import load_pack
from games.winterforge.rules.forging import chance as plain_chance
from games.winterforge.rules.forging import fits
from games.winterforge.rules.state import WinterforgeState
from games.winterforge.tests.table import table as lay_out

P = PRESENTATION
PACK = load_pack()


async def press(
    state: WinterforgeState, seat: int, control: Button | Select, values: list[str] | None = None
) -> tuple[Reply, FakeAsk]:
    """`seat` uses `control` (with `values`, for a select) on a game in `state`."""
    ask = FakeAsk(state, seat)
    reply = await P.control(
        ask, action_of(control), arg_of(control), values or [], {}, parse(control.custom_id).seat
    )
    if reply.message is not None:
        reply.message.check()
    return reply, ask


def menu(state: WinterforgeState, seat: int = 0) -> Message:
    return turn_message(table(state, Seat(seat)))


def refused(reply: Reply, ask: FakeAsk, state: WinterforgeState, *hints: str) -> str:
    """The reply is a private refusal that names what to do, and nothing was done."""
    assert reply.ephemeral and not reply.edit and reply.message is not None
    text = reply.message.content
    for hint in hints:
        assert hint.lower() in text.lower(), (hint, text)
    assert not ask.acted and msgspec.json.encode(ask.state) == msgspec.json.encode(state)
    return text


async def sends(
    state: WinterforgeState, control: Button | Select, values: list[str] | None, expected: Any
) -> Reply:
    reply, ask = await press(state, 0, control, values)
    assert ask.acted == [expected], (ask.acted, reply.message and reply.message.content)
    assert reply.edit and reply.message is not None
    return reply


def values_of(select: Select) -> list[str]:
    return [o.value for o in select.options]


# --- every action kind -----------------------------------------------------------------------


async def test_moving_with_and_without_the_prime_position():
    state = lay_out(players=3)
    m = menu(state)
    move = find(m, "wfmove")
    assert {"mk.1", "mk.0", "bk.1", "bk.0"} <= set(values_of(move))
    reply = await sends(state, move, ["mk.1"], cm.Move(seat=0, to="market", prime=True))
    assert "You moved to the Market, onto its Prime Position." in texts(reply.message)
    # The prompt is edited into the menu of the Market: the turn goes on.
    assert has(reply.message, "wfbuy") and "action 2 of 3" in texts(reply.message)
    await sends(state, move, ["bk.0"], cm.Move(seat=0, to="bank", prime=False))
    with_alleyway = lay_out(players=3, alleyways=["shrine"])
    await sends(
        with_alleyway,
        find(menu(with_alleyway), "wfmove"),
        ["sh.0"],
        cm.Move(seat=0, to="shrine", prime=False),
    )


async def test_training_with_the_prime_bonus_and_without():
    state = lay_out(guild=[{"seat": 0, "at": "forge", "prime": True, "coin": 9}])
    m = menu(state)
    assert "Prime bonus" in texts(m)
    await sends(state, find(m, "wftrain"), ["armour"], cm.Train(seat=0, skill="armour", prime=True))
    off, _ = await press(state, 0, find(m, "wfprime"))
    assert off.edit and "Prime bonus (+1 Work token or Train 1 Coin less): off" in texts(
        off.message
    )
    await sends(state, find(off.message, "wftrain"), ["armour"], cm.Train(seat=0, skill="armour"))


async def test_forging_shows_the_exact_odds_then_rolls():
    state = lay_out(
        guild=[
            {
                "seat": 0,
                "at": "forge",
                "coin": 5,
                "hand": ["alehouse-cleaver"],
                "stockpile": ["bog-iron-1", "pine-haft-1", "tin-ingot-1"],
            }
        ]
    )
    m = menu(state)
    forge = find(m, "wfforge")
    assert forge.options[0].label.startswith("Forge Alehouse Cleaver — ")
    opened, ask = await press(state, 0, forge, [forge.options[0].value])
    assert opened.edit and not ask.acted
    text = texts(opened.message)
    # The best commit: the tin ingot's d6 rather than the bog iron's d4.
    assert "Committed: Pine Haft (timber d4), Tin Ingot (ore d6)" in text
    view = GAME.view(state, Seat(0))
    b = breakdown(view, "alehouse-cleaver", ("tin-ingot-1", "pine-haft-1"), "", False)
    assert b.chance == pytest.approx(plain_chance((6, 4), b.needed))
    assert "Chance of success:" in text and "Forge Number 8" in text
    go = find(opened.message, "wffg")
    await sends(
        state,
        go,
        None,
        cm.Forge(seat=0, contract="alehouse-cleaver", components=("pine-haft-1", "tin-ingot-1")),
    )
    # Other Components picked by hand: the breakdown follows; too few are refused by the rules.
    picked, _ = await press(state, 0, find(opened.message, "wffm"), ["0", "1"])
    assert "Committed: Bog Iron (ore d4), Pine Haft (timber d4)" in texts(picked.message)
    short, _ = await press(state, 0, find(opened.message, "wffm"), ["0"])
    assert "do not fill the Contract" in texts(short.message)
    assert find(short.message, "wffg").disabled


async def test_a_forge_with_a_rune_crew_to_let_go_hold_and_the_prime_token():
    state = lay_out(
        alleyways=["runesmith", "auction-house"],
        guild=[
            {
                "seat": 0,
                "at": "forge",
                "prime": True,
                "coin": 5,
                "hand": ["alehouse-cleaver"],
                "stockpile": ["bog-iron-1", "pine-haft-1"],
                "runes": ["rune-of-the-spark"],
                "crew": ["nim-the-haggler"],
            }
        ],
    )
    opened, _ = await press(state, 0, find(menu(state), "wfforge"), ["h0"])
    assert "+1 Work token on" in texts(opened.message)
    rune, _ = await press(state, 0, find(opened.message, "wffr"), ["0"])
    held, _ = await press(state, 0, find(rune.message, "wffh"))
    gone, _ = await press(state, 0, find(held.message, "wffd"), ["0"])
    assert "Hold: on" in texts(gone.message)
    await sends(
        state,
        find(gone.message, "wffg"),
        None,
        cm.Forge(
            seat=0,
            contract="alehouse-cleaver",
            components=("bog-iron-1", "pine-haft-1"),
            rune="rune-of-the-spark",
            prime=True,
            hold=True,
            dismiss=("nim-the-haggler",),
        ),
    )
    # A Contract already face up keeps its Components: only the Contract is sent.
    started = lay_out(
        guild=[
            {
                "seat": 0,
                "at": "forge",
                "started": [
                    {
                        "contract": "alehouse-cleaver",
                        "components": ["bog-iron-1", "pine-haft-1"],
                        "tokens": 2,
                    }
                ],
            }
        ]
    )
    opened, _ = await press(started, 0, find(menu(started), "wfforge"), ["s0"])
    assert "2 Work tokens on it" in texts(opened.message)
    await sends(
        started, find(opened.message, "wffg"), None, cm.Forge(seat=0, contract="alehouse-cleaver")
    )


async def test_buying_two_or_three_with_the_prime_position_and_refreshing_a_row():
    state = lay_out(guild=[{"seat": 0, "at": "market", "prime": True, "coin": 20}])
    m = menu(state)
    buy = find(m, "wfbuy")
    assert buy.max_values == 3
    market = GAME.view(state, Seat(0)).public.market
    await sends(state, buy, ["0.0", "1.1"], cm.Buy(seat=0, components=(market[0][0], market[1][1])))
    await sends(
        state,
        buy,
        ["0.0", "0.1", "2.2"],
        cm.Buy(seat=0, components=(market[0][0], market[0][1], market[2][2]), prime=True),
    )
    row = next(b for b in controls(m) if action_of(b) == "wfrow" and "row 2" in b.label)
    await sends(state, row, None, cm.RefreshRow(seat=0, level=2))


async def test_taking_contracts_with_returns_past_the_limit_and_requesting_funds():
    state = lay_out(guild=[{"seat": 0, "at": "guildhall", "coin": 1}])
    view = GAME.view(state, Seat(0))
    m = menu(state)
    track = view.public.job_track
    await sends(
        state,
        find(m, "wftake"),
        ["0", "2"],
        cm.TakeContracts(seat=0, contracts=(track[0], track[2])),
    )
    await sends(state, find(m, "wffunds"), None, cm.RequestFunds(seat=0))
    full = lay_out(
        guild=[
            {
                "seat": 0,
                "at": "guildhall",
                "hand": ["alehouse-cleaver", "pit-crew-pickaxe", "watchmans-cudgel"],
            }
        ]
    )
    track = GAME.view(full, Seat(0)).public.job_track
    asked, ask = await press(full, 0, find(menu(full), "wftake"), ["1"])
    assert not ask.acted and "Return Contracts" in texts(asked.message)
    ret = find(asked.message, "wfret")
    assert ret.min_values == ret.max_values == 1
    await sends(
        full,
        ret,
        ["0"],
        cm.TakeContracts(seat=0, contracts=(track[1],), returns=("alehouse-cleaver",)),
    )


async def test_loans_taken_and_repaid():
    state = lay_out(
        guild=[
            {
                "seat": 0,
                "at": "bank",
                "coin": 5,
                "loans": [{"loan": "stonecount-hearth-note", "paid": 1}],
            }
        ]
    )
    bank = GAME.view(state, Seat(0)).public.bank
    m = menu(state)
    await sends(state, find(m, "wfloan"), ["0"], cm.TakeLoan(seat=0, loan=bank[0]))
    repay = find(m, "wfrepay")
    assert repay.options[0].label == "Pay 5 Coin on Stonecount Hearth Note (pays it off)"
    await sends(
        state, repay, ["0.3"], cm.RepayLoan(seat=0, loan="stonecount-hearth-note", amount=3)
    )


async def test_hiring_firing_and_refreshing_the_tavern():
    state = lay_out(
        guild=[
            {
                "seat": 0,
                "at": "tavern",
                "coin": 9,
                "crew": ["nim-the-haggler", "pell-the-tunnel-runner"],
            }
        ]
    )
    tavern = GAME.view(state, Seat(0)).public.tavern
    m = menu(state)
    hire = find(m, "wfhire")
    assert "0.1" in values_of(hire) and "0.-" not in values_of(hire)
    await sends(
        state, hire, ["0.1"], cm.Hire(seat=0, crew=tavern[0], fire=("pell-the-tunnel-runner",))
    )
    await sends(state, find(m, "wftavern"), None, cm.RefreshTavern(seat=0))


async def test_the_alleyways():
    every = ["shrine", "auction-house", "thieves-guild", "runesmith"]

    def at(place: str, **more: Any) -> WinterforgeState:
        return lay_out(
            alleyways=every,
            guild=[
                {"seat": 0, "at": place, "coin": 6, **more},
                {"seat": 1, "stockpile": ["bog-iron-1"]},
            ],
        )

    shrine = at("shrine")
    reply = await sends(shrine, find(menu(shrine), "wfdonate"), ["3"], cm.Donate(seat=0, token=3))
    value = GAME.view(shrine, Seat(0)).public.shrine  # a count only
    assert value and "Faith token worth" in texts(reply.message)  # told to the donor alone
    thieves = at("thieves-guild")
    thief = find(menu(thieves), "wfthief")
    assert values_of(thief) == ["1"]
    await sends(thieves, thief, ["1"], cm.HireThief(seat=0, victim=1))
    runes = at("runesmith")
    await sends(runes, find(menu(runes), "wfrune"), None, cm.BuyRune(seat=0))
    auction = at("auction-house", held=["alehouse-cleaver"])
    await sends(auction, find(menu(auction), "wfsell"), None, cm.SellHeld(seat=0))


async def test_ending_the_turn_closes_the_prompt():
    state = lay_out(players=3)
    reply = await sends(state, find(menu(state), "wfend"), None, cm.EndTurn(seat=0))
    assert reply.message.rows == () and "Your turn is over" in texts(reply.message)


async def test_the_royal_contract_is_chosen_by_a_button():
    state = new_game(3, 7).after
    t = table(state, Seat(1))
    decision = next(d for d in t.decisions if d.kind == "royal")
    prompt = P.prompt(t, decision)
    assert prompt is not None
    offer = GAME.view(state, Seat(1)).royal_offer
    second = next(b for b in controls(prompt) if arg_of(b) == "1")
    reply, ask = await press(state, 1, second)
    assert ask.acted == [cm.ChooseRoyal(seat=1, royal=offer[1])]
    assert "You keep" in texts(reply.message) and reply.message.rows == ()
    again, ask = await press(ask.state, 1, second)
    refused(again, ask, ask.state, "already chosen")


async def test_lords_of_winterforge_places_a_smith_then_acts():
    state = lay_out(players=6, guild=[{"seat": 0, "coin": 9}])
    m = menu(state)
    place = find(m, "wfplace")
    assert "Place a Smith in the Forge — Prime Position free" in [o.label for o in place.options]
    assert not has(m, "wfmove")
    forge, ask = await press(state, 0, place, ["fg"])
    assert not ask.acted and has(forge.message, "wftrain")
    await sends(
        state,
        find(forge.message, "wftrain"),
        ["weapons"],
        cm.Train(seat=0, skill="weapons", prime=True),
    )


async def test_the_solo_game_shows_its_event():
    state = lay_out(players=1, turn_event="masters-open-day")
    assert "**Event: Masters' Open Day**" in texts(menu(state))


# --- refusals --------------------------------------------------------------------------------


async def test_refusals_say_what_to_do_and_change_nothing():
    state = lay_out(guild=[{"seat": 0, "at": "market", "coin": 0}])
    m = menu(state)
    reply, ask = await press(state, 0, find(m, "wfbuy"), ["2.0"])
    text = refused(reply, ask, state, "Nothing was changed")
    assert "costs" in text and "you have 0" in text
    reply, ask = await press(state, 0, find(m, "wfbuy"), ["9.9"])
    refused(reply, ask, state, "Pick Components from the Market's list")
    # A prompt made before the game moved on is out of date.
    later = GAME.execute(state, cm.Move(seat=0, to="forge"))[1]
    reply, ask = await press(later, 0, find(m, "wfend"))
    refused(reply, ask, later, "out of date", "/gm decide")
    # Somebody whose turn it is not.
    other = find(menu(state), "wfend")
    reply, ask = await press(GAME.execute(state, cm.EndTurn(seat=0))[1], 0, other)
    refused(reply, ask, ask.state, "not your turn")
    # Forged ids are refused with a sentence, never a crash.
    for arg in ("", "x", "a.b.c.d", "zzzzzzzz.q.fg"):
        ask = FakeAsk(state, 0)
        reply = await P.control(ask, "wfend", arg, [], {}, 0)
        assert reply.ephemeral and reply.message.content and not ask.acted


# --- the odds ---------------------------------------------------------------------------------


def _brute(dice: tuple[int, ...], needed: int) -> float:
    """Every roll, with the rules' reroll of the die furthest below its top when short."""
    won = 0.0
    total = 1
    for d in dice:
        total *= d
    for faces in product(*(range(1, d + 1) for d in dice)):
        if sum(faces) >= needed:
            won += 1
            continue
        low = min(range(len(dice)), key=lambda i: (faces[i] - dice[i], i))
        rest = sum(faces) - faces[low]
        won += sum(1 for v in range(1, dice[low] + 1) if rest + v >= needed) / dice[low]
    return won / total


@pytest.mark.parametrize("dice", [(4,), (6, 4), (8, 6, 4), (12, 4, 4), (6, 6, 8)])
def test_the_odds_with_a_reroll_are_exact(dice):
    for needed in range(0, sum(dice) + 2):
        assert success_chance(dice, needed, True) == pytest.approx(_brute(dice, needed))
        assert success_chance(dice, needed, False) == pytest.approx(plain_chance(dice, needed))


# --- every control of whole games ----------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (1, {}), (6, {}), (4, {"shrine": True, "thieves_guild": True, "runesmith": True})],
)
async def test_every_control_of_every_prompt_of_whole_games(players, options):
    """Press every control of the current seat's prompt with its first choice, at every update
    of a whole game between built-in players: each answers (an edited prompt, or a private
    sentence), and whatever it sends the rules accept or refuse with a sentence."""
    pressed = set()
    for n, step in enumerate(playout(players, 3, options)):
        state = step.after
        for decision in GAME.pending(state):
            t = table(state, Seat(decision.seat))
            reply = await P.decide(t)
            message = reply.message
            assert message is not None
            message.check()
            if n % 3:
                continue  # every third update is enough to meet every control
            for control in controls(message):
                if getattr(control, "disabled", False):
                    continue
                values = [control.options[0].value] if isinstance(control, Select) else None
                answer, _ = await press(state, decision.seat, control, values)
                assert answer.message is not None
                assert answer.edit or answer.message.content, action_of(control)
                pressed.add(action_of(control))
    assert {"wfend", "wfplace" if players == 6 else "wfmove"} <= pressed
    assert pressed <= P.controls


async def test_a_solo_turn_ended_at_once_runs_on_into_the_next_in_the_same_prompt():
    """The core prompts a turn anew only when the decision differs from the one answered: a
    solo turn ended before any action looks like the next, so the prompt goes on into it."""
    state = lay_out(players=1)
    reply = await sends(state, find(menu(state), "wfend"), None, cm.EndTurn(seat=0))
    assert "Turn 2 of 15" in texts(reply.message) and has(reply.message, "wfend")
    acted = GAME.execute(state, cm.Move(seat=0, to="market"))[1]
    reply, _ = await press(acted, 0, find(menu(acted), "wfend"))
    assert "Your turn is over" in texts(reply.message) and reply.message.rows == ()


def test_the_likely_move_comes_first():
    # Contracts but nothing to forge them with: the Market, one move away.
    state = lay_out(guild=[{"seat": 0, "coin": 4, "hand": ["alehouse-cleaver"]}])
    move = find(menu(state), "wfmove")
    assert move.options[0].label == "Move to the Market, onto its Prime Position (suggested)"
    # Everything at hand for a good forge: towards the Forge (two moves from the Guildhall).
    ready = lay_out(
        guild=[
            {
                "seat": 0,
                "hand": ["alehouse-cleaver"],
                "stockpile": ["tin-ingot-1", "seasoned-oak-1"],
            }
        ]
    )
    assert find(menu(ready), "wfmove").options[0].label.startswith("Move to the Market")
    # Already where the likely action is: no move is suggested.
    there = lay_out(guild=[{"seat": 0, "at": "market", "coin": 4, "hand": ["alehouse-cleaver"]}])
    assert not any("suggested" in o.label for o in find(menu(there), "wfmove").options)


def test_the_best_commit_is_the_best_of_every_commit():
    """The forge's default Components: searched among the strongest of each material, they
    give the same chance as the best of every way to fill the Contract."""
    rnd = random.Random(3)
    for _ in range(40):
        stock = rnd.sample(list(PACK.components), rnd.randint(3, 10))
        hand = rnd.sample(list(PACK.contracts), 3)
        view = GAME.view(lay_out(guild=[{"seat": 0, "hand": hand, "stockpile": stock}]), Seat(0))
        for slug in hand:
            slots = PACK.contracts[slug].slots
            every = [
                breakdown(view, slug, combo, "", False).chance
                for combo in combinations(view.public.guilds[0].stockpile, len(slots))
                if fits(slots, [PACK.components[c].material for c in combo])
            ]
            found = best(view, slug, False)
            assert (found is None) == (not every)
            if found is not None:
                assert found.chance == pytest.approx(max(every))


async def test_a_stockpile_past_one_select_page_still_forges():
    """The Components select shows 25 cards: a best commit past them is left for the player to
    pick, and the forge still opens."""
    filler = [c.id for c in PACK.components.values() if c.material in ("gem", "hide")][:26]
    state = lay_out(
        guild=[
            {
                "seat": 0,
                "at": "forge",
                "hand": ["alehouse-cleaver"],
                "stockpile": [*filler, "tin-ingot-1", "pine-haft-1"],
            }
        ]
    )
    opened, ask = await press(state, 0, find(menu(state), "wfforge"), ["h0"])
    assert opened.edit and not ask.acted
    assert "Committed: nothing yet" in texts(opened.message)
    assert len(find(opened.message, "wffm").options) == 25
