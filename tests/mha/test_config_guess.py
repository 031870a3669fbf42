"""Configs without ``model_type``: read by their ``architectures`` or keys, encoders as encoders,
the family assumed said in a warning; and the families whose layers hold more than the four
projections (q/k norms, partial rotary dims, experts, attention both ways).

The oracle is ``transformers``, given the ``model_type`` the file leaves out.
"""

from __future__ import annotations

import json
import warnings

import pytest

from mha import config
from mha.config.guess import architecture_family, assume_family
from tests.mha.hf_configs import describe, hf_attention, hf_config, hf_facts, qk_norm_params

#: ``roberta-base`` as the 2019 file had it: no ``model_type``, no ``architectures``.
ROBERTA_2019 = {
    "attention_probs_dropout_prob": 0.1,
    "finetuning_task": None,
    "hidden_act": "gelu",
    "hidden_dropout_prob": 0.1,
    "hidden_size": 768,
    "initializer_range": 0.02,
    "intermediate_size": 3072,
    "layer_norm_eps": 1e-05,
    "max_position_embeddings": 514,
    "num_attention_heads": 12,
    "num_hidden_layers": 12,
    "num_labels": 2,
    "output_attentions": False,
    "output_hidden_states": False,
    "torchscript": False,
    "type_vocab_size": 1,
    "vocab_size": 50265,
}


def read_with_warning(cfg: dict) -> tuple[config.AttentionSpec, str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        spec = config.describe(cfg)
    (w,) = caught
    return spec, str(w.message)


def test_the_2019_roberta_file_is_read_as_an_encoder():
    """Before: guessed as Llama, biases dropped (2,359,296) and a generation cache reported."""
    spec, message = read_with_warning(ROBERTA_2019)
    assert "'bert'" in message and "encoder" in message and "type_vocab_size" in message
    params, _ = hf_facts({"model_type": "roberta", **ROBERTA_2019})  # what the file really is
    assert spec.attention_params_per_layer == params == 2_362_368
    assert spec.kv_cache_bytes_per_token is None and spec.kv_cache_bytes(8192) is None
    assert spec.layer_windows == ()
    assert any("no model_type" in n for n in spec.notes)


def test_the_shipped_roberta_file_reads_the_same_with_and_without_model_type():
    cfg = config.load_builtin("roberta-base")
    with_type = describe(cfg)
    without, message = read_with_warning({k: v for k, v in cfg.items() if k != "model_type"})
    assert "RobertaForMaskedLM" in message and "'roberta'" in message
    assert without.model_type == "roberta" and without.kv_cache_bytes_per_token is None
    assert without.attention_params_per_layer == with_type.attention_params_per_layer


@pytest.mark.parametrize("name", ["mistral-7b", "qwen3-8b", "phi-2", "gemma-3-1b", "olmo-2-7b"])
def test_without_model_type_the_architectures_name_the_family(name):
    cfg = config.load_builtin(name)
    expected = describe(cfg)
    spec, message = read_with_warning({k: v for k, v in cfg.items() if k != "model_type"})
    assert repr(expected.model_type) in message and cfg["architectures"][0] in message
    assert spec.attention_params_per_layer == expected.attention_params_per_layer
    assert spec.kv_cache_bytes(32768) == expected.kv_cache_bytes(32768)


def test_a_guessed_family_still_needs_its_sizes():
    """Without ``model_type`` the family's default sizes are not the file's."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(ValueError, match="num_hidden_layers"):
            config.describe({"architectures": ["Qwen3ForCausalLM"], "hidden_size": 64,
                             "num_attention_heads": 4})  # fmt: skip


@pytest.mark.parametrize(
    ("cfg", "model_type"),
    [
        ({"architectures": ["BloomForCausalLM"], "hidden_size": 8}, "llama"),  # unknown class
        ({"hidden_size": 8, "new_decoder_architecture": True}, "falcon"),
        ({"n_embd": 8, "multi_query": False}, "gpt_bigcode"),
        ({"kv_lora_rank": 8}, "deepseek_v2"),
    ],
)
def test_keys_decide_when_no_class_is_known(cfg, model_type):
    assert assume_family(cfg)[0] == model_type


def test_architectures_must_be_a_list_of_names():
    with pytest.raises(ValueError, match="architectures"):
        assume_family({"architectures": "LlamaForCausalLM", "hidden_size": 8})


@pytest.mark.parametrize(
    ("name", "model_type"),
    [("Gemma2ForCausalLM", "gemma2"), ("GemmaForCausalLM", "gemma"),
     ("Phi3ForCausalLM", "phi3"), ("PhiForCausalLM", "phi"), ("GPTNeoXForCausalLM", "gpt_neox"),
     ("Qwen3MoeForCausalLM", "qwen3_moe"), ("Qwen3ForCausalLM", "qwen3"),
     ("Qwen2ForCausalLM", "qwen2"), ("Qwen2VLForConditionalGeneration", None),
     ("PhiMoEForCausalLM", None), ("Olmo2ForCausalLM", "olmo2"), ("OlmoForCausalLM", None)],
)  # fmt: skip
def test_the_longest_class_prefix_wins_and_others_are_not_guessed(name, model_type):
    assert architecture_family(name) == model_type


def test_command_warns_which_family_and_says_encoder(tmp_path, capsys):
    f = tmp_path / "roberta.json"
    f.write_text(json.dumps(ROBERTA_2019))
    assert config.main([str(f)]) == 0
    captured = capsys.readouterr()
    assert "encoder" in captured.err and "'bert'" in captured.err
    row = next(line for line in captured.out.splitlines() if str(f) in line)
    assert "2,362,368" in row and row.rstrip().endswith("n/a")


# --- what a layer holds beside its projections ---------------------------------------------


def test_qwen3_q_norm_and_k_norm_are_noted_with_their_parameters():
    cfg = config.load_builtin("qwen3-8b")
    spec = describe(cfg)
    assert spec.norm_params_per_layer == 2 * 128 == qk_norm_params(hf_attention(cfg))
    (note,) = [n for n in spec.notes if n.startswith("q_norm and k_norm")]
    assert "256 parameters per layer outside the four projections" in note


def test_olmo2_norms_span_every_head():
    spec = describe(config.load_builtin("olmo-2-7b"))
    assert spec.norm_params_per_layer == (32 + 32) * 128


def test_phi2_rotates_32_of_80_dims():
    spec = describe(config.load_builtin("phi-2"))
    assert (spec.d_head, spec.rotary_dims) == (80, 32)
    assert any("partial rotary (partial_rotary_factor = 0.4)" in n for n in spec.notes)
    assert spec.norm_params_per_layer == 0  # qk_layernorm is false in the file


def test_rope_parameters_partial_factor_wins_over_the_top_level_key():
    """``transformers`` 5 reads ``rope_parameters.partial_rotary_factor`` first."""
    cfg = config.load_builtin("stablelm-2-1.6b") | {
        "rope_parameters": {"rope_type": "default", "rope_theta": 10000, "partial_rotary_factor":
                            0.5}}  # fmt: skip
    assert describe(cfg).rotary_dims == 32
    assert describe(config.load_builtin("stablelm-2-1.6b")).rotary_dims == 16


@pytest.mark.parametrize("bad", [0, 1.5, "half", True])
def test_a_partial_rotary_factor_is_a_fraction(bad):
    cfg = config.load_builtin("phi-2") | {"partial_rotary_factor": bad}
    with pytest.raises(ValueError, match="partial_rotary_factor"):
        config.describe(cfg)


@pytest.mark.parametrize(
    ("name", "experts", "per_token"),
    [("qwen3-30b-a3b", 128, 8), ("qwen1.5-moe-a2.7b", 60, 4), ("mixtral-8x7b", 8, 2),
     ("deepseek-v3", 256, 8), ("llama-3-8b", None, None)],
)  # fmt: skip
def test_moe_models_say_their_attention_is_dense(name, experts, per_token):
    spec = describe(config.load_builtin(name))
    assert (spec.experts, spec.experts_per_token, spec.moe) == (experts, per_token, bool(experts))
    assert any("attention is dense" in n for n in spec.notes) == bool(experts)
    assert config.kind_text(spec).endswith("+MoE") == bool(experts)


@pytest.mark.parametrize("model_type", ["gemma2", "gemma3_text"])
def test_bidirectional_gemma_is_an_encoder(model_type):
    """EmbeddingGemma-style configs attend both ways: transformers' module is not causal, and
    no generation cache is reported."""
    cfg = {"model_type": model_type, "num_hidden_layers": 2, "use_bidirectional_attention": True}
    spec = describe(cfg)
    assert spec.kv_cache_bytes_per_token is None and spec.layer_windows == ()
    assert hf_attention(cfg).is_causal is False
    assert describe(cfg | {"use_bidirectional_attention": False}).kv_cache_bytes_per_token


def test_exaone_reads_num_layers_as_transformers_does():
    """EXAONE's files say ``num_layers``; transformers maps it onto ``num_hidden_layers`` and
    lets it win."""
    cfg = config.load_builtin("exaone-3.5-7.8b")
    assert "num_hidden_layers" not in cfg
    assert describe(cfg).n_layers == 32
    both = cfg | {"num_hidden_layers": 5, "num_layers": 3}
    assert describe(both).n_layers == hf_config(both).num_hidden_layers == 3
