"""A what-if with a new price for something the user pays now (issue 21 kind 5: arithmetic over their data).

"If I move to an apartment for 1800 dollars, how much would I save in a year?": the current monthly cost comes from
SQL (last month's payments to what "apartment" links to: their rent), and the answer shows
(current − new) × months. Nothing is moved or paid; the figure is arithmetic, shown.
"""
from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from core.money import money as money_text

# "if I move to / switch to / get … for $1800", "if my rent was 1800", "at 1,800 a month"
WHATIF_RE = re.compile(r"\b(?:if|suppose|say)\s+(?:i|we|my|our)\b.{0,80}?\b(?:for|at|costing|cost(?:s|ing)?|was|were|is|"
                       r"be|paying|pay)\s+(?:about |around |only |just )?(?:\$|€|£)?\s*(\d[\d,]*(?:\.\d+)?)\s*(k)?"
                       r"(?:\s*(?:dollars?|bucks|usd|eur|euros?))?", re.I)
SAVE_RE = re.compile(r"\b(?:save|saving|saved|savings|cheaper|difference|less|more|cost me|extra|tiết kiệm)\b", re.I)
YEAR_RE = re.compile(r"\b(?:(?:one|a|1|per|each|in a|a whole|the)\s+year|yearly|annually|a year|12 months|năm)\b", re.I)
MONTHS_RE = re.compile(r"\b(\d{1,2})\s+months?\b", re.I)
CENT = Decimal("0.01")


def new_price(text: str) -> Decimal | None:
    """The new monthly price a what-if names, when it asks what it would save or cost, else None."""
    m = WHATIF_RE.search(text or "")
    if m is None or not SAVE_RE.search(text):
        return None
    value = Decimal(m.group(1).replace(",", ""))
    return value * 1000 if m.group(2) else value


WHATIF_TOOLS = ("compare_new_price",)


def whatif_call(text: str, q: Any) -> dict[str, Any] | None:
    """The call for a what-if with a new price of something the user pays now, or None when the what-if names
    nothing of theirs (then it is not this kind of question)."""
    price = new_price(text)
    if price is None or not (q.merchants or q.categories):
        return None
    months = 12 if YEAR_RE.search(text) else int(m.group(1)) if (m := MONTHS_RE.search(text)) else 1
    args: dict[str, Any] = {"new_price": float(price), "months": months}
    if q.merchants:
        args["merchants"] = list(q.merchants)
    if q.categories:
        args["categories"] = list(q.categories)
    return {"name": "compare_new_price", "args": args}


class WhatIfTools:
    def compare_new_price(self, new_price: float, merchants: list[str] | None = None,
                          categories: list[str] | None = None, months: int = 12) -> dict:
        """What a new monthly price for something the user pays now would save (or cost) over `months`: the
        current monthly cost is what went to `merchants`/`categories` last month (from SQL); the result is
        (current − new) × months, every step returned."""
        if not merchants and not categories:
            return {"error": "Name the merchant or category the new price would replace."}
        months = max(1, min(int(months or 12), 60))
        found = self.search_transactions(measure="total", merchants=merchants or None,  # type: ignore[attr-defined]
                                         categories=categories or None, direction="out", period="last month")
        if found.get("error"):
            return found
        now = Decimal(str(found.get("total") or 0)).quantize(CENT, ROUND_HALF_UP)
        price = Decimal(str(new_price)).quantize(CENT, ROUND_HALF_UP)
        return {"measure": "new_price", "current": float(now), "new_price": float(price), "months": months,
                "monthly_difference": float(now - price), "difference": float((now - price) * months),
                "period": found.get("period"), "count": found.get("count") or 0,
                "names": [*(merchants or []), *(categories or [])], "currency": found.get("currency") or "USD"}


def whatif_text(payload: dict[str, Any]) -> str:
    """The arithmetic, shown: (what it costs now − the new price) × the months asked about."""
    currency = payload.get("currency") or "USD"

    def money(v: Any) -> str:
        return money_text(Decimal(str(v)).quantize(CENT, ROUND_HALF_UP), currency)

    names = " and ".join(payload.get("names") or [])
    if not payload.get("count"):
        return f"I found no payment to {names} {payload.get('period') or 'last month'}, so I can't compare a new price with it."
    now, price, months = payload["current"], payload["new_price"], payload["months"]
    difference, monthly = payload["difference"], payload["monthly_difference"]
    span = "a year" if months == 12 else f"{months} months" if months > 1 else "a month"
    high, low = (now, price) if difference >= 0 else (price, now)
    arithmetic = f"({money(high)} − {money(low)}) × {months}" if months > 1 else f"{money(high)} − {money(low)}"
    verb, more = ("save", "") if difference >= 0 else ("pay", " more")
    return (f"You paid {money(now)} to {names} {payload.get('period') or 'last month'}. At {money(price)} a month "
            f"instead, you would {verb} {money(abs(monthly))} a month: {arithmetic} = **{money(abs(difference))}**"
            f"{more} over {span}.")
