# SPDX-License-Identifier: GPL-3.0-or-later
# Precompiled headers: Qt's, QCustomPlot's and Eigen's headers are most of what every file of
# the tree compiles (a widget file spent about 7 of its 8 seconds in them). Each library
# precompiles the headers of its layer once; the test executables of one folder tree reuse the
# precompiled header of the tree's first suite. AE_PCH=OFF builds without them (for tools that
# want each file to stand on its own includes; the house check keeps the includes complete).
option(AE_PCH "Precompile the Qt, QCustomPlot and Eigen headers" ON)

set(AE_PCH_CORE <Eigen/Core> <QByteArray> <QJsonArray> <QJsonDocument> <QJsonObject>
    <QJsonValue> <QString> <QStringList> <algorithm> <cmath> <optional> <vector>)
set(AE_PCH_GUI ${AE_PCH_CORE} <QColor> <QFont> <QImage> <QObject> <QPainter> <QUndoStack>)
set(AE_PCH_WIDGETS ${AE_PCH_GUI} <QtWidgets> <qcustomplot.h>)

if(AE_PCH AND CMAKE_CXX_COMPILER_LAUNCHER MATCHES "ccache")
    # ccache caches files built with a precompiled header only when told how the header is
    # used (with CCACHE_SLOPPINESS=pch_defines,time_macros, which scripts/test.sh sets).
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        add_compile_options(-fpch-preprocess)
    elseif(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        add_compile_options(-Xclang -fno-pch-timestamp)
    endif()
endif()

# ae_precompile(<target> <CORE|GUI|WIDGETS>): the target precompiles that layer's headers.
function(ae_precompile target layer)
    if(AE_PCH)
        target_precompile_headers(${target} PRIVATE ${AE_PCH_${layer}})
    endif()
endfunction()

# ae_precompile_reuse(<target> <from>): the target uses <from>'s precompiled header (the two
# have the same compile options).
function(ae_precompile_reuse target from)
    if(AE_PCH)
        target_precompile_headers(${target} REUSE_FROM ${from})
    endif()
endfunction()
