"""Pages that list days, problems and experiments, generated from discovery.

No list of days, problems or experiments is kept by hand. Four sources are read:

* the nav of ``mkdocs.yml`` (the one list of pages): its sections, their index pages (the first
  untitled entry, which ``navigation.indexes`` makes the section's page) and their titled pages;
* the journal, ``docs/<blog_dir>/posts/*.md`` (drafts are left out, as ``mkdocs build`` does);
* the drills (:func:`graphs.drill.problem.drills`) and the experiment packages,
  ``mha/experiments/<name>/``;
* each experiment's results file ``docs/results/<name>.json``: what it compared and how many
  seeds (:func:`what_ran`), which the home card states beside the experiment's page.

It writes four fragments to ``docs/generated/indexes/``, each included by one hand-written page
that says what it is about:

=======================  ========================  =============================================
fragment                 included by               what it lists
=======================  ========================  =============================================
``home_days.md``         ``index.md``              the newest published journal days
``home_cards.md``        ``index.md``              a card per nav section, with its pages
``graphs.md``            ``graphs/index.md``       every drill: its page, statement and input
``experiments.md``       ``experiments/index.md``  every experiment: its question, its code
=======================  ========================  =============================================

A drill's page is the nav page ``graphs/<numbers>-<slug>.md`` whose leading numbers hold the
problem's number (``graphs/207-210-course-schedule.md`` serves 207 and 210). An experiment's page
is a titled entry of the nav's ``실험`` section (the section :mod:`studylog.scaffold` appends to):
``experiments/<name>.md``, or the page that names its results file ``docs/results/<name>.json``.
Its question is the page's ``description`` (front matter), else its title (the ``#`` heading).
A new day, drill or experiment therefore shows up after ``python -m studylog.gen`` with no page
edited but the nav.
"""

from __future__ import annotations

import datetime as dt
import json
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from studylog.gen.common import ROOT, Content, header, md_table

OUT = "generated/indexes"
HOME = "index.md"  # the page that includes the home fragments (paths are relative to docs/)
GRAPHS_PAGE = "graphs/index.md"
EXPERIMENTS_PAGE = "experiments/index.md"
NEWEST_DAYS = 3
KINDS = {"grid": "격자", "graph": "그래프"}  # a drill's kind of input, in the page's words

_DRILL_PAGE = re.compile(r"graphs/(?P<numbers>\d+(?:-\d+)*)-[^/]+\.md")
_SENTENCE = re.compile(r".+?[.!?](?=\s|$)")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_SKIP = ("#", "!!!", "???", "--8<--", "<", "```", "|", "- ", "* ", "1. ", "$$", "\\[")


def _experiments_section() -> str:
    """The nav section the scaffold appends an experiment's page to (``실험``)."""
    from studylog import scaffold

    return scaffold.NAV_SECTION.strip().removeprefix("- ").removesuffix(":")


# ----------------------------------------------------------------------------- the nav


class _Loader(yaml.SafeLoader):
    """``mkdocs.yml`` without its ``!!python/...`` tags (the slugify function): the nav only."""


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def config(root: Path = ROOT) -> dict[str, Any]:
    """``mkdocs.yml`` of the checkout ``root`` as data (Python tags read as ``None``)."""
    return yaml.load((Path(root) / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)


@dataclass(frozen=True)
class Page:
    """A nav entry: its title (``None`` when the nav gives none) and its path under ``docs/``."""

    title: str | None
    path: str


@dataclass(frozen=True)
class Section:
    """A top-level nav entry: a section (its index page and titled pages) or a single page.

    ``index`` is the section's first untitled page, or the page of a single-page entry; ``pages``
    are the section's other pages, nested sections flattened, in nav order.
    """

    title: str
    index: str | None
    pages: tuple[Page, ...]


def _flatten(items: list[Any]) -> list[Page]:
    out: list[Page] = []
    for item in items:
        if isinstance(item, str):
            out.append(Page(None, item))
            continue
        for title, value in item.items():
            if isinstance(value, list):
                out += _flatten(value)
            elif isinstance(value, str) and "://" not in value:
                out.append(Page(str(title), value))
    return out


def sections(root: Path = ROOT) -> list[Section]:
    """The top-level entries of the nav, in order.

    Examples
    --------
    >>> [s.title for s in sections()][:2]
    ['홈', '공부 일지']
    >>> next(s for s in sections() if s.title == '실험').index
    'experiments/index.md'
    """
    found = []
    for item in config(root).get("nav") or []:
        if isinstance(item, str):
            found.append(Section(page_title(item, root), item, ()))
            continue
        for title, value in item.items():
            if isinstance(value, str):
                found.append(Section(str(title), value, ()))
                continue
            pages = _flatten(value if isinstance(value, list) else [])
            index = pages[0].path if pages and pages[0].title is None else None
            found.append(Section(str(title), index, tuple(pages[1:] if index else pages)))
    return found


def nav_pages(root: Path = ROOT) -> list[str]:
    """Every page the nav names, in nav order."""
    out = []
    for section in sections(root):
        out += [section.index] if section.index else []
        out += [page.path for page in section.pages]
    return out


# ----------------------------------------------------------------------------- a page


def _text(rel: str, root: Path) -> str:
    return (Path(root) / "docs" / rel).read_text(encoding="utf-8")


def front_matter(text: str) -> tuple[dict[str, Any], str]:
    """A page's YAML front matter (empty if none) and the Markdown after it.

    Examples
    --------
    >>> front_matter("---\\ndescription: 질문\\n---\\n\\n# 제목\\n")
    ({'description': '질문'}, '\\n# 제목\\n')
    """
    if text.startswith("---\n"):
        end = text.find("\n---\n", 3)
        if end > 0:
            meta = yaml.safe_load(text[4:end]) or {}
            return (meta if isinstance(meta, dict) else {}), text[end + 5 :]
    return {}, text


def heading(text: str) -> str | None:
    """The text of a page's first ``#`` heading (its title), or ``None``."""
    for line in front_matter(text)[1].splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return None


def page_title(rel: str, root: Path = ROOT) -> str:
    """The title of the page ``rel``: its ``#`` heading, else its path."""
    return heading(_text(rel, root)) or rel


def lead(text: str) -> str:
    """The first sentence of a page's first paragraph of prose, links reduced to their text.

    Examples
    --------
    >>> lead("# 제목\\n\\n!!! note\\n    상자\\n\\n첫 문장이다. 둘째 [문장](a.md)이다.\\n")
    '첫 문장이다.'
    """
    body = front_matter(text)[1]
    for block in re.split(r"\n\s*\n", body):
        lines = [line.strip() for line in block.strip("\n").splitlines()]
        if not lines or not lines[0] or block.startswith((" ", "\t")):
            continue
        if lines[0].startswith(_SKIP):
            continue
        paragraph = _LINK.sub(r"\1", " ".join(lines))
        match = _SENTENCE.match(paragraph)
        return match.group(0) if match else paragraph
    return ""


def _relative(target: str, here: str) -> str:
    """The link from the page ``here`` to the page ``target`` (both under ``docs/``)."""
    return posixpath.relpath(target, posixpath.dirname(here) or ".")


# ----------------------------------------------------------------------------- discovery


@dataclass(frozen=True)
class Day:
    """A published journal entry."""

    date: dt.date
    title: str
    path: str  # under docs/
    lead: str


def _post_date(meta: dict[str, Any], path: Path) -> dt.date:
    """A journal entry's ``date`` (front matter), else the date its file is named after.

    Raises
    ------
    ValueError
        Naming the file, if neither is a date.
    """
    value = meta.get("date")
    if isinstance(value, dict):  # the blog plugin's ``date: {created: ...}``
        value = value.get("created")
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value or path.stem)[:10])
    except ValueError:
        raise ValueError(
            f"{path.name}: expected a front matter date or a YYYY-MM-DD file name,"
            f" got {str(value or path.stem)!r}"
        ) from None


def blog_dir(root: Path = ROOT) -> str:
    """The blog plugin's folder under ``docs/`` (its ``blog_dir``, ``blog`` by default)."""
    for plugin in config(root).get("plugins") or []:
        if isinstance(plugin, dict) and "blog" in plugin:
            return str((plugin["blog"] or {}).get("blog_dir", "blog"))
    return "blog"


def days(root: Path = ROOT) -> list[Day]:
    """Every published journal entry (no ``draft: true``), newest first."""
    found = []
    for path in sorted((Path(root) / "docs" / blog_dir(root) / "posts").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        meta, _ = front_matter(text)
        if meta.get("draft"):
            continue
        rel = path.relative_to(Path(root) / "docs").as_posix()
        found.append(Day(_post_date(meta, path), heading(text) or path.stem, rel, lead(text)))
    return sorted(found, key=lambda d: (d.date, d.path), reverse=True)


@dataclass(frozen=True)
class Experiment:
    """An experiment: its package under ``mha/experiments/`` (if any) and its page (if any)."""

    name: str | None
    title: str
    page: str | None  # under docs/
    question: str


def experiment_packages(root: Path = ROOT) -> list[str]:
    """The names of the experiment packages ``mha/experiments/<name>/``, sorted."""
    folder = Path(root) / "mha" / "experiments"
    return sorted(
        p.name
        for p in folder.iterdir()
        if (p / "__init__.py").is_file() and not p.name.startswith(("_", "."))
    )


def experiments(root: Path = ROOT) -> list[Experiment]:
    """The titled pages of the nav's ``실험`` section in nav order, each with its package, then
    any experiment package that has no page there yet."""
    packages = experiment_packages(root)
    name = _experiments_section()
    section = next((s for s in sections(root) if s.title == name), None)
    found, claimed = [], set()
    for page in section.pages if section else ():
        text = _text(page.path, root)
        owner = next((p for p in packages if page.path == f"experiments/{p}.md"), None)
        owner = owner or next((p for p in packages if f"docs/results/{p}.json" in text), None)
        claimed.add(owner)
        meta, _ = front_matter(text)
        title = heading(text) or page.path
        question = " ".join(str(meta.get("description") or title).split())
        found.append(Experiment(owner, page.title or title, page.path, question))
    for package in packages:
        if package not in claimed:
            found.append(Experiment(package, package, None, "아직 nav에 페이지가 없다"))
    return found


def what_ran(name: str | None, root: Path = ROOT) -> str:
    """What an experiment's results file ``docs/results/<name>.json`` says it compared and how
    many seeds: ``"head 1, 2, 4, 8, 16, 32, 64개, 시드 5개"`` (the head-count grid's settings) or
    ``"`n_kv_heads` 1, 2, 4, 8, 시드 3개"`` (a day's ``config.vary``); ``""`` without a file.

    Examples
    --------
    >>> what_ran("heads").startswith("head 1, ")
    True
    >>> what_ran(None)
    ''
    """
    path = Path(root) / "docs" / "results" / f"{name}.json"
    if name is None or not path.is_file():
        return ""
    cfg = json.loads(path.read_text(encoding="utf-8")).get("config") or {}
    parts = []
    if isinstance(cfg.get("vary"), dict):
        vary = cfg["vary"]
        parts.append(f"`{vary['name']}` " + ", ".join(str(v) for v in vary["values"]))
    elif heads := sorted({h for s in cfg.get("settings") or [] for h in s.get("heads", [])}):
        parts.append("head " + ", ".join(str(h) for h in heads) + "개")
    if cfg.get("seeds"):
        parts.append(f"시드 {len(cfg['seeds'])}개")
    return ", ".join(parts)


def drill_pages(root: Path = ROOT) -> dict[int, str]:
    """Problem number -> its nav page ``graphs/<numbers>-<slug>.md``."""
    out: dict[int, str] = {}
    for rel in nav_pages(root):
        match = _DRILL_PAGE.fullmatch(rel)
        if match:
            for number in match["numbers"].split("-"):
                out.setdefault(int(number), rel)
    return out


# ----------------------------------------------------------------------------- fragments


def _cell(text: str) -> str:
    """Markdown on one line, for a table cell."""
    return " ".join(text.split()).replace("|", "\\|")


def _plain(text: str) -> str:
    """Plain text (a drill's statement) as Markdown that shows it as it is, on one line.

    Examples
    --------
    >>> _plain("쌍 [a, b](b를 먼저) | 빈 리스트 []")
    '쌍 \\\\[a, b\\\\](b를 먼저) \\\\| 빈 리스트 \\\\[\\\\]'
    """
    return _cell(re.sub(r"([\\`*_\[\]<>])", r"\\\1", text))


def graphs_table(root: Path = ROOT) -> str:
    """The problem table of the graph section: one row per drill, by number."""
    from graphs.drill import problem

    pages = drill_pages(root)
    rows = []
    for d in problem.drills():
        name = f"{d.number}. {d.title}"
        page = pages.get(d.number)
        link = f"[{name}]({_relative(page, GRAPHS_PAGE)})" if page else f"{name} (페이지 없음)"
        kind = KINDS.get(d.kind.name, d.kind.name)
        rows.append([link, _plain(d.statement), kind])
    source = "graphs.drill.drills() and the nav of mkdocs.yml"
    return header(source) + "\n" + md_table(["문제", "무엇을 구하나", "입력"], rows)


def experiments_table(root: Path = ROOT) -> str:
    """The experiment list of the 실험 section: title and link, question, code."""
    rows = []
    for e in experiments(root):
        title = f"[{e.title}]({_relative(e.page, EXPERIMENTS_PAGE)})" if e.page else e.title
        code = f"`mha/experiments/{e.name}/`" if e.name else "-"
        rows.append([_cell(title), _cell(e.question), code])
    source = f"the nav's {_experiments_section()} section and mha/experiments/*/"
    return header(source) + "\n" + md_table(["실험", "묻는 것", "코드"], rows)


def _korean_date(day: dt.date) -> str:
    return f"{day.year}년 {day.month}월 {day.day}일"


def _cards(cards: list[list[str]]) -> str:
    """Material's grid cards: each card is a list of paragraphs, the first one its title."""
    lines = ['<div class="grid cards" markdown>', ""]
    for card in cards:
        lines += [f"- {card[0]}", ""]
        for paragraph in card[1:]:
            lines += [f"    {paragraph}", ""]
    return "\n".join([*lines, "</div>"]) + "\n"


def home_days(root: Path = ROOT, newest: int = NEWEST_DAYS) -> str:
    """The newest published journal days as cards (or a sentence when there is none yet)."""
    source = "docs/blog/posts/ (published entries)"
    found = days(root)[:newest]
    if not found:
        return header(source) + "\n아직 공개한 기록이 없다.\n"
    cards = [
        [f"**[{d.title}]({_relative(d.path, HOME)})**", _korean_date(d.date), d.lead] for d in found
    ]
    return header(source) + "\n" + _cards([[line for line in c if line] for c in cards])


def home_cards(root: Path = ROOT) -> str:
    """A card per top-level nav entry but the home page: its lead sentence and its pages (an
    experiment's page with what its results file says it ran, :func:`what_ran`)."""
    blog_index = f"{blog_dir(root)}/index.md"
    ran_by = {e.page: e.name for e in experiments(root) if e.page}  # page -> its experiment
    cards = []
    for section in sections(root):
        target = section.index or (section.pages[0].path if section.pages else None)
        if target is None or target == HOME:
            continue
        card = [f"**[{section.title}]({_relative(target, HOME)})**"]
        text = _text(target, root)
        card += [lead(text)] if lead(text) else []
        if target == blog_index:
            published = days(root)
            if published:
                card.append(
                    f"공개한 기록 {len(published)}개, 가장 최근은 "
                    f"{_korean_date(published[0].date)}."
                )
        elif section.pages:
            card.append(
                " · ".join(
                    f"[{p.title or page_title(p.path, root)}]({_relative(p.path, HOME)})"
                    + (f" ({ran})" if (ran := what_ran(ran_by.get(p.path), root)) else "")
                    for p in section.pages
                )
            )
        cards.append(card)
    return header("the nav of mkdocs.yml") + "\n" + _cards(cards)


def generate(root: Path = ROOT) -> dict[str, Content]:
    """The four fragments of the checkout ``root``, keyed by their path under ``docs/``."""
    return {
        f"{OUT}/home_days.md": home_days(root),
        f"{OUT}/home_cards.md": home_cards(root),
        f"{OUT}/graphs.md": graphs_table(root),
        f"{OUT}/experiments.md": experiments_table(root),
    }
