// SPDX-License-Identifier: GPL-3.0-or-later
#include "worksheet/worksheetwriter.h"

#include "io/atomicfilewriter.h"
#include "session/sessionjson.h"
#include "worksheet/worksheetanswers.h"
#include "worksheet/worksheetpdfwriter.h"
#include "worksheet/worksheetsheet.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

namespace ae {

QString WorksheetWriter::formatName(WorksheetFormat format)
{
    switch (format) {
    case WorksheetFormat::Latex:
        return QStringLiteral("latex");
    case WorksheetFormat::Pdf:
        return QStringLiteral("pdf");
    case WorksheetFormat::Markdown:
        break;
    }
    return QStringLiteral("markdown");
}

std::optional<WorksheetFormat> WorksheetWriter::formatFromName(const QString &name)
{
    for (const WorksheetFormat f :
        { WorksheetFormat::Markdown, WorksheetFormat::Latex, WorksheetFormat::Pdf }) {
        if (formatName(f) == name)
            return f;
    }
    return std::nullopt;
}

bool WorksheetWriter::write(const std::vector<StudentWorksheet> &sheets,
    const WorksheetConfig &config, WorksheetFormat format, const QString &dir, QString *error,
    QStringList *written)
{
    const QDir folder(dir);
    if (!QDir().mkpath(dir) || !QFileInfo(dir).isDir()) {
        if (error)
            *error = tr("%1: the folder cannot be made").arg(QDir::toNativeSeparators(dir));
        return false;
    }
    auto save = [&](const QString &name, const QByteArray &bytes) {
        const QString path = folder.filePath(name);
        QString reason;
        if (!AtomicFileWriter::write(path, bytes, &reason)) {
            if (error)
                *error = QDir::toNativeSeparators(path) + QStringLiteral(": ") + reason;
            return false;
        }
        if (written)
            written->append(path);
        return true;
    };
    const WorksheetLanguage lang = config.language;
    for (const StudentWorksheet &sheet : sheets) {
        const QString stem = worksheetStudentStem(sheet.number);
        if (!save(stem + QStringLiteral(".session.json"), sessionToJsonBytes(sheet.session)))
            return false;
        const WorksheetDocument page = worksheetSheet(sheet, lang);
        bool ok = true;
        switch (format) {
        case WorksheetFormat::Markdown:
            ok = save(stem + QStringLiteral(".md"), worksheetToMarkdown(page).toUtf8());
            break;
        case WorksheetFormat::Latex:
            ok = save(stem + QStringLiteral(".tex"), worksheetToLatex(page, lang).toUtf8());
            break;
        case WorksheetFormat::Pdf:
            ok = save(stem + QStringLiteral(".pdf"), WorksheetPdfWriter::toPdf(page, sheets, lang));
            break;
        }
        if (!ok)
            return false;
        if (!save(stem + QStringLiteral(".answers.md"),
                worksheetToMarkdown(worksheetAnswers(sheet, lang)).toUtf8()))
            return false;
    }
    const WorksheetDocument key = worksheetAnswerKey(sheets, lang);
    if (!save(QStringLiteral("answers.md"), worksheetToMarkdown(key).toUtf8()))
        return false;
    if (format == WorksheetFormat::Latex
        && !save(QStringLiteral("answers.tex"), worksheetToLatex(key, lang).toUtf8()))
        return false;
    if (format == WorksheetFormat::Pdf
        && !save(QStringLiteral("answers.pdf"), WorksheetPdfWriter::toPdf(key, sheets, lang)))
        return false;
    return save(QStringLiteral("answers.json"),
        QJsonDocument(worksheetAnswersJson(sheets)).toJson(QJsonDocument::Indented));
}

} // namespace ae
