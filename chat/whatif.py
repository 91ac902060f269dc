"""A what-if with a new price for something the user pays now (issue 21 kind 5: arithmetic over their data).

"If I move to an apartment for 1800 dollars, how much would I save in a year?": the current monthly cost comes from
SQL (last month's payments to what "apartment" links to: their rent), and the answer shows
(current − new) × months. Nothing is moved or paid; the figure is arithmetic, shown.
"""
from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from chat import words
from chat.affordability_asked import usual_months_said
from chat.rates import Rate, rate_from_args, rate_in
from chat.tool_args import money_query_from_args
from core.errors import DomainError
from core.money import money as money_text
from transactions.selectors import user_currency
from transactions.selectors.figures import money_rows, usual

# "if I move to / switch to / get … for $1800", "if my rent was 1800", "at 1,800 a month"
WHATIF_RE = re.compile(r"\b(?:if|suppose|say)\s+(?:i|we|my|our)\b.{0,80}?\b(?:for|at|costing|cost(?:s|ing)?|was|were|is|"
                       r"be|paying|pay)\s+(?:about |around |only |just )?(?:\$|€|£)?\s*(\d[\d,]*(?:\.\d+)?)\s*(k)?"
                       r"(?:\s*(?:dollars?|bucks|usd|eur|euros?))?", re.I)
SAVE_RE = re.compile(r"\b(?:save|saving|saved|savings|cheaper|difference|less|more|cost me|extra|tiết kiệm)\b", re.I)
YEAR_RE = re.compile(r"\b(?:(?:one|a|1|per|each|in a|a whole|the)\s+year|yearly|annually|a year|12 months|năm)\b", re.I)
MONTHS_RE = re.compile(r"\b(\d{1,2})\s+months?\b", re.I)
CENT = Decimal("0.01")
USUAL_MONTHS = 3


def new_price(text: str) -> Decimal | None:
    """The new monthly price a what-if names, when it asks what it would save or cost, else None."""
    m = WHATIF_RE.search(text or "")
    if m is None or not SAVE_RE.search(text):
        return None
    value = Decimal(m.group(1).replace(",", ""))
    return value * 1000 if m.group(2) else value


WHATIF_TOOLS = ("compare_new_price",)


# a cost said as a rate set beside what they spend now: "a trainer 3x a week at $40 — how does that compare with
# what I spend on health a month", "…on top of my dining", "vs my coffee"
COMPARE_RE = re.compile(r"\bcompare[sd]?\b|\bcompared (?:to|with)\b|\bvs\.?\b|\bversus\b|\bagainst\b|\bon top of\b|"
                        r"\b(?:more|less|cheaper|pricier) than\b|\bso (?:với|sánh)\b|\bso sánh\b", re.I)


def whatif_call(text: str, q: Any) -> dict[str, Any] | None:
    """The call for a what-if with a new price of something the user pays now, or None when the what-if names
    nothing of theirs (then it is not this kind of question)."""
    price = new_price(text)
    # what it is set beside: the names the question reads (a comparison's sides when it reads one)
    sides = (q.compare or {}).get("sides") or []
    merchants = list(dict.fromkeys([*q.merchants, *(m for side in sides for m in side.merchants)]))
    categories = list(dict.fromkeys([*q.categories, *(c for side in sides for c in side.categories)]))
    if price is None and (rate := rate_in(text)) is not None and (merchants or categories) and COMPARE_RE.search(text):
        # a new cost paid repeatedly, beside what goes to those now: its monthly cost against their usual month
        beside = {"new_price": float(rate.price), "times": rate.times, "per": rate.unit, "months": 1, "added": True,
                  "usual_months": usual_months_said(text) or USUAL_MONTHS}
        return {"name": "compare_new_price", "args": {**beside, **({"merchants": merchants} if merchants else {}),
                                                      **({"categories": categories} if categories else {})}}
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
    user: Any

    def compare_new_price(self, new_price: float, merchants: list[str] | None = None,
                          categories: list[str] | None = None, months: int = 12, usual_months: int | None = None,
                          times: int | None = None, per: str | None = None, added: bool = False) -> dict:
        """What a new monthly price for something the user pays now would save (or cost) over `months`: the
        current monthly cost is what went to `merchants`/`categories` last month (from SQL); the result is
        (current − new) × months, every step returned. `usual_months`: compare with the average of that many full
        months instead of last month. A price paid repeatedly ("3x a week at $40"): `new_price` is one payment,
        `times` how many per `per` (day/week/month/year), made monthly (40 × 3 × 52 ÷ 12). `added=true`: the new
        cost comes on top of what they spend now (a comparison and the sum), rather than replacing it."""
        if not merchants and not categories:
            return {"error": "Name the merchant or category the new price would replace."}
        rate = rate_from_args(new_price, times, per)
        if rate is not None and (rate.times > 1 or rate.unit != "month"):
            new_price = float(rate.monthly)
        else:
            rate = None
        months = max(1, min(int(months or 12), 60))
        if usual_months:
            return self._against_usual(new_price=new_price, merchants=merchants, categories=categories,
                                       months=months, usual_months=usual_months, rate=rate, added=added)
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

    def _against_usual(self, *, new_price: float, merchants: list[str] | None, categories: list[str] | None,
                       months: int, usual_months: int, rate: Rate | None, added: bool) -> dict:
        """The new monthly cost beside the usual month (average of `usual_months` full months) of what it names."""
        try:
            q = money_query_from_args(user=self.user, args={"merchants": merchants, "categories": categories})
        except DomainError as exc:
            return {"error": exc.message}
        if q.unknown or not (q.merchants or q.categories):
            return {"error": f"You have no merchant or category called {', '.join(map(repr, q.unknown or []))}."}
        usual_months = max(1, min(int(usual_months), 12))
        found = usual(money_rows(user=self.user, merchants=q.merchants, categories=q.categories, direction="out"),
                      today=timezone.localdate(), user=self.user, months=usual_months, sign=-1)
        currency = found["currency"] or user_currency(user=self.user)
        now = Decimal(str(found["average"])).quantize(CENT, ROUND_HALF_UP)
        price = Decimal(str(new_price)).quantize(CENT, ROUND_HALF_UP)
        return {"measure": "new_price", "current": float(now), "new_price": float(price), "months": months,
                "usual_months": usual_months, "window": found["window"], "usual_total": found["total"],
                "by_month": [{"month": r["month"], "total": r["total"]} for r in found["rows"]],
                "monthly_difference": float(now - price), "difference": float((now - price) * months),
                "count": found["count"], "added": bool(added), "names": [*q.merchants, *q.categories],
                "with_it": float(now + price), "gap": float(abs(price - now)),
                "rate": rate.arithmetic(currency) if rate else None, "currency": currency}


def _names(payload: dict[str, Any]) -> str:
    return _(" and ").join(words.categories(payload.get("names") or []))


def _usual_text(payload: dict[str, Any], money: Any) -> str:
    """A new monthly cost against the usual month of what it is set beside: both, the difference, and the sum."""
    now, price = payload["current"], payload["new_price"]
    said = {"names": _names(payload), "now": money(now), "price": money(price), "n": payload["usual_months"],
            "window": words.text(payload.get("window") or ""), "total": money(payload.get("usual_total") or 0),
            "gap": money(abs(price - now)), "with": money(now + price), "rate": payload.get("rate") or "",
            "months": ", ".join(f"{words.month(m['month'])}: {money(m['total'])}" for m in payload.get("by_month") or [])}
    lead = (_("That comes to %(rate)s a month.") if payload.get("rate") else _("That is %(price)s a month.")) % said
    usual = _("You spend %(now)s a month on %(names)s now — the average of the %(n)s full months %(window)s "
              "(%(months)s: together %(total)s ÷ %(n)s).") % said
    compare = (_("So it is %(gap)s more than what goes to %(names)s now (%(price)s − %(now)s)") if price >= now else
               _("So it is %(gap)s less than what goes to %(names)s now (%(now)s − %(price)s)")) % said
    if payload.get("added"):
        compare += _("; on top of it, %(names)s would come to %(with)s a month (%(now)s + %(price)s)") % said
    return f"{lead} {usual} {compare}."


def whatif_text(payload: dict[str, Any]) -> str:
    """The arithmetic, shown: (what it costs now − the new price) × the months asked about (active language)."""
    currency = payload.get("currency") or "USD"

    def money(v: Any) -> str:
        return money_text(Decimal(str(v)).quantize(CENT, ROUND_HALF_UP), currency)

    if payload.get("usual_months"):
        return _usual_text(payload, money)
    period = words.text(payload.get("period") or "last month")
    if not payload.get("count"):
        return _("I found no payment to %(names)s %(period)s, so I can't compare a new price with it.") % {
            "names": _names(payload), "period": period}
    now, price, months = payload["current"], payload["new_price"], payload["months"]
    difference, monthly = payload["difference"], payload["monthly_difference"]
    span = _("a year") if months == 12 else (_("%(n)s months") % {"n": months}) if months > 1 else _("a month")
    high, low = (now, price) if difference >= 0 else (price, now)
    arithmetic = f"({money(high)} − {money(low)}) × {months}" if months > 1 else f"{money(high)} − {money(low)}"
    said = {"now": money(now), "names": _names(payload), "period": period, "price": money(price),
            "monthly": money(abs(monthly)), "arithmetic": arithmetic, "total": money(abs(difference)), "span": span}
    return (_("You paid %(now)s to %(names)s %(period)s. At %(price)s a month instead, you would save %(monthly)s a "
              "month: %(arithmetic)s = **%(total)s** over %(span)s.") if difference >= 0 else
            _("You paid %(now)s to %(names)s %(period)s. At %(price)s a month instead, you would pay %(monthly)s a "
              "month: %(arithmetic)s = **%(total)s** more over %(span)s.")) % said
