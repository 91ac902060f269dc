"""An amount said as a rate: "3x a week at $40", "twice a month at $60", "$5 a day", "$40 a session, 3 times a week".

It is a monthly cost, not one payment: price × times × the periods in a month (a day: 365 ÷ 12, a week: 52 ÷ 12, a
month: 1, a year: 1 ÷ 12). The arithmetic is returned to be shown ("3 × $40 × 52 ÷ 12 = $520.00 a month").
Used by affordability, what-ifs and jars/budgets computed from a request."""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from core.money import money

CENT = Decimal("0.01")
# how many of each unit fall in a month, as (numerator, denominator) so the arithmetic can be shown
PER_MONTH = {"day": (365, 12), "week": (52, 12), "month": (1, 1), "year": (1, 12)}
UNIT = {"day": "day", "daily": "day", "night": "day", "ngày": "day", "week": "week", "weekly": "week", "wk": "week",
        "tuần": "week", "month": "month", "monthly": "month", "mo": "month", "tháng": "month", "year": "year",
        "yearly": "year", "annually": "year", "yr": "year", "năm": "year"}
TIMES_WORDS = {"once": 1, "twice": 2, "thrice": 3, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
               "seven": 7, "a couple of": 2, "a few": 3}
PRICE = r"(?:[$€£]\s*(?P<{n}>\d[\d,]*(?:\.\d+)?)|(?P<{n}b>\d[\d,]*(?:\.\d+)?)\s*(?:dollars?|bucks|usd|đô))"
TIMES = (r"(?P<times>\d+|once|twice|thrice|one|two|three|four|five|six|seven|a couple of|a few)\s*"
         r"(?:x|×|times?|sessions?|classes|visits|lần)?")
PER = r"(?:a|an|per|each|every|/|mỗi|một)\s*(?P<unit>day|night|week|wk|month|mo|year|yr|ngày|tuần|tháng|năm)\b"
ADVERB = r"(?P<adverb>daily|weekly|yearly|annually)"
RATE_RES = (
    # "3x a week at $40", "twice a month at $60 each", "3 sessions a week for $40"
    re.compile(TIMES + r"\s*" + PER + r".{0,25}?\b(?:at|for|of|@|costing|,)?\s*" + PRICE.format(n="p") + r"\b", re.I),
    # "$40 a session, 3x a week", "$40 each, twice a month", "$60 twice a month"
    re.compile(PRICE.format(n="p") + r"[^.?!]{0,25}?\b" + TIMES + r"\s*" + PER, re.I),
    # "$5 a day", "$12 per week", "$5 daily"
    re.compile(PRICE.format(n="p") + r"\s*(?:" + PER + r"|" + ADVERB + r")", re.I),
)


@dataclass(frozen=True)
class Rate:
    price: Decimal  # one payment
    times: int  # payments per unit
    unit: str  # day | week | month | year

    @property
    def monthly(self) -> Decimal:
        num, den = PER_MONTH[self.unit]
        return (self.price * self.times * num / den).quantize(CENT, ROUND_HALF_UP)

    def arithmetic(self, currency: str | None = None) -> str:
        """"3 × $40.00 × 52 ÷ 12 = $520.00" (the factors that are 1 left out)."""
        num, den = PER_MONTH[self.unit]
        parts = ([str(self.times)] if self.times != 1 else []) + [money(self.price, currency)]
        text = " × ".join(parts + ([str(num)] if num != 1 else []))
        text += f" ÷ {den}" if den != 1 else ""
        return f"{text} = {money(self.monthly, currency)}"

    def as_args(self) -> dict[str, Any]:
        return {"price": float(self.price), "times": self.times, "per": self.unit}


def rate_in(text: str) -> Rate | None:
    """The rate a sentence states, or None when it states an amount once (or none)."""
    for pattern in RATE_RES:
        m = pattern.search(text or "")
        if m is None:
            continue
        number = m.group("p") or m.group("pb")
        said = (m.groupdict().get("times") or "1").lower()
        times = int(said) if said.isdigit() else TIMES_WORDS.get(said, 1)
        unit = UNIT.get((m.groupdict().get("unit") or m.groupdict().get("adverb") or "").lower())
        if unit is None or times < 1 or times > 100:
            continue
        if unit == "month" and times == 1:
            continue  # "$300 a month" is a monthly amount already, read as one
        return Rate(Decimal(number.replace(",", "")), times, unit)
    return None


def rate_from_args(price: float | None, times: int | None, per: str | None) -> Rate | None:
    """The rate a tool's arguments give (price each time, times per unit), or None."""
    unit = UNIT.get((per or "").strip().lower())
    if not price or unit is None:
        return None
    return Rate(Decimal(str(price)).quantize(CENT), max(1, int(times or 1)), unit)
