"""Tables for the rule tests: a state laid out by the scenario support's `arrange`, commands
executed one after the other, and the code of a refusal."""

from __future__ import annotations

from typing import Any

from engine.core.errors import RuleError
from games.guildmasters.rules.commands import Command
from games.guildmasters.rules.events import Event
from games.guildmasters.rules.flow import execute
from games.guildmasters.rules.state import GuildmastersState
from games.guildmasters.scenario import arrange, conservation


def table(**spec: Any) -> GuildmastersState:
    """A state laid out from scenario fields (`guild` a list of tables)."""
    return arrange(spec)[0]


def run(state: GuildmastersState, *commands: Command) -> tuple[list[Event], GuildmastersState]:
    """Execute `commands` in turn; every card still in one place afterwards."""
    log: list[Event] = []
    for command in commands:
        events, state = execute(state, command)
        log += events
    assert conservation(state) == []
    return log, state


def refusal(state: GuildmastersState, command: Command) -> str:
    """The code of the `RuleError` refusing `command`."""
    try:
        execute(state, command)
    except RuleError as exc:
        return exc.code
    raise AssertionError(f"{command!r} was accepted")


def of(log: list[Event], kind: type) -> list[Any]:
    return [e for e in log if isinstance(e, kind)]
