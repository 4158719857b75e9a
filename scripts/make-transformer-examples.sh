#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the trained transformer's built-in examples, resources/examples/trained-transformer-
# {encoder-self,decoder-self,cross}.json: one run of `train --model transformer` on the
# translation corpus, and the three attentions of its last layer for 我 在 学校 学习 -> i study
# at school. app/training/tst_trainedexamples reads the options below (the one place they are
# written), retrains the model once and compares the three files.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
app="${AE_BUILD_DIR:-$root/build}/bin/attention-explorer"
# options: --model transformer --task translate-zh-en --steps 100 --seed 3 --layer 1
# sentence: 我 在 学校 学习
options=(--model transformer --task translate-zh-en --steps 100 --seed 3 --layer 1)
sentence="我 在 学校 学习"
for kind in encoder-self decoder-self cross; do
    "$app" train "${options[@]}" --sentence "$sentence" -o /dev/null \
        --save-session "$root/resources/examples/trained-transformer-$kind.json" --kind "$kind"
done
