"""Chat reads: a user's own conversations and messages only."""
from __future__ import annotations

from django.db.models import Count, Prefetch

from chat.models import Conversation, Message, ToolCall
from config.api import NotFound


def conversation_list(*, user) -> list[dict]:
    rows = (Conversation.objects.filter(user=user).annotate(message_count=Count("messages"))
            .order_by("-updated_at", "-id"))
    return [{"conversation_id": c.pk, "title": c.title, "agent": c.agent_slug, "message_count": c.message_count,
             "created_at": c.created_at.isoformat(), "updated_at": c.updated_at.isoformat()} for c in rows]


def message_as_dict(message: Message) -> dict:
    out = {"message_id": message.pk, "role": message.role, "content": message.content,
           "created_at": message.created_at.isoformat()}
    if message.role == Message.Role.ASSISTANT:
        answer = dict(message.answer or {})
        answer["message_id"] = message.pk
        out.update(answer=answer, confidence=message.confidence, escalated=message.escalated,
                   latency_ms=message.latency_ms,
                   tool_calls=[{"name": t.tool, "arguments": t.arguments, "duration_ms": t.duration_ms,
                                "error": t.error or None, "result_summary": t.result_summary}
                               for t in message.tool_calls.all()])
    return out


def conversation_detail(*, user, conversation_id: int) -> dict:
    conversation = (Conversation.objects.filter(pk=conversation_id, user=user)
                    .prefetch_related(Prefetch("messages", queryset=Message.objects.order_by("created_at", "id")
                                               .prefetch_related(Prefetch("tool_calls", queryset=ToolCall.objects
                                                                          .order_by("position")))))
                    .first())
    if conversation is None:
        raise NotFound(f"Conversation {conversation_id} not found.")
    return {"conversation_id": conversation.pk, "title": conversation.title, "agent": conversation.agent_slug,
            "created_at": conversation.created_at.isoformat(), "updated_at": conversation.updated_at.isoformat(),
            "messages": [message_as_dict(m) for m in conversation.messages.all()]}
