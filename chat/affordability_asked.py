"""Which reasoning over their own figures a question asks for (chat/affordability.py runs it, the arithmetic shown):
can they afford a price ("can I afford a $900 sofa next month", "would a $300/mo gym fit"), how much of their pay
they kept, how long a goal takes, or what share goes to needs (50/30/20) — and the price, the monthly amount, the
item, the months of the usual figures and the period the question means. `reasoning_call` is the tool call."""
from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import Any

from django.utils import timezone

from chat.goals import goal_args
from chat.kept_figures import leave_out_args
from chat.rates import rate_in
from core.periods import month_bounds
from transactions.query.followups_base import COUNT
from transactions.query.grammar import normalise
from transactions.query.model import MoneyQuery
from transactions.query.periods import NUMBER_WORDS, find_periods

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
KEPT_RE = re.compile(r"\bhow much of my (?:pay|paycheck|income|salary|wages?)\b"
                     # "how much of my pay went to rent", "… goes on groceries": a part of the pay (a share the
                     # money query reads, transactions/query/shares.py), not what was kept of it
                     r"(?!\s+(?:(?:each|every|a|per|this|last) (?:month|week|year) )?(?:went|goes|go|going|gone|is going|"
                     r"gets? spent|got spent|was spent|is spent|(?:do|did) (?:i|we) (?:spend|put))\s+(?:to|on|into|towards?|at|for)\b)|\bsav(?:ings|ing)? rate\b|"
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
