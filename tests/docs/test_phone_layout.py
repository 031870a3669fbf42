"""The phone layout's rules as the stylesheet and the math script state them (issue 34): the
sticky first column takes at most a third of a phone, a table is as wide as its content needs
(so its last column is reached by scrolling, never cut), and a display formula wider than the
screen scrolls sideways with a visible hint. The browser tests (test_browser_layout.py) check
what a phone then shows."""

from __future__ import annotations

import re

from tests.helpers import ROOT

CSS = ROOT / "docs/stylesheets/extra.css"
KATEX_JS = ROOT / "docs/javascripts/katex.js"
PHONE_PX = 390


def _rules(css: str) -> list[tuple[str, str, dict[str, str]]]:
    """``(media, selector, declarations)`` of every rule, comments dropped; ``media`` is the
    enclosing ``@media`` condition or ``""``."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    out = []
    media, depth = "", 0
    for token in re.finditer(r"([^{}]*)\{|\}", css):
        if token[0] == "}":
            depth -= 1
            if depth == 0:
                media = ""
            continue
        head = token[1].strip()
        depth += 1
        if head.startswith("@media"):
            media = head
            continue
        body = css[token.end() : css.index("}", token.end())]
        decls = dict(
            (k.strip(), v.strip())
            for k, _, v in (d.partition(":") for d in body.split(";"))
            if k.strip()
        )
        out.append((media, head, decls))
    return out


def _applies_at(media: str, width: int) -> bool:
    if not media:
        return True
    found = re.search(r"max-width:\s*([\d.]+)em", media)
    return found is not None and width <= float(found[1]) * 16


RULES = _rules(CSS.read_text(encoding="utf-8"))


def _declared(selector_part: str, prop: str, width: int, unless: str = "\0") -> list[str]:
    """``prop`` as each rule applying at ``width`` declares it, whose selector holds
    ``selector_part`` and not ``unless``."""
    return [
        decls[prop]
        for media, selector, decls in RULES
        if selector_part in selector and unless not in selector and prop in decls
        and _applies_at(media, width)
    ]  # fmt: skip


def _study_tables(prop: str, width: int) -> list[str]:
    """What the rules for the first column of the study tables declare: the API reference's
    tables (``.doc-contents``) have rules of their own, their first column not sticky."""
    return _declared("table:not([class]) td:first-child", prop, width, unless=".doc-contents")


def test_the_sticky_first_column_takes_at_most_a_third_of_a_phone():
    assert "sticky" in _study_tables("position", PHONE_PX)
    widths = _study_tables("max-width", PHONE_PX)
    assert widths, "no width cap on the sticky column at 390 px"
    value = widths[-1]  # the last rule that applies wins
    assert value.endswith("vw") and float(value[:-2]) <= 100 / 3, value
    # not on a laptop: there the column is as wide as its content
    assert not _study_tables("max-width", 1280)
    # the API reference's first column scrolls with the rest, as wide as its names
    api = [d for m, sel, d in RULES if ".doc-contents" in sel and "td:first-child" in sel]
    assert any(d.get("position") == "static" for d in api)


def test_a_table_is_as_wide_as_its_content_so_its_last_column_scrolls_into_view():
    assert _declared(".md-typeset__table table:not([class])", "max-width", PHONE_PX)[-1] == "none"
    assert _declared(".md-typeset__table table:not([class])", "overflow", PHONE_PX)[-1] == "visible"


def test_a_wide_formula_scrolls_sideways_with_a_shadow_and_a_hint():
    assert _declared(".katex-display", "overflow-x", PHONE_PX)[-1] == "auto"
    background = _declared(".katex-display", "background", PHONE_PX)[-1]
    assert background.count("local") == 2 and background.count("scroll") == 2, background
    assert _declared(".math-scroll-hint", "color", PHONE_PX)
    script = KATEX_JS.read_text(encoding="utf-8")
    assert '"math-scroll-hint"' in script and "옆으로 밀어 보기" in script
    # shown only while the formula is wider than its box, and kept up as the box resizes
    assert "scrollWidth <= display.clientWidth" in script and "ResizeObserver" in script
