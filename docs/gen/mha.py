"""MHA pages: parameter counts per head count, speed table, pitfall gallery.

Sources: :func:`mha.attention_param_count` and the module itself (parameter table),
``docs/results/mha_bench.json`` (``python -m mha.bench``) and ``docs/results/mha_pitfalls.json``
(``python -m mha.pitfalls``). A results file that does not exist yet gives a fragment that says
so, never made-up numbers.
"""

from __future__ import annotations

import json
from typing import Any

from docs.gen.common import (
    RESULTS,
    Content,
    fmt_int,
    header,
    load_json,
    md_table,
    missing_results,
)

D_MODEL = 64
HEADS = (1, 2, 4, 8, 16, 32, 64)


def params_table() -> str:
    import torch

    from mha import MultiHeadAttention, attention_param_count, count_parameters

    rows = []
    for h in HEADS:
        with_bias = attention_param_count(D_MODEL, h, bias=True)
        without = attention_param_count(D_MODEL, h, bias=False)
        module = MultiHeadAttention(D_MODEL, h, generator=torch.Generator().manual_seed(0))
        counted = count_parameters(module)
        rows.append([h, D_MODEL // h, fmt_int(without), fmt_int(with_bias), fmt_int(counted)])
    table = md_table(
        ["head 수 h", "d_head", "공식, bias 없음", "공식, bias 포함", "실제 모듈 parameters()"],
        rows,
        align="rrrrr",
    )
    return header("mha.attention_param_count and mha.MultiHeadAttention") + "\n" + table


def _code(value: Any) -> str:
    """Compact JSON in inline code: ``[[0.0, 1.0], [2.0, 3.0]]``."""
    return "`" + json.dumps(value, ensure_ascii=False) + "`"


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


CONTENDERS = {
    "ours_fast": "우리 (fused)",
    "torch": "PyTorch",
    "ours_explicit": "우리 (명시적)",
    "per_head_loop": "head별 for 문",
}


def speed_table() -> str:
    path = RESULTS / "mha_bench.json"
    source = "docs/results/mha_bench.json"
    if not path.is_file():
        return missing_results(source, "python -m mha.bench")
    data = load_json(path)
    rows = data["rows"]
    names = [n for n in CONTENDERS if all(n in r["seconds"] for r in rows)]
    times = md_table(
        ["(B, T, d_model, h)", *(f"{CONTENDERS[n]} (ms)" for n in names)],
        [
            [f"({r['B']}, {r['T']}, {r['d_model']}, {r['n_heads']})"]
            + [_ms(r["seconds"][n]) for n in names]
            for r in rows
        ],
        align="l" + "r" * len(names),
    )
    ratios = md_table(
        ["(B, T, d_model, h)", "우리 / PyTorch", "명시적 / fused", "head별 for 문 / fused"],
        [
            [
                f"({r['B']}, {r['T']}, {r['d_model']}, {r['n_heads']})",
                f"{r['ratio_ours_to_torch']:.2f}",
                f"{r['ratio_explicit_to_fast']:.2f}",
                f"{r['ratio_loop_to_fast']:.2f}",
            ]
            for r in rows
        ],
        align="lrrr",
    )
    goal = "달성" if data.get("goal_met") else "미달성"
    meta = (
        f"측정: {data['what']}. 반복 {data['repeats']}회의 중앙값, torch {data['torch']}, "
        f"스레드 {data['threads']}, {data['machine']}, Python {data['python']}."
    )
    return (
        header(source)
        + "\n**중앙값 시간 (ms, forward + backward)**\n\n"
        + times
        + "\n**비율 (1보다 작으면 앞쪽이 빠르다)**\n\n"
        + ratios
        + f"\n모든 크기에서 우리 / PyTorch ≤ 1: **{goal}**.\n\n{meta}\n"
    )


def _wrong_reshape(p: dict[str, Any]) -> str:
    labels = p["labels"]
    return (
        "### 잘못된 reshape 순서\n\n"
        "`reshape(B, h, T, d_head)`로 바로 나눈 경우. hypothesis가 찾은 가장 작은 입력은 "
        f"T = {p['T']}, head {p['n_heads']}개, d_head = {p['d_head']}이다.\n\n"
        + md_table(
            ["", "값"],
            [
                ["입력 x (행 = 토큰, 열 = feature)", _code(p["x"])],
                ["자리 번호 (행 = 토큰, 열 = feature)", _code(labels)],
                ["맞는 분할: head별 자리 번호", _code(p["right_heads"])],
                ["틀린 분할: head별 자리 번호", _code(p["wrong_heads"])],
                ["attention 출력의 최대 차이", f"{p['max_output_difference']}"],
            ],
        )
        + "\n맞는 분할에서 head 하나는 **모든 토큰의 같은 feature 조각**을 받는다. 틀린 분할은 "
        "메모리에서 연속된 숫자를 잘라 head 하나에 **한 토큰의 여러 feature**를 넣는다. "
        "모양이 같으니 에러 없이 출력만 달라진다.\n"
    )


def _view_after_transpose(p: dict[str, Any]) -> str:
    return (
        "### transpose 뒤의 `view`\n\n"
        f"모양 {_code(p['shape'])}인 `(B, h, T, d_head)` 텐서를 `transpose(1, 2)`한 뒤 "
        "`view(B, T, d_model)`을 부르면 다음 에러가 난다.\n\n"
        f"```text\n{p['error']}\n```\n\n"
        f"`reshape`는 필요할 때 복사해서 모양 {_code(p['reshape_result_shape'])}를 돌려준다.\n"
    )


def _softmax_wrong_axis(p: dict[str, Any]) -> str:
    return (
        "### softmax 축\n\n"
        + md_table(
            ["", "값"],
            [
                ["점수 (행 = query, 열 = key)", _code(p["scores"])],
                ["key 축(`dim=-1`) softmax의 행 합", _code(p["row_sums_right"])],
                ["query 축(`dim=-2`) softmax의 행 합", _code(p["row_sums_wrong"])],
            ],
        )
        + "\n정사각 점수 행렬이라 모양으로는 구별되지 않는다. query마다 가중치의 합이 1인지 "
        "확인하는 테스트만 잡는다.\n"
    )


PITFALLS = {
    "wrong_reshape": _wrong_reshape,
    "view_after_transpose": _view_after_transpose,
    "softmax_wrong_axis": _softmax_wrong_axis,
}


def pitfalls_table() -> str:
    path = RESULTS / "mha_pitfalls.json"
    source = "docs/results/mha_pitfalls.json"
    if not path.is_file():
        return missing_results(source, "python -m mha.pitfalls")
    data = load_json(path)
    parts = []
    versions = data.get("found_with")
    for key, value in data.items():
        if key == "found_with":
            continue
        render = PITFALLS.get(key)
        if render is not None:
            parts.append(render(value))
        elif isinstance(value, dict):
            parts.append(f"### {key}\n\n```json\n{json.dumps(value, indent=1)}\n```\n")
    if versions:
        used = ", ".join(f"{name} {version}" for name, version in versions.items())
        parts.append(f"<small>검색에 쓴 버전: {used}</small>\n")
    return header(source) + "\n" + "\n".join(parts)


def generate() -> dict[str, Content]:
    return {
        "generated/mha_params.md": params_table(),
        "generated/mha_speed.md": speed_table(),
        "generated/mha_pitfalls.md": pitfalls_table(),
    }
