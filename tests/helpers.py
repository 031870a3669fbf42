"""Helpers every test folder shares: the checkout, the Python that runs the tests, a command run
the way the tests run commands, a stream that passes for a terminal, the project's commands found
by discovery, the tiny head-count grid, and the processes a test started (from ``/proc``).

Nothing here needs a browser, torch or the packages under test: importing it is cheap and safe
from any test module (the browser's helpers are in ``tests/docs/browser.py``).
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import pickle
import re
import runpy
import shutil
import subprocess
import sys
import tomllib
import warnings
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

#: The checkout: the folder of ``pyproject.toml``, ``mha/``, ``graphs/``, ``docs/``, ``tests/``.
ROOT = Path(__file__).resolve().parents[1]
#: The Python running the tests (the venv's: the system Python has no torch).
PYTHON = sys.executable
#: Variables every command gets: no ``__pycache__`` written into the checkout by a child, and no
#: MkDocs 2 end-of-life banner in the output a test reads.
QUIET_ENV = {"PYTHONDONTWRITEBYTECODE": "1", "NO_MKDOCS_2_WARNING": "1"}
#: ``env`` for a command run from another folder: this clone importable (``docs`` is not
#: installed; ``mha`` and ``graphs`` are, but the clone's own copy is the one under test).
IMPORTABLE = {"PYTHONPATH": str(ROOT)}
#: The packages whose commands :func:`commands` looks for: those the wheel installs.
PACKAGES = tuple(
    sorted(
        name.rstrip("*")
        for name in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
            "setuptools"
        ]["packages"]["find"]["include"]
    )
)

#: The smallest head-count grid that still compares two head counts over three seeds: a few
#: seconds on one core (``--out`` is the caller's; ``--jobs 1`` keeps it serial, and a later
#: ``--jobs N`` replaces it).
TINY = ["--task", "count", "--heads", "1", "4", "--seeds", "0", "1", "2", "--steps", "6",
        "--val-size", "64", "--batch-size", "16", "--quiet", "--jobs", "1"]  # fmt: skip


def run(
    args: Sequence[str | os.PathLike[str]],
    cwd: Path | str = ROOT,
    *,
    timeout: float = 300,
    text: bool = True,
    env: Mapping[str, str | None] | None = None,
    inherit_env: bool = True,
    input: str | bytes | None = None,
) -> subprocess.CompletedProcess:
    """Run ``PYTHON *args`` in ``cwd`` with stdout and stderr piped (not terminals) and captured.

    Parameters
    ----------
    args : sequence of str or path
        The arguments after the interpreter, e.g. ``["-m", "graphs.drill", "list"]``.
    cwd : path, default ROOT
        The folder the command runs in. From another folder ``docs`` is not importable (it is
        not installed): pass ``env=IMPORTABLE``.
    timeout : float, default 300
        Seconds before the command is killed and :class:`subprocess.TimeoutExpired` raised (a
        guard against a hang, not a timing assertion).
    text : bool, default True
        Decode the output as text; ``False`` keeps the raw bytes (text mode turns every ``\\r``
        into ``\\n``, so a test that looks for carriage returns needs bytes).
    env : mapping of str to str or None, optional
        Variables set on top of the environment; a value ``None`` removes the variable.
    inherit_env : bool, default True
        ``False`` starts from an empty environment: only :data:`QUIET_ENV` and ``env``.
    input : str or bytes, optional
        What the command reads on stdin (str in text mode, bytes otherwise); without it stdin is
        inherited.

    Returns
    -------
    subprocess.CompletedProcess
        With ``returncode``, ``stdout`` and ``stderr``.

    Raises
    ------
    TypeError
        If ``args`` is a single string (it would run each character as an argument).

    Examples
    --------
    >>> run(["-c", "print(6 * 7)"]).stdout
    '42\\n'
    >>> run(["-c", "import os; print(os.environ.get('X'))"], env={"X": "1"}).stdout
    '1\\n'
    """
    if isinstance(args, str | bytes):
        raise TypeError(f"args: expected a sequence of arguments, got the string {args!r}")
    variables = {**(os.environ if inherit_env else {}), **QUIET_ENV}
    for name, value in (env or {}).items():
        if value is None:
            variables.pop(name, None)
        else:
            variables[name] = value
    return subprocess.run(
        [PYTHON, *map(str, args)], cwd=cwd, env=variables, capture_output=True, text=text,
        timeout=timeout, input=input,
    )  # fmt: skip


class Terminal(io.StringIO):
    """A text stream that says it is a terminal: what a command writes to a person (a progress
    bar), captured."""

    def isatty(self) -> bool:
        return True


# ----------------------------------------------------------------------------- commands

_MAIN_GUARD = re.compile(r'^if __name__ == "__main__":', re.M)
#: Modules run as ``__main__`` that are not commands a person types, and why.
NOT_COMMANDS = {
    "graphs.drill.runner": "the judge's sandboxed child, started with the fd of its answer pipe",
    "graphs.drill.supervisor": "the judge's check-long subreaper that starts the sandboxed child",
}


def commands(root: Path = ROOT) -> list[str]:
    """Every command of the project, as the module ``python -m`` runs, found in the source.

    A command is a package with a ``__main__.py``, or a module with an
    ``if __name__ == "__main__":`` block. A module that its package's ``__main__.py`` imports is
    that package's command, not another one (``graphs.drill.cli`` is ``graphs.drill``); the
    scripts of :data:`NOT_COMMANDS` are left out. The source is read, never imported: some
    ``__main__.py`` files run when imported.

    Parameters
    ----------
    root : path, default ROOT
        The checkout to look in.

    Returns
    -------
    list of str
        Sorted module names, e.g. ``["studylog.gen", "studylog.journal", "graphs.drill", ...]``.
    """
    found = set()
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if "__pycache__" in parts:
                continue
            if path.name == "__main__.py":
                found.add(".".join(parts[:-1]))
                continue
            main = path.with_name("__main__.py")
            name = ".".join(parts)
            if main.is_file() and f"from {name} import" in main.read_text(encoding="utf-8"):
                continue  # the package's command
            if name not in NOT_COMMANDS and _MAIN_GUARD.search(path.read_text(encoding="utf-8")):
                found.add(name)
    return sorted(found)


@functools.cache
def help_text(command: str) -> str:
    """What ``python -m command --help`` prints (``command`` may name a subcommand:
    ``"graphs.drill check"``), 100 columns wide, once per test worker; fails the caller if it
    exits non-zero.

    The module runs in this process as ``python -m`` runs it (:func:`runpy.run_module` as
    ``__main__``): argparse prints the help and exits before any work, and no interpreter is
    started just to import torch again.
    """
    module, *args = command.split()
    out, err = io.StringIO(), io.StringIO()
    saved_argv, saved_columns = sys.argv, os.environ.get("COLUMNS")
    sys.argv, os.environ["COLUMNS"] = [module, *args, "--help"], "100"
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                warnings.catch_warnings():  # fmt: skip
            # a module a test imported already runs again as __main__, as `python -m` runs it
            warnings.filterwarnings("ignore", "'.*' found in sys.modules", RuntimeWarning)
            runpy.run_module(module, run_name="__main__", alter_sys=True)
        code: object = 0
    except SystemExit as done:
        code = done.code or 0
    finally:
        sys.argv = saved_argv
        if saved_columns is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved_columns
    if code != 0:
        raise AssertionError(f"{command} --help exited {code}:\n{err.getvalue()}")
    return out.getvalue()


def subcommands(help_output: str) -> list[str]:
    """The subcommands an argparse ``--help`` lists (their lines are indented 4 spaces under the
    positional argument that takes them), in the order shown; none for a plain command."""
    section = re.search(r"^positional arguments:\n(.*?)(?:\n\S|\Z)", help_output, re.M | re.S)
    if section is None:
        return []
    return re.findall(r"^ {4}(\w[\w-]*)(?: {2,}|$)", section[1], re.M)


# ----------------------------------------------------------------------------- processes


def _stat_fields(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after ``pid (comm)``, or None once it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat[stat.rindex(")") + 2 :].split()


def _parents() -> dict[int, int]:
    """Every visible process id mapped to its parent's."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat_fields(int(entry.name))) is not None:
            parents[int(entry.name)] = int(fields[1])
    return parents


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux ``/proc``)."""
    return {child for child, parent in _parents().items() if parent == pid}


def descendants(pid: int | None = None) -> set[int]:
    """The processes below ``pid`` (default: this one): children, theirs, and so on.

    Looking only below the test's own process keeps other test runs on the same machine out of
    sight; an orphan a check left is still found when the checking process adopted it (a child
    subreaper, as the drill's judge is).
    """
    pid = os.getpid() if pid is None else pid
    below: dict[int, set[int]] = {}
    for child, parent in _parents().items():
        below.setdefault(parent, set()).add(child)
    found, todo = set(), [pid]
    while todo:
        for child in below.get(todo.pop(), ()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def command_line(pid: int) -> bytes:
    """The NUL-separated command line of ``pid``; empty once it is gone (or for a zombie)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def alive(pid: int) -> bool:
    """Whether ``pid`` is running (a zombie waiting for its parent counts as ended)."""
    fields = _stat_fields(pid)
    return fields is not None and fields[0] != "Z"


#: The lock file that ``.ci/setup`` installs from and ``bash .ci/lock`` refreshes.
LOCK = ROOT / "requirements.lock"
_PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>\S+)", re.MULTILINE)


def locked_versions(lock: Path = LOCK) -> dict[str, str]:
    """``{distribution: version}`` for every pin in ``lock`` (names as the lock writes them:
    lower case, ``-`` for ``_``)."""
    return {m["name"].lower(): m["version"] for m in _PIN.finditer(lock.read_text("utf-8"))}


def skip_unless_recorded_with(installed: Mapping[str, str], recorded: Mapping, what: str) -> None:
    """Skip the calling test, saying why, when ``recorded`` (a results file's record of the
    versions it was made with) names other versions than ``installed``.

    A byte-for-byte comparison with a recorded result holds only under the versions that made
    it: ``bash .ci/setup`` installs those (the lock), and a user who upgraded a package sees
    this skip instead of a failure that is not theirs or a pass that compared nothing.
    """
    found_with = {key: recorded.get(key) for key in installed}
    if found_with != dict(installed):
        import pytest

        pytest.skip(
            f"{what} was recorded with {found_with}, installed {dict(installed)}: the"
            " byte-for-byte comparison needs the locked versions (bash .ci/setup)"
        )


def made_once(
    tmp_path_factory: Any, name: str, make: Callable[[Path], T], *, wait: bool = True
) -> T:
    """What ``make(folder)`` returns, made once per test run in a folder every worker sees.

    Under pytest-xdist each worker has its own session fixtures; the first worker to ask makes
    the value (holding a file lock, so the others wait for it instead of making it again) and
    keeps it pickled beside ``folder``; the others read it. ``make`` may write files into
    ``folder`` (a built site) and return their paths. When ``make`` raises, nothing is kept and
    the next worker to ask tries again.

    With ``wait=False`` a worker that finds another one making the value makes its own copy
    instead of waiting (in a folder of its own, kept by nobody): for a value that takes as long
    to make as to wait for, a worker never sits idle.
    """
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the run's folder, above each worker's own
    folder = root / f"once-{name}"
    kept = root / f"once-{name}.pickle"
    from filelock import FileLock, Timeout

    lock = FileLock(str(root / f"once-{name}.lock"))
    try:
        lock.acquire(timeout=-1 if wait else 0)
    except Timeout:
        if kept.is_file():  # made meanwhile (written whole, then renamed)
            return pickle.loads(kept.read_bytes())
        return make(tmp_path_factory.mktemp(f"own-{name}"))
    try:
        if not kept.is_file():
            folder.mkdir(exist_ok=True)
            whole = kept.with_name(kept.name + ".part")  # read by a worker that did not wait
            whole.write_bytes(pickle.dumps(make(folder)))
            whole.replace(kept)
        return pickle.loads(kept.read_bytes())
    finally:
        lock.release()


def copy_of_the_working_tree(dest: Path) -> Path:
    """The files git sees in the checkout (tracked, and untracked but not ignored), copied."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True,
        check=True,
    ).stdout.decode().split("\0")  # fmt: skip
    for rel in filter(None, listed):
        if (ROOT / rel).is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, dest / rel)
    return dest
