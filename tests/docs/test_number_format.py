"""Numbers on the pages read like a journal: no exponent notation beside plain numbers."""

from __future__ import annotations

import re

import pytest

from studylog.gen import graphs

EXPONENT = re.compile(r"\b\d+(?:\.\d+)?e[+-]\d+\b")


def test_no_generated_fragment_writes_numbers_with_exponents(generated_files: dict) -> None:
    bad = {
        rel: EXPONENT.findall(text)
        for rel, text in generated_files.items()
        if isinstance(text, str) and EXPONENT.search(text)
    }
    assert bad == {}


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(1.6553, "1,655"), (3.187, "3,187"), (0.0577, "57.7"), (0.115, "115"), (0.0000123, "0.0123")],
)
def test_milliseconds_keep_three_figures_without_exponent(seconds: float, shown: str) -> None:
    assert graphs._ms(seconds) == shown
