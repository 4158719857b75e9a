// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/mainwindowmenus.h"

#include "computation/classroomtools.h"
#include "document/document.h"
#include "document/examplecatalog.h"
#include "heatmap/colormap.h"
#include "heatmap/heatmappanel.h"
#include "language/languagemanager.h"
#include "language/retranslator.h"
#include "lesson/lessoneditor.h"
#include "scaling/scalingplotdock.h"
#include "session/attentionpanel.h"
#include "session/sequencepanel.h"
#include "training/trainingdock.h"
#include "window/aboutdialog.h"
#include "window/mainwindow.h"
#include "window/shortcutsdialog.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QUndoStack>

namespace ae {

// The texts keep MainWindow's translation context: they are the window's menus.
void MainWindowMenus::create(MainWindow *window)
{
    // Every text is set through Retranslator::bind so that a language switch renames it.
    const auto menuTitle = [](QMenu *menu, QString (*text)()) {
        Retranslator::bind(menu, [menu, text] { menu->setTitle(text()); });
    };
    const auto actionText = [](QAction *action, QString (*text)(), QString (*tip)() = nullptr) {
        Retranslator::bind(action, [action, text, tip] {
            action->setText(text());
            if (tip)
                action->setStatusTip(tip());
        });
    };

    // File: the examples and Quit; the file handling inserts its actions above the examples.
    window->m_fileMenu = window->menuBar()->addMenu(QString());
    window->m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    menuTitle(window->m_fileMenu, [] { return MainWindow::tr("&File"); });
    window->m_examplesMenu = window->m_fileMenu->addMenu(QString());
    window->m_examplesMenu->setObjectName(QStringLiteral("examplesMenu"));
    menuTitle(window->m_examplesMenu, [] { return MainWindow::tr("E&xamples"); });
    for (const ExampleCatalog::Entry &entry : ExampleCatalog::entries()) {
        QAction *action = window->m_examplesMenu->addAction(entry.name);
        action->setData(entry.path);
        // The catalogue names its entries in the language of the moment.
        Retranslator::bind(action, [action, path = entry.path] {
            for (const ExampleCatalog::Entry &e : ExampleCatalog::entries()) {
                if (e.path == path) {
                    action->setText(e.name);
                    action->setStatusTip(e.description);
                    action->setToolTip(e.description);
                }
            }
        });
        QObject::connect(action, &QAction::triggered, window,
            [window, path = entry.path] { window->openExample(path); });
    }
    window->m_fileMenu->addSeparator();
    QAction *quit = window->m_fileMenu->addAction(QString(), window, &QWidget::close);
    quit->setObjectName(QStringLiteral("quitAction"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
    actionText(quit, [] { return MainWindow::tr("&Quit"); });

    // Edit: undo and redo of every document edit; Copy As is filled by the figure export.
    window->m_editMenu = window->menuBar()->addMenu(QString());
    window->m_editMenu->setObjectName(QStringLiteral("editMenu"));
    menuTitle(window->m_editMenu, [] { return MainWindow::tr("&Edit"); });
    QUndoStack *stack = window->m_document->undoStack();
    auto *undo = new QAction(window);
    undo->setObjectName(QStringLiteral("undoAction"));
    undo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
    auto *redo = new QAction(window);
    redo->setObjectName(QStringLiteral("redoAction"));
    redo->setShortcuts(
        { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y) });
    // Own actions rather than QUndoStack's, whose "Undo" prefix cannot change language.
    const auto updateUndo = [stack, undo, redo] {
        undo->setEnabled(stack->canUndo());
        undo->setText(stack->undoText().isEmpty()
                ? MainWindow::tr("&Undo")
                : MainWindow::tr("&Undo %1").arg(stack->undoText()));
        redo->setEnabled(stack->canRedo());
        redo->setText(stack->redoText().isEmpty()
                ? MainWindow::tr("&Redo")
                : MainWindow::tr("&Redo %1").arg(stack->redoText()));
    };
    QObject::connect(stack, &QUndoStack::indexChanged, undo, updateUndo);
    QObject::connect(stack, &QUndoStack::cleanChanged, undo, updateUndo);
    // The steps' own names are made again after a language switch.
    QObject::connect(stack, &QUndoStack::undoTextChanged, undo, updateUndo);
    QObject::connect(stack, &QUndoStack::redoTextChanged, undo, updateUndo);
    QObject::connect(undo, &QAction::triggered, stack, &QUndoStack::undo);
    QObject::connect(redo, &QAction::triggered, stack, &QUndoStack::redo);
    Retranslator::bind(undo, updateUndo);
    window->m_editMenu->addAction(undo);
    window->m_editMenu->addAction(redo);
    window->m_editMenu->addSeparator();
    window->m_copyAsMenu = window->m_editMenu->addMenu(QString());
    window->m_copyAsMenu->setObjectName(QStringLiteral("copyAsMenu"));
    menuTitle(window->m_copyAsMenu, [] { return MainWindow::tr("Copy &As"); });
    window->m_copyAsMenu->menuAction()->setVisible(false);
    window->m_copyAsMenu->installEventFilter(window);

    // View: colour map, panels, compare, presentation mode, language.
    window->m_viewMenu = window->menuBar()->addMenu(QString());
    window->m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    menuTitle(window->m_viewMenu, [] { return MainWindow::tr("&View"); });
    QMenu *colorMaps = window->m_viewMenu->addMenu(QString());
    colorMaps->setObjectName(QStringLiteral("colorMapMenu"));
    menuTitle(colorMaps, [] { return MainWindow::tr("&Colour Map"); });
    window->m_colorMapGroup = new QActionGroup(window);
    window->m_colorMapGroup->setExclusive(true);
    for (ColorMapKind kind : ColorMap::all()) {
        QAction *action = colorMaps->addAction(QString());
        Retranslator::bind(
            action, [action, kind] { action->setText(ColorMap::displayName(kind)); });
        action->setCheckable(true);
        action->setData(ColorMap::key(kind));
        action->setChecked(kind == window->m_heatmapPanel->colorMap());
        window->m_colorMapGroup->addAction(action);
        QObject::connect(action, &QAction::triggered, window,
            [window, kind] { window->m_heatmapPanel->setColorMap(kind); });
    }
    window->m_viewMenu->addSeparator();
    for (QDockWidget *dock : std::initializer_list<QDockWidget *> { window->m_sourcePanel,
             window->m_targetPanel, window->m_attentionPanel, window->m_scalingDock,
             window->m_trainingDock, window->m_lessonEditor })
        window->m_viewMenu->addAction(dock->toggleViewAction());
    window->m_viewMenu->addSeparator();
    QAction *compare
        = window->m_viewMenu->addAction(QString(), window, &MainWindow::openCompareDialog);
    compare->setObjectName(QStringLiteral("compareAction"));
    compare->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    actionText(
        compare, [] { return MainWindow::tr("C&ompare\u2026"); },
        [] {
            return MainWindow::tr(
                "Two configurations side by side with their difference: scaled vs "
                "unscaled, (Y, X) vs (X, Y), one head vs another, causal vs not.");
        });
    window->m_presentationAction = window->m_viewMenu->addAction(QString());
    window->m_presentationAction->setObjectName(QStringLiteral("presentationAction"));
    window->m_presentationAction->setCheckable(true);
    window->m_presentationAction->setShortcut(QKeySequence(Qt::Key_F11));
    actionText(
        window->m_presentationAction, [] { return MainWindow::tr("&Lesson Mode"); },
        [] {
            return MainWindow::tr("Full screen with large heatmaps and the computation "
                                  "steps for a classroom; Esc leaves.");
        });
    QObject::connect(
        window->m_presentationAction, &QAction::toggled, window, &MainWindow::setPresentationMode);
    window->m_leavePresentationAction = new QAction(window);
    actionText(
        window->m_leavePresentationAction, [] { return MainWindow::tr("Leave Lesson Mode"); });
    window->m_leavePresentationAction->setShortcut(QKeySequence(Qt::Key_Escape));
    window->m_leavePresentationAction->setEnabled(false);
    QObject::connect(window->m_leavePresentationAction, &QAction::triggered, window,
        [window] { window->setPresentationMode(false); });
    window->addAction(window->m_leavePresentationAction);

    window->m_viewMenu->addSeparator();
    QMenu *languages = window->m_viewMenu->addMenu(QString());
    languages->setObjectName(QStringLiteral("languageMenu"));
    menuTitle(languages, [] { return MainWindow::tr("Lan&guage"); });
    window->m_languageGroup = new QActionGroup(window);
    window->m_languageGroup->setExclusive(true);
    const QString current = LanguageManager::savedChoice();
    for (const QString &code : LanguageManager::choices()) {
        QAction *action = languages->addAction(QString());
        // Language names are written in their own language so that anyone can find theirs.
        Retranslator::bind(action, [action, code] {
            action->setText(code == QLatin1String("en") ? QStringLiteral("English")
                    : code == QLatin1String("zh_CN")    ? QStringLiteral("简体中文")
                                                        : MainWindow::tr("System Language"));
        });
        action->setCheckable(true);
        action->setData(code);
        action->setChecked(code == current);
        window->m_languageGroup->addAction(action);
        QObject::connect(
            action, &QAction::triggered, window, [window, code] { window->setLanguage(code); });
    }

    window->m_helpMenu = window->menuBar()->addMenu(QString());
    window->m_helpMenu->setObjectName(QStringLiteral("helpMenu"));
    menuTitle(window->m_helpMenu, [] { return MainWindow::tr("&Help"); });
    QAction *about = window->m_helpMenu->addAction(QString(), window, [window] {
        auto *dialog = new AboutDialog(window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    about->setObjectName(QStringLiteral("aboutAction"));
    actionText(about, [] { return MainWindow::tr("&About Attention Explorer"); });
    about->setMenuRole(QAction::AboutRole);
    QAction *shortcuts = window->m_helpMenu->addAction(QString(), window, [window] {
        auto *dialog = new ShortcutsDialog(window, window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    shortcuts->setObjectName(QStringLiteral("keyboardShortcutsAction"));
    actionText(shortcuts, [] { return MainWindow::tr("&Keyboard Shortcuts"); });
    QAction *aboutQt = window->m_helpMenu->addAction(QString(), qApp, &QApplication::aboutQt);
    actionText(aboutQt, [] { return MainWindow::tr("About &Qt"); });
    aboutQt->setMenuRole(QAction::AboutQtRole);

    window->m_classroom = new ClassroomTools(
        window, window->m_document, window->m_heatmapPanel, window->m_viewMenu, window->m_helpMenu);
}

} // namespace ae
