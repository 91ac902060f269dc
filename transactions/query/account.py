"""The account of every word of a money question: which part of the query it became (a period, an amount, a day
of the week, one of the user's merchants or categories, something to leave out), a word of the grammar (what is
measured, "except", "plus", "per"…), a function word, or not understood. Clients show it so a person sees which
of their words Moneta did not use (chat API: the answer's `understanding`)."""
from __future__ import annotations

import re
from datetime import date

from transactions.query.grammar import find_amounts, find_weekdays, normalise
from transactions.query.lexicon import GRAMMAR_WORDS
from transactions.query.model import MoneyQuery
from transactions.query.name_matching import tokens
from transactions.query.periods import find_periods

WORD_RE = re.compile(r"[a-z0-9&'.+-]+")


def _inside(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(a <= span[0] and span[1] <= b for a, b in spans)


def _phrase_marks(words: list[str], phrase: str) -> list[int]:
    """Indexes of the words that spell `phrase` (first occurrence)."""
    want = tokens(phrase)
    n = len(want)
    for i in range(len(words) - n + 1):
        if words[i:i + n] == want:
            return list(range(i, i + n))
    return []


def word_account(question: str, q: MoneyQuery, *, today: date) -> dict:
    """{"words": [{"word", "role", "names"?, "how"?, "mention"?}], "not_understood": [...]}; role is one of period,
    amount, weekday, merchant, category, text, concept, excluded, grammar, function, unknown; a name's `how` says how
    it was matched (exact, spelling, prefix, initials, nickname, concept, meaning, alias…) and `mention` the whole
    phrase it was read from; a misspelt word of the grammar is given as read, with `said` as written."""
    text = normalise(question)
    periods = [s for _, s in find_periods(text, today)]
    _, _, amounts = find_amounts(text)
    _, weekdays = find_weekdays(text)
    found = [(m.group(0), m.span()) for m in WORD_RE.finditer(text)]
    words = [tokens(w)[0] if tokens(w) else w for w, _ in found]
    roles: list[dict] = [{"word": w} for w in words]
    # a misspelt word of the grammar was read as the word it misspells (transactions/query/spelling.py)
    said = [m.group(0) for m in WORD_RE.finditer(normalise(question, respelt=False))]
    if len(said) == len(found):
        for entry, (word, _), written in zip(roles, found, said):
            if written != word:
                entry.update(said=written, how="spelling")
    for i, (_, span) in enumerate(found):
        role = "period" if _inside(span, periods) else "amount" if _inside(span, amounts) else \
            "weekday" if _inside(span, weekdays) else None
        if role:
            roles[i]["role"] = role
    for link in q.links:
        for i in _phrase_marks(words, link.mention):
            if "role" not in roles[i]:
                roles[i].update(role="excluded" if link.negated else link.kind, names=list(link.names), how=link.how,
                                mention=link.mention)
    not_understood = [*q.unknown, *q.ignored, *q.excluded_unknown]
    for phrase in not_understood:
        for i in _phrase_marks(words, phrase):
            roles[i].setdefault("role", "unknown")
    for entry in roles:
        if "role" not in entry:
            # what the grammar reads (union, exclusion, ranking, per-unit, ranges), else a word that carries no
            # filter: asking words, measure words, words the parser consumed
            entry["role"] = "grammar" if entry["word"] in GRAMMAR_WORDS else "function"
    return {"words": roles, "not_understood": not_understood}
