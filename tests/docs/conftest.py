"""Fixtures for the site tests: one strict build per session, served on localhost."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
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


def run(args: list[str], cwd: Path = ROOT, timeout: float = 300) -> subprocess.CompletedProcess:
    """Run a command with the venv's Python, quietly, capturing its output."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )


def mkdocs_build(config_dir: Path, site_dir: Path) -> subprocess.CompletedProcess:
    return run(["-m", "mkdocs", "build", "--strict", "-d", str(site_dir)], cwd=config_dir)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real site, built with ``mkdocs build --strict`` into a temporary directory."""
    out = tmp_path_factory.mktemp("site")
    proc = mkdocs_build(ROOT, out)
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed ({proc.returncode}):\n{proc.stderr}")
    return out


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served by ``http.server`` on 127.0.0.1 on a free port."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
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


TABLES_JS = """(skip) => [...document.querySelectorAll('article table')]
    .filter(t => !(skip && t.closest(skip)))
    .map(t => {
        const wrap = t.closest('.md-typeset__scrollwrap') || t.parentElement;
        const headers = [...t.querySelectorAll('th')].map(th => {
            const r = th.getBoundingClientRect();
            return [th.textContent.trim(), r.left, r.right];
        });
        const w = wrap.getBoundingClientRect();
        return {headers, scroll: wrap.scrollWidth, client: wrap.clientWidth,
                left: w.left, right: w.right};
    })"""


def table_layouts(
    browser: object, url: str, skip: str | None = None, width: int = 1280
) -> list[dict]:
    """Each article table on the page in a window ``width`` px wide: its header cells' left and
    right edges, its wrapper's edges and whether the wrapper scrolls (tables inside ``skip`` are
    left out)."""
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="ko-KR")
    try:
        page = context.new_page()
        response = page.goto(url, wait_until="load")
        assert response is not None and response.ok, url
        return page.evaluate(TABLES_JS, skip)
    finally:
        context.close()


def assert_every_column_visible(table: dict, width: int = 1280) -> None:
    """No sideways scrolling, and every header cell inside the wrapper and the window."""
    assert table["scroll"] <= table["client"] + 1, table["headers"]
    for name, left, right in table["headers"]:
        assert table["left"] - 1 <= left and right <= min(table["right"], width) + 1, name
