"""MHA pages: parameter counts per head count, speed table, pitfall gallery.

Sources: :func:`mha.attention_param_count` and the module itself (parameter table),
``docs/results/mha_bench.json`` (``python -m mha.bench``) and ``docs/results/mha_pitfalls.json``
(``python -m mha.tools.counterexamples``). A results file that does not exist yet gives a
fragment that says so, never made-up numbers. Each pitfall of the gallery gets its own fragment,
``docs/generated/mha/pitfalls/<wrong function>.md``, which the pitfalls page includes after its
own Korean explanation, as the graph pages do.
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


PITFALLS = "docs/results/mha_pitfalls.json"
PITFALLS_COMMAND = "python -m mha.tools.counterexamples"


def _outcome(out: dict[str, Any]) -> str:
    """What a call returned (and the row sums of weights) or raised, as a table cell."""
    if "raises" in out:
        return f"`{out['raises']}` 발생"
    value = out["returns"]
    if isinstance(value, dict) and set(value) == {"shape"}:
        return f"모양 {_code(value['shape'])}인 텐서"
    text = _code(value)
    if "row_sums" in out:
        text = f"가중치 {text}, 행 합 {_code(out['row_sums'])}"
    return text


def _input(inp: dict[str, Any]) -> str:
    return ", ".join(f"`{key}` = {_code(value)}" for key, value in inp.items())


def _pitfall(p: dict[str, Any], note: str) -> str:
    """One gallery entry: the smallest failing input and both outcomes, plus what it records.

    Rendered by field, not by pitfall: the Korean explanation of each mistake is prose on the
    page that includes this fragment.
    """
    m = p["minimal"]
    parts = [
        f"올바른 함수 `{p['correct_function']}`, 틀린 풀이 `{p['wrong_function']}`.\n",
        md_table(
            ["", "값"],
            [
                ["가장 작은 반례", _input(m["input"])],
                ["올바른 함수", _outcome(m["correct"])],
                ["틀린 풀이", _outcome(m["wrong"])],
            ],
        ),
    ]
    for out in (m["correct"], m["wrong"]):
        if "message" in out:
            parts.append(f"`{out['raises']}`의 메시지:\n\n```text\n{out['message']}\n```\n")
    shown = p.get("illustration")
    if shown:
        parts.append(
            "입력 대신 자리 번호(토큰 \\(t\\), feature \\(j\\)마다 다른 수)를 넣으면 "
            "두 분할이 각 head에 무엇을 넣는지 보인다.\n\n"
            + md_table(
                ["", "값"],
                [
                    ["자리 번호 (행 = 토큰, 열 = feature)", _code(shown["labels"])],
                    ["맞는 분할: head별 자리 번호", _code(shown["right_heads"])],
                    ["틀린 분할: head별 자리 번호", _code(shown["wrong_heads"])],
                ],
            )
        )
    if "max_output_difference" in p:
        parts.append(f"attention 출력의 최대 차이: {p['max_output_difference']}\n")
    return header(PITFALLS) + "\n" + "\n".join(parts) + note


def _declared_pitfalls() -> list[str]:
    from mha.tools.counterexamples import PITFALLS as DECLARED

    return [p.name for p in DECLARED]


def pitfall_fragments() -> dict[str, str]:
    """``wrong function name -> fragment`` for every declared or recorded MHA pitfall."""
    names = _declared_pitfalls()
    path = RESULTS / "mha_pitfalls.json"
    if not path.is_file():
        return dict.fromkeys(names, missing_results(PITFALLS, PITFALLS_COMMAND))
    data = load_json(path)
    search = data.get("search", {})
    used = ", ".join(f"{k} {search[k]}" for k in ("hypothesis", "torch") if k in search)
    note = (
        f"\n<small>반례는 `{data.get('generated_by', PITFALLS_COMMAND)}`가 "
        f"{search.get('tool', 'hypothesis')}({used}, 난수 고정, "
        f"최대 {search.get('max_examples', '?')}개 예제)로 찾았다.</small>\n"
    )
    out = {p["name"]: _pitfall(p, note) for p in data.get("pitfalls", [])}
    for name in names:
        if name not in out:
            out[name] = (
                header(PITFALLS)
                + '\n!!! warning "아직 반례를 찾지 않았다"\n'
                + f"    `{PITFALLS}`에 `{name}`의 반례가 아직 없다. `{PITFALLS_COMMAND}`를 "
                + "실행한 뒤 `python -m docs.gen`을 다시 실행한다.\n"
            )
    return out


def generate() -> dict[str, Content]:
    return {
        "generated/mha_params.md": params_table(),
        "generated/mha_speed.md": speed_table(),
        **{f"generated/mha/pitfalls/{k}.md": v for k, v in pitfall_fragments().items()},
    }
