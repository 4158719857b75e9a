// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/temperaturecontrol.h"

#include "attention/attentionconfig.h"
#include "document/document.h"

#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QPainter>
#include <QPushButton>
#include <QSlider>
#include <QStyleOptionSlider>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace ae {

namespace {

/// Decades covered on each side of √d_k.
constexpr double decades = 1.0;

/// A slider that can say where a divisor sits on it, in its own coordinates.
class MarkedSlider : public QSlider
{
public:
    explicit MarkedSlider(QWidget *parent)
        : QSlider(Qt::Horizontal, parent)
    {
    }
    int dk = 0;

    /// The x of @p divisor's handle centre.
    int xOf(double divisor) const
    {
        QStyleOptionSlider option;
        initStyleOption(&option);
        const QRect groove
            = style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderGroove, this);
        const QRect handle
            = style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, this);
        return groove.left() + handle.width() / 2
            + QStyle::sliderPositionFromValue(minimum(), maximum(),
                TemperatureControl::positionOf(divisor, dk), groove.width() - handle.width());
    }
};

/// The row under the slider that marks √d_k and a divisor of 1.
class SliderMarks : public QWidget
{
public:
    SliderMarks(MarkedSlider *slider, QWidget *parent)
        : QWidget(parent)
        , m_slider(slider)
    {
        setFixedHeight(QFontMetrics(markFont()).height() + 4);
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        const int dk = m_slider->dk;
        if (dk <= 0)
            return;
        QPainter p(this);
        p.setPen(palette().color(QPalette::WindowText));
        p.setFont(markFont());
        const QFontMetrics fm(p.font());
        const int offset = m_slider->x() - x();
        // √d_k with its label to the right; 1 (left of it, as 1 < √d_k) with its label to the
        // left, so the two never overlap.
        const int root = offset + m_slider->xOf(std::sqrt(double(dk)));
        p.drawLine(root, 0, root, 3);
        p.drawText(QPoint(root + 2, 2 + fm.ascent()), QStringLiteral("√d_k"));
        if (dk > 1) {
            const int one = offset + m_slider->xOf(1.0);
            const QString label = QStringLiteral("1");
            p.drawLine(one, 0, one, 3);
            p.drawText(QPoint(one - 2 - fm.horizontalAdvance(label), 2 + fm.ascent()), label);
        }
    }

private:
    QFont markFont() const
    {
        QFont f = font();
        f.setPointSizeF(f.pointSizeF() * 0.8);
        return f;
    }

    MarkedSlider *m_slider;
};

} // namespace

TemperatureControl::TemperatureControl(Document *document, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
{
    auto *slider = new MarkedSlider(this);
    m_slider = slider;
    m_slider->setObjectName(QStringLiteral("temperatureSlider"));
    m_slider->setRange(0, steps);
    m_slider->setMinimumWidth(100);
    m_sweep = new QPushButton(this);
    m_sweep->setObjectName(QStringLiteral("sweepButton"));
    m_sweep->setCheckable(true);
    m_marks = new SliderMarks(slider, this);
    auto *column = new QVBoxLayout;
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    column->addWidget(m_slider);
    column->addWidget(m_marks);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(column, 1);
    // The sweep button is not laid out here: the attention controls place it where there is
    // room (beside the causal mask), so the slider's row stays narrow.

    m_sweepTimer.setInterval(33); // about 30 frames a second
    connect(&m_sweepTimer, &QTimer::timeout, this, &TemperatureControl::sweepStep);
    connect(m_slider, &QSlider::valueChanged, this, &TemperatureControl::sliderMoved);
    connect(m_slider, &QSlider::sliderReleased, this, &TemperatureControl::finishDrag);
    connect(m_sweep, &QPushButton::clicked, this, &TemperatureControl::toggleSweep);
    connect(m_document, &Document::sessionChanged, this, &TemperatureControl::followDocument);
    connect(m_document, &Document::resultChanged, this, &TemperatureControl::followDocument);
    retranslate();
    followDocument();
}

double TemperatureControl::divisorAt(int position, int dk)
{
    const double root = std::sqrt(double(std::max(1, dk)));
    const double t = (double(std::clamp(position, 0, steps)) / steps - 0.5) * 2.0 * decades;
    return root * std::pow(10.0, t);
}

int TemperatureControl::positionOf(double divisor, int dk)
{
    const double root = std::sqrt(double(std::max(1, dk)));
    if (!(divisor > 0.0))
        return steps / 2;
    const double t = std::log10(divisor / root) / (2.0 * decades) + 0.5;
    return std::clamp(int(std::lround(t * steps)), 0, steps);
}

void TemperatureControl::followDocument()
{
    const AttentionConfig &c = m_document->session().attention.config;
    m_dk = headWidth(c);
    static_cast<MarkedSlider *>(m_slider)->dk = m_dk;
    setEnabled(m_dk > 0);
    if (m_dk <= 0)
        return;
    double divisor = std::sqrt(double(m_dk));
    if (c.scale.mode == ScaleMode::None)
        divisor = 1.0;
    else if (c.scale.mode == ScaleMode::Custom)
        divisor = c.scale.divisor;
    // The slider only follows; moving it here must not edit the document.
    m_following = true;
    if (!m_slider->isSliderDown() && !isSweeping())
        m_slider->setValue(positionOf(divisor, m_dk));
    m_following = false;
    m_slider->setToolTip(tr("Scale divisor %1: drag to sharpen (left) or flatten (right) "
                            "every head's weights")
                             .arg(divisor, 0, 'g', 4));
    m_marks->update();
}

void TemperatureControl::sliderMoved(int position)
{
    if (m_following || m_dk <= 0)
        return;
    m_document->dragScale(divisorAt(position, m_dk));
    // A click or a key press is not a drag: it is a step of its own.
    if (!m_slider->isSliderDown() && !isSweeping())
        m_document->finishEditRun();
}

void TemperatureControl::finishDrag()
{
    m_document->finishEditRun();
}

void TemperatureControl::toggleSweep()
{
    if (isSweeping()) {
        m_sweepTimer.stop();
        finishDrag();
    } else if (m_dk > 0) {
        m_document->finishEditRun();
        m_sweepStarted = QDateTime::currentMSecsSinceEpoch();
        m_sweepStartPosition = m_slider->value();
        m_sweepStartScale = m_document->session().attention.config.scale;
        m_sweepTravelled = -1;
        m_sweepTimer.start();
        sweepStep();
    }
    m_sweep->setChecked(isSweeping());
    retranslate();
}

int TemperatureControl::sweepPosition(int start, qint64 travelled)
{
    if (travelled <= start)
        return start - int(travelled);
    if (travelled <= start + steps)
        return int(travelled) - start;
    return std::max(start, 2 * steps + start - int(std::min<qint64>(travelled, 2 * steps)));
}

void TemperatureControl::sweepStep()
{
    // To the sharpest end, across to the flattest and back, by the clock so a slow frame does
    // not slow the sweep.
    const qint64 elapsed = QDateTime::currentMSecsSinceEpoch() - m_sweepStarted;
    qint64 travelled = std::min<qint64>(2 * steps, elapsed * steps / sweepMs);
    // Each end is shown, even when a frame would jump past it.
    for (const qint64 turn :
        { qint64(m_sweepStartPosition), qint64(m_sweepStartPosition) + steps }) {
        if (m_sweepTravelled < turn && travelled > turn) {
            travelled = turn;
            break;
        }
    }
    m_sweepTravelled = travelled;
    if (travelled < 2 * steps) {
        m_slider->setValue(sweepPosition(m_sweepStartPosition, travelled));
        return;
    }
    // Back where it began: the scale as it was (√d_k stays √d_k), so the whole sweep leaves
    // nothing to undo.
    m_sweepTimer.stop();
    m_document->dragScale(m_sweepStartScale);
    finishDrag();
    followDocument();
    m_sweep->setChecked(false);
    retranslate();
}

void TemperatureControl::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        followDocument(); // the slider's tooltip
    }
    QWidget::changeEvent(event);
}

void TemperatureControl::retranslate()
{
    m_slider->setAccessibleName(tr("Temperature"));
    m_sweep->setText(isSweeping() ? tr("Stop") : tr("Sweep"));
    m_sweep->setToolTip(tr("Move the divisor once from √d_k/10 to 10·√d_k and watch the "
                           "weights go from sharp to flat"));
}

} // namespace ae
