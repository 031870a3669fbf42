# ruff: noqa: E501  (Korean prose: wide characters make the lines look long)
"""The one definition of "linear" for a measured log-log slope of time against input size.

The benchmark (:mod:`graphs.tools.bench`), the drill's judge (:mod:`graphs.drill.growth`) and
every page of the site use this rule and nothing else: a slope, as shown to two decimals, of at
most :data:`LINEAR_SLOPE_MAX` is linear. There is no lower bound: a slope under 1 is not slower
than linear (on small inputs a call's fixed cost weighs more, which flattens the line). Measured
linear algorithms reach about 1.3 on large inputs (cache misses grow with the size; networkx's
own BFS measures 1.29 here) and ``n log n`` over 10**3 .. 10**6 measures about 1.1, so the rule
tells linear from quadratic work (slope 2), not from ``n log n``.
"""

from __future__ import annotations

__all__ = ["LINEAR_RULE_KO", "LINEAR_SLOPE_MAX", "is_linear"]

#: The largest log-log slope, shown to two decimals, that counts as linear.
LINEAR_SLOPE_MAX = 1.3

#: The rule in Korean, as every page states it.
LINEAR_RULE_KO = (
    f"**선형의 기준.** 입력 크기를 늘려 가며 잰 시간의 log-log 기울기가 소수 둘째 자리로 {LINEAR_SLOPE_MAX} "
    "이하면 선형으로 본다(모든 페이지와 드릴 채점기가 같은 기준을 쓴다). 1보다 작은 기울기도 선형이다. "
    "작은 입력에서는 호출 한 번의 고정 비용 몫이 커서 선이 눕기 때문이다. 큰 입력에서는 캐시를 벗어나는 "
    f"만큼 선형 알고리즘도 1보다 조금 가파르게 나오고, 제곱 시간이면 2 가까이 나온다. {LINEAR_SLOPE_MAX}보다 "
    "크면 선형보다 가파르다고 쓴다."
)


def is_linear(slope: float | None) -> bool:
    """Whether a log-log slope counts as linear: at most :data:`LINEAR_SLOPE_MAX` as it is
    shown, to two decimals (a slope printed as 1.30 is linear even when it was 1.3002).

    Parameters
    ----------
    slope : float or None
        The fitted slope; ``None`` when nothing was fitted.

    Returns
    -------
    bool
        False for ``None``.

    Examples
    --------
    >>> is_linear(1.3002), is_linear(1.23), is_linear(0.79), is_linear(1.31), is_linear(None)
    (True, True, True, False, False)
    """
    return slope is not None and round(slope, 2) <= LINEAR_SLOPE_MAX
