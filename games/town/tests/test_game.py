"""Founders' Town as a hosted game: every member of the core's `GameDefinition`, stable names,
tagged structs, snapshots at the end of each turn, and registration as "town"."""

import inspect

import msgspec
import pytest

from engine.core.game import GameDefinition, Stage
from engine.core.registry import get, names
from games.town import GAME, FoundersTown
from games.town.players.simulate import play
from games.town.rules.commands import ApplyDefaults
from games.town.rules.events import GameEnded, TurnEnded
from games.town.rules.state import TownState


def test_every_member_of_the_game_definition_is_there():
    members = set(GameDefinition.__annotations__) | {
        n
        for n, _ in inspect.getmembers(GameDefinition, inspect.isfunction)
        if not n.startswith("_")
    }
    missing = {m for m in members if not hasattr(GAME, m)}
    assert not missing


def test_names_and_table_facts():
    assert isinstance(GAME, FoundersTown)
    assert (GAME.name, GAME.title) == ("town", "Founders' Town")
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    assert GAME.options == ()
    assert GAME.deadline_kinds == ("draw", "trade", "discard", "build", "offer")
    assert GAME.state_type is TownState and GAME.state_version == 1
    assert GAME.upcasters == {}


def test_commands_are_tagged_strict_and_name_a_seat():
    for cls in GAME.command_types:
        config = cls.__struct_config__
        assert config.tag == cls.__name__ and config.tag_field == "type"
        assert config.forbid_unknown_fields and config.frozen
        assert cls.__annotations__.get("seat", int) is int or "seat" in cls.__struct_fields__
        assert "seat" in cls.__struct_fields__
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(
            b'{"type":"Draw","seat":0,"count":1,"extra":2}', type=GAME.command_types[0]
        )


def test_events_have_stable_tags_and_versions():
    tags = [cls.__struct_config__.tag for cls in GAME.event_types]
    assert len(set(tags)) == len(tags) and all(
        t == cls.__name__ for t, cls in zip(tags, GAME.event_types, strict=True)
    )
    assert all(getattr(cls, "version", 1) == 1 for cls in GAME.event_types)


def test_defaults_is_one_apply_defaults_command():
    state = GAME.evolve(None, GAME.create(3, 1, {})[0])
    assert GAME.defaults(state, [2, 0]) == ApplyDefaults(seat=-1, seats=(2, 0))
    assert GAME.defaults(state) == ApplyDefaults(seat=-1, seats=())


def test_checkpoints_fall_at_the_end_of_every_turn():
    result, state, log = play(4, 31, keep_events=True)
    marks = [e for e in log if GAME.checkpoint(e)]
    assert all(isinstance(e, TurnEnded | GameEnded) for e in marks)
    assert len(marks) == result.turns
    assert GAME.is_over(state) and isinstance(GAME.stage(state), Stage)


def test_the_game_is_registered_as_town():
    assert "town" in names() and get("town") is GAME
    assert "guild-master" in names()
