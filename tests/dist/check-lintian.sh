#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-lintian.sh PACKAGE_DIR VERSION
# lintian finds no error in the package; its warnings are printed (README.md explains each).
set -euo pipefail
deb=$(ls "$1"/attention-explorer_"$2"_*.deb)
lintian --fail-on error --display-info "$deb"
echo "lintian: no errors in $(basename "$deb")"
