"""The Examples sections of the attention core's docstrings run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["mha.heads", "mha.attention", "mha.module", "mha.params", "mha.interop",
           "mha.reference", "mha.config"]  # fmt: skip


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, extraglobs={"torch": importlib.import_module("torch")})
    assert result.attempted > 0 or name == "mha.masks"
    assert result.failed == 0
