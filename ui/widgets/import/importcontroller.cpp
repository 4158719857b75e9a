// SPDX-License-Identifier: GPL-3.0-or-later
#include "import/importcontroller.h"

#include "document/document.h"
#include "import/embeddingcsvreader.h"
#include "import/importedattentionreader.h"
#include "import/importedattentionwindow.h"
#include "language/retranslator.h"
#include "session/sequencerole.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>
#include <QStandardPaths>

namespace ae {

namespace {

const char importDirectoryKey[] = "import/directory";

} // namespace

ImportController::ImportController(Document *document, QWidget *window, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_window(window)
{
}

void ImportController::fillMenu(QMenu *menu, QAction *before)
{
    auto *sub = new QMenu(menu);
    sub->setObjectName(QStringLiteral("importMenu"));
    QAction *source = sub->addAction(QString());
    QAction *target = sub->addAction(QString());
    sub->addSeparator();
    QAction *weights = sub->addAction(QString());
    Retranslator::bind(sub, [sub, source, target, weights] {
        sub->setTitle(tr("&Import"));
        source->setText(tr("Embeddings into &Source X from CSV\u2026"));
        target->setText(tr("Embeddings into &Target Y from CSV\u2026"));
        weights->setText(tr("&Attention Weights from JSON (e.g. PyTorch)\u2026"));
        weights->setStatusTip(tr("View weights computed elsewhere: {\"query_tokens\": [...], "
                                 "\"key_tokens\": [...], \"weights\": [heads][queries][keys]}"));
    });
    source->setObjectName(QStringLiteral("importSourceEmbeddingsAction"));
    connect(source, &QAction::triggered, this, [this] { importEmbeddings(SequenceRole::Source); });
    target->setObjectName(QStringLiteral("importTargetEmbeddingsAction"));
    connect(target, &QAction::triggered, this, [this] { importEmbeddings(SequenceRole::Target); });
    weights->setObjectName(QStringLiteral("importAttentionAction"));
    connect(weights, &QAction::triggered, this, &ImportController::importAttention);
    menu->insertMenu(before, sub);
}

QString ImportController::askForFile(const QString &title, const QString &filter)
{
    QSettings settings;
    QString directory = settings.value(QLatin1String(importDirectoryKey)).toString();
    if (directory.isEmpty())
        directory = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString file = QFileDialog::getOpenFileName(m_window, title, directory, filter);
    if (!file.isEmpty())
        settings.setValue(QLatin1String(importDirectoryKey), QFileInfo(file).absolutePath());
    return file;
}

bool ImportController::importEmbeddings(SequenceRole role)
{
    const QString file = askForFile(tr("Import Embeddings into %1").arg(RoleLabel::text(role)),
        tr("Tables (*.csv *.tsv *.txt);;All files (*)"));
    return !file.isEmpty() && importEmbeddingsFrom(role, file);
}

bool ImportController::importEmbeddingsFrom(SequenceRole role, const QString &fileName)
{
    const QString name = QFileInfo(fileName).fileName();
    const QString sequence = RoleLabel::text(role);
    const EmbeddingCsv csv = EmbeddingCsvReader::read(fileName);
    if (!csv.ok()) {
        emit message(tr("Could not import embeddings from “%1”: %2. Nothing was changed.")
                         .arg(name, csv.error),
            true);
        return false;
    }
    Session after = m_document->session();
    SequenceData &seq = after.sequence(role);
    if (csv.tokens.isEmpty()) {
        if (csv.values.rows() != seq.length()) {
            emit message(
                tr("Could not import embeddings from “%1”: it has %2 rows of numbers but %3 has "
                   "%4 tokens. Give one row per token, or put the tokens in the first column. "
                   "Nothing was changed.")
                    .arg(name)
                    .arg(csv.values.rows())
                    .arg(sequence)
                    .arg(seq.length()),
                true);
            return false;
        }
    } else {
        if (csv.tokens != seq.tokens)
            seq.padding.clear(); // the flags belonged to the old tokens
        seq.tokens = csv.tokens;
    }
    seq.embeddings = csv.values;
    seq.recipe = EmbeddingRecipe {}; // typed numbers: the matrix is the truth
    m_document->applyEdit(
        [role] { return tr("Import embeddings into %1").arg(RoleLabel::text(role)); }, after);
    emit message(
        tr("Imported %1 \u00d7 %2 embeddings into %3 from “%4”. Undo (Ctrl+Z) takes them back.")
            .arg(csv.values.rows())
            .arg(csv.values.cols())
            .arg(sequence, name),
        false);
    return true;
}

bool ImportController::importAttention()
{
    const QString file
        = askForFile(tr("Import Attention Weights"), tr("JSON files (*.json);;All files (*)"));
    return !file.isEmpty() && importAttentionFrom(file) != nullptr;
}

ImportedAttentionWindow *ImportController::importAttentionFrom(const QString &fileName)
{
    const ImportedAttention attention = ImportedAttentionReader::read(fileName);
    if (!attention.ok()) {
        emit message(tr("Could not import attention weights from “%1”: %2.")
                         .arg(QFileInfo(fileName).fileName(), attention.error),
            true);
        return nullptr;
    }
    auto *window = new ImportedAttentionWindow(attention, m_window);
    window->show();
    window->raise();
    return window;
}

} // namespace ae
