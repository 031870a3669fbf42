"""Test-wide settings: hypothesis profiles, and the generated pages made once per session.

``HYPOTHESIS_PROFILE=dev`` (the default on a workstation) keeps runs quick;
``HYPOTHESIS_PROFILE=ci`` (the default when ``CI`` is set, as in ``.ci/run``) tries more examples.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci",
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(scope="session")
def generated_files() -> dict:
    """Every page fragment and figure ``python -m docs.gen`` makes, keyed by path under ``docs/``,
    made once per test session: rendering the figures takes tens of seconds, so the tests that
    need them share this one rendering instead of each drawing the same PNGs again."""
    from docs.gen.__main__ import collect

    return collect()
