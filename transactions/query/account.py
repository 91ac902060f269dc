"""The account of every word of a money question: which part of the query it became (a period, an amount, a day
of the week, one of the user's merchants or categories, something to leave out), a word of the grammar (what is
measured, "except", "plus", "per"…), a function word, or not understood. Clients show it so a person sees which
of their words Moneta did not use (chat API: the answer's `understanding`).

Words the parser left unplaced that are part of what it read after all: the edges of the period said as dates ("the
1st through the 15th", "(oct 1 → dec 31)") or its length as a count ("n=14 days exactly") — role "period"
(`span_said`, read by chat/word_roles.py against the spans that ran too) — and the people someone spent with ("chipotle
runs w the kids", "dinners with my wife": company, not what was bought; "for the kids" stays a word to understand) —
role "function" (`companion`)."""
from __future__ import annotations

import re
from datetime import date

from core.periods import add_months
from core.text import strip_accents
from transactions.query.amounts import find_amounts
from transactions.query.grammar import normalise
from transactions.query.lexicon import GRAMMAR_WORDS
from transactions.query.model import MoneyQuery
from transactions.query.name_matching import tokens
from transactions.query.periods import find_periods
from transactions.query.periods_words import MONTH_RE, MONTHS, words_number
from transactions.query.weekdays import find_weekdays

WORD_RE = re.compile(r"[a-z0-9&'.+-]+")
PREPOSITIONS = frozenset({"across", "throughout", "spanning", "covering"})
NOW_WORDS = frozenset({"today", "now", "tonight", "present"})
# a date said by its day, with or without its month: "the 1st", "15th", "oct 1", "1st of june", "june 1st"
ORD = r"(\d{1,2})(?:st|nd|rd|th)?"
DATE_RE = re.compile(rf"\b(?:(?P<m1>{MONTH_RE})\.? {ORD}|{ORD.replace('(', '(?P<d2>', 1)} (?:of )?(?P<m2>{MONTH_RE})|"
                     rf"(?:the )?(?P<d3>\d{{1,2}})(?:st|nd|rd|th)|(?P<d4>\d{{1,2}})(?= ?(?:→|->|-|–|thru|through|to|till|until)\b))"
                     rf"(?:,? (?P<y>(?:19|20)\d\d))?\b")
COUNT_RE = re.compile(r"^(?:(?:the|last|past|n|exactly|about|the last|the past) )*(\d{1,3}|[a-z]+(?: [a-z]+)?) "
                      r"(days?|weeks?|months?)(?: exactly)?$")
# words of the edges of a span themselves ("both endpoints inclusive", "today included")
EDGE_WORDS = frozenset({"inclusive", "endpoints", "endpoint", "ends", "included", "exactly"})
# words that join the edges of a span ("from the 1st through the 15th", "both endpoints inclusive")
RANGE_WORDS = frozenset({"from", "to", "through", "thru", "till", "until", "and", "the", "of", "inclusive", "both",
                         "included", "including", "starting", "ending", "between", "on", "n"})

# people someone goes out with; said after "with" they are company, never a filter of the purchases
PEOPLE = frozenset("""kids kid children child baby babies wife husband partner spouse family friends friend mates mate
girlfriend boyfriend gf bf mom mum dad parents roommate roommates coworkers colleagues coworker colleague boss team son
daughter sons daughters bros sister brother sisters brothers fam guys folks in-laws inlaws grandma grandpa""".split())
WITH_RE = r"(?:with|w/?|along with|together with)\s+(?:the\s+|my\s+|our\s+|a\s+|some\s+|a few\s+|couple of\s+)*"


def _edges_said(text: str, spans: list[tuple[date, date]]) -> bool:
    """Is every date of the phrase the first or last day of a span that ran, and every other word one that joins them?"""
    edges = {d for span in spans for d in span}
    found = list(DATE_RE.finditer(text))
    if not found or not edges:
        return False
    for m in found:
        day = int(m.group(2) or m.group("d2") or m.group("d3") or m.group("d4"))
        month = MONTHS.get(m.group("m1") or m.group("m2") or "")
        year = int(m.group("y")) if m.group("y") else None
        if not any(e.day == day and (month is None or e.month == month) and (year is None or e.year == year)
                   for e in edges):
            return False
    rest = re.findall(r"[^\W_]+", DATE_RE.sub(" ", text))
    return all(w in RANGE_WORDS or w in NOW_WORDS or w in PREPOSITIONS for w in rest)


def _length_said(text: str, spans: list[tuple[date, date]]) -> bool:
    """"14 days", "two weeks", "3 months": a span that ran is that long."""
    if not (m := COUNT_RE.match(text)):
        return False
    n = int(m.group(1)) if m.group(1).isdigit() else words_number(m.group(1))
    if not n:
        return False
    unit = m.group(2)
    for a, b in spans:
        days = (b - a).days + 1
        if unit.startswith("day") and days == n or unit.startswith("week") and days == 7 * n or \
                unit.startswith("month") and (add_months(a, n) - b).days in (0, 1):
            return True
    return False


def span_said(phrase: str, spans: list[tuple[date, date]], today: date | None = None) -> bool:
    """Is this unplaced phrase the edges or the length of a span that ran ("the 1st through the 15th", "14 days"), or
    only words of its edges ("both endpoints inclusive"; "today included" when a span ends today)?"""
    text = " ".join(re.findall(r"[^\W_]+|→|->|–", strip_accents((phrase or "").lower())))
    if not spans:
        return False
    words = text.split()
    if words and all(w in RANGE_WORDS | EDGE_WORDS | NOW_WORDS for w in words) and set(words) & (EDGE_WORDS | NOW_WORDS):
        return not set(words) & NOW_WORDS or (today is not None and any(end >= today for _, end in spans))
    return _edges_said(text, spans) or _length_said(text, spans)


def companion(phrase: str, question: str) -> bool:
    """Is this unplaced phrase the people someone spent with ("w the kids"), said after "with"?"""
    words = (phrase or "").lower().split()
    if not words or not all(w in PEOPLE for w in words):
        return False
    return re.search(rf"(?<!\w){WITH_RE}{re.escape(' '.join(words))}\b", (question or "").lower()) is not None


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


def _query_spans(q: MoneyQuery) -> list[tuple[date, date]]:
    periods = [q.period] + [getattr(s, "period", None) for s in (q.compare or {}).get("sides") or []]
    return [(p.start, p.end) for p in periods if p is not None and p.grain != "all"]


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
    # the edges or the length of the span read, said again in words ("the 1st through the 15th"): part of the period
    spans = _query_spans(q)
    # and the people they went with ("w the kids"): company, not what was bought
    not_understood = [*[w for w in [*q.unknown, *q.ignored] if not span_said(w, spans, today) and
                        not companion(w, question)],
                      *q.excluded_unknown]
    for phrase in [*q.unknown, *q.ignored]:
        if phrase not in not_understood:
            for i in _phrase_marks(words, phrase):
                roles[i].setdefault("role", "function" if companion(phrase, question) else "period")
    for phrase in not_understood:
        for i in _phrase_marks(words, phrase):
            roles[i].setdefault("role", "unknown")
    for entry in roles:
        if "role" not in entry:
            # what the grammar reads (union, exclusion, ranking, per-unit, ranges), else a word that carries no
            # filter: asking words, measure words, words the parser consumed
            entry["role"] = "grammar" if entry["word"] in GRAMMAR_WORDS else "function"
    return {"words": roles, "not_understood": not_understood}
