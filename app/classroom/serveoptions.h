// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file serveoptions.h
/// The option parser of the `serve` subcommand.

#include "cli/parsedcommand.h"

#include <QHostAddress>
#include <QString>
#include <QStringList>

namespace ae {

/// `serve LESSON [--bind ADDR] [--port N] [--record FILE.csv] [--lang en|zh]`.
struct ServeOptions
{
    QString lesson; ///< a built-in lesson's name or a lesson file
    QHostAddress bind = QHostAddress(QHostAddress::LocalHost); ///< the address listened on
    quint16 port = 0; ///< 0: a free port
    QString record; ///< the class record's CSV file; empty: none
    bool chinese = false; ///< the terminal's and the server's messages in Chinese
};

/// Parses `serve`'s arguments: the program name followed by the subcommand's own arguments.
/// Every refusal line starts with "serve: ".
ParsedCommand<ServeOptions> parseServeArgs(const QStringList &args);

} // namespace ae
