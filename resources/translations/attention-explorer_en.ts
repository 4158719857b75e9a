<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>HeatmapCellInfo</name>
    <message numerus="yes">
        <source>… and %n more head(s)</source>
        <translation>
            <numerusform>… and %n more head</numerusform>
            <numerusform>… and %n more heads</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorksheetCommand</name>
    <message numerus="yes">
        <source>%n student(s)</source>
        <translation>
            <numerusform>%n student</numerusform>
            <numerusform>%n students</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) written to %1</source>
        <translation>
            <numerusform>%n file written to %1</numerusform>
            <numerusform>%n files written to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ae::ClassAnswersDialog</name>
    <message numerus="yes">
        <source>%n student(s) joined</source>
        <translation>
            <numerusform>%n student joined</numerusform>
            <numerusform>%n students joined</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ae::Document</name>
    <message numerus="yes">
        <source>Fill %n %1 vector(s) from the hashed generator</source>
        <translation>
            <numerusform>Fill %n %1 vector from the hashed generator</numerusform>
            <numerusform>Fill %n %1 vectors from the hashed generator</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ae::MainWindowFileActions</name>
    <message numerus="yes">
        <source>Wrote worksheets for %n student(s) (%1 files) to %2.</source>
        <translation>
            <numerusform>Wrote worksheets for %n student (%1 files) to %2.</numerusform>
            <numerusform>Wrote worksheets for %n students (%1 files) to %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ae::SequencePanel</name>
    <message numerus="yes">
        <source>%n token(s) have no vector yet (%1): their rows are all zeros, which makes flat, meaningless weights. Type their numbers, or fill them from the hashed generator.</source>
        <translation>
            <numerusform>%n token has no vector yet (%1): its row is all zeros, which makes flat, meaningless weights. Type its numbers, or fill it from the hashed generator.</numerusform>
            <numerusform>%n tokens have no vector yet (%1): their rows are all zeros, which makes flat, meaningless weights. Type their numbers, or fill them from the hashed generator.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Fill %n Row(s)</source>
        <translation>
            <numerusform>Fill %n Row</numerusform>
            <numerusform>Fill %n Rows</numerusform>
        </translation>
    </message>
</context>
</TS>
