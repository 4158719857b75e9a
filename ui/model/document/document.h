// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file document.h
/// The one document object: holds the session, recomputes through the core, owns the undo
/// stack. Widgets observe its signals and edit only through its methods (each edit is one
/// QUndoCommand, so Undo/Redo cover everything).

#include "attention/attentionresult.h"
#include "document/edithistory.h"
#include "document/resultcomputer.h"
#include "document/undotext.h"
#include "session/session.h"
#include "session/sessionedit.h"
#include "session/sessionerror.h"

#include <QObject>
#include <QUndoStack>
#include <cstddef>
#include <memory>
#include <optional>

namespace ae {

class SessionEditCommand;

/// The edited session and its latest valid result.
class Document : public QObject
{
    Q_OBJECT
public:
    explicit Document(QObject *parent = nullptr);
    ~Document() override;

    /// The session being edited (may be invalid; see error()).
    const Session &session() const { return *m_session; }
    /// Why the current session cannot be computed, or nothing when it is valid.
    const std::optional<SessionError> &error() const { return m_error; }
    /// True once any valid session has been computed.
    bool hasResult() const { return m_hasResult; }
    /// The result of the last valid session (still shown, dimmed, while error() is set).
    const AttentionResult &result() const { return *m_result; }
    /// result() shared: views that keep parts of it (a tooltip's q·k, every head's weights)
    /// hold it alive instead of copying them.
    std::shared_ptr<const AttentionResult> sharedResult() const { return m_result; }
    /// The last valid session, i.e. the one result() belongs to (labels come from here).
    const Session &resultSession() const { return *m_resultSession; }
    /// True when result() belongs to an older session than session() (an invalid edit).
    bool isResultStale() const { return m_error.has_value() && m_hasResult; }

    QUndoStack *undoStack() { return &m_undoStack; }
    /// The bytes of the session snapshots the undo history holds (each counted once, the
    /// current session included); at most undoHistoryBudgetBytes after every edit, unless the
    /// newest step alone is larger.
    std::size_t undoHistoryBytes() const;

    /// The file the session was read from or saved to; empty for a new or example session.
    QString fileName() const { return m_fileName; }
    /// True when there are changes since the last load or save.
    bool isModified() const { return !m_undoStack.isClean(); }

    /// Replaces the whole session (open, new, example, revert, recover): clears the undo
    /// history and marks the document unmodified unless @p modified.
    void resetSession(const Session &session, const QString &fileName, bool modified = false);
    /// Opens @p session as one undoable step named @p text (an example replacing unsaved
    /// changes): applyEdit() that also announces sessionOpened().
    void openAsEdit(const UndoText &text, const Session &session);
    /// Records a successful save under @p fileName (the undo stack becomes clean).
    void markSaved(const QString &fileName);

    /// True while a lesson's question is open: every view leaves the attention weights (and the
    /// numbers they can be read from) blank until the answer is revealed. Not part of the
    /// session and not undoable: it is what the class may see, not what the session is.
    bool weightsHidden() const { return m_weightsHidden; }
    /// Hides or shows the weights in every view (weightsHiddenChanged() when it changes).
    void setWeightsHidden(bool hidden);
    /// True while a lesson's question about the sequences' roles is open: the views number the
    /// rows and columns instead of naming the tokens and the sequences they come from.
    bool labelsHidden() const { return m_labelsHidden; }
    /// Hides or shows the labels in every view (labelsHiddenChanged() when it changes).
    void setLabelsHidden(bool hidden);

    /// @name Edits. Each pushes one undoable command; consecutive edits of the same field merge.
    /// @{
    void setTitle(const QString &title);
    void setTokens(SequenceRole role, const QStringList &tokens);
    void setEmbeddingCell(SequenceRole role, int row, int column, double value);
    /// Pastes @p block with its top-left at (row, column), clipped to the table.
    void setEmbeddingBlock(SequenceRole role, int row, int column, const Eigen::MatrixXd &block);
    void setEmbeddingWidth(SequenceRole role, int width);
    void setEmbeddingRecipe(SequenceRole role, const EmbeddingRecipe &recipe);
    void setPadding(SequenceRole role, int index, bool padded);
    /// Gives the rows of @p role that hold no vector (blankEmbeddingRows()) the hashed
    /// generator's vectors of their tokens, as one step; the table stays hand-typed.
    void fillBlankRows(SequenceRole role);
    void setWiring(SequenceRole queryFrom, SequenceRole keyValueFrom);
    void setModelDim(int dModel);
    void setHeads(int heads);
    void setScale(const ScaleSpec &scale);
    /// Sets a custom scale divisor as one step of a drag (a slider, an animation): every step
    /// until finishEditRun() becomes one undo step, whatever the scale was before.
    void dragScale(double divisor);
    /// As dragScale(double), with any scale (e.g. to end a drag on the scale it began with).
    void dragScale(const ScaleSpec &scale);
    void setCausal(bool causal);
    void setProjections(const Projections &projections);
    /// Switches the projection mode. Switching to Explicit pre-fills the matrices with the
    /// current random ones, or identity where the shapes allow (zeros elsewhere).
    void setProjectionMode(ProjectionMode mode);
    /// Sets the random projections' seed (and the mode to Random).
    void setProjectionSeed(std::uint64_t seed);
    /// Sets one entry of an explicit matrix (a bias vector has one row), switching to explicit
    /// projections first when needed; out-of-range positions are ignored.
    void setProjectionValue(ProjectionPart part, int row, int column, double value);
    void setScalingConfig(const EntropyExperimentConfig &config);
    /// Any other change: @p after replaces the session as one step named @p text.
    void applyEdit(const UndoText &text, const Session &after, int mergeKey = -1);
    /// Ends the current run of merging edits (the user left the field): the next edit, even
    /// of the same field, is a new undo step.
    void finishEditRun();
    /// @}

signals:
    /// The session changed (an edit, undo, redo or reset).
    void sessionChanged();
    /// Another session was opened (resetSession() or openAsEdit()): views start afresh.
    void sessionOpened();
    /// A new valid result was computed.
    void resultChanged();
    /// error() changed (became set, changed message, or cleared).
    void errorChanged();
    /// The scaling experiment's parameters changed.
    void scalingConfigChanged();
    /// isModified() changed.
    void modifiedChanged(bool modified);
    /// fileName() changed.
    void fileNameChanged(const QString &fileName);
    /// weightsHidden() changed.
    void weightsHiddenChanged(bool hidden);
    /// labelsHidden() changed.
    void labelsHiddenChanged(bool hidden);

private:
    friend class SessionEditCommand;
    /// Installs @p session without touching the undo stack, then revalidates and recomputes.
    void installSession(const std::shared_ptr<const Session> &session);
    /// Makes @p result, computed from @p session, the shown result.
    void setResult(const std::shared_ptr<const AttentionResult> &result,
        const std::shared_ptr<const Session> &session);
    /// Pushes one command replacing the session with @p after, unless nothing changes.
    void pushEdit(const UndoText &text, Session after, int mergeKey);

    std::shared_ptr<const Session> m_session;
    std::shared_ptr<const Session> m_resultSession;
    std::shared_ptr<const AttentionResult> m_result = std::make_shared<const AttentionResult>();
    std::optional<SessionError> m_error;
    bool m_hasResult = false;
    QString m_fileName;
    QUndoStack m_undoStack;
    EditHistory m_history { m_undoStack };
    ResultComputer m_computer;
    bool m_weightsHidden = false;
    bool m_labelsHidden = false;
};

} // namespace ae
