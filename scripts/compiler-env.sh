# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the build scripts (build.sh, test.sh, package.sh, fuzz.sh): the compiler and the
# compiler cache every build of the project uses, said once.
#
# Clang 14 where it is installed (scripts/install-deps.sh installs it): with the precompiled
# headers of Qt, QCustomPlot and Eigen it compiled the libraries in about 40 % of GCC 12's CPU
# time (GCC's precompiled header for the widgets is 371 MB, read by every file, Clang's 65 MB),
# and it links with lld (CMakeLists.txt, AE_LLD), several times faster than ld.bfd. CC and CXX
# set by the caller win. Needs `root` set to the project folder.
if [[ -z ${CXX:-} ]] && command -v clang++-14 >/dev/null && command -v clang-14 >/dev/null; then
    export CC=clang-14 CXX=clang++-14
fi
# ccache: a file compiled before (a rerun, a fresh clone) is a cache hit.
export CCACHE_BASEDIR="$root"
# Files compiled with a precompiled header are cached only with these
# (cmake/precompiledheaders.cmake).
export CCACHE_SLOPPINESS=pch_defines,time_macros
# No folder is hashed, so a fresh clone elsewhere reuses the cache.
export CCACHE_NOHASHDIR=true
# Depend mode: the compiler's own dependency list (-MD) names the inputs, where the default
# preprocesses every file a second time to hash it (about 1.2 s of CPU a file with Qt's
# headers, a third of a miss's cost on an empty cache; depend mode about 0.5 s).
export CCACHE_DEPEND=true
# What every configure of the project passes to CMake (build.sh, test.sh, fuzz.sh).
cmake_options=()
# The build is warning-free at the level it sets (CMakeLists.txt): under CI a warning fails it.
if [[ ${CI:-} == true ]]; then
    cmake_options+=(-DCMAKE_COMPILE_WARNING_AS_ERROR=ON)
fi
if command -v ccache >/dev/null; then
    # Filling an empty cache costs CPU on every file (hashing each one's inputs, the precompiled
    # header among them, and storing the object: a cold Release build took 443 s with it, 387 s
    # without). CI on a new machine never reads it back, so there it compiles directly; a
    # developer's machine, or any machine whose cache already holds objects, uses it.
    if [[ ${CI:-} == true ]] &&
        [[ $(ccache --print-stats 2>/dev/null | awk '$1 == "files_in_cache" { print $2 }') == 0 ]]; then
        echo "compiler-env: CI with an empty compiler cache: compiling without ccache" >&2
    else
        cmake_options+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    fi
fi
