"""What the follow-up edits share: the last answer as they read it (`_State`), the words that carry no filter beyond
the edit they belong to, and the leftover check (a word an edit does not read sends the turn to the parser)."""
from __future__ import annotations

import re
from datetime import date

from core.periods import Period, add_months, month_bounds, period_label
from transactions.query.lexicon import GRAMMAR_WORDS, STOPWORDS
from transactions.query.model import MoneyQuery
from transactions.query.name_matching import tokens
from transactions.query.periods import NUMBER_WORDS
from transactions.query.periods_words import EN_COUNTS, words_number

RANKINGS = ("top_merchants", "top_categories", "summary")
ROWS = ("total", "count", "list", "average", "largest", "smallest", "income")  # answers about transactions
# how many a follow-up counts, in digits or words: the one home of these words in the follow-ups. COUNT is how many
# months, weeks or periods ("the 3 months before that", "all twelve of those months", "the past two months"); NUM a
# place or how many of a ranking ("the next 3", "the top one"), TWO_TO_TEN the places a part of it is said by ("the top
# two", "numbers 4 and 5"); VI_COUNT the Vietnamese ("ba tháng tiếp theo")
TWO_TO_TEN = "|".join(w for w, n in EN_COUNTS.items() if 2 <= n <= 10)  # the words' one home: periods_words
COUNT = rf"\d{{1,2}}|{'|'.join(w for w, n in EN_COUNTS.items() if n >= 2)}"
NUM = rf"(\d{{1,2}}|one|{TWO_TO_TEN})"
VI_COUNT = r"\d{1,2}|hai|ba|bon|nam|sau|bay|tam|chin|muoi"
VI_NUM = rf"({VI_COUNT})"
# money coming in, said in words ("and what came in?", "got paid", "thu nhập"): the one home of these words in the
# follow-ups — money the other way than the last answer's (followups), a thing's income rather than its cost
# (followups_whole, which adds "refunds" and "deposits": said of a thing, the money in from it)
IN_WORDS = (r"income|earn(?:ed|ings|t)?|came in|come in|coming in|money in|received|got paid|paid me|inflows?|thu nhap|"
            r"tien (?:vao|vo|ve)|(?:vao|vo|ve) (?:tai khoan|tk)")
IN_WORDS_RE = re.compile(rf"\b(?:{IN_WORDS})\b")
# "how many lunches was that", "how many visits were those": the rows the last answer was about, counted — the noun
# says what they are called, it names no new subject
HOW_MANY_THAT_RE = re.compile(r"\bhow many(?: [a-z'-]+){0,2}? (?:was|were|is|are|did) (?:that|those|these|it|they|this)"
                              r"(?: (?:make|come to|add up to|in all|in total|altogether))?\b|\bhow many times was that\b")
# "overall", "in all", "altogether": the whole set the last answer was drawn from, said of "that"
WHOLE_SET_RE = re.compile(r"\b(?:overall|in all|altogether|all told|in total|all together)\b")
# words of a follow-up that carry no filter beyond the edit they belong to
FILLER = STOPWORDS | GRAMMAR_WORDS | {
    "one", "ones", "them", "those", "these", "they", "it", "that", "this", "same", "again", "instead", "then", "else",
    "about", "first", "second", "third", "last", "top", "next", "following", "before", "after", "earlier", "later",
    "former", "latter", "which", "items", "rows", "entries", "lot", "side", "figure", "please", "cool", "great",
    "nice", "right", "sure", "hmm", "alright", "wait", "oh", "con", "vay", "thi", "sao", "nhe", "nua", "cai", "nao",
    "thoi", "chi", "la", "cua", "toi", "minh", "ban", "nhung", "nay", "khoan", "giao", "dich", "muc", "noi",
    "gium", "dum", "ho", "nha", "ne", "rest", "others", "remaining", "anyway", "exactly", "individual", "separate", "thats", "em",
    "nah", "lol", "tho", "though", "huh", "time", "around"}


def _n(word: str | None, default: int) -> int:
    if not word:
        return default
    return int(word) if word.isdigit() else words_number(word) or default


# what a polite or chatty turn says around its edit ("the two months after that, if it's not too much trouble?",
# "oh dear. and what did those come to?", "the same for last year, all told?"): no name, no filter
COURTESY_RE = re.compile(r"\bif (?:it'?s|it is) not (?:too much )?(?:trouble|a bother|too much to ask)\b|\bif you (?:would|could|"
                         r"can|don'?t mind|please|wouldn'?t mind)\b|\bif you'?d be so kind\b|\b(?:would|could|will|can) you"
                         r"(?: please)?\s*(?=[?.!,]|$)|\bwhen you (?:get|have) a (?:moment|minute|chance)\b"
                         r"|\b(?:oh|ah) (?:dear|my|well)\b|\bi mean\b"
                         # "Splendid. And the next three after those, in order?", "list them, with dates": how to show it
                         r"|\b(?:splendid|perfect|awesome|brilliant|lovely|excellent|wonderful|fantastic|super|gotcha|"
                         r"cheers|thx|ty|great stuff|got it)\b|\bin (?:that |the same |date |time )?order\b"
                         r"|\bwith (?:the |their |its )?(?:dates?|amounts?|details?|descriptions?|days)"
                         r"(?: (?:and|&) (?:the )?(?:dates?|amounts?|details?|descriptions?))?\b|\b(?:i'?m|i am) told\b|\ball told\b|\bthank(?:s| you)\b"
                         # "top three this year so far, for comparison": why it is asked, set beside the last answer
                         r"|\b(?:just |only )?(?:for|as a) (?:(?:the )?sake of )?(?:comparison|reference|contrast)(?:'?s sake)?\b"
                         r"|\b(?:just )?to compare(?: (?:with|against|to) (?:that|it|those|them|the last one))?\s*(?=[?.!,]|$)"
                         r"|\bplease\b|\bpls\b|\bkindly\b|\bnhe\b|\bnha\b|\b(?:xin loi|cam on|lam on|vui long)\b|\bgiup (?:toi|me|minh|bo|bo me|con)\b")


def _leftover(text: str, spans: list[tuple[int, int]]) -> list[str]:
    """The words of the turn outside what an edit used that could change the answer (names, filters)."""
    for a, b in spans:  # blanked in place: spans may overlap (a period an edit reads too), positions stay valid
        text = text[:a] + " " * (b - a) + text[b:]
    text = COURTESY_RE.sub(lambda m: " " * len(m.group(0)), text)
    return [w for w in tokens(text) if w not in FILLER and w not in ("|", "^") and not w.isdigit()
            and w not in NUMBER_WORDS and len(w) > 2]


class _State:
    """The last answer, as the edits read it: its query, the items it listed and the periods it compared."""

    def __init__(self, previous: MoneyQuery, shown: dict, earlier: MoneyQuery | None, today: date):
        self.previous, self.shown, self.earlier, self.today = previous, shown, earlier, today
        items = (shown.get("items") or {}).get("names") or []
        if previous.limit and previous.measure in RANKINGS:
            items = items[:previous.limit]  # a summary lists every category; the answer named the top ones
        self.items: list[str] = items
        self.kind = (shown.get("items") or {}).get("kind")
        compare = previous.compare or {}
        self.mode = compare.get("mode")
        self.sides = list(compare.get("sides") or [])
        periods = [Period.from_dict(p) for p in shown.get("periods") or []]
        if not periods and self.mode == "periods":
            periods = [s.period for s in self.sides if s.period]
        self.periods: list[Period] = [p for p in periods if p is not None]
        # the months of a span of whole months ("September and October", "sept + oct"): what "only the 2nd month"
        # or "just the first one" picks when the answer compared no periods
        self.months: list[Period] = [] if self.periods or previous.period is None else months_of(previous.period,
                                                                                                 today)
        # the words of the last question's own subject: said again ("compare that month's groceries to the month
        # before" after groceries) they change nothing
        said = [*previous.merchants, *previous.categories, *previous.text, *(link.mention for link in previous.links
                                                                            if not link.negated)]
        self.subject_words = {w for name in said for w in tokens(str(name).lower())}
        self.mentioned = {w for link in previous.links if not link.negated for w in tokens(link.mention.lower())}
        self.names = [*previous.merchants, *previous.categories, *previous.text]

    def narrowed(self, words: list[str]) -> bool:
        """Do words of the last subject, said again, pick some of its names and not all ("how many of those were
        Blue Bottle" after coffee: Starbucks and Blue Bottle)? Then they narrow the set: a filter, not the subject
        said again. The words the user said for the subject ("coffee") never narrow it."""
        said = [w for w in words if w in self.subject_words and w not in self.mentioned]
        if not said or len(self.names) < 2:
            return False
        hit = [n for n in self.names if set(said) & set(tokens(str(n).lower()))]
        return 0 < len(hit) < len(self.names)

    def query(self) -> MoneyQuery:
        """A fresh copy of the last query, marked as a follow-up with nothing left unread."""
        q = MoneyQuery.from_dict(self.previous.as_dict())
        q.followup, q.unknown, q.ignored, q.excluded_unknown, q.suggestions = True, [], [], [], {}
        return q

    def top_place(self, q: MoneyQuery, *, biggest: bool) -> MoneyQuery:
        """"which of those was biggest", "the cheaper one?" after a ranking: its items ranked again and the first (or
        last) place taken — picked by a ranking of exactly that list, so the answer says which one tops it."""
        q.measure = "top_categories" if self.previous.measure == "summary" else self.previous.measure
        q.merchants, q.categories = (list(self.items), []) if self.kind == "merchant" else ([], list(self.items))
        q.smallest_first, q.offset, q.limit, q.per = not biggest, 0, 1, None
        return q

    def one_item(self, q: MoneyQuery, name: str) -> MoneyQuery:
        q.merchants, q.categories = ([name], []) if self.kind == "merchant" else ([], [name])
        q.measure, q.offset, q.limit, q.per = "total", 0, None, None
        return q


Edit = tuple[MoneyQuery, list[tuple[int, int]]] | None


def months_of(period: Period, today: date, most: int = 12) -> list[Period]:
    """The months of a period that starts on a month's first day and ends on a month's last day (or today, in the
    current month), when it spans from two to `most` of them; [] otherwise."""
    if period.grain in ("all", "day", "week") or period.start.day != 1:
        return []
    if period.end != month_bounds(period.end.year, period.end.month)[1] and period.end != today:
        return []
    count = (period.end.year - period.start.year) * 12 + period.end.month - period.start.month + 1
    if not 2 <= count <= most:
        return []
    out = []
    for k in range(count):
        first = add_months(period.start, k)
        last = min(month_bounds(first.year, first.month)[1], period.end)
        out.append(Period(first, last, period_label(first, last, "month", today=today), "month"))
    return out
