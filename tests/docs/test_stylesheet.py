"""Every class the site's own stylesheet styles exists on the built site (no dead rules)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import ROOT

CSS = ROOT / "docs/stylesheets/extra.css"
#: Rules for one engine's own markup, which the other engine's build does not carry.
ENGINE_ONLY = {"zensical": {"md-search-result"}}  # Material's search list; Zensical has a dialog
#: Rules for markup drawn only from data the repository may not hold yet: the progress page's
#: heatmap exists once drills/*.jsonl do, and which of its levels (dp-l1 to dp-l4: problems
#: drilled that day) and future cells it shows depends on the days drilled
#: (test_drawn_only_from_data_is_drawn_from_data draws every one of them).
DATA_ONLY = {"dp-heatmap", "dp-row", "dp-cell", "dp-future", *(f"dp-l{i}" for i in range(5))}


def drawn_from_the_records() -> set[str]:
    """The classes of :data:`DATA_ONLY` that the progress page draws from this checkout's
    ``drills/*.jsonl`` (none without records): the generator's own heatmap of the real days."""
    from studylog.gen import progress

    html = progress.page(progress.read_events(ROOT / "drills"))
    carried = {c for attr in re.findall(r'class="([^"]*)"', html) for c in attr.split()}
    return carried & DATA_ONLY


def script_strings(code: str) -> list[str]:
    """The string literals of JavaScript ``code``, each between its own kind of quote, comments
    left out (an apostrophe in a comment, "Material's", pairs with no string)."""
    code = re.sub(r"/\*.*?\*/|(?<![:\\\"'])//[^\n]*", "", code, flags=re.S)
    return [
        "".join(m)
        for m in re.findall(r'"((?:\\.|[^"\\\n])*)"|\'((?:\\.|[^\'\\\n])*)\'|`([^`]*)`', code)
    ]


def test_every_styled_class_is_used(built_site: Path, engine: str) -> None:
    css = re.sub(r"/\*.*?\*/", "", CSS.read_text(encoding="utf-8"), flags=re.S)
    selectors = " ".join(re.findall(r"([^{}]+)\{", css))
    classes = set(re.findall(r"\.([A-Za-z][\w-]*)", selectors))
    html = " ".join(p.read_text(encoding="utf-8") for p in built_site.rglob("*.html"))
    used = set()
    for attr in re.findall(r'class="([^"]*)"', html):
        used.update(attr.split())
    # KaTeX adds its classes in the browser; they are named in the KaTeX copy the site serves.
    katex = (built_site / "assets/katex/katex.min.css").read_text(encoding="utf-8")
    # The site's own scripts (the attention viewer) add theirs in the browser: a class counts when
    # a served script names it as a whole word inside a string.
    scripts = " ".join(
        p.read_text(encoding="utf-8") for p in (built_site / "javascripts").glob("*.js")
    )
    named = set(re.findall(r"[\w-]+", " ".join(script_strings(scripts))))
    # Material's bundle wraps each table in `md-typeset__scrollwrap > md-typeset__table`: its
    # minified strings do not split cleanly, so a class counts when the bundle holds the name.
    (bundle,) = (built_site / "assets" / "javascripts").glob("bundle.*.js")
    material = set(re.findall(r"md-[\w-]+", bundle.read_text(encoding="utf-8")))
    unused = {
        c
        for c in classes
        if c not in used and f".{c}" not in katex and c not in named and c not in material
    } - ENGINE_ONLY.get(engine, set())
    # A data-only class is excused when the records do not draw it (no records: none of them;
    # a few drill days: only some levels); each one the records draw must be on the site.
    unused -= DATA_ONLY - drawn_from_the_records()
    assert unused == set(), f"rules for classes that nothing on the site carries: {unused}"


def test_drawn_only_from_data_is_drawn_from_data() -> None:
    import datetime as dt

    from studylog.gen import progress

    days = {dt.date(2026, 12, 1) - dt.timedelta(days=i): i for i in range(5)}
    html = progress.heatmap(days, dt.date(2026, 12, 2), weeks=2)
    carried = {c for attr in re.findall(r'class="([^"]*)"', html) for c in attr.split()}
    assert carried >= DATA_ONLY
