// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/document.h"

#include "attention/workestimate.h"
#include "document/examplecatalog.h"
#include "document/sessioneditcommand.h"
#include "language/retranslator.h"
#include "session/displayindex.h"
#include "session/sequencerole.h"
#include "session/sessioncompute.h"
#include "session/sessionvalidator.h"

#include <algorithm>

namespace ae {

namespace {

using Field = SessionEditCommand::Field;

/// Most edits a document remembers.
constexpr int undoLimit = 200;

int roleIndex(SequenceRole role)
{
    return role == SequenceRole::Source ? 0 : 1;
}

} // namespace

Document::Document(QObject *parent)
    : QObject(parent)
    , m_session(std::make_shared<const Session>())
    , m_resultSession(m_session)
{
    m_undoStack.setUndoLimit(undoLimit);
    connect(&m_computer, &ResultComputer::finished, this,
        [this](const std::shared_ptr<const AttentionResult> &result,
            const std::shared_ptr<const Session> &session) {
            setResult(result, session);
            emit resultChanged();
        });
    connect(&m_undoStack, &QUndoStack::cleanChanged, this,
        [this](bool clean) { emit modifiedChanged(!clean); });
    Retranslator::bind(this, [this] { m_history.retranslate(); });
    // The example is compiled in; were it ever unreadable, the empty session's error shows.
    installSession(std::make_shared<const Session>(
        ExampleCatalog::load(ExampleCatalog::defaultExamplePath()).session));
}

Document::~Document()
{
    // QUndoStack's destructor clears it and reports the empty stack as clean: that is no
    // save, and observers (the autosave, which would drop the work kept for the next start)
    // must not hear it.
    m_undoStack.blockSignals(true);
}

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
    emit sessionOpened();
}

void Document::openAsEdit(const UndoText &text, const Session &session)
{
    applyEdit(text, session);
    emit sessionOpened();
}

void Document::setWeightsHidden(bool hidden)
{
    if (hidden == m_weightsHidden)
        return;
    m_weightsHidden = hidden;
    emit weightsHiddenChanged(hidden);
}

void Document::setLabelsHidden(bool hidden)
{
    if (hidden == m_labelsHidden)
        return;
    m_labelsHidden = hidden;
    emit labelsHiddenChanged(hidden);
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
    pushEdit([] { return tr("Edit the title"); }, std::move(after),
        SessionEditCommand::mergeKey(Field::Title));
}

void Document::setTokens(SequenceRole role, const QStringList &tokens)
{
    const int key = SessionEditCommand::mergeKey(Field::Tokens, roleIndex(role));
    // While the user keeps typing in one token line, vectors are matched against the line as
    // it was before the typing began: deleting a word and typing it again keeps its vector.
    const SessionEditCommand *run = m_history.openCommand(key);
    const SequenceData &base = run ? run->before()->sequence(role) : m_session->sequence(role);
    Session after = *m_session;
    SequenceData &seq = after.sequence(role);
    if (!sequenceSizeFits(static_cast<int>(tokens.size()), seq.width()))
        return;
    seq.embeddings = reshapedEmbeddings(base, tokens, seq.width());
    seq.padding = followedPadding(base, tokens);
    seq.tokens = tokens;
    pushEdit([role] { return tr("Edit the %1 tokens").arg(RoleLabel::text(role)); },
        std::move(after), key);
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
    pushEdit(
        [role, row, column] {
            return tr("Edit %1 vector %2, dimension %3")
                .arg(RoleLabel::text(role))
                .arg(displayIndex(row))
                .arg(displayIndex(column));
        },
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
    pushEdit([role] { return tr("Paste into the %1 vectors").arg(RoleLabel::text(role)); },
        std::move(after), -1);
}

void Document::setEmbeddingWidth(SequenceRole role, int width)
{
    const int key = SessionEditCommand::mergeKey(Field::Width, roleIndex(role));
    // Within one run of the spin box (4, 3, 2, 3, 4) columns come back as they were.
    const SessionEditCommand *run = m_history.openCommand(key);
    const Session &base = run ? *run->before() : *m_session;
    Session after = *m_session;
    SequenceData &seq = after.sequence(role);
    // The spin box keeps the width in range; anything else would allocate what it asks for.
    if (width < 1 || !sequenceSizeFits(seq.length(), width))
        return;
    seq.embeddings = reshapedEmbeddings(base.sequence(role), seq.tokens, width);
    if (after.attention.projections.mode == ProjectionMode::Explicit)
        after.attention.projections = fittedProjections(after, base.attention.projections);
    pushEdit([role] { return tr("Change the %1 width").arg(RoleLabel::text(role)); },
        std::move(after), key);
}

void Document::setEmbeddingRecipe(SequenceRole role, const EmbeddingRecipe &recipe)
{
    const EmbeddingRecipe old = m_session->sequence(role).recipe;
    if (recipe == old)
        return;
    Session after = *m_session;
    after.sequence(role) = withRecipe(std::move(after.sequence(role)), recipe);
    const bool seedOnly = recipe.mode == old.mode && recipe.positional == old.positional;
    pushEdit([role] { return tr("Change how the %1 vectors are made").arg(RoleLabel::text(role)); },
        std::move(after),
        seedOnly ? SessionEditCommand::mergeKey(Field::RecipeSeed, roleIndex(role)) : -1);
}

void Document::setPadding(SequenceRole role, int index, bool padded)
{
    Session after = *m_session;
    SequenceData &seq = after.sequence(role);
    if (index < 0 || index >= seq.length() || seq.isPadding(index) == padded)
        return;
    seq.padding = withPaddingFlag(std::move(seq.padding), seq.length(), index, padded);
    const QString token = seq.tokens[index];
    pushEdit(
        [padded, token] {
            return padded ? tr("Mark “%1” as padding").arg(token)
                          : tr("Unmark “%1” as padding").arg(token);
        },
        std::move(after), -1);
}

void Document::fillBlankRows(SequenceRole role)
{
    const std::vector<int> rows = blankEmbeddingRows(m_session->sequence(role));
    if (rows.empty())
        return;
    Session after = *m_session;
    after.sequence(role) = withHashedRows(std::move(after.sequence(role)), rows);
    const int count = static_cast<int>(rows.size());
    pushEdit(
        [role, count] {
            return tr("Fill %n %1 vector(s) from the hashed generator", nullptr, count)
                .arg(RoleLabel::text(role));
        },
        std::move(after), -1);
}

void Document::setWiring(SequenceRole queryFrom, SequenceRole keyValueFrom)
{
    Session after = *m_session;
    after.attention.queryFrom = queryFrom;
    after.attention.keyValueFrom = keyValueFrom;
    if (after.attention.projections.mode == ProjectionMode::Explicit)
        after.attention.projections = fittedProjections(after, after.attention.projections);
    pushEdit([] { return tr("Change where Q and K/V come from"); }, std::move(after), -1);
}

void Document::setModelDim(int dModel)
{
    Session after = *m_session;
    after.attention.config.dModel = dModel;
    if (after.attention.projections.mode == ProjectionMode::Explicit)
        after.attention.projections = fittedProjections(after, after.attention.projections);
    pushEdit([] { return tr("Change d_model"); }, std::move(after),
        SessionEditCommand::mergeKey(Field::ModelDim));
}

void Document::setHeads(int heads)
{
    Session after = *m_session;
    after.attention.config.heads = heads;
    pushEdit([] { return tr("Change the number of heads"); }, std::move(after),
        SessionEditCommand::mergeKey(Field::Heads));
}

void Document::setScale(const ScaleSpec &scale)
{
    Session after = *m_session;
    const bool typing
        = scale.mode == ScaleMode::Custom && after.attention.config.scale.mode == ScaleMode::Custom;
    after.attention.config.scale = scale;
    pushEdit([] { return tr("Change the scale"); }, std::move(after),
        typing ? SessionEditCommand::mergeKey(Field::ScaleDivisor) : -1);
}

void Document::dragScale(double divisor)
{
    dragScale(ScaleSpec { ScaleMode::Custom, divisor });
}

void Document::dragScale(const ScaleSpec &scale)
{
    Session after = *m_session;
    after.attention.config.scale = scale;
    pushEdit([] { return tr("Drag the scale"); }, std::move(after),
        SessionEditCommand::mergeKey(Field::ScaleDrag));
}

void Document::setCausal(bool causal)
{
    Session after = *m_session;
    after.attention.config.causal = causal;
    pushEdit(
        [causal] {
            return causal ? tr("Turn the causal mask on") : tr("Turn the causal mask off");
        },
        std::move(after), -1);
}

void Document::setProjections(const Projections &projections)
{
    Session after = *m_session;
    after.attention.projections = projections;
    pushEdit([] { return tr("Change the projections"); }, std::move(after), -1);
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
    pushEdit([] { return tr("Change the projections"); }, std::move(after), -1);
}

void Document::setProjectionSeed(std::uint64_t seed)
{
    Session after = *m_session;
    after.attention.projections.mode = ProjectionMode::Random;
    after.attention.projections.seed = seed;
    pushEdit([] { return tr("Change the projection seed"); }, std::move(after),
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
    if (!setProjectionEntry(p, part, row, column, value, after.attention.config.dModel))
        return;
    pushEdit([] { return tr("Edit a projection weight"); }, std::move(after),
        SessionEditCommand::mergeKey(Field::ProjectionCell, static_cast<int>(part), row, column));
}

void Document::setScalingConfig(const EntropyExperimentConfig &config)
{
    Session after = *m_session;
    after.scaling = config;
    pushEdit([] { return tr("Change the scaling experiment"); }, std::move(after),
        SessionEditCommand::mergeKey(Field::Scaling));
}

void Document::applyEdit(const UndoText &text, const Session &after, int mergeKey)
{
    pushEdit(text, after, mergeKey);
}

void Document::finishEditRun()
{
    m_history.closeRun();
}

std::size_t Document::undoHistoryBytes() const
{
    return m_history.bytes(*m_session);
}

void Document::installSession(const std::shared_ptr<const Session> &session)
{
    const std::shared_ptr<const Session> previous = m_session;
    const std::optional<SessionError> previousError = m_error;
    m_session = session;
    m_error = validateSession(*m_session);
    if (!m_error)
        m_error = memoryBudgetProblem(sessionWork(*m_session).bytes, QStringLiteral("attention"),
            tr("use fewer tokens or heads"));
    // Any computation still running belongs to an older session: it stops, and whatever it
    // returns is dropped.
    m_computer.cancel();
    const bool inBackground = !m_error && ResultComputer::runsInBackground(*m_session);
    if (!m_error && !inBackground)
        setResult(std::make_shared<const AttentionResult>(computeSession(*m_session)), m_session);
    emit sessionChanged();
    if (inBackground)
        m_computer.start(m_session);
    else if (!m_error)
        emit resultChanged();
    if (previousError != m_error)
        emit errorChanged();
    if (previous->scaling != m_session->scaling)
        emit scalingConfigChanged();
}

void Document::setResult(const std::shared_ptr<const AttentionResult> &result,
    const std::shared_ptr<const Session> &session)
{
    m_result = result;
    m_resultSession = session;
    m_hasResult = true;
}

void Document::pushEdit(const UndoText &text, Session after, int mergeKey)
{
    if (after == *m_session)
        return;
    auto next = std::make_shared<const Session>(std::move(after));
    m_undoStack.push(new SessionEditCommand(this, text, m_session, std::move(next), mergeKey));
    m_history.trim();
}

} // namespace ae
