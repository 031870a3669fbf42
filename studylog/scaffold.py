"""A new day's experiment in one command: ``python -m studylog.journal new ... --experiment NAME``.

Writes a small, runnable experiment on the shared runner from ``studylog/templates/experiment/``:

=============================================  ============================================
``mha/experiments/NAME/experiment.py``         the experiment (spec, run, summary, command)
``mha/experiments/NAME/__init__.py``           its package, ``__main__.py`` its ``python -m``
``tests/mha/experiments/NAME/test_NAME.py``    its tests
``studylog/gen/NAME.py``                           its page generator (``studylog.gen`` finds it)
``docs/experiments/NAME.md``                   its page
=============================================  ============================================

The one existing file it edits is ``mkdocs.yml``: the page joins the nav's ``실험`` section (the
journal entry, the other file of the day, is new too). Then it runs the experiment once (a few
seconds), publishes ``docs/results/NAME.json`` and runs every page generator
(``python -m studylog.gen``: a page that lists the experiments follows the new one; figures whose
inputs did not change are not drawn again), so that the test suite, ``studylog.gen --check`` and
``mkdocs build --strict`` pass straight away. :func:`next_command` is the fast check of the
day's own files it then suggests: ruff first, then the day's tests.

The day compares the values of one field of the run spec, ``--vary NAME=V1,V2,...`` (default
``n_heads=1,2,4``; the rules and the fields: :mod:`studylog.vary`). The choice is written once, as
``VARY`` in the new experiment module; the results file carries it as ``config.vary``, and the
generator, the page and the test read it from there: no other file of the day names it.

Nothing is overwritten, and it is all or nothing. A name is refused before anything is written
(:func:`check_name`) when it could not name a new package that every import still finds:

* not a lowercase Python name of at most 24 characters, or a keyword (soft ones included);
* the name of an entry (file or folder, any suffix) of a folder the day adds to:
  ``mha/experiments/`` (``runner``, ``store``, ``verdict``, ``heads``: a package ``NAME/`` is
  found before a module ``NAME.py``, so it would hide it), ``tests/mha/experiments/``,
  ``studylog/gen/``, ``docs/results/``, ``docs/generated/``, ``docs/experiments/``;
* a standard-library module (:data:`sys.stdlib_module_names`), or ``torch`` or one of its
  top-level modules (``nn``, ``functional``, ``optim``, ``utils``, ...; listed from torch's
  folder without importing it): wherever a tool puts the package's folder on ``sys.path``, the
  package would be imported in their place.

Once it starts writing, :class:`Undo` records every file before it is first written; on a failure
or Ctrl-C the command puts each changed file back, removes each file and folder it created and
says so in one line (:func:`all_or_nothing`), so the same command can simply be run again.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import keyword
import os
import pkgutil
import re
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from string import Template
from typing import TypeVar

from house.files import atomic_write_bytes, atomic_write_text
from studylog import vary as varying
from studylog.vary import Vary, VaryError

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = Path(__file__).resolve().parent / "templates" / "experiment"
NAME_RE = re.compile(r"[a-z][a-z0-9_]{0,23}")  # short: code lines that hold it fit
NAV_SECTION = "  - 실험:\n"

# template file -> where it goes, relative to the repository (``{name}`` filled in)
FILES = {
    "init.py.tmpl": "mha/experiments/{name}/__init__.py",
    "main.py.tmpl": "mha/experiments/{name}/__main__.py",
    "experiment.py.tmpl": "mha/experiments/{name}/experiment.py",
    "test.py.tmpl": "tests/mha/experiments/{name}/test_{name}.py",
    "gen.py.tmpl": "studylog/gen/{name}.py",
    "page.md.tmpl": "docs/experiments/{name}.md",
}
EMPTY_INIT = "tests/mha/experiments/{name}/__init__.py"
# the folders ``studylog.gen`` writes to (paths relative to the repository)
GENERATED = ("docs/generated", "docs/results")
# the folders a day adds an entry NAME (or NAME.suffix) to: a name already there is taken
FOLDERS = (
    "mha/experiments",
    "tests/mha/experiments",
    "studylog/gen",
    "docs/results",
    "docs/generated",
    "docs/experiments",
)
T = TypeVar("T")
NOTHING = "nothing had been written"  # what :meth:`Undo.rollback` did when nothing was written


class ScaffoldError(ValueError):
    """A request the command refuses, with a message for the user."""


class Interrupted(Exception):
    """Ctrl-C during the scaffold, after everything was put back; ``str()``: what was undone."""


def page_path(name: str) -> str:
    """The experiment page, relative to ``docs/``."""
    return f"experiments/{name}.md"


@functools.cache
def torch_names() -> frozenset[str]:
    """``torch`` and the names of its top-level modules, read from its folder (not imported)."""
    spec = importlib.util.find_spec("torch")
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    return frozenset({"torch", *(m.name for m in pkgutil.iter_modules(folders))})


def check_name(name: object, root: Path = ROOT) -> str:
    """``name`` if it can name a new experiment (the rules: this module's docstring).

    Raises
    ------
    ScaffoldError
        (a ``ValueError``) naming ``--experiment`` and the reason, if it cannot.
    """
    if not isinstance(name, str):
        raise TypeError(f"--experiment: expected str, got {type(name).__name__}")
    if not NAME_RE.fullmatch(name):
        raise ScaffoldError(
            "--experiment: expected a lowercase Python name (letters, digits, '_'; at most 24"
            f" characters, starting with a letter), got {name!r}"
        )
    if keyword.iskeyword(name) or keyword.issoftkeyword(name):
        raise ScaffoldError(f"--experiment: {name!r} is a Python keyword; choose another name")
    taken = [
        f"{folder}/{entry.name}"
        for folder in FOLDERS
        if (root / folder).is_dir()
        for entry in sorted((root / folder).iterdir())
        if entry.name.split(".")[0] == name
    ]
    if taken:
        raise ScaffoldError(
            f"--experiment: the name {name!r} is taken ({', '.join(taken)}); choose another name"
        )
    if name in sys.stdlib_module_names:
        raise ScaffoldError(
            f"--experiment: {name!r} is a standard-library module, which a package of that name"
            " can hide; choose another name"
        )
    if name in torch_names():
        what = "torch" if name == "torch" else f"torch.{name}, a module of torch"
        raise ScaffoldError(
            f"--experiment: {name!r} is the name of {what}, which a package of that name can"
            " hide; choose another name"
        )
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


def check_vary(text: str | None) -> Vary:
    """The day's compared variable from ``--vary`` (``None``: the default, ``n_heads=1,2,4``),
    checked against the skeleton's run spec (:func:`studylog.vary.check_vary`).

    Raises
    ------
    ScaffoldError
        (a ``ValueError``) naming ``--vary`` and the problem; nothing is written.
    """
    try:
        return varying.check_vary(text, TEMPLATES / "experiment.py.tmpl")
    except VaryError as e:
        raise ScaffoldError(str(e)) from None


def render(name: str, title: str, date: str, vary: Vary = varying.DEFAULT) -> dict[str, str]:
    """Every new file's text, keyed by its path relative to the repository."""
    values = {"name": name, "title": title, "date": date, "vary_name": vary.name,
              "vary_values": vary.literal()}  # fmt: skip
    files = {
        dest.format(name=name): Template((TEMPLATES / src).read_text(encoding="utf-8")).substitute(
            values
        )
        for src, dest in FILES.items()
    }
    files[EMPTY_INIT.format(name=name)] = ""
    return files


class Undo:
    """Every file a command creates or changes, recorded before it is first written, so that
    :meth:`rollback` can put them all back: the command is then all or nothing.

    :meth:`track` a path (a file, a folder or nothing yet) before writing it; folders that do
    not exist yet on the way to it are recorded as created. :meth:`track_glob` records the
    files a pattern matches in a folder, for temporary files another process may leave.
    """

    def __init__(self, root: Path = ROOT) -> None:
        self.root = Path(root)
        self._saved: dict[Path, object] = {}  # path -> its snapshot (None: it did not exist)
        self._new_dirs: list[Path] = []  # folders that did not exist, nearest first
        self._globs: list[tuple[Path, str, set[Path]]] = []

    def track(self, path: Path) -> None:
        path = Path(path).absolute()
        if path in self._saved:
            return
        for parent in path.parents:
            if parent.exists() or parent.is_symlink():
                break
            if parent not in self._new_dirs:
                self._new_dirs.append(parent)
        self._saved[path] = _snapshot(path)

    def track_glob(self, folder: Path, pattern: str) -> None:
        folder = Path(folder).absolute()
        self._globs.append((folder, pattern, set(folder.glob(pattern))))

    def track_tree(self, folder: Path) -> None:
        """Record every file under ``folder`` (each is put back if changed) and that anything
        else found there on rollback is new (removed): for a command that may write anywhere
        in it, such as ``studylog.gen``."""
        folder = Path(folder).absolute()
        if not folder.is_dir():
            self.track(folder)  # nothing there yet (or a file): put back as it is
            return
        for path in sorted(folder.rglob("*")):
            if path.is_symlink() or not path.is_dir():
                self.track(path)
        self.track_glob(folder, "**/*")

    def rollback(self) -> str:
        """Put everything back; one line saying what was restored, removed or (if anything
        failed) left for the user to delete. Ctrl-C is held off meanwhile."""
        in_main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if in_main else None
        restored: list[Path] = []
        removed: list[tuple[Path, bool]] = []  # and whether it was a folder
        failed: list[str] = []
        try:
            for folder, pattern, before in self._globs:
                for path in sorted(set(folder.glob(pattern)) - before):
                    self._put_back(path, None, restored, removed, failed)
            for path, saved in reversed(self._saved.items()):
                self._put_back(path, saved, restored, removed, failed)
            for folder in sorted(self._new_dirs, key=lambda p: len(p.parts)):  # outermost first
                self._put_back(folder, None, restored, removed, failed)
        finally:
            if in_main:
                signal.signal(signal.SIGINT, previous)
        folders = [p for p, is_dir in removed if is_dir]
        shown = [  # what is inside a removed folder goes without saying
            self._show(p, is_dir)
            for p, is_dir in removed
            if not any(p != f and p.is_relative_to(f) for f in folders)
        ]
        parts = []
        if restored:
            parts.append(f"restored {', '.join(self._show(p) for p in restored)}")
        if shown:
            parts.append(f"removed {', '.join(shown)}")
        line = "; ".join(parts) if parts else NOTHING
        if failed:
            return f"{line}; could NOT undo {', '.join(failed)}: delete or restore it by hand"
        return f"{line}: nothing of it is left"

    def _show(self, path: Path, is_dir: bool = False) -> str:
        try:
            shown = str(path.relative_to(self.root.absolute()))
        except ValueError:
            shown = str(path)
        return shown + "/" if is_dir else shown

    def _put_back(
        self, path: Path, saved: object, restored: list, removed: list, failed: list
    ) -> None:
        """Make ``path`` what it was (``saved``, from :func:`_snapshot`), noting what it did."""
        try:
            now = _snapshot(path)
            if now == saved:
                return
            if saved is None:
                removed.append((path, path.is_dir() and not path.is_symlink()))
                _remove(path)
            elif saved[0] == "file":
                if now is not None and now[0] == "dir":
                    _remove(path)
                _restore_file(path, saved[1], saved[2])
                restored.append(path)
            else:
                _restore_tree(path, saved[1], saved[2])
                restored.append(path)  # a folder: its files as they were, nothing added
        except OSError as e:
            failed.append(f"{self._show(path)} ({e.strerror or e})")


def _snapshot(path: Path) -> object:
    """``None`` (nothing there), ``("file", bytes, mode)`` or ``("dir", {file: ...}, dirs)``."""
    if path.is_symlink() or path.is_file():
        return ("file", path.read_bytes(), path.lstat().st_mode & 0o7777)
    if path.is_dir():
        files, dirs = {}, set()
        for sub in sorted(path.rglob("*")):
            if sub.is_dir() and not sub.is_symlink():
                dirs.add(sub.relative_to(path))
            else:
                files[sub.relative_to(path)] = (sub.read_bytes(), sub.lstat().st_mode & 0o7777)
        return ("dir", files, dirs)
    return None


def _remove(path: Path) -> bool:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
        return True
    if path.exists() or path.is_symlink():
        path.unlink()
        return True
    return False


def _restore_file(path: Path, data: bytes, mode: int) -> None:
    if path.is_file() and path.read_bytes() == data:
        return
    atomic_write_bytes(path, data, mode)


def _restore_tree(path: Path, files: dict, dirs: set) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    path.mkdir(parents=True, exist_ok=True)
    for sub in sorted(path.rglob("*"), key=lambda p: -len(p.parts)):  # deepest first
        rel = sub.relative_to(path)
        if rel not in files and rel not in dirs:
            _remove(sub)
    for rel in sorted(dirs):
        (path / rel).mkdir(parents=True, exist_ok=True)
    for rel, (data, mode) in files.items():
        _restore_file(path / rel, data, mode)


def all_or_nothing(undo: Undo, work: Callable[[], T]) -> T:
    """``work()``; if it fails or is interrupted, :meth:`Undo.rollback` first.

    Raises
    ------
    Interrupted
        After Ctrl-C (``KeyboardInterrupt``); its message says what was undone.
    ScaffoldError
        After any other failure: what failed, then (on its own last line) what was undone.
    """
    try:
        return work()
    except KeyboardInterrupt:
        raise Interrupted(undo.rollback()) from None
    except Exception as e:
        line = undo.rollback()
        what = str(e) if isinstance(e, ValueError) else f"{type(e).__name__}: {e}"
        if line.startswith(NOTHING):
            raise ScaffoldError(what) from None  # refused before writing: nothing to say
        raise ScaffoldError(f"{what}\nundone: {line}") from None


def _write_new(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("x", encoding="utf-8") as f:  # never overwrite
        f.write(text)


def create(
    name: str,
    title: str,
    date: str,
    root: Path = ROOT,
    undo: Undo | None = None,
    vary: Vary = varying.DEFAULT,
) -> list[Path]:
    """Write the skeleton (comparing the values of ``vary``, checked by :func:`check_vary`)
    and add its page to the nav; return the paths written.

    Each file is recorded in ``undo`` before it is written; without one, a failure here puts
    everything back itself.

    Raises
    ------
    ScaffoldError
        (a ``ValueError``) for a taken or malformed name, or a ``mkdocs.yml`` without the
        ``실험`` nav section; nothing is written then.
    """
    name = check_name(name, root)
    files = render(name, title, date, vary)
    mkdocs = root / "mkdocs.yml"
    new_nav = add_to_nav(mkdocs.read_text(encoding="utf-8"), title, name)
    if undo is None:
        own = Undo(root)
        return all_or_nothing(own, lambda: create(name, title, date, root, own, vary))
    written = []
    for rel, text in files.items():
        path = root / rel
        undo.track(path)
        _write_new(path, text)
        written.append(path)
    undo.track(mkdocs)
    atomic_write_text(mkdocs, new_nav)
    return written


def first_run_commands(name: str) -> list[list[str]]:
    """The experiment once (its results published), then every page generator."""
    return [
        [sys.executable, "-m", f"mha.experiments.{name}", "--quiet",
         "--publish", f"docs/results/{name}.json"],
        [sys.executable, "-m", "studylog.gen"],
    ]  # fmt: skip


def next_command(name: str) -> str:
    """The fast check of the day's own files, to run next: ruff first, then the day's tests.

    Examples
    --------
    >>> next_command("kv").split(" && ")[1]
    '.venv/bin/python -m pytest -q tests/mha/experiments/kv'
    """
    return (
        f".venv/bin/python -m ruff check mha/experiments/{name} tests/mha/experiments/{name}"
        f" studylog/gen/{name}.py && .venv/bin/python -m pytest -q tests/mha/experiments/{name}"
    )


def _run(command: list[str], cwd: Path) -> tuple[int, str]:
    """Run ``command`` in ``cwd``: its exit status and its output (stdout and stderr).

    On Ctrl-C here the command (which the terminal interrupted too) gets SIGINT and a few
    seconds to stop on its own, then is killed; the ``KeyboardInterrupt`` goes on.
    """
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}  # no __pycache__ left behind
    with subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    ) as proc:
        try:
            output, _ = proc.communicate()
        except BaseException:
            try:
                if proc.poll() is None:
                    proc.send_signal(signal.SIGINT)
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            raise
    return proc.returncode, output


def first_run(name: str, root: Path = ROOT, undo: Undo | None = None) -> None:
    """Run the new experiment once, publish its results and run every page generator.

    What the two commands may write (the experiment's ``runs/NAME/``, anything under
    ``docs/results/`` and ``docs/generated/``) is recorded in ``undo`` first.

    Raises
    ------
    ScaffoldError
        If either command fails; the message holds its output.
    """
    if undo is not None:
        undo.track(root / "runs" / name)
        for folder in GENERATED:
            undo.track_tree(root / folder)
    for command in first_run_commands(name):
        code, output = _run(command, root)
        if code != 0:
            raise ScaffoldError(
                f"`{' '.join(command[1:])}` failed (exit {code}):\n{output.rstrip()}"
            )
