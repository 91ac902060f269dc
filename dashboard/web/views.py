"""Home page: this month at a glance. Every figure comes from the transactions selectors (SQL); the view only
formats money and dates for reading."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from accounts.onboarding import onboarding_needed, onboarding_state
from chat import selectors as chat_selectors
from core.web.charts import chart_prepare
from core.web.dates import day_and_relative, day_label
from core.web.format import money, rows_with_money
from transactions import selectors as tx_selectors
from transactions.models import Transaction


def _glance(user, today) -> dict:
    g = tx_selectors.month_glance(user=user, today=today)
    cur = g["currency"]
    now, before = g["this_month"], g["same_days_last_month"]
    shown = {f"{k}_display": money(v, cur) for k, v in now.items() if k != "count"}
    shown_before = {f"{k}_display": money(v, cur) for k, v in before.items() if k != "count"}
    this_label, last_label = f"1–{today.day} {formats.date_format(today, 'F Y')}", g["same_days_label"]
    chart = chart_prepare({
        "type": "bar", "title": _("Fixed bills, everything else and income, same days of each month (%(currency)s)")
        % {"currency": cur},
        "labels": [_("Fixed bills"), _("Everything else"), _("Income")],
        "series": [{"name": last_label, "data": [before["bills"], before["discretionary"], before["income"]]},
                   {"name": _("%(days)s (so far)") % {"days": this_label},
                    "data": [now["bills"], now["discretionary"], now["income"]]}]},
        currency=cur)
    return {**g, "now": {**now, **shown}, "before": {**before, **shown_before},
            "change_display": money(abs(g["spending_change"]), cur), "higher": g["spending_change"] > 0,
            "chart": chart}


def _safe(user, today) -> dict:
    s = tx_selectors.safe_to_spend(user=user, today=today)
    cur = s["currency"]
    return {**s, **{f"{k}_display": money(s[k], cur)
                    for k in ("safe", "per_day", "budgeted", "spent", "budget_left", "upcoming", "unbudgeted_usual",
                              "unbudgeted_to_come")},
            "safe_abs_display": money(abs(s["safe"]), cur), "month_end_label": day_label(s["month_end"], today=today),
            "bills_until_label": day_label(s["bills_until"], today=today),
            "expected_pay": [{**p, "amount_display": money(p["amount"], p["currency"]),
                              "when": day_and_relative(p["date"], today=today)} for p in s["expected_pay"]],
            "upcoming_charges": [{**c, "amount_display": money(c["amount"], cur),
                                  "when": day_and_relative(c["date"], today=today)} for c in s["upcoming_charges"]]}


@login_required
def home(request):
    user = request.user
    if onboarding_needed(user=user):
        return redirect("web-welcome")
    if not Transaction.objects.filter(user=user).exists():
        # Nothing to add up yet: say what to do next instead of $0.00 tiles and empty charts;
        # a reply from the team reaches a person who has no money in Moneta yet too
        return render(request, "web/home_empty.html", {
            "nav": "home", "team_replies": chat_selectors.escalation_replies_unread(user=user),
            **onboarding_state(user=user)})
    today = timezone.localdate()
    jars = tx_selectors.jar_status(user=user)
    subscriptions = tx_selectors.subscription_list(user=user)
    trend = tx_selectors.cash_flow_trend(user=user, months=6, today=today)
    month_summary = tx_selectors.spending_summary(user=user, period="this_month")
    at_risk = [{**j, "spent_display": money(j["spent"], jars.get("currency")),
                "available_display": money(j["available"], jars.get("currency"))}
               for j in jars.get("rows") or [] if j.get("status") in ("warning", "over")]
    # Coming up: expected pay (money in) beside the subscriptions and bills (money out), by date.
    upcoming = [{**u, "amount_display": money(u["amount"], u["currency"]),
                 "when": day_and_relative(u["date"], today=today)}
                for u in tx_selectors.coming_up(user=user, today=today)]
    expected = [u for u in upcoming if u["direction"] == "in"]
    currency = subscriptions.get("currency")
    safe = _safe(user, today)
    worth = tx_selectors.net_worth(user=user, months=1, today=today)
    context = {
        "accounts": tx_selectors.account_balances(user=user),
        "net_worth_display": money(worth["net_worth"], worth["currency"]),
        "reconciliation_issues": tx_selectors.reconciliation_issues(user=user),
        "nav": "home", "today": today, "glance": _glance(user, today), "safe": safe,
        # Pay still expected this month, under "Income so far": the day before payday is not a $0-income month.
        "income_this_month_expected": [{**i, "when": day_label(i["date"], today=today)} for i in expected
                                       if i["date"] <= safe["month_end"]],
        "jars_at_risk": at_risk, "jar_count": len(jars.get("rows") or []),
        "upcoming": upcoming,
        "subscriptions_total": money(subscriptions.get("subscriptions_per_month"), currency),
        "subscriptions_yearly": money(subscriptions.get("subscriptions_per_year"), currency),
        "bills_total": money(subscriptions.get("bills_per_month"), currency)
        if subscriptions.get("bills_per_month") else None,
        "review_count": tx_selectors.review_count(user=user),
        "team_replies": chat_selectors.escalation_replies_unread(user=user),
        "top_categories": rows_with_money(month_summary.get("rows") or [], fields=("spent",),
                                          currency=month_summary.get("currency"))[:5],
        "trend": trend, "trend_chart": chart_prepare(trend.get("chart"), currency=trend["currency"]),
        "trend_rows": rows_with_money(trend["rows"], fields=("income", "spent", "net"), currency=trend["currency"]),
    }
    return render(request, "web/home.html", context)
