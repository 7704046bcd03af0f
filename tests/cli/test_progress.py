"""Progress bars (issue 20): `guildmaster simulate` (and `--report`) draws a bar on stderr when
stderr is a terminal, none otherwise (as under pytest's capture), and stdout is the same bytes
either way."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys

import pytest

from bot.cli import main
from bot.progress import progress

RUNS = [
    ["simulate", "--game", "town", "--players", "3", "--games", "12", "--seats", "random"],
    ["simulate", "--players", "2", "--games", "3", "--report"],
    ["simulate", "--players", "2", "--games", "4", "--seats", "random", "--json"],
]


class Terminal(io.StringIO):
    """A stderr that says it is a terminal, and keeps what is written to it."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("argv", RUNS, ids=lambda argv: " ".join(argv[1:]))
def test_stdout_is_the_same_bytes_with_a_bar_on_stderr_or_none(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(argv) == 0
    plain = capsys.readouterr()
    assert plain.err == ""  # pytest's captured stderr is no terminal: no bar

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(argv) == 0
    with_bar = capsys.readouterr()
    assert with_bar.out.encode() == plain.out.encode()
    drawn = terminal.getvalue()
    total = argv[argv.index("--games") + 1]
    # the bar, counting games (tqdm redraws at most every 0.1 s: the last count may not show)
    assert f"0/{total} " in drawn and "games/s" in drawn
    assert drawn.endswith("\r")  # wiped when done (leave=False)


def test_a_real_terminal_gets_the_bar_and_stdout_is_unchanged() -> None:
    """In a process whose stderr is a pseudo-terminal (never sized, as `script` gives)."""
    argv = [sys.executable, "-m", "bot.cli", *RUNS[0]]
    piped = subprocess.run(argv, capture_output=True, check=True, timeout=120)
    assert piped.stderr == b""
    master, slave = pty.openpty()
    try:
        tty = subprocess.run(argv, stdout=subprocess.PIPE, stderr=slave, check=True, timeout=120)
        os.close(slave)
        seen = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the other end is closed: all was read
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(master)
    assert tty.stdout == piped.stdout
    assert b"0/12 " in seen and b"games/s" in seen


def test_progress_yields_every_item_in_order_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    assert list(progress(iter(range(5)), total=5)) == [0, 1, 2, 3, 4]
    monkeypatch.setattr(sys, "stderr", Terminal())
    assert list(progress(iter(range(5)), total=5, unit=" games")) == [0, 1, 2, 3, 4]
    assert "0/5 " in sys.stderr.getvalue()
