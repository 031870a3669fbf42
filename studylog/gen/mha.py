"""MHA pages: parameter counts per head count, speed table, pitfall gallery.

Sources: :func:`mha.attention_param_count` and the module itself (parameter table),
``docs/results/mha_bench.json`` (``python -m mha.tools.bench``) and
``docs/results/mha_pitfalls.json`` (``python -m mha.tools.counterexamples``). A results file
that does not exist yet gives a fragment that says so, never made-up numbers. Each pitfall of
the gallery gets its own fragment, ``docs/generated/mha/pitfalls/<wrong function>.md``, which the
pitfalls page includes after its own Korean explanation, as the graph pages do; the galleries'
one renderer, :mod:`studylog.gen.gallery`, writes it, and :func:`split_illustration` adds what only
the split pitfall records.
"""

from __future__ import annotations

from typing import Any

from studylog.gen import gallery
from studylog.gen.common import (
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


def params_summary() -> str:
    """One sentence for the journal: the study note's 16,640, counted three ways at every head
    count of the parameter table (:data:`HEADS`)."""
    import torch

    from mha import MultiHeadAttention, attention_param_count, count_parameters

    heads = HEADS
    formula = {attention_param_count(D_MODEL, h, bias=True) for h in heads}
    ours = {
        count_parameters(MultiHeadAttention(D_MODEL, h, generator=torch.Generator())) for h in heads
    }
    theirs = {count_parameters(torch.nn.MultiheadAttention(D_MODEL, h)) for h in heads}
    if not len(formula) == len(ours) == len(theirs) == 1:
        raise ValueError(f"parameter counts differ between head counts: {formula, ours, theirs}")
    [n_formula], [n_ours], [n_theirs] = formula, ours, theirs
    same = "모두 같다" if n_formula == n_ours == n_theirs else "같지 않다"
    head_list = ", ".join(str(h) for h in heads)
    return (
        header("mha.attention_param_count, mha.MultiHeadAttention and torch.nn.MultiheadAttention")
        + f"\nd_model = {D_MODEL}, bias 포함일 때 attention 블록 하나의 파라미터는 "
        + f"\\(4 \\cdot {D_MODEL} \\cdot {D_MODEL + 1}\\) = **{fmt_int(n_formula)}**개다. "
        + f"head 수를 {head_list}로 바꿔도 모두 이 값이고, "
        + f"우리 모듈 `MultiHeadAttention({D_MODEL}, h)`의 "
        + f"`parameters()`는 {fmt_int(n_ours)}개, PyTorch의 "
        + f"`torch.nn.MultiheadAttention({D_MODEL}, h)`는 {fmt_int(n_theirs)}개로 세 값이 {same}.\n"
    )


LORA_RANKS = (4, 8)
LORA_TARGETS = (("W_q", "W_v"), ("W_q", "W_k", "W_v", "W_o"))
LORA_HEADS = 8


def lora_table() -> str:
    """Trainable parameters when only some projections get low-rank adapters, counted on the
    module (``requires_grad``) and by the formula."""
    import torch

    from mha import MultiHeadAttention, count_parameters
    from mha.lora import add_lora, trainable_parameter_count
    from mha.params import lora_param_count

    rows = []
    for targets in LORA_TARGETS:
        for rank in LORA_RANKS:
            m = MultiHeadAttention(D_MODEL, LORA_HEADS, generator=torch.Generator())
            full = count_parameters(m)
            add_lora(m, targets, rank=rank, generator=torch.Generator())
            counted = trainable_parameter_count(m)
            formula = lora_param_count(D_MODEL, LORA_HEADS, rank, targets)
            if counted != formula:
                raise ValueError(f"LoRA count {counted} differs from the formula {formula}")
            rows.append([
                ", ".join(f"`{t}`" for t in targets), rank, fmt_int(counted),
                fmt_int(full), f"{100 * counted / full:.1f}%",
            ])  # fmt: skip
    return (
        header(
            "mha.lora.add_lora, mha.lora.trainable_parameter_count and mha.params.lora_param_count"
        )
        + f"\nd_model = {D_MODEL}, head {LORA_HEADS}개인 블록. 원래 가중치는 모두 얼리고 "
        + "어댑터만 학습한다.\n\n"
        + md_table(
            [
                "어댑터를 단 projection",
                "rank r",
                "학습하는 파라미터",
                "블록 전체(얼림)",
                "전체 대비",
            ],
            rows,
            align="lrrrr",
        )
    )


def _ms(seconds: float) -> str:
    """Milliseconds with two decimals, never in exponent notation: ``0.001643`` -> ``1.64``."""
    return f"{seconds * 1000:,.2f}"


def _us(seconds: float) -> str:
    """Microseconds, whole: ``0.0000412`` -> ``41`` (an inference call at the small sizes)."""
    return f"{seconds * 1e6:,.0f}"


CONTENDERS = {
    "ours_fast": "우리 (SDPA 커널)",
    "torch": "PyTorch",
    "ours_explicit": "우리 (명시적)",
    "per_head_loop": "head별 for 문",
    "ours_three": "우리 (QKV 세 번)",
}

#: The same four in a sentence, each with its subject particle (the table headers above are
#: short labels; "우리 (SDPA 커널) 쪽이 우리 (명시적)보다" is not how anyone writes).
IN_PROSE = {
    "ours_fast": ("SDPA 커널을 쓰는 우리 모듈", "이"),
    "torch": ("PyTorch 모듈", "이"),
    "ours_explicit": ("가중치를 직접 계산하는 우리 경로", "가"),
    "per_head_loop": ("head마다 따로 projection하는 for 문", "이"),
}

#: Inference's second like-with-like pair: the same module making Q, K and V with one matmul
#: (its default) or with three, named in the sentence by that one difference.
ONE_MATMUL = {
    "ours_fast": ("Q, K, V를 행렬 곱 한 번으로 만드는 우리 모듈", "이"),
    "ours_three": ("세 번으로 나눠 만드는 같은 모듈", "이"),
}

#: The table's short label of the one-matmul-against-three ratio.
ONE_MATMUL_LABEL = "QKV 한 번 / 세 번"


#: The like-with-like comparisons of the speed page: (slower candidate, baseline, what differs).
#: Each pair differs in one thing only, so its ratio measures that one thing.
COMPARISONS = (
    ("ours_fast", "torch", "같은 가중치, 같은 일을 하는 두 모듈"),
    ("ours_explicit", "ours_fast", "projection은 같고 attention 계산만 다르다"),
    ("per_head_loop", "ours_explicit", "attention 계산은 같고 projection만 다르다"),
)


def _size(r: dict[str, Any], *, cell: bool = False) -> str:
    """The size as code, ``(B, T, d_model, h)``; in a table's first cell bare (``B,T,d_model,h``),
    so that the column that stays in view on a phone stays narrow."""
    values = [str(r[k]) for k in ("B", "T", "d_model", "n_heads")]
    return f"`{','.join(values)}`" if cell else f"`({', '.join(values)})`"


#: The first column's heading: what the sizes are.
SIZE_HEADING = "`B,T,d_model,h`"


def _ratio(r: dict[str, Any], a: str, b: str) -> float:
    """Median time of ``a`` over median time of ``b`` at one size (below 1: ``a`` is faster)."""
    return r["seconds"][a] / r["seconds"][b]


def _ratio_sentence(
    rows: list[dict[str, Any]], a: str, b: str, prose: dict[str, tuple[str, str]] = IN_PROSE
) -> str:
    """One Korean sentence that says what the measured ratios ``a / b`` show, size by size.

    Examples
    --------
    >>> rows = [{"B": 1, "T": 2, "d_model": 4, "n_heads": 2, "seconds": {"torch": 2.0,
    ...          "ours_fast": 1.0}}]
    >>> _ratio_sentence(rows, "ours_fast", "torch")
    '잰 1개 크기 모두에서 SDPA 커널을 쓰는 우리 모듈이 PyTorch 모듈보다 빨랐다(시간 비율 0.50).'
    """
    (name_a, subject), (name_b, _) = prose[a], prose[b]
    pairs = [(_size(r), _ratio(r, a, b)) for r in rows]
    faster = [(s, x) for s, x in pairs if x < 1]
    slower = [(s, x) for s, x in pairs if x > 1]

    def span(items: list[tuple[str, float]]) -> str:
        values = sorted(x for _, x in items)
        lo, hi = f"{values[0]:.2f}", f"{values[-1]:.2f}"
        return lo if lo == hi else f"{lo}~{hi}"

    def where(items: list[tuple[str, float]]) -> str:
        return "크기 " + ", ".join(s for s, _ in items)

    def values(items: list[tuple[str, float]]) -> str:
        return ", ".join(f"{x:.2f}" for _, x in items)

    if len(faster) == len(pairs) or len(slower) == len(pairs):
        verb, items = ("빨랐다", faster) if faster else ("느렸다", slower)
        return (
            f"잰 {len(pairs)}개 크기 모두에서 {name_a}{subject} {name_b}보다 {verb}"
            f"(시간 비율 {span(items)})."
        )
    parts = []
    if slower:
        parts.append(f"{where(slower)}에서는 {name_a}{subject} 더 느렸고(비율 {values(slower)})")
    if faster:
        parts.append(f"{where(faster)}에서는 더 빨랐다(비율 {values(faster)})")
    even = [s for s, x in pairs if x == 1]
    if even:
        parts.append(f"크기 {', '.join(even)}에서는 같았다")
    return (
        ", ".join(parts)
        + ". 크기에 따라 방향이 바뀌므로, 이 측정만으로는 어느 쪽이 빠르다고 말할 수 없다."
    )


SPEED = "docs/results/mha_bench.json"


def speed_table() -> str:
    """The speed page's fragment from ``docs/results/mha_bench.json``
    (``python -m mha.tools.bench``)."""
    path = RESULTS / "mha_bench.json"
    if not path.is_file():
        return missing_results(SPEED, "python -m mha.tools.bench")
    return render_speed(load_json(path))


def projection_sentence() -> str:
    """The measured sentences the projection page quotes: the per-head loop against one big
    projection (training), and Q, K, V made by one matmul against three (inference), everything
    else equal."""
    path = RESULTS / "mha_bench.json"
    if not path.is_file():
        return missing_results(SPEED, "python -m mha.tools.bench")
    rows = load_json(path)["rows"]
    a, b, _ = COMPARISONS[2]
    text = (
        header(SPEED) + f"\n**{CONTENDERS[a]} / {CONTENDERS[b]}**: {_ratio_sentence(rows, a, b)}\n"
    )
    return text + _one_matmul_sentence(inference_rows(rows), bold=True)


def _one_matmul_sentence(rows: list[dict[str, Any]], *, bold: bool = False) -> str:
    """Inference, one matmul for Q, K, V against three, said in a sentence; empty when the
    results file did not time the three (an older file)."""
    rows = [r for r in rows if "ours_three" in r["seconds"]]
    if not rows:
        return ""
    label = f"추론, {ONE_MATMUL_LABEL}"
    sentence = _ratio_sentence(rows, "ours_fast", "ours_three", ONE_MATMUL)
    return f"\n**{label}**: {sentence}\n" if bold else f"- **{label}** (같은 모듈): {sentence}\n"


def inference_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows that timed inference too, with those times as their ``seconds`` (so the same
    ratio and sentence helpers read them); an older results file without them gives none."""
    return [{**r, "seconds": r["inference_seconds"]} for r in rows if "inference_seconds" in r]


def render_inference(rows: list[dict[str, Any]]) -> str:
    """Inference (forward only, ``eval()``, ``no_grad``): our fast path against PyTorch's
    module, times, ratio and the sentence made from them; empty when nothing was timed."""
    rows = inference_rows(rows)
    if not rows:
        return ""
    a, b = "ours_fast", "torch"
    three = all("ours_three" in r["seconds"] for r in rows)
    heading = [SIZE_HEADING, f"{CONTENDERS[a]} (µs)", f"{CONTENDERS[b]} (µs)",
               f"{CONTENDERS[a]} / {CONTENDERS[b]}"]  # fmt: skip
    cells = [
        [_size(r, cell=True), _us(r["seconds"][a]), _us(r["seconds"][b]), f"{_ratio(r, a, b):.2f}"]
        for r in rows
    ]
    if three:  # and the same module making Q, K, V with three matmuls
        heading += [f"{CONTENDERS['ours_three']} (µs)", ONE_MATMUL_LABEL]
        for row, r in zip(cells, rows, strict=True):
            row += [_us(r["seconds"]["ours_three"]), f"{_ratio(r, a, 'ours_three'):.2f}"]
    table = md_table(heading, cells, align="l" + "r" * (len(heading) - 1))
    return (
        "\n**추론: 중앙값 시간 (µs, forward만, `eval()`, `torch.no_grad()`)**\n\n"
        + table
        + f"\n- **추론, {CONTENDERS[a]} / {CONTENDERS[b]}** (가중치 없이 forward만, PyTorch는 "
        + f"`need_weights=False`): {_ratio_sentence(rows, a, b)}\n"
        + _one_matmul_sentence(rows)
    )


def render_speed(data: dict[str, Any]) -> str:
    """Times, like-with-like ratios and the sentences made from them, for one bench result:
    training (forward + backward) and, when the file has it, inference (forward only)."""
    rows = data["rows"]
    names = [n for n in CONTENDERS if all(n in r["seconds"] for r in rows)]
    times = md_table(
        [SIZE_HEADING, *(f"{CONTENDERS[n]} (ms)" for n in names)],
        [[_size(r, cell=True)] + [_ms(r["seconds"][n]) for n in names] for r in rows],
        align="l" + "r" * len(names),
    )
    pairs = [(a, b, why) for a, b, why in COMPARISONS if a in names and b in names]
    ratios = md_table(
        [SIZE_HEADING, *(f"{CONTENDERS[a]} / {CONTENDERS[b]}" for a, b, _ in pairs)],
        [[_size(r, cell=True)] + [f"{_ratio(r, a, b):.2f}" for a, b, _ in pairs] for r in rows],
        align="l" + "r" * len(pairs),
    )
    sentences = "\n".join(
        f"- **{CONTENDERS[a]} / {CONTENDERS[b]}** ({why}): {_ratio_sentence(rows, a, b)}"
        for a, b, why in pairs
    )
    inference = render_inference(rows)
    load = data.get("load_average_1min", {})
    load_note = (
        f" 1분 평균 부하: 측정 전 {load['before']}, 측정 후 {load['after']}."
        if {"before", "after"} <= set(load)
        else ""
    )
    what = "forward + backward(학습)" + (
        "와 forward만(추론, `eval()`, `torch.no_grad()`)" if inference else ""
    )
    sample = data.get("min_sample_seconds")
    sample_note = (
        f" 표본 하나는 한 구현을 {sample * 1000:g} ms 이상 연달아 부른 시간을 호출 수로 나눈 "
        "값이다(한 번에 그보다 오래 걸리면 한 번)."
        if sample
        else ""
    )
    meta = (
        f"causal self-attention의 {what}를 재었다. 구현들을 한 반복 안에서 순서를 "
        f"돌려 가며 번갈아 실행하고, 반복 {data['repeats']}회의 중앙값을 적었다.{sample_note}"
        f" 비율은 두 구현의 중앙값을 나눈 값이다. torch {data['torch']}, "
        f"스레드 {data['threads']}개, {data['machine']}, Python {data['python']}.{load_note}"
    )
    return (
        header(SPEED)
        + "\n**학습: 중앙값 시간 (ms, forward + backward)**\n\n"
        + times
        + "\n**학습: 한 가지만 다른 두 구현의 시간 비율** (1보다 작으면 앞쪽이 빠르다)\n\n"
        + ratios
        + "\n"
        + sentences
        + "\n"
        + inference
        + f"\n{meta}\n"
    )


def split_illustration(p: dict[str, Any]) -> list[str]:
    """The split pitfall's own parts of its gallery fragment: what each split puts in each head
    (position labels instead of the input), and how far the attention outputs differ."""
    parts = []
    shown = p.get("illustration")
    if shown:
        parts.append(
            "입력 대신 자리 번호(토큰 \\(t\\), feature \\(j\\)마다 다른 수)를 넣으면 "
            "두 분할이 각 head에 무엇을 넣는지 보인다.\n\n"
            + md_table(
                ["", "값"],
                [
                    ["자리 번호 (행 = 토큰, 열 = feature)", gallery.code(shown["labels"])],
                    ["맞는 분할: head별 자리 번호", gallery.code(shown["right_heads"])],
                    ["틀린 분할: head별 자리 번호", gallery.code(shown["wrong_heads"])],
                ],
            )
        )
    if "max_output_difference" in p:
        parts.append(f"attention 출력의 최대 차이: {p['max_output_difference']}\n")
    return parts


def pitfall_fragments() -> dict[str, str]:
    """``wrong function name -> fragment`` for every declared or recorded MHA pitfall
    (:func:`studylog.gen.gallery.pitfall_fragments` on ``mha.tools.counterexamples``)."""
    return gallery.pitfall_fragments("mha.tools.counterexamples", RESULTS, split_illustration)


def generate() -> dict[str, Content]:
    return {
        "generated/mha_params.md": params_table(),
        "generated/mha_params_summary.md": params_summary(),
        "generated/mha_lora.md": lora_table(),
        "generated/mha_speed.md": speed_table(),
        "generated/mha_speed_projection.md": projection_sentence(),
        **{f"generated/mha/pitfalls/{k}.md": v for k, v in pitfall_fragments().items()},
    }
