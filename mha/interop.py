"""Copy weights between :class:`mha.MultiHeadAttention` and PyTorch's or Hugging Face's layers.

``torch.nn.MultiheadAttention``: :func:`from_torch`, :func:`to_torch`. Hugging Face GPT-2's
``GPT2Attention``: :func:`from_hf_gpt2`, :func:`to_hf_gpt2` (no import of ``transformers`` here:
the layer is recognised by its class name, so this module needs torch only).

PyTorch keeps the three input projections stacked in one ``in_proj_weight`` of shape
``(3 * d_model, d_model)`` (rows ``[W_q; W_k; W_v]``) and ``in_proj_bias`` ``(3 * d_model,)``,
and the output projection in ``out_proj``. Our module keeps four separate ``nn.Linear``.
The two modules may each carry input-projection biases without an output bias or the reverse;
the copy keeps exactly the biases the source has (``bias`` and ``out_bias`` in our module).
"""

from __future__ import annotations

import torch
from torch import nn

from mha.lora import LoRALinear
from mha.module import MultiHeadAttention


def _check_torch_module(m: object) -> nn.MultiheadAttention:
    if not isinstance(m, nn.MultiheadAttention):
        raise TypeError(f"m: expected torch.nn.MultiheadAttention, got {type(m).__name__}")
    if m.in_proj_weight is None or m.kdim != m.embed_dim or m.vdim != m.embed_dim:
        raise ValueError(
            f"m: kdim={m.kdim} and vdim={m.vdim} must equal embed_dim={m.embed_dim}; "
            "only the packed in_proj_weight layout is supported"
        )
    if m.bias_k is not None or m.add_zero_attn:
        raise ValueError("m: add_bias_kv / add_zero_attn have no counterpart here")
    return m


def from_torch(m: nn.MultiheadAttention, *, causal: bool = False) -> MultiHeadAttention:
    """A :class:`MultiHeadAttention` holding a copy of ``m``'s weights.

    Parameters
    ----------
    m : torch.nn.MultiheadAttention
        Without ``kdim``/``vdim``/``add_bias_kv``/``add_zero_attn``. Its ``batch_first`` does not
        change the weights; the copy always takes ``(B, T, d_model)`` like ``batch_first=True``.
    causal : bool
        Passed to the new module (PyTorch's module takes causality per call instead).

    Returns
    -------
    MultiHeadAttention
        Same ``d_model``, ``n_heads``, biases (input and output projections separately) and
        dropout; equal outputs for equal inputs.

    Raises
    ------
    TypeError, ValueError
        ``m`` is not a supported ``torch.nn.MultiheadAttention``.

    Examples
    --------
    >>> t = torch.nn.MultiheadAttention(16, 4, batch_first=True)
    >>> ours = from_torch(t)
    >>> x = torch.randn(2, 3, 16)
    >>> torch.allclose(ours(x), t(x, x, x, need_weights=False)[0], atol=1e-6)
    True
    """
    m = _check_torch_module(m)
    d_model = m.embed_dim
    in_bias, out_bias = m.in_proj_bias is not None, m.out_proj.bias is not None
    ours = MultiHeadAttention(
        d_model, m.num_heads, causal=causal, bias=in_bias, out_bias=out_bias, dropout=m.dropout
    )
    ours.to(device=m.in_proj_weight.device, dtype=m.in_proj_weight.dtype)
    with torch.no_grad():
        w_q, w_k, w_v = m.in_proj_weight.chunk(3)  # each (d_model, d_model)
        for linear, w in ((ours.W_q, w_q), (ours.W_k, w_k), (ours.W_v, w_v)):
            linear.weight.copy_(w)
        if in_bias:
            b_q, b_k, b_v = m.in_proj_bias.chunk(3)  # each (d_model,)
            for linear, b in ((ours.W_q, b_q), (ours.W_k, b_k), (ours.W_v, b_v)):
                linear.bias.copy_(b)
        ours.W_o.weight.copy_(m.out_proj.weight)
        if out_bias:
            ours.W_o.bias.copy_(m.out_proj.bias)
    return ours


def _weight(linear: nn.Module) -> torch.Tensor:
    """The ``(out, in)`` matrix a projection applies: an adapter's merged ``W + s B A`` for a
    :class:`mha.lora.LoRALinear` (its ``.weight`` is the frozen base alone)."""
    return linear.merged_weight() if isinstance(linear, LoRALinear) else linear.weight


def _repeat_kv(t: torch.Tensor, n_kv_heads: int, group: int) -> torch.Tensor:
    """Rows ``(n_kv_heads * d_head, ...)`` of ``W_k``/``W_v`` (or their biases) repeated so that
    each K/V head's block appears once per query head of its group: ``(n_heads * d_head, ...)``,
    block ``i`` being K/V head ``i // group``."""
    return t.unflatten(0, (n_kv_heads, -1)).repeat_interleave(group, dim=0).flatten(0, 1)


def to_torch(m: MultiHeadAttention) -> nn.MultiheadAttention:
    """A ``torch.nn.MultiheadAttention(batch_first=True)`` holding a copy of ``m``'s weights.

    ``torch.nn.MultiheadAttention`` has one K/V head per query head. A grouped-query ``m``
    (``n_kv_heads < n_heads``) is converted by repeating each K/V head's rows of ``W_k`` and
    ``W_v`` (and biases) once per query head of its group: the copy computes the same function,
    with ``n_heads`` independent K/V heads that happen to be equal (so :func:`from_torch` of it
    gives an ungrouped module). Adapted projections (:func:`mha.lora.add_lora`) are copied as
    their merged weights ``W + s B A``.

    Parameters
    ----------
    m : MultiHeadAttention
        With ``n_heads * d_head == d_model`` (PyTorch's heads always have width
        ``embed_dim // num_heads``).

    Returns
    -------
    torch.nn.MultiheadAttention
        Call it as ``t(x, x, x, average_attn_weights=False)`` to compare per-head weights; pass
        ``is_causal=True`` with a causal mask where ``m.causal`` is set.

    Raises
    ------
    TypeError
        ``m`` is not a :class:`MultiHeadAttention`.
    ValueError
        ``m`` has a ``head_dim`` with ``n_heads * head_dim != d_model``.
    """
    if not isinstance(m, MultiHeadAttention):
        raise TypeError(f"m: expected mha.MultiHeadAttention, got {type(m).__name__}")
    if m.n_heads * m.d_head != m.d_model:
        raise ValueError(
            f"m: n_heads * head_dim = {m.n_heads} * {m.d_head} differs from d_model={m.d_model}; "
            "torch.nn.MultiheadAttention's heads are always embed_dim // num_heads wide"
        )
    in_bias, out_bias = m.W_q.bias is not None, m.W_o.bias is not None
    t = nn.MultiheadAttention(
        m.d_model, m.n_heads, dropout=m.dropout, bias=in_bias, batch_first=True
    ).to(device=m.W_q.weight.device, dtype=m.W_q.weight.dtype)
    if out_bias != in_bias:  # PyTorch's constructor ties them; set out_proj's bias by hand
        t.out_proj.bias = nn.Parameter(torch.zeros_like(m.W_o.weight[:, 0])) if out_bias else None
    group = m.n_heads // m.n_kv_heads  # 1 unless grouped

    def kv(t: torch.Tensor) -> torch.Tensor:
        return t if group == 1 else _repeat_kv(t, m.n_kv_heads, group)

    with torch.no_grad():
        w_q, w_k, w_v = _weight(m.W_q), kv(_weight(m.W_k)), kv(_weight(m.W_v))
        t.in_proj_weight.copy_(torch.cat([w_q, w_k, w_v]))
        if in_bias:
            t.in_proj_bias.copy_(torch.cat([m.W_q.bias, kv(m.W_k.bias), kv(m.W_v.bias)]))
        t.out_proj.weight.copy_(_weight(m.W_o))
        if out_bias:
            t.out_proj.bias.copy_(m.W_o.bias)
    return t


def _check_gpt2_attention(attn: object, name: str = "attn") -> nn.Module:
    """A Hugging Face ``GPT2Attention`` (or subclass) doing GPT-2's causal self-attention."""
    is_gpt2 = isinstance(attn, nn.Module) and any(
        cls.__name__ == "GPT2Attention" and cls.__module__.startswith("transformers.")
        for cls in type(attn).__mro__
    )
    if not is_gpt2:
        raise TypeError(f"{name}: expected a transformers GPT2Attention, got {type(attn).__name__}")
    if attn.is_cross_attention:
        raise ValueError(f"{name}: a cross-attention GPT2Attention (q_attn) is not supported")
    if not attn.scale_attn_weights or attn.scale_attn_by_inverse_layer_idx:
        raise ValueError(
            f"{name}: only GPT-2's 1/sqrt(head_dim) scaling is supported; got "
            f"scale_attn_weights={attn.scale_attn_weights}, "
            f"scale_attn_by_inverse_layer_idx={attn.scale_attn_by_inverse_layer_idx}"
        )
    d = attn.embed_dim
    shapes = {"c_attn": (d, 3 * d), "c_proj": (d, d)}
    for part, shape in shapes.items():
        got = tuple(getattr(attn, part).weight.shape)
        if got != shape:
            raise ValueError(
                f"{name}: {part}.weight has shape {got}, expected (in, out) = {shape} "
                f"for embed_dim={d}"
            )
    return attn


def from_hf_gpt2(attn: nn.Module, *, causal: bool = True) -> MultiHeadAttention:
    """A :class:`MultiHeadAttention` holding a copy of a Hugging Face ``GPT2Attention``.

    GPT-2 keeps ``W_q, W_k, W_v`` side by side in one ``Conv1D`` ``c_attn`` whose weight is
    ``(in, out) = (d_model, 3 * d_model)``, the transpose of ``nn.Linear``'s ``(out, in)``;
    columns ``i*d_head:(i+1)*d_head`` of each third are head ``i``'s matrix. ``c_proj`` is
    ``W_o``, transposed the same way.

    Parameters
    ----------
    attn : transformers.models.gpt2.modeling_gpt2.GPT2Attention
        A self-attention layer (``model.h[i].attn``) with GPT-2's usual scaling.
    causal : bool
        GPT-2's self-attention is causal; keep the default to get the same outputs.

    Returns
    -------
    MultiHeadAttention
        ``d_model = embed_dim``, ``n_heads = num_heads``, biases on all four projections,
        dropout ``attn.attn_dropout.p``; the same device and dtype. GPT-2's dropout after
        ``c_proj`` (``resid_pdrop``) has no counterpart: outputs agree in eval mode.

    Raises
    ------
    TypeError
        ``attn`` is not a ``GPT2Attention``.
    ValueError
        A cross-attention layer, another attention scaling, or weights of unexpected shape.
    """
    attn = _check_gpt2_attention(attn)
    d_model = attn.embed_dim
    ours = MultiHeadAttention(d_model, attn.num_heads, causal=causal, dropout=attn.attn_dropout.p)
    ours.to(device=attn.c_attn.weight.device, dtype=attn.c_attn.weight.dtype)
    with torch.no_grad():
        # --8<-- [start:gpt2-from]
        # Conv1D stores (in, out): transpose to nn.Linear's (out, in), then cut the three
        # projections apart along the output axis.
        w_q, w_k, w_v = attn.c_attn.weight.T.split(d_model)  # each (d_model, d_model)
        b_q, b_k, b_v = attn.c_attn.bias.split(d_model)  # each (d_model,)
        for linear, w, b in ((ours.W_q, w_q, b_q), (ours.W_k, w_k, b_k), (ours.W_v, w_v, b_v)):
            linear.weight.copy_(w)
            linear.bias.copy_(b)
        ours.W_o.weight.copy_(attn.c_proj.weight.T)  # (d_model, d_model), (in, out) -> (out, in)
        ours.W_o.bias.copy_(attn.c_proj.bias)
        # --8<-- [end:gpt2-from]
    return ours


def to_hf_gpt2(module: MultiHeadAttention, attn: nn.Module) -> nn.Module:
    """Copy ``module``'s weights into a Hugging Face ``GPT2Attention`` in place; return it.

    Parameters
    ----------
    module : MultiHeadAttention
        Causal, without grouped K/V heads, with ``d_model``, ``n_heads`` and ``d_head`` equal
        to ``attn``'s. A projection without a bias is written as a zero bias (GPT-2's ``Conv1D``
        always has one), which gives the same outputs.
    attn : transformers.models.gpt2.modeling_gpt2.GPT2Attention
        The layer to overwrite (e.g. ``model.h[0].attn``).

    Returns
    -------
    GPT2Attention
        ``attn`` itself.

    Raises
    ------
    TypeError
        ``module`` or ``attn`` of the wrong type.
    ValueError
        Sizes that differ, grouped K/V heads, or a module that is not causal (GPT-2's
        self-attention always is).
    """
    if not isinstance(module, MultiHeadAttention):
        raise TypeError(f"module: expected mha.MultiHeadAttention, got {type(module).__name__}")
    attn = _check_gpt2_attention(attn)
    ours = (module.d_model, module.n_heads, module.d_head)
    theirs = (attn.embed_dim, attn.num_heads, attn.head_dim)
    if ours != theirs:
        raise ValueError(
            f"module: (d_model, n_heads, d_head) = {ours} differs from attn's "
            f"(embed_dim, num_heads, head_dim) = {theirs}"
        )
    if module.n_kv_heads != module.n_heads:
        raise ValueError(
            f"module: GPT-2 has one K/V head per query head; got n_kv_heads={module.n_kv_heads}"
            f" for n_heads={module.n_heads}"
        )
    if not module.causal:
        raise ValueError("module: GPT-2's self-attention is causal; pass a causal module")

    def bias(linear: nn.Linear) -> torch.Tensor:
        return torch.zeros_like(linear.weight[:, 0]) if linear.bias is None else linear.bias

    with torch.no_grad():
        # --8<-- [start:gpt2-to]
        w = torch.cat([_weight(module.W_q), _weight(module.W_k), _weight(module.W_v)])  # (3d, d)
        attn.c_attn.weight.copy_(w.T)  # (d, 3d): Conv1D's (in, out)
        attn.c_attn.bias.copy_(torch.cat([bias(module.W_q), bias(module.W_k), bias(module.W_v)]))
        attn.c_proj.weight.copy_(_weight(module.W_o).T)
        attn.c_proj.bias.copy_(bias(module.W_o))
        # --8<-- [end:gpt2-to]
    return attn
