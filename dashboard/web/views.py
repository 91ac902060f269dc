"""Home page: this month at a glance (spending vs last month, jars at risk, upcoming charges, the chat box)."""
from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils import timezone

from config.web.charts import chart_prepare
from config.web.format import money, rows_with_money
from transactions import selectors as tx_selectors
from transactions.periods import period_resolve


def _spending_glance(user) -> dict:
    """This month so far against last month up to the same day (a fair comparison mid-month), plus the whole
    of last month. The day arithmetic picks the window; every total comes from the spending_summary selector."""
    today = timezone.localdate()
    this_month = tx_selectors.spending_summary(user=user, period="this_month")
    last_month = tx_selectors.spending_summary(user=user, period="last_month")
    last_start, last_end, _ = period_resolve("last_month", today=today)
    same_day = min(last_start + timedelta(days=today.day - 1), last_end)
    last_to_date = tx_selectors.spending_summary(user=user, start=last_start, end=same_day)
    currency = this_month.get("currency")
    spent, before = this_month.get("total_spent") or 0, last_to_date.get("total_spent") or 0
    compare = tx_selectors.spending_compare(user=user, periods=["last_month", "this_month"])
    return {
        "this_label": this_month.get("period"), "last_label": last_month.get("period"),
        "same_day": same_day, "whole_last_display": money(last_month.get("total_spent"), currency),
        "spent_display": money(spent, currency), "before_display": money(before, currency),
        "difference_display": money(abs(spent - before), currency), "higher": spent > before,
        "income_display": money(this_month.get("total_income"), currency),
        "top_categories": rows_with_money(this_month.get("rows") or [], fields=("spent",), currency=currency)[:5],
        "chart": chart_prepare(compare.get("chart")),
    }


@login_required
def home(request):
    user = request.user
    jars = tx_selectors.jar_status(user=user)
    subscriptions = tx_selectors.subscription_list(user=user)
    at_risk = [{**j, "spent_display": money(j["spent"], jars.get("currency")),
                "available_display": money(j["available"], jars.get("currency"))}
               for j in jars.get("rows") or [] if j.get("status") in ("warning", "over")]
    context = {
        "nav": "home", "glance": _spending_glance(user), "jars_at_risk": at_risk, "jar_count": len(jars.get("rows") or []),
        "upcoming": rows_with_money(subscriptions.get("upcoming_30_days") or [], currency=subscriptions.get("currency")),
        "subscriptions_total": money(subscriptions.get("subscriptions_per_month"), subscriptions.get("currency")),
        "subscriptions_yearly": money(subscriptions.get("subscriptions_per_year"), subscriptions.get("currency")),
        "review_count": tx_selectors.review_count(user=user),
        "bills_total": money(subscriptions.get("bills_per_month"), subscriptions.get("currency"))
        if subscriptions.get("bills_per_month") else None,
    }
    return render(request, "web/home.html", context)
