"""Copy weights between :class:`mha.MultiHeadAttention` and ``torch.nn.MultiheadAttention``.

PyTorch keeps the three input projections stacked in one ``in_proj_weight`` of shape
``(3 * d_model, d_model)`` (rows ``[W_q; W_k; W_v]``) and ``in_proj_bias`` ``(3 * d_model,)``,
and the output projection in ``out_proj``. Our module keeps four separate ``nn.Linear``.
The two modules may each carry input-projection biases without an output bias or the reverse;
the copy keeps exactly the biases the source has (``bias`` and ``out_bias`` in our module).
"""

from __future__ import annotations

import torch
from torch import nn

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


def to_torch(m: MultiHeadAttention) -> nn.MultiheadAttention:
    """A ``torch.nn.MultiheadAttention(batch_first=True)`` holding a copy of ``m``'s weights.

    Parameters
    ----------
    m : MultiHeadAttention

    Returns
    -------
    torch.nn.MultiheadAttention
        Call it as ``t(x, x, x, average_attn_weights=False)`` to compare per-head weights; pass
        ``is_causal=True`` with a causal mask where ``m.causal`` is set.

    Raises
    ------
    TypeError
        ``m`` is not a :class:`MultiHeadAttention`.
    """
    if not isinstance(m, MultiHeadAttention):
        raise TypeError(f"m: expected mha.MultiHeadAttention, got {type(m).__name__}")
    in_bias, out_bias = m.W_q.bias is not None, m.W_o.bias is not None
    t = nn.MultiheadAttention(
        m.d_model, m.n_heads, dropout=m.dropout, bias=in_bias, batch_first=True
    ).to(device=m.W_q.weight.device, dtype=m.W_q.weight.dtype)
    if out_bias != in_bias:  # PyTorch's constructor ties them; set out_proj's bias by hand
        t.out_proj.bias = nn.Parameter(torch.zeros_like(m.W_o.weight[:, 0])) if out_bias else None
    with torch.no_grad():
        t.in_proj_weight.copy_(torch.cat([m.W_q.weight, m.W_k.weight, m.W_v.weight]))
        if in_bias:
            t.in_proj_bias.copy_(torch.cat([m.W_q.bias, m.W_k.bias, m.W_v.bias]))
        t.out_proj.weight.copy_(m.W_o.weight)
        if out_bias:
            t.out_proj.bias.copy_(m.W_o.bias)
    return t
