"""The multi-head attention module: project, split into heads, attend, merge, project."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from mha._checks import check_n_heads, check_tensor
from mha.attention import scaled_dot_product_attention
from mha.masks import combine_masks, dead_rows, revive


class MultiHeadAttention(nn.Module):
    """Multi-head attention with ``W_q, W_k, W_v, W_o`` as four ``nn.Linear(d_model, d_model)``.

    Parameters
    ----------
    d_model : int
        Model width; the projected features are cut into ``n_heads`` slices of ``d_head``.
    n_heads : int
        Number of heads; must divide ``d_model``.
    causal : bool
        Block each query from keys after its own position (query ``i`` sees keys ``j <= i``).
    bias : bool
        Biases on the projections ``W_q``, ``W_k``, ``W_v`` (and ``W_o`` unless ``out_bias``
        says otherwise).
    out_bias : bool, optional
        Bias on the output projection ``W_o``; defaults to ``bias``. (PyTorch's module can hold
        one without the other, see :func:`mha.interop.from_torch`.)
    dropout : float
        Dropout on the attention weights while training, drawn from torch's default generator
        as in ``nn.Dropout``. In ``[0, 1)``.
    generator : torch.Generator, optional
        Source of the initial weights (Xavier-uniform weights, zero biases, as in
        ``torch.nn.MultiheadAttention``'s input projection). Without it, initialisation draws
        from torch's default generator like any ``nn.Linear``.

    Attributes
    ----------
    W_q, W_k, W_v, W_o : nn.Linear
        The projections; ``W_q.weight[i*d_head:(i+1)*d_head]`` is head ``i``'s query matrix.
    d_model, n_heads, d_head : int
        Widths; ``d_head = d_model // n_heads``.

    Raises
    ------
    TypeError, ValueError
        Bad ``d_model``, ``n_heads`` (e.g. ``d_model % n_heads != 0``), ``dropout``, flags, or a
        ``generator`` that is not a ``torch.Generator``.

    Examples
    --------
    >>> m = MultiHeadAttention(64, 8, generator=torch.Generator().manual_seed(0))
    >>> x = torch.randn(2, 10, 64, generator=torch.Generator().manual_seed(1))
    >>> m(x).shape
    torch.Size([2, 10, 64])
    >>> out, w = m(x, need_weights=True)
    >>> w.shape
    torch.Size([2, 8, 10, 10])
    >>> sum(p.numel() for p in m.parameters())
    16640
    """

    def __init__(
        self,
        d_model: int,
        n_heads: int,
        *,
        causal: bool = False,
        bias: bool = True,
        out_bias: bool | None = None,
        dropout: float = 0.0,
        generator: torch.Generator | None = None,
    ) -> None:
        super().__init__()
        self.d_head = check_n_heads(d_model, n_heads)
        out_bias = bias if out_bias is None else out_bias
        for name, flag in (("causal", causal), ("bias", bias), ("out_bias", out_bias)):
            if not isinstance(flag, bool):
                raise TypeError(f"{name}: expected bool, got {type(flag).__name__}")
        if generator is not None and not isinstance(generator, torch.Generator):
            raise TypeError(
                f"generator: expected a torch.Generator or None, got {type(generator).__name__}"
                " (for a seed, pass torch.Generator().manual_seed(seed))"
            )
        if isinstance(dropout, bool) or not isinstance(dropout, int | float):
            raise TypeError(f"dropout: expected a float, got {type(dropout).__name__}")
        if not 0.0 <= dropout < 1.0:
            raise ValueError(f"dropout: expected a value in [0, 1), got {dropout}")
        self.d_model, self.n_heads = d_model, n_heads
        self.causal, self.dropout = causal, float(dropout)
        # With a generator, the layers are made without values (no draw from the global RNG)
        # and then filled from the generator alone.
        device = None if generator is None else torch.device("meta")
        self.W_q = nn.Linear(d_model, d_model, bias=bias, device=device)
        self.W_k = nn.Linear(d_model, d_model, bias=bias, device=device)
        self.W_v = nn.Linear(d_model, d_model, bias=bias, device=device)
        self.W_o = nn.Linear(d_model, d_model, bias=out_bias, device=device)
        if generator is not None:
            self.to_empty(device=generator.device)
            self.reset_parameters(generator)

    def reset_parameters(self, generator: torch.Generator | None = None) -> None:
        """Xavier-uniform weights and zero biases, drawn from ``generator``."""
        for linear in (self.W_q, self.W_k, self.W_v, self.W_o):
            nn.init.xavier_uniform_(linear.weight, generator=generator)
            if linear.bias is not None:
                nn.init.zeros_(linear.bias)

    def extra_repr(self) -> str:
        return (
            f"d_model={self.d_model}, n_heads={self.n_heads}, d_head={self.d_head}, "
            f"causal={self.causal}, dropout={self.dropout}"
        )

    def project_heads(
        self, query: torch.Tensor, key: torch.Tensor | None, value: torch.Tensor | None
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """Project and split into heads: Q ``(B, h, T, d_head)``, K and V ``(B, h, S, d_head)``.

        ``key`` defaults to ``query`` and ``value`` to ``key``. Inputs are not validated here
        (``forward`` does that); this is the piece an experiment reuses to gate or inspect heads.
        """
        key = query if key is None else key
        value = key if value is None else value
        B, T, _ = query.shape
        S = key.shape[1]
        h, d_head = self.n_heads, self.d_head
        # --8<-- [start:project]
        # Three (d_model -> d_model) matmuls; each result is then viewed as h heads of d_head.
        # (Fusing them into one (d_model -> 3 d_model) matmul measured slower here: the
        # concatenated weight must be rebuilt and its gradient split at every step.)
        q = self.W_q(query).reshape(B, T, h, d_head).transpose(1, 2)  # (B, h, T, d_head)
        k = self.W_k(key).reshape(B, S, h, d_head).transpose(1, 2)  # (B, h, S, d_head)
        v = self.W_v(value).reshape(B, S, h, d_head).transpose(1, 2)  # (B, h, S, d_head)
        # --8<-- [end:project]
        return q, k, v

    def _check_inputs(
        self, query: object, key: object, value: object
    ) -> tuple[torch.Tensor, torch.Tensor | None, torch.Tensor | None]:
        q = check_tensor("query", query, ndim=3)
        weight = self.W_q.weight
        if not q.is_floating_point():
            raise TypeError(f"query: expected a floating-point tensor, got {q.dtype}")
        if q.dtype != weight.dtype or q.device != weight.device:
            raise TypeError(
                f"query: dtype {q.dtype} on {q.device} differs from the module's parameters "
                f"({weight.dtype} on {weight.device}); convert one with .to()"
            )
        if q.shape[-1] != self.d_model:
            raise ValueError(
                f"query: last dimension must be d_model={self.d_model}, got shape {tuple(q.shape)}"
            )
        if key is None and value is None:
            return q, None, None
        if key is None:
            raise ValueError("key: value was given without key; pass both, or key alone")
        k = check_tensor("key", key, ndim=3)
        v = k if value is None else check_tensor("value", value, ndim=3)
        for name, t in (("key", k), ("value", v)):
            if t.dtype != q.dtype or t.device != q.device:
                raise TypeError(
                    f"{name}: dtype {t.dtype} on {t.device} differs from query's "
                    f"{q.dtype} on {q.device}"
                )
            if t.shape[0] != q.shape[0] or t.shape[-1] != self.d_model:
                raise ValueError(
                    f"{name}: expected shape (B={q.shape[0]}, S, d_model={self.d_model}), "
                    f"got {tuple(t.shape)}"
                )
        if v.shape[1] != k.shape[1]:
            raise ValueError(f"value: has S={v.shape[1]} positions but key has S={k.shape[1]}")
        return q, k, v

    def forward(
        self,
        query: torch.Tensor,
        key: torch.Tensor | None = None,
        value: torch.Tensor | None = None,
        *,
        key_padding_mask: torch.Tensor | None = None,
        attn_mask: torch.Tensor | None = None,
        need_weights: bool = False,
    ) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
        """Attend from ``query`` to ``key``/``value`` (to ``query`` itself when they are omitted).

        Parameters
        ----------
        query : torch.Tensor
            ``(B, T, d_model)``.
        key, value : torch.Tensor, optional
            ``(B, S, d_model)``; ``S`` may differ from ``T``. Omit both for self-attention; a
            ``key`` alone is used as the value too.
        key_padding_mask : torch.Tensor, optional
            ``(B, S)``; bool True (or float ``-inf``) marks padding keys.
        attn_mask : torch.Tensor, optional
            ``(T, S)`` or ``(B * n_heads, T, S)`` as in ``torch.nn.MultiheadAttention``, or
            ``(B, n_heads or 1, T, S)``; bool True = blocked, float = added to the scores.
        need_weights : bool
            Also return the per-head weights. Without it the fast path
            (``torch.nn.functional.scaled_dot_product_attention``) runs; both give the same numbers.
            Inputs or weights holding NaN or inf always take the explicit path, because the
            fused kernels treat them unevenly.

        Returns
        -------
        torch.Tensor or (torch.Tensor, torch.Tensor)
            Output ``(B, T, d_model)``; with ``need_weights`` also weights ``(B, n_heads, T, S)``.
            A query whose keys are all masked (bool True or ``-inf``; a finite float mask such as
            ``-1e9`` only lowers scores, in any dtype) gets zero weights and a zero output row.
            NaN in, NaN out: a NaN in a query row, or in a key or value that row meets, makes
            that output row NaN on both paths.

        Raises
        ------
        TypeError, ValueError
            Inputs or masks of the wrong type, rank or shape; the message names the argument.
        """
        query, key, value = self._check_inputs(query, key, value)
        if not isinstance(need_weights, bool):
            raise TypeError(f"need_weights: expected bool, got {type(need_weights).__name__}")
        B, T, _ = query.shape
        S = T if key is None else key.shape[1]
        p = self.dropout if self.training else 0.0
        q, k, v = self.project_heads(query, key, value)  # each (B, h, T|S, d_head)
        # PyTorch's fused kernels treat NaN unevenly (a NaN query row comes out as zeros), so
        # with any NaN or inf the explicit path runs: both paths give NaN in, NaN out.
        explicit = need_weights or not _all_finite(q, k, v)
        has_masks = attn_mask is not None or key_padding_mask is not None
        mask = combine_masks(
            B=B, n_heads=self.n_heads, T=T, S=S, dtype=query.dtype, device=query.device,
            attn_mask=attn_mask, key_padding_mask=key_padding_mask,
            causal=self.causal and (has_masks or explicit),
        )  # fmt: skip

        weights = None
        dead = None if mask is None else dead_rows(mask)  # (B|1, h|1, T, 1)
        if explicit:
            out, weights = scaled_dot_product_attention(q, k, v, mask)  # (B, h, T, d_head)
            if p > 0.0:
                out = F.dropout(weights, p) @ v
        elif mask is None:
            out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=self.causal)
        else:
            out = F.scaled_dot_product_attention(q, k, v, attn_mask=revive(mask, dead), dropout_p=p)
        if dead is not None:
            out = out.masked_fill(dead, 0.0)  # rows with no key left give zeros, not NaN

        # --8<-- [start:merge-out]
        out = out.transpose(1, 2).reshape(B, T, self.d_model)  # merge: (B, T, d_model)
        out = self.W_o(out)  # (B, T, d_model): mix the heads
        # --8<-- [end:merge-out]
        if dead is not None:
            out = out.masked_fill(dead.all(dim=1), 0.0)  # (B|1, T, 1): no head saw anything
        return (out, weights) if need_weights else out


def _all_finite(*tensors: torch.Tensor) -> bool:
    """True when no tensor holds a NaN or an infinity.

    One sum per tensor, in at least float32: a NaN or inf anywhere makes the sum non-finite. A
    sum of finite values that overflows only sends the call down the explicit path, which gives
    the same numbers.
    """
    return all(
        bool(torch.isfinite(t.sum(dtype=torch.promote_types(t.dtype, torch.float32))))
        for t in tensors
    )


def count_parameters(module: nn.Module) -> int:
    """Number of scalars in ``module``'s parameters."""
    return sum(p.numel() for p in module.parameters())


__all__ = ["MultiHeadAttention", "count_parameters"]
