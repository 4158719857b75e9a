// SPDX-License-Identifier: GPL-3.0-or-later
#include "language/retranslator.h"

#include <QCoreApplication>
#include <QEvent>
#include <QPointer>
#include <algorithm>
#include <vector>

namespace ae {

/// One event filter on the application for every Retranslator: installing or removing a
/// translator sends LanguageChange to the application object first (widgets hear of it
/// afterwards through their changeEvent()).
class RetranslatorHub : public QObject
{
public:
    static RetranslatorHub &instance()
    {
        static RetranslatorHub hub;
        return hub;
    }
    void add(Retranslator *r)
    {
        watch();
        m_all.push_back(r);
    }
    void remove(Retranslator *r)
    {
        m_all.erase(std::remove(m_all.begin(), m_all.end(), r), m_all.end());
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange && watched == QCoreApplication::instance()) {
            // A callback may create or delete others: walk a guarded copy.
            std::vector<QPointer<Retranslator>> now(m_all.begin(), m_all.end());
            for (const QPointer<Retranslator> &r : now) {
                if (r)
                    r->m_apply();
            }
        }
        return QObject::eventFilter(watched, event);
    }

private:
    void watch()
    {
        QCoreApplication *app = QCoreApplication::instance();
        if (app && app != m_app) {
            app->installEventFilter(this);
            m_app = app;
        }
    }

    std::vector<Retranslator *> m_all;
    QPointer<QCoreApplication> m_app;
};

Retranslator::Retranslator(QObject *owner, std::function<void()> apply)
    : QObject(owner)
    , m_apply(std::move(apply))
{
    RetranslatorHub::instance().add(this);
}

Retranslator::~Retranslator()
{
    RetranslatorHub::instance().remove(this);
}

void Retranslator::bind(QObject *owner, std::function<void()> apply)
{
    apply();
    new Retranslator(owner, std::move(apply));
}

} // namespace ae
