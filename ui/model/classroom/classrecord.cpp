// SPDX-License-Identifier: GPL-3.0-or-later
#include "classroom/classrecord.h"

#include "classroom/classrecordcsv.h"
#include "io/atomicfilewriter.h"

namespace ae {

bool ClassRecord::setFileName(const QString &fileName, QString *error)
{
    const QString before = m_fileName;
    m_fileName = fileName;
    if (!write(csv(), error)) {
        m_fileName = before;
        return false;
    }
    return true;
}

bool ClassRecord::append(const QStringList &fields, QString *error)
{
    const QByteArray row = classroom::ClassRecordCsv::row(fields);
    if (!write(csv() + row, error))
        return false;
    m_body += row;
    ++m_rows;
    return true;
}

bool ClassRecord::append(const QList<QStringList> &rows, QString *error)
{
    QByteArray added;
    for (const QStringList &fields : rows)
        added += classroom::ClassRecordCsv::row(fields);
    if (rows.isEmpty())
        return true;
    if (!write(csv() + added, error))
        return false;
    m_body += added;
    m_rows += static_cast<int>(rows.size());
    return true;
}

QByteArray ClassRecord::csv() const
{
    return classroom::ClassRecordCsv::header() + m_body;
}

bool ClassRecord::write(const QByteArray &bytes, QString *error)
{
    if (m_fileName.isEmpty())
        return true;
    QString reason;
    if (AtomicFileWriter::write(m_fileName, bytes, &reason)) {
        ++m_writes;
        return true;
    }
    if (error)
        *error = tr("Cannot write the class record %1: %2").arg(m_fileName, reason);
    return false;
}

} // namespace ae
