"""Memory of the bot and its picture worker under the load bench, measured apart.

    python bench/memory_probe.py --games 1000 [--every 0] [--no-images] [--env NAME=VALUE]

Runs the Guild Master bursts of `bench/load.py` (lobby, setup, one round; no floor) against one
`guildmaster run` and its picture worker, and reports for each process:

- RSS sampled every half second: at rest before the games, the peak of each burst, and at rest
  after the round (the bot idle for a second), with the peak resident set (VmHWM);
- a dump of what each process holds, made on SIGUSR1 by a `sitecustomize` module this script
  puts first on the children's import path: glibc's `mallinfo2` (heap in use and free), and the
  objects the garbage collector tracks and their untracked referents, by type (count and
  shallow `sys.getsizeof`); for the worker also its picture caches. A dump is taken at rest
  before the games, every `--every` seconds during the bursts (the one with the highest RSS is
  kept: the walk takes a second or two of the process's CPU) and at rest after the round;
  printed as what grew from rest to the peak and to rest after, per game. The walk holds a set
  of every object's id while it runs, so a run with dumps overstates the peak: the peak figures
  (VmHWM, RSS by phase) are taken with `--every 0`, which makes no dump at all;
- `--trim`: at rest after the round, each process calls glibc's `malloc_trim(0)` (on SIGUSR2)
  and its RSS is measured before and after: what handing back the allocator's free memory
  would give at rest;
- `--env NAME=VALUE` (repeatable) sets the bot's environment (MALLOC_ARENA_MAX=2, say), so a
  setting is measured with the same load.

No latency figures: the dumps stop the processes for their walks.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

# The children's sitecustomize: on SIGUSR1, one JSON line of what the process holds, appended to
# $GM_MEMPROBE_OUT.<pid>.
SITECUSTOMIZE = r'''
import os
if os.environ.get("GM_MEMPROBE_OUT"):
    import ctypes, gc, json, signal, sys, tracemalloc

    class _Mallinfo2(ctypes.Structure):
        _fields_ = [(n, ctypes.c_size_t) for n in (
            "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
            "uordblks", "fordblks", "keepcost")]

    def _mallinfo():
        try:
            libc = ctypes.CDLL("libc.so.6")
            libc.mallinfo2.restype = _Mallinfo2
            m = libc.mallinfo2()
            return {n: getattr(m, n) for n, _ in _Mallinfo2._fields_}
        except Exception as exc:
            return {"error": repr(exc)}

    def _status():
        out = {}
        with open("/proc/self/status") as f:
            for line in f:
                k, _, v = line.partition(":")
                if k in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
                    out[k] = int(v.split()[0])
        return out

    def _maps():
        """Resident kB by kind of mapping: the main heap, anonymous mappings by size (Python's
        object arenas are small ones, glibc's thread arenas 64 MB reservations), files."""
        out = {}
        big = []
        kind = None
        with open("/proc/self/smaps") as f:
            for line in f:
                first = line.split()
                if "-" in first[0] and ":" not in first[0]:
                    lo, hi = (int(x, 16) for x in first[0].split("-"))
                    size = hi - lo
                    path = first[5] if len(first) > 5 else ""
                    if path == "[heap]":
                        kind = "main heap"
                    elif path.startswith("["):
                        kind = path
                    elif path:
                        kind = "files"
                    elif size <= 1 << 20:
                        kind = "anon <= 1 MB"
                    elif size < 60 << 20:
                        kind = "anon 1-60 MB"
                    else:
                        kind = "anon >= 60 MB"
                elif first[0] == "Rss:":
                    out[kind] = out.get(kind, 0) + int(first[1])
                    if kind.startswith("anon") and int(first[1]) >= 4096:
                        big.append((int(first[1]), size >> 10))
        out["largest anon (rss, size kB)"] = sorted(big, reverse=True)[:8]
        return out

    def _pymalloc():
        """Python's small-object allocator (sys._debugmallocstats, written to stderr): its
        arenas' bytes, and how much of them live blocks use."""
        import tempfile
        with tempfile.TemporaryFile("w+") as tmp:
            saved = os.dup(2)
            os.dup2(tmp.fileno(), 2)
            try:
                sys._debugmallocstats()
            finally:
                os.dup2(saved, 2)
                os.close(saved)
            tmp.seek(0)
            text = tmp.read()
        out = {}
        for line in text.splitlines():
            key, _, value = line.partition("=")
            key = key.strip("# ").strip()
            if key in ("arenas allocated current", "bytes in allocated blocks",
                       "bytes in available blocks", "bytes lost to pool headers",
                       "bytes lost to quantization", "bytes lost to arena alignment",
                       "bytes in unused pools"):
                out[key] = int(value.replace(",", "").strip())
        return out

    def _caches():
        out = {}
        canvas = sys.modules.get("bot.render.pictures.canvas")
        if canvas is not None:
            for name in ("_MASKS", "_TILES"):
                c = getattr(canvas, name, None)
                if c is not None:
                    out[name] = {"bytes": c.size, "entries": len(c)}
            for name, fn in vars(canvas).items():
                info = getattr(fn, "cache_info", None)
                if info is not None:
                    out[name] = {"entries": info().currsize}
        return out

    _dumping = []

    def _dump(signum, frame):
        # A signal that comes while a dump is being made (a slow one: tracing at thousands of
        # games) is dropped: dumps run inside one another would stop the process for good.
        if _dumping:
            return
        _dumping.append(True)
        try:
            _dump_now()
        finally:
            _dumping.clear()

    def _dump_now():
        seen = set()
        by_type = {}
        def count(o):
            if id(o) in seen:
                return
            seen.add(id(o))
            t = type(o)
            name = f"{t.__module__}.{t.__qualname__}"
            n, size = by_type.get(name, (0, 0))
            try:
                s = sys.getsizeof(o)
            except Exception:
                s = 0
            by_type[name] = (n + 1, size + s)
        tracked = gc.get_objects()
        for o in tracked:
            count(o)
        for o in tracked:  # untracked referents: strings, bytes, ints, floats
            for r in gc.get_referents(o):
                if not gc.is_tracked(r):
                    count(r)
        # Who holds the objects of the types named in $GM_MEMPROBE_HOLDERS: for a sample of
        # each, the types of its referrers, two levels up.
        holders = {}
        wanted = set(filter(None, os.environ.get("GM_MEMPROBE_HOLDERS", "").split(",")))
        if wanted:
            def name_of(o):
                return f"{type(o).__module__}.{type(o).__qualname__}"
            for o in tracked:
                name = name_of(o)
                if name in wanted and len(holders.setdefault(name, [])) < 5:
                    chain = []
                    for r in gc.get_referrers(o)[:4]:
                        if r is tracked:
                            continue
                        up = [name_of(u) for u in gc.get_referrers(r)[:4] if u is not tracked]
                        chain.append([name_of(r), up])
                    holders[name].append(chain)
        del tracked
        line = {"status": _status(), "mallinfo": _mallinfo(), "caches": _caches(),
                "maps": _maps(), "pymalloc": _pymalloc(), "types": by_type,
                "holders": holders, "tasks": _tasks(), "traced": _traced(),
                "argv": sys.argv[:3]}
        with open(f"{os.environ['GM_MEMPROBE_OUT']}.{os.getpid()}", "a") as f:
            f.write(json.dumps(line) + "\n")
        # Traced from the first dump (at rest before the games) on: a later snapshot holds
        # only what was allocated since and is still alive.
        frames = int(os.environ.get("GM_MEMPROBE_TRACE", "0"))
        if frames and not tracemalloc.is_tracing():
            tracemalloc.start(frames)

    def _tasks():
        """asyncio's tasks not done, by their coroutine and where they wait (the innermost
        coroutine's function and line): what the backlog is made of."""
        import asyncio.tasks
        where = {}
        for task in list(asyncio.tasks._all_tasks):
            if task.done():
                continue
            coro = task.get_coro()
            outer = getattr(coro, "__qualname__", type(coro).__name__)
            inner = coro
            while getattr(inner, "cr_await", None) is not None:
                nxt = inner.cr_await
                if not hasattr(nxt, "cr_frame"):
                    break
                inner = nxt
            frame = getattr(inner, "cr_frame", None)
            at = (f"{frame.f_code.co_qualname}:{frame.f_lineno}" if frame else "?")
            key = f"{outer} @ {at}"
            where[key] = where.get(key, 0) + 1
        return sorted(where.items(), key=lambda kv: -kv[1])[:30]

    def _traced():
        """tracemalloc's live allocations since tracing began: by line and by file (the top
        ones), and by traceback for the largest lines."""
        if not tracemalloc.is_tracing():
            return {}
        snap = tracemalloc.take_snapshot().filter_traces((
            tracemalloc.Filter(False, tracemalloc.__file__),
            tracemalloc.Filter(False, "<frozen importlib._bootstrap>"),
            tracemalloc.Filter(False, "<frozen importlib._bootstrap_external>"),
            tracemalloc.Filter(False, "*sitecustomize.py"),
        ))
        def rows(key, n):
            return [[str(s.traceback), s.size, s.count] for s in snap.statistics(key)[:n]]
        return {"total": sum(t.size for t in snap.traces),
                "lineno": rows("lineno", 40), "filename": rows("filename", 25),
                "traceback": [["\n".join(s.traceback.format(limit=8)), s.size, s.count]
                              for s in snap.statistics("traceback")[:12]]}

    signal.signal(signal.SIGUSR1, _dump)

    def _trim(signum, frame):
        ctypes.CDLL("libc.so.6").malloc_trim(0)

    signal.signal(signal.SIGUSR2, _trim)
'''


def status(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of a process, in kB (empty if it has gone)."""
    out: dict[str, int] = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])
    except OSError:
        pass
    return out


def last_dump(path: Path) -> dict[str, Any] | None:
    if not path.exists():
        return None
    lines = path.read_text().splitlines()
    return json.loads(lines[-1]) if lines else None


async def dump(pid: int, out: str, wait: float = 30.0) -> dict[str, Any] | None:
    """Ask `pid` for a dump and wait until it is written."""
    path = Path(f"{out}.{pid}")
    before = len(path.read_text().splitlines()) if path.exists() else 0
    os.kill(pid, signal.SIGUSR1)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        await asyncio.sleep(0.2)
        if path.exists() and len(path.read_text().splitlines()) > before:
            return last_dump(path)
    return None


def grown(a: dict[str, Any], b: dict[str, Any], games: int, top: int) -> list[str]:
    """The types whose shallow size grew most from dump `a` to dump `b`, per game."""
    rows = []
    for name, (n, size) in b["types"].items():
        n0, s0 = a["types"].get(name, (0, 0))
        rows.append((size - s0, n - n0, name))
    rows.sort(reverse=True)
    total = sum(r[0] for r in rows)
    per_game = total / games / 1024
    out = [f"    objects seen by gc: {total / 2**20:+.1f} MB, {per_game:+.2f} KB a game"]
    for size, n, name in rows[:top]:
        out.append(f"      {size / games:+9.0f} B/game {n / games:+8.2f}/game  {name}")
    return out


def traced(name: str, t: dict[str, Any], games: int) -> str:
    """tracemalloc's live allocations since the dump at rest before the games."""
    out = [f"  {name}, traced since rest (tracemalloc): {t['total'] / 2**20:.1f} MB"]
    for key in ("filename", "lineno"):
        out.append(f"    by {key}:")
        for where, size, count in t[key]:
            out.append(
                f"      {size / 2**20:7.2f} MB {count:8d} ({size / games:7.0f} B/game)  {where}"
            )
    out.append("    by traceback (largest):")
    for where, size, count in t["traceback"]:
        out.append(f"      {size / 2**20:7.2f} MB {count:8d}")
        out.extend(f"          {line}" for line in where.splitlines())
    return "\n".join(out)


def heap(d: dict[str, Any]) -> str:
    m = d["mallinfo"]
    if "error" in m:
        return m["error"]
    return (
        f"main heap {m['arena'] / 2**20:.1f} MB (in use {m['uordblks'] / 2**20:.1f}, free "
        f"{m['fordblks'] / 2**20:.1f}), mmapped {m['hblkhd'] / 2**20:.1f} MB; "
        f"RSS {d['status']['VmRSS'] / 1024:.1f} MB"
    )


async def run(
    games: int,
    images: bool,
    every: float,
    extra_env: dict[str, str],
    top: int,
    trim: bool,
    log: str = "",
) -> None:
    import load  # bench/load.py

    tmp = Path(tempfile.mkdtemp(prefix="gm-memprobe-"))
    (tmp / "sitecustomize.py").write_text(SITECUSTOMIZE)
    out = str(tmp / "dump")
    path = (str(tmp), os.environ.get("PYTHONPATH"))
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, path))
    os.environ["GM_MEMPROBE_OUT"] = out
    fake = await load.start_fake()
    bench = load.Load(fake, games, 1, load.GUILD_MASTER)
    bench.world()
    env = {"GUILDMASTER_DATABASE_PATH": str(tmp / "load.sqlite3"), **extra_env}
    if not images:
        env["GUILDMASTER_IMAGES"] = "0"
    if log:  # the bot's standard error (its log) to a file, instead of nowhere
        with open(log, "ab") as stream:
            real = subprocess.Popen

            def popen(*args: Any, **kwargs: Any) -> subprocess.Popen[bytes]:
                kwargs["stderr"] = stream
                return real(*args, **kwargs)

            subprocess.Popen = popen  # type: ignore[assignment,misc]
            try:
                proc = load.spawn(fake, ["-m", "bot.cli", "run"], env)
            finally:
                subprocess.Popen = real  # type: ignore[misc]
    else:
        proc = load.spawn(fake, ["-m", "bot.cli", "run"], env)
    phase = "start"
    samples: dict[str, dict[str, float]] = {}  # phase -> process -> max RSS MB
    dumps: dict[str, dict[int, dict[str, Any]]] = {}
    pids: dict[str, int] = {"bot": proc.pid}

    def sample() -> dict[str, float]:
        now = {}
        for who, pid in pids.items():
            st = status(pid)
            if st:
                now[who] = st["VmRSS"] / 1024
                peak = samples.setdefault(phase, {})
                peak[who] = max(peak.get(who, 0.0), now[who])
        return now

    async def sampler() -> None:
        while True:
            sample()
            await asyncio.sleep(0.5)

    async def dumper() -> None:
        """Every `every` seconds of bursts: a dump of each process, the highest RSS kept."""
        while True:
            await asyncio.sleep(every)
            for pid in list(pids.values()):
                rss = status(pid).get("VmRSS", 0)
                kept = dumps.setdefault("peak", {}).get(pid)
                if kept is None or rss > kept["status"]["VmRSS"]:
                    d = await dump(pid, out)
                    if d is None:
                        continue
                    if kept is None or d["status"]["VmRSS"] > kept["status"]["VmRSS"]:
                        dumps["peak"][pid] = d

    def advance(n: int) -> None:
        nonlocal phase
        phase = "round" if phase == "lobby+setup" else "after"
        print(f"  {time.strftime('%H:%M:%S')} now: {phase}; RSS {sample()}", flush=True)

    tasks: list[asyncio.Task[None]] = []
    try:
        await fake.wait_until_connected(timeout=60)
        await fake.wait_for_commands("gm", timeout=60)
        await asyncio.sleep(2)
        pids.update({f"worker {c}": c for c in load.children(proc.pid)})
        print(f"{games} games, load average {os.getloadavg()}; processes {pids}", flush=True)
        sample()
        if every:
            dumps["rest"] = {pid: d for pid in pids.values() if (d := await dump(pid, out))}
        phase = "lobby+setup"
        tasks = [asyncio.create_task(sampler())]
        if every:
            tasks.append(asyncio.create_task(dumper()))
        start = time.monotonic()
        await bench.run(advance)
        seconds = time.monotonic() - start
        tasks[-1].cancel()
        phase = "after"
        await asyncio.sleep(2)
        sample()
        if every:
            dumps["after"] = {pid: d for pid in pids.values() if (d := await dump(pid, out))}
        print(f"  bursts done in {seconds:.0f} s; load average {os.getloadavg()}")
        if trim:  # glibc's free memory at the top and in its holes handed back, as measured
            for pid in pids.values():
                os.kill(pid, signal.SIGUSR2)
            before = [status(pid).get("VmRSS", 0) / 1024 for pid in pids.values()]
            await asyncio.sleep(2)
            after = [status(pid).get("VmRSS", 0) / 1024 for pid in pids.values()]
            print(
                "  malloc_trim(0) at rest, bot and worker: "
                + ", ".join(f"{b:.0f} -> {a:.0f} MB" for b, a in zip(before, after, strict=True))
            )
        cpu = [load.cpu_seconds(pid) for pid in pids.values()]
        print(f"  CPU seconds, bot and worker: {' and '.join(f'{c:.1f}' for c in cpu)}")
        peaks = [status(pid).get("VmHWM", 0) / 1024 for pid in pids.values()]
        rests = [status(pid).get("VmRSS", 0) / 1024 for pid in pids.values()]
        print(
            f"  peak (VmHWM), bot + worker: {' + '.join(f'{p:.0f}' for p in peaks)} = "
            f"{sum(peaks):.0f} MB; at rest after: {' + '.join(f'{r:.0f}' for r in rests)} = "
            f"{sum(rests):.0f} MB"
        )
        for who, pid in pids.items():
            st = status(pid)
            print(f"\n{who}: VmHWM {st.get('VmHWM', 0) / 1024:.1f} MB")
            for ph in ("start", "lobby+setup", "round", "after"):
                if who in samples.get(ph, {}):
                    print(f"  max RSS during {ph:<11} {samples[ph][who]:7.1f} MB")
            rest, peak, after = (dumps.get(k, {}).get(pid) for k in ("rest", "peak", "after"))
            for name, d in (("peak dump", peak), ("at rest after", after)):
                for kind, chains in (d or {}).get("holders", {}).items():
                    print(f"  {name}, held {kind}: {chains}")
                if d is not None and d.get("tasks"):
                    print(f"  {name}, asyncio tasks not done, where they wait:")
                    for where, n in d["tasks"]:
                        print(f"    {n:6d}  {where}")
                if d is not None and d.get("traced"):
                    print(traced(name, d["traced"], games))
            named = (("at rest before", rest), ("peak dump", peak), ("at rest after", after))
            for name, d in named:
                if d is not None:
                    print(f"  {name}: {heap(d)}")
                    pm = d.get("pymalloc", {})
                    if pm:
                        used = pm.get("bytes in allocated blocks", 0) / 2**20
                        free = pm.get("bytes in available blocks", 0) / 2**20
                        print(
                            f"    pymalloc: {pm.get('arenas allocated current', 0)} arenas of 1 MB"
                            f", blocks in use {used:.1f} MB, free blocks {free:.1f} MB"
                        )
                    big = d["maps"].pop("largest anon (rss, size kB)", [])
                    maps = ", ".join(f"{k} {v / 1024:.1f}" for k, v in sorted(d["maps"].items()))
                    maps += f"; largest anonymous mappings (resident, size kB): {big}"
                    print(f"    resident MB by mapping: {maps}")
                    if d["caches"]:
                        print(f"    caches: {d['caches']}")
            if rest is not None and peak is not None:
                print("  rest before -> peak dump:")
                print("\n".join(grown(rest, peak, games, top)))
            if rest is not None and after is not None:
                print("  rest before -> rest after:")
                print("\n".join(grown(rest, after, games, top)))
    finally:
        for t in tasks:
            t.cancel()
        proc.kill()
        proc.wait()
        await fake.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--no-images", action="store_true")
    parser.add_argument(
        "--every",
        type=float,
        default=20.0,
        help="seconds between burst dumps; 0: no dumps at all (the walks take memory of their "
        "own: the peak figures are honest only without them)",
    )
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument(
        "--trim", action="store_true", help="at rest after the round: malloc_trim(0) in each"
    )
    parser.add_argument("--log", default="", help="the bot's log (standard error) to this file")
    parser.add_argument("--top", type=int, default=25, help="types listed per comparison")
    parser.add_argument(
        "--trace",
        type=int,
        default=0,
        help="with dumps: trace allocations (tracemalloc, this many frames) from the dump at "
        "rest on, and print the live ones at the peak and after by file, line and traceback "
        "(slows the bot and adds to its memory)",
    )
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the bot")
    args = parser.parse_args()
    import load

    load.TIMEOUT = args.timeout
    extra = dict(e.split("=", 1) for e in args.env)
    if args.trace:
        extra["GM_MEMPROBE_TRACE"] = str(args.trace)
    asyncio.run(
        run(args.games, not args.no_images, args.every, extra, args.top, args.trim, args.log)
    )


if __name__ == "__main__":
    main()
