# SPDX-License-Identifier: GPL-3.0-or-later
# The Debian package, made by CPack from what `cmake --install` puts in place, so that packaging
# reuses the Release build instead of compiling again (scripts/package.sh). dpkg-shlibdeps works
# out the libraries' packages; only what the program loads at run time as a plug-in (and so is
# invisible to it) is named by hand.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ${AE_PACKAGE_NAME})
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The Attention Explorer authors")
set(CPACK_PACKAGE_CONTACT "${AE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "interactive explorer for multi-head and cross-attention")
# Lines of at most 72 characters, as dpkg shows them.
set(CPACK_PACKAGE_DESCRIPTION
    "Attention Explorer shows how the attention of a transformer works, head
by head and with exact numbers: every head's heatmap, the head average,
the computation step by step, a weight derived by hand and why the scores
are divided by the square root of d_k. It exports figures as SVG, PNG and
PDF, makes worksheets for a class, has a lesson mode for the projector and
speaks English and Simplified Chinese. Its subcommands need no display.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
# Directories 0755 whatever the umask of the machine that packs.
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CPACK_OUTPUT_FILE_PREFIX ${CMAKE_BINARY_DIR}/package)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${AE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${AE_PROJECT_URL}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Plug-ins Qt loads at run time: the platform plug-ins (xcb, wayland) and the SVG image plug-in
# that draws the icon.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins, libqt6svg6")
# The Chinese interface needs a font with the characters, and Qt's own dialogs' translations.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk, qt6-translations-l10n")
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
include(CPack)
