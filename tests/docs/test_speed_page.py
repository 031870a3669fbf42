"""The speed page says only what its results file measured, comparing like with like."""

from __future__ import annotations

import json
import re

from studylog.gen import mha as gen
from studylog.gen.common import RESULTS, ROOT


def _bench(
    seconds: list[dict[str, float]], inference: list[dict[str, float]] | None = None
) -> dict:
    sizes = [(32, 16, 64, 8), (8, 256, 256, 8), (4, 512, 512, 8)]
    rows = [
        {"B": B, "T": T, "d_model": d, "n_heads": h, "seconds": s}
        for (B, T, d, h), s in zip(sizes, seconds, strict=True)
    ]
    for row, s in zip(rows, inference or [], strict=False):
        row["inference_seconds"] = s
    return {
        "what": "forward+backward",
        "repeats": 3,
        "torch": "x",
        "threads": 2,
        "machine": "m",
        "python": "3",
        "rows": rows,
    }


def _line(text: str, label: str) -> str:
    [line] = [x for x in text.splitlines() if x.startswith(f"- **{label}**")]
    return line


LOOP = "- **head별 for 문 / 우리 (명시적)**"


def test_loop_against_explicit_follows_the_measurement_in_both_directions() -> None:
    """Loop slower at one size, faster at two (as measured): the page says the direction changes."""
    times = [
        {"ours_fast": 1.0, "torch": 2.0, "ours_explicit": 1.5, "per_head_loop": 3.0},
        {"ours_fast": 1.0, "torch": 2.0, "ours_explicit": 1.5, "per_head_loop": 1.2},
        {"ours_fast": 1.0, "torch": 2.0, "ours_explicit": 1.5, "per_head_loop": 1.0},
    ]
    text = gen.render_speed(_bench(times))
    loop = _line(text, LOOP[4:-2])
    assert "모두에서" not in loop and "방향이 바뀌" in loop
    assert "2.00" in loop and "0.80" in loop and "0.67" in loop  # 3/1.5, 1.2/1.5, 1/1.5
    assert "head마다 따로 projection하는 for 문이 더 느렸고(비율 2.00)" in loop
    # Explicit vs SDPA kernel is slower everywhere: said as such, with the span of ratios, in
    # words a person writes (the table's short labels stay in the table).
    explicit, fast, torch_ = (gen.IN_PROSE[k][0] for k in ("ours_explicit", "ours_fast", "torch"))
    assert f"모두에서 {explicit}가 {fast}보다 느렸다(시간 비율 1.50)" in text
    assert f"모두에서 {fast}이 {torch_}보다 빨랐다(시간 비율 0.50)" in text


def test_the_sentences_name_each_path_in_words_not_by_its_table_label() -> None:
    """ "우리 (SDPA 커널) 쪽이 우리 (명시적)보다" is a table header read aloud: the sentences
    name the paths in words, each with the subject particle its last syllable takes."""
    text = gen.speed_table()
    sentences = [x.split(": ", 1)[1] for x in text.splitlines() if x.startswith("- **")]
    data = json.loads((RESULTS / "mha_bench.json").read_text(encoding="utf-8"))
    three = all("ours_three" in r["inference_seconds"] for r in data["rows"])
    assert len(sentences) == len(gen.COMPARISONS) + 1 + three  # and inference's: PyTorch, QKV
    for sentence in sentences:
        assert "쪽이" not in sentence.replace("어느 쪽이", "")
        assert not any(label in sentence for label in gen.CONTENDERS.values() if "(" in label)
    for name, particle in [*gen.IN_PROSE.values(), *gen.ONE_MATMUL.values()]:
        last = name[-1]
        if "가" <= last <= "힣":  # a Hangul syllable: 이 after a final consonant, else 가
            assert particle == ("이" if (ord(last) - ord("가")) % 28 else "가"), name


def test_every_ratio_compares_two_paths_that_differ_in_one_thing() -> None:
    """No ratio mixes the projection change with the attention-kernel change (loop / fused)."""
    text = gen.speed_table()
    header = next(x for x in text.splitlines() if x.startswith("| `B,T,d_model,h`") and "/" in x)
    assert "head별 for 문 / 우리 (SDPA 커널)" not in text
    assert header.count("/") == 3 and "head별 for 문 / 우리 (명시적)" in header


def test_the_real_fragment_quotes_ratios_of_the_measured_medians() -> None:
    data = json.loads((RESULTS / "mha_bench.json").read_text(encoding="utf-8"))
    text = gen.speed_table()
    table = [x for x in text.splitlines() if re.match(r"\| `\d+,", x)]
    n = len(data["rows"])
    ratio_rows, inference_rows = table[n : 2 * n], table[2 * n :]
    for row, r in zip(inference_rows, data["rows"], strict=True):
        s = r["inference_seconds"]
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[3] == f"{s['ours_fast'] / s['torch']:.2f}"
        if "ours_three" in s:  # then the same module with Q, K, V from three matmuls
            assert cells[5] == f"{s['ours_fast'] / s['ours_three']:.2f}"
    for row, r in zip(ratio_rows, data["rows"], strict=True):
        s = r["seconds"]
        cells = [c.strip() for c in row.strip("|").split("|")][1:]
        expected = [
            s["ours_fast"] / s["torch"],
            s["ours_explicit"] / s["ours_fast"],
            s["per_head_loop"] / s["ours_explicit"],
        ]
        assert cells == [f"{x:.2f}" for x in expected]
    assert "e+" not in text and "median" not in text and "달성" not in text


def test_inference_is_shown_beside_training_from_the_same_file() -> None:
    """Each size's inference ratio is our forward over PyTorch's, said in a sentence; a results
    file from before inference was timed shows training alone, with no empty table."""
    training = [{"ours_fast": 1.0, "torch": 2.0, "ours_explicit": 1.5, "per_head_loop": 3.0}] * 3
    inference = [{"ours_fast": 3e-5, "torch": 4e-5}, {"ours_fast": 2e-4, "torch": 1e-4},
                 {"ours_fast": 0.01, "torch": 0.02}]  # fmt: skip
    text = gen.render_speed(_bench(training, inference))
    assert "**추론: 중앙값 시간 (µs" in text and "| `32,16,64,8` | 30 | 40 | 0.75 |" in text
    line = _line(text, "추론, 우리 (SDPA 커널) / PyTorch")
    assert "느렸고(비율 2.00)" in line and "빨랐다(비율 0.75, 0.50)" in line
    assert "forward만(추론" in text
    old = gen.render_speed(_bench(training))
    assert "추론" not in old and "forward + backward(학습)를 재었다" in old


def test_inference_compares_one_matmul_for_q_k_v_with_three_in_the_same_module() -> None:
    """The second inference ratio: the same module, Q, K and V from one matmul over three, in
    the table and in a sentence that names the one difference; absent from an older file."""
    training = [{"ours_fast": 1.0, "torch": 2.0, "ours_explicit": 1.5, "per_head_loop": 3.0}] * 3
    inference = [{"ours_fast": 3e-5, "torch": 4e-5, "ours_three": 4e-5},
                 {"ours_fast": 2e-4, "torch": 1e-4, "ours_three": 2.5e-4},
                 {"ours_fast": 0.01, "torch": 0.02, "ours_three": 0.02}]  # fmt: skip
    text = gen.render_speed(_bench(training, inference))
    assert "| `32,16,64,8` | 30 | 40 | 0.75 | 40 | 0.75 |" in text
    line = _line(text, "추론, QKV 한 번 / 세 번")
    one, three = (gen.ONE_MATMUL[k][0] for k in ("ours_fast", "ours_three"))
    assert f"잰 3개 크기 모두에서 {one}이 {three}보다 빨랐다(시간 비율 0.50~0.80)." in line
    without = [{k: v for k, v in row.items() if k != "ours_three"} for row in inference]
    assert "QKV" not in gen.render_speed(_bench(training, without))


def test_pages_make_no_speed_claim_the_bench_does_not_measure() -> None:
    """No page says the one-matmul Q/K/V projection was measured slower (the bench's sentences
    say what it measured); and the speed page's own prose leaves every faster/slower verdict to
    the generated sentences."""
    projection = (ROOT / "docs/mha/projection.md").read_text(encoding="utf-8")
    speed = (ROOT / "docs/mha/speed.md").read_text(encoding="utf-8")
    module = (ROOT / "mha/module.py").read_text(encoding="utf-8")
    for text in (projection, module):
        assert not re.search(r"느리게 측정|measured slower", text)
    prose = "\n".join(x for x in speed.splitlines() if not x.startswith("--8<--"))
    assert not re.search(r"느려진다|빨라진다|느리다\.|빠르다\.", prose)
