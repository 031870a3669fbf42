"""MHA pages: parameter counts per head count, speed table, pitfall gallery.

Sources: :func:`mha.attention_param_count` and the module itself (parameter table),
``docs/results/mha_bench.json`` (speed), ``docs/results/mha_pitfalls.json`` (pitfalls).
A results file that does not exist yet gives a fragment that says so, never made-up numbers.
"""

from __future__ import annotations

from typing import Any

from docs.gen.common import RESULTS, Content, fmt_int, header, load_json, md_table

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
        rows.append(
            [
                h,
                D_MODEL // h,
                fmt_int(without),
                fmt_int(with_bias),
                fmt_int(count_parameters(module)),
            ]
        )
    table = md_table(
        ["head 수 h", "d_head", "공식, bias 없음", "공식, bias 포함", "실제 모듈 parameters()"],
        rows,
        align="rrrrr",
    )
    return header("mha.attention_param_count and mha.MultiHeadAttention") + "\n" + table


def _missing(source: str, command: str) -> str:
    return (
        header(source)
        + '\n!!! warning "아직 결과 파일이 없다"\n'
        + f"    `{source}`가 아직 없다. {command} 실행한 뒤 `python -m docs.gen`을 다시 실행한다.\n"
    )


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "예" if value else "아니오"
    if isinstance(value, int):
        return fmt_int(value)
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, list | tuple):
        return "(" + ", ".join(_cell(v) for v in value) + ")"
    if isinstance(value, dict):
        return ", ".join(f"{k}={_cell(v)}" for k, v in value.items())
    return str(value).replace("|", "\\|").replace("\n", " ")


def speed_table() -> str:
    path = RESULTS / "mha_bench.json"
    source = "docs/results/mha_bench.json"
    if not path.is_file():
        return _missing(source, "MHA 벤치마크를")
    data = load_json(path)
    return header(source) + "\n" + _render_records(data)


def pitfalls_table() -> str:
    path = RESULTS / "mha_pitfalls.json"
    source = "docs/results/mha_pitfalls.json"
    if not path.is_file():
        return _missing(source, "MHA 함정 탐색(테스트 코드)을")
    data = load_json(path)
    return header(source) + "\n" + _render_records(data)


def _render_records(data: dict[str, Any]) -> str:
    """Generic rendering: every list of flat records becomes a table."""
    parts = []
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(r, dict) for r in value):
            cols = list(dict.fromkeys(k for r in value for k in r))
            parts.append(
                f"**{key}**\n\n"
                + md_table(cols, [[_cell(r.get(c, "")) for c in cols] for r in value])
            )
    return "\n".join(parts) if parts else "(no records)\n"


def generate() -> dict[str, Content]:
    return {
        "generated/mha_params.md": params_table(),
        "generated/mha_speed.md": speed_table(),
        "generated/mha_pitfalls.md": pitfalls_table(),
    }
