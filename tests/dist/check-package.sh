#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# check-package.sh PACKAGE_DIR VERSION APP_ID SESSION_SUFFIX MIME_TYPE LESSON_SUFFIX LESSON_MIME
# Unpacks the .deb into a throw-away folder and checks it: its version, every desktop file in
# its freedesktop place, the MIME type read by update-mime-database, and the installed program
# running --version and a compute on an installed example.
set -euo pipefail
dir=$1 version=$2 id=$3 suffix=$4 mime=$5 lesson_suffix=$6 lesson_mime=$7
deb=$(ls "$dir"/attention-explorer_"$version"_*.deb)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
failed=0
fail() { echo "$*"; failed=1; }

[[ $(dpkg-deb -f "$deb" Version) == "$version" ]] || fail "package version $(dpkg-deb -f "$deb" Version), not $version"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libqt6widgets6 libqcustomplot libc6; do
    [[ $depends == *"$lib"* ]] || fail "Depends lacks $lib (dpkg-shlibdeps): $depends"
done
dpkg-deb -x "$deb" "$root"
usr=$root/usr
icon=${mime//\//-}
lesson_icon=${lesson_mime//\//-}
for f in bin/attention-explorer share/applications/$id.desktop share/metainfo/$id.metainfo.xml \
    share/mime/packages/$id.xml share/icons/hicolor/scalable/apps/$id.svg \
    share/icons/hicolor/scalable/mimetypes/$icon.svg \
    share/icons/hicolor/scalable/mimetypes/$lesson_icon.svg share/man/man1/attention-explorer.1.gz \
    share/bash-completion/completions/attention-explorer \
    share/zsh/vendor-completions/_attention-explorer \
    share/fish/vendor_completions.d/attention-explorer.fish \
    share/attention-explorer/translations/attention-explorer_zh_CN.qm \
    share/attention-explorer/examples/standard-cross$suffix \
    share/doc/attention-explorer/copyright share/doc/attention-explorer/changelog.gz; do
    [[ -s $usr/$f ]] || fail "missing: /usr/$f"
done

# The MIME database made from the package's type knows the suffix and the content magic.
mkdir -p "$root/mime/packages"
cp "$usr/share/mime/packages/$id.xml" "$root/mime/packages/"
update-mime-database "$root/mime" 2>&1 | { grep . && fail "update-mime-database complained"; true; }
grep -qxF "60:$mime:*$suffix" "$root/mime/globs2" \
    || fail "globs2 lacks *$suffix: $(cat "$root/mime/globs2")"
grep -q "$mime" "$root/mime/magic" || fail "the magic file lacks $mime"
grep -qxF "60:$lesson_mime:*$lesson_suffix" "$root/mime/globs2" \
    || fail "globs2 lacks *$lesson_suffix: $(cat "$root/mime/globs2")"
grep -q "$lesson_mime" "$root/mime/magic" || fail "the magic file lacks $lesson_mime"

installed=$usr/bin/attention-explorer
out=$("$installed" --version)
[[ $out == "attention-explorer $version" ]] || fail "installed --version printed: $out"
example=$usr/share/attention-explorer/examples/standard-cross$suffix
json=$("$installed" compute "$example")
grep -q '"heads"' <<<"$json" || fail "installed compute printed no heads: ${json:0:200}"
((failed == 0)) && echo "$(basename "$deb"): version $version, files in place, installed program runs compute"
exit $failed
