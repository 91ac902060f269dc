"""What a chat turn leaves behind as the conversation's state and the answer's data: the money query that ran
(`turn_understood`), what its answer showed (`turn_shown`), the account of every word of the question
(`turn_word_account`), and the tables and charts of the money tools (`turn_data_items`). The next turn's follow-ups
refer to the first two (transactions/query/state.py)."""
from __future__ import annotations

from typing import Any

from chat.assistant import MONEY_TOOLS, TurnRecorder
from chat.context import TurnContext
from chat.grounding import GroundingReport
from chat.listings import listing_query, listing_shown
from chat.tool_fit import function_words_only
from transactions.query import MoneyQuery, money_query_parse
from transactions.query.account import word_account
from transactions.query.state import action_state, kept_state, result_shown, rows_listed


def turn_data_items(recorder: TurnRecorder) -> list[dict[str, Any]]:
    items = []
    for record in recorder.tool_records:
        result = record.result
        if record.error or not isinstance(result, dict) or record.name not in MONEY_TOOLS:
            continue
        rows = result.get("rows")
        if isinstance(rows, list) and rows and isinstance(rows[0], dict):
            columns = list(rows[0].keys())
            items.append({"kind": "table", "tool": record.name, "title": result.get("title") or record.name,
                          "columns": columns, "rows": rows, "currency": result.get("currency")})
        chart = result.get("chart")
        if isinstance(chart, dict) and chart.get("labels"):
            items.append({"kind": "chart", "tool": record.name, **chart})
    return items


def turn_understood(recorder: TurnRecorder, ctx: TurnContext) -> dict[str, Any] | None:
    """The money query that actually ran this turn (the last money tool result that carries one), else the
    router's reading when it was a money question; this is the next turn's dialogue state. A list of recurring
    charges stands for their merchants' charges (chat/listings.py)."""
    if (listing := _listing_record(recorder)) is not None:
        return listing_query(listing.result, ctx.previous_query)
    for record in reversed(recorder.tool_records):
        if record.name in MONEY_TOOLS and isinstance(record.result, dict) and isinstance(record.result.get("query"),
                                                                                          dict):
            query: dict[str, Any] = record.result["query"]
            return _with_doubt(query, ctx)
    for record in recorder.tool_records:  # "move my Uber rides to Commute", then "how much did they cost?"
        if (acted := action_state(record.name, record.arguments)) is not None:
            return acted
    for record in recorder.tool_records:  # "how much did I keep last month": that period's money in and out
        if record.name == "income_breakdown" and isinstance(record.result, dict) and (kept := kept_state(record.result)):
            return kept
    if any(r.name in MONEY_TOOLS and not r.error for r in recorder.tool_records):
        understood: dict[str, Any] | None = getattr(ctx, "understood", None)
        return understood
    return None


DOUBT = ("unknown", "ignored", "excluded_unknown")


def _with_doubt(query: dict[str, Any], ctx: TurnContext) -> dict[str, Any]:
    """The query that ran, with the words the router's reading of the question left out ("Target on its own": "own"):
    the tool runs a query rebuilt from its arguments, which carries none of them, and a follow-up that builds on
    this answer ("ok now just October") is no surer than it (chat/turn_check.py) only when the state says so."""
    reading = getattr(ctx, "understood", None) or {}
    doubt = {k: words for k in DOUBT if not query.get(k)
             and (words := [w for w in reading.get(k) or [] if not function_words_only(w)])}
    if reading.get("said") and not query.get("said"):  # "cà phê" as written, for the follow-ups that name it again
        doubt["said"] = reading["said"]
    return {**query, **doubt} if doubt else query


def turn_word_account(text: str, ctx: TurnContext, *, money: bool) -> dict[str, Any] | None:
    """The account of every word of a money question (transactions.query.account), for clients to show which
    words were not understood; None when the turn was not read as a money question."""
    if not money:
        return None

    if ctx.understood is not None:  # the router's reading (offline) carries every word's link
        reading = MoneyQuery.from_dict(ctx.understood)
    elif ctx.vocab is not None:  # a language model's turn: the same parser reads the question
        previous = MoneyQuery.from_dict(ctx.previous_query) if ctx.previous_query else None
        reading = money_query_parse(text, vocab=ctx.vocab, today=ctx.today, previous=previous,
                                    shown=ctx.previous_result)
    else:
        return None
    return word_account(text, reading, today=ctx.today)


def _listing_record(recorder: TurnRecorder) -> Any:
    """The list of recurring charges this turn showed, when that was its money answer."""
    money = [r for r in recorder.tool_records if r.name in MONEY_TOOLS and not r.error and isinstance(r.result, dict)]
    return money[-1] if money and money[-1].name == "list_subscriptions" else None


def turn_shown(recorder: TurnRecorder, previous: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """What the last money answer showed (items, periods compared, figure): the state follow-ups refer to.
    `previous`: what the answer before showed (a question about one item of a list keeps the list)."""
    if (listing := _listing_record(recorder)) is not None:
        return listing_shown(listing.result, previous)
    for record in reversed(recorder.tool_records):
        if record.name in MONEY_TOOLS and isinstance(record.result, dict) and isinstance(record.result.get("query"),
                                                                                          dict):
            return rows_listed(result_shown(record.result), previous)
    for record in reversed(recorder.tool_records):
        # a preset without a query (the spending summary): its ranked rows are what the answer showed
        rows = record.result.get("rows") if record.name in MONEY_TOOLS and isinstance(record.result, dict) else None
        if isinstance(rows, list) and rows and isinstance(rows[0], dict):
            kind = "summary" if "category" in rows[0] else "top_merchants" if "merchant" in rows[0] else None
            if kind:
                return result_shown({**record.result, "measure": record.result.get("measure") or kind})
    return None


def turn_relevant_fact_ids(report: GroundingReport, recorder: TurnRecorder, final: dict[str, Any] | None) -> dict[str, list[int]]:
    """Document investigator: the fact ids used, grouped by corpus (cited ones plus those the model claims)."""
    relevant: dict[str, list[int]] = {}
    for c in report.citations:
        relevant.setdefault(c["corpus"] or "unknown", []).append(c["fact_id"])
    claimed = (final or {}).get("relevant_fact_ids") or {}
    for ids in claimed.values() if isinstance(claimed, dict) else []:
        for fid in ids or []:
            fact = recorder.facts.get(int(fid)) if str(fid).isdigit() else None
            if fact and int(fid) not in relevant.setdefault(fact.get("corpus") or "unknown", []):
                relevant[fact.get("corpus") or "unknown"].append(int(fid))
    return relevant
