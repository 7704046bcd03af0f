"""Shared test settings: hypothesis profiles (CI runs the short one by default)."""

import os

import pytest
from hypothesis import HealthCheck, settings

from tests import postgres

settings.register_profile(
    "ci", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def pg_server():
    """A private PostgreSQL server for the session, or the reason none could start."""
    server = postgres.start()
    if isinstance(server, str):
        yield server
        return
    yield server
    server.stop()
