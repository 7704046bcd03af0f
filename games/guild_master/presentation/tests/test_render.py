"""Rendering: every message the bot can send, at every step of whole simulated games, fits
Discord's limits (rows, buttons, options, lengths, unique custom ids), and the order board and
prompts show what the rules need."""

import pytest

from bot.render.ui import Button, Message, Select, clip
from engine.core.game import PUBLIC, Seat
from games.guild_master import GAME
from games.guild_master.players.simulate import play
from games.guild_master.presentation import channel, order_board, prompts
from games.guild_master.presentation.text import Names
from games.guild_master.rules.commands import SetOrders, UsePlotAbility
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.state import Phase
from games.guild_master.tests.table import order
from games.guild_master.tests.table import play as play_commands
from games.guild_master.tests.table import table as engine_table

PACK = load_pack("basic")
LONG = "Ser Bartholomew-Maximilian the Exceedingly Long-Winded of Lower Wallop" * 2


def names(players):
    return Names(PACK, [f"{LONG} {i}" for i in range(players)])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_message_fits_discords_limits_at_every_step(players):
    for seed in range(3):
        _, _, log = play(players, 700 + seed, keep_events=True, short=seed == 2)
        state = None
        n = names(players)
        for e in log:
            state = GAME.evolve(state, e)
            if state.phase is Phase.SETUP and state.step is None:
                continue
            public = GAME.view(state, PUBLIC)
            mine = [GAME.view(state, Seat(seat)) for seat in range(players)]
            for view in mine:
                for d in view.decisions:
                    if d.kind == "orders":
                        for page in order_board.PAGES:
                            for space in range(1, 5):
                                order_board.render(
                                    view, PACK, n, 1, space=space, page=page, notice=LONG
                                ).check()
                    else:
                        prompts.render(view, PACK, n, 1, d).check()
            if state.phase not in (Phase.SETUP,):
                channel.status(public, n, 1, due=None, paused=False).check()
                channel.board(public, PACK, n).check()
                for seat in range(players):
                    channel.hand(mine[seat], PACK, n).check()
                    Message(embeds=(channel.guild_sheet(public, PACK, n, seat),)).check()
            negotiation = channel.negotiation(public, PACK, n, 1)
            if negotiation is not None:
                negotiation.check()
        channel.final(public, PACK, n).check()
        channel.history(public, n).check()


def test_the_board_offers_what_the_order_phase_needs():
    _, _, log = play(4, 5, keep_events=True)
    state = None
    for e in log:
        state = GAME.evolve(state, e)
        if state.phase is Phase.ORDERS:
            break
    view = GAME.view(state, Seat(0))
    board = order_board.render(view, PACK, names(4), 1)
    ids = [c.custom_id for row in board.rows for c in row]
    assert {"gm:obteam:1:0:1", "gm:obobj:1:0:1", "gm:obready:1:0:1"} <= set(ids)
    objective = next(c for row in board.rows for c in row if c.custom_id == "gm:obobj:1:0:1")
    values = {o.value for o in objective.options}
    assert {"hire", "none", "1", "2"} <= values
    # The objectives are in their select (and the board picture), and on the board page.
    assert len(board.embeds) == 1
    assert any("min bid" in (o.description or "") for o in objective.options)
    page = order_board.render(view, PACK, names(4), 1, page="board")
    assert "The board" in page.embeds[0].title and "min bid" in page.embeds[0].description
    assert "Your adventurers" in page.embeds[1].title
    plan = order_board.render(view, PACK, names(4), 1, page="plan")
    selects = [c for row in plan.rows for c in row if isinstance(c, Select)]
    assert {s.custom_id.split(":")[1] for s in selects} >= {"obfallback", "obreplace"}


def test_limits_are_checked():
    with pytest.raises(ValueError, match="rows"):
        Message(rows=tuple((Button("x", f"gm:a:1:0:{i}"),) for i in range(6))).check()
    with pytest.raises(ValueError, match="share a custom id"):
        Message(rows=((Button("a", "gm:a:1:0:x"), Button("b", "gm:a:1:0:x")),)).check()
    with pytest.raises(ValueError, match="content"):
        Message(content="x" * 2001).check()
    assert clip("abcdef", 4) == "abc…" and clip("abc", 4) == "abc"


def test_history_shows_whole_guild_names():
    """Issue 19: the `/gm history` table cut names to 14 characters ("Built-in gui")."""
    _, final, _ = play(3, 7)
    public = GAME.view(final, PUBLIC)
    n = Names(PACK, ["Built-in guild 1", "Kim", "Built-in guild 3"])
    text = channel.history(public, n).content
    assert n.guild(0) in text and n.guild(2) in text
    rows = [line for line in text.splitlines() if "Kim" in line or "Built-in" in line]
    widths = {len(line) for line in rows}
    assert len(widths) == 1  # the Fame columns line up


def test_the_board_warns_before_ready_of_hopeless_and_empty_orders():
    """Issue 19: Ready was accepted without a word for an order with no chance of success, an
    empty order space or unused spaces. The board says so beside Ready (Ready stays allowed: it
    may be a bluff)."""
    state = engine_table(
        players=2,
        board={"contracts": {"1": "guild-vote"}},  # Charm 11
        guild=[{"adventurers": ["brask", "odile"], "stables": 1}, {"adventurers": ["kettu"]}],
    )
    hopeless = SetOrders(seat=0, orders=(order(1, ["brask"], "1"),))
    state, _ = play_commands(state, hopeless)
    view = GAME.view(state, Seat(0))
    assert view.public.guilds[0].order_spaces >= 2
    text = order_board.render(view, PACK, names(2), 1).embeds[0].description
    assert "Check before Ready: order 1 has no chance of success alone" in text
    assert "order space 2 is empty" in text
    ready = [c for row in order_board.render(view, PACK, names(2), 1).rows for c in row]
    assert any(c.custom_id == "gm:obready:1:0:1" and not c.disabled for c in ready)
    fine = SetOrders(seat=0, orders=(order(1, ["brask"], "none"), order(2, ["odile"], "none")))
    state, _ = play_commands(state, fine)
    text = order_board.render(GAME.view(state, Seat(0)), PACK, names(2), 1).embeds[0].description
    assert "no chance" not in text and "is empty" not in text


def test_the_team_select_marks_adventurers_on_another_order():
    """Issue 19: the team select offered adventurers already on another order and only
    complained afterwards; it now says which order holds them."""
    state = engine_table(players=2, guild=[{"adventurers": ["brask", "odile"], "stables": 1}])
    state, _ = play_commands(state, SetOrders(seat=0, orders=(order(1, ["brask"], "none"),)))
    board = order_board.render(GAME.view(state, Seat(0)), PACK, names(2), 1, space=2)
    team = next(c for row in board.rows for c in row if c.custom_id == "gm:obteam:1:0:2")
    described = {o.value: o.description for o in team.options}
    assert described["brask"].startswith("On order 1 — ")
    assert not described["odile"].startswith("On order")


def test_a_hire_order_says_what_its_gold_buys():
    """Issue 19: 4 Gold on Hire Builders with the next Builder at 2 and no build chosen said
    "none of your chosen builds is affordable with this Gold". The order now says what the Gold
    buys at the track's costs, and that with no build chosen no Builder is hired."""
    state = engine_table(players=2, guild=[{"adventurers": ["brask", "odile"], "gold": 20}])
    track = PACK.board.builder_track
    marker = state.board.builder_marker
    first, second, third = track[marker : marker + 3]
    nothing = SetOrders(seat=0, orders=(order(1, ["brask"], "hire", first + 1),))
    state, _ = play_commands(state, nothing)
    view = GAME.view(state, Seat(0))
    text = order_board.describe_order(view, PACK, names(2), view.draft[0])
    assert "affordable" not in text and "no build chosen" in text
    assert f"{first + 1} Gold hires 1 Builder now ({first})" in text
    gold = first + second + third
    rich = SetOrders(seat=0, orders=(order(1, ["brask"], "hire", gold),))
    state, _ = play_commands(state, rich)
    view = GAME.view(state, Seat(0))
    text = order_board.describe_order(view, PACK, names(2), view.draft[0])
    assert f"{gold} Gold hires 3 Builders now ({first} + {second} + {third})" in text


def test_gold_buttons_only_for_orders_that_carry_gold():
    """Issue 19: "+1 Gold" was offered on contract orders and then refused. Only Hire Builders
    and Recruit orders carry Gold ("Only Hire Builders and Recruit orders carry Gold"): the Gold
    buttons are disabled on other orders and on an empty space."""
    state = engine_table(players=2, guild=[{"adventurers": ["brask", "odile"], "gold": 9}])
    state, _ = play_commands(
        state, SetOrders(seat=0, orders=(order(1, ["brask"], "1"), order(2, ["odile"], "hire")))
    )
    view = GAME.view(state, Seat(0))

    def gold_buttons(space):
        board = order_board.render(view, PACK, names(2), 1, space=space)
        return [c for row in board.rows for c in row if "Gold" in getattr(c, "label", "")]

    assert all(b.disabled for b in gold_buttons(1))
    assert not any(b.disabled for b in gold_buttons(2))


def test_an_order_without_an_objective_says_what_its_team_will_do():
    """Issue 19: "Private contract or wander: wander" showed before any objective was chosen.
    An order space without an objective card sends its team to attempt a private contract or
    wander ("Orders without an Objective"): the board says so in those words."""
    state = engine_table(players=2, guild=[{"adventurers": ["brask", "odile"]}])
    state, _ = play_commands(state, SetOrders(seat=0, orders=(order(1, ["brask"], "none"),)))
    view = GAME.view(state, Seat(0))
    text = order_board.describe_order(view, PACK, names(2), view.draft[0])
    assert "Private contract or wander: wander" not in text
    assert "No objective: this team attempts a private contract or wanders" in text


def test_the_order_board_is_compact():
    """Issue 19: the DM order board reprinted about 35 lines on every edit. It shows what is
    chosen, the odds and what still needs a choice; the board and the team are a page away."""
    state = engine_table(
        players=2, guild=[{"adventurers": ["brask", "odile", "kettu", "rowan"], "stables": 3}]
    )
    state, _ = play_commands(
        state,
        SetOrders(seat=0, orders=(order(1, ["brask"], "1"), order(2, ["odile"], "hire", 3))),
    )
    board = order_board.render(GAME.view(state, Seat(0)), PACK, names(2), 1)
    shown = [board.embeds[0].description] + [f.value for f in board.embeds[0].fields]
    lines = sum(len(text.splitlines()) for text in shown) + len(board.embeds[0].fields)
    assert len(board.embeds) == 1 and lines <= 22, lines
    buttons = [c.label for row in board.rows for c in row if isinstance(c, Button)]
    assert "Board & team" in buttons


def test_a_plot_prompt_names_what_is_left_to_use():
    """The plot turn's prompt lists each ability and boon still usable, with its text; shown
    again after one is used (or after a decision the ability opened), it lists only the rest,
    so the guild sees what changed rather than the same words twice."""
    state = engine_table(
        players=2,
        round=2,
        phase="start_of_round",
        guild=[{"fame": 5, "adventurers": ["caddoc", "odile"]}, {"adventurers": ["brask"]}],
    )

    def prompt(state) -> str:
        view = GAME.view(state, Seat(0))
        (decision,) = [d for d in view.decisions if d.kind == "plot"]
        return prompts.render(view, PACK, names(2), 1, decision).embeds[0].description

    before = prompt(state)
    assert "Left to use this plot turn:" in before
    assert "Full Moon, Plot: Gain 2 Gold." in before  # Caddoc
    assert "Full Moon, Plot: Gain 1 Gold." in before  # Odile
    state, _ = play_commands(state, UsePlotAbility(seat=0, adventurer="caddoc"))
    after = prompt(state)
    assert "Gain 2 Gold." not in after
    assert "Full Moon, Plot: Gain 1 Gold." in after
    state, _ = play_commands(state, UsePlotAbility(seat=0, adventurer="odile"))
    assert state.phase is Phase.ORDERS  # nothing left: the plot turn ended by itself
