"""The typed context of one chat turn, owned by the chat service (chat/turn.py builds it in `turn_understand`).

It carries what the turn knows beyond the message: the user's own names (the vocabulary the parser links
against), the conversation state (the last money query and what its answer showed), the corpora, today, and
what understanding found. The offline model, the tools and the confidence checks all read this one object; the
LLM path uses the same vocabulary for its tool arguments and checks, and builds nothing of the offline model's.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import date
from typing import Any, NamedTuple

import numpy as np

from chat.models import Message
from core.embeddings import EMBEDDING_DIM, embed_texts, single_thread_inference
from transactions.query import MoneyQuery, Vocab, money_query_parse
from transactions.query.corrections import corrections_applied


class _Embedder:
    """Embeddings with a small in-process cache for short repeated texts (category and merchant names, words)."""

    def __init__(self) -> None:
        self._cache: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()

    def __call__(self, texts: list[str]) -> np.ndarray:
        fresh = [t for t in dict.fromkeys(texts) if t not in self._cache]
        computed = {}
        if fresh:
            # a few words: latency-bound, one torch thread (the checks after the tool loop embed too, outside the
            # loop's own single-thread block; two threads on a busy machine made each call 0.4 s instead of 0.02 s)
            with single_thread_inference():
                computed = dict(zip(fresh, embed_texts(fresh), strict=True))
        with self._lock:
            for t, v in computed.items():
                if len(t.split()) <= 3 and len(self._cache) < 20000:
                    self._cache[t] = v
        out = [self._cache[t] if t in self._cache else computed[t] for t in texts]
        return np.vstack(out) if out else np.zeros((0, EMBEDDING_DIM), dtype=np.float32)


embed = _Embedder()


@dataclass(frozen=True)
class RouterReading:
    """The offline router's two readings of a question, kept for the confidence checks (chat/answer_fit.py,
    chat/subject_kept.py): the nearest labelled exemplars' intent, its score and family, and the grammar's route."""

    intent: str
    score: float
    family: str | None
    route: str


@dataclass
class TurnContext:
    """One turn's context. `previous_query`/`previous_result`: the last money answer's query and what it showed
    (items listed, periods compared, ranking, figure) — the state follow-ups refer to; `earlier_query`: the one
    before it. `understood`/`reading` are filled by understanding (the query and the account of every word)."""

    categories: list[str] = field(default_factory=list)
    merchants: list[str] = field(default_factory=list)
    enabled_tools: list[str] = field(default_factory=list)
    corpus_order: list[str] = field(default_factory=list)
    today: date = field(default_factory=date.today)
    timings: dict[str, Any] = field(default_factory=dict)
    vocab: Any = None  # transactions.query.Vocab of the user
    previous_query: dict[str, Any] | None = None
    previous_result: dict[str, Any] | None = None
    earlier_query: dict[str, Any] | None = None
    previous_family: str | None = None  # the very last answer: "money" (the state is its own) | "other" | None
    understood: dict[str, Any] | None = None  # the money query of this turn
    reading: dict[str, Any] | None = None  # the account of the question's words (transactions.query.Reading)
    clarify: dict[str, Any] | None = None  # a clarifying question with choices, when one was asked
    balances: bool = False  # the user's accounts carry opening balances: balances and net worth are known
    ui_language: str = ""  # the person's UI language ("vi", "en"): the answer's when the question has none
    previous_confidence: float | None = None  # the confidence of the answer the state comes from
    corrections: list[dict[str, Any]] = field(default_factory=list)  # the turn's corrections of itself, as said
    own_reading: Any = None  # the turn's reading with no conversation before it (chat/followup_doubt.py)
    doubt_inherited: list[str] = field(default_factory=list)  # doubted parts of the last answer this turn keeps
    previous_asked: str = ""  # the user's message before this one ("how do jars work?" before "make me one for rent")
    row_unmatched: str = ""  # the word naming a row of the last answer that none of its rows has ("the flight one")
    # words of the question the composed answer says it did not understand and leaves out (the offline composer's
    # note, chat/offline/money_answer.py): the turn is not wholly understood (chat/turn_check_said.py)
    left_out: list[str] = field(default_factory=list)
    period_note: str = ""  # the dates used for a period with two readings (chat/period_readings.py), said in the answer
    # the changes the very last answer proposed that still wait for confirmation ({id, kind, params}): "actually make it
    # $16" amends the last of them (chat/actions/amend.py)
    waiting: list[dict[str, Any]] = field(default_factory=list)
    recurring: list[str] = field(default_factory=list)  # merchants of their recurring charges ("what am I paying for X")
    routed: RouterReading | None = None  # the offline router's readings of the question (None on the LLM path)


STATE_LOOKBACK = 3  # answers back to look for the conversation's last money answer


class ConversationState(NamedTuple):
    previous: dict[str, Any] | None  # the last money answer's query
    earlier: dict[str, Any] | None  # the one before it
    shown: dict[str, Any] | None  # what the last money answer showed
    family: str | None  # the very last answer: "money" | "other" | None
    confidence: float | None  # the last money answer's confidence


def conversation_state(conversation: Any, before_id: int | None = None) -> ConversationState:
    """Conversation state: the money queries of the last two money answers (a knowledge answer in between does not
    end it: "top 3 categories" → "is that normal?" → "and last year?"), what the last one showed, and whether the
    very last answer was about money ("money") or something else ("other"). `before_id`: answers before that
    message only (all of them when None: a tool reading the state of the turn it runs in)."""
    answers = conversation.messages.filter(role=Message.Role.ASSISTANT)
    if before_id is not None:
        answers = answers.filter(id__lt=before_id)
    recent = list(answers.order_by("-id")[:STATE_LOOKBACK])
    money = [m for m in recent if (m.answer or {}).get("understood")]
    found = [(m.answer or {}).get("understood") for m in money[:2]] + [None, None]
    shown = (money[0].answer or {}).get("shown") if money else None
    family = None if not recent else "money" if money and money[0].pk == recent[0].pk else "other"
    return ConversationState(found[0], found[1], shown, family, money[0].confidence if money else None)


def last_asked(conversation: Any, before_id: int) -> str:
    """The user's message before `before_id` in the conversation ("" when there is none)."""
    last = conversation.messages.filter(role=Message.Role.USER, id__lt=before_id).order_by("-id").first()
    return last.content if last is not None else ""


def conversation_language(conversation: Any, before_id: int, *, language_of: Any, back: int = 6) -> str | None:
    """The language the conversation goes on in: that of the user's latest message showing one ("vi", "en"), looked
    for over the last few; a turn with none of its own ("hai cái cộng lại", "con muc thu hai?") keeps it, so a chain
    of such follow-ups stays in the language the conversation began in."""
    rows = conversation.messages.filter(role=Message.Role.USER, id__lt=before_id).order_by("-id")[:back]
    return next((lang for m in rows if (lang := language_of(m.content or ""))), None)


def understand(text: str, ctx: TurnContext) -> MoneyQuery:
    """The money reading of a question (and of the conversation so far), by the one parser. The offline router,
    the offline action reader and the action fit check all read a question this way."""
    previous = MoneyQuery.from_dict(ctx.previous_query) if ctx.previous_query else None
    earlier = MoneyQuery.from_dict(ctx.earlier_query) if ctx.earlier_query else None
    if ctx.vocab is None:
        ctx.vocab = Vocab(merchants=list(ctx.merchants), categories={c: "expense" for c in ctx.categories})
    return money_query_parse(text, vocab=ctx.vocab, today=ctx.today, previous=previous, earlier=earlier,
                             shown=ctx.previous_result)


def turn_corrected(text: str, ctx: TurnContext) -> str:
    """The question with the corrections it makes of itself applied ("starbucks, sorry, blue bottle", "600 no wait
    make it 700": transactions/query/corrections.py), so the router, the requests to act and the checks all read
    what was meant; the corrections are kept on the context for the answer and its confidence."""
    if ctx.vocab is None:
        return text
    bare = TurnContext(vocab=ctx.vocab, today=ctx.today)
    corrected, found = corrections_applied(text, today=ctx.today, read=lambda piece: understand(piece, bare))
    ctx.corrections = [c.as_dict() for c in found]
    return corrected
