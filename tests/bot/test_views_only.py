"""Presentations receive views, never raw state (docs: "Presentations receive views, never raw
state, so a secret cannot leak by accident").

1. Statically: no function of Guild Master's presentation and pictures (`games/guild_master/
   presentation/`, `pictures/`) has a parameter annotated with the state, and they import nothing
   from the state's module, nor any part of the rules that works on the state: only content,
   value types, commands, events and the views.
2. At run time: in a whole game played through the bot (service, notifier and command handlers),
   every renderer is called with views, and never with a `GameState`.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib
import importlib.util
import inspect
import pkgutil
import typing
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

import games.guild_master.pictures
import games.guild_master.presentation
from bot import service as service_module
from bot.chat import actions as actions_module
from bot.chat import notifier as notifier_module
from engine.core.errors import RuleError
from games.guild_master import GAME, pictures
from games.guild_master.players import RandomPlayer
from games.guild_master.rules.event_views import NO_RNG
from games.guild_master.rules.state import GameState, Phase
from games.guild_master.rules.views import PublicView, SeatView
from tests.bot.fakes import settle, table, who

PACKAGES = (games.guild_master.presentation, games.guild_master.pictures)
RENDER = tuple(Path(package.__file__).parent for package in PACKAGES)
PREFIXES = tuple(package.__name__ for package in PACKAGES)
# The parts of the rules a presentation may import: the card pack and its cards, pure functions
# of a team's cards and of dice (`/gm odds`), commands (to label answers), events and the
# filter of events per audience (to narrate them) and the views.
ALLOWED_RULES = {
    "games.guild_master.rules.cards",
    "games.guild_master.rules.commands",
    "games.guild_master.rules.content",
    "games.guild_master.rules.dice_math",
    "games.guild_master.rules.event_views",
    "games.guild_master.rules.events",
    "games.guild_master.rules.team",
    "games.guild_master.rules.views",
}


def render_modules() -> list[ModuleType]:
    names = []
    for package in PACKAGES:
        names.append(package.__name__)
        names += [
            m.name
            for m in pkgutil.walk_packages(package.__path__, prefix=package.__name__ + ".")
            if ".tests" not in m.name  # the presentation's own tests are not renderers
        ]
    return [importlib.import_module(n) for n in names]


def functions_of(module: ModuleType) -> Iterator[tuple[str, Callable[..., Any]]]:
    """The functions and methods defined in `module`."""
    for name, value in vars(module).items():
        if getattr(value, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(value):
            yield name, value
        elif inspect.isclass(value):
            for attr, member in vars(value).items():
                if inspect.isfunction(member):
                    yield f"{name}.{attr}", member


def mentions_state(annotation: Any) -> bool:
    if annotation is GameState:
        return True
    if isinstance(annotation, str):
        return "GameState" in annotation
    return any(mentions_state(a) for a in typing.get_args(annotation))


def test_no_renderer_takes_the_game_state():
    checked = 0
    for module in render_modules():
        for name, fn in functions_of(module):
            for param in inspect.signature(fn).parameters.values():
                where = f"{module.__name__}.{name}({param.name})"
                assert not mentions_state(param.annotation), f"{where} is annotated GameState"
                checked += 1
            hints = typing.get_type_hints(fn)
            assert not any(mentions_state(h) for h in hints.values()), (module.__name__, name)
    assert checked > 200


def _imported(node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The modules an import statement imports from (`from package import module` names the
    module)."""
    if isinstance(node, ast.Import):
        yield from (a.name for a in node.names)
        return
    assert node.module is not None
    for alias in node.names:
        full = f"{node.module}.{alias.name}"
        try:
            is_module = importlib.util.find_spec(full) is not None
        except ModuleNotFoundError:  # `alias` is a name inside a module, not a module
            is_module = False
        yield full if is_module else node.module


def test_renderers_import_no_state_and_no_rules_that_work_on_it():
    files = sorted(f for folder in RENDER for f in folder.rglob("*.py") if "tests" not in f.parts)
    assert len(files) > 10
    imported: set[str] = set()
    for path in files:
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom) and not (
                isinstance(node, ast.ImportFrom) and node.level
            ):
                for module in _imported(node):
                    if module.startswith("games.") and not module.startswith(PREFIXES):
                        assert module in ALLOWED_RULES, f"{path.name} imports {module}"
                        imported.add(module)
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        assert "GameState" not in names, f"{path.name} names GameState"
    assert "games.guild_master.rules.views" in imported


# --- at run time ----------------------------------------------------------------------------


class Watch:
    """Wraps every renderer the handlers reach, to check what they are handed. The handlers
    answer every error with a polite message and the notifier logs its own, so what is wrong is
    kept in `wrong` as well as raised."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: Counter[str] = Counter()
        self.views: Counter[str] = Counter()
        self.wrong: list[str] = []
        for module in render_modules():
            if module is pictures or module.__name__.startswith(pictures.__name__ + "."):
                continue  # drawn through render_async, watched below
            for name, fn in list(functions_of(module)):
                if "." not in name and not name.startswith("__"):
                    monkeypatch.setattr(module, name, self.wrap(f"{module.__name__}.{name}", fn))
        # Names imported from another module of the presentation (`from
        # games.guild_master.presentation.text import narrate`), and by the core's handlers.
        for handler in (*render_modules(), actions_module, notifier_module):
            for name, value in list(vars(handler).items()):
                if (
                    inspect.isfunction(value)
                    and value.__module__ != handler.__name__
                    and value.__module__.startswith(PREFIXES)
                    and not value.__module__.startswith(pictures.__name__)
                ):
                    where = f"{value.__module__}.{name}"
                    monkeypatch.setattr(handler, name, self.wrap(where, value))
        monkeypatch.setattr(pictures, "render_async", self.render)

    def check(self, ok: bool, what: str) -> None:
        if not ok:
            self.wrong.append(what)
            raise AssertionError(what)

    def no_state(self, where: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        for value in (*args, *kwargs.values()):
            self.check(not isinstance(value, GameState), f"{where} was handed the game state")

    def wrap(self, where: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def checked(*args: Any, **kwargs: Any) -> Any:
            self.no_state(where, args, kwargs)
            self.calls[where] += 1
            self.views[where] += any(isinstance(a, PublicView | SeatView) for a in args)
            if where.endswith(".narrate") and hasattr(args[0], "rng"):
                # A roll as recorded carries the random source: narrated events are event views.
                roll = type(args[0]).__name__
                self.check(args[0].rng == NO_RNG, f"{roll} narrated as recorded")
                self.calls["narrated rolls"] += 1
            return fn(*args, **kwargs)

        return checked

    async def render(self, fn: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        where = f"pictures.{fn.__name__}"
        self.no_state(where, args, kwargs)
        self.check(isinstance(args[0], PublicView | SeatView), f"{where} drawn from no view")
        self.calls[where] += 1
        return fn(*args, **kwargs)


async def test_the_bot_hands_renderers_views_only(tmp_path, monkeypatch):
    watch = Watch(monkeypatch)
    store, service, _poster, notifier, actions = await table(tmp_path)
    monkeypatch.setattr(service_module, "os", SimpleNamespace(urandom=(41).to_bytes))
    users = {100: 0, 101: 1}
    bots = [RandomPlayer(7), RandomPlayer(8)]
    try:
        await actions.create(who(100, "Kim"), players=2, bots=False, short=True)
        await actions.join(who(101, "Chris"))
        await actions.start(who(100))
        await settle(service, notifier)
        state, _ = await service.load(1)
        asks = (
            lambda w, _s: actions.status(w),
            lambda w, _s: actions.board(w),
            lambda w, s: actions.command(w, "guild", number=s + 1),
            lambda w, _s: actions.command(w, "history"),
            lambda w, _s: actions.hand(w),
            lambda w, _s: actions.command(w, "orders"),
            lambda w, _s: actions.decide(w),
        )
        turn = 0
        while state.phase is not Phase.ENDED:
            decisions = GAME.pending(state)
            d = decisions[turn % len(decisions)]
            user = next(u for u, s in users.items() if s == d.seat)
            if d.kind == "orders":  # the board's controls, then the orders themselves
                await actions.control(who(user), f"gm:obspace:1:{d.seat}:1:plan")
            elif turn % 3 == 0:  # an answer by its prompt's "default" control
                await actions.control(who(user), f"gm:default:1:{d.seat}:{d.kind}")
                await settle(service, notifier)
                state, _ = await service.load(1)
                turn += 1
                continue
            bot = bots[d.seat]
            command = bot.extra(state, d.seat) or bot.answer(state, d)
            with contextlib.suppress(RuleError):  # a refused extra changes nothing
                await service.act(1, command, by=d.seat)
            await settle(service, notifier)
            await asks[turn % len(asks)](who(user), d.seat)
            state, _ = await service.load(1)
            turn += 1
    finally:
        await service.settle()
        await notifier.idle()
        await store.close()
    assert not watch.wrong, sorted(set(watch.wrong))
    called = set(watch.calls)
    assert {
        "games.guild_master.presentation.text.narrate",
        "games.guild_master.presentation.channel.status",
        "games.guild_master.presentation.channel.board",
        "games.guild_master.presentation.channel.guild_sheet",
        "games.guild_master.presentation.channel.hand",
        "games.guild_master.presentation.channel.history",
        "games.guild_master.presentation.channel.final",
        "games.guild_master.presentation.order_board.render",
        "games.guild_master.presentation.prompts.render",
        "pictures.board",
        "pictures.reveal",
        "pictures.guild_sheet",
        "pictures.final",
    } <= called
    assert watch.calls["narrated rolls"] > 10
    for where in ("channel.status", "order_board.render", "prompts.render", "text.narrate"):
        key = f"games.guild_master.presentation.{where}"
        assert watch.views[key] == watch.calls[key]
