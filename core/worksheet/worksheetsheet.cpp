// SPDX-License-Identifier: GPL-3.0-or-later
#include "worksheet/worksheetsheet.h"

#include "attention/attentionconfig.h"
#include "explain/explaintext.h"

#include <cmath>

namespace ae {

namespace {

/// Builds the blocks of one sheet in one language.
class SheetWriter
{
public:
    SheetWriter(const StudentWorksheet &sheet, WorksheetLanguage language)
        : m_sheet(sheet)
        , m_lang(language)
    {
    }

    WorksheetDocument build()
    {
        const Session &s = m_sheet.session;
        const QString number = QStringLiteral("%1").arg(m_sheet.number, 2, 10, QLatin1Char('0'));
        add(WorksheetBlock::Kind::Title,
            worksheetText(
                p("Attention worksheet · student %1", "注意力练习 · 学生 %1").arg(number)));
        add(WorksheetBlock::Kind::Paragraph,
            worksheetText(p("Name: ____________    Class: ____________",
                "姓名：____________    班级：____________")));

        add(WorksheetBlock::Kind::Heading, t("Setup", "设定"));
        add(WorksheetBlock::Kind::Paragraph, wiringText());
        add(WorksheetBlock::Kind::Paragraph,
            s.attention.config.causal
                ? worksheetInline(
                    p("Causal mask: query $i$ sees only the keys $j ≤ i$; the other keys "
                      "get weight 0.",
                        "因果掩码：查询 $i$ 只能看到 $j ≤ i$ 的键，其余键的注意力权重为 0。"))
                : t("No mask: every query sees every key.", "没有掩码：每个查询都能看到所有键。"));
        add(WorksheetBlock::Kind::Paragraph, dimensionsText());
        add(WorksheetBlock::Kind::Paragraph, projectionText());

        add(WorksheetBlock::Kind::Heading, t("Tokens and embeddings", "词元与嵌入向量"));
        add(WorksheetBlock::Kind::Paragraph,
            worksheetInline(p("Each row is one token's vector; the columns are its components 1 to "
                              "$d_model$.",
                "每一行是一个词元的向量，各列是它的第 1 到第 $d_model$ 个分量。")));
        const bool selfAttention = s.attention.queryFrom == s.attention.keyValueFrom;
        const QString qName = sequenceName(s.attention.queryFrom);
        const QString kvName = sequenceName(s.attention.keyValueFrom);
        if (selfAttention) {
            add(WorksheetBlock::Kind::Paragraph,
                worksheetText(p("Queries, keys and values: %1", "查询、键和值：%1").arg(qName)));
            addTable(s.querySequence());
        } else {
            add(WorksheetBlock::Kind::Paragraph,
                worksheetText(p("Queries: %1", "查询：%1").arg(qName)));
            addTable(s.querySequence());
            add(WorksheetBlock::Kind::Paragraph,
                worksheetText(p("Keys and values: %1", "键和值：%1").arg(kvName)));
            addTable(s.keyValueSequence());
        }

        add(WorksheetBlock::Kind::Heading, t("Questions", "题目"));
        add(WorksheetBlock::Kind::Paragraph,
            t("Give numbers to 4 decimals. Heads, tokens and components are counted from 1.",
                "数值保留 4 位小数。头、词元和分量都从 1 开始编号。"));
        for (size_t i = 0; i < m_sheet.questions.size(); ++i) {
            const QString n = QString::number(i + 1);
            WorksheetText label { QStringLiteral("**") + n + QStringLiteral(".** "),
                QStringLiteral("\\textbf{") + n + QStringLiteral(".} ") };
            add(WorksheetBlock::Kind::Paragraph,
                label + worksheetQuestionPrompt(m_sheet, i, m_lang));
            add(WorksheetBlock::Kind::AnswerSpace, t("Answer:", "答案："));
        }
        return std::move(m_doc);
    }

private:
    QString p(const char *en, const char *zh) const { return worksheetPhrase(m_lang, en, zh); }
    WorksheetText t(const char *en, const char *zh) const { return worksheetText(p(en, zh)); }

    void add(WorksheetBlock::Kind kind, const WorksheetText &text)
    {
        WorksheetBlock b;
        b.kind = kind;
        b.text = text;
        m_doc.push_back(std::move(b));
    }

    QString sequenceName(SequenceRole role) const
    {
        return role == SequenceRole::Source ? p("the source sequence X", "源序列 X")
                                            : p("the target sequence Y", "目标序列 Y");
    }

    WorksheetText wiringText() const
    {
        const AttentionSettings &a = m_sheet.session.attention;
        if (a.queryFrom == SequenceRole::Target && a.keyValueFrom == SequenceRole::Source)
            return t("Standard cross-attention: the queries come from the target sequence Y, the "
                     "keys and values from the source sequence X.",
                "标准交叉注意力：查询来自目标序列 Y，键和值来自源序列 X。");
        if (a.queryFrom == SequenceRole::Source && a.keyValueFrom == SequenceRole::Target)
            return t("Reverse cross-attention: the queries come from the source sequence X, the "
                     "keys and values from the target sequence Y.",
                "反向交叉注意力：查询来自源序列 X，键和值来自目标序列 Y。");
        if (a.queryFrom == SequenceRole::Source)
            return t("Encoder self-attention: queries, keys and values all come from the source "
                     "sequence X.",
                "编码器自注意力：查询、键和值都来自源序列 X。");
        return t("Decoder self-attention: queries, keys and values all come from the target "
                 "sequence Y.",
            "解码器自注意力：查询、键和值都来自目标序列 Y。");
    }

    WorksheetText dimensionsText() const
    {
        const AttentionConfig &c = m_sheet.session.attention.config;
        const int dK = headWidth(c);
        QString text = m_lang == WorksheetLanguage::Chinese
            ? QStringLiteral("$d_model = %1$，共 $h = %2$ 个头，每个头有 $d_k = d_model / h = %3$ "
                             "个分量。得分要除以缩放因子 $s = √d_k = %4$。")
                  .arg(c.dModel)
                  .arg(c.heads)
                  .arg(dK)
                  .arg(worksheetScaleText(dK))
            : QStringLiteral("$d_model = %1$ and $h = %2$ %3, so each head has "
                             "$d_k = d_model / h = %4$ %5. Scores are divided by the scale "
                             "$s = √d_k = %6$.")
                  .arg(c.dModel)
                  .arg(c.heads)
                  .arg(c.heads == 1 ? QStringLiteral("head") : QStringLiteral("heads"))
                  .arg(dK)
                  .arg(dK == 1 ? QStringLiteral("component") : QStringLiteral("components"))
                  .arg(worksheetScaleText(dK));
        for (int h = 0; h < c.heads && c.heads > 1; ++h) {
            const QString range = dK == 1
                ? QString::number(h + 1)
                : QStringLiteral("%1–%2").arg(h * dK + 1).arg((h + 1) * dK);
            text += (m_lang == WorksheetLanguage::Chinese
                    ? QStringLiteral("头 %1 使用第 %2 个分量。")
                    : (dK == 1 ? QStringLiteral(" Head %1 uses component %2.")
                               : QStringLiteral(" Head %1 uses components %2.")))
                        .arg(h + 1)
                        .arg(range);
        }
        return worksheetInline(text);
    }

    WorksheetText projectionText() const
    {
        const AttentionSettings &a = m_sheet.session.attention;
        const QString q
            = a.queryFrom == SequenceRole::Source ? QStringLiteral("X") : QStringLiteral("Y");
        const QString kv
            = a.keyValueFrom == SequenceRole::Source ? QStringLiteral("X") : QStringLiteral("Y");
        const WorksheetText ws = worksheetMath(QStringLiteral("W_Q = W_K = W_V = W_O = I"),
            QStringLiteral("W_Q = W_K = W_V = W_O = I"));
        const WorksheetText qkv = worksheetMath(QStringLiteral("Q = %1, K = V = %2").arg(q, kv),
            QStringLiteral("Q = %1,\\ K = V = %2").arg(q, kv));
        return worksheetText(p("Projections: identity (", "投影：单位矩阵（")) + ws
            + worksheetText(p(", no bias). The query, key and value vectors are the embeddings "
                              "below, unchanged: ",
                "，无偏置）。查询、键和值向量就是下面的嵌入向量本身："))
            + qkv + worksheetText(p(".", "。"));
    }

    void addTable(const SequenceData &seq)
    {
        WorksheetBlock b;
        b.kind = WorksheetBlock::Kind::Table;
        std::vector<WorksheetText> header { worksheetText(QStringLiteral("#")),
            t("token", "词元") };
        for (int m = 0; m < seq.width(); ++m)
            header.push_back(worksheetText(QString::number(m + 1)));
        b.rows.push_back(std::move(header));
        for (int i = 0; i < seq.length(); ++i) {
            std::vector<WorksheetText> row { worksheetText(QString::number(i + 1)),
                worksheetText(seq.tokens.at(i)) };
            for (int m = 0; m < seq.width(); ++m)
                row.push_back(worksheetNumber(seq.embeddings(i, m), 1));
            b.rows.push_back(std::move(row));
        }
        m_doc.push_back(std::move(b));
    }

    const StudentWorksheet &m_sheet;
    WorksheetLanguage m_lang;
    WorksheetDocument m_doc;
};

} // namespace

WorksheetText worksheetQueryRef(const Session &session, int query, WorksheetLanguage language)
{
    const QString token = session.querySequence().tokens.value(query);
    return worksheetText(language == WorksheetLanguage::Chinese
            ? QStringLiteral("查询 %1“%2”").arg(query + 1).arg(token)
            : QStringLiteral("query %1 “%2”").arg(query + 1).arg(token));
}

WorksheetText worksheetKeyRef(const Session &session, int key, WorksheetLanguage language)
{
    const QString token = session.keyValueSequence().tokens.value(key);
    return worksheetText(language == WorksheetLanguage::Chinese
            ? QStringLiteral("键 %1“%2”").arg(key + 1).arg(token)
            : QStringLiteral("key %1 “%2”").arg(key + 1).arg(token));
}

QString worksheetScaleText(int dK)
{
    const int root = static_cast<int>(std::lround(std::sqrt(static_cast<double>(dK))));
    return root * root == dK ? QStringLiteral("√%1 = %2").arg(dK).arg(root)
                             : QStringLiteral("√%1").arg(dK);
}

WorksheetText worksheetQuestionPrompt(
    const StudentWorksheet &sheet, size_t index, WorksheetLanguage language)
{
    const WorksheetQuestion &q = sheet.questions.at(index);
    const Session &s = sheet.session;
    const bool zh = language == WorksheetLanguage::Chinese;
    const auto text = [language](const char *en, const char *cn) {
        return worksheetText(worksheetPhrase(language, en, cn));
    };
    const QString head = QString::number(q.head + 1);
    const WorksheetText inHead = worksheetText(
        zh ? QStringLiteral("在头 %1 中，").arg(head) : QStringLiteral("In head %1, ").arg(head));
    const WorksheetText query = worksheetQueryRef(s, q.query, language);
    const WorksheetText scoreFormula = worksheetMath(QStringLiteral("score = q·k / √d_k"),
        QStringLiteral("\\text{score} = q\\cdot k/\\sqrt{d_k}"));
    switch (q.kind) {
    case WorksheetQuestionKind::Score:
        return inHead + text("compute the score of ", "计算") + query + text(" and ", "与")
            + worksheetKeyRef(s, q.key, language) + text(": ", "的得分：") + scoreFormula
            + text(".", "。");
    case WorksheetQuestionKind::Weight:
        return inHead + text("compute the attention weight of ", "计算") + query
            + text(" on ", "对") + worksheetKeyRef(s, q.key, language)
            + text(": apply softmax to the query's row of scores and read it at this key.",
                "的注意力权重：对该查询这一行的得分做 softmax，取该键对应的那一项。");
    case WorksheetQuestionKind::Argmax:
        return inHead + text("which key does ", "") + query
            + text(" attend to most? Give its number and token.",
                "最关注哪个键？写出它的编号和词元。");
    case WorksheetQuestionKind::Output: {
        const WorksheetText sum = worksheetMath(
            QStringLiteral("o = Σ_j a_j v_j"), QStringLiteral("o = \\sum_j a_j v_j"));
        return worksheetText(zh ? QStringLiteral("计算头 %1 对").arg(head)
                                : QStringLiteral("Compute component %1 of head %2's output for ")
                                      .arg(q.dim + 1)
                                      .arg(head))
            + query
            + worksheetText(
                zh ? QStringLiteral("的输出的第 %1 个分量：").arg(q.dim + 1) : QStringLiteral(": "))
            + sum
            + worksheetInline(zh
                    ? QStringLiteral("，其中 $a_j$ 是该查询在头 %1 中的注意力权重，$v_j$ 是值向量"
                                     "（取头 %1 的分量）。")
                          .arg(head)
                    : QStringLiteral(", where $a_j$ are the query's attention weights in "
                                     "head %1 and $v_j$ the value vectors (head %1's "
                                     "components).")
                          .arg(head));
    }
    case WorksheetQuestionKind::Unscaled: {
        size_t weightQuestion = 0;
        for (size_t i = 0; i < sheet.questions.size(); ++i) {
            if (sheet.questions[i].kind == WorksheetQuestionKind::Weight)
                weightQuestion = i;
        }
        const QString n = QString::number(weightQuestion + 1);
        const WorksheetText s1 = worksheetMath(QStringLiteral("s = 1"), QStringLiteral("s = 1"));
        const WorksheetText root
            = worksheetMath(QStringLiteral("√d_k"), QStringLiteral("\\sqrt{d_k}"));
        return zh
            ? worksheetText(QStringLiteral("去掉缩放会怎样？取 ")) + s1
                + worksheetText(QStringLiteral("（得分不再除以 ")) + root
                + worksheetText(
                    QStringLiteral("），重新计算第 %1 题的注意力权重。这一行的注意力权重比有缩放时"
                                   "更集中还是更平缓？")
                        .arg(n))
            : worksheetText(QStringLiteral("What changes without the scale? Compute the weight "
                                           "of question %1 again with ")
                                .arg(n))
                + s1 + worksheetText(QStringLiteral(" (scores not divided by ")) + root
                + worksheetText(QStringLiteral("). Is the row of weights sharper or flatter than "
                                               "with the scale?"));
    }
    }
    return {};
}

WorksheetDocument worksheetSheet(const StudentWorksheet &sheet, WorksheetLanguage language)
{
    return SheetWriter(sheet, language).build();
}

} // namespace ae
