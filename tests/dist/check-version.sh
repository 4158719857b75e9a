#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-version.sh VERSION PROGRAM METAINFO CHANGELOG MANPAGE
# The one version of CMakeLists.txt is what --version prints, the newest release of the
# metainfo and of CHANGELOG.md, and the manual page's. (The package's is checked by
# check-package.sh, Help > About's by widgets/tst_languageswitch.)
set -euo pipefail
version=$1 program=$2 metainfo=$3 changelog=$4 manpage=$5
failed=0
agree() { # agree WHERE FOUND
    if [[ $2 != "$version" ]]; then
        echo "$1 says \"$2\", CMakeLists.txt says $version"
        failed=1
    fi
}
agree "attention-explorer --version" "$("$program" --version | sed -n 's/^attention-explorer //p')"
agree "$metainfo (newest release)" \
    "$(grep -m1 -o '<release version="[^"]*"' "$metainfo" | sed 's/.*="\(.*\)"/\1/')"
agree "$changelog (newest heading)" "$(grep -m1 -E '^## [0-9]' "$changelog" | awk '{print $2}')"
agree "$manpage (.TH)" "$(grep -m1 '^\.TH' "$manpage" | sed -n 's/.*"attention\\-explorer \([^"]*\)".*/\1/p')"
((failed == 0)) && echo "every place says $version"
exit $failed
