"""Test-wide settings: hypothesis profiles, what is made once per test run however many workers
share it (the generated pages, the built sites), the order that puts the longest tests first, and
how a test starts a command that it will interrupt as a terminal would.

The suite runs on every core (``-n auto`` in ``pyproject.toml``, pytest-xdist): each worker is a
process with its own session fixtures, so what is costly to make goes through
:func:`tests.helpers.made_once`.

``HYPOTHESIS_PROFILE=dev`` (the default on a workstation) keeps runs quick;
``HYPOTHESIS_PROFILE=ci`` (the default when ``CI`` is set, as in ``.ci/run``) tries more examples.
"""

from __future__ import annotations

import os
import signal

import pytest
from hypothesis import HealthCheck, settings

from tests.helpers import made_once

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


def sigint_as_in_a_terminal() -> None:
    """``preexec_fn`` for a command a test sends Ctrl-C (SIGINT) to: the default disposition, as
    a terminal gives it. A test run started in the background by a non-interactive shell (or
    under ``nohup``) ignores SIGINT, its children inherit that, and Python then never raises
    ``KeyboardInterrupt``: the interrupted command would just keep running."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def ctrl_c_raises():
    """Ctrl-C raises ``KeyboardInterrupt`` in this process during the test, whatever the
    disposition the test run inherited (see :func:`sigint_as_in_a_terminal`)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--zensical-gaps",
        action="store_true",
        help="also run, as expected failures, the site tests that do not hold on Zensical yet "
        "(tests/docs/engines.py: ZENSICAL_GAPS); by default they are skipped. Run them when "
        "the zensical pin moves, to see which gaps closed.",
    )


@pytest.fixture(scope="session")
def generated_files(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Every page fragment and figure ``python -m studylog.gen`` makes, keyed by path under
    ``docs/``, made once per test run: rendering the figures takes tens of seconds, so the tests
    that need them share this one rendering instead of each drawing the same PNGs again."""
    from studylog.gen.__main__ import collect

    return made_once(tmp_path_factory, "generated-files", lambda _: collect())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A browser test needs the built site and Chromium, and any test that reads the built site
    (``built_site``) waits for a strict build of it (tens of seconds on each engine): both are
    slow by the marker's own definition, so ``-m "not slow"`` (the inner loop) leaves them out
    and the whole suite runs them.

    Tests marked ``long`` (minutes each) go first, so that on several workers they run beside
    the rest instead of after it (``--dist worksteal`` lets an idle worker take queued tests)."""
    for item in items:
        needs_the_site = item.get_closest_marker("browser") or "built_site" in getattr(
            item, "fixturenames", ()
        )
        if needs_the_site and not item.get_closest_marker("slow"):
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # stable: long first
