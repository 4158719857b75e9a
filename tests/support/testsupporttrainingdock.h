// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupporttrainingdock.h
/// The training dock suites' fixture: a shown dock on its own document, with small settings.

namespace ae {
class Document;
class TrainingDock;
} // namespace ae

namespace ae::test {

/// A training dock on its own document, shown at 1200 x 800 with small, quick settings; the
/// training dock suites derive from it and call createDock() and destroyDock() around each test.
class TrainingDockFixture
{
protected:
    /// Makes and shows the dock, waits until it is exposed and applies useSmallSettings().
    void createDock();
    /// Deletes the dock and its document.
    void destroyDock();
    /// Small, quick settings: reverse, length 4, 6 words, d_model 16, 2 heads, 60 steps.
    void useSmallSettings(int steps = 60);

    Document *m_document = nullptr;
    TrainingDock *m_dock = nullptr;
};

} // namespace ae::test
