<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>EntropyExperiment</name>
    <message>
        <source>the list of dimensions is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 dimensions, at most %2 allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is outside 1..%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run would draw %1 random numbers, more than the limit of %2; lower queries, repeats or the largest dimension</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HeatmapDataBuilder</name>
    <message>
        <source>Attention weights (1 head)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean of %1 heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Msg</name>
    <message>
        <source>%1 numbers, expected %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 numbers, at most %2 allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows, at most %2 allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the matrix has no rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the row is empty</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SessionJson</name>
    <message>
        <source>null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing; this field is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object, found %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an array, found %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a number, found %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a finite number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected true or false, found %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string, found %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is outside %2..%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of &quot;source&quot;, &quot;target&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of &quot;manual&quot;, &quot;hashed&quot;, &quot;one_hot&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens, at most %2 allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sequence is empty; give it at least one token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows for %2 tokens; give one vector per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 flags for %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of &quot;identity&quot;, &quot;random&quot;, &quot;explicit&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not divide d_model %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not one of &quot;sqrt_dk&quot;, &quot;none&quot;, or a positive number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not positive; the divisor must be greater than 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &quot;sqrt_dk&quot;, &quot;none&quot; or a positive number, found %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 dimensions, at most %2 allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not &quot;%2&quot;; this is not an Attention Explorer session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not supported; this program reads version %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes, more than the limit of %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid JSON at line %1, column %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the top level must be a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>is a folder, not a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SessionValidator</name>
    <message>
        <source>not a finite number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger in magnitude than the limit %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the sequence is empty; give it at least one token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 tokens, at most %2 allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>empty token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 characters, at most %2 allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows for %2 tokens; give one vector per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vectors of %1 numbers; the width must be 1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 flags for %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 x %2, expected %3 x %4 (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 numbers, expected %2 (d_model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is outside 1..%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not divide d_model %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a usable divisor; give a positive number from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>identity projections need %1.embeddings width %2 to equal d_model %3; choose random or explicit projections, or change the width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 width x d_model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>d_model x d_model</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ae::MainWindow</name>
    <message>
        <source>Attention Explorer</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
