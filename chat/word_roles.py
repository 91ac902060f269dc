"""Words the parser left unplaced whose part of the question the tools that ran carried out anyway (chat/grounding.py
reads this beside chat/unplaced.accounted_by_tools): such a word changes nothing in the answer, so it is no word
"not understood". Each kind is accounted for only when the tools show it was:

- a preposition of extent ("across the past twelve full months", "throughout 2025") joins a period or a set to the
  sentence; it names nothing that could be counted;
- the edge of a span said as a word ("up to and including today", "until now"): a span that ran ends today;
- their data named as such ("from the very start of your records", "over my entire history with you"): what ran
  covered all their data — no period, or a span from before any record;
- a noun of a stretch of time ("for the interval from the 10th to the 20th", "over that window"): the question states
  a period of its own and a span ran — never over all time, where the stretch meant was lost;
The last two kinds are read in transactions/query/account.py (`span_said`), which the account of the words shows too:
- the edges of a span said as dates ("the 1st through the 15th", "(oct 1 → dec 31)", "the 1st of june → now"): every
  date said is the first or last day of a span that ran (a date that is neither — "from nov 15" answered from Nov 1 —
  stays not understood);
- the length of a span said as a count ("n=14 days exactly", "two weeks"): a span that ran is that long.
(The people someone spent with, "w the kids", are no words to understand either: transactions/query/account.companion.)
"""
from __future__ import annotations

import re
from datetime import date
from typing import Any

from transactions.query import strip_accents
from transactions.query.account import NOW_WORDS, PREPOSITIONS, span_said

DATA_WORDS = frozenset({"records", "record", "history", "data", "ledger", "statements", "start", "beginning", "outset",
                        "dawn", "entire"})
STRETCH_WORDS = frozenset({"interval", "period", "span", "stretch", "window", "range", "timeframe", "timespan",
                           "duration"})
BEFORE_RECORDS = 2000  # a span that starts before this year starts before any record (the parser's "from the start")


def _spans(records: list[Any]) -> list[tuple[date, date]]:
    from chat.unplaced import _spans as spans_of  # chat.unplaced reads chat.turn_signals: imported on use

    return spans_of(records)


def result_spans(result: dict) -> list[tuple[date, date]]:
    """The spans a money tool's result covered (its own and its query's)."""
    out = []
    for part in (result, (result.get("query") or {}).get("period") or {}):
        try:
            out.append((date.fromisoformat(str(part["start"])[:10]), date.fromisoformat(str(part["end"])[:10])))
        except (KeyError, TypeError, ValueError):
            continue
    return out


def carried_out(phrase: str, records: list[Any], today: date, stated_period: bool) -> bool:
    """Is every word of this unplaced phrase of a kind the tools that ran carried out? `stated_period`: the
    question's own reading has a period (not all time)."""
    words = re.findall(r"[^\W\d_]+", strip_accents((phrase or "").lower()))
    ran = [r for r in records if not r.error]
    if not words or not ran:
        return False
    spans = _spans(ran)
    if span_said(phrase, spans, today):
        return True

    def accounted(word: str) -> bool:
        if word in PREPOSITIONS:
            return True
        if word in NOW_WORDS:
            return any(end >= today for _, end in spans)
        if word in DATA_WORDS:
            return not spans or any(start.year < BEFORE_RECORDS for start, _ in spans)
        if word in STRETCH_WORDS:
            return stated_period and bool(spans)
        return False

    return all(accounted(w) for w in words)
