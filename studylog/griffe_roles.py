"""A Griffe extension: Sphinx roles in docstrings become links on the API pages.

The docstrings of ``mha`` and ``graphs`` use Sphinx roles (``:func:`mha.interop.from_torch```),
which read well in ``help()`` and in an editor but which mkdocstrings prints as raw text. Before
rendering, this extension rewrites each role into a mkdocstrings cross-reference
(``[`mha.interop.from_torch`][mha.interop.from_torch]``) when the name resolves to a public
object of the loaded package, looked up the way Python would see it from the docstring's own
scope (the object, its parents, then the package), and into plain inline code otherwise (torch,
the standard library, private helpers). The source docstrings stay as they are: one source.

Loaded by ``mkdocs.yml`` (``plugins: mkdocstrings: handlers: python: options: extensions``).
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:func|meth|class|mod|attr|data|exc|obj|const|type):`(~?)([^`]+)`")


def _public(path: str) -> bool:
    return not any(part.startswith("_") and not part.startswith("__") for part in path.split("."))


def _lookup(scope: griffe.Object, name: str) -> griffe.Object | None:
    """``name`` as seen from ``scope``, with imports (aliases) followed to what they name."""
    try:
        found = scope[name]
    except Exception:  # KeyError, or an alias that cannot be resolved: not ours to link
        return None
    try:
        return found.final_target if found.is_alias else found
    except Exception:
        return None


def resolve(obj: griffe.Object, name: str) -> str | None:
    """The full path of the public object ``name`` refers to in ``obj``'s docstring, or None."""
    name = name.strip().removesuffix("()")
    scopes: list[griffe.Object] = []
    scope: Any = obj
    while scope is not None:
        scopes.append(scope)
        scope = scope.parent
    root = scopes[-1]
    for candidate in scopes:
        found = _lookup(candidate, name)
        if found is not None:
            break
    else:
        first, _, rest = name.partition(".")
        found = _lookup(root, rest) if first == root.name and rest else None
        if found is None and name == root.name:
            found = root
    if found is None or not _public(found.path) or found.docstring is None:
        return None
    return found.path


def rewrite(obj: griffe.Object, text: str) -> str:
    """Every role in ``text`` as a cross-reference or inline code."""

    def one(match: re.Match[str]) -> str:
        short, name = match.group(1) == "~", match.group(2).strip()
        shown = name.rsplit(".", 1)[-1] if short else name
        target = resolve(obj, name)
        return f"`{shown}`" if target is None else f"[`{shown}`][{target}]"

    return ROLE.sub(one, text)


class SphinxRoles(griffe.Extension):
    """Rewrite the roles of every docstring of a loaded package (see the module docstring)."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        stack: list[griffe.Object] = [pkg]
        seen: set[str] = set()
        while stack:
            obj = stack.pop()
            if obj.path in seen:
                continue
            seen.add(obj.path)
            if obj.docstring is not None:
                obj.docstring.value = rewrite(obj, obj.docstring.value)
            stack.extend(m for m in obj.members.values() if not m.is_alias)
