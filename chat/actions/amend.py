"""A correction of a change just proposed and still waiting for confirmation: "actually make it $16", "wait, make it
32", "no, call it Holiday fund", "make it monthly", "put it under Groceries instead", "it was yesterday", "à không,
16 đô thôi", "đổi tên thành Quỹ du lịch". The same proposal with the field changed is proposed again (the old one is
cancelled); nothing is applied. `amend_call` reads the turn offline into an `amend_pending_action` call;
`amended_raw` writes the new proposal's arguments from the old one's, which the kind validates again
(chat/actions/kinds.py). Nothing here writes."""
from __future__ import annotations

import re
from datetime import timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from chat.actions.amounts import amount_in
from chat.actions.basis import USUAL_RE, percent_in
from chat.rates import PER_MONTH, rate_in
from transactions.query.grammar import normalise
from transactions.query.periods import find_periods

# what each kind of proposal has that a correction can change
FIELDS = {"jar_create": {"amount", "per", "name", "category"}, "budget_set": {"amount", "per", "category"},
          "jar_budget_set": {"amount", "per"}, "transaction_add": {"amount", "name", "category", "date", "direction"},
          "category_set": {"category", "name"}, "note_save": {"name"}, "transaction_delete": set()}
CENT = Decimal("0.01")

# the words that open a correction ("actually", "wait", "no", "sorry", "à không", "nhầm rồi")
CUE = (r"(?:actually|wait|yes|yeah|yep|no+|nah|nope|hmm+|oh|oops|sorry|ok(?:ay)?|err?|um+|uh+|scratch that|my bad|i mean|i meant|"
       r"correction|on second thought|hold on|hang on|change of plans?|rather|à không|à mà|ờ|ừ|à|không|nhầm(?: rồi)?|"
       r"thôi|ý (?:tôi|mình|em) là|sorry|xin lỗi)")
# a computed basis instead of an amount: "base it on the 3-month average", "going by what I spent last month"
BASIS_RE = re.compile(r"\b(?:based? (?:it |that )?on|going by|go(?:ing)? off|what i (?:usually )?(?:spent|spend|paid))\b|"
                      r"dựa (?:trên|theo)|theo mức", re.I)
CUES_RE = re.compile(r"^\W*(?:" + CUE + r"(?!\w)[\s,.!:;—–-]*)+", re.I)
# "call it Holiday fund", "rename it to Trip", "the name should be X", "đổi tên thành X", "đặt tên là X", "gọi nó là X"
NAME_RE = re.compile(r"^(?:(?:can|could) you\s+|please\s+|let'?s\s+)?(?:(?:re)?name|call|title|label)\s+(?:it|that|this|the\s+"
                     r"(?:jar|note|budget|entry|transaction|category|one))\s+(?:to\s+|as\s+)?(?P<v>.+)$"
                     r"|^(?:the\s+|its\s+)?(?:name|title|description)\s+(?:should be|is|to|=|:)\s*(?P<v2>.+)$"
                     r"|^(?:đổi tên|đặt tên|gọi|tên)(?:\s+(?:nó|hũ|lại|cho nó|ghi chú|mục))*\s*(?:thành|là|:)?\s+(?P<v3>.+)$", re.I)
# "make it 32", "change that to $16", "set it at 400", "bump it up to 50", "how about 20", "it should be 16", "để 500k"
SET_RE = re.compile(r"^(?:(?:can|could|would) you\s+|please\s+|let'?s\s+|just\s+)*(?:(?:make|change|set|switch|bump|raise|"
                    r"lower|drop|up|cut|turn|put|fix|update|correct|adjust|increase|reduce)\s+(?:it|that|this|the\s+(?:amount|"
                    r"budget|jar|limit|figure|number|price|date|day|category|one|total|entry))(?:\s+(?:up|down|back))?"
                    r"(?:\s+(?:to|at|into|as|for|on))?|(?:it|that|this|the amount|the date|the day)\s*(?:should(?:'ve)? "
                    r"be(?:en)?|was|is|'s|were)|(?:how|what) about|(?:do|say|go with|use)|sửa(?: lại)?(?: thành| là)?|"
                    r"đổi(?: lại)?(?: thành| là| sang)?|chỉnh(?: lại)?(?: thành| là)?|để(?: lại)?(?: thành| là)?|lấy|"
                    r"tăng(?: lên)?|giảm(?: xuống)?|thành)\s+(?P<v>.+)$", re.I)
# "put it under Groceries", "file it as Dining", "xếp vào mục Ăn uống"
PUT_RE = re.compile(r"^(?:(?:can|could) you\s+|please\s+|just\s+)*(?:put|file|move|log|record|categori[sz]e|mark|tag)\s+"
                    r"(?:it|that|this)\s+(?:under|in|into|as|to)\s+(?:the\s+|my\s+)?(?P<v>.+)$|^(?:under|in|into)\s+"
                    r"(?:the\s+|my\s+)?(?P<v2>.+)$|^(?:xếp|cho|đưa|chuyển|ghi)(?:\s+nó)?\s+(?:vào|sang)\s+(?:danh mục\s+|"
                    r"mục\s+)?(?P<v3>.+)$", re.I)
# what ends a correction and names nothing: "instead", "please", "thanks", Vietnamese particles
TAIL_RE = re.compile(r"(?:[\s,.!]+(?:instead|then|please|pls|thanks|thx|thank you|rather|actually|thôi|nhé|nha|nhá|đi|ạ|luôn|"
                     r"chứ|nhe|giúp (?:tôi|mình|em)|giùm|dùm|nghen|vậy|nhỉ|ok|okay))+[\s.!?]*$|[\s.!?]+$", re.I)
NOT_RE = re.compile(r"(?:^|[\s,;—–-]+)(?:not|chứ không phải|không phải)\s+(?:the\s+)?[$€£]?[\w.,'&-]+(?:\s+(?:dollars?|"
                    r"bucks|đô))?(?=[\s,;.!—–-]|$)", re.I)
PER_RES = (("month", re.compile(r"\b(?:monthly|a month|per month|each month|every month|/\s*mo(?:nth)?)\b|"
                                r"(?:mỗi|hàng|hằng|một) tháng", re.I)),
           ("week", re.compile(r"\b(?:weekly|a week|per week|each week|every week|/\s*w(?:ee)?k)\b|(?:mỗi|hàng|hằng|một) "
                               r"tuần", re.I)),
           ("year", re.compile(r"\b(?:yearly|annually|a year|per year|each year|every year|/\s*y(?:ea)?r)\b|(?:mỗi|hàng|"
                               r"hằng|một) năm", re.I)),
           ("day", re.compile(r"\b(?:daily|a day|per day|each day|every day)\b|(?:mỗi|hàng|hằng|một) ngày", re.I)))
INCOME_RE = re.compile(r"\b(?:income|a refund|refund|money in|received|got paid|paid me|earned)\b|tiền vào|thu nhập", re.I)
SPENT_RE = re.compile(r"\b(?:money out|an expense|expense|spent|i paid)\b|tiền ra|chi tiêu", re.I)
QUESTION_START_RE = re.compile(r"^(?:how|what|why|where|when|which|who|is|are|do|does|did|was|were|show|list|tell|"
                               r"bao nhiêu|sao)\b", re.I)
FILLER = {"a", "an", "the", "my", "it", "to", "as", "be", "called", "named", "one", "category", "jar", "danh", "mục",
          "hũ", "for", "of", "just", "only"}


def _clean(value: str) -> str:
    value = NOT_RE.sub(" ", value)
    value = TAIL_RE.sub("", value).strip(" ,.;:!—–-\"'“”‘’")
    return value


def _per(text: str) -> str | None:
    return next((unit for unit, pattern in PER_RES if pattern.search(text)), None)


def _name(value: str) -> str:
    words = [w for w in re.findall(r"[\w&'’-]+", value) if w.lower() not in FILLER or len(value.split()) == 1]
    return " ".join(w if w.isupper() or not w.islower() else w.capitalize() for w in words[:6])


def _category(value: str, ctx: Any) -> str | None:
    """One of the user's categories, when the words are (nearly) only its name ("groceries", "the Dining one")."""
    from chat.actions.proposals import category_in  # the request reader's linking of spellings and plurals

    found = category_in(value, ctx)
    if found is None:
        return None
    rest = [w for w in re.findall(r"[\w&'-]+", value.lower()) if w not in FILLER]
    return found if len(rest) <= len(found.split()) + 1 else None


WEEKDAYS = {"monday": 0, "mon": 0, "tuesday": 1, "tue": 1, "tues": 1, "wednesday": 2, "wed": 2, "thursday": 3, "thu": 3,
            "thurs": 3, "friday": 4, "fri": 4, "saturday": 5, "sat": 5, "sunday": 6, "sun": 6, "thứ hai": 0, "thứ 2": 0,
            "thứ ba": 1, "thứ 3": 1, "thứ tư": 2, "thứ 4": 2, "thứ năm": 3, "thứ 5": 3, "thứ sáu": 4, "thứ 6": 4,
            "thứ bảy": 5, "thứ 7": 5, "chủ nhật": 6}
WEEKDAY_RE = re.compile(r"(?<!\w)(?:" + "|".join(sorted(map(re.escape, WEEKDAYS), key=len, reverse=True)) + r")(?!\w)",
                        re.I)
ORDINAL_RE = re.compile(r"^(?:on\s+)?(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)$|^(?:ngày|ngay)\s+(\d{1,2})$", re.I)


def _day(value: str, ctx: Any) -> str | None:
    """The one day a correction gives ("yesterday", "on Nov 3", "on Tuesday": the last one, "the 3rd": of this
    month, else the month before), as YYYY-MM-DD."""
    for period, _span in find_periods(normalise(value), ctx.today):
        if period.grain != "all" and period.start == period.end:
            return str(period.start.isoformat())
    today = ctx.today
    if m := WEEKDAY_RE.search(value):
        back = (today.weekday() - WEEKDAYS[m.group(0).lower()]) % 7
        back = back or (7 if re.search(r"\blast\b|tuần trước", value, re.I) else 0)
        return str((today - timedelta(days=back)).isoformat())
    if (m := ORDINAL_RE.match(value.strip())) and 1 <= (n := int(m.group(1) or m.group(2))) <= 31:
        month = today if n <= today.day else (today.replace(day=1) - timedelta(days=1))
        try:
            return str(month.replace(day=n).isoformat())
        except ValueError:
            return None
    return None


def amend_call(text: str, ctx: Any) -> dict[str, Any] | None:
    """The `amend_pending_action` call a correction of the last answer's waiting proposal asks for, or None when the
    turn is no such correction (or nothing of the last answer is waiting)."""
    waiting = list(getattr(ctx, "waiting", None) or [])
    if not waiting or not (text or "").strip():
        return None
    if USUAL_RE.search(text) or BASIS_RE.search(text) or percent_in(text) is not None:
        return None  # "base it on the 3-month average instead", "make it 10% less": a new basis (chat/actions/intent)
    target = waiting[-1]
    kind = target.get("kind") or ""
    said = " ".join(text.split())
    cue = CUES_RE.match(said)
    body = said[cue.end():] if cue else said
    body = re.sub(r"^(?:(?:just|please|pls|ok|okay|then|so|and|but)[\s,]+)+", "", body, flags=re.I)
    args: dict[str, Any] = {}
    if m := NAME_RE.match(body):
        value = _clean(next(g for g in m.groups() if g))
        if not value:
            return None
        if kind == "category_set":
            args["category"] = _name(value)
        else:
            args["name"] = _name(value)
            if kind == "jar_create" and (category := _category(value, ctx)):
                args["category"] = category
        return _call(target, args)
    put = PUT_RE.match(body)
    setting = SET_RE.match(body)
    value = _clean(next(g for g in put.groups() if g)) if put else _clean(setting.group("v")) if setting else ""
    explicit = bool(put or setting)
    if not value:
        # a bare value after a cue ("no, 32", "wait — $16", "nah, Holiday fund"), or alone with "instead" ("monthly
        # instead", "$16 instead"), or an amount or a cadence alone ("$16", "weekly")
        value = _clean(body)
        instead = re.search(r"\b(?:instead|rather)\b|thay vào đó", body, re.I) is not None
        if not value or QUESTION_START_RE.match(value) or "?" in body and not instead:
            return None
        # "hôm qua chứ", "yesterday actually": a day alone dates the transaction being logged
        dated = kind == "transaction_add" and len(value.split()) <= 4 and _day(value, ctx) is not None
        if not (cue or instead or dated) and amount_in(value) is None and _per(value) is None:
            return None
        if len(value.split()) > 6:
            return None
    if put:
        category = _category(value, ctx)
        args["category"] = category or _name(value)
        return _call(target, args)
    amount = amount_in(value)
    per = _per(value)
    if amount is not None and not re.search(r"\d", value):
        amount = None
    if amount is not None:
        args["amount"] = amount
        if per:
            args["per"] = per
        if kind == "transaction_add" and (day := _day(re.sub(r"[$€£]?\d[\d,.]*\s*(?:k|dollars?|bucks)?", " ", value),
                                                      ctx)):
            args["date"] = day
        return _call(target, args)
    if per:
        args["per"] = per
        rate = rate_in(str(getattr(ctx, "previous_asked", "") or ""))
        if rate is not None and rate.times == 1:  # "$50 a week" then "make it monthly": $50 a month
            args["amount"] = float(rate.price)
        return _call(target, args)
    if INCOME_RE.search(value) and kind == "transaction_add":
        return _call(target, {"direction": "in"})
    if SPENT_RE.search(value) and kind == "transaction_add":
        return _call(target, {"direction": "out"})
    if kind == "transaction_add" and (day := _day(value, ctx)):
        return _call(target, {"date": day})
    if category := _category(value, ctx):
        if kind == "jar_create" and not explicit:  # "no, groceries": the jar for Groceries, named after it
            return _call(target, {"name": _name(value), "category": category})
        return _call(target, {"category": category})
    if not explicit and not cue:
        return None
    if kind in ("jar_create", "note_save") and 1 <= len(value.split()) <= 5 and not re.search(r"\d", value):
        return _call(target, {"name": _name(value)})  # "no, Holiday fund": the jar's name
    if kind == "category_set" and 1 <= len(value.split()) <= 4 and explicit:
        return _call(target, {"category": _name(value)})
    return None


def _call(target: dict[str, Any], args: dict[str, Any]) -> dict[str, Any]:
    return {"name": "amend_pending_action", "args": {"action_id": int(target["id"]), **args}}


def monthly(amount: Any, per: str | None) -> Decimal:
    """A monthly amount from an amount said per day, week, month or year."""
    num, den = PER_MONTH.get(per or "month", (1, 1))
    return (Decimal(str(amount)) * num / den).quantize(CENT, ROUND_HALF_UP)


class NotAmendable(ValueError):
    """The correction names something the waiting proposal does not have (words for the user)."""


CANT = {"per": "A manual transaction is one entry on one day: Moneta can't make it repeat. Log each one when it "
               "happens, or let the recurring charge come in with your statement (it then shows on the Subscriptions "
               "page).",
        "date": "This change has no date to move.", "name": "This change has no name to change.",
        "category": "This change has no category to change.", "amount": "This change has no amount to change.",
        "direction": "Only a transaction you log has money in or out to change."}


def amended_raw(kind: str, params: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """The arguments of the proposal `params` (of `kind`) with `changes` made (amount, per, name, category, date,
    direction), to be validated again by the kind's prepare. Raises NotAmendable when a change does not apply."""
    changes = {k: v for k, v in changes.items() if v not in (None, "")}
    if not changes:
        raise NotAmendable("Say what to change: the amount, the name, the category or the date.")
    for field in changes:
        if field not in FIELDS.get(kind, set()):
            raise NotAmendable(CANT.get(field, "That can't be changed on this proposal."))
    amount, per = changes.get("amount"), changes.get("per")
    if kind in ("jar_create", "budget_set", "jar_budget_set"):
        key = {"jar_create": "monthly_budget", "budget_set": "amount", "jar_budget_set": "amount"}[kind]
        raw = dict(params)
        if amount is None and per in (None, "month"):
            new_amount = None
            if per == "month":
                raise NotAmendable("It is a monthly amount already.")
        else:
            new_amount = monthly(amount if amount is not None else params.get(key) or 0, per)
        if new_amount is not None and new_amount == Decimal(str(params.get(key) or 0)) \
                and not {"name", "category"} & set(changes):
            raise NotAmendable(f"It is {new_amount:,.2f} a month already; nothing to change.")
        if new_amount is not None:
            raw[key] = str(new_amount)
            raw.pop("basis", None)  # the amount is the one said now, no longer computed from their spending
        if kind == "jar_create":
            if changes.get("name"):
                raw["name"] = changes["name"]
            if changes.get("category"):
                raw["categories"] = [changes["category"]]
        if kind == "budget_set" and changes.get("category"):
            raw["category"] = changes["category"]
        if kind == "jar_budget_set":
            raw = {"jar": params.get("jar"), "amount": raw["amount"], "direction": None}
        return raw
    if kind == "transaction_add":
        old = Decimal(str(params.get("amount") or 0))
        direction = changes.get("direction") or ("in" if old > 0 else "out")
        return {"description": changes.get("name") or params.get("description"),
                "amount": str(abs(Decimal(str(amount)))) if amount is not None else str(abs(old)),
                "direction": direction, "date": changes.get("date") or params.get("date"),
                "category": changes.get("category") or params.get("category")}
    if kind == "category_set":
        match = params.get("match") or {}
        return {"category": changes.get("category") or changes.get("name"),
                "transaction_ids": params.get("transaction_ids") or [], **match}
    if kind == "note_save":
        return {"title": changes["name"], "text": params.get("text")}
    raise NotAmendable("That can't be changed on this proposal.")
