"""Savings goals: how many months to reach an amount, at the monthly saving the question states or points to.

"If I save $450 a month, how many months until I have $9,000?" is arithmetic on the stated numbers (9,000 ÷ 450), no
data read. "If I save each month what I spent on Amazon last month" takes that figure from SQL (the analytics engine);
"my average monthly dining spend (last 3 full months)" the usual month of it. "Going by last month" is what they kept
last month (its income − its spending); with nothing said, the usual month kept (chat/affordability.py). Every step
is returned and shown; nothing here guesses a figure.
"""
from __future__ import annotations

import re
from decimal import ROUND_CEILING, ROUND_HALF_UP, Decimal
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from chat import words
from chat.rates import rate_in
from chat.tool_args import money_query_from_args
from core.errors import DomainError
from core.money import money
from core.periods import period_label
from transactions.query import period_from_words
from transactions.selectors import user_currency
from transactions.selectors.figures import money_rows, totals, usual

CENT = Decimal("0.01")
# an amount with where it stands: "$9,000", "10k", "5000 dollars", "9.000 đô", "30 triệu"
AMOUNT_AT_RE = re.compile(r"[$€£]\s*(\d[\d,]*(?:\.\d+)?)\s*(k|m)?\b|\b(\d[\d,]*(?:\.\d+)?)\s*(k|triệu|tr|trieu)\b"
                          r"|\b(\d[\d,]*(?:\.\d+)?)\s*(?:dollars?|bucks|usd|đô(?: la)?)(?!\w)"
                          r"|(?<![\d.,$])\b(\d{3,}(?:,\d{3})*(?:\.\d+)?)\b(?!\s*(?:%|months?|years?|weeks?|days?|tháng|năm))",
                          re.I)
SCALE = {"k": 1000, "m": 1_000_000, "triệu": 1_000_000, "tr": 1_000_000, "trieu": 1_000_000}
# right after an amount: it is saved every month ("$450 a month", "450/mo", "500 monthly", "5 triệu mỗi tháng")
MONTHLY_AFTER_RE = re.compile(r"\s*(?:(?:a|per|each|every|/|mỗi|một)\s*(?:month|mo|mth|tháng)\b|monthly\b)", re.I)
# the saving is a spending figure of theirs: "save each month what I spent on Amazon last month", "put my average
# monthly dining spend into savings", "if I saved what goes to takeout"
SPEND_AS_SAVING_RE = re.compile(
    r"\b(?:save|saved|saving|put|set aside|stash|bank|tiết kiệm|để dành)\b.{0,50}\b(?:what (?:i|we) (?:spent|spend|pay|"
    r"paid)|what goes to|my\b.{0,40}\b(?:spend|spending|bill|budget|costs?))\b"
    r"|\b(?:spend|spending|spent)\b.{0,60}\b(?:into|in|to|as) (?:savings|my savings|the goal|the fund)\b", re.I)
USUAL_RE = re.compile(r"\b(?:usual(?:ly)?|average|avg|typical(?:ly)?|normal(?:ly)?|trung bình|thường)\b", re.I)


def amounts_at(text: str) -> list[tuple[Decimal, int, int]]:
    """Every amount the sentence states, with its span."""
    out = []
    for m in AMOUNT_AT_RE.finditer(text or ""):
        number = next(g for g in (m.group(1), m.group(3), m.group(5), m.group(6)) if g)
        scale = (m.group(2) or m.group(4) or "").lower()
        out.append((Decimal(number.replace(",", "")) * SCALE.get(scale, 1), m.start(), m.end()))
    return out


def goal_args(text: str, q: Any, *, months: int | None, period: str | None) -> dict[str, Any] | None:
    """The arguments of `income_breakdown` for a savings goal: the goal (the largest amount not saved a month) and
    how much is saved a month — stated (`per_month`), a spending figure of theirs (`save_*`), or kept in a period
    (`period`) — else None (no goal amount)."""
    found = amounts_at(text)
    monthly = [a for a in found if MONTHLY_AFTER_RE.match(text, a[2])]
    rest = [a for a in found if a not in monthly]
    if not rest:
        return None
    args: dict[str, Any] = {"goal": float(max(a[0] for a in rest))}
    rate = rate_in(text)
    if monthly:
        args["per_month"] = float(monthly[0][0])
        return args
    if rate is not None:  # "$100 a week": made monthly, the arithmetic shown
        args.update(per_month=float(rate.monthly), per_month_arithmetic=rate.arithmetic())
        return args
    if SPEND_AS_SAVING_RE.search(text) and (q.merchants or q.categories):
        args.update({k: v for k, v in (("save_merchants", list(q.merchants)), ("save_categories", list(q.categories)))
                     if v})
        if USUAL_RE.search(text) or not period:
            args["save_months"] = months or q.months or 3
        else:
            args["save_period"] = period
        return args
    if months:  # "going by my average over the last 2 months": the usual month over those months
        args["months"] = months
    elif period and not USUAL_RE.search(text):  # "going by last month": what that period kept
        args["period"] = period
    return args


def _months_to(goal: Decimal, per_month: Decimal) -> dict[str, Any]:
    if per_month <= 0:
        return {"goal": str(goal), "goal_months": None}
    return {"goal": str(goal), "goal_exact": str((goal / per_month).quantize(Decimal("0.1"), ROUND_HALF_UP)),
            "goal_months": int((goal / per_month).to_integral_value(rounding=ROUND_CEILING))}


class GoalPlans:
    user: Any

    def _goal_plan(self, goal: float, per_month: float | None, per_month_arithmetic: str | None,
                   save_merchants: list[str] | None, save_categories: list[str] | None, save_period: str | None,
                   save_months: int | None) -> dict:
        """Months to `goal` at a stated monthly saving, or at a spending figure of theirs saved each month."""
        target = Decimal(str(goal)).quantize(CENT)
        if per_month:
            saved = Decimal(str(per_month)).quantize(CENT)
            return {"basis_kind": "stated", "per_month": str(saved), "currency": user_currency(user=self.user),
                    "per_month_arithmetic": per_month_arithmetic, **_months_to(target, saved)}
        try:
            q = money_query_from_args(user=self.user, args={"merchants": save_merchants, "categories": save_categories})
        except DomainError as exc:
            return {"message": exc.message, "currency": "USD"}
        if not (q.merchants or q.categories):
            return {"message": "I couldn't find what you would save the cost of among your merchants and categories.",
                    "currency": "USD"}
        rows = money_rows(user=self.user, merchants=q.merchants, categories=q.categories, direction="out")
        names = [*q.merchants, *q.categories]
        if save_period:
            found = period_from_words(save_period)
            if found is None:
                return {"message": f"I could not read “{save_period}” as a period.", "currency": "USD"}
            figure = next(iter(totals(rows.filter(date__gte=found.start, date__lte=found.end), user=self.user)), None)
            saved = Decimal(str(figure["spent"] if figure else 0)).quantize(CENT)
            return {"basis_kind": "spending", "names": names, "per_month": str(saved),
                    "basis": period_label(found.start, found.end, found.grain, today=timezone.localdate()),
                    "count": figure["count"] if figure else 0,
                    "currency": (figure or {}).get("currency") or user_currency(user=self.user),
                    **_months_to(target, saved)}
        months = max(1, min(int(save_months or 3), 12))
        found_usual = usual(rows, today=timezone.localdate(), user=self.user, months=months, sign=-1)
        saved = Decimal(str(found_usual["average"])).quantize(CENT)
        return {"basis_kind": "spending", "names": names, "per_month": str(saved), "usual_months": months,
                "window": found_usual["window"], "usual_total": str(Decimal(str(found_usual["total"])).quantize(CENT)),
                "by_month": [{"month": r["month"], "total": r["total"]} for r in found_usual["rows"]],
                "currency": found_usual["currency"] or user_currency(user=self.user), **_months_to(target, saved)}


def goal_plan_text(p: dict[str, Any]) -> str:
    """How long the goal takes at the monthly saving stated or taken from their spending, the arithmetic shown."""
    cur = p.get("currency")
    goal, saved = money(p["goal"], cur), money(p["per_month"], cur)
    said = {"goal": goal, "saved": saved, "months": p.get("goal_months"), "exact": p.get("goal_exact"),
            "names": _(" and ").join(words.categories(p.get("names") or [])),
            "basis": words.text(p.get("basis") or ""), "n": p.get("usual_months"),
            "window": words.text(p.get("window") or ""), "total": money(p.get("usual_total") or 0, cur)}
    if p["basis_kind"] == "spending" and p.get("usual_months"):
        source = _("You spend %(saved)s a month on %(names)s on average — the %(n)s full months %(window)s, together "
                   "%(total)s ÷ %(n)s.") % said
    elif p["basis_kind"] == "spending":
        source = _("You spent %(saved)s on %(names)s in %(basis)s.") % said
    else:
        source = (_("Saving %(arithmetic)s a month.") % {"arithmetic": p["per_month_arithmetic"]}
                  if p.get("per_month_arithmetic") else "")
    if p.get("goal_months") is None:
        return (source + " " + _("Saving %(saved)s a month never reaches %(goal)s.") % said).strip()
    lead = _("Saving %(saved)s a month, you'd reach %(goal)s in %(months)s months: %(goal)s ÷ %(saved)s = %(exact)s "
             "months.") % said
    return f"{lead} {source}".strip()
