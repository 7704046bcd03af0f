"""Progress bars (issue 20): `guildmaster simulate` (and `--report`) and the benches draw a bar
on stderr when stderr is a terminal, none otherwise (as under pytest's capture), and stdout is
the same bytes either way; a bench's bar draws outside what it times."""

from __future__ import annotations

import importlib.util
import io
import itertools
import os
import pty
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

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


ROOT = Path(__file__).resolve().parents[2]

# Each bench with small arguments, and the clock it times with (a name in the module's own
# namespace, so that only the bench's readings are replaced).
BENCHES = {
    "game_speed": (["--game", "town", "--games", "4", "--repeat", "2"], "time.process_time"),
    "pictures_speed": (["--games", "1", "--encodes", "1"], "time.process_time"),
    "store_speed": (["--games", "1", "--rounds", "2", "--repeats", "2"], "CLOCK"),
}


def bench(name: str) -> ModuleType:
    """A bench script of bench/ loaded as a module of its own."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_bench(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run a bench's main with its arguments and a clock that moves 1 ms a reading: its figures
    depend only on how often it reads its clock, so two runs print the same bytes unless the
    bar reads it, or changes what is timed."""
    argv, clock = BENCHES[name]
    module = bench(name)
    ticks = itertools.count()
    fake = lambda: next(ticks) / 1000  # noqa: E731
    if clock.startswith("time."):
        monkeypatch.setattr(module, "time", SimpleNamespace(**{clock[5:]: fake}))
    else:
        monkeypatch.setattr(module, clock, fake)
    monkeypatch.setattr(sys, "argv", [f"bench/{name}.py", *argv])
    module.main(argv) if name == "game_speed" else module.main()


@pytest.mark.parametrize("name", sorted(BENCHES))
def test_a_bench_prints_the_same_bytes_with_a_bar_on_stderr_or_none(
    name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    run_bench(name, monkeypatch)
    plain = capsys.readouterr()
    assert plain.err == "" and plain.out

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    run_bench(name, monkeypatch)
    with_bar = capsys.readouterr()
    assert with_bar.out.encode() == plain.out.encode()
    drawn = terminal.getvalue()
    assert "0/" in drawn and drawn.endswith("\r")


def test_the_game_bench_draws_its_bar_only_between_the_games_it_times(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bar writes to stderr only while no game is being played (and timed)."""
    from games.town.players import simulate

    playing = False
    writes_while_playing = 0
    real_play = simulate.play

    def play(*args: Any, **kwargs: Any) -> Any:
        nonlocal playing
        playing = True
        try:
            return real_play(*args, **kwargs)
        finally:
            playing = False

    class Watched(Terminal):
        def write(self, text: str) -> int:
            nonlocal writes_while_playing
            writes_while_playing += playing
            return super().write(text)

    monkeypatch.setattr(simulate, "play", play)
    terminal = Watched()
    monkeypatch.setattr(sys, "stderr", terminal)
    # tqdm redraws at most every 0.1 s: games slow enough to be drawn between several of them
    bench("game_speed").main(
        ["--game", "town", "--games", "6", "--repeat", "1", "--seats", "builtin"]
    )
    assert "0/6 " in terminal.getvalue()
    assert writes_while_playing == 0
    assert "games per CPU second" in capsys.readouterr().out


def test_the_load_bench_prints_the_same_lines_with_a_bar_on_a_terminal() -> None:
    """bench/load.py as a process, its stderr a pipe and then a pseudo-terminal: the bar (in
    bursts) only on the terminal, and stdout the same lines but for the figures it measured,
    which differ from run to run."""
    argv = [sys.executable, str(ROOT / "bench" / "load.py"), "--games", "2", "--no-images"]
    piped = subprocess.run(argv, capture_output=True, check=True, timeout=180)
    assert piped.stderr == b""
    master, slave = pty.openpty()
    try:
        tty = subprocess.run(argv, stdout=subprocess.PIPE, stderr=slave, check=True, timeout=180)
        os.close(slave)
        seen = read_all(master)
    finally:
        os.close(master)
    # a figure, with the spaces that pad it and the range of a burst's chains ("of 2-3")
    figures = re.compile(rb" *\d+(?:\.\d+)?(?:-\d+)?")
    assert figures.sub(b"#", tty.stdout) == figures.sub(b"#", piped.stdout)
    assert b"\r" not in tty.stdout
    assert b"0/6 " in seen and b"bursts" in seen


def read_all(fd: int) -> bytes:
    """What the other end wrote to a pseudo-terminal, until it is closed."""
    seen = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the other end is closed: all was read
            return seen
        if not chunk:
            return seen
        seen += chunk
