// SPDX-License-Identifier: GPL-3.0-or-later
#include "testsupportattention.h"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFile>
#include <QInputMethodEvent>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <cmath>
#include <limits>

namespace ae {

Eigen::MatrixXd AttentionTestSupport::headWeights(const Eigen::MatrixXd &q,
    const Eigen::MatrixXd &k, int head, int dK, double scale, bool causal,
    const std::vector<bool> &keyPadding)
{
    const int lq = static_cast<int>(q.rows());
    const int lk = static_cast<int>(k.rows());
    Eigen::MatrixXd w = Eigen::MatrixXd::Zero(lq, lk);
    for (int i = 0; i < lq; ++i) {
        std::vector<double> scores(static_cast<size_t>(lk), 0.0);
        std::vector<bool> seen(static_cast<size_t>(lk), false);
        double largest = -std::numeric_limits<double>::infinity();
        for (int j = 0; j < lk; ++j) {
            const bool padded = j < static_cast<int>(keyPadding.size()) && keyPadding[j];
            if ((causal && j > i) || padded)
                continue;
            double dot = 0.0;
            for (int c = head * dK; c < (head + 1) * dK; ++c)
                dot += q(i, c) * k(j, c);
            scores[j] = dot / scale;
            seen[j] = true;
            largest = std::max(largest, scores[j]);
        }
        double total = 0.0;
        for (int j = 0; j < lk; ++j) {
            if (seen[j])
                total += std::exp(scores[j] - largest);
        }
        for (int j = 0; j < lk; ++j) {
            if (seen[j])
                w(i, j) = std::exp(scores[j] - largest) / total;
        }
    }
    return w;
}

Eigen::MatrixXd AttentionTestSupport::meanWeights(const Eigen::MatrixXd &xq,
    const Eigen::MatrixXd &xkv, int heads, bool causal, const std::vector<bool> &keyPadding,
    double scale)
{
    const int dK = static_cast<int>(xq.cols()) / heads;
    const double s = scale > 0 ? scale : std::sqrt(static_cast<double>(dK));
    Eigen::MatrixXd sum = Eigen::MatrixXd::Zero(xq.rows(), xkv.rows());
    for (int h = 0; h < heads; ++h)
        sum += headWeights(xq, xkv, h, dK, s, causal, keyPadding);
    return sum / heads;
}

double AttentionTestSupport::sinusoid(int pos, int column, int width)
{
    const int pair = column / 2;
    const double angle = pos / std::pow(10000.0, 2.0 * pair / width);
    return column % 2 == 0 ? std::sin(angle) : std::cos(angle);
}

Eigen::MatrixXd AttentionTestSupport::referenceMatrix(const QString &caseName, const QString &what)
{
    QFile file(QStringLiteral(AE_SHARED_DIR "/reference/cases/%1.expected.json").arg(caseName));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    QJsonArray rows;
    static const QRegularExpression headPath(QStringLiteral("^heads\\[(\\d+)\\]\\.(\\w+)$"));
    const QRegularExpressionMatch m = headPath.match(what);
    if (m.hasMatch())
        rows = root.value(QLatin1String("heads"))
                   .toArray()
                   .at(m.captured(1).toInt())
                   .toObject()
                   .value(m.captured(2))
                   .toArray();
    else
        rows = root.value(what).toArray();
    if (rows.isEmpty())
        return {};
    Eigen::MatrixXd result(rows.size(), rows.at(0).toArray().size());
    for (int r = 0; r < rows.size(); ++r) {
        const QJsonArray row = rows.at(r).toArray();
        for (int c = 0; c < row.size(); ++c)
            result(r, c) = row.at(c).toDouble();
    }
    return result;
}

void AttentionTestSupport::isolateSettings(const QString &suiteName, bool keep)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionExplorerTests"));
    QCoreApplication::setApplicationName(suiteName);
    if (!keep)
        QSettings().clear();
}

void AttentionTestSupport::typeIntoSpinBox(QSpinBox *spin, int value)
{
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, QString::number(value));
    QTest::keyClick(spin, Qt::Key_Enter);
}

bool AttentionTestSupport::chooseComboData(QComboBox *combo, const QVariant &data)
{
    const int target = combo->findData(data);
    if (target < 0)
        return false;
    combo->setFocus();
    combo->showPopup();
    QAbstractItemView *list = combo->view();
    list->setCurrentIndex(combo->model()->index(target, combo->modelColumn()));
    QTest::keyClick(list, Qt::Key_Return);
    return combo->currentIndex() == target;
}

void AttentionTestSupport::typeText(QWidget *widget, const QString &text)
{
    QString ascii;
    const auto flushAscii = [&] {
        if (!ascii.isEmpty())
            QTest::keyClicks(widget, ascii);
        ascii.clear();
    };
    QString composed;
    const auto flushComposed = [&] {
        if (composed.isEmpty())
            return;
        QInputMethodEvent event;
        event.setCommitString(composed);
        QCoreApplication::sendEvent(widget, &event);
        composed.clear();
    };
    for (const QChar c : text) {
        if (c.unicode() < 0x80) {
            flushComposed();
            ascii += c;
        } else {
            flushAscii();
            composed += c;
        }
    }
    flushAscii();
    flushComposed();
}

void AttentionTestSupport::toggleCheckBox(QCheckBox *check)
{
    check->setFocus();
    QTest::keyClick(check, Qt::Key_Space);
}

bool AttentionTestSupport::typeIntoCell(
    QAbstractItemView *view, const QModelIndex &index, const QString &text)
{
    view->setCurrentIndex(index);
    view->edit(index);
    auto *editor = qobject_cast<QLineEdit *>(view->indexWidget(index));
    if (!editor)
        return false;
    editor->selectAll();
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Enter);
    // The delegate commits and closes the editor from the event loop.
    return QTest::qWaitFor([&] { return !view->indexWidget(index); });
}

} // namespace ae
