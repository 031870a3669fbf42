"""Our own module built from a config has exactly the attention parameters ``describe`` reports.

For every shipped config whose family is not MLA, ``mha.MultiHeadAttention`` is built on the meta
device with the config's heads, K/V heads, head width and biases. (The count itself is checked
against ``transformers`` in ``test_config_hf.py``; this closes the loop to our module.)
"""

from __future__ import annotations

import inspect

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

import mha
from mha import config
from mha.config.by_keys import KEY_FAMILIES
from tests.mha.hf_configs import HYPOTHESIS_FAMILIES, family_config

_PARAMS = inspect.signature(mha.MultiHeadAttention).parameters
HAS_GQA = {"n_kv_heads", "head_dim", "out_bias"} <= set(_PARAMS)
# our module has the four projections alone: no latent (MLA), no gate folded into q_proj, and
# one shape in every layer (not Gemma 4's full layers, whose keys are their values, nor
# MiMo-V2-Flash's, whose V is narrower than K: their shapes differ by layer kind)
_GATED = {t for t, rules in KEY_FAMILIES.items() if rules.gated_query or rules.head_gate_flag}
NON_MLA = [
    name
    for name in config.BUILTIN
    if (spec := config.describe(config.load_builtin(name))).kind != "MLA"
    and spec.model_type not in _GATED
    and not spec.params_by_kind
]


needs_gqa = pytest.mark.skipif(
    not HAS_GQA,
    reason="mha.MultiHeadAttention has no n_kv_heads / head_dim / out_bias arguments yet "
    "(issue 9, 'Grouped-query attention in the module', is another helper's task)",
)


def _our_count(spec: config.AttentionSpec) -> int:
    """Parameters of our module built on the meta device with the config's attention shape."""
    bias = spec.bias
    assert bias["q"] == bias["k"] == bias["v"]  # every family here: one flag for q, k and v
    with torch.device("meta"):
        module = mha.MultiHeadAttention(
            spec.d_model,
            spec.n_heads,
            n_kv_heads=spec.n_kv_heads,
            head_dim=spec.d_head,
            bias=bias["q"],
            out_bias=bias["o"],
        )
    return sum(p.numel() for p in module.parameters())


@needs_gqa
@pytest.mark.parametrize("name", NON_MLA)
def test_our_module_built_from_a_config_has_the_reported_count(name):
    spec = config.describe(config.load_builtin(name))
    assert _our_count(spec) == spec.attention_params_per_layer
    if {"n_kv_heads", "head_dim", "out_bias"} <= set(
        inspect.signature(mha.attention_param_count).parameters
    ):
        assert spec.attention_params_per_layer == mha.attention_param_count(
            spec.d_model, spec.n_heads, spec.bias["q"], n_kv_heads=spec.n_kv_heads,
            head_dim=spec.d_head, out_bias=spec.bias["o"])  # fmt: skip


MLA_FAMILIES = {t for t, f in config.FAMILIES.items() if f.form == "mla"}


@needs_gqa
@pytest.mark.parametrize("model_type", [t for t in HYPOTHESIS_FAMILIES if t not in MLA_FAMILIES])
@settings(max_examples=20)
@given(data=st.data())
def test_our_module_agrees_on_generated_sizes(model_type, data):
    spec = config.describe(data.draw(family_config(model_type)))
    assert _our_count(spec) == spec.attention_params_per_layer


def test_every_family_but_mla_is_covered():
    families = {config.describe(config.load_builtin(n)).model_type for n in NON_MLA}
    assert families & set(config.FAMILIES) == set(config.FAMILIES) - MLA_FAMILIES
