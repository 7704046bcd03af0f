"""Child Python processes of the bot (the picture worker, a migration)."""

from __future__ import annotations

import os
from pathlib import Path

# The directory that holds the `bot` and `engine` packages.
ROOT = Path(__file__).resolve().parents[1]


def child_env() -> dict[str, str]:
    """This process's environment, with ROOT first on the import path: a child process
    imports the same copy of the bot as its parent, however the parent was started."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(ROOT), env.get("PYTHONPATH"))))
    return env
