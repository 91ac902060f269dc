"""The amount a request to act gives: "$200 a month", "50 bucks", "1.5k", "3 triệu", "50k", or one bare number
that is no year, period or percentage; and a monthly amount from a rate ("$40 3x a week")."""
from __future__ import annotations

import re

from django.utils import timezone

from chat.rates import rate_in
from transactions.query.grammar import normalise
from transactions.query.periods import without_periods

AMOUNT_RE = re.compile(r"(?:[$€£]\s*(\d[\d,]*(?:\.\d+)?)\s*(k)?|\b(\d[\d,]*(?:\.\d+)?)\s*(k)?\s*(?:dollars?|bucks|usd|"
                       r"eur|euros?|quid)\b|\b(\d[\d,]*(?:\.\d+)?)\s*(k)?(?=\s*(?:a|per|/|each)\s*(?:month|mo)\b))",
                       re.I)
K_AMOUNT_RE = re.compile(r"(?<![$€£\w.,])(\d+(?:[.,]\d+)?)\s*k\b", re.I)
BARE_NUMBER_RE = re.compile(r"\b(\d[\d,]*(?:\.\d{1,2})?)\b")
PERCENT_RE = re.compile(r"\b\d+(?:[.,]\d+)?\s*(?:%|percent\b|per cent\b|phần trăm)", re.I)
# Vietnamese amounts: "3 triệu" (3,000,000), "50 nghìn"/"50 ngàn"/"50k" (50,000), "1,5 tỷ"
VI_AMOUNT_RE = re.compile(r"\b(\d+(?:[.,]\d+)?)\s*(triệu|tr|nghìn|ngàn|ngàn đồng|tỷ)(?!\w)", re.I)
VI_SCALE = {"triệu": 1_000_000, "tr": 1_000_000, "nghìn": 1000, "ngàn": 1000, "ngàn đồng": 1000, "tỷ": 1_000_000_000}


def amount_in(text: str) -> float | None:
    """The amount the text gives, or None when it gives none or more than one bare number."""
    vi = VI_AMOUNT_RE.search(text)
    if vi:
        return float(vi.group(1).replace(",", ".")) * VI_SCALE[vi.group(2).lower()]
    m = AMOUNT_RE.search(text)
    if m:
        number = next(g for g in (m.group(1), m.group(3), m.group(5)) if g)
        k = m.group(2) or m.group(4) or m.group(6)
        return float(number.replace(",", "")) * (1000 if k else 1)
    if thousands := K_AMOUNT_RE.search(text):  # "50k" (50,000): how Vietnamese and casual English write amounts
        return float(thousands.group(1).replace(",", ".")) * 1000
    # a period or a count of time is no amount: "using what I spend, going by the last 3 months" made a $3.00 jar
    # (transactions.query.periods reads both, as it does for every question); nor is a percentage ("10% below")
    text = without_periods(normalise(PERCENT_RE.sub(" ", text)), timezone.localdate())
    bare = [b for b in BARE_NUMBER_RE.findall(text) if not re.fullmatch(r"(?:19|20)\d\d", b)]
    return float(bare[0].replace(",", "")) if len(bare) == 1 else None


def monthly_in(text: str) -> float | None:
    """A monthly amount: "$40 3x a week" is 3 × 40 × 52 ÷ 12 (chat/rates.py), else the amount said."""
    return float(rate.monthly) if (rate := rate_in(text)) else amount_in(text)

