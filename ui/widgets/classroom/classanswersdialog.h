// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file classanswersdialog.h
/// Lesson ▸ Class Answers…: the teacher starts the class-answers server and the room joins.

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace ae {

class ClassroomLessonLink;

/// Picks the network address (the first non-loopback IPv4 one by default; this computer only
/// and every interface on request), starts and stops the server on a free port, and shows the
/// join address, its QR code and the room code in letters large enough for the back of a
/// room. The class record goes beside the lesson or to the file the teacher picks.
class ClassAnswersDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ClassAnswersDialog(ClassroomLessonLink *link, QWidget *parent = nullptr);

    /// The record file offered until the teacher picks another.
    void setDefaultRecordFile(const QString &fileName);

    /// Starts the server on the picked address and a free port, with the record file; on
    /// failure the dialog says why and the result is false.
    bool startServer();
    /// Stops the server.
    void stopServer();

    /// @name Inspection (tests)
    /// @{
    QComboBox *addressBox() const { return m_address; }
    QLineEdit *recordEdit() const { return m_record; }
    QPushButton *startButton() const { return m_start; }
    QString joinAddressText() const;
    QString roomCodeText() const;
    QString statusText() const;
    /// True while a QR code is shown.
    bool showsQrCode() const;
    /// @}

protected:
    void changeEvent(QEvent *event) override;

private:
    void fillAddresses();
    void chooseRecordFile();
    void refresh();
    /// Fits the dialog to what it shows, within its screen.
    void keepOnScreen();
    void retranslate();

    ClassroomLessonLink *m_link;
    QComboBox *m_address;
    QLineEdit *m_record;
    QPushButton *m_chooseRecord;
    QPushButton *m_start;
    QLabel *m_addressLabel;
    QLabel *m_recordLabel;
    QLabel *m_status;
    QLabel *m_joinTitle;
    QLabel *m_join;
    QLabel *m_qr;
    QLabel *m_roomTitle;
    QLabel *m_room;
    QLabel *m_students;
    QPushButton *m_close;
    QString m_error;
};

} // namespace ae
