"""Self-corrections said inside one turn (issue 21): "how much at whole paycheck I mean whole foods", "starbucks,
sorry, blue bottle", "uber in september — no, october", "a jar of 600 no wait make it 700", "groceries in august,
actually make that september", "uber, or rather uber eats", "tháng 9 …, à không, tháng 10".

The corrected part replaces the earlier part of the same kind — the subject (the names said), the period or the
amount — in the question as written, so every reader after it (the money parser, the router, the requests to act
of chat/actions/) reads the question as if it had been said right the first time. Where the correction could
replace more than one thing ("starbucks and uber, sorry, lyft") the nearest is replaced and the correction is marked
unclear, so the answer is not a confident one; a strong cue ("I mean", "or rather") followed by nothing readable is
left as said and marked unclear.

`corrections_applied(question, read=, today=)`: `read` parses a piece of text on its own (no conversation) into a
MoneyQuery — the parser's own `_parse`, or chat.context.understand.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from core.periods import HOLIDAY_NAMES_RE, Period
from transactions.query import grammar
from transactions.query.model import MoneyQuery
from transactions.query.periods import find_periods
from transactions.query.periods_alike import SAME_DAYS_RE
from transactions.query.periods_words import MONTH_RE

_FILL = r"(?:no|nah|nope|oops|sorry|wait|hmm+|uh+|um+|err?m?|oh|ah)"
# cues that always start a correction, after at least two words of question
_STRONG = (r"(?:i\s+mean(?:t)?(?:\s+to\s+say)?|what\s+i\s+meant\s+was|or\s+rather|make\s+(?:that|it)|"
           r"correction\s*:|scratch\s+that|let\s+me\s+correct\s+(?:that|myself)|ý\s+(?:tôi|mình|em|anh|chị)\s+là|"
           r"à\s+(?:không|nhầm)|nhầm(?:\s+rồi)?|không\s+phải(?:\s+vậy)?\s*,|"
           # a shrug at what was said, then what to use instead ("march or april, doesn't matter, say the last 3 months",
           # "june or july, whatever, just do the past 2 months"): what follows replaces what was shrugged off
           r"(?:whatever|(?:it\s+)?does(?:n'?t|\s+not)\s+matter|(?:i\s+)?do(?:n'?t|\s+not)\s+(?:really\s+)?care|who\s+cares|"
           r"either(?:\s+(?:one|way))?|any\s+of\s+(?:them|those)|not\s+sure)\s*[,.!;—–-]?\s*"
           r"(?:(?:let'?s\s+)?say|call\s+it|go\s+with|just(?:\s+(?:do|use|give\s+me))?|use))")
STRONG_RE = re.compile(rf"(?P<lead>(?:[\s,;:—–…]|\.\.+|\s-\s)\s*)(?:(?:{_FILL}|actually)\s*[,.!]?\s+)*"
                       rf"(?P<cue>{_STRONG})[\s,:]*",
                       re.I)
# fillers alone: "X, sorry, Y", "X — no, Y", "X... sorry Y", "X no wait Y", ", actually Y"
# "no"/"nope" alone is a correction only with its comma ("uber — no, lyft"): "spending, no rent" leaves rent out
WEAK_RE = re.compile(rf"(?P<lead>\s*(?:[,;—–…]|\.\.+|\s-\s)\s*)(?P<cue>(?:(?:{_FILL}|actually)\s*[,.!]?\s*)*(?:(?:sorry|actually|"
                     rf"wait|oops|xin\s+lỗi)(?=\s*,|\s+[^\s,])|(?:no|nope)(?=\s*[,.!—–])))\s*(?:[,.!—–]\s*|\s+(?=[^\s,]))",
                     re.I)
RUN_RE = re.compile(r"(?P<lead>\s+)(?P<cue>(?:no|oops|sorry)\s*,?\s*wait|wait\s*,?\s*(?:no|sorry)|no\s*,?\s*sorry|"
                    r"sorry\s*,?\s*no)\b[\s,.!]*", re.I)
DEFINING_RE = re.compile(r"\b(?i:by)\s+(?:(?i:the|my|our)\s+)?[A-Za-z][A-Za-z' ]{0,25}?\s*$")
BODY_END_RE = re.compile(r"\s*(?:[,;.?!()—–]|\s-\s|$)")
LEAD_WORDS_RE = re.compile(r"^(?:(?:that|it|it's|it is|to|is|was|the)\s+)+", re.I)
AMOUNT_BODY_RE = re.compile(r"^(?P<amount>(?:\$|€|£)?\s*\d[\d,]*(?:\.\d+)?\s*(?:k|dollars?|bucks|usd|eur|đ|đồng|"
                            r"nghìn|ngàn|triệu|tr)?)(?P<tail>(?:\s+\S+){0,4})$", re.I)
AMOUNT_RE = re.compile(r"(?:\$|€|£)?\d[\d,]*(?:\.\d+)?(?:\s*(?:k\b|dollars?\b|bucks\b|usd\b|đ\b|nghìn\b|triệu\b))?",
                       re.I)
# a correction that is itself a request ("just move them to Groceries"): it restates the request, it names no subject
REQUEST_BODY_RE = re.compile(r"^(?:(?:just|only|please|pls|instead)\s+)*(?:move|put|file|mark|tag|label|recategori[sz]e|"
                             r"categori[sz]e|create|start|add|log|delete|remove|set\s+up)\b", re.I)
SAME_WRITTEN_RE = re.compile(SAME_DAYS_RE.pattern, re.I)
# the cue said after what it corrects, at the end of the question ("what did I put in the car … petrol i mean")
AFTERWORD_RE = re.compile(r"(?P<sep>\s*(?:\.\.+|…|[,;—–]|\s-\s)\s*)(?P<body>[^\s,;.…—–?!][^,;.…—–?!]{0,40}?)\s*,?\s+"
                          r"(?P<cue>i\s+mean)\s*[.!?]*\s*$", re.I)
SHRUG_RE = re.compile(r"(?:whatever|it\s+does|does|i\s+do|do|who|either|any|not)\b", re.I)
YEAR_RE = re.compile(r"\b(?:19|20)\d{2}\b")
# a month or a holiday by its name: a year said after it places it
NAMED_DAY_RE = re.compile(rf"\b(?:{MONTH_RE}|{HOLIDAY_NAMES_RE})\b")
PREPOSITION = {"in", "for", "during", "over", "on", "at", "from", "of", "trong", "cho", "tại", "o"}


@dataclass
class Correction:
    said: str  # the cue and what it says, as written
    replaced: str  # the earlier words it replaces ("" when it only adds)
    by: str
    clear: bool = True

    def as_dict(self) -> dict:
        return {"said": self.said, "replaced": self.replaced, "by": self.by, "clear": self.clear}


def _words_before(text: str, end: int) -> int:
    return len(re.findall(r"\w+", text[:end]))


def _cues(question: str) -> list[tuple[re.Match[str], bool]]:
    """The cues of a correction with a question before them, first said first: (match, strong?)."""
    found = []
    for k, (rx, strong) in enumerate(((STRONG_RE, True), (RUN_RE, True), (WEAK_RE, False))):
        for m in rx.finditer(question):
            if DEFINING_RE.search(question[:m.start("cue")]):
                continue  # "by fixed costs I mean rent and Netflix" defines a word (restatements.py)
            if _words_before(question, m.start()) >= 2 and question[m.end():].strip(" ,.?!"):
                found.append((m.start(), k, m, strong))
    return [(m, strong) for _, _, m, strong in sorted(found, key=lambda f: (f[0], f[1]))]


def _written(word: str) -> str:
    """A token of the parser ("joes", "whole paycheck") as the question may write it ("Joe's", "Whole  Paycheck")."""
    parts = [r"'?".join(re.escape(ch) for ch in w) for w in word.split()]
    return r"\b" + r"[\s-]+".join(parts) + r"'?s?\b"


def _last(pattern: str, text: str) -> tuple[int, int] | None:
    spans = [m.span() for m in re.finditer(pattern, text, re.I)]
    return spans[-1] if spans else None


def _period_span(text: str, today: date) -> tuple[int, int] | None:
    """The last period said in `text` (as written): the longest run of words that reads as one period alone."""
    if not find_periods(grammar.normalise(text), today):
        return None
    words = list(re.finditer(r"[^\s,;?!]+", text))
    best = None
    for j in range(len(words) - 1, -1, -1):
        for i in range(max(0, j - 5), j + 1):
            if words[i].group(0).lower() in PREPOSITION:
                continue
            piece = grammar.normalise(text[words[i].start():words[j].end()])
            found = find_periods(piece, today)
            if len(found) == 1 and not piece[:found[0][1][0]].strip() and \
                    piece[found[0][1][1]:].strip(" .") in ("", "that", "then", "this"):  # "the month before that"
                best = (words[i].start(), words[j].end())
                break
        if best:
            # "the same point last month? I mean all of last month": the whole phrase said for the period is replaced
            alike = [m for m in SAME_WRITTEN_RE.finditer(text) if m.start() <= best[0] < m.end()]
            return (alike[-1].start(), max(best[1], alike[-1].end())) if alike else best
    return None


OR_BEFORE_RE = re.compile(r"(?:\s*,)?\s+(?:or|/)\s*$|\s*/\s*$", re.I)


def _alternatives(text: str, span: tuple[int, int] | None, today: date) -> tuple[int, int] | None:
    """The span of the periods offered as choices ("march or april", "june, july or august") that ends with `span`:
    a correction of them replaces them all (never "march or the last 3 months")."""
    while span is not None and (join := OR_BEFORE_RE.search(text[:span[0]])):
        earlier = _period_span(text[:join.start()], today)
        if earlier is None or text[earlier[1]:join.start()].strip():
            break
        span = (earlier[0], span[1])
    return span


def _in_year_of(body: str, said: Period, replaced: str, today: date) -> str:
    """A period said again more widely, without a year of its own ("over Christmas last year, I mean the whole of
    December"): in the year of the one it restates, where that year's (and not the latest) overlaps it."""
    earlier = find_periods(grammar.normalise(replaced), today)
    if said.relative or said.grain in ("year", "all") or len(earlier) != 1 or earlier[0][0].relative \
            or YEAR_RE.search(body) or re.search(r"\byears?\b", body, re.I):
        return body
    first = earlier[0][0]
    for shifted in (said, said.shifted(years=-1), said.shifted(years=1)):
        if shifted.start <= first.end and first.start <= shifted.end:
            same_year = shifted.start.year == shifted.end.year
            return body if shifted is said or not same_year else f"{body} {shifted.start.year}"
    return body


def _places_in_year(r: MoneyQuery, replaced: str, today: date) -> bool:
    """A year said alone after a month or a holiday with none ("groceries in december, last year I mean"): it says
    which one, it does not replace it."""
    if r.period is None or r.period.grain != "year" or _names(r) or YEAR_RE.search(replaced) \
            or not NAMED_DAY_RE.search(grammar.normalise(replaced)):
        return False
    earlier = find_periods(grammar.normalise(replaced), today)
    return len(earlier) == 1 and not earlier[0][0].relative and earlier[0][0].grain in ("month", "day")


def _subjects(q: MoneyQuery) -> list[str]:
    said = [x.mention for x in q.links if not x.negated and x.kind in ("merchant", "category", "text", "concept")]
    return list(dict.fromkeys([*said, *q.unknown, *[w for w in q.things if w not in said]]))


def _names(q: MoneyQuery) -> bool:
    return bool(q.merchants or q.categories or q.text or q.unknown or q.things)


# what leaves a thing out, as written ("not counting rent", "leaving out Amazon", "except for the rent"), to the end of
# its clause
EXCLUSION_SAID_RE = re.compile(r"(?:,\s*|\s+)(?:(?:but|and)\s+)?(?:except(?:\s+for)?|excluding|without|minus|other\s+than|"
                               r"besides|apart\s+from|aside\s+from|leaving\s+out|leave\s+out|ignoring|"
                               r"(?:not|n't|don'?t|do\s+not)\s+(?:count(?:ing)?|includ(?:e|ing)))\s+[^,;?!—–]*", re.I)
# a correction that takes everything back in: "counting everything", "include it all", "with everything", "all of it"
EVERYTHING_BODY_RE = re.compile(r"^(?:(?:just|actually|ok|okay|yes|yeah)\s+)*(?:(?:count(?:ing)?|includ(?:e|ing)|keep(?:ing)?|"
                                r"with|leave|leaving)\s+(?:in\s+)?)?(?:everything|it\s+all|all\s+of\s+it|the\s+lot|"
                                r"all\s+(?:of\s+)?(?:my\s+)?(?:spending|expenses|of\s+them))(?:\s+in|\s+included)?$"
                                r"|^(?:count(?:ing)?|includ(?:e|ing)|keep(?:ing)?)\s+(?:it|them|that|those)(?:\s+in)?$",
                                re.I)


def _exclusion_withdrawn(before: str, body: str) -> tuple[str, str] | None:
    """`before` without the thing it left out, when the correction takes everything back in; (text, words dropped)."""
    if not EVERYTHING_BODY_RE.match(body):
        return None
    said = list(EXCLUSION_SAID_RE.finditer(before))
    if not said:
        return None
    m = said[-1]
    return before[:m.start()] + before[m.end():], m.group(0).strip(" ,")


def _amount_replaced(before: str, body: str) -> tuple[str, str] | None:
    m = AMOUNT_BODY_RE.match(body)
    if not m:
        return None
    olds = [a for a in AMOUNT_RE.finditer(before) if re.search(r"\d", a.group(0))]
    if not olds:
        return None
    old = olds[-1]
    amount, tail = m.group("amount").strip(), m.group("tail").strip()
    rest = before[old.end():]
    if tail and tail.lower() in rest.lower():
        tail = ""
    return before[:old.start()] + amount + (" " + tail if tail else "") + rest, old.group(0).strip()


def _one(question: str, read: Callable[[str], MoneyQuery], today: date) -> tuple[str, Correction] | None:
    for m, strong in _cues(question):
        step = _at(question, m, strong, read, today)
        if step is not None:
            return step
    return None


def _at(question: str, m: re.Match[str], strong: bool, read: Callable[[str], MoneyQuery], today: date
        ) -> tuple[str, Correction] | None:
    before, rest = question[:m.start()], question[m.end():]
    end = BODY_END_RE.search(rest)
    if end is None:
        return None
    body, after = rest[:end.start()].strip(), rest[end.start():]
    said = (m.group(0) + body).strip(" ,;—–.")
    body = LEAD_WORDS_RE.sub("", body).strip()
    if not body or REQUEST_BODY_RE.match(body):
        return None  # "…as a work expense… actually no, just move them to Groceries": a request said again, read whole
    withdrawn = _exclusion_withdrawn(before, body)
    if withdrawn is not None:  # "not counting rent, no wait, counting everything": nothing is left out
        return withdrawn[0] + after, Correction(said, withdrawn[1], body)
    amounted = _amount_replaced(before, body)
    if amounted is not None:
        return amounted[0] + after, Correction(said, amounted[1], body)
    r = read(body)
    if not (_names(r) or r.period is not None) and (r.exclude_merchants or r.exclude_categories):
        # "counting everything, no wait, not counting rent": the later word wins, rent is left out
        return (before.rstrip(" ,;—–") + ", " + body + after, Correction(said, "", body))
    if not (_names(r) or r.period is not None):
        if strong and SHRUG_RE.match(m.group("cue")):
            return None  # "june or july, whatever, just the total": no correction, the question goes on
        if strong:  # "I mean the thing with the stuff": not understood, and said so
            return None if not re.search(r"\w", body) else (question, Correction(said, "", body, clear=False))
        return None
    replaced: list[str] = []
    clear = True
    if r.period is not None:
        span = _alternatives(before, _period_span(before, today), today)
        if span is not None:
            replaced.append(before[span[0]:span[1]])
            body = _in_year_of(body, r.period, before[span[0]:span[1]], today)
            if _places_in_year(r, before[span[0]:span[1]], today):
                body = f"{before[span[0]:span[1]]} {body}"  # "in december, last year I mean": that december
            if _names(r):
                before = before[:span[0]] + before[span[1]:]
            else:
                return (before[:span[0]] + body + before[span[1]:] + after,
                        Correction(said, replaced[0], body))
    if _names(r):
        old = _subjects(read(before))
        spans = sorted(s for s in (_last(_written(w), before) for w in old) if s)
        if spans:
            # the nearest thing said is what the correction replaces; when it names fewer things than were said,
            # which one it replaces is a guess
            many = len(spans) > 1 and len(_subjects(r)) < len(spans)
            a, b = spans[-1] if many else (spans[0][0], spans[-1][1])
            clear = not many
            replaced.append(before[a:b])
            return before[:a] + body + before[b:] + after, Correction(said, " ".join(replaced), body, clear)
    return (before.rstrip(" ,;—–") + " " + body + after,
            Correction(said, " ".join(replaced), body, clear))


def corrections_applied(question: str, *, read: Callable[[str], MoneyQuery], today: date
                        ) -> tuple[str, list[Correction]]:
    """The question with each correction it makes of itself applied, and the corrections (as said)."""
    done: list[Correction] = []
    question = AFTERWORD_RE.sub(lambda m: m.group(0) if re.search(r"\b(?:what|how|know|see|if)$", m["body"], re.I)
                                else f"{m['sep']}{m['cue']} {m['body']}", question)  # "… petrol i mean" ("you know what i mean": no)
    for _ in range(3):
        step = _one(question, read, today)
        if step is None:
            break
        if step[0] == question:
            done.append(step[1])
            break
        question, correction = step
        question = re.sub(r"\s{2,}", " ", question).strip()
        done.append(correction)
    return question, done
