// SPDX-License-Identifier: GPL-3.0-or-later
// Autosave through the file controller: removed once the work is saved, a crashed instance's
// work recovered as unsaved work of the right file, and the recovery question asked without
// blocking the window.

#include "document/autosavemanager.h"
#include "document/document.h"
#include "testsupportattention.h"
#include "testsupportexport.h"
#include "window/sessionfilecontroller.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using namespace ae;

namespace {

using T = ExportTestSupport;

} // namespace

class TestAutosaveRecovery : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void removedOnceSaved();
    void recoveryRestoresTheWork();
    void recoveryQuestionDoesNotBlock();

private:
    QString m_autosave;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestAutosaveRecovery::initTestCase()
{
    AttentionTestSupport::isolateSettings(QStringLiteral("tst_autosaverecovery"));
}

void TestAutosaveRecovery::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_autosave = m_dir->filePath(QStringLiteral("autosave"));
}

void TestAutosaveRecovery::removedOnceSaved()
{
    Document document;
    document.resetSession(T::specExample(), QString());
    SessionFileController files(&document, nullptr, m_autosave);
    document.setCausal(true);
    QVERIFY(files.autosave()->autosaveNow());
    const QString file = files.autosave()->fileName();
    QVERIFY(QFileInfo::exists(file));
    QVERIFY(files.saveTo(m_dir->filePath(QStringLiteral("saved.json"))));
    QVERIFY(!QFileInfo::exists(file));
    // Undoing back to the saved state also leaves nothing unsaved.
    document.setCausal(false);
    QVERIFY(files.autosave()->autosaveNow());
    document.undoStack()->undo();
    QVERIFY(!document.isModified());
    QVERIFY(!QFileInfo::exists(file));
}

void TestAutosaveRecovery::recoveryRestoresTheWork()
{
    Document crashed;
    crashed.resetSession(T::specExample(), QStringLiteral("/lessons/week4.json"));
    AutosaveManager before(&crashed, m_autosave);
    crashed.setCausal(true);
    crashed.setTitle(QStringLiteral("recover me"));
    QVERIFY(before.autosaveNow());
    T::simulateCrash(before.fileName(), m_autosave, QStringLiteral("gone"));

    Document document;
    SessionFileController files(&document, nullptr, m_autosave);
    QVERIFY(files.recoverNewest());
    QCOMPARE(document.session().title, QStringLiteral("recover me"));
    QVERIFY(document.session().attention.config.causal);
    // Still unsaved work of the same file, and autosaved again under this instance.
    QVERIFY(document.isModified());
    QCOMPARE(document.fileName(), QStringLiteral("/lessons/week4.json"));
    QVERIFY(QFileInfo::exists(files.autosave()->fileName()));
    QVERIFY(files.autosave()->recoverable().isEmpty());
    QVERIFY(!files.recoverNewest());
    // The recovered session saves without the autosave's bookkeeping.
    const QString saved = m_dir->filePath(QStringLiteral("recovered.json"));
    QVERIFY(files.saveTo(saved));
    QVERIFY(!QJsonDocument::fromJson(T::readFile(saved))
                 .object()
                 .contains(AutosaveManager::metadataKey()));
}

void TestAutosaveRecovery::recoveryQuestionDoesNotBlock()
{
    Document crashed;
    crashed.resetSession(T::specExample(), QString());
    AutosaveManager before(&crashed, m_autosave);
    crashed.setTitle(QStringLiteral("asked about"));
    QVERIFY(before.autosaveNow());
    T::simulateCrash(before.fileName(), m_autosave, QStringLiteral("asked"));

    QWidget window;
    Document document;
    document.resetSession(T::specExample(), QString());
    SessionFileController files(&document, &window, m_autosave);
    files.offerRecovery(); // returns at once; the question waits in its own box
    auto *box = window.findChild<QMessageBox *>(QStringLiteral("recoveryBox"));
    QVERIFY(box);
    QVERIFY(box->text().contains(QLatin1String("asked about")));
    QPushButton *recover = nullptr;
    for (QAbstractButton *b : box->buttons()) {
        if (b->text() == SessionFileController::tr("Recover"))
            recover = qobject_cast<QPushButton *>(b);
    }
    QVERIFY(recover);
    recover->click();
    QTRY_COMPARE(document.session().title, QStringLiteral("asked about"));
    QVERIFY(document.isModified());
}

QTEST_MAIN(TestAutosaveRecovery)
#include "tst_autosaverecovery.moc"
