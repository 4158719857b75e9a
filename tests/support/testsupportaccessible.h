// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file testsupportaccessible.h
/// What assistive technology is told: the accessibility events Qt passes on, recorded.

#include <QAccessible>
#include <QList>
#include <QPointer>
#include <QString>

namespace ae::test {

/// One accessibility event as assistive technology received it.
struct AccessibleEventSeen
{
    QAccessible::Event type;
    QPointer<QObject> object; ///< the event's object (null for an object-less interface's)
    QString name; ///< the interface's name when the event was sent
};

/// Records every accessibility event while it lives (QAccessible::installUpdateHandler), and
/// puts the handler before it back when it goes. Qt passes events on only while assistive
/// technology is active (QAccessible::isActive()): on Linux under the AT-SPI bridge (the
/// tests/atspi runs), never on the offscreen platform.
class AccessibleEventRecorder
{
public:
    AccessibleEventRecorder();
    ~AccessibleEventRecorder();
    AccessibleEventRecorder(const AccessibleEventRecorder &) = delete;
    AccessibleEventRecorder &operator=(const AccessibleEventRecorder &) = delete;

    /// The events seen so far, oldest first.
    const QList<AccessibleEventSeen> &events() const;
    /// The names @p object had at each of its NameChanged events, oldest first.
    QStringList namesChanged(const QObject *object) const;
    /// Forgets the events seen so far.
    void clear();

private:
    QAccessible::UpdateHandler m_previous;
};

/// Whether the events can be checked here: true while assistive technology is active. Where
/// it is not, and the environment's AE_EXPECT_ATSPI says it must be (the AT-SPI run of a
/// suite), waits up to ten seconds for Qt's bridge to turn active and stops the suite if it
/// does not; else returns false (the caller skips the event checks).
bool accessibleEventsChecked();

} // namespace ae::test
