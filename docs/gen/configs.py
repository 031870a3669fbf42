"""Model-config page fragments: the table of shipped configs and the numbers the page quotes.

Source: the configs shipped in ``mha/configs/`` read through :mod:`mha.config`.
"""

from __future__ import annotations

from docs.gen.common import Content, fmt_int, header, md_table

DTYPE_BYTES = 2  # fp16 / bf16
CONTEXT = 8192
SOURCE = "mha/configs/*.json via mha.config"

# short headers: every column must stay visible at 1280 px (the page explains each one)
HEADERS = ["모델", "종류", "층", "head", "KV head", "d_head", "bias", "파라미터/층",
           "KV cache/토큰", "8k 문맥"]  # fmt: skip


def _specs() -> dict[str, object]:
    from mha import config

    return {
        config.BUILTIN_TITLES[name]: config.describe(config.load_builtin(name), DTYPE_BYTES)
        for name in config.BUILTIN
    }


def _bias_cell(bias: dict[str, bool]) -> str:
    from mha import config

    text = config.bias_text(bias)
    return "없음" if text == "none" else text


def _cache_cells(spec) -> tuple[str, str]:
    """KV cache per token and at :data:`CONTEXT` tokens, in readable units."""
    from mha import config

    if spec.kv_cache_bytes_per_token is None:
        return "해당 없음", "해당 없음"
    per_token = config.human_bytes(spec.kv_cache_bytes_per_token)
    at_context = config.human_bytes(spec.kv_cache_bytes(CONTEXT))
    if spec.kv_cache_latent:
        per_token += " (잠재)"
    return per_token, at_context


def configs_table() -> str:
    rows = []
    for title, spec in _specs().items():
        per_token, at_context = _cache_cells(spec)
        rows.append(
            [
                title,
                spec.kind,
                spec.n_layers,
                spec.n_heads,
                spec.n_kv_heads,
                spec.d_head,
                _bias_cell(spec.bias),
                fmt_int(spec.attention_params_per_layer),
                per_token,
                at_context,
            ]
        )
    table = md_table(HEADERS, rows, align="llrrrrlrrr")
    return header(SOURCE) + "\n" + table


def configs_facts() -> str:
    """The sentences of the page that quote numbers, each computed from the shipped configs."""
    from mha import config

    specs = _specs()
    gpt2 = specs["GPT-2 small"]
    d = gpt2.d_model
    if gpt2.attention_params_per_layer != 4 * d * d + 4 * d:  # the sentence below says so
        raise ValueError("GPT-2 small: expected all four projections to carry a bias")
    d_heads = sorted({s.d_head for s in specs.values()})
    gemma = specs["Gemma-7B"]
    falcon = specs["Falcon-7B"]
    falcon_mha = 2 * falcon.n_layers * falcon.n_heads * falcon.d_head * DTYPE_BYTES
    llama = specs["Llama-3-8B"]
    deepseek = specs["DeepSeek-V2-Lite"]
    ds_cfg = config.load_builtin("deepseek-v2-lite")
    latent = ds_cfg["kv_lora_rank"] + ds_cfg["qk_rope_head_dim"]
    # per-head K (qk_nope + qk_rope wide) and V (v_head_dim wide), as plain MHA would cache
    ds_full = deepseek.n_layers * deepseek.n_heads * (deepseek.d_head + ds_cfg["v_head_dim"])
    ds_full *= DTYPE_BYTES
    n_families = len({s.model_type for s in specs.values()})
    lines = [
        header(SOURCE),
        "- GPT-2 small 한 층의 attention 파라미터 수"
        f"(**{fmt_int(gpt2.attention_params_per_layer)}**)에는 bias가 들어 있다. "
        f"가중치 \\(4 \\cdot {d}^2 = {fmt_int(4 * d * d)}\\)개에 네 "
        f"projection의 bias \\(4 \\cdot {d} = {fmt_int(4 * d)}\\)개를 더한 값이다.",
        f"- 표에 나오는 d_head 값: **{', '.join(map(str, d_heads))}**. 모델마다 꽤 다르다. "
        f"Gemma-7B는 q를 head {gemma.n_heads}개 × d_head {gemma.d_head} = "
        f"{fmt_int(gemma.n_heads * gemma.d_head)} 폭으로 만들어서 d_model"
        f"({fmt_int(gemma.d_model)})보다 넓다. 그래서 config에 `head_dim`이 따로 적혀 있다.",
        f"- Falcon-7B는 query head {falcon.n_heads}개가 K/V head 1개를 같이 쓰는 MQA다. 그래서 "
        f"KV cache가 토큰당 **{config.human_bytes(falcon.kv_cache_bytes_per_token)}**뿐이고, "
        f"같은 크기의 MHA였다면 {config.human_bytes(falcon_mha)}가 필요했다.",
        f"- Llama-3-8B는 {CONTEXT:,} 토큰 문맥에서 KV cache만 "
        f"**{config.human_bytes(llama.kv_cache_bytes(CONTEXT))}**(fp16 기준)를 차지한다.",
        f"- DeepSeek-V2-Lite(MLA)는 층마다 `kv_lora_rank + qk_rope_head_dim` = "
        f"{ds_cfg['kv_lora_rank']} + {ds_cfg['qk_rope_head_dim']} = **{latent}**개 숫자로 된 "
        f"잠재 벡터만 캐시한다. 토큰당 {config.human_bytes(deepseek.kv_cache_bytes_per_token)}"
        f"이고, head마다 K와 V를 그대로 캐시했다면 {config.human_bytes(ds_full)}였을 것이다.",
        f"- 표의 {len(specs)}개 config는 (LLaVA는 안의 언어 모델 기준으로) "
        f"{n_families}개 family에 속한다.",
    ]
    return "\n".join(lines) + "\n"


def generate() -> dict[str, Content]:
    return {
        "generated/configs_table.md": configs_table(),
        "generated/configs_facts.md": configs_facts(),
    }
