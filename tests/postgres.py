"""A private PostgreSQL server for tests, on 127.0.0.1, started once per test session.

PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user. If no
server can be started (no PostgreSQL installed, no such user), `start()` returns the reason and
the PostgreSQL tests are skipped with it, printed in the test summary.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass


@dataclass
class Server:
    host: str
    port: int
    user: str
    folder: str
    pg_ctl: str
    run_as: list[str]

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+asyncpg://{self.user}@{self.host}:{self.port}/{database}"

    def psql(self, sql: str, database: str = "postgres") -> None:
        psql = os.path.join(os.path.dirname(self.pg_ctl), "psql")
        subprocess.run(
            [
                *self.run_as,
                psql,
                "-h",
                self.host,
                "-p",
                str(self.port),
                "-U",
                self.user,
                "-d",
                database,
                "-v",
                "ON_ERROR_STOP=1",
                "-q",
                "-c",
                sql,
            ],
            check=True,
            capture_output=True,
            text=True,
            timeout=60,
        )

    def stop(self) -> None:
        subprocess.run(
            [
                *self.run_as,
                self.pg_ctl,
                "-D",
                os.path.join(self.folder, "data"),
                "-m",
                "immediate",
                "stop",
            ],
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(self.folder, ignore_errors=True)

    def halt(self) -> None:
        """Stop the server (its data stays) until `resume`."""
        data = os.path.join(self.folder, "data")
        subprocess.run(
            [*self.run_as, self.pg_ctl, "-D", data, "-m", "fast", "stop"],
            capture_output=True,
            timeout=60,
            check=True,
        )

    def resume(self) -> None:
        _start(self.run_as, self.pg_ctl, os.path.join(self.folder, "data"), self.folder, self.port)


def _binaries() -> str | None:
    env = os.environ.get("PG_BIN")
    candidates = [env] if env else sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for folder in candidates:
        if folder and os.path.exists(os.path.join(folder, "pg_ctl")):
            return folder
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(run_as: list[str], pg_ctl: str, data: str, folder: str, port: int) -> None:
    options = f"-p {port} -h 127.0.0.1 -k {folder} -c fsync=off -c full_page_writes=off"
    subprocess.run(
        [
            *run_as,
            pg_ctl,
            "-D",
            data,
            "-l",
            os.path.join(folder, "log"),
            "-o",
            options,
            "-w",
            "start",
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )


def start() -> Server | str:
    """Start a server, or say why none could be started."""
    folder_bin = _binaries()
    if folder_bin is None:
        return "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/pg_ctl; set PG_BIN)"
    run_as: list[str] = []
    user = os.environ.get("USER") or "postgres"
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            return "running as root and runuser is missing, so PostgreSQL cannot be started"
        try:
            import pwd

            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no postgres user to run PostgreSQL as"
        run_as = ["runuser", "-u", "postgres", "--"]
        user = "postgres"
    folder = tempfile.mkdtemp(prefix="gm-pg-")
    if run_as:
        shutil.chown(folder, "postgres")
    data = os.path.join(folder, "data")
    port = _free_port()
    pg_ctl = os.path.join(folder_bin, "pg_ctl")
    try:
        subprocess.run(
            [
                *run_as,
                os.path.join(folder_bin, "initdb"),
                "-D",
                data,
                "-U",
                user,
                "-A",
                "trust",
                "--no-sync",
                "-E",
                "UTF8",
            ],
            check=True,
            capture_output=True,
            text=True,
            timeout=120,
        )
        _start(run_as, pg_ctl, data, folder, port)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
        detail = getattr(exc, "stderr", "") or str(exc)
        shutil.rmtree(folder, ignore_errors=True)
        return f"PostgreSQL could not start: {detail.strip()[:300]}"
    return Server("127.0.0.1", port, user, folder, pg_ctl, run_as)
