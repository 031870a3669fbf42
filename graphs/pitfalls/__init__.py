"""Deliberately wrong variants: the mistakes the study notes warn about, made runnable.

Each function here looks plausible and passes the easy examples, but is wrong. One module per
topic holds them (:mod:`graphs.pitfalls.first_day`, ...), each with its ``__all__``; this
package finds the modules and offers every function under one name, ``graphs.pitfalls.<name>``,
so a new topic is a new module and no list changes. The tests show that the correct function in
:mod:`graphs` passes where each of these fails, and ``python -m graphs.tools.counterexamples``
has hypothesis find a small failing input for each one (written to
``docs/results/graphs_pitfalls.json`` for the site).

A wrong variant of a drilled problem takes the arguments LeetCode passes and returns what
LeetCode expects, as the correct function does, so the drill's judge can be shown to catch it
(``tests/graphs/drill/test_judge.py``).

Do not use these functions for anything but demonstrations. They are not exported by
:mod:`graphs` and do only the validation needed to fail in the intended way.

Examples
--------
>>> from graphs import pitfalls
>>> "num_islands_recursive" in pitfalls.__all__
True
"""

from __future__ import annotations

import importlib
import pkgutil


def _topics() -> list[str]:
    """Every public name of every topic module, each module's ``__all__`` in turn."""
    names: list[str] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for name in module.__all__:
            if name in names:
                raise ValueError(f"graphs.pitfalls: {name} is declared by two topics")
            globals()[name] = getattr(module, name)
            names.append(name)
    return names


__all__ = sorted(_topics())
