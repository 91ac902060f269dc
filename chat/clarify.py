"""Clarifying questions in the chat: the turn asks one (with up to three choices) when a word that could change
the answer was not settled by understanding (transactions.query.clarify), and the next turn can pick a choice.

- Offline, the router finds it while reading the question (`ctx.clarify`); when the reading would answer a
  figure for things the user may not have meant (a nickname fitting two of their merchants) no tool runs and the
  answer is the question. On the LLM path the question is read by the same parser after the tool loop and the
  choices are attached to the model's answer.
- A turn with a clarification is below the confident threshold but never escalated: it is a question to the
  user, not an answer for the team to check.
- Picking: `chat_turn(choice=value)` (API `choice`, the web buttons) or typing a choice's label as the next
  message. The pick teaches the user's alias table (`transactions.services.alias_learn`) and the question that
  was asked is answered again with the choice applied.
- Correcting: "no, I meant Wells Fargo" right after a money answer that read a word loosely or not at all teaches
  the same table and answers the last question again.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from chat.assistant import MONEY_TOOLS, TurnRecorder
from chat.context import TurnContext
from chat.language import answer_language
from chat.models import Conversation, Message
from chat.subject_kept import CLAUSE_SPLIT_RE, NEGATION_BEFORE_RE
from core.errors import DomainError
from core.types import AuthUser
from transactions.query import MoneyQuery, money_query_parse, query_vocab
from transactions.query.clarify import choice_parse, clarification_for
from transactions.query.grammar import normalise
from transactions.services import alias_learn

CLARIFY_CONFIDENCE = 0.35  # below the default escalation threshold (0.4): never "confident"


def turn_clarification(*, text: str, ctx: TurnContext, recorder: TurnRecorder, provider: str) -> dict[str, Any] | None:
    """The clarifying question of this turn, if one is needed: the router's (offline), else the same parser's
    reading of the question when a language model ran money tools."""
    if ctx.clarify:
        return {**ctx.clarify, "for_question": text}
    if provider == "offline" or ctx.vocab is None or not any(r.name in MONEY_TOOLS for r in recorder.tool_records):
        return None
    previous = MoneyQuery.from_dict(ctx.previous_query) if ctx.previous_query else None
    q = money_query_parse(text, vocab=ctx.vocab, today=ctx.today, previous=previous, shown=ctx.previous_result)
    found = clarification_for(q, ctx.vocab, language=answer_language(text, ctx.ui_language))
    return {**found.as_dict(), "for_question": text} if found else None


def clarification_check(score: float, reasons: list[str], clarification: dict[str, Any] | None) -> float:
    """A turn that asks the user something is not a confident answer (the reasons say what was asked)."""
    if not clarification:
        return score
    labels = [c["label"] for c in clarification.get("choices") or []]
    reasons.append(f"asked the user what “{clarification.get('word')}” means ({', '.join(labels)})" if labels
                   else "asked the user what they meant")
    return round(min(score, CLARIFY_CONFIDENCE), 3)


@dataclass
class Pick:
    """A choice picked from the last answer's clarifying question."""

    label: str  # shown as the user's message
    question: str  # the question that is answered again
    state_before_id: int  # conversation state: the answers before the clarifying one


def _open_clarification(conversation: Conversation) -> tuple[Message, dict[str, Any]] | None:
    last = conversation.messages.filter(role=Message.Role.ASSISTANT).order_by("-id").first()
    clarification = (last.answer or {}).get("clarification") if last is not None else None
    if last is None or not isinstance(clarification, dict) or not clarification.get("choices"):
        return None
    after = conversation.messages.filter(id__gt=last.pk).exists()
    return None if after else (last, clarification)


def clarification_pick(*, user: AuthUser, conversation: Conversation, choice: str | None, text: str) -> Pick | None:
    """The pick this turn makes: `choice` (a choice's value; an unknown value is an error) or a message that is
    exactly one of the open question's choices. Learns the alias for this user only."""
    open_ = _open_clarification(conversation)
    if choice is not None:
        if open_ is None:
            raise DomainError("choice: the last answer in this conversation asked no question to choose from.",
                              code="validation_error")
        picked = next((c for c in open_[1]["choices"] if c.get("value") == choice), None)
        if picked is None:
            values = ", ".join(repr(c.get("value")) for c in open_[1]["choices"])
            raise DomainError(f"choice: {choice!r} is not one of the choices offered ({values}).",
                              code="validation_error")
    else:
        said = " ".join(text.lower().split()).strip(" .!?")
        picked = next((c for c in (open_[1]["choices"] if open_ else [])
                       if said in (c.get("label", "").lower(), c.get("name", "").lower())), None)
        if picked is None and open_ is not None:  # "the rides I mean, not the food": the choice by its kind
            picked = _described_choice(text, open_[1]["choices"], query_vocab(user=user))
        if picked is None:
            return None
    assert open_ is not None
    message, clarification = open_
    parsed = choice_parse(picked["value"])
    if parsed is None:
        raise DomainError(f"choice: {picked['value']!r} is not a choice Moneta can apply.")
    alias_learn(user=user, word=clarification["word"], kind=parsed[0], name=parsed[1],
                question=clarification.get("for_question") or "")
    return Pick(label=picked["label"], question=clarification.get("for_question") or text,
                state_before_id=message.pk)


def _described_choice(text: str, choices: list[dict], vocab) -> dict | None:
    """The one choice a reply describes by what it is rather than by its name ("the food one", "the rides I mean, not
    the food" for Uber or Uber Eats): a name or kind of spending the reply says (a merchant choice is of its usual
    category) picks the choices it covers, one it says after a negation ("not the food") rules them out. None unless
    exactly one choice is left."""
    q = money_query_parse(text, vocab=vocab, today=timezone.localdate())
    clauses = [c for c in CLAUSE_SPLIT_RE.split(normalise(text)) if c and c.strip()]
    wanted: set[str] = set()
    denied: set[str] = set()
    for link in q.links:
        mention = re.compile(rf"(?<!\w){re.escape(normalise(link.mention).strip())}(?!\w)")
        places = [(c, m) for c in clauses for m in mention.finditer(c)]
        negated = link.negated or bool(places) and all(NEGATION_BEFORE_RE.search(c[:m.start()]) for c, m in places)
        (denied if negated else wanted).update(link.names)

    def covered(choice: dict, names: set[str]) -> bool:
        return choice.get("name") in names or (choice.get("kind") == "merchant"
                                               and vocab.merchant_category.get(choice.get("name")) in names)

    left = [c for c in choices if not covered(c, denied) and (not wanted or covered(c, wanted))]
    return left[0] if (wanted or denied) and len(left) == 1 else None


CORRECTION_RE = re.compile(r"^\s*(?:(?:no|nope|not that|wrong|sorry)\b[\s,.!]*)?(?:i meant|i mean|i was asking about|"
                           r"i was talking about|ý tôi là|y toi la|ý mình là)\s+(?:the\s+)?(?P<name>.+?)[\s.!?]*$",
                           re.I)
LOOSE_LINKS = ("initials", "nickname", "prefix", "spelling", "meaning")


def correction_pick(*, user: AuthUser, conversation: Conversation, text: str) -> Pick | None:
    """"no, I meant Wells Fargo" right after a money answer that read a word loosely (initials, a nickname, a
    spelling, by meaning) or not at all: that word now means the thing named — learned for this user — and the last
    question is answered again. None when the turn is not such a correction or names nothing of theirs."""
    said = CORRECTION_RE.match(text or "")
    last = conversation.messages.order_by("-id").first()
    if said is None or last is None or last.role != Message.Role.ASSISTANT:
        return None
    account = (last.answer or {}).get("understanding") or {}  # how each word of that question was read
    loose = [w.get("mention") or w["word"] for w in account.get("words") or []
             if w.get("how") in LOOSE_LINKS and w.get("role") in ("merchant", "category")]
    words = list(dict.fromkeys(loose)) or list(account.get("not_understood") or [])
    asked = conversation.messages.filter(role=Message.Role.USER, id__lt=last.pk).order_by("-id").first()
    if not words or asked is None:
        return None
    vocab = query_vocab(user=user)
    named = money_query_parse(said.group("name"), vocab=vocab, today=timezone.localdate())
    targets = [(link.kind, name) for link in named.links if link.kind in ("merchant", "category") and not link.negated
               for name in link.names]
    if not targets:  # the words of one of their merchant names ("the good plate" for "The Good Plate Restaurant")
        wanted = " ".join(said.group("name").lower().split())
        targets = [("merchant", m) for m in vocab.merchants if len(wanted) >= 4 and wanted in m.lower()]
    if len(targets) != 1:
        return None  # several or none of theirs: an ordinary turn answers it
    kind, name = targets[0]
    alias_learn(user=user, word=words[0], kind=kind, name=name, question=asked.content)
    return Pick(label=text.strip(), question=asked.content, state_before_id=last.pk)
