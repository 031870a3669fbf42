"""The journal entry of 2026-10-05 says what the code does and what the study note counted."""

from __future__ import annotations

import re
from pathlib import Path

from studylog.gen import mha as gen
from tests.docs.test_build import JOURNAL, PAGES
from tests.helpers import ROOT

POST = ROOT / "docs/blog/posts/2026-10-05.md"


def test_the_note_figure_and_pytorch_count_come_from_the_generated_sentence(built_site) -> None:
    source = POST.read_text(encoding="utf-8")
    assert "16,640" not in source and "16640" not in source  # included, not typed
    assert '--8<-- "docs/generated/mha_params_summary.md"' in source
    html = (built_site / JOURNAL).read_text(encoding="utf-8")
    assert "<strong>16,640</strong>" in html and "torch.nn.MultiheadAttention(64, h)" in html
    assert "16,640" in gen.params_summary()


def test_the_entry_says_the_module_makes_q_k_v_with_three_matmuls() -> None:
    text = POST.read_text(encoding="utf-8")
    assert not re.search(r"Q·K·V를 한 번의 행렬 곱", text)
    assert "모두 세 번에" in text
    module = (ROOT / "mha/module.py").read_text(encoding="utf-8")
    project = module.split("[start:project]")[1].split("[end:project]")[0]
    assert len(re.findall(r"self\.W_[qkv]\(", project)) == 3


def test_experiment_tables_are_said_to_count_the_whole_model() -> None:
    text = POST.read_text(encoding="utf-8")
    table = text.index('--8<-- "docs/generated/heads_table.md"')
    assert "모델 전체" in text[:table].rsplit("## ", 1)[-1]


def test_untracked_drill_fields_are_explained_once_on_the_whole_site(built_site: Path) -> None:
    said = "적혀 있지 않다"
    counts = {
        p: (built_site / p).read_text(encoding="utf-8").count(said)
        for p in PAGES
        if (built_site / p).is_file()
    }
    assert counts[JOURNAL] == 1
    assert sum(counts.values()) == 1, {p: c for p, c in counts.items() if c}
    assert not any("기록 없음" in (built_site / p).read_text(encoding="utf-8") for p in PAGES)


def test_entry_has_its_pages_box_and_review_questions(built_site: Path) -> None:
    html = (built_site / JOURNAL).read_text(encoding="utf-8")
    box = html.split('class="admonition abstract"')[1].split("</div>")[0]
    for page in ("mha/minimal/", "mha/finetuning/", "mha/speed/", "graphs/"):
        assert f'/{page}"' in box, page
    assert html.count('<details class="question"') >= 5
