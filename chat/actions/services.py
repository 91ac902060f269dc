"""Writes for the assistant's proposed actions: propose (store a PendingAction, change nothing), confirm
(apply it through the transactions services), cancel, undo. Every function takes `user=`; another user's
action is indistinguishable from none (NotFound).

Confirm and undo claim the row with a conditional UPDATE on `status` first, so a double click or two tabs
never apply (or undo) an action twice."""
from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from chat.actions.amend import NotAmendable, amended_raw
from chat.actions.kinds import KINDS
from chat.models import Message, PendingAction
from core.errors import DomainError, NotFound
from core.types import AuthUser

log = logging.getLogger(__name__)
EXPIRY = timedelta(hours=24)
S = PendingAction.Status


def pending_action_propose(*, user: AuthUser, kind: str, params: dict[str, Any]) -> PendingAction:
    """Validate a proposed change against the user's data and store it, pending. Nothing else is written."""
    if kind not in KINDS:
        raise DomainError(f"kind: unknown action {kind!r}; one of {', '.join(KINDS)}.", code="validation_error")
    clean, preview = KINDS[kind].prepare(user, params or {})
    return PendingAction.objects.create(user=user, kind=kind, params=clean, preview=preview,
                                        expires_at=timezone.now() + EXPIRY)


def _owned(user: AuthUser, action_id: int) -> PendingAction:
    action = PendingAction.objects.filter(user=user, id=action_id).first()
    if action is None:
        raise NotFound(f"Action {action_id} not found.")
    return action


def _claim(user: AuthUser, action_id: int, *, from_status: str, to_status: str) -> PendingAction:
    """Move the action from one status to another only if it is still in `from_status` (one row changes);
    otherwise say in words why it can't."""
    action = _owned(user, action_id)
    if action.status == S.PENDING and from_status == S.PENDING and action.expires_at <= timezone.now():
        PendingAction.objects.filter(id=action.id, status=S.PENDING).update(status=S.EXPIRED)
        raise DomainError("This proposal expired; ask again and Moneta will propose it afresh.", code="expired")
    changed = PendingAction.objects.filter(id=action.id, user=user, status=from_status).update(status=to_status)
    if not changed:
        action.refresh_from_db()
        raise DomainError(f"This action is {action.get_status_display().lower()}; it can't be "
                          f"{'confirmed' if from_status == S.PENDING else 'undone'} now.", code="conflict",
                          status_code=409)
    action.status = to_status
    return action


def pending_action_confirm(*, user: AuthUser, action_id: int) -> PendingAction:
    """The user confirmed: apply the change. On a validation error (the world changed since the proposal)
    the action is marked failed with the reason and nothing is half-written."""
    action = _claim(user, action_id, from_status=S.PENDING, to_status=S.APPLYING)
    try:
        with transaction.atomic():
            result = KINDS[action.kind].apply(user, action.params)
            action.result = result
            action.status = S.APPLIED
            action.applied_at = timezone.now()
            action.error = ""
            action.save(update_fields=["result", "status", "applied_at", "error"])
    except DomainError as exc:
        PendingAction.objects.filter(id=action.id).update(status=S.FAILED, error=exc.message)
        action.status, action.error = S.FAILED, exc.message
        raise DomainError(f"Not applied: {exc.message}", code=exc.code, details=exc.details)
    except Exception:
        PendingAction.objects.filter(id=action.id).update(status=S.PENDING)  # nothing was written: try again
        log.exception("applying action %s failed", action.id)
        raise
    return action


def pending_action_cancel(*, user: AuthUser, action_id: int) -> PendingAction:
    return _claim(user, action_id, from_status=S.PENDING, to_status=S.CANCELLED)


def pending_action_amend(*, user: AuthUser, action_id: int, changes: dict[str, Any]) -> tuple[PendingAction,
                                                                                           PendingAction]:
    """A waiting proposal changed as the user corrected it ("actually make it $16"): the old one is cancelled and
    the same kind is proposed again with the change, validated afresh, in the same conversation; nothing is applied.
    Returns (new, old). Both happen or neither: a change that doesn't validate leaves the old proposal waiting."""
    old = _owned(user, action_id)
    if old.status != S.PENDING or old.expires_at <= timezone.now():
        state = "applied" if old.status == S.APPLIED else old.get_status_display().lower() \
            if old.status != S.PENDING else "expired"
        steps = " Press **Undo** on its card, then ask again with the change." if old.status == S.APPLIED else \
            " Ask again with the change and Moneta will propose it afresh."
        raise DomainError(f"That proposal is {state} already, so it can't be changed.{steps}", code="conflict")
    try:
        raw = amended_raw(old.kind, old.params or {}, changes)
    except NotAmendable as exc:
        raise DomainError(str(exc), code="validation_error")
    with transaction.atomic():
        old = _claim(user, action_id, from_status=S.PENDING, to_status=S.CANCELLED)
        new = pending_action_propose(user=user, kind=old.kind, params=raw)  # a DomainError rolls the cancel back
        if old.conversation_id:
            new.conversation_id = old.conversation_id
            new.save(update_fields=["conversation"])
    return new, old


def pending_action_undo(*, user: AuthUser, action_id: int) -> PendingAction:
    """Put back what a confirmed action changed (its stored result says what)."""
    action = _claim(user, action_id, from_status=S.APPLIED, to_status=S.APPLYING)
    try:
        with transaction.atomic():
            undone = KINDS[action.kind].undo(user, action.params, action.result or {})
            action.result = {**(action.result or {}), "undo": undone}
            action.status = S.UNDONE
            action.undone_at = timezone.now()
            action.save(update_fields=["result", "status", "undone_at"])
    except Exception as exc:
        PendingAction.objects.filter(id=action.id).update(status=S.APPLIED)
        if isinstance(exc, DomainError):
            raise DomainError(f"Not undone: {exc.message}", code=exc.code)
        raise
    return action


def pending_actions_attach(*, user: AuthUser, action_ids: list[int], message: Message) -> int:
    """Link the actions proposed during a turn to the answer that shows them (called when the turn is stored)."""
    if not action_ids:
        return 0
    return PendingAction.objects.filter(user=user, id__in=action_ids, message__isnull=True).update(
        message=message, conversation_id=message.conversation_id)

