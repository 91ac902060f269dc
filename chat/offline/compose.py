"""Extractive answers for the offline model: quote the facts it cites, state the numbers tools returned.

Every figure written here is copied from a tool result (formatted with 2 decimals as the selectors
round them), so the grounding check finds it; nothing is computed here.
"""
from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from chat import words
from chat.listings import listed_subscriptions_text, subscriptions_text
from chat.offline.knowledge_answer import (  # noqa: F401  (re-exported: the offline model judges and writes facts)
    FACT_FLOOR,
    _substantive,
    fits_question,
    knowledge_text,
    pick_facts,
)
from chat.offline.money_phrases import amount, when_said
from core.money import money as money_format

MONEY_KEYS = ("total", "spending", "spent", "income", "net", "average", "budget", "remaining", "monthly_total",
              "total_monthly", "amount", "monthly_cost", "suggested", "median")


def money(value: Any, currency: str | None = None) -> str:
    """Amounts as every page writes them ("$12.00", "−€3.50"; plain "12.00" without a currency)."""
    return money_format(value, currency)


def _label(key: str) -> str:
    return key.replace("_", " ").strip().capitalize()


def _scalar_figures(result: dict) -> list[tuple[str, Any]]:
    out = []
    for key, value in result.items():
        if key in ("currency", "query", "count_omitted") or key.endswith("_omitted") or key.endswith("_id"):
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        out.append((key, value))
    return out


def _row_text(row: dict, currency: str | None) -> str:
    parts = []
    for key in ("date", "label", "name", "category", "merchant", "description", "month", "period"):
        if row.get(key) not in (None, ""):
            parts.append(str(row[key]))
            if len(parts) >= 2:
                break
    figures = []
    for key, value in row.items():
        if key in ("id", "category_confidence", "jar_id", "subscription_id", "transaction_id") or key.endswith("_id"):
            continue
        if isinstance(value, int | float) and not isinstance(value, bool):
            is_money = any(k in key for k in MONEY_KEYS)
            if key in ("count", "transactions", "visits"):
                figures.append(f"{value} {key if key != 'count' else 'transactions'}")
            elif key in ("percentage", "percent", "share", "pct", "percent_used"):
                figures.append(f"{value}%")
            elif is_money:
                figures.append(f"{_label(key).lower()} {money(value, currency)}")
        if len(figures) >= 3:
            break
    tip = row.get("tip") or row.get("reason")
    text = " — ".join(p for p in [" · ".join(parts), ", ".join(figures)] if p)
    if tip:
        text += f". {tip}"
    if row.get("price_changed") or row.get("price_change"):
        text += " (price changed)"
    return text


def _specific(name: str, r: dict) -> str | None:
    """Plain-language sentences for the common transactions tools (figures copied from the result), in the answer's
    language (gettext, locale/vi): category names from the catalogue, periods and dates by Django's formats. The
    English sentences lead with the selector's title; the Vietnamese ones leave it out (it is English)."""
    cur = r.get("currency")
    rows = r.get("rows") or []
    when = when_said(r.get("period"), words.is_vi(), {"start": r.get("start") or "1900-01-01", "end": r.get("end"),
                                                      "grain": "range"} if r.get("end") else None)
    base = {"title": r.get("title"), "period": r.get("period"), "when": when,
            "category": words.category(r.get("category")), "merchant": r.get("merchant"), "count": r.get("count")}
    if name == "analyze_by_category" and "total" in r:
        if not r.get("count"):
            return _("**%(title)s**\nNo %(category)s transactions in %(period)s.") % base
        text = _("**%(title)s**\nYou spent %(total)s on %(category)s (%(period)s) across %(count)s transactions, "
                 "%(average)s on average") % {**base, "total": money(r["total"], cur),
                                              "average": money(r.get("average"), cur)}
        if r.get("monthly_average") and len(rows) > 1:
            text += _(" and %(monthly)s a month") % {"monthly": money(r["monthly_average"], cur)}
        text += "."
        text += _by_month(rows, cur)
        top = r.get("top_merchants") or []
        if top:
            text += _(" Top merchants: ") + ", ".join(f"{t['merchant']} ({money(t['total'], cur)})"
                                                      for t in top[:3]) + "."
        return text
    if name == "analyze_merchant" and "total" in r:
        if not r.get("count"):
            return _("**%(title)s**\nNo transactions at %(merchant)s in %(period)s.") % base
        text = _("**%(title)s**\nYou spent %(total)s at %(merchant)s (%(period)s) across %(count)s transactions, "
                 "%(average)s on average.") % {**base, "total": money(r["total"], cur),
                                               "average": money(r.get("average"), cur)}
        if r.get("refunds"):
            text += _(" Refunds: %(refunds)s.") % {"refunds": money(r["refunds"], cur)}
        text += _by_month(rows, cur)
        if r.get("group_by_category") and rows:
            text += _("\nBy category:\n") + "\n".join(
                _("- %(category)s: %(total)s (%(count)s transactions)") % {
                    "category": words.category(x.get("category")), "total": money(x.get("total"), cur),
                    "count": x.get("count")} for x in rows)
        return text
    if name == "get_spending_summary" and "total_spent" in r:
        top = ", ".join(f"{words.category(x.get('category'))} ({amount(x.get('spent'), cur)}, {x.get('share_pct')}%)"
                        for x in rows[:3])
        text = _("You spent %(total)s %(when)s") % {"total": amount(r["total_spent"], cur), "when": when}
        text += _("; the biggest categories were %(top)s.") % {"top": top} if top else "."
        merchants = r.get("top_merchants") or []
        if merchants:
            text += ("\nNơi chi nhiều nhất: " if words.is_vi() else "\nThe biggest merchants: ") + ", ".join(
                f"{m['merchant']} ({amount(m.get('total'), cur)})" for m in merchants) + "."
        text += _("\nIncome: %(income)s; net: %(net)s (%(count)s transactions).") % {
            "income": amount(r.get("total_income"), cur), "net": amount(r.get("net"), cur), "count": r.get("transaction_count")}
        if len(rows) > 3:
            text += _("\nAll categories:\n") + "\n".join(
                f"- {words.category(x.get('category'))}: {amount(x.get('spent'), cur)} ({x.get('share_pct')}%)"
                for x in rows[:10])
        return text
    if name == "compare_spending" and "totals" in r:
        windows = {w["label"]: w for w in r.get("windows") or []}
        periods = r.get("periods") or []
        names = {p: words.period(p, windows.get(p)) for p in periods}
        lines = [pgettext("comparison", "**%(title)s**") % {**base, "periods": _(" and ").join(names.values())}]
        for x in rows:
            values = x.get("values") or {}
            vals = "; ".join(f"{names[p]}: {money(values.get(p), cur)}" for p in periods)
            change = ""
            if x.get("change") is not None and len(periods) == 2:
                pct = f", {x['change_pct']}%" if x.get("change_pct") is not None else ""
                change = _(" (change %(change)s%(pct)s)") % {"change": money(x["change"], cur), "pct": pct}
            lines.append(f"- {words.category(x.get('category'))}: {vals}{change}")
        if len(periods) > 1:
            lines.append(_("Totals: ") + "; ".join(f"{names.get(p, p)}: {money(v, cur)}"
                                                   for p, v in (r.get("totals") or {}).items()))
        return "\n".join(lines)
    if name == "search_transactions" and "count" in r:
        if not r.get("count"):
            return _("I found no transactions matching %(what)s.") % {
                "what": repr(r.get("filters_text") or r.get("query"))}
        text = _("**%(title)s**\nI found %(count)s transactions: %(spent)s spent") % {
            **base, "spent": money(r.get("spent"), cur)}
        if r.get("received"):
            text += _(", %(received)s received") % {"received": money(r.get("received"), cur)}
        text += "."
        shown = rows[:5]
        text += "\n" + "\n".join(f"- {x.get('date')} {x.get('merchant') or x.get('description')}: "
                                  f"{money(x.get('amount'), cur)} "
                                  + (f"· {words.category(x.get('category')) or _('uncategorised')}" if words.is_vi() else
                                     f"({x.get('category') or _('uncategorised')})") for x in shown)
        if r["count"] > len(shown):
            text += _("\nThe table lists all %(count)s transactions.") % base
        return text
    if name == "get_jar_status" and "total_budget" in r:
        if not rows:
            return _("You have no jars set up yet — create one on the Jars page.")
        lines = [_("**%(title)s**: %(spent)s spent of %(budget)s budgeted.") % {
            **base, "spent": money(r.get("total_spent"), cur), "budget": money(r.get("total_budget"), cur)}]
        for x in rows:
            flag = {"over": _(" — over budget"), "warning": _(" — nearly used up")}.get(x.get("status"), "")
            lines.append(_("- %(name)s: %(spent)s of %(available)s (%(pct)s%%), %(remaining)s left%(flag)s") % {
                "name": words.category(x.get("name")), "spent": money(x.get("spent"), cur),
                "available": money(x.get("available"), cur), "pct": x.get("pct"),
                "remaining": money(x.get("remaining"), cur), "flag": flag})
        return "\n".join(lines)
    if name == "list_subscriptions" and "total_per_month" in r and r.get("merchants"):
        return listed_subscriptions_text(r, rows, cur)
    if name == "list_subscriptions" and "total_per_month" in r:
        return subscriptions_text(r, rows, cur)
    if name == "suggest_budgets" and rows and "suggested_budget" in rows[0]:
        lines = [pgettext("budget suggestions", "**%(title)s**") % base]
        for x in rows[:6]:
            lines.append((_("- %(category)s: suggested %(suggested)s a month (typical %(median)s, %(trend)s). %(tip)s")
                          % {"category": words.category(x.get("category")),
                             "suggested": money(x.get("suggested_budget"), cur), "median": money(x.get("median"), cur),
                             "trend": _(x.get("trend") or "") if x.get("trend") else "",
                             "tip": x.get("tip") or ""}).rstrip())
        return "\n".join(lines)
    return None


def _by_month(rows: list[dict], cur: str | None) -> str:
    """A monthly series as one line ("By month: 2026-01 $494.20; 2026-02 $688.94; …"), when there are months."""
    months = [x for x in rows if x.get("month") and x.get("total") is not None]
    if len(months) < 2:
        return ""
    return "\n" + _("By month: ") + "; ".join(f"{x['month']} {money(x['total'], cur)}" for x in months[-13:]) + "."


def money_result_text(name: str, result: dict) -> str:
    """A short paragraph stating the figures a transactions selector returned, and its top rows."""
    if not isinstance(result, dict):
        return ""
    if result.get("error"):
        return _("I couldn't get that from your transactions: %(error)s") % {"error": _(result["error"])}
    specific = _specific(name, result)
    if specific:
        return specific
    currency = result.get("currency")
    title = result.get("title") or _label(name)
    lines = [f"**{title}**"]
    if result.get("filters_text"):
        lines.append(f"Filters understood: {result['filters_text']}.")
    figures = _scalar_figures(result)
    if figures:
        bits = []
        for key, value in figures:
            if key in ("count", "transactions"):
                bits.append(f"{value} transactions")
            elif "percent" in key or key in ("share", "change_pct"):
                bits.append(f"{_label(key).lower()} {value}%")
            else:
                bits.append(f"{_label(key).lower()} {money(value, currency)}")
        lines.append("; ".join(bits) + ".")
    rows = result.get("rows") or []
    if rows and isinstance(rows, list):
        shown = rows[:6]
        lines.extend(f"- {_row_text(r, currency)}" for r in shown if isinstance(r, dict))
        if len(rows) > len(shown) or result.get("rows_omitted"):
            lines.append("- … and more in the table.")
    elif not figures:
        lines.append("No matching transactions were found.")
    for key in ("top_merchants", "by_category", "categories_breakdown"):
        extra = result.get(key)
        if isinstance(extra, list) and extra and isinstance(extra[0], dict):
            lines.append(f"{_label(key)}: " + "; ".join(_row_text(r, currency) for r in extra[:4]) + ".")
    return "\n".join(lines)


def _quote(text: str, limit: int = 320) -> str:
    body = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    text = re.sub(r"\s+", " ", " ".join(body) if any(b.strip() for b in body) else text).strip()
    # chunks that kept a markdown heading inline ("## Where to keep it Keep the fund…"): drop the heading
    text = re.sub(r"^#{1,6}\s+.+?\s+(?=[A-Z])", "", text, count=1)
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


def web_text(result: dict) -> str:
    if not result.get("available", True) or result.get("error"):
        reason = result.get("reason") or result.get("error") or "the internet cannot be reached from this Moneta server"
        return _("Web search unavailable: %(error)s.") % {"error": _(reason)}  # the known reasons are in locale/
    hits = result.get("results") or []
    if not hits:
        return _("The web search returned nothing useful.")
    return _("From the web:") + "\n" + "\n".join(f"- [{h.get('title')}]({h.get('url')}): {_quote(h.get('snippet', ''), 200)}"
                                          for h in hits[:3])


def documents_text(result: dict) -> str:
    docs = result.get("documents") or []
    if not docs:
        return "There are no documents you can see in the knowledge base yet."
    lines = [f"You can see {result.get('count', len(docs))} documents:"]
    for d in docs[:12]:
        lines.append(f"- *{d.get('title')}* ({d.get('corpus')}, {d.get('status')}, {d.get('pages') or 0} pages)")
    return "\n".join(lines)


GREETING = ("Hi! I'm Moneta, your personal-finance assistant. Ask me about your spending (\"how much did I spend on "
            "dining last month?\"), your budgets and subscriptions, how Moneta works, or a money concept such as "
            "compound interest.")
THANKS = "You're welcome! Ask me anything else about your money whenever you like."
THANKS_VI = "Không có gì! Bạn cứ hỏi thêm về chi tiêu của mình bất cứ lúc nào."
OUT_OF_SCOPE = ("I'm Moneta, your personal-finance assistant. I can help with your spending, budgets and jars, "
                "subscriptions, Moneta's features and financial concepts — but not with that question.")
NO_ADVICE = ("I can't give personal investment advice (such as whether to buy or sell a specific investment), "
             "but here is some general background that may help you decide with a licensed adviser.")
