"""How the parts of a money query are said in an answer (chat/offline/money_answer.py, chat/offline/compose.py):
amounts, days, weekdays, lists of names, what was counted ("at Shell", "on coffee (Starbucks and Blue Bottle
Coffee)", "over $50") and when ("in October 2026", "since March"), in English or Vietnamese."""
from __future__ import annotations

import re
from datetime import date, timedelta

from django.utils import formats

from chat import words
from core.money import money as money_format
from transactions.query.model import weekdays_label


def amount(value, currency: str | None) -> str:
    return money_format(value, currency or "USD")


def day_said(iso: str) -> str:
    """2026-11-07 → "Sat 7 Nov 2026" (Vietnamese: "Thứ 7 7 Tháng 11 2026"), as people read dates."""
    return words.day(iso, weekday=True)


def weekdays_said(days: list[int], vi: bool) -> str:
    if not vi:
        return weekdays_label(days)
    names = [formats.date_format(date(2024, 1, 1) + timedelta(days=d), "l").lower() for d in sorted(days)]
    return "vào " + names_joined(names, conj="và")


def names_joined(names: list[str], *, conj: str = "and") -> str:
    names = [n for n in names if n]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {conj} " + names[-1]


def what_said(q: dict, vi: bool = False) -> str:
    """"at Shell", "on coffee (Starbucks and Blue Bottle Coffee)", "on Dining", "over $50" — from the query."""
    parts = []
    concept = {link["mention"]: link["names"] for link in q.get("links") or []
               if link.get("kind") == "merchant" and link.get("how") == "concept"}
    merchants = list(q.get("merchants") or [])
    concepts = []  # "on electric (City Power) and internet (Comcast Cable)": one "on" for the union
    for mention, names in concept.items():
        if set(names) <= set(merchants):
            said = (q.get("said") or {}).get(mention, mention)  # "đổ xăng", as written
            concepts.append(f"{said} ({names_joined(names, conj='và' if vi else 'and')})")
            merchants = [m for m in merchants if m not in names]
    if concepts:
        parts.append(("cho " if vi else "on ") + (" và " if vi else " and ").join(concepts))
    if merchants:
        parts.append(f"tại {names_joined(merchants, conj='hoặc')}" if vi else f"at {names_joined(merchants, conj='or')}")
    if q.get("categories"):
        parts.append(f"cho {names_joined(words.categories(q['categories']), conj='hoặc')}" if vi else
                      f"on {names_joined(q['categories'], conj='or')}")
    if q.get("text"):
        quoted = (" và " if vi else " and ").join(f"“{t}”" for t in q["text"])
        parts.append(f"có chữ {quoted}" if vi else f"on transactions mentioning {quoted}")
    if len(parts) > 1:  # the subjects are a union in SQL: "on gas (…) and on Groceries", never "on gas on Groceries"
        parts = [(" và " if vi else " and ").join(parts)]
    if q.get("weekdays"):
        parts.append(weekdays_said(q["weekdays"], vi))
    left_out = [*(q.get("exclude_merchants") or []),
                *(words.categories(q.get("exclude_categories")) if vi else q.get("exclude_categories") or []),
                *(f"“{t}”" for t in q.get("exclude_text") or [])]
    if left_out:
        parts.append(f"không tính {names_joined(left_out, conj='và')}" if vi else f"excluding {names_joined(left_out)}")
    if q.get("amount_min") is not None and str(q.get("amount_min")) == str(q.get("amount_max")):  # one row's amount
        parts.append(f"of {amount(q['amount_min'], None)}" if not vi else f"số tiền {amount(q['amount_min'], None)}")
        return " ".join(parts)
    if q.get("amount_min") is not None:
        parts.append(f"over {amount(q['amount_min'], None)}" if not vi else f"trên {amount(q['amount_min'], None)}")
    if q.get("amount_max") is not None:
        parts.append(f"under {amount(q['amount_max'], None)}" if not vi else f"dưới {amount(q['amount_max'], None)}")
    return " ".join(parts)


def when_said(label: str | None, vi: bool = False, period: dict | None = None) -> str:
    """"in October 2026", "since March"; Vietnamese "trong Tháng 10 2026" (written again from the period's dates,
    `period`, in the answer's language)."""
    if not label or label == "all time":
        return "từ trước đến nay" if vi else "in all your transactions"
    if vi:
        return f"trong {words.period(label, period)}"
    if re.match(r"(?:since|the (?!holiday season)|today|yesterday|this |last )", label):
        return label
    return f"in {label}"


def named_period(result: dict, reading: dict | None) -> str | None:
    """The period's label; a season the question named by a word ("the holidays") keeps the reading's own label,
    which says how the word was read, when the query covered exactly its dates."""
    period = (reading or {}).get("period") or {}
    label = str(period.get("label") or "")
    # "the run-up to Christmas", "early October": the label says how the words were read ("(… = days 1–10)")
    if (label.startswith("the holiday season") or re.search(r" \([^()]*(?: = |: )[^()]*\)$", label)) and \
            (period.get("start"), period.get("end")) == (result.get("start"), result.get("end")):
        return period["label"]
    return result.get("period")


def period_of(result: dict) -> dict | None:
    q = result.get("query") or {}
    if q.get("period"):
        return q["period"]
    if result.get("start") and result.get("end"):
        return {"start": result["start"], "end": result["end"], "label": result.get("period"), "grain": "range"}
    return None


def months_said(months: list[dict], currency: str | None, *, counted: bool, vi: bool = False) -> str:
    """"By month: August 2026 $153.77; September 2026 $99.80; 1–29 Nov 2026 $40.10." — each month's figure of a
    total (with `counted`, its number of transactions first), a month cut by the period shown by its days."""
    def label(m: dict) -> str:
        a, b = date.fromisoformat(m["start"]), date.fromisoformat(m["end"])
        whole = a.day == 1 and (b + timedelta(days=1)).day == 1
        return formats.date_format(a, "F Y") if whole else f"{a.day}–{formats.date_format(b, 'j M Y')}"

    said = [f"{label(m)}: {m['count']} ({amount(m['total'], currency)})" if counted else
            f"{label(m)} {amount(m['total'], currency)}" for m in months]
    return ("Theo tháng: " if vi else "By month: ") + "; ".join(said) + "."
