"""``mha.config`` reading by keys, against ``transformers`` 5.x as the oracle, layer by layer.

The families are found by discovery: every ``model_type`` that ``transformers``' causal-LM
mapping lists and whose config class names the standard keys (``hidden_size``,
``num_attention_heads``, ``num_hidden_layers``), except those of the family table (checked in
``test_config_hf.py``). For each, hypothesis draws a valid config (the class defaults with a
few layers, drawn layer types and drawn head counts) and the reading must either refuse it with
a ``ValueError`` or agree with the model ``transformers`` builds on the meta device on every
layer: which layers attend, projection parameters, sinks, indexer, heads, ``head_dim``, what each
layer caches per token, and the cache at 8k and 32k tokens as ``DynamicCache`` keeps it (how
the HF side is measured: :mod:`tests.mha.hf_layers`).
"""

from __future__ import annotations

import json
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from transformers import AutoConfig
from transformers.models.auto import modeling_auto

from mha import config
from mha.config.by_keys import KEY_FAMILIES, TEXT_MODELS
from mha.config.layer_kinds import (
    ATTENTION_KINDS,
    DEFAULT_PATTERNS,
    LAYER_TYPE_NAMES,
    LINEAR_IS_MAMBA,
)
from tests.mha.hf_layers import (
    HFLayer,
    build,
    cached_tokens,
    decoder_layers,
    hf_cache_bytes,
    hf_config,
    measure,
)

CONTEXTS = (8192, 32768)
LAYER_LISTS = ("layer_types", "layers_block_type")
PER_LAYER_LISTS = ("indexer_types", "mlp_layer_types", "no_rope_layers", "moe_layers")


def _default(model_type: str) -> dict | None:
    """The class defaults as a JSON-like dict, or ``None`` when they lack the standard keys."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            cfg = json.loads(json.dumps(AutoConfig.for_model(model_type).to_dict(), default=str))
    except Exception:  # a class that cannot build its own defaults is not discovered
        return None
    text = cfg.get("text_config") if isinstance(cfg.get("text_config"), dict) else cfg
    if not all(isinstance(text.get(k), int) for k in ("hidden_size", "num_attention_heads")):
        return None
    listed = any(isinstance(text.get(k), list) for k in LAYER_LISTS)
    return cfg if listed or isinstance(text.get("num_hidden_layers"), int) else None


DISCOVERED = {
    t: cfg
    for t in sorted(modeling_auto.MODEL_FOR_CAUSAL_LM_MAPPING_NAMES)
    if t not in config.FAMILIES
    and t not in modeling_auto.MODEL_FOR_MASKED_LM_MAPPING_NAMES  # encoders with a causal head
    and (cfg := _default(t)) is not None
}
_BUILDS: dict[str, str | None] = {}


def build_error(model_type: str) -> str | None:
    """Why ``transformers`` cannot build the two-layer defaults of ``model_type`` on the meta
    device and cache with them (``None``: it can); measured once."""
    if model_type not in _BUILDS:
        cfg = json.loads(json.dumps(DISCOVERED[model_type]))
        text = cfg["text_config"] if isinstance(cfg.get("text_config"), dict) else cfg
        text["num_hidden_layers"] = 2
        for key in (*LAYER_LISTS, *PER_LAYER_LISTS):
            if isinstance(text.get(key), list):
                text[key] = text[key][:2]
        text.pop("hybrid_override_pattern", None)
        _keep_overrides(text, 2)
        try:
            decoder_layers(build(cfg), 2)
            cached_tokens(cfg, 2)
            _BUILDS[model_type] = None
        except Exception as e:  # any failure of transformers own build
            _BUILDS[model_type] = f"{type(e).__name__}: {str(e)[:100]}"
    return _BUILDS[model_type]


@st.composite
def small_config(draw, model_type: str) -> dict:
    """The defaults of ``model_type`` with 1 to 6 layers, layer types drawn among the
    defaults' own, and (half the time) drawn head counts."""
    cfg = json.loads(json.dumps(DISCOVERED[model_type]))
    text = cfg["text_config"] if isinstance(cfg.get("text_config"), dict) else cfg
    n = draw(st.integers(1, 6))
    text["num_hidden_layers"] = n
    text.pop("hybrid_override_pattern", None)
    for key in LAYER_LISTS:
        if isinstance(text.get(key), list) and text[key]:
            text[key] = draw(st.lists(st.sampled_from(sorted(set(text[key]))), min_size=n,
                                      max_size=n))  # fmt: skip
    for key in PER_LAYER_LISTS:
        if isinstance(text.get(key), list) and len(text[key]) > n:
            text[key] = text[key][:n]
    if isinstance(text.get("head_dim"), int) and draw(st.booleans()):  # heads the class reads
        kv = draw(st.sampled_from([1, 2, 4]))
        heads = kv * draw(st.sampled_from([1, 2])) if "num_key_value_heads" in text else kv
        head_dim = draw(st.sampled_from([16, 32]))
        text |= {"num_attention_heads": heads, "head_dim": head_dim,
                 "hidden_size": heads * head_dim}  # fmt: skip
        if "num_key_value_heads" in text:
            text["num_key_value_heads"] = kv
    elif text["hidden_size"] % text["num_attention_heads"]:  # a width real files give
        text["hidden_size"] -= text["hidden_size"] % text["num_attention_heads"]
    if isinstance(text.get("sliding_window"), int) and draw(st.booleans()):
        text["sliding_window"] = draw(st.integers(2, 40))
    _keep_overrides(text, n)
    return cfg


def _keep_overrides(text: dict, n: int) -> None:
    """``per_layer_config`` (Gemma 4's per-layer shapes) cut to the first ``n`` layers."""
    if isinstance(text.get("per_layer_config"), dict):
        text["per_layer_config"] = {i: v for i, v in text["per_layer_config"].items()
                                    if int(i) < n}  # fmt: skip


def expected_params(spec: config.AttentionSpec, i: int, kind: str) -> int:
    """The attention parameters ``spec`` gives layer ``i`` of kind ``kind``."""
    if spec.layer_params:
        return spec.layer_params[i]
    return spec.params_by_kind.get(kind, spec.attention_params_per_layer)


def check_shape(spec: config.AttentionSpec, hf: HFLayer, kind: str) -> None:
    """K/V heads and ``head_dim`` of a layer with its own ``k_proj``, when shapes differ by kind."""
    if spec.kv_shape_by_kind and hf.head_dim:
        assert (hf.kv_heads, hf.head_dim) == spec.kv_shape_by_kind[kind], kind


@pytest.mark.slow  # seconds of CPU: the whole suite runs it, the inner loop does not
@pytest.mark.parametrize("model_type", sorted(DISCOVERED))
@settings(max_examples=3, deadline=None)
@given(data=st.data())
def test_read_by_keys_agrees_with_transformers(model_type, data):
    if build_error(model_type) is not None:
        pytest.skip(f"transformers cannot build {model_type}: {build_error(model_type)}")
    cfg = data.draw(small_config(model_type))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            spec = config.describe(cfg)
    except ValueError as e:  # refused: one line that names why
        assert "\n" not in str(e)
        return
    try:
        model = build(cfg)
        tokens = {c: cached_tokens(cfg, c) for c in CONTEXTS}
    except Exception:  # drawn heads transformers refuses: no oracle
        return
    layers = [measure(layer) for layer in decoder_layers(model, spec.n_layers)]
    kinds = spec.layer_kinds or ("full",) * spec.n_layers
    assert len(layers) == spec.n_layers == len(kinds)
    keeps_kv = [t > 0 for t in tokens[CONTEXTS[0]]]  # DummyLayer (shared K/V): 0
    assert spec.kv_cache_layers == sum(keeps_kv)
    measured = [h for h in layers if h.attends]
    if not measured:  # fused projections (query_key_value, ...): only the layer count is seen
        return
    for i, (hf, kind) in enumerate(zip(layers, kinds, strict=True)):
        assert hf.attends == (kind in ATTENTION_KINDS), i
        if not hf.attends:
            continue
        assert hf.params == expected_params(spec, i, kind), i
        assert hf.heads == spec.n_heads
        check_shape(spec, hf, kind)
        assert hf.sinks == (spec.other_params_per_layer.get("sinks", 0) if hf.sinks else 0)
        assert hf.indexer == (spec.other_params_per_layer.get("indexer", 0) if hf.indexer else 0)
        if spec.layer_kv_bytes:
            assert spec.layer_kv_bytes[i] == hf.kv_numbers * spec.dtype_bytes, i
    for context in CONTEXTS:
        assert spec.kv_cache_bytes(context) == hf_cache_bytes(cfg, layers, context, 2)


@pytest.mark.parametrize("model_type", sorted(set(DEFAULT_PATTERNS) & set(DISCOVERED)))
def test_a_config_without_layer_types_takes_its_class_pattern(model_type):
    """No ``layer_types`` in the file: the kinds are those ``transformers``' class derives (a
    hub file of MiMo-V2-Flash has none; reading every layer as full would be wrong)."""
    cfg = json.loads(json.dumps(DISCOVERED[model_type]))
    text = cfg["text_config"] if isinstance(cfg.get("text_config"), dict) else cfg
    text.pop("layer_types", None)
    text["num_hidden_layers"] = 13
    for key in PER_LAYER_LISTS:
        if isinstance(text.get(key), list):
            text[key] = (text[key] * 13)[:13]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        spec = config.describe(cfg)
        hf = hf_config(cfg)
    hf = hf.get_text_config() if hasattr(hf, "get_text_config") else hf
    assert spec.layer_kinds == tuple(LAYER_TYPE_NAMES[t] for t in hf.layer_types)


def test_falcon_h1_attends_in_every_layer_whatever_attn_layer_indices_says():
    """Published Falcon-H1 files say ``attn_layer_indices: null``; transformers ignores the key
    (attention beside Mamba in every layer), so the reading must too."""
    cfg = json.loads(json.dumps(DISCOVERED["falcon_h1"]))
    cfg |= {"num_hidden_layers": 3, "attn_layer_indices": None}
    spec = config.describe(cfg)
    layers = [measure(layer) for layer in decoder_layers(build(cfg), 3)]
    assert spec.layer_counts == {"full": 3} and all(h.attends for h in layers)
    for context in CONTEXTS:
        assert spec.kv_cache_bytes(context) == hf_cache_bytes(cfg, layers, context, 2)


def test_discovery_finds_the_families_of_the_issue():
    """The issue's families are among those discovered (so each is drawn above)."""
    named = {"gpt_oss", "llama4_text", "smollm3", "glm4_moe", "minimax_m2", "mimo_v2_flash",
             "qwen3_next", "qwen3_5_text", "qwen3_5_moe_text", "nemotron_h", "falcon_h1",
             "deepseek_v32", "glm_moe_dsa"}  # fmt: skip
    found = set(DISCOVERED)
    for wrapper, inner in (("llama4", "llama4_text"), ("qwen3_5", "qwen3_5_text")):
        if wrapper in found:
            found.add(inner)
    assert named - found <= {"qwen3_5_text", "qwen3_5_moe_text"}, named - found


# --- the shipped configs of the families read by keys --------------------------------------

KEY_SHIPPED = [n for n in config.BUILTIN if config.describe(config.load_builtin(n)).layer_kinds]


def _prefix(cfg: dict, kinds: tuple[str, ...]) -> tuple[dict, int]:
    """``cfg`` cut to the fewest first layers that show every layer kind, and that count (all
    of them when the last layers reuse earlier layers' K/V: cutting would change which)."""
    n = max(kinds.index(k) for k in set(kinds)) + 1
    cut = json.loads(json.dumps(cfg))
    text = cut["text_config"] if isinstance(cut.get("text_config"), dict) else cut
    if text.get("num_kv_shared_layers"):
        n = len(kinds)
    text["num_hidden_layers"] = n
    for key in (*LAYER_LISTS, *PER_LAYER_LISTS):
        if isinstance(text.get(key), list) and text[key]:
            text[key] = text[key][:n]
    if isinstance(text.get("hybrid_override_pattern"), str):  # Nemotron-H's layer string
        text["hybrid_override_pattern"] = text["hybrid_override_pattern"][:n]
    return cut, n


@pytest.mark.parametrize("name", KEY_SHIPPED)
def test_shipped_config_read_by_keys_agrees_with_transformers(name):
    """A real published config per new family: the first layers of each kind built by
    ``transformers`` (meta device), the whole model's cache as ``DynamicCache`` keeps it."""
    cfg = {k: v for k, v in config.load_builtin(name).items() if k != "_source"}
    spec = config.describe(cfg)
    cut, n = _prefix(cfg, spec.layer_kinds)
    layers = [measure(layer) for layer in decoder_layers(build(cut), n)]
    numbers = {}
    for i, (hf, kind) in enumerate(zip(layers, spec.layer_kinds, strict=False)):
        assert hf.attends == (kind in ATTENTION_KINDS)
        if hf.attends:
            assert hf.params == expected_params(spec, i, kind)
            assert hf.heads == spec.n_heads
            check_shape(spec, hf, kind)
            # sinks are counted per layer of the kind that has them (MiMo-V2-Flash: sliding)
            assert hf.sinks in (0, spec.other_params_per_layer.get("sinks", 0))
            assert hf.indexer == spec.other_params_per_layer.get("indexer", 0)
            numbers[kind] = max(numbers.get(kind, 0), hf.kv_numbers)  # shared layers: 0
    assert any(h.sinks for h in layers) == ("sinks" in spec.other_params_per_layer)
    for context in CONTEXTS:
        tokens = cached_tokens(cfg, context)
        assert len(tokens) == spec.n_layers
        pairs = zip(tokens, spec.layer_kinds, strict=True)
        expected = sum(t * numbers.get(k, 0) * 2 for t, k in pairs)  # DummyLayer: t = 0
        assert spec.kv_cache_bytes(context) == expected, context


@pytest.mark.parametrize(
    ("name", "counts", "at_32k"),
    [
        # 12 full layers of 2 K/V heads x 256, K and V, bf16: 12 * 32,768 * 2,048 bytes
        ("qwen3-next-80b-a3b", {"full": 12, "linear": 36}, 12 * 32768 * 2048),
        # 12 full layers and 12 of a 128-token window, 8 K/V heads x 64: 2,048 bytes a token
        ("gpt-oss-20b", {"full": 12, "sliding": 12}, 2048 * (12 * 32768 + 12 * 128)),
        # 12 NoPE full layers, 36 chunked at 8,192 tokens, 8 K/V heads x 128: 4 KiB a token
        ("llama-4-scout", {"full": 12, "chunked": 36}, 4096 * (12 * 32768 + 36 * 8192)),
        # 4 attention layers of 8 K/V heads x 128 among 24 Mamba-2 and 24 MLP layers: 4 KiB each
        ("nemotron-h-8b", {"full": 4, "mamba": 24, "none": 24}, 4 * 32768 * 4096),
    ],
)  # fmt: skip
def test_hybrid_and_windowed_caches_by_hand(name, counts, at_32k):
    spec = config.describe(config.load_builtin(name))
    assert spec.layer_counts == counts
    assert spec.kv_cache_bytes(32768) == at_32k


def test_kimi_k2_is_read_through_its_architectures():
    """``kimi_k2`` is no model_type transformers 5.25 knows; its ``architectures`` name
    DeepSeek-V3's class, so it reads exactly as the same file saying ``deepseek_v3`` (which
    ``test_config_hf.py`` checks against transformers), with a note saying why."""
    cfg = config.load_builtin("kimi-k2")
    spec = config.describe(cfg)
    as_v3 = config.describe(cfg | {"model_type": "deepseek_v3"})
    assert spec.kv_cache_bytes(32768) == as_v3.kv_cache_bytes(32768)
    assert (spec.attention_params_per_layer, spec.n_heads, spec.kind) == (
        as_v3.attention_params_per_layer, 64, "MLA")  # fmt: skip
    assert any("DeepseekV3ForCausalLM" in n for n in spec.notes)


def test_an_unknown_standard_config_is_read_with_a_note():
    cfg = {"model_type": "brand_new_2027", "hidden_size": 1024, "num_attention_heads": 16,
           "num_key_value_heads": 4, "head_dim": 64, "num_hidden_layers": 8,
           "layer_types": ["sliding_attention", "full_attention"] * 4,
           "sliding_window": 512}  # fmt: skip
    spec = config.describe(cfg)
    assert (spec.n_kv_heads, spec.attention_layers, spec.layer_counts) == (
        4, 8, {"full": 4, "sliding": 4})  # fmt: skip
    assert spec.kv_cache_bytes(8192) == 4 * 2 * 64 * 2 * (4 * 8192 + 4 * 512)
    assert any("not in the family table" in n for n in spec.notes)


def _renamed(cfg: dict) -> dict:
    """``cfg`` as a family mha.config has never heard of: every ``model_type`` (the file's and
    its text config's) renamed, ``architectures`` left out."""
    out = {k: v for k, v in cfg.items() if k not in ("_source", "architectures")}
    out["model_type"] = "renamed_" + str(out.get("model_type"))
    if isinstance(out.get("text_config"), dict):
        text = dict(out["text_config"])
        text["model_type"] = "renamed_" + str(text.get("model_type"))
        out["text_config"] = text
    return out


def _without_biases(spec) -> int:
    """Attention parameters per layer less the biases ``spec.bias`` says the layer has."""
    widths = {"q": spec.n_heads * spec.d_head, "k": spec.n_kv_heads * spec.d_head,
              "v": spec.n_kv_heads * spec.d_head, "o": spec.d_model}  # fmt: skip
    return spec.attention_params_per_layer - sum(w for p, w in widths.items() if spec.bias[p])


@pytest.mark.parametrize("name", sorted(config.BUILTIN))
def test_a_renamed_family_is_read_the_same_or_refused_never_otherwise(name):
    """The same file under a model_type nobody knows is read as its family reads it (which the
    transformers tests check) or refused by name: never other numbers. MiMo-V2.5 came as
    ``mimo_v2``: read by its standard keys alone it was 48 sliding layers of 4 K/V heads, where
    ``hybrid_layer_pattern`` and ``swa_*`` make 9 full layers of 4 and 39 sliding of 8."""
    _read_the_same_or_refused(config.load_builtin(name))


def _read_the_same_or_refused(cfg: dict) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            known = config.describe(cfg)
        except ValueError:  # the family itself refuses these keys: nothing to compare
            return
        try:
            renamed = config.describe(_renamed(cfg))
        except ValueError as e:
            assert "\n" not in str(e)
            return
    fields = ("n_heads", "n_kv_heads", "d_head", "kv_cache_bytes_per_token", "kv_shape_by_kind",
              "layer_counts", "local_layers")  # fmt: skip
    assert [getattr(renamed, f) for f in fields] == [getattr(known, f) for f in fields]
    # The one assumption the note states: biases are read from attention_bias alone.
    assert _without_biases(renamed) == _without_biases(known)
    for context in (1024, 8192, 32768):
        assert renamed.kv_cache_bytes(context) == known.kv_cache_bytes(context), context


def _said_by_keys(model_type: str) -> bool:
    """Whether everything of ``model_type``'s attention but biases and q/k norms is in its keys:
    no rule of the family table adds a gate, sinks, another shape or a Mamba mixer (the table
    exists for what the keys leave unsaid, and a renamed family cannot have it)."""
    model_type = TEXT_MODELS.get(model_type, model_type)  # a wrapper's language model
    rules = KEY_FAMILIES.get(model_type)
    if rules is None:
        return True
    hidden = (rules.sinks, rules.gated_query, rules.mamba_beside, rules.sliding_kv_factor > 1,
              rules.head_gate_flag)  # fmt: skip
    return not any(hidden) and model_type not in LINEAR_IS_MAMBA


@pytest.mark.parametrize("model_type", sorted(t for t in DISCOVERED if _said_by_keys(t)))
def test_the_defaults_of_every_family_renamed_are_read_the_same_or_refused(model_type):
    """The same rule on the class defaults of every decoder family transformers lists (as
    :func:`test_read_by_keys_agrees_with_transformers` discovers them) whose attention its keys
    say (see :func:`_said_by_keys`)."""
    _read_the_same_or_refused(DISCOVERED[model_type])


@pytest.mark.parametrize(
    ("cfg", "missing"),
    [
        ({"model_type": "brand_new", "num_attention_heads": 8, "num_hidden_layers": 2},
         "hidden_size"),
        ({"model_type": "brand_new", "hidden_size": 100, "num_attention_heads": 8,
          "num_hidden_layers": 2}, "head_dim"),
        ({"model_type": "brand_new", "hidden_size": 64, "num_attention_heads": 8,
          "layer_types": ["sliding_attention"]}, "sliding_window"),
        ({"model_type": "gpt_oss", "hidden_size": 64, "num_attention_heads": 8,
          "layer_types": ["chunked_attention"]}, "attention_chunk_size"),
    ],
)  # fmt: skip
def test_keys_that_do_not_determine_the_attention_are_named(cfg, missing):
    with pytest.raises(ValueError, match=missing) as e:
        config.describe(cfg)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize(("model_type", "why"), [("deepseek_v4", "compressed")])
def test_unmodelled_families_are_refused_by_name(model_type, why):
    with pytest.raises(ValueError, match=why):
        config.describe({"model_type": model_type, "hidden_size": 64, "num_attention_heads": 8,
                         "num_hidden_layers": 2})  # fmt: skip


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"swa_num_key_value_heads": 4}, "swa_num_key_value_heads"),
        ({"swa_head_dim": 128}, "swa_head_dim"),
        ({"swa_v_head_dim": 192}, "swa_v_head_dim"),
        ({"swa_num_attention_heads": 32}, "swa_num_attention_heads"),
        ({"hybrid_layer_pattern": [1] * 48}, "hybrid_layer_pattern"),
        ({"hybrid_layer_pattern": [0, 2] * 24}, "hybrid_layer_pattern"),
        ({"hybrid_layer_pattern": [0, 1]}, "hybrid_layer_pattern"),
    ],
)  # fmt: skip
def test_mimo_keys_that_contradict_what_transformers_builds_are_refused_by_name(change, key):
    """MiMo's files spell the layer pattern and the sliding shapes in keys transformers never
    reads (its class rules build them): the real file agrees (the shipped-config test); a file
    whose keys say otherwise is refused, not read either way."""
    cfg = config.load_builtin("mimo-v2.5") | change
    with pytest.raises(ValueError, match=key) as e:
        config.describe(cfg)
    assert "\n" not in str(e.value)


def test_mimo_v2_is_read_as_mimo_v2_flash_with_a_note():
    cfg = config.load_builtin("mimo-v2.5")
    spec = config.describe(cfg)
    as_flash = config.describe(cfg | {"model_type": "mimo_v2_flash"})
    assert spec.model_type == "mimo_v2"
    for s in (spec, as_flash):
        assert (s.layer_counts, s.kv_shape_by_kind) == (
            {"full": 9, "sliding": 39},
            {"full": (4, 192), "sliding": (8, 192)},
        )
    assert spec.kv_cache_bytes(32768) == as_flash.kv_cache_bytes(32768)
    assert any("read as mimo_v2_flash" in n for n in spec.notes)
