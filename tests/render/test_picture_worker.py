"""How pictures travel back from the picture worker (bot/render/pictures/worker.py): a picture's
bytes as they are, after a header that says so; an error or any other answer pickled. The pipe
of answers is widened to hold a whole picture where the system allows it."""

from __future__ import annotations

import io
import os
import sys

import pytest

from bot.render.pictures import worker

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 800  # 200 kB, as a board is


def round_trip(ok: bool, value: object) -> tuple[bool, object]:
    pipe = io.BytesIO()
    worker.answer(pipe, ok, value)
    pipe.seek(0)
    return worker.receive_answer(pipe)


def test_a_picture_comes_back_as_the_same_bytes_without_a_pickle():
    pipe = io.BytesIO()
    worker.answer(pipe, True, PNG)
    assert len(pipe.getvalue()) == len(PNG) + 5  # the header, then the bytes themselves
    assert pipe.getvalue().endswith(PNG)
    assert round_trip(True, PNG) == (True, PNG)


def test_an_error_and_any_other_answer_come_back_pickled():
    ok, value = round_trip(False, ValueError("no guild in seat 7"))
    assert not ok and isinstance(value, ValueError) and str(value) == "no guild in seat 7"
    assert round_trip(True, None) == (True, None)
    assert round_trip(True, bytearray(b"ab")) == (True, bytearray(b"ab"))


def test_answers_follow_each_other_on_one_pipe():
    pipe = io.BytesIO()
    worker.answer(pipe, True, PNG)
    worker.answer(pipe, False, KeyError("x"))
    worker.answer(pipe, True, b"")
    pipe.seek(0)
    assert worker.receive_answer(pipe) == (True, PNG)
    ok, error = worker.receive_answer(pipe)
    assert not ok and isinstance(error, KeyError)
    assert worker.receive_answer(pipe) == (True, b"")
    with pytest.raises(EOFError):
        worker.receive_answer(pipe)


def test_an_answer_cut_short_is_the_worker_gone():
    pipe = io.BytesIO()
    worker.answer(pipe, True, PNG)
    with pytest.raises(EOFError, match="inside a message"):
        worker.receive_answer(io.BytesIO(pipe.getvalue()[:-1]))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="F_SETPIPE_SZ is Linux's")
def test_the_pipe_of_answers_holds_a_whole_picture():
    import fcntl

    read, write = os.pipe()
    try:
        with os.fdopen(read, "rb") as pipe:
            before = fcntl.fcntl(read, fcntl.F_GETPIPE_SZ)
            worker.widen(pipe)
            after = fcntl.fcntl(read, fcntl.F_GETPIPE_SZ)
    finally:
        os.close(write)
    with open("/proc/sys/fs/pipe-max-size") as most:
        limit = int(most.read())
    # Where the system's limit is lower (and the process may not pass it), the pipe stays.
    assert after == worker.ANSWERS_PIPE or (limit < worker.ANSWERS_PIPE and after == before)
