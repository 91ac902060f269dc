"""The words by which a question names one of the two listings the assistant has: the user's recurring charges
(`list_subscriptions`) and their jars (`get_jar_status`). One home for them: the offline router picks a listing
by the core words, and the confidence check (chat/grounding.py) accepts a listing chosen for a question only when
the question names it by one of the wider set ("memberships", "what am I paying for every month"). What a list of
recurring charges showed is the conversation's state: a follow-up over its items is about them."""
from __future__ import annotations

import re
from datetime import date
from typing import Any

from django.utils.translation import gettext as _

from core.money import money as money_format
from transactions.query import MoneyQuery
from transactions.query.followups import ADD_UP_RE, ORDINAL, PICK_RE, SUPERLATIVE_RE
from transactions.query.grammar import normalise
from transactions.query.periods import find_periods

# words that are about recurring charges whoever asks: "my subscriptions", "recurring", "monthly bills"
SUBSCRIPTION_CORE = r"\bsubscri\w*|\brecurr\w*|\bmonthly (?:charges|bills|payments)\b|\bđăng ký\b"
# and the wider ways a question names them once the list was chosen
SUBSCRIPTION_MORE = (r"\bmembership\w*|\bbills?\b|\bplans?\b|\bstreaming\b|\bservices?\b|"
                     r"\b(?:every|each|per|a) (?:month|mo|year|week)\b|\bmonthly\b|\byearly\b|\bannual\w*|"
                     r"\bauto-?pay\w*|\brenew\w*|\bpaying for\b|\bsigned up\b|\bdịch vụ\b|\bhàng (?:tháng|năm)\b|"
                     r"\bđịnh kỳ\b")
JAR_CORE = (r"\bjars?\b|\benvelopes?\b|\bhũ\b|\bbudget (?:left|remaining|status)\b|\bbudget\b.*\bleft\b"
            r"|\bleft to spend\b|\bsafe to spend\b|\bover budget\b")
JAR_MORE = (r"\bpots?\b|\bbudget\w*|\bleft\b|\bremaining\b|\bover(?:spent|spend)\b|\bon track\b|\bngân sách\b"
            r"|\bcòn lại\b")

SUBSCRIPTION_RE = re.compile(SUBSCRIPTION_CORE, re.I)
JAR_RE = re.compile(JAR_CORE, re.I)
# the listing tools and the words that name what they list (core or wider)
LISTING_NAMED_BY = {
    "list_subscriptions": re.compile(f"{SUBSCRIPTION_CORE}|{SUBSCRIPTION_MORE}", re.I),
    "get_jar_status": re.compile(f"{JAR_CORE}|{JAR_MORE}", re.I),
}


# ---- a listing as the conversation's state --------------------------------------------------------------------
SHOWN_ROWS = 8  # the recurring charges an answer lists (chat/offline/compose.py); follow-ups refer to these
CANCEL_RE = re.compile(r"\b(?:cancel|stop|end|drop|get rid of|unsubscribe(?: from)?|quit|hủy|huỷ|ngừng)\b", re.I)
POINTS_AT_ONE_RE = re.compile(r"\b(?:it|that one|this one|that|the one)\b", re.I)


def listing_shown(result: dict[str, Any], previous: dict[str, Any] | None = None) -> dict[str, Any]:
    """What a list of recurring charges showed, for the next turn: its items in the order shown. A question about
    some of the items the last answer listed ("which one's the most expensive?") keeps that list as the set the
    conversation is about, with the item it answered in focus ("cancel it")."""
    rows = [r for r in (result.get("rows") or [])[:SHOWN_ROWS] if r.get("merchant")]
    listed = ((previous or {}).get("items") or {})
    if result.get("merchants") and listed.get("kind") == "subscription" \
            and {r["merchant"] for r in rows} <= set(listed.get("names") or []):
        focus = [r["merchant"] for r in rows if r.get("kind") == "subscription"] or [r["merchant"] for r in rows]
        return {**(previous or {}), "focus": focus[:1] if result.get("limit") or len(rows) == 1 else []}
    return {"measure": "subscriptions", "items": {"kind": "subscription", "names": [r["merchant"] for r in rows],
                                                  "monthly": [r.get("monthly_cost") or 0 for r in rows],
                                                  "kinds": [r.get("kind") or "subscription" for r in rows]},
            "total": result.get("total_per_month")}


def listing_query(result: dict[str, Any], previous: dict[str, Any] | None = None) -> dict[str, Any]:
    """The money question a list of recurring charges stands for (their charges), so that a follow-up the listing
    cannot answer ("list them", "how much did I pay them last year") runs on the same merchants; the one in focus
    when a question picked one of them."""
    names = [r["merchant"] for r in (result.get("rows") or [])[:SHOWN_ROWS] if r.get("merchant")]
    if result.get("merchants") and len(names) > 1 and result.get("limit") and previous:
        return previous  # the most expensive of them: the list stays what the conversation is about
    return MoneyQuery(measure="total", merchants=names, direction="out").as_dict()


def listing_followup_call(text: str, shown: dict[str, Any] | None) -> dict[str, Any] | None:
    """A follow-up over the recurring charges the last answer listed: "which one's the most expensive?", "the
    cheapest of them", "the second one", "how much are they together?", "cancel the cheapest" — about those items,
    never the Subscriptions category's transactions. None when the turn is no such follow-up."""
    shown = shown or {}
    items = shown.get("items") or {}
    names = items.get("names") or []
    if items.get("kind") != "subscription" or not names:
        return None
    norm = normalise(text)
    if len(norm.split()) > 10 or find_periods(norm, date.today()):
        return None  # "how much did I pay them last year": a money question over the same merchants
    superlative, pick = SUPERLATIVE_RE.search(norm), PICK_RE.search(norm)
    monthly = items.get("monthly") or [0] * len(names)
    if superlative:  # by the monthly cost the listing showed (the tool ranks them again)
        order = "most_expensive" if superlative.group("big") else "cheapest"
        kinds = items.get("kinds") or ["subscription"] * len(names)
        # a subscription to cancel, not the rent: the bills only when nothing else was listed
        pool = [(n, m) for n, m, k in zip(names, monthly, kinds, strict=False) if k == "subscription"] \
            or list(zip(names, monthly, strict=False))
        ranked = sorted(pool, key=lambda nm: nm[1], reverse=order == "most_expensive")
        if not CANCEL_RE.search(text):
            return {"name": "list_subscriptions", "args": {"merchants": names, "order": order, "limit": 1}}
        chosen = [ranked[0][0]]
    elif pick:
        which = ORDINAL[next(g for g in pick.groups() if g in ORDINAL)]
        chosen = [names[which]] if -len(names) <= which < len(names) else []
    elif CANCEL_RE.search(text) and POINTS_AT_ONE_RE.search(text) and (shown.get("focus") or len(names) == 1):
        chosen = (shown.get("focus") or names)[:1]
    else:
        chosen = []
    if CANCEL_RE.search(text) and chosen:
        return {"name": "explain_unavailable_action", "args": {"request": f"cancel the {chosen[0]} subscription",
                                                               "subject": chosen[0]}}
    if chosen:
        return {"name": "list_subscriptions", "args": {"merchants": chosen}}
    if ADD_UP_RE.search(norm) or re.search(r"\b(?:together|combined|altogether|in total|all of them)\b", norm):
        return {"name": "list_subscriptions", "args": {"merchants": names}}
    return None


def listed_subscriptions_text(r: dict, rows: list[dict], cur: str | None) -> str:
    """Recurring charges the last answer listed, asked about again: the most expensive or cheapest of them, one
    of them, or what they come to together (figures from the tool, per month and per year)."""
    if not rows:
        return _("None of those recurring charges is on your list any more.")

    def line(x: dict) -> str:
        every = "" if x.get("cadence") == "monthly" else _(", %(monthly)s a month") % {
            "monthly": money_format(x.get("monthly_cost"), cur)}
        return _("**%(merchant)s**: %(amount)s %(cadence)s%(every)s (%(yearly)s a year), next %(next)s") % {
            "merchant": x.get("merchant"), "amount": money_format(x.get("amount"), cur), "cadence": _(x.get("cadence") or ""),
            "every": every, "yearly": money_format(x.get("yearly_cost"), cur), "next": x.get("next_expected")}
    if r.get("limit") == 1:
        cheapest = r.get("order") == "cheapest"
        subs = [x for x in rows if x.get("kind") == "subscription"]
        bills = [x for x in rows if x.get("kind") == "bill"]
        lead = _("The cheapest of them is") if cheapest else _("The most expensive of them is")
        text = f"{lead} {line((subs or bills)[0])}."
        if subs and bills:  # a bill (rent) is no subscription: said apart, so either reading is answered
            text += " " + (_("Of the regular bills, the cheapest is %(line)s.") if cheapest else
                           _("Of the regular bills, the most expensive is %(line)s.")) % {"line": line(bills[0])}
        return text
    if len(rows) == 1:
        return line(rows[0]) + "."
    head = _("Together they come to %(month)s a month (%(year)s a year):") % {
        "month": money_format(r.get("total_per_month"), cur), "year": money_format(r.get("total_per_year"), cur)}
    return "\n".join([head, *(f"- {line(x)}" for x in rows)])
