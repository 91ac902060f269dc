"""Chat writes: a chat turn (the tool loop, grounding, confidence, escalation, persistence), prompt
versions, agent configs, escalations and feedback."""
from __future__ import annotations

import dataclasses
import logging
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date
from typing import Any, cast

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from chat.actions.selectors import actions_for_answer
from chat.actions.services import pending_actions_attach, turn_action_ids
from chat.assistant import ALL_TOOLS, MONEY_TOOLS, FinanceAssistant, TurnRecorder
from chat.grounding import GroundingReport, answer_fit, confidence, ground, result_summary
from chat.models import AgentConfig, Conversation, Escalation, Feedback, Message, Prompt, ToolCall
from chat.prompts import DEFAULT_PROMPTS, prompt_problems, prompt_render
from config.api import DomainError, NotFound
from config.metrics import chat_turn_observe
from core.types import AuthUser

log = logging.getLogger(__name__)
MAX_MESSAGE_CHARS = 4000
HISTORY_MESSAGES = 8
TOKEN_CHUNK = 24


# ---- prompts -------------------------------------------------------------------------------------
def prompt_version_create(*, name: str, content: str, kind: str | None = None, activate: bool = True,
                          note: str = "", author: AuthUser | None = None) -> Prompt:
    """Add a new version of a prompt (validated); optionally make it the active one."""
    current = Prompt.objects.filter(name=name).order_by("-version").first()
    kind = kind or (current.kind if current else DEFAULT_PROMPTS.get(name, ("system",))[0])
    problems = prompt_problems(name=name, kind=kind, content=content)
    if problems:
        raise DomainError(" ".join(problems), details={"content": problems}, code="invalid_prompt")
    with transaction.atomic():
        version = (Prompt.objects.select_for_update().filter(name=name).aggregate(v=Max("version"))["v"] or 0) + 1
        if activate:
            Prompt.objects.filter(name=name, is_active=True).update(is_active=False)
        return Prompt.objects.create(name=name, kind=kind, content=content, version=version, is_active=activate,
                                     note=note, created_by=author)


def prompt_activate(*, prompt_id: int) -> Prompt:
    with transaction.atomic():
        prompt = Prompt.objects.select_for_update().get(pk=prompt_id)
        problems = prompt_problems(name=prompt.name, kind=prompt.kind, content=prompt.content)
        if problems:
            raise DomainError(" ".join(problems), code="invalid_prompt")
        Prompt.objects.filter(name=prompt.name, is_active=True).exclude(pk=prompt.pk).update(is_active=False)
        if not prompt.is_active:
            prompt.is_active = True
            prompt.save(update_fields=["is_active"])
        return prompt


def prompt_rollback(*, name: str) -> Prompt:
    """Activate the version before the currently active one."""
    active = Prompt.objects.filter(name=name, is_active=True).first()
    if active is None:
        raise DomainError(f"Prompt {name!r} has no active version to roll back from.")
    previous = Prompt.objects.filter(name=name, version__lt=active.version).order_by("-version").first()
    if previous is None:
        raise DomainError(f"Prompt {name!r} v{active.version} is the first version; there is nothing to roll back to.")
    return prompt_activate(prompt_id=previous.pk)


def prompt_active_content(name: str) -> str:
    return prompts_active(name)[name]


def prompts_active(*names: str) -> dict[str, str]:
    """Active content of each named prompt in one query (the built-in default when none was ever saved)."""
    found = dict(Prompt.objects.filter(name__in=names, is_active=True).values_list("name", "content"))
    for name in names:
        if name not in found:
            if name not in DEFAULT_PROMPTS:
                raise DomainError(f"No active prompt named {name!r}: create one in admin.", code="missing_prompt")
            found[name] = DEFAULT_PROMPTS[name][1]
    return found


def prompts_ensure_defaults() -> list[Prompt]:
    """Create v1 of every default prompt that does not exist yet (never overwrites editors' versions)."""
    out = []
    for name, (kind, content) in DEFAULT_PROMPTS.items():
        if not Prompt.objects.filter(name=name).exists():
            out.append(prompt_version_create(name=name, kind=kind, content=content, note="default"))
    return out


# ---- agent configs -------------------------------------------------------------------------------
def agent_config_problems(values: dict[str, Any]) -> dict[str, str]:
    """Field → message for every invalid value of an agent config."""
    errors: dict[str, str] = {}

    def check_range(field: str, low: float, high: float) -> None:
        value = values.get(field)
        if value is None:
            return
        if not (low <= float(value) <= high):
            errors[field] = f"{field.replace('_', ' ')} must be between {low:g} and {high:g}, got {value:g}."

    check_range("temperature", 0, 2)
    check_range("similarity_threshold", 0, 1)
    check_range("confidence_threshold", 0, 1)
    check_range("max_iterations", 1, 25)
    check_range("max_results", 1, 100)
    check_range("max_tokens", 16, 32000)
    check_range("timeout_seconds", 0.5, 600)
    check_range("max_retries", 0, 10)
    for w in ("vector_weight", "text_weight"):
        check_range(w, 0, 10)
    tools = values.get("enabled_tools")
    if tools is not None:
        if not isinstance(tools, list) or not all(isinstance(t, str) for t in tools):
            errors["enabled_tools"] = "enabled tools must be a JSON list of tool names."
        else:
            unknown = [t for t in tools if t not in ALL_TOOLS]
            if unknown:
                errors["enabled_tools"] = f"unknown tool(s) {', '.join(unknown)}; known tools: {', '.join(ALL_TOOLS)}."
    for field in ("corpus_include", "corpus_exclude", "corpus_order"):
        value = values.get(field)
        if value is None:
            continue
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            errors[field] = f"{field.replace('_', ' ')} must be a JSON list of corpus slugs."
            continue
        unknown = _unknown_corpora(value)
        if unknown:
            errors[field] = f"unknown corpus slug(s) in {field.replace('_', ' ')}: {', '.join(unknown)}."
    overlap = set(values.get("corpus_include") or []) & set(values.get("corpus_exclude") or [])
    if overlap and "corpus_exclude" not in errors:
        errors["corpus_exclude"] = f"corpus {', '.join(sorted(overlap))} is both included and excluded."
    prompt_name = values.get("system_prompt")
    if prompt_name and prompt_name not in DEFAULT_PROMPTS and not Prompt.objects.filter(
            name=prompt_name, is_active=True).exists():
        errors["system_prompt"] = f"no active prompt named {prompt_name!r}; create it under Prompts first."
    if values.get("tool_mode") == "react_text" and values.get("provider") == "offline":
        errors["tool_mode"] = "react_text needs a language model; the offline model always uses native tool calls."
    return errors


def _unknown_corpora(slugs: list[str]) -> list[str]:
    try:
        from knowledge.models import Corpus
    except ImportError:
        return []
    if not hasattr(Corpus, "slug"):
        return []
    known = set(Corpus.objects.filter(slug__in=slugs).values_list("slug", flat=True))
    return [s for s in slugs if s not in known and not s.startswith("private-") and s not in ("private", "mine", "notes")]


def agent_config_for(*, user: AuthUser, agent_slug: str | None = None) -> AgentConfig:
    qs = AgentConfig.objects.filter(is_active=True)
    config = qs.filter(slug=agent_slug).first() if agent_slug else (qs.filter(is_default=True).first()
                                                                      or qs.order_by("id").first())
    if config is None:
        if agent_slug:
            raise NotFound(f"No active assistant named {agent_slug!r}.")
        config = AgentConfig(slug="default", name="Moneta assistant")  # unsaved defaults before the demo loads
    if config.staff_only and not user.is_staff:
        raise DomainError(f"The assistant {config.slug!r} is for staff only.", code="forbidden", status_code=403)
    return config


def agent_config_set_default(*, config_id: int) -> AgentConfig:
    with transaction.atomic():
        AgentConfig.objects.filter(is_default=True).exclude(pk=config_id).update(is_default=False)
        config = AgentConfig.objects.get(pk=config_id)
        config.is_default = True
        config.is_active = True
        config.save(update_fields=["is_default", "is_active"])
        return config


# ---- the chat turn -------------------------------------------------------------------------------
def _build_model(config: AgentConfig, *, route_context: Any, stream: bool) -> tuple[Any, str, bool]:
    """(model, provider label, stream tokens?) — the OpenAI-compatible endpoint or the offline model."""
    from config.llm import chat_model, llm_configured

    use_llm = config.provider != AgentConfig.Provider.OFFLINE and llm_configured()
    if not use_llm:
        from chat.offline.model import OfflineChatModel

        return OfflineChatModel(context=route_context, answer_format=config.answer_format), "offline", False
    model = chat_model(model=config.model or None, temperature=config.temperature, max_tokens=config.max_tokens,
                       timeout=config.timeout_seconds, max_retries=config.max_retries, streaming=stream)
    if config.tool_mode == AgentConfig.ToolMode.REACT_TEXT:
        from chat.react import ReactTextChatModel

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


def _previous_queries(conversation: Conversation, before_id: int) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """Dialogue state: the money queries the last two answers ran (None where an answer was not about money)."""
    last_two = list(conversation.messages.filter(id__lt=before_id, role=Message.Role.ASSISTANT).order_by("-id")[:2])
    found = [(m.answer or {}).get("understood") for m in last_two] + [None, None]
    return found[0], found[1]


def _data_items(recorder: TurnRecorder) -> list[dict[str, Any]]:
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


def turn_understand(*, user: AuthUser, config: AgentConfig, conversation: Conversation, before_id: int,
                    new_conversation: bool) -> Any:
    """What the router and the checks need about this user and this conversation: their own names (for entity
    linking), the previous turn's money query (dialogue state), the corpora and today."""
    from chat.offline.router import RouteContext, embed
    from transactions.query import query_vocab

    vocab = query_vocab(user=user, embed=embed)
    previous, earlier = (None, None) if new_conversation else _previous_queries(conversation, before_id)
    return RouteContext(categories=sorted(vocab.categories), merchants=list(vocab.merchants),
                        previous_query=previous, earlier_query=earlier,
                        corpus_order=list(config.corpus_order or []), today=timezone.localdate(), vocab=vocab)


def turn_understood(recorder: TurnRecorder, ctx: Any) -> dict[str, Any] | None:
    """The money query that actually ran this turn (the last money tool result that carries one), else the
    router's reading when it was a money question; this is the next turn's dialogue state."""
    for record in reversed(recorder.tool_records):
        if record.name in MONEY_TOOLS and isinstance(record.result, dict) and isinstance(record.result.get("query"),
                                                                                          dict):
            query: dict[str, Any] = record.result["query"]
            return query
    if any(r.name in MONEY_TOOLS and not r.error for r in recorder.tool_records):
        understood: dict[str, Any] | None = getattr(ctx, "understood", None)
        return understood
    return None


def turn_check(*, text: str, report: GroundingReport, recorder: TurnRecorder, ctx: Any, partial: bool,
               failure: str) -> tuple[float, list[str]]:
    """Confidence: the grounding formula, then does the answer fit the question? Every merchant, category,
    amount and period the question names must be in a query that ran; names the user doesn't have must be
    said; knowledge answers whose best fact is far from the question are not confident."""
    if failure:
        return 0.0, [f"the language model failed: {failure}"]
    score, reasons = confidence(report, recorder=recorder, partial=partial)
    penalty, why = answer_fit(question=text, recorder=recorder, ctx=ctx)
    if penalty:
        score = round(max(0.0, score - penalty), 3)
        reasons.extend(why)
    return score, reasons


def chat_turn(*, user: AuthUser, message: str, conversation_id: int | None = None, agent_slug: str | None = None,
              on_event: Callable[[dict[str, Any]], None] | None = None, regenerate: bool = False) -> dict[str, Any]:
    """One turn of the conversation; `on_event` receives tool_started/tool_finished/token/final events."""
    final = None
    for event in chat_turn_events(user=user, message=message, conversation_id=conversation_id,
                                  agent_slug=agent_slug, regenerate=regenerate):
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
    ctx: Any = None  # chat.offline.router.RouteContext: the user's names, dialogue state, timings
    assistant: FinanceAssistant | None = None
    prompts: dict[str, Any] = dataclasses.field(default_factory=dict)
    external_notes: list[str] = dataclasses.field(default_factory=list)
    provider: str = ""
    state: dict[str, Any] = dataclasses.field(default_factory=dict)  # the graph's final state
    failure: str = ""
    streamed: bool = False
    timings: dict[str, Any] = dataclasses.field(default_factory=dict)


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
                 regenerate: bool = False) -> Turn:
    """Validate the message, pick the assistant, and store the user's message first (nothing is lost later)."""
    started = time.perf_counter()
    if regenerate:
        with transaction.atomic():
            question = turn_regenerate_prepare(user=user, conversation_id=conversation_id)
        config = agent_config_for(user=user, agent_slug=agent_slug or question.conversation.agent_slug or None)
        return Turn(user=user, text=question.content, config=config, conversation=question.conversation,
                    user_message=question, new_conversation=False, started=started)
    text = (message or "").strip()
    if not text:
        raise DomainError("message: write a question first (it was empty).", details={"message": "empty"})
    if len(text) > MAX_MESSAGE_CHARS:
        raise DomainError(f"message: at most {MAX_MESSAGE_CHARS} characters (got {len(text)}).")
    config = agent_config_for(user=user, agent_slug=agent_slug)
    conversation = _conversation_for(user=user, conversation_id=conversation_id, message=text,
                                     agent_slug=config.slug)
    user_message = Message.objects.create(conversation=conversation, role=Message.Role.USER, content=text)
    return Turn(user=user, text=text, config=config, conversation=conversation, user_message=user_message,
                new_conversation=conversation_id is None, started=started)


def turn_run_tools(turn: Turn, *, stream_tokens: bool) -> Iterator[dict[str, Any]]:
    """The tool loop (LangGraph) with the model (an LLM endpoint or the offline model); yields its events and
    leaves the final state on the turn. A model endpoint that fails after its retries is recorded, not raised."""
    from chat.agent import build_graph, run_graph
    from chat.mcp.client import external_tools_attach
    from core.embeddings import single_thread_inference

    config, ctx = turn.config, turn.ctx
    turn.assistant = FinanceAssistant(user=turn.user, config=config, request_text=turn.text)
    turn.external_notes = external_tools_attach(assistant=turn.assistant, config=config)  # down → a note
    ctx.enabled_tools = turn.assistant.enabled_tool_names()
    turn.prompts = prompts_active(config.system_prompt, "escalation-notice", "llm-failure")
    system_prompt = prompt_render(turn.prompts[config.system_prompt], {
        "today": date.today().isoformat(), "categories": ", ".join(ctx.categories) or "(none yet)",
        "user_name": turn.user.get_username(), "corpora": ", ".join(config.corpus_order or config.corpus_include or []),
        "currency": "", "tools": ", ".join(ctx.enabled_tools)})
    model, turn.provider, stream = _build_model(config, route_context=ctx, stream=stream_tokens)
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
    from chat.offline.model import OfflineChatModel
    from chat.offline.router import RouteContext

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
        body, cited, _ = OfflineChatModel().compose_answer(turn.text, gathered, RouteContext())
        return (f"I reached my limit of {turn.config.max_iterations} steps before finishing, so this answer may "
                f"be incomplete. Here is what I found so far:\n\n{body}"), cited, True
    last = next((m for m in reversed(turn.state.get("messages") or []) if isinstance(m, AIMessage)), None)
    text = (last.content if last is not None and isinstance(last.content, str) else "") or \
        "I couldn't produce an answer this time."
    turn.streamed = turn.streamed and bool(text)
    return text, [], False


def _relevant_fact_ids(report: GroundingReport, recorder: TurnRecorder, final: dict[str, Any] | None) -> dict[str, list[int]]:
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


def turn_persist(turn: Turn, *, report: GroundingReport, score: float, reasons: list[str], partial: bool) -> dict[str, Any]:
    """Store the answer, its tool calls and any escalation in one transaction; return the answer object."""
    assert turn.assistant is not None  # built by turn_run_tools
    config, recorder = turn.config, turn.assistant.recorder
    escalate = not turn.failure and score < config.confidence_threshold
    answer_md = report.answer
    if turn.external_notes:  # an external tool server was down: say so rather than fail
        answer_md = f"{answer_md}\n\n" + " ".join(dict.fromkeys(turn.external_notes))
    if escalate:
        answer_md = f"{answer_md}\n\n{prompt_render(turn.prompts['escalation-notice'], {'confidence': score})}"
    answer = {
        "answer": answer_md, "citations": report.citations, "data": _data_items(recorder),
        "tools_used": list(dict.fromkeys(r.name for r in recorder.tool_records)),
        "tool_calls": [{"name": r.name, "arguments": r.arguments, "duration_ms": r.duration_ms,
                        "error": r.error or None} for r in recorder.tool_records],
        "confidence": score, "escalated": escalate, "conversation_id": turn.conversation.pk, "message_id": None,
        "agent": config.slug, "provider": turn.provider, "grounding": {**report.as_dict(), "reasons": reasons},
        "partial": partial, "error": turn.failure or None, "understood": turn_understood(recorder, turn.ctx),
    }
    action_ids = turn_action_ids(recorder.tool_records)  # chat/actions/: proposals the user must confirm
    if action_ids:
        answer["pending_actions"] = actions_for_answer(user=turn.user, action_ids=action_ids)
    if config.answer_format == "fact_ids":
        answer["relevant_fact_ids"] = _relevant_fact_ids(report, recorder, turn.state.get("final"))
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


def chat_turn_events(*, user: AuthUser, message: str, conversation_id: int | None = None, agent_slug: str | None = None,
                     stream_tokens: bool = True, regenerate: bool = False) -> Iterator[dict[str, Any]]:
    """The chat turn as a stream of events (the SSE view iterates this); the last one is "final".
    prepare → understand → run tools → compose → check → persist. `regenerate` answers the conversation's last
    question again, replacing the answer it had."""
    turn = turn_prepare(user=user, message=message, conversation_id=conversation_id, agent_slug=agent_slug,
                        regenerate=regenerate)
    yield {"type": "started", "conversation_id": turn.conversation.pk, "user_message_id": turn.user_message.pk,
           "agent": turn.config.slug}
    turn.ctx = turn_understand(user=user, config=turn.config, conversation=turn.conversation,
                               before_id=turn.user_message.pk, new_conversation=turn.new_conversation)
    yield from turn_run_tools(turn, stream_tokens=stream_tokens)
    compose_started = time.perf_counter()
    answer_text, cited, partial = turn_compose(turn)
    check_started = time.perf_counter()
    assert turn.assistant is not None  # built by turn_run_tools
    report = ground(answer_text, recorder=turn.assistant.recorder, cited_fact_ids=cited, question=turn.text)
    score, reasons = turn_check(text=turn.text, report=report, recorder=turn.assistant.recorder, ctx=turn.ctx,
                                partial=partial, failure=turn.failure)
    turn.timings["grounding_ms"] = round((time.perf_counter() - check_started) * 1000, 2)
    turn.timings["compose_ms"] = round((check_started - compose_started) * 1000
                                       + float(turn.ctx.timings.get("compose_ms") or 0), 2)
    answer = turn_persist(turn, report=report, score=score, reasons=reasons, partial=partial)
    if not turn.streamed:
        for piece in re.findall(rf".{{1,{TOKEN_CHUNK}}}(?:\s|$)|\S+", answer["answer"], flags=re.S):
            yield {"type": "token", "text": piece, "source": "answer"}
    yield {"type": "final", "answer": answer}


# ---- escalations and feedback ----------------------------------------------------------------------
def _require_staff(person: AuthUser | None, *, role: str) -> None:
    if person is None or not getattr(person, "is_staff", False) or not getattr(person, "is_active", True):
        name = getattr(person, "username", None) or "nobody"
        raise DomainError(f"{role}: only an active staff member can be the {role} of an escalation "
                          f"({name} is not staff).", details={role: "not staff"}, code="not_staff")


def escalation_assign(*, escalation_id: int, assignee: AuthUser) -> Escalation:
    """Claim an open escalation for a staff member (a conditional UPDATE: two editors never both get it)."""
    _require_staff(assignee, role="assignee")
    changed = Escalation.objects.filter(pk=escalation_id, status=Escalation.Status.OPEN).update(
        status=Escalation.Status.ASSIGNED, assignee=assignee, updated_at=timezone.now())
    escalation = Escalation.objects.get(pk=escalation_id)
    if not changed and escalation.assignee_id != getattr(assignee, "pk", None):
        raise DomainError(f"Escalation {escalation_id} is already {escalation.status}.")
    return escalation


def escalation_reply(*, escalation_id: int, author: AuthUser, text: str) -> Message:
    """A staff member's reply to an escalated question: a message in the user's conversation, marked as from a
    person, unread until the user opens the conversation."""
    _require_staff(author, role="author")
    text = (text or "").strip()
    if not text:
        raise DomainError("reply: write the answer the user will read (it was empty).", details={"reply": "empty"})
    if len(text) > MAX_MESSAGE_CHARS:
        raise DomainError(f"reply: at most {MAX_MESSAGE_CHARS} characters (got {len(text)}).")
    with transaction.atomic():
        escalation = Escalation.objects.select_for_update().select_related("conversation").get(pk=escalation_id)
        message = Message.objects.create(conversation=escalation.conversation, role=Message.Role.STAFF, content=text,
                                         author=author, reply_to=escalation, agent_slug="", provider="staff")
        if escalation.assignee_id is None:
            escalation.assignee = author
            escalation.status = Escalation.Status.ASSIGNED if escalation.status == Escalation.Status.OPEN \
                else escalation.status
            escalation.save(update_fields=["assignee", "status", "updated_at"])
        Conversation.objects.filter(pk=escalation.conversation_id).update(updated_at=timezone.now())
    return message


def escalation_resolve(*, escalation_id: int, resolver: AuthUser, note: str = "", reply: str = "") -> Escalation:
    """Close an escalation. A reply (what the user reads in their conversation) or an internal note is needed."""
    if not (note or "").strip() and not (reply or "").strip():
        raise DomainError("resolution note: say how the question was resolved (or write a reply to the user).",
                          details={"resolution_note": "empty"})
    _require_staff(resolver, role="resolver")
    with transaction.atomic():
        if (reply or "").strip():
            escalation_reply(escalation_id=escalation_id, author=resolver, text=reply)
        escalation = Escalation.objects.select_for_update().get(pk=escalation_id)
        escalation.status = Escalation.Status.RESOLVED
        escalation.assignee = escalation.assignee or resolver
        escalation.resolution_note = (note or "").strip() or "Replied to the user."
        escalation.resolved_at = escalation.resolved_at or timezone.now()
        escalation.save(update_fields=["status", "assignee", "resolution_note", "resolved_at", "updated_at"])
    return escalation


def escalation_update(*, escalation_id: int, actor: AuthUser, status: str, assignee: AuthUser | None = None,
                      note: str = "", reply: str = "") -> Escalation:
    """What the admin change form does: (re)assign, reply, resolve — each through the services above."""
    if status not in Escalation.Status.values:
        raise DomainError(f"status must be one of {', '.join(Escalation.Status.values)}, got {status!r}.")
    if assignee is not None:
        _require_staff(assignee, role="assignee")
    if status == Escalation.Status.RESOLVED:
        if assignee is not None:
            Escalation.objects.filter(pk=escalation_id).update(assignee=assignee)
        return escalation_resolve(escalation_id=escalation_id, resolver=actor, note=note, reply=reply)
    with transaction.atomic():
        escalation = Escalation.objects.select_for_update().get(pk=escalation_id)
        if status == Escalation.Status.ASSIGNED and assignee is None and escalation.assignee_id is None:
            raise DomainError("assignee: choose who the escalation is assigned to.", details={"assignee": "empty"})
        escalation.status = status
        escalation.assignee = assignee if assignee is not None else (None if status == Escalation.Status.OPEN
                                                                     else escalation.assignee)
        escalation.resolution_note = (note or "").strip() or escalation.resolution_note
        escalation.resolved_at = None
        escalation.save(update_fields=["status", "assignee", "resolution_note", "resolved_at", "updated_at"])
        if (reply or "").strip():
            escalation_reply(escalation_id=escalation_id, author=actor, text=reply)
    return escalation


def escalation_open_from_feedback(*, feedback: Feedback) -> Escalation:
    """"Not helpful" with a comment, and the user asked for a person: the answer joins the escalation queue
    (or, when it is already there, the comment is added to its reason and it is reopened)."""
    comment = (feedback.comment or "").strip()
    if feedback.rating != -1 or not comment:
        raise DomainError("comment: say what was wrong with the answer so a person can help.",
                          details={"comment": "empty"})
    reason = f"The user rated the answer not helpful: {comment}"
    with transaction.atomic():
        message = Message.objects.select_for_update().get(pk=feedback.message_id)
        escalation = Escalation.objects.filter(message=message).first()
        if escalation is None:
            escalation = Escalation.objects.create(conversation_id=message.conversation_id, message=message,
                                                   reason=reason, confidence=message.confidence or 0.0,
                                                   source="feedback")
        else:
            if reason not in escalation.reason:
                escalation.reason = f"{escalation.reason}; {reason}"
            if escalation.status == Escalation.Status.RESOLVED:
                escalation.status = Escalation.Status.ASSIGNED if escalation.assignee_id else Escalation.Status.OPEN
                escalation.resolved_at = None
            escalation.save(update_fields=["reason", "status", "resolved_at", "updated_at"])
        if not message.escalated:
            message.escalated = True
            message.save(update_fields=["escalated"])
    return escalation


def escalation_replies_mark_read(*, user: AuthUser, conversation_id: int) -> int:
    """The user opened the conversation: its replies from the Moneta team are read. Returns how many changed."""
    if not Conversation.objects.filter(pk=conversation_id, user=user).exists():
        raise NotFound(f"Conversation {conversation_id} not found.")
    return Message.objects.filter(conversation_id=conversation_id, conversation__user=user,
                                  role=Message.Role.STAFF, read_at__isnull=True).update(read_at=timezone.now())


def feedback_submit(*, user: AuthUser, message_id: int, rating: int, comment: str = "", escalate: bool = False) -> Feedback:
    """Rate an answer. `escalate` (with "not helpful" and a comment) asks a person on the team to follow up."""
    if rating not in (1, -1):
        raise DomainError("rating must be 1 (helpful) or -1 (not helpful).", details={"rating": rating})
    if escalate and rating != -1:
        raise DomainError("escalate: a person follows up only on an answer rated not helpful.",
                          details={"escalate": "needs rating -1"})
    if escalate and not (comment or "").strip():
        raise DomainError("comment: say what was wrong with the answer so a person can help.",
                          details={"comment": "empty"})
    message = Message.objects.filter(pk=message_id, conversation__user=user, role=Message.Role.ASSISTANT).first()
    if message is None:
        raise NotFound(f"Message {message_id} not found.")
    try:
        with transaction.atomic():
            feedback, _ = Feedback.objects.update_or_create(
                message=message, user=user, defaults={"rating": rating, "comment": (comment or "")[:2000]})
            if escalate:
                escalation_open_from_feedback(feedback=feedback)
    except IntegrityError as exc:  # a concurrent submit won the race: apply ours on top
        raise DomainError("feedback was submitted twice at once; please retry.") from exc
    from chat.answer_facts import answer_fact_on_feedback

    answer_fact_on_feedback(feedback=feedback)  # a helpful, cited, confident answer becomes an answer fact
    return feedback
