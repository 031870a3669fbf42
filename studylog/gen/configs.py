"""Model-config page fragments: the table of shipped configs and the numbers the page quotes.

Source: the configs shipped in ``mha/configs/`` read through :mod:`mha.config`.
"""

from __future__ import annotations

from studylog.gen.common import Content, fmt_int, header, md_table

DTYPE_BYTES = 2  # fp16 / bf16
CONTEXT = 8192
LONG_CONTEXT = 32768
SOURCE = "mha/configs/*.json via mha.config"

# short headers: every column must stay visible at 1280 px (the page explains each one)
HEADERS = ["모델", "종류", "층", "head", "KV head", "d_head", "bias", "파라미터/층",
           "KV cache/토큰", "8k 문맥", "32k 문맥", "local 층"]  # fmt: skip
ALIGN = "llrrrrlrrrrr"
# the journal's extract: what its text says a config must tell at a glance
JOURNAL_HEADERS = ["모델", "head", "KV head", "d_head", "KV cache/토큰"]
JOURNAL_TO_TABLE = "../../configs.md#생성된-표"  # from docs/blog/posts/ to the full table


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


def _cache_cells(spec) -> tuple[str, str, str]:
    """KV cache per token, at :data:`CONTEXT` and at :data:`LONG_CONTEXT` tokens, in readable
    units (each local layer holding at most its window)."""
    from mha import config

    if spec.kv_cache_bytes_per_token is None:
        return "해당 없음", "해당 없음", "해당 없음"
    per_token = config.human_bytes(spec.kv_cache_bytes_per_token)
    if spec.kv_cache_latent:
        per_token += " (잠재)"
    at = [config.human_bytes(spec.kv_cache_bytes(c)) for c in (CONTEXT, LONG_CONTEXT)]
    return per_token, at[0], at[1]


def _local_cell(spec) -> str:
    """``21/42 (4,096)``: local layers of all layers, and their window."""
    if spec.kv_cache_bytes_per_token is None:
        return "해당 없음"
    windows = sorted({w for w in spec.layer_windows if w is not None})
    if not windows:
        return "없음"
    chunk = "청크 " if "chunked" in spec.layer_kinds else ""
    return f"{spec.local_layers}/{spec.n_layers} ({chunk}{', '.join(map(fmt_int, windows))})"


def _layers_cell(spec) -> str:
    """``48 (attention 12)`` when only some layers attend, else the layer count."""
    if spec.attention_layers == spec.n_layers:
        return fmt_int(spec.n_layers)
    return f"{fmt_int(spec.n_layers)} (attention {spec.attention_layers})"


def _rows() -> list[dict[str, object]]:
    """One row per shipped config, each cell under its header of :data:`HEADERS`."""
    from mha import config

    rows = []
    for title, spec in _specs().items():
        per_token, at_context, at_long = _cache_cells(spec)
        cells = [
            title,
            config.kind_text(spec),
            _layers_cell(spec),
            spec.n_heads,
            spec.n_kv_heads,
            spec.d_head,
            _bias_cell(spec.bias),
            fmt_int(spec.attention_params_per_layer),
            per_token,
            at_context,
            at_long,
            _local_cell(spec),
        ]
        rows.append(dict(zip(HEADERS, cells, strict=True)))
    return rows


def _table(headers: list[str]) -> str:
    """The config table with only ``headers`` (in that order), inside a ``config-table`` box
    whose number cells keep their unit on the same line ("36.0 KiB", never "36.0 / KiB")."""
    unknown = [h for h in headers if h not in HEADERS]
    if unknown:
        raise ValueError(f"headers: expected columns of HEADERS, got unknown {unknown}")
    align = "".join(ALIGN[HEADERS.index(h)] for h in headers)
    table = md_table(headers, ([row[h] for h in headers] for row in _rows()), align=align)
    return header(SOURCE) + '\n<div class="config-table" markdown>\n\n' + table + "\n</div>\n"


def configs_table() -> str:
    """The full table of the config page: every column of :data:`HEADERS`."""
    return _table(HEADERS)


def configs_journal() -> str:
    """The journal's extract (:data:`JOURNAL_HEADERS`): what the day's text asks to read off a
    config, narrow enough for the journal's column, and a sentence that links the full table.

    The link is relative to ``docs/blog/posts/`` (the journal includes this fragment there).
    """
    rest = ", ".join(h for h in HEADERS if h not in JOURNAL_HEADERS)
    return _table(JOURNAL_HEADERS) + (
        f"\n전체 표 {len(HEADERS)}칸 중 여기에는 {len(JOURNAL_HEADERS)}칸만 옮겼다. 나머지 칸"
        f"({rest})까지 다 있는 표와 각 칸의 설명은 "
        f"[모델 config 페이지의 표]({JOURNAL_TO_TABLE})에 있다.\n"
    )


def _window_savings(specs: dict) -> str:
    """The sentence on what sliding windows save at :data:`LONG_CONTEXT` tokens."""
    from mha import config

    parts = []
    for title, s in specs.items():
        if not s.local_layers or s.kv_cache_bytes_per_token is None or "chunked" in s.layer_kinds:
            continue
        full = s.kv_cache_bytes_per_token * LONG_CONTEXT
        windowed = s.kv_cache_bytes(LONG_CONTEXT)
        parts.append(
            f"{title} {config.human_bytes(full)} → **{config.human_bytes(windowed)}**"
            f"({100 * windowed / full:.1f}%)"
        )
    return (
        f"- sliding window가 있는 모델은 긴 문맥에서 KV cache가 훨씬 작다. {LONG_CONTEXT:,} 토큰"
        "에서 창이 없다고 칠 때의 크기와 실제 크기를 나란히 놓으면 "
        + ", ".join(parts)
        + "이다. local 층이 창 밖의 토큰을 버리기 때문이고, 모든 층이 local인 모델은 문맥이 "
        "창보다 길어지면 캐시가 더 자라지 않는다."
    )


def _hybrid_facts(specs: dict) -> list[str]:
    """The sentences on models where only some layers keep a full KV cache: a hybrid whose
    other layers keep a state (Qwen3-Next), and chunked attention (Llama 4)."""
    from mha import config

    lines = []
    for title, s in specs.items():
        counts = s.layer_counts
        if s.attention_layers < s.n_layers:
            others = ", ".join(f"{k} {n}층" for k, n in counts.items() if k not in ("full", "none"))
            state = f"({others})는 KV cache 대신 크기가 정해진 상태(state)를 들고 있다"
            if "none" in counts:
                state = (f" 중 {others}은 KV cache 대신 크기가 정해진 상태(state)를 들고 있고, "
                         f"MLP만 있는 {counts['none']}층은 아무것도 캐시하지 않는다")  # fmt: skip
            every = s.kv_cache_bytes_per_token // s.attention_layers * s.n_layers * LONG_CONTEXT
            lines.append(
                f"- {title}는 {s.n_layers}층 중 attention 층이 {s.attention_layers}개뿐이고 "
                f"나머지{state}. 그래서 "
                f"{LONG_CONTEXT:,} 토큰의 KV cache는 attention 층만 세어 "
                f"**{config.human_bytes(s.kv_cache_bytes(LONG_CONTEXT))}**이고, {s.n_layers}층을 "
                f"모두 셌다면 {config.human_bytes(every)}로 잘못 나온다(`transformers`의 "
                "cache도 attention 층에만 K/V를 둔다)."
            )
        if "chunked" in counts:
            chunk = max(w for w in s.layer_windows if w is not None)
            lines.append(
                f"- {title}는 {counts['chunked']}층이 {chunk:,} 토큰 청크 안에서만 attention을 "
                f"하는 chunked attention이라 그 층들은 {chunk:,} 토큰까지만 캐시하고, 나머지 "
                f"{counts.get('full', 0)}층만 문맥 전체를 캐시한다. {LONG_CONTEXT:,} 토큰에서 "
                f"**{config.human_bytes(s.kv_cache_bytes(LONG_CONTEXT))}**다."
            )
    return lines


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
    qwen3, olmo2 = specs["Qwen3-8B"], specs["OLMo-2-7B"]
    phi2, stablelm = specs["Phi-2"], specs["StableLM-2-1.6B"]
    moe = [t for t, s in specs.items() if s.moe]
    qwen2_cfg = config.load_builtin("qwen2-7b")
    if specs["Qwen2-7B"].local_layers or qwen2_cfg["use_sliding_window"]:  # the sentence says so
        raise ValueError("Qwen2-7B: expected its sliding window to be switched off")
    nested = [t for t, s in specs.items() if any("text_config" in n for n in s.notes)]
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
        f"**{config.human_bytes(llama.kv_cache_bytes(CONTEXT))}**(fp16 기준)를 차지하고, "
        f"{LONG_CONTEXT:,} 토큰이면 {config.human_bytes(llama.kv_cache_bytes(LONG_CONTEXT))}다.",
        _window_savings(specs),
        *_hybrid_facts(specs),
        f"- Qwen2-7B의 config에도 `sliding_window`({qwen2_cfg['sliding_window']:,})가 적혀 "
        "있지만 `use_sliding_window`가 false라서 쓰이지 않는다. 그래서 모든 층이 문맥 전체를 "
        "캐시한다.",
        f"- DeepSeek-V2-Lite(MLA)는 층마다 `kv_lora_rank + qk_rope_head_dim` = "
        f"{ds_cfg['kv_lora_rank']} + {ds_cfg['qk_rope_head_dim']} = **{latent}**개 숫자로 된 "
        f"잠재 벡터만 캐시한다. 토큰당 {config.human_bytes(deepseek.kv_cache_bytes_per_token)}"
        f"이고, head마다 K와 V를 그대로 캐시했다면 {config.human_bytes(ds_full)}였을 것이다.",
        f"- Qwen3, OLMo 2, Gemma 3는 attention 안에서 q와 k에 norm(`q_norm`, `k_norm`)을 한 번 "
        '더 건다. 이 norm의 가중치는 네 projection 밖에 있어서 표의 "파라미터/층"에는 넣지 '
        f"않았다. 층마다 Qwen3-8B는 {fmt_int(qwen3.norm_params_per_layer)}개(head 하나 폭의 "
        f"weight 두 개), OLMo-2-7B는 {fmt_int(olmo2.norm_params_per_layer)}개(head 전체 폭)다.",
        f"- Phi-2는 head {phi2.d_head}차원 중 {phi2.rotary_dims}차원에만 RoPE를 적용하고"
        f"(partial rotary), StableLM-2-1.6B는 {stablelm.d_head}차원 중 {stablelm.rotary_dims}"
        "차원에만 적용한다. 나머지 차원에는 위치 정보가 들어가지 않는다.",
        f"- MoE 모델({', '.join(moe)})은 종류 칸에 +MoE를 붙였다. feed-forward만 여러 expert로 "
        "나뉘고 attention은 dense(토큰마다 모든 head를 쓴다)라서, 표의 attention 숫자는 "
        "dense 모델과 똑같이 읽으면 된다.",
        f"- 표의 {len(specs)}개 config는 ({', '.join(nested)}는 안의 언어 모델 기준으로) "
        f"{n_families}개 family에 속한다.",
    ]
    return "\n".join(lines) + "\n"


def generate() -> dict[str, Content]:
    return {
        "generated/configs_table.md": configs_table(),
        "generated/configs_journal.md": configs_journal(),
        "generated/configs_facts.md": configs_facts(),
    }
