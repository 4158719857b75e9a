// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzzes the lesson loader (lessonFromJson); the invariant is checkLessonInput()'s: refused with
// a message, or resolved to steps whose sessions load again as themselves and whose indices
// and answers are within their sessions.

#include "fuzzcheck.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return ae::fuzz::run(ae::test::checkLessonInput, data, size);
}
