"""`.ci/setup` installs the locked versions and nothing else; `.ci/setup --browser` touches apt
only when Chromium or the Hangul font is missing, and a machine without root or sudo still gets a
working suite (browser tests skipped, with the reason).

The script runs for real from a copy of the clone's layout, with stub commands first on PATH:
`.venv/bin/python` (so pip is not run), `fc-list`, `id`, `sudo` and `apt-get`, each recording
its calls.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.helpers import LOCK, ROOT, locked_versions, run

FONT_LINE = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf: NanumGothic,나눔고딕:style=Regular"
OTHER_LINE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf: DejaVu Sans:style=Book"


def _stub(path: Path, body: str) -> None:
    path.write_text(f"#!/usr/bin/env bash\n{body}\n", encoding="utf-8")
    path.chmod(0o755)


def _run_setup(
    tmp_path: Path,
    *,
    chromium: bool,
    font: bool,
    uid: int = 0,
    sudo_works: bool | None = None,
) -> tuple[subprocess.CompletedProcess, list[str]]:
    """Run a copy of `.ci/setup --browser` against stubs; return the result and the call log."""
    clone = tmp_path / "clone"
    (clone / ".ci").mkdir(parents=True)
    shutil.copy2(ROOT / ".ci" / "setup", clone / ".ci" / "setup")
    shutil.copy2(LOCK, clone / LOCK.name)
    (clone / ".venv" / "bin").mkdir(parents=True)
    log = tmp_path / "calls.log"
    log.touch()
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    record = f'echo "$(basename "$0") $*" >> {log}'
    _stub(clone / ".venv" / "bin" / "python", record)
    # Many lines after the match: `grep -q` stops early and fc-list would get SIGPIPE.
    lines = ([FONT_LINE] if font else []) + [OTHER_LINE] * 20_000
    listing = tmp_path / "fc-list.txt"
    listing.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _stub(stubs / "fc-list", f"cat {listing}")
    _stub(stubs / "id", f'[ "${{1:-}}" = "-u" ] && echo {uid} || echo "uid={uid}"')
    _stub(stubs / "apt-get", record)
    if sudo_works is not None:
        # `sudo -n true` fails when a password would be needed.
        run = '[ "$1" = -n ] && shift; "$@"'
        _stub(stubs / "sudo", record + "\n" + (run if sudo_works else "exit 1"))
    browser = tmp_path / "chromium"
    if chromium:
        _stub(browser, "exit 0")
    env = {
        **os.environ,
        "PATH": f"{stubs}{os.pathsep}/usr/bin{os.pathsep}/bin",
        "CHROMIUM": str(browser),
    }
    done = subprocess.run(
        ["bash", str(clone / ".ci" / "setup"), "--browser"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done, log.read_text(encoding="utf-8").splitlines()


def _apt_calls(calls: list[str]) -> list[str]:
    return [c for c in calls if c.startswith("apt-get")]


def test_nothing_is_installed_when_chromium_and_the_font_are_present(tmp_path: Path) -> None:
    done, calls = _run_setup(tmp_path, chromium=True, font=True)
    assert done.returncode == 0, done.stderr
    assert _apt_calls(calls) == [], calls
    pip = [c.split() for c in calls if c.startswith("python -m pip install")]
    # the lock, every file checked against its hash; then the project alone, adding nothing
    assert [("--require-hashes" in c, "-r" in c, "--no-deps" in c) for c in pip] == [
        (True, True, False), (False, False, True)], calls  # fmt: skip
    assert pip[0][pip[0].index("-r") + 1] == "requirements.lock"


def test_the_lock_pins_every_dependency_with_hashes_and_torch_in_its_range() -> None:
    import tomllib

    from packaging.requirements import Requirement

    text = LOCK.read_text(encoding="utf-8")
    pins = locked_versions()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [Requirement(r) for r in project["dependencies"]]
    wanted += [Requirement(r) for extra in ("test", "docs", "zensical")
               for r in project["optional-dependencies"][extra]]  # fmt: skip
    for req in wanted:
        name = req.name.lower().replace("_", "-")
        assert name in pins, f"{name} is not in {LOCK.name}: run bash .ci/lock"
        assert req.specifier.contains(pins[name], prereleases=True), (req, pins[name])
    # every pin carries at least one hash (pip --require-hashes refuses the file otherwise)
    assert text.count("==") == len(pins) and text.count("--hash=sha256:") >= len(pins)


def test_the_recorded_galleries_were_found_with_the_locked_versions() -> None:
    """`bash .ci/lock` re-records them: a lock refreshed without them would make their
    byte-for-byte tests skip on every fresh clone."""
    import json

    pins = locked_versions()
    for path in sorted((ROOT / "docs" / "results").glob("*_pitfalls.json")):
        search = json.loads(path.read_text(encoding="utf-8"))["search"]
        for package in ("hypothesis", "torch"):
            if package in search:
                assert search[package] == pins[package], (path.name, package, pins[package])


def test_missing_font_is_installed_as_root(tmp_path: Path) -> None:
    done, calls = _run_setup(tmp_path, chromium=True, font=False)
    assert done.returncode == 0, done.stderr
    apt = _apt_calls(calls)
    assert apt[0] == "apt-get update -qq"
    assert apt[1].startswith("apt-get install") and "fonts-nanum" in apt[1]


def test_missing_chromium_goes_through_passwordless_sudo(tmp_path: Path) -> None:
    done, calls = _run_setup(tmp_path, chromium=False, font=True, uid=1000, sudo_works=True)
    assert done.returncode == 0, done.stderr
    assert any(c.startswith("sudo -n apt-get install") and "chromium" in c for c in calls), calls


@pytest.mark.parametrize("sudo_works", [None, False], ids=["no-sudo", "sudo-needs-password"])
def test_without_root_or_sudo_setup_succeeds_and_says_how_to_enable(
    tmp_path: Path, sudo_works: bool | None
) -> None:
    done, calls = _run_setup(tmp_path, chromium=False, font=False, uid=1000, sudo_works=sudo_works)
    assert done.returncode == 0, done.stderr
    assert _apt_calls(calls) == [], calls
    assert "bash .ci/setup --browser` as root" in done.stderr


@pytest.mark.slow  # a pytest run of its own: seconds
def test_browser_tests_skip_with_how_to_enable_when_chromium_is_missing(tmp_path: Path) -> None:
    done = run(
        ["-m", "pytest", "tests/docs/test_browser.py", "-rs", "-q", "-p", "no:cacheprovider",
         "-k", "formulas"],
        env={"CI": None, "CHROMIUM": str(tmp_path / "no-chromium")},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    # every browser test skips, under each engine the site tests run on
    assert re.search(r"\b\d+ skipped", done.stdout) and "passed" not in done.stdout, done.stdout
    assert "run `bash .ci/setup --browser` as root" in done.stdout, done.stdout
