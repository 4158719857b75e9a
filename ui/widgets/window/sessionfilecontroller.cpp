// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/sessionfilecontroller.h"

#include "attention/embeddings.h"
#include "document/autosavemanager.h"
#include "document/document.h"
#include "io/atomicfilewriter.h"
#include "language/retranslator.h"
#include "resources.h"
#include "session/sessionjson.h"
#include "session/unknownfields.h"

#include <QAction>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QWidget>

namespace ae {

namespace {

const char recentKey[] = "files/recent";
const char lastDirectoryKey[] = "files/lastDirectory";

QString fileFilter()
{
    // Sessions saved before the suffix existed end in plain .json; both open.
    return SessionFileController::tr("Attention Explorer sessions (%1);;All files (*)")
        .arg(QStringLiteral("*%1 *.json").arg(sessionFileSuffix()));
}

QString displayName(const QString &fileName)
{
    return QFileInfo(fileName).fileName();
}

/// The session File ▸ New starts from: a short sentence pair with generated embeddings,
/// standard cross-attention, one head.
Session simpleSession()
{
    Session s;
    auto fill = [](SequenceData &seq, const QStringList &tokens) {
        seq.tokens = tokens;
        seq.recipe.mode = EmbeddingMode::Hashed;
        seq.recipe.seed = 0;
        seq.embeddings = hashedEmbeddings(tokens, 4, 0);
    };
    fill(s.source, { QStringLiteral("the"), QStringLiteral("cat"), QStringLiteral("sat") });
    fill(s.target, { QStringLiteral("le"), QStringLiteral("chat") });
    s.attention.queryFrom = SequenceRole::Target;
    s.attention.keyValueFrom = SequenceRole::Source;
    s.attention.config.dModel = 4;
    s.attention.config.heads = 1;
    return s;
}

} // namespace

SessionFileController::SessionFileController(
    Document *document, QWidget *window, const QString &autosaveDirectory, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_window(window)
    , m_autosave(new AutosaveManager(document, autosaveDirectory, this))
{
    m_autosave->start();
    if (m_window) {
        m_window->setAcceptDrops(true);
        m_window->installEventFilter(this);
    }
    connect(m_document, &Document::fileNameChanged, this, &SessionFileController::updateActions);
    connect(m_document, &Document::modifiedChanged, this, &SessionFileController::updateActions);
}

SessionFileController::~SessionFileController() = default;

QString SessionFileController::newSessionTitle()
{
    return tr("Untitled");
}

void SessionFileController::fillMenu(QMenu *menu, QAction *before)
{
    // Each text is given as a function so that a language switch renames the action.
    auto add
        = [menu, before](QString (*text)(), const QString &name, const QKeySequence &shortcut) {
              auto *action = new QAction(menu);
              Retranslator::bind(action, [action, text] { action->setText(text()); });
              action->setObjectName(name);
              if (!shortcut.isEmpty())
                  action->setShortcut(shortcut);
              menu->insertAction(before, action);
              return action;
          };
    connect(add([] { return tr("&New"); }, QStringLiteral("newAction"), QKeySequence::New),
        &QAction::triggered, this, &SessionFileController::newSession);
    connect(add([] { return tr("&Open\u2026"); }, QStringLiteral("openAction"), QKeySequence::Open),
        &QAction::triggered, this, &SessionFileController::open);
    m_recentMenu = new QMenu(menu);
    Retranslator::bind(m_recentMenu, [this] {
        m_recentMenu->setTitle(tr("Open &Recent"));
        // Its items ("No Recent Files", "Clear Menu") speak the language of the moment too.
        rebuildRecentMenu();
    });
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    menu->insertMenu(before, m_recentMenu);
    connect(m_recentMenu, &QMenu::aboutToShow, this, &SessionFileController::rebuildRecentMenu);
    menu->insertSeparator(before);
    m_saveAction
        = add([] { return tr("&Save"); }, QStringLiteral("saveAction"), QKeySequence::Save);
    connect(m_saveAction, &QAction::triggered, this, &SessionFileController::save);
    connect(add([] { return tr("Save &As\u2026"); }, QStringLiteral("saveAsAction"),
                QKeySequence::SaveAs),
        &QAction::triggered, this, &SessionFileController::saveAs);
    m_revertAction = add(
        [] { return tr("Re&vert to Saved"); }, QStringLiteral("revertAction"), QKeySequence());
    connect(m_revertAction, &QAction::triggered, this, &SessionFileController::revert);
    menu->insertSeparator(before);
    rebuildRecentMenu();
    updateActions();
}

void SessionFileController::updateActions()
{
    if (m_revertAction)
        m_revertAction->setEnabled(!m_document->fileName().isEmpty() && m_document->isModified());
}

void SessionFileController::report(const QString &text, bool isError)
{
    if (isError)
        m_lastError = text;
    emit message(text, isError);
}

QString SessionFileController::dialogDirectory() const
{
    if (!m_document->fileName().isEmpty())
        return QFileInfo(m_document->fileName()).absolutePath();
    const QString last = QSettings().value(QLatin1String(lastDirectoryKey)).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
}

bool SessionFileController::maybeSave()
{
    if (!m_document->isModified())
        return true;
    // Named as the window title names it: the file, else the session's title.
    const QString name = !m_document->fileName().isEmpty() ? displayName(m_document->fileName())
        : !m_document->session().title.trimmed().isEmpty() ? m_document->session().title
                                                           : newSessionTitle();
    QMessageBox box(QMessageBox::Warning, tr("Unsaved Changes"),
        tr("“%1” has changes that are not saved.").arg(name),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, m_window);
    box.setObjectName(QStringLiteral("unsavedChangesBox"));
    box.setInformativeText(tr("Save them before going on?"));
    box.setDefaultButton(QMessageBox::Save);
    box.setEscapeButton(QMessageBox::Cancel);
    switch (box.exec()) {
    case QMessageBox::Save:
        return save();
    case QMessageBox::Discard:
        m_autosave->discard();
        return true;
    default:
        return false;
    }
}

bool SessionFileController::newSession()
{
    if (!maybeSave())
        return false;
    m_document->resetSession(simpleSession(), QString());
    emit opened(QString());
    return true;
}

bool SessionFileController::open()
{
    const QString fileName = QFileDialog::getOpenFileName(
        m_window, tr("Open Session"), dialogDirectory(), fileFilter());
    if (fileName.isEmpty())
        return false;
    return openFile(fileName);
}

bool SessionFileController::openFile(const QString &fileName)
{
    // Read first: a file that is refused must not cost the user the session they have.
    const SessionLoadResult loaded = loadSessionFile(fileName);
    if (!loaded.ok()) {
        report(tr("Could not open “%1”: %2. The current session is unchanged.")
                   .arg(displayName(fileName), loaded.error->toString()),
            true);
        return false;
    }
    if (!maybeSave())
        return false;
    const QString absolute = QFileInfo(fileName).absoluteFilePath();
    m_document->resetSession(loaded.session, absolute);
    addRecentFile(absolute);
    emit opened(absolute);
    // Most unknown fields are typos ("causual"); they are kept on saving, but said.
    const std::vector<UnknownSessionField> unknown
        = listUnknownSessionFields(loaded.session.original);
    if (!unknown.empty()) {
        QStringList fields;
        for (const UnknownSessionField &field : unknown)
            fields << field.toString();
        report(tr("“%1” has fields this version does not know; they are kept when you save. %2")
                   .arg(displayName(fileName), fields.join(QStringLiteral("; "))),
            false);
    }
    return true;
}

bool SessionFileController::save()
{
    if (m_document->fileName().isEmpty())
        return saveAs();
    return saveTo(m_document->fileName());
}

bool SessionFileController::saveAs()
{
    QString suggestion = m_document->fileName();
    if (suggestion.isEmpty()) {
        QString stem = m_document->session().title.trimmed();
        stem.replace(
            QRegularExpression(QStringLiteral("[\\\\/:*?\"<>|\\x00-\\x1f]+")), QStringLiteral(" "));
        stem = stem.simplified().left(60);
        if (stem.isEmpty())
            stem = tr("session");
        suggestion = QDir(dialogDirectory()).filePath(stem + sessionFileSuffix());
    }
    QString fileName
        = QFileDialog::getSaveFileName(m_window, tr("Save Session As"), suggestion, fileFilter());
    if (fileName.isEmpty())
        return false;
    if (QFileInfo(fileName).suffix().isEmpty())
        fileName += sessionFileSuffix();
    return saveTo(fileName);
}

bool SessionFileController::saveTo(const QString &fileName)
{
    // An invalid session would give a file that cannot be opened again.
    if (const auto &error = m_document->error()) {
        report(tr("Could not save “%1”: the session has a problem to fix first (%2). Nothing "
                  "was written.")
                   .arg(displayName(fileName), error->toString()),
            true);
        return false;
    }
    // Written to a temporary file and renamed over the old one only when complete.
    QString reason;
    if (!AtomicFileWriter::write(fileName, sessionToJsonBytes(m_document->session()), &reason)) {
        report(tr("Could not save “%1”: %2. The file on disk is unchanged and your work is "
                  "still open; try another folder or free some space.")
                   .arg(QDir::toNativeSeparators(fileName), reason),
            true);
        return false;
    }
    const QString absolute = QFileInfo(fileName).absoluteFilePath();
    m_document->markSaved(absolute);
    m_autosave->discard();
    addRecentFile(absolute);
    QSettings().setValue(QLatin1String(lastDirectoryKey), QFileInfo(absolute).absolutePath());
    return true;
}

bool SessionFileController::revert()
{
    const QString fileName = m_document->fileName();
    if (fileName.isEmpty())
        return false;
    if (m_document->isModified()) {
        QMessageBox box(QMessageBox::Question, tr("Revert to Saved"),
            tr("Drop the changes made since “%1” was last saved?").arg(displayName(fileName)),
            QMessageBox::Cancel, m_window);
        QPushButton *revertButton = box.addButton(tr("Revert"), QMessageBox::DestructiveRole);
        box.setDefaultButton(QMessageBox::Cancel);
        box.exec();
        if (box.clickedButton() != revertButton)
            return false;
    }
    const SessionLoadResult loaded = loadSessionFile(fileName);
    if (!loaded.ok()) {
        report(tr("Could not revert to “%1”: %2. The current session is unchanged.")
                   .arg(displayName(fileName), loaded.error->toString()),
            true);
        return false;
    }
    m_document->resetSession(loaded.session, fileName);
    m_autosave->discard();
    emit opened(fileName);
    return true;
}

QStringList SessionFileController::recentFiles() const
{
    return QSettings().value(QLatin1String(recentKey)).toStringList();
}

void SessionFileController::clearRecentFiles()
{
    QSettings().remove(QLatin1String(recentKey));
    emit recentFilesChanged();
}

void SessionFileController::addRecentFile(const QString &fileName)
{
    QStringList files = recentFiles();
    files.removeAll(fileName);
    files.prepend(fileName);
    while (files.size() > maxRecentFiles)
        files.removeLast();
    QSettings().setValue(QLatin1String(recentKey), files);
    emit recentFilesChanged();
}

void SessionFileController::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    int number = 1;
    for (const QString &file : files) {
        const QString text = number <= 9
            ? QStringLiteral("&%1 %2").arg(number).arg(displayName(file))
            : displayName(file);
        QAction *action = m_recentMenu->addAction(text);
        action->setToolTip(QDir::toNativeSeparators(file));
        action->setStatusTip(QDir::toNativeSeparators(file));
        action->setEnabled(QFileInfo::exists(file));
        connect(action, &QAction::triggered, this, [this, file] { openFile(file); });
        ++number;
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("No Recent Files"))->setEnabled(false);
    } else {
        m_recentMenu->addSeparator();
        connect(m_recentMenu->addAction(tr("&Clear Menu")), &QAction::triggered, this,
            &SessionFileController::clearRecentFiles);
    }
}

void SessionFileController::offerRecovery()
{
    const QList<AutosaveManager::Recovery> found = m_autosave->recoverable();
    if (found.isEmpty())
        return;
    const AutosaveManager::Recovery &newest = found.front();
    const QString what = !newest.originalFile.isEmpty() ? displayName(newest.originalFile)
        : !newest.title.isEmpty()                       ? newest.title
                                                        : newSessionTitle();
    const QString when = QLocale().toString(newest.savedAt, QLocale::ShortFormat);
    const QString text = newest.endedBySystem
        ? tr("Attention Explorer was closed by the system (a shutdown or a log-out) while "
             "“%1” had unsaved changes. They were kept at %2 and can be restored.")
              .arg(what, when)
        : tr("Attention Explorer did not close properly last time. Unsaved "
             "work on “%1”, autosaved %2, can be recovered.")
              .arg(what, when);
    auto *box = new QMessageBox(
        QMessageBox::Question, tr("Recover Unsaved Work"), text, QMessageBox::NoButton, m_window);
    box->setObjectName(QStringLiteral("recoveryBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *recover = box->addButton(tr("Recover"), QMessageBox::AcceptRole);
    QPushButton *discard = box->addButton(tr("Discard"), QMessageBox::DestructiveRole);
    box->addButton(tr("Not Now"), QMessageBox::RejectRole);
    box->setDefaultButton(recover);
    if (found.size() > 1)
        box->setInformativeText(tr("%1 more autosaves are kept for later.").arg(found.size() - 1));
    connect(box, &QMessageBox::finished, this, [this, box, recover, discard, newest] {
        if (box->clickedButton() == recover) {
            recoverNewest();
        } else if (box->clickedButton() == discard) {
            AutosaveManager::remove(newest);
        }
    });
    // Not modal for the application: the window stays usable behind it.
    box->open();
}

bool SessionFileController::recoverNewest()
{
    const QList<AutosaveManager::Recovery> found = m_autosave->recoverable();
    if (found.isEmpty())
        return false;
    const AutosaveManager::Recovery &newest = found.front();
    const SessionLoadResult loaded = AutosaveManager::load(newest);
    if (!loaded.ok()) {
        report(tr("The autosaved work could not be read: %1. It is kept in %2.")
                   .arg(loaded.error->toString(), QDir::toNativeSeparators(newest.autosaveFile)),
            true);
        return false;
    }
    // Recovered work is unsaved work: it stays marked modified and is autosaved again at once.
    m_document->resetSession(loaded.session, newest.originalFile, true);
    AutosaveManager::remove(newest);
    m_autosave->autosaveNow();
    report(tr("Recovered the unsaved work. Save it to keep it."), false);
    return true;
}

QString SessionFileController::droppedSessionFile(const QMimeData *mime)
{
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1)
        return {};
    const QUrl url = mime->urls().constFirst();
    if (!url.isLocalFile())
        return {};
    const QString file = url.toLocalFile();
    return QFileInfo(file).suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0
        ? file
        : QString();
}

bool SessionFileController::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window) {
        if (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove) {
            auto *drag = static_cast<QDragMoveEvent *>(event);
            if (!droppedSessionFile(drag->mimeData()).isEmpty()) {
                drag->acceptProposedAction();
                return true;
            }
        } else if (event->type() == QEvent::Drop) {
            auto *drop = static_cast<QDropEvent *>(event);
            const QString file = droppedSessionFile(drop->mimeData());
            if (!file.isEmpty()) {
                drop->acceptProposedAction();
                // After the drop has finished: openFile may ask about unsaved changes.
                QMetaObject::invokeMethod(
                    this, [this, file] { openFile(file); }, Qt::QueuedConnection);
                return true;
            }
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace ae
