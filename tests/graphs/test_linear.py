"""One definition of linear (issue 34): the benchmark's pages and the drill's judge call the same
slopes linear, and every page that states the rule states the one constant."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from graphs.drill import growth
from graphs.tools.linear import LINEAR_RULE_KO, LINEAR_SLOPE_MAX, is_linear
from tests.docs import site
from tests.docs.test_reader_pages import expanded

SIZES = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000]


@given(st.floats(0.5, 2.5).filter(lambda k: abs(k - LINEAR_SLOPE_MAX) > 0.01))
def test_the_judge_and_the_benchmark_agree_on_exact_power_laws(k: float) -> None:
    """Times growing exactly as ``n**k`` (a zero-width interval): the judge says linear exactly
    when the benchmark's rule does, and steeper otherwise."""
    fit = growth.fit([{"V": n, "E": 0, "seconds": 1e-9 * n**k} for n in SIZES])
    assert fit["slope"] == pytest.approx(k)
    assert fit["verdict"] == ("linear" if is_linear(k) else "steeper")


def test_a_slope_under_1_is_linear_and_the_rule_is_what_the_pages_say() -> None:
    assert is_linear(0.79) and is_linear(LINEAR_SLOPE_MAX + 0.004)
    assert not is_linear(LINEAR_SLOPE_MAX + 0.006) and not is_linear(None)
    assert f"{LINEAR_SLOPE_MAX} 이하면 선형" in LINEAR_RULE_KO


#: Ways the pages once stated another rule (a range [0.85, 1.2], "구간이 1.3 아래면").
OTHER_RULES = re.compile(r"\[0\.85|범위 밖|선형 범위 안|구간이 [\d.]+ 아래면")


@pytest.mark.parametrize("source", list(site.pages()))
def test_every_page_states_the_one_rule(source: str) -> None:
    text = expanded(source)
    assert not OTHER_RULES.search(text), (source, OTHER_RULES.search(text)[0])
    for stated in re.findall(r"([\d.]+) 이하면 선형", text):
        assert float(stated) == LINEAR_SLOPE_MAX, source


def test_the_pages_that_judge_slopes_carry_the_rule() -> None:
    judging = [s for s in site.pages() if "log-log 기울기" in expanded(s) and "선형" in expanded(s)]
    assert "graphs/drill.md" in judging and "graphs/index.md" in judging
    for source in ("graphs/drill.md", "graphs/index.md"):
        assert LINEAR_RULE_KO in expanded(source), source
