#include "mainwindow.h"

namespace ae {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Attention Explorer"));
}

bool MainWindow::openFile(const QString &)
{
    return false;
}

} // namespace ae
