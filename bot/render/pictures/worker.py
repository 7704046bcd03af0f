"""The picture worker: a process of its own that draws the pictures the bot asks for.

The bot writes each call (a pickled `functools.partial` of a renderer) to the worker's standard
input, as a 4-byte big-endian length and the pickle. The worker answers on its standard output
with a 4-byte big-endian length, a byte that says what follows, and then either the picture's
PNG bytes themselves (`PICTURE`) or the pickle of `(True, value)` or `(False, exception)`
(`PICKLED`). One call at a time. A picture is not pickled: pickling and unpickling it copied its
200 kB twice more, in the worker and in the bot's thread that reads it back.

A plain pipe rather than multiprocessing's pool: no semaphores, so no resource-tracker process
beside it (13 MB), and the worker sees the bot go when its standard input ends, however the bot
ended (SIGKILL included): no thread has to watch for it.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
import sys
import time
from typing import IO

from bot.allocator import TRIM_EVERY, trimmer

# How much lower the worker's scheduling priority is than the bot's: pictures can wait a
# moment; answering a click cannot.
NICENESS = 10

_LENGTH = struct.Struct(">I")
# An answer's header: its length and what it is.
_ANSWER = struct.Struct(">IB")
PICTURE = 1  # the bytes of a picture, as they are
PICKLED = 0  # the pickle of (ok, value)

# The bytes the pipe of answers holds (Linux's F_SETPIPE_SZ; 1 MB is its most for an unprivileged
# process): a whole picture, so that the worker writes it in one go and the bot's thread reads it
# in one or two reads, rather than in 64 kB turns of the two processes, each read waiting for the
# bot's GIL (`widen`).
ANSWERS_PIPE = 1 << 20


def send(pipe: IO[bytes], value: object) -> None:
    """Write one framed pickle of `value`."""
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    pipe.write(_LENGTH.pack(len(data)) + data)
    pipe.flush()


def receive(pipe: IO[bytes]) -> object:
    """Read one framed pickle; EOFError when the other side has gone."""
    (size,) = _LENGTH.unpack(_read(pipe, _LENGTH.size))
    return pickle.loads(_read(pipe, size))


def answer(pipe: IO[bytes], ok: bool, value: object) -> None:
    """Write one answer: a picture's bytes as they are, anything else pickled."""
    if ok and type(value) is bytes:
        data, kind = value, PICTURE
    else:
        data, kind = pickle.dumps((ok, value), protocol=pickle.HIGHEST_PROTOCOL), PICKLED
    pipe.write(_ANSWER.pack(len(data), kind) + data)  # one write: the reader wakes once
    pipe.flush()


def receive_answer(pipe: IO[bytes]) -> tuple[bool, object]:
    """Read one answer as (ok, value); EOFError when the worker has gone."""
    size, kind = _ANSWER.unpack(_read(pipe, _ANSWER.size))
    data = _read(pipe, size)
    if kind == PICTURE:
        return True, data
    ok, value = pickle.loads(data)
    return ok, value


def _read(pipe: IO[bytes], size: int) -> bytes:
    data = pipe.read(size)
    if len(data) < size:
        raise EOFError("the pipe ended" if not data else "the pipe ended inside a message")
    return data


def widen(pipe: IO[bytes]) -> None:
    """Let `pipe` hold ANSWERS_PIPE bytes where the system allows it (Linux); else leave it."""
    try:
        import fcntl

        fcntl.fcntl(pipe.fileno(), fcntl.F_SETPIPE_SZ, ANSWERS_PIPE)
    except (ImportError, AttributeError, OSError):
        return  # another system, or a lower limit: answers take more turns, that is all


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
        ok = True
        try:
            value: object = call()  # type: ignore[operator]
        except Exception as exc:  # the bot re-raises it where the picture was asked for
            ok, value = False, exc
        try:
            try:
                answer(answers, ok, value)
            except (pickle.PicklingError, TypeError, AttributeError) as exc:
                answer(answers, False, RuntimeError(f"the picture's answer: {exc!r}"))
        except BrokenPipeError:
            return
        if time.monotonic() - trimmed >= TRIM_EVERY:
            del call, value  # the picture's own buffers too
            trim()
            trimmed = time.monotonic()
