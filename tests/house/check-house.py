#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the shape of the tree (README, "Layout"): the layers, their topic folders and what
each may include.

Usage: tests/house/check-house.py [SOURCE_DIR] [QT_INCLUDE_DIR]

Fails (exit status 1), naming the file and line, when:
  - a project #include "..." is not written from its layer's root (core/attention/mask.cpp
    includes "attention/attention.h", never "attention.h"), or names no header of the tree;
  - an include points against the layers: core <- ui/model <- ui/io, ui/figures <- ui/widgets,
    and the command line (app/ topic folders) uses figures, model and core, never widgets;
  - a core file includes a Qt header that is not QtCore's (QtCore and Eigen at most);
  - a topic folder includes a folder that its CMakeLists.txt's "# Uses:" comment does not name,
    or that comment or its description is missing;
  - two source files share a file name, or a source file sits at a layer's top instead of in a
    topic folder (app/'s main, guiapplication and startuptimer excepted);
  - a test file does not sit in the test folder that mirrors a source folder.
"""

import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), '..', '..'))
QT_CORE = sys.argv[2] if len(sys.argv) > 2 else '/usr/include/x86_64-linux-gnu/qt6/QtCore'

# Layers, the include roots (in the order of their include directories), and what each uses.
LAYERS = {
    'core': {'core'},
    'ui/model': {'core', 'ui/model', 'resources'},
    'ui/io': {'core', 'ui/model', 'ui/io', 'resources'},
    'ui/figures': {'core', 'ui/model', 'ui/figures', 'resources'},
    'ui/widgets': {'core', 'ui/model', 'ui/io', 'ui/figures', 'ui/widgets', 'resources'},
    'app': {'core', 'ui/model', 'ui/figures', 'app', 'resources'},
    'resources': {'resources'},
}
# The program's entry point starts the window: only these files of app/ may use the widgets.
APP_WINDOW_FILES = {'app/main.cpp', 'app/guiapplication.cpp', 'app/guiapplication.h',
                    'app/startuptimer.cpp', 'app/startuptimer.h'}
TOP_LEVEL_ALLOWED = APP_WINDOW_FILES | {'resources/resources.cpp', 'resources/resources.h'}
# Test folders and the source layer each mirrors.
TEST_MIRRORS = {'tests/core': 'core', 'tests/model': 'ui/model', 'tests/io': 'ui/io',
                'tests/figures': 'ui/figures', 'tests/widgets': 'ui/widgets', 'tests/app': 'app'}
INCLUDE = re.compile(r'^\s*#\s*include\s+([<"])([^>"]+)[>"]')
SOURCE = ('.h', '.cpp')

errors = []


def rel(path):
    return os.path.relpath(path, ROOT)


def layer_of(path):
    for layer in sorted(LAYERS, key=len, reverse=True):
        if path == layer or path.startswith(layer + '/'):
            return layer
    return None


def walk(top):
    for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith('.'))
        for name in sorted(filenames):
            yield rel(os.path.join(dirpath, name))


sources = [f for layer in LAYERS for f in walk(layer) if f.endswith(SOURCE)]
# Header path from its layer's root -> the header.
headers = {}
names = {}
for f in sources:
    base = os.path.basename(f)
    if base in names:
        errors.append(f'{f}: its name is also {names[base]}\'s (file names are unique in the tree)')
    names[base] = f
    if f.endswith('.h'):
        headers[os.path.relpath(f, layer_of(f))] = f
for f in walk('tests'):
    if f.endswith(SOURCE) and os.path.basename(f) in names and not f.startswith('tests/'):
        errors.append(f'{f}: its name is also {names[os.path.basename(f)]}\'s')

for f in sources:
    layer = layer_of(f)
    if os.path.dirname(f) == layer and f not in TOP_LEVEL_ALLOWED:
        errors.append(f'{f}: a source file at the top of {layer}/; it belongs in a topic folder')

qt_core = set(os.listdir(QT_CORE)) if os.path.isdir(QT_CORE) else None
if qt_core is None:
    errors.append(f'{QT_CORE}: QtCore\'s headers are not there (qt6-base-dev)')


def uses_comment(folder):
    """The folders named by the '# Uses:' comment of folder/CMakeLists.txt, or None."""
    path = os.path.join(ROOT, folder, 'CMakeLists.txt')
    if not os.path.isfile(path):
        return None, False
    lines = open(path, encoding='utf-8').read().split('\n')
    described = len(lines) > 1 and lines[1].startswith('# ') and not lines[1].startswith('# Uses:')
    used, inside = set(), False
    for line in lines:
        if line.startswith('# Uses:'):
            inside = True
            line = line[len('# Uses:'):]
        elif inside and line.startswith('#   '):
            line = line[1:]
        elif inside:
            break
        if inside:
            used.update(w for w in line.split() if '/' in w or w == 'resources')
    return (used if inside else None), described


folder_uses = {}
for f in sources + [t for t in walk('tests') if t.endswith(SOURCE)]:
    layer = layer_of(f)
    folder = os.path.dirname(f)
    for number, line in enumerate(open(os.path.join(ROOT, f), encoding='utf-8'), 1):
        m = INCLUDE.match(line)
        if not m:
            continue
        kind, name = m.groups()
        where = f'{f}:{number}'
        if kind == '<':
            if layer == 'core' and name.startswith('Q') and qt_core is not None \
                    and name.split('/')[-1] not in qt_core:
                errors.append(f'{where}: core includes <{name}>, which is not QtCore\'s')
            if layer == 'core' and name.startswith(('QtGui', 'QtWidgets', 'qcustomplot')):
                errors.append(f'{where}: core includes <{name}>')
            continue
        target = headers.get(name)
        if target is None:
            base = os.path.basename(name)
            if base in names and names[base].endswith('.h'):
                want = os.path.relpath(names[base], layer_of(names[base]))
                errors.append(f'{where}: "{name}" is written "{want}" (from its layer\'s root)')
            continue  # a generated header, a test's moc file, a support header
        if layer is None:
            continue  # tests: any layer, checked below by what they link
        target_layer = layer_of(target)
        allowed = LAYERS[layer]
        if layer == 'app' and f in APP_WINDOW_FILES:
            allowed = allowed | {'ui/widgets', 'ui/io'}
        if target_layer not in allowed:
            errors.append(f'{where}: {layer} includes {target} ({target_layer} is not below it)')
        target_folder = os.path.dirname(target)
        if target_folder != folder and folder != layer:
            folder_uses.setdefault(folder, {}).setdefault(target_folder, where)

for layer in LAYERS:
    for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, layer)):
        folder = rel(dirpath)
        if folder == layer or not any(n.endswith(SOURCE) for n in filenames):
            continue
        declared, described = uses_comment(folder)
        if declared is None:
            errors.append(f'{folder}/CMakeLists.txt: missing, or without its "# Uses:" comment')
            continue
        if not described:
            errors.append(f'{folder}/CMakeLists.txt: no line saying what lives here')
        for used, where in sorted(folder_uses.get(folder, {}).items()):
            if used not in declared:
                errors.append(f'{where}: {folder} uses {used}, which its CMakeLists.txt\'s '
                              f'"# Uses:" comment does not name')

for tests, layer in TEST_MIRRORS.items():
    for f in walk(tests):
        if not os.path.basename(f).startswith('tst_') or not f.endswith('.cpp'):
            continue
        mirrored = layer + os.path.dirname(f)[len(tests):]
        if not os.path.isdir(os.path.join(ROOT, mirrored)):
            errors.append(f'{f}: mirrors no source folder ({mirrored} does not exist)')

for e in errors:
    print(e)
print(f'check-house: {len(sources)} source files, {len(errors)} problem(s)')
sys.exit(1 if errors else 0)
