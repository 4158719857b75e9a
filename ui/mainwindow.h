#pragma once

#include <QMainWindow>

namespace ae {

/// The application window.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    /// Opens a session file, reporting problems without losing the current session.
    bool openFile(const QString &fileName);
};

} // namespace ae
