// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/examplecatalog.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace ae {

namespace {

/// Names and descriptions of the examples this version knows; other files in the folder are
/// listed under the title they carry.
struct KnownExample
{
    const char *file;
    const char *name;
    const char *description;
    const char *shortName; ///< the window title: what the example is, not its settings
};

const KnownExample knownExamples[] = {
    { "cross-attention-2heads.json",
        QT_TRANSLATE_NOOP("ExampleCatalog", "我爱深度学习 → i love: cross-attention, 2 heads"),
        QT_TRANSLATE_NOOP("ExampleCatalog",
            "The translation example: the decoder's “i love” attends to the encoder's "
            "我 爱 深度 学习, d_model 4, 2 heads, identity projections."),
        QT_TRANSLATE_NOOP("ExampleCatalog", "我爱深度学习 → i love") },
    { "standard-cross.json",
        QT_TRANSLATE_NOOP("ExampleCatalog", "我爱 → I love: standard cross-attention (Y, X)"),
        QT_TRANSLATE_NOOP("ExampleCatalog",
            "Queries from the target, keys and values from the source: each English "
            "word looks for its Chinese counterpart."),
        QT_TRANSLATE_NOOP("ExampleCatalog", "我爱 → I love") },
    { "reverse-cross.json",
        QT_TRANSLATE_NOOP("ExampleCatalog", "我爱 → I love: reverse cross-attention (X, Y)"),
        QT_TRANSLATE_NOOP("ExampleCatalog",
            "The same pair with the roles swapped: the source asks, the target "
            "answers."),
        QT_TRANSLATE_NOOP("ExampleCatalog", "我爱 → I love, roles swapped") },
    { "decoder-causal.json",
        QT_TRANSLATE_NOOP(
            "ExampleCatalog", "<s> i love deep learning: causal decoder self-attention"),
        QT_TRANSLATE_NOOP("ExampleCatalog",
            "Decoder self-attention with the causal mask: no token sees the ones after "
            "it. Hashed vectors with positions, random projections."),
        QT_TRANSLATE_NOOP("ExampleCatalog", "<s> i love deep learning") },
    { "long-sentence-pair.json",
        QT_TRANSLATE_NOOP("ExampleCatalog", "A longer sentence pair, 4 heads"),
        QT_TRANSLATE_NOOP("ExampleCatalog",
            "12 source and 10 target tokens, d_model 16, 4 heads: enough to see the "
            "heads specialise."),
        QT_TRANSLATE_NOOP("ExampleCatalog", "A longer sentence pair") },
    { "trained-translate.json",
        QT_TRANSLATE_NOOP("ExampleCatalog", "Trained: 我 爱 深度 学习 → i love deep learning"),
        QT_TRANSLATE_NOOP("ExampleCatalog",
            "Learned weights: a model trained on the phrase book (train --task translate) "
            "attends from each English word to its Chinese source word."),
        QT_TRANSLATE_NOOP("ExampleCatalog", "Trained translation") },
    { "trained-reverse.json",
        QT_TRANSLATE_NOOP("ExampleCatalog", "Trained: reversing a sequence (anti-diagonal)"),
        QT_TRANSLATE_NOOP("ExampleCatalog",
            "Learned weights: a model trained to write its input backwards (train --task "
            "reverse) looks from the first output to the last input, and so on."),
        QT_TRANSLATE_NOOP("ExampleCatalog", "Trained reversal") },
    { "trained-transformer-encoder-self.json",
        QT_TRANSLATE_NOOP(
            "ExampleCatalog", "Trained transformer: 我 在 学校 学习, encoder self-attention"),
        QT_TRANSLATE_NOOP("ExampleCatalog",
            "Learned weights: the last encoder layer of a transformer trained on the "
            "translation corpus (train --model transformer --task translate-zh-en); every "
            "Chinese word attends to every Chinese word (X, X)."),
        QT_TRANSLATE_NOOP("ExampleCatalog", "Transformer: encoder self-attention") },
    { "trained-transformer-decoder-self.json",
        QT_TRANSLATE_NOOP("ExampleCatalog",
            "Trained transformer: i study at school, masked decoder self-attention"),
        QT_TRANSLATE_NOOP("ExampleCatalog",
            "Learned weights: the last decoder layer's self-attention of the same "
            "transformer (Y, Y); the causal mask leaves the triangle below the diagonal."),
        QT_TRANSLATE_NOOP("ExampleCatalog", "Transformer: decoder self-attention") },
    { "trained-transformer-cross.json",
        QT_TRANSLATE_NOOP("ExampleCatalog",
            "Trained transformer: 我 在 学校 学习 → i study at school, cross-attention"),
        QT_TRANSLATE_NOOP("ExampleCatalog",
            "Learned weights: the last decoder layer's cross-attention of the same "
            "transformer (Y, X); study looks at 学习 and school at 学校, so the alignment "
            "crosses."),
        QT_TRANSLATE_NOOP("ExampleCatalog", "Transformer: cross-attention") },
};

constexpr char examplesFolder[] = ":/examples";

} // namespace

QList<ExampleCatalog::Entry> ExampleCatalog::entries()
{
    QList<Entry> list;
    QStringList files = QDir(QString::fromLatin1(examplesFolder))
                            .entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
    // The known examples first, in teaching order; then anything else the build added.
    for (const KnownExample &known : knownExamples) {
        const QString file = QString::fromLatin1(known.file);
        if (files.removeAll(file) == 0)
            continue;
        list.append(Entry { QString::fromLatin1(examplesFolder) + QLatin1Char('/') + file,
            tr(known.name), tr(known.description) });
    }
    for (const QString &file : std::as_const(files)) {
        const QString path = QString::fromLatin1(examplesFolder) + QLatin1Char('/') + file;
        const SessionLoadResult loaded = load(path);
        const QString name = loaded.ok() && !loaded.session.title.isEmpty()
            ? loaded.session.title
            : QFileInfo(file).completeBaseName();
        list.append(Entry { path, name, QString() });
    }
    return list;
}

QString ExampleCatalog::displayTitle(const QString &sessionTitle)
{
    if (sessionTitle.isEmpty())
        return sessionTitle;
    // The titles the example files carry, read once.
    static const QStringList fileTitles = [] {
        QStringList titles;
        for (const KnownExample &known : knownExamples) {
            const SessionLoadResult loaded = load(QString::fromLatin1(examplesFolder)
                + QLatin1Char('/') + QString::fromLatin1(known.file));
            titles << (loaded.ok() ? loaded.session.title : QString());
        }
        return titles;
    }();
    const qsizetype i = fileTitles.indexOf(sessionTitle);
    return i >= 0 ? tr(knownExamples[i].shortName) : sessionTitle;
}

QString ExampleCatalog::name(const QString &path, const QString &fallback)
{
    for (const Entry &entry : entries()) {
        if (entry.path == path)
            return entry.name;
    }
    return fallback;
}

QString ExampleCatalog::defaultExamplePath()
{
    return QStringLiteral(":/examples/cross-attention-2heads.json");
}

SessionLoadResult ExampleCatalog::load(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        SessionLoadResult result;
        result.error = SessionError { SessionError::Kind::Io, QString(),
            tr("the example %1 cannot be read").arg(path) };
        return result;
    }
    return sessionFromJson(file.readAll());
}

} // namespace ae
