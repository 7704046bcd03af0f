"""The deployment files (Dockerfile, deploy/compose, deploy/systemd) agree with the code: the
commands they run exist, the health check asks the port and path the bot serves, the data is
where the volume is. The image itself is built and started only where Docker runs."""

from __future__ import annotations

import asyncio
import configparser
import fnmatch
import json
import re
import shlex
import shutil
import signal
import socket
import subprocess
import tomllib
import uuid
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from bot import cli, healthcheck
from bot.config import load
from bot.health import DATABASE_TIMEOUT, HEALTH_PATH
from bot.loopback import FakeDiscord
from tests.loopback.botproc import guildmaster_process

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
COMPOSE = ROOT / "deploy" / "compose" / "compose.yaml"
UNIT = ROOT / "deploy" / "systemd" / "guildmaster.service"


def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (INSTRUCTION, arguments), continuations joined."""
    instructions, pending = [], ""
    for line in DOCKERFILE.read_text().splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        whole = (pending + line).strip()
        pending = ""
        keyword, _, rest = whole.partition(" ")
        instructions.append((keyword.upper(), rest.strip()))
    return instructions


def docker_env() -> dict[str, str]:
    """The ENV settings of the image."""
    env: dict[str, str] = {}
    for keyword, rest in dockerfile():
        if keyword == "ENV":
            env.update(part.split("=", 1) for part in shlex.split(rest))
    return env


def only(keyword: str) -> str:
    found = [rest for k, rest in dockerfile() if k == keyword]
    assert len(found) == 1, f"{keyword}: {found}"
    return found[0]


def runs_the_bot(argv: list[str]) -> None:
    """`argv` is `guildmaster run ...`, as the installed console script reads it."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert Path(argv[0]).name in scripts, argv
    assert scripts[Path(argv[0]).name] == "bot.cli:main"
    args = cli._parser().parse_args(argv[1:])
    assert args.run is cli._run, argv


def test_the_image_runs_the_bot_as_a_user_with_its_data_in_a_volume():
    assert only("USER") not in ("root", "0", "")
    runs_the_bot(json.loads(only("CMD")))
    env = docker_env()
    volumes = json.loads(only("VOLUME"))
    database = PurePosixPath(env["GUILDMASTER_DATABASE_PATH"])
    assert str(database.parent) in volumes
    workdirs = [rest for k, rest in dockerfile() if k == "WORKDIR"]
    assert workdirs[-1] == str(database.parent)  # a config.toml put in the volume is read
    config = load(None, env=env)
    assert config.url == f"sqlite+aiosqlite:///{database}"
    for keyword, rest in dockerfile():
        if keyword == "COPY":
            *sources, _ = rest.split()
            assert all((ROOT / s).exists() for s in sources), rest


def test_the_health_check_asks_what_the_bot_serves():
    options, _, command = only("HEALTHCHECK").partition("CMD")
    argv = json.loads(command)
    assert argv[:3] == ["python", "-m", "bot.healthcheck"] and len(argv) == 4
    assert callable(healthcheck.main)
    url = urlsplit(argv[3])
    config = load(None, env=docker_env())
    assert (url.scheme, url.hostname, url.port, url.path) == (
        "http",
        config.health_host,
        config.health_port,
        HEALTH_PATH,
    )
    timeout = dict(o.lstrip("-").split("=") for o in options.split())["timeout"]
    seconds = float(timeout.rstrip("s"))
    # The database check and the probe give up before Docker gives up on the probe.
    assert DATABASE_TIMEOUT < healthcheck.probe.__defaults__[0] < seconds  # type: ignore[index]


def interpolate(value: str, given: dict[str, str]) -> str:
    """A compose value with `${NAME}`, `${NAME:?message}` and `${NAME:-default}` filled in."""

    def fill(match: re.Match[str]) -> str:
        name, how, rest = match.group(1), match.group(2), match.group(3)
        if name in given:
            return given[name]
        assert how == ":-", f"{name} must be given: {rest}"
        return rest

    return re.sub(r"\$\{(\w+)(?:(:[?-])([^}]*))?\}", fill, value)


def test_the_compose_file_shards_the_bot_over_postgresql():
    compose = yaml.safe_load(COMPOSE.read_text())
    services = compose["services"]
    assert "db" in services and services["db"]["image"].startswith("postgres:")
    bots = {name: s for name, s in services.items() if name.startswith("bot")}
    assert len(bots) >= 2
    given = {"DISCORD_TOKEN": "x", "POSTGRES_PASSWORD": "secret"}
    shards: list[int] = []
    for name, service in bots.items():
        assert (COMPOSE.parent / service["build"]["context"] / "Dockerfile").is_file(), name
        assert service["depends_on"]["db"]["condition"] == "service_healthy"
        env = {k: interpolate(str(v), given) for k, v in service["environment"].items()}
        config = load(None, env={**docker_env(), **env})
        assert config.url.startswith("postgresql+asyncpg://"), name
        assert config.shard_ids is not None and config.shard_count is not None
        shards += config.shard_ids
    assert sorted(shards) == list(range(config.shard_count))  # disjoint, covering them all


def test_the_systemd_unit_starts_the_installed_command_and_stops_it_gently():
    unit = configparser.ConfigParser(interpolation=None, strict=True)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read_string(UNIT.read_text())
    service = unit["Service"]
    runs_the_bot(shlex.split(service["ExecStart"]))
    assert service["User"] not in ("root", "0")
    assert service["KillSignal"] == "SIGTERM"
    assert service["RestartPreventExitStatus"] == "2"  # a bad configuration: no restart loop
    assert service["ReadWritePaths"] == service["WorkingDirectory"]
    setting, _, path = service["Environment"].partition("=")
    assert setting == "GUILDMASTER_DATABASE_PATH"
    assert PurePosixPath(path).parent == PurePosixPath(service["WorkingDirectory"])
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def until_healthy(url: str, process: Any, timeout: float = 60.0) -> str:
    """Probe `url` as the image's HEALTHCHECK does until it answers 200."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    said = ""
    while loop.time() < deadline:
        healthy, said = await asyncio.to_thread(healthcheck.probe, url, 2.0)
        if healthy:
            return said
        assert process.poll() is None, f"the bot ended: {said}"
        await asyncio.sleep(0.3)
    raise AssertionError(f"never healthy: {said}")


async def test_guildmaster_run_serves_health_and_stops_on_sigterm(tmp_path):
    """The process the image runs: healthy once connected, exit 0 on SIGTERM."""
    async with FakeDiscord() as fake:
        port = free_port()
        bot = guildmaster_process(
            fake,
            tmp_path / "bot.sqlite3",
            GUILDMASTER_HEALTH_PORT=str(port),
            GUILDMASTER_IMAGES="0",
        )
        try:
            url = f"http://127.0.0.1:{port}{HEALTH_PATH}"
            said = await until_healthy(url, bot)
            assert '"status": "ok"' in said
            assert healthcheck.main([url]) == 0
        finally:
            bot.send_signal(signal.SIGTERM)
            code = await asyncio.to_thread(bot.wait, 60)
        assert code == 0
        assert healthcheck.main([url]) == 1  # gone with the bot


def docker_missing() -> str | None:
    """Why the Docker test cannot run here, or None if it can."""
    if shutil.which("docker") is None:
        return "no docker command on this machine"
    info = subprocess.run(["docker", "info"], capture_output=True, text=True, timeout=30)
    if info.returncode != 0:
        said = info.stderr.strip().splitlines()
        return f"Docker is not running ({said[-1] if said else 'docker info failed'})"
    return None


DOCKER_MISSING = docker_missing()


@pytest.mark.skipif(DOCKER_MISSING is not None, reason=str(DOCKER_MISSING))
async def test_the_image_builds_starts_healthy_and_stops_cleanly():
    """Only where Docker runs (never needed by CI): build the image, start it against the
    loopback Discord on this machine's network, wait for its HEALTHCHECK, stop it."""
    tag = f"guildmaster-test:{uuid.uuid4().hex[:8]}"
    name = tag.replace(":", "-")
    build = await asyncio.to_thread(
        subprocess.run, ["docker", "build", "-t", tag, str(ROOT)], capture_output=True, text=True
    )
    assert build.returncode == 0, build.stderr[-3000:]
    try:
        async with FakeDiscord() as fake:
            port = free_port()
            run = [
                "docker", "run", "-d", "--name", name, "--network", "host",
                "-e", f"DISCORD_TOKEN={fake.bot_token}",
                "-e", f"GUILDMASTER_API_BASE={fake.rest_url}",
                "-e", f"GUILDMASTER_GATEWAY={fake.gateway_url}",
                "-e", f"GUILDMASTER_HEALTH_PORT={port}",
                tag,
            ]  # fmt: skip
            started = subprocess.run(run, capture_output=True, text=True)
            assert started.returncode == 0, started.stderr

            class Container:
                def poll(self) -> int | None:
                    state = subprocess.run(
                        ["docker", "inspect", "-f", "{{.State.Running}}", name],
                        capture_output=True,
                        text=True,
                    )
                    return None if state.stdout.strip() == "true" else 1

            url = f"http://127.0.0.1:{port}{HEALTH_PATH}"
            await until_healthy(url, Container(), 120)
            # The image's own probe, as its HEALTHCHECK runs it (on the port set here).
            probe = subprocess.run(
                ["docker", "exec", name, "python", "-m", "bot.healthcheck", url],
                capture_output=True,
                text=True,
            )
            assert probe.returncode == 0, probe.stderr
            whoami = subprocess.run(
                ["docker", "exec", name, "id", "-u"], capture_output=True, text=True
            )
            assert whoami.stdout.strip() not in ("", "0")
            subprocess.run(["docker", "stop", "-t", "60", name], capture_output=True, check=True)
            code = subprocess.run(
                ["docker", "inspect", "-f", "{{.State.ExitCode}}", name],
                capture_output=True,
                text=True,
            )
            assert code.stdout.strip() == "0", code.stdout
    finally:
        subprocess.run(["docker", "rm", "-f", name], capture_output=True)
        subprocess.run(["docker", "rmi", "-f", tag], capture_output=True)


def test_an_installed_bot_has_every_data_file():
    """`pip install .` (the image, the systemd setup) copies only the package data pyproject.toml
    names: a game's cards or a font left out crashes or spoils the installed bot, never the
    development checkout."""
    named = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"
    ]
    missing = []
    for top in ("engine", "bot", "games"):
        for path in sorted((ROOT / top).rglob("*")):
            relative = path.relative_to(ROOT)
            skipped = {"__pycache__", "tests", "docs"} & set(relative.parts)
            if not path.is_file() or path.suffix in (".py", ".pyc") or skipped:
                continue
            if path.name == "README.md":
                continue
            if not any(
                relative.parts[: len(package.split("."))] == tuple(package.split("."))
                and any(
                    _matches(relative.parts[len(package.split(".")) :], pattern)
                    for pattern in patterns
                )
                for package, patterns in named.items()
            ):
                missing.append(str(relative))
    assert not missing, f"not in [tool.setuptools.package-data]: {missing}"


def _matches(parts: tuple[str, ...], pattern: str) -> bool:
    """Does a path (its parts below the package) match a setuptools glob (`*` within a part)?"""
    wanted = pattern.split("/")
    return len(parts) == len(wanted) and all(map(fnmatch.fnmatchcase, parts, wanted))
