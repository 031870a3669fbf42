"""The guarantees of :class:`mha.MultiHeadAttention` kept out of its main line: NaN in, NaN out;
zeros where a query has no key left; argument checks that skip what has no readable values;
the named refusal of double backward on the fused path."""

from __future__ import annotations

import torch

from mha.masks import dead_rows


def nan_in_nan_out(
    out: torch.Tensor, query: torch.Tensor, key: torch.Tensor | None, value: torch.Tensor | None
) -> torch.Tensor:
    """``out (B, T, d_model)`` made NaN on every row whose query, or whose sequence's keys or
    values, hold a NaN or an infinity: what the explicit path gives, on both paths.

    PyTorch's fused CPU kernel answers a query row whose scores are all NaN with zeros, and
    skips the masked keys that the explicit path adds (``NaN + -inf`` is NaN), so the kernels
    alone disagree on such input. A sum holds NaN when one of its terms is NaN or infinite, and
    adding it times zero (``alpha=0``) leaves ``out`` as it is otherwise: one reduction and one
    addition, no Python branch on the values (so the same under tracing, export and ``vmap``).
    Half types are summed in float32, so that a sum of ordinary values cannot overflow to inf;
    in float32 it overflows only for entries near float32's limit, where the attention's own
    scores have overflowed long before. None of it is recorded by autograd: the sums are taken
    of detached inputs, and ``0 * poison`` is added through a detached alias of ``out`` (the
    same memory), so the values change and the graph does not. The gradient is the one without
    the check (the added term is zero), and backward pays nothing for it.
    """
    wide = torch.promote_types(query.dtype, torch.float32)  # float16, bfloat16 -> float32
    if key is None:  # self-attention: every row of the input is a query, a key and a value
        poison = query.detach().sum(dim=(1, 2), keepdim=True, dtype=wide)  # (B, 1, 1)
    else:
        poison = query.detach().sum(dim=-1, keepdim=True, dtype=wide)  # (B, T, 1): query rows
        for x in (key,) if value is key else (key, value):
            poison = poison + x.detach().sum(dim=(1, 2), keepdim=True, dtype=wide)  # the sequence
    out.detach().add_(poison, alpha=0)  # finite sums add 0; a NaN or inf makes the row NaN
    return out


def no_key_no_output(
    x: torch.Tensor, mask: torch.Tensor | None, *, heads: bool = False
) -> torch.Tensor:
    """Zeros where a query row has every key masked, not the NaN of a softmax over nothing.

    ``x`` is ``(B, h, T, d_head)`` (a row of a head), or with ``heads`` ``(B, T, d_model)``
    (a row that no head saw: the bias of ``W_o`` alone would be a made-up answer).
    """
    if mask is None:
        return x
    dead = dead_rows(mask)  # (B|1, h|1, T, 1)
    return x.masked_fill(dead.all(dim=1) if heads else dead, 0.0)


def recording_a_graph() -> bool:
    """True while ``torch.jit.trace``, ``torch.compile`` or ``torch.export`` records one graph for
    every value: Python must not branch on values or memory then."""
    return torch.jit.is_tracing() or torch.compiler.is_compiling() or torch.compiler.is_exporting()


def finite_or_unreadable(t: torch.Tensor) -> bool:
    """False only when Python can read ``t``'s values and one is NaN or infinite.

    Meta tensors and tensor subclasses (FakeTensor) carry no values; ``torch.export``,
    ``torch.compile`` and ``torch.jit.trace`` record one graph for every value; inside
    ``torch.func.vmap`` a tensor cannot decide a Python branch (``bool`` raises). In all of
    these the argument check is skipped, and the answer is True.
    """
    if recording_a_graph():
        return True
    if t.is_meta or type(t) is not torch.Tensor:
        return True
    try:
        return bool(torch.isfinite(t).all())
    except RuntimeError:  # vmap's "data-dependent control flow"
        return True


def refuse_double_backward(grad: torch.Tensor) -> None:
    """Hook on the fused kernel's output: under ``create_graph=True`` (grad mode on during the
    backward pass) stop with a named error instead of PyTorch's later "derivative for
    aten::_scaled_dot_product_flash_attention_for_cpu_backward is not implemented"."""
    if torch.is_grad_enabled():
        raise RuntimeError(
            "MultiHeadAttention: double backward (create_graph=True) is not supported on the "
            "fast path, whose fused kernel PyTorch cannot differentiate twice; call the module "
            "with need_weights=True to run the explicit, twice-differentiable path"
        )
