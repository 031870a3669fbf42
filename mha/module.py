"""The multi-head attention module: project, split into heads, attend, merge, project."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn

from mha._checks import check_float_like, check_tensor
from mha.attention import scaled_dot_product_attention
from mha.guards import (
    finite_or_unreadable,
    nan_in_nan_out,
    no_key_no_output,
    recording_a_graph,
    refuse_double_backward,
)
from mha.masks import combine_masks, dead_rows, revive
from mha.params import head_sizes


class MultiHeadAttention(nn.Module):
    """Multi-head attention with the projections ``W_q, W_k, W_v, W_o`` as four ``nn.Linear``.

    By default (``n_kv_heads=None``, ``head_dim=None``) every projection is
    ``nn.Linear(d_model, d_model)``: classic multi-head attention. With ``n_kv_heads`` smaller
    than ``n_heads`` it is grouped-query attention (GQA; ``n_kv_heads=1`` is multi-query
    attention, MQA): ``W_k`` and ``W_v`` make only ``n_kv_heads`` heads, and each group of
    ``n_heads // n_kv_heads`` consecutive query heads shares one of them, as in Llama and
    ``torch.nn.functional.scaled_dot_product_attention(..., enable_gqa=True)``.

    In inference (gradients off: ``torch.no_grad()``, ``torch.inference_mode()``),
    self-attention makes Q, K and V with one matmul, as PyTorch's module does with its
    ``in_proj_weight``: the weights (and biases) of ``W_q``, ``W_k``, ``W_v`` are row blocks of
    one matrix and share its memory, so that an optimiser step or ``load_state_dict`` changes
    both. Training and cross-attention call the three ``nn.Linear`` apart, as the math writes
    them (forward hooks on ``W_q``, ``W_k``, ``W_v`` fire there, not in inference). After a move
    (``.to``, ``copy.deepcopy``) or a new parameter they also run apart until ``eval()`` lays
    them out again. The numbers are the same either way.

    One seam lets an experiment switch heads off or read them without re-assembling the
    attention, on both paths (explicit and fused): every head's output ``z (B, h, T, d_head)``
    (after its attention, before the merge and ``W_o``) is

    1. multiplied by ``forward``'s optional ``head_gate``, ``(h,)`` or ``(B, h)`` (1 keeps a
       head, 0 removes it, a gate with ``requires_grad`` gives ``dL/dgate``: head importance);
    2. passed through the hook point ``hook_z``, an ``nn.Identity`` on which a
       ``register_forward_hook`` reads the per-head outputs (or, returning a tensor, replaces
       them), TransformerLens' ``hook_z`` with PyTorch's own hooks.

    The gate is a plain product (a gate of ones gives exactly the ungated numbers) and the hook
    point does nothing while no hook is registered. There is no hook on the attention pattern:
    the fused path never forms it, and ``need_weights=True`` returns it.

    Parameters
    ----------
    d_model : int
        Model width (input and output features).
    n_heads : int
        Number of query heads; must divide ``d_model`` unless ``head_dim`` is given.
    n_kv_heads : int, optional
        Number of key/value heads; must divide ``n_heads``. Query head ``i`` uses key/value
        head ``i // (n_heads // n_kv_heads)``. Defaults to ``n_heads`` (one K/V per head).
    head_dim : int, optional
        Width ``d_head`` of every head; defaults to ``d_model // n_heads``. Some models choose
        another width (Gemma: ``n_heads * head_dim != d_model``).
    causal : bool
        Block each query from keys after its own position (query ``i`` sees keys ``j <= i``).
    bias : bool
        Biases on the projections ``W_q``, ``W_k``, ``W_v`` (and ``W_o`` unless ``out_bias``
        says otherwise).
    out_bias : bool, optional
        Bias on the output projection ``W_o``; defaults to ``bias``. (PyTorch's module can hold
        one without the other, see :func:`mha.interop.from_torch`; Qwen2 has biases on
        ``W_q, W_k, W_v`` only.)
    dropout : float
        Dropout on the attention weights while training, drawn from torch's default generator
        as in ``nn.Dropout``. In ``[0, 1)``.
    generator : torch.Generator, optional
        Source of the initial weights (Xavier-uniform weights, zero biases, as in
        ``torch.nn.MultiheadAttention``'s input projection). Without it, initialisation draws
        from torch's default generator like any ``nn.Linear``.

    Attributes
    ----------
    W_q : nn.Linear
        ``d_model -> n_heads * d_head``; ``W_q.weight[i*d_head:(i+1)*d_head]`` is head ``i``'s
        query matrix.
    W_k, W_v : nn.Linear
        ``d_model -> n_kv_heads * d_head``; rows ``j*d_head:(j+1)*d_head`` belong to K/V head
        ``j``.
    W_o : nn.Linear
        ``n_heads * d_head -> d_model``: mixes the heads.
    hook_z : nn.Identity
        Hook point on the (gated) per-head outputs ``(B, h, T, d_head)``, just before the merge.
    d_model, n_heads, n_kv_heads, d_head : int
        Widths and head counts.

    Raises
    ------
    TypeError, ValueError
        Bad ``d_model``, ``n_heads`` (e.g. ``d_model % n_heads != 0`` without ``head_dim``),
        ``n_kv_heads`` (``< 1`` or not dividing ``n_heads``), ``head_dim < 1``, ``dropout``,
        flags, or a ``generator`` that is not a ``torch.Generator``.

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
    >>> gqa = MultiHeadAttention(64, 8, n_kv_heads=2, generator=torch.Generator().manual_seed(0))
    >>> gqa.W_k.weight.shape, gqa(x, need_weights=True)[1].shape
    (torch.Size([16, 64]), torch.Size([2, 8, 10, 10]))

    Switch head 3 off, and read the per-head outputs at the hook point:

    >>> gate = torch.ones(8)
    >>> gate[3] = 0.0
    >>> seen = []
    >>> hook = m.hook_z.register_forward_hook(lambda module, args, z: seen.append(z))
    >>> out = m(x, head_gate=gate)
    >>> hook.remove()
    >>> seen[0].shape, bool(seen[0][:, 3].eq(0).all())
    (torch.Size([2, 8, 10, 8]), True)
    """

    def __init__(
        self,
        d_model: int,
        n_heads: int,
        *,
        n_kv_heads: int | None = None,
        head_dim: int | None = None,
        causal: bool = False,
        bias: bool = True,
        out_bias: bool | None = None,
        dropout: float = 0.0,
        generator: torch.Generator | None = None,
    ) -> None:
        super().__init__()
        self.d_head, self.n_kv_heads = head_sizes(d_model, n_heads, n_kv_heads, head_dim)
        out_bias = bias if out_bias is None else out_bias
        for name, flag in (("causal", causal), ("bias", bias), ("out_bias", out_bias)):
            if not isinstance(flag, bool):
                raise TypeError(f"{name}: expected bool, got {type(flag).__name__}")
        if isinstance(dropout, bool) or not isinstance(dropout, int | float):
            raise TypeError(f"dropout: expected a float, got {type(dropout).__name__}")
        if not 0.0 <= dropout < 1.0:
            raise ValueError(f"dropout: expected a value in [0, 1), got {dropout}")
        if generator is not None and not isinstance(generator, torch.Generator):
            raise TypeError(
                f"generator: expected a torch.Generator or None, got {type(generator).__name__}"
                " (for a seed, pass torch.Generator().manual_seed(seed))"
            )
        self.d_model, self.n_heads = d_model, n_heads
        self.causal, self.dropout = causal, float(dropout)
        q_width = n_heads * self.d_head  # d_model unless head_dim says otherwise
        kv_width = self.n_kv_heads * self.d_head  # q_width unless grouped
        # With a generator, the layers are made without values (no draw from the global RNG)
        # and then filled from the generator alone.
        device = None if generator is None else torch.device("meta")
        self.W_q = nn.Linear(d_model, q_width, bias=bias, device=device)
        self.W_k = nn.Linear(d_model, kv_width, bias=bias, device=device)
        self.W_v = nn.Linear(d_model, kv_width, bias=bias, device=device)
        self.W_o = nn.Linear(q_width, d_model, bias=out_bias, device=device)
        self.hook_z = nn.Identity()  # the seam: register a forward hook here to read the heads
        if generator is not None:
            self.to_empty(device=generator.device)
            self.reset_parameters(generator)
        self._stacked, self._stacked_at = None, None  # (weight, bias), the blocks' addresses
        self._stack_in_projections()

    def reset_parameters(self, generator: torch.Generator | None = None) -> None:
        """Xavier-uniform weights and zero biases, drawn from ``generator``."""
        for linear in (self.W_q, self.W_k, self.W_v, self.W_o):
            nn.init.xavier_uniform_(linear.weight, generator=generator)
            if linear.bias is not None:
                nn.init.zeros_(linear.bias)

    def train(self, mode: bool = True) -> MultiHeadAttention:
        """``nn.Module.train``; switching to eval mode (``eval()``) also lays ``W_q``, ``W_k``,
        ``W_v`` out in one matrix again if a move (``.to``, ``copy.deepcopy``) or a new
        parameter separated them, so that inference makes Q, K and V with one matmul."""
        super().train(mode)
        if not mode:
            self._stack_in_projections()
        return self

    def _stack_in_projections(self) -> None:
        """Lay the weights (and biases) of ``W_q``, ``W_k``, ``W_v`` out as row blocks of one
        matrix ``(h*d_head + 2*h_kv*d_head, d_model)``, PyTorch's ``in_proj_weight``.

        Each stays the same ``nn.Parameter`` object (names, ``state_dict``, optimisers and
        adapters see no change); only its ``.data`` becomes a slice of the stacked matrix, so
        that an in-place update (an optimiser step, ``load_state_dict``, ``copy_``) changes
        both. Nothing is done when they are laid out already, when one of the three is wrapped
        (an adapter), when only some carry a bias or their dtypes or devices differ, or where
        values cannot be read (meta or fake tensors, inference mode).
        """
        if self._stacked_in_projection() is not None:
            return  # laid out already
        self._stacked, self._stacked_at = None, None
        tensors = self._in_projection_tensors()
        if tensors is None or torch.is_inference_mode_enabled():
            return
        present = [t for t in tensors if t is not None]
        if any(type(t) is not nn.Parameter or t.is_meta for t in present):
            return
        weights, biases = tensors[0::2], tensors[1::2]  # W_q, W_k, W_v's weights; their biases
        if len({b is None for b in biases}) > 1 or len({(t.dtype, t.device) for t in present}) > 1:
            return  # a bias on some of them only, or mixed dtypes or devices: they stay apart
        rows = [w.shape[0] for w in weights]
        with torch.no_grad():
            weight = torch.cat(weights)  # (q + 2 kv, d_model)
            bias = None if biases[0] is None else torch.cat(biases)  # (q + 2 kv,)
        for params, stacked in ((weights, weight), (biases, bias)):
            if stacked is not None:
                for param, block in zip(params, stacked.split(rows), strict=True):
                    param.data = block  # the same memory as the stacked rows
        self._stacked = (weight, bias)
        self._stacked_at = [t.data_ptr() for t in present]

    def _in_projection_tensors(self) -> tuple[torch.Tensor | None, ...] | None:
        """The weights and biases of ``W_q``, ``W_k``, ``W_v`` in turn; None when one of the
        three is no plain ``nn.Linear`` (an adapter wraps it)."""
        W_q, W_k, W_v = self.W_q, self.W_k, self.W_v
        if not type(W_q) is type(W_k) is type(W_v) is nn.Linear:
            return None
        return (W_q.weight, W_q.bias, W_k.weight, W_k.bias, W_v.weight, W_v.bias)

    def _stacked_in_projection(self) -> tuple[torch.Tensor, torch.Tensor | None] | None:
        """The stacked ``(weight, bias)`` while ``W_q``, ``W_k``, ``W_v`` still live in it; None
        once one was replaced, moved or wrapped, and where values cannot be read (tracing,
        ``torch.compile``, export)."""
        if self._stacked_at is None or recording_a_graph():
            return None
        tensors = self._in_projection_tensors()
        if tensors is None or self._stacked_at != [t.data_ptr() for t in tensors if t is not None]:
            return None
        return self._stacked

    def extra_repr(self) -> str:
        kv = "" if self.n_kv_heads == self.n_heads else f"n_kv_heads={self.n_kv_heads}, "
        return (
            f"d_model={self.d_model}, n_heads={self.n_heads}, {kv}d_head={self.d_head}, "
            f"causal={self.causal}, dropout={self.dropout}"
        )

    def project_heads(
        self, query: torch.Tensor, key: torch.Tensor | None, value: torch.Tensor | None
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """Project and split into heads: Q ``(B, h, T, d_head)``, K and V ``(B, h_kv, S, d_head)``.

        ``h_kv = n_kv_heads`` (``= h`` unless grouped). ``key`` defaults to ``query`` and
        ``value`` to ``key``. Inputs are not validated here (``forward`` does that). To switch
        heads off or read their outputs, use ``forward``'s ``head_gate`` and the hook point
        ``hook_z`` rather than re-assembling the attention from this piece.
        """
        h, h_kv, d_head = self.n_heads, self.n_kv_heads, self.d_head
        # --8<-- [start:project]
        # One matmul per projection makes every head at once; the features are then viewed as
        # heads of d_head (split_heads, without its checks: forward has made them). In
        # inference, self-attention makes Q, K and V with one matmul of the three weights
        # stacked (they share its memory); training keeps three, the graph of the math.
        stacked = None
        if key is None and not torch.is_grad_enabled():
            stacked = self._stacked_in_projection()  # (weight, bias), or None if moved
        B, T, _ = query.shape
        if stacked is not None:  # [Q | K | V] in one matmul, viewed as h + 2 h_kv heads
            heads = F.linear(query, *stacked).view(B, T, h + 2 * h_kv, d_head).transpose(1, 2)
            q, k, v = heads.split((h, h_kv, h_kv), dim=1)  # (B, h, T, d_head), (B, h_kv, T, .) x2
            return q, k, v
        key = query if key is None else key
        value = key if value is None else value
        S = key.shape[1]
        q = self.W_q(query).view(B, T, h, d_head).transpose(1, 2)  # (B, h, T, d_head)
        k = self.W_k(key).view(B, S, h_kv, d_head).transpose(1, 2)  # (B, h_kv, S, d_head)
        v = self.W_v(value).view(B, S, h_kv, d_head).transpose(1, 2)  # (B, h_kv, S, d_head)
        # --8<-- [end:project]
        return q, k, v

    def _check_inputs(
        self, query: object, key: object, value: object
    ) -> tuple[torch.Tensor, torch.Tensor | None, torch.Tensor | None]:
        q = check_tensor("query", query, ndim=3)
        check_float_like("query", q, self.W_q.weight, "the module's parameters")
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

    def _check_gate(self, head_gate: object, query: torch.Tensor) -> torch.Tensor | None:
        """``head_gate`` ``(h,)`` or ``(B, h)`` as ``(B|1, h, 1, 1)``, ready to scale ``z``."""
        if head_gate is None:
            return None
        gate = check_tensor("head_gate", head_gate)
        check_float_like("head_gate", gate, query, "query")
        h, B = self.n_heads, _sizes(query)[0]
        if tuple(gate.shape) not in ((h,), (B, h)):
            raise ValueError(
                f"head_gate: expected shape ({h},) or (B={B}, {h}): one factor per query head, "
                f"got {tuple(gate.shape)}"
            )
        if not finite_or_unreadable(gate):
            raise ValueError("head_gate: holds NaN or inf; expected finite factors")
        return gate.reshape(-1, h, 1, 1)  # (B|1, h, 1, 1)

    def _attend_explicit(
        self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Explicit attention of every query head: output ``(B, h, T, d_head)``, weights
        ``(B, h, T, S)``; with dropout (training), the output uses the dropped weights.

        Grouped heads are not copied: the ``h`` query heads are viewed as ``(h_kv, group)`` and
        each K/V head is broadcast over its group.
        """
        h, h_kv = self.n_heads, self.n_kv_heads
        if h_kv == h:
            out, weights = scaled_dot_product_attention(q, k, v, mask)  # (B, h, T, .)
        else:
            # --8<-- [start:grouped]
            group = h // h_kv  # query heads per K/V head: query head i uses K/V head i // group
            q = q.unflatten(1, (h_kv, group))  # (B, h_kv, group, T, d_head)
            k, v = k.unsqueeze(2), v.unsqueeze(2)  # (B, h_kv, 1, S, d_head): shared by the group
            if mask is not None:  # (B|1, h|1, T, S) -> (B|1, h_kv|1, group|1, T, S)
                mask = mask.unflatten(1, (h_kv, group)) if mask.shape[1] == h else mask.unsqueeze(1)
            out, weights = scaled_dot_product_attention(q, k, v, mask)  # (B, h_kv, group, T, .)
            out, weights = out.flatten(1, 2), weights.flatten(1, 2)  # (B, h, T, .)
            # --8<-- [end:grouped]
            k, v = k.squeeze(2), v.squeeze(2)
        p = self.dropout if self.training else 0.0
        if p > 0.0:  # dropout on the weights, then the same weighted sum of the values
            out = self._weighted_values(F.dropout(weights, p), v)
        return out, weights

    def _attend_fused(
        self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None
    ) -> torch.Tensor:
        """PyTorch's fused kernel (``F.scaled_dot_product_attention``): output ``(B, h, T,
        d_head)``, the weights never formed. Rows with no key left are opened here (their
        output is zeroed by the caller); double backward is refused by name."""
        p = self.dropout if self.training else 0.0
        grouped = self.n_kv_heads != self.n_heads
        if mask is None:  # causality, if any, is the kernel's own flag: no mask is built
            out = F.scaled_dot_product_attention(
                q, k, v, dropout_p=p, is_causal=self.causal, enable_gqa=grouped
            )
        else:
            out = F.scaled_dot_product_attention(
                q, k, v, attn_mask=revive(mask, dead_rows(mask)), dropout_p=p, enable_gqa=grouped
            )
        if out.requires_grad:
            out.register_hook(refuse_double_backward)
        return out

    def _weighted_values(self, weights: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        """``weights (B, h, T, S)`` times ``v (B, h_kv, S, d_head)``, each group sharing its V."""
        if self.n_kv_heads == self.n_heads:
            return weights @ v  # (B, h, T, d_head)
        grouped = weights.unflatten(1, (self.n_kv_heads, -1))  # (B, h_kv, group, T, S)
        return (grouped @ v.unsqueeze(2)).flatten(1, 2)  # (B, h, T, d_head)

    def _mask(
        self,
        query: torch.Tensor,
        key: torch.Tensor | None,
        attn_mask: torch.Tensor | None,
        key_padding_mask: torch.Tensor | None,
        need_weights: bool,
    ) -> torch.Tensor | None:
        """Every mask folded into one additive ``(B|1, h|1, T, S)`` mask, or ``None``.

        Causality alone builds no mask on the fused path (the kernel's ``is_causal`` does it).
        """
        if attn_mask is None and key_padding_mask is None and not (self.causal and need_weights):
            return None
        B, T, _ = _sizes(query)
        S = T if key is None else _sizes(key)[1]
        return combine_masks(
            B=B, n_heads=self.n_heads, T=T, S=S, dtype=query.dtype, device=query.device,
            attn_mask=attn_mask, key_padding_mask=key_padding_mask, causal=self.causal,
        )  # fmt: skip

    def forward(
        self,
        query: torch.Tensor,
        key: torch.Tensor | None = None,
        value: torch.Tensor | None = None,
        *,
        key_padding_mask: torch.Tensor | None = None,
        attn_mask: torch.Tensor | None = None,
        need_weights: bool = False,
        head_gate: torch.Tensor | None = None,
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
            Also return the per-head weights: the explicit path, which forms them (and can be
            differentiated twice). Without it the fast path
            (``torch.nn.functional.scaled_dot_product_attention``) runs; both give the same
            numbers. The argument alone chooses the path, never the values.
        head_gate : torch.Tensor, optional
            ``(n_heads,)`` or ``(B, n_heads)``, finite, query's dtype and device: multiplies
            each query head's output ``z`` before the merge and ``W_o`` (with GQA, a factor per
            query head, not per K/V head). Either path; the weights returned are not gated.

        Returns
        -------
        torch.Tensor or (torch.Tensor, torch.Tensor)
            Output ``(B, T, d_model)``; with ``need_weights`` also weights ``(B, n_heads, T, S)``.
            A query whose keys are all masked (bool True or ``-inf``; a finite float mask such as
            ``-1e9`` only lowers scores, in any dtype) gets zero weights and a zero output row.
            NaN in, NaN out, on both paths: a NaN or infinity in a query row makes that output
            row NaN; one in a sequence's keys or values makes its every row NaN (the explicit
            softmax meets it even at a masked key). Rows with no key left stay zero.

        Raises
        ------
        TypeError, ValueError
            Inputs, masks or ``head_gate`` of the wrong type, rank, shape, dtype or device, or
            a non-finite ``head_gate``; the message names the argument.
        """
        query, key, value = self._check_inputs(query, key, value)
        if not isinstance(need_weights, bool):
            raise TypeError(f"need_weights: expected bool, got {type(need_weights).__name__}")
        gate = self._check_gate(head_gate, query)  # (B|1, h, 1, 1) or None
        mask = self._mask(query, key, attn_mask, key_padding_mask, need_weights)  # or None

        q, k, v = self.project_heads(query, key, value)  # Q (B, h, T, d_head), K, V (B, h_kv, S, .)
        if need_weights:  # the weights (B, h, T, S) are formed, softmax by softmax
            z, weights = self._attend_explicit(q, k, v, mask)  # z: (B, h, T, d_head)
        else:  # one fused kernel, no weights
            z, weights = self._attend_fused(q, k, v, mask), None  # z: (B, h, T, d_head)
        z = no_key_no_output(z, mask)  # rows with every key masked: zeros, not NaN
        if gate is not None:
            z = z * gate  # head i scaled by its factor (0 = switched off)
        z = self.hook_z(z)  # (B, h, T, d_head): the hook point on the per-head outputs
        # --8<-- [start:merge-out]
        out = z.transpose(1, 2).flatten(2)  # (B, h, T, d_head) -> (B, T, h*d_head): merge_heads
        out = self.W_o(out)  # (B, T, d_model): mix the heads
        # --8<-- [end:merge-out]
        out = nan_in_nan_out(out, query, key, value)  # NaN in, NaN out, on both paths alike
        out = no_key_no_output(out, mask, heads=True)  # (B, T, d_model): zero if no head saw a key
        return (out, weights) if need_weights else out


def _sizes(t: torch.Tensor) -> tuple[int, ...]:
    """``t``'s shape as Python ints (``torch.jit.trace`` records sizes as tensors; the trace is
    then specialised to these sizes, as torch's TracerWarning says)."""
    return tuple(int(n) for n in t.shape)


def count_parameters(module: nn.Module) -> int:
    """Number of scalars in ``module``'s parameters."""
    return sum(p.numel() for p in module.parameters())


__all__ = ["MultiHeadAttention", "count_parameters"]
