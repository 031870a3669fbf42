"""Fixtures for the site tests: one strict build per session, served on localhost, and the
headless Chromium that opens it (the helpers that drive its pages are in ``browser.py``)."""

from __future__ import annotations

import functools
import os
import sys
import threading
from collections.abc import Callable, Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.docs.browser import site_page
from tests.docs.engines import ENGINES, ZENSICAL_GAPS, built_by, zensical
from tests.docs.sweep import visit_every_page
from tests.helpers import ROOT, made_once

# Debian's chromium; CHROMIUM overrides the path (.ci/setup reads the same variable).
CHROMIUM = Path(os.environ.get("CHROMIUM") or "/usr/bin/chromium")
ENABLE_BROWSER = "run `bash .ci/setup --browser` as root (or with passwordless sudo) to install it"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test of :data:`~tests.docs.engines.ZENSICAL_GAPS` is skipped on Zensical, saying which
    gap; with ``--zensical-gaps`` it runs there as an expected failure (not strict: of a
    parametrized test some cases may pass), to see which gaps a new Zensical closed."""
    run_gaps = config.getoption("--zensical-gaps")
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        gap = ZENSICAL_GAPS.get(getattr(item, "originalname", item.name))
        if params.get("engine") == "zensical" and gap:
            if run_gaps:
                item.add_marker(pytest.mark.xfail(reason=f"Zensical: {gap}", strict=False))
            else:
                item.add_marker(
                    pytest.mark.skip(reason=f"Zensical gap (--zensical-gaps runs it): {gap}")
                )


@pytest.fixture(scope="session", params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    """The engine the site tests run on: every test of the built site runs under both (issue 22),
    MkDocs with Material and Zensical; Zensical's runs skip when its extra is not installed."""
    if request.param == "zensical" and zensical() is None:
        pytest.skip("zensical is not installed: run bash .ci/setup")
    return request.param


@pytest.fixture(scope="session")
def shots(engine: str) -> Path:
    """``build/screenshots/<engine>/``, made if missing: where the browser tests leave their
    screenshots for a reader (one folder an engine: the two runs may be at work side by side)."""
    folder = ROOT / "build" / "screenshots" / engine
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def built_site(engine: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real site, built strictly by ``engine`` (:func:`built_by`)."""
    return built_by(engine, tmp_path_factory)


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class _QuietServer(ThreadingHTTPServer):
    """A page that moved on before a response ended is not an error worth a traceback."""

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served by ``http.server`` on 127.0.0.1 on a free port."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Headless Debian Chromium through Playwright (skipped only off CI when it is absent)."""
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        msg = f"browser tests need Debian's chromium, missing at {CHROMIUM}: {ENABLE_BROWSER}"
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def page(browser: object, site_url: str) -> Iterator[object]:
    """A 1280 px page on the test server, one per test module (see :func:`browser.site_page`:
    it records its errors and keeps to the server)."""
    with site_page(browser, site_url) as pg:
        yield pg


@pytest.fixture(scope="session")
def every_page(
    engine: str,
    browser: object,
    site_url: str,
    built_site: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> Callable[[int], dict[str, dict]]:
    """``width -> {page path: what its visit saw}`` (:func:`tests.docs.sweep.visit_every_page`):
    every page visited once per engine and width in a test run, by whichever worker asks first
    (a worker that asks while another one is visiting visits them too, rather than wait)."""
    visits: dict[int, dict[str, dict]] = {}

    def at(width: int) -> dict[str, dict]:
        if width not in visits:
            visits[width] = made_once(
                tmp_path_factory,
                f"visits-{engine}-{width}",
                lambda _: visit_every_page(browser, site_url, built_site, width),
                wait=False,
            )
        return visits[width]

    return at
