#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the training lab's English <-> Chinese translation corpus,
resources/corpus/translation-corpus.tsv, from a small grammar (standard library only, the same
bytes on every run).

Usage: scripts/make-translation-corpus.py [OUT.tsv | -]
    (no argument: the file in resources/corpus; "-": standard output)

The grammar's sentences (S subject, V verb, O object, A adjective, P place, T time):
    S 喜欢 O            i like books                     (the same order)
    S 喜欢 A 的 O       she likes red flowers             (的 has no English word)
    S 在 P V            i study at school                 (the place moves behind the verb)
    S T 在 P V          we work at home every day         (and the time to the end)
    S T V 了 O          i read a book yesterday           (the time to the end; 了 has no word)
    S (T) 很 A          he is tired (today)               (很 has no word; am, is or are)
    S 明天 去 P         they will go to the park tomorrow
English verbs agree with their subject (he studies, i study) and take the past tense after
昨天 and 上周, and 看 is read before 书 but watch before 电影, so that a word's translation
depends on words elsewhere in the sentence. Every pair is written with its words separated by
single spaces; the test split holds only sentences whose every word occurs in the training
split.

The file: lines starting with "#" are comments; every other line is
SPLIT<TAB>CHINESE<TAB>ENGLISH with SPLIT "train" or "test", the training pairs first."""

import os
import random
import sys

SEED = 29
TRAIN_PAIRS = 400
TEST_PAIRS = 80
# Sentences every training split holds: the alignments the lab shows.
EXAMPLES = [('我 在 学校 学习', 'i study at school'),
            ('我 昨天 看 了 书', 'i read a book yesterday')]

# Chinese word, English word, person: 1 (i), 2 (you, we, they) or 3 (he, she).
SUBJECTS = [('我', 'i', 1), ('你', 'you', 2), ('他', 'he', 3), ('她', 'she', 3),
            ('我们', 'we', 2), ('他们', 'they', 2)]
# Objects liked in general (English plural or uncountable).
LIKED = [('书', 'books'), ('电影', 'movies'), ('音乐', 'music'), ('茶', 'tea'),
         ('咖啡', 'coffee'), ('苹果', 'apples'), ('猫', 'cats'), ('狗', 'dogs'), ('花', 'flowers')]
ADJECTIVES = [('红色', 'red'), ('新', 'new'), ('大', 'big'), ('小', 'small')]
COUNTABLE = [('书', 'books'), ('花', 'flowers'), ('猫', 'cats'), ('狗', 'dogs'),
             ('苹果', 'apples')]
# Places with their English preposition.
PLACES = [('学校', 'at school'), ('家', 'at home'), ('图书馆', 'at the library'),
          ('公园', 'in the park'), ('公司', 'at the office')]
# Verbs without an object: base form and third person singular.
ACTIVITIES = [('学习', 'study', 'studies'), ('工作', 'work', 'works'), ('吃饭', 'eat', 'eats'),
              ('休息', 'rest', 'rests'), ('跑步', 'run', 'runs')]
HABIT_TIMES = [('今天', 'today'), ('每天', 'every day')]
PAST_TIMES = [('昨天', 'yesterday'), ('上周', 'last week')]
# Verb and object in the past: the English verb depends on the object (看 书, 看 电影).
PAST_DEEDS = [('看', '书', 'read a book'), ('看', '电影', 'watched a movie'),
              ('吃', '苹果', 'ate an apple'), ('喝', '茶', 'drank tea'),
              ('喝', '咖啡', 'drank coffee'), ('写', '信', 'wrote a letter'),
              ('买', '书', 'bought a book'), ('买', '花', 'bought flowers'),
              ('听', '音乐', 'listened to music')]
FEELINGS = [('高兴', 'happy'), ('累', 'tired'), ('忙', 'busy'), ('饿', 'hungry')]
DESTINATIONS = [('学校', 'school'), ('图书馆', 'the library'), ('公园', 'the park'),
                ('公司', 'the office')]


def third(person, base, third_form):
    return third_form if person == 3 else base


def be(person, english):
    return 'am' if english == 'i' else 'is' if person == 3 else 'are'


def sentences():
    """Every sentence of the grammar, in a fixed order, as (chinese, english)."""
    out = []
    for zs, es, p in SUBJECTS:
        likes = third(p, 'like', 'likes')
        for zo, eo in LIKED:
            out.append((f'{zs} 喜欢 {zo}', f'{es} {likes} {eo}'))
        for za, ea in ADJECTIVES:
            for zo, eo in COUNTABLE:
                out.append((f'{zs} 喜欢 {za} 的 {zo}', f'{es} {likes} {ea} {eo}'))
        for zp, ep in PLACES:
            for zv, base, s in ACTIVITIES:
                out.append((f'{zs} 在 {zp} {zv}', f'{es} {third(p, base, s)} {ep}'))
                for zt, et in HABIT_TIMES:
                    out.append((f'{zs} {zt} 在 {zp} {zv}', f'{es} {third(p, base, s)} {ep} {et}'))
        for zt, et in PAST_TIMES:
            for zv, zo, deed in PAST_DEEDS:
                out.append((f'{zs} {zt} {zv} 了 {zo}', f'{es} {deed} {et}'))
        for zf, ef in FEELINGS:
            out.append((f'{zs} 很 {zf}', f'{es} {be(p, es)} {ef}'))
            out.append((f'{zs} 今天 很 {zf}', f'{es} {be(p, es)} {ef} today'))
        for zd, ed in DESTINATIONS:
            out.append((f'{zs} 明天 去 {zd}', f'{es} will go to {ed} tomorrow'))
    return out


def words(pair):
    return set(pair[0].split(' ')) | {'en:' + w for w in pair[1].split(' ')}


def corpus():
    """The training and test pairs."""
    every = sentences()
    assert len({zh for zh, _ in every}) == len(every), 'two sentences share their Chinese'
    assert len({en for _, en in every}) == len(every), 'two sentences share their English'
    for example in EXAMPLES:
        assert example in every, f'{example} is not a sentence of the grammar'
    rest = [pair for pair in every if pair not in EXAMPLES]
    random.Random(SEED).shuffle(rest)
    train = EXAMPLES + rest[:TRAIN_PAIRS - len(EXAMPLES)]
    known = set().union(*(words(pair) for pair in train))
    test = [pair for pair in rest[TRAIN_PAIRS - len(EXAMPLES):] if words(pair) <= known]
    assert len(test) >= TEST_PAIRS, 'too few test sentences with known words'
    return train, test[:TEST_PAIRS]


def text():
    train, test = corpus()
    lines = ['# The training lab\'s English <-> Chinese translation corpus: written by',
             '# scripts/make-translation-corpus.py (do not edit; run the script again).',
             '# SPLIT<TAB>CHINESE<TAB>ENGLISH, words separated by single spaces.']
    lines += [f'train\t{zh}\t{en}' for zh, en in train]
    lines += [f'test\t{zh}\t{en}' for zh, en in test]
    return '\n'.join(lines) + '\n'


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        here, '..', 'resources', 'corpus', 'translation-corpus.tsv')
    data = text().encode('utf-8')
    if out == '-':
        sys.stdout.buffer.write(data)
        return
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, 'wb') as f:
        f.write(data)


if __name__ == '__main__':
    main()
