"""The turn limit, a host's table option: "the first player to reach 12 victory points (VP)
immediately wins the game" and the book sets no turn limit; ours (10, 12 or 16 turns by game
size) is a safety net the host may change or lift with `turns`. One test per rule, quoting the
book or the rules notes."""

import msgspec
import pytest
from msgspec.structs import replace

from engine.core.errors import RuleError
from engine.core.playout import play_out, seat_default, seated
from games.guild_ball.game import GAME
from games.guild_ball.players.simulate import PLAYER_TYPES, chooser
from games.guild_ball.presentation import PRESENTATION
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import new_context, turn_limit
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.flow import execute
from games.guild_ball.rules.pending import pending
from games.guild_ball.rules.setup import create
from games.guild_ball.rules.state import TURN_LIMITS, TURNS_MAX
from games.guild_ball.rules.turns import end_phase
from games.guild_ball.tests.rules_table import APART, PIKE, arrange, in_play, run

# A game the random players draw 0-0 at the Introductory game's 10-turn limit (seed 9).
DRAWN = 9


def created(options: dict) -> list:
    return create(2, 7, options)


def fold(events: list):
    state = None
    for e in events:
        state = evolve(state, e)
    return state


def played(seed: int, options: dict, keep_events: bool = False):
    """Random against random, game `seed` created with `options`, played to its end."""
    choose = chooser(seated(PLAYER_TYPES, ("random", "random"), seed))
    return play_out(
        create(2, seed, options), evolve, execute, choose, seed, seat_default(pending), keep_events
    )


def limited(turns: int, turn: int):
    """A game in play whose host chose `turns` (its event applied), at turn `turn`, level on
    VP."""
    return evolve(arrange(in_play(), turn=turn), ev.TurnLimit(turns=turns))


def test_the_turn_limit_is_the_hosts_table_option() -> None:
    """The book: "the first player to reach 12 victory points (VP) immediately wins the game",
    no turn limit. Ours is the host's `turns` option: 0 for none (the book's game), 1 to 99
    turns, or not chosen (-1, what the bot passes) for the game size's own."""
    turns = next(o for o in GAME.options if o.name == "turns")
    assert (turns.kind, turns.default, turns.low, turns.high) == ("int", -1, -1, TURNS_MAX)
    assert created({"turns": 0})[-1] == ev.TurnLimit(turns=0)
    assert created({"turns": 20})[-1] == ev.TurnLimit(turns=20)
    assert created({"size": 1, "turns": 10})[-1] == ev.TurnLimit(turns=10)
    assert fold(created({"turns": 0})).turn_limit == 0
    assert turn_limit(fold(created({"size": 2, "turns": 30}))) == 30
    for bad in (100, -2, "ten", True, 2.5):
        with pytest.raises(RuleError) as refused:
            created({"turns": bad})
        assert refused.value.code == "turns"
        message = refused.value.message
        assert "0 for none" in message and f"1 to {TURNS_MAX}" in message
        assert "Leave it out for the game size's own limit (10 turns)" in message


def test_a_game_without_the_option_keeps_its_events() -> None:
    """A game created without `turns` (or with its size's default) records no `TurnLimit`, so
    a recorded game replays as it always did: the same events, the same final state."""
    for size, default in enumerate(TURN_LIMITS.values()):
        plain = created({"size": size})
        assert not any(isinstance(e, ev.TurnLimit) for e in plain)
        assert created({"size": size, "turns": -1}) == plain
        assert created({"size": size, "turns": default}) == plain
        assert turn_limit(fold(plain)) == default
    encode = msgspec.json.encode
    recorded = played(5, {}, keep_events=True)
    again = played(5, {"turns": TURN_LIMITS["introductory"]}, keep_events=True)
    assert [encode(e) for e in again.log] == [encode(e) for e in recorded.log]
    assert fold(recorded.log) == recorded.state


def test_a_game_ends_at_the_turn_limit_the_host_chose() -> None:
    """Our safety net (rules notes, "Turn limits"): after the End Phase of the chosen turn the
    game ends whatever the score, a draw on equal VP; one turn earlier it goes on."""
    ctx = new_context(limited(3, 3))
    end_phase(ctx)
    assert (ctx.state.result.winner, ctx.state.result.reason) == (None, "the 3-turn limit")
    ctx = new_context(limited(3, 2))
    end_phase(ctx)
    assert ctx.state.result is None and ctx.state.turn == 3
    game = played(DRAWN, {"turns": 4})
    assert game.state.turn == 4 and game.state.result.reason == "the 4-turn limit"


def test_with_no_turn_limit_the_game_goes_on_until_a_team_wins_on_vp() -> None:
    """ "the first player to reach 12 victory points (VP) immediately wins the game" (6 VP in
    the Introductory game), with no turn limit (`turns` 0): the game goes on past the default
    10 turns and ends only when a team reaches the winning VP."""
    ctx = new_context(limited(0, TURN_LIMITS["introductory"]))
    end_phase(ctx)
    assert ctx.state.result is None and ctx.state.turn == TURN_LIMITS["introductory"] + 1
    drawn = played(DRAWN, {})
    assert drawn.state.result.winner is None and drawn.state.turn == TURN_LIMITS["introductory"]
    game = played(DRAWN, {"turns": 0})
    assert game.state.turn > TURN_LIMITS["introductory"]
    assert game.state.result.reason == "6 VP" and max(t.vp for t in game.state.teams) >= 6
    # And a goal wins it at once, whatever the turn.
    shot = arrange(
        limited(0, 30),
        {**APART, PIKE: (12.0, 12.0)},
        ball=PIKE,
        mp=(1, 0),
        influence={PIKE: 3},
        active=PIKE,
        dice=(6, 1, 1),
    )
    shot = replace(shot, teams=(replace(shot.teams[0], vp=2), shot.teams[1]))
    _, after = run(shot, cm.Shoot(seat=0))
    assert after.result is not None and after.result.winner == 0


def test_the_lobby_says_the_turn_limit_chosen() -> None:
    """The host sees the turn limit chosen beside the game's other table options."""
    assert PRESENTATION.lobby_lines({"turns": 0})[1] == (
        "No turn limit: the game goes on until a team reaches the winning VP (the book's game)."
    )
    assert PRESENTATION.lobby_lines({"size": 1, "turns": 20})[1] == (
        "The game ends after turn 20 whatever the score (a draw on equal VP)."
    )
    assert len(PRESENTATION.lobby_lines({"turns": -1})) == 1  # the default needs no words
    assert PRESENTATION.lobby_lines({"turns": 100})[0].startswith("⚠ The turn limit is 0")
