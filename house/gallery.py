"""The pitfall galleries' engine: for each deliberately wrong function a domain declares, find the
smallest input on which it goes wrong, and keep the finding in a results file.

Both domains show their mistakes the same way (``mha/pitfalls.py``, ``graphs/pitfalls.py``), so
the search, the file and its command are written once, here, beside the site's other machinery:
``mha`` and ``graphs`` never import each other, and this module imports neither. A domain is a
*declaration module* named by the caller (``mha.tools.counterexamples``,
``graphs.tools.counterexamples``); it holds

* its :class:`~house.pitfall.Pitfall` constants (each a wrong function, the right one,
  where to search and how to record an outcome), found by :func:`declared` (no list names them),
* ``RESULT_NAME``, the results file's name (``"graphs_pitfalls.json"``),
* ``MAX_EXAMPLES``, the examples hypothesis may try per pitfall,
* ``VERSIONS`` (optional, default ``("hypothesis",)``), the modules whose versions decide the
  file's bytes (the shrinker; torch for numbers),

and ends with ``raise SystemExit(gallery.main("<its name>"))``, so ``python -m <its name>
[--out docs/results] [--check] [--quiet]`` runs this engine on it.

The search is hypothesis' ``find``, derandomised, without example database or deadline, on
hypothesis' ``default`` profile whatever profile is loaded: the same versions give the same file
on any machine, at any speed. The file (``format_version``, ``generated_by``, ``search`` and a
``pitfalls`` list of ``name``, ``wrong_function``, ``correct_function``, ``mistake``,
``what_goes_wrong``, ``minimal`` with ``input``, ``correct`` and ``wrong``, then the declaration's
extra fields and an optional ``classic`` case) is written atomically; ``--check`` writes nothing
and compares byte for byte (:func:`check`). The site renders the file with
:mod:`studylog.gen.gallery`.

Examples
--------
>>> from hypothesis import strategies as st
>>> def absolute(x: int) -> int:
...     return x  # the mistake: negative numbers are left as they are
>>> ABS = Pitfall(
...     mistake="abs as the identity", what_goes_wrong="negative numbers stay negative",
...     wrong=absolute, correct=abs, correct_function="abs",
...     strategy=lambda: st.integers(-10, 10), outcome=lambda f, x: {"returns": f(x)},
...     describe=lambda x: {"x": x},
... )
>>> found = search(ABS, search_settings(max_examples=100))
>>> found, ABS.record(found)
(-1, {'input': {'x': -1}, 'correct': {'returns': 1}, 'wrong': {'returns': -1}})
"""

from __future__ import annotations

import argparse
import importlib
import json
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

from house.files import atomic_write_text
from house.outputs import folder_problem, refuse
from house.pitfall import Pitfall
from house.terminal import ctrl_c_ends, progress_bar

__all__ = [
    "FORMAT_VERSION",
    "Pitfall",
    "build_report",
    "check",
    "declared",
    "domain_module",
    "entry",
    "main",
    "prog",
    "render",
    "result_name",
    "search",
    "search_settings",
    "versions",
]

FORMAT_VERSION = 1
DEFAULT_VERSIONS = ("hypothesis",)

# ----------------------------------------------------------------------------- the domain


def domain_module(domain: str | ModuleType) -> ModuleType:
    """The declaration module ``domain`` names (imported if needed), checked.

    Raises
    ------
    TypeError
        ``domain`` is neither a module name nor a module, or a declaration has the wrong type.
    ValueError
        No module has that name, or it lacks ``RESULT_NAME`` or ``MAX_EXAMPLES``.
    """
    if isinstance(domain, ModuleType):
        module = domain
    elif isinstance(domain, str):
        try:
            module = importlib.import_module(domain)
        except ModuleNotFoundError as err:
            if err.name is not None and domain.startswith(err.name):
                raise ValueError(f"domain: no module named {domain!r}") from None
            raise
    else:
        raise TypeError(f"domain: expected a module or its name, got {type(domain).__name__}")
    name = module.__name__
    result = getattr(module, "RESULT_NAME", None)
    if not isinstance(result, str) or not result.endswith(".json") or "/" in result:
        raise ValueError(f"{name}.RESULT_NAME: expected a file name ending .json, got {result!r}")
    most = getattr(module, "MAX_EXAMPLES", None)
    if isinstance(most, bool) or not isinstance(most, int) or most < 1:
        raise ValueError(f"{name}.MAX_EXAMPLES: expected an int >= 1, got {most!r}")
    names = getattr(module, "VERSIONS", DEFAULT_VERSIONS)
    if not isinstance(names, tuple) or not all(isinstance(n, str) for n in names):
        raise TypeError(f"{name}.VERSIONS: expected a tuple of module names, got {names!r}")
    return module


def prog(domain: str | ModuleType) -> str:
    """The command that runs the gallery: ``"python -m mha.tools.counterexamples"``."""
    module = domain_module(domain)
    spec = getattr(module, "__spec__", None)
    return f"python -m {spec.name if spec is not None else module.__name__}"


def result_name(domain: str | ModuleType) -> str:
    """The results file's name the domain declares (``RESULT_NAME``)."""
    return str(domain_module(domain).RESULT_NAME)


def declared(domain: str | ModuleType) -> list[Pitfall]:
    """Every :class:`Pitfall` constant of the declaration module, in the order they are defined.

    A new constant is found without being listed anywhere.

    Raises
    ------
    ValueError
        Two constants name the same pitfall (the same wrong function's name).
    """
    module = domain_module(domain)
    found = list({id(v): v for v in vars(module).values() if isinstance(v, Pitfall)}.values())
    names = [p.name for p in found]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"{module.__name__}: pitfalls declared twice: {', '.join(twice)}")
    return found


def versions(domain: str | ModuleType) -> dict[str, str]:
    """The installed versions of what the search depends on (the domain's ``VERSIONS``)."""
    names = getattr(domain_module(domain), "VERSIONS", DEFAULT_VERSIONS)
    return {name: str(importlib.import_module(name).__version__) for name in names}


# ----------------------------------------------------------------------------- the search


def search_settings(max_examples: int) -> Any:
    """The search's hypothesis settings: the same answer on any machine, at any speed.

    Built on hypothesis' ``default`` profile (not on whichever profile is loaded, such as a test
    suite's), derandomised, without example database (nothing is read or written under
    ``.hypothesis/``) and without deadline: a first call may warm torch up for seconds on a busy
    machine, which must not become a ``DeadlineExceeded``.

    Parameters
    ----------
    max_examples : int
        The examples hypothesis may try (the domain's ``MAX_EXAMPLES``).

    Returns
    -------
    hypothesis.settings

    Raises
    ------
    TypeError, ValueError
        ``max_examples`` is not an int >= 1.

    Examples
    --------
    >>> config = search_settings(100)
    >>> config.derandomize, config.database, config.deadline, config.max_examples
    (True, None, None, 100)
    """
    from hypothesis import settings

    if isinstance(max_examples, bool) or not isinstance(max_examples, int):
        raise TypeError(f"max_examples: expected an int, got {type(max_examples).__name__}")
    if max_examples < 1:
        raise ValueError(f"max_examples: expected an int >= 1, got {max_examples}")
    return settings(
        settings.get_profile("default"),
        database=None,
        derandomize=True,
        max_examples=max_examples,
        deadline=None,
    )


def search(pitfall: Pitfall, config: Any) -> Any:
    """The smallest input hypothesis finds on which ``pitfall``'s wrong variant goes wrong.

    Parameters
    ----------
    pitfall : Pitfall
        What to search.
    config : hypothesis.settings
        Usually :func:`search_settings`.

    Returns
    -------
    Any
        The shrunk search input (deterministic under ``config``).

    Raises
    ------
    hypothesis.errors.NoSuchExample
        The wrong variant never went wrong in ``config.max_examples`` tries.
    """
    from hypothesis import find
    from hypothesis.errors import HypothesisWarning

    if not isinstance(pitfall, Pitfall):
        raise TypeError(f"pitfall: expected a Pitfall, got {type(pitfall).__name__}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", HypothesisWarning)  # e.g. the repr of a 300 x 300 grid
        return find(pitfall.strategy(), pitfall.fails, settings=config)


def entry(pitfall: Pitfall, config: Any) -> dict[str, Any]:
    """The file's entry of ``pitfall``: its names and texts, the minimal case, its extra fields
    and (if declared) its classic case."""
    found = search(pitfall, config)
    item = {
        "name": pitfall.name,
        "wrong_function": pitfall.wrong_function,
        "correct_function": pitfall.correct_function,
        "mistake": pitfall.mistake,
        "what_goes_wrong": pitfall.what_goes_wrong,
        "minimal": pitfall.record(found),
    }
    if pitfall.extra is not None:
        item.update(pitfall.extra(found))
    if pitfall.classic is not None:
        item["classic"] = pitfall.record(pitfall.classic)
    return item


def build_report(domain: str | ModuleType, progress: bool = False) -> dict[str, Any]:
    """Every declared pitfall of ``domain`` with the smallest failing input the search finds.

    Parameters
    ----------
    domain : str or module
        The declaration module or its name.
    progress : bool, default False
        Draw a progress bar (one step a pitfall) on stderr, if that is a terminal.

    Returns
    -------
    dict
        The file's content (:func:`render` writes it).
    """
    module = domain_module(domain)
    config = search_settings(module.MAX_EXAMPLES)
    entries = []
    bar = progress_bar(declared(module), quiet=not progress, desc=prog(module), unit="pitfall")
    for pitfall in bar:
        bar.set_postfix_str(pitfall.name)
        entries.append(entry(pitfall, config))
    bar.close()
    return {
        "format_version": FORMAT_VERSION,
        "generated_by": prog(module),
        "search": {
            "tool": "hypothesis.find",
            **versions(module),
            "derandomize": True,
            "max_examples": module.MAX_EXAMPLES,
        },
        "pitfalls": entries,
    }


def render(report: dict[str, Any]) -> str:
    """The JSON text written to disk (the report's key order, two-space indent, one final
    newline): the same report gives the same bytes.

    Examples
    --------
    >>> render({"b": [1], "a": "é"})
    '{\\n  "b": [\\n    1\\n  ],\\n  "a": "é"\\n}\\n'
    """
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


# ----------------------------------------------------------------------------- the file


def check(domain: str | ModuleType, path: Path) -> tuple[int, str]:
    """Compare the gallery file at ``path`` with a fresh search: ``(exit status, message)``.

    Status 1 if the file is missing, unreadable, names other pitfalls than the declared ones, or
    (found with the installed versions) differs in any byte from a fresh search. A file found
    with other versions cannot be compared (another hypothesis may shrink to other inputs,
    another torch round otherwise): status 0, and the message says so.
    """
    module = domain_module(domain)
    path = Path(path)
    again = f"run {prog(module)} --out {path.parent}"
    if not path.is_file():
        return 1, f"{path}: missing; {again}"
    try:
        committed = json.loads(path.read_text(encoding="utf-8"))
        names = [item["name"] for item in committed["pitfalls"]]
        found_with = {key: committed["search"][key] for key in versions(module)}
    except (ValueError, KeyError, TypeError) as err:
        return 1, f"{path}: not a gallery file ({err!r}); {again}"
    if names != [p.name for p in declared(module)]:
        return 1, f"{path}: OUT OF DATE (its pitfalls are not the declared ones); {again}"
    installed = versions(module)
    if found_with != installed:
        used = ", ".join(f"{k} {v}" for k, v in found_with.items())
        now = ", ".join(f"{k} {v}" for k, v in installed.items())
        return 0, (
            f"{path}: found with {used}, installed {now}: not compared (other versions may"
            " shrink to other inputs or round otherwise)"
        )
    same = path.read_text(encoding="utf-8") == render(build_report(module))
    return (0, f"{path}: up to date") if same else (1, f"{path}: OUT OF DATE; {again}")


def _subject(module: ModuleType) -> str:
    """The modules the wrong functions come from: ``"mha.pitfalls"``."""
    return ", ".join(dict.fromkeys(p.wrong.__module__ for p in declared(module))) or "nothing"


def _main(domain: str | ModuleType, argv: list[str] | None = None) -> int:
    """The gallery command of ``domain``: search and write its file, or ``--check`` it.

    Returns
    -------
    int
        0 done (or up to date), 1 out of date (``--check``), 2 an ``--out`` that cannot be
        written (checked before any search).
    """
    module = domain_module(domain)
    name = result_name(module)
    parser = argparse.ArgumentParser(
        prog=prog(module),
        description=(
            f"Find a smallest failing input for every wrong variant in {_subject(module)} and"
            f" write {name} into --out. Writing into docs/results rewrites a tracked result:"
            " then run .venv/bin/python -m studylog.gen."
        ),
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("docs/results"),
        help=f"folder for {name} (default: %(default)s)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="do not write; exit 1 if the file in --out differs from a fresh search under the"
        f" same versions of {', '.join(versions(module))} (other versions: exit 0 and say so)"
        " (default: off)",
    )
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="no progress bar; without it a bar shows only when stderr is a terminal"
        " (default: off)",
    )
    args = parser.parse_args(argv)
    path = args.out / name
    if args.check:
        status, message = check(module, path)
        print(message)
        return status
    if refuse([("--out", folder_problem(args.out, [name]))]):  # before any search
        return 2
    text = render(build_report(module, progress=not args.quiet))
    atomic_write_text(path, text)  # a temporary file, then os.replace: never a cut file
    for item in json.loads(text)["pitfalls"]:
        case = {k: json.dumps(v, ensure_ascii=False) for k, v in item["minimal"].items()}
        print(f"{item['name']}: input {case['input']} -> correct {case['correct']},"
              f" wrong {case['wrong']}")  # fmt: skip
    print(f"wrote {path}")
    return 0


#: The gallery command of ``domain`` (see :func:`_main`); Ctrl-C ends it with one line and exit
#: status 130 (the file is written whole or not at all).
main = ctrl_c_ends(_main, "no file was left half-written")
