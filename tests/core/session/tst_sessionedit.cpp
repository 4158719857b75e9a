// SPDX-License-Identifier: GPL-3.0-or-later
// The arithmetic of session edits (core/session/sessionedit.h), the head width and entropy ceiling,
// the one-hot rule of validateSession() and the work estimates (core/attention/workestimate.h).

#include "testsupport.h"

#include "attention/attentionconfig.h"
#include "attention/projections.h"
#include "attention/softmax.h"
#include "attention/workestimate.h"
#include "session/sessionedit.h"
#include "session/sessionjson.h"
#include "session/sessionvalidator.h"

#include <QtTest>
#include <cmath>

using namespace ae;

Q_DECLARE_METATYPE(Eigen::MatrixXd)
Q_DECLARE_METATYPE(std::vector<bool>)
Q_DECLARE_METATYPE(ae::ProjectionPart)

namespace {

/// A matrix from rows written out in the test.
Eigen::MatrixXd matrix(std::initializer_list<std::initializer_list<double>> rows)
{
    const Eigen::Index cols
        = rows.size() == 0 ? 0 : static_cast<Eigen::Index>(rows.begin()->size());
    Eigen::MatrixXd m(static_cast<Eigen::Index>(rows.size()), cols);
    Eigen::Index i = 0;
    for (const auto &r : rows) {
        Eigen::Index j = 0;
        for (double v : r)
            m(i, j++) = v;
        ++i;
    }
    return m;
}

/// Splits "a b c" into tokens.
QStringList tokens(const char *text)
{
    return QString::fromUtf8(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

/// PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...), written out here.
double positional(int pos, int column, int width)
{
    const int i = column / 2;
    const double frequency = std::pow(10000.0, -2.0 * i / width);
    return column % 2 == 0 ? std::sin(pos * frequency) : std::cos(pos * frequency);
}

} // namespace

/// Tests every function of sessionedit.h, headWidth(), entropyCeiling(), the one-hot rule and
/// the work estimates.
class TestSessionEdit : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void headWidth_data();
    void headWidth();
    void entropyCeiling_data();
    void entropyCeiling();
    void resizedKeeping_data();
    void resizedKeeping();
    void paddingTokenNames_data();
    void paddingTokenNames();
    void reshapedManual_data();
    void reshapedManual();
    void reshapedGenerated();
    void followedPadding_data();
    void followedPadding();
    void paddingFlag_data();
    void paddingFlag();
    void recipeSwitch();
    void explicitFromIdentity();
    void explicitFromRandom();
    void explicitPastTheLimits();
    void fittedKeepsTopLeft();
    void projectionEntry_data();
    void projectionEntry();
    void oneHotWidthIsValidated_data();
    void oneHotWidthIsValidated();
    void sessionWork();
    void experimentWork();

private:
    Session m_spec;
};

void TestSessionEdit::initTestCase()
{
    const SessionLoadResult loaded = sessionFromJson(test::specExampleJson());
    QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : loaded.error->toString()));
    m_spec = loaded.session;
}

void TestSessionEdit::headWidth_data()
{
    QTest::addColumn<int>("dModel");
    QTest::addColumn<int>("heads");
    QTest::addColumn<int>("expected");
    QTest::newRow("one head") << 8 << 1 << 8;
    QTest::newRow("two heads of 2") << 4 << 2 << 2;
    QTest::newRow("d_k 1") << 64 << 64 << 1;
    QTest::newRow("heads do not divide") << 4 << 3 << 0;
    QTest::newRow("no heads") << 4 << 0 << 0;
    QTest::newRow("negative heads") << 4 << -2 << 0;
    QTest::newRow("no width") << 0 << 2 << 0;
}

void TestSessionEdit::headWidth()
{
    QFETCH(int, dModel);
    QFETCH(int, heads);
    QFETCH(int, expected);
    QCOMPARE(ae::headWidth(dModel, heads), expected);
    AttentionConfig config;
    config.dModel = dModel;
    config.heads = heads;
    QCOMPARE(ae::headWidth(config), expected);
}

void TestSessionEdit::entropyCeiling_data()
{
    QTest::addColumn<int>("outcomes");
    QTest::newRow("none") << 0;
    QTest::newRow("one") << 1;
    QTest::newRow("two") << 2;
    QTest::newRow("ten keys") << 10;
    QTest::newRow("4096 keys") << 4096;
}

void TestSessionEdit::entropyCeiling()
{
    QFETCH(int, outcomes);
    // The entropy of the uniform row, summed term by term: -sum (1/n) ln(1/n).
    long double expected = 0.0L;
    for (int i = 0; i < outcomes; ++i)
        expected -= (1.0L / outcomes) * std::log(1.0L / outcomes);
    QVERIFY(std::abs(ae::entropyCeiling(outcomes) - static_cast<double>(expected)) < 1e-12);
}

void TestSessionEdit::resizedKeeping_data()
{
    QTest::addColumn<Eigen::MatrixXd>("input");
    QTest::addColumn<int>("rows");
    QTest::addColumn<int>("cols");
    QTest::addColumn<Eigen::MatrixXd>("expected");
    const Eigen::MatrixXd m = matrix({ { 1, 2, 3 }, { 4, 5, 6 } });
    QTest::newRow("same shape") << m << 2 << 3 << m;
    QTest::newRow("fewer columns") << m << 2 << 1 << matrix({ { 1 }, { 4 } });
    QTest::newRow("more rows") << m << 3 << 3 << matrix({ { 1, 2, 3 }, { 4, 5, 6 }, { 0, 0, 0 } });
    QTest::newRow("grow and cut") << m << 1 << 4 << matrix({ { 1, 2, 3, 0 } });
    QTest::newRow("from empty") << Eigen::MatrixXd() << 2 << 2 << matrix({ { 0, 0 }, { 0, 0 } });
    QTest::newRow("to empty") << m << 0 << 0 << Eigen::MatrixXd();
}

void TestSessionEdit::resizedKeeping()
{
    QFETCH(Eigen::MatrixXd, input);
    QFETCH(int, rows);
    QFETCH(int, cols);
    QFETCH(Eigen::MatrixXd, expected);
    QVERIFY(sameEntries(ae::resizedKeeping(input, rows, cols), expected));
}

void TestSessionEdit::paddingTokenNames_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<bool>("padding");
    QTest::newRow("<pad>") << QStringLiteral("<pad>") << true;
    QTest::newRow("[PAD]") << QStringLiteral("[PAD]") << true;
    QTest::newRow("<PAD>") << QStringLiteral("<PAD>") << true;
    QTest::newRow("pad") << QStringLiteral("pad") << false;
    QTest::newRow("<pad>s") << QStringLiteral("<pad>s") << false;
    QTest::newRow("word") << QStringLiteral("love") << false;
}

void TestSessionEdit::paddingTokenNames()
{
    QFETCH(QString, token);
    QFETCH(bool, padding);
    QCOMPARE(isPaddingToken(token), padding);
}

void TestSessionEdit::reshapedManual_data()
{
    QTest::addColumn<bool>("positional");
    QTest::addColumn<QStringList>("newTokens");
    QTest::addColumn<int>("width");
    QTest::newRow("one token more") << false << tokens("a b c") << 2;
    QTest::newRow("one token less") << false << tokens("a") << 2;
    QTest::newRow("wider") << false << tokens("a b") << 3;
    QTest::newRow("narrower") << false << tokens("a b") << 1;
    QTest::newRow("positional, longer and wider") << true << tokens("a b c") << 4;
    QTest::newRow("positional, shorter and narrower") << true << tokens("a") << 1;
}

void TestSessionEdit::reshapedManual()
{
    QFETCH(bool, positional);
    QFETCH(QStringList, newTokens);
    QFETCH(int, width);
    SequenceData seq;
    seq.tokens = tokens("a b");
    const Eigen::MatrixXd base = matrix({ { 1, 2 }, { 3, 4 } });
    seq.embeddings = base;
    seq.recipe.positional = positional;
    // With positions the table holds typed vectors plus the positional part.
    for (int i = 0; positional && i < 2; ++i)
        for (int j = 0; j < 2; ++j)
            seq.embeddings(i, j) += ::positional(i, j, 2);
    const Eigen::MatrixXd out = reshapedEmbeddings(seq, newTokens, width);
    QCOMPARE(out.rows(), static_cast<Eigen::Index>(newTokens.size()));
    QCOMPARE(out.cols(), static_cast<Eigen::Index>(width));
    // The hand-made part is kept by position, new cells are 0; the positional part is that of
    // the new shape.
    for (int i = 0; i < out.rows(); ++i) {
        for (int j = 0; j < out.cols(); ++j) {
            const double kept = i < 2 && j < 2 ? base(i, j) : 0.0;
            const double expected = kept + (positional ? ::positional(i, j, width) : 0.0);
            QVERIFY2(std::abs(out(i, j) - expected) < 1e-12,
                qPrintable(QStringLiteral("(%1, %2): %3, expected %4")
                               .arg(i)
                               .arg(j)
                               .arg(out(i, j))
                               .arg(expected)));
        }
    }
}

void TestSessionEdit::reshapedGenerated()
{
    SequenceData seq;
    seq.tokens = tokens("x y");
    seq.recipe.mode = EmbeddingMode::Hashed;
    seq.recipe.seed = 7;
    seq.embeddings = hashedEmbeddings(seq.tokens, 3, 7);
    const QStringList next = tokens("x z y");
    QVERIFY(sameEntries(reshapedEmbeddings(seq, next, 5), hashedEmbeddings(next, 5, 7)));

    // A one-hot vocabulary that does not fit gives zeros (validateSession() says why).
    seq.recipe = EmbeddingRecipe { EmbeddingMode::OneHot, 0, false };
    QVERIFY(sameEntries(reshapedEmbeddings(seq, next, 2), Eigen::MatrixXd::Zero(3, 2)));
    QVERIFY(sameEntries(reshapedEmbeddings(seq, next, 3), *oneHotEmbeddings(next, 3)));
}

void TestSessionEdit::followedPadding_data()
{
    QTest::addColumn<QStringList>("before");
    QTest::addColumn<std::vector<bool>>("flags");
    QTest::addColumn<QStringList>("after");
    QTest::addColumn<std::vector<bool>>("expected");
    QTest::newRow("unchanged tokens keep their flags")
        << tokens("a b c") << std::vector<bool> { false, true, false } << tokens("a b c")
        << std::vector<bool> { false, true, false };
    QTest::newRow("unchanged tokens keep flags written out as false")
        << tokens("a b") << std::vector<bool> { false, false } << tokens("a b")
        << std::vector<bool> { false, false };
    QTest::newRow("a changed token loses its flag")
        << tokens("a b c") << std::vector<bool> { false, true, false } << tokens("a x c")
        << std::vector<bool>();
    QTest::newRow("appended <pad> is padding")
        << tokens("a b") << std::vector<bool>() << tokens("a b <pad> [PAD]")
        << std::vector<bool> { false, false, true, true };
    QTest::newRow("a kept unmarked <pad> stays unmarked")
        << tokens("a <pad>") << std::vector<bool>() << tokens("a <pad> b") << std::vector<bool>();
    QTest::newRow("cut after the flag")
        << tokens("a b c") << std::vector<bool> { true, false, true } << tokens("a b")
        << std::vector<bool> { true, false };
}

void TestSessionEdit::followedPadding()
{
    QFETCH(QStringList, before);
    QFETCH(std::vector<bool>, flags);
    QFETCH(QStringList, after);
    QFETCH(std::vector<bool>, expected);
    SequenceData seq;
    seq.tokens = before;
    seq.padding = flags;
    QCOMPARE(ae::followedPadding(seq, after), expected);
}

void TestSessionEdit::paddingFlag_data()
{
    QTest::addColumn<std::vector<bool>>("flags");
    QTest::addColumn<int>("index");
    QTest::addColumn<bool>("padded");
    QTest::addColumn<std::vector<bool>>("expected");
    QTest::newRow("first flag") << std::vector<bool>() << 2 << true
                                << std::vector<bool> { false, false, true };
    QTest::newRow("another flag") << std::vector<bool> { true, false, false } << 1 << true
                                  << std::vector<bool> { true, true, false };
    QTest::newRow("last flag cleared")
        << std::vector<bool> { false, true, false } << 1 << false << std::vector<bool>();
    QTest::newRow("clearing an unset flag")
        << std::vector<bool>() << 0 << false << std::vector<bool>();
}

void TestSessionEdit::paddingFlag()
{
    QFETCH(std::vector<bool>, flags);
    QFETCH(int, index);
    QFETCH(bool, padded);
    QFETCH(std::vector<bool>, expected);
    QCOMPARE(withPaddingFlag(flags, 3, index, padded), expected);
}

void TestSessionEdit::recipeSwitch()
{
    SequenceData seq;
    seq.tokens = tokens("a b c");
    seq.embeddings = matrix({ { 1, 2 }, { 3, 4 }, { 5, 6 } });
    const Eigen::MatrixXd typed = seq.embeddings;

    // Manual with positions: the typed vectors plus the positional part, and back.
    const SequenceData withPositions
        = withRecipe(seq, EmbeddingRecipe { EmbeddingMode::Manual, 0, true });
    QVERIFY(withPositions.recipe.positional);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 2; ++j)
            QVERIFY(std::abs(withPositions.embeddings(i, j) - typed(i, j) - positional(i, j, 2))
                < 1e-12);
    const SequenceData back = withRecipe(withPositions, EmbeddingRecipe {});
    QVERIFY(test::maxAbsDifference(back.embeddings, typed) < 1e-12);

    // Hashed: generated again, the typed numbers are gone.
    const SequenceData hashed
        = withRecipe(seq, EmbeddingRecipe { EmbeddingMode::Hashed, 3, false });
    QVERIFY(sameEntries(hashed.embeddings, hashedEmbeddings(seq.tokens, 2, 3)));
    QCOMPARE(hashed.recipe, (EmbeddingRecipe { EmbeddingMode::Hashed, 3, false }));
    QCOMPARE(hashed.tokens, seq.tokens);
}

void TestSessionEdit::explicitFromIdentity()
{
    Session s = m_spec;
    s.target.embeddings = matrix({ { 1, 2, 3 }, { 4, 5, 6 } }); // target (queries) is 3 wide
    const Projections p = explicitProjectionsFor(s);
    QCOMPARE(p.mode, ProjectionMode::Explicit);
    // Identity where the shapes allow (source 4 = d_model 4), zeros where they do not.
    QVERIFY(sameEntries(p.wq, Eigen::MatrixXd::Zero(3, 4)));
    QVERIFY(sameEntries(p.wk, Eigen::MatrixXd::Identity(4, 4)));
    QVERIFY(sameEntries(p.wv, Eigen::MatrixXd::Identity(4, 4)));
    QVERIFY(sameEntries(p.wo, Eigen::MatrixXd::Identity(4, 4)));
    for (const Eigen::RowVectorXd *b : { &p.bq, &p.bk, &p.bv, &p.bo })
        QVERIFY(sameEntries(*b, Eigen::RowVectorXd::Zero(4)));
}

void TestSessionEdit::explicitFromRandom()
{
    Session s = m_spec;
    s.attention.projections.mode = ProjectionMode::Random;
    s.attention.projections.seed = 42;
    const Projections p = explicitProjectionsFor(s);
    const Projections random = materializeProjections(s.attention.projections, 4, 4, 4);
    QCOMPARE(p.mode, ProjectionMode::Explicit);
    QCOMPARE(p.seed, std::uint64_t(42));
    QVERIFY(sameEntries(p.wq, random.wq));
    QVERIFY(sameEntries(p.wk, random.wk));
    QVERIFY(sameEntries(p.wv, random.wv));
    QVERIFY(sameEntries(p.wo, random.wo));
    // The random matrices are what computing the session uses, so nothing on screen changes.
    Session converted = s;
    converted.attention.projections = p;
    QVERIFY(!validateSession(converted));
}

void TestSessionEdit::explicitPastTheLimits()
{
    Session s = m_spec;
    s.attention.config.dModel = 1 << 20;
    const Projections p = explicitProjectionsFor(s);
    QCOMPARE(p.wq.size(), Eigen::Index(0));
    QCOMPARE(p.wo.size(), Eigen::Index(0));
    Projections given;
    given.wq = matrix({ { 1 } });
    QVERIFY(sameEntries(fittedProjections(s, given).wq, given.wq));
}

void TestSessionEdit::fittedKeepsTopLeft()
{
    Session s = m_spec;
    s.attention.config.dModel = 2;
    s.attention.config.heads = 1;
    Projections p;
    p.mode = ProjectionMode::Explicit;
    p.wq = matrix({ { 1, 2, 3 }, { 4, 5, 6 } });
    p.wk = p.wv = p.wq;
    p.wo = matrix({ { 7, 8, 9 }, { 1, 2, 3 }, { 4, 5, 6 } });
    p.bo = Eigen::RowVectorXd::Constant(3, 0.5);
    const Projections fitted = fittedProjections(s, p);
    // Queries and keys are both 4 wide, d_model 2.
    const Eigen::MatrixXd expectedW = matrix({ { 1, 2 }, { 4, 5 }, { 0, 0 }, { 0, 0 } });
    QVERIFY(sameEntries(fitted.wq, expectedW));
    QVERIFY(sameEntries(fitted.wk, expectedW));
    QVERIFY(sameEntries(fitted.wv, expectedW));
    QVERIFY(sameEntries(fitted.wo, matrix({ { 7, 8 }, { 1, 2 } })));
    QVERIFY(sameEntries(fitted.bo, Eigen::RowVectorXd::Constant(2, 0.5)));
    // An empty bias means zero and stays empty.
    QCOMPARE(fitted.bq.size(), Eigen::Index(0));
}

void TestSessionEdit::projectionEntry_data()
{
    QTest::addColumn<ProjectionPart>("part");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("W_q corner") << ProjectionPart::Wq << 1 << 2 << true;
    QTest::newRow("W_k first") << ProjectionPart::Wk << 0 << 0 << true;
    QTest::newRow("W_v last") << ProjectionPart::Wv << 1 << 2 << true;
    QTest::newRow("W_o middle") << ProjectionPart::Wo << 1 << 1 << true;
    QTest::newRow("W_q row outside") << ProjectionPart::Wq << 2 << 0 << false;
    QTest::newRow("W_o column outside") << ProjectionPart::Wo << 0 << 3 << false;
    QTest::newRow("W_k negative") << ProjectionPart::Wk << -1 << 0 << false;
    QTest::newRow("b_q empty, created") << ProjectionPart::Bq << 0 << 2 << true;
    QTest::newRow("b_k") << ProjectionPart::Bk << 0 << 0 << true;
    QTest::newRow("b_v") << ProjectionPart::Bv << 0 << 1 << true;
    QTest::newRow("b_o") << ProjectionPart::Bo << 0 << 1 << true;
    QTest::newRow("bias has one row") << ProjectionPart::Bo << 1 << 0 << false;
    QTest::newRow("bias column outside") << ProjectionPart::Bk << 0 << 3 << false;
}

void TestSessionEdit::projectionEntry()
{
    QFETCH(ProjectionPart, part);
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(bool, accepted);
    Projections p;
    p.mode = ProjectionMode::Explicit;
    p.wq = p.wk = p.wv = Eigen::MatrixXd::Zero(2, 3);
    p.wo = Eigen::MatrixXd::Zero(3, 3);
    p.bk = p.bv = p.bo = Eigen::RowVectorXd::Zero(3);
    const Projections before = p;
    QCOMPARE(setProjectionEntry(p, part, row, column, 2.5, 3), accepted);
    if (!accepted) {
        QVERIFY(p == before);
        return;
    }
    // Exactly the one entry of the one part changed.
    const Eigen::MatrixXd *const matrices[] = { &p.wq, &p.wk, &p.wv, &p.wo };
    const Eigen::RowVectorXd *const biases[] = { &p.bq, &p.bk, &p.bv, &p.bo };
    int changed = 0;
    for (int k = 0; k < 8; ++k) {
        const Eigen::MatrixXd m = k < 4 ? *matrices[k] : Eigen::MatrixXd(*biases[k - 4]);
        for (Eigen::Index i = 0; i < m.rows(); ++i) {
            for (Eigen::Index j = 0; j < m.cols(); ++j) {
                if (m(i, j) == 0.0)
                    continue;
                ++changed;
                QCOMPARE(k, static_cast<int>(part));
                QCOMPARE(int(i), row);
                QCOMPARE(int(j), column);
                QCOMPARE(m(i, j), 2.5);
            }
        }
    }
    QCOMPARE(changed, 1);
}

void TestSessionEdit::oneHotWidthIsValidated_data()
{
    QTest::addColumn<QString>("role");
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("refused");
    // The source has 4 distinct tokens, the target 2.
    QTest::newRow("source fits") << QStringLiteral("source") << 4 << false;
    QTest::newRow("source one short") << QStringLiteral("source") << 3 << true;
    QTest::newRow("target fits") << QStringLiteral("target") << 2 << false;
    QTest::newRow("target one short") << QStringLiteral("target") << 1 << true;
}

void TestSessionEdit::oneHotWidthIsValidated()
{
    QFETCH(QString, role);
    QFETCH(int, width);
    QFETCH(bool, refused);
    Session s = m_spec;
    s.attention.projections.mode = ProjectionMode::Random;
    SequenceData &seq
        = s.sequence(role == QLatin1String("source") ? SequenceRole::Source : SequenceRole::Target);
    seq.recipe.mode = EmbeddingMode::OneHot;
    seq.embeddings = Eigen::MatrixXd::Zero(seq.length(), width);
    const auto error = validateSession(s);
    QCOMPARE(error.has_value(), refused);
    if (refused) {
        QCOMPARE(error->path, role + QStringLiteral(".generator"));
        QVERIFY2(error->message.contains(QStringLiteral("width of at least %1, not %2")
                                             .arg(vocabularySize(seq.tokens))
                                             .arg(width)),
            qPrintable(error->message));
    }
}

void TestSessionEdit::sessionWork()
{
    // Target (2 tokens) queries source (4 tokens); widths and d_model 4, 2 heads.
    const WorkEstimate w = ae::sessionWork(m_spec);
    const double lq = 2, lk = 4, d = 4, heads = 2;
    // Multiply-adds counted term by term: Q, K, V, the output projection, Q K^T and P V.
    double multiplyAdds = 0;
    multiplyAdds += lq * d * d; // x_q W_q
    multiplyAdds += 2 * lk * d * d; // x_kv W_k, x_kv W_v
    multiplyAdds += lq * d * d; // concat W_o
    multiplyAdds += heads * lq * lk * (d / heads); // Q_h K_h^T
    multiplyAdds += heads * lq * lk * (d / heads); // P_h V_h
    QCOMPARE(w.operations, 2 * multiplyAdds);
    const double doubles = 2 * heads * lq * lk + lq * lk + 4 * lq * d + 2 * lk * d;
    QCOMPARE(w.bytes, 8 * doubles);
}

void TestSessionEdit::experimentWork()
{
    EntropyExperimentConfig c;
    c.dims = { 8, 64, 16 };
    c.queries = 100;
    c.keys = 10;
    c.repeats = 3;
    // Per repeat: the products up to the largest d_k (64), then two softmaxes per d_k.
    double operations = 0;
    for (int r = 0; r < c.repeats; ++r) {
        operations += double(c.queries) * c.keys * 2 * 64;
        for (size_t d = 0; d < c.dims.size(); ++d)
            operations += double(c.queries) * c.keys * 2 * 40;
    }
    const WorkEstimate w = ae::experimentWork(c);
    QCOMPARE(w.operations, operations);
    // What the streamed run holds: at least the keys and the queries of the largest d_k (all
    // 100 fit one block) and their scores, far less than the run's draws over all repeats.
    QCOMPARE(w.bytes, experimentMemoryBytes(c));
    QVERIFY(w.bytes >= 8.0 * ((100 + 10) * 64 + 100 * 10));
    QVERIFY(w.bytes < 8.0 * 3 * ((100 + 10) * 64 + 3 * 100 * 10));
}

QTEST_MAIN(TestSessionEdit)
#include "tst_sessionedit.moc"
