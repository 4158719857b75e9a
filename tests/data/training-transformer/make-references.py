#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the project's own transformer replay cases (spec training.md, section 5) with
torch.nn.Transformer in float64: padding masks, three layers, heads of width 1, long sequences
and a custom scale, beside this script. The core test tst_transformerreference replays every
NAME.json here as it does the shared references.

Usage: python3 tests/data/training-transformer/make-references.py   (Debian: python3-torch)

Each attention's scores are divided by the case's scale ("sqrt_dk", "none" or a number): the
script rescales the scores inside torch's own nn.MultiheadAttention (torch 1.13: the softmax
of its scores; torch 2: its scaled dot product written out), which also records the weights.
Batches may carry "source_padding" and "target_padding" (true = padding): the source one is
src_key_padding_mask and memory_key_padding_mask, the target one tgt_key_padding_mask and the
positions left out of the loss (cross_entropy's ignore_index)."""

import json
import math
import os

import torch
import torch.nn.functional as F

torch.set_default_dtype(torch.float64)
HERE = os.path.dirname(os.path.abspath(__file__))

RECORD = []  # every attention's weights of the pass, in call order
DIVISOR = [1.0]


def explicit_attention(q, k, v, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None,
                       **_):
    """torch 2's scaled_dot_product_attention (B x h x L x d_k) written out:
    softmax(q k^T / divisor + mask) v."""
    scores = torch.matmul(q, k.transpose(-2, -1)) / DIVISOR[0]
    if is_causal:
        lq, lk = scores.shape[-2], scores.shape[-1]
        causal = torch.ones(lq, lk, dtype=torch.bool).tril()
        scores = scores.masked_fill(~causal, float("-inf"))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            scores = scores.masked_fill(~attn_mask, float("-inf"))
        else:
            scores = scores + attn_mask
    weights = torch.softmax(scores, dim=-1)
    RECORD.append(weights.detach().clone())
    return torch.matmul(weights, v)


TORCH_SOFTMAX = F.softmax


def rescaled_softmax(x, dim=None, **kw):
    """torch 1.13's multi_head_attention_forward computes softmax(q k^T / sqrt(d_k) + mask)
    inline, with mask entries 0 or -inf: times c = sqrt(d_k) / divisor, the scores become
    q k^T / divisor and the mask stays 0 or -inf."""
    d_k = RECORD_DK[0]
    weights = TORCH_SOFTMAX(x * (math.sqrt(d_k) / DIVISOR[0]), dim=dim, **kw)
    RECORD.append(weights.detach().clone())
    return weights


RECORD_DK = [1]
if hasattr(F, "scaled_dot_product_attention"):  # torch 2
    F.scaled_dot_product_attention = explicit_attention
else:  # torch 1.13: the attention's only softmax is the module's own
    F.softmax = rescaled_softmax


def positions(length, d):
    pe = torch.zeros(length, d)
    for pos in range(length):
        for j in range(d):
            angle = pos / (10000 ** (2 * (j // 2) / d))
            pe[pos, j] = math.sin(angle) if j % 2 == 0 else math.cos(angle)
    return pe


def tensor_json(t):
    return t.detach().tolist()


def make_case(name, d, heads, enc, dec, dff, scale, optimizer, vs, vt, batches, seed):
    torch.manual_seed(seed)
    model = torch.nn.Transformer(d, heads, enc, dec, dff, dropout=0.0, activation="relu",
                                 layer_norm_eps=1e-5, batch_first=True, norm_first=False)
    source_embedding = torch.nn.Parameter(torch.randn(vs, d))
    target_embedding = torch.nn.Parameter(torch.randn(vt, d))
    bound = math.sqrt(6.0 / (d + vt))
    w_out = torch.nn.Parameter(torch.empty(d, vt).uniform_(-bound, bound))
    b_out = torch.nn.Parameter(0.1 * torch.randn(vt))
    with torch.no_grad():  # biases and LayerNorms away from their defaults
        for n, p in model.named_parameters():
            if p.dim() == 1:
                p.add_(0.1 * torch.randn_like(p))
    params = {"source_embedding": source_embedding, "target_embedding": target_embedding,
              "w_out": w_out, "b_out": b_out}
    params.update(dict(model.named_parameters()))
    RECORD_DK[0] = d // heads
    DIVISOR[0] = math.sqrt(d // heads) if scale == "sqrt_dk" else (1.0 if scale == "none"
                                                                    else float(scale))
    if optimizer["name"] == "adam":
        opt = torch.optim.Adam(params.values(), lr=optimizer["lr"])
    else:
        opt = torch.optim.SGD(params.values(), lr=optimizer["lr"])
    init = {k: tensor_json(v) for k, v in params.items()}
    expected = {"losses": []}
    for step, b in enumerate(batches):
        x = torch.tensor(b["source"])
        y = torch.tensor(b["target"])
        bsz, ls = x.shape
        lt = y.shape[1]
        y_in = torch.cat([torch.zeros(bsz, 1, dtype=torch.long), y[:, :-1]], dim=1)
        src = source_embedding[x] + positions(ls, d)
        tgt = target_embedding[y_in] + positions(lt, d)
        src_pad = torch.tensor(b["source_padding"]) if "source_padding" in b else None
        tgt_pad = torch.tensor(b["target_padding"]) if "target_padding" in b else None
        causal = torch.triu(torch.full((lt, lt), float("-inf")), diagonal=1)
        RECORD.clear()
        h = model(src, tgt, tgt_mask=causal, src_key_padding_mask=src_pad,
                  tgt_key_padding_mask=tgt_pad, memory_key_padding_mask=src_pad)
        logits = h @ w_out + b_out
        labels = y.clone()
        if tgt_pad is not None:
            labels[tgt_pad] = -100
        loss = F.cross_entropy(logits.reshape(-1, vt), labels.reshape(-1), ignore_index=-100)
        opt.zero_grad()
        loss.backward()
        expected["losses"].append(loss.item())
        if step == 0:
            expected["gradients_step0"] = {k: tensor_json(v.grad) for k, v in params.items()}
            item0 = [w.reshape(bsz, heads, w.shape[-2], w.shape[-1])[0] for w in RECORD]
            expected["attention_step0_item0"] = {
                "encoder_self": [tensor_json(w) for w in item0[:enc]],
                "decoder_self": [tensor_json(w) for w in item0[enc::2]],
                "cross": [tensor_json(w) for w in item0[enc + 1::2]],
            }
        opt.step()
    expected["final"] = {k: tensor_json(v) for k, v in params.items()}
    doc = {"format": "attention-explorer-training-reference", "version": 1, "name": name,
           "model": {"architecture": "transformer", "d_model": d, "heads": heads,
                     "encoder_layers": enc, "decoder_layers": dec, "dim_feedforward": dff,
                     "scale": scale, "source_vocab": [f"s{i}" for i in range(vs)],
                     "target_vocab": ["<s>"] + [f"t{i}" for i in range(1, vt)]},
           "optimizer": optimizer, "init": init, "batches": batches, "expected": expected}
    with open(os.path.join(HERE, name + ".json"), "w", encoding="utf-8") as f:
        json.dump(doc, f)


def random_batches(count, bsz, ls, lt, vs, vt, keep_source, keep_target, seed):
    """@p count batches; example e keeps keep_source[e] source and keep_target[e] target
    positions (None: no padding)."""
    g = torch.Generator().manual_seed(seed)
    out = []
    for _ in range(count):
        b = {"source": torch.randint(0, vs, (bsz, ls), generator=g).tolist(),
             "target": torch.randint(1, vt, (bsz, lt), generator=g).tolist()}
        if keep_source:
            b["source_padding"] = [[i >= k for i in range(ls)] for k in keep_source]
        if keep_target:
            b["target_padding"] = [[i >= k for i in range(lt)] for k in keep_target]
        out.append(b)
    return out


def main():
    make_case("padded-adam", 8, 2, 2, 2, 16, "sqrt_dk",
              {"name": "adam", "lr": 0.01, "beta1": 0.9, "beta2": 0.999, "eps": 1e-8}, 7, 6,
              random_batches(3, 3, 6, 5, 7, 6, [6, 4, 2], [5, 3, 1], 1), 10)
    make_case("three-layers-width1-sgd", 4, 4, 3, 3, 8, 2.5, {"name": "sgd", "lr": 0.05}, 5, 5,
              random_batches(3, 2, 4, 5, 5, 5, None, None, 2), 20)
    make_case("long-padded-unscaled", 8, 4, 1, 2, 12, "none",
              {"name": "adam", "lr": 0.005, "beta1": 0.9, "beta2": 0.999, "eps": 1e-8}, 9, 8,
              random_batches(2, 2, 24, 20, 9, 8, [24, 17], [20, 12], 3), 30)


if __name__ == "__main__":
    main()
