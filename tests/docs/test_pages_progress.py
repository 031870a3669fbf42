"""The progress generator (studylog/gen/progress.py) on synthetic records and on none."""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from graphs.drill.record import append
from studylog.gen import progress

START = dt.date(2026, 9, 1)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 60), st.sampled_from([200, 695, 994]), st.integers(8, 22)),
        min_size=1,
        max_size=30,
    )
)
def test_heatmap_cells_count_days(tmp_path_factory, drills):
    folder = tmp_path_factory.mktemp("drills")
    oracle: dict[str, set[int]] = defaultdict(set)
    for offset, problem, hour in drills:
        day = START + dt.timedelta(days=offset)
        at = f"{day.isoformat()}T{hour:02d}:00:00+09:00"
        append(
            folder / f"{day.isoformat()}.jsonl", {"event": "start", "problem": problem, "at": at}
        )
        oracle[day.isoformat()].add(problem)
    text = progress.generate(folder)[progress.OUT]
    cells = dict(re.findall(r'title="(\d{4}-\d\d-\d\d): (\d+)번"', text))
    newest = max(oracle)
    assert max(cells) == newest
    assert len(cells) <= progress.WEEKS * 7
    for day, count in cells.items():
        assert int(count) == len(oracle.get(day, ()))
    assert all(day in cells for day in oracle if day >= min(cells))


def test_no_records_says_so(tmp_path):
    text = progress.generate(tmp_path / "none")[progress.OUT]
    assert "아직 기록이 없다" in text and "dp-cell" not in text


def test_generate_is_reproducible(tmp_path):
    append(
        tmp_path / "a.jsonl", {"event": "start", "problem": 200, "at": "2026-12-01T09:00:00+09:00"}
    )
    assert progress.generate(tmp_path) == progress.generate(tmp_path)


def test_page_is_in_built_site(built_site):
    html = (built_site / "graphs" / "progress" / "index.html").read_text(encoding="utf-8")
    assert "드릴 진행 상황" in html
    assert "아직 기록이 없다" in html or 'class="dp-cell' in html


def test_review_box_per_entry_counts_that_day(tmp_path):
    drills, posts = tmp_path / "drills", tmp_path / "posts"
    posts.mkdir()
    (posts / "x.md").write_text("---\ndate: 2026-12-01\nslug: x\n---\n# x\n", encoding="utf-8")
    for problem in (200, 994, 200):
        at = "2026-12-01T09:00:00+09:00"
        append(drills / "2026-12-01.jsonl", {"event": "start", "problem": problem, "at": at})
    out = progress.generate(drills, posts)
    box = out["generated/drills/review-2026-12-01.md"]
    assert '!!! abstract "복습"' in box and "2개" in box


def test_damaged_lines_are_named_once_per_file_and_the_rest_is_counted(tmp_path, capsys):
    record = tmp_path / "2026-11-30.jsonl"
    at = "2026-11-30T09:00:00+09:00"
    append(record, {"event": "start", "problem": 200, "at": at})
    with record.open("a", encoding="utf-8") as f:
        f.write('not json\n{"event": "start"}\n')
    append(record, {"event": "start", "problem": 994, "at": at})
    text = progress.generate(tmp_path)[progress.OUT]
    assert "2026-11-30: 2번" in text  # both problems of the day, the damaged lines skipped
    warnings = capsys.readouterr().err.splitlines()
    assert len(warnings) == 1 and warnings[0].startswith(f"warning: {record}:2: "), warnings
