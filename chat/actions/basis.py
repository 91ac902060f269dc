"""A change that needs a computed figure: "make a grocery jar using what I usually spend (the last 3 months)",
"set a dining budget 10% below my average", "10% under what I spent last month".

Two halves. `basis_in(text, q, today)` reads the request: the figure it is based on — the usual monthly spending
of the subject (the average of the N full months before this one, N from "3 months"/"6 tháng", default 3) or
the subject's spending in a period ("what I spent last month") — and a change in percent ("10% below", "20%
lower", "half of"). `figure_for(...)` computes it with the analytics engine (transactions/selectors/figures.py:
the same `usual` and `totals` every money answer uses) and returns the arithmetic, so the proposal quotes each
step and grounding finds every number in the tool result."""
from __future__ import annotations

import re
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from core.errors import DomainError
from core.periods import period_label
from core.types import AuthUser
from transactions.selectors.figures import money_rows, totals, usual

# asking for what is usual: "what I usually spend", "my average", "my normal spend", "mức chi trung bình"
USUAL_RE = re.compile(r"\b(?:usual(?:ly)?|average[ds]?|averaging|avg|normal(?:ly)?|typical(?:ly)?|on average|per month on average)\b"
                      r"|trung bình|bình thường|thường (?:chi|tiêu|xài)", re.I)
# a spend in a period: "what I spent last month", "based on last month", "going by October"
SPENT_RE = re.compile(r"\b(?:spent|spend|spending|paid|pay|based on|base it on|going by|go(?:ing)? off|off of|"
                      r"according to|from)\b|đã chi|đã tiêu|chi tiêu|dựa (?:trên|theo)|theo"
                      # "bằng (đúng) số tiền uber eats tháng trước": as much as that spending
                      r"|bằng(?:\s+(?:đúng|với|y))*\s+(?:số\s+)?tiền(?!\w)", re.I)
PER_MONTH_RE = re.compile(r"\b(?:per|a|an|each|every|/)\s*(?:month|mo|mth)\b|\bmonthly\b|\bmonth(?:ly)? by month\b"
                          r"|(?<!\w)(?:mỗi|hàng|hằng|một) tháng(?!\w)", re.I)
MONTHS_RE = re.compile(r"\b(\d{1,2})\s*(?:-\s*)?(?:full\s+|whole\s+|calendar\s+)?(?:months?|mos?|mths?|tháng)\b", re.I)
MONTH_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "nine": 9, "twelve": 12}
MONTH_WORDS_RE = re.compile(r"\b(" + "|".join(MONTH_WORDS) + r")\s+(?:full\s+|whole\s+)?months?\b", re.I)
DOWN = r"below|under|less(?:\s+than)?|lower(?:\s+than)?|off|cheaper(?:\s+than)?|beneath|down|dưới|thấp hơn|ít hơn"
UP = r"above|over|more(?:\s+than)?|higher(?:\s+than)?|on top of|up|extra|trên|cao hơn|nhiều hơn"
PERCENT = r"(\d+(?:[.,]\d+)?)\s*(?:%|percent|per cent|phần trăm)"
PERCENT_AFTER_RE = re.compile(PERCENT + rf"\s*(?:(?P<down>{DOWN})|(?P<up>{UP})|(?P<of>of)\b)?", re.I)
PERCENT_BEFORE_RE = re.compile(r"\b(?:(?P<down>cut|reduce|lower|trim|drop|giảm)|(?P<up>raise|increase|add|tăng))"
                               r"(?:\s+(?:it|that|by|đi|thêm))*\s+" + PERCENT, re.I)
HALF_RE = re.compile(r"\bhalf (?:of )?(?:what|my|the|that)\b|\bmột nửa\b", re.I)
DEFAULT_MONTHS = 3
MAX_MONTHS = 24
CENT = Decimal("0.01")


def percent_in(text: str) -> float | None:
    """The change a request asks for, in percent: "10% below" → −10, "20% more" → +20, "90% of" → −10,
    "half of what I spend" → −50; None when it names none."""
    if m := PERCENT_BEFORE_RE.search(text):
        value = float(m.group(3).replace(",", "."))
        return -value if m.group("down") else value
    if m := PERCENT_AFTER_RE.search(text):
        value = float(m.group(1).replace(",", "."))
        if m.group("down"):
            return -value
        if m.group("up"):
            return value
        if m.group("of"):
            return value - 100
    if HALF_RE.search(text):
        return -50.0
    return None


def months_in(text: str) -> int | None:
    if m := MONTHS_RE.search(text):
        return max(1, min(MAX_MONTHS, int(m.group(1))))
    if m := MONTH_WORDS_RE.search(text):
        return MONTH_WORDS[m.group(1).lower()]
    return None


def basis_in(text: str, q: Any) -> dict[str, Any] | None:
    """The figure a request to set an amount is based on, as tool arguments (`usual_months`, or `start`/`end` of
    a period; `percent_change`), or None when it names no such figure."""
    percent = percent_in(text)
    args: dict[str, Any] = {}
    period = getattr(q, "period", None)
    if USUAL_RE.search(text):
        args["usual_months"] = months_in(text) or getattr(q, "months", None) or DEFAULT_MONTHS
    elif period is not None and period.grain not in ("all", "range") and SPENT_RE.search(text):
        args["start"], args["end"] = period.start.isoformat(), period.end.isoformat()
    elif period is not None and period.grain == "range" and SPENT_RE.search(text):
        # "going by the last 3 months": the months' average, not their sum, is a monthly figure
        args["usual_months"] = months_in(text) or DEFAULT_MONTHS
    elif SPENT_RE.search(text) and (months := months_in(text)):
        # "at what I spent per month over the last 4 months" (a per-unit phrase leaves no period): their average
        args["usual_months"] = months
    elif period is None and SPENT_RE.search(text) and PER_MONTH_RE.search(text):
        # "at what I spent per month on coffee", "what I pay a month for takeout": their usual month, not $0
        args["usual_months"] = DEFAULT_MONTHS
    else:
        return None
    if percent is not None:
        args["percent_change"] = percent
    return args


def _day(value: Any, field: str) -> date:
    try:
        return value if isinstance(value, date) else date.fromisoformat(str(value))
    except ValueError:
        raise DomainError(f"{field}: {value!r} is not a date (use YYYY-MM-DD).", code="validation_error")


def figure_for(*, user: AuthUser, today: date, categories: list[str] | None = None,
               merchants: list[str] | None = None, usual_months: int | None = None, start: Any = None,
               end: Any = None, percent_change: float | None = None) -> dict[str, Any]:
    """The amount a request asks for, computed from the user's own spending on `categories`/`merchants`: the
    average of the `usual_months` full months before this one, or the total of start..end; then changed by
    `percent_change`. Returns the figure and each step (every number the answer shows)."""
    categories, merchants = list(categories or []), list(merchants or [])
    if not (categories or merchants):
        raise DomainError("Say what the figure is about (a category or a merchant) to base it on your spending.",
                          code="validation_error", details={"field": "categories"})
    rows = money_rows(user=user, categories=categories, merchants=merchants, direction="out")
    subject = ", ".join([*categories, *merchants])
    out: dict[str, Any] = {"subject": subject, "categories": categories, "merchants": merchants}
    if usual_months:
        n = max(1, min(MAX_MONTHS, int(usual_months)))
        found = usual(rows, today=today, user=user, months=n)
        base = Decimal(str(found["average"]))
        out.update(basis="usual", months=n, window=found["window"], start=found["start"].isoformat(),
                   end=found["end"].isoformat(), total=found["total"], by_month=found["rows"],
                   base=float(base), currency=found["currency"])
    elif start and end:
        s, e = _day(start, "start"), _day(end, "end")
        found_totals = totals(rows.filter(date__gte=s, date__lte=e), user=user)
        main = found_totals[0] if found_totals else {"spent": 0.0, "count_out": 0, "currency": None}
        base = Decimal(str(main["spent"]))
        grain = "month" if s.day == 1 and (e.replace(day=1) == s) else "range"
        out.update(basis="period", window=period_label(s, e, grain, today=today), start=s.isoformat(),
                   end=e.isoformat(), base=float(base), count=main["count_out"], currency=main["currency"])
    else:
        raise DomainError("Say what to base the figure on: your usual monthly spending or a period's spending.",
                          code="validation_error")
    if base <= 0:
        raise DomainError(f"You spent nothing on {subject} in {out['window']}, so there is no figure to base it on; "
                          "say an amount instead.", code="nothing_to_do")
    amount = base
    if percent_change:
        pct = Decimal(str(percent_change))
        factor = (Decimal(100) + pct) / Decimal(100)
        if factor <= 0:
            raise DomainError(f"percent_change: {percent_change}% would leave nothing.", code="validation_error")
        amount = (base * factor).quantize(CENT, rounding=ROUND_HALF_UP)
        out.update(percent_change=float(pct), factor=float(factor))
    out["amount"] = float(amount.quantize(CENT, rounding=ROUND_HALF_UP))
    return out
