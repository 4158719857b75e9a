// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportaccessible.h"

#include <QTest>

namespace ae::test {

namespace {

QList<AccessibleEventSeen> &seen()
{
    static QList<AccessibleEventSeen> events;
    return events;
}

void record(QAccessibleEvent *event)
{
    QAccessibleInterface *iface = event->accessibleInterface();
    seen().append(
        { event->type(), event->object(), iface ? iface->text(QAccessible::Name) : QString() });
}

} // namespace

AccessibleEventRecorder::AccessibleEventRecorder()
    : m_previous(QAccessible::installUpdateHandler(&record))
{
    seen().clear();
}

AccessibleEventRecorder::~AccessibleEventRecorder()
{
    QAccessible::installUpdateHandler(m_previous);
    seen().clear();
}

const QList<AccessibleEventSeen> &AccessibleEventRecorder::events() const
{
    return seen();
}

QStringList AccessibleEventRecorder::namesChanged(const QObject *object) const
{
    QStringList names;
    for (const AccessibleEventSeen &e : seen()) {
        if (e.type == QAccessible::NameChanged && e.object == object)
            names << e.name;
    }
    return names;
}

void AccessibleEventRecorder::clear()
{
    seen().clear();
}

bool accessibleEventsChecked()
{
    if (QAccessible::isActive())
        return true;
    if (qEnvironmentVariableIsEmpty("AE_EXPECT_ATSPI"))
        return false;
    // Qt's bridge turns active once it has reached the accessibility bus, which it asks for
    // without blocking: a suite's first test may come before that (bounded wait).
    if (QTest::qWaitFor([] { return QAccessible::isActive(); }, 10000))
        return true;
    qFatal("AE_EXPECT_ATSPI is set, but no assistive technology is active");
    return false;
}

} // namespace ae::test
