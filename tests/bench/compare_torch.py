#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Times the attention core against PyTorch on one thread, side by side in one run.

Training: one step (forward, backward, Adam) of the training lab's model (spec training.md)
in PyTorch float64 on the reverse task (batch 32, length 6, vocabulary 12) at d_model 128 with
1 head and at d_model 512 with 8 heads, against train/step/d128 and train/step/d512x8heads;
and one step of the lab's transformer as torch.nn.Transformer (d_model 64, 4 heads, 2 + 2
layers, dim_feedforward 128, batch 32, length 8, 40 words) against
train/transformer/step/d64x4heads-2+2layers-b32-l8, with the ratio and both step rates; the
script prints the BLAS library PyTorch has loaded.

PyTorch (float64, one thread): torch.nn.MultiheadAttention at the forward shapes of
attention-bench (Lq x Lk x d_model x heads, projections with biases, per-head weights kept),
and the scaling experiment written the way the seed article writes it (2048 queries,
10 keys, d_k in 8, 32, 128, 512). Then attention-bench runs with JSON output, and the
script prints each pair, the ratio (torch time / our time) and GFLOP/s.

    python3 tests/bench/compare_torch.py [--bench build/tests/bench/attention-bench]
                                         [--min-time 0.5]

The flop count is the one attention-bench uses: 4 d^2 (Lq + Lk) + 4 Lq Lk d.

PyTorch's BLAS gets one thread too (OPENBLAS_NUM_THREADS and its relatives are set before
torch loads); the script names the BLAS library PyTorch's products ran on, as the process
mapped it, and the thread count that library reports.
"""

import argparse
import ctypes
import json
import math
import os
import subprocess
import sys
import time

# Before torch (and its BLAS) loads: a BLAS reads these once, when it starts.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_variable] = "1"

SHAPES = [(2, 4, 4, 2), (64, 64, 256, 8), (256, 256, 512, 8), (1024, 1024, 512, 16)]
DIMS = [8, 32, 128, 512]


def flops(lq, lk, d, _heads):
    return 4.0 * d * d * (lq + lk) + 4.0 * lq * lk * d


def best_time(fn, min_time):
    """Median CPU seconds per call over at least min_time seconds (and at least 3 calls)."""
    fn()  # warm up: allocations, thread pools, lazy initialisation
    times = []
    start = time.process_time()
    while len(times) < 3 or time.process_time() - start < min_time:
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    times.sort()
    return times[len(times) // 2]


def torch_forward(torch, shape, min_time):
    lq, lk, d, h = shape
    mha = torch.nn.MultiheadAttention(d, h, bias=True, batch_first=True, dtype=torch.float64)
    mha.eval()
    xq = torch.randn(1, lq, d, dtype=torch.float64)
    xkv = torch.randn(1, lk, d, dtype=torch.float64)

    def run():
        with torch.inference_mode():
            # Per-head weights, as the explorer shows every head.
            mha(xq, xkv, xkv, need_weights=True, average_attn_weights=False)

    return best_time(run, min_time)


def entropy_rows(p):
    """Shannon entropy of each row in nats, 0 ln 0 = 0 (what scipy.stats.entropy computes)."""
    import torch

    return -(p * torch.where(p > 0, p.log(), torch.zeros_like(p))).sum(dim=-1)


def torch_entropy(torch, min_time):
    def average_entropy(d_k, num_queries=2048, num_keys=10):
        q = torch.randn(num_queries, d_k, dtype=torch.float64)
        k = torch.randn(num_keys, d_k, dtype=torch.float64)
        raw = q @ k.T
        scaled = raw / math.sqrt(d_k)
        return (entropy_rows(raw.softmax(dim=-1)).mean().item(),
                entropy_rows(scaled.softmax(dim=-1)).mean().item())

    def run():
        for d in DIMS:
            average_entropy(d)

    return best_time(run, min_time)


TRAIN_SHAPES = [(128, 1), (512, 8)]


def torch_train_step(torch, d, heads, min_time, batch=32, length=6, vocab=12):
    """Seconds per training step of the lab's model: embeddings plus sinusoidal positions,
    cross-attention with explicit projections, output layer, mean cross-entropy, Adam."""
    vt = vocab + 1
    dk = d // heads
    f64 = torch.float64
    gen = torch.Generator().manual_seed(0)

    def xavier(rows, cols):
        bound = math.sqrt(6.0 / (rows + cols))
        return ((torch.rand(rows, cols, dtype=f64, generator=gen) * 2 - 1) * bound).requires_grad_()

    def zeros(n):
        return torch.zeros(n, dtype=f64, requires_grad=True)

    params = [torch.randn(vocab, d, dtype=f64, generator=gen).requires_grad_(),
              torch.randn(vt, d, dtype=f64, generator=gen).requires_grad_(),
              xavier(d, d), zeros(d), xavier(d, d), zeros(d), xavier(d, d), zeros(d),
              xavier(d, d), zeros(d), xavier(d, vt), zeros(vt)]
    es, et, wq, bq, wk, bk, wv, bv, wo, bo, wout, bout = params
    pos = torch.arange(length, dtype=f64).unsqueeze(1)
    j = torch.arange(d)
    angle = pos / torch.pow(10000.0, (2 * (j // 2)).to(f64) / d)
    pe = torch.where(j % 2 == 0, torch.sin(angle), torch.cos(angle))
    opt = torch.optim.Adam(params, lr=0.003)

    def run():
        x = torch.randint(0, vocab, (batch, length), generator=gen)
        y = x.flip(1) + 1
        y_in = torch.cat([torch.zeros(batch, 1, dtype=torch.long), y[:, :-1]], dim=1)
        xs = es[x] + pe
        ys = et[y_in] + pe
        q = (ys @ wq + bq).view(batch, length, heads, dk).transpose(1, 2)
        k = (xs @ wk + bk).view(batch, length, heads, dk).transpose(1, 2)
        v = (xs @ wv + bv).view(batch, length, heads, dk).transpose(1, 2)
        a = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(dk), dim=-1)
        o = (a @ v).transpose(1, 2).reshape(batch, length, d) @ wo + bo
        logits = o @ wout + bout
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, vt), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()

    return best_time(run, min_time)


TRANSFORMER_STEP = "train/transformer/step/d64x4heads-2+2layers-b32-l8"


def torch_transformer_step(torch, min_time, d=64, heads=4, layers=2, ff=128, batch=32,
                           length=8, vocab=40):
    """Seconds per training step of the lab's transformer (spec training.md, section 5):
    torch.nn.Transformer (post-norm, relu, dropout 0, batch_first) between two embeddings
    with sinusoidal positions and an output layer, mean cross-entropy, Adam 0.003; batches
    of 32 random examples of length 8 over 40 words, as train/transformer/step."""
    f64 = torch.float64
    gen = torch.Generator().manual_seed(0)
    model = torch.nn.Transformer(d, heads, layers, layers, ff, dropout=0.0, batch_first=True,
                                 dtype=f64)
    source_embedding = torch.nn.Embedding(vocab, d, dtype=f64)
    target_embedding = torch.nn.Embedding(vocab, d, dtype=f64)
    out = torch.nn.Linear(d, vocab, dtype=f64)
    params = (list(model.parameters()) + list(source_embedding.parameters())
              + list(target_embedding.parameters()) + list(out.parameters()))
    opt = torch.optim.Adam(params, lr=0.003)
    pos = torch.arange(length, dtype=f64).unsqueeze(1)
    j = torch.arange(d)
    angle = pos / torch.pow(10000.0, (2 * (j // 2)).to(f64) / d)
    pe = torch.where(j % 2 == 0, torch.sin(angle), torch.cos(angle))
    mask = torch.nn.Transformer.generate_square_subsequent_mask(length).to(f64)
    batches = []
    for _ in range(8):
        x = torch.randint(0, vocab, (batch, length), generator=gen)
        y = torch.randint(1, vocab, (batch, length), generator=gen)
        y_in = torch.cat([torch.zeros(batch, 1, dtype=torch.long), y[:, :-1]], dim=1)
        batches.append((x, y_in, y))
    turn = [0]

    def run():
        x, y_in, y = batches[turn[0] % len(batches)]
        turn[0] += 1
        h = model(source_embedding(x) + pe, target_embedding(y_in) + pe, tgt_mask=mask)
        loss = torch.nn.functional.cross_entropy(out(h).reshape(-1, vocab), y.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()

    for _ in range(5):  # Adam's state and the allocator settle
        run()
    return best_time(run, min_time)


def torch_blas(torch):
    """The BLAS library PyTorch's float64 products ran on: (path, description, threads)."""
    a = torch.randn(256, 256, dtype=torch.float64)
    (a @ a).sum().item()
    libraries = set()
    with open("/proc/self/maps", encoding="utf-8") as maps:
        for line in maps:
            path = line.split()[-1] if len(line.split()) >= 6 else ""
            name = os.path.basename(path).lower()
            if any(key in name for key in ("blas", "mkl", "blis", "atlas")):
                libraries.add(os.path.realpath(path))
    if not libraries:
        return "none found (PyTorch's own kernels)", "", "?"
    path = sorted(libraries)[0]
    description, threads = "", "?"
    try:
        library = ctypes.CDLL(path)
        if hasattr(library, "openblas_get_config"):
            library.openblas_get_config.restype = ctypes.c_char_p
            library.openblas_get_corename.restype = ctypes.c_char_p
            description = (library.openblas_get_config().decode() + ", core "
                           + library.openblas_get_corename().decode())
            threads = str(library.openblas_get_num_threads())
    except OSError:
        pass
    return ", ".join(sorted(libraries)), description, threads


def run_bench(path, min_time):
    args = [path, "--benchmark_format=json", f"--benchmark_min_time={min_time}",
            "--benchmark_filter=^(forward/|entropy/default$|eigen/gemm/|blas/gemm/|train/step/"
            "|train/transformer/step/)"]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    data = json.loads(out)
    times = {}
    for b in data["benchmarks"]:
        if b.get("run_type", "iteration") != "iteration":
            continue
        scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b["time_unit"]]
        times[b["name"]] = (b["cpu_time"] * scale, b.get("FLOP/s"))
    return data.get("context", {}), times


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", default="build/tests/bench/attention-bench")
    parser.add_argument("--min-time", type=float, default=0.5)
    args = parser.parse_args()
    try:
        import torch
    except ImportError:
        sys.exit("PyTorch is not installed (Debian: apt-get install python3-torch)")
    torch.set_num_threads(1)
    torch.manual_seed(0)

    load = os.getloadavg()
    print(f"load average at the start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on "
          f"{os.cpu_count()} processors; every time below is CPU time (median per call)")
    print(f"torch {torch.__version__}, float64, {torch.get_num_threads()} thread")
    blas_path, blas_description, blas_threads = torch_blas(torch)
    print(f"torch BLAS: {blas_path}")
    if blas_description:
        print(f"            {blas_description}, {blas_threads} thread")
    torch_times = {f"forward/{lq}x{lk}x{d}x{h}": torch_forward(torch, (lq, lk, d, h), args.min_time)
                   for (lq, lk, d, h) in SHAPES}
    torch_times["entropy/default"] = torch_entropy(torch, args.min_time)
    for (d, h) in TRAIN_SHAPES:
        name = "train/step/d128" if d == 128 else f"train/step/d{d}x{h}heads"
        torch_times[name] = torch_train_step(torch, d, h, args.min_time)
    torch_times[TRANSFORMER_STEP] = torch_transformer_step(torch, args.min_time)

    context, ours = run_bench(args.bench, args.min_time)
    print(f"attention-bench: {context.get('ae_build', '?')}, Eigen SIMD {context.get('eigen_simd', '?')}")
    print(f"attention-bench BLAS: {context.get('blas', '?')}")
    load = os.getloadavg()
    print(f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print()
    print(f"{'benchmark':28} {'torch':>12} {'ours':>12} {'ratio':>8} {'GFLOP/s torch':>14} {'ours':>8}")
    for (lq, lk, d, h) in SHAPES:
        name = f"forward/{lq}x{lk}x{d}x{h}"
        t = torch_times[name]
        mine = ours.get(name)
        f = flops(lq, lk, d, h)
        if mine is None:
            print(f"{name:28} {t * 1e3:10.3f}ms {'n/a':>12}")
            continue
        print(f"{name:28} {t * 1e3:10.3f}ms {mine[0] * 1e3:10.3f}ms {t / mine[0]:7.1f}x"
              f" {f / t / 1e9:14.2f} {f / mine[0] / 1e9:8.2f}")
    t = torch_times["entropy/default"]
    mine = ours.get("entropy/default")
    if mine is None:
        print(f"{'entropy/default':28} {t * 1e3:10.3f}ms {'n/a':>12}")
    else:
        print(f"{'entropy/default':28} {t * 1e3:10.3f}ms {mine[0] * 1e3:10.3f}ms {t / mine[0]:7.1f}x")
    for (d, h) in TRAIN_SHAPES:
        name = "train/step/d128" if d == 128 else f"train/step/d{d}x{h}heads"
        t = torch_times[name]
        mine = ours.get(name)
        if mine is None:
            print(f"{name:28} {t * 1e3:10.3f}ms {'n/a':>12}")
        else:
            print(f"{name:28} {t * 1e3:10.3f}ms {mine[0] * 1e3:10.3f}ms {t / mine[0]:7.1f}x")
    # torch.nn.Transformer against the lab's transformer: the ratio and both step rates.
    t = torch_times[TRANSFORMER_STEP]
    mine = ours.get(TRANSFORMER_STEP)
    print()
    print(TRANSFORMER_STEP)
    if mine is None:
        print(f"  torch.nn.Transformer {t * 1e3:8.3f} ms/step ({1 / t:6.1f} steps/s), ours n/a")
    else:
        print(f"  torch.nn.Transformer {t * 1e3:8.3f} ms/step ({1 / t:6.1f} steps/s)")
        print(f"  ours                 {mine[0] * 1e3:8.3f} ms/step ({1 / mine[0]:6.1f} steps/s)"
              f", {t / mine[0]:.2f}x torch's speed")
    gemm = ours.get("eigen/gemm/1024")
    big = ours.get("forward/1024x1024x512x16")
    if gemm and gemm[1] and big and big[1]:
        print()
        print(f"Eigen 1024^3 dgemm: {gemm[1] / 1e9:.2f} GFLOP/s; forward/1024x1024x512x16 reaches "
              f"{big[1] / 1e9:.2f} GFLOP/s = {100 * big[1] / gemm[1]:.0f} % of it")
    print()
    for yardstick in ("eigen/gemm/1024", "blas/gemm/1024"):
        gemm = ours.get(yardstick)
        if not gemm or not gemm[1]:
            continue
        shares = []
        for (lq, lk, d, h) in SHAPES[1:]:
            name = f"forward/{lq}x{lk}x{d}x{h}"
            if ours.get(name) and ours[name][1]:
                shares.append(f"{lq}x{lk}x{d}x{h} {100 * ours[name][1] / gemm[1]:.0f} %")
        print(f"{yardstick} (1024^3 dgemm): {gemm[1] / 1e9:.2f} GFLOP/s; forward reaches "
              + ", ".join(shares))


if __name__ == "__main__":
    main()
