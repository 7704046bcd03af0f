"""The picture worker: a process of its own that draws the pictures the bot asks for.

The bot writes each call (a pickled `functools.partial` of a renderer) to the worker's standard
input, as a 4-byte big-endian length and the pickle; the worker answers on its standard output
in the same framing with `(True, png_bytes)` or `(False, exception)`. One call at a time.

A plain pipe rather than multiprocessing's pool: no semaphores, so no resource-tracker process
beside it (13 MB), and the worker sees the bot go when its standard input ends, however the bot
ended (SIGKILL included): no thread has to watch for it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import pickle
import signal
import struct
import sys
import time
from collections.abc import Callable
from typing import BinaryIO

# How much lower the worker's scheduling priority is than the bot's: pictures can wait a
# moment; answering a click cannot.
NICENESS = 10

_LENGTH = struct.Struct(">I")

# Seconds between two hand-backs of the allocator's free memory (`trimmer`). A picture's
# buffers (its canvas, parts, PNG) come and go in sizes that leave holes in glibc's heap, whose
# pages stayed resident: 20-26 MB of the worker's 105-115 MB under bench/load.py at 1,000 games,
# given back by one malloc_trim (issue 26).
TRIM_EVERY = 1.0


def trimmer() -> Callable[[], None]:
    """glibc's malloc_trim(0), which hands the free pages of the heap back to the system; a
    no-op where the C library has none."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):
        return lambda: None
    trim.argtypes = [ctypes.c_size_t]
    return lambda: trim(0)


def send(pipe: BinaryIO, value: object) -> None:
    """Write one framed pickle of `value`."""
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    pipe.write(_LENGTH.pack(len(data)) + data)
    pipe.flush()


def receive(pipe: BinaryIO) -> object:
    """Read one framed pickle; EOFError when the other side has gone."""
    header = pipe.read(_LENGTH.size)
    if len(header) < _LENGTH.size:
        raise EOFError("the pipe ended")
    (size,) = _LENGTH.unpack(header)
    data = pipe.read(size)
    if len(data) < size:
        raise EOFError("the pipe ended inside a message")
    return pickle.loads(data)


def main() -> None:
    """Draw calls from standard input until it ends."""
    calls = sys.stdin.buffer
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    # Whatever a library prints goes to standard error, never into the answers.
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    # Ctrl-C in a terminal reaches the whole process group: the bot decides when to stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(NICENESS)
    trim = trimmer()
    trimmed = time.monotonic()
    while True:
        try:
            call = receive(calls)
        except EOFError:
            return  # the bot has gone
        try:
            answer: tuple[bool, object] = (True, call())  # type: ignore[operator]
        except Exception as exc:  # the bot re-raises it where the picture was asked for
            answer = (False, exc)
        try:
            try:
                send(answers, answer)
            except (pickle.PicklingError, TypeError, AttributeError) as exc:
                send(answers, (False, RuntimeError(f"the picture's answer: {exc!r}")))
        except BrokenPipeError:
            return
        if time.monotonic() - trimmed >= TRIM_EVERY:
            del call, answer  # the picture's own buffers too
            trim()
            trimmed = time.monotonic()
