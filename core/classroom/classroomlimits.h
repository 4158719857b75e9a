// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file classroomlimits.h
/// The hard limits of a class-answers room, in one place: what one request, one student and
/// one room may hold. The server faces a room of students' devices, so every size is bounded.

#include <QtGlobal>

namespace ae::classroom {

/// Longest request line (method, target, version and CRLF), in bytes.
inline constexpr qsizetype kMaxRequestLine = 1024;
/// Longest header block (every header line and its CRLF, not the request line), in bytes.
inline constexpr qsizetype kMaxHeaderBytes = 4096;
/// Most header lines in one request.
inline constexpr int kMaxHeaderCount = 32;
/// Largest request body, in bytes.
inline constexpr qsizetype kMaxBodyBytes = 4096;
/// Most students in one room.
inline constexpr int kMaxStudents = 500;
/// Longest nickname, in characters (code points) after sanitising.
inline constexpr int kMaxNicknameLength = 24;
/// Characters in a room code.
inline constexpr int kRoomCodeLength = 6;
/// Random bytes in a student's token (written as twice as many hexadecimal digits).
inline constexpr int kTokenBytes = 16;
/// Most choices a question may have.
inline constexpr int kMaxChoices = 16;
/// Connections the system holds for the server before it accepts them: a whole room's
/// phones connecting in the same second must not wait for a dropped connection's retry (1 s).
inline constexpr int kListenBacklog = 2 * kMaxStudents;
/// Most open connections from one address.
inline constexpr int kMaxConnectionsPerAddress = 16;
/// Wrong room codes one address may send in a window before it is refused (429).
inline constexpr int kMaxWrongCodesPerWindow = 10;
/// The window of the wrong-code limit, in milliseconds.
inline constexpr int kWrongCodeWindowMs = 60 * 1000;
/// How long a connection may take to send one whole request, in milliseconds (slowloris).
inline constexpr int kRequestTimeoutMs = 10 * 1000;
/// Largest picture shown on the students' pages at a reveal (PNG bytes); a larger one is not
/// served.
inline constexpr qsizetype kMaxRevealImageBytes = 4 * 1024 * 1024;
/// How long an idle kept-alive connection stays open, in milliseconds.
inline constexpr int kIdleTimeoutMs = 30 * 1000;

} // namespace ae::classroom
