#include "document.h"

#include "embeddings.h"
#include "examplecatalog.h"
#include "projections.h"
#include "sessioncompute.h"
#include "sessioneditcommand.h"
#include "sessionjson.h"
#include "sessionlimits.h"
#include "sessionvalidator.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace ae {

namespace {

using Field = SessionEditCommand::Field;

/// Most edits a document remembers.
constexpr int undoLimit = 200;

/// Sessions whose multiply-adds exceed this (a few milliseconds of work) are computed off the
/// GUI thread, so typing in a large session never freezes the window.
constexpr double backgroundComputeCost = 4e6;

/// Rough multiply-add count of computeSession() for @p s.
double computeCost(const Session &s)
{
    const double lq = s.querySequence().length();
    const double lk = s.keyValueSequence().length();
    const double dq = s.querySequence().width();
    const double dkv = s.keyValueSequence().width();
    const double d = s.attention.config.dModel;
    return (lq * dq + 2.0 * lk * dkv + lq * d) * d + 2.0 * lq * lk * d;
}

bool sameMatrix(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && (a.size() == 0 || a == b);
}

bool sameSequence(const SequenceData &a, const SequenceData &b)
{
    if (a.tokens != b.tokens || a.recipe != b.recipe || !sameMatrix(a.embeddings, b.embeddings))
        return false;
    for (int i = 0; i < a.length(); ++i) {
        if (a.isPadding(i) != b.isPadding(i))
            return false;
    }
    return true;
}

bool sameProjections(const Projections &a, const Projections &b)
{
    return a.mode == b.mode && a.seed == b.seed && sameMatrix(a.wq, b.wq) && sameMatrix(a.wk, b.wk)
        && sameMatrix(a.wv, b.wv) && sameMatrix(a.wo, b.wo) && sameMatrix(a.bq, b.bq)
        && sameMatrix(a.bk, b.bk) && sameMatrix(a.bv, b.bv) && sameMatrix(a.bo, b.bo);
}

bool equalSessions(const Session &a, const Session &b)
{
    const AttentionSettings &x = a.attention;
    const AttentionSettings &y = b.attention;
    return a.title == b.title && sameSequence(a.source, b.source)
        && sameSequence(a.target, b.target) && x.queryFrom == y.queryFrom
        && x.keyValueFrom == y.keyValueFrom && x.config.dModel == y.config.dModel
        && x.config.heads == y.config.heads && x.config.scale.mode == y.config.scale.mode
        && x.config.scale.divisor == y.config.scale.divisor && x.config.causal == y.config.causal
        && sameProjections(x.projections, y.projections) && a.scaling == b.scaling;
}

bool sameError(const std::optional<SessionError> &a, const std::optional<SessionError> &b)
{
    if (a.has_value() != b.has_value())
        return false;
    return !a || (a->kind == b->kind && a->path == b->path && a->message == b->message);
}

/// True for the conventional names of a padding token, which start out marked as padding.
bool isPaddingToken(const QString &token)
{
    return token.compare(QLatin1String("<pad>"), Qt::CaseInsensitive) == 0
        || token.compare(QLatin1String("[pad]"), Qt::CaseInsensitive) == 0;
}

bool sizeFits(int length, int width)
{
    return length >= 0 && length <= limits::maxTokens && width >= 0
        && width <= limits::maxEmbeddingWidth;
}

/// @p m resized to rows x cols, keeping the top-left block, new entries 0.
Eigen::MatrixXd resizedKeeping(const Eigen::MatrixXd &m, Eigen::Index rows, Eigen::Index cols)
{
    Eigen::MatrixXd r = Eigen::MatrixXd::Zero(rows, cols);
    const Eigen::Index keepRows = std::min(rows, m.rows());
    const Eigen::Index keepCols = std::min(cols, m.cols());
    r.topLeftCorner(keepRows, keepCols) = m.topLeftCorner(keepRows, keepCols);
    return r;
}

/// The vectors of @p sequence reshaped to @p tokens and @p width. Manual vectors are matched
/// to tokens by position (the positional part, when the recipe adds one, is taken off first
/// and put back for the new shape, so the table keeps showing final vectors); generated ones
/// are generated again (zeros when a one-hot vocabulary does not fit: checkSession() says so).
Eigen::MatrixXd reshapedEmbeddings(
    const SequenceData &sequence, const QStringList &tokens, int width)
{
    const int length = static_cast<int>(tokens.size());
    const EmbeddingRecipe &recipe = sequence.recipe;
    if (recipe.mode != EmbeddingMode::Manual) {
        if (auto generated = generateEmbeddings(recipe, tokens, width))
            return *generated;
        return Eigen::MatrixXd::Zero(length, width);
    }
    Eigen::MatrixXd base = sequence.embeddings;
    if (recipe.positional)
        base -= sinusoidalPositions(sequence.length(), sequence.width());
    Eigen::MatrixXd result = resizedKeeping(base, length, width);
    if (recipe.positional)
        result += sinusoidalPositions(length, width);
    return result;
}

/// Padding flags for @p tokens: a flag stays where its token is unchanged; a new or changed
/// token is padding only when it is named like one ("<pad>", "[PAD]").
std::vector<bool> followedPadding(const SequenceData &base, const QStringList &tokens)
{
    std::vector<bool> flags(static_cast<size_t>(tokens.size()), false);
    bool any = false;
    for (int i = 0; i < tokens.size(); ++i) {
        const bool same = i < base.length() && base.tokens[i] == tokens[i];
        const bool flag = same ? base.isPadding(i) : isPaddingToken(tokens[i]);
        flags[static_cast<size_t>(i)] = flag;
        any = any || flag;
    }
    if (!any)
        flags.clear();
    return flags;
}

QString roleText(SequenceRole role)
{
    return role == SequenceRole::Source ? Document::tr("source X") : Document::tr("target Y");
}

int roleIndex(SequenceRole role)
{
    return role == SequenceRole::Source ? 0 : 1;
}

/// The session the application starts with, read from the compiled-in example.
Session defaultSession()
{
    SessionLoadResult loaded = ExampleCatalog::load(ExampleCatalog::defaultExamplePath());
    if (loaded.ok())
        return loaded.session;
    // Only reachable in a build without the resources: the same example, written out.
    Session s;
    s.title = QStringLiteral("我爱深度学习 → i love");
    s.source.tokens = { QStringLiteral("我"), QStringLiteral("爱"), QStringLiteral("深度"),
        QStringLiteral("学习") };
    s.source.embeddings.resize(4, 4);
    s.source.embeddings << 0.5, 1.1, 0.2, 0.1, 1.0, 1.1, 0.3, 0.2, 1.2, -0.2, 0.1, 0.4, 0.8, 0.3,
        0.5, 0.2;
    s.target.tokens = { QStringLiteral("i"), QStringLiteral("love") };
    s.target.embeddings = s.source.embeddings.topRows(2);
    s.attention.config.dModel = 4;
    s.attention.config.heads = 2;
    return s;
}

} // namespace

Document::Document(QObject *parent)
    : QObject(parent)
    , m_session(std::make_shared<const Session>())
    , m_resultSession(m_session)
{
    m_undoStack.setUndoLimit(undoLimit);
    connect(&m_undoStack, &QUndoStack::cleanChanged, this,
        [this](bool clean) { emit modifiedChanged(!clean); });
    installSession(std::make_shared<const Session>(defaultSession()));
}

Document::~Document() = default;

void Document::resetSession(const Session &session, const QString &fileName, bool modified)
{
    m_undoStack.clear();
    installSession(std::make_shared<const Session>(session));
    if (modified)
        m_undoStack.resetClean();
    else
        m_undoStack.setClean();
    if (fileName != m_fileName) {
        m_fileName = fileName;
        emit fileNameChanged(m_fileName);
    }
}

void Document::markSaved(const QString &fileName)
{
    finishEditRun();
    m_undoStack.setClean();
    if (fileName != m_fileName) {
        m_fileName = fileName;
        emit fileNameChanged(m_fileName);
    }
}

void Document::setTitle(const QString &title)
{
    Session after = *m_session;
    after.title = title;
    pushEdit(tr("Edit the title"), std::move(after), SessionEditCommand::mergeKey(Field::Title));
}

void Document::setTokens(SequenceRole role, const QStringList &tokens)
{
    const int key = SessionEditCommand::mergeKey(Field::Tokens, roleIndex(role));
    // While the user keeps typing in one token line, vectors are matched against the line as
    // it was before the typing began: deleting a word and typing it again keeps its vector.
    const SessionEditCommand *run = openCommand(key);
    const SequenceData &base = run ? run->before()->sequence(role) : m_session->sequence(role);
    Session after = *m_session;
    SequenceData &seq = after.sequence(role);
    if (!sizeFits(static_cast<int>(tokens.size()), seq.width()))
        return;
    seq.embeddings = reshapedEmbeddings(base, tokens, seq.width());
    seq.padding = followedPadding(base, tokens);
    seq.tokens = tokens;
    pushEdit(tr("Edit the %1 tokens").arg(roleText(role)), std::move(after), key);
}

void Document::setEmbeddingCell(SequenceRole role, int row, int column, double value)
{
    Session after = *m_session;
    SequenceData &seq = after.sequence(role);
    if (row < 0 || row >= seq.length() || column < 0 || column >= seq.width())
        return;
    seq.embeddings(row, column) = value;
    // A typed number makes the vectors hand-made (the positional part stays in them).
    seq.recipe.mode = EmbeddingMode::Manual;
    pushEdit(tr("Edit %1 vector %2, dimension %3").arg(roleText(role)).arg(row).arg(column),
        std::move(after), SessionEditCommand::mergeKey(Field::Cell, roleIndex(role), row, column));
}

void Document::setEmbeddingBlock(
    SequenceRole role, int row, int column, const Eigen::MatrixXd &block)
{
    Session after = *m_session;
    SequenceData &seq = after.sequence(role);
    if (row < 0 || row >= seq.length() || column < 0 || column >= seq.width())
        return;
    const Eigen::Index rows = std::min<Eigen::Index>(block.rows(), seq.length() - row);
    const Eigen::Index cols = std::min<Eigen::Index>(block.cols(), seq.width() - column);
    if (rows <= 0 || cols <= 0)
        return;
    seq.embeddings.block(row, column, rows, cols) = block.topLeftCorner(rows, cols);
    seq.recipe.mode = EmbeddingMode::Manual;
    pushEdit(tr("Paste into the %1 vectors").arg(roleText(role)), std::move(after), -1);
}

void Document::setEmbeddingWidth(SequenceRole role, int width)
{
    const int key = SessionEditCommand::mergeKey(Field::Width, roleIndex(role));
    // Within one run of the spin box (4, 3, 2, 3, 4) columns come back as they were.
    const SessionEditCommand *run = openCommand(key);
    const Session &base = run ? *run->before() : *m_session;
    Session after = *m_session;
    SequenceData &seq = after.sequence(role);
    // The spin box keeps the width in range; anything else would allocate what it asks for.
    if (width < 1 || !sizeFits(seq.length(), width))
        return;
    seq.embeddings = reshapedEmbeddings(base.sequence(role), seq.tokens, width);
    if (after.attention.projections.mode == ProjectionMode::Explicit)
        after.attention.projections = fittedProjections(after, base.attention.projections);
    pushEdit(tr("Change the %1 width").arg(roleText(role)), std::move(after), key);
}

void Document::setEmbeddingRecipe(SequenceRole role, const EmbeddingRecipe &recipe)
{
    Session after = *m_session;
    SequenceData &seq = after.sequence(role);
    const EmbeddingRecipe old = seq.recipe;
    if (recipe == old)
        return;
    if (recipe.mode == EmbeddingMode::Manual) {
        // The vectors stay editable as they are; only the positional part comes or goes.
        if (old.positional != recipe.positional) {
            const Eigen::MatrixXd positions = sinusoidalPositions(seq.length(), seq.width());
            seq.embeddings += recipe.positional ? positions : Eigen::MatrixXd(-positions);
        }
        seq.recipe = recipe;
    } else {
        seq.recipe = recipe;
        seq.embeddings = reshapedEmbeddings(seq, seq.tokens, seq.width());
    }
    const bool seedOnly = recipe.mode == old.mode && recipe.positional == old.positional;
    pushEdit(tr("Change how the %1 vectors are made").arg(roleText(role)), std::move(after),
        seedOnly ? SessionEditCommand::mergeKey(Field::RecipeSeed, roleIndex(role)) : -1);
}

void Document::setPadding(SequenceRole role, int index, bool padded)
{
    Session after = *m_session;
    SequenceData &seq = after.sequence(role);
    if (index < 0 || index >= seq.length())
        return;
    seq.padding.resize(static_cast<size_t>(seq.length()), false);
    seq.padding[static_cast<size_t>(index)] = padded;
    if (std::none_of(seq.padding.begin(), seq.padding.end(), [](bool p) { return p; }))
        seq.padding.clear();
    const QString text = padded ? tr("Mark “%1” as padding").arg(seq.tokens[index])
                                : tr("Unmark “%1” as padding").arg(seq.tokens[index]);
    pushEdit(text, std::move(after), -1);
}

void Document::setWiring(SequenceRole queryFrom, SequenceRole keyValueFrom)
{
    Session after = *m_session;
    after.attention.queryFrom = queryFrom;
    after.attention.keyValueFrom = keyValueFrom;
    if (after.attention.projections.mode == ProjectionMode::Explicit)
        after.attention.projections = fittedProjections(after, after.attention.projections);
    pushEdit(tr("Change where Q and K/V come from"), std::move(after), -1);
}

void Document::setModelDim(int dModel)
{
    Session after = *m_session;
    after.attention.config.dModel = dModel;
    if (after.attention.projections.mode == ProjectionMode::Explicit)
        after.attention.projections = fittedProjections(after, after.attention.projections);
    pushEdit(tr("Change d_model"), std::move(after), SessionEditCommand::mergeKey(Field::ModelDim));
}

void Document::setHeads(int heads)
{
    Session after = *m_session;
    after.attention.config.heads = heads;
    pushEdit(tr("Change the number of heads"), std::move(after),
        SessionEditCommand::mergeKey(Field::Heads));
}

void Document::setScale(const ScaleSpec &scale)
{
    Session after = *m_session;
    const bool typing
        = scale.mode == ScaleMode::Custom && after.attention.config.scale.mode == ScaleMode::Custom;
    after.attention.config.scale = scale;
    pushEdit(tr("Change the scale"), std::move(after),
        typing ? SessionEditCommand::mergeKey(Field::ScaleDivisor) : -1);
}

void Document::dragScale(double divisor)
{
    Session after = *m_session;
    after.attention.config.scale = ScaleSpec { ScaleMode::Custom, divisor };
    pushEdit(tr("Drag the scale"), std::move(after), SessionEditCommand::mergeKey(Field::ScaleDrag));
}

void Document::setCausal(bool causal)
{
    Session after = *m_session;
    after.attention.config.causal = causal;
    pushEdit(causal ? tr("Turn the causal mask on") : tr("Turn the causal mask off"),
        std::move(after), -1);
}

void Document::setProjections(const Projections &projections)
{
    Session after = *m_session;
    after.attention.projections = projections;
    pushEdit(tr("Change the projections"), std::move(after), -1);
}

void Document::setProjectionMode(ProjectionMode mode)
{
    Session after = *m_session;
    Projections &p = after.attention.projections;
    if (p.mode == mode)
        return;
    if (mode == ProjectionMode::Explicit) {
        // Matrices typed in an earlier explicit spell come back; otherwise start from what was
        // in use, so switching changes no number on screen.
        if (p.wq.size() > 0 && p.wk.size() > 0 && p.wv.size() > 0 && p.wo.size() > 0)
            p = fittedProjections(after, p);
        else
            p = explicitProjectionsFor(after);
        p.mode = ProjectionMode::Explicit;
    } else {
        p.mode = mode;
    }
    pushEdit(tr("Change the projections"), std::move(after), -1);
}

void Document::setProjectionSeed(std::uint64_t seed)
{
    Session after = *m_session;
    after.attention.projections.mode = ProjectionMode::Random;
    after.attention.projections.seed = seed;
    pushEdit(tr("Change the projection seed"), std::move(after),
        SessionEditCommand::mergeKey(Field::ProjectionSeed));
}

void Document::setProjectionValue(ProjectionPart part, int row, int column, double value)
{
    Session after = *m_session;
    Projections &p = after.attention.projections;
    if (p.mode != ProjectionMode::Explicit) {
        p = explicitProjectionsFor(after);
        p.mode = ProjectionMode::Explicit;
    }
    const int dModel = after.attention.config.dModel;
    Eigen::MatrixXd *matrix = nullptr;
    Eigen::RowVectorXd *bias = nullptr;
    switch (part) {
    case ProjectionPart::Wq:
        matrix = &p.wq;
        break;
    case ProjectionPart::Wk:
        matrix = &p.wk;
        break;
    case ProjectionPart::Wv:
        matrix = &p.wv;
        break;
    case ProjectionPart::Wo:
        matrix = &p.wo;
        break;
    case ProjectionPart::Bq:
        bias = &p.bq;
        break;
    case ProjectionPart::Bk:
        bias = &p.bk;
        break;
    case ProjectionPart::Bv:
        bias = &p.bv;
        break;
    case ProjectionPart::Bo:
        bias = &p.bo;
        break;
    }
    if (matrix) {
        if (row < 0 || row >= matrix->rows() || column < 0 || column >= matrix->cols())
            return;
        (*matrix)(row, column) = value;
    } else {
        if (row != 0 || column < 0 || column >= dModel || dModel > limits::maxModelDim)
            return;
        if (bias->size() != dModel)
            *bias = Eigen::RowVectorXd::Zero(dModel);
        (*bias)(column) = value;
    }
    pushEdit(tr("Edit a projection weight"), std::move(after),
        SessionEditCommand::mergeKey(Field::ProjectionCell, static_cast<int>(part), row, column));
}

void Document::setScalingConfig(const EntropyExperimentConfig &config)
{
    Session after = *m_session;
    after.scaling = config;
    pushEdit(tr("Change the scaling experiment"), std::move(after),
        SessionEditCommand::mergeKey(Field::Scaling));
}

void Document::applyEdit(const QString &text, const Session &after, int mergeKey)
{
    pushEdit(text, after, mergeKey);
}

void Document::finishEditRun()
{
    const int index = m_undoStack.index();
    if (index <= 0)
        return;
    // The stack owns the commands and hands out const pointers only; closing one changes no
    // session, just whether later edits merge into it.
    auto *command = const_cast<SessionEditCommand *>(
        dynamic_cast<const SessionEditCommand *>(m_undoStack.command(index - 1)));
    if (command)
        command->close();
}

bool Document::sameSession(const Session &a, const Session &b)
{
    return equalSessions(a, b);
}

std::optional<SessionError> Document::checkSession(const Session &session)
{
    if (auto error = validateSession(session))
        return error;
    for (SequenceRole role : { SequenceRole::Source, SequenceRole::Target }) {
        const SequenceData &seq = session.sequence(role);
        if (seq.recipe.mode != EmbeddingMode::OneHot)
            continue;
        const int vocabulary = vocabularySize(seq.tokens);
        if (vocabulary > seq.width())
            return SessionError { SessionError::Kind::Invalid,
                roleName(role) + QStringLiteral(".generator"),
                tr("one-hot vectors for %1 distinct tokens need a width of at least %1, not %2; "
                   "widen the vectors or choose another way to make them")
                    .arg(vocabulary)
                    .arg(seq.width()) };
    }
    return std::nullopt;
}

Projections Document::explicitProjectionsFor(const Session &session)
{
    const Projections &current = session.attention.projections;
    const int dq = session.querySequence().width();
    const int dkv = session.keyValueSequence().width();
    const int dModel = session.attention.config.dModel;
    Projections p;
    p.mode = ProjectionMode::Explicit;
    p.seed = current.seed;
    // Out-of-range sizes are left for the validator to report; nothing that big is allocated.
    if (dModel < 1 || dModel > limits::maxModelDim || !sizeFits(0, dq) || !sizeFits(0, dkv))
        return p;
    if (current.mode == ProjectionMode::Random) {
        p = materializeProjections(current, dq, dkv, dModel);
        p.seed = current.seed;
        return p;
    }
    const auto identityOrZero = [dModel](int rows) {
        return rows == dModel ? Eigen::MatrixXd(Eigen::MatrixXd::Identity(rows, dModel))
                              : Eigen::MatrixXd(Eigen::MatrixXd::Zero(rows, dModel));
    };
    p.wq = identityOrZero(dq);
    p.wk = identityOrZero(dkv);
    p.wv = identityOrZero(dkv);
    p.wo = Eigen::MatrixXd::Identity(dModel, dModel);
    p.bq = p.bk = p.bv = p.bo = Eigen::RowVectorXd::Zero(dModel);
    return p;
}

Projections Document::fittedProjections(const Session &session, const Projections &projections)
{
    const int dq = session.querySequence().width();
    const int dkv = session.keyValueSequence().width();
    const int dModel = session.attention.config.dModel;
    if (dModel < 1 || dModel > limits::maxModelDim || !sizeFits(0, dq) || !sizeFits(0, dkv))
        return projections;
    Projections p = projections;
    p.wq = resizedKeeping(p.wq, dq, dModel);
    p.wk = resizedKeeping(p.wk, dkv, dModel);
    p.wv = resizedKeeping(p.wv, dkv, dModel);
    p.wo = resizedKeeping(p.wo, dModel, dModel);
    for (Eigen::RowVectorXd *bias : { &p.bq, &p.bk, &p.bv, &p.bo }) {
        if (bias->size() != 0)
            *bias = resizedKeeping(*bias, 1, dModel);
    }
    return p;
}

void Document::installSession(const std::shared_ptr<const Session> &session)
{
    const std::shared_ptr<const Session> previous = m_session;
    const std::optional<SessionError> previousError = m_error;
    m_session = session;
    m_error = checkSession(*m_session);
    // Any computation still running belongs to an older session: its result is dropped.
    ++m_generation;
    const bool inBackground = !m_error && computeCost(*m_session) > backgroundComputeCost;
    if (!m_error && !inBackground) {
        m_result = computeSession(*m_session);
        m_resultSession = m_session;
        m_hasResult = true;
    }
    emit sessionChanged();
    if (inBackground)
        computeInBackground();
    else if (!m_error)
        emit resultChanged();
    if (!sameError(previousError, m_error))
        emit errorChanged();
    if (previous->scaling != m_session->scaling)
        emit scalingConfigChanged();
}

void Document::computeInBackground()
{
    const std::shared_ptr<const Session> session = m_session;
    const quint64 generation = m_generation;
    auto *watcher = new QFutureWatcher<AttentionResult>(this);
    connect(watcher, &QFutureWatcher<AttentionResult>::finished, this,
            [this, watcher, session, generation] {
                watcher->deleteLater();
                if (generation != m_generation)
                    return;
                m_result = watcher->result();
                m_resultSession = session;
                m_hasResult = true;
                emit resultChanged();
            });
    // The lambda holds its own reference to the session, so later edits cannot touch it.
    watcher->setFuture(QtConcurrent::run([session] { return computeSession(*session); }));
}

void Document::pushEdit(const QString &text, Session after, int mergeKey)
{
    if (equalSessions(after, *m_session))
        return;
    auto next = std::make_shared<const Session>(std::move(after));
    m_undoStack.push(new SessionEditCommand(this, text, m_session, std::move(next), mergeKey));
}

const SessionEditCommand *Document::openCommand(int mergeKey) const
{
    const int index = m_undoStack.index();
    // QUndoStack never merges into the command at the clean index (a saved state).
    if (index <= 0 || index == m_undoStack.cleanIndex())
        return nullptr;
    const auto *command = dynamic_cast<const SessionEditCommand *>(m_undoStack.command(index - 1));
    return command && command->isOpen() && command->mergeKey() == mergeKey ? command : nullptr;
}

} // namespace ae
