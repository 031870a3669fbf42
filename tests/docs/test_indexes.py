"""The pages that list days, problems and experiments list what discovery finds.

Oracles: ``graphs.drill.drills()``, the nav of ``mkdocs.yml`` read here with PyYAML, the folders
``mha/experiments/*/`` and ``docs/blog/posts/*.md``. No list of pages is frozen here; a probe
in a temporary checkout adds a day, a drill and an experiment and finds each of them in the
fragments with no hand-written page edited.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import posixpath
import re
import shutil
from pathlib import Path

import pytest
import yaml

from graphs.drill import problem
from studylog import scaffold
from studylog.gen import common, indexes
from tests.docs import site
from tests.docs.days import next_free_day
from tests.helpers import ROOT

# a Markdown link whose brackets are not escaped: [text](target)
LINK = re.compile(r"(?<!\\)\[(?P<text>[^\]]*)(?<!\\)\]\((?P<target>[^)\s]+)\)")
FRAGMENTS = {  # fragment -> the page that includes it
    "home_days.md": indexes.HOME,
    "home_cards.md": indexes.HOME,
    "graphs.md": indexes.GRAPHS_PAGE,
    "experiments.md": indexes.EXPERIMENTS_PAGE,
}


class _Loader(yaml.SafeLoader):
    pass


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def _nav(text: str | None = None) -> list:
    text = text if text is not None else (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    return yaml.load(text, Loader=_Loader)["nav"]


def _sources(items: list) -> list[tuple[str | None, str]]:
    """``(title or None, page)`` of every page under ``items``, depth first."""
    out: list[tuple[str | None, str]] = []
    for item in items:
        if isinstance(item, str):
            out.append((None, item))
            continue
        ((title, value),) = item.items()
        out += _sources(value) if isinstance(value, list) else [(title, value)]
    return out


def _section(nav: list, title: str) -> list[tuple[str | None, str]]:
    return _sources(next(item[title] for item in nav if isinstance(item, dict) and title in item))


def _links(text: str, here: str) -> list[tuple[str, str]]:
    """``(text, page under docs/)`` of every link of ``text``, resolved from the page ``here``."""
    base = posixpath.dirname(here)
    return [
        (m["text"], posixpath.normpath(posixpath.join(base, m["target"])))
        for m in LINK.finditer(text)
    ]


def _rows(table: str) -> list[list[str]]:
    lines = [line for line in table.splitlines() if line.startswith("| ")][2:]
    return [[c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]] for line in lines]


@pytest.fixture(scope="module")
def fragments() -> dict[str, str]:
    return {rel.removeprefix(f"{indexes.OUT}/"): text for rel, text in indexes.generate().items()}


def test_the_pages_include_the_fragments_and_hold_no_hand_list(fragments) -> None:
    for name, page in FRAGMENTS.items():
        text = (common.DOCS / page).read_text(encoding="utf-8")
        assert f'--8<-- "docs/{indexes.OUT}/{name}"' in text, (page, name)
    assert set(fragments) == set(FRAGMENTS)
    home = (common.DOCS / indexes.HOME).read_text(encoding="utf-8")
    assert 'class="grid cards"' not in home  # the cards are the fragment's
    graphs_page = (common.DOCS / indexes.GRAPHS_PAGE).read_text(encoding="utf-8")
    drill_pages = {page for _, page in _sources(_nav()) if re.match(r"graphs/\d", page)}
    linked = {page for _, page in _links(graphs_page, indexes.GRAPHS_PAGE)}
    assert not linked & drill_pages  # no problem is linked by hand


def _published_posts() -> list[str]:
    """The journal entries ``mkdocs build`` publishes (the blog plugin's, not the nav's), newest
    first."""
    posts = sorted(ROOT.glob("docs/blog/posts/*.md"), reverse=True)
    return [
        p.relative_to(ROOT / "docs").as_posix()
        for p in posts
        if "\ndraft: true\n" not in p.read_text(encoding="utf-8")
    ]


def test_every_link_resolves_to_a_page_of_the_nav(fragments) -> None:
    """... or to a published journal entry, which the blog plugin adds to the site."""
    pages = {page for _, page in _sources(_nav())} | set(_published_posts())
    for name, text in fragments.items():
        links = _links(text, FRAGMENTS[name])
        assert links, name
        missing = [target for _, target in links if target not in pages]
        assert not missing, (name, missing)


def test_the_problem_table_lists_every_drill_with_its_page(fragments) -> None:
    rows = _rows(fragments["graphs.md"])
    drills = problem.drills()
    assert len(rows) == len(drills)
    drill_pages = [page for _, page in _sources(_nav()) if page.startswith("graphs/")]
    for row, d in zip(rows, drills, strict=True):
        ((text, page),) = _links(row[0], indexes.GRAPHS_PAGE)
        assert text == f"{d.number}. {d.title}"
        assert page in drill_pages
        assert str(d.number) in Path(page).stem.split("-")
        assert row[1].replace("\\", "") == " ".join(d.statement.split())


def test_the_experiment_list_is_the_nav_section_and_the_packages(fragments) -> None:
    rows = _rows(fragments["experiments.md"])
    section = _section(_nav(), "실험")
    assert section[0] == (None, indexes.EXPERIMENTS_PAGE)  # the section's own index page
    entries = section[1:]
    assert entries and all(title for title, _ in entries)  # each experiment page is titled
    assert [_links(row[0], indexes.EXPERIMENTS_PAGE) for row in rows] == [[e] for e in entries]
    packages = sorted(p.parent.name for p in ROOT.glob("mha/experiments/*/__init__.py"))
    codes = sorted(re.fullmatch(r"`mha/experiments/(\w+)/`", row[2])[1] for row in rows)
    assert codes == packages
    for row, (_, page) in zip(rows, entries, strict=True):
        text = (common.DOCS / page).read_text(encoding="utf-8")
        meta = yaml.safe_load(text.split("---\n")[1]) if text.startswith("---\n") else {}
        title = re.search(r"^# (.+)$", text, re.M)[1]
        assert row[1] == (meta.get("description") or title)


def test_the_home_page_has_a_card_per_section_and_the_newest_days(fragments) -> None:
    nav = _nav()
    cards = re.split(r"\n- ", fragments["home_cards.md"])[1:]
    sections = [item for item in nav if _sources([item])[0][1] != indexes.HOME]
    assert len(cards) == len(sections)
    for card, item in zip(cards, sections, strict=True):
        ((title, value),) = item.items()
        pages = _sources(value) if isinstance(value, list) else [(None, value)]
        links = _links(card, indexes.HOME)
        assert links[0] == (title, pages[0][1])  # the card's heading: the section's first page
        assert [page for _, page in links[1:]] == [page for t, page in pages if t]
    days = [page for _, page in _links(fragments["home_days.md"], indexes.HOME)]
    assert days == _published_posts()[: indexes.NEWEST_DAYS]


def test_the_home_card_states_the_head_counts_the_results_file_ran(fragments) -> None:
    """The 실험 card says what the head-count experiment compared, from heads.json's grid and
    seeds; the journal's lead on the home page types no head count of its own."""
    cfg = json.loads((common.RESULTS / "heads.json").read_text(encoding="utf-8"))["config"]
    grid = sorted({h for s in cfg["settings"] for h in s["heads"]})
    card = next(c for c in fragments["home_cards.md"].split("\n- ") if "head 수 실험" in c)
    # The card lists every experiment ("[title](page) (what ran)" joined by " · "): the
    # head-count experiment's item is the one that links to its results page.
    (item,) = [i for i in re.split(r" · |\n", card) if "(results/index.md)" in i]
    assert re.findall(r"head ((?:\d+, )*\d+)개", item) == [", ".join(map(str, grid))]
    assert re.findall(r"시드 (\d+)개", item) == [str(len(cfg["seeds"]))]
    for text in (fragments["home_days.md"], fragments["home_cards.md"].replace(card, "")):
        assert not re.search(r"head[^.\n]*\d+\s*(?:[·,]|부터)\s*\d+", text)


def test_a_scaffolded_experiment_joins_the_section_after_the_head_count_page() -> None:
    """The scaffold's nav edit keeps the section index first and every experiment titled, so
    ``navigation.indexes`` shows each experiment in the sidebar."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    before = _section(_nav(text), "실험")
    after = _section(_nav(scaffold.add_to_nav(text, "KV cache", "kv_cache")), "실험")
    assert after == [*before, ("KV cache", scaffold.page_path("kv_cache"))]
    assert after[0][0] is None and all(title for title, _ in after[1:])


def _checkout(tmp_path: Path) -> Path:
    """A copy of this checkout's site sources: ``mkdocs.yml``, the pages, the experiments."""
    root = tmp_path / "checkout"
    root.mkdir()
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    for page in (ROOT / "docs").rglob("*.md"):
        rel = page.relative_to(ROOT)
        if rel.parts[1] in ("generated", "templates"):
            continue
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(page, root / rel)
    for init in ROOT.glob("mha/experiments/*/__init__.py"):
        (root / init.relative_to(ROOT)).parent.mkdir(parents=True)
        (root / init.relative_to(ROOT)).write_text("", encoding="utf-8")
    return root


def _free_name(base: str) -> str:
    """``base``, or ``base`` with a number, whichever no experiment of this checkout has yet."""
    names = [base, *(f"{base}_{i}" for i in range(2, 100))]
    return next(n for n in names if not (ROOT / "mha/experiments" / n).exists()
                and not (ROOT / "docs/experiments" / f"{n}.md").exists())  # fmt: skip


def _probe_drill(number: int):
    """A stand-in solution for a problem no drill of this checkout has: LeetCode ``number``."""

    def solve(grid):
        return 0

    solve.__doc__ = f"""A probe.

    References
    ----------
    .. [1] LeetCode {number}, "Probe Cells".
    """
    return solve


def test_a_new_day_drill_and_experiment_appear_with_only_the_nav_edited(
    tmp_path, monkeypatch
) -> None:
    root = _checkout(tmp_path)
    docs = root / "docs"
    hand = {p: p.read_bytes() for p in docs.rglob("*.md")}
    # the next day (after every day there is) and a draft after it: a journal entry, an
    # experiment (the scaffold's nav edit) and a drill no one has made yet
    day = next_free_day()
    draft = day + dt.timedelta(days=1)
    newest = _published_posts()[0]  # the newest day so far, which the new one goes before
    name, number = _free_name("kv_cache"), max(d.number for d in problem.drills()) + 1
    (docs / f"blog/posts/{day}.md").write_text(
        f"---\ndate: {day}\n---\n\n# GQA와 KV cache\n\nKV head를 줄여 봤다.\n", "utf-8"
    )
    (docs / f"blog/posts/{draft}.md").write_text(
        f"---\ndate: {draft}\ndraft: true\n---\n\n# 아직 쓰는 중\n\n초안.\n", "utf-8"
    )
    (root / f"mha/experiments/{name}").mkdir()
    (root / f"mha/experiments/{name}/__init__.py").write_text("", encoding="utf-8")
    (docs / f"experiments/{name}.md").write_text(
        "---\ndescription: KV head를 줄이면 무엇을 잃나?\n---\n\n# KV cache\n", "utf-8"
    )
    (docs / "results").mkdir(exist_ok=True)  # the day's results file, as the scaffold writes it
    vary = {"vary": {"name": "n_kv_heads", "values": [1, 2, 4, 8]}, "seeds": [0, 1, 2]}
    (docs / f"results/{name}.json").write_text(json.dumps({"config": vary}), "utf-8")
    (docs / f"graphs/{number}-probe.md").write_text(f"# {number}. Probe Cells\n", "utf-8")
    yml = root / "mkdocs.yml"
    text = scaffold.add_to_nav(yml.read_text(encoding="utf-8"), "KV cache 실험", name)
    first = re.search(r"^ +- [^\n]*: graphs/\d[^\n]*\n", text, re.M)  # a drill page's entry
    entry = first[0].split("- ")[0] + f"- {number}. Probe: graphs/{number}-probe.md\n"
    text = text[: first.end()] + entry + text[first.end() :]
    yml.write_text(text, encoding="utf-8")
    base = problem.drills()
    new = dataclasses.replace(base[0], solution=_probe_drill(number), statement="탐침 칸의 수.")
    monkeypatch.setattr(problem, "drills", lambda: sorted([*base, new], key=lambda d: d.number))

    monkeypatch.setattr(common, "DOCS", docs)
    common.write(indexes.generate(root))
    out = docs / indexes.OUT

    table = (out / "graphs.md").read_text(encoding="utf-8")
    assert f"[{number}. Probe Cells]({number}-probe.md)" in table
    experiments = (out / "experiments.md").read_text(encoding="utf-8")
    assert f"[KV cache 실험]({name}.md) | KV head를 줄이면 무엇을 잃나? |" in experiments
    assert "[head 수 실험](../results/index.md)" in experiments  # still listed, still linked
    cards = (out / "home_cards.md").read_text(encoding="utf-8")
    assert f"[KV cache 실험](experiments/{name}.md) (`n_kv_heads` 1, 2, 4, 8, 시드 3개)" in cards
    assert f"[{number}. Probe](graphs/{number}-probe.md)" in cards
    days = (out / "home_days.md").read_text(encoding="utf-8")
    assert f"[GQA와 KV cache](blog/posts/{day}.md)" in days and "초안" not in days
    assert days.index(f"blog/posts/{day}.md") < days.index(newest)
    changed = [p for p, data in hand.items() if p.read_bytes() != data]
    assert not changed  # no hand-written page was edited


def test_a_package_without_a_page_is_listed_unlinked(tmp_path) -> None:
    root = _checkout(tmp_path)
    (root / "mha/experiments/orphan").mkdir()
    (root / "mha/experiments/orphan/__init__.py").write_text("", encoding="utf-8")
    rows = _rows(indexes.experiments_table(root))
    orphan = next(row for row in rows if row[2] == "`mha/experiments/orphan/`")
    assert not _links(orphan[0], indexes.EXPERIMENTS_PAGE)


def test_the_built_site_keeps_every_experiment_in_the_sidebar(built_site: Path) -> None:
    html = (built_site / "experiments/index.html").read_text(encoding="utf-8")
    for title, page in _section(_nav(), "실험")[1:]:
        stem = page.removesuffix(".md").removesuffix("index").rstrip("/")
        url = posixpath.relpath(stem, "experiments") + "/"  # directory URLs, from experiments/
        link = rf'href="{re.escape(url)}"[^>]*>\s*(<span[^>]*>\s*)?{re.escape(title)}'
        assert re.search(link, html), (title, url)
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert 'class="grid cards"' in home
    for post in _published_posts()[: indexes.NEWEST_DAYS]:  # the newest days' cards link them
        url = site.post_page(ROOT / "docs" / post).removesuffix("index.html")
        assert f'href="{url}"' in home, post
