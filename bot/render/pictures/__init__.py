"""The picture worker: pictures (PNG bytes drawn with Pillow) are drawn in a process of their own.

`render_async(fn, *args)` runs a game's renderer in the worker process, so drawing neither
blocks the bot's event loop nor competes with it for the GIL; renderers are module-level
functions of a game's `pictures` package, and their arguments (views, display names) are
pickled to the worker. `canvas.py` has the drawing helpers every game's pictures use (fitted text,
symbols, cards, PNG encoding, the caches of glyph runs, parts and whole pictures) and the DejaVu
Sans fonts shipped in `fonts/`.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import logging
import sys
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

from bot.render.pictures import worker

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

# asyncio, subprocess and concurrent.futures (with ssl, which asyncio imports) are imported where
# the bot uses them, not here: the picture worker imports this package too, and they were 10 MB
# of its memory (issue 26).

__all__ = ["render_async", "start", "worker_pid"]

log = logging.getLogger("guildmaster.pictures")


class WorkerGone(Exception):
    """The worker process could not be started, or has died."""


class _Worker:
    """The worker process (worker.py), spoken to from one thread of this process: renders are
    serialised, and never take more than one core from the bot. A process, not a thread:
    Pillow's drawing holds the GIL, and beside a rendering thread the event loop ran at under
    half its speed (docs/performance.md)."""

    def __init__(self) -> None:
        import subprocess
        from concurrent.futures import ThreadPoolExecutor

        from bot.child import child_env

        try:
            self.process = subprocess.Popen(
                [sys.executable, "-c", "from bot.render.pictures.worker import main; main()"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=child_env(),
            )
        except OSError as exc:
            raise WorkerGone(f"the worker could not start: {exc!r}") from exc
        worker.widen(self.process.stdout)  # type: ignore[arg-type]
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")

    def call(self, call: Callable[[], bytes]) -> bytes:
        """Draw `call` in the worker (on this object's thread)."""
        calls: IO[bytes] = self.process.stdin  # type: ignore[assignment]
        answers: IO[bytes] = self.process.stdout  # type: ignore[assignment]
        try:
            worker.send(calls, call)
            ok, value = worker.receive_answer(answers)
        except (OSError, EOFError, ValueError) as exc:
            raise WorkerGone(f"the worker has died: {exc!r}") from exc
        if not ok:
            raise value  # type: ignore[misc]
        return value  # type: ignore[return-value]

    def stop(self) -> None:
        """End the worker: it exits when its standard input ends."""
        import subprocess

        self.thread.shutdown(wait=False)  # calls still queued fail over to the fallback
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):  # a dead worker's pipe: nothing to flush to
                    pipe.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


_worker: _Worker | None = None
# Once the worker process could not be started, or died, pictures are drawn on this thread.
_fallback: ThreadPoolExecutor | None = None


def _the_worker() -> _Worker:
    global _worker
    if _worker is None:
        _worker = _Worker()
    return _worker


def _to_thread(exc: BaseException) -> ThreadPoolExecutor:
    """Draw on a thread from now on: the worker process could not start or has died."""
    global _fallback
    if _fallback is None:
        from concurrent.futures import ThreadPoolExecutor

        log.warning("the picture worker process failed (%s): drawing on a thread instead", exc)
        _fallback = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
    stop()
    return _fallback


def start() -> None:
    """Start the picture worker now, at the bot's start-up, rather than with the first picture
    (starting a process and importing Pillow and the renderers takes about a second)."""
    if _fallback is None:
        try:
            _the_worker()
        except WorkerGone as exc:
            _to_thread(exc)


def worker_pid() -> int | None:
    """The worker process's id, if it runs."""
    return None if _worker is None else _worker.process.pid


@atexit.register
def stop() -> None:
    """Stop the worker process (it also stops by itself when this process ends)."""
    global _worker
    if _worker is not None:
        old, _worker = _worker, None
        old.stop()


async def render_async(fn: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
    """Run the renderer `fn(*args, **kwargs)` in the picture worker; await its PNG bytes.

    Renders queue for the one worker. Its arguments are pickled to it: a view in some tens of
    µs, and Names by its pack's name (see `Names.__reduce__`). If the worker process cannot
    be started, or dies, pictures are drawn on a thread of this process instead, for good.
    """
    # Imported here, not at the top: the worker process imports this package too, and has no
    # use for the metrics or the event loop.
    import asyncio

    from bot import metrics

    call = functools.partial(fn, *args, **kwargs)
    loop = asyncio.get_running_loop()
    with metrics.PICTURE_SECONDS.labels(getattr(fn, "__name__", "picture")).time():
        if _fallback is None:
            try:
                proc = _the_worker()
                return await loop.run_in_executor(proc.thread, proc.call, call)
            except WorkerGone as exc:
                _to_thread(exc)
        assert _fallback is not None
        return await loop.run_in_executor(_fallback, call)
