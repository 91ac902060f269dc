"""Chat reads: a user's own conversations and messages only."""
from __future__ import annotations

from typing import Any

from django.db.models import Count, Exists, OuterRef, Prefetch, Q

from chat.models import Conversation, Message, ToolCall
from core.errors import DomainError, NotFound
from core.types import AuthUser

MAX_SEARCH_CHARS = 200


def conversation_list(*, user: AuthUser, q: str = "") -> list[dict[str, Any]]:
    """The user's conversations, newest first; `q` keeps those whose title or any message contains it."""
    q = (q or "").strip()
    if len(q) > MAX_SEARCH_CHARS:
        raise DomainError(f"q: search for at most {MAX_SEARCH_CHARS} characters (got {len(q)}).")
    rows = Conversation.objects.filter(user=user)
    if q:
        matching = Message.objects.filter(conversation=OuterRef("pk"), content__icontains=q)
        rows = rows.filter(Q(title__icontains=q) | Exists(matching))
    rows = (rows.annotate(message_count=Count("messages"),
                          unread_replies=Count("messages", filter=Q(messages__role=Message.Role.STAFF,
                                                                    messages__read_at__isnull=True)))
            .order_by("-updated_at", "-id"))
    return [{"conversation_id": c.pk, "title": c.title, "agent": c.agent_slug, "message_count": c.message_count,
             "unread_replies": c.unread_replies,
             "created_at": c.created_at.isoformat(), "updated_at": c.updated_at.isoformat()} for c in rows]


def escalation_replies_unread(*, user: AuthUser) -> list[dict[str, Any]]:
    """Replies from the Moneta team to this user's escalated questions that they have not read yet, newest first."""
    rows = (Message.objects.filter(conversation__user=user, role=Message.Role.STAFF, read_at__isnull=True)
            .select_related("conversation").order_by("-created_at", "-id"))
    return [{"message_id": m.pk, "conversation_id": m.conversation_id,
             "conversation_title": m.conversation.title or f"Conversation {m.conversation_id}",
             "escalation_id": m.reply_to_id, "excerpt": m.content[:160], "created_at": m.created_at.isoformat()}
            for m in rows]


def message_as_dict(message: Message) -> dict[str, Any]:
    out = {"message_id": message.pk, "role": message.role, "content": message.content,
           "created_at": message.created_at.isoformat()}
    if message.role == Message.Role.STAFF:
        out.update(from_team=True, escalation_id=message.reply_to_id,
                   read_at=message.read_at.isoformat() if message.read_at else None)
    if message.role == Message.Role.ASSISTANT:
        answer = dict(message.answer or {})
        answer["message_id"] = message.pk
        out.update(answer=answer, confidence=message.confidence, escalated=message.escalated,
                   latency_ms=message.latency_ms,
                   tool_calls=[{"name": t.tool, "arguments": t.arguments, "duration_ms": t.duration_ms,
                                "error": t.error or None, "result_summary": t.result_summary}
                               for t in message.tool_calls.all()])
    return out


def conversation_detail(*, user: AuthUser, conversation_id: int) -> dict[str, Any]:
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
