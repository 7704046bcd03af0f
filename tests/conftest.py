"""Fixtures of the core's tests: a private PostgreSQL server."""

import pytest

from tests import postgres


@pytest.fixture(scope="session")
def pg_server():
    """A private PostgreSQL server for the session, or the reason none could start."""
    server = postgres.start()
    if isinstance(server, str):
        yield server
        return
    yield server
    server.stop()
