"""Escalations to a person and feedback on answers: assign, reply, resolve, reopen from "not helpful", mark
replies read, and rate an answer."""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from chat.answer_facts import answer_fact_on_feedback
from chat.models import Conversation, Escalation, Feedback, Message
from core.errors import DomainError, NotFound
from core.types import AuthUser


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
    if len(text) > Message.MAX_CHARS:
        raise DomainError(f"reply: at most {Message.MAX_CHARS} characters (got {len(text)}).")
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

    answer_fact_on_feedback(feedback=feedback)  # a helpful, cited, confident answer becomes an answer fact
    return feedback
