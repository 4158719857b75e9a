// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportpresenter.h"

#include "computation/computationsteps.h"
#include "language/languagemanager.h"
#include "window/mainwindow.h"

#include <QScrollArea>
#include <QSettings>
#include <QTableWidget>
#include <QTest>
#include <algorithm>
#include <vector>

namespace ae::test {

void PresenterWindowFixture::createWindow()
{
    QSettings().clear();
    m_window = new MainWindow;
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void PresenterWindowFixture::destroyWindow()
{
    delete m_window;
    m_window = nullptr;
    LanguageManager::apply(QStringLiteral("en"));
}

int stepIndex(ComputationStep step)
{
    const std::vector<ComputationStep> steps = ComputationSteps::all();
    return int(std::find(steps.begin(), steps.end(), step) - steps.begin());
}

QRect globalRect(const QWidget *w)
{
    return QRect(w->mapToGlobal(QPoint(0, 0)), w->size());
}

bool wholeInSight(const QTableWidget *table, const QScrollArea *area, QString *why)
{
    const QRect viewport = table->viewport()->rect();
    for (int r = 0; r < table->rowCount(); ++r) {
        for (int c = 0; c < table->columnCount(); ++c) {
            const QRect cell(table->columnViewportPosition(c), table->rowViewportPosition(r),
                table->columnWidth(c), table->rowHeight(r));
            if (!viewport.contains(cell)) {
                *why = QStringLiteral("cell %1,%2 at %3,%4 %5×%6 outside the %7×%8 viewport")
                           .arg(r)
                           .arg(c)
                           .arg(cell.x())
                           .arg(cell.y())
                           .arg(cell.width())
                           .arg(cell.height())
                           .arg(viewport.width())
                           .arg(viewport.height());
                return false;
            }
        }
    }
    const QRect shown = globalRect(area->viewport());
    const QRect cells = globalRect(table->viewport());
    if (!shown.contains(cells)) {
        *why = QStringLiteral("the table (%1×%2) is cut by the scroll area (%3×%4)")
                   .arg(cells.width())
                   .arg(cells.height())
                   .arg(shown.width())
                   .arg(shown.height());
        return false;
    }
    return true;
}

} // namespace ae::test
