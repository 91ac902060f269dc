"""Parameter extraction for the offline model: the user's own categories and merchants (fuzzy, with a
semantic fallback for categories), periods, group-by, and a clean search query."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from difflib import SequenceMatcher

import numpy as np

MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"], start=1)}
MONTHS.update({k[:3]: v for k, v in list(MONTHS.items())})
MONTHS["sept"] = 9
MONTH_RE = "|".join(sorted(MONTHS, key=len, reverse=True))

# (regex, period code). Order matters: longer phrases first.
PERIOD_PATTERNS: list[tuple[str, str]] = [
    (r"\b(?:last|past|previous)\s+(?:3|three)\s+months\b|\b(?:last|past|previous)\s+quarter\b|\b3 tháng qua\b",
     "last_3_months"),
    (r"\b(?:last|previous|past)\s+month\b|\bmonth\s+before\b|\btháng trước\b", "last_month"),
    (r"\bthis\s+month\b|\bcurrent\s+month\b|\bmonth[\s-]to[\s-]date\b|\bso far this month\b|\btháng này\b",
     "this_month"),
    (r"\b(?:last|previous|past)\s+week\b|\btuần trước\b", "last_week"),
    (r"\bthis\s+week\b|\btuần này\b", "this_week"),
    (r"\bthis\s+year\b|\byear[\s-]to[\s-]date\b|\bytd\b|\bnăm nay\b", "this_year"),
    (r"\b(?:last|previous|past)\s+year\b|\bnăm ngoái\b", "last_year"),
    (r"\ball[\s-]time\b|\bever\b|\boverall\b|\bsince (?:the )?(?:beginning|start)\b", "all_time"),
]

GROUP_BY_RE = re.compile(r"\b(?:by|per|into|across)\s+(?:spending\s+)?categor|\bcategori[sz]e|\bwhich categor|"
                         r"\bbreak(?:ing)?\s*(?:it\s+)?down\b|\bbreakdown\b|\bgroup", re.I)

# Request boilerplate removed from a transaction search query (the transactions selector parses the rest:
# amounts, dates, categories, merchants, free words).
QUERY_NOISE = {
    "find", "show", "list", "give", "me", "my", "all", "the", "a", "an", "of", "please", "can", "could", "would",
    "you", "i", "did", "do", "what", "which", "were", "was", "are", "is", "purchases", "purchase", "transactions",
    "transaction", "payments", "payment", "charges", "charge", "see", "get", "pull", "up", "display", "look",
    "lookup", "search", "for", "any", "every", "made", "have", "had", "tell", "about", "there", "let", "want", "to",
    "know", "that", "mention", "mentioning", "mentions", "where", "when", "how", "much", "many", "spent", "spend",
    "spending", "paid", "pay", "bought", "buy", "some", "from", "items", "orders", "order", "expenses", "expense",
    "just", "only", "again", "also", "with", "at", "on", "it", "them", "those", "these", "stuff", "things",
    "money", "cost", "costs", "out", "go", "went", "?",
}
# Words that never name a category on their own (they would attract a category by embedding noise).
GENERIC = QUERY_NOISE | {
    "month", "months", "week", "year", "last", "this", "next", "total", "average", "budget", "budgets", "more",
    "less", "compare", "versus", "vs", "than", "between", "summary", "overview", "category", "categories",
    "group", "grouped", "break", "down", "per", "each", "in", "over", "under", "dollars", "dollar", "much",
    "spending", "spent", "biggest", "top", "most", "recent", "recently", "side", "by", "or", "higher", "lower",
    "past", "previous", "current", "today", "yesterday", "time", "ever", "overall", "transactions", "left",
    "remaining", "jar", "jars", "trend", "far", "so", "will", "be", "been", "being", "does", "doing", "am",
    "should", "and", "what", "about", "how", "same", "instead", "now", "then", "too",
}
SEMANTIC_CATEGORY_MIN = 0.62


def _norm(text: str) -> str:
    return re.sub(r"[^0-9a-zà-ỹđ ]+", " ", text.lower()).strip()


def _tokens(text: str) -> list[str]:
    return [t for t in _norm(text).split() if t]


def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _similar(a: str, b: str, floor: float = 0.86) -> float:
    """Spelling similarity of two words (0 when clearly below `floor`, cheap checks first)."""
    a, b = _singular(a), _singular(b)
    if a == b:
        return 1.0
    if min(len(a), len(b)) < 4 or abs(len(a) - len(b)) > 3:
        return 0.0
    matcher = SequenceMatcher(None, a, b)
    if matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor:
        return 0.0
    return matcher.ratio()


@dataclass
class Slots:
    periods: list[tuple[str, str]] = field(default_factory=list)  # (code, matched text)
    categories: list[str] = field(default_factory=list)
    merchants: list[str] = field(default_factory=list)
    group_by_category: bool = False
    months: list[str] = field(default_factory=list)

    @property
    def period(self) -> str | None:
        return self.periods[0][0] if self.periods else None


def _month_code(month: int, year: int | None, today: date) -> str:
    if year is None:
        year = today.year if month <= today.month else today.year - 1
    return f"{year:04d}-{month:02d}"


def extract_periods(text: str, *, today: date) -> list[tuple[str, str]]:
    found: list[tuple[int, str, str]] = []
    low = text.lower()
    taken: list[tuple[int, int]] = []
    for pattern, code in PERIOD_PATTERNS:
        for m in re.finditer(pattern, low):
            found.append((m.start(), code, m.group(0)))
            taken.append(m.span())
    for m in re.finditer(rf"\b(?:in|during|for|of|since)?\s*({MONTH_RE})\b(?:\s+(\d{{4}}))?", low):
        if m.group(1) == "may" and not re.search(r"\b(?:in|during|for|of)\s+may\b|\bmay\s+\d{4}", low):
            continue  # "may" is usually the verb
        if any(a <= m.start(1) < b for a, b in taken):
            continue
        year = int(m.group(2)) if m.group(2) else None
        found.append((m.start(), _month_code(MONTHS[m.group(1)], year, today), m.group(0).strip()))
    for m in re.finditer(r"\b(?:in|during|for|of)\s+((?:19|20)\d{2})\b(?!\s*-)", low):
        found.append((m.start(), m.group(1), m.group(0)))
    found.sort()
    out: list[tuple[str, str]] = []
    for _, code, span in found:
        if code not in [c for c, _ in out]:
            out.append((code, span))
    return out


def match_merchants(text: str, merchants: list[str]) -> list[str]:
    toks = _tokens(text)
    found: list[tuple[int, str]] = []
    for merchant in merchants:
        mtoks = _tokens(merchant)
        if not mtoks:
            continue
        n = len(mtoks)
        best = 0.0
        where = 0
        for i in range(len(toks) - n + 1):
            window = toks[i:i + n]
            if n == 1:
                score = _similar(window[0].removesuffix("s"), mtoks[0]) if len(mtoks[0]) >= 4 else float(
                    window[0] == mtoks[0])
            else:
                matcher = SequenceMatcher(None, " ".join(window), " ".join(mtoks))
                score = matcher.ratio() if matcher.real_quick_ratio() >= 0.86 and matcher.quick_ratio() >= 0.86 else 0.0
            if score > best:
                best, where = score, i
        # glued forms ("wholefoods")
        joined = "".join(mtoks)
        if len(joined) >= 5 and joined in "".join(toks) and best < 0.88:
            best, where = 0.9, "".join(toks).index(joined)
        if best >= 0.86:
            found.append((where, merchant))
    found.sort()
    return [m for _, m in found]


def match_categories(text: str, categories: list[str], *, exclude_words: set[str], embed=None,
                     semantic_if_found: bool = True) -> list[str]:
    toks = [t for t in _tokens(text) if t not in exclude_words]
    found: list[tuple[int, str]] = []
    leftovers: list[tuple[int, str]] = []
    for i, tok in enumerate(toks):
        hit = None
        for category in categories:
            for word in re.split(r"[/&,]|\s+and\s+|\s+", category.lower()):
                word = word.strip()
                if word and _similar(tok, word) >= 0.86:
                    hit = category
                    break
            if hit:
                break
        if hit:
            found.append((i, hit))
        elif tok not in GENERIC and len(tok) >= 3 and not tok.isdigit():
            leftovers.append((i, tok))
    if embed is not None and leftovers and categories and (semantic_if_found or not found):
        vectors = embed([t for _, t in leftovers])
        cat_vectors = embed(categories)
        sims = vectors @ cat_vectors.T
        for (i, _), row in zip(leftovers, sims):
            order = np.argsort(-row)
            best = float(row[order[0]])
            if best < SEMANTIC_CATEGORY_MIN:
                continue
            found.append((i, categories[order[0]]))
            # a word equally close to two categories ("food": dining and groceries) means both
            if len(order) > 1 and float(row[order[1]]) >= SEMANTIC_CATEGORY_MIN and best - float(row[order[1]]) < 0.02:
                found.append((i, categories[order[1]]))
    found.sort()
    out: list[str] = []
    for _, c in found:
        if c not in out:
            out.append(c)
    return out


def candidate_words(text: str) -> list[str]:
    """Words that may get an embedding lookup in match_categories (so the router can embed them in one batch)."""
    return [t for t in dict.fromkeys(_tokens(text)) if t not in GENERIC and len(t) >= 3 and not t.isdigit()]


def extract_slots(text: str, *, categories: list[str], merchants: list[str], today: date, embed=None,
                  semantic_if_found: bool = True) -> Slots:
    """Slots of a question. The embedding fallback for category synonyms runs only when `embed` is given, and
    (unless `semantic_if_found`) only when no category or merchant was recognised by spelling."""
    periods = extract_periods(text, today=today)
    found_merchants = match_merchants(text, merchants)
    exclude = set()
    for m in found_merchants:
        exclude.update(_tokens(m))
    for _, span in periods:
        exclude.update(_tokens(span))
    # a merchant name that is also a category word stays a merchant only when it is not a category
    cats = match_categories(text, categories, exclude_words=exclude,
                            embed=embed if semantic_if_found or not found_merchants else None,
                            semantic_if_found=semantic_if_found)
    return Slots(periods=periods, categories=cats, merchants=found_merchants,
                 group_by_category=bool(GROUP_BY_RE.search(text)))


def search_query(text: str) -> str:
    """The user's question without request boilerplate: "Find my coffee purchases" → "coffee"."""
    words = re.findall(r"[$€£]?\d+(?:[.,]\d+)?|[\wÀ-ỹđ'-]+", text)
    keep = [w for w in words if w.lower().strip("'") not in QUERY_NOISE]
    return " ".join(keep).strip() or text.strip()
