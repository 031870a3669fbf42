"""``python -m docs.gen [--check]``: regenerate (or check) every generated page and figure."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from docs.gen.common import Content, stale, write


def generators() -> list[str]:
    """The generator modules: every module of ``docs.gen`` that defines ``generate()``.

    A new topic adds its own module here; no list of topics is kept anywhere.
    """
    import docs.gen

    names = sorted(m.name for m in pkgutil.iter_modules(docs.gen.__path__))
    return [n for n in names if hasattr(importlib.import_module(f"docs.gen.{n}"), "generate")]


def collect() -> dict[str, Content]:
    """Everything the generators make, keyed by path relative to ``docs/``."""
    files: dict[str, Content] = {}
    for name in generators():
        files.update(importlib.import_module(f"docs.gen.{name}").generate())
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m docs.gen",
        description=(
            "Regenerate (or check) every generated page fragment and figure under docs/ from the"
            " results files. No progress bar: it prints one line per file written."
        ),
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; list the stale files and exit 1 if any (default: off, regenerate)",
    )
    args = parser.parse_args(argv)
    files = collect()
    if args.check:
        bad = stale(files)
        for rel in bad:
            print(f"stale: docs/{rel}")
        return 1 if bad else 0
    for rel in write(files):
        print(f"wrote docs/{rel}")
    print(f"{len(files)} generated files up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
