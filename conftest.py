"""Test settings shared by the core's tests (tests/) and every game's (games/*/tests/):
hypothesis profiles (CI runs the short one by default)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
