"""The rule for the pages' ``tags:``: a tag names one page.

Material's search weighs a page's ``tags:`` far above its text, so a tag is the word that finds
that page: the site's search test searches every declared tag and wants its own page first, and
it cannot even start when two pages declare the same tag. A journal entry is where a repeat
comes from (the day of GQA tagged ``GQA``, which the model config page already declares), so the
rule is stated before the tests meet it: ``python -m studylog.journal new`` prints it
(:data:`RULE`), and ``python -m studylog.gen`` checks it first (:func:`check`) and stops with one
line naming the tag and both pages. Drafts count too: publishing one must not break the rule.

Not a generator (no ``generate()``): it writes nothing.
"""

from __future__ import annotations

from pathlib import Path

from studylog.gen.common import ROOT

#: The rule in one line, as ``studylog.journal new`` prints it.
RULE = (
    "tags: a tag names one page, and the site's search must put that page first for it; give"
    " the entry tags of its own, none that another page declares (studylog.gen refuses a repeat)"
)


class TagError(ValueError):
    """Two pages declare the same tag; ``str()`` is one line naming the tag and both pages."""


def declared(root: Path | None = None) -> list[tuple[str, str]]:
    """``(tag, page under docs/)`` for every tag of every page of the nav and every journal
    post (drafts included), in nav order, then the posts by name, in the checkout ``root``
    (default: this one).

    Examples
    --------
    >>> ("그래프 드릴", "graphs/index.md") in declared()
    True
    """
    from studylog.gen import indexes

    root = ROOT if root is None else Path(root)
    pages = list(dict.fromkeys(indexes.nav_pages(root)))
    posts = root / "docs" / indexes.blog_dir(root) / "posts"
    pages += [p.relative_to(root / "docs").as_posix() for p in sorted(posts.glob("*.md"))]
    found = []
    for page in pages:
        path = root / "docs" / page
        if not path.is_file():  # a missing page is the strict build's to report
            continue
        meta, _ = indexes.front_matter(path.read_text(encoding="utf-8"))
        tags = meta.get("tags") or []
        found += [(str(tag), page) for tag in (tags if isinstance(tags, list) else [tags])]
    return found


def check(root: Path | None = None) -> None:
    """Return if every tag of the checkout ``root`` (default: this one) is declared by one page
    only.

    Raises
    ------
    TagError
        For the first tag two pages declare, naming both (the one declared first in nav order
        keeps it).

    Examples
    --------
    >>> check()
    """
    owner: dict[str, str] = {}
    for tag, page in declared(root):
        first = owner.setdefault(tag, page)
        if first != page:
            raise TagError(
                f"tag {tag!r} of docs/{page} is already declared by docs/{first}: a tag names"
                " one page (the site's search must put it first for that tag); give"
                f" docs/{page} another tag"
            )
