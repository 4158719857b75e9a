// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file heatmappanel.h
/// The centre of the window: the selected heatmap large, the mean and every head as small
/// multiples beside it, a colour map chooser and a key to the marks.

#include "heatmap/colormap.h"
#include "heatmap/heatmapdata.h"

#include <QList>
#include <QWidget>
#include <optional>
#include <vector>

class QCheckBox;
class QDoubleSpinBox;
class QHBoxLayout;
class QComboBox;
class QGridLayout;
class QLabel;
class QScrollArea;
class QSlider;
class QSplitter;
class QStackedWidget;

namespace ae {

class AlignmentView;
class Document;
class HeatmapPlot;

/// Shows the document's attention weights; follows its result and dims a stale one.
class HeatmapPanel : public QWidget
{
    Q_OBJECT
public:
    explicit HeatmapPanel(Document *document, QWidget *parent = nullptr);

    /// How the large view is drawn.
    enum class Display {
        Heatmap, ///< one coloured cell per (query, key)
        Lines ///< the alignment view: token columns joined by lines (alignmentview.h)
    };
    /// Draws the large view as @p display.
    void setDisplay(Display display);
    Display display() const { return m_display; }
    /// The alignment view's threshold (0..1): weights below it get no line.
    double alignmentThreshold() const;
    void setAlignmentThreshold(double threshold);

    /// The view shown large: -1 for the mean of the heads, else a head index.
    int selectedView() const { return m_selectedView; }
    /// Shows @p view large (-1 = mean; an index past the last head selects the mean).
    void setSelectedView(int view);
    /// The colour map of every heatmap of the panel.
    ColorMapKind colorMap() const { return m_colorMap; }
    /// Recolours every heatmap with @p kind (and shows it in the chooser).
    void setColorMap(ColorMapKind kind);
    /// Larger fonts and tiles for teaching in front of a class.
    void setPresentationMode(bool on);
    bool isPresentationMode() const { return m_presentation; }
    /// Scales the heatmaps' labels, titles and values by @p zoom (lesson mode's zoom).
    void setZoom(double zoom);
    /// Puts @p widget at the start of the line above the heatmaps (the panel takes it).
    void addHeaderWidget(QWidget *widget);
    /// Puts the cell options (values, stretched colours) on a line of their own under the
    /// display and colour map choices, so the panel fits a narrow window (large text on a
    /// small screen); false puts them back at the end of the one line.
    void setHeaderWrapped(bool wrapped);
    bool isHeaderWrapped() const { return m_headerWrapped; }
    /// Whether cells show their values (when they fit).
    void setShowValues(bool on);
    bool showValues() const { return m_showValues; }
    /// The decimals of the numbers in the cells' tooltips (the computation view's choice).
    void setDecimals(int decimals);
    int decimals() const { return m_decimals; }
    /// Whether the colour scale ends at the largest weight on show instead of at 1, so that
    /// small differences between weights show (as the articles' figure with vmax = 0.4).
    void setStretchColors(bool on);
    bool stretchColors() const { return m_stretch; }

    /// Shows @p state in the large map instead of the selected view's weights (a step of the
    /// computation before the softmax); nothing returns to the weights.
    void setStepState(std::optional<HeatmapData> state);
    /// Outlines @p cells (x = key, y = query) in the large map (a lesson's highlighted cells).
    void setMarkedCells(const QList<QPoint> &cells);
    /// The outlined cells (x = key, y = query).
    QList<QPoint> markedCells() const;
    /// True while the large map shows a step's state.
    bool showsStepState() const { return m_stepState.has_value(); }

    /// @name Inspection (tests)
    /// @{
    HeatmapPlot *largePlot() const { return m_large; }
    AlignmentView *alignmentView() const { return m_alignment; }
    QSlider *thresholdSlider() const { return m_thresholdSlider; }
    QDoubleSpinBox *thresholdSpin() const { return m_thresholdSpin; }
    /// The small multiples: the mean first, then head 1, head 2, ... (empty with one head).
    QList<HeatmapPlot *> smallMultiples() const { return m_tiles; }
    /// True while the small multiples are shown (more than one head).
    bool smallMultiplesShown() const;
    /// @}

signals:
    /// The large map now shows @p view (-1 = the mean).
    void selectedViewChanged(int view);
    /// The colour map changed (by the chooser or setColorMap()).
    void colorMapChanged(ColorMapKind kind);
    /// The large map's cell (@p row, @p column) of @p view (-1 = the mean) was clicked.
    void cellClicked(int view, int row, int column);
    /// The large view is now drawn as @p display.
    void displayChanged(Display display);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /// Gives the large view the least height at which its cells stay readable.
    void keepLargeViewReadable();
    /// Rebuilds every plot from the document's result.
    void refresh();
    /// Sets the colour range of every view: [0, 1], or [0, largest visible weight].
    void applyColorRange();
    /// Builds every view of the document's result, with their colour range, and hands them to
    /// the plots (pushViews()).
    void rebuildViews();
    /// Hands the views to the tiles and the selected one to the large plot. A tile takes its
    /// view's matrices and leaves its previous ones in m_views, to be refilled next time.
    void pushViews();
    /// View @p index (the mean, then every head) as shown: held by its tile when there are
    /// tiles, else by m_views.
    const HeatmapData &view(size_t index) const;
    /// Dims the pictures when the document's result is stale.
    void updateStale();
    /// Blanks every picture's weights while the document hides them (a lesson's question).
    void updateWeightsHidden();
    /// Puts the selected view into the large plot and highlights its tile.
    void showSelected();
    /// Gap between small multiples, in pixels.
    static constexpr int tileGap = 6;
    /// Columns and side length of tiles filling a width x height area.
    struct TileArrangement
    {
        int columns = 1;
        int size = 0;
    };
    /// The arrangement of @p count square tiles in @p width x @p height with the largest tiles.
    static TileArrangement arrange(int count, int width, int height);
    /// The smallest side of a small multiple, in pixels.
    int minimumTileSize() const;
    /// Creates or removes tiles so there is one for the mean and one per head.
    void ensureTiles(int count);
    /// Arranges the tiles in as many columns as fit the scroll area.
    void layoutTiles();
    /// Chooses a side-by-side or stacked arrangement from the panel's shape.
    void updateOrientation();
    /// Sets every visible text in the current language.
    void retranslate();

    Document *m_document;
    int m_selectedView = -1;
    ColorMapKind m_colorMap = ColorMap::defaultKind();
    bool m_presentation = false;
    bool m_showValues = true;
    int m_decimals = 4;
    bool m_stretch = false;
    double m_zoom = 1.0;
    /// The mean, then every head: each one's matrices go to its tile (pushViews()), so with
    /// tiles these hold the views shown before; view() gives the current ones.
    std::vector<HeatmapData> m_views;
    HeatmapData m_largeView; ///< the selected view with how its values were made
    std::optional<HeatmapData> m_stepState; ///< shown large instead of the weights, if set

    Display m_display = Display::Heatmap;
    QComboBox *m_displayCombo;
    QLabel *m_thresholdLabel;
    QSlider *m_thresholdSlider;
    QDoubleSpinBox *m_thresholdSpin;
    QHBoxLayout *m_header;
    QHBoxLayout *m_headerSecond; ///< the cell options' own line while the header is wrapped
    bool m_headerWrapped = false;
    AlignmentView *m_alignment;
    QLabel *m_colorMapLabel;
    QComboBox *m_colorMapCombo;
    QCheckBox *m_valuesCheck;
    QCheckBox *m_stretchCheck;
    QLabel *m_keyLabel;
    QSplitter *m_splitter;
    QStackedWidget *m_largeStack;
    QLabel *m_emptyLabel;
    HeatmapPlot *m_large;
    QScrollArea *m_tileArea;
    QWidget *m_tileHost;
    QGridLayout *m_tileGrid;
    QList<HeatmapPlot *> m_tiles;
    int m_tileColumns = 0;
    int m_tileSize = 0;
    bool m_userSizedSplitter = false; ///< the user dragged the splitter
};

} // namespace ae
