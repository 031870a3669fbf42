"""The day's compared variable: ``--vary NAME=V1,V2,...`` of ``python -m studylog.journal new``.

A new day's experiment (:mod:`studylog.scaffold`) compares the values of one field of its run spec
(the skeleton's ``Spec``): by default the head count, ``n_heads=1,2,4``. The scaffold writes the
choice once, as ``VARY = ("n_kv_heads", (1, 2, 4, 8))`` in the new experiment module; the runs,
the results file's ``config.vary``, the page generator, the page and the test read it there.

What can be varied is what the skeleton's ``Spec`` can take: any of its fields but ``seed`` (the
seeds are the repeats of every value). Today that is ``n_heads``, ``n_kv_heads`` (grouped-query
attention: the K/V heads, a divisor of ``n_heads``, which stays 8), ``d_model``, ``steps``,
``lr``, ``length``, ``vocab``, ``offset``, ``batch_size`` and ``val_size``; the list is read
from the template itself, so a field added there can be varied at once. A value is a whole
number for an ``int`` field and any decimal number for a ``float`` field (``lr=0.003,0.01``).

Everything is checked before anything is written (:func:`check_vary`), each problem in one
message that starts with ``--vary``: the form ``NAME=V1,V2,...``, a field of ``Spec`` that is not
``seed``, numbers of the field's type, at least two values and no value twice, and each value
accepted by the skeleton's own ``spec_problem`` (the model can be built: ``d_model`` divisible by
``n_heads``, ``n_kv_heads`` dividing ``n_heads``, positive sizes, ``offset < length``). For that
last step the rendered template is executed in memory (never written), which imports torch.
"""

from __future__ import annotations

import dataclasses
import math
import re
import sys
import types
import typing
from pathlib import Path
from string import Template
from typing import NamedTuple

INT_RE = re.compile(r"[+-]?[0-9]+")
#: The field of the spec that is never varied: the seeds are the repeats of every value.
SEED = "seed"


class VaryError(ValueError):
    """A ``--vary`` the command refuses; ``str()`` starts with ``--vary:``."""

    def __init__(self, problem: str) -> None:
        super().__init__(f"--vary: {problem}")


class Vary(NamedTuple):
    """A compared variable: a field of the run spec and its values (sorted, at least two)."""

    name: str
    values: tuple[int, ...] | tuple[float, ...]

    def literal(self) -> str:
        """The values as the Python tuple the experiment module holds.

        Examples
        --------
        >>> Vary("lr", (0.003, 0.01)).literal()
        '(0.003, 0.01)'
        """
        return repr(tuple(self.values))

    def __str__(self) -> str:
        return f"{self.name}={','.join(str(v) for v in self.values)}"


#: The default: the head count, at the values the head-count experiment started with.
DEFAULT = Vary("n_heads", (1, 2, 4))


def _number(token: str) -> int | float:
    if INT_RE.fullmatch(token):
        return int(token)
    try:
        value = float(token)
    except ValueError:
        raise VaryError(f"expected numbers after '=', got {token!r}") from None
    if not math.isfinite(value):
        raise VaryError(f"expected finite numbers, got {token!r}")
    return value


def parse_vary(text: object) -> tuple[str, list[int | float]]:
    """``NAME=V1,V2,...`` -> ``(NAME, [V1, V2, ...])``: the form only (see :func:`check_vary`).

    Raises
    ------
    VaryError
        (a ``ValueError``) not of that form, a name that is not a Python identifier, a value
        that is not a number, fewer than two values.
    TypeError
        ``text`` is not a string.

    Examples
    --------
    >>> parse_vary("n_kv_heads=1,2,4,8")
    ('n_kv_heads', [1, 2, 4, 8])
    """
    if not isinstance(text, str):
        raise TypeError(f"--vary: expected str, got {type(text).__name__}")
    name, equals, rest = text.partition("=")
    name = name.strip()
    if not equals or not rest.strip():
        raise VaryError(f"expected NAME=V1,V2,... (e.g. n_kv_heads=1,2,4), got {text!r}")
    if not name.isidentifier():
        raise VaryError(f"expected a Python name before '=', got {name!r}")
    tokens = [t.strip() for t in rest.split(",")]
    if "" in tokens:
        raise VaryError(f"an empty value in {text!r}")
    values = [_number(t) for t in tokens]
    if len(values) < 2:
        raise VaryError(f"expected at least two values to compare, got {text!r}")
    return name, values


def render_experiment(template: Path, vary: Vary, name: str = "vary_probe") -> str:
    """The experiment module's text from ``template`` (``experiment.py.tmpl``) for ``vary``."""
    return Template(Path(template).read_text(encoding="utf-8")).substitute(
        name=name, title="", date="", vary_name=vary.name, vary_values=vary.literal()
    )


def probe(template: Path, vary: Vary) -> types.ModuleType:
    """The experiment module of ``template`` for ``vary``, executed in memory (not written,
    not left in ``sys.modules``)."""
    module = types.ModuleType("docs_vary_probe")
    code = compile(render_experiment(template, vary), str(template), "exec")
    sys.modules[module.__name__] = module  # the dataclass decorator looks its module up
    try:
        exec(code, module.__dict__)
    finally:
        sys.modules.pop(module.__name__, None)
    return module


def _kind(hint: object) -> type | None:
    """``int`` or ``float`` for a field annotated with it (``| None`` allowed), else ``None``."""
    union = typing.get_origin(hint) in (typing.Union, types.UnionType)
    options = set(typing.get_args(hint)) - {type(None)} if union else {hint}
    return options.pop() if len(options) == 1 and options <= {int, float} else None


def check_vary(text: str | None, template: Path) -> Vary:
    """The checked :class:`Vary` of a ``--vary`` argument (``None``: :data:`DEFAULT`).

    Parameters
    ----------
    text : str or None
        ``NAME=V1,V2,...`` as typed.
    template : Path
        The skeleton's ``experiment.py.tmpl``, whose ``Spec`` and ``spec_problem`` decide.

    Returns
    -------
    Vary
        The name, and the values converted to the field's type and sorted.

    Raises
    ------
    VaryError
        (a ``ValueError``) naming ``--vary`` and the problem (see the module's docstring).

    Examples
    --------
    >>> check_vary(None, Path("unused")) == DEFAULT
    True
    """
    if text is None:
        return DEFAULT
    name, values = parse_vary(text)
    module = probe(template, Vary(name, tuple(values)))
    hints = typing.get_type_hints(module.Spec, globalns=vars(module))
    fields = [f.name for f in dataclasses.fields(module.Spec) if f.name != SEED]
    if name == SEED:
        raise VaryError("the seeds are the repeats of every value; vary another field")
    if name not in fields:
        raise VaryError(f"the run spec has no field {name!r}; choose one of {', '.join(fields)}")
    kind = _kind(hints[name])
    if kind is None:
        raise VaryError(f"{name} is not a number (it is {hints[name]}); it cannot be varied")
    if kind is int and any(isinstance(v, float) for v in values):
        raise VaryError(f"{name} takes whole numbers, got {text.partition('=')[2].strip()}")
    converted = sorted(kind(v) for v in values)
    repeated = sorted({v for v in converted if converted.count(v) > 1})
    if repeated:
        raise VaryError(f"each value once, got {', '.join(map(str, repeated))} more than once")
    for value in converted:
        problem = module.spec_problem(module.Spec(**{name: value}))
        if problem is not None:
            raise VaryError(f"{name}={value}: {problem}")
    return Vary(name, tuple(converted))


__all__ = ["DEFAULT", "SEED", "Vary", "VaryError", "check_vary", "parse_vary", "probe"]
