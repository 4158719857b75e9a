// SPDX-License-Identifier: GPL-3.0-or-later
#include "guibenchsupport.h"

#include "document/document.h"
#include "heatmap/heatmapplot.h"
#include "window/mainwindow.h"

#include <QEvent>
#include <algorithm>
#include <cmath>
#include <map>

namespace ae::bench {

void PaintWatcher::watch(const QList<ae::HeatmapPlot *> &plots)
{
    for (ae::HeatmapPlot *p : plots)
        p->installEventFilter(this);
    m_plots = plots;
}

bool PaintWatcher::allPainted() const
{
    for (ae::HeatmapPlot *p : m_plots) {
        if (p->isVisible() && !p->visibleRegion().isEmpty() && !m_painted.contains(p))
            return false;
    }
    return true;
}

bool PaintWatcher::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Paint)
        m_painted.insert(watched);
    return false;
}

double p95(const std::vector<double> &v)
{
    std::vector<double> s = v;
    std::sort(s.begin(), s.end());
    if (s.empty())
        return 0.0;
    const size_t i = size_t(std::ceil(0.95 * double(s.size()))) - 1;
    return s[std::min(i, s.size() - 1)];
}

WindowHarness::WindowHarness()
    : window(std::make_unique<ae::MainWindow>())
{
    window->resize(1600, 1000);
    window->show();
    ae::Document *doc = window->document();
    QObject::connect(doc, &ae::Document::resultChanged, doc, [this] { resultArrived = true; });
}

WindowHarness::~WindowHarness() = default;

void WindowHarness::watchHeatmaps()
{
    watcher.watch(window->findChildren<ae::HeatmapPlot *>());
}

namespace {

std::map<QString, std::unique_ptr<WindowHarness>> &keptHarnesses()
{
    static std::map<QString, std::unique_ptr<WindowHarness>> harnesses;
    return harnesses;
}

} // namespace

WindowHarness &keptHarness(
    const QString &key, const std::function<std::unique_ptr<WindowHarness>()> &make)
{
    std::unique_ptr<WindowHarness> &h = keptHarnesses()[key];
    if (!h)
        h = make();
    return *h;
}

void closeKeptHarnesses()
{
    // Windows must go before the application object: a window destroyed at exit, after it,
    // crashes.
    keptHarnesses().clear();
}

} // namespace ae::bench
