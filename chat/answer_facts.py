"""Which chat answers become knowledge (issue 15); knowledge/answers.py stores them.

An assistant answer is kept as an answer fact when it cited facts, was not escalated, its confidence reached its
assistant's threshold, and the user rated it helpful (feedback +1) or an editor approved it in admin. It goes
into the asker's private corpus only. A -1 from the user takes a user-rated answer back out; an editor's
approval stands until an editor retires it.
"""
from __future__ import annotations

import logging

from chat.models import AgentConfig, Feedback, Message
from core.errors import DomainError
from knowledge.answers import answer_fact_retire, answer_fact_save
from knowledge.models import AnswerFact

log = logging.getLogger(__name__)


def answer_fact_problems(*, message: Message) -> list[str]:
    """Why this message may not become an answer fact (empty when it may)."""
    problems = []
    answer = message.answer or {}
    if message.role != Message.Role.ASSISTANT:
        problems.append("only assistant answers can be kept")
    if not answer.get("citations"):
        problems.append("the answer cites no facts")
    if message.escalated or answer.get("escalated"):
        problems.append("the answer was escalated")
    if message.error or answer.get("error") or answer.get("partial"):
        problems.append("the answer was incomplete")
    config = AgentConfig.objects.filter(slug=message.agent_slug).first()
    threshold = config.confidence_threshold if config else AgentConfig._meta.get_field("confidence_threshold").default
    if message.confidence is None or message.confidence < threshold:
        problems.append(f"confidence {message.confidence} is below the threshold {threshold}")
    return problems


def answer_fact_from_message(*, message: Message, approved_by=None, rated_helpful: bool = False) -> AnswerFact:
    problems = answer_fact_problems(message=message)
    if problems:
        raise DomainError(f"Not kept as an answer fact: {'; '.join(problems)}.", code="answer_not_eligible")
    question = (message.conversation.messages.filter(id__lt=message.id, role=Message.Role.USER)
                .order_by("-id").values_list("content", flat=True).first())
    return answer_fact_save(owner=message.conversation.user, question=question or "", answer=message.content,
                            sources=message.answer.get("citations") or [], source_message_id=message.pk,
                            rated_helpful=rated_helpful, approved_by=approved_by)


def answer_fact_on_feedback(*, feedback: Feedback) -> AnswerFact | None:
    """A rating's effect on knowledge: +1 keeps an eligible answer, -1 retires one only the user had kept."""
    message = feedback.message
    if feedback.rating > 0:
        try:
            return answer_fact_from_message(message=message, rated_helpful=True)
        except DomainError as exc:
            log.info("message %s rated helpful but not kept: %s", message.pk, exc.message)
            return None
    kept = AnswerFact.objects.filter(source_message_id=message.pk, status=AnswerFact.Status.ACTIVE).first()
    if kept is not None and kept.approved_by_id is None:
        return answer_fact_retire(answer_fact_id=kept.pk, reason="the user rated the answer not helpful")
    return kept
