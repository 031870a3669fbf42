"""One practice story: a pass written down without the clock, on every page that tells it.

``python -m graphs.drill solved`` records a problem solved on a day kept only in the journal; the
review queue, ``list``, the progress page, the entry's review box and the problem page must all
show it as solved on that day, marked as not measured. The records and entries are temporary;
the checkout is only read, for the invariant every entry keeps.
"""

from __future__ import annotations

import datetime as dt
import re

from graphs.drill import cli, practice
from graphs.drill.problem import drills, find
from graphs.drill.record import append, read_record
from studylog.gen import progress, studied
from studylog.gen.common import DOCS, ROOT

DAY = dt.date(2024, 3, 5)  # a past day no real record uses: everything here is a temporary copy


def _entry(posts, day, body="", draft=False):
    posts.mkdir(parents=True, exist_ok=True)
    draft_line = "draft: true\n" if draft else ""
    front = f"---\ndate: {day.isoformat()}\nslug: x\n{draft_line}---\n"
    (posts / f"{day.isoformat()}.md").write_text(front + "# x\n\n" + body, encoding="utf-8")


def test_solved_writes_one_unmeasured_pass_once_and_it_is_rated_good(tmp_path, capsys):
    record = tmp_path / "drills" / f"{DAY}.jsonl"
    for _ in range(2):
        assert cli.main(["solved", "200", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "보통(Good)" in out and "이미 적어 두었다" in out
    (event,) = read_record(record)
    assert event["event"] == "check" and event["passed"] and event["measured"] is False
    (review,) = practice.reviews([event])
    assert review.rating.name == "Good" and not review.measured and review.minutes is None


def test_solved_on_a_past_day_is_dated_that_day(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["solved", "695", "--date", DAY.isoformat()]) == 0
    (event,) = read_record(tmp_path / "drills" / f"{DAY}.jsonl")
    assert dt.datetime.fromisoformat(event["at"]).date() == DAY
    assert cli.main(["list", "--records", "drills"]) == 0
    (line,) = [x for x in capsys.readouterr().out.splitlines() if x.lstrip().startswith("695 ")]
    assert f"{DAY}에 풀었다, 시간·힌트 재지 않음" in line


def test_an_unmeasured_pass_leaves_the_measured_rules_as_they_were():
    at = f"{DAY}T09:00:00+09:00"
    hinted = [
        {"event": "start", "problem": 200, "at": at},
        {"event": "hint", "problem": 200, "at": f"{DAY}T09:31:00+09:00"},
        {"event": "check", "problem": 200, "passed": True, "at": f"{DAY}T09:40:00+09:00"},
    ]
    assert [r.rating.name for r in practice.reviews(hinted)] == ["Hard"]
    late = [dict(e, problem=994) for e in hinted if e["event"] != "hint"]
    late[-1]["at"] = f"{DAY}T10:00:00+09:00"
    assert [r.rating.name for r in practice.reviews(late)] == ["Hard"]  # 60 minutes: Hard
    unmeasured = [dict(e, measured=False) for e in late if e["event"] == "check"]
    assert [r.rating.name for r in practice.reviews(unmeasured)] == ["Good"]


def test_progress_box_and_problem_page_tell_the_same_day(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder, posts = tmp_path / "drills", tmp_path / "posts"
    assert cli.main(["solved", "200", "--date", str(DAY)]) == 0
    _entry(posts, DAY, '--8<-- "docs/generated/records/num_islands.md"\n')
    out = progress.generate(folder, posts)
    box = out[f"generated/drills/review-{DAY}.md"]
    assert f"{DAY}에 푼 문제 1개: 200. Number of Islands." in box
    assert "시간과 힌트는 재지 않았다" in box and "보통(Good)" in box
    assert "(../../graphs/progress.md)" in box and "다음 복습은 " in box
    page = out[progress.OUT]
    assert "| 200, 695 | 1/2 | 0 |" in page  # solved, but no check the judge made
    assert "시계 없이 적어 둔 통과 1번" in page
    pages = studied.generate(folder, posts)
    text = pages["generated/drills/studied-200.md"]
    assert f"{DAY}에 풀었다" in text and "시간과 힌트는 재지 않았다" in text
    assert f"[{DAY} 일지](../blog/posts/{DAY}.md)에 이 풀이 기록이 들어 있다" in text
    assert "아직 없다" in pages["generated/drills/studied-695.md"]


def test_a_draft_entry_is_never_linked(tmp_path):
    folder, posts = tmp_path / "drills", tmp_path / "posts"
    append(folder / f"{DAY}.jsonl", {"event": "start", "problem": 994, "at": f"{DAY}T09:00+09:00"})
    _entry(posts, DAY, draft=True)
    text = studied.generate(folder, posts)["generated/drills/studied-994.md"]
    assert "시도했지만 통과하지 못했다" in text and "일지는 아직 없다" in text
    assert "../blog/posts/" not in text


def test_every_drill_page_says_when_its_problems_were_studied():
    for d in drills():
        (page,) = DOCS.glob(f"graphs/*{d.number}-*.md")
        assert f'--8<-- "{studied.studied_path(d.number)}"' in page.read_text(encoding="utf-8")


def test_an_entry_holds_a_drill_record_only_on_a_day_the_problem_was_studied():
    """In the checkout, whatever days it holds: each published entry that includes the study
    record of a drill's solution has that problem in the practice record on its date."""
    events = progress.read_events(ROOT / "drills")
    studied_on = {(e["problem"], dt.datetime.fromisoformat(e["at"]).date()) for e in events}
    solution = {d.solution.__name__: d.number for d in drills()}
    for day, (name, text) in studied.published_entries(DOCS / "blog" / "posts").items():
        for record in re.findall(r'--8<-- "docs/generated/records/(\w+)\.md"', text):
            if record in solution:
                assert (solution[record], day) in studied_on, (name, find(solution[record]).label)
