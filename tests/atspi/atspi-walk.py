#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Walks the window of a running Attention Explorer as a screen reader sees it (AT-SPI):

  - every focusable element that is showing has a non-empty name;
  - the large heatmap is a table with one row per query and one column per key, its row and
    column headers are the tokens, and each cell's text holds its weight as `compute` prints it
    (rounded to 3 decimals);
  - in Chinese, the names are Chinese.

With --announce, the program plays a lesson (its file on the command line) instead: pressing
the lesson panel's Next button, as a screen reader's user would, until the second step is on
must be told over AT-SPI: the live region's name changes
(object:property-change:accessible-name) to "Step 2 of N. <caption>", in the interface
language. Each press waits a bounded time for the event.

Usage: atspi-walk.py --pid PID --lang en|zh_CN --expected COMPUTE.json
       atspi-walk.py --pid PID --lang en|zh_CN --announce
Exits 0 when all holds, 1 naming what does not; gives up after --timeout seconds.
"""

import argparse
import json
import re
import sys
import time

import pyatspi
from gi.repository import GLib

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


# The lesson panel's Next button, and how the second step's announcement begins, by language.
NEXT_BUTTON = {'en': 'Next', 'zh_CN': '下一步'}
SECOND_STEP = {'en': re.compile(r'^Step 2 of \d+\. \S'),
               'zh_CN': re.compile(r'^第 2 步，共 \d+ 步。\S')}


def check_announcement(app, lang, deadline):
    """Presses Next until the second step is announced; the problems found (empty when told)."""
    buttons = []
    while time.time() < deadline and not buttons:
        def find(node, path):
            try:
                if (node.getRole() == pyatspi.ROLE_PUSH_BUTTON and node.name == NEXT_BUTTON[lang]
                        and node.getState().contains(pyatspi.STATE_ENABLED)):
                    buttons.append(node)
            except Exception:
                pass
        walk(app, [describe(app)], find, [0])
        if not buttons:
            time.sleep(0.5)
    if not buttons:
        return ['no enabled "%s" button (the lesson panel)' % NEXT_BUTTON[lang]]

    heard = []
    told = []

    def on_name(event):
        try:
            name = event.source.name or ''
            role = event.source.getRole()
        except Exception:
            return
        heard.append(name)
        if SECOND_STEP[lang].match(name) and role in (pyatspi.ROLE_LABEL, pyatspi.ROLE_STATIC):
            told.append(name)
            pyatspi.Registry.stop()

    presses = [0]

    def press():
        # The program learns of the listener over D-Bus: a press waits a moment for that, and
        # the next press follows when nothing was told (at most five: step, question,
        # answer, next step).
        if told or presses[0] >= 5 or time.time() > deadline:
            pyatspi.Registry.stop()
            return False
        presses[0] += 1
        try:
            buttons[0].queryAction().doAction(0)
        except Exception as error:
            heard.append('press failed: %s' % error)
        return True

    pyatspi.Registry.registerEventListener(on_name, 'object:property-change:accessible-name')
    GLib.timeout_add(1500, press)
    GLib.timeout_add(int(max(1.0, deadline - time.time()) * 1000), pyatspi.Registry.stop)
    pyatspi.Registry.start()
    pyatspi.Registry.deregisterEventListener(on_name, 'object:property-change:accessible-name')
    if told:
        print('atspi-walk (%s): told "%s"' % (lang, told[0][:80]))
        return []
    return ['the second step was not announced after %d presses of Next; names heard: %s'
            % (presses[0], '; '.join(h[:60] for h in heard[-6:]) or 'none')]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--pid', type=int, required=True)
    parser.add_argument('--lang', required=True)
    parser.add_argument('--expected')
    parser.add_argument('--announce', action='store_true')
    parser.add_argument('--timeout', type=float, default=40.0)
    args = parser.parse_args()
    if args.announce:
        deadline = time.time() + min(args.timeout, 30.0)
        app = find_application(args.pid, deadline)
        if app is None:
            print('atspi-walk: no accessible application for process %d' % args.pid)
            return 1
        problems = check_announcement(app, args.lang, deadline)
        for problem in problems:
            print('atspi-walk (%s): %s' % (args.lang, problem))
        return 1 if problems else 0
    if not args.expected:
        parser.error('--expected is needed without --announce')
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
