"""Reasoning over the user's own figures, with the arithmetic shown: can they afford something, how much of
their pay they kept, what share of an income goes to needs.

Every figure comes from SQL through the analytics engine (transactions/selectors/figures.py): usual income and
usual spending are the average of the last full months (transfers are neither), everyday spending leaves out the
recurring charges, and the recurring bills and subscriptions due in the window are projected from their cadence
(`recurring_due`), with the next pay (`income_expected`). The arithmetic on those figures is Decimal here:
income − everyday spending − bills due = left; left − the price = left after it. Each step is returned and shown.
When the figures are thin (fewer full months than asked) or income is irregular (its months vary by more than a
quarter of the average), the answer says so and its confidence is capped (`confidence_cap`).

Needs vs wants follows the 50/30/20 idea: housing, utilities, groceries, transport, insurance, health,
childcare and debt payments are needs; the rest of spending is wants. Which of these a question asks for (and
its price, item and period) is read in chat/affordability_asked.py."""
from __future__ import annotations

import re
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.utils import timezone

from chat.goals import GoalPlans
from chat.kept_figures import left_out_names, period_figures
from chat.kept_figures import spending as spending_rows
from chat.rates import rate_from_args
from core.money import money
from core.periods import add_months, month_bounds, period_label
from transactions.models import Category, Subscription
from transactions.selectors import income_expected, recurring_due
from transactions.selectors.figures import expense_rows, income_rows, usual

MONTHS = 3
IRREGULAR = Decimal("0.25")  # income whose months vary by more than this share of the average
UNSURE_CAP = 0.55  # confidence for an answer resting on thin or irregular figures: medium at most
REASONING_TOOLS = ("check_affordability", "income_breakdown")
NEEDS_RE = re.compile(r"rent|mortgage|housing|home|utilit|electric|water|gas\b|fuel|groceries|grocery|supermarket|"
                      r"transport|transit|commute|insurance|health|medical|pharm|doctor|dental|childcare|"
                      r"school|tuition|loan|debt|phone|internet|mobile|bills?", re.I)
CENT = Decimal("0.01")


def _purchase_label(rate: str | None, item: str | None) -> str:
    said = "; ".join(x for x in (item, rate) if x)
    return f"the purchase ({said})" if said else "the purchase"


def _d(value: Any) -> Decimal:
    return Decimal(str(value or 0)).quantize(CENT, ROUND_HALF_UP)


def _caveats(months: int, *figures_: tuple[str, dict[str, Any]], income: dict[str, Any] | None) -> list[str]:
    """What makes the usual figures shaky: months without data, income that varies a lot."""
    out = []
    covered = min(f["months_with_rows"] for _, f in figures_) if figures_ else months
    if covered < months:
        out.append(f"only {covered} of the last {months} full months have transactions, so the usual month is "
                   f"a thin estimate")
    if income is not None and income["average"] and _d(income["spread"]) > IRREGULAR * _d(income["average"]):
        out.append(f"your income varied a lot from month to month (by about {money(income['spread'], income['currency'])}"
                   f" either way), so next month's may differ")
    return out


class ReasoningTools(GoalPlans):
    user: Any

    def check_affordability(self, amount: float, when: str | None = None, months: int = MONTHS,
                            based_on: str | None = None, times: int | None = None, per: str | None = None,
                            item: str | None = None) -> dict:
        """Can the user afford a purchase of `amount`? `when`: "next month" (the next calendar month) or omitted
        (the next 30 days). From their own figures: usual income and usual everyday spending (average of the last
        `months` full months, recurring charges and transfers left out), minus the recurring bills and
        subscriptions due in that window = what is left, then minus the purchase. Every step is returned, with
        the next pay and the bills due before it, and caveats when the figures are thin or income irregular.
        `based_on` ("last month", "2026-09"): judge from that period's own income and spending instead ("given
        what I spent last month…"), the figures of that period shown. A cost paid repeatedly ("3x a week at $40"):
        `amount` is one payment, `times` how many per `per` ("day", "week", "month", "year"); it is judged as a
        monthly cost (40 × 3 × 52 ÷ 12). `item`: what the price is for, as the question named it ("lease: Rent"),
        shown in the purchase's line."""
        rate = rate_from_args(amount, times, per)
        if rate is not None and (rate.times > 1 or rate.unit != "month"):
            amount = float(rate.monthly)
        else:
            rate = None
        today = timezone.localdate()
        months = max(1, min(int(months), 12))
        if (when or "").strip().lower() in ("next month", "next_month"):
            first = add_months(today.replace(day=1), 1)
            start, end = month_bounds(first.year, first.month)
            window = f"{start:%B %Y}"
        else:
            start, end = today + timedelta(days=1), today + timedelta(days=30)
            window = "the next 30 days"
        if based_on:
            return self._afford_like_period(Decimal(str(amount)).quantize(CENT), based_on, window)
        income = usual(income_rows(user=self.user), today=today, user=self.user, months=months, sign=1)
        if not income["average"]:
            return {"possible": None, "currency": income["currency"] or "USD",
                    "message": "I can't tell: there is no income in your last full months of transactions to judge "
                               "from."}
        currency = income["currency"]
        recurring = list(Subscription.objects.filter(user=self.user).exclude(status=Subscription.Status.DISMISSED)
                         .values_list("merchant_id", flat=True))
        everyday = usual(expense_rows(user=self.user).filter(currency=currency).exclude(merchant_id__in=recurring),
                         today=today, user=self.user, months=months, sign=-1)
        bills = recurring_due(user=self.user, start=start, end=end, currency=currency)
        price = Decimal(str(amount)).quantize(CENT)
        # the usual month's spending, everything in it: what "what I usually spend" asks for; the bills in it are
        # counted by what actually falls due in the window instead (its recurring part, total − everyday)
        spent = usual(expense_rows(user=self.user).filter(currency=currency), today=today, user=self.user,
                      months=months, sign=-1)
        left = _d(income["average"]) - _d(everyday["average"]) - _d(bills["total"])
        after = left - price
        steps = [
            {"label": f"usual income a month (average of {income['window']})", "amount": str(_d(income["average"]))},
            {"label": "usual everyday spending a month (recurring bills and subscriptions left out)", "op": "-",
             "amount": str(_d(everyday["average"]))},
            {"label": f"recurring bills and subscriptions due in {window}", "op": "-", "amount": str(_d(bills["total"]))},
            {"label": f"left in {window}", "op": "=", "amount": str(left)},
            {"label": _purchase_label(rate.arithmetic(currency) + " a month" if rate else None, item), "op": "-",
             "amount": str(price)},
            {"label": "left after it", "op": "=", "amount": str(after)},
        ]
        pay = next((p for p in income_expected(user=self.user, today=today, days=40) if p["currency"] == currency),
                   None)
        before_pay = recurring_due(user=self.user, start=today, end=date.fromisoformat(pay["date"]) - timedelta(days=1),
                                   currency=currency) if pay else None
        caveats = _caveats(months, ("income", income), ("spending", everyday), income=income)
        months_needed = None
        if after < 0 and left > 0:
            months_needed = int((price / left).to_integral_value(rounding="ROUND_CEILING"))
        return {"possible": after >= 0, "amount": str(price), "income": str(_d(income["average"])),
                "usual_spending": str(_d(spent["average"])),
                "usual_bills": str(_d(spent["average"]) - _d(everyday["average"])), "months": months,
                **({"rate": {**rate.as_args(), "arithmetic": rate.arithmetic(currency)}} if rate else {}),
                "spending": str(_d(everyday["average"])), "bills": str(_d(bills["total"])), "bills_due": bills["rows"],
                "left": str(left), "after": str(after), "months_to_save": months_needed, "window": window,
                "usual_window": income["window"], "currency": currency, "steps": steps,
                "next_pay": pay, "due_before_pay": before_pay["rows"] if before_pay else [],
                "due_before_pay_total": str(_d(before_pay["total"])) if before_pay else None,
                "caveats": caveats, **({"confidence_cap": UNSURE_CAP} if caveats else {})}

    def income_breakdown(self, monthly_income: float | None = None, months: int = MONTHS,
                         period: str | None = None, goal: float | None = None, per_month: float | None = None,
                         per_month_arithmetic: str | None = None, save_merchants: list[str] | None = None,
                         save_categories: list[str] | None = None, save_period: str | None = None,
                         save_months: int | None = None, leave_out_categories: list[str] | None = None,
                         leave_out_merchants: list[str] | None = None) -> dict:
        """How much of their pay the user kept (income − spending, and the share kept), and what goes to needs
        (housing, utilities, groceries, transport, insurance, health, debt) versus wants — averaged over the last
        `months` full months (transfers are neither). With `monthly_income` (e.g. "on 3k a month") the shares are
        of that income. With `period` ("last month", "2026-09", "this year") the figures are that period's own:
        income in it − spending in it = kept. With `goal` (an amount to save), how many months the usual amount
        kept takes to reach it (goal ÷ kept a month, rounded up); with `period` too, at what was kept in that period
        ("going by last month"). The monthly saving can be given instead: `per_month` (stated: "if I save $450 a
        month"; pure arithmetic), or a spending figure of theirs saved each month — `save_merchants` /
        `save_categories` with `save_period` ("what I spent on Amazon last month") or `save_months` (their average
        month over that many full months). `leave_out_categories` / `leave_out_merchants`: spending not counted
        ("not counting rent"), named and summed in `left_out`."""
        left_out = {"leave_out_categories": leave_out_categories, "leave_out_merchants": leave_out_merchants}
        if goal and (per_month or save_merchants or save_categories):
            return self._goal_plan(goal, per_month, per_month_arithmetic, save_merchants, save_categories, save_period,
                                   save_months)
        if period:
            figures = self._period_figures(period, **left_out)
            if goal and not figures.get("message"):  # at the rate of that period: what it kept
                figures.update(_goal(goal, Decimal(figures["kept"])))
            return figures
        today = timezone.localdate()
        months = max(1, min(int(months), 12))
        income = usual(income_rows(user=self.user), today=today, user=self.user, months=months, sign=1)
        counted, left = spending_rows(self.user, leave_out_categories, leave_out_merchants)
        spending = usual(counted, today=today, user=self.user, months=months, sign=-1)
        if not (income["months_with_rows"] or spending["months_with_rows"]):
            return {"message": "There are no full months of transactions yet to work this out from.",
                    "currency": income["currency"] or "USD"}
        currency = spending["currency"] or income["currency"]
        need_names = [n for n in self._need_names() if n not in (leave_out_categories or [])]
        rows = counted.filter(currency=currency)
        needs = usual(rows.filter(category__name__in=need_names), today=today, user=self.user, months=months, sign=-1)
        wants = usual(rows.exclude(category__name__in=need_names), today=today, user=self.user, months=months,
                      sign=-1)
        base = Decimal(str(monthly_income)).quantize(CENT) if monthly_income else _d(income["average"])
        spent = _d(spending["average"])
        kept = base - spent

        def pct(part: Decimal) -> str:
            return str((part / base * 100).quantize(Decimal("0.1"), ROUND_HALF_UP)) if base else "0"

        caveats = _caveats(months, ("spending", spending), *([("income", income)] if not monthly_income else []),
                           income=None if monthly_income else income)
        # the 50/30/20 rule on that income: what it sets aside for needs, wants and savings, beside their own figures
        rule = {part: str((base * Decimal(share) / 100).quantize(CENT, ROUND_HALF_UP))
                for part, share in (("needs", 50), ("wants", 30), ("savings", 20))}
        return {"window": income["window"], "months": months, "currency": currency, "rule_50_30_20": rule,
                "rule_shares": [50, 30, 20], **_goal(goal, kept),
                "needs_over_rule": str(_d(needs["average"]) - Decimal(rule["needs"])),
                "income": str(_d(income["average"])), "income_used": str(base), "income_given": bool(monthly_income),
                "spending": str(spent), "kept": str(kept), "kept_pct": pct(kept), "needs": str(_d(needs["average"])),
                "needs_pct": pct(_d(needs["average"])), "wants": str(_d(wants["average"])),
                "wants_pct": pct(_d(wants["average"])), "need_categories": need_names,
                "rows": [{"month": i["month"], "income": i["total"], "spent": s["total"]}
                         for i, s in zip(income["rows"], spending["rows"])],
                "caveats": caveats, **({"confidence_cap": UNSURE_CAP} if caveats else {}),
                **_usual_left_out(left, leave_out_categories, leave_out_merchants, today, self.user, months)}


    def _period_figures(self, period: str, leave_out_categories: list[str] | None = None,
                        leave_out_merchants: list[str] | None = None) -> dict:
        return period_figures(self.user, period, self._need_names(), leave_out_categories, leave_out_merchants)

    def _need_names(self) -> list[str]:
        return sorted(n for n in Category.objects.filter(user=self.user, kind=Category.Kind.EXPENSE)
                      .values_list("name", flat=True) if NEEDS_RE.search(n))

    def _afford_like_period(self, price: Decimal, period: str, window: str) -> dict:
        """Affordability judged from one period's own figures: its income − its spending = what it left; minus the
        price = what the coming window would leave if it looks the same."""
        figures = self._period_figures(period)
        if figures.get("message"):
            return {"possible": None, **figures}
        left = Decimal(figures["kept"])
        after = left - price
        label = _label(figures, False)
        steps = [{"label": f"income in {label}", "amount": figures["income"]},
                 {"label": f"spending in {label}", "op": "-", "amount": figures["spending"]},
                 {"label": f"left in {label}", "op": "=", "amount": str(left)},
                 {"label": "the purchase", "op": "-", "amount": str(price)},
                 {"label": "left after it", "op": "=", "amount": str(after)}]
        return {"possible": after >= 0, "amount": str(price), "income": figures["income"],
                "spending": figures["spending"], "left": str(left), "after": str(after), "window": window,
                "basis": label, "basis_start": figures["start"], "basis_end": figures["end"],
                "basis_grain": figures["grain"], "currency": figures["currency"], "steps": steps}


def _label(payload: dict[str, Any], vi: bool, prefix: str = "") -> str:
    start, end = date.fromisoformat(payload[f"{prefix}start"]), date.fromisoformat(payload[f"{prefix}end"])
    label = period_label(start, end, payload[f"{prefix}grain"], today=timezone.localdate(), localized=vi)
    return label[:1].lower() + label[1:] if vi else label


def _usual_left_out(left: Any, categories: list[str] | None, merchants: list[str] | None, today: date, user: Any,
                    months: int) -> dict[str, Any]:
    """The usual month's spending left out on the user's word ("not counting rent"): names and average."""
    if left is None:
        return {}
    average = _d(usual(left, today=today, user=user, months=months, sign=-1)["average"])
    return {"left_out": {"names": left_out_names(categories, merchants), "amount": str(average)}}


def _goal(goal: float | None, kept: Decimal) -> dict[str, Any]:
    """Months to save `goal` at `kept` a month: goal ÷ kept, and that rounded up (none when nothing is kept)."""
    if not goal:
        return {}
    target = Decimal(str(goal)).quantize(CENT)
    if kept <= 0:
        return {"goal": str(target), "goal_months": None}
    exact = (target / kept).quantize(Decimal("0.1"), ROUND_HALF_UP)
    return {"goal": str(target), "goal_exact": str(exact),
            "goal_months": int((target / kept).to_integral_value(rounding="ROUND_CEILING"))}
