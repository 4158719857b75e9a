// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupporttrainingdock.h"

#include "document/document.h"
#include "training/trainingdock.h"
#include "training/trainingrunner.h"
#include "training/trainingsettingsform.h"

#include <QSpinBox>
#include <QtTest>

namespace ae::test {

void TrainingDockFixture::createDock()
{
    m_document = new Document;
    m_dock = new TrainingDock(m_document);
    m_dock->resize(1200, 800);
    m_dock->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_dock));
    useSmallSettings();
}

void TrainingDockFixture::destroyDock()
{
    delete m_dock;
    delete m_document;
    m_dock = nullptr;
    m_document = nullptr;
}

void TrainingDockFixture::useSmallSettings(int steps)
{
    TrainingSettingsForm *f = m_dock->settings();
    f->lengthBox()->setValue(4);
    f->vocabBox()->setValue(6);
    f->modelDimBox()->setValue(16);
    f->headsBox()->setValue(2);
    f->batchBox()->setValue(8);
    f->stepsBox()->setValue(steps);
    f->seedBox()->setValue(5);
    QCOMPARE(m_dock->runner()->state(), TrainingRunner::State::Paused);
    QCOMPARE(m_dock->runner()->configs()[0].dModel, 16);
}

} // namespace ae::test
