"""A new day's experiment in one command: ``python -m docs.journal new ... --experiment NAME``.

Writes a small, runnable experiment on the shared runner from ``docs/templates/experiment/``:

=============================================  ============================================
``mha/experiments/NAME/experiment.py``         the experiment (spec, run, summary, command)
``mha/experiments/NAME/__init__.py``           its package, ``__main__.py`` its ``python -m``
``tests/experiments/NAME/test_NAME.py``        its tests
``docs/gen/NAME.py``                           its page generator (``docs.gen`` finds it)
``docs/experiments/NAME.md``                   its page
=============================================  ============================================

The one existing file it edits is ``mkdocs.yml``: the page joins the nav's ``실험`` section (the
journal entry, the other file of the day, is new too). Then it runs the experiment once (a few
seconds), publishes ``docs/results/NAME.json`` and regenerates the pages, so that the test suite
and ``mkdocs build --strict`` pass straight away. Nothing is overwritten: if any of the files
exists, or the name is taken, nothing is written.
"""

from __future__ import annotations

import json
import keyword
import os
import re
import subprocess
import sys
from pathlib import Path
from string import Template

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "docs" / "templates" / "experiment"
NAME_RE = re.compile(r"[a-z][a-z0-9_]{0,23}")  # short: code lines that hold it fit
NAV_SECTION = "  - 실험:\n"

# template file -> where it goes, relative to the repository (``{name}`` filled in)
FILES = {
    "init.py.tmpl": "mha/experiments/{name}/__init__.py",
    "main.py.tmpl": "mha/experiments/{name}/__main__.py",
    "experiment.py.tmpl": "mha/experiments/{name}/experiment.py",
    "test.py.tmpl": "tests/experiments/{name}/test_{name}.py",
    "gen.py.tmpl": "docs/gen/{name}.py",
    "page.md.tmpl": "docs/experiments/{name}.md",
}
EMPTY_INIT = "tests/experiments/{name}/__init__.py"


class ScaffoldError(ValueError):
    """A request the command refuses, with a message for the user."""


def page_path(name: str) -> str:
    """The experiment page, relative to ``docs/``."""
    return f"experiments/{name}.md"


def check_name(name: object, root: Path = ROOT) -> str:
    """``name`` if it can name a new experiment: a lowercase Python identifier not yet taken."""
    if not isinstance(name, str):
        raise TypeError(f"--experiment: expected str, got {type(name).__name__}")
    if not NAME_RE.fullmatch(name) or keyword.iskeyword(name):
        raise ScaffoldError(
            "--experiment: expected a lowercase Python name (letters, digits, '_'; at most 24"
            f" characters, starting with a letter), got {name!r}"
        )
    taken = [
        rel
        for rel in (
            f"mha/experiments/{name}",
            f"docs/gen/{name}.py",
            f"docs/results/{name}.json",
            f"docs/generated/{name}",
            f"docs/experiments/{name}.md",
            f"tests/experiments/{name}",
        )
        if (root / rel).exists()
    ]
    if taken:
        raise ScaffoldError(f"--experiment: the name {name!r} is taken ({', '.join(taken)})")
    return name


def add_to_nav(mkdocs_yml: str, title: str, name: str) -> str:
    """``mkdocs.yml`` with the experiment's page appended to the nav's ``실험`` section."""
    start = mkdocs_yml.find("\n" + NAV_SECTION)
    if start < 0:
        section = NAV_SECTION.strip()
        raise ScaffoldError(f"mkdocs.yml: no nav section {section!r} to add the page to")
    end = start + 1 + len(NAV_SECTION)
    while mkdocs_yml.startswith("      ", end):  # the section's entries
        end = mkdocs_yml.index("\n", end) + 1
    entry = f"      - {json.dumps(title, ensure_ascii=False)}: {page_path(name)}\n"
    return mkdocs_yml[:end] + entry + mkdocs_yml[end:]


def render(name: str, title: str, date: str) -> dict[str, str]:
    """Every new file's text, keyed by its path relative to the repository."""
    values = {"name": name, "title": title, "date": date}
    files = {
        dest.format(name=name): Template((TEMPLATES / src).read_text(encoding="utf-8")).substitute(
            values
        )
        for src, dest in FILES.items()
    }
    files[EMPTY_INIT.format(name=name)] = ""
    return files


def create(name: str, title: str, date: str, root: Path = ROOT) -> list[Path]:
    """Write the skeleton and add its page to the nav; return the paths written.

    Raises
    ------
    ScaffoldError
        (a ``ValueError``) for a taken or malformed name, or a ``mkdocs.yml`` without the
        ``실험`` nav section; nothing is written then.
    """
    name = check_name(name, root)
    files = render(name, title, date)
    mkdocs = root / "mkdocs.yml"
    new_nav = add_to_nav(mkdocs.read_text(encoding="utf-8"), title, name)
    written = []
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("x", encoding="utf-8") as f:  # never overwrite
            f.write(text)
        written.append(path)
    tmp = mkdocs.with_name(".mkdocs.yml.tmp")
    tmp.write_text(new_nav, encoding="utf-8")
    os.replace(tmp, mkdocs)
    return written


def first_run(name: str, root: Path = ROOT) -> None:
    """Run the new experiment once, publish its results and regenerate the pages.

    Raises
    ------
    ScaffoldError
        If either command fails (its output is shown); the skeleton stays in place.
    """
    commands = [
        [sys.executable, "-m", f"mha.experiments.{name}", "--quiet",
         "--publish", f"docs/results/{name}.json"],
        [sys.executable, "-m", "docs.gen"],
    ]  # fmt: skip
    for command in commands:
        proc = subprocess.run(command, cwd=root, capture_output=True, text=True)
        if proc.returncode != 0:
            raise ScaffoldError(
                f"`{' '.join(command[1:])}` failed (exit {proc.returncode}); the skeleton is in"
                f" place, fix it and run that command again:\n{proc.stdout}{proc.stderr}"
            )
