"""``python -m studylog.gen [--check] [--only NAME] [GENERATOR ...]``: regenerate (or check) the
generated pages.

Figures are drawn again only when what decides their bytes changed (:mod:`studylog.gen.figcache`),
so a second run with nothing changed draws none.

Before anything is generated the pages' tags are checked (:mod:`studylog.gen.tags`): a tag that two
pages declare (a journal entry repeating a concept page's tag, say) is an error.

Exit status: 0 when every file is up to date (or has been written), 1 when ``--check`` finds
stale files or temporary files a killed run left, 2 on an error: a results file that is
missing, unreadable, truncated or of a newer format, a generator that fails on it, a file that
cannot be written, a tag two pages declare. An error is one line on stderr naming the file and
the problem; a results file's error stops it before it writes.

A signal never cuts a file or leaves a temporary one: each file is written atomically with the
stop signals held (:func:`studylog.gen.common.write`), so Ctrl-C, ``SIGTERM`` or ``SIGHUP`` lands
between two files; the command then says in one line how far it got and exits 130, 143 or 129
(128 plus the signal's number). Only a process killed outright (``SIGKILL``) can leave a
``.NAME.*.tmp`` beside a generated file: ``--check`` names such leftovers as stale and a run
that writes removes them.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import pkgutil
import signal
import sys
import threading
from collections.abc import Iterator

from studylog.gen import common, tags
from studylog.gen.common import Content, ResultsError, leftovers, stale, write

EXIT_STALE = 1
EXIT_ERROR = 2


class Stopped(KeyboardInterrupt):
    """A ``SIGTERM`` or ``SIGHUP`` turned into an exception, so that every ``finally`` runs."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _stop(signum: int, frame: object) -> None:
    raise Stopped(signum)


@contextlib.contextmanager
def stopped_by_signals() -> Iterator[None]:
    """``SIGTERM`` and ``SIGHUP`` raise :class:`Stopped` in the body (Ctrl-C already raises
    ``KeyboardInterrupt``); the old handlers come back after it. Off the main thread, where
    Python cannot set a handler, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.signal(s, _stop) for s in common.STOP_SIGNALS if s != signal.SIGINT}
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)


class GeneratorError(RuntimeError):
    """A generator failed without reading any results file; ``str()`` is one line."""


def generators() -> list[str]:
    """The generator modules: every module of ``studylog.gen`` that defines ``generate()``.

    A new topic adds its own module here; no list of topics is kept anywhere.
    """
    import studylog.gen

    found = []
    for name in sorted(m.name for m in pkgutil.iter_modules(studylog.gen.__path__)):
        try:
            module = importlib.import_module(f"studylog.gen.{name}")
        except Exception as e:
            raise GeneratorError(
                f"studylog/gen/{name}.py cannot be imported: {_one_line(e)}"
            ) from None
        if hasattr(module, "generate"):
            found.append(name)
    return found


def _one_line(e: BaseException) -> str:
    text = " ".join(str(e).split())
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def run_generator(name: str) -> dict[str, Content]:
    """The files of the generator ``studylog.gen.NAME``.

    Raises
    ------
    ResultsError
        If a results file it reads is unusable, or it fails after reading results files (the
        message names them: their shape is not what this generator reads).
    GeneratorError
        If it fails without reading any results file.
    """
    common.READ.clear()
    try:
        return importlib.import_module(f"studylog.gen.{name}").generate()
    except ResultsError:
        raise
    except Exception as e:
        read = list(dict.fromkeys(common.READ))
        where = f"studylog/gen/{name}.py"
        if read:
            raise ResultsError(
                read,
                f"not what {where} reads ({_one_line(e)}): written by another version of its"
                " command? Rerun that command, or update this checkout",
            ) from None
        raise GeneratorError(f"{where} failed: {_one_line(e)}") from None


def collect(*names: str) -> dict[str, Content]:
    """Everything the generators ``names`` (default: all) make, keyed by path under ``docs/``."""
    files: dict[str, Content] = {}
    for name in names or generators():
        files.update(run_generator(name))
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m studylog.gen",
        description=(
            "Regenerate (or check) every generated page fragment and figure under docs/ from the"
            " results files. A figure is drawn again only when its inputs (data, drawing code,"
            " matplotlib, font) changed; its PNG keeps a hash of them. No progress bar: it"
            " prints one line per file written."
        ),
        epilog=(
            "exit status: 0 up to date (or written); 1 stale files, or temporary files of a"
            " killed run, found by --check (a run that writes removes the latter); 130, 143 or"
            " 129 after Ctrl-C, SIGTERM or SIGHUP, which land between two files (one line says"
            " how many were written; none is cut); 2 error: a"
            " results file missing, unreadable, truncated or of a newer format, or a generator"
            " failing on it, or a file that cannot be written, or a tag that two pages declare"
            " (a tag names one page); one line on stderr names the file and the problem"
        ),
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; list the stale files and exit 1 if any (default: off, regenerate)",
    )
    parser.add_argument(
        "names",
        nargs="*",
        metavar="GENERATOR",
        help="only the files of these modules of studylog/gen, e.g. heads (default: every module"
        " that defines generate())",
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="NAME",
        help="the same as naming NAME as a GENERATOR, repeatable: --only heads --only mha"
        " (default: every generator)",
    )
    args = parser.parse_args(argv)
    names = list(dict.fromkeys([*args.names, *args.only]))
    done: list[str] = []
    try:
        with stopped_by_signals():
            return _run(parser, names, args.check, done)
    except KeyboardInterrupt as e:  # Ctrl-C, or Stopped
        signum = e.signum if isinstance(e, Stopped) else int(signal.SIGINT)
        how = "interrupted" if signum == signal.SIGINT else f"stopped by {e}"
        wrote = f"{len(done)} file{'s' * (len(done) != 1)} written whole" if done else "nothing"
        print(f"{how}: {wrote} written, no file cut; run it again to finish", file=sys.stderr)
        return 128 + signum


def _run(parser: argparse.ArgumentParser, names: list[str], check: bool, done: list[str]) -> int:
    """The command after its arguments are parsed; ``done`` gets each file written."""
    try:
        unknown = sorted(set(names) - set(generators()))
        if unknown:
            parser.error(f"GENERATOR: no generator studylog/gen/{unknown[0]}.py with generate()")
        tags.check()  # the rule of the pages' tags, before any test meets a repeated one
        files = collect(*names)
        left = leftovers(files)
        if check:
            bad = stale(files)
            for rel in bad:
                print(f"stale: docs/{rel}")
            for path in left:
                print(f"leftover: {common.shown(path)} (a temporary file of a killed run)")
            return EXIT_STALE if bad or left else 0
        for path in left:
            path.unlink(missing_ok=True)
            print(f"removed leftover {common.shown(path)}")
        changed = write(files, done)
    except (ResultsError, GeneratorError, tags.TagError) as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_ERROR
    except OSError as e:
        where = f" {common.shown(e.filename)}" if e.filename else ""
        print(f"error: cannot write{where} ({e.strerror or e})", file=sys.stderr)
        return EXIT_ERROR
    for rel in changed:
        print(f"wrote docs/{rel}")
    print(f"{len(files)} generated files up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
