#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks Qt Linguist .ts files: every message translated, nothing the program fills in or
parses lost in translation.

Usage: scripts/check-translations.py [file.ts ...]   (default: resources/translations/*.ts)

Errors (exit status 1):
  - a message that is unfinished, empty, vanished or obsolete;
  - placeholders (%1..%99, %L1, %n) missing from or added by the translation;
  - a different number of mnemonic ampersands (&File -> 文件(&F)), or an "&&" that changed;
  - HTML tags, line breaks, file-dialog filters (*.json, ;;) or leading/trailing spaces that differ;
  - keyboard shortcuts (Ctrl+Z, Esc, F11), identifiers (d_model, sqrt_dk, query_tokens), JSON
    keywords written in "double quotes" or a trailing ellipsis that the translation dropped;
  - a translation identical to an English source (an untranslated copy).
Warnings (reported, exit status unchanged):
  - the mnemonic letter differs from the source's.
"""

import collections
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET

PLACEHOLDER = re.compile(r'%(?:L?\d{1,2}|n)')
HTML_TAG = re.compile(r'</?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]*)?/?>')
SHORTCUT = re.compile(r'\b(?:(?:Ctrl|Shift|Alt|Meta)\+)+[A-Za-z0-9]+\b|\bEsc\b|\bF\d{1,2}\b')
IDENTIFIER = re.compile(r'\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b')
QUOTED_ASCII = re.compile(r'"([^"\s]*)"')
FILTER = re.compile(r'\(\*[^)]*\)')
ENGLISH_WORD = re.compile(r'\b[A-Za-z]{3,}\b')
# Words that stay in English in the Chinese interface (names, formats, code).
KEEP_ENGLISH = {'Attention', 'Explorer', 'PyTorch', 'softmax', 'Transformer', 'JSON', 'CSV', 'TSV',
                'SVG', 'PNG', 'PDF', 'LaTeX', 'Markdown', 'bmatrix', 'Viridis', 'Cividis', 'Blues',
                'dpi', 'null', 'true', 'false', 'head', 'output', 'ceiling', 'ln'}


def mnemonics(text):
    """The mnemonic letters of text ('&&' is a literal ampersand)."""
    return [m.group(1) for m in re.finditer(r'(?<!&)&([^&\s])', text.replace('&&', '\0\0'))]


def translations_of(message):
    """(texts, unfinished_flag) of one <message>."""
    tr = message.find('translation')
    if tr is None:
        return [], 'missing'
    kind = tr.get('type')
    if message.get('numerus') == 'yes':
        texts = [f.text or '' for f in tr.findall('numerusform')]
    else:
        texts = [tr.text or '']
    return texts, kind


def check_pair(source, translation, numerus):
    """Lists of (errors, warnings) for one source/translation pair."""
    errors, warnings = [], []

    def same(what, pattern, strip=None):
        a = collections.Counter(pattern.findall(source))
        b = collections.Counter(pattern.findall(translation))
        if a != b:
            errors.append('%s differ: source %s, translation %s'
                          % (what, sorted(a.elements()), sorted(b.elements())))

    # Each placeholder must survive; a repeated one (%3 ... %3) may be said once.
    ps, pt = set(PLACEHOLDER.findall(source)), set(PLACEHOLDER.findall(translation))
    if numerus:
        ps.discard('%n')
        pt.discard('%n')
    if ps != pt:
        errors.append('placeholders differ: source %s, translation %s' % (sorted(ps), sorted(pt)))
    same('HTML tags', HTML_TAG)
    same('file filters', FILTER)
    if source.count('\n') != translation.count('\n'):
        errors.append('line breaks differ: %d in source, %d in translation'
                      % (source.count('\n'), translation.count('\n')))
    if source.count(';;') != translation.count(';;'):
        errors.append('";;" filter separators differ')
    if source.count('&&') != translation.count('&&'):
        errors.append('literal "&&" differs')
    ms, mt = mnemonics(source), mnemonics(translation)
    if len(ms) != len(mt):
        errors.append('mnemonics differ: source %s, translation %s' % (ms, mt))
    elif ms and ms[0].lower() != mt[0].lower():
        warnings.append('mnemonic &%s became &%s' % (ms[0], mt[0]))
    lead_s = len(source) - len(source.lstrip(' '))
    lead_t = len(translation) - len(translation.lstrip(' '))
    if lead_s != lead_t or (source.endswith(' ') != translation.endswith(' ')):
        errors.append('leading/trailing spaces differ')
    for pattern, what in ((SHORTCUT, 'shortcut'), (IDENTIFIER, 'identifier')):
        for token in set(pattern.findall(source)):
            if token not in translation:
                errors.append('%s "%s" missing from the translation' % (what, token))
    for token in set(QUOTED_ASCII.findall(source)):
        if token and not re.search(r'[\u3400-\u9fff]', token) and '"%s"' % token not in translation:
            errors.append('quoted keyword "%s" missing from the translation' % token)
    for ellipsis in ('…', '...'):
        if source.rstrip().endswith(ellipsis) and not translation.rstrip().endswith(ellipsis):
            errors.append('trailing "%s" dropped' % ellipsis)
    english = [w for w in ENGLISH_WORD.findall(source) if w not in KEEP_ENGLISH]
    if translation == source and english:
        errors.append('identical to the English source (untranslated?)')
    return errors, warnings


def check_file(path):
    """Prints the problems of one .ts file; returns (messages, errors, warnings)."""
    root = ET.parse(path).getroot()
    count = n_err = n_warn = 0
    for context in root.iter('context'):
        name = context.findtext('name')
        for message in context.findall('message'):
            count += 1
            source = message.findtext('source') or ''
            numerus = message.get('numerus') == 'yes'
            texts, kind = translations_of(message)
            errors, warnings = [], []
            if kind in ('unfinished', 'vanished', 'obsolete', 'missing'):
                errors.append('translation is %s' % kind)
            if not texts or any(not t.strip() for t in texts):
                errors.append('translation is empty')
            for text in texts:
                if text.strip():
                    e, w = check_pair(source, text, numerus)
                    errors += e
                    warnings += w
            for severity, items in (('error', errors), ('warning', warnings)):
                for item in dict.fromkeys(items):
                    print('%s: %s: [%s] %r: %s' % (os.path.basename(path), severity, name,
                                                   source, item))
            n_err += bool(errors)
            n_warn += bool(warnings)
    return count, n_err, n_warn


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    paths = argv[1:] or sorted(glob.glob(os.path.join(root, 'resources/translations/*.ts')))
    if not paths:
        print('no .ts files found')
        return 1
    failed = False
    for path in paths:
        count, n_err, n_warn = check_file(path)
        print('%s: %d messages, %d translated cleanly, %d with errors, %d with warnings'
              % (os.path.basename(path), count, count - n_err, n_err, n_warn))
        failed = failed or n_err > 0
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
