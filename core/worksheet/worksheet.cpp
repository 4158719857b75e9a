// SPDX-License-Identifier: GPL-3.0-or-later
#include "worksheet/worksheet.h"

#include "attention/rng.h"
#include "session/sessioncompute.h"
#include "session/sessionvalidator.h"

#include <QCoreApplication>
#include <array>
#include <cassert>
#include <cmath>
#include <set>

namespace ae {

namespace {

/// Word pairs (source X, target Y) the tokens are drawn from. English sheets translate English
/// into French (ASCII only, so that the LaTeX needs no CJK fonts); Chinese sheets translate
/// Chinese into English, like the built-in example.
struct WordPair
{
    const char *source;
    const char *target;
};

constexpr std::array<WordPair, 12> englishWords { { { "the", "le" }, { "cat", "chat" },
    { "sleeps", "dort" }, { "we", "nous" }, { "love", "aimons" }, { "music", "musique" },
    { "she", "elle" }, { "reads", "lit" }, { "books", "livres" }, { "time", "temps" },
    { "flies", "vole" }, { "fast", "vite" } } };

constexpr std::array<WordPair, 12> chineseWords { { { "我", "i" }, { "爱", "love" },
    { "深度", "deep" }, { "学习", "learning" }, { "猫", "cat" }, { "睡觉", "sleeps" },
    { "我们", "we" }, { "喜欢", "like" }, { "音乐", "music" }, { "她", "she" }, { "读", "reads" },
    { "书", "books" } } };

/// Entries of the embedding vectors are k / 10 with |k| <= this: one decimal, small enough to
/// multiply by hand.
constexpr int maxTenths = 12;

/// Two weights closer than this count as a tie (the argmax question needs a clear winner).
constexpr double tieTolerance = 1e-9;

/// A vector of one-decimal numbers, never all zero (a zero query or key teaches nothing).
Eigen::MatrixXd drawEmbeddings(Rng &rng, int rows, int cols)
{
    Eigen::MatrixXd m(rows, cols);
    for (int i = 0; i < rows; ++i) {
        do {
            for (int j = 0; j < cols; ++j) {
                const auto k = static_cast<int>(rng.next() % (2 * maxTenths + 1)) - maxTenths;
                // k / 10.0 is the double nearest to the decimal "k/10", as a reader parses it.
                m(i, j) = k / 10.0;
            }
        } while (m.row(i).isZero());
    }
    return m;
}

int drawIndex(Rng &rng, int count)
{
    return static_cast<int>(rng.next() % static_cast<std::uint64_t>(count));
}

std::vector<int> visibleKeys(const AttentionResult &r, int query)
{
    std::vector<int> keys;
    for (Eigen::Index j = 0; j < r.visible.cols(); ++j) {
        if (r.visible(query, j))
            keys.push_back(static_cast<int>(j));
    }
    return keys;
}

/// The index of the single largest weight of the row, or -1 when two share it.
int uniqueArgmax(const Eigen::MatrixXd &weights, int query)
{
    Eigen::Index best = 0;
    const double max = weights.row(query).maxCoeff(&best);
    for (Eigen::Index j = 0; j < weights.cols(); ++j) {
        if (j != best && std::abs(weights(query, j) - max) < tieTolerance)
            return -1;
    }
    return static_cast<int>(best);
}

/// The session of one draw: identity projections, both sequences tokens x d_model.
Session drawSession(const WorksheetConfig &config, int number, Rng &rng)
{
    const bool zh = config.language == WorksheetLanguage::Chinese;
    const auto &words = zh ? chineseWords : englishWords;
    // Distinct word pairs in sentence order.
    std::set<int> picked;
    while (static_cast<int>(picked.size()) < config.tokens)
        picked.insert(drawIndex(rng, static_cast<int>(words.size())));

    Session s;
    s.title = (zh ? QString::fromUtf8("注意力练习 · 学生 %1")
                  : QStringLiteral("Attention worksheet, student %1"))
                  .arg(number, 2, 10, QLatin1Char('0'));
    for (const int i : picked) {
        s.source.tokens << QString::fromUtf8(words[static_cast<size_t>(i)].source);
        s.target.tokens << QString::fromUtf8(words[static_cast<size_t>(i)].target);
    }
    s.source.embeddings = drawEmbeddings(rng, config.tokens, config.dModel);
    s.target.embeddings = drawEmbeddings(rng, config.tokens, config.dModel);
    switch (config.wiring) {
    case WorksheetWiring::Cross:
        s.attention.queryFrom = SequenceRole::Target;
        s.attention.keyValueFrom = SequenceRole::Source;
        break;
    case WorksheetWiring::Self:
        s.attention.queryFrom = SequenceRole::Source;
        s.attention.keyValueFrom = SequenceRole::Source;
        break;
    case WorksheetWiring::Reverse:
        s.attention.queryFrom = SequenceRole::Source;
        s.attention.keyValueFrom = SequenceRole::Target;
        break;
    case WorksheetWiring::Decoder:
        s.attention.queryFrom = SequenceRole::Target;
        s.attention.keyValueFrom = SequenceRole::Target;
        break;
    }
    s.attention.config.dModel = config.dModel;
    s.attention.config.heads = config.heads;
    s.attention.config.scale.mode = ScaleMode::SqrtDk;
    s.attention.config.causal = config.causal;
    s.attention.projections.mode = ProjectionMode::Identity;
    return s;
}

/// Picks the questions for @p w; returns false when this draw has no query with a clear
/// argmax in the chosen head (the caller draws again).
bool pickQuestions(StudentWorksheet &w, Rng &rng)
{
    const AttentionResult &r = w.result;
    const int heads = static_cast<int>(r.heads.size());
    const int lq = static_cast<int>(r.q.rows());
    std::vector<int> rowsWithChoice; // queries that see at least two keys
    for (int i = 0; i < lq; ++i) {
        if (visibleKeys(r, i).size() >= 2)
            rowsWithChoice.push_back(i);
    }
    if (rowsWithChoice.empty())
        return false;
    auto pickFrom = [&rng](const std::vector<int> &v) {
        return v[static_cast<size_t>(drawIndex(rng, static_cast<int>(v.size())))];
    };

    WorksheetQuestion score;
    score.kind = WorksheetQuestionKind::Score;
    score.head = drawIndex(rng, heads);
    score.query = drawIndex(rng, lq);
    score.key = pickFrom(visibleKeys(r, score.query));
    score.answer = r.scoreRow(score.head, score.query)(score.key);

    WorksheetQuestion weight;
    weight.kind = WorksheetQuestionKind::Weight;
    weight.head = drawIndex(rng, heads);
    weight.query = pickFrom(rowsWithChoice);
    weight.key = pickFrom(visibleKeys(r, weight.query));
    weight.answer = r.heads[static_cast<size_t>(weight.head)].weights(weight.query, weight.key);

    WorksheetQuestion argmax;
    argmax.kind = WorksheetQuestionKind::Argmax;
    argmax.head = drawIndex(rng, heads);
    std::vector<int> clear;
    for (const int i : rowsWithChoice) {
        if (uniqueArgmax(r.heads[static_cast<size_t>(argmax.head)].weights, i) >= 0)
            clear.push_back(i);
    }
    if (clear.empty())
        return false;
    argmax.query = pickFrom(clear);
    argmax.answer = uniqueArgmax(r.heads[static_cast<size_t>(argmax.head)].weights, argmax.query);

    WorksheetQuestion output;
    output.kind = WorksheetQuestionKind::Output;
    output.head = drawIndex(rng, heads);
    output.query = pickFrom(rowsWithChoice);
    output.dim = drawIndex(rng, r.dK);
    output.answer = r.heads[static_cast<size_t>(output.head)].output(output.query, output.dim);

    WorksheetQuestion unscaled = weight;
    unscaled.kind = WorksheetQuestionKind::Unscaled;
    unscaled.scaledWeight = weight.answer;
    const AttentionResult plain = computeSession(withoutScale(w.session));
    unscaled.answer
        = plain.heads[static_cast<size_t>(unscaled.head)].weights(unscaled.query, unscaled.key);

    w.questions = { score, weight, argmax, output, unscaled };
    return true;
}

/// The embeddings a student works with (queries and keys/values), for telling students apart.
std::vector<double> usedEmbeddings(const Session &s)
{
    std::vector<double> v;
    for (const SequenceData *seq : { &s.querySequence(), &s.keyValueSequence() })
        v.insert(v.end(), seq->embeddings.data(), seq->embeddings.data() + seq->embeddings.size());
    return v;
}

} // namespace

std::optional<SessionError> checkWorksheetConfig(const WorksheetConfig &config)
{
    auto refuse = [](const char *option, const QString &message) {
        SessionError e;
        e.path = QLatin1String(option);
        e.message = message;
        return e;
    };
    auto range = [](int value, int lo, int hi) {
        return QCoreApplication::translate("ae::Worksheet", "%1 is outside %2..%3")
            .arg(value)
            .arg(lo)
            .arg(hi);
    };
    using namespace worksheetlimits;
    if (config.students < minStudents || config.students > maxStudents)
        return refuse("students", range(config.students, minStudents, maxStudents));
    if (config.tokens < minTokens || config.tokens > maxTokens)
        return refuse("tokens", range(config.tokens, minTokens, maxTokens));
    if (config.dModel < minDModel || config.dModel > maxDModel)
        return refuse("d-model", range(config.dModel, minDModel, maxDModel));
    if (config.heads < 1 || config.heads > maxHeads)
        return refuse("heads", range(config.heads, 1, maxHeads));
    if (config.dModel % config.heads != 0)
        return refuse("heads",
            QCoreApplication::translate("ae::Worksheet", "%1 does not divide d_model %2")
                .arg(config.heads)
                .arg(config.dModel));
    return std::nullopt;
}

QString worksheetWiringName(WorksheetWiring wiring)
{
    switch (wiring) {
    case WorksheetWiring::Self:
        return QStringLiteral("self");
    case WorksheetWiring::Reverse:
        return QStringLiteral("reverse");
    case WorksheetWiring::Decoder:
        return QStringLiteral("decoder");
    case WorksheetWiring::Cross:
        break;
    }
    return QStringLiteral("cross");
}

std::optional<WorksheetWiring> worksheetWiringFromName(const QString &name)
{
    for (const WorksheetWiring w : { WorksheetWiring::Cross, WorksheetWiring::Self,
             WorksheetWiring::Reverse, WorksheetWiring::Decoder }) {
        if (worksheetWiringName(w) == name)
            return w;
    }
    return std::nullopt;
}

QString worksheetStudentStem(int number)
{
    return QStringLiteral("student-%1").arg(number, 2, 10, QLatin1Char('0'));
}

Session withoutScale(const Session &session)
{
    Session s = session;
    s.attention.config.scale.mode = ScaleMode::None;
    return s;
}

std::vector<StudentWorksheet> makeWorksheets(const WorksheetConfig &config)
{
    assert(!checkWorksheetConfig(config));
    std::vector<StudentWorksheet> sheets;
    std::set<std::vector<double>> taken;
    const std::uint64_t classSeed = Rng::mix(config.seed);
    for (int n = 1; n <= config.students; ++n) {
        // Each student has an own stream, so student 5's sheet does not depend on how many
        // draws students 1-4 needed; a redraw moves along that student's stream.
        Rng rng(Rng::mix(classSeed ^ Rng::mix(static_cast<std::uint64_t>(n))));
        StudentWorksheet w;
        w.number = n;
        for (;;) {
            w.session = drawSession(config, n, rng);
            assert(!validateSession(w.session));
            if (taken.count(usedEmbeddings(w.session)) != 0)
                continue;
            w.result = computeSession(w.session);
            if (pickQuestions(w, rng))
                break;
        }
        taken.insert(usedEmbeddings(w.session));
        sheets.push_back(std::move(w));
    }
    return sheets;
}

} // namespace ae
