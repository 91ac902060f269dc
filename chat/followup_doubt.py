"""Why the last answer was doubted, kept in the conversation state, and what a follow-up inherits of it.

An answer whose confidence was lowered stores, beside its query (`answer.understood["doubt"]`), the parts of the
question its doubt was about — the subject (the names it counted), the period, the measure, words not understood —
with the values those parts had, the confidence and the reasons (`doubt_record`). A follow-up computes over that
state: when it keeps a doubted part without saying it again ("how many times did we go this year" after an answer
that added the bills to a shop's total), it is no surer than that answer, and says why (`inherited_doubt`); when it
replaces the doubted part (a period said again after a doubted period, another subject after a doubted subject), it
is judged on its own. What a turn says itself is its reading without the conversation (the parser with no previous
query), so "the same subject" is what the turn did not say but the query still carries.

A follow-up that changes nothing the parser can see ("and?", "ok and the other thing") and runs the last query again
is never a confident answer (`changed_nothing`); nor is a total asked after one purchase shown and answered with that
same purchase (`total_is_the_row`); nor is one that names a row of the last answer by a word none of its
rows has ("the flight one" after five purchases, none a flight: `unmatched_row`), and the answer says so; nor one
that says it joins the last answer's subject but is answered without it (`link_unsure`).
"""
from __future__ import annotations

import ast
import re
from typing import Any

from chat.assistant import MONEY_TOOLS
from chat.balances import BALANCE_TOOLS
from chat.restate import asks_restatement
from transactions.query import MoneyQuery, money_query_parse
from transactions.query.followups import followup_on_result
from transactions.query.followups_named import row_word_unmatched
from transactions.query.followups_subject import check_back
from transactions.query.grammar import find_measure, normalise
from transactions.query.state import query_unchanged

DOUBTED_BELOW = 0.9  # an answer whose confidence was lowered under this keeps why, for the next turn
CHANGED_NOTHING_CAP = 0.3  # below the escalation threshold
PARTS = ("subject", "period", "measure", "words")
SUBJECT_KEYS = ("merchants", "categories", "text")
INHERITED = "it builds on the last answer"  # the reason this module gives; a reason of its own is no new doubt
# which part of the question a reason of the confidence check is about (chat/grounding.py, chat/answer_shape.py …)
REASON_PARTS = (
    ("words", re.compile(r"^words not understood")),
    ("period", re.compile(r"\bperiods?\b|\bmonths?\b|like for like|mid-month")),
    ("measure", re.compile(r"\bfigure\b|\bper (?:day|week|month|year)\b|most recent|summed|arithmetic|what is left")),
    ("subject", re.compile(r"\bnames?\b|points back|aside|includes|against|money in from|nothing is about|is about \[|"
                           r"matched several|leaves something out|left out took|kind of|items the last answer")),
)
# reasons about the answer's text or the knowledge base: nothing of the state is doubted by them
# nor are those about the turn itself ("make sure you're looking at the right bill", "and?": the answer given again)
NOT_STATE_RE = re.compile(r"citations|cited facts|knowledge base|numbers not found|asked the user|follow-up changes "
                          r"nothing|read as the last question again")


def ran_queries(recorder: Any) -> list[dict[str, Any]]:
    """The money queries that ran this turn (balances are no query over transactions)."""
    return [r.result["query"] for r in recorder.tool_records
            if r.name in MONEY_TOOLS and r.name not in BALANCE_TOOLS and not r.error and isinstance(r.result, dict)
            and isinstance(r.result.get("query"), dict)]


def _names(query: dict[str, Any] | None) -> set[str]:
    query = query or {}
    names = {str(n).lower() for k in SUBJECT_KEYS for n in query.get(k) or []}
    for side in (query.get("compare") or {}).get("sides") or []:
        names |= {str(n).lower() for k in SUBJECT_KEYS for n in (side or {}).get(k) or []}
    return names


def _span(query: dict[str, Any] | None) -> list[Any] | None:
    period = (query or {}).get("period") or {}
    return [period["start"], period["end"]] if period.get("start") else None


def own_reading(text: str, ctx: Any) -> MoneyQuery | None:
    """What the turn says by itself: its reading with no conversation before it."""
    if ctx.vocab is None:
        return None
    return money_query_parse(text, vocab=ctx.vocab, today=ctx.today, previous=None)


def _said(text: str, own: MoneyQuery | None) -> set[str]:
    """The parts of the question the turn names itself."""
    if own is None:
        return set()
    parts = set()
    if own.merchants or own.categories or own.text or own.unknown or own.compare:
        parts.add("subject")
    if own.period is not None:
        parts.add("period")
    if find_measure(normalise(text))[1] is not None:
        parts.add("measure")
    return parts


def leans_on_last(text: str, ctx: Any) -> bool:
    """Was the turn read as a follow-up of the last money answer (by the router, or by the parser for an LLM's turn)?"""
    if ctx.understood is None and ctx.vocab is not None and ctx.previous_query:
        return money_query_parse(text, vocab=ctx.vocab, today=ctx.today, previous=MoneyQuery.from_dict(
            ctx.previous_query), shown=ctx.previous_result).followup
    return bool((ctx.understood or {}).get("followup"))


def _previous_doubt(ctx: Any) -> dict[str, Any] | None:
    """The doubt the last money answer stored; for a state stored without one, the words its reading left out."""
    previous = ctx.previous_query or {}
    if isinstance(previous.get("doubt"), dict):
        return dict(previous["doubt"])
    words = [w for k in ("unknown", "ignored", "excluded_unknown") for w in previous.get(k) or []]
    # an answer that was not doubted (it would have stored why) leaves no doubt to inherit, whatever words it skipped
    if not words or ctx.previous_confidence is None or ctx.previous_confidence >= DOUBTED_BELOW:
        return None
    return {"confidence": ctx.previous_confidence, "parts": ["words"], "words": words,
            "subject": sorted(_names(previous)), "period": _span(previous), "measure": previous.get("measure"),
            "why": [f"words not understood: {words}"]}


def inherited_parts(text: str, recorder: Any, ctx: Any, own: MoneyQuery | None) -> tuple[list[str], dict | None]:
    """(the doubted parts this follow-up keeps without saying them again, the last answer's doubt)."""
    doubt = _previous_doubt(ctx)
    ran = ran_queries(recorder)
    if not doubt or not ran:
        return [], doubt
    said = _said(text, own)
    own_names = _names(own.as_dict()) if own is not None else set()
    doubted_names = {str(n).lower() for n in doubt.get("subject") or []}
    ran_names = set().union(*(_names(q) for q in ran))
    kept_names = (doubted_names & ran_names) - own_names
    # a doubt about no subject (all their spending) is kept by a follow-up that names none either
    subject_kept = bool(kept_names) if doubted_names else not own_names and leans_on_last(text, ctx)
    parts = set(doubt.get("parts") or [])
    out = []
    if "subject" in parts and subject_kept:
        out.append("subject")
    if "words" in parts and subject_kept and doubt.get("words"):
        out.append("words")
    if "period" in parts and "period" not in said and doubt.get("period") in [_span(q) for q in ran]:
        out.append("period")
    if "measure" in parts and "measure" not in said and doubt.get("measure") in [q.get("measure") for q in ran]:
        out.append("measure")
    return out, doubt


def _part_text(part: str, doubt: dict[str, Any]) -> str:
    if part == "subject":
        return f"subject ({', '.join(doubt.get('subject') or []) or 'all spending'})"
    if part == "words":
        return f"reading without {', '.join(map(repr, (doubt.get('words') or [])[:3]))}"
    if part == "period":
        return "period"
    return f"measure ({doubt.get('measure')})"


def inherited_doubt(score: float, text: str, recorder: Any, ctx: Any) -> tuple[float, list[str], list[str]]:
    """(confidence, reasons, parts inherited): a follow-up that keeps a doubted part of the last answer without
    saying it again is no surer than that answer; one that replaces the doubted part is judged on its own."""
    own = own_reading(text, ctx) if (ctx.previous_query or {}) else None
    parts, doubt = inherited_parts(text, recorder, ctx, own)
    ctx.own_reading = own
    if not parts or doubt is None:
        return score, [], []
    sure = float(doubt.get("confidence") or 0.0)
    if score <= sure:
        return score, [], parts
    why = "; ".join((doubt.get("why") or [])[:2])
    return round(sure, 3), [f"{INHERITED}'s {' and '.join(_part_text(p, doubt) for p in parts)}, which was doubted"
                            f"{f' ({why})' if why else ''}; its confidence was {sure:.2f}"], parts


def changed_nothing(text: str, recorder: Any, ctx: Any) -> bool:
    """A follow-up that says nothing the parser can read ("and?", "ok and the other thing") and runs the last query
    again: the same answer again is no confident answer to whatever it asked. A turn an edit reads ("recount", "are
    you sure?") or that names a subject, period, measure or amount of its own is not this."""
    previous = ctx.previous_query
    ran = ran_queries(recorder)
    if not previous or previous.get("from_action") or not ran or not all(query_unchanged(previous, q) for q in ran):
        return False
    if asks_restatement(text):
        return False  # "explain it more simply": the same answer again is what it asked for (chat/restate.py)
    if check_back(normalise(text)):
        return True  # "make sure you're looking at the right bill": the same answer again is no confirmation
    own = getattr(ctx, "own_reading", None) or own_reading(text, ctx)
    if own is None or _said(text, own) or own.amount_min is not None or own.amount_max is not None \
            or own.excludes or own.per or own.weekdays:
        return False
    return followup_on_result(normalise(text), MoneyQuery.from_dict(previous), ctx.previous_result, ctx.today) is None


# words by which a turn joins the last answer's subject ("plus CVS", "add Target to that", "together with groceries",
# "both", "put Best Buy back in"): said, the answer must carry that subject
JOIN_CUE_RE = re.compile(r"^\s*(?:(?:and|also|now|ok(?:ay)?|so|oh)[,\s]+)*(?:plus|add|throw in|along with|together with|"
                         r"as well as|on top of)\b|\b(?:together|combined|lumped) with\b|\b(?:for|of) both\b"
                         r"|\bboth (?:together|combined)\b|\b(?:add|put|throw|lump)\b.{1,40}?\b(?:to|into|with|onto) "
                         r"(?:that|those|it|them)\b"
                         # what the last answer left out, taken back into it: "put best buy back in", "add rent back"
                         r"|\b(?:put|add|bring|count|include|let)\b.{1,40}?\bback(?: in(?:to)?| on)?\b")


def link_unsure(text: str, recorder: Any, ctx: Any) -> bool:
    """A turn that says it joins the last answer's subject ("plus all the CVS runs, both together") answered by
    queries none of which carries that subject: the link to the last answer was lost, so the figure is another
    question's, and never a confident answer."""
    previous = ctx.previous_query or {}
    kept = _names(previous)
    ran = ran_queries(recorder)
    if not kept or not ran or previous.get("from_action") or not JOIN_CUE_RE.search(normalise(text)):
        return False
    return not any(kept <= _names(q) for q in ran)


TOTAL_ASKED_RE = re.compile(r"\b(?:total|in all|altogether|all together|overall|combined|all up|tong(?: cong)?)\b")


def total_is_the_row(text: str, recorder: Any, ctx: Any) -> bool:
    """"how much have I spent at that store in total" after the biggest purchase, answered with that one purchase: the
    total asked goes beyond the row shown, so the window kept from the last answer was too narrow for it — the
    figure says nothing the last answer did not, and is no confident answer."""
    shown = ctx.previous_result or {}
    rows = shown.get("rows") or []
    if shown.get("measure") not in ("largest", "smallest") or not rows or not TOTAL_ASKED_RE.search(normalise(text)):
        return False
    amounts = {round(abs(float(r["amount"])), 2) for r in rows if isinstance(r.get("amount"), int | float)}
    for r in recorder.tool_records:
        result = r.result if isinstance(r.result, dict) else {}
        if r.name in MONEY_TOOLS and not r.error and result.get("measure") in ("total", "count") and \
                result.get("count") == 1 and isinstance(result.get("total"), int | float) and \
                round(abs(float(result["total"])), 2) in amounts:
            return True
    return False


def unmatched_row(text: str, ctx: Any) -> str:
    """The word by which the turn names a row of the last answer when none of the rows shown has it."""
    if not ctx.previous_query or not (ctx.previous_result or {}).get("rows"):
        return ""
    previous = MoneyQuery.from_dict(ctx.previous_query)
    if ctx.understood is not None:
        q = MoneyQuery.from_dict(ctx.understood)
    elif ctx.vocab is not None:
        q = money_query_parse(text, vocab=ctx.vocab, today=ctx.today, previous=previous, shown=ctx.previous_result)
    else:
        return ""
    return row_word_unmatched(text, q, previous, ctx.previous_result)


def _reason_parts(reason: str) -> set[str] | None:
    """The parts of the question a reason is about; None when it names none of them."""
    if reason.startswith(INHERITED) or NOT_STATE_RE.search(reason):
        return set()
    found = {part for part, pattern in REASON_PARTS if pattern.search(reason)}
    return found or None


def _reason_words(reason: str) -> list[str]:
    if not reason.startswith("words not understood:"):
        return []
    try:
        words = ast.literal_eval(reason.split(":", 1)[1].strip())
    except (ValueError, SyntaxError):
        return []
    return [str(w) for w in words] if isinstance(words, list) else []


def doubt_record(understood: dict[str, Any] | None, *, score: float, reasons: list[str], text: str, ctx: Any,
                 inherited: list[str]) -> dict[str, Any] | None:
    """The state this answer leaves, with why it was doubted (`doubt`) when its confidence was lowered: the parts
    named by its reasons (a reason about none of them: the parts the turn said itself, or all of them), those
    inherited from the answer before, and the values those parts had in the query that ran."""
    if not understood or score >= DOUBTED_BELOW:
        return understood
    parts: set[str] = set(inherited)
    words: list[str] = []
    own = getattr(ctx, "own_reading", None)
    for reason in reasons:
        found = _reason_parts(reason)
        if found is None:
            found = _said(text, own) or {"subject", "period", "measure"}
        parts |= found
        words += _reason_words(reason)
    if "words" in inherited:
        words += list((_previous_doubt(ctx) or {}).get("words") or [])
    words += [w for k in ("unknown", "ignored", "excluded_unknown") for w in understood.get(k) or []]
    if words:
        parts.add("words")
    if not parts:
        return understood
    subject = [str(n) for k in SUBJECT_KEYS for n in understood.get(k) or []]
    doubt = {"confidence": score, "parts": [p for p in PARTS if p in parts], "subject": subject,
             "period": _span(understood), "measure": understood.get("measure"),
             "words": list(dict.fromkeys(words)),
             "why": ([r for r in reasons if _reason_parts(r) != set()]
                     + ((_previous_doubt(ctx) or {}).get("why") or [] if inherited else []))[:3]}
    return {**understood, "doubt": doubt}


PART_WORDS = {"en": {"subject": "what it counted", "words": "the words it could not place", "period": "its period",
                     "measure": "what it measured"},
              "vi": {"subject": "những gì được tính", "words": "những từ chưa hiểu", "period": "khoảng thời gian",
                     "measure": "cách tính"}}


def doubt_note(parts: list[str], language: str, unmatched: str = "") -> str:
    """What an answer that inherits the last answer's doubt, or names none of its rows, ends with (in the answer's
    language)."""
    vi = language == "vi"
    notes = []
    if unmatched:
        notes.append(f"_Không giao dịch nào tôi vừa liệt kê có “{unmatched}”._" if vi else
                     f"_None of the transactions I just listed is about “{unmatched}”._")
    if parts:
        words = PART_WORDS["vi" if vi else "en"]
        said = ", ".join(words[p] for p in parts)
        notes.append(f"_Câu trả lời này dựa trên câu trả lời trước ({said}), mà tôi chưa chắc chắn._" if vi else
                     f"_This builds on my last answer ({said}), which I was not sure of._")
    return "\n\n".join(notes)
