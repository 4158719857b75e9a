// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson/lessonjson.h"

#include "io/boundedfilereader.h"
#include "io/filereaderror.h"
#include "io/strictjson.h"
#include "lesson/lessonanswer.h"
#include "lesson/lessoncaption.h"
#include "lesson/lessonclaim.h"
#include "lesson/lessonjsonreader.h"
#include "lesson/lessonlimits.h"
#include "lesson/lessontraining.h"
#include "lesson/lessonwriter.h"
#include "session/sessioncompute.h"
#include "session/sessionjson.h"
#include "session/sessionlimits.h"

#include <QJsonDocument>
#include <cmath>

namespace ae {

namespace {

using R = LessonJsonReader;

struct Msg
{
    Q_DECLARE_TR_FUNCTIONS(LessonJson)
};

/// The numbers a session holds (embeddings and explicit matrices).
std::int64_t heldNumbers(const Session &s)
{
    const Projections &p = s.attention.projections;
    return std::int64_t(s.source.embeddings.size()) + s.target.embeddings.size() + p.wq.size()
        + p.wk.size() + p.wv.size() + p.wo.size();
}

/// The numbers computing a session materializes: the four projections, Q, K, V, every head's
/// score, weight and output matrices and the outputs.
std::int64_t computedNumbers(const Session &s)
{
    const std::int64_t d = s.attention.config.dModel;
    const std::int64_t lq = s.querySequence().length();
    const std::int64_t lk = s.keyValueSequence().length();
    const std::int64_t width = std::max(s.querySequence().width(), s.keyValueSequence().width());
    return 4 * d * std::max(width, d) + 3 * d * (lq + lk) + 4 * s.attention.config.heads * lq * lk;
}

LessonText parseText(
    const QJsonValue &v, const QString &path, bool markdown, bool mayBeEmpty = false)
{
    const QJsonObject o = R::asObject(v, path);
    R::onlyKnownKeys(o, path, { QStringLiteral("en"), QStringLiteral("zh") });
    LessonText text;
    const std::pair<const char *, QString *> languages[]
        = { { "en", &text.en }, { "zh", &text.zh } };
    for (const auto &[key, target] : languages) {
        const QString name = QLatin1String(key);
        if (!o.contains(name))
            continue;
        const QString keyPath = R::join(path, name);
        *target = R::asString(o.value(name), keyPath, limits::maxLessonTextLength);
        if (markdown) {
            if (const auto problem = LessonCaption::problem(*target))
                R::fail(keyPath, *problem);
        }
    }
    if (text.isEmpty() && !mayBeEmpty)
        R::fail(path, Msg::tr("no text; give \"en\", \"zh\" or both"));
    return text;
}

/// A head index or "mean".
int parseHead(const QJsonValue &v, const QString &path, int heads)
{
    if (v.isString() && v.toString() == QLatin1String("mean"))
        return LessonView::meanOfHeads;
    if (!v.isDouble())
        R::fail(path, Msg::tr("expected \"mean\" or a head number from 0"));
    return R::asInteger(v, path, 0, heads - 1);
}

/// Sets the dotted @p path of @p o to @p value; the parent objects exist in a saved session.
void setPath(QJsonObject &o, QStringList path, const QJsonValue &value)
{
    const QString head = path.takeFirst();
    if (path.isEmpty()) {
        o.insert(head, value);
        return;
    }
    QJsonObject child = o.value(head).toObject();
    setPath(child, path, value);
    o.insert(head, child);
}

LessonQuestion parseQuestion(
    const QJsonValue &v, const QString &path, const Session &session, const Session *previous);

/// Resolves the steps one by one, each from the previous.
class Resolver
{
public:
    Resolver(const LessonExampleSource &examples, LessonStrictness strictness)
        : m_examples(examples)
        , m_draft(strictness == LessonStrictness::Draft)
    {
    }

    ResolvedLesson run(const QJsonObject &root);

private:
    Session stateOf(const QJsonObject &step, const QString &path, int index);
    Session exampleSession(const QJsonValue &v, const QString &path);
    Session editedSession(const Session &base, const QJsonValue &v, const QString &path);
    LessonView parseView(const QJsonValue &v, const QString &path, Session &session);
    void spend(std::int64_t numbers, const QString &path);
    std::vector<const Session *> earlierSessions() const
    {
        std::vector<const Session *> sessions;
        for (const ResolvedLessonStep &s : m_lesson.steps)
            sessions.push_back(&s.session);
        return sessions;
    }

    const LessonExampleSource &m_examples;
    bool m_draft = false;
    ResolvedLesson m_lesson;
    std::int64_t m_numbers = 0;
    int m_questions = 0;
    int m_trainings = 0;
};

void Resolver::spend(std::int64_t numbers, const QString &path)
{
    if (numbers > limits::maxLessonNumbers - m_numbers)
        R::fail(path,
            Msg::tr("the lesson's sessions would hold more than %1 numbers together")
                .arg(limits::maxLessonNumbers));
    m_numbers += numbers;
}

ResolvedLesson Resolver::run(const QJsonObject &root)
{
    R::onlyKnownKeys(root, QString(),
        { QStringLiteral("format"), QStringLiteral("version"), QStringLiteral("title"),
            QStringLiteral("steps") });
    const QString format = R::asString(
        R::required(root, QString(), QStringLiteral("format")), QStringLiteral("format"), 256);
    if (format != QLatin1String(lessonFormatName))
        R::fail(QStringLiteral("format"),
            Msg::tr("\"%1\" is not \"%2\"; this is not an Attention Explorer lesson")
                .arg(format.left(64), QLatin1String(lessonFormatName)));
    const double version = R::asNumber(R::required(root, QString(), QStringLiteral("version")),
        QStringLiteral("version"), -1e300, 1e300);
    if (version != lessonFormatVersion)
        R::fail(QStringLiteral("version"),
            Msg::tr("version %1 is not supported; this program reads version %2")
                .arg(version, 0, 'g', 17)
                .arg(lessonFormatVersion));
    m_lesson.title = parseText(R::required(root, QString(), QStringLiteral("title")),
        QStringLiteral("title"), false, m_draft);
    for (const QString *t : { &m_lesson.title.en, &m_lesson.title.zh }) {
        if (t->size() > limits::maxTitleLength)
            R::fail(QStringLiteral("title"),
                Msg::tr("%1 characters, at most %2 allowed")
                    .arg(t->size())
                    .arg(limits::maxTitleLength));
    }
    const QJsonArray steps = R::asArray(R::required(root, QString(), QStringLiteral("steps")),
        QStringLiteral("steps"), limits::maxLessonSteps);
    if (steps.isEmpty() && !m_draft)
        R::fail(QStringLiteral("steps"), Msg::tr("the lesson has no steps"));
    m_lesson.steps.reserve(static_cast<size_t>(steps.size()));
    for (int i = 0; i < steps.size(); ++i) {
        const QString path = R::at(QStringLiteral("steps"), i);
        const QJsonObject step = R::asObject(steps.at(i), path);
        R::onlyKnownKeys(step, path,
            { QStringLiteral("session"), QStringLiteral("example"), QStringLiteral("edits"),
                QStringLiteral("view"), QStringLiteral("caption"), QStringLiteral("notes"),
                QStringLiteral("question"), QStringLiteral("claims") });
        ResolvedLessonStep resolved;
        resolved.session = stateOf(step, path, i);
        resolved.view = parseView(step.value(QLatin1String("view")),
            R::join(path, QStringLiteral("view")), resolved.session);
        spend(heldNumbers(resolved.session), path);
        resolved.caption = parseText(R::required(step, path, QStringLiteral("caption")),
            R::join(path, QStringLiteral("caption")), true, m_draft);
        if (step.contains(QLatin1String("claims")))
            resolved.claims = parseLessonClaims(step.value(QLatin1String("claims")),
                R::join(path, QStringLiteral("claims")), resolved.session, earlierSessions(),
                resolved.view.training);
        checkLessonClaimMarks(
            resolved.caption, R::join(path, QStringLiteral("caption")), resolved.claims);
        if (step.contains(QLatin1String("notes")))
            resolved.notes = parseText(
                step.value(QLatin1String("notes")), R::join(path, QStringLiteral("notes")), false);
        if (step.contains(QLatin1String("question"))) {
            const QString questionPath = R::join(path, QStringLiteral("question"));
            if (++m_questions > limits::maxLessonQuestions)
                R::fail(questionPath,
                    Msg::tr("more than %1 questions in one lesson")
                        .arg(limits::maxLessonQuestions));
            const Session *previous = i > 0 ? &m_lesson.steps.back().session : nullptr;
            resolved.question = parseQuestion(
                step.value(QLatin1String("question")), questionPath, resolved.session, previous);
            checkLessonClaimMarks(resolved.question->explanation,
                R::join(questionPath, QStringLiteral("explanation")), resolved.claims);
            if ((resolved.question->dependsOnTraining && !resolved.view.training)
                || (resolved.question->dependsOnScalingPanel
                    && resolved.view.scalingPanel.isEmpty()))
                R::fail(R::join(questionPath, QStringLiteral("depends_on")),
                    Msg::tr("names a panel the step's view does not show"));
            // The computations are transient; they count against the budget while they live.
            const bool direction = resolved.question->kind == LessonQuestionKind::Direction;
            const std::int64_t transient
                = computedNumbers(resolved.session) + (direction ? computedNumbers(*previous) : 0);
            spend(transient, questionPath);
            if (resolved.question->kind != LessonQuestionKind::Choice) {
                const AttentionResult result = computeSession(resolved.session);
                if (direction) {
                    const AttentionResult before = computeSession(*previous);
                    resolved.answer = computeLessonAnswer(*resolved.question, result, &before);
                } else {
                    resolved.answer = computeLessonAnswer(*resolved.question, result, nullptr);
                }
            } else {
                resolved.answer
                    = computeLessonAnswer(*resolved.question, AttentionResult(), nullptr);
            }
            m_numbers -= transient;
        }
        m_lesson.steps.push_back(std::move(resolved));
    }
    return std::move(m_lesson);
}

Session Resolver::stateOf(const QJsonObject &step, const QString &path, int index)
{
    const bool inline_ = step.contains(QLatin1String("session"));
    const bool example = step.contains(QLatin1String("example"));
    if (inline_ && example)
        R::fail(R::join(path, QStringLiteral("example")),
            Msg::tr("a step takes \"session\" or \"example\", not both"));
    Session session;
    if (inline_) {
        const QString sessionPath = R::join(path, QStringLiteral("session"));
        const SessionLoadResult loaded
            = sessionFromJsonObject(R::asObject(step.value(QLatin1String("session")), sessionPath));
        if (!loaded.ok())
            R::fail(R::join(sessionPath, loaded.error->path), loaded.error->message);
        session = loaded.session;
    } else if (example) {
        session = exampleSession(
            step.value(QLatin1String("example")), R::join(path, QStringLiteral("example")));
    } else if (index == 0) {
        R::fail(path,
            Msg::tr("the first step needs a \"session\" or an \"example\"; there is no previous "
                    "step to continue from"));
    } else {
        // The previous step's session, copied only when the copy fits the lesson's budget.
        const Session &previous = m_lesson.steps.back().session;
        if (heldNumbers(previous) > limits::maxLessonNumbers - m_numbers)
            spend(heldNumbers(previous), path);
        session = previous;
    }
    if (step.contains(QLatin1String("edits")))
        session = editedSession(
            session, step.value(QLatin1String("edits")), R::join(path, QStringLiteral("edits")));
    return session;
}

Session Resolver::exampleSession(const QJsonValue &v, const QString &path)
{
    const QString name = R::asString(v, path, 256);
    const std::optional<QByteArray> bytes = m_examples ? m_examples(name) : std::nullopt;
    if (!bytes)
        R::fail(path, Msg::tr("there is no built-in example called \"%1\"").arg(name.left(64)));
    const SessionLoadResult loaded = sessionFromJson(*bytes);
    if (!loaded.ok())
        R::fail(path, loaded.error->toString());
    return loaded.session;
}

Session Resolver::editedSession(const Session &base, const QJsonValue &v, const QString &path)
{
    const QJsonObject edits = R::asObject(v, path);
    if (edits.size() > limits::maxLessonEdits)
        R::fail(path,
            Msg::tr("%1 edits, at most %2 allowed").arg(edits.size()).arg(limits::maxLessonEdits));
    QJsonObject json = sessionToJson(base);
    for (auto it = edits.begin(); it != edits.end(); ++it) {
        const QString editPath = QStringLiteral("%1[\"%2\"]").arg(path, it.key().left(64));
        if (!lessonEditablePaths().contains(it.key()))
            R::fail(editPath,
                Msg::tr("not a field a step may edit; one of %1")
                    .arg(lessonEditablePaths().join(QStringLiteral(", "))));
        // A single matrix or the seed replaces the one in use only in its own mode.
        const QString prefix = QStringLiteral("attention.projections.");
        if (it.key().startsWith(prefix)) {
            const bool seed = it.key() == prefix + QStringLiteral("seed");
            const QString mode = json.value(QLatin1String("attention"))
                                     .toObject()
                                     .value(QLatin1String("projections"))
                                     .toObject()
                                     .value(QLatin1String("mode"))
                                     .toString();
            if (mode != (seed ? QLatin1String("random") : QLatin1String("explicit")))
                R::fail(editPath,
                    seed ? Msg::tr("the projections are not random; a seed changes nothing")
                         : Msg::tr("the projections are not explicit; set "
                                   "\"attention.projections\" to explicit matrices first"));
        }
        setPath(json, it.key().split(QLatin1Char('.')), it.value());
    }
    const SessionLoadResult loaded = sessionFromJsonObject(json);
    if (!loaded.ok()) {
        // Name the edit the fault lies under when there is one; the session's own path otherwise.
        QString at = path;
        for (auto it = edits.begin(); it != edits.end(); ++it) {
            if (loaded.error->path == it.key()
                || loaded.error->path.startsWith(it.key() + QLatin1Char('.'))
                || loaded.error->path.startsWith(it.key() + QLatin1Char('[')))
                at = QStringLiteral("%1[\"%2\"]").arg(path, it.key());
        }
        R::fail(at, Msg::tr("the edited session is refused: %1").arg(loaded.error->toString()));
    }
    return loaded.session;
}

LessonView Resolver::parseView(const QJsonValue &v, const QString &path, Session &session)
{
    LessonView view;
    if (v.isUndefined())
        return view;
    const QJsonObject o = R::asObject(v, path);
    R::onlyKnownKeys(o, path,
        { QStringLiteral("heatmap"), QStringLiteral("head"), QStringLiteral("computation"),
            QStringLiteral("scaling_panel"), QStringLiteral("temperature"),
            QStringLiteral("highlight"), QStringLiteral("training") });
    const int heads = session.attention.config.heads;
    if (o.contains(QLatin1String("heatmap"))) {
        const QString kind
            = R::asName(o.value(QLatin1String("heatmap")), R::join(path, QStringLiteral("heatmap")),
                { QStringLiteral("mean"), QStringLiteral("head"), QStringLiteral("lines") });
        view.heatmap = kind == QLatin1String("head")
            ? LessonHeatmap::Head
            : (kind == QLatin1String("lines") ? LessonHeatmap::Lines : LessonHeatmap::Mean);
    }
    if (o.contains(QLatin1String("head")))
        view.head = parseHead(
            o.value(QLatin1String("head")), R::join(path, QStringLiteral("head")), heads);
    if (view.heatmap == LessonHeatmap::Head && view.head == LessonView::meanOfHeads)
        R::fail(R::join(path, QStringLiteral("head")),
            Msg::tr("the heatmap \"head\" needs a head number from 0"));
    if (view.heatmap == LessonHeatmap::Mean && view.head != LessonView::meanOfHeads)
        R::fail(R::join(path, QStringLiteral("head")),
            Msg::tr("the heatmap \"mean\" shows no single head; use \"head\""));
    if (o.contains(QLatin1String("computation")))
        view.computationStep = R::asName(o.value(QLatin1String("computation")),
            R::join(path, QStringLiteral("computation")), lessonComputationSteps());
    if (o.contains(QLatin1String("scaling_panel")))
        view.scalingPanel = R::asName(o.value(QLatin1String("scaling_panel")),
            R::join(path, QStringLiteral("scaling_panel")), lessonScalingPanels());
    if (o.contains(QLatin1String("temperature"))) {
        const double t = R::asNumber(o.value(QLatin1String("temperature")),
            R::join(path, QStringLiteral("temperature")), limits::minLessonTemperature,
            limits::maxLessonTemperature);
        view.temperature = t;
        applyLessonTemperature(session, t);
    }
    if (o.contains(QLatin1String("training"))) {
        const QString trainingPath = R::join(path, QStringLiteral("training"));
        if (++m_trainings > limits::maxLessonTrainings)
            R::fail(trainingPath,
                Msg::tr("more than %1 steps that train in one lesson")
                    .arg(limits::maxLessonTrainings));
        view.training = parseLessonTraining(o.value(QLatin1String("training")), trainingPath);
    }
    if (o.contains(QLatin1String("highlight"))) {
        const QString listPath = R::join(path, QStringLiteral("highlight"));
        const QJsonArray cells = R::asArray(
            o.value(QLatin1String("highlight")), listPath, limits::maxLessonHighlights);
        const int lq = session.querySequence().length();
        const int lk = session.keyValueSequence().length();
        for (int i = 0; i < cells.size(); ++i) {
            const QString cellPath = R::at(listPath, i);
            const QJsonArray cell = R::asArray(cells.at(i), cellPath, 2);
            if (cell.size() != 2)
                R::fail(cellPath, Msg::tr("expected [query, key], two numbers"));
            view.highlights.emplace_back(R::asInteger(cell.at(0), R::at(cellPath, 0), 0, lq - 1),
                R::asInteger(cell.at(1), R::at(cellPath, 1), 0, lk - 1));
        }
    }
    return view;
}

LessonQuestion parseQuestion(
    const QJsonValue &v, const QString &path, const Session &session, const Session *previous)
{
    const QJsonObject o = R::asObject(v, path);
    LessonQuestion q;
    const QString kindPath = R::join(path, QStringLiteral("kind"));
    const QString kind = R::asName(R::required(o, path, QStringLiteral("kind")), kindPath,
        { QStringLiteral("argmax"), QStringLiteral("weight"), QStringLiteral("direction"),
            QStringLiteral("choice") });
    QStringList known { QStringLiteral("kind"), QStringLiteral("prompt"),
        QStringLiteral("depends_on"), QStringLiteral("explanation") };
    if (kind == QLatin1String("choice")) {
        q.kind = LessonQuestionKind::Choice;
        known << QStringLiteral("options");
    } else {
        known << QStringLiteral("head") << QStringLiteral("query");
        if (kind == QLatin1String("argmax")) {
            q.kind = LessonQuestionKind::Argmax;
        } else if (kind == QLatin1String("weight")) {
            q.kind = LessonQuestionKind::Weight;
            known << QStringLiteral("key");
        } else {
            q.kind = LessonQuestionKind::Direction;
            known << QStringLiteral("measure") << QStringLiteral("dim");
        }
    }
    R::onlyKnownKeys(o, path, known);
    q.prompt = parseText(R::required(o, path, QStringLiteral("prompt")),
        R::join(path, QStringLiteral("prompt")), true);
    if (o.contains(QLatin1String("explanation")))
        q.explanation = parseText(o.value(QLatin1String("explanation")),
            R::join(path, QStringLiteral("explanation")), true);
    if (o.contains(QLatin1String("depends_on"))) {
        const QString dependsPath = R::join(path, QStringLiteral("depends_on"));
        const QJsonArray depends = R::asArray(o.value(QLatin1String("depends_on")), dependsPath, 3);
        for (int i = 0; i < depends.size(); ++i) {
            const QString name = R::asName(depends.at(i), R::at(dependsPath, i),
                { QStringLiteral("scaling_panel"), QStringLiteral("training"),
                    QStringLiteral("labels") });
            if (name == QLatin1String("training"))
                q.dependsOnTraining = true;
            else if (name == QLatin1String("labels"))
                q.dependsOnLabels = true;
            else
                q.dependsOnScalingPanel = true;
        }
    }
    if (q.kind == LessonQuestionKind::Choice) {
        const QString optionsPath = R::join(path, QStringLiteral("options"));
        const QJsonArray options = R::asArray(
            R::required(o, path, QStringLiteral("options")), optionsPath, limits::maxLessonChoices);
        if (options.size() < 2)
            R::fail(
                optionsPath, Msg::tr("%1 options; a choice needs at least 2").arg(options.size()));
        for (int i = 0; i < options.size(); ++i) {
            const QString optionPath = R::at(optionsPath, i);
            QJsonObject option = R::asObject(options.at(i), optionPath);
            if (option.contains(QLatin1String("correct"))) {
                if (R::asBool(option.value(QLatin1String("correct")),
                        R::join(optionPath, QStringLiteral("correct")))) {
                    if (q.correctOption >= 0)
                        R::fail(R::join(optionPath, QStringLiteral("correct")),
                            Msg::tr("option %1 is already marked correct; mark exactly one")
                                .arg(q.correctOption));
                    q.correctOption = i;
                }
                option.remove(QLatin1String("correct"));
            }
            q.options.push_back(parseText(option, optionPath, true));
        }
        if (q.correctOption < 0)
            R::fail(optionsPath, Msg::tr("no option is marked \"correct\": true"));
        return q;
    }
    // The indices must name rows of this step and, for a direction, of the previous one.
    if (q.kind == LessonQuestionKind::Direction && !previous)
        R::fail(kindPath, Msg::tr("the first step has no previous step to compare with"));
    const Session *shapes[]
        = { &session, q.kind == LessonQuestionKind::Direction ? previous : &session };
    int heads = session.attention.config.heads;
    int lq = session.querySequence().length();
    int dModel = session.attention.config.dModel;
    for (const Session *s : shapes) {
        heads = std::min(heads, s->attention.config.heads);
        lq = std::min(lq, s->querySequence().length());
        dModel = std::min(dModel, s->attention.config.dModel);
    }
    q.head = o.contains(QLatin1String("head"))
        ? parseHead(o.value(QLatin1String("head")), R::join(path, QStringLiteral("head")), heads)
        : LessonView::meanOfHeads;
    q.query = R::asInteger(R::required(o, path, QStringLiteral("query")),
        R::join(path, QStringLiteral("query")), 0, lq - 1);
    if (q.kind == LessonQuestionKind::Weight)
        q.key = R::asInteger(R::required(o, path, QStringLiteral("key")),
            R::join(path, QStringLiteral("key")), 0, session.keyValueSequence().length() - 1);
    if (q.kind == LessonQuestionKind::Direction) {
        const QString measure = R::asName(R::required(o, path, QStringLiteral("measure")),
            R::join(path, QStringLiteral("measure")),
            { QStringLiteral("entropy"), QStringLiteral("max_weight"), QStringLiteral("output") });
        q.measure = measure == QLatin1String("entropy")
            ? LessonMeasure::Entropy
            : (measure == QLatin1String("max_weight") ? LessonMeasure::MaxWeight
                                                      : LessonMeasure::Output);
        if (q.measure == LessonMeasure::Output)
            q.dim = R::asInteger(R::required(o, path, QStringLiteral("dim")),
                R::join(path, QStringLiteral("dim")), 0, dModel - 1);
        else if (o.contains(QLatin1String("dim")))
            R::fail(R::join(path, QStringLiteral("dim")),
                Msg::tr("only the measure \"output\" takes a dimension"));
    }
    return q;
}

} // namespace

const QStringList &lessonEditablePaths()
{
    static const QStringList paths = [] {
        QStringList p;
        for (const char *key : { "title", "source", "target", "source.tokens", "source.embeddings",
                 "source.padding", "target.tokens", "target.embeddings", "target.padding",
                 "attention.query_from", "attention.key_value_from", "attention.d_model",
                 "attention.heads", "attention.scale", "attention.causal", "attention.projections",
                 "attention.projections.seed", "attention.projections.w_q",
                 "attention.projections.w_k", "attention.projections.w_v",
                 "attention.projections.w_o", "attention.projections.b_q",
                 "attention.projections.b_k", "attention.projections.b_v",
                 "attention.projections.b_o", "scaling" })
            p.append(QLatin1String(key));
        return p;
    }();
    return paths;
}

LessonLoadResult lessonFromJson(
    const QByteArray &json, const LessonExampleSource &examples, LessonStrictness strictness)
{
    LessonLoadResult result;
    StrictJsonObjectResult parsed = parseJsonObjectStrictly(json, limits::maxLessonFileBytes);
    if (parsed.error) {
        result.error = std::move(parsed.error);
        return result;
    }
    try {
        result.lesson = Resolver(examples, strictness).run(parsed.object);
    } catch (const LessonJsonReader::Failure &f) {
        result.error = f.error;
    }
    return result;
}

std::optional<SessionError> lessonQuestionProblem(const LessonQuestion &question,
    const QString &path, const Session &session, const Session *previous)
{
    try {
        parseQuestion(lessonQuestionToJson(question), path, session, previous);
    } catch (const LessonJsonReader::Failure &f) {
        return f.error;
    }
    return std::nullopt;
}

LessonLoadResult loadLessonFile(const QString &fileName, const LessonExampleSource &examples)
{
    const BoundedFileReader::Outcome read
        = BoundedFileReader::readFile(fileName, limits::maxLessonFileBytes);
    if (read.problem == BoundedFileReader::Problem::None)
        return lessonFromJson(read.bytes, examples);
    LessonLoadResult result;
    result.error = fileReadError(read, limits::maxLessonFileBytes);
    return result;
}

} // namespace ae
