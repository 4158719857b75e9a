#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Walks the window of a running Attention Explorer as a screen reader sees it (AT-SPI):

  - every focusable element that is showing has a non-empty name;
  - the large heatmap is a table with one row per query and one column per key, its row and
    column headers are the tokens, and each cell's text holds its weight as `compute` prints it
    (rounded to 3 decimals);
  - in Chinese, the names are Chinese.

Usage: atspi-walk.py --pid PID --lang en|zh_CN --expected COMPUTE.json
Exits 0 when all holds, 1 naming what does not; gives up after --timeout seconds.
"""

import argparse
import json
import re
import sys
import time

import pyatspi

MAX_NODES = 20000
HAN = re.compile('[\u4e00-\u9fff]')


def find_application(pid, deadline):
    """The AT-SPI application of process pid, once its main window is there."""
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            try:
                if app is not None and app.get_process_id() == pid and app.childCount > 0:
                    return app
            except Exception:  # an application going away while asked
                continue
        time.sleep(0.25)
    return None


def walk(node, path, visit, count):
    """Calls visit(node, path) on node and everything below it, at most MAX_NODES nodes."""
    if count[0] >= MAX_NODES:
        return
    count[0] += 1
    visit(node, path)
    try:
        children = list(node)
    except Exception:
        return
    for child in children:
        if child is not None:
            walk(child, path + [describe(child)], visit, count)


def describe(node):
    try:
        return '%s "%s"' % (node.getRoleName(), node.name)
    except Exception:
        return '?'


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--pid', type=int, required=True)
    parser.add_argument('--lang', required=True)
    parser.add_argument('--expected', required=True)
    parser.add_argument('--timeout', type=float, default=40.0)
    args = parser.parse_args()
    expected = json.load(open(args.expected, encoding='utf-8'))
    deadline = time.time() + args.timeout
    problems = []

    app = find_application(args.pid, deadline)
    if app is None:
        print('atspi-walk: no accessible application for process %d' % args.pid)
        return 1

    # The window fills in its views after it is shown: wait for the table to hold the session.
    rows = len(expected['query_tokens'])
    columns = len(expected['key_tokens'])
    tables = []
    while time.time() < deadline:
        tables = []

        def collect(node, path):
            try:
                if node.getRole() == pyatspi.ROLE_TABLE:
                    table = node.queryTable()
                    if table.nRows == rows and table.nColumns == columns:
                        tables.append((node, table))
            except NotImplementedError:
                pass
            except Exception:
                pass

        walk(app, [describe(app)], collect, [0])
        if tables:
            break
        time.sleep(0.5)
    if not tables:
        print('atspi-walk: no table of %d rows and %d columns (the heatmap)' % (rows, columns))
        return 1

    # The large heatmap shows the mean of the heads (its name is the view's title).
    mean = expected['mean_weights']
    matched = False
    for node, table in tables:
        texts = [[table.getAccessibleAt(r, c).name for c in range(columns)] for r in range(rows)]
        if all('%.3f' % mean[r][c] in texts[r][c] for r in range(rows) for c in range(columns)):
            matched = True
            for r in range(rows):
                if table.getRowDescription(r) != expected['query_tokens'][r]:
                    problems.append('row %d header "%s", expected "%s"'
                                    % (r, table.getRowDescription(r), expected['query_tokens'][r]))
            for c in range(columns):
                if table.getColumnDescription(c) != expected['key_tokens'][c]:
                    problems.append('column %d header "%s", expected "%s"'
                                    % (c, table.getColumnDescription(c), expected['key_tokens'][c]))
            cell = texts[0][0]
            if args.lang.startswith('zh') and not HAN.search(cell.replace(expected['query_tokens'][0], '')
                                                            .replace(expected['key_tokens'][0], '')):
                problems.append('cell (1, 1) is not read in Chinese: "%s"' % cell)
            if not args.lang.startswith('zh') and not cell.startswith('query 1 ('):
                problems.append('cell (1, 1) reads "%s"' % cell)
            break
    if not matched:
        problems.append('no %dx%d table reads the mean weights of `compute`' % (rows, columns))

    # Every focusable element on screen has a name.
    unnamed = []
    focusable = [0]

    def check(node, path):
        try:
            states = node.getState()
            if (states.contains(pyatspi.STATE_FOCUSABLE) and states.contains(pyatspi.STATE_SHOWING)
                    and node.getRole() not in (pyatspi.ROLE_TABLE_CELL, pyatspi.ROLE_LIST_ITEM)):
                focusable[0] += 1
                if not node.name.strip():
                    unnamed.append(' > '.join(path[-3:]))
        except Exception:
            pass

    count = [0]
    walk(app, [describe(app)], check, count)
    for where in unnamed:
        problems.append('no name: ' + where)
    if args.lang.startswith('zh'):
        names = []
        walk(app, [describe(app)], lambda node, path: names.append(node.name or ''), [0])
        if not any(HAN.search(n) for n in names if n):
            problems.append('no Chinese name anywhere')

    for problem in problems:
        print('atspi-walk (%s): %s' % (args.lang, problem))
    if focusable[0] < 10:
        problems.append('only %d focusable elements on screen' % focusable[0])
    print('atspi-walk (%s): %d elements, %d focusable on screen, %d problem(s)'
          % (args.lang, count[0], focusable[0], len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
