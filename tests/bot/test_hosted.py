"""Every hosted game as the bot core finds it: its rules and presentation by name, a presentation
that has the whole contract, controls and commands that do not clash between games, and the
`/gm` group within Discord's limits."""

from __future__ import annotations

import inspect

import pytest

from bot import hosted
from bot.chat.actions import Actions, forms, openers
from bot.chat.client import build_group, game_groups, seat_group
from bot.presentation import Presentation

GAMES = [g.name for g in hosted.games()]
CORE_CONTROLS = {"lobby", "rematch", "seat", "unwatch"}  # the core's own controls
DISCORD_SUBCOMMANDS = 25  # the most subcommands a slash command group may hold


def test_both_games_are_hosted():
    assert {"guild-master", "town"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_a_presentation_has_the_whole_contract(game):
    shown = hosted.presentation(game)
    assert shown.game == game == hosted.rules(game).name
    for name in Presentation.__annotations__:
        assert hasattr(shown, name), name
    for name, fn in inspect.getmembers(Presentation, inspect.isfunction):
        if name.startswith("_"):
            continue
        mine = getattr(shown, name)
        assert inspect.iscoroutinefunction(mine) == inspect.iscoroutinefunction(fn), name
        # The core passes arguments by position: the same number, in the same order.
        wanted = list(inspect.signature(fn).parameters)[1:]
        assert len(inspect.signature(mine).parameters) == len(wanted), name


@pytest.mark.parametrize("game", GAMES)
def test_a_presentations_controls_are_consistent(game):
    shown = hosted.presentation(game)
    assert shown.forms <= shown.controls
    assert shown.channel_controls <= shown.controls
    assert set(shown.modal_openers) <= shown.controls
    assert set(shown.modal_openers.values()) <= shown.forms
    assert not shown.controls & CORE_CONTROLS
    for action in shown.controls:
        assert action.isascii() and action.isalnum() and len(action) <= 12, action


def test_no_two_games_share_a_control_or_a_command():
    controls: dict[str, str] = {}
    commands: dict[str, str] = {}
    for game in GAMES:
        shown = hosted.presentation(game)
        for action in shown.controls:
            assert action not in controls, (action, game, controls[action])
            controls[action] = game
        for c in shown.commands:
            assert c.name not in commands, (c.name, game, commands[c.name])
            commands[c.name] = game
    assert forms() == frozenset().union(*(hosted.presentation(g).forms for g in GAMES))
    assert set(openers()) == {k for g in GAMES for k in hosted.presentation(g).modal_openers}


def test_the_gm_group_fits_discord_and_offers_every_game():
    actions = Actions(service=None)  # type: ignore[arg-type]
    group = build_group(actions)
    names = [c.name for c in group.commands]
    assert len(names) == len(set(names)) <= DISCORD_SUBCOMMANDS
    own = {g.name: [c.name for c in g.commands] for g in game_groups(actions)}
    assert "gm" not in own and "seat" not in own and "stats" not in own
    assert all(len(n) <= DISCORD_SUBCOMMANDS for n in own.values())
    assert {"watch", "settings", "hand"} <= set(names)
    assert [c.name for c in seat_group(actions).commands] == ["open", "take", "close"]
    for game in GAMES:
        shown = hosted.presentation(game)
        for c in shown.commands:
            assert c.name in (own[shown.command_group] if shown.command_group else names)
    assert own["town"] == ["trade"] and {"guild", "odds", "orders", "pay", "history"} <= set(names)
    create = next(c for c in group.commands if c.name == "create")
    choices = {ch.value: ch.name for ch in create._params["game"].choices}
    assert set(choices) == set(GAMES)
    assert "Guild Master (2–4 guilds)" in choices.values()
    assert "Founders' Town (2–6 players)" in choices.values()
    options = {o.name for g in GAMES for o in hosted.rules(g).options}
    assert options <= {p.name for p in create.parameters}
