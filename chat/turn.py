"""The chat turn, as named steps: turn_prepare → turn_understand → turn_run_tools → turn_compose → turn_check →
turn_persist. `chat_turn_events` streams them (the SSE view iterates it); `chat_turn` returns the final answer."""
from __future__ import annotations

import dataclasses
import logging
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any, cast

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from chat.actions.selectors import actions_for_answer, waiting_after_last_answer
from chat.actions.services import pending_actions_attach
from chat.actions.tools import turn_action_ids
from chat.agent_configs import agent_config_for
from chat.assistant import FinanceAssistant
from chat.capabilities import balances_available
from chat.clarify import clarification_pick, correction_pick, turn_clarification
from chat.context import TurnContext, conversation_language, conversation_state, embed, last_asked, turn_corrected
from chat.external.tools import external_tools_attach
from chat.followup_doubt import doubt_note, doubt_record
from chat.grounding import GroundingReport, ground, result_summary
from chat.language import answer_language, question_language, spelled_out
from chat.models import AgentConfig, Conversation, Escalation, Message, ToolCall
from chat.offline.model import OfflineChatModel
from chat.prompt_versions import prompt_active_content, prompts_active
from chat.prompts import prompt_render
from chat.react import ReactTextChatModel
from chat.turn_check import turn_check
from chat.turn_state import turn_data_items, turn_relevant_fact_ids, turn_shown, turn_understood, turn_word_account
from core.embeddings import single_thread_inference
from core.errors import DomainError, NotFound
from core.llm import chat_model, llm_configured
from core.metrics import chat_turn_observe
from core.types import AuthUser
from transactions.query import query_vocab
from transactions.selectors import recurring_merchant_names

log = logging.getLogger(__name__)
HISTORY_MESSAGES = 8
TOKEN_CHUNK = 24


def _build_model(config: AgentConfig, *, context: TurnContext, stream: bool) -> tuple[Any, str, bool]:
    """(model, provider label, stream tokens?) — the OpenAI-compatible endpoint or the offline model."""
    use_llm = config.provider != AgentConfig.Provider.OFFLINE and llm_configured()
    if not use_llm:
        return OfflineChatModel(context=context, answer_format=config.answer_format), "offline", False
    model = chat_model(model=config.model or None, temperature=config.temperature, max_tokens=config.max_tokens,
                       timeout=config.timeout_seconds, max_retries=config.max_retries, streaming=stream)
    if config.tool_mode == AgentConfig.ToolMode.REACT_TEXT:
        return ReactTextChatModel(inner=model, react_prompt=prompt_active_content("react-format")), "openai:react", False
    return model, "openai", stream


def _conversation_for(*, user: AuthUser, conversation_id: int | None, message: str, agent_slug: str) -> Conversation:
    if conversation_id is None:
        return Conversation.objects.create(user=user, title=message[:80], agent_slug=agent_slug)
    conversation = Conversation.objects.filter(pk=conversation_id, user=user).first()
    if conversation is None:
        raise NotFound(f"Conversation {conversation_id} not found.")
    return conversation


def _history(conversation: Conversation, before_id: int) -> list[Any]:
    rows = list(conversation.messages.filter(id__lt=before_id).order_by("-id")[:HISTORY_MESSAGES])[::-1]
    return [HumanMessage(content=m.content) if m.role == Message.Role.USER
            else AIMessage(content=f"(A person from the Moneta team replied:) {m.content}") if m.role == Message.Role.STAFF
            else AIMessage(content=m.content) for m in rows]


def turn_understand(*, user: AuthUser, config: AgentConfig, conversation: Conversation, before_id: int,
                    new_conversation: bool, ui_language: str = "") -> TurnContext:
    """What the model, the tools and the checks need about this user and this conversation: their own names (for
    entity linking), the conversation state (the last money query and its result), the corpora, today and the
    person's UI language (the answer's language when the question has none of its own)."""
    vocab = query_vocab(user=user, embed=embed)
    previous, earlier, shown, family, previous_sure = (None, None, None, None, None) if new_conversation else \
        conversation_state(conversation, before_id)
    asked = "" if new_conversation else last_asked(conversation, before_id)
    return TurnContext(categories=sorted(vocab.categories), merchants=list(vocab.merchants),
                       balances=balances_available(user), recurring=recurring_merchant_names(user=user),
                       previous_query=previous, earlier_query=earlier, previous_result=shown, previous_family=family,
                       previous_confidence=previous_sure,
                       previous_asked=asked,
                       corpus_order=list(config.corpus_order or []), today=timezone.localdate(), vocab=vocab,
                       # a turn with no language of its own ("Netflix?", "200k") goes on in the conversation's
                       ui_language=("vi" if not new_conversation and conversation_language(
                           conversation, before_id, language_of=question_language) == "vi" else "") or ui_language,
                       waiting=[] if new_conversation else waiting_after_last_answer(
                           user=user, conversation_id=conversation.pk, before_id=before_id))


def chat_turn(*, user: AuthUser, message: str = "", conversation_id: int | None = None, agent_slug: str | None = None,
              on_event: Callable[[dict[str, Any]], None] | None = None, regenerate: bool = False,
              choice: str | None = None) -> dict[str, Any]:
    """One turn of the conversation; `on_event` receives tool_started/tool_finished/token/final events.
    `choice`: a choice's value from the last answer's clarifying question (chat/clarify.py)."""
    final = None
    for event in chat_turn_events(user=user, message=message, conversation_id=conversation_id,
                                  agent_slug=agent_slug, regenerate=regenerate, choice=choice):
        if on_event is not None:
            on_event(event)
        if event["type"] == "final":
            final = event["answer"]
    return cast("dict[str, Any]", final)  # chat_turn_events always ends with the "final" event


@dataclass
class Turn:
    """One chat turn in flight: what each step hands to the next."""

    user: Any
    text: str
    config: AgentConfig
    conversation: Conversation
    user_message: Message
    new_conversation: bool
    started: float
    ctx: TurnContext = dataclasses.field(default_factory=TurnContext)
    assistant: FinanceAssistant | None = None
    prompts: dict[str, Any] = dataclasses.field(default_factory=dict)
    external_notes: list[str] = dataclasses.field(default_factory=list)
    provider: str = ""
    state: dict[str, Any] = dataclasses.field(default_factory=dict)  # the graph's final state
    failure: str = ""
    streamed: bool = False
    timings: dict[str, Any] = dataclasses.field(default_factory=dict)
    state_before_id: int | None = None  # a picked choice answers the question asked before the clarifying answer


def turn_regenerate_prepare(*, user: AuthUser, conversation_id: int | None) -> Message:
    """Regenerate: the conversation's last question, with the answer(s) given to it removed so the new answer
    replaces them. Refused once a person from the team has replied to it."""
    if conversation_id is None:
        raise DomainError("regenerate: there is no conversation to regenerate an answer in.")
    conversation = _conversation_for(user=user, conversation_id=conversation_id, message="", agent_slug="")
    question = conversation.messages.filter(role=Message.Role.USER).order_by("-id").first()
    if question is None:
        raise DomainError("regenerate: this conversation has no question to answer again.")
    after = conversation.messages.filter(id__gt=question.pk)
    if after.filter(role=Message.Role.STAFF).exists():
        raise DomainError("regenerate: a person from the Moneta team has already replied to this question; "
                          "ask it again instead.")
    after.delete()
    return question


def turn_prepare(*, user: AuthUser, message: str, conversation_id: int | None, agent_slug: str | None,
                 regenerate: bool = False, choice: str | None = None) -> Turn:
    """Validate the message, pick the assistant, and store the user's message first (nothing is lost later).
    A picked choice (or a message that is one of the open question's choices) is stored as the user's message and
    the question it clarifies is answered again."""
    started = time.perf_counter()
    if regenerate:
        with transaction.atomic():
            question = turn_regenerate_prepare(user=user, conversation_id=conversation_id)
        config = agent_config_for(user=user, agent_slug=agent_slug or question.conversation.agent_slug or None)
        return Turn(user=user, text=question.content, config=config, conversation=question.conversation,
                    user_message=question, new_conversation=False, started=started)
    text = (message or "").strip()
    if choice is not None and conversation_id is None:
        raise DomainError("choice: a choice answers a question in a conversation; send its conversation_id too.",
                          code="validation_error")
    if not text and choice is None:
        raise DomainError(_("message: write a question first (it was empty)."), details={"message": "empty"},
                          code="validation_error")
    if len(text) > Message.MAX_CHARS:
        raise DomainError(f"message: at most {Message.MAX_CHARS} characters (got {len(text)}).")
    config = agent_config_for(user=user, agent_slug=agent_slug)
    conversation = _conversation_for(user=user, conversation_id=conversation_id, message=text,
                                     agent_slug=config.slug)
    pick = None if conversation_id is None else (
        clarification_pick(user=user, conversation=conversation, choice=choice, text=text)
        or (correction_pick(user=user, conversation=conversation, text=text) if choice is None else None))
    user_message = Message.objects.create(conversation=conversation, role=Message.Role.USER,
                                          content=pick.label if pick else text)
    return Turn(user=user, text=pick.question if pick else text, config=config, conversation=conversation,
                user_message=user_message, new_conversation=conversation_id is None, started=started,
                state_before_id=pick.state_before_id if pick else None)


def turn_run_tools(turn: Turn, *, stream_tokens: bool) -> Iterator[dict[str, Any]]:
    """The tool loop (LangGraph) with the model (an LLM endpoint or the offline model); yields its events and
    leaves the final state on the turn. A model endpoint that fails after its retries is recorded, not raised."""
    # start-up cost: LangGraph takes 0.3-0.6 s to import and every Django process imports this module (chat.admin ->
    # chat.services); the tool loop loads with the first turn
    from chat.agent import build_graph, run_graph

    config, ctx = turn.config, turn.ctx
    turn.assistant = FinanceAssistant(user=turn.user, config=config, request_text=turn.text, vocab=ctx.vocab,
                                      conversation_id=turn.conversation.pk)
    turn.external_notes = external_tools_attach(assistant=turn.assistant, config=config)  # down → a note
    ctx.enabled_tools = turn.assistant.enabled_tool_names()
    turn.prompts = prompts_active(config.system_prompt, "escalation-notice", "escalation-notice-vi", "llm-failure")
    system_prompt = prompt_render(turn.prompts[config.system_prompt], {
        "today": date.today().isoformat(), "categories": ", ".join(ctx.categories) or "(none yet)",
        "user_name": turn.user.get_username(), "corpora": ", ".join(config.corpus_order or config.corpus_include or []),
        "currency": "", "tools": ", ".join(ctx.enabled_tools)})
    if question_language(turn.text) is None and answer_language(turn.text, ctx.ui_language) == "vi":
        system_prompt += ("\nThe person uses Moneta in Vietnamese and this question shows no language of its own "
                          "(a name or a number): answer in Vietnamese.")
    model, turn.provider, stream = _build_model(config, context=ctx, stream=stream_tokens)
    history = [] if turn.new_conversation else _history(turn.conversation, turn.user_message.pk)
    messages = [SystemMessage(content=system_prompt), *history, HumanMessage(content=turn.text)]
    loop_started = time.perf_counter()
    turn.timings["setup_ms"] = round((loop_started - turn.started) * 1000, 2)
    try:
        graph = build_graph(model=model, assistant=turn.assistant, max_iterations=config.max_iterations,
                            stream_tokens=stream)
        steps = run_graph(graph, messages, max_iterations=config.max_iterations)
        while True:
            with single_thread_inference():
                step = next(steps, None)
            if step is None:
                break
            kind, data = step
            if kind == "event":
                turn.streamed = turn.streamed or data.get("type") == "token"
                yield data
            else:
                turn.state = data
    except DomainError:
        raise
    except Exception as exc:  # the model endpoint failed after its retries: say so, keep the user's message
        log.warning("chat turn failed for conversation %s: %s", turn.conversation.pk, exc)
        turn.failure = f"{type(exc).__name__}: {str(exc)[:200]}"
    turn.timings["loop_ms"] = round((time.perf_counter() - loop_started) * 1000, 2)


def turn_compose(turn: Turn) -> tuple[str, list[int], bool]:
    """(answer text, cited fact ids, partial?) from how the loop ended: the model's `respond`, an honest failure
    message, a partial answer at the step limit, or the model's plain text."""
    assert turn.assistant is not None  # built by turn_run_tools
    recorder = turn.assistant.recorder
    final = turn.state.get("final")
    partial = bool(turn.state.get("stop_reason")) and final is None
    if turn.failure:
        return prompt_render(turn.prompts["llm-failure"], {"error": turn.failure.split(":")[0]}), [], False
    if final is not None:
        return final.get("answer") or "", list(final.get("cited_fact_ids") or []), False
    if partial:
        gathered = [(r.name, r.result if r.result is not None else {"error": r.error}) for r in recorder.tool_records]
        composed = TurnContext()
        body, cited, _relevant = OfflineChatModel().compose_answer(turn.text, gathered, composed)
        turn.ctx.left_out = composed.left_out
        return (f"I reached my limit of {turn.config.max_iterations} steps before finishing, so this answer may "
                f"be incomplete. Here is what I found so far:\n\n{body}"), cited, True
    last = next((m for m in reversed(turn.state.get("messages") or []) if isinstance(m, AIMessage)), None)
    text = (last.content if last is not None and isinstance(last.content, str) else "") or \
        "I couldn't produce an answer this time."
    turn.streamed = turn.streamed and bool(text)
    return text, [], False


def turn_persist(turn: Turn, *, report: GroundingReport, score: float, reasons: list[str], partial: bool,
                 clarification: dict[str, Any] | None = None) -> dict[str, Any]:
    """Store the answer, its tool calls and any escalation in one transaction; return the answer object.
    A clarifying question is never escalated: it asks the user, not the team."""
    assert turn.assistant is not None  # built by turn_run_tools
    config, recorder = turn.config, turn.assistant.recorder
    escalate = not turn.failure and score < config.confidence_threshold and not clarification
    answer_md = report.answer
    if clarification and clarification["question"] not in answer_md:
        answer_md = f"{answer_md}\n\n{clarification['question']}"
    understood, shown = turn_understood(recorder, turn.ctx), turn_shown(recorder, turn.ctx.previous_result)
    account = turn_word_account(turn.text, turn.ctx, money=bool(understood or clarification))
    if not recorder.tool_records and understood is None:
        # a question back to the user, a thank-you: the conversation's state (the last money answer) carries on
        understood, shown = turn.ctx.previous_query, turn.ctx.previous_result
    else:  # why this answer was doubted, for the follow-ups that keep what was doubted (chat/followup_doubt.py)
        understood = doubt_record(understood, score=score, reasons=reasons, text=turn.text, ctx=turn.ctx,
                                  inherited=turn.ctx.doubt_inherited)
    if note := doubt_note(turn.ctx.doubt_inherited, answer_language(turn.text, turn.ctx.ui_language),
                          turn.ctx.row_unmatched):
        answer_md = f"{answer_md}\n\n{note}"  # the doubt it keeps, said plainly (chat/followup_doubt.py)
    if turn.ctx.period_note:  # the dates a period with two readings was read as (chat/period_readings.py)
        answer_md = f"{answer_md}\n\n{turn.ctx.period_note}"
    if turn.external_notes:  # an external tool server was down: say so rather than fail
        answer_md = f"{answer_md}\n\n" + " ".join(dict.fromkeys(turn.external_notes))
    if escalate:
        notice = "escalation-notice-vi" if answer_language(turn.text, turn.ctx.ui_language) == "vi" \
            else "escalation-notice"  # a Vietnamese answer is Vietnamese to the end
        answer_md = f"{answer_md}\n\n{prompt_render(turn.prompts[notice], {'confidence': score})}"
    answer = {
        "answer": answer_md, "citations": report.citations, "data": turn_data_items(recorder),
        "tools_used": list(dict.fromkeys(r.name for r in recorder.tool_records)),
        "tool_calls": [{"name": r.name, "arguments": r.arguments, "duration_ms": r.duration_ms,
                        "error": r.error or None} for r in recorder.tool_records],
        "confidence": score, "escalated": escalate, "conversation_id": turn.conversation.pk, "message_id": None,
        "agent": config.slug, "provider": turn.provider, "grounding": {**report.as_dict(), "reasons": reasons},
        "partial": partial, "error": turn.failure or None, "understood": understood,
        "shown": shown, "clarification": clarification, "understanding": account,
    }
    action_ids = turn_action_ids(recorder.tool_records)  # chat/actions/: proposals the user must confirm
    if action_ids:
        answer["pending_actions"] = actions_for_answer(user=turn.user, action_ids=action_ids)
    if config.answer_format == "fact_ids":
        answer["relevant_fact_ids"] = turn_relevant_fact_ids(report, recorder, turn.state.get("final"))
    timings = {**turn.timings, "routing_ms": turn.ctx.timings.get("routing_ms"),
               "tools": [{"name": r.name, "duration_ms": r.duration_ms} for r in recorder.tool_records]}
    persist_started = time.perf_counter()
    with transaction.atomic():
        message = Message.objects.create(
            conversation=turn.conversation, role=Message.Role.ASSISTANT, content=answer_md, answer=answer,
            confidence=score, escalated=escalate, agent_slug=config.slug, provider=turn.provider, error=turn.failure,
            token_usage=turn.state.get("usage") or {}, timings=timings,
            latency_ms=round((time.perf_counter() - turn.started) * 1000, 2),
        )
        if recorder.tool_records:
            ToolCall.objects.bulk_create([
                ToolCall(message=message, position=i, tool=r.name, arguments=r.arguments,
                         result_summary=result_summary(r.result, r.error), duration_ms=r.duration_ms, error=r.error)
                for i, r in enumerate(recorder.tool_records)
            ])
        pending_actions_attach(user=turn.user, action_ids=action_ids, message=message)
        if escalate:
            Escalation.objects.create(conversation=turn.conversation, message=message, confidence=score,
                                      reason="; ".join(reasons) or f"confidence {score} below "
                                                                    f"{config.confidence_threshold}")
        if not turn.new_conversation:
            Conversation.objects.filter(pk=turn.conversation.pk).update(updated_at=timezone.now())
    chat_turn_observe(latency_ms=message.latency_ms, tool_records=recorder.tool_records, escalated=escalate,
                      failed=bool(turn.failure))
    # The stored answer carries everything but its own row id (added when read back, see selectors).
    return {**answer, "message_id": message.pk,
            "timings": {**timings, "total_ms": round((time.perf_counter() - turn.started) * 1000, 2),
                        "persistence_ms": round((time.perf_counter() - persist_started) * 1000, 2)}}


def chat_turn_events(*, user: AuthUser, message: str = "", conversation_id: int | None = None,
                     agent_slug: str | None = None, stream_tokens: bool = True, regenerate: bool = False,
                     choice: str | None = None) -> Iterator[dict[str, Any]]:
    """The chat turn as a stream of events (the SSE view iterates this); the last one is "final".
    prepare → understand → run tools → compose → check → persist. `regenerate` answers the conversation's last
    question again, replacing the answer it had.

    The UI language is read here, when the view calls this, not when the stream is iterated: a streamed
    response runs its body after the view has returned, where the request's active language may be gone."""
    return _turn_events(user=user, message=message, conversation_id=conversation_id, agent_slug=agent_slug,
                        stream_tokens=stream_tokens, regenerate=regenerate, choice=choice,
                        ui_language=translation.get_language() or "")


def _turn_events(*, user: AuthUser, message: str, conversation_id: int | None, agent_slug: str | None,
                 stream_tokens: bool, regenerate: bool, choice: str | None, ui_language: str
                 ) -> Iterator[dict[str, Any]]:
    turn = turn_prepare(user=user, message=message, conversation_id=conversation_id, agent_slug=agent_slug,
                        regenerate=regenerate, choice=choice)
    yield {"type": "started", "conversation_id": turn.conversation.pk, "user_message_id": turn.user_message.pk,
           "agent": turn.config.slug}
    turn.ctx = turn_understand(user=user, config=turn.config, conversation=turn.conversation,
                               before_id=turn.state_before_id or turn.user_message.pk,
                               new_conversation=turn.new_conversation, ui_language=ui_language)
    # "X, sorry, Y": the question as meant, Vietnamese chat forms written out ("ko", "bn"; the message as said)
    turn.text = turn_corrected(spelled_out(turn.text), turn.ctx)
    yield from turn_run_tools(turn, stream_tokens=stream_tokens)
    compose_started = time.perf_counter()
    answer_text, cited, partial = turn_compose(turn)
    check_started = time.perf_counter()
    assert turn.assistant is not None  # built by turn_run_tools
    report = ground(answer_text, recorder=turn.assistant.recorder, cited_fact_ids=cited, question=turn.text)
    clarification = None if turn.failure else turn_clarification(
        text=turn.text, ctx=turn.ctx, recorder=turn.assistant.recorder, provider=turn.provider)
    score, reasons = turn_check(text=turn.text, report=report, recorder=turn.assistant.recorder, ctx=turn.ctx,
                                partial=partial, failure=turn.failure, clarification=clarification)
    turn.timings["grounding_ms"] = round((time.perf_counter() - check_started) * 1000, 2)
    turn.timings["compose_ms"] = round((check_started - compose_started) * 1000
                                       + float(turn.ctx.timings.get("compose_ms") or 0), 2)
    answer = turn_persist(turn, report=report, score=score, reasons=reasons, partial=partial,
                          clarification=clarification)
    if not turn.streamed:
        for piece in re.findall(rf".{{1,{TOKEN_CHUNK}}}(?:\s|$)|\S+", answer["answer"], flags=re.S):
            yield {"type": "token", "text": piece, "source": "answer"}
    yield {"type": "final", "answer": answer}
