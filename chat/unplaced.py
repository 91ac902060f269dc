"""Words of the question the parser left unplaced, judged for the confidence check (chat/grounding.py): could the
word be a shop's name ("nothing at Costco" is then the answer), or did the tools that ran account for it anyway ("the
same 2 months" answered over two months side by side, "sept thru dec last year" answered over those months of last
year)?"""
from __future__ import annotations

import re
from datetime import date
from typing import Any

from transactions.brands import brand_index
from transactions.query import strip_accents
from transactions.query.closed_words import closed_class_only
from transactions.query.periods import find_periods
from transactions.query.periods_words import EN_COUNTS
from transactions.query.spelling import common_words
from transactions.query.vietnamese_chat import VI_CHARS

# before a name, words that make the mention a verb or an adverb of the sentence ("did I fly anywhere")
NOT_A_NAME_BEFORE = re.compile(r"(?:^|\W)(?:i|we|you|they|he|she|did|do|does|will|would|can|could|to)\W*$")
UNITS = r"(?:days?|weeks?|months?|mos?|years?|yrs?|quarters?|ngay|tuan|thang|nam)"
COUNTED_PERIODS_RE = re.compile(rf"^(?:(?:the|those|these|same|that|last|past|previous|prior|hai|ba|bon) )*"
                                rf"(\d{{1,2}}|two|three|four|five|six|seven|eight|nine|ten|twelve) {UNITS}$")


def written_in_vietnamese(phrase: str, question: str) -> bool:
    """Was this (accent-stripped) phrase written with Vietnamese letters in the question? Brands are written
    without them ("Grab", "Highlands"); "tổng cộng", "thời tiết" are words of the sentence."""
    wanted = set(phrase.split())
    return any(VI_CHARS.search(word) for word in re.findall(r"[^\W\d_]+", question)
               if strip_accents(word.lower()) in wanted)


def name_like(mention: str, question: str) -> bool:
    """Could this unplaced mention be the name of a shop ("costco", "home depot", "peet's")? One or two words of three
    letters or more, none of a closed class, not written with Vietnamese letters, said where a name goes (not after
    "I" or "did": "did I fly anywhere" says a verb)."""
    words = mention.split()
    # "cost co", "wal greens": one name written in two pieces (transactions/query/linking_sentence.split_names)
    pieces = len(words) == 2 and len("".join(words)) >= 5 and "".join(words) not in common_words()
    if not 1 <= len(words) <= 2 or any((len(w) < 3 and not (pieces and len(w) == 2))
                                       or not w.replace("'", "").isalpha() or closed_class_only(w, question)
                                       for w in words) or written_in_vietnamese(mention, question):
        return False
    lowered = strip_accents(question.lower()).replace("'", "").replace("’", "")
    at = re.search(r"(?<!\w)" + r"\W*".join(re.escape(w.replace("'", "")) for w in words) + r"(?!\w)", lowered)
    return at is not None and not NOT_A_NAME_BEFORE.search(lowered[:at.start()])


def _spans(records: list[Any]) -> list[tuple[date, date]]:
    from chat.turn_signals import _spans as spans_of  # chat.turn_signals loads the action tools: imported on use

    out: list[tuple[date, date]] = []
    for r in records:
        result = r.result if isinstance(r.result, dict) else {}
        for part in (r.arguments or {}, result.get("query") or {}, {"start": result.get("start"),
                                                                     "end": result.get("end")}):
            spans_of(part, out)
    return out


def accounted_by_tools(phrase: str, records: list[Any], today: date) -> bool:
    """An unplaced period phrase the tools that ran carried out anyway: "2 months" with two periods compared (or a
    span of two months), "last year" with every span inside last year."""
    from chat.turn_signals import _used_numbers  # imported on use (see _spans)

    text = strip_accents(phrase.lower()).strip()
    ran = [r for r in records if not r.error]
    if m := COUNTED_PERIODS_RE.match(text):
        n = float(EN_COUNTS.get(m.group(1)) or m.group(1))
        return n in _used_numbers(ran)
    found = find_periods(text, today)
    spans = _spans(ran)
    if len(found) != 1 or found[0][1] != (0, len(text)) or not spans:
        return False
    period = found[0][0]
    return all(period.start <= s[0] and s[1] <= period.end for s in spans)


# a join of a union ("whole foods and aldi", "groceries plus costco", "sprouts & amazon", "groceries including costco")
UNION_JOIN = r"(?:,|&|\+|\band\b|\bor\b|\bplus\b|\bincluding\b|\bincl\b|\bva\b|\bhoac\b)"


def lacking_in_union(mention: str, question: str, understood: dict) -> bool:
    """Is this unknown mention a shop they never had, joined in a union to names of theirs ("trader joes and aldi
    together")? Then "nothing is called aldi" beside the total of the rest is the answer — medium confidence, like
    "nothing at Costco" alone — not a word left unread. Not when it is close to a name of theirs (a misspelling),
    a thing ("the boat"), an everyday word, or the question compares or ranks."""
    words = mention.split()
    # everyday words that are a brand's whole name ("patel brothers") are that brand, not a thing or words unread
    branded = len(words) >= 2 and (index := brand_index()) is not None and bool(index.match(mention)[1])
    if (understood.get("suggestions") or {}).get(mention) or (mention in (understood.get("things") or {})
                                                              and not branded):
        return False
    if any(side.get("text") == [mention] and not side.get("merchants") and not side.get("categories")
           for side in (understood.get("compare") or {}).get("sides") or []):
        return True  # "Costco vs Whole Foods": the name they never had is a side of its own, shown as none ($0)
    if understood.get("measure") not in ("total", "count", "monthly_average") or understood.get("compare") \
            or (any(w in common_words() for w in words) and not branded) or not name_like(mention, question):
        return False
    lowered = strip_accents(question.lower()).replace("'", "").replace("’", "")
    said = r"\W*".join(re.escape(w.replace("'", "")) for w in words)
    return re.search(rf"{UNION_JOIN}\s*(?:the\s+)?{said}(?!\w)|(?<!\w){said}\s*{UNION_JOIN}", lowered) is not None
