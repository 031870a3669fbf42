"""The Examples sections of every ``mha`` docstring run as tests (modules found by walking the
package, so a new module's examples run without being listed here)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import mha

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(mha.__path__, "mha.") if not m.name.endswith("__main__")
)
LIBRARY = [name for name in MODULES if name.count(".") == 1]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, extraglobs={"torch": importlib.import_module("torch")})
    assert result.failed == 0


def test_the_library_shows_its_use_in_examples():
    attempted = {
        name: doctest.testmod(importlib.import_module(name), report=False).attempted
        for name in LIBRARY
    }
    assert {"mha.heads", "mha.attention", "mha.module", "mha.config"} <= set(LIBRARY)
    # most of the library's modules carry runnable examples; those without are few
    assert sum(1 for n in attempted.values() if n > 0) >= len(LIBRARY) * 2 // 3, attempted
