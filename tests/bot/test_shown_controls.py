"""The controls of the message a click came from are read from the raw payload, and discord.py
parses the message without them (bot/chat/client.py: ShownControls)."""

from __future__ import annotations

from typing import Any

from bot.chat.client import ShownControls, shown

BOARD = [
    {
        "type": 1,
        "components": [
            {
                "type": 3,
                "custom_id": "gm:obteam:1:0:1",
                "options": [{"label": "Ana", "value": "ana"}, {"label": "Bo", "value": "bo"}],
            }
        ],
    },
    {"type": 1, "components": [{"type": 2, "custom_id": "gm:obready:1:0:1", "label": "Ready"}]},
    {"type": 1, "components": [{"type": 2, "url": "https://example.invalid", "label": "Link"}]},
]


def test_shown_reads_custom_ids_and_option_values_from_raw_components():
    assert shown(BOARD) == {"gm:obteam:1:0:1": ("ana", "bo"), "gm:obready:1:0:1": ()}


class Connection:
    def __init__(self) -> None:
        self.parsed: list[dict[str, Any]] = []
        self.parsers = {"INTERACTION_CREATE": self.parsed.append}


def test_a_click_is_parsed_without_its_messages_components_which_are_kept_by_id():
    connection = Connection()
    controls = ShownControls(connection)
    message = {
        "id": "9",
        "channel_id": "7",
        "type": 0,
        "flags": 0,
        "author": {"id": "5", "username": "bot"},
        "content": "the board",
        "embeds": [{"title": "Round 2", "fields": [{"name": "Gold", "value": "12"}]}],
        "attachments": [{"id": "3", "filename": "board.png"}],
        "components": BOARD,
    }
    data = {"id": "42", "type": 3, "message": message}
    connection.parsers["INTERACTION_CREATE"](data)
    assert connection.parsed[0]["message"] == {
        "id": "9",
        "channel_id": "7",
        "type": 0,
        "flags": 0,
        "author": {"id": "5", "username": "bot"},
        "content": "",
        "components": [],
    }
    assert controls.pop(42) == shown(BOARD)
    assert controls.pop(42) is None  # handed over once, nothing kept


def test_a_slash_command_is_parsed_as_it_came():
    connection = Connection()
    controls = ShownControls(connection)
    data = {"id": "43", "type": 2, "data": {"name": "gm"}}
    connection.parsers["INTERACTION_CREATE"](data)
    assert connection.parsed == [{"id": "43", "type": 2, "data": {"name": "gm"}}]
    assert controls.pop(43) is None
