"""Reads of the assistant's proposed actions: the user's own only."""
from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils import timezone

from chat.actions.kinds import action_summary
from chat.models import Message, PendingAction
from core.errors import NotFound
from core.types import AuthUser

S = PendingAction.Status


def action_present(action: PendingAction) -> dict[str, Any]:
    """The action as the API returns it and the card shows it: what it will do (or did), its status, and the
    URLs to confirm, cancel or undo it (only those that apply now)."""
    pending = action.status == S.PENDING and action.expires_at > timezone.now()
    status = S.EXPIRED if action.status == S.PENDING and not pending else action.status
    result = action.result or {}
    out: dict[str, Any] = {
        "id": action.id, "kind": action.kind, "status": str(status),
        "status_text": PendingAction.Status(status).label,
        "summary": action_summary(action.kind, action.params or {}, action.preview or {}), "count": (action.preview or {}).get("count"),
        "sample": (action.preview or {}).get("sample") or [], "params": action.params,
        "expires_at": action.expires_at.isoformat(), "created_at": action.created_at.isoformat(),
        "applied_at": action.applied_at.isoformat() if action.applied_at else None,
        "undone_at": action.undone_at.isoformat() if action.undone_at else None,
        "done": (result.get("undo") or {}).get("done") if status == S.UNDONE else result.get("done"),
        "error": action.error or None, "conversation_id": action.conversation_id, "message_id": action.message_id,
        "confirm_url": None, "cancel_url": None, "undo_url": None,
    }
    if pending:
        out["confirm_url"] = reverse("chat-api:action-confirm", args=[action.id])
        out["cancel_url"] = reverse("chat-api:action-cancel", args=[action.id])
    if status == S.APPLIED:
        out["undo_url"] = reverse("chat-api:action-undo", args=[action.id])
    return out


def pending_action_get(*, user: AuthUser, action_id: int) -> dict[str, Any]:
    action = PendingAction.objects.filter(user=user, id=action_id).first()
    if action is None:
        raise NotFound(f"Action {action_id} not found.")
    return action_present(action)


def pending_action_list(*, user: AuthUser, status: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
    rows = PendingAction.objects.filter(user=user)
    if status:
        rows = rows.filter(status=status)
    return [action_present(a) for a in rows.order_by("-created_at", "-id")[:limit]]


def actions_for_answer(*, user: AuthUser, action_ids: list[int]) -> list[dict[str, Any]]:
    """The current state of the actions an answer proposed (its card shows Confirm/Cancel, Undo, or the outcome)."""
    if not action_ids:
        return []
    rows = {a.id: a for a in PendingAction.objects.filter(user=user, id__in=action_ids)}
    return [action_present(rows[i]) for i in action_ids if i in rows]


def pending_in_conversation(*, user: AuthUser, conversation_id: int | None) -> list[PendingAction]:
    """The user's proposals still waiting for confirmation in one conversation (none without a conversation)."""
    if conversation_id is None:
        return []
    return list(PendingAction.objects.filter(user=user, conversation_id=conversation_id, status=S.PENDING,
                                             expires_at__gt=timezone.now()).order_by("id"))


def waiting_after_last_answer(*, user: AuthUser, conversation_id: int | None, before_id: int) -> list[dict[str, Any]]:
    """The proposals of the conversation's last answer before `before_id` still waiting for confirmation, oldest
    first ({id, kind, params}): what a correction such as "actually make it $16" amends."""
    if conversation_id is None:
        return []
    last = Message.objects.filter(conversation_id=conversation_id, conversation__user=user, id__lt=before_id,
                                  role=Message.Role.ASSISTANT).order_by("-id").values_list("id", flat=True).first()
    if last is None:
        return []
    rows = PendingAction.objects.filter(user=user, message_id=last, status=S.PENDING,
                                        expires_at__gt=timezone.now()).order_by("id")
    return [{"id": a.id, "kind": a.kind, "params": a.params or {}} for a in rows]
