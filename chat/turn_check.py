"""The confidence of a turn's answer: the grounding formula (chat/grounding.py), then does the answer fit the question
(chat/grounding.answer_fit, chat/actions/fit.py), then a follow-up is no surer than an unsure answer it builds on."""
from __future__ import annotations

from typing import Any

from chat.actions.fit import action_fit
from chat.assistant import TurnRecorder
from chat.clarify import clarification_check
from chat.context import TurnContext
from chat.grounding import GroundingReport, answer_fit, confidence
from chat.subject_kept import followup_left_unanswered
from chat.turn_signals import turn_signals
from transactions.query import MoneyQuery, money_query_parse

UNANSWERED_CAP = 0.3  # below the escalation threshold


def _leans_on_last(text: str, ctx: TurnContext) -> bool:
    """Was the turn read as a follow-up of the last money answer (by the router, or by the parser for an LLM's turn)?"""
    if ctx.understood is None and ctx.vocab is not None and ctx.previous_query:
        return money_query_parse(text, vocab=ctx.vocab, today=ctx.today, previous=MoneyQuery.from_dict(
            ctx.previous_query), shown=ctx.previous_result).followup
    return bool((ctx.understood or {}).get("followup"))


def turn_check(*, text: str, report: GroundingReport, recorder: TurnRecorder, ctx: TurnContext, partial: bool,
               failure: str, clarification: dict[str, Any] | None = None) -> tuple[float, list[str]]:
    """Confidence: the grounding formula, then does the answer fit the question? Every merchant, category,
    amount and period the question names must be in a query that ran; names the user doesn't have must be
    said; knowledge answers whose best fact is far from the question are not confident."""
    if failure:
        return 0.0, [f"the language model failed: {failure}"]
    score, reasons = confidence(report, recorder=recorder, partial=partial)
    penalty, why = answer_fit(question=text, recorder=recorder, ctx=ctx, answer=report.answer)
    if penalty:
        score = round(max(0.0, score - penalty), 3)
        reasons.extend(why)
    penalty, why, cap = action_fit(question=text, recorder=recorder, ctx=ctx)  # chat/actions/fit.py
    score = round(max(0.0, min(score - penalty, cap if cap is not None else 1.0)), 3)
    reasons.extend(why)
    penalty, why = turn_signals(question=text, recorder=recorder, ctx=ctx)  # chat/turn_signals.py: general signals
    if penalty:
        score = round(max(0.0, score - penalty), 3)
        reasons.extend(why)
    if followup_left_unanswered(text, recorder, ctx) and not clarification:
        # "what did all those come to?" answered with no tool: the out-of-scope reply is no answer to a follow-up
        score = round(min(score, UNANSWERED_CAP), 3)
        reasons.append("the turn asks about the last answer but no tool ran to answer it")
    sure = ctx.previous_confidence
    doubt = [w for k in ("unknown", "ignored", "excluded_unknown") for w in (ctx.previous_query or {}).get(k) or []]
    if sure is not None and score > sure and doubt and _leans_on_last(text, ctx):
        # a follow-up computes over the last answer's reading: when that reading left words of the question out, it
        # is no surer than that answer was (a reading that was whole carries on, whatever the last answer said)
        score = round(sure, 3)
        reasons.append(f"it builds on the last answer, whose confidence was {sure:.2f}")
    return clarification_check(score, reasons, clarification), reasons
