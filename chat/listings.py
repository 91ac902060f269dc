"""The words by which a question names one of the two listings the assistant has: the user's recurring charges
(`list_subscriptions`) and their jars (`get_jar_status`). One home for them: the offline router picks a listing
by the core words, and the confidence check (chat/grounding.py) accepts a listing chosen for a question only when
the question names it by one of the wider set ("memberships", "what am I paying for every month"). What a list of
recurring charges showed is the conversation's state: a follow-up over its items is about them."""
from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import Any

from django.utils.translation import gettext as _

from chat import words
from core.money import money as money_format
from transactions.query import MoneyQuery
from transactions.query.followups import ADD_UP_RE, ORDINAL, PICK_RE, SUPERLATIVE_RE
from transactions.query.grammar import normalise, strip_accents
from transactions.query.lexicon import CONCEPTS
from transactions.query.periods import find_periods
from transactions.query.pointers import POINTS_AT_LISTED_RE, POINTS_AT_ONE_LISTED_RE

# words that are about recurring charges whoever asks: "my subscriptions", "subs", "recurring", "monthly bills"
SUBSCRIPTION_CORE = (r"\bsubscri\w*|\bsubs\b|\brecurr\w*|\bmonthly (?:charges|bills|payments)\b|\bđăng ký\b|\bdang ky\b"
                     # paid without asking each time: "my auto-pay stuff", "automatic payments", "regular payments",
                     # "direct debits", "khoản trừ tự động"
                     r"|\bauto-?pay\w*|\bautomatic (?:payments?|charges?|debits?|bills?)\b|\bregular (?:payments|charges|"
                     r"bills|debits|outgoings)\b|\bdirect debits?\b|\bstanding orders?\b|\btrừ tự động\b|\btru tu dong\b"
                     r"|\btự (?:động|đông) trừ\b|\btu dong tru\b|\bauto[- ]?(?:bills?|payments?|charges?|debits?|renew\w*)\b")  # "bill tự động trừ": the word order either way
# and the wider ways a question names them once the list was chosen
SUBSCRIPTION_MORE = (r"\bmembership\w*|\bbills?\b|\bplans?\b|\bstreaming\b|\bservices?\b|"
                     r"\b(?:every|each|per|a) (?:month|mo|year|week)\b|\bmonthly\b|\byearly\b|\bannual\w*|"
                     r"\bauto-?pay\w*|\bautomatic\w*|\btự động\b|\brenew\w*|\bpaying for\b|\bsigned up\b|\bdịch vụ\b|\bhàng (?:tháng|năm)\b|"
                     r"\bđịnh kỳ\b"
                     # what a question about a price change of one of them says ("did spotify go up", "has netflix
                     # gotten pricier", "did the gym raise its fee", "spotify có tăng giá không")
                     r"|\bpric\w*|\b(?:go(?:ne)? up|went up|gotten|more expensive|raised?|hiked?|increased?)\b|\bfees?\b"
                     r"|\btăng giá\b|\b(?:đắt|mắc) hơn\b")
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
PER_UNIT_RE = re.compile(r"\b(?:per|a|an|each|every)\s+(?:year|yr|month|mo)\b|\bannual(?:ly)?\b|\byearly\b|"
                         r"\bmỗi (?:năm|tháng)\b|\bmột năm\b", re.I)
# asked to cancel for them after the list: "can you cancel one of those for me", "please unsubscribe me from that"
CANCEL_FOR_ME_RE = re.compile(r"^\W*(?:(?:ok|okay|so|then|and|please|pls|can you|could you|would you|just)\W+)*"
                              r"(?:cancel|unsubscribe|stop|end|get rid of|hủy|huỷ)\b", re.I)
# a price that moved, asked of the recurring charges listed: "which one went up", "did any get pricier", "tăng giá"
ROSE_RE = re.compile(r"\b(?:went|gone|go|goes|going|gone) up\b|\bpric(?:ier|ey now)\b|\bmore expensive\b|\b(?:increased|"
                     r"raised|hiked|rose|risen)\b|\bprice (?:rise|hike|increase|change|went)s?\b|\bchanged (?:its |their )?"
                     r"price\b|\bchanged in price\b|\btăng giá\b|\b(?:đắt|mắc) hơn\b", re.I)


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
    if PER_UNIT_RE.search(text) and POINTS_AT_LISTED_RE.search(text) and len(norm.split()) <= 8 and not CANCEL_RE.search(text):
        # "what's that per year then": the cost per month and per year of what the answer was about
        return {"name": "list_subscriptions", "args": {"merchants": (shown.get("focus") or names)}}
    if ROSE_RE.search(text) and not CANCEL_RE.search(text) and len(norm.split()) <= 14:
        # "which one went up", "did any of them get more expensive this year": the price changes among them
        return {"name": "list_subscriptions", "args": {"merchants": names, "price_changed": True}}
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
    elif CANCEL_RE.search(text) and POINTS_AT_ONE_LISTED_RE.search(text) and (shown.get("focus") or len(names) == 1):
        chosen = (shown.get("focus") or names)[:1]
    else:
        chosen = []
    if CANCEL_RE.search(text) and chosen:
        return {"name": "explain_unavailable_action", "args": {"request": f"cancel the {chosen[0]} subscription",
                                                               "subject": chosen[0]}}
    if CANCEL_RE.match(text.strip()) or CANCEL_FOR_ME_RE.search(text):
        # "cancel that one for me" with none of them in focus: Moneta cancels nothing at a provider, whichever it is
        return {"name": "explain_unavailable_action", "args": {"request": "cancel a subscription"}}
    if chosen:
        return {"name": "list_subscriptions", "args": {"merchants": chosen}}
    if ADD_UP_RE.search(norm) or re.search(r"\b(?:together|combined|altogether|in total|all of them)\b", norm):
        return {"name": "list_subscriptions", "args": {"merchants": names}}
    return None


def price_history_text(x: dict, cur: str | None) -> str:
    """Whether a recurring charge's price moved: "It went up from $11.99 to $12.99." or "Its price hasn't changed
    since <first charge>." (the detector keeps the price before the last change)."""
    said = {"merchant": x.get("merchant"), "now": money_format(x.get("amount"), cur),
            "before": money_format(x.get("previous_amount"), cur), "since": words.day(x.get("first_date"))}
    if x.get("amount_varies"):
        return " " + _("Its amount varies with use, so it has no single price.")
    if x.get("price_changed") and x.get("previous_amount") is not None:
        up = Decimal(str(x.get("amount") or 0)) > Decimal(str(x.get("previous_amount") or 0))
        return " " + (_("Yes — %(merchant)s went up from %(before)s to %(now)s.") if up else
                      _("%(merchant)s went down from %(before)s to %(now)s.")) % said
    return " " + _("No price change: %(merchant)s has charged %(now)s since %(since)s.") % said


def price_changes_text(r: dict, rows: list[dict], cur: str | None) -> str:
    """Which recurring charges changed price ("which one went up"): each with the price it changed from, and the
    others named as unchanged."""
    unchanged = [str(m) for m in r.get("unchanged") or [] if m]
    if not rows:
        if not unchanged:
            return _("I haven't detected any subscriptions in your transactions.")
        return _("None of them changed price: %(names)s still charge what they did at first.") % {
            "names": ", ".join(unchanged)}
    lines = [(_("%(count)s of your recurring charges changed price:") % {"count": len(rows)}) if len(rows) > 1 else
             _("One of your recurring charges changed price:")]
    for x in rows:
        said = {"merchant": x.get("merchant"), "now": money_format(x.get("amount"), cur),
                "before": money_format(x.get("previous_amount"), cur)}
        up = Decimal(str(x.get("amount") or 0)) > Decimal(str(x.get("previous_amount") or 0))
        lines.append((_("- **%(merchant)s** went up from %(before)s to %(now)s") if up else
                      _("- **%(merchant)s** went down from %(before)s to %(now)s")) % said)
    if unchanged:
        lines.append(_("No change: %(names)s.") % {"names": ", ".join(unchanged)})
    return "\n".join(lines)


def listed_subscriptions_text(r: dict, rows: list[dict], cur: str | None) -> str:
    """Recurring charges the last answer listed, asked about again: the most expensive or cheapest of them, one
    of them, or what they come to together (figures from the tool, per month and per year)."""
    if r.get("price_changed"):
        return price_changes_text(r, rows, cur)
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
    if len(rows) == 1:  # one named ("did spotify go up"): its price history too
        return line(rows[0]) + "." + price_history_text(rows[0], cur)
    head = _("Together they come to %(month)s a month (%(year)s a year):") % {
        "month": money_format(r.get("total_per_month"), cur), "year": money_format(r.get("total_per_year"), cur)}
    return "\n".join([head, *(f"- {line(x)}" for x in rows)])


# ---- which recurring charges a question asks about ------------------------------------------------------------
# Bills (rent, utilities, insurance, loans: fixed costs of living) and subscriptions (streaming, software, the gym,
# memberships: services one signs up for) are told apart by transactions/selectors/subscriptions.py; a question
# may ask for one group ("which bills do I pay (not subscriptions)"), both side by side ("subscriptions vs
# bills"), or a kind of service ("my streaming services": the merchants the lexicon knows for it).
BILL_WORDS_RE = re.compile(r"\bbills?\b|\butilit\w*|\bhó?a đơn\b|\bhoá đơn\b", re.I)
SUBS_WORDS_RE = re.compile(r"\bsubscri\w*|\bsubs\b|\bmemberships?\b|\bđăng ký\b", re.I)
NOT_GROUP_RE = re.compile(r"\b(?:not|no|except|excluding|without|other than|minus|apart from|besides|leave out|"
                          r"không (?:tính|phải|kể))\s+(?:the\s+|my\s+|any\s+|counting\s+)?(?P<what>subscri\w*|subs\b|"
                          r"memberships?|bills?|đăng ký|hóa đơn|hoá đơn)", re.I)
# a kind of service → the lexicon's concept whose merchants it covers
ABOUT_WORDS = {"streaming": "streaming", "stream": "streaming", "music": "streaming", "video": "streaming",
               "tv": "streaming", "movies": "streaming", "movie": "streaming", "gym": "gym", "fitness": "gym",
               "phone": "phone and internet", "internet": "phone and internet", "cable": "phone and internet",
               "electricity": "electricity", "electric": "electricity", "power": "electricity"}
ABOUT_RE = re.compile(r"\b(" + "|".join(ABOUT_WORDS) + r")\b", re.I)


# kinds of service or services given as examples of all of them ("recurring charges -- streaming, the gym, and so
# forth --", "my auto-pay stuff like netflix and stuff", "streaming, gym, internet, whatever"): they narrow nothing
EXAMPLES_RE = re.compile(r"\b(?:and so (?:forth|on)|etc\.?|and the like|and (?:all )?that|(?:or|and) whatever|whatever|"
                         r"and stuff|and such|such as|for example|for instance|e\.g\.|(?:stuff|things|ones|charges|"
                         r"services|bills) like|(?<!\bi )(?<!\bwe )(?<!'d )(?<!would )(?<!\bdo )like)\b|\b(?:chẳng hạn|ví dụ|như là)\b", re.I)


def gives_examples(text: str) -> bool:
    """Does the question name services or kinds of service only as examples of all its recurring charges?"""
    return bool(EXAMPLES_RE.search(text or ""))


def listing_args(text: str) -> dict[str, Any]:
    """The `kind` ("subscription", "bill"; none for both) and `about` (a kind of service) a question about
    recurring charges asks for. Kinds given as examples ("streaming, the gym, and so forth"), or several kinds at
    once ("streaming, gym, internet"), narrow nothing."""
    if gives_examples(text):
        text = ABOUT_RE.sub(" ", text)
    negated = {m.group("what").lower()[:3] for m in NOT_GROUP_RE.finditer(text)}
    rest = NOT_GROUP_RE.sub(" ", text)
    if len({ABOUT_WORDS[m.group(1).lower()] for m in ABOUT_RE.finditer(rest)}) > 1:
        rest = ABOUT_RE.sub(" ", rest)
    bills = bool(BILL_WORDS_RE.search(rest)) or "sub" in negated or "đăn" in negated
    subs = bool(SUBS_WORDS_RE.search(rest)) or "bil" in negated or "hóa" in negated or "hoá" in negated
    args: dict[str, Any] = {}
    if about := ABOUT_RE.search(rest):
        args["about"] = ABOUT_WORDS[about.group(1).lower()]
        subs = subs or args["about"] in ("streaming", "gym")
    if bills and not subs and not negated and RECURS_RE.search(rest):
        subs = True  # "my recurring bills", "hóa đơn định kỳ": every recurring charge, the two groups said apart
    if bills != subs:
        args["kind"] = "bill" if bills else "subscription"
    if ROSE_RE.search(rest):  # "which of my subscriptions went up": the price changes among them
        args["price_changed"] = True
    return args


def _concept_names(about: str) -> tuple[str, ...]:
    chains, _category = CONCEPTS.get(about, ((), None))
    return chains


def listing_narrowed(result: dict[str, Any], *, kind: str | None = None, about: str | None = None,
                     price_changed: bool | None = None) -> dict[str, Any]:
    """The recurring charges of one group (`kind`) or kind of service (`about`), with their own totals, and what
    was left out (so the answer can say that the rent was not counted as a subscription). `price_changed`: only
    those whose price changed (the answer names the others as unchanged)."""
    if kind not in ("subscription", "bill"):
        kind = None
    if price_changed:
        narrowed = listing_narrowed(result, kind=kind, about=about)
        rows = narrowed.get("rows") or []
        moved = [r for r in rows if r.get("price_changed") and not r.get("amount_varies")
                 and r.get("previous_amount") is not None]
        return {**narrowed, "price_changed": True, "rows": moved,
                "unchanged": [r.get("merchant") for r in rows if r not in moved]}
    rows = list(result.get("rows") or [])
    if about:
        chains = _concept_names(about)
        plain = [(r, " " + re.sub(r"[^a-z0-9]+", " ", str(r.get("merchant") or "").lower()) + " ") for r in rows]
        rows = [r for r, name in plain if any(f" {c} " in name for c in chains)]
    if kind:
        left = [r for r in result.get("rows") or [] if r.get("kind") != kind and r.get("currency") == result.get("currency")]
        rows = [r for r in rows if r.get("kind") == kind]
    else:
        left = []
    if not (kind or about):
        return {**result, "categories": sorted({r["category"] for r in rows if r.get("category")})}
    cur = result.get("currency")
    month = sum((Decimal(str(r.get("monthly_cost") or 0)) for r in rows if r.get("currency") == cur), Decimal(0))
    other = sum((Decimal(str(r.get("monthly_cost") or 0)) for r in left), Decimal(0))
    return {**result, "rows": rows, "count": len(rows), "kind": kind, "about": about,
            "categories": sorted({r["category"] for r in rows if r.get("category")}),
            "total_per_month": float(month), "total_per_year": float(month * 12),
            "left_out": {"count": len(left), "kind": "bill" if kind == "subscription" else "subscription",
                         "per_month": float(other)} if left else None}


def _line(x: dict[str, Any], cur: str | None) -> str:
    change = (_(" — price changed from %(previous)s") % {"previous": money_format(x.get("previous_amount"), cur)}
              if x.get("price_changed") and x.get("previous_amount") is not None else "")
    amount = money_format(x.get("amount"), cur)
    if x.get("amount_varies"):
        amount = _("about %(amount)s") % {"amount": amount}
        change += _(" (the amount varies with use)")
    return _("- %(merchant)s: %(amount)s %(cadence)s, next %(next)s%(change)s") % {
        "merchant": x.get("merchant"), "amount": amount,
        "cadence": _(x.get("cadence") or "") if x.get("cadence") else "", "next": x.get("next_expected"),
        "next_day": words.day(x.get("next_expected")), "change": change}


def subscriptions_text(r: dict[str, Any], rows: list[dict[str, Any]], cur: str | None) -> str:
    """A list of recurring charges: subscriptions and regular bills apart, each group with its monthly and
    yearly cost; only one group (or one kind of service) when the question asked for it, saying what was left
    out."""
    if r.get("price_changed"):
        return price_changes_text(r, rows, cur)
    if not rows:
        if r.get("kind") == "bill":
            return _("I haven't found any regular bills (rent, utilities, insurance, loans) among your recurring "
                     "charges.")
        return _("I haven't detected any subscriptions in your transactions.")
    subs = [x for x in rows if x.get("kind") != "bill"]
    bills = [x for x in rows if x.get("kind") == "bill"]
    if r.get("kind") or r.get("about"):
        head = (_("**Your regular bills** (rent, utilities, insurance, loans — not subscriptions): %(count)s, "
                  "%(month)s a month (%(year)s a year).") if r.get("kind") == "bill" else
                _("**Your subscriptions**: %(count)s, %(month)s a month (%(year)s a year).")) % {
            "count": len(rows), "month": money_format(r.get("total_per_month"), cur),
            "year": money_format(r.get("total_per_year"), cur)}
        lines = [head, *(_line(x, cur) for x in rows[:SHOWN_ROWS])]
        left = r.get("left_out") or {}
        if left.get("count"):
            lines.append((_("Not counted here: %(count)s regular bills (rent, utilities…), %(month)s a month.")
                          if left.get("kind") == "bill" else
                          _("Not counted here: %(count)s subscriptions, %(month)s a month.")) % {
                "count": left["count"], "month": money_format(left.get("per_month"), cur)})
        return "\n".join(lines)
    lines = [_("**%(title)s**: %(count)s recurring charges, %(total)s per month.") % {
        "title": _(r.get("title") or ""), "count": r.get("count"), "total": money_format(r.get("total_per_month"), cur)}]
    if subs:
        lines.append(_("**Subscriptions** (%(count)s): %(month)s a month, %(year)s a year") % {
            "count": len(subs), "month": money_format(r.get("subscriptions_per_month"), cur),
            "year": money_format(r.get("subscriptions_per_year"), cur)})
        lines.extend(_line(x, cur) for x in subs[:SHOWN_ROWS])
    if bills:
        lines.append(_("**Regular bills** (rent, utilities, insurance, loans — not subscriptions) (%(count)s): "
                       "%(month)s a month") % {"count": len(bills), "month": money_format(r.get("bills_per_month"), cur)})
        lines.extend(_line(x, cur) for x in bills[:SHOWN_ROWS])
    return "\n".join(lines)


OWN_RE = re.compile(r"\b(?:my|mine|i|i'm|im|i've|me|our|us|we|tôi|mình)\b", re.I)
# the ask starts the sentence or a clause of it ("streaming, gym, internet, whatever - what am I paying for each month?")
# or ends it ("the monthly things they charge me automatic, what are they")
LISTING_ASK_RE = re.compile(r"(?:^|[-–—,;:.?!])\W*(?:(?:ok|so|and|hey|also)\W+)*(?:what|whats|what's|which|list|show|any|"
                            r"do i|am i|are|tell me|see|give me|liệt kê|những|các)\b"
                            r"|\b(?:what|which) (?:are|were|is) (?:they|those|these|them|it|all)\W*$", re.I)
# paying for something again and again, said in English: "what do we pay for automatically every month", "the monthly
# things they charge me", "what comes out of my account every month"
PAYS_RE = re.compile(r"\b(?:pay(?:ing|s)?|paid|charg\w*|billed|bill(?:s|ing)? (?:me|us)|debit\w*|taken out|take out|takes out|comes? out|go(?:es)? "
                     r"out|auto-?pay\w*)\b", re.I)
# a figure of spending, not the services: "what do I pay every month on average", "what's my monthly total"
FIGURE_RE = re.compile(r"\b(?:average|avg|total|sum|how much|spen[dt]|spending|usually|normally|typically)\b"
                       # a what-if about paying ("what happens if I only pay the minimum each month"): no listing
                       r"|\bwhat (?:happens|would happen|will happen|if)\b|\bif (?:i|we)\b|\bshould\b", re.I)
# Vietnamese asks at the end: "hóa đơn định kỳ của tôi là gì?", "… gồm những gì", "… có những khoản nào"
# (matched with the accents taken off, so "… cua toi gom nhung gi" typed without them is the same question)
VI_LISTING_ASK_RE = re.compile(r"\b(?:la (?:nhung )?(?:gi|khoan nao|cai nao)|gom (?:nhung )?(?:gi|khoan nao)|co (?:nhung )?"
                               r"(?:gi|khoan nao|cai nao)|(?:nhung|cac|may) (?:khoan|cai|hoa don|dich vu|goi|app|ung dung)"
                               # "những gói đăng ký hàng tháng nào": the kind said between the noun and "nào"
                               r"(?: \w+){0,4}? nao|(?:dich vu|goi|app|ung dung) nao|cho (?:nhung )?(?:gi|ai))\b")
# paying for something again and again, said in Vietnamese: "trả tiền định kỳ", "đóng hàng tháng", "dịch vụ … định kỳ"
VI_PAYS_FOR_RE = re.compile(r"\b(?:trả|đóng|thanh toán|dịch vụ|gói|ứng dụng|app|trừ|khoản trừ|tự động)\b", re.I)
VI_OWN_RE = re.compile(r"\b(?:cua )?(?:toi|minh|tui|tao)\b")  # ("tui", "tao": I, said casually)
RECURS_RE = re.compile(r"\b(?:every|each|per|a) (?:month|mo|year|week)\b|\bmonthly\b|\bregular\w*|\brecurr\w*|"
                       r"\bautomatic(?:ally)?\b|\bauto-?pay\w*|"
                       r"\bh[àằ]ng (?:tháng|năm|tuần)\b|\bđịnh kỳ\b|\btự động\b", re.I)
BARE_WORDS = {"subs", "subscriptions", "subscription", "my", "bills", "recurring", "charges", "the", "list", "show",
              "all", "rn", "now", "right", "please", "pls", "and", "me", "payments", "debits"}
# the words of a bare turn that name the listing by themselves ("subs?", "recurring payments?", "my bills")
BARE_LISTING = {"subs", "subscriptions", "subscription", "bills", "recurring"}


# a noun phrase alone, its determiner first ("the stuff that comes out every month automatically", "all those auto
# bills", "mấy cái bill tự động trừ"): the things it names are what is asked for
DETERMINER_FIRST_RE = re.compile(r"^\W*(?:(?:ok|okay|so|and|hey|also|um|uh|like|just)\W+)*(?:the|those|these|all (?:the|those|"
                                 r"these|my|of my|of the)|my|mấy|những|các|mấy cái|mấy khoản|các khoản|những khoản)\s", re.I)
ASKS_SOMETHING_ELSE_RE = re.compile(r"\b(?:how|why|when|where|should|là gì|thế nào|ra sao|tại sao|bao nhiêu|bn|mấy "
                                    r"(?:đồng|tiền)|có (?:nên|sao))\b", re.I)


def names_recurring_alone(text: str) -> bool:
    """Is the turn a noun phrase naming what they pay again and again, with no other question ("the stuff that
    comes out every month automatically", "mấy cái bill tự động trừ"), not a figure of it ("the total of my monthly
    bills")?"""
    text = text or ""
    if not DETERMINER_FIRST_RE.search(text) or ASKS_SOMETHING_ELSE_RE.search(text) or FIGURE_RE.search(text):
        return False
    return bool(SUBSCRIPTION_RE.search(text) or (RECURS_RE.search(text) and (
        PAYS_RE.search(text) or BILL_WORDS_RE.search(text) or VI_PAYS_FOR_RE.search(text))))


def asks_listing(text: str) -> bool:
    """Does the turn ask to see the user's own recurring charges? "what are my subscriptions rn", "subs?",
    "which bills do I pay every month", "list my subscriptions" — not how they work ("how does Moneta find
    subscriptions", "what is a subscription") nor how much was spent on them in a period (a money question)."""
    words = re.findall(r"[\w']+", text.lower())
    if words and set(words) <= BARE_WORDS and set(words) & BARE_LISTING:
        return True
    plain = strip_accents(text.lower())
    if not ((OWN_RE.search(text) and LISTING_ASK_RE.search(text))
            or (VI_OWN_RE.search(plain) and VI_LISTING_ASK_RE.search(plain))):
        return False
    return bool(SUBSCRIPTION_RE.search(text) or SUBSCRIPTION_RE.search(plain)
                or (BILL_WORDS_RE.search(text) and RECURS_RE.search(text))
                # "what do we pay for automatically every month": what they pay again and again, no figure asked
                or (RECURS_RE.search(text) and PAYS_RE.search(text) and not FIGURE_RE.search(text))
                # "tôi đang trả tiền định kỳ cho những dịch vụ nào?": what they pay for regularly
                or (RECURS_RE.search(text) and VI_PAYS_FOR_RE.search(text) and VI_LISTING_ASK_RE.search(plain)))
