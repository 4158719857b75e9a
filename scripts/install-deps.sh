#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian 12 packages Attention Explorer needs, only those that are missing, so a
# second run does nothing. Needs root (or sudo).
set -euo pipefail

# libqt6svg6 carries the SVG image plugin that draws the window icon. clang-14 builds the
# program (scripts/compiler-env.sh) and, with libclang-rt-14-dev, the sanitized suite and the
# libFuzzer harnesses; lld-14 links them (AE_LLD); llvm-14 has the
# symbolizer that names the lines in a sanitizer's report. ccache makes a second build of an
# unchanged file (a rerun, a fresh clone) a cache hit. libopenblas-dev runs the core's matrix
# products (AE_BLAS, on by default). The packaging step needs dpkg-dev
# (dpkg-shlibdeps), fakeroot, file, lintian, appstream (appstreamcli), desktop-file-utils,
# shared-mime-info and man-db (checking the manual page); zsh and fish run their completions'
# tests; xdotool and imagemagick take the screenshots (scripts/screenshots.sh). python3 runs the
# house and translation checks, clang-format the format check; poppler-utils (pdftotext,
# pdffonts) and libxml2-utils (xmllint) check the PDF text layers and the SVG files.
# at-spi2-core (the accessibility bus), dbus (dbus-run-session) and python3-pyatspi walk the
# window as a screen reader sees it (tests/atspi). qt6-httpserver-dev, qt6-websockets-dev and
# libqrencode-dev are for the class answers (students answering from their phones, the join
# address's QR code); zbar-tools (zbarimg) reads that QR code back in its test, and chromium
# with nodejs (node and npm, for puppeteer-core) opens the students' page (scripts/check-classroom-page.sh).
packages=(
    g++ cmake ninja-build pkg-config git ccache
    qt6-base-dev qt6-svg-dev libqt6svg6 qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-qpa-plugins qt6-translations-l10n libgl-dev libxkbcommon-dev
    libqcustomplot-dev libqcustomplot2.1-qt6
    libeigen3-dev libopenblas-dev
    libbenchmark-dev
    clang-14 libclang-rt-14-dev lld-14 llvm-14
    fonts-noto-cjk fonts-dejavu-core
    xvfb xauth
    dpkg-dev fakeroot file lintian appstream desktop-file-utils shared-mime-info man-db
    zsh fish xdotool imagemagick
    python3 clang-format poppler-utils libxml2-utils
    at-spi2-core dbus python3-pyatspi
    qt6-httpserver-dev qt6-websockets-dev libqrencode-dev zbar-tools chromium nodejs
)

missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
    echo "install-deps: all ${#packages[@]} packages are present"
    exit 0
fi

echo "install-deps: installing ${missing[*]}"
as_root=()
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "install-deps: run as root (or install sudo)" >&2; exit 1; }
    as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q
"${as_root[@]}" apt-get install -y -q "${missing[@]}"
