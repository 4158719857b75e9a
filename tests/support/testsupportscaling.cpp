// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportscaling.h"

#include "document/document.h"
#include "scaling/entropyexperiment.h"
#include "scaling/scalingplotdock.h"

#include <QtTest>
#include <algorithm>
#include <qcustomplot.h>

namespace ae::test {

void ScalingDockFixture::createDock()
{
    m_document = new Document;
    m_dock = new ScalingPlotDock(m_document);
    m_dock->resize(700, 520);
    m_dock->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_dock));
}

void ScalingDockFixture::destroyDock()
{
    delete m_dock;
    delete m_document;
    m_dock = nullptr;
    m_document = nullptr;
}

QList<QPointF> points(QCPGraph *graph)
{
    QList<QPointF> result;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        result.append(QPointF(it->key, it->value));
    return result;
}

QList<QPointF> expectedPoints(const EntropyExperimentConfig &config, bool scaled)
{
    const EntropyExperimentResult r = runEntropyExperiment(config);
    QList<QPointF> result;
    for (size_t i = 0; i < r.dims.size(); ++i)
        result.append(QPointF(r.dims[i], scaled ? r.scaled[i] : r.unscaled[i]));
    std::sort(result.begin(), result.end(),
        [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); });
    return result;
}

} // namespace ae::test
