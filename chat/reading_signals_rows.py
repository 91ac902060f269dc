"""Signals that the answer gives another measure than the one asked (chat/reading_signals.py adds them to its own, at
SIGNAL_PENALTY: never confident). Each reads the question's own words and the queries that ran.

- **One row asked, none ranked**: "in the higher month, what was the biggest item?", "my most expensive purchase
  there" answered by a total or a comparison: no query that ran picked out a single row (measure largest, smallest
  or a list of rows).
- **A period picked by a ranking, none ranked**: "my biggest Uber ride in the month I spent most on groceries", "what
  did I buy during my priciest week" answered without ranking the months (or weeks): the period asked is the one a
  ranking picks, and no query that ran grouped by it — the words were read as a subject or dropped.
- **One of several picked, nothing ranked**: "which habit cost me the most", "loại nào tốn nhiều nhất" answered by a
  plain total, average or count: the question picks the top one of some set, and every query that ran only added up
  (the word naming the set was dropped or read as a filter).
"""
from __future__ import annotations

import re
from typing import Any

from chat.assistant import MONEY_TOOLS
from transactions.query.followups_figures import WITHOUT_BIGGEST_RE

ROW_NOUN = r"(?:items?|purchases?|charges?|payments?|expenses?|transactions?|buys?|orders?|bills?|things?|ones?)"
SUPERLATIVE = (r"(?:biggest|largest|most expensive|priciest|costliest|highest|smallest|cheapest|lowest|"
               r"least expensive)")
# one row asked: "the biggest item", "my largest single purchase"; not a category or a merchant ranked
# ("without the biggest one" leaves a row out: it asks for none)
ONE_ROW_ASKED_RE = re.compile(rf"(?<!without the )(?<!excluding the )(?<!except the )(?<!minus the )(?<!not counting the )"
                              rf"\b{SUPERLATIVE} (?:single |one |individual )?{ROW_NOUN}\b"
                              r"(?! (?:categor|merchant|shop|store|place|type|kind|group))")
ROW_MEASURES = {"largest", "smallest", "list"}
UNIT = r"(?P<unit>month|week|day|year|quarter|weekend)"
# a period the question picks by a ranking and asks something within
RANKED_PERIOD_RE = re.compile(
    rf"\b(?:in|during|for|of|from|over) (?:the|that|my) (?:(?:single|one) )?{UNIT} (?:that |when |where |in which )?"
    r"(?:i|we) (?:\w+ ){0,2}?(?:the )?(?:most|least|highest|lowest)\b|"
    rf"\b(?:in|during|for|of|from|over) (?:the|that|my) {SUPERLATIVE.replace('(?:', '(?:worst|best|')} "
    rf"(?:spending )?(?P<unit2>month|week|day|year|quarter|weekend)\b")


# the top one of a set picked: "which <set> … the most / the biggest", "… nào … nhiều nhất" ("the most recent" and
# "the most often" pick no amount)
PICK_ASKED_RE = re.compile(r"\bwhich\b.{0,50}?\b(?:most(?! (?:recent|recently|often|frequent|frequently|times)\b)|"
                           r"biggest|largest|highest|priciest|costliest)\b"
                           r"|\bnao\b.{0,40}?\b(?:nhieu|ton|lon|cao|dat|mac) nhat\b")
# the measures that only add up: no one thing picked
SUM_MEASURES = {"total", "average", "count"}


def _parts(record: Any) -> list[dict]:
    result = record.result if isinstance(record.result, dict) else {}
    query: dict = result["query"] if isinstance(result.get("query"), dict) else {}
    return [record.arguments or {}, query]


def one_row_not_ranked(text: str, records: list[Any]) -> list[str]:
    queries = [r for r in records if r.name in MONEY_TOOLS]
    # "drop the biggest one", "leave out the top purchase": a row left out (the one grammar of it), none asked
    if not queries or not (m := ONE_ROW_ASKED_RE.search(WITHOUT_BIGGEST_RE.sub(" ", text.lower()))):
        return []
    if any(part.get("measure") in ROW_MEASURES for r in queries for part in _parts(r)):
        return []
    return [f"the question asks for one row ({m.group(0)!r}) but no query that ran picked out a row"]


def ranked_period_not_ranked(text: str, records: list[Any]) -> list[str]:
    queries = [r for r in records if r.name in MONEY_TOOLS]
    if not queries or not (m := RANKED_PERIOD_RE.search(text)):
        return []
    unit = m.group("unit") or m.group("unit2")
    if any(str(part.get("group_by") or "").startswith(unit) or part.get("measure") in (f"top_{unit}s", f"{unit}s")
           for r in queries for part in _parts(r)):
        return []
    return [f"the question asks about the {unit} a ranking picks ({m.group(0)!r}) but no query that ran ranked "
            f"{unit}s"]


def pick_not_ranked(text: str, records: list[Any]) -> list[str]:
    queries = [r for r in records if r.name in MONEY_TOOLS]
    if not queries or not (m := PICK_ASKED_RE.search(text)):
        return []
    if any(r.name != "search_transactions" or any(part.get("group_by") or (part.get("measure") or "total")
                                                  not in SUM_MEASURES for part in _parts(r)) for r in queries):
        return []
    return [f"the question picks the top one of a set ({m.group(0)!r}) but every query that ran only added up"]
