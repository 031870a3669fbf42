"""Model-config table: heads, KV heads, d_head, attention parameters and KV cache per token.

Source: the configs shipped in ``mha/configs/`` read through :mod:`mha.config`.
"""

from __future__ import annotations

from docs.gen.common import Content, fmt_int, header, md_table

DTYPE_BYTES = 2  # fp16 / bf16


def _human_bytes(n: int) -> str:
    """``131072`` -> ``128 KiB``."""
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            value = n / size
            return f"{value:.0f} {unit}" if value == int(value) else f"{value:.1f} {unit}"
    return f"{n} B"


def configs_table() -> str:
    from mha import config

    rows = []
    for name in config.BUILTIN:
        spec = config.describe(config.load_builtin(name), dtype_bytes=DTYPE_BYTES)
        kind = (
            "MHA"
            if spec.n_kv_heads == spec.n_heads
            else f"GQA ({spec.n_heads // spec.n_kv_heads}:1)"
        )
        kv = spec.kv_cache_bytes_per_token
        rows.append(
            [
                config.BUILTIN_TITLES.get(name, name),
                fmt_int(spec.d_model),
                spec.n_layers,
                spec.n_heads,
                spec.n_kv_heads,
                kind,
                spec.d_head,
                fmt_int(spec.attention_params_per_layer),
                fmt_int(spec.attention_params_per_layer * spec.n_layers),
                f"{fmt_int(kv)} ({_human_bytes(kv)})",
            ]
        )
    table = md_table(
        [
            "모델",
            "d_model",
            "층",
            "head",
            "KV head",
            "종류",
            "d_head",
            "attention 파라미터/층",
            "attention 파라미터 합계",
            "KV cache/토큰 (바이트)",
        ],
        rows,
        align="lrrrrlrrrr",
    )
    return header("mha/configs/*.json via mha.config") + "\n" + table


def generate() -> dict[str, Content]:
    return {"generated/configs_table.md": configs_table()}
