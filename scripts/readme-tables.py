#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the README's tables of measured numbers from real runs of the built program, so that
no such number is typed by hand.

Usage: scripts/readme-tables.py PROGRAM [README] [--check]

Each table lives between two marker comments in README.md:
    <!-- readme-tables: NAME begin -->
    ...
    <!-- readme-tables: NAME end -->
Without --check the blocks are rewritten in place. With --check nothing is written: the exit
status is 1 (with a diff) when a block differs from what the program computes now, so that a
test catches a table gone out of date (tests/docs, ctest -R docs/readme-tables).

Tables:
  sqrt-dk  "Why √d_k": `train --task reverse` scaled and unscaled, seeds 0, 1, 2 (six runs of
           600 steps at d_model 128: about 10 s on one core).
"""

import difflib
import json
import os
import re
import subprocess
import sys

SQRT_DK_SEEDS = (0, 1, 2)
SQRT_DK_OPTIONS = ['--task', 'reverse', '--d-model', '128', '--batch', '32', '--lr', '0.003',
                   '--steps', '600']


def train(program, options):
    """The history JSON of `PROGRAM train OPTIONS`."""
    run = subprocess.run([program, 'train'] + options, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, check=False)
    if run.returncode != 0:
        sys.exit('train %s: exit %d: %s' % (' '.join(options), run.returncode,
                                            run.stderr.decode(errors='replace')))
    return json.loads(run.stdout)


def at_step(history, key, step):
    """The logged value of KEY at STEP."""
    return history[key][history['steps'].index(step)]


def sqrt_dk_table(program):
    command = ' '.join(SQRT_DK_OPTIONS)
    lines = ['**Why √d_k.** With `%s` (real runs,' % command,
             'seeds %s; the table is written by `scripts/readme-tables.py` from them):'
             % ', '.join(str(s) for s in SQRT_DK_SEEDS),
             '',
             '| seed | scaled: accuracy at step 100 | scaled: final accuracy | unscaled '
             '(`--scale none`): final accuracy | largest weight at step 0, scaled / unscaled |',
             '|---|---|---|---|---|']
    for seed in SQRT_DK_SEEDS:
        common = SQRT_DK_OPTIONS + ['--seed', str(seed), '--log-every', '100']
        scaled = train(program, common)
        unscaled = train(program, common + ['--scale', 'none'])
        lines.append('| %d | %.2f | %.2f | %.2f | %.2f / %.2f |' % (
            seed, at_step(scaled, 'accuracy', 100), scaled['final_accuracy'],
            unscaled['final_accuracy'], at_step(scaled, 'max_weight', 0),
            at_step(unscaled, 'max_weight', 0)))
    return '\n'.join(lines)


TABLES = {'sqrt-dk': sqrt_dk_table}


def main(argv):
    check = '--check' in argv
    args = [a for a in argv if a != '--check']
    if not args or len(args) > 2:
        sys.exit(__doc__)
    program = args[0]
    readme = args[1] if len(args) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', 'README.md')
    with open(readme, encoding='utf-8') as f:
        text = f.read()
    new = text
    for name, make in TABLES.items():
        pattern = re.compile(r'(<!-- readme-tables: %s begin -->\n)(.*?)(\n<!-- readme-tables: %s end -->)'
                             % (re.escape(name), re.escape(name)), re.S)
        if not pattern.search(new):
            sys.exit('%s: no block "%s" between its marker comments' % (readme, name))
        table = make(program)
        new = pattern.sub(lambda m: m.group(1) + table + m.group(3), new)
    if new == text:
        print('%s: %d table(s) as the program computes them' % (readme, len(TABLES)))
        return 0
    if check:
        sys.stdout.writelines(difflib.unified_diff(
            text.splitlines(True), new.splitlines(True), readme, readme + ' (computed now)'))
        print('%s: a table differs from what the program computes; run scripts/readme-tables.py %s'
              % (readme, program))
        return 1
    with open(readme, 'w', encoding='utf-8') as f:
        f.write(new)
    print('%s: rewritten' % readme)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
