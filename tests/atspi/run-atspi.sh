#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the window under a private X server (Xvfb) and a private D-Bus session with the AT-SPI
# accessibility bus, then walks what a screen reader sees (atspi-walk.py), in English and in
# Chinese; with a lesson, plays it too and checks that a step change is announced
# (atspi-walk.py --announce). With --suite, runs a Qt Test suite there instead (Qt's AT-SPI
# bridge on, so that accessibility events are sent), on the xcb platform. Exit 77 (the test is
# skipped) when Xvfb, dbus-run-session, at-spi2-core or python3-pyatspi is missing; every step
# is bounded in time, so nothing hangs.
#
# Usage: run-atspi.sh APP SESSION.json [LESSON.aelesson.json]
#        run-atspi.sh --suite SUITE
set -u
app=$1
session=$2
lesson=${3:-}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
python=/usr/bin/python3
launcher=/usr/libexec/at-spi-bus-launcher

# Under CI every test runs: a missing tool is a gap in scripts/install-deps.sh, not a skip.
missing() {
    if [[ "${CI:-}" == true ]]; then
        echo "atspi: $1 is missing, and under CI every test runs: add it to scripts/install-deps.sh"
        exit 1
    fi
    echo "atspi: $1 is missing: skipped"
    exit 77
}
if [[ -z "${AE_ATSPI_INSIDE:-}" ]]; then
    for tool in Xvfb dbus-run-session dbus-send timeout; do
        command -v "$tool" >/dev/null || missing "$tool"
    done
    [[ -x "$launcher" ]] || missing at-spi2-core
    "$python" -c 'import pyatspi' 2>/dev/null || missing python3-pyatspi
    AE_ATSPI_INSIDE=1 exec timeout -k 5 170 dbus-run-session -- bash "${BASH_SOURCE[0]}" "$@"
fi

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    wait 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# A display of its own: Xvfb picks a free number and writes it to fd 3.
Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
pids+=($!)
for _ in $(seq 100); do [[ -s "$work/display" ]] && break; sleep 0.1; done
[[ -s "$work/display" ]] || { echo "atspi: Xvfb did not start"; cat "$work/xvfb.log"; exit 1; }
export DISPLAY=:$(head -n1 "$work/display")

"$launcher" --launch-immediately >"$work/bus.log" 2>&1 &
pids+=($!)
registered=0
for _ in $(seq 100); do
    if dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
        org.freedesktop.DBus.NameHasOwner string:org.a11y.Bus 2>/dev/null | grep -q 'true'; then
        registered=1
        break
    fi
    sleep 0.1
done
((registered)) || { echo "atspi: the accessibility bus did not start"; cat "$work/bus.log"; exit 1; }

if [[ "$app" == --suite ]]; then
    QT_QPA_PLATFORM=xcb QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 AE_EXPECT_ATSPI=1 \
        XDG_CONFIG_HOME="$work" timeout -k 5 120 "$session"
    exit $?
fi

expected="$work/expected.json"
"$app" compute "$session" >"$expected" || { echo "atspi: compute failed"; exit 1; }

status=0
for lang in en zh_CN; do
    mkdir -p "$work/$lang"
    XDG_CONFIG_HOME="$work/$lang" XDG_DATA_HOME="$work/$lang" XDG_CACHE_HOME="$work/$lang" \
        LANGUAGE=$lang LANG=${lang/en/en_US}.UTF-8 LC_ALL= QT_QPA_PLATFORM=xcb \
        QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 QT_ACCESSIBILITY=1 \
        "$app" "$session" >"$work/$lang/app.log" 2>&1 &
    pid=$!
    pids+=("$pid")
    if ! timeout -k 5 60 "$python" "$here/atspi-walk.py" --pid "$pid" --lang "$lang" \
        --expected "$expected"; then
        status=1
        echo "atspi: the program's output:"
        cat "$work/$lang/app.log"
    fi
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    [[ -n "$lesson" ]] || continue
    # The lesson played: pressing Next must be told (the live region's new name).
    XDG_CONFIG_HOME="$work/$lang" XDG_DATA_HOME="$work/$lang" XDG_CACHE_HOME="$work/$lang" \
        LANGUAGE=$lang LANG=${lang/en/en_US}.UTF-8 LC_ALL= QT_QPA_PLATFORM=xcb \
        QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 QT_ACCESSIBILITY=1 \
        "$app" "$lesson" >"$work/$lang/lesson.log" 2>&1 &
    pid=$!
    pids+=("$pid")
    if ! timeout -k 5 40 "$python" "$here/atspi-walk.py" --pid "$pid" --lang "$lang" \
        --announce; then
        status=1
        echo "atspi: the program's output:"
        cat "$work/$lang/lesson.log"
    fi
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
done
exit $status
