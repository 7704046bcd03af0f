"""Random playouts: whole games between random players for 2 to 6 players, with junk commands
thrown in, the invariants checked after every command (every card in exactly one place, hands
drawn to at most 5, scores equal to the towns' recomputed, `execute` equal to folding `evolve`,
refusals typed and harmless), defaults always legal, and the log replayed through JSON."""

import random

import msgspec
import pytest

from engine.core import replay
from games.town import GAME
from games.town.players.simulate import play
from games.town.tests.playout import CODEC, Playout


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", range(3))
def test_random_game_keeps_every_invariant(players, seed):
    game = Playout(players, seed, junk=0.2, defaults_every=7)
    state = game.run()
    assert state.result is not None
    assert game.replayed() == state
    assert game.defaults_checked > 0


def test_playouts_cover_every_event_and_many_refusals():
    kinds = set()
    refusals = set()
    for seed in range(8):
        game = Playout(4, 100 + seed, junk=0.4)
        game.run()
        kinds |= {type(e).__name__ for e in game.log}
        refusals |= set(game.refusals)
    assert kinds >= {t.__name__ for t in GAME.event_types} - {"DefaultsApplied"}
    assert {"wrong_stage", "seat", "not_your_turn", "offer_unknown", "not_in_hand"} <= refusals


def test_json_replay_of_the_log_gives_the_live_state():
    _, live, log = play(4, 2024, keep_events=True)
    raw = CODEC.encode_many(log)
    assert replay(GAME, CODEC.decode_many(raw)) == live


def test_replay_is_exact_even_when_the_global_random_module_is_disturbed():
    """Lesson 4: the seed and every outcome are in events; a replay needs no random source."""
    _, live, log = play(3, 77, keep_events=True)
    random.seed(999)
    [random.random() for _ in range(100)]
    assert replay(GAME, log) == live


def test_the_same_seed_gives_the_same_event_bytes():
    _, _, a = play(4, 5, keep_events=True)
    random.seed(12345)
    _, _, b = play(4, 5, keep_events=True)
    assert CODEC.encode_many(a) == CODEC.encode_many(b)
    _, _, c = play(4, 6, keep_events=True)
    assert CODEC.encode_many(c) != CODEC.encode_many(a)


def test_execute_equals_folding_evolve_in_a_game_with_builtin_players():
    game = Playout(3, 11, seats=("builtin", "random", "builtin"), defaults_every=25)
    state = game.run()
    assert game.replayed() == state
    assert msgspec.json.encode(state) == msgspec.json.encode(game.replayed())


def test_a_snapshot_of_the_state_round_trips_through_json():
    """The host stores snapshots at checkpoints (`state_type`, `state_version`)."""
    game = Playout(4, 21)
    while game.state.result is None:
        game.submit(game.next_command())
        if game.state.offers:
            break
    for state in (game.state, game.run()):
        raw = msgspec.json.encode(state)
        assert msgspec.json.decode(raw, type=GAME.state_type) == state
