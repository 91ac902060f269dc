"""The confidence of a turn's answer: the grounding formula (chat/grounding.py), then does the answer fit the question
(chat/answer_fit.py, chat/actions/fit.py), then a follow-up is no surer than the doubted part of an answer it keeps
(chat/followup_doubt.py)."""
from __future__ import annotations

from typing import Any

from chat.actions.fit import action_fit
from chat.answer_fit import answer_fit
from chat.assistant import TurnRecorder
from chat.clarify import clarification_check
from chat.context import TurnContext
from chat.followup_doubt import (
    CHANGED_NOTHING_CAP,
    changed_nothing,
    inherited_doubt,
    link_unsure,
    total_is_the_row,
    unmatched_row,
)
from chat.grounding import GroundingReport, confidence
from chat.language import answer_language
from chat.period_readings import period_cap, period_readings
from chat.reading_signals import reading_signals
from chat.subject_kept import followup_left_unanswered
from chat.turn_check_said import said_doubts
from chat.turn_signals import turn_signals

UNANSWERED_CAP = 0.3  # below the escalation threshold
SIGNAL_CAP = 0.35  # below the escalation threshold: a cited passage can start at 1.0, so a penalty alone is not enough


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
    more, why_more = reading_signals(question=text, recorder=recorder)  # chat/reading_signals.py: the turn's kind
    penalty, why = penalty + more, why + why_more
    if penalty:
        # each signal means the answer is to another question: never confident, however well a passage fits
        score = round(max(0.0, min(score - penalty, SIGNAL_CAP)), 3)
        reasons.extend(why)
    if followup_left_unanswered(text, recorder, ctx) and not clarification:
        # "what did all those come to?" answered with no tool: the out-of-scope reply is no answer to a follow-up
        score = round(min(score, UNANSWERED_CAP), 3)
        reasons.append("the turn asks about the last answer but no tool ran to answer it")
    # a follow-up that keeps a doubted part of the last answer without saying it again is no surer than that answer
    # (chat/followup_doubt.py); one that changes nothing the parser can see is no confident answer at all
    score, why, ctx.doubt_inherited = inherited_doubt(score, text, recorder, ctx)
    reasons.extend(why)
    if changed_nothing(text, recorder, ctx) and not clarification:
        score = round(min(score, CHANGED_NOTHING_CAP), 3)
        reasons.append("the follow-up changes nothing that was understood: the last answer was given again")
    if link_unsure(text, recorder, ctx) and not clarification:
        score = round(min(score, CHANGED_NOTHING_CAP), 3)
        reasons.append("the turn joins the last answer's subject, but no query that ran carries it")
    if total_is_the_row(text, recorder, ctx) and not clarification:
        score = round(min(score, CHANGED_NOTHING_CAP), 3)
        reasons.append("the turn asks a total beyond the one purchase the last answer showed, but the total found is "
                       "that purchase alone: the period kept from the last answer may be too narrow")
    # a period with two honest readings the question does not pin: the answer says the dates it used, medium at most
    why, ctx.period_note = period_readings(question=text, records=recorder.tool_records, today=ctx.today,
                                           language=answer_language(text, ctx.ui_language))
    if why:
        score = round(min(score, period_cap(why)), 3)
        reasons.extend(why)
    # a doubt the answer must say: words not read, a turn about the last answer left unanswered, the account holder's
    # data answered as someone else's, a word of a kind of spending dropped (chat/turn_check_said.py)
    why, notes = said_doubts(text=text, answer=report.answer, recorder=recorder, ctx=ctx, clarification=clarification)
    if why:
        score = round(min(score, SIGNAL_CAP), 3)
        reasons.extend(why)
    if notes:  # a note can say whose data the answer is without doubting it (the account holder's)
        report.answer = "\n\n".join([report.answer, *notes])
    ctx.row_unmatched = unmatched_row(text, ctx)
    if ctx.row_unmatched:
        score = round(min(score, CHANGED_NOTHING_CAP), 3)
        reasons.append(f"the turn names a row of the last answer by “{ctx.row_unmatched}” but none of its rows has it")
    return clarification_check(score, reasons, clarification), reasons
