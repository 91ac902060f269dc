"""A row of the last answer named by a word instead of its place: after a list of transactions, "the tv", "how much
was the flight one", "that Target thing" is the row whose merchant, description or category has that word, or whose
merchant or category the word names ("flight" → their airline). The turn then asks about exactly those rows (their
merchant and amounts, over the last answer's period). When no row shown has the word, the turn points at nothing that
was shown (`row_word_unmatched`): the chat says so and is not confident (chat/followup_doubt.py)."""
from __future__ import annotations

import re
from decimal import Decimal

from transactions.query.grammar import normalise
from transactions.query.lexicon import GRAMMAR_WORDS
from transactions.query.model import MoneyQuery

ROW_MEASURES = ("largest", "smallest", "list")
NOUNS = r"(?:one|ones|thing|charge|purchase|payment|transaction|item|order|bill|expense|entry|row)"
# "the tv", "the flight one", "that target thing", "this amazon charge" — one or two words after the determiner
NAMED_RE = re.compile(rf"\b(?:the|that|this)\s+(?P<words>[a-z][a-z0-9&'-]*(?:\s+[a-z][a-z0-9&'-]*)?)(?:\s+{NOUNS})?\b")
# Vietnamese: "khoản uber đó", "cái tivi kia", "món nhà hàng ấy" (accents stripped by normalise)
VI_NAMED_RE = re.compile(r"\b(?:cai|khoan|mon|giao dich)\s+(?P<words>[a-z][a-z0-9&'-]*(?:\s+[a-z][a-z0-9&'-]*)?)\s+"
                         r"(?:do|kia|ay|nay)\b")
# words that are no name of a row: places, periods, measures, pointers
NOT_A_NAME = {"first", "second", "third", "fourth", "fifth", "last", "next", "other", "same", "biggest", "largest",
              "smallest", "cheapest", "priciest", "top", "bottom", "rest", "total", "sum", "month", "week", "year", "day",
              "time", "period", "list", "answer", "figure", "amount", "number", "most", "least", "earliest", "latest",
              "newest", "oldest", "one", "ones", "thing", "things", "lot", "money", "spending", "stuff", "two",
              "three", "recent", "previous", "expensive", "big", "small", "end", "start", "beginning", "difference",
              "lon", "nhat", "nho", "dau", "cuoi", "tien", "gi", "nao", "thang", "tuan", "nam", "ngay", "tong"}
# words that join a phrase rather than name anything ("the same for amazon", "the rest of it")
FUNCTION_WORDS = set("""for of in on at to from by with and or but if so as than about into over under is was are were be
do did does it its this that these those my your our a an the again too then now there here what which how before
after earlier later else""".split())
MOST_WORDS = 10  # a longer turn asks something of its own
# a turn that acts on a row or leaves it out is not asking about it (the action reader, the exclusions)
ACTS_RE = re.compile(r"\b(?:delete|remove|erase|drop|move|file|re-?categori[sz]e|categori[sz]e|tag|mark|split|cancel|"
                     r"without|except|excluding|minus|besides|xoa|bo)\b")


def _words(text: str) -> set[str]:
    out = set()
    for w in re.findall(r"[a-z0-9&']+", normalise(text or "")):
        out.add(w)
        if len(w) > 3 and w.endswith("s"):
            out.add(w[:-1])  # "tvs", "flights"
    return out


def _mention(text: str) -> tuple[str, tuple[int, int]] | None:
    """The word(s) naming a row, and where they are said."""
    for m in [*NAMED_RE.finditer(text), *VI_NAMED_RE.finditer(text)]:
        said = m.group("words").split()
        if re.fullmatch(NOUNS, said[0]):
            continue  # "the one before that", "the charge after it": a place among the rows, no name
        words = [w for w in said if not re.fullmatch(NOUNS, w)]
        if not words or any(w in NOT_A_NAME or w in FUNCTION_WORDS for w in words) \
                or all(w in GRAMMAR_WORDS for w in words):
            continue  # "the first one", "the same for amazon", "the whole month": a place, a period, a measure
        return " ".join(words), m.span()
    return None


def _matches(row: dict, words: list[str], linked: set[str]) -> bool:
    said = _words(" ".join(str(row.get(k) or "") for k in ("merchant", "description", "category")))
    if all(w in said or (w.endswith("s") and w[:-1] in said) for w in words):
        return True
    return bool(linked & {str(row.get("merchant") or "").lower(), str(row.get("category") or "").lower()})


def _pointed(question: str, q: MoneyQuery, previous: MoneyQuery | None, shown: dict | None
             ) -> tuple[str, list[dict]] | None:
    """(the word(s) naming rows of the last answer, the rows shown that have them) when the turn names rows so."""
    rows = (shown or {}).get("listed") or (shown or {}).get("rows") or []
    if previous is None or previous.measure not in ROW_MEASURES or not rows or previous.compare:
        return None
    text = normalise(question)
    if len(text.split()) > MOST_WORDS or (q.period is not None and q.period != previous.period) or ACTS_RE.search(text) \
            or q.excludes or q.excluded_unknown:
        return None
    found = _mention(text)
    if found is None:
        return None
    words = found[0].split()
    linked = {str(n).lower() for x in q.links if not x.negated and set(_words(x.mention)) & set(words) for n in x.names}
    return found[0], [r for r in rows if _matches(r, words, linked)]


def named_row(question: str, q: MoneyQuery, previous: MoneyQuery | None, shown: dict | None) -> MoneyQuery | None:
    """The turn asking about the rows of the last answer it names by a word (their merchant and amounts, over the
    last answer's period); None when it names none that way, or none of the rows shown has the word."""
    pointed = _pointed(question, q, previous, shown)
    if pointed is None or not pointed[1] or previous is None:
        return None
    hits = pointed[1]
    amounts = [abs(Decimal(str(r["amount"]))) for r in hits if r.get("amount") is not None]
    merchants = list(dict.fromkeys(str(r["merchant"]) for r in hits if r.get("merchant")))
    if len(amounts) != len(hits):
        return None
    out = MoneyQuery.from_dict(previous.as_dict())
    out.followup, out.language, out.unknown, out.ignored, out.suggestions = True, q.language, [], [], {}
    out.links = [x for x in q.links if not x.negated]
    if merchants:
        out.merchants, out.categories, out.text = merchants, [], []
    out.amount_min, out.amount_max = min(amounts), max(amounts)
    out.measure = "total" if q.measure in ("total", "count") and len(hits) > 1 else "list"
    out.limit, out.offset, out.per, out.skip_largest = None, 0, None, 0
    return out


def row_word_unmatched(question: str, q: MoneyQuery, previous: MoneyQuery | None, shown: dict | None) -> str:
    """The word a turn names a row of the last answer by when none of the rows shown has it ("the flight one" after
    five purchases none of which is a flight): the turn points at nothing that was shown."""
    pointed = _pointed(question, q, previous, shown)
    return pointed[0] if pointed is not None and not pointed[1] else ""
