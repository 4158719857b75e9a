// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/classanswersdialog.h"

#include "classroom/classroominterface.h"
#include "classroom/classroomlessonlink.h"
#include "classroom/classroomserver.h"
#include "classroom/joinqrcode.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QVBoxLayout>
#include <algorithm>

namespace ae {

namespace {
/// The QR code's side on screen, about: a phone reads it from a few rows back.
constexpr int qrSide = 260;
} // namespace

ClassAnswersDialog::ClassAnswersDialog(ClassroomLessonLink *link, QWidget *parent)
    : QDialog(parent)
    , m_link(link)
    , m_address(new QComboBox)
    , m_record(new QLineEdit)
    , m_chooseRecord(new QPushButton)
    , m_start(new QPushButton)
    , m_addressLabel(new QLabel)
    , m_recordLabel(new QLabel)
    , m_status(new QLabel)
    , m_joinTitle(new QLabel)
    , m_join(new QLabel)
    , m_qr(new QLabel)
    , m_roomTitle(new QLabel)
    , m_room(new QLabel)
    , m_students(new QLabel)
    , m_close(new QPushButton)
{
    setObjectName(QStringLiteral("classAnswersDialog"));
    m_address->setObjectName(QStringLiteral("classAnswersAddress"));
    m_record->setObjectName(QStringLiteral("classAnswersRecord"));
    m_start->setObjectName(QStringLiteral("classAnswersStart"));
    m_join->setObjectName(QStringLiteral("classAnswersJoin"));
    m_room->setObjectName(QStringLiteral("classAnswersRoom"));
    m_addressLabel->setBuddy(m_address);
    m_recordLabel->setBuddy(m_record);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    // Large: read off the projector from the back of the room.
    QFont joinFont = m_join->font();
    joinFont.setPointSizeF(joinFont.pointSizeF() * 1.4);
    joinFont.setBold(true);
    m_join->setFont(joinFont);
    m_join->setTextFormat(Qt::PlainText);
    m_join->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_join->setAlignment(Qt::AlignCenter);
    QFont roomFont = m_room->font();
    roomFont.setPointSizeF(roomFont.pointSizeF() * 4.0);
    roomFont.setBold(true);
    roomFont.setLetterSpacing(QFont::AbsoluteSpacing, 4);
    m_room->setFont(roomFont);
    m_room->setTextFormat(Qt::PlainText);
    m_room->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_room->setAlignment(Qt::AlignCenter);
    m_room->setMargin(12);
    m_roomTitle->setAlignment(Qt::AlignCenter);
    m_joinTitle->setAlignment(Qt::AlignCenter);
    m_qr->setAlignment(Qt::AlignCenter);
    m_qr->setFixedSize(qrSide + 8, qrSide + 8);
    m_students->setAlignment(Qt::AlignCenter);
    // Room for a record file's whole name.
    m_record->setMinimumWidth(m_record->fontMetrics().averageCharWidth() * 48);

    auto *recordRow = new QHBoxLayout;
    recordRow->addWidget(m_record, 1);
    recordRow->addWidget(m_chooseRecord);
    auto *form = new QFormLayout;
    form->addRow(m_addressLabel, m_address);
    form->addRow(m_recordLabel, recordRow);

    // The QR code beside the room code, and the address under both across the whole width:
    // a long address does not push the dialog past a 1024-pixel screen.
    auto *codes = new QVBoxLayout;
    codes->addStretch(1);
    codes->addWidget(m_roomTitle);
    codes->addWidget(m_room);
    codes->addWidget(m_students);
    codes->addStretch(1);
    auto *shown = new QHBoxLayout;
    shown->addWidget(m_qr);
    shown->addSpacing(16);
    shown->addLayout(codes, 1);

    auto *buttons = new QDialogButtonBox;
    buttons->addButton(m_start, QDialogButtonBox::ActionRole);
    buttons->addButton(m_close, QDialogButtonBox::RejectRole);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addLayout(shown, 1);
    layout->addWidget(m_joinTitle);
    layout->addWidget(m_join);
    layout->addWidget(buttons);

    connect(m_chooseRecord, &QPushButton::clicked, this, &ClassAnswersDialog::chooseRecordFile);
    connect(m_start, &QPushButton::clicked, this, [this] {
        if (m_link->server()->isListening())
            stopServer();
        else
            startServer();
    });
    connect(m_close, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_link, &ClassroomLessonLink::changed, this, &ClassAnswersDialog::refresh);
    retranslate();
}

void ClassAnswersDialog::fillAddresses()
{
    m_address->clear();
    for (const ClassroomInterface &i : ClassroomInterface::offered()) {
        QString text;
        if (i.isEveryInterface())
            text = tr("Every network interface (%1)").arg(i.address.toString());
        else if (i.isLoopback())
            text = tr("This computer only (%1)").arg(i.address.toString());
        else
            text = tr("%1 (%2)").arg(i.address.toString(), i.interfaceName);
        m_address->addItem(text, i.address.toString());
    }
}

void ClassAnswersDialog::setDefaultRecordFile(const QString &fileName)
{
    if (!m_link->server()->isListening())
        m_record->setText(fileName);
}

void ClassAnswersDialog::chooseRecordFile()
{
    const QString fileName = QFileDialog::getSaveFileName(
        this, tr("Class Record"), m_record->text(), tr("Class records (*.csv)"));
    if (!fileName.isEmpty())
        m_record->setText(fileName);
}

bool ClassAnswersDialog::startServer()
{
    ClassroomServer *server = m_link->server();
    m_error.clear();
    const QString record = m_record->text().trimmed();
    QString error;
    // An existing file is another room's record (or anything else): never written over. The
    // room's own file, after a stop, takes the room's answers again.
    const bool ownFile = !record.isEmpty()
        && QFileInfo(record).absoluteFilePath()
            == QFileInfo(server->record().fileName()).absoluteFilePath();
    if (!record.isEmpty() && QFileInfo(record).suffix().compare(u"csv", Qt::CaseInsensitive) != 0)
        m_error = tr("The class record “%1” does not end in .csv.").arg(record);
    else if (!record.isEmpty() && !ownFile && QFileInfo::exists(record))
        m_error = tr("The class record “%1” exists already; pick another file (a record is "
                     "never written over).")
                      .arg(record);
    else if (!server->setRecordFile(record, &error))
        m_error = tr("Cannot write the class record “%1”: %2").arg(record, error);
    else if (!server->start(QHostAddress(m_address->currentData().toString()), 0, &error))
        m_error = tr("Cannot listen on %1: %2").arg(m_address->currentData().toString(), error);
    else
        m_link->sync();
    refresh();
    keepOnScreen();
    return m_error.isEmpty();
}

void ClassAnswersDialog::keepOnScreen()
{
    if (!isVisible())
        return;
    // The codes shown make the dialog larger: it grows within the screen it is on.
    adjustSize();
    const QScreen *shownOn = screen();
    if (!shownOn)
        return;
    const QRect room = shownOn->availableGeometry();
    QRect frame = frameGeometry();
    frame.moveRight(std::min(frame.right(), room.right()));
    frame.moveBottom(std::min(frame.bottom(), room.bottom()));
    frame.moveLeft(std::max(frame.left(), room.left()));
    frame.moveTop(std::max(frame.top(), room.top()));
    move(frame.topLeft());
}

void ClassAnswersDialog::stopServer()
{
    m_link->server()->stop();
    refresh();
    keepOnScreen();
}

void ClassAnswersDialog::refresh()
{
    const ClassroomServer *server = m_link->server();
    const bool on = server->isListening();
    m_address->setEnabled(!on);
    m_record->setEnabled(!on);
    m_chooseRecord->setEnabled(!on);
    m_start->setText(on ? tr("S&top") : tr("&Start"));
    m_roomTitle->setVisible(on);
    m_room->setVisible(on);
    m_joinTitle->setVisible(on);
    m_join->setVisible(on);
    m_qr->setVisible(on);
    m_students->setVisible(on);
    if (!m_error.isEmpty())
        m_status->setText(m_error);
    else if (on)
        m_status->setText(tr("The room is open. The class record is written to “%1”.")
                              .arg(server->record().fileName().isEmpty()
                                      ? tr("(memory only)")
                                      : QFileInfo(server->record().fileName()).fileName()));
    else
        m_status->setText(tr("The room is closed. Students join once it is started."));
    if (!on) {
        m_qr->clear();
        m_join->clear();
        m_room->clear();
        return;
    }
    const QString url = server->joinUrl().toString();
    if (m_join->text() != url) {
        m_join->setText(url);
        const auto code = JoinQrCode::encode(url);
        if (code) {
            const int module = std::max(2, qrSide / (code->size() + 8));
            m_qr->setPixmap(QPixmap::fromImage(code->image(module)));
        } else {
            m_qr->clear();
        }
    }
    m_room->setText(server->roomCode());
    m_students->setText(tr("%n student(s) joined", nullptr, m_link->studentCount()));
}

QString ClassAnswersDialog::joinAddressText() const
{
    return m_join->isHidden() ? QString() : m_join->text();
}

QString ClassAnswersDialog::roomCodeText() const
{
    return m_room->isHidden() ? QString() : m_room->text();
}

QString ClassAnswersDialog::statusText() const
{
    return m_status->text();
}

bool ClassAnswersDialog::showsQrCode() const
{
    return !m_qr->isHidden() && !m_qr->pixmap().isNull();
}

void ClassAnswersDialog::retranslate()
{
    setWindowTitle(tr("Class Answers"));
    m_addressLabel->setText(tr("&Network:"));
    m_address->setToolTip(tr("Where students' phones reach this computer. Every network "
                             "interface also opens the room to networks the class is not on."));
    m_recordLabel->setText(tr("Class &record:"));
    m_chooseRecord->setText(tr("C&hoose\u2026"));
    m_joinTitle->setText(tr("Open this address or scan the code:"));
    m_roomTitle->setText(tr("Room code"));
    // The code is a picture: a screen reader names it, and the address beside it says the same.
    m_qr->setAccessibleName(tr("QR code of the join address"));
    m_room->setAccessibleName(tr("Room code"));
    m_join->setAccessibleName(tr("Join address"));
    m_close->setText(tr("&Close"));
    // The addresses' names are translated too; the pick stays.
    const int picked = m_address->currentIndex();
    fillAddresses();
    m_address->setCurrentIndex(std::max(0, picked));
    refresh();
}

void ClassAnswersDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

} // namespace ae
