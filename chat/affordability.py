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
childcare and debt payments are needs; the rest of spending is wants."""
from __future__ import annotations

import re
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django.utils import timezone

from chat.goals import GoalPlans, goal_args
from chat.kept_figures import leave_out_args, left_out_names, period_figures
from chat.kept_figures import spending as spending_rows
from chat.rates import rate_from_args, rate_in
from core.money import money
from core.periods import add_months, month_bounds, period_label
from transactions.models import Category, Subscription
from transactions.query.followups_base import COUNT
from transactions.query.grammar import normalise
from transactions.query.model import MoneyQuery
from transactions.query.periods import NUMBER_WORDS, find_periods
from transactions.selectors import income_expected, recurring_due
from transactions.selectors.figures import expense_rows, income_rows, usual

MONTHS = 3
IRREGULAR = Decimal("0.25")  # income whose months vary by more than this share of the average
UNSURE_CAP = 0.55  # confidence for an answer resting on thin or irregular figures: medium at most
REASONING_TOOLS = ("check_affordability", "income_breakdown")
NEEDS_RE = re.compile(r"rent|mortgage|housing|home|utilit|electric|water|gas\b|fuel|groceries|grocery|supermarket|"
                      r"transport|transit|commute|insurance|health|medical|pharm|doctor|dental|childcare|"
                      r"school|tuition|loan|debt|phone|internet|mobile|bills?", re.I)
AFFORD_RE = re.compile(r"\bafford\b|\bcó đủ tiền\b|\bcó mua nổi\b|\bco du tien\b|\bmua noi\b|"
                       # "could I absorb / take on / cover a $600 car payment", "am I able to cover", "would a $300/mo
                       # gym fit", "is $250 a month doable", "có kham nổi / gánh nổi / trả nổi … không", "đủ sức trả"
                       r"\b(?:can|could|would|will) (?:i|we|my budget|our budget) (?:absorb|take on|cover|carry|"
                       r"sustain|keep up with)\b|\b(?:am i|are we|would i be|would we be) able to (?:pay|cover|afford|"
                       r"handle|manage|swing|keep up)\b|\b(?:swing|absorb)\b.{0,40}[$€£\d]|[$€£]\s*\d[^?]{0,60}\bfits?\b"
                       r"(?!\s+(?:under|out|on|at|in(?:to)? (?:the|a|which|what)\b))|\b(?:kham|gánh|gồng|trả|chịu|lo|chi trả) nổi\b|"
                       r"\b(?:kham|ganh|gong|tra|chiu|lo) noi\b|\bđủ sức (?:trả|chi|lo|gánh)\b|\bdu suc (?:tra|chi|lo|ganh)\b|"
                       r"\b(?:can|could) (?:i|we) (?:buy|get|pay for|spend)\b|\bdoable\b|"
                       r"\bfits? (?:in|into|within) (?:my|our|the) (?:budget|month)\b|"
                       r"\b(?:can|could) (?:i|we) (?:swing|manage|handle|justify|stretch to)\b|\b(?:do|will|would) (?:i|we) "
                       r"have (?:enough|the money|the cash|room)\b.{0,25}\bfor\b|\bis it (?:ok|okay|fine|safe) (?:to|if i) "
                       r"(?:buy|spend|get)\b|\b(?:is|would) (?:a |an |the )?[\w ]{0,30}"
                       r"\b(?:too expensive|within (?:my )?budget)\b", re.I)
KEPT_RE = re.compile(r"\bhow much of my (?:pay|paycheck|income|salary|wages?)\b|\bsav(?:ings|ing)? rate\b|"
                     r"\b(?:what|which) (?:share|percent(?:age)?|part|portion|fraction)\b.{0,40}\b(?:sav|kept|keep)\w*|"
                     r"\bdid i (?:keep|save)\b|\bhow much (?:did|do) i (?:keep|save)\b|\bgi(?:ữ|u) l(?:ạ|a)i (?:đư?ợc |duoc )?bao nhi(?:ê|e)u\b|"
                     r"\bhow much of (?:what|the money) (?:i|we) (?:earned|made|make|earn|brought in|got paid|took home)\b"
                     r".{0,30}\b(?:keep|kept|save|saved|hold on to)\b|"
                     # "how much is left after expenses each month": income − all spending
                     r"\b(?:left|left over|remaining)\b.{0,10}\bafter (?:all )?(?:my |our |the )?(?:expenses|spending|"
                     r"costs|everything|outgoings)\b|"
                     r"\bbao nhiêu phần (?:trăm )?(?:lương|thu nhập)\b"
                     # income against spending in one period: "did I spend more than I earned in October?"
                     r"|\b(?:spend|spent|spending|went out)\b.{0,20}\b(?:more|less) than\b.{0,12}\b(?:i|we)?\s*(?:earn|earned|"
                     r"make|made|brought in|got paid|came in|took in)\b|\b(?:earn|earned|make|made)\b.{0,20}\b(?:more|less) "
                     r"than\b.{0,12}\b(?:spend|spent)\b|\bchi (?:nhiều|ít) hơn (?:thu|kiếm)\b", re.I)
# a savings goal at the usual rate: "how many months till I have 10k saved", "how long to save $5,000"
GOAL_RE = re.compile(r"\bhow (?:many (?:months|years|weeks)|long)\b.{0,40}\b(?:save|saved|saving|have|reach|hit|get to)\b"
                     # the goal first: "want to save 6k for a car … how many months would that take?"
                     r"|\b(?:save|saving|put away|set aside|để dành|tiết kiệm)\b.{0,80}\bhow (?:many (?:months|years|weeks)|"
                     r"long)\b"
                     r"|\bmấy tháng\b.{0,30}\b(?:tiết kiệm|để dành)\b", re.I)
RULE_RE = re.compile(r"\b50\s*/\s*30\s*/\s*20\b|\b50-30-20\b", re.I)
# the nouns of the 50/30/20 split, not the verbs ("my mom wants to use it", "she needs a new phone")
NEEDS_Q_RE = re.compile(r"\b(?:needs|wants)\b(?!\s+(?:to|it|a|an|the|me|us|him|her|them|this|that|some|more|help)\b)|\bessentials\b|\bnecessities\b|\b50/30/20\b|\bthi[ếe]t y[ếe]u\b", re.I)
AMOUNT_RE = re.compile(r"[$€£]\s*(\d[\d,]*(?:\.\d+)?)\s*(k)?\b|\b(\d[\d,]*(?:\.\d+)?)\s*(k)\b|\b(\d[\d,]*(?:\.\d+)?)\s*"
                       r"(?:dollars?|bucks|usd|đô(?: la)?)(?!\w)|\bon (\d[\d,]*(?:\.\d+)?)\b"
                       # a price without a sign right after what buys it: "can I afford a 1500 trip"
                       r"|\b(?:afford|buy|get|spend|swing)\s+(?:a |an |the |another )?(\d{2,}[\d,]*(?:\.\d+)?)\b"
                       r"(?!\s*(?:%|percent|months?|mos?|weeks?|days?|years?|times|x)\b)", re.I)
NEXT_MONTH_RE = re.compile(r"\bnext month\b|\bthis month\b|\bsoon\b", re.I)
CENT = Decimal("0.01")


def _amount(text: str) -> Decimal | None:
    m = AMOUNT_RE.search(text or "")
    if not m:
        return None
    number = next(g for g in (m.group(1), m.group(3), m.group(5), m.group(6), m.group(7)) if g)
    value = Decimal(number.replace(",", ""))
    return value * 1000 if (m.group(2) or m.group(4)) else value


# an income stated in words: "if I make 4500 a month", "earning 4,200/month", "my salary is 5000", "on 3200 monthly"
MONTHLY_AMOUNT_RE = re.compile(
    r"\b(?:make|making|made|earn|earning|earns|bring(?:ing)? (?:home|in)|take(?:s)? home|taking home|net|gross|"
    r"income (?:is|of)|salary (?:is|of)|pay (?:is|of)|paid|on|kiếm|thu nhập|lương)\s+(?:about |around |roughly |like |"
    r"only |just )?[$€£]?\s*(\d[\d,]*(?:\.\d+)?)\s*(k)?\b(?!\s*%)"
    r"|[$€£]?\s*(\d[\d,]*(?:\.\d+)?)\s*(k)?\s*(?:a|per|/|each|every|mỗi)\s*(?:month|mo|mth|tháng)\b"
    r"|[$€£]?\s*(\d[\d,]*(?:\.\d+)?)\s*(k)?\s+monthly\b", re.I)


def _monthly_amount(text: str) -> Decimal | None:
    """A monthly income the question states without a currency sign ("if I make 4500 a month")."""
    m = MONTHLY_AMOUNT_RE.search(text or "")
    if not m:
        return None
    number, k = next((m.group(i), m.group(i + 1)) for i in (1, 3, 5) if m.group(i))
    value = Decimal(number.replace(",", ""))
    return value * 1000 if k else value


# the usual month asked for: "going by what I usually spend", "my average spending over the last 6 months", "use
# the last 3 months as the baseline" (the average of that many full months, not that span's total)
USUAL_RE = re.compile(r"\b(?:usual(?:ly)?|average|avg|typical(?:ly)?|normal(?:ly)?|baseline|on average|trung bình|"
                      r"thường)\b", re.I)
MONTHS_SAID_RE = re.compile(rf"\b(?:last|past|previous|over|of|from|recent)\s+({COUNT})\s+"
                            r"(?:full\s+|complete\s+)?(?:months?|mos?|mths?)\b|\b(\d{1,2})\s*tháng (?:qua|gần nhất|vừa qua)\b"
                            # "my 6-month average", "a six month baseline", "half a year"
                            rf"|\b({COUNT})[- ](?:months?|mo|mth)[- ]"
                            r"(?:average|avg|baseline|window|span)\b|\b(half (?:a )?year)\b", re.I)


def usual_months_said(text: str) -> int | None:
    """How many full months the usual month is averaged over, when the question says ("the last 6 months")."""
    m = MONTHS_SAID_RE.search(text or "")
    if m is None:
        return None
    said = (m.group(1) or m.group(2) or m.group(3) or "six").lower()  # group 4: half a year
    return max(1, min(12, int(said) if said.isdigit() else NUMBER_WORDS[said]))


# a purchase wished for and asked about, however it is worded ("i want buy new TV 800, ok with my normal month?", "thinking
# of getting a 1200 laptop, is that fine", "muốn mua xe 2000 đô có ổn không"): an affordability question
WANT_BUY_RE = re.compile(r"\b(?:want|wanna|wants|would like|'d like|plan(?:ning)?|thinking (?:of|about)|going|gonna|"
                         r"hope|hoping)\s+(?:to\s+)?(?:buy|buying|get|getting|purchase|purchasing)\b|\bmu[ốo]n mua\b",
                         re.I)
OK_ASKED_RE = re.compile(r"\b(?:ok|okay|fine|alright|enough|manageable|possible|safe|doable|affordable|realistic|"
                         r"too much|too expensive|can i|can we|is it|will it|would it|được không|đc không|ổn không|"
                         r"duoc khong|on khong)\b|\?", re.I)
# a bare price ("new laptop 1200"): a number of two digits or more that is no year, time, count of days or percent
BARE_PRICE_RE = re.compile(r"(?<![\w.,/-])(\d{2,3}(?:,\d{3})+|\d{2,})(?:\.\d+)?(?![\w/%:-])(?!\s*(?:%|percent|months?|"
                           r"mos?|weeks?|wks?|days?|years?|yrs?|times|x|am|pm)\b)", re.I)


def _wished_price(text: str) -> Decimal | None:
    """The price of a purchase wished for and asked about ("i want buy new TV 800, is ok?"), or None."""
    m = WANT_BUY_RE.search(text or "")
    if m is None or not OK_ASKED_RE.search(text[m.end():]):
        return None
    if (said := _amount(text)) is not None:
        return said
    for found in BARE_PRICE_RE.finditer(text[m.end():]):
        value = Decimal(found.group(0).replace(",", ""))
        if not (1900 <= value <= 2100 and "," not in found.group(0)):  # "in 2026" is a year
            return value
    return None


def reasoning_call(text: str, q: Any = None, previous: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The tool call for an affordability, saving-rate or savings-goal question, else None (`q`: the question's
    money reading, whose names a goal saved from a spending figure takes; `previous`: the last money answer's query,
    whose period a turn that points at it — "cùng tháng đó" — means when the reading carried none over)."""
    months = usual_months_said(text)
    price = _amount(text) if AFFORD_RE.search(text) else _wished_price(text)
    if price is not None:
        args: dict[str, Any] = {"amount": float(price)}
        if rate := rate_in(text):  # "3x a week at $40": a monthly cost, price × times × periods a month
            args.update(amount=float(rate.price), times=rate.times, per=rate.unit)
        if re.search(r"\bnext month\b|\btháng (?:sau|tới)\b", text, re.I):
            args["when"] = "next month"
        if USUAL_RE.search(text) or months:  # the usual month, over the months said
            if months:
                args["months"] = months
        elif basis := _past_period_words(text):  # "given what I spent last month, could I afford …": that month's
            args["based_on"] = basis
        if item := _item(q):
            args["item"] = item
        return {"name": "check_affordability", "args": args}
    if GOAL_RE.search(text) and (goal := goal_args(text, q if q is not None else MoneyQuery(), months=months,
                                                  period=_period_words(text))) is not None:
        return {"name": "income_breakdown", "args": goal}  # chat/goals.py: the monthly saving stated or pointed to
    needs = NEEDS_Q_RE.search(text) and re.search(r"\b(?:goes?|go|spend|spent|spending|on|my|split|for|chi|tiêu|chia|cho|dành)\b",
                                                   text, re.I)
    # "in the same month" points back: the last answer's period first, never the words read as a period of their own
    if (KEPT_RE.search(text) or needs) and (period := (_leaned_period(text, q, previous) if THAT_PERIOD_RE.search(text)
                                                       else None) or _period_words(text) or _leaned_period(text, q, previous)):
        return {"name": "income_breakdown", "args": {"period": period, **leave_out_args(q)}}
    if (KEPT_RE.search(text) or needs) and not _period_words(text):
        income = _amount(text) or _monthly_amount(text)
        call = {"name": "income_breakdown", "args": {**({"monthly_income": float(income)} if income else {}),
                                                     **leave_out_args(q)}}
        if RULE_RE.search(text):  # the rule named as such: what it is, from the knowledge base, beside their split
            call["concept"] = "50/30/20 budgeting rule needs wants savings"
        return call
    return None


def _item(q: Any) -> str | None:
    """What the price is for, when the question names something of theirs ("a $450 a month lease" → "lease: Rent",
    "a $300/mo gym membership" → "gym: Planet Fitness"): the label of the purchase in the arithmetic, so the answer
    shows how it read the thing to afford rather than dropping it."""
    links = [link for link in getattr(q, "links", None) or [] if not link.negated and link.names]
    said = [f"{link.mention}: {', '.join(link.names)}" if link.mention.lower() != ", ".join(link.names).lower()
            else link.mention for link in links[:2]]
    return "; ".join(said) or None


def asked_before(text: str) -> str | None:
    """A question asked before an affordability question in the same turn ("and how much went out? so could I
    afford a $900 trip next month?"): it is answered too, before the judgement."""
    parts = re.split(r"(?<=\?)\s+", (text or "").strip(), maxsplit=1)
    if len(parts) == 2 and not AFFORD_RE.search(parts[0]) and AFFORD_RE.search(parts[1]):
        return parts[0]
    return None


def _period_words(text: str) -> str | None:
    """The words of the first period the question names ("how much did I keep last month" → "last month"): that
    period's own income − spending is the answer, not the usual month."""
    said = normalise(text)
    found = find_periods(said, timezone.localdate())
    return said[found[0][1][0]:found[0][1][1]].strip() if found else None


# a turn that points at the last answer's period: "that same month", "that month", "back then", "of that"
THAT_PERIOD_RE = re.compile(r"\b(?:(?:that|the) same (?:month|year|week|period)|that (?:month|year|period)|same month|"
                            r"back then|of that|out of that|tháng (?:đó|ấy)|cùng tháng)\b", re.I)


def _leaned_period(text: str, q: Any, previous: dict[str, Any] | None = None) -> str | None:
    """The last answer's month or year, when a follow-up asks what was kept in it ("and how much went out that same
    month? trying to see how much of my pay I kept" after last month's pay): that period's own figures."""
    # right after what came in over one period, "and how much went out? did I keep anything" is about that period
    after_income = (previous or {}).get("measure") in ("income", "net") or (previous or {}).get("direction") == "in"
    if not THAT_PERIOD_RE.search(text or "") and not after_income:
        return None
    period = getattr(q, "period", None) if getattr(q, "followup", False) else None
    if period is not None:
        start, end = period.start, period.end
    elif (said := (previous or {}).get("period") or {}).get("start") and said.get("end"):
        start, end = date.fromisoformat(str(said["start"])), date.fromisoformat(str(said["end"]))
    else:
        return None
    if start.day == 1 and (start.year, start.month) == (end.year, end.month) and \
            end == month_bounds(start.year, start.month)[1]:
        return f"{start:%Y-%m}"  # a whole month, however it was carried over ("grain" may say "range")
    if (start.month, start.day, end.month, end.day) == (1, 1, 12, 31) and start.year == end.year:
        return f"{start:%Y}"
    return None


def _past_period_words(text: str) -> str | None:
    """The words of a finished period the question names (not the coming one it asks about): "last month" in
    "given what I spent last month, could I afford a sofa this month?"."""
    said, today = normalise(text), timezone.localdate()
    past = [(a, b) for p, (a, b) in find_periods(said, today) if not p.relative and p.end < today.replace(day=1)]
    # the period said beside the figures it is judged by ("a trip in spring … looking at what I brought in last
    # month"), not the one beside the purchase
    beside = [(a, b) for a, b in past if BASIS_RE.search(said[max(0, a - 40):a])]
    return next((said[a:b].strip() for a, b in beside or past), None)


BASIS_RE = re.compile(r"\b(?:brought in|earned|made|took (?:in|home)|got paid|income|spent|spending|looking at|"
                      r"based on|going by|go by|given|using|judging by|from)\b(?!.*\b(?:trip|buy|purchase)\b)", re.I)


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
