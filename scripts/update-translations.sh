#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Refreshes resources/translations/*.ts from the tr() strings in core/, ui/ and app/.
# Translators then edit the .ts files (Qt Linguist); the build compiles them with lrelease.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
lupdate=/usr/lib/qt6/bin/lupdate
[[ -x "$lupdate" ]] || lupdate=$(command -v lupdate6 || command -v lupdate)
cd "$root"
"$lupdate" -locations none -no-obsolete core ui app -ts resources/translations/attention-explorer_zh_CN.ts
# English is the source language: its file holds only the plural forms ("%n student(s)").
"$lupdate" -locations none -no-obsolete -pluralonly -target-language en core ui app \
    -ts resources/translations/attention-explorer_en.ts
