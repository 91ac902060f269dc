"""Turns about the last money answer, for the offline router: a money measure said after it ("what about the total
for the year") is that answer's question with the turn's measure; a short turn that points back at it ("why?",
"is that a lot?") gets one question asking what it wants of the answer, never a knowledge search."""
from __future__ import annotations

import re

from chat.context import TurnContext
from chat.language import answer_language
from chat.listings import JAR_RE, SUBSCRIPTION_RE
from chat.offline.frames import (
    CONCEPT_Q_RE,
    MEASURE_WORD_RE,
    VI_CONCEPT_RE,
    asks_concept,
    names_money_measure,
    ranks_own_records,
)
from chat.offline.route_cues import APP_HOWTO_RE, HYPOTHETICAL_RE, SHOULD_RE, VI_HOWTO_RE, WHAT_HAPPENS_RE
from transactions.query import MoneyQuery
from transactions.query.grammar import find_measure, normalise
from transactions.query.lexicon import GRAMMAR_WORDS, STOPWORDS
from transactions.query.periods import find_periods

SHORT_TURN_WORDS = 6
POINTING_TURN_WORDS = 12  # a longer turn is about the last answer when it points back at it ("what did that add up to")
VAGUE_WORDS = {"thing", "things", "stuff", "bit", "part", "figure", "number", "amount", "answer"}
POINTERS = {"that", "it", "those", "them", "they", "these", "one", "ones", "other", "same", "before", "again"}
REFERS_BACK = {"that", "it", "this", "those", "them", "they", "these", "mean", "means", "meant", "why", "so", "lot",
               "same", "again", "more", "else", "do", "vay", "sao", "gi", "nay"}


def own_words(text: str) -> list[str]:
    """The words of a turn beyond function words, measures and words that point back ("how much was it": none)."""
    return [w for w in re.findall(r"[a-z0-9']+", normalise(text)) if len(w) > 2 and w not in STOPWORDS
            and w not in GRAMMAR_WORDS and w not in REFERS_BACK and w not in VAGUE_WORDS and not MEASURE_WORD_RE.search(w)]


BARE_NAME_WORDS = 7  # a name and a period, said as a question of its own
BARE_FILLER = {"over", "in", "the", "for", "during", "on", "at", "my", "and", "so", "far", "ok", "what", "about"}


def _only_name_and_period(text: str, q, ctx: TurnContext) -> bool:
    """Does the turn say nothing but one of their names and a period ("xfinity over the past 12 months?")? A word
    beside them ("has spotify gotten pricier lately") asks something else."""
    said = normalise(text)
    for _, (a, b) in find_periods(said, ctx.today):
        said = said[:a] + " " * (b - a) + said[b:]
    for link in q.links:
        said = re.sub(rf"\b{re.escape(link.mention.lower())}\b", " ", said)
    return not [w for w in re.findall(r"[a-z0-9']+", said) if w not in BARE_FILLER]


def money_measure_turn(text: str, q, ctx: TurnContext):
    """The query a turn that names a money measure asks (kind 1 of issue 21), or None: with a period ("total
    spending in may"), a ranking or count of their own things ("top 3 categories overall?"), or right after a money
    answer ("what about the total for the year") — unless it asks a concept, or names a listing of its own (jars,
    subscriptions) or a what-if. After a money answer, a turn that names nothing of its own is that answer's
    question with the turn's measure; when it changes nothing the answer says so (chat/grounding.py)."""
    after_money = bool(ctx.previous_query) and ctx.previous_family == "money"
    # "xfinity over the past 12 months?": one of their own names and a period, asking nothing else — their money
    bare = (q.merchants or q.categories or q.text) and q.period is not None and not q.unknown \
        and len(text.split()) <= BARE_NAME_WORDS and _only_name_and_period(text, q, ctx) \
        and not asks_concept(text, q, ctx.today, after_money=after_money)
    if not (names_money_measure(text) or bare) or asks_concept(text, q, ctx.today, after_money=after_money) \
            or SUBSCRIPTION_RE.search(text) or JAR_RE.search(text) or HYPOTHETICAL_RE.search(text) \
            or WHAT_HAPPENS_RE.search(text) or SHOULD_RE.search(text):
        return None
    own = q.has_filters or q.unknown or q.period is not None or find_periods(normalise(text), ctx.today)
    if own and (q.period is not None or q.merchants or q.categories or q.text):
        return q
    if ranks_own_records(text):
        return q
    if not after_money or len(text.split()) > POINTING_TURN_WORDS:
        return None
    if own_words(text):
        return None  # "what's the average credit card APR" names a topic of its own, not the last answer's
    lean = MoneyQuery.from_dict(ctx.previous_query)
    measure, _ = find_measure(normalise(text))
    if measure and measure != "compare":
        lean.measure = measure
    lean.followup = True
    return lean


def leans_on_last_answer(text: str) -> bool:
    """A short turn that asks no concept of its own ("why?", "is that a lot?", "break it down"), or a longer one
    that points back at the answer ("and what did all of that come to"): it is about the last answer. A concept
    question names a term beyond words that point back ("what is an index fund?")."""
    words = re.findall(r"[a-z0-9']+", normalise(text))
    if not words or len(words) > POINTING_TURN_WORDS or (len(words) > SHORT_TURN_WORDS and not POINTERS & set(words)):
        return False
    asks = CONCEPT_Q_RE.search(text) or VI_CONCEPT_RE.search(text) or APP_HOWTO_RE.search(text) or \
        VI_HOWTO_RE.search(text)
    terms = [w for w in words if w not in STOPWORDS and w not in REFERS_BACK and len(w) > 2]
    if len(words) > SHORT_TURN_WORDS:  # a longer turn leans on the answer only with nothing of its own to ask about
        return not [w for w in terms if w not in GRAMMAR_WORDS and w not in VAGUE_WORDS]
    return not (asks and terms)


def ask_about_last_answer(text: str, ctx: TurnContext) -> None:
    vi = answer_language(text, ctx.ui_language) == "vi"
    last = MoneyQuery.from_dict(ctx.previous_query)
    # its names only: a period's year would read as a figure no tool gave
    about = ", ".join([*last.merchants, *last.categories, *last.text]) or ("tiền của bạn" if vi else "your money")
    question = (f"Bạn muốn biết gì thêm về câu trả lời vừa rồi ({about})? Ví dụ: “liệt kê ra”, “mỗi tuần bao "
                f"nhiêu?”, “tháng trước đó”." if vi else
                f"What would you like to know about the last answer ({about})? For example “list them”, "
                f"“per week?”, “and before that?” or “by merchant”.")
    ctx.clarify = {"word": text.strip(), "question": question, "choices": [], "ask_only": True}


# a turn that only points back at an answer ("how many was that", "list them", "and per week?", "mấy lần?")
POINTING_RE = re.compile(r"\b(?:that|those|them|these|it|em|they)\b|\b(?:do|nay|ay)\b|^\s*(?:and|so|what about)\b")
LISTING_VERB_RE = re.compile(r"\b(?:list|show|which ones|what were|liet ke|per (?:day|week|month)|a (?:week|month))\b")


def points_at_nothing(text: str, q, ctx: TurnContext) -> bool:
    """A short turn that only points back at an answer ("how many was that?", "list them") that opens a conversation:
    what it points at cannot be found. It asks what the user means (never a knowledge search,
    never a figure of everything)."""
    if ctx.previous_query or ctx.previous_asked or len(text.split()) > SHORT_TURN_WORDS or own_words(text):
        return False
    plain = normalise(text)
    if not POINTING_RE.search(plain) or q.has_filters or q.period is not None or q.unknown:
        return False
    if not (names_money_measure(text) or LISTING_VERB_RE.search(plain)):
        return False
    vi = answer_language(text, ctx.ui_language) == "vi"
    question = ("Trong cuộc trò chuyện này chưa có câu trả lời nào về tiền để “đó” chỉ tới. Bạn muốn tôi tính gì, ví "
                "dụ “tháng trước tôi tiêu bao nhiêu ở Starbucks?”" if vi else
                "There's no earlier answer in this conversation for that to point to. What would you like me to count "
                "or list — for example “how much did I spend at Starbucks last month?”")
    ctx.clarify = {"word": text.strip(), "question": question, "choices": [], "ask_only": True}
    return True
