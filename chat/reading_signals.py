"""More general signals that an answer is to another kind of turn than the one asked (chat/turn_check.py applies them
beside chat/turn_signals.py, at the same SIGNAL_PENALTY: never confident). Each compares what the question asks for
with what the tools that ran did, whatever the other words of the sentence; each says why in words.

- **A request to act answered by a passage**: "transfer $500 to my savings for me", "chuyển giúp tôi 500 đô …",
  "please cancel my gym" answered only from the knowledge base (or the web): nothing was done, proposed, or said
  impossible — a passage about the thing is an answer to "what is it".
- **A side of a comparison with no subject**: "so which was more" after two shops, answered by setting one shop
  against all their spending: one side counts a merchant, a category or words and another counts everything, while
  the question says nothing of their whole spending ("vs everything else", "out of my total").
- **A how-to asked in Vietnamese answered by a change**: "… undo sao vậy", "xoá giao dịch như thế nào" ask how; the
  English forms are chat/turn_signals.HOW_TO_RE's.
- **Like set against unlike**: "this year compared with the same months of last year" answered by this year so far
  against all of last year: the question asks for spans of the same length and the sides ran differ in length.
- One row asked and none ranked; a period picked by a ranking and none ranked; one of a set picked and nothing
  ranked: chat/reading_signals_rows.py.
"""
from __future__ import annotations

import re
from datetime import date
from typing import Any

from chat.actions.tools import PROPOSE_TOOLS
from chat.assistant import TurnRecorder
from chat.reading_signals_rows import one_row_not_ranked, pick_not_ranked, ranked_period_not_ranked
from chat.turn_signals import ACT_REQUEST_RE, EXPLAIN_RE, SIGNAL_PENALTY, _ran, _text

# verbs of moving money, which no tool of Moneta does ("transfer", "send", "pay off"), and Vietnamese verbs of change
MOVE_VERB = r"(?:transfer|send|wire|move|pay(?: off)?|top up|withdraw|deposit|invest|buy|sell|open|close|book|order)"
VI_VERB = r"(?:chuyen|gui|nap|rut|tra|thanh toan|dong|mo|tao|xoa|huy|ghi|doi|sua|dat|lap|them|dau tu|mua|ban)"
REQUEST_TO_MOVE_RE = re.compile(
    rf"(?:\b(?:can|could|would|will) (?:you|u|ya)|\bplease|\bpls|\bplz|\bi (?:want|need|would like|'d like) you to|"
    rf"\bgo ahead and)\s*(?:just |also |quickly )?"
    rf"{MOVE_VERB}\b")
VI_REQUEST_RE = re.compile(rf"\b{VI_VERB}\b(?: \w+){{0,2}} (?:giup|ho|dum|gium) (?:toi|minh|em|tui|to)\b|"
                           rf"\b(?:giup|ho|dum|gium) (?:toi|minh|em|tui|to) {VI_VERB}\b")
PASSAGE_TOOLS = {"search_knowledge_base", "search_online"}
# a question about the thing rather than a request ("can you explain …", "what is a transfer")
ASKS_ABOUT_RE = re.compile(r"\b(?:what|why|how|explain|mean|meaning|difference|la gi|tai sao|vi sao|nhu the nao|"
                           r"the nao|sao)\b")
# "how" asked in Vietnamese at the end of a clause: "undo sao vậy", "làm thế nào", "xoá như thế nào"
VI_HOW_TO_RE = re.compile(r"\b(?:(?:nhu )?the nao|sao (?:vay|day|ha|nhi|ta)|lam sao|cach nao|bang cach nao)\b")
# the whole of their spending said as such: a side of the comparison may count everything
WHOLE_RE = re.compile(r"\b(?:total|overall|everything|every ?thing else|all (?:(?:of )?(?:my|our|the) )?"
                      r"(?:spending|expenses|money|purchases|costs|outgoings)|the rest|rest of|whole|entire|in all|"
                      r"altogether|tong|tat ca|toan bo|con lai|"
                      # a share is a part of a whole by its meaning ("what share of that was groceries", "what %")
                      r"share|percent|percentage|proportion|portion|fraction|phan tram|chiem)\b|%")
# the question asks for spans of the same length ("the same months of last year", "same period", "to date")
SAME_SPAN_RE = re.compile(r"\b(?:same|equivalent|matching|corresponding|comparable) (?:\w+ )?(?:months?|periods?|"
                          r"time|stretch|span|weeks?|days?|window|point|stage|part|dates?|range|quarter)\b|"
                          r"\b(?:cung ky|cung thoi (?:gian|diem)|cung (?:nhung )?thang)\b")
SUBJECT_KEYS = ("merchants", "categories", "text", "exclude_merchants", "exclude_categories", "exclude_text")


def request_answered_by_a_passage(text: str, records: list[Any]) -> list[str]:
    names = {r.name for r in records}
    if not names or not names <= PASSAGE_TOOLS:
        return []
    m = REQUEST_TO_MOVE_RE.search(text) or ACT_REQUEST_RE.search(text) or VI_REQUEST_RE.search(text)
    if not m or ASKS_ABOUT_RE.search(text[:m.start()]) or EXPLAIN_RE.search(text):
        return []
    return [f"the turn asks for something to be done ({m.group(0).strip()!r}) but the answer only quoted a passage"]


def _has_subject(d: dict) -> bool:
    return any(d.get(k) for k in SUBJECT_KEYS)


def _sides(record: Any) -> list[tuple[bool, bool]]:
    """(side has a subject of its own, the whole comparison has one) for each side a comparison ran."""
    args = record.arguments or {}
    result = record.result if isinstance(record.result, dict) else {}
    query: dict = result["query"] if isinstance(result.get("query"), dict) else {}
    shared = _has_subject(args) or _has_subject(query)
    sides = [s for s in (args.get("sides") or args.get("compare") or []) if isinstance(s, dict)]
    sides = sides or [s for s in (query.get("compare") or {}).get("sides") or [] if isinstance(s, dict)]
    # a side of money in ("your income", the whole of "how much of my pay went to rent") is no side of all spending
    return [(_has_subject(s) or s.get("direction") == "in", shared) for s in sides]


def side_without_subject(text: str, records: list[Any]) -> list[str]:
    """"so which was more" answered by one shop against everything: a side lost the subject the others have."""
    if WHOLE_RE.search(text):
        return []
    for r in records:
        sides = _sides(r)
        if len(sides) >= 2 and not sides[0][1] and any(s for s, _ in sides) and not all(s for s, _ in sides):
            return ["the comparison sets a merchant, category or words against all their spending, which the "
                    "question does not name: a side lost its subject"]
    return []


def _days(side: dict) -> int | None:
    try:
        return (date.fromisoformat(str(side["end"])) - date.fromisoformat(str(side["start"]))).days + 1
    except (KeyError, TypeError, ValueError):
        return None


def unlike_spans(text: str, records: list[Any]) -> list[str]:
    """"this year vs the same months of last year" answered with this year so far against all of last year."""
    if not (m := SAME_SPAN_RE.search(text)):
        return []
    for r in records:
        sides = [s for s in ((r.arguments or {}).get("sides") or []) if isinstance(s, dict)]
        days = [d for d in map(_days, sides) if d]
        if len(days) >= 2 and min(days) < 0.9 * max(days):
            return [f"the question asks for like spans ({m.group(0)!r}) but the sides compared run "
                    f"{min(days)} and {max(days)} days"]
    return []


def vi_how_to_answered_by_a_change(text: str, records: list[Any]) -> list[str]:
    names = {r.name for r in records}
    if names and names <= PROPOSE_TOOLS and (m := VI_HOW_TO_RE.search(text)) and not VI_REQUEST_RE.search(text):
        return [f"the question asks how to do it ({m.group(0)!r}) but the answer proposed the change instead of the "
                "steps"]
    return []


def reading_signals(*, question: str, recorder: TurnRecorder) -> tuple[float, list[str]]:
    """(penalty, reasons): SIGNAL_PENALTY for each signal, on the tools that ran without error."""
    records = _ran(recorder)
    if not records:
        return 0.0, []
    text = _text(question)
    reasons = (request_answered_by_a_passage(text, records) + side_without_subject(text, records) +
               vi_how_to_answered_by_a_change(text, records) + unlike_spans(text, records) +
               one_row_not_ranked(text, records) + ranked_period_not_ranked(text, records) +
               pick_not_ranked(text, records))
    return round(SIGNAL_PENALTY * len(reasons), 3), reasons

