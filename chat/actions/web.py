"""The confirmation card on the chat page: Confirm / Cancel while pending, Undo once applied. The buttons
post here (htmx swaps the card; without JavaScript the page reloads at the answer)."""
from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from chat.actions import services
from chat.actions.selectors import action_present
from chat.models import PendingAction
from core.errors import DomainError, NotFound

STEPS = {"confirm": services.pending_action_confirm, "cancel": services.pending_action_cancel,
         "undo": services.pending_action_undo}


def actions_for_conversation(answer: dict[str, Any]) -> list[dict[str, Any]]:
    """The current state of the actions an answer proposed. The answer is from a conversation its reader owns
    (their own turn, or conversation_detail for them), so the conversation scopes the lookup."""
    ids = [int(a["id"]) for a in answer.get("pending_actions") or [] if isinstance(a, dict) and a.get("id")]
    if not ids or not answer.get("conversation_id"):
        return []
    rows = {a.id: a for a in PendingAction.objects.filter(id__in=ids, conversation_id=answer["conversation_id"])}
    return [action_present(rows[i]) for i in ids if i in rows]


@login_required
@require_POST
def action_step(request, action_id: int, step: str):
    if step not in STEPS:
        raise Http404("No such step.")
    error = None
    try:
        action = STEPS[step](user=request.user, action_id=action_id)
    except NotFound:
        raise Http404("No such action.")
    except DomainError as exc:
        error = exc.message
        found = PendingAction.objects.filter(user=request.user, id=action_id).first()
        if found is None:
            raise Http404("No such action.")
        action = found
    shown = action_present(action)
    if request.htmx:
        return render(request, "web/chat/_action_card.html", {"action": shown, "action_error": error})
    if error:
        messages.error(request, error)
    else:
        messages.success(request, shown.get("done") or shown["status_text"])
    if action.conversation_id:
        return redirect(reverse("web-chat-conversation", args=[action.conversation_id])
                        + (f"#m-{action.message_id}" if action.message_id else ""))
    return redirect(reverse("web-chat"))
