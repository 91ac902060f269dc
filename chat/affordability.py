"""Reasoning over the user's own figures, with the arithmetic shown: can they afford something, how much of
their pay they kept, what share of an income goes to needs. Every figure comes from SQL (the month-by-month
income and spending of transactions.selectors.cash_flow_trend, spending by category, the recurring charges);
the arithmetic on them is Decimal here, and the answer shows each step so it can be checked.

Needs vs wants follows the 50/30/20 idea: housing, utilities, groceries, transport, insurance, health,
childcare and debt payments are needs; the rest of spending is wants."""
from __future__ import annotations

import re
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from core.money import money

MONTHS = 3
REASONING_TOOLS = ("check_affordability", "income_breakdown")
NEEDS_RE = re.compile(r"rent|mortgage|housing|home|utilit|electric|water|gas\b|fuel|groceries|grocery|supermarket|"
                      r"transport|transit|commute|insurance|health|medical|pharm|doctor|dental|childcare|"
                      r"school|tuition|loan|debt|phone|internet|mobile|bills?", re.I)
AFFORD_RE = re.compile(r"\bafford\b|\bcan i (?:buy|get|pay for|spend)\b|\b(?:is|would) (?:a |an |the )?[\w ]{0,30}"
                       r"\b(?:too expensive|within (?:my )?budget)\b", re.I)
KEPT_RE = re.compile(r"\bhow much of my (?:pay|paycheck|income|salary|wages?)\b|\bsav(?:ings|ing)? rate\b|"
                     r"\b(?:what|which) (?:share|percent(?:age)?|part|portion|fraction)\b.{0,40}\b(?:sav|kept|keep)\w*|"
                     r"\bdid i (?:keep|save)\b|\bhow much (?:did|do) i (?:keep|save)\b", re.I)
NEEDS_Q_RE = re.compile(r"\bneeds\b|\bessentials\b|\bnecessities\b|\b50/30/20\b", re.I)
AMOUNT_RE = re.compile(r"[$€£]\s*(\d[\d,]*(?:\.\d+)?)\s*(k)?\b|\b(\d[\d,]*(?:\.\d+)?)\s*(k)\b|\b(\d[\d,]*(?:\.\d+)?)\s*"
                       r"(?:dollars?|bucks|usd)\b|\bon (\d[\d,]*(?:\.\d+)?)\b", re.I)
NEXT_MONTH_RE = re.compile(r"\bnext month\b|\bthis month\b|\bsoon\b", re.I)
CENT = Decimal("0.01")


def _amount(text: str) -> Decimal | None:
    m = AMOUNT_RE.search(text or "")
    if not m:
        return None
    number = next(g for g in (m.group(1), m.group(3), m.group(5), m.group(6)) if g)
    value = Decimal(number.replace(",", ""))
    return value * 1000 if (m.group(2) or m.group(4)) else value


def reasoning_call(text: str) -> dict[str, Any] | None:
    """The tool call for an affordability or saving-rate question, else None."""
    if AFFORD_RE.search(text) and _amount(text) is not None:
        return {"name": "check_affordability", "args": {"amount": float(_amount(text) or 0)}}
    if (KEPT_RE.search(text) or (NEEDS_Q_RE.search(text) and re.search(r"\b(?:goes?|go|spend|spent|on|my)\b", text,
                                                                       re.I))) and not _names_period(text):
        income = _amount(text)
        return {"name": "income_breakdown", "args": {"monthly_income": float(income)} if income else {}}
    return None


def _names_period(text: str) -> bool:
    """A question about one period ("how much did I save last month") is the money engine's (income − spending
    for that period); these tools answer for the user's usual month."""
    from django.utils import timezone

    from transactions.query.grammar import normalise
    from transactions.query.periods import find_periods

    return bool(find_periods(normalise(text), timezone.localdate()))


def _months(user: Any, months: int, today: date | None) -> tuple[list[dict[str, Any]], str]:
    from transactions.selectors import cash_flow_trend

    trend = cash_flow_trend(user=user, months=months, today=today)
    full = [r for r in trend["rows"] if not r["partial"]]
    return full[-months:], trend["currency"]


def _avg(values: list[Any]) -> Decimal:
    if not values:
        return Decimal("0.00")
    return (sum((Decimal(str(v)) for v in values), Decimal("0")) / len(values)).quantize(CENT, ROUND_HALF_UP)


def _window(rows: list[dict[str, Any]]) -> str:
    return f"{rows[0]['label']}–{rows[-1]['label']}" if len(rows) > 1 else (rows[0]["label"] if rows else "")


class ReasoningTools:
    user: Any

    def check_affordability(self, amount: float, months: int = MONTHS) -> dict:
        """Can the user afford a purchase of `amount` next month? From their own usual month: average income
        and spending over the last `months` full months (recurring bills included), what is usually left, and
        what would be left after the purchase — every step of the arithmetic is returned."""
        from transactions.selectors import subscription_list

        rows, currency = _months(self.user, max(1, min(int(months), 12)), None)
        if not rows or not any(r["income"] for r in rows):
            return {"possible": None, "message": "I can't tell: there is no income in your last full months of "
                                                 "transactions to judge from.", "currency": currency}
        price = Decimal(str(amount)).quantize(CENT)
        income, spent = _avg([r["income"] for r in rows]), _avg([r["spent"] for r in rows])
        left = income - spent
        after = left - price
        bills = Decimal(str(subscription_list(user=self.user).get("total_per_month") or 0)).quantize(CENT)
        steps = [
            {"label": f"usual income ({_window(rows)} average)", "amount": str(income)},
            {"label": f"usual spending, including {money(bills, currency)} of recurring bills", "op": "-",
             "amount": str(spent)},
            {"label": "usually left over in a month", "op": "=", "amount": str(left)},
            {"label": "the purchase", "op": "-", "amount": str(price)},
            {"label": "left after it", "op": "=", "amount": str(after)},
        ]
        months_needed = None
        if after < 0 and left > 0:
            months_needed = int((price / left).to_integral_value(rounding="ROUND_CEILING"))
        return {"possible": after >= 0, "amount": str(price), "income": str(income), "spending": str(spent),
                "bills": str(bills), "left": str(left), "after": str(after), "months_to_save": months_needed,
                "window": _window(rows), "currency": currency, "steps": steps}

    def income_breakdown(self, monthly_income: float | None = None, months: int = MONTHS) -> dict:
        """How much of their pay the user kept (income − spending, and the share kept), and what goes to needs
        (housing, utilities, groceries, transport, insurance, health, debt) versus wants — averaged over the last
        `months` full months. With `monthly_income` (e.g. "on 3k a month") the shares are of that income."""
        from transactions.selectors import spending_summary

        rows, currency = _months(self.user, max(1, min(int(months), 12)), None)
        if not rows:
            return {"message": "There are no full months of transactions yet to work this out from.",
                    "currency": currency}
        start = date.fromisoformat(rows[0]["month"] + "-01")
        end = date.fromisoformat(rows[-1]["month"] + "-01")
        from core.periods import month_bounds

        end = month_bounds(end.year, end.month)[1]
        summary = spending_summary(user=self.user, start=start, end=end)
        n = len(rows)
        needs = wants = Decimal("0")
        need_names: list[str] = []
        for r in summary.get("rows") or []:
            name, value = str(r.get("category") or ""), Decimal(str(r.get("total") or r.get("spent") or 0))
            if NEEDS_RE.search(name):
                needs += value
                need_names.append(name)
            else:
                wants += value
        needs, wants = (needs / n).quantize(CENT, ROUND_HALF_UP), (wants / n).quantize(CENT, ROUND_HALF_UP)
        income = _avg([r["income"] for r in rows])
        spent = _avg([r["spent"] for r in rows])
        base = Decimal(str(monthly_income)).quantize(CENT) if monthly_income else income
        kept = base - spent

        def pct(part: Decimal) -> str:
            return str((part / base * 100).quantize(Decimal("0.1"), ROUND_HALF_UP)) if base else "0"

        return {"window": _window(rows), "months": n, "currency": currency, "income": str(income),
                "income_used": str(base), "income_given": bool(monthly_income), "spending": str(spent),
                "kept": str(kept), "kept_pct": pct(kept), "needs": str(needs), "needs_pct": pct(needs),
                "wants": str(wants), "wants_pct": pct(wants), "need_categories": need_names,
                "rows": [{"month": r["label"], "income": r["income"], "spent": r["spent"], "net": r["net"]}
                         for r in rows]}


def reasoning_text(name: str, payload: dict[str, Any], question: str) -> str:
    """The offline composer's words for a reasoning tool's result, the arithmetic shown line by line."""
    cur = payload.get("currency")
    if payload.get("message"):
        return str(payload["message"])
    if name == "check_affordability":
        lines = [f"{'  ' if not s.get('op') else s['op'] + ' '}{money(s['amount'], cur)} — {s['label']}"
                 for s in payload.get("steps") or []]
        verdict = (f"Yes — on a usual month you'd have {money(payload['after'], cur)} left after "
                   f"{money(payload['amount'], cur)}." if payload.get("possible") else
                   f"Not from one usual month: you'd be {money(abs(Decimal(payload['after'])), cur)} short."
                   + (f" Setting aside your usual {money(payload['left'], cur)} a month, it would take "
                      f"{payload['months_to_save']} months." if payload.get("months_to_save") else ""))
        return verdict + " Here is the arithmetic:\n\n" + "\n".join(f"- {line}" for line in lines) + \
            "\n\nThis assumes next month looks like your recent ones; one-off costs would change it."
    income_word = ("the " + money(payload["income_used"], cur) + " a month you gave") if payload.get("income_given") \
        else f"your average income of {money(payload['income'], cur)} a month ({payload['window']})"
    kept = (f"Of {income_word}, after your usual spending of {money(payload['spending'], cur)} you keep "
            f"{money(payload['kept'], cur)} — {payload['kept_pct']}%:\n\n"
            f"- {money(payload['income_used'], cur)} − {money(payload['spending'], cur)} = "
            f"{money(payload['kept'], cur)}\n"
            f"- {money(payload['kept'], cur)} ÷ {money(payload['income_used'], cur)} = {payload['kept_pct']}%")
    needs = (f"Needs ({', '.join(payload.get('need_categories') or []) or 'none found'}) take "
             f"{money(payload['needs'], cur)} a month — {payload['needs_pct']}% of {money(payload['income_used'], cur)}"
             f"; wants take {money(payload['wants'], cur)} — {payload['wants_pct']}%. (Averages over "
             f"{payload['window']}.)")
    return f"{needs}\n\n{kept}" if NEEDS_Q_RE.search(question) else f"{kept}\n\n{needs}"
