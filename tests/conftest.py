"""Test-wide settings: hypothesis profiles.

``HYPOTHESIS_PROFILE=dev`` (the default on a workstation) keeps runs quick;
``HYPOTHESIS_PROFILE=ci`` (the default when ``CI`` is set, as in ``.ci/run``) tries more examples.
"""

from __future__ import annotations

import os

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
