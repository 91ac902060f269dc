"""Natural-language transaction queries → filters (English and Vietnamese).

"coffee over $5 last month", "dining under 20 in March", "ăn trưa dưới 20 đô tháng trước",
"Amazon between 10 and 50 Q1", "từ 10 đến 50 đô tuần trước". Pure: the caller passes the user's own
category and merchant names, so matching is against what *this* user has.
Vietnamese is matched on accent-stripped text, so "an trua duoi 20 do" works too.
"""
from __future__ import annotations

import calendar
import difflib
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal

from .periods import add_months, month_bounds, period_resolve

MONTH_NAMES = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
MONTH_NAMES.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name and name != "May"})
MONTH_NAMES["sept"] = 9
WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "twelve": 12, "mot": 1, "hai": 2,
                "ba": 3, "bon": 4, "sau": 6}

# Words that name a category in everyday speech → the default category they usually mean.
CATEGORY_SYNONYMS: dict[str, tuple[str, ...]] = {
    "Dining": ("lunch", "lunches", "dinner", "dinners", "breakfast", "restaurant", "restaurants", "eating out",
               "takeaway", "takeout", "meals", "meal", "food", "dining", "an trua", "an toi", "an sang", "an uong",
               "nha hang", "do an", "bua trua", "bua toi", "an ngoai"),
    "Groceries": ("grocery", "groceries", "supermarket", "supermarkets", "sieu thi", "di cho", "thuc pham"),
    "Transport": ("taxi", "taxis", "rides", "fuel", "petrol", "gas station", "parking", "transit", "train", "trains",
                  "bus", "xang", "di lai", "xe om", "transport", "transportation", "commute"),
    "Utilities": ("electricity", "power bill", "water bill", "utility", "utilities", "phone bill", "internet bill",
                  "dien nuoc", "tien dien", "tien nuoc"),
    "Rent": ("rent", "housing", "tien nha", "thue nha"),
    "Entertainment": ("movies", "movie", "cinema", "concert", "concerts", "games", "entertainment", "giai tri"),
    "Subscriptions": ("subscription", "subscriptions", "streaming", "dang ky"),
    "Shopping": ("shopping", "clothes", "clothing", "mua sam", "quan ao"),
    "Health": ("pharmacy", "doctor", "medical", "medicine", "health", "suc khoe", "thuoc", "benh vien"),
    "Travel": ("travel", "flights", "flight", "hotel", "hotels", "du lich"),
    "Salary": ("salary", "paycheck", "payroll", "wages", "luong"),
}
# Concepts matched by text over merchant names and descriptions (any of the words).
TEXT_CONCEPTS: dict[str, tuple[str, ...]] = {
    "coffee": ("coffee", "cafe", "café", "starbucks", "espresso", "costa", "dunkin", "peet", "blue bottle",
               "highlands", "phuc long", "trung nguyen"),
    "ca phe": ("coffee", "cafe", "café", "starbucks", "espresso", "highlands", "phuc long", "trung nguyen"),
}
STOPWORDS = set("""
show me my find all the a an of on at for in from to what did i spend spent spending transactions transaction
purchases purchase payments payment how much many list any with and or was were made get give please dollars dollar
bucks usd charges charge expenses expense bought paid pay than which where search that those these are is be
have has had did do does were every each total so far can you tell about by vs
toi cua cac nhung giao dich khoan chi tieu cho tai tim xem bao nhieu va hay tien da mua dong vnd nhe giup
trong ve la co khong
""".split())
INCOME_WORDS = ("income", "salary", "received", "refund", "refunds", "deposit", "deposits", "paycheck",
                "thu nhap", "luong", "hoan tien")
OUT_WORDS = ("spent", "spend", "spending", "purchases", "paid", "bought", "expenses", "chi tieu", "mua")

_NUM = r"(\d+(?:[.,]\d+)?)\s*(k|nghin|ngan|tr|trieu)?"
_CUR = r"(?:\$|usd|dollars?|bucks|do|dong|vnd|eur|€|£)?"
_AMOUNT = rf"(?:\$\s*)?{_NUM}\s*{_CUR}"


def strip_accents(text: str) -> str:
    text = text.replace("đ", "d").replace("Đ", "D")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _to_number(num: str, suffix: str | None) -> Decimal:
    value = Decimal(num.replace(",", "."))
    if suffix in ("k", "nghin", "ngan"):
        value *= 1000
    elif suffix in ("tr", "trieu"):
        value *= 1_000_000
    return value


@dataclass
class QueryFilters:
    amount_min: Decimal | None = None
    amount_max: Decimal | None = None
    start: date | None = None
    end: date | None = None
    period_label: str = ""
    categories: list[str] = field(default_factory=list)
    merchants: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    any_text: list[str] = field(default_factory=list)
    direction: str | None = None  # "out" | "in" | None

    def as_dict(self) -> dict:
        return {
            "amount_min": float(self.amount_min) if self.amount_min is not None else None,
            "amount_max": float(self.amount_max) if self.amount_max is not None else None,
            "start": self.start.isoformat() if self.start else None,
            "end": self.end.isoformat() if self.end else None,
            "period": self.period_label or None,
            "categories": self.categories, "merchants": self.merchants, "text": self.text,
            "any_text": self.any_text, "direction": self.direction,
        }

    def describe(self) -> str:
        parts = []
        if self.categories:
            parts.append("category: " + " or ".join(self.categories))
        if self.merchants:
            parts.append("merchant: " + " or ".join(self.merchants))
        if self.any_text:
            parts.append("matching: " + " / ".join(self.any_text[:4]) + ("…" if len(self.any_text) > 4 else ""))
        if self.text:
            parts.append("text: " + " ".join(f'"{t}"' for t in self.text))
        if self.amount_min is not None and self.amount_max is not None:
            parts.append(f"amount {_fmt(self.amount_min)}–{_fmt(self.amount_max)}")
        elif self.amount_min is not None:
            parts.append(f"amount > {_fmt(self.amount_min)}")
        elif self.amount_max is not None:
            parts.append(f"amount < {_fmt(self.amount_max)}")
        if self.direction == "in":
            parts.append("money in")
        elif self.direction == "out":
            parts.append("money out")
        if self.period_label:
            parts.append(self.period_label)
        return " · ".join(parts) if parts else "all transactions"


def _fmt(value: Decimal) -> str:
    return f"{value:,.2f}".rstrip("0").rstrip(".") if value % 1 else f"{value:,.0f}"


def _most_recent_month(month: int, today: date, year: int | None) -> tuple[date, date]:
    if year is None:
        year = today.year if month <= today.month else today.year - 1
    return month_bounds(year, month)


def _quarter(q: int, today: date, year: int | None) -> tuple[date, date]:
    if year is None:
        year = today.year if (q - 1) * 3 + 1 <= today.month else today.year - 1
    start = date(year, (q - 1) * 3 + 1, 1)
    end = month_bounds(year, q * 3)[1]
    return start, end


def query_parse(query: str, *, categories: list[str], merchants: list[str], today: date) -> QueryFilters:
    f = QueryFilters()
    s = " " + re.sub(r"\s+", " ", strip_accents(query.lower())).strip() + " "
    s = s.replace("?", " ").replace("!", " ")

    def cut(match: re.Match) -> None:
        nonlocal s
        s = s[: match.start()] + " " + s[match.end():]

    # --- dates (before amounts: "last 3 months" holds a number) -------------------------------------
    iso = re.search(r"(?:from|tu|between)\s+(\d{4}-\d{2}-\d{2})\s+(?:to|den|and|toi)\s+(\d{4}-\d{2}-\d{2})", s)
    if iso:
        f.start, f.end = date.fromisoformat(iso.group(1)), date.fromisoformat(iso.group(2))
        f.period_label = f"{f.start.isoformat()} – {f.end.isoformat()}"
        cut(iso)
    date_rules: list[tuple[str, object]] = [
        (r"\b(?:yesterday|hom qua)\b", lambda m: (today - timedelta(days=1), today - timedelta(days=1), "yesterday")),
        (r"\b(?:today|hom nay)\b", lambda m: (today, today, "today")),
        (r"\b(?:in the )?(?:last|past) (\d+|one|two|three|four|five|six|twelve) months?\b|\b(\d+) thang (?:qua|gan day|"
         r"vua qua|truoc)\b", "months"),
        (r"\b(?:in the )?(?:last|past) (\d+) days?\b|\b(\d+) ngay (?:qua|gan day|truoc)\b", "days"),
        (r"\b(?:last|previous|past) week\b|\btuan (?:truoc|roi|qua)\b", "last_week"),
        (r"\bthis week\b|\btuan nay\b", "this_week"),
        (r"\b(?:last|previous|past) month\b|\bthang (?:truoc|roi|qua)\b", "last_month"),
        (r"\bthis month\b|\bthang nay\b", "this_month"),
        (r"\b(?:last|previous) year\b|\bnam (?:ngoai|truoc|roi)\b", "last_year"),
        (r"\bthis year\b|\bnam nay\b|\b(?:so far this year|year to date|ytd)\b", "this_year"),
        (r"\b(?:q|quy |quarter )([1-4])(?:\s+(\d{4}))?\b", "quarter"),
        (r"\bthang (\d{1,2})(?:\s+(?:nam\s+)?(\d{4}))?\b", "vn_month"),
        (r"\b(?:in|during|for|since)?\s*(" + "|".join(sorted(MONTH_NAMES, key=len, reverse=True))
         + r"|may)\b(?:\s+(\d{4}))?", "month"),
        (r"\b(?:in|nam|during)\s+(\d{4})\b", "year"),
    ]
    if f.start is None:
        for pattern, action in date_rules:
            m = re.search(pattern, s)
            if not m:
                continue
            if action == "month" and m.group(1) == "may" and not re.search(r"\b(?:in|during|for|since) may\b", s):
                continue
            if callable(action):
                f.start, f.end, f.period_label = action(m)
            elif action == "months":
                raw = m.group(1) or m.group(2)
                n = int(raw) if raw.isdigit() else WORD_NUMBERS[raw]
                f.start, f.end = add_months(today, -n) + timedelta(days=1), today
                f.period_label = f"last {n} months"
            elif action == "days":
                n = int(m.group(1) or m.group(2))
                f.start, f.end, f.period_label = today - timedelta(days=n - 1), today, f"last {n} days"
            elif action == "quarter":
                q, year = int(m.group(1)), int(m.group(2)) if m.group(2) else None
                f.start, f.end = _quarter(q, today, year)
                f.period_label = f"Q{q} {f.start.year}"
            elif action == "vn_month":
                month = int(m.group(1))
                if not 1 <= month <= 12:
                    continue
                f.start, f.end = _most_recent_month(month, today, int(m.group(2)) if m.group(2) else None)
                f.period_label = f"{f.start:%B %Y}"
            elif action == "month":
                month = MONTH_NAMES.get(m.group(1), 5)
                f.start, f.end = _most_recent_month(month, today, int(m.group(2)) if m.group(2) else None)
                if m.group(0).strip().startswith("since"):
                    f.end = today
                    f.period_label = f"since {f.start:%B %Y}"
                else:
                    f.period_label = f"{f.start:%B %Y}"
            elif action == "year":
                year = int(m.group(1))
                f.start, f.end, f.period_label = date(year, 1, 1), date(year, 12, 31), str(year)
            else:
                f.start, f.end, f.period_label = period_resolve(action, today=today)
            cut(m)
            break

    # --- amounts ----------------------------------------------------------------------------------
    between = re.search(rf"\b(?:between|from|tu|giua)\s+{_AMOUNT}\s+(?:and|to|den|va|toi|-)\s+{_AMOUNT}", s)
    if between:
        lo, hi = _to_number(between.group(1), between.group(2)), _to_number(between.group(3), between.group(4))
        f.amount_min, f.amount_max = min(lo, hi), max(lo, hi)
        cut(between)
    else:
        over = re.search(rf"(?:\b(?:over|above|more than|greater than|at least|exceeding|tren|hon|lon hon|nhieu hon|"
                         rf"it nhat)|>=?)\s*{_AMOUNT}", s)
        if over:
            f.amount_min = _to_number(over.group(1), over.group(2))
            cut(over)
        under = re.search(rf"(?:\b(?:under|below|less than|at most|cheaper than|up to|duoi|it hon|nho hon|"
                          rf"khong qua|toi da)|<=?)\s*{_AMOUNT}", s)
        if under:
            f.amount_max = _to_number(under.group(1), under.group(2))
            cut(under)

    # --- direction --------------------------------------------------------------------------------
    if any(re.search(rf"\b{w}\b", s) for w in INCOME_WORDS):
        f.direction = "in"
    elif f.amount_min is not None or f.amount_max is not None or any(re.search(rf"\b{w}\b", s) for w in OUT_WORDS):
        f.direction = "out"

    # --- categories (the user's own names, then everyday words for them) -------------------------------
    own = {strip_accents(c.lower()): c for c in categories}
    for key in sorted(own, key=len, reverse=True):
        singular = key[:-1] if key.endswith("s") and len(key) > 4 else key
        m = re.search(rf"\b(?:{re.escape(key)}|{re.escape(singular)})\b", s)
        if m:
            f.categories.append(own[key])
            cut(m)
    for canonical, words in CATEGORY_SYNONYMS.items():
        for word in sorted(words, key=len, reverse=True):
            m = re.search(rf"\b{re.escape(word)}\b", s)
            if not m:
                continue
            target = own.get(canonical.lower()) or _fuzzy(canonical.lower(), own)
            if canonical == "Salary" and not target:
                target = next((own[k] for k in own if "income" in k), None)
            if target:
                if target not in f.categories:
                    f.categories.append(target)
                cut(m)
            break

    # --- merchants and text concepts -----------------------------------------------------------------
    for concept, words in TEXT_CONCEPTS.items():
        m = re.search(rf"\b{re.escape(concept)}\b", s)
        if m:
            f.any_text = list(dict.fromkeys(f.any_text + list(words)))
            cut(m)
    own_merchants = {strip_accents(n.lower()): n for n in merchants if n}
    # Word n-grams looked up in a dict: cheap even for a user with thousands of merchants.
    tokens = s.split()
    used = [False] * len(tokens)
    for n in (4, 3, 2, 1):
        for i in range(len(tokens) - n + 1):
            if any(used[i:i + n]):
                continue
            gram = " ".join(tokens[i:i + n])
            gram = gram[:-2] if gram.endswith("'s") else gram
            name = own_merchants.get(gram)
            if name and len(gram) >= 3 and gram not in STOPWORDS:
                if name not in f.merchants:
                    f.merchants.append(name)
                used[i:i + n] = [True] * n
    s = " " + " ".join(t for t, u in zip(tokens, used) if not u) + " "
    words = [w for w in re.findall(r"[\w'&.-]+", s) if w not in STOPWORDS and not re.fullmatch(r"[\d.,$%-]+", w)
             and w not in INCOME_WORDS and w not in OUT_WORDS and len(w) > 1]
    first_words: dict[str, list[str]] = {}
    for key, name in own_merchants.items():
        first_words.setdefault(key.split()[0], []).append(name)
    for word in words:
        if len(word) >= 4:
            cat = _fuzzy(word, own, cutoff=0.84)
            if cat and cat not in f.categories:
                f.categories.append(cat)
                continue
            candidates = [k for k in first_words if k[:1] == word[:1] and abs(len(k) - len(word)) <= 2]
            close = difflib.get_close_matches(word, candidates, n=1, cutoff=0.8)
            if close:
                for name in first_words[close[0]]:
                    if name not in f.merchants:
                        f.merchants.append(name)
                continue
        f.text.append(word)
    return f


def _fuzzy(word: str, own: dict[str, str], cutoff: float = 0.8) -> str | None:
    close = difflib.get_close_matches(word, list(own), n=1, cutoff=cutoff)
    return own[close[0]] if close else None
