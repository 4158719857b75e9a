<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AlignmentFigure</name>
    <message>
        <source>Alignment: %1</source>
        <translation>对齐：%1</translation>
    </message>
    <message>
        <source>queries → keys</source>
        <translation>查询 → 键</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Line width and opacity follow the weight; weights below %1 have no line.</source>
        <translation>线的粗细和不透明度随权重变化；低于 %1 的权重不画线。</translation>
    </message>
</context>
<context>
    <name>AtomicFileWriter</name>
    <message>
        <source>only %1 of %2 bytes could be written; the disk may be full</source>
        <translation>只写入了 %2 字节中的 %1 字节；磁盘可能已满</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>这是一个文件夹</translation>
    </message>
    <message>
        <source>the file is read-only</source>
        <translation>该文件是只读的</translation>
    </message>
</context>
<context>
    <name>BoundedFileReader</name>
    <message>
        <source>the file does not exist</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>the file is %1 MB; files of at most %2 MB are read</source>
        <translation>文件大小为 %1 MB；最大只能读取 %2 MB 的文件</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>the file is larger than %1 MB</source>
        <translation>文件大于 %1 MB</translation>
    </message>
    <message>
        <source>it is a folder</source>
        <translation>它是一个文件夹</translation>
    </message>
    <message>
        <source>the file is binary data, not text: it holds a NUL byte at offset %1</source>
        <translation>该文件是二进制数据而非文本：偏移 %1 处有一个 NUL 字节</translation>
    </message>
</context>
<context>
    <name>ClassRecord</name>
    <message>
        <source>Cannot write the class record %1: %2</source>
        <translation>无法写入课堂记录 %1：%2</translation>
    </message>
</context>
<context>
    <name>ColorMap</name>
    <message>
        <source>Viridis (colour-blind safe)</source>
        <translation>Viridis（色盲友好）</translation>
    </message>
    <message>
        <source>Cividis (colour-blind safe)</source>
        <translation>Cividis（色盲友好）</translation>
    </message>
    <message>
        <source>Blues (as in the articles)</source>
        <translation>Blues（同教程文章）</translation>
    </message>
    <message>
        <source>Blue–white–red (differences)</source>
        <translation>蓝–白–红（差值）</translation>
    </message>
    <message>
        <source>Viridis</source>
        <translation>Viridis</translation>
    </message>
    <message>
        <source>Cividis</source>
        <translation>Cividis</translation>
    </message>
    <message>
        <source>Blue–white–red</source>
        <translation>蓝–白–红</translation>
    </message>
    <message>
        <source>Blues</source>
        <translation>Blues</translation>
    </message>
</context>
<context>
    <name>CompareFigure</name>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1：%2（%3）</translation>
    </message>
    <message>
        <source>Scaled vs unscaled</source>
        <translation>缩放与不缩放</translation>
    </message>
    <message>
        <source>Standard (Y, X) vs reverse (X, Y) cross-attention</source>
        <translation>标准 (Y, X) 与反向 (X, Y) 交叉注意力</translation>
    </message>
    <message>
        <source>One head vs another</source>
        <translation>两个头对比</translation>
    </message>
    <message>
        <source>Causal vs not causal</source>
        <translation>因果掩码与无掩码</translation>
    </message>
    <message>
        <source>scores ÷ √d_k</source>
        <translation>分数 ÷ √d_k</translation>
    </message>
    <message>
        <source>unscaled scores</source>
        <translation>未缩放的分数</translation>
    </message>
    <message>
        <source>scores ÷ %1</source>
        <translation>分数 ÷ %1</translation>
    </message>
    <message>
        <source>queries from %1, keys/values from %2</source>
        <translation>查询来自 %1，键/值来自 %2</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>no causal mask</source>
        <translation>无因果掩码</translation>
    </message>
    <message>
        <source>Difference A − Bᵀ (same token pairs)</source>
        <translation>差值 A − Bᵀ（相同词元对）</translation>
    </message>
    <message>
        <source>Difference A − B</source>
        <translation>差值 A − B</translation>
    </message>
    <message>
        <source>A − Bᵀ</source>
        <translation>A − Bᵀ</translation>
    </message>
    <message>
        <source>A − B</source>
        <translation>A − B</translation>
    </message>
</context>
<context>
    <name>ComputationSteps</name>
    <message>
        <source>Split into heads</source>
        <translation>拆分成多个头</translation>
    </message>
    <message>
        <source>Scores: Q·Kᵀ</source>
        <translation>分数：Q·Kᵀ</translation>
    </message>
    <message>
        <source>Scale: divide by s</source>
        <translation>缩放：除以 s</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <source>Softmax of each row</source>
        <translation>逐行 softmax</translation>
    </message>
    <message>
        <source>Weight the values</source>
        <translation>对值加权</translation>
    </message>
    <message>
        <source>Concatenate the heads</source>
        <translation>拼接各个头</translation>
    </message>
    <message>
        <source>Output projection W_o</source>
        <translation>输出投影 W_o</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>where the query may not see the key</source>
        <translation>（查询看不到该键的位置）</translation>
    </message>
    <message>
        <source>Each head takes its own d_k columns of Q, K and V.</source>
        <translation>每个头取 Q、K、V 中属于自己的 d_k 列。</translation>
    </message>
    <message>
        <source>Every query row is multiplied with every key row: one dot product per (query, key) pair.</source>
        <translation>每一行查询与每一行键相乘：每个（查询，键）对得到一个点积。</translation>
    </message>
    <message>
        <source>Dividing by s (usually √d_k) keeps the scores from growing with d_k, so the softmax does not saturate.</source>
        <translation>除以 s（通常为 √d_k）使分数不随 d_k 增大，softmax 也就不会饱和。</translation>
    </message>
    <message>
        <source>Keys a query may not see (causal mask, padding) get −∞ and so weight 0.</source>
        <translation>查询看不到的键（因果掩码、填充）记为 −∞，因此注意力权重为 0。</translation>
    </message>
    <message>
        <source>exp(score − row max) for each key, divided by the row&apos;s sum: every row adds up to 1.</source>
        <translation>对每个键计算 exp(分数 − 行最大值)，再除以该行之和：每行之和为 1。</translation>
    </message>
    <message>
        <source>Each query&apos;s output is the weighted sum of the value rows.</source>
        <translation>每个查询的输出是各行值的加权和。</translation>
    </message>
    <message>
        <source>The heads&apos; outputs are put side by side, d_k columns each.</source>
        <translation>各个头的输出并排放在一起，每个头占 d_k 列。</translation>
    </message>
    <message>
        <source>The output projection mixes the heads&apos; columns.</source>
        <translation>输出投影把各个头的列混合起来。</translation>
    </message>
    <message>
        <source>One row of d_model numbers per query: the result of the attention layer.</source>
        <translation>每个查询一行，共 d_model 个数：这就是注意力层的结果。</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>q·k before scaling</source>
        <translation>缩放前的 q·k</translation>
    </message>
    <message>
        <source>score before the softmax</source>
        <translation>softmax 前的分数</translation>
    </message>
    <message>
        <source>Head %1: S = Q·Kᵀ, before scaling</source>
        <translation>头 %1：S = Q·Kᵀ（缩放前）</translation>
    </message>
    <message>
        <source>Head %1: scores S / s, before the softmax</source>
        <translation>头 %1：分数 S / s（softmax 前）</translation>
    </message>
</context>
<context>
    <name>EmbeddingCsvReader</name>
    <message>
        <source>row %1: a quoted field is not closed</source>
        <translation>第 %1 行：引号括起的字段没有闭合</translation>
    </message>
    <message>
        <source>more than %1 rows: a sequence holds at most %1 tokens</source>
        <translation>超过 %1 行：一个序列最多只能有 %1 个词元</translation>
    </message>
    <message>
        <source>the file holds no rows of numbers</source>
        <translation>文件中没有数值行</translation>
    </message>
    <message>
        <source>the file holds only a header row, no numbers</source>
        <translation>文件中只有表头行，没有数值</translation>
    </message>
    <message>
        <source>row %1: no numbers; expected a token followed by its embedding numbers</source>
        <translation>第 %1 行：没有数值；应为一个词元，后跟它的嵌入数值</translation>
    </message>
    <message>
        <source>row %1: %2 numbers; an embedding has at most %3</source>
        <translation>第 %1 行：有 %2 个数；嵌入向量最多 %3 维</translation>
    </message>
    <message>
        <source>%1 rows: a sequence holds at most %2 tokens</source>
        <translation>%1 行：一个序列最多只能有 %2 个词元</translation>
    </message>
    <message>
        <source>row %1: %2 fields, expected %3 like row %4</source>
        <translation>第 %1 行：有 %2 个字段，应与第 %4 行一样为 %3 个</translation>
    </message>
    <message>
        <source>row %1, column 1: the token is empty</source>
        <translation>第 %1 行第 1 列：词元为空</translation>
    </message>
    <message>
        <source>row %1, column 1: the token is longer than %2 characters</source>
        <translation>第 %1 行第 1 列：词元超过 %2 个字符</translation>
    </message>
    <message>
        <source>row %1, column %2: &quot;%3&quot; is not a finite number</source>
        <translation>第 %1 行第 %2 列：&quot;%3&quot; 不是有限数</translation>
    </message>
    <message>
        <source>row %1, column %2: &quot;%3&quot; is not a number (write decimals with a point, e.g. 0.5)</source>
        <translation>第 %1 行第 %2 列：&quot;%3&quot; 不是数字（小数请用小数点，例如 0.5）</translation>
    </message>
    <message>
        <source>row %1, column %2: &quot;%3&quot; is not a number</source>
        <translation>第 %1 行第 %2 列：&quot;%3&quot; 不是数字</translation>
    </message>
    <message>
        <source>row %1, column %2: %3 is larger than %4 in magnitude</source>
        <translation>第 %1 行第 %2 列：%3 的绝对值大于 %4</translation>
    </message>
</context>
<context>
    <name>EntropyExperiment</name>
    <message>
        <source>the list of dimensions is empty</source>
        <translation>维度列表为空</translation>
    </message>
    <message>
        <source>%1 dimensions, at most %2 allowed</source>
        <translation>有 %1 个维度，最多允许 %2 个</translation>
    </message>
    <message>
        <source>%1 is outside 1..%2</source>
        <translation>%1 不在 1～%2 范围内</translation>
    </message>
    <message>
        <source>the run would draw %1 random numbers, more than the limit of %2; lower queries, repeats or the largest dimension</source>
        <translation>本次运行需要采样 %1 个随机数，超过了上限 %2；请减少查询数、重复次数或最大维度</translation>
    </message>
    <message>
        <source>the run would hold %1 MB at once, more than the limit of %2 MB; lower keys or the largest dimension</source>
        <translation>本次运行需要同时占用 %1 MB 内存，超过了上限 %2 MB；请减少键数或最大维度</translation>
    </message>
</context>
<context>
    <name>ExampleCatalog</name>
    <message>
        <source>我爱深度学习 → i love: cross-attention, 2 heads</source>
        <translation>我爱深度学习 → i love：交叉注意力，2 个头</translation>
    </message>
    <message>
        <source>The translation example: the decoder&apos;s “i love” attends to the encoder&apos;s 我 爱 深度 学习, d_model 4, 2 heads, identity projections.</source>
        <translation>翻译示例：解码器的“i love”关注编码器的“我 爱 深度 学习”，d_model 为 4，2 个头，恒等投影。</translation>
    </message>
    <message>
        <source>我爱 → I love: standard cross-attention (Y, X)</source>
        <translation>我爱 → I love：标准交叉注意力 (Y, X)</translation>
    </message>
    <message>
        <source>Queries from the target, keys and values from the source: each English word looks for its Chinese counterpart.</source>
        <translation>查询来自目标序列，键和值来自源序列：每个英文词去寻找与之对应的中文词。</translation>
    </message>
    <message>
        <source>我爱 → I love: reverse cross-attention (X, Y)</source>
        <translation>我爱 → I love：反向交叉注意力 (X, Y)</translation>
    </message>
    <message>
        <source>The same pair with the roles swapped: the source asks, the target answers.</source>
        <translation>同一对句子，角色互换：源序列提问，目标序列作答。</translation>
    </message>
    <message>
        <source>&lt;s&gt; i love deep learning: causal decoder self-attention</source>
        <translation>&lt;s&gt; i love deep learning：带因果掩码的解码器自注意力</translation>
    </message>
    <message>
        <source>Decoder self-attention with the causal mask: no token sees the ones after it. Hashed vectors with positions, random projections.</source>
        <translation>带因果掩码的解码器自注意力：每个词元都看不到它之后的词元。哈希向量加位置编码，随机投影。</translation>
    </message>
    <message>
        <source>A longer sentence pair, 4 heads</source>
        <translation>更长的句子对，4 个头</translation>
    </message>
    <message>
        <source>12 source and 10 target tokens, d_model 16, 4 heads: enough to see the heads specialise.</source>
        <translation>源序列 12 个词元，目标序列 10 个词元，d_model 为 16，4 个头：足以看出各个头的分工。</translation>
    </message>
    <message>
        <source>the example %1 cannot be read</source>
        <translation>无法读取示例 %1</translation>
    </message>
    <message>
        <source>我爱深度学习 → i love</source>
        <translation>示例：我爱深度学习 → i love</translation>
    </message>
    <message>
        <source>我爱 → I love</source>
        <translation>示例：我爱 → I love</translation>
    </message>
    <message>
        <source>我爱 → I love, roles swapped</source>
        <translation>示例：我爱 → I love（角色互换）</translation>
    </message>
    <message>
        <source>&lt;s&gt; i love deep learning</source>
        <translation>示例：&lt;s&gt; i love deep learning</translation>
    </message>
    <message>
        <source>A longer sentence pair</source>
        <translation>更长的句子对</translation>
    </message>
    <message>
        <source>Trained: 我 爱 深度 学习 → i love deep learning</source>
        <translation>训练所得：我 爱 深度 学习 → i love deep learning</translation>
    </message>
    <message>
        <source>Learned weights: a model trained on the phrase book (train --task translate) attends from each English word to its Chinese source word.</source>
        <translation>学到的权重：在短语手册上训练的模型（train --task translate）让每个英文词关注它对应的中文源词。</translation>
    </message>
    <message>
        <source>Trained translation</source>
        <translation>训练后的翻译</translation>
    </message>
    <message>
        <source>Trained: reversing a sequence (anti-diagonal)</source>
        <translation>训练所得：倒序输出序列（反对角线）</translation>
    </message>
    <message>
        <source>Learned weights: a model trained to write its input backwards (train --task reverse) looks from the first output to the last input, and so on.</source>
        <translation>学到的权重：训练来倒序写出输入的模型（train --task reverse），第一个输出关注最后一个输入，依此类推。</translation>
    </message>
    <message>
        <source>Trained reversal</source>
        <translation>训练后的倒序</translation>
    </message>
    <message>
        <source>Trained transformer: 我 在 学校 学习, encoder self-attention</source>
        <translation>训练后的 Transformer：我 在 学校 学习，编码器自注意力</translation>
    </message>
    <message>
        <source>Learned weights: the last encoder layer of a transformer trained on the translation corpus (train --model transformer --task translate-zh-en); every Chinese word attends to every Chinese word (X, X).</source>
        <translation>学到的权重：在翻译语料上做中译英训练的 Transformer（train --model transformer）的最后一个编码器层；每个中文词都关注每个中文词 (X, X)。</translation>
    </message>
    <message>
        <source>Transformer: encoder self-attention</source>
        <translation>Transformer：编码器自注意力</translation>
    </message>
    <message>
        <source>Trained transformer: i study at school, masked decoder self-attention</source>
        <translation>训练后的 Transformer：我 在 学校 学习 的英译，带掩码的解码器自注意力</translation>
    </message>
    <message>
        <source>Learned weights: the last decoder layer&apos;s self-attention of the same transformer (Y, Y); the causal mask leaves the triangle below the diagonal.</source>
        <translation>学到的权重：同一个 Transformer 最后一个解码器层的自注意力 (Y, Y)；因果掩码只留下对角线及其下方的三角形。</translation>
    </message>
    <message>
        <source>Transformer: decoder self-attention</source>
        <translation>Transformer：解码器自注意力</translation>
    </message>
    <message>
        <source>Trained transformer: 我 在 学校 学习 → i study at school, cross-attention</source>
        <translation>训练后的 Transformer：我 在 学校 学习 译成英文，交叉注意力</translation>
    </message>
    <message>
        <source>Learned weights: the last decoder layer&apos;s cross-attention of the same transformer (Y, X); study looks at 学习 and school at 学校, so the alignment crosses.</source>
        <translation>学到的权重：同一个 Transformer 最后一个解码器层的交叉注意力 (Y, X)；英文的动词关注「学习」，地点关注「学校」，所以对齐线是交叉的。</translation>
    </message>
    <message>
        <source>Transformer: cross-attention</source>
        <translation>Transformer：交叉注意力</translation>
    </message>
</context>
<context>
    <name>ExplainText</name>
    <message>
        <source>Step 1: the dot product of the query and key rows</source>
        <translation>第 1 步：查询行与键行的点积</translation>
    </message>
    <message>
        <source>Step 2: divide by the scale</source>
        <translation>第 2 步：除以缩放因子</translation>
    </message>
    <message>
        <source>The mask hides this key from this query: it takes no part in the softmax and its weight is 0.</source>
        <translation>掩码对这个查询遮住了这个键：它不参与 softmax，注意力权重为 0。</translation>
    </message>
    <message>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>Step 3: softmax over the query&apos;s row</source>
        <translation>第 3 步：对该查询所在行做 softmax</translation>
    </message>
    <message>
        <source>The query sees no key at all (a fully masked row): every weight in the row is 0.</source>
        <translation>该查询看不到任何键（整行被掩码）：这一行的注意力权重全为 0。</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已掩码</translation>
    </message>
    <message>
        <source>sum</source>
        <translation>和</translation>
    </message>
    <message>
        <source>the mean of the heads</source>
        <translation>各个头的平均</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>The weight of %1 for query %2 %3 and key %4 %5</source>
        <translation>%1：查询 %2 %3 对键 %4 %5 的注意力权重</translation>
    </message>
    <message>
        <source>%1, scale %2.</source>
        <translation>%1，缩放因子 %2。</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>The mean of the heads</source>
        <translation>各个头的平均</translation>
    </message>
    <message>
        <source>Needs \usepackage{amsmath}.</source>
        <translation>需要 \usepackage{amsmath}。</translation>
    </message>
    <message>
        <source>exact %1</source>
        <translation>精确值 %1</translation>
    </message>
    <message>
        <source>The tokens hold Chinese, Japanese or Korean characters: compile with xelatex and \usepackage{xeCJK} (or use the ctex classes).</source>
        <translation>词元中含有中文、日文或韩文字符：请用 xelatex 编译并加上 \usepackage{xeCJK}（或改用 ctex 文档类）。</translation>
    </message>
</context>
<context>
    <name>ExportSource</name>
    <message>
        <source>%1 lines are too many for an SVG (at most %2); raise the threshold or write a PNG</source>
        <translation>连线有 %1 条，SVG 最多容纳 %2 条；请提高阈值，或导出为 PNG</translation>
    </message>
</context>
<context>
    <name>FigureExporter</name>
    <message>
        <source>no output file given</source>
        <translation>没有指定输出文件</translation>
    </message>
    <message>
        <source>%1: no extension; end the name with .svg, .png or .pdf to choose the format</source>
        <translation>%1：没有扩展名；请以 .svg、.png 或 .pdf 结尾来选择格式</translation>
    </message>
    <message>
        <source>%1: unknown format &quot;.%2&quot;; use .svg, .png or .pdf</source>
        <translation>%1：未知格式 &quot;.%2&quot;；请使用 .svg、.png 或 .pdf</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>file: problem</comment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>FileReadError</name>
    <message>
        <source>is a folder, not a file</source>
        <translation>是文件夹，不是文件</translation>
    </message>
    <message>
        <source>%1 bytes, more than the limit of %2 bytes</source>
        <translation>%1 字节，超过了 %2 字节的上限</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
</context>
<context>
    <name>GuiApplication</name>
    <message>
        <source>Interactive explorer for multi-head and cross-attention.</source>
        <translation>多头注意力与交叉注意力的交互式探索工具。</translation>
    </message>
    <message>
        <source>A session file to open, or a lesson file (.aelesson.json) to play.</source>
        <translation>要打开的会话文件，或要播放的课程文件（.aelesson.json）。</translation>
    </message>
</context>
<context>
    <name>HeatmapAccessible</name>
    <message>
        <source>Rows are queries, columns are keys; each cell holds a weight.</source>
        <translation>行是查询，列是键；每个单元格是一个权重。</translation>
    </message>
    <message>
        <source>Attention heatmap</source>
        <translation>注意力热力图</translation>
    </message>
</context>
<context>
    <name>HeatmapCellInfo</name>
    <message>
        <source>query %1 (row %2) → key %3 (column %4)</source>
        <translation>查询 %1（第 %2 行）→ 键 %3（第 %4 列）</translation>
    </message>
    <message>
        <source>q·k</source>
        <translation>q·k</translation>
    </message>
    <message>
        <source>after scaling (÷ %1)</source>
        <translation>缩放后（÷ %1）</translation>
    </message>
    <message>
        <source>after the mask</source>
        <translation>加掩码后</translation>
    </message>
    <message>
        <source>−∞ (masked)</source>
        <translation>−∞（已屏蔽）</translation>
    </message>
    <message>
        <source>mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已屏蔽</translation>
    </message>
    <message>
        <source>weight (imported)</source>
        <translation>权重（导入）</translation>
    </message>
    <message>
        <source>mean softmax weight</source>
        <translation>平均 softmax 权重</translation>
    </message>
    <message>
        <source>softmax weight</source>
        <translation>softmax 权重</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more head(s)</source>
        <translation>
            <numerusform>… 另有 %n 个头</numerusform>
        </translation>
    </message>
    <message>
        <source>This query sees no key: the mask hides its whole row, so every weight is 0.</source>
        <translation>该查询看不到任何键：掩码遮住了整行，因此所有权重都为 0。</translation>
    </message>
    <message>
        <source>Masked: this key is hidden from this query, so its weight is 0.</source>
        <translation>已屏蔽：该键对这个查询不可见，因此权重为 0。</translation>
    </message>
    <message>
        <source>The largest weight in this row: the query aligns with this key.</source>
        <translation>本行最大的权重：该查询与这个键对齐。</translation>
    </message>
    <message>
        <source>The mean of the heads&apos; weights.</source>
        <translation>各个头权重的平均值。</translation>
    </message>
    <message>
        <source>query %1 (%2), key %3 (%4)</source>
        <translation>查询 %1（%2），键 %3（%4）</translation>
    </message>
    <message>
        <source>%1: weight hidden while the question is open</source>
        <translation>%1：提问期间权重已隐藏</translation>
    </message>
    <message>
        <source>%1: masked, this query sees no key</source>
        <translation>%1：已屏蔽，该查询看不到任何键</translation>
    </message>
    <message>
        <source>%1: masked</source>
        <translation>%1：已屏蔽</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>%1: %2 %3, largest in its row</source>
        <translation>%1：%2 %3，本行最大</translation>
    </message>
    <message>
        <source>%1: %2 %3</source>
        <translation>%1：%2 %3</translation>
    </message>
</context>
<context>
    <name>HeatmapDataBuilder</name>
    <message>
        <source>Attention weights (1 head)</source>
        <translation>注意力权重（1 个头）</translation>
    </message>
    <message>
        <source>Mean of %1 heads</source>
        <translation>%1 个头的平均</translation>
    </message>
    <message>
        <source>Head %1 of %2</source>
        <translation>头 %1（共 %2 个）</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>queries from %1</source>
        <translation>查询来自%1</translation>
    </message>
    <message>
        <source>keys/values from %1</source>
        <translation>键/值来自%1</translation>
    </message>
    <message>
        <source>queries</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>keys/values</source>
        <translation>键/值</translation>
    </message>
</context>
<context>
    <name>HeatmapFigure</name>
    <message>
        <source>%1: masked</source>
        <translation>%1：已屏蔽</translation>
    </message>
    <message>
        <source>keys</source>
        <translation>键</translation>
    </message>
    <message>
        <source>queries</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>attention weight</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>Attention weights: the mean and the one head</source>
        <translation>注意力权重：平均值与单个头</translation>
    </message>
    <message>
        <source>Attention weights: the mean and each of %1 heads</source>
        <translation>注意力权重：平均值与 %1 个头各自的权重</translation>
    </message>
    <message>
        <source>Imported — not computed</source>
        <translation>导入数据（非本程序计算）</translation>
    </message>
    <message>
        <source>No heads to show</source>
        <translation>没有可显示的头</translation>
    </message>
</context>
<context>
    <name>HttpRequestParser</name>
    <message>
        <source>The request line is longer than the limit.</source>
        <translation>请求行超过了长度上限。</translation>
    </message>
    <message>
        <source>The request&apos;s headers are longer than the limit.</source>
        <translation>请求头超过了长度上限。</translation>
    </message>
    <message>
        <source>The request is larger than the limit.</source>
        <translation>请求超过了大小上限。</translation>
    </message>
    <message>
        <source>A line of the request does not end with CR LF.</source>
        <translation>请求中有一行不以 CR LF 结尾。</translation>
    </message>
    <message>
        <source>An HTTP/1.1 request has no Host header.</source>
        <translation>HTTP/1.1 请求缺少 Host 头。</translation>
    </message>
    <message>
        <source>The request line is not &quot;METHOD /path HTTP/1.1&quot;.</source>
        <translation>请求行不是“METHOD /路径 HTTP/1.1”的形式。</translation>
    </message>
    <message>
        <source>The request&apos;s method is not a word.</source>
        <translation>请求的方法不是一个单词。</translation>
    </message>
    <message>
        <source>The request&apos;s method is not GET, HEAD or POST.</source>
        <translation>请求的方法不是 GET、HEAD 或 POST。</translation>
    </message>
    <message>
        <source>The request line does not end with an HTTP version.</source>
        <translation>请求行没有以 HTTP 版本结尾。</translation>
    </message>
    <message>
        <source>Only HTTP/1.0 and HTTP/1.1 are spoken.</source>
        <translation>只支持 HTTP/1.0 和 HTTP/1.1。</translation>
    </message>
    <message>
        <source>The request&apos;s query holds a character that must be encoded.</source>
        <translation>请求的查询部分含有必须编码的字符。</translation>
    </message>
    <message>
        <source>The request has more header lines than the limit.</source>
        <translation>请求头的行数超过了上限。</translation>
    </message>
    <message>
        <source>A header line is folded onto the next one.</source>
        <translation>有一行请求头折行到了下一行。</translation>
    </message>
    <message>
        <source>A header line has no name and colon.</source>
        <translation>有一行请求头缺少名称和冒号。</translation>
    </message>
    <message>
        <source>A header&apos;s name holds a character that is not allowed.</source>
        <translation>请求头的名称含有不允许的字符。</translation>
    </message>
    <message>
        <source>A header&apos;s value holds a control character.</source>
        <translation>请求头的值含有控制字符。</translation>
    </message>
    <message>
        <source>Transfer-Encoding is not supported; send Content-Length.</source>
        <translation>不支持 Transfer-Encoding，请发送 Content-Length。</translation>
    </message>
    <message>
        <source>A header that may appear once appears twice.</source>
        <translation>只能出现一次的请求头出现了两次。</translation>
    </message>
    <message>
        <source>The Content-Length header is not a size.</source>
        <translation>Content-Length 头不是一个大小。</translation>
    </message>
    <message>
        <source>The request&apos;s body is larger than the limit.</source>
        <translation>请求体超过了大小上限。</translation>
    </message>
    <message>
        <source>The request&apos;s target is not a path that begins with &apos;/&apos;.</source>
        <translation>请求的目标不是以“/”开头的路径。</translation>
    </message>
    <message>
        <source>The request&apos;s path holds a character that must be encoded.</source>
        <translation>请求的路径含有必须编码的字符。</translation>
    </message>
    <message>
        <source>The request&apos;s path has a &apos;%&apos; without two hexadecimal digits.</source>
        <translation>请求的路径中有“%”后面不是两位十六进制数字。</translation>
    </message>
    <message>
        <source>The request&apos;s path holds a control character or a backslash.</source>
        <translation>请求的路径含有控制字符或反斜杠。</translation>
    </message>
    <message>
        <source>The request&apos;s path is not valid UTF-8.</source>
        <translation>请求的路径不是有效的 UTF-8。</translation>
    </message>
    <message>
        <source>The request&apos;s path has a &apos;.&apos; or &apos;..&apos; segment.</source>
        <translation>请求的路径含有“.”或“..”段。</translation>
    </message>
</context>
<context>
    <name>ImportedAttention</name>
    <message>
        <source>Imported weights</source>
        <translation>导入的权重</translation>
    </message>
    <message>
        <source>Imported weights: mean of %1 heads</source>
        <translation>导入的权重：%1 个头的平均</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>Imported weights: head %1 of %2</source>
        <translation>导入的权重：头 %1（共 %2 个）</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
</context>
<context>
    <name>ImportedAttentionReader</name>
    <message>
        <source>null</source>
        <translation>空值（null）</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>缺失值</translation>
    </message>
    <message>
        <source>expected an array, found %1</source>
        <translation>应为数组，实际为%1</translation>
    </message>
    <message>
        <source>The file has no %1; the %2 are numbered from 0.</source>
        <translation>文件中没有 %1；%2从 0 开始编号。</translation>
    </message>
    <message>
        <source>%1 tokens, but the weights have %2 %3</source>
        <translation>有 %1 个词元，但权重有 %2 个%3</translation>
    </message>
    <message>
        <source>expected a string, found %1</source>
        <translation>应为字符串，实际为%1</translation>
    </message>
    <message>
        <source>expected a JSON object with &quot;weights&quot;, &quot;query_tokens&quot; and &quot;key_tokens&quot;</source>
        <translation>应为包含 &quot;weights&quot;、&quot;query_tokens&quot; 和 &quot;key_tokens&quot; 的 JSON 对象</translation>
    </message>
    <message>
        <source>missing; expected [heads][queries][keys] numbers</source>
        <translation>缺失；应为 [头][查询][键] 形式的数值</translation>
    </message>
    <message>
        <source>a batch of %1; export one example (a batch of 1)</source>
        <translation>批大小为 %1；请只导出一个样本（批大小为 1）</translation>
    </message>
    <message>
        <source>%1 levels of arrays; expected [heads][queries][keys] (or [queries][keys])</source>
        <translation>数组嵌套 %1 层；应为 [头][查询][键]（或 [查询][键]）</translation>
    </message>
    <message>
        <source>no heads</source>
        <translation>没有头</translation>
    </message>
    <message>
        <source>%1 heads; at most %2 are read</source>
        <translation>有 %1 个头；最多读取 %2 个</translation>
    </message>
    <message>
        <source>empty; each head needs at least one query row and one key column</source>
        <translation>为空；每个头至少需要一行查询和一列键</translation>
    </message>
    <message>
        <source>%1 x %2; at most %3 queries and %3 keys are read</source>
        <translation>%1 × %2；查询和键最多各读取 %3 个</translation>
    </message>
    <message>
        <source>%1 query rows, expected %2</source>
        <translation>有 %1 行查询，应为 %2 行</translation>
    </message>
    <message>
        <source>%1 numbers, expected %2</source>
        <translation>有 %1 个数，应为 %2 个</translation>
    </message>
    <message>
        <source>expected a number, found %1</source>
        <translation>应为数字，实际为%1</translation>
    </message>
    <message>
        <source>%1 sums to %2</source>
        <translation>%1 之和为 %2</translation>
    </message>
    <message>
        <source>query rows</source>
        <translation>查询行</translation>
    </message>
    <message>
        <source>key columns</source>
        <translation>键列</translation>
    </message>
    <message>
        <source>1 row does not sum to 1 (%1); softmax weights do, so these may be scores or something else.</source>
        <translation>有 1 行之和不为 1（%1）；softmax 权重每行之和为 1，因此这些数值可能是分数或其他量。</translation>
    </message>
    <message>
        <source>%1 rows do not sum to 1 (e.g. %2); softmax weights do, so these may be scores or something else.</source>
        <translation>有 %1 行之和不为 1（例如 %2）；softmax 权重每行之和为 1，因此这些数值可能是分数或其他量。</translation>
    </message>
    <message>
        <source>1 weight is below 0; softmax weights never are.</source>
        <translation>有 1 个权重小于 0；softmax 权重不会小于 0。</translation>
    </message>
    <message>
        <source>%1 weights are below 0; softmax weights never are.</source>
        <translation>有 %1 个权重小于 0；softmax 权重不会小于 0。</translation>
    </message>
    <message>
        <source>1 weight is above 1; softmax weights never are.</source>
        <translation>有 1 个权重大于 1；softmax 权重不会大于 1。</translation>
    </message>
    <message>
        <source>%1 weights are above 1; softmax weights never are.</source>
        <translation>有 %1 个权重大于 1；softmax 权重不会大于 1。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>where: what</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 is larger in magnitude than the limit %2</source>
        <translation>%1 的绝对值超过了上限 %2</translation>
    </message>
    <message>
        <source>%1 numbers in all; at most %2 are read</source>
        <translation>共 %1 个数；最多读取 %2 个</translation>
    </message>
</context>
<context>
    <name>JsonParseDiagnosis</name>
    <message>
        <source>line %1, column %2</source>
        <translation>第 %1 行第 %2 列</translation>
    </message>
    <message>
        <source>the top level must be a JSON object, not a single value</source>
        <translation>顶层必须是 JSON 对象，而不是单个值</translation>
    </message>
    <message>
        <source>%1 is not a finite number (%2)</source>
        <translation>%1 不是有限数（%2）</translation>
    </message>
    <message>
        <source>%1 is not a finite number: it is too large for a double (%2)</source>
        <translation>%1 不是有限数：它超出了双精度浮点数的范围（%2）</translation>
    </message>
    <message>
        <source>%1 is too close to 0 to be held by a double; write 0 (%2)</source>
        <translation>%1 太接近 0，双精度浮点数无法表示；请写成 0（%2）</translation>
    </message>
    <message>
        <source>not valid JSON at %1: %2</source>
        <translation>%1 处不是有效的 JSON：%2</translation>
    </message>
    <message>
        <source>the file is UTF-16 text (%1); JSON files are read as UTF-8: save it as UTF-8</source>
        <translation>该文件是 UTF-16 文本（%1）；JSON 文件按 UTF-8 读取，请另存为 UTF-8</translation>
    </message>
    <message>
        <source>little-endian</source>
        <translation>小端序</translation>
    </message>
    <message>
        <source>big-endian</source>
        <translation>大端序</translation>
    </message>
    <message>
        <source>the file is binary data, not text: it holds a NUL byte at offset %1</source>
        <translation>该文件是二进制数据而非文本：偏移 %1 处有一个 NUL 字节</translation>
    </message>
</context>
<context>
    <name>LessonCaption</name>
    <message>
        <source>images are not allowed in a caption</source>
        <translation>说明文字中不能包含图片</translation>
    </message>
    <message>
        <source>HTML and &lt;...&gt; links are not allowed in a caption</source>
        <translation>说明文字中不能包含 HTML 或 &lt;...&gt; 形式的链接</translation>
    </message>
    <message>
        <source>the link to &quot;%1&quot; is not an http or https address</source>
        <translation>链接 &quot;%1&quot; 不是 http 或 https 地址</translation>
    </message>
</context>
<context>
    <name>LessonClaim</name>
    <message>
        <source>expected &quot;mean&quot; or a head number from 0</source>
        <translation>应为 &quot;mean&quot; 或从 0 开始的头编号</translation>
    </message>
    <message>
        <source>a training quantity needs the step&apos;s &quot;view.training&quot;</source>
        <translation>训练量需要这一步的 &quot;view.training&quot;</translation>
    </message>
    <message>
        <source>expected a step or [first, last]</source>
        <translation>应为一个步数或 [first, last]</translation>
    </message>
    <message>
        <source>%1 is not one of the session&apos;s scaling dims</source>
        <translation>%1 不在会话的缩放维度列表中</translation>
    </message>
    <message>
        <source>the first step has no earlier step</source>
        <translation>第一步之前没有更早的步骤</translation>
    </message>
    <message>
        <source>a score belongs to one head; give its number</source>
        <translation>得分属于某一个头，请给出头的编号</translation>
    </message>
    <message>
        <source>an id is letters, digits and _ only</source>
        <translation>id 只能包含字母、数字和 _</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a key of the step&apos;s session</source>
        <translation>&quot;%1&quot; 不是这一步会话中的键</translation>
    </message>
    <message>
        <source>only &quot;==&quot; takes a tolerance</source>
        <translation>只有 &quot;==&quot; 可以带容差</translation>
    </message>
    <message>
        <source>the id &quot;%1&quot; is used twice in this step</source>
        <translation>id &quot;%1&quot; 在这一步中用了两次</translation>
    </message>
    <message>
        <source>{{%1}} names no claim of this step</source>
        <translation>{{%1}} 不是这一步的任何断言</translation>
    </message>
</context>
<context>
    <name>LessonClaimEvaluator</name>
    <message>
        <source>run %1 diverged at step %2</source>
        <translation>%1 组在第 %2 步发散</translation>
    </message>
</context>
<context>
    <name>LessonHandout</name>
    <message>
        <source>the mean of the heads</source>
        <translation>各个头的平均</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Question:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>Query “%1”, %2. The key it attends to most: ________</source>
        <translation>查询“%1”，%2。它最关注的键：________</translation>
    </message>
    <message>
        <source>Query “%1”, key “%2”, %3. The weight (0 to 1): ________</source>
        <translation>查询“%1”，键“%2”，%3。权重（0 到 1 之间）：________</translation>
    </message>
    <message>
        <source>Query “%1”: rises, falls or stays the same? ________</source>
        <translation>查询“%1”：变大、变小还是不变？________</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>答案</translation>
    </message>
    <message>
        <source>Step %1:</source>
        <translation>第 %1 步：</translation>
    </message>
    <message>
        <source>cannot make the folder</source>
        <translation>无法创建文件夹</translation>
    </message>
    <message>
        <source>key %1 (“%2”), weight %3</source>
        <translation>第 %1 个键（“%2”），权重 %3</translation>
    </message>
    <message>
        <source>rises, from %1 to %2</source>
        <translation>变大，从 %1 增至 %2</translation>
    </message>
    <message>
        <source>falls, from %1 to %2</source>
        <translation>变小，从 %1 降至 %2</translation>
    </message>
    <message>
        <source>stays the same (%1)</source>
        <translation>不变（%1）</translation>
    </message>
    <message>
        <source>the handout must end in .md or .pdf</source>
        <translation>讲义文件名必须以 .md 或 .pdf 结尾</translation>
    </message>
    <message>
        <source>queries</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>columns of %1</source>
        <translation>%1 的列</translation>
    </message>
</context>
<context>
    <name>LessonJson</name>
    <message>
        <source>no text; give &quot;en&quot;, &quot;zh&quot; or both</source>
        <translation>没有文字；请给出 &quot;en&quot;、&quot;zh&quot; 或两者</translation>
    </message>
    <message>
        <source>expected &quot;mean&quot; or a head number from 0</source>
        <translation>应为 &quot;mean&quot; 或从 0 开始的头编号</translation>
    </message>
    <message>
        <source>the lesson&apos;s sessions would hold more than %1 numbers together</source>
        <translation>课程中各步的会话合计将超过 %1 个数</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not &quot;%2&quot;; this is not an Attention Explorer lesson</source>
        <translation>&quot;%1&quot; 不是 &quot;%2&quot;；这不是 Attention Explorer 课程文件</translation>
    </message>
    <message>
        <source>version %1 is not supported; this program reads version %2</source>
        <translation>不支持版本 %1；本程序只能读取版本 %2</translation>
    </message>
    <message>
        <source>%1 characters, at most %2 allowed</source>
        <translation>有 %1 个字符，最多允许 %2 个</translation>
    </message>
    <message>
        <source>the lesson has no steps</source>
        <translation>课程中没有任何步骤</translation>
    </message>
    <message>
        <source>more than %1 questions in one lesson</source>
        <translation>一个课程中的问题超过了 %1 个</translation>
    </message>
    <message>
        <source>a step takes &quot;session&quot; or &quot;example&quot;, not both</source>
        <translation>一个步骤只能给出 &quot;session&quot; 或 &quot;example&quot;，不能同时给出</translation>
    </message>
    <message>
        <source>the first step needs a &quot;session&quot; or an &quot;example&quot;; there is no previous step to continue from</source>
        <translation>第一步需要给出 &quot;session&quot; 或 &quot;example&quot;；它没有可以接续的上一步</translation>
    </message>
    <message>
        <source>there is no built-in example called &quot;%1&quot;</source>
        <translation>没有名为 &quot;%1&quot; 的内置示例</translation>
    </message>
    <message>
        <source>%1 edits, at most %2 allowed</source>
        <translation>有 %1 项修改，最多允许 %2 项</translation>
    </message>
    <message>
        <source>not a field a step may edit; one of %1</source>
        <translation>步骤不能修改这个字段；可修改的字段为 %1</translation>
    </message>
    <message>
        <source>the projections are not random; a seed changes nothing</source>
        <translation>投影不是随机生成的，设置种子不起作用</translation>
    </message>
    <message>
        <source>the projections are not explicit; set &quot;attention.projections&quot; to explicit matrices first</source>
        <translation>投影不是显式矩阵；请先把 &quot;attention.projections&quot; 设为显式矩阵</translation>
    </message>
    <message>
        <source>the edited session is refused: %1</source>
        <translation>修改后的会话无效：%1</translation>
    </message>
    <message>
        <source>the heatmap &quot;head&quot; needs a head number from 0</source>
        <translation>热力图 &quot;head&quot; 需要从 0 开始的头编号</translation>
    </message>
    <message>
        <source>the heatmap &quot;mean&quot; shows no single head; use &quot;head&quot;</source>
        <translation>热力图 &quot;mean&quot; 不显示单个头；请改用 &quot;head&quot;</translation>
    </message>
    <message>
        <source>expected [query, key], two numbers</source>
        <translation>应为 [查询, 键] 两个数</translation>
    </message>
    <message>
        <source>%1 options; a choice needs at least 2</source>
        <translation>只有 %1 个选项；选择题至少需要 2 个</translation>
    </message>
    <message>
        <source>option %1 is already marked correct; mark exactly one</source>
        <translation>选项 %1 已标为正确；只能标记一个</translation>
    </message>
    <message>
        <source>no option is marked &quot;correct&quot;: true</source>
        <translation>没有选项标为 &quot;correct&quot;: true</translation>
    </message>
    <message>
        <source>the first step has no previous step to compare with</source>
        <translation>第一步没有可供比较的上一步</translation>
    </message>
    <message>
        <source>only the measure &quot;output&quot; takes a dimension</source>
        <translation>只有 &quot;output&quot; 这一度量需要指定维度</translation>
    </message>
    <message>
        <source>names a panel the step&apos;s view does not show</source>
        <translation>指定了这一步视图中没有显示的面板</translation>
    </message>
    <message>
        <source>more than %1 steps that train in one lesson</source>
        <translation>一个课程中需要训练的步骤超过了 %1 个</translation>
    </message>
</context>
<context>
    <name>LessonJsonReader</name>
    <message>
        <source>null</source>
        <translation>空值（null）</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>missing; this field is required</source>
        <translation>缺失；此字段为必填项</translation>
    </message>
    <message>
        <source>expected an object, found %1</source>
        <translation>应为对象，实际为%1</translation>
    </message>
    <message>
        <source>expected an array, found %1</source>
        <translation>应为数组，实际为%1</translation>
    </message>
    <message>
        <source>%1 entries, at most %2 allowed</source>
        <translation>有 %1 项，最多允许 %2 项</translation>
    </message>
    <message>
        <source>expected a string, found %1</source>
        <translation>应为字符串，实际为%1</translation>
    </message>
    <message>
        <source>%1 characters, at most %2 allowed</source>
        <translation>有 %1 个字符，最多允许 %2 个</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of %2</source>
        <translation>&quot;%1&quot; 不在可选值 %2 之中</translation>
    </message>
    <message>
        <source>expected true or false, found %1</source>
        <translation>应为 true 或 false，实际为%1</translation>
    </message>
    <message>
        <source>expected a number, found %1</source>
        <translation>应为数字，实际为%1</translation>
    </message>
    <message>
        <source>%1 is outside %2..%3</source>
        <translation>%1 不在 %2～%3 范围内</translation>
    </message>
    <message>
        <source>%1 is not a whole number</source>
        <translation>%1 不是整数</translation>
    </message>
    <message>
        <source>unknown field; expected one of %1</source>
        <translation>未知字段；应为 %1 之一</translation>
    </message>
    <message>
        <source>%1 is more than a lesson allows (%2; a lesson step trains for seconds, the train command for longer)</source>
        <translation>%1 超过了课程允许的上限（%2；课程中的一步只训练几秒钟，更长的训练请用 train 命令）</translation>
    </message>
</context>
<context>
    <name>MatrixClipboard</name>
    <message>
        <source>rows: %1</source>
        <translation>行：%1</translation>
    </message>
    <message>
        <source>columns: %1</source>
        <translation>列：%1</translation>
    </message>
    <message>
        <source>Tab-Separated Values (TSV, for spreadsheets)</source>
        <translation>制表符分隔值（TSV，用于电子表格）</translation>
    </message>
    <message>
        <source>Comma-Separated Values (CSV)</source>
        <translation>逗号分隔值（CSV）</translation>
    </message>
    <message>
        <source>Markdown Table</source>
        <translation>Markdown 表格</translation>
    </message>
    <message>
        <source>LaTeX Matrix (bmatrix)</source>
        <translation>LaTeX 矩阵（bmatrix）</translation>
    </message>
</context>
<context>
    <name>PainterFigureRenderer</name>
    <message>
        <source>%1: cannot write the file: %2</source>
        <translation>%1：无法写入文件：%2</translation>
    </message>
    <message>
        <source>A PNG of %1 x %2 pixels is too large (at most %3 million pixels); choose a smaller size or resolution.</source>
        <translation>%1 × %2 像素的 PNG 太大（最多 %3 百万像素）；请选择更小的尺寸或分辨率。</translation>
    </message>
    <message>
        <source>not enough memory for the image</source>
        <translation>内存不足，无法生成图像</translation>
    </message>
    <message>
        <source>the image could not be encoded</source>
        <translation>无法编码图像</translation>
    </message>
    <message>
        <source>the PDF could not be started</source>
        <translation>无法创建 PDF</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>file: problem</comment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>PlotTextAlternative</name>
    <message>
        <source>%1 from %2 to %3.</source>
        <translation>%1从 %2 到 %3。</translation>
    </message>
    <message>
        <source>%1: %2, from %3 to %4.</source>
        <translation>%1：%2，从 %3 到 %4。</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1。</translation>
    </message>
    <message>
        <source>Horizontal axis</source>
        <translation>横轴</translation>
    </message>
    <message>
        <source>Vertical axis</source>
        <translation>纵轴</translation>
    </message>
    <message>
        <source>Right-hand axis</source>
        <translation>右侧纵轴</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1, solid line</source>
        <translation>%1，实线</translation>
    </message>
    <message>
        <source>%1, dashed line</source>
        <translation>%1，虚线</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%2 处为 %1</translation>
    </message>
    <message>
        <source>no values</source>
        <translation>无数值</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1：%2。</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
</context>
<context>
    <name>QueryRow</name>
    <message>
        <source>Head %1, query %2 “%3”: its row, whole</source>
        <translation>头 %1，第 %2 个查询“%3”：完整的一行</translation>
    </message>
    <message>
        <source>Each key</source>
        <translation>逐个键</translation>
    </message>
    <message>
        <source>o = Σ weight · v</source>
        <translation>o = Σ 权重 · v</translation>
    </message>
</context>
<context>
    <name>RoleLabel</name>
    <message>
        <source>Source X</source>
        <translation>源序列 X</translation>
    </message>
    <message>
        <source>Target Y</source>
        <translation>目标序列 Y</translation>
    </message>
    <message>
        <source>source X</source>
        <translation>源序列 X</translation>
    </message>
    <message>
        <source>target Y</source>
        <translation>目标序列 Y</translation>
    </message>
</context>
<context>
    <name>ScalingDims</name>
    <message>
        <source>enter at least one d_k, e.g. 8..512 or 8, 32, 128, 512</source>
        <translation>请至少输入一个 d_k，例如 8..512 或 8, 32, 128, 512</translation>
    </message>
    <message>
        <source>“%1” (entry %2) is not a whole number from 1 to %3</source>
        <translation>“%1”（第 %2 项）不是 1 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>“%1” (entry %2) is not a range such as 8..512</source>
        <translation>“%1”（第 %2 项）不是 8..512 这样的范围</translation>
    </message>
    <message>
        <source>the range %1..%2 (entry %3) runs downwards: write the smaller number first</source>
        <translation>范围 %1..%2（第 %3 项）是递减的：请把较小的数写在前面</translation>
    </message>
    <message>
        <source>the range %1..%2 (entry %3) holds no power of two</source>
        <translation>范围 %1..%2（第 %3 项）中没有 2 的幂</translation>
    </message>
    <message>
        <source>entry %1 is empty: put one number or range between two commas</source>
        <translation>第 %1 项为空：两个逗号之间应填一个数或一个范围</translation>
    </message>
</context>
<context>
    <name>ScalingFigure</name>
    <message>
        <source>d_k = %1: %2 nats</source>
        <translation>d_k = %1：%2 奈特</translation>
    </message>
    <message>
        <source>Scaling effect on softmax sharpness</source>
        <translation>缩放对 softmax 尖锐程度的影响</translation>
    </message>
    <message>
        <source>%1 keys · %2 queries · %3 · seed %4</source>
        <translation>%1 个键 · %2 个查询 · %3 · 种子 %4</translation>
    </message>
    <message>
        <source>1 repeat</source>
        <translation>重复 1 次</translation>
    </message>
    <message>
        <source>%1 repeats</source>
        <translation>重复 %1 次</translation>
    </message>
    <message>
        <source>No results yet</source>
        <translation>暂无结果</translation>
    </message>
    <message>
        <source>d_k (log₂ scale)</source>
        <translation>d_k（log₂ 刻度）</translation>
    </message>
    <message>
        <source>mean entropy (nats)</source>
        <translation>平均熵（奈特）</translation>
    </message>
    <message>
        <source>this model: d_k = %1</source>
        <translation>当前模型：d_k = %1</translation>
    </message>
    <message>
        <source>unscaled: softmax(q·k)</source>
        <translation>未缩放：softmax(q·k)</translation>
    </message>
    <message>
        <source>ceiling ln(%1) = %2</source>
        <translation>上限 ln(%1) = %2</translation>
    </message>
    <message>
        <source>scaled: softmax(q·k / √d_k)</source>
        <translation>缩放后：softmax(q·k / √d_k)</translation>
    </message>
    <message>
        <source>d_k = %1</source>
        <translation>d_k = %1</translation>
    </message>
</context>
<context>
    <name>ScalingLabFigure</name>
    <message>
        <source>ln(%1) = %2, uniform weights</source>
        <translation>ln(%1) = %2，均匀权重</translation>
    </message>
    <message>
        <source>√d_k</source>
        <translation>√d_k</translation>
    </message>
    <message>
        <source>1</source>
        <translation>1</translation>
    </message>
    <message>
        <source>unscaled: q·k</source>
        <translation>不缩放：q·k</translation>
    </message>
    <message>
        <source>scaled: q·k / √d_k</source>
        <translation>缩放：q·k / √d_k</translation>
    </message>
    <message>
        <source>d_k (log₂ scale)</source>
        <translation>d_k（log₂ 刻度）</translation>
    </message>
    <message>
        <source>d_k = %1</source>
        <translation>d_k = %1</translation>
    </message>
    <message>
        <source>d_k = %1: %2</source>
        <translation>d_k = %1：%2</translation>
    </message>
    <message>
        <source>score at d_k = %1</source>
        <translation>d_k = %1 时的分数</translation>
    </message>
    <message>
        <source>%1 to %2: %3 %</source>
        <translation>%1 到 %2：%3 %</translation>
    </message>
    <message>
        <source>%1 keys · %2 queries · %3 · seed %4</source>
        <translation>%1 个键 · %2 个查询 · %3 · 种子 %4</translation>
    </message>
    <message>
        <source>1 repeat</source>
        <translation>重复 1 次</translation>
    </message>
    <message>
        <source>%1 repeats</source>
        <translation>重复 %1 次</translation>
    </message>
    <message>
        <source>Softmax entropy</source>
        <translation>Softmax 熵</translation>
    </message>
    <message>
        <source>Score spread</source>
        <translation>分数离散度</translation>
    </message>
    <message>
        <source>Softmax gradient</source>
        <translation>Softmax 梯度</translation>
    </message>
    <message>
        <source>Saturated rows</source>
        <translation>饱和行</translation>
    </message>
    <message>
        <source>Score histogram</source>
        <translation>分数直方图</translation>
    </message>
    <message>
        <source>mean entropy (nats)</source>
        <translation>平均熵（奈特）</translation>
    </message>
    <message>
        <source>std of scores</source>
        <translation>分数的标准差</translation>
    </message>
    <message>
        <source>mean Frobenius norm of J</source>
        <translation>J 的 Frobenius 范数的平均值</translation>
    </message>
    <message>
        <source>share with max weight &gt; 0.99</source>
        <translation>最大权重 &gt; 0.99 的比例</translation>
    </message>
    <message>
        <source>share of scores</source>
        <translation>分数所占比例</translation>
    </message>
    <message>
        <source>How spread out each query&apos;s attention weights are; ln(keys) means uniform.</source>
        <translation>每个查询的注意力权重有多分散；ln(键数) 表示均匀分布。</translation>
    </message>
    <message>
        <source>Unscaled dot products spread like √d_k; dividing by √d_k keeps them near 1.</source>
        <translation>不缩放时点积的离散度按 √d_k 增长；除以 √d_k 后保持在 1 附近。</translation>
    </message>
    <message>
        <source>Size of the softmax Jacobian J = diag(p) − ppᵀ: how much the weights still respond to the scores.</source>
        <translation>softmax 雅可比矩阵 J = diag(p) − ppᵀ 的大小：权重对分数变化还有多敏感。</translation>
    </message>
    <message>
        <source>Share of queries that put more than 0.99 of their weight on one key.</source>
        <translation>把 0.99 以上的权重放在同一个键上的查询所占比例。</translation>
    </message>
    <message>
        <source>The scores at one d_k on shared bins: unscaled wide, scaled narrow.</source>
        <translation>某个 d_k 下的分数，使用相同的分箱：不缩放的宽，缩放后的窄。</translation>
    </message>
    <message>
        <source>No results yet</source>
        <translation>尚无结果</translation>
    </message>
    <message>
        <source>Why divide by √d_k</source>
        <translation>为什么要除以 √d_k</translation>
    </message>
</context>
<context>
    <name>SessionErrorText</name>
    <message>
        <source>%1 or %2</source>
        <extracomment>The last item of a list of choices, e.g. &quot;1, 2 or 4&quot;</extracomment>
        <translation>%1 或 %2</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 的词元</translation>
    </message>
    <message>
        <source>%1, token %2</source>
        <translation>%1，词元 %2</translation>
    </message>
    <message>
        <source>%1 vectors, row %2, dimension %3</source>
        <translation>%1 的向量，第 %2 行，第 %3 维</translation>
    </message>
    <message>
        <source>%1 vectors</source>
        <translation>%1 的向量</translation>
    </message>
    <message>
        <source>%1 padding</source>
        <translation>%1 的填充</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <source>d_model</source>
        <translation>d_model</translation>
    </message>
    <message>
        <source>Scale divisor</source>
        <translation>缩放因子</translation>
    </message>
    <message>
        <source>Projections</source>
        <translation>投影</translation>
    </message>
    <message>
        <source>Scaling plot</source>
        <translation>缩放曲线图</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <source>Choose %1 heads, or a d_model that %2 divides.</source>
        <translation>请选择 %1 个头，或选择能被 %2 整除的 d_model。</translation>
    </message>
    <message>
        <source>Type a smaller number in that cell.</source>
        <translation>请在该单元格中输入更小的数。</translation>
    </message>
    <message>
        <source>%1.</source>
        <comment>sentence end</comment>
        <extracomment>A sentence built from parts, given its full stop</extracomment>
        <translation>%1。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>two sentences</comment>
        <extracomment>Two sentences one after the other (Chinese needs no space between them)</extracomment>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>list</comment>
        <extracomment>Adds an item to a list that goes on, e.g. &quot;1, 2&quot; (Chinese &quot;1、2&quot;)</extracomment>
        <translation>%1、%2</translation>
    </message>
    <message>
        <source>Edit the matrices (%1 ▸ %2) or choose random projections.</source>
        <translation>请编辑矩阵（%1 ▸ %2），或改用随机投影。</translation>
    </message>
</context>
<context>
    <name>SessionJson</name>
    <message>
        <source>null</source>
        <translation>空值（null）</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>missing; this field is required</source>
        <translation>缺失；此字段为必填项</translation>
    </message>
    <message>
        <source>expected an object, found %1</source>
        <translation>应为对象，实际为%1</translation>
    </message>
    <message>
        <source>expected an array, found %1</source>
        <translation>应为数组，实际为%1</translation>
    </message>
    <message>
        <source>expected a number, found %1</source>
        <translation>应为数字，实际为%1</translation>
    </message>
    <message>
        <source>not a finite number</source>
        <translation>不是有限数</translation>
    </message>
    <message>
        <source>expected true or false, found %1</source>
        <translation>应为 true 或 false，实际为%1</translation>
    </message>
    <message>
        <source>expected a string, found %1</source>
        <translation>应为字符串，实际为%1</translation>
    </message>
    <message>
        <source>%1 is not a whole number</source>
        <translation>%1 不是整数</translation>
    </message>
    <message>
        <source>%1 is outside %2..%3</source>
        <translation>%1 不在 %2～%3 范围内</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of &quot;source&quot;, &quot;target&quot;</source>
        <translation>&quot;%1&quot; 不是 &quot;source&quot;、&quot;target&quot; 之一</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of &quot;manual&quot;, &quot;hashed&quot;, &quot;one_hot&quot;</source>
        <translation>&quot;%1&quot; 不是 &quot;manual&quot;、&quot;hashed&quot;、&quot;one_hot&quot; 之一</translation>
    </message>
    <message>
        <source>%1 tokens, at most %2 allowed</source>
        <translation>有 %1 个词元，最多允许 %2 个</translation>
    </message>
    <message>
        <source>the sequence is empty; give it at least one token</source>
        <translation>序列为空，请至少输入一个词元</translation>
    </message>
    <message>
        <source>%1 rows for %2 tokens; give one vector per token</source>
        <translation>%2 个词元却有 %1 行；每个词元应对应一个向量</translation>
    </message>
    <message>
        <source>%1 flags for %2 tokens</source>
        <translation>%2 个词元却有 %1 个标记</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of &quot;identity&quot;, &quot;random&quot;, &quot;explicit&quot;</source>
        <translation>&quot;%1&quot; 不是 &quot;identity&quot;、&quot;random&quot;、&quot;explicit&quot; 之一</translation>
    </message>
    <message>
        <source>%1 does not divide d_model %2</source>
        <translation>d_model（%2）不能被 %1 整除</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of &quot;sqrt_dk&quot;, &quot;none&quot;, or a positive number</source>
        <translation>&quot;%1&quot; 不是 &quot;sqrt_dk&quot;、&quot;none&quot; 之一，也不是正数</translation>
    </message>
    <message>
        <source>%1 is not positive; the divisor must be greater than 0</source>
        <translation>%1 不是正数；除数必须大于 0</translation>
    </message>
    <message>
        <source>expected &quot;sqrt_dk&quot;, &quot;none&quot; or a positive number, found %1</source>
        <translation>应为 &quot;sqrt_dk&quot;、&quot;none&quot; 或正数，实际为%1</translation>
    </message>
    <message>
        <source>%1 dimensions, at most %2 allowed</source>
        <translation>有 %1 个维度，最多允许 %2 个</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not &quot;%2&quot;; this is not an Attention Explorer session</source>
        <translation>&quot;%1&quot; 不是 &quot;%2&quot;；这不是 Attention Explorer 会话文件</translation>
    </message>
    <message>
        <source>%1 is not supported; this program reads version %2</source>
        <translation>不支持版本 %1；本程序只能读取版本 %2</translation>
    </message>
    <message>
        <source>%1 numbers, expected %2</source>
        <translation>有 %1 个数，应为 %2 个</translation>
    </message>
    <message>
        <source>%1 numbers, at most %2 allowed</source>
        <translation>有 %1 个数，最多允许 %2 个</translation>
    </message>
    <message>
        <source>%1 rows, at most %2 allowed</source>
        <translation>有 %1 行，最多允许 %2 行</translation>
    </message>
    <message>
        <source>the matrix has no rows</source>
        <translation>矩阵没有任何行</translation>
    </message>
    <message>
        <source>the row is empty</source>
        <translation>该行为空</translation>
    </message>
</context>
<context>
    <name>SessionValidator</name>
    <message>
        <source>not a finite number</source>
        <translation>不是有限数</translation>
    </message>
    <message>
        <source>%1 is larger in magnitude than the limit %2</source>
        <translation>%1 的绝对值超过了上限 %2</translation>
    </message>
    <message>
        <source>the sequence is empty; give it at least one token</source>
        <translation>序列为空，请至少输入一个词元</translation>
    </message>
    <message>
        <source>%1 tokens, at most %2 allowed</source>
        <translation>有 %1 个词元，最多允许 %2 个</translation>
    </message>
    <message>
        <source>empty token</source>
        <translation>空词元</translation>
    </message>
    <message>
        <source>%1 characters, at most %2 allowed</source>
        <translation>有 %1 个字符，最多允许 %2 个</translation>
    </message>
    <message>
        <source>%1 rows for %2 tokens; give one vector per token</source>
        <translation>%2 个词元却有 %1 行；每个词元应对应一个向量</translation>
    </message>
    <message>
        <source>vectors of %1 numbers; the width must be 1 to %2</source>
        <translation>向量有 %1 个数；维度必须在 1 到 %2 之间</translation>
    </message>
    <message>
        <source>%1 flags for %2 tokens</source>
        <translation>%2 个词元却有 %1 个标记</translation>
    </message>
    <message>
        <source>%1 x %2, expected %3 x %4 (%5)</source>
        <translation>%1 × %2，应为 %3 × %4（%5）</translation>
    </message>
    <message>
        <source>%1 numbers, expected %2 (d_model)</source>
        <translation>有 %1 个数，应为 %2 个（d_model）</translation>
    </message>
    <message>
        <source>%1 is outside 1..%2</source>
        <translation>%1 不在 1～%2 范围内</translation>
    </message>
    <message>
        <source>%1 does not divide d_model %2</source>
        <translation>d_model（%2）不能被 %1 整除</translation>
    </message>
    <message>
        <source>%1 is not a usable divisor; give a positive number from %2 to %3</source>
        <translation>%1 不是可用的除数；请给出 %2 到 %3 之间的正数</translation>
    </message>
    <message>
        <source>identity projections need %1.embeddings width %2 to equal d_model %3; choose random or explicit projections, or change the width</source>
        <translation>恒等投影要求 %1.embeddings 的维度 %2 等于 d_model %3；请改用随机或显式投影，或修改维度</translation>
    </message>
    <message>
        <source>%1 width x d_model</source>
        <translation>%1 维度 × d_model</translation>
    </message>
    <message>
        <source>d_model x d_model</source>
        <translation>d_model × d_model</translation>
    </message>
    <message>
        <source>one-hot vectors for %1 distinct tokens need a width of at least %1, not %2; widen the vectors or choose another way to make them</source>
        <translation>%1 个不同词元的独热向量至少需要 %1 维，而不是 %2 维；请增加向量维度，或换一种生成方式</translation>
    </message>
</context>
<context>
    <name>StrictJson</name>
    <message>
        <source>line %1, column %2</source>
        <translation>第 %1 行第 %2 列</translation>
    </message>
    <message>
        <source>a key: %1</source>
        <translation>一个键：%1</translation>
    </message>
    <message>
        <source>the key &quot;%1&quot; appears twice in one object, at %2 and at %3; give each key once</source>
        <translation>键 &quot;%1&quot; 在同一个对象中出现了两次，分别在 %2 和 %3；每个键只能出现一次</translation>
    </message>
    <message>
        <source>%1 bytes, more than the limit of %2 bytes</source>
        <translation>%1 字节，超过了 %2 字节的上限</translation>
    </message>
    <message>
        <source>the top level must be a JSON object</source>
        <translation>顶层必须是 JSON 对象</translation>
    </message>
</context>
<context>
    <name>SvgFigureWriter</name>
    <message>
        <source>This map has %1 cells, more than the %2 that an SVG figure draws as vectors (a file that size opens too slowly in browsers and editors). Export it as PNG instead.</source>
        <translation>这张图有 %1 个单元格，超过了 SVG 矢量图可绘制的 %2 个（如此大的文件在浏览器和编辑器中打开会很慢）。请改为导出 PNG。</translation>
    </message>
    <message>
        <source>Made with Attention Explorer</source>
        <translation>由 Attention Explorer 制作</translation>
    </message>
    <message>
        <source>%1: cannot write the file: %2</source>
        <translation>%1：无法写入文件：%2</translation>
    </message>
</context>
<context>
    <name>TextField</name>
    <message>
        <source>%1 (%2) at character %3 is not allowed: this text is a single line</source>
        <translation>第 %3 个字符 %1（%2）不允许出现：这段文字只能是一行</translation>
    </message>
    <message>
        <source>a line break</source>
        <translation>换行符</translation>
    </message>
    <message>
        <source>a tab</source>
        <translation>制表符</translation>
    </message>
    <message>
        <source>%1 (a control character) at character %2 is not allowed in text</source>
        <translation>第 %2 个字符 %1（控制字符）不允许出现在文字中</translation>
    </message>
    <message>
        <source>%1 (a bidirectional override) at character %2 is not allowed in text: it makes text read differently from what it holds</source>
        <translation>第 %2 个字符 %1（双向文字控制符）不允许出现在文字中：它会让文字显示得与实际内容不同</translation>
    </message>
</context>
<context>
    <name>TrainingCurvesFigure</name>
    <message>
        <source>loss (solid)</source>
        <translation>损失（实线）</translation>
    </message>
    <message>
        <source>W_q solid, W_k dashed</source>
        <translation>W_q 实线，W_k 虚线</translation>
    </message>
    <message>
        <source>mean largest weight</source>
        <translation>平均最大权重</translation>
    </message>
    <message>
        <source>accuracy (dashed)</source>
        <translation>准确率（虚线）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>scaled (÷√d_k)</source>
        <translation>缩放（÷√d_k）</translation>
    </message>
    <message>
        <source>unscaled</source>
        <translation>不缩放</translation>
    </message>
    <message>
        <source>÷ %1</source>
        <translation>÷ %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>length %1</source>
        <translation>长度 %1</translation>
    </message>
    <message>
        <source>vocabulary %1</source>
        <translation>词表 %1</translation>
    </message>
    <message>
        <source>d_model %1</source>
        <translation>d_model %1</translation>
    </message>
    <message>
        <source>1 head</source>
        <translation>1 个头</translation>
    </message>
    <message>
        <source>%1 heads</source>
        <translation>%1 个头</translation>
    </message>
    <message>
        <source>%1, lr %2</source>
        <translation>%1，学习率 %2</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
    </message>
    <message>
        <source>seed %1</source>
        <translation>种子 %1</translation>
    </message>
    <message>
        <source>Loss and accuracy</source>
        <translation>损失与准确率</translation>
    </message>
    <message>
        <source>Gradient norms</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <source>Saturation</source>
        <translation>饱和程度</translation>
    </message>
    <message>
        <source>Training curves</source>
        <translation>训练曲线</translation>
    </message>
    <message>
        <source>copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>reverse</source>
        <translation>倒序</translation>
    </message>
    <message>
        <source>rotate</source>
        <translation>轮转</translation>
    </message>
    <message>
        <source>translate</source>
        <translation>翻译</translation>
    </message>
</context>
<context>
    <name>TrainingFilmStrip</name>
    <message>
        <source>Film strip steps: “%1” is not a whole number.</source>
        <translation>分步快照的步数：“%1”不是整数。</translation>
    </message>
    <message>
        <source>Film strip steps: step %1 is outside 0..%2 (the steps recorded).</source>
        <translation>分步快照的步数：第 %1 步不在已记录的 0～%2 步范围内。</translation>
    </message>
    <message>
        <source>Film strip steps: give at least one step, e.g. %1.</source>
        <translation>分步快照的步数：请至少给出一步，例如 %1。</translation>
    </message>
    <message>
        <source>Film strip steps: %1 steps given; at most %2 fit in a strip.</source>
        <translation>分步快照的步数：给出了 %1 步，一张图最多放 %2 步。</translation>
    </message>
    <message>
        <source>%1 · step %2</source>
        <translation>%1 · 第 %2 步</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>Attention as it learns: %1</source>
        <translation>学习中的注意力：%1</translation>
    </message>
    <message>
        <source>encoder self-attention (X, X)</source>
        <translation>编码器自注意力 (X, X)</translation>
    </message>
    <message>
        <source>masked decoder self-attention (Y, Y)</source>
        <translation>带掩码的解码器自注意力 (Y, Y)</translation>
    </message>
    <message>
        <source>cross-attention (Y, X)</source>
        <translation>交叉注意力 (Y, X)</translation>
    </message>
    <message>
        <source>1 head</source>
        <translation>1 个头</translation>
    </message>
    <message>
        <source>mean of %1 heads</source>
        <translation>%1 个头的平均</translation>
    </message>
    <message>
        <source>the layer chosen for each run</source>
        <translation>各训练所选的层</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>%1, %2, %3: %4 → %5</source>
        <translation>%1，%2，%3：%4 → %5</translation>
    </message>
</context>
<context>
    <name>WorkEstimate</name>
    <message>
        <source>needs about %1 GB of memory, more than the budget of %2 GB: %3</source>
        <translation>需要约 %1 GB 内存，超过了 %2 GB 的预算：%3</translation>
    </message>
</context>
<context>
    <name>WorksheetCommand</name>
    <message numerus="yes">
        <source>%n student(s)</source>
        <translation>
            <numerusform>%n 名学生</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) written to %1</source>
        <translation>
            <numerusform>已将 %n 个文件写入 %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorksheetWriter</name>
    <message>
        <source>%1: the folder cannot be made</source>
        <translation>%1：无法创建该文件夹</translation>
    </message>
</context>
<context>
    <name>ae::AboutDialog</name>
    <message>
        <source>About Attention Explorer</source>
        <translation>关于 Attention Explorer</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Attention Explorer %1&lt;/h3&gt;&lt;p&gt;See how multi-head attention and cross-attention weigh tokens: type a source and a target sequence, choose where Q and K/V come from, the number of heads, the scale and the masks, and watch every head&apos;s weights.&lt;/p&gt;&lt;p&gt;The numbers follow PyTorch&apos;s &lt;code&gt;nn.MultiheadAttention&lt;/code&gt; with row vectors: Q = X·W&lt;sub&gt;q&lt;/sub&gt; + b&lt;sub&gt;q&lt;/sub&gt;, softmax(Q·K&lt;sup&gt;T&lt;/sup&gt; / s + mask)·V.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Attention Explorer %1&lt;/h3&gt;&lt;p&gt;观察多头注意力和交叉注意力如何为词元分配权重：输入源序列和目标序列，选择 Q 与 K/V 的来源、头数、缩放方式和掩码，即可看到每个头的权重。&lt;/p&gt;&lt;p&gt;数值与 PyTorch 的 &lt;code&gt;nn.MultiheadAttention&lt;/code&gt; 一致，采用行向量：Q = X·W&lt;sub&gt;q&lt;/sub&gt; + b&lt;sub&gt;q&lt;/sub&gt;，softmax(Q·K&lt;sup&gt;T&lt;/sup&gt; / s + M)·V，其中 M 为掩码。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Licences</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>This program is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License, version 3 or later. It comes with no warranty.</source>
        <translation>本程序是自由软件：你可以按照 GNU 通用公共许可证第 3 版或更高版本的条款再发布和修改它。本程序不提供任何担保。</translation>
    </message>
</context>
<context>
    <name>ae::AttentionPanel</name>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Encoder self-attention (X, X)</source>
        <translation>编码器自注意力 (X, X)</translation>
    </message>
    <message>
        <source>Reverse cross-attention (X, Y)</source>
        <translation>反向交叉注意力 (X, Y)</translation>
    </message>
    <message>
        <source>Standard cross-attention (Y, X)</source>
        <translation>标准交叉注意力 (Y, X)</translation>
    </message>
    <message>
        <source>Decoder self-attention (Y, Y)</source>
        <translation>解码器自注意力 (Y, Y)</translation>
    </message>
    <message>
        <source>Where queries and keys/values come from, written (Q, K/V): the decoder&apos;s queries reading the encoder&apos;s keys and values is standard cross-attention (Y, X).</source>
        <translation>查询与键/值的来源，记作 (Q, K/V)：解码器的查询去读取编码器的键和值，就是标准交叉注意力 (Y, X)。</translation>
    </message>
    <message>
        <source>The sequence whose tokens ask (the heatmap&apos;s rows).</source>
        <translation>发出查询的序列（热力图的行）。</translation>
    </message>
    <message>
        <source>The sequence whose tokens are looked at (the heatmap&apos;s columns); keys and values always come from the same sequence.</source>
        <translation>被查询的序列（热力图的列）；键和值总是来自同一个序列。</translation>
    </message>
    <message>
        <source>Width of Q, K, V and the output.</source>
        <translation>Q、K、V 和输出的维度。</translation>
    </message>
    <message>
        <source>Number of attention heads; it must divide d_model.</source>
        <translation>注意力头的数量；必须能整除 d_model。</translation>
    </message>
    <message>
        <source>Each head&apos;s width: d_k = d_model / heads.</source>
        <translation>每个头的维度：d_k = d_model / 头数。</translation>
    </message>
    <message>
        <source>d_k: %1 ÷ %2</source>
        <translation>d_k：%1 ÷ %2</translation>
    </message>
    <message>
        <source>÷ √d_k</source>
        <translation>÷ √d_k</translation>
    </message>
    <message>
        <source>none (÷ 1)</source>
        <translation>不缩放（÷ 1）</translation>
    </message>
    <message>
        <source>÷ custom</source>
        <translation>÷ 自定义</translation>
    </message>
    <message>
        <source>What Q·Kᵀ is divided by before the softmax.</source>
        <translation>在 softmax 之前 Q·Kᵀ 要除以的数。</translation>
    </message>
    <message>
        <source>divisor</source>
        <translation>除数</translation>
    </message>
    <message>
        <source>A positive number to divide the scores by, e.g. 8 for √64.</source>
        <translation>注意力分数要除以的正数，例如 d_k = 64 时取 √64 = 8。</translation>
    </message>
    <message>
        <source>&amp;Causal mask</source>
        <translation>因果掩码(&amp;C)</translation>
    </message>
    <message>
        <source>Query i sees key j only where j ≤ i: a decoder cannot look ahead.</source>
        <translation>查询 i 只能看到 j ≤ i 的键 j：解码器不能偷看未来。</translation>
    </message>
    <message>
        <source>Identity</source>
        <translation>恒等</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>Explicit</source>
        <translation>显式</translation>
    </message>
    <message>
        <source>W_q, W_k, W_v, W_o: identity (needs both widths equal to d_model), random from a seed, or typed in the editor.</source>
        <translation>W_q、W_k、W_v、W_o：恒等（要求两个序列的维度都等于 d_model）、由种子随机生成，或在编辑器中输入。</translation>
    </message>
    <message>
        <source>The seed of the random projections: the same seed gives the same matrices on every computer.</source>
        <translation>随机投影的种子：相同的种子在任何计算机上都会生成相同的矩阵。</translation>
    </message>
    <message>
        <source>&amp;Matrices…</source>
        <translation>矩阵(&amp;M)…</translation>
    </message>
    <message>
        <source>Show and edit W_q, W_k, W_v, W_o and the biases.</source>
        <translation>查看并编辑 W_q、W_k、W_v、W_o 和偏置。</translation>
    </message>
    <message>
        <source>&amp;Wiring:</source>
        <translation>来源组合(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Q from:</source>
        <translation>Q 来源(&amp;Q)：</translation>
    </message>
    <message>
        <source>&amp;K/V from:</source>
        <translation>K/V 来源(&amp;K)：</translation>
    </message>
    <message>
        <source>&amp;d_model:</source>
        <translation>&amp;d_model：</translation>
    </message>
    <message>
        <source>He&amp;ads:</source>
        <translation>头数(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Projections:</source>
        <translation>投影(&amp;P)：</translation>
    </message>
    <message>
        <source>d_k = %1</source>
        <translation>d_k = %1</translation>
    </message>
    <message>
        <source>d_k: %1 ÷ %2
is not whole</source>
        <translation>d_k：%1 ÷ %2
不是整数</translation>
    </message>
    <message>
        <source>Scale divisor: the field is empty. Type a positive number, such as 8.</source>
        <translation>缩放因子：输入框为空。请输入一个正数，例如 8。</translation>
    </message>
    <message>
        <source>Scale divisor: “%1” is not a number. Type a positive number with a decimal point, such as 8 or 2.83.</source>
        <translation>缩放因子：“%1”不是数字。请输入一个正数（小数用小数点），例如 8 或 2.83。</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>温度(&amp;T)：</translation>
    </message>
    <message>
        <source>Scale divisor: %1 is outside the allowed range. Type a positive number from %2 to %3.</source>
        <translation>缩放除数：%1 超出了允许的范围。请输入 %2 到 %3 之间的正数。</translation>
    </message>
    <message>
        <source>Custom divisor</source>
        <translation>自定义除数</translation>
    </message>
    <message>
        <source>Sca&amp;le:</source>
        <translation>缩放(&amp;L)：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
</context>
<context>
    <name>ae::AutosaveManager</name>
    <message>
        <source>cannot create the autosave folder %1</source>
        <translation>无法创建自动保存文件夹 %1</translation>
    </message>
    <message>
        <source>cannot lock the autosave file in %1</source>
        <translation>无法锁定 %1 中的自动保存文件</translation>
    </message>
    <message>
        <source>cannot write the autosave %1: %2</source>
        <translation>无法写入自动保存文件 %1：%2</translation>
    </message>
</context>
<context>
    <name>ae::ClassAnswersController</name>
    <message>
        <source>Class &amp;Answers…</source>
        <translation>全班作答(&amp;A)…</translation>
    </message>
    <message>
        <source>Students answer the lesson&apos;s questions on their phones, over this room&apos;s network.</source>
        <translation>学生通过教室的网络，在自己的手机上回答本课的问题。</translation>
    </message>
</context>
<context>
    <name>ae::ClassAnswersDialog</name>
    <message>
        <source>Every network interface (%1)</source>
        <translation>所有网络接口（%1）</translation>
    </message>
    <message>
        <source>This computer only (%1)</source>
        <translation>仅本机（%1）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Class Record</source>
        <translation>全班作答记录</translation>
    </message>
    <message>
        <source>Class records (*.csv)</source>
        <translation>全班作答记录 (*.csv)</translation>
    </message>
    <message>
        <source>The class record “%1” does not end in .csv.</source>
        <translation>全班作答记录“%1”的文件名不以 .csv 结尾。</translation>
    </message>
    <message>
        <source>Cannot write the class record “%1”: %2</source>
        <translation>无法写入全班作答记录“%1”：%2</translation>
    </message>
    <message>
        <source>Cannot listen on %1: %2</source>
        <translation>无法在 %1 上监听：%2</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>The room is open. The class record is written to “%1”.</source>
        <translation>房间已开放。全班作答记录写入“%1”。</translation>
    </message>
    <message>
        <source>(memory only)</source>
        <translation>（仅保存在内存中）</translation>
    </message>
    <message>
        <source>The room is closed. Students join once it is started.</source>
        <translation>房间已关闭。开始后学生即可加入。</translation>
    </message>
    <message numerus="yes">
        <source>%n student(s) joined</source>
        <translation>
            <numerusform>已有 %n 名学生加入</numerusform>
        </translation>
    </message>
    <message>
        <source>Class Answers</source>
        <translation>全班作答</translation>
    </message>
    <message>
        <source>&amp;Network:</source>
        <translation>网络(&amp;N)：</translation>
    </message>
    <message>
        <source>Where students&apos; phones reach this computer. Every network interface also opens the room to networks the class is not on.</source>
        <translation>学生的手机通过哪个地址连到这台电脑。选择所有网络接口也会向班级不在的网络开放房间。</translation>
    </message>
    <message>
        <source>Class &amp;record:</source>
        <translation>作答记录(&amp;R)：</translation>
    </message>
    <message>
        <source>C&amp;hoose…</source>
        <translation>选择(&amp;H)…</translation>
    </message>
    <message>
        <source>Open this address or scan the code:</source>
        <translation>打开此地址或扫描二维码：</translation>
    </message>
    <message>
        <source>Room code</source>
        <translation>房间码</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>QR code of the join address</source>
        <translation>加入地址的二维码</translation>
    </message>
    <message>
        <source>Join address</source>
        <translation>加入地址</translation>
    </message>
    <message>
        <source>The class record “%1” exists already; pick another file (a record is never written over).</source>
        <translation>全班作答记录“%1”已存在，请另选一个文件（记录从不被覆盖）。</translation>
    </message>
</context>
<context>
    <name>ae::ClassAnswersView</name>
    <message>
        <source>%1 of %2 answered</source>
        <translation>%2 人中已有 %1 人作答</translation>
    </message>
    <message>
        <source>Show the Choices</source>
        <translation>显示各选项人数</translation>
    </message>
    <message>
        <source>Shows how many students picked each choice, here and on their phones (the right one stays hidden until the reveal).</source>
        <translation>在这里和学生手机上显示每个选项有多少人选择（揭晓之前不显示正确答案）。</translation>
    </message>
</context>
<context>
    <name>ae::ClassroomServer</name>
    <message>
        <source>Use POST.</source>
        <translation>请使用 POST。</translation>
    </message>
    <message>
        <source>The body is not a JSON object.</source>
        <translation>请求体不是 JSON 对象。</translation>
    </message>
    <message>
        <source>Use GET.</source>
        <translation>请使用 GET。</translation>
    </message>
    <message>
        <source>Join the room first.</source>
        <translation>请先加入房间。</translation>
    </message>
    <message>
        <source>No such address.</source>
        <translation>没有这个地址。</translation>
    </message>
    <message>
        <source>Too many wrong room codes; wait a minute.</source>
        <translation>错误的房间码太多，请等一分钟。</translation>
    </message>
    <message>
        <source>That is not this room&apos;s code.</source>
        <translation>这不是本房间的房间码。</translation>
    </message>
    <message>
        <source>The room is full.</source>
        <translation>房间已满。</translation>
    </message>
    <message>
        <source>step and choice must be numbers.</source>
        <translation>step 和 choice 必须是数字。</translation>
    </message>
    <message>
        <source>That question is not open.</source>
        <translation>这个问题没有开放作答。</translation>
    </message>
    <message>
        <source>No such choice.</source>
        <translation>没有这个选项。</translation>
    </message>
    <message>
        <source>The answer was revealed.</source>
        <translation>答案已经揭晓。</translation>
    </message>
    <message>
        <source>That step&apos;s picture is not shown yet.</source>
        <translation>这一步的图还没有显示。</translation>
    </message>
    <message>
        <source>This step has no picture.</source>
        <translation>这一步没有图。</translation>
    </message>
</context>
<context>
    <name>ae::ClassroomTools</name>
    <message>
        <source>The &amp;Math</source>
        <translation>公式说明(&amp;M)</translation>
    </message>
    <message>
        <source>A short guide to the formulas, linked to the steps of the computation view.</source>
        <translation>公式的简短说明，并链接到计算视图中的各个步骤。</translation>
    </message>
</context>
<context>
    <name>ae::CompareDialog</name>
    <message>
        <source>Mean of the heads</source>
        <translation>各头的平均</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Comparing heads needs a session with at least two heads.</source>
        <translation>比较头需要会话至少有两个头。</translation>
    </message>
    <message>
        <source>Queries and keys/values come from the same sequence, so there is no reverse direction to compare.</source>
        <translation>查询与键/值来自同一序列，没有可比较的反向。</translation>
    </message>
    <message>
        <source>B is a copy of the session with one setting changed. Blue in the difference: A gives less weight than B; red: more.</source>
        <translation>B 是当前会话的副本，只改动了一项设置。差值图中蓝色表示 A 的权重小于 B，红色表示更大。</translation>
    </message>
    <message>
        <source>Exported the comparison to %1.</source>
        <translation>已将对比图导出到 %1。</translation>
    </message>
    <message>
        <source>Export Comparison</source>
        <translation>导出对比图</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PNG image (*.png);;PDF (*.pdf)</source>
        <translation>SVG (*.svg);;PNG 图像 (*.png);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Compare Configurations</source>
        <translation>对比两种配置</translation>
    </message>
    <message>
        <source>C&amp;ompare:</source>
        <translation>对比(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;View:</source>
        <translation>视图(&amp;V)：</translation>
    </message>
    <message>
        <source>Head &amp;A:</source>
        <translation>头 A(&amp;A)：</translation>
    </message>
    <message>
        <source>Head &amp;B:</source>
        <translation>头 B(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>ae::ComputationDock</name>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>(Numbers hidden: next click shows them.)</source>
        <translation>（数字已隐藏：再按一次即可显示。）</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Computation</source>
        <translation>计算过程</translation>
    </message>
    <message>
        <source>Dec&amp;imals:</source>
        <translation>小数位数(&amp;I)：</translation>
    </message>
    <message>
        <source>◀ Back</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Previous step (Left, Page Up)</source>
        <translation>上一步（左方向键、Page Up）</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>Next step (Right, Page Down, Space)</source>
        <translation>下一步（右方向键、Page Down、空格）</translation>
    </message>
    <message>
        <source>One Query&apos;s Row</source>
        <translation>单个查询的一行</translation>
    </message>
    <message>
        <source>One query&apos;s row, whole: each key&apos;s q·k, scaled score and softmax weight beside V and the output row they make</source>
        <translation>完整展示单个查询的一行：每个键的 q·k、缩放后的得分和 softmax 权重，旁边是 V 以及由它们算出的输出行</translation>
    </message>
    <message>
        <source>Computation steps</source>
        <translation>计算步骤</translation>
    </message>
    <message>
        <source>Head:</source>
        <translation>头：</translation>
    </message>
</context>
<context>
    <name>ae::CopyAsController</name>
    <message>
        <source>Attention weights, mean of %1 heads</source>
        <translation>注意力权重，%1 个头的平均</translation>
    </message>
    <message>
        <source>Attention weights, head %1 of %2</source>
        <translation>注意力权重，头 %1（共 %2 个）</translation>
    </message>
    <message>
        <source>Scores (q·k / %1), head %2 of %3</source>
        <translation>分数（q·k / %1），头 %2（共 %3 个）</translation>
    </message>
    <message>
        <source>Q (queries × d_model)</source>
        <translation>Q（查询数 × d_model）</translation>
    </message>
    <message>
        <source>K (keys × d_model)</source>
        <translation>K（键数 × d_model）</translation>
    </message>
    <message>
        <source>V (values × d_model)</source>
        <translation>V（值向量个数 × d_model）</translation>
    </message>
    <message>
        <source>Output (queries × d_model)</source>
        <translation>输出（查询数 × d_model）</translation>
    </message>
    <message>
        <source>&amp;Weights (Mean of Heads)</source>
        <translation>权重（各头平均）(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Weights (Head %1)</source>
        <translation>权重（头 %1）(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Scores (Every Head)</source>
        <translation>分数（所有头）(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Scores (Head %1)</source>
        <translation>分数（头 %1）(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Q</source>
        <translation>&amp;Q</translation>
    </message>
    <message>
        <source>&amp;K</source>
        <translation>&amp;K</translation>
    </message>
    <message>
        <source>&amp;V</source>
        <translation>&amp;V</translation>
    </message>
    <message>
        <source>&amp;Output</source>
        <translation>输出(&amp;O)</translation>
    </message>
</context>
<context>
    <name>ae::Document</name>
    <message>
        <source>Edit the title</source>
        <translation>编辑标题</translation>
    </message>
    <message>
        <source>Edit the %1 tokens</source>
        <translation>编辑%1 的词元</translation>
    </message>
    <message>
        <source>Edit %1 vector %2, dimension %3</source>
        <translation>编辑%1 向量 %2 的第 %3 维</translation>
    </message>
    <message>
        <source>Paste into the %1 vectors</source>
        <translation>粘贴到%1 的向量</translation>
    </message>
    <message>
        <source>Change the %1 width</source>
        <translation>修改%1 的维度</translation>
    </message>
    <message>
        <source>Change how the %1 vectors are made</source>
        <translation>修改%1 向量的生成方式</translation>
    </message>
    <message>
        <source>Mark “%1” as padding</source>
        <translation>将“%1”标记为填充</translation>
    </message>
    <message>
        <source>Unmark “%1” as padding</source>
        <translation>取消“%1”的填充标记</translation>
    </message>
    <message>
        <source>Change where Q and K/V come from</source>
        <translation>修改 Q 与 K/V 的来源</translation>
    </message>
    <message>
        <source>Change d_model</source>
        <translation>修改 d_model</translation>
    </message>
    <message>
        <source>Change the number of heads</source>
        <translation>修改头数</translation>
    </message>
    <message>
        <source>Change the scale</source>
        <translation>修改缩放</translation>
    </message>
    <message>
        <source>Turn the causal mask on</source>
        <translation>开启因果掩码</translation>
    </message>
    <message>
        <source>Turn the causal mask off</source>
        <translation>关闭因果掩码</translation>
    </message>
    <message>
        <source>Change the projections</source>
        <translation>修改投影</translation>
    </message>
    <message>
        <source>Change the projection seed</source>
        <translation>修改投影种子</translation>
    </message>
    <message>
        <source>Edit a projection weight</source>
        <translation>编辑投影权重</translation>
    </message>
    <message>
        <source>Change the scaling experiment</source>
        <translation>修改缩放实验</translation>
    </message>
    <message>
        <source>Drag the scale</source>
        <translation>拖动缩放</translation>
    </message>
    <message numerus="yes">
        <source>Fill %n %1 vector(s) from the hashed generator</source>
        <translation>
            <numerusform>用哈希生成器填充%1的 %n 个向量</numerusform>
        </translation>
    </message>
    <message>
        <source>use fewer tokens or heads</source>
        <translation>请减少词元或头的数量</translation>
    </message>
</context>
<context>
    <name>ae::DrillDownDialog</name>
    <message>
        <source>Click a cell of the heatmap, or of the scores or weights in the computation view, to see how its weight is made.</source>
        <translation>点击热力图中的单元格，或计算视图中分数或注意力权重的单元格，即可查看这个权重是怎样算出来的。</translation>
    </message>
    <message>
        <source>How This Weight Is Made</source>
        <translation>这个权重是怎样算出来的</translation>
    </message>
    <message>
        <source>&amp;Decimals:</source>
        <translation>小数位数(&amp;D)：</translation>
    </message>
    <message>
        <source>Every number is written with this many decimals, and every result is worked out from the numbers as written; where the exact value reads differently, it is shown beside.</source>
        <translation>每个数都保留这么多位小数，每个结果都由写出的数算出；精确值与之不同时，会写在旁边。</translation>
    </message>
    <message>
        <source>The weights are hidden while the lesson&apos;s question is open.</source>
        <translation>课程的问题尚未揭晓，权重暂时隐藏。</translation>
    </message>
</context>
<context>
    <name>ae::EmbeddingTableModel</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Dimension %1 of the vectors</source>
        <translation>向量的第 %1 维</translation>
    </message>
    <message>
        <source>%1 · pad</source>
        <translation>%1 · 填充</translation>
    </message>
    <message>
        <source>Token %1, “%2”: padding, no query attends to it</source>
        <translation>词元 %1“%2”：填充词元，不会被任何查询关注</translation>
    </message>
    <message>
        <source>Token %1, “%2”</source>
        <translation>词元 %1“%2”</translation>
    </message>
    <message>
        <source>%1: “%2” is not a number. Type a number with a decimal point, such as 0.25 or -1.5e-3.</source>
        <translation>%1：“%2”不是数字。请输入数字（小数用小数点），例如 0.25 或 -1.5e-3。</translation>
    </message>
    <message>
        <source>there are no numbers to paste</source>
        <translation>没有可粘贴的数字</translation>
    </message>
    <message>
        <source>row %1 of the pasted text has %2 cells but its first row has %3; paste a rectangular block</source>
        <translation>粘贴文本的第 %1 行有 %2 个单元格，而第一行有 %3 个；请粘贴一个矩形区域</translation>
    </message>
    <message>
        <source>row %1, column %2 of the pasted text is empty</source>
        <translation>粘贴文本的第 %1 行第 %2 列为空</translation>
    </message>
    <message>
        <source>row %1, column %2 of the pasted text, “%3”, is not a number with a decimal point</source>
        <translation>粘贴文本的第 %1 行第 %2 列“%3”不是用小数点书写的数字</translation>
    </message>
    <message>
        <source>Nothing was pasted: the table is empty. Type the tokens first.</source>
        <translation>未粘贴任何内容：表格为空。请先输入词元。</translation>
    </message>
    <message>
        <source>Nothing was pasted: %1.</source>
        <translation>未粘贴任何内容：%1。</translation>
    </message>
    <message>
        <source>It was meant for %1.</source>
        <translation>它本应粘贴到%1。</translation>
    </message>
    <message>
        <source>Pasted %1 of %2 rows and %3 of %4 columns; the rest did not fit. Add tokens or widen the vectors to make room.</source>
        <translation>已粘贴 %2 行中的 %1 行、%4 列中的 %3 列；其余部分放不下。请添加词元或增加向量维度以腾出空间。</translation>
    </message>
    <message>
        <source>%1, token %2 “%3”, dimension %4</source>
        <translation>%1，词元 %2“%3”，第 %4 维</translation>
    </message>
    <message>
        <source>%1: %2 is larger in magnitude than the limit %3.</source>
        <translation>%1：%2 的绝对值超过了上限 %3。</translation>
    </message>
    <message>
        <source>the pasted text has %1 rows; a sequence holds at most %2 tokens</source>
        <translation>粘贴的文本有 %1 行；一个序列最多 %2 个词元</translation>
    </message>
    <message>
        <source>the pasted text has %1 columns; a vector holds at most %2 numbers</source>
        <translation>粘贴的文本有 %1 列；一个向量最多 %2 个数</translation>
    </message>
    <message>
        <source>row %1, column %2 of the pasted text, %3, is larger in magnitude than the limit %4</source>
        <translation>粘贴文本第 %1 行第 %2 列的 %3 绝对值超过了上限 %4</translation>
    </message>
</context>
<context>
    <name>ae::EmbeddingTableView</name>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
</context>
<context>
    <name>ae::Explain</name>
    <message>
        <source>%1 is outside 0..%2 (%3 %4)</source>
        <translation>%1 超出范围 0..%2（共 %3 个%4）</translation>
    </message>
    <message>
        <source>%1: there are no %2</source>
        <translation>%1：没有%2</translation>
    </message>
    <message>
        <source>heads</source>
        <translation>头</translation>
    </message>
    <message>
        <source>query tokens</source>
        <translation>查询词元</translation>
    </message>
    <message>
        <source>key tokens</source>
        <translation>键词元</translation>
    </message>
</context>
<context>
    <name>ae::ExportDialog</name>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Export Figure</source>
        <translation>导出图形</translation>
    </message>
    <message>
        <source>The large heatmap (%1)</source>
        <translation>大热力图（%1）</translation>
    </message>
    <message>
        <source>The grid of heads (the mean and each of %1 heads)</source>
        <translation>各头网格图（平均值与 %1 个头各自的热力图）</translation>
    </message>
    <message>
        <source>The grid of heads (one head)</source>
        <translation>各头网格图（一个头）</translation>
    </message>
    <message>
        <source>The scaling plot (entropy vs d_k)</source>
        <translation>缩放曲线图（熵随 d_k 的变化）</translation>
    </message>
    <message>
        <source>The extension chooses the format: .svg (vector, for slides and papers), .png (image) or .pdf (vector).</source>
        <translation>扩展名决定格式：.svg（矢量图，适用于幻灯片和论文）、.png（位图）或 .pdf（矢量图）。</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source>PNG only. 96 dpi is one pixel per unit of size; 192 dpi doubles it for sharp slides.</source>
        <translation>仅用于 PNG。96 dpi 表示每个尺寸单位对应一个像素；192 dpi 加倍，使幻灯片更清晰。</translation>
    </message>
    <message>
        <source>Write each cell&apos;s &amp;value</source>
        <translation>在单元格中写出数值(&amp;V)</translation>
    </message>
    <message>
        <source>Include the &amp;colour bar</source>
        <translation>包含颜色条(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>标题(&amp;T)：</translation>
    </message>
    <message>
        <source>Export as &amp;PNG Instead</source>
        <translation>改为导出 PNG(&amp;P)</translation>
    </message>
    <message>
        <source>Fi&amp;gure:</source>
        <translation>图形(&amp;G)：</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>文件(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <source>PNG &amp;resolution:</source>
        <translation>PNG 分辨率(&amp;R)：</translation>
    </message>
    <message>
        <source>Colour &amp;map:</source>
        <translation>颜色映射(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>SVG vector figure (*.svg);;PNG image (*.png);;PDF document (*.pdf)</source>
        <translation>SVG 矢量图 (*.svg);;PNG 图像 (*.png);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>SVG vector figure (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Write each point&apos;s &amp;value</source>
        <translation>写出每个点的数值(&amp;V)</translation>
    </message>
    <message>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 像素</translation>
    </message>
    <message>
        <source>The scaling experiment&apos;s settings are not valid: %1</source>
        <translation>缩放实验的设置无效：%1</translation>
    </message>
    <message>
        <source>The scaling experiment could not be computed: %1</source>
        <translation>无法计算缩放实验：%1</translation>
    </message>
    <message>
        <source>Computing the scaling experiment for the plot…</source>
        <translation>正在为曲线图计算缩放实验…</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>“%1” already exists. Press Export again to replace it.</source>
        <translation>“%1”已存在。再次点击“导出”将替换它。</translation>
    </message>
    <message>
        <source>The alignment lines of the large view (%1)</source>
        <translation>大图的对齐连线（%1）</translation>
    </message>
</context>
<context>
    <name>ae::HeatmapCellLayer</name>
    <message>
        <source>fully masked: sees no key</source>
        <translation>整行被掩码：看不到任何键</translation>
    </message>
</context>
<context>
    <name>ae::HeatmapHiddenNote</name>
    <message>
        <source>The weights are hidden
until the answer is revealed</source>
        <translation>权重已隐藏
揭晓答案后显示</translation>
    </message>
</context>
<context>
    <name>ae::HeatmapPanel</name>
    <message>
        <source>Colo&amp;ur map:</source>
        <translation>颜色映射(&amp;U)：</translation>
    </message>
    <message>
        <source>Write each weight into its cell when the cell is large enough</source>
        <translation>单元格足够大时，在其中写出权重</translation>
    </message>
    <message>
        <source>End the colour scale at the largest weight shown instead of at 1, so that small differences between weights show</source>
        <translation>色标上限取当前显示的最大权重（而非 1），使权重之间的细微差别也能看出来</translation>
    </message>
    <message>
        <source>largest weight in its row</source>
        <translation>所在行的最大权重</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已屏蔽</translation>
    </message>
    <message>
        <source>hover a cell to see how it was computed; click a small map to enlarge it</source>
        <translation>鼠标悬停在单元格上可查看计算过程；点击小图可将其放大</translation>
    </message>
    <message>
        <source>No attention weights yet.
Give both sequences at least one token and valid settings; the heatmaps appear at once.</source>
        <translation>还没有注意力权重。
为两个序列各输入至少一个词元并给出有效设置，热力图就会立即出现。</translation>
    </message>
    <message>
        <source>Heatmap</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>连线</translation>
    </message>
    <message>
        <source>Draw the large view as a heatmap, or as lines from each query token to the key tokens it attends to</source>
        <translation>将大图画成热力图，或画成从每个查询词元连向其关注的键词元的连线</translation>
    </message>
    <message>
        <source>Thresh&amp;old:</source>
        <translation>阈值(&amp;O)：</translation>
    </message>
    <message>
        <source>Weights below this get no line; hover a token to see only its lines</source>
        <translation>低于此值的权重不画线；将鼠标停在词元上可只看它的连线</translation>
    </message>
    <message>
        <source>Small multiples: the mean and every head</source>
        <translation>小图：平均值与每个头</translation>
    </message>
    <message>
        <source>Values i&amp;n cells</source>
        <translation>单元格内显示数值(&amp;N)</translation>
    </message>
    <message>
        <source>Stretch colours</source>
        <translation>拉伸颜色</translation>
    </message>
</context>
<context>
    <name>ae::HeatmapPlot</name>
    <message>
        <source>attention weight</source>
        <translation>注意力权重</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Click to show this map large, with how each weight was computed.</source>
        <translation>点击以放大显示此图，并查看每个权重的计算过程。</translation>
    </message>
</context>
<context>
    <name>ae::ImportController</name>
    <message>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <source>Embeddings into &amp;Source X from CSV…</source>
        <translation>从 CSV 导入嵌入向量到源序列 X(&amp;S)…</translation>
    </message>
    <message>
        <source>Embeddings into &amp;Target Y from CSV…</source>
        <translation>从 CSV 导入嵌入向量到目标序列 Y(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Attention Weights from JSON (e.g. PyTorch)…</source>
        <translation>从 JSON 导入注意力权重（如 PyTorch）(&amp;A)…</translation>
    </message>
    <message>
        <source>View weights computed elsewhere: {&quot;query_tokens&quot;: [...], &quot;key_tokens&quot;: [...], &quot;weights&quot;: [heads][queries][keys]}</source>
        <translation>查看在其他地方计算出的权重：{&quot;query_tokens&quot;: [...], &quot;key_tokens&quot;: [...], &quot;weights&quot;: [头][查询][键]}</translation>
    </message>
    <message>
        <source>Import Embeddings into %1</source>
        <translation>导入嵌入向量到%1</translation>
    </message>
    <message>
        <source>Tables (*.csv *.tsv *.txt);;All files (*)</source>
        <translation>表格 (*.csv *.tsv *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not import embeddings from “%1”: %2. Nothing was changed.</source>
        <translation>无法从“%1”导入嵌入向量：%2。未做任何更改。</translation>
    </message>
    <message>
        <source>Could not import embeddings from “%1”: it has %2 rows of numbers but %3 has %4 tokens. Give one row per token, or put the tokens in the first column. Nothing was changed.</source>
        <translation>无法从“%1”导入嵌入向量：文件有 %2 行数值，但%3 有 %4 个词元。请每个词元给出一行，或把词元放在第一列。未做任何更改。</translation>
    </message>
    <message>
        <source>Import embeddings into %1</source>
        <translation>导入嵌入向量到%1</translation>
    </message>
    <message>
        <source>Imported %1 × %2 embeddings into %3 from “%4”. Undo (Ctrl+Z) takes them back.</source>
        <translation>已从“%4”将 %1 × %2 的嵌入向量导入到%3。撤销（Ctrl+Z）可还原。</translation>
    </message>
    <message>
        <source>Import Attention Weights</source>
        <translation>导入注意力权重</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not import attention weights from “%1”: %2.</source>
        <translation>无法从“%1”导入注意力权重：%2。</translation>
    </message>
</context>
<context>
    <name>ae::ImportedAttentionWindow</name>
    <message>
        <source>%1 — Imported Attention</source>
        <translation>%1：导入的注意力</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>导入数据</translation>
    </message>
    <message>
        <source>weights read from %1; this session did not compute them.</source>
        <translation>权重读取自 %1；并非由本会话计算。</translation>
    </message>
    <message>
        <source>The one head</source>
        <translation>唯一的头</translation>
    </message>
    <message>
        <source>Mean of %1 heads</source>
        <translation>%1 个头的平均</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;View:</source>
        <translation>查看(&amp;V)：</translation>
    </message>
    <message>
        <source>Colour &amp;map:</source>
        <translation>颜色映射(&amp;M)：</translation>
    </message>
</context>
<context>
    <name>ae::LessonAnnouncer</name>
    <message>
        <source>Step %1 of %2.</source>
        <translation>第 %1 步，共 %2 步。</translation>
    </message>
    <message>
        <source>Question: %1</source>
        <translation>问题：%1</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Answer: %1.</source>
        <translation>答案：%1。</translation>
    </message>
</context>
<context>
    <name>ae::LessonController</name>
    <message>
        <source>Open Lesson</source>
        <translation>打开课程</translation>
    </message>
    <message>
        <source>Lessons (*%1)</source>
        <translation>课程文件 (*%1)</translation>
    </message>
    <message>
        <source>Le&amp;sson</source>
        <translation>课程(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Open Lesson…</source>
        <translation>打开课程(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Built-in Lessons</source>
        <translation>内置课程(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Start from the Beginning</source>
        <translation>从头开始(&amp;S)</translation>
    </message>
    <message>
        <source>Plays the lesson from its first step; F5 resumes it where it was left.</source>
        <translation>从第一步开始播放课程；按 F5 则从上次离开处继续。</translation>
    </message>
    <message>
        <source>&amp;Leave the Lesson (Esc)</source>
        <translation>退出课程(&amp;L)（Esc）</translation>
    </message>
    <message>
        <source>&amp;Presenter View</source>
        <translation>演讲者视图(&amp;P)</translation>
    </message>
    <message>
        <source>This step&apos;s notes, the next step and the time, for the teacher&apos;s eyes.</source>
        <translation>本步的备注、下一步的内容和已用时间，只给教师看。</translation>
    </message>
    <message>
        <source>Export &amp;Handout…</source>
        <translation>导出讲义(&amp;H)…</translation>
    </message>
    <message>
        <source>Writes the lesson&apos;s captions, figures and questions as a PDF or Markdown handout, answers at the end.</source>
        <translation>把课程的说明、图和问题写成 PDF 或 Markdown 讲义，答案附在最后。</translation>
    </message>
    <message>
        <source>Could not open the lesson “%1”: %2. The current session is unchanged.</source>
        <translation>无法打开课程“%1”：%2。当前会话未受影响。</translation>
    </message>
    <message>
        <source>Could not open the lesson “%1”: %2.</source>
        <translation>无法打开课程“%1”：%2。</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Markdown with SVG figures (*.md)</source>
        <translation>Markdown 及 SVG 图 (*.md)</translation>
    </message>
    <message>
        <source>Export Handout</source>
        <translation>导出讲义</translation>
    </message>
    <message>
        <source>Wrote the handout to %1.</source>
        <translation>讲义已导出到 %1。</translation>
    </message>
</context>
<context>
    <name>ae::LessonDocument</name>
    <message>
        <source>Edit Lesson Title</source>
        <translation>编辑课程标题</translation>
    </message>
    <message>
        <source>Edit Caption</source>
        <translation>编辑讲解</translation>
    </message>
    <message>
        <source>Edit Presenter Notes</source>
        <translation>编辑讲者备注</translation>
    </message>
    <message>
        <source>Record Step</source>
        <translation>录制步骤</translation>
    </message>
    <message>
        <source>Set Question</source>
        <translation>设置提问</translation>
    </message>
    <message>
        <source>Remove Question</source>
        <translation>删除提问</translation>
    </message>
    <message>
        <source>Move Step</source>
        <translation>移动步骤</translation>
    </message>
    <message>
        <source>Duplicate Step</source>
        <translation>复制步骤</translation>
    </message>
    <message>
        <source>Delete Step</source>
        <translation>删除步骤</translation>
    </message>
</context>
<context>
    <name>ae::LessonEditor</name>
    <message>
        <source>Lessons (*%1)</source>
        <translation>课程文件 (*%1)</translation>
    </message>
    <message>
        <source>Lesson Editor</source>
        <translation>课程编辑器</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save As…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>标题：</translation>
    </message>
    <message>
        <source>English</source>
        <translation>英文</translation>
    </message>
    <message>
        <source>Chinese</source>
        <translation>中文</translation>
    </message>
    <message>
        <source>Record Step</source>
        <translation>录制步骤</translation>
    </message>
    <message>
        <source>Adds the window&apos;s session and view as a new step after the chosen one</source>
        <translation>把窗口当前的会话和视图录成新步骤，插在所选步骤之后</translation>
    </message>
    <message>
        <source>Move Up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Move Down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Play from This Step</source>
        <translation>从此步开始播放</translation>
    </message>
    <message>
        <source>Caption (Markdown)</source>
        <translation>讲解（Markdown）</translation>
    </message>
    <message>
        <source>Presenter notes</source>
        <translation>讲者备注</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>提问</translation>
    </message>
    <message>
        <source>No question</source>
        <translation>不提问</translation>
    </message>
    <message>
        <source>Which key gets the most weight</source>
        <translation>哪个键得到的权重最大</translation>
    </message>
    <message>
        <source>How large is one weight</source>
        <translation>某个权重大约是多少</translation>
    </message>
    <message>
        <source>Does a measure rise or fall</source>
        <translation>某个量是变大还是变小</translation>
    </message>
    <message>
        <source>Multiple choice</source>
        <translation>选择题</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>entropy</source>
        <translation>熵</translation>
    </message>
    <message>
        <source>largest weight</source>
        <translation>最大权重</translation>
    </message>
    <message>
        <source>output component</source>
        <translation>输出分量</translation>
    </message>
    <message>
        <source>Head:</source>
        <translation>头：</translation>
    </message>
    <message>
        <source>Query:</source>
        <translation>查询：</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>键：</translation>
    </message>
    <message>
        <source>Measure:</source>
        <translation>度量：</translation>
    </message>
    <message>
        <source>Dimension:</source>
        <translation>维度：</translation>
    </message>
    <message>
        <source>Prompt:</source>
        <translation>题干：</translation>
    </message>
    <message>
        <source>Add Option</source>
        <translation>添加选项</translation>
    </message>
    <message>
        <source>Remove Option</source>
        <translation>删除选项</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Correct option:</source>
        <translation>正确选项：</translation>
    </message>
    <message>
        <source>Apply Question</source>
        <translation>应用提问</translation>
    </message>
    <message>
        <source>Open Lesson</source>
        <translation>打开课程</translation>
    </message>
    <message>
        <source>(no caption)</source>
        <translation>（暂无讲解）</translation>
    </message>
    <message>
        <source> · question</source>
        <translation> · 含提问</translation>
    </message>
    <message>
        <source>%1. %2%3</source>
        <translation>%1. %2%3</translation>
    </message>
    <message>
        <source>The question is refused: %1</source>
        <translation>提问未被接受：%1</translation>
    </message>
    <message>
        <source>Question set.</source>
        <translation>已设置提问。</translation>
    </message>
    <message>
        <source>Question removed.</source>
        <translation>已删除提问。</translation>
    </message>
    <message>
        <source>The session is invalid; correct it before recording a step.</source>
        <translation>当前会话有误，请先修正再录制步骤。</translation>
    </message>
    <message>
        <source>Recorded step %1. Write its caption.</source>
        <translation>已录制第 %1 步，请为它写讲解。</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>The lesson is not saved: %1</source>
        <translation>课程未保存：%1</translation>
    </message>
    <message>
        <source>Saved.</source>
        <translation>已保存。</translation>
    </message>
    <message>
        <source>Save Lesson As</source>
        <translation>课程另存为</translation>
    </message>
    <message>
        <source>%1 cannot be opened: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Unsaved Lesson</source>
        <translation>课程未保存</translation>
    </message>
    <message>
        <source>The lesson has unsaved changes. Save them first?</source>
        <translation>课程有未保存的更改，要先保存吗？</translation>
    </message>
    <message>
        <source>Recover Unsaved Lesson</source>
        <translation>恢复未保存的课程</translation>
    </message>
    <message>
        <source>A lesson you were writing, “%1”, autosaved %2, was not saved when Attention Explorer last closed. Recover it?</source>
        <translation>Attention Explorer 上次关闭时，你正在编写的课程“%1”尚未保存（自动保存于 %2）。要恢复吗？</translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>Not Now</source>
        <translation>暂不处理</translation>
    </message>
    <message>
        <source>The autosaved lesson could not be read: %1. It is kept in %2.</source>
        <translation>无法读取自动保存的课程：%1。该文件仍保留在 %2。</translation>
    </message>
    <message>
        <source>Recovered the unsaved lesson. Save it to keep it.</source>
        <translation>已恢复未保存的课程。请保存以免丢失。</translation>
    </message>
    <message>
        <source>Step details</source>
        <translation>步骤详情</translation>
    </message>
    <message>
        <source>Lesson steps</source>
        <translation>课程步骤</translation>
    </message>
    <message>
        <source>Title, English</source>
        <translation>标题（英文）</translation>
    </message>
    <message>
        <source>Title, Chinese</source>
        <translation>标题（中文）</translation>
    </message>
    <message>
        <source>Caption, English</source>
        <translation>说明文字（英文）</translation>
    </message>
    <message>
        <source>Caption, Chinese</source>
        <translation>说明文字（中文）</translation>
    </message>
    <message>
        <source>Presenter notes, English</source>
        <translation>讲者备注（英文）</translation>
    </message>
    <message>
        <source>Presenter notes, Chinese</source>
        <translation>讲者备注（中文）</translation>
    </message>
    <message>
        <source>Answer options</source>
        <translation>答案选项</translation>
    </message>
</context>
<context>
    <name>ae::LessonMode</name>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom O&amp;ut</source>
        <translation>缩小(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;High Contrast</source>
        <translation>高对比度(&amp;H)</translation>
    </message>
    <message>
        <source>White on black with yellow highlights, for bright rooms.</source>
        <translation>黑底白字、黄色高亮，适合明亮的教室。</translation>
    </message>
    <message>
        <source>&amp;Reveal Step by Step</source>
        <translation>逐步揭示(&amp;R)</translation>
    </message>
    <message>
        <source>Each new step of the computation shows its shapes first and its numbers on the next click.</source>
        <translation>计算的每个新步骤先显示形状，再按一次才显示数字。</translation>
    </message>
</context>
<context>
    <name>ae::LessonPanel</name>
    <message>
        <source>rises</source>
        <translation>变大</translation>
    </message>
    <message>
        <source>falls</source>
        <translation>变小</translation>
    </message>
    <message>
        <source>stays the same</source>
        <translation>不变</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Question:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>Answer: %1
The class guessed: %2</source>
        <translation>答案：%1
全班的猜测：%2</translation>
    </message>
    <message>
        <source>The class’s key:</source>
        <translation>全班选的键：</translation>
    </message>
    <message>
        <source>%1 “%2”</source>
        <translation>%1“%2”</translation>
    </message>
    <message>
        <source>The class’s weight:</source>
        <translation>全班估的权重：</translation>
    </message>
    <message>
        <source>The class says it:</source>
        <translation>全班认为它会：</translation>
    </message>
    <message>
        <source>The class’s choice:</source>
        <translation>全班的选择：</translation>
    </message>
    <message>
        <source>key %1 (“%2”)</source>
        <translation>第 %1 个键（“%2”）</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>&amp;Reveal</source>
        <translation>揭晓答案(&amp;R)</translation>
    </message>
    <message>
        <source>Shows the answer and the weights (Page Down does the same).</source>
        <translation>显示答案和权重（按 Page Down 键也可以）。</translation>
    </message>
    <message>
        <source>Play (F5)</source>
        <translation>播放（F5）</translation>
    </message>
    <message>
        <source>Plays the lesson from where it was left; Esc leaves it again.</source>
        <translation>从上次离开处继续播放课程；按 Esc 可再次退出。</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Lesson step</source>
        <translation>课程步骤内容</translation>
    </message>
</context>
<context>
    <name>ae::LessonPlayer</name>
    <message>
        <source>Lesson step %1 of %2</source>
        <translation>课程第 %1 步（共 %2 步）</translation>
    </message>
</context>
<context>
    <name>ae::LessonPresenterView</name>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>%1 · question next</source>
        <translation>%1 · 接下来提问</translation>
    </message>
    <message>
        <source>%1 · question open</source>
        <translation>%1 · 正在提问</translation>
    </message>
    <message>
        <source>%1 · answer shown</source>
        <translation>%1 · 答案已揭晓</translation>
    </message>
    <message>
        <source>No notes for this step.</source>
        <translation>本步没有备注。</translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation>下一步：%1</translation>
    </message>
    <message>
        <source>Next: the end of the lesson</source>
        <translation>下一步：课程结束</translation>
    </message>
    <message>
        <source>Presenter View</source>
        <translation>演讲者视图</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>备注：</translation>
    </message>
</context>
<context>
    <name>ae::LiveRegion</name>
    <message>
        <source>Announcements: lesson steps, answers and errors</source>
        <translation>播报：课程步骤、答案和错误</translation>
    </message>
</context>
<context>
    <name>ae::MainWindow</name>
    <message>
        <source>Attention Explorer</source>
        <translation>Attention Explorer</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>E&amp;xamples</source>
        <translation>示例(&amp;X)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Copy &amp;As</source>
        <translation>复制为(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Colour Map</source>
        <translation>颜色映射(&amp;C)</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>语言(&amp;G)</translation>
    </message>
    <message>
        <source>System Language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Attention Explorer</source>
        <translation>关于 Attention Explorer(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>Shapes of the current settings: queries × d_model, keys and values × d_model, and each head&apos;s width d_k.</source>
        <translation>当前设置下的形状：查询数 × d_model，键/值向量个数 × d_model，以及每个头的维度 d_k。</translation>
    </message>
    <message>
        <source>The example could not be read: %1</source>
        <translation>无法读取示例：%1</translation>
    </message>
    <message>
        <source>Open the example “%1”</source>
        <translation>打开示例“%1”</translation>
    </message>
    <message>
        <source>Opened the example “%1”. Your previous session is one Undo (Ctrl+Z) away.</source>
        <translation>已打开示例“%1”。撤销一次（Ctrl+Z）即可回到之前的会话。</translation>
    </message>
    <message>
        <source>1 head</source>
        <translation>1 个头</translation>
    </message>
    <message>
        <source>%1 heads</source>
        <translation>%1 个头</translation>
    </message>
    <message>
        <source>Q %1×%2 · K/V %3×%4 · d_model %5 · %6 · d_k %7</source>
        <translation>Q %1×%2 · K/V %3×%4 · d_model %5 · %6 · d_k %7</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — Attention Explorer</source>
        <translation>%1[*] — Attention Explorer</translation>
    </message>
    <message>
        <source>The heatmaps show the last valid settings, dimmed, until this is fixed.</source>
        <translation>在修正此问题之前，热力图以暗色显示上一次有效设置的结果。</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <source>C&amp;ompare…</source>
        <translation>对比(&amp;O)…</translation>
    </message>
    <message>
        <source>Two configurations side by side with their difference: scaled vs unscaled, (Y, X) vs (X, Y), one head vs another, causal vs not.</source>
        <translation>并排显示两种配置及其差值：缩放与不缩放、(Y, X) 与 (X, Y)、两个头、有无因果掩码。</translation>
    </message>
    <message>
        <source>There is no translation for this language yet; the interface stays in English.</source>
        <translation>该语言暂无翻译，界面保持英文。</translation>
    </message>
    <message>
        <source>&amp;Lesson Mode</source>
        <translation>课堂模式(&amp;L)</translation>
    </message>
    <message>
        <source>Full screen with large heatmaps and the computation steps for a classroom; Esc leaves.</source>
        <translation>全屏显示大号热力图和计算步骤，供课堂使用；按 Esc 退出。</translation>
    </message>
    <message>
        <source>Leave Lesson Mode</source>
        <translation>退出课堂模式</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
</context>
<context>
    <name>ae::MainWindowFileActions</name>
    <message>
        <source>&amp;Export Figure…</source>
        <translation>导出图形(&amp;E)…</translation>
    </message>
    <message>
        <source>There is nothing to export yet: the session has no valid result.</source>
        <translation>暂时没有可导出的内容：当前会话还没有有效结果。</translation>
    </message>
    <message>
        <source>Exported the figure to %1.</source>
        <translation>已将图形导出到 %1。</translation>
    </message>
    <message>
        <source>Save the large heatmap, the grid of heads, the alignment lines or the scaling plot as SVG, PNG or PDF.</source>
        <translation>将大热力图、各头网格图、对齐连线图或缩放曲线图保存为 SVG、PNG 或 PDF。</translation>
    </message>
    <message>
        <source>Make &amp;Worksheets…</source>
        <translation>制作练习题(&amp;W)…</translation>
    </message>
    <message>
        <source>Write a different small exercise for every student of a class, with the answers.</source>
        <translation>为班上每个学生生成一份不同的小练习，并附答案。</translation>
    </message>
    <message numerus="yes">
        <source>Wrote worksheets for %n student(s) (%1 files) to %2.</source>
        <translation>
            <numerusform>已为 %n 个学生生成练习题（%1 个文件），保存在 %2。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ae::MathGuideDialog</name>
    <message>
        <source>The math of multi-head attention</source>
        <translation>多头注意力的数学原理</translation>
    </message>
    <message>
        <source>Rows are tokens. The queries come from one sequence (Lq tokens), the keys and values from one sequence (Lk tokens). Every matrix multiplies row vectors from the right, as in the textbooks.</source>
        <translation>每一行是一个词元。查询来自一个序列（Lq 个词元），键和值来自同一个序列（Lk 个词元）。与教科书一样，矩阵都从右边乘以行向量。</translation>
    </message>
    <message>
        <source>With H heads each head has d_k = d_model / H columns. The scale s is √d_k unless the session says otherwise.</source>
        <translation>共有 H 个头时，每个头有 d_k = d_model / H 列。除非会话另有设置，缩放因子 s 为 √d_k。</translation>
    </message>
    <message>
        <source>Show this step</source>
        <translation>显示这一步</translation>
    </message>
    <message>
        <source>One weight by hand</source>
        <translation>手算一个注意力权重</translation>
    </message>
    <message>
        <source>Subtracting the row&apos;s largest score changes no weight but keeps exp() from overflowing. A masked key takes no part; a query that sees no key gets weights of 0. Click any heatmap cell to see its weight made this way. The mean view averages the heads&apos; weights: (A_1 + … + A_H) / H.</source>
        <translation>减去该行的最大分数不会改变任何权重，但能防止 exp() 溢出。被掩码的键不参与计算；看不到任何键的查询，其权重全为 0。点击热力图中的任意单元格，即可看到它的权重是这样算出来的。平均视图对各个头的权重取平均：(A_1 + … + A_H) / H。</translation>
    </message>
    <message>
        <source>The Math</source>
        <translation>公式说明</translation>
    </message>
</context>
<context>
    <name>ae::MatrixTableWidget</name>
    <message>
        <source>%1 (%2 × %3)</source>
        <translation>%1（%2 × %3）</translation>
    </message>
    <message>
        <source>Masked: this query may not see this key.</source>
        <translation>已掩码：这个查询看不到这个键。</translation>
    </message>
    <message>
        <source>Copy As</source>
        <translation>复制为</translation>
    </message>
    <message>
        <source>Copy this matrix as TSV, CSV, Markdown or LaTeX.</source>
        <translation>将此矩阵复制为 TSV、CSV、Markdown 或 LaTeX。</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1，%2：%3</translation>
    </message>
    <message>
        <source>%1 rows, %2 columns; each cell reads its row, its column and its value.</source>
        <translation>%1 行，%2 列；每个单元格读出它的行、列和数值。</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>row %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>row %1 (%2)</source>
        <translation>第 %1 行（%2）</translation>
    </message>
    <message>
        <source>column %1</source>
        <translation>第 %1 列</translation>
    </message>
    <message>
        <source>column %1 (%2)</source>
        <translation>第 %1 列（%2）</translation>
    </message>
    <message>
        <source>%1: masked, minus infinity</source>
        <translation>%1：已屏蔽，负无穷</translation>
    </message>
    <message>
        <source>%1: hidden while the question is open</source>
        <translation>%1：问题揭晓前隐藏</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ae::MessageBar</name>
    <message>
        <source>Hide this message</source>
        <translation>隐藏此消息</translation>
    </message>
</context>
<context>
    <name>ae::PresenterLayout</name>
    <message>
        <source>Lesson mode: Page Up / Page Down step through the computation; Esc or F11 leaves.</source>
        <translation>课堂模式：用 Page Up / Page Down 逐步演示计算过程；按 Esc 或 F11 退出。</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Show or hide the attention settings (wiring, d_model, heads, scale, mask, projections) above the heatmap</source>
        <translation>在热力图上方显示或隐藏注意力设置（连接方式、d_model、头数、缩放、掩码、投影）</translation>
    </message>
    <message>
        <source>Lesson mode: Page Down or Space for the lesson&apos;s next step, Page Up for the one before; Esc or F11 leaves.</source>
        <translation>课堂模式：按 Page Down 或空格进入课程的下一步，按 Page Up 回到上一步；按 Esc 或 F11 退出。</translation>
    </message>
</context>
<context>
    <name>ae::ProjectionEditor</name>
    <message>
        <source>Projection Matrices</source>
        <translation>投影矩阵</translation>
    </message>
    <message>
        <source>Q = X_q·W_q + b_q      K = X_kv·W_k + b_k      V = X_kv·W_v + b_v
output = [head₁ … head_h]·W_o + b_o</source>
        <translation>Q = X_q·W_q + b_q      K = X_kv·W_k + b_k      V = X_kv·W_v + b_v
输出 = [head₁ … head_h]·W_o + b_o</translation>
    </message>
    <message>
        <source>W_q</source>
        <translation>W_q</translation>
    </message>
    <message>
        <source>W_k</source>
        <translation>W_k</translation>
    </message>
    <message>
        <source>W_v</source>
        <translation>W_v</translation>
    </message>
    <message>
        <source>W_o</source>
        <translation>W_o</translation>
    </message>
    <message>
        <source>Bias:</source>
        <translation>偏置：</translation>
    </message>
    <message>
        <source>Identity projections are in use. Typing a number switches to explicit matrices that start from these (identity where the shapes allow, zeros elsewhere).</source>
        <translation>当前使用恒等投影。输入任何数字都会切换为以此为起点的显式矩阵（形状允许处为单位矩阵，其余为零）。</translation>
    </message>
    <message>
        <source>Random projections (seed %1) are in use. Typing a number switches to explicit matrices that start from these.</source>
        <translation>当前使用随机投影（种子 %1）。输入任何数字都会切换为以此为起点的显式矩阵。</translation>
    </message>
    <message>
        <source>Explicit projections are in use. Each typed number is one undo step.</source>
        <translation>当前使用显式投影。每次输入的数值都可单独撤销。</translation>
    </message>
    <message>
        <source>Columns are cut into %1 heads of d_k = %2 (tinted alternately).</source>
        <translation>各列分为 %1 个头，每个头 d_k = %2（交替着色）。</translation>
    </message>
    <message>
        <source>W_q: %1 rows (the %2 width) × %3 columns (d_model). %4</source>
        <translation>W_q：%1 行（%2 的维度）× %3 列（d_model）。%4</translation>
    </message>
    <message>
        <source>W_k: %1 rows (the %2 width) × %3 columns (d_model). %4</source>
        <translation>W_k：%1 行（%2 的维度）× %3 列（d_model）。%4</translation>
    </message>
    <message>
        <source>W_v: %1 rows (the %2 width) × %3 columns (d_model). %4</source>
        <translation>W_v：%1 行（%2 的维度）× %3 列（d_model）。%4</translation>
    </message>
    <message>
        <source>W_o: %1 × %1 (d_model × d_model); it mixes the heads&apos; outputs.</source>
        <translation>W_o：%1 × %1（d_model × d_model）；用于混合各个头的输出。</translation>
    </message>
</context>
<context>
    <name>ae::ProjectionMatrixModel</name>
    <message>
        <source>%1[%2] = %3</source>
        <translation>%1[%2] = %3</translation>
    </message>
    <message>
        <source>%1[%2][%3] = %4</source>
        <translation>%1[%2][%3] = %4</translation>
    </message>
    <message>
        <source>Column %1 belongs to head %2</source>
        <translation>第 %1 列属于头 %2</translation>
    </message>
    <message>
        <source>%1[%2]</source>
        <translation>%1[%2]</translation>
    </message>
    <message>
        <source>%1[%2][%3]</source>
        <translation>%1[%2][%3]</translation>
    </message>
    <message>
        <source>%1: “%2” is not a number. Type a number with a decimal point, such as 0.5 or -1.25.</source>
        <translation>%1：“%2”不是数字。请输入数字（小数用小数点），例如 0.5 或 -1.25。</translation>
    </message>
</context>
<context>
    <name>ae::QueryRowView</name>
    <message>
        <source>Exported the row to %1.</source>
        <translation>已将这一行导出到 %1。</translation>
    </message>
    <message>
        <source>Export the Row</source>
        <translation>导出这一行</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PNG image (*.png);;PDF (*.pdf)</source>
        <translation>SVG (*.svg);;PNG 图像 (*.png);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Query:</source>
        <translation>查询：</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save these three tables as one figure (SVG, PNG or PDF).</source>
        <translation>把这三张表保存为一幅图（SVG、PNG 或 PDF）。</translation>
    </message>
    <message>
        <source>Each key&apos;s weight times its value row…</source>
        <translation>每个键的权重乘以它的值向量……</translation>
    </message>
    <message>
        <source>…summed over the keys gives the query&apos;s output row.</source>
        <translation>……对所有键求和，就得到这个查询的输出行。</translation>
    </message>
</context>
<context>
    <name>ae::ScalingPlot</name>
    <message>
        <source>Scaling effect on softmax sharpness</source>
        <translation>缩放对 softmax 尖锐程度的影响</translation>
    </message>
    <message>
        <source>d_k (log₂ scale)</source>
        <translation>d_k（log₂ 刻度）</translation>
    </message>
    <message>
        <source>mean entropy (nats)</source>
        <translation>平均熵（奈特）</translation>
    </message>
    <message>
        <source>unscaled: softmax(q·k)</source>
        <translation>未缩放：softmax(q·k)</translation>
    </message>
    <message>
        <source>ceiling ln(keys)</source>
        <translation>上限 ln(键数)</translation>
    </message>
    <message>
        <source>ceiling ln(%1) = %2</source>
        <translation>上限 ln(%1) = %2</translation>
    </message>
    <message>
        <source>d_k = %1
unscaled: %2 nats
scaled: %3 nats
ceiling ln(%4): %5 nats</source>
        <translation>d_k = %1
未缩放：%2 奈特
缩放后：%3 奈特
上限 ln(%4)：%5 奈特</translation>
    </message>
    <message>
        <source>nats</source>
        <translation>奈特</translation>
    </message>
    <message>
        <source>entropy (nats)</source>
        <translation>熵（奈特）</translation>
    </message>
    <message>
        <source>scaled: softmax(q·k / √d_k)</source>
        <translation>缩放后：softmax(q·k / √d_k)</translation>
    </message>
</context>
<context>
    <name>ae::ScalingPlotDock</name>
    <message>
        <source>d_k values</source>
        <translation>d_k 取值</translation>
    </message>
    <message>
        <source>Queries</source>
        <translation>查询数</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>键数</translation>
    </message>
    <message>
        <source>Repeats</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <source>d_k values: %1</source>
        <translation>d_k 取值：%1</translation>
    </message>
    <message>
        <source>Seed: enter a whole number, e.g. 0</source>
        <translation>种子：请输入整数，例如 0</translation>
    </message>
    <message>
        <source>Seed: “%1” is not a whole number from 0 to 18446744073709551615</source>
        <translation>种子：“%1”不是 0 到 18446744073709551615 之间的整数</translation>
    </message>
    <message>
        <source>d_k values, entry %1</source>
        <translation>d_k 取值，第 %1 项</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Keys:</source>
        <translation>键数：</translation>
    </message>
    <message>
        <source>Queries:</source>
        <translation>查询数：</translation>
    </message>
    <message>
        <source>Repeats:</source>
        <translation>重复次数：</translation>
    </message>
    <message>
        <source>d_k values:</source>
        <translation>d_k 取值：</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Keys per draw; the entropy can be at most ln(keys)</source>
        <translation>每次采样的键数；熵最大为 ln(键数)</translation>
    </message>
    <message>
        <source>Random queries per draw; the entropy is averaged over them</source>
        <translation>每次采样的随机查询数；熵取它们的平均值</translation>
    </message>
    <message>
        <source>Independent draws averaged for each d_k (more gives a smoother curve)</source>
        <translation>每个 d_k 取平均的独立采样次数（越多曲线越平滑）</translation>
    </message>
    <message>
        <source>The d_k values: a range of powers of two such as 8..512, or a list such as 8, 32, 128, 512</source>
        <translation>d_k 的取值：2 的幂的范围（如 8..512），或列表（如 8, 32, 128, 512）</translation>
    </message>
    <message>
        <source>e.g. 8..512 or 8, 32, 128, 512</source>
        <translation>例如 8..512 或 8, 32, 128, 512</translation>
    </message>
    <message>
        <source>The same seed always gives the same curves</source>
        <translation>相同的种子总是得到相同的曲线</translation>
    </message>
    <message>
        <source>Scaling: why divide by √d_k</source>
        <translation>缩放：为什么要除以 √d_k</translation>
    </message>
    <message>
        <source>The figure to show: each tells one step of why attention divides by √d_k</source>
        <translation>要显示的图：每张图讲述注意力为什么要除以 √d_k 的一步</translation>
    </message>
    <message>
        <source>at d_k:</source>
        <translation>d_k：</translation>
    </message>
    <message>
        <source>Scaling plot</source>
        <translation>缩放图</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
</context>
<context>
    <name>ae::ScalingRunner</name>
    <message>
        <source>this run would need about %1 GB of memory, more than the live plot allows (%2 GB): lower the queries, the keys or the largest d_k</source>
        <translation>本次运行约需 %1 GB 内存，超过了实时曲线图允许的 %2 GB：请减少查询数、键数或最大 d_k</translation>
    </message>
    <message>
        <source>this run would take about %1 billion operations, more than the live plot allows (%2 billion): lower the queries, the keys, the repeats or the largest d_k</source>
        <translation>本次运行约需 %1×10⁹ 次运算，超过了实时曲线图允许的 %2×10⁹ 次：请减少查询数、键数、重复次数或最大 d_k</translation>
    </message>
    <message>
        <source>not enough memory for this run: lower the queries, the keys or the largest d_k</source>
        <translation>内存不足，无法运行：请减少查询数、键数或最大 d_k</translation>
    </message>
</context>
<context>
    <name>ae::ScalingSeriesPlot</name>
    <message>
        <source>d_k (log₂ scale)</source>
        <translation>d_k（log₂ 刻度）</translation>
    </message>
    <message>
        <source>unscaled</source>
        <translation>不缩放</translation>
    </message>
    <message>
        <source>scaled</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>√d_k</source>
        <translation>√d_k</translation>
    </message>
    <message>
        <source>1</source>
        <translation>1</translation>
    </message>
</context>
<context>
    <name>ae::ScoreHistogramPlot</name>
    <message>
        <source>Scores at d_k = %1</source>
        <translation>d_k = %1 时的分数</translation>
    </message>
    <message>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <source>unscaled: q·k</source>
        <translation>不缩放：q·k</translation>
    </message>
    <message>
        <source>scaled: q·k / √d_k</source>
        <translation>缩放：q·k / √d_k</translation>
    </message>
</context>
<context>
    <name>ae::SequencePanel</name>
    <message>
        <source>Source X (encoder side)</source>
        <translation>源序列 X（编码器端）</translation>
    </message>
    <message>
        <source>Target Y (decoder side)</source>
        <translation>目标序列 Y（解码器端）</translation>
    </message>
    <message>
        <source>Type or paste words, separated by spaces</source>
        <translation>输入或粘贴词语，以空格分隔</translation>
    </message>
    <message>
        <source>The tokens of this sequence, separated by spaces. Each token gets one row in the table below.</source>
        <translation>该序列的词元，以空格分隔。每个词元在下方表格中占一行。</translation>
    </message>
    <message>
        <source>&amp;X tokens:</source>
        <translation>X 的词元(&amp;X)：</translation>
    </message>
    <message>
        <source>&amp;Y tokens:</source>
        <translation>Y 的词元(&amp;Y)：</translation>
    </message>
    <message>
        <source>Split CJK into characters</source>
        <translation>中日韩文本按字拆分</translation>
    </message>
    <message>
        <source>Make every Chinese, Japanese or Korean character a token of its own (“我爱你” gives 我, 爱, 你), as text in these languages has no spaces between words.</source>
        <translation>把每个中文、日文或韩文字符单独作为一个词元（“我爱你”得到 我、爱、你），因为这些语言的词与词之间没有空格。</translation>
    </message>
    <message>
        <source>Tick a token to mark it as padding: no query attends to it (its column in the heatmap is masked).</source>
        <translation>勾选词元将其标记为填充：任何查询都不会关注它（它在热力图中的列被掩码）。</translation>
    </message>
    <message>
        <source>Padding:</source>
        <translation>填充：</translation>
    </message>
    <message>
        <source>Typed by hand</source>
        <translation>手动输入</translation>
    </message>
    <message>
        <source>Hashed random</source>
        <translation>哈希随机</translation>
    </message>
    <message>
        <source>One-hot</source>
        <translation>独热</translation>
    </message>
    <message>
        <source>How the vectors are made: typed by hand (or pasted), a random vector per distinct token from a seed, or one-hot over the sequence&apos;s vocabulary. Typing a number switches to “typed by hand”.</source>
        <translation>向量的生成方式：手动输入（或粘贴）、按种子为每个不同词元生成随机向量，或基于该序列词表的独热向量。输入任何数字都会切换为“手动输入”。</translation>
    </message>
    <message>
        <source>The seed of the hashed random vectors: the same token and seed always give the same vector.</source>
        <translation>哈希随机向量的种子：相同的词元和种子总是得到相同的向量。</translation>
    </message>
    <message>
        <source>Numbers per vector. Typed numbers are kept where they still fit.</source>
        <translation>每个向量的数值个数。已输入的数值在放得下时会保留。</translation>
    </message>
    <message>
        <source>Width:</source>
        <translation>维度：</translation>
    </message>
    <message>
        <source>Add sinusoidal positions</source>
        <translation>加上正弦位置编码</translation>
    </message>
    <message>
        <source>Add the Transformer&apos;s sinusoidal position encoding to every vector; the table shows the sums.</source>
        <translation>给每个向量加上 Transformer 的正弦位置编码；表格显示相加后的结果。</translation>
    </message>
    <message>
        <source>One row per token, one column per dimension. Double-click or type to edit; paste a block from a spreadsheet or CSV with Ctrl+V.</source>
        <translation>每个词元一行，每一维一列。双击或直接输入即可编辑；可用 Ctrl+V 从电子表格或 CSV 粘贴一块数据。</translation>
    </message>
    <message>
        <source>“%1” is padding: no query attends to it</source>
        <translation>“%1”是填充词元，不会被任何查询关注</translation>
    </message>
    <message>
        <source>Tick to mark “%1” as padding</source>
        <translation>勾选以将“%1”标记为填充</translation>
    </message>
    <message>
        <source>This line has %1 tokens; a sequence holds at most %2. Shorten the text; until then the table keeps the previous %3 tokens.</source>
        <translation>这一行有 %1 个词元；一个序列最多 %2 个。请缩短文本；在此之前表格保留之前的 %3 个词元。</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s) have no vector yet (%1): their rows are all zeros, which makes flat, meaningless weights. Type their numbers, or fill them from the hashed generator.</source>
        <translation>
            <numerusform>有 %n 个词元还没有向量（%1）：它们的行全为 0，得到的权重是平均分布，没有意义。请输入它们的数值，或用哈希生成器填充。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fill %n Row(s)</source>
        <translation>
            <numerusform>填充 %n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>Token %1 of this line: %2. Remove the character; until then the table keeps the previous tokens.</source>
        <translation>这一行的第 %1 个词元：%2。请删除该字符；在此之前表格保留原来的词元。</translation>
    </message>
    <message>
        <source>Padding tokens</source>
        <translation>填充词元</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>嵌入向量</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>Vectors:</source>
        <translation>向量：</translation>
    </message>
</context>
<context>
    <name>ae::ServeSession</name>
    <message>
        <source>This is the last step; q quits.</source>
        <translation>这是最后一步；按 q 退出。</translation>
    </message>
    <message>
        <source>Revealed. %1</source>
        <translation>已揭晓。%1</translation>
    </message>
    <message>
        <source>This step has no question to reveal.</source>
        <translation>这一步没有可揭晓的问题。</translation>
    </message>
    <message>
        <source>The students see the counts.</source>
        <translation>学生们现在能看到各选项的人数。</translation>
    </message>
    <message>
        <source>Enter: next step, r: reveal, c: show the counts, q: quit.</source>
        <translation>Enter：下一步，r：揭晓，c：显示人数，q：退出。</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1 步（共 %2 步）：%3</translation>
    </message>
    <message>
        <source>Step %1 of %2 (no question).</source>
        <translation>第 %1 步（共 %2 步，没有问题）。</translation>
    </message>
    <message>
        <source>%1 of %2 answered.</source>
        <translation>%2 人中已有 %1 人作答。</translation>
    </message>
</context>
<context>
    <name>ae::SessionFileController</name>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Re&amp;vert to Saved</source>
        <translation>还原为已保存版本(&amp;V)</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>“%1” has changes that are not saved.</source>
        <translation>“%1”有尚未保存的更改。</translation>
    </message>
    <message>
        <source>Save them before going on?</source>
        <translation>是否先保存再继续？</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Could not open “%1”: %2. The current session is unchanged.</source>
        <translation>无法打开“%1”：%2。当前会话未改变。</translation>
    </message>
    <message>
        <source>session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Save Session As</source>
        <translation>会话另存为</translation>
    </message>
    <message>
        <source>Could not save “%1”: the session has a problem to fix first (%2). Nothing was written.</source>
        <translation>无法保存“%1”：会话中有需要先修正的问题（%2）。未写入任何内容。</translation>
    </message>
    <message>
        <source>Could not save “%1”: %2. The file on disk is unchanged and your work is still open; try another folder or free some space.</source>
        <translation>无法保存“%1”：%2。磁盘上的文件未改变，当前内容仍保留在窗口中；请换一个文件夹或释放一些空间。</translation>
    </message>
    <message>
        <source>Revert to Saved</source>
        <translation>还原为已保存版本</translation>
    </message>
    <message>
        <source>Drop the changes made since “%1” was last saved?</source>
        <translation>是否放弃自“%1”上次保存以来所做的更改？</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <source>Could not revert to “%1”: %2. The current session is unchanged.</source>
        <translation>无法还原为“%1”：%2。当前会话未改变。</translation>
    </message>
    <message>
        <source>No Recent Files</source>
        <translation>没有最近打开的文件</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>清除菜单(&amp;C)</translation>
    </message>
    <message>
        <source>Recover Unsaved Work</source>
        <translation>恢复未保存的更改</translation>
    </message>
    <message>
        <source>Attention Explorer did not close properly last time. Unsaved work on “%1”, autosaved %2, can be recovered.</source>
        <translation>Attention Explorer 上次未正常关闭。“%1”的未保存更改已于 %2 自动保存，可以恢复。</translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>Not Now</source>
        <translation>暂不处理</translation>
    </message>
    <message>
        <source>%1 more autosaves are kept for later.</source>
        <translation>另有 %1 份自动保存留待以后处理。</translation>
    </message>
    <message>
        <source>The autosaved work could not be read: %1. It is kept in %2.</source>
        <translation>无法读取自动保存的内容：%1。它保存在 %2 中。</translation>
    </message>
    <message>
        <source>Recovered the unsaved work. Save it to keep it.</source>
        <translation>已恢复未保存的工作。请保存以免丢失。</translation>
    </message>
    <message>
        <source>Attention Explorer sessions (%1);;All files (*)</source>
        <translation>Attention Explorer 会话文件 (%1);;所有文件 (*)</translation>
    </message>
    <message>
        <source>“%1” has fields this version does not know; they are kept when you save. %2</source>
        <translation>“%1”中有本版本不认识的字段，保存时会原样保留。%2</translation>
    </message>
    <message>
        <source>Attention Explorer was closed by the system (a shutdown or a log-out) while “%1” had unsaved changes. They were kept at %2 and can be restored.</source>
        <translation>系统关闭了 Attention Explorer（关机或注销）时，“%1”有未保存的更改。这些更改保存在 %2，可以恢复。</translation>
    </message>
</context>
<context>
    <name>ae::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>The keys of the menus&apos; commands. In a heatmap, the arrow keys, Home, End, Page Up and Page Down move the cell cursor, and Enter does what a click on the cell does.</source>
        <translation>菜单命令的按键。在热力图中，方向键、Home、End、Page Up 和 Page Down 移动单元格光标，Enter 的作用与点击该单元格相同。</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键列表</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>ae::TemperatureControl</name>
    <message>
        <source>Scale divisor %1: drag to sharpen (left) or flatten (right) every head&apos;s weights</source>
        <translation>缩放除数 %1：向左拖动使每个头的权重更尖锐，向右拖动使其更平缓</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>Move the divisor once from √d_k/10 to 10·√d_k and watch the weights go from sharp to flat</source>
        <translation>将除数从 √d_k/10 一次移动到 10·√d_k，观察权重从尖锐变为平缓</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
</context>
<context>
    <name>ae::TrainingAttentionPanel</name>
    <message>
        <source>Example:</source>
        <translation>示例：</translation>
    </message>
    <message>
        <source>The sentence whose attention the heatmaps show (held out: the runs never train on it).</source>
        <translation>热力图所显示注意力的句子（留出样本：训练时从未用过它）。</translation>
    </message>
    <message>
        <source>Drag to see the attention at an earlier step; at the right end the heatmaps follow the training.</source>
        <translation>拖动可查看较早某一步的注意力；拖到最右端时，热力图随训练实时更新。</translation>
    </message>
    <message>
        <source>Open Run %1 in Explorer</source>
        <translation>在主窗口中打开训练 %1</translation>
    </message>
    <message>
        <source>Makes this example with this run&apos;s weights at the step shown the main window&apos;s session, so the computation view and the drill-down walk the trained model (Undo brings the previous session back).</source>
        <translation>用此训练在所示步数时的权重和这个示例替换主窗口的会话，计算视图和逐步详解便会展示训练后的模型（撤销可恢复原来的会话）。</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>step %1 / %2</source>
        <translation>第 %1 步 / 共 %2 步</translation>
    </message>
    <message>
        <source>%1 · step %2</source>
        <translation>%1 · 第 %2 步</translation>
    </message>
    <message>
        <source>Trained %1, step %2: %3</source>
        <translation>训练后的 %1，第 %2 步：%3</translation>
    </message>
    <message>
        <source>Open Trained Model</source>
        <translation>打开训练后的模型</translation>
    </message>
    <message>
        <source>Training step shown</source>
        <translation>显示的训练步数</translation>
    </message>
</context>
<context>
    <name>ae::TrainingCurvePlot</name>
    <message>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Solid: the batch&apos;s cross-entropy loss. Dashed: the share of target words predicted right, on the right axis.</source>
        <translation>实线：该批次的交叉熵损失。虚线：预测正确的目标词所占比例，读右侧坐标轴。</translation>
    </message>
    <message>
        <source>Solid: the size of W_q&apos;s gradient; dashed: W_k&apos;s. A saturated softmax passes almost no gradient back to the queries and keys.</source>
        <translation>实线：W_q 梯度的大小；虚线：W_k 梯度的大小。softmax 饱和时，几乎没有梯度能传回查询和键。</translation>
    </message>
    <message>
        <source>Saturation</source>
        <translation>饱和程度</translation>
    </message>
    <message>
        <source>The mean of each attention row&apos;s largest weight: 1 means every query looks at one key only.</source>
        <translation>每行注意力中最大权重的平均值：为 1 时，每个查询只关注一个键。</translation>
    </message>
    <message>
        <source>Loss (solid) and accuracy (dashed)</source>
        <translation>损失（实线）与准确率（虚线）</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>Gradient norms: W_q solid, W_k dashed</source>
        <translation>梯度范数：W_q 实线，W_k 虚线</translation>
    </message>
    <message>
        <source>norm</source>
        <translation>范数</translation>
    </message>
    <message>
        <source>largest weight</source>
        <translation>最大权重</translation>
    </message>
    <message>
        <source>Gradient norm of all parameters</source>
        <translation>所有参数的梯度范数</translation>
    </message>
    <message>
        <source>The size of the gradient of every parameter of the transformer together (its global norm).</source>
        <translation>Transformer 全部参数合在一起的梯度大小（全局范数）。</translation>
    </message>
</context>
<context>
    <name>ae::TrainingDock</name>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>One more step of both runs.</source>
        <translation>两个训练各再走一步。</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Both runs start again from the same initial weights.</source>
        <translation>两个训练从相同的初始权重重新开始。</translation>
    </message>
    <message>
        <source>Save History…</source>
        <translation>保存训练记录…</translation>
    </message>
    <message>
        <source>Saves a run&apos;s curves as JSON, the same as the train command&apos;s -o file.</source>
        <translation>将一个训练的曲线保存为 JSON，与 train 命令的 -o 文件相同。</translation>
    </message>
    <message>
        <source>Speed:</source>
        <translation>速度：</translation>
    </message>
    <message>
        <source>slow (5 steps/s)</source>
        <translation>慢速（每秒 5 步）</translation>
    </message>
    <message>
        <source>20 steps/s</source>
        <translation>每秒 20 步</translation>
    </message>
    <message>
        <source>60 steps/s</source>
        <translation>每秒 60 步</translation>
    </message>
    <message>
        <source>200 steps/s</source>
        <translation>每秒 200 步</translation>
    </message>
    <message>
        <source>as fast as possible</source>
        <translation>尽可能快</translation>
    </message>
    <message>
        <source>Attention as it learns</source>
        <translation>学习中的注意力</translation>
    </message>
    <message>
        <source>Translate</source>
        <translation>翻译</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Stops both runs after their current step.</source>
        <translation>两个训练在完成当前这一步后停下。</translation>
    </message>
    <message>
        <source>Trains both runs side by side until they stop by themselves.</source>
        <translation>并排训练两个模型，直到它们自行停止。</translation>
    </message>
    <message>
        <source>Fix the settings to train (see the message under them).</source>
        <translation>请先修正设置再训练（见设置下方的提示）。</translation>
    </message>
    <message>
        <source>%1 — step %2 of %3</source>
        <translation>%1：第 %2 步（共 %3 步）</translation>
    </message>
    <message>
        <source>, accuracy %1 %</source>
        <translation>，准确率 %1%</translation>
    </message>
    <message>
        <source>, diverged at step %1 (the loss became infinite; lower the learning rate)</source>
        <translation>，在第 %1 步发散（损失变为无穷大，请调低学习率）</translation>
    </message>
    <message>
        <source>, reached the target at step %1</source>
        <translation>，在第 %1 步达到目标</translation>
    </message>
    <message>
        <source>Save Training History</source>
        <translation>保存训练记录</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Saves the curves, or the example&apos;s attention at chosen steps of both runs (a film strip), as SVG, PNG or PDF.</source>
        <translation>把曲线，或示例句在两组训练若干步上的注意力（分步快照）保存为 SVG、PNG 或 PDF。</translation>
    </message>
    <message>
        <source>Curves…</source>
        <translation>曲线…</translation>
    </message>
    <message>
        <source>Film Strip…</source>
        <translation>分步快照…</translation>
    </message>
    <message>
        <source>There is no run to export yet.</source>
        <translation>还没有可以导出的训练。</translation>
    </message>
    <message>
        <source>Export the Film Strip</source>
        <translation>导出分步快照</translation>
    </message>
    <message>
        <source>Export the Curves</source>
        <translation>导出曲线</translation>
    </message>
    <message>
        <source>Steps to show, 0 to %1, separated by commas:</source>
        <translation>要显示哪几步（0～%1，用逗号分隔）：</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PNG image (*.png);;PDF (*.pdf)</source>
        <translation>SVG (*.svg);;PNG 图像 (*.png);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Smoothing:</source>
        <translation>平滑：</translation>
    </message>
    <message>
        <source>A running mean of the curves (0: the raw values; near 1: very smooth). The raw values stay faint behind.</source>
        <translation>曲线的滑动平均（0：原始值；接近 1：非常平滑）。原始值以浅色留在后面。</translation>
    </message>
    <message>
        <source>Another Task</source>
        <translation>另一个任务</translation>
    </message>
    <message>
        <source>Another task starts new runs: the runs so far (%1 and %2 steps) will be lost.</source>
        <translation>另一个任务会开始新的训练：目前的两次训练（%1 步和 %2 步）将会丢失。</translation>
    </message>
    <message>
        <source>Save their histories first?</source>
        <translation>先保存它们的训练记录吗？</translation>
    </message>
    <message>
        <source>Film strip steps: step %1 was not kept; the runs keep every %2th step (the nearest before it is %3).</source>
        <translation>分步快照步数：第 %1 步没有保存；训练每 %2 步保存一次（它之前最近的是第 %3 步）。</translation>
    </message>
    <message>
        <source>Steps to show, 0 to %1, multiples of %2 (the steps kept), separated by commas:</source>
        <translation>要显示的步数，0 到 %1，须为 %2 的倍数（保存下来的步），用逗号分隔：</translation>
    </message>
    <message>
        <source>Training settings</source>
        <translation>训练设置</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Show or hide the runs&apos; settings (task, model, optimiser, the two runs&apos; scales) beside the curves</source>
        <translation>显示或隐藏曲线旁的训练设置（任务、模型、优化器、两次运行的缩放方式）</translation>
    </message>
    <message>
        <source>%1 · layer %2</source>
        <translation>%1 · 第 %2 层</translation>
    </message>
    <message>
        <source>The strip shows the mean of the heads of the tab shown, “%1”, at the layer chosen beside each run&apos;s Open button.</source>
        <translation>快照显示当前标签页“%1”各个头的平均，层为各训练“打开”按钮旁所选的层。</translation>
    </message>
</context>
<context>
    <name>ae::TrainingSettingsForm</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Reverse</source>
        <translation>倒序</translation>
    </message>
    <message>
        <source>Rotate</source>
        <translation>轮转</translation>
    </message>
    <message>
        <source>Translate (phrase book)</source>
        <translation>翻译（短语手册）</translation>
    </message>
    <message>
        <source>÷ √d_k (scaled)</source>
        <translation>÷ √d_k（缩放）</translation>
    </message>
    <message>
        <source>none (unscaled)</source>
        <translation>不除（不缩放）</translation>
    </message>
    <message>
        <source>What the scores q·k are divided by: √d_k, nothing, or a number you type.</source>
        <translation>注意力分数 q·k 要除以的数：√d_k、不除，或自己输入的数。</translation>
    </message>
    <message>
        <source>Task:</source>
        <translation>任务：</translation>
    </message>
    <message>
        <source>Length:</source>
        <translation>长度：</translation>
    </message>
    <message>
        <source>Vocabulary:</source>
        <translation>词表大小：</translation>
    </message>
    <message>
        <source>d_model:</source>
        <translation>d_model：</translation>
    </message>
    <message>
        <source>Heads:</source>
        <translation>头数：</translation>
    </message>
    <message>
        <source>Optimiser:</source>
        <translation>优化器：</translation>
    </message>
    <message>
        <source>Learning rate:</source>
        <translation>学习率：</translation>
    </message>
    <message>
        <source>Batch:</source>
        <translation>批大小：</translation>
    </message>
    <message>
        <source>Steps:</source>
        <translation>步数：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>随机种子：</translation>
    </message>
    <message>
        <source>Run A divides by:</source>
        <translation>训练 A 除以：</translation>
    </message>
    <message>
        <source>Run B divides by:</source>
        <translation>训练 B 除以：</translation>
    </message>
    <message>
        <source>Stop at accuracy:</source>
        <translation>达到准确率时停止：</translation>
    </message>
    <message>
        <source>What the model learns: copy the source, reverse it, rotate it by one, or translate Chinese phrases into English.</source>
        <translation>模型要学的任务：照抄源序列、将其倒序、将其轮转一位，或把中文短语译成英文。</translation>
    </message>
    <message>
        <source>How many different source words the task uses.</source>
        <translation>任务所用的不同源词的个数。</translation>
    </message>
    <message>
        <source>Draws the initial weights and every batch: the same seed and settings give the same run.</source>
        <translation>用于采样初始权重和每个批次：随机种子和设置相同，训练过程就完全相同。</translation>
    </message>
    <message>
        <source>A run stops by itself once a batch&apos;s accuracy reaches this; 0 % never stops early.</source>
        <translation>某个批次的准确率达到此值时，该训练自行停止；设为 0% 则不会提前停止。</translation>
    </message>
    <message>
        <source>never</source>
        <translation>不停止</translation>
    </message>
    <message>
        <source>Run %1 divides by “%2”, which is not a scale: choose √d_k or none, or type a number from %3 to %4.</source>
        <translation>训练 %1 的除数“%2”不是有效的缩放因子：请选择 √d_k 或不除，或输入 %3～%4 之间的数。</translation>
    </message>
    <message>
        <source>%1 heads do not divide d_model %2: each head needs an equal share of the width. Choose a number of heads that divides %2, or change d_model.</source>
        <translation>d_model（%2）不能被头数 %1 整除：每个头要分得同样的宽度。请选择能整除 %2 的头数，或修改 d_model。</translation>
    </message>
    <message>
        <source>Batch × length × d_model is too large for one step (at most %1): lower the batch, the length or d_model.</source>
        <translation>批大小 × 长度 × d_model 过大，一步算不下（最多 %1）：请调低批大小、长度或 d_model。</translation>
    </message>
    <message>
        <source>The setting “%1” is out of range: %2</source>
        <translation>设置“%1”超出范围：%2</translation>
    </message>
    <message>
        <source>One cross-attention layer</source>
        <translation>一层交叉注意力</translation>
    </message>
    <message>
        <source>Transformer (encoder-decoder)</source>
        <translation>Transformer（编码器-解码器）</translation>
    </message>
    <message>
        <source>What learns: one layer of cross-attention, or a whole encoder-decoder transformer with attention in three places.</source>
        <translation>学习的模型：一层交叉注意力，或在三处使用注意力的完整编码器-解码器 Transformer。</translation>
    </message>
    <message>
        <source>The transformer&apos;s encoder layers, and as many decoder layers.</source>
        <translation>Transformer 的编码器层数，解码器层数与之相同。</translation>
    </message>
    <message>
        <source>The width of each layer&apos;s feed-forward block (dim_feedforward).</source>
        <translation>每层前馈块的宽度（dim_feedforward）。</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Layers:</source>
        <translation>层数：</translation>
    </message>
    <message>
        <source>d_ff:</source>
        <translation>d_ff：</translation>
    </message>
    <message>
        <source>Translate the corpus, Chinese → English</source>
        <translation>翻译语料库：中文 → 英文</translation>
    </message>
    <message>
        <source>Translate the corpus, English → Chinese</source>
        <translation>翻译语料库：英文 → 中文</translation>
    </message>
    <message>
        <source>The corpus translation tasks are trained by the transformer only: choose the transformer as the model, or another task.</source>
        <translation>语料库翻译任务只能由 Transformer 训练：请把模型选为 Transformer，或换一个任务。</translation>
    </message>
</context>
<context>
    <name>ae::TrainingTranslatePanel</name>
    <message>
        <source>Sentence:</source>
        <translation>句子：</translation>
    </message>
    <message>
        <source>Translate</source>
        <translation>翻译</translation>
    </message>
    <message>
        <source>type source words separated by spaces</source>
        <translation>输入源语言词语，用空格分隔</translation>
    </message>
    <message>
        <source>The model writes its output one word at a time, each time choosing its most likely word; the row under each word shows where it looked in the source.</source>
        <translation>模型逐词生成输出，每次选择可能性最大的词；每个词对应的那一行显示它在源句中关注了哪里。</translation>
    </message>
    <message>
        <source>Words you can use: %1</source>
        <translation>可用的词：%1</translation>
    </message>
    <message>
        <source>Type at least one word of the source vocabulary.</source>
        <translation>请至少输入一个源词表中的词。</translation>
    </message>
    <message>
        <source>Where each output word looked</source>
        <translation>每个输出词关注的位置</translation>
    </message>
    <message>
        <source>output words</source>
        <translation>输出词</translation>
    </message>
    <message>
        <source>source words</source>
        <translation>源词</translation>
    </message>
    <message>
        <source>Translates with the weights of %1 at step %2 (the scrubber on the other tab picks the step).</source>
        <translation>用 %1 在第 %2 步的权重翻译（步数由另一个标签页的进度条选定）。</translation>
    </message>
    <message>
        <source>Where each output word looked (%1, step %2)</source>
        <translation>每个输出词看向哪里（%1，第 %2 步）</translation>
    </message>
    <message>
        <source>“%1” is not a word this model knows, nor made of such words: use the words listed above, separated by spaces.</source>
        <translation>“%1”不是这个模型认识的词，也不能拆成这样的词：请用上面列出的词，词与词之间用空格隔开。</translation>
    </message>
</context>
<context>
    <name>ae::TransformerHeadGrid</name>
    <message>
        <source>Encoder self</source>
        <translation>编码器自注意力</translation>
    </message>
    <message>
        <source>Decoder self (masked)</source>
        <translation>解码器自注意力（掩码）</translation>
    </message>
    <message>
        <source>Cross</source>
        <translation>交叉注意力</translation>
    </message>
    <message>
        <source>The encoder&apos;s self-attention (X, X): each source word looks at every source word.</source>
        <translation>编码器的自注意力 (X, X)：每个源词关注所有源词。</translation>
    </message>
    <message>
        <source>The decoder&apos;s masked self-attention (Y, Y): each target position looks at itself and the positions before it.</source>
        <translation>解码器的掩码自注意力 (Y, Y)：每个目标位置只关注自身及其之前的位置。</translation>
    </message>
    <message>
        <source>The decoder&apos;s cross-attention (Y, X): each target position looks at the source words.</source>
        <translation>解码器的交叉注意力 (Y, X)：每个目标位置关注源词。</translation>
    </message>
    <message>
        <source>Kind of attention shown</source>
        <translation>显示的注意力种类</translation>
    </message>
    <message>
        <source>Training step shown</source>
        <translation>显示的训练步数</translation>
    </message>
    <message>
        <source>Drag to see the attention at an earlier step; at the right end the heatmaps follow the training.</source>
        <translation>拖动可查看较早某一步的注意力；拖到最右端时，热力图随训练实时更新。</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>step %1 / %2</source>
        <translation>第 %1 步 / 共 %2 步</translation>
    </message>
    <message>
        <source>%1 · step %2</source>
        <translation>%1 · 第 %2 步</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>层%1 头%2</translation>
    </message>
    <message>
        <source>%1 · layer %2, head %3</source>
        <translation>%1 · 第 %2 层，头 %3</translation>
    </message>
    <message>
        <source>Layer:</source>
        <translation>层：</translation>
    </message>
    <message>
        <source>Layer to open in the explorer</source>
        <translation>要在主窗口中打开的层</translation>
    </message>
    <message>
        <source>Makes this layer&apos;s attention of the kind shown, for the sentence shown at the step shown, the main window&apos;s session, so that the computation view walks the trained layer (Edit ▸ Undo brings the previous session back). Clicking a heatmap chooses its layer.</source>
        <translation>用所选层在所示步数时、所示句子上的当前类型注意力替换主窗口的会话，计算视图便会逐步展示这个训练后的层（编辑 ▸ 撤销可恢复原来的会话）。点击某个热力图即可选中它所在的层。</translation>
    </message>
    <message>
        <source>encoder self-attention</source>
        <translation>编码器自注意力</translation>
    </message>
    <message>
        <source>masked decoder self-attention</source>
        <translation>解码器掩码自注意力</translation>
    </message>
    <message>
        <source>cross-attention</source>
        <translation>交叉注意力</translation>
    </message>
    <message>
        <source>Trained %1, step %2, layer %3, %4: %5 → %6</source>
        <translation>训练后的 %1，第 %2 步，第 %3 层，%4：%5 → %6</translation>
    </message>
    <message>
        <source>Open Trained Layer</source>
        <translation>打开训练后的层</translation>
    </message>
    <message>
        <source>Open Run %1 in Explorer</source>
        <translation>在主窗口中打开训练 %1</translation>
    </message>
    <message>
        <source>rows: %1   ·   columns: %2</source>
        <translation>行：%1   ·   列：%2</translation>
    </message>
</context>
<context>
    <name>ae::TransformerTranslatePanel</name>
    <message>
        <source>Sentence:</source>
        <translation>句子：</translation>
    </message>
    <message>
        <source>Translate</source>
        <translation>翻译</translation>
    </message>
    <message>
        <source>type source words separated by spaces</source>
        <translation>输入源语言词语，用空格分隔</translation>
    </message>
    <message>
        <source>The transformer writes its output one word at a time, each time choosing its most likely word; under each decoder layer, the row of each word shows where that layer looked in the source.</source>
        <translation>Transformer 逐词写出译文，每次选择可能性最大的词；在每个解码器层的图中，每个词所在的行显示该层当时关注了源句的哪些位置。</translation>
    </message>
    <message>
        <source>Heads:</source>
        <translation>注意力头：</translation>
    </message>
    <message>
        <source>Show the mean of each layer&apos;s heads, or one head of every layer.</source>
        <translation>显示每层所有头的平均值，或每层中的某一个头。</translation>
    </message>
    <message>
        <source>mean of the heads</source>
        <translation>各头平均</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>One map per decoder layer: each row is a word the decoder wrote, each column a source word; the cells are that layer&apos;s cross-attention when the word was chosen.</source>
        <translation>每个解码器层一张图：每行是解码器写出的一个词，每列是一个源词；格子是选出该词时这一层的交叉注意力。</translation>
    </message>
    <message>
        <source>Words you can use: %1</source>
        <translation>可用的词：%1</translation>
    </message>
    <message>
        <source>Type at least one word of the source vocabulary.</source>
        <translation>请至少输入一个源词表中的词。</translation>
    </message>
    <message>
        <source>“%1” is not a word this model knows, nor made of such words: use the words listed above, separated by spaces.</source>
        <translation>“%1”不是这个模型认识的词，也不能拆成这样的词：请用上面列出的词，词与词之间用空格隔开。</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>output words</source>
        <translation>输出词</translation>
    </message>
    <message>
        <source>at step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>Translates with the weights of %1 at step %2 (the head grid&apos;s scrubber picks the step).</source>
        <translation>用 %1 在第 %2 步的权重翻译（步数由注意力头网格的进度条选定）。</translation>
    </message>
    <message>
        <source>(%1, step %2)</source>
        <translation>（%1，第 %2 步）</translation>
    </message>
    <message>
        <source>Decoder layer %1 · %2</source>
        <translation>解码器第 %1 层 · %2</translation>
    </message>
    <message>
        <source>Words you can use</source>
        <translation>可用的词</translation>
    </message>
</context>
<context>
    <name>ae::UnknownSessionField</name>
    <message>
        <source>%1: unknown field, kept but not used</source>
        <translation>%1：未知字段，保留但不使用</translation>
    </message>
    <message>
        <source>%1: unknown field, kept but not used (did you mean “%2”?)</source>
        <translation>%1：未知字段，保留但不使用（是不是想写“%2”？）</translation>
    </message>
</context>
<context>
    <name>ae::Worksheet</name>
    <message>
        <source>%1 is outside %2..%3</source>
        <translation>%1 超出 %2..%3 的范围</translation>
    </message>
    <message>
        <source>%1 does not divide d_model %2</source>
        <translation>%1 不能整除 d_model %2</translation>
    </message>
</context>
<context>
    <name>ae::WorksheetDialog</name>
    <message>
        <source>Causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <source>Make Worksheets</source>
        <translation>制作练习题</translation>
    </message>
    <message>
        <source>English</source>
        <translation>英文</translation>
    </message>
    <message>
        <source>Simplified Chinese</source>
        <translation>简体中文</translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>LaTeX</source>
        <translation>LaTeX</translation>
    </message>
    <message>
        <source>PDF</source>
        <translation>PDF</translation>
    </message>
    <message>
        <source>Cross-attention (queries from Y, keys from X)</source>
        <translation>交叉注意力（查询来自 Y，键来自 X）</translation>
    </message>
    <message>
        <source>Encoder self-attention (X)</source>
        <translation>编码器自注意力（X）</translation>
    </message>
    <message>
        <source>Reverse cross-attention (queries from X, keys from Y)</source>
        <translation>反向交叉注意力（查询来自 X，键来自 Y）</translation>
    </message>
    <message>
        <source>Decoder self-attention (Y)</source>
        <translation>解码器自注意力（Y）</translation>
    </message>
    <message>
        <source>Write Worksheets</source>
        <translation>生成练习题</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Folder:</source>
        <translation>文件夹：</translation>
    </message>
    <message>
        <source>Students:</source>
        <translation>学生人数：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>随机种子：</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <source>Sheet format:</source>
        <translation>练习格式：</translation>
    </message>
    <message>
        <source>Tokens per sequence:</source>
        <translation>每个序列的词元数：</translation>
    </message>
    <message>
        <source>d_model:</source>
        <translation>d_model：</translation>
    </message>
    <message>
        <source>Heads:</source>
        <translation>头数：</translation>
    </message>
    <message>
        <source>Wiring:</source>
        <translation>连接方式：</translation>
    </message>
    <message>
        <source>Every student gets different numbers; the same seed always writes the same files. The answers are computed, never typed.</source>
        <translation>每个学生拿到的数字都不同；相同的随机种子总是生成相同的文件。答案由程序计算得出，而不是手工填写。</translation>
    </message>
    <message>
        <source>Preview of the first sheet</source>
        <translation>第一份练习的预览</translation>
    </message>
    <message>
        <source>Preview of student 01&apos;s sheet:</source>
        <translation>学生 01 的练习预览：</translation>
    </message>
    <message>
        <source>%1 heads do not divide d_model %2: choose another d_model or 1 head.</source>
        <translation>%1 个头不能整除 d_model %2：请换一个 d_model，或只用 1 个头。</translation>
    </message>
    <message>
        <source>Folder for the Worksheets</source>
        <translation>练习题的保存文件夹</translation>
    </message>
    <message>
        <source>Choose a folder for the worksheets.</source>
        <translation>请为练习题选择一个文件夹。</translation>
    </message>
    <message>
        <source>The worksheets could not be written: %1</source>
        <translation>无法写入练习题：%1</translation>
    </message>
</context>
</TS>
