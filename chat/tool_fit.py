"""Which words of a question the tools that ran account for, beside the money query's own account of them
(chat/answer_fit.py reads both).

- Arithmetic over their figures (chat/affordability.py, chat/goals.py) covers names of its own: pay kept and
  affordability count all of their money in, so "how much of my salary did I keep" names their payroll and is
  answered by that arithmetic, not by a query over the payroll merchant; a goal saved from a spending figure counts
  the merchants and categories it was told.
- A kind of business ("the gym", "streaming") linked to several of their merchants is a guess at which ones were
  meant: the answer must name each, or it is medium confidence at most (`KIND_PENALTY`).
- Words of asking and of the answer's form ("kindly provide the numbers for …") are function words: they change
  nothing in the answer, so leaving them unplaced is not a word that was not understood.
"""
from __future__ import annotations

import json
import re
from typing import Any

from chat.actions.tools import ACTION_TOOLS
from chat.affordability import REASONING_TOOLS
from chat.assistant import KNOWLEDGE_TOOLS, TurnRecorder
from transactions.query import MoneyQuery, money_query_parse, strip_accents
from transactions.query.closed_words import closed_word, without_set_phrases

REASONING_PENALTY = 0.6
KIND_PENALTY = 0.35
DIRECTION_PENALTY = 0.6  # 0.95 − 0.6 < 0.4  # several merchants of one kind added up, not all named: medium at most
AMOUNT_RE = re.compile(r"[$€£]\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(k\b)?|\b(\d+(?:\.\d+)?)(k)\b", re.I)
PAST_FIGURE_RE = re.compile(r"\b(?:how much (?:(?:did|have) i (?:spend|spent|pay|paid)|went out|was spent|has it cost)|"
                            r"what did i (?:spend|pay))\b")
# words that ask (please, kindly, provide, pull up), correct the last turn ("no sorry, I meant Chevron") or name the
# answer as such (the numbers, the figures) rather than what it is about
FUNCTION_WORDS = frozenset("""please pls plz kindly thanks thank thx cheers provide give gimme show tell pull fetch
send display hey quick quickly numbers figure figures stat stats statistic statistics data info
information detail details sorry oops meant""".split())  # not "total", "list", "breakdown": they set what the answer is
# words of talk around a question — greetings and courtesies ("good morning", "if it's not too much trouble", "bless
# him"), saying and thinking ("Harold thinks", "I suspect", "as he calls it"), contractions and fillers ("we've never
# quite known") — change nothing in the figure asked for. Not "it", "them", "they": those point at what is counted. Never a noun a purchase could be about: a word the question
# spends money on is read as the subject (unknown), not left over, so it never reaches this list.
TALK_WORDS = frozenset("""good morning afternoon evening hello hi hiya trouble bless naturally honestly frankly
think thinks thought suppose guess imagine reckon believe suspect wonder wondering know knows known knew mean means
say says said told tell tells call calls called calling insist insists swear swears admit admits claim claims
figure figures remember forget forgot curious sure quite never ever really rather very just still always again
weve ive id youd hes shes wed im he she him his her himself herself i we us me you
""".split())
SPEECH_AFTER_NAME = r"(?:'s\b|’s\b| and (?:i|me)\b| (?:says|said|thinks|thought|means|meant|insists|swears|calls|reckons|" \
                    r"believes|suspects|wants|asked|told|is|was|has|had)\b)"


# the follow-up's figure is the last answer's ("how much of that did I keep", "that month", "out of it")
THAT_PERIOD_RE = re.compile(r"\b(?:of that|out of (?:that|it)|that (?:month|week|year|period)|from that|then)\b")
# what stopping or cutting something of theirs would save ("if I stop buying coffee, how much would I save", "bỏ cf thì
# tiết kiệm đc bn"): arithmetic over their own spending, never a passage about saving
SAVING_IF_RE = re.compile(r"\b(?:if (?:i|we)|neu (?:toi|minh)?|bo|cat|ngung|stop\w*|cut\w*|quit\w*|skip\w*|drop\w*|"
                          r"without)\b.{0,60}\b(?:how much (?:would|will|could|do|can|did) (?:i|we) (?:save|keep|have)|"
                          r"(?:tiet kiem|du ra|giu lai|con lai) (?:duoc |dc |đc )?(?:bao nhieu|bn))\b")


def question_reading(question: str, ctx: Any) -> dict | None:
    """The parser's reading of the question (the router's, or the same parser's for an LLM's turn)."""
    understood = getattr(ctx, "understood", None)
    if understood is None and getattr(ctx, "vocab", None) is not None:
        previous = MoneyQuery.from_dict(ctx.previous_query) if getattr(ctx, "previous_query", None) else None
        understood = money_query_parse(question, vocab=ctx.vocab, today=ctx.today, previous=previous,
                                       shown=getattr(ctx, "previous_result", None)).as_dict()
    return understood


def _people(question: str) -> set[str]:
    """Names of people in the question: a capitalised word that says or thinks something, or owns something
    ("Harold thinks", "Margaret means", "Harold and I", "Harold's gadgets") — the people talking, not a purchase."""
    return {m.group(1).lower() for m in re.finditer(r"\b([A-Z][a-z]{2,})" + SPEECH_AFTER_NAME, question or "")}


def function_words_only(phrase: str, question: str = "") -> bool:
    """Is every word of this unplaced phrase a word of asking or of the answer's form ("kindly provide"), a word of
    talk around the question ("if it's not too much trouble", "Harold thinks") or of a closed class that cannot
    change the answer ("honestly", "bro", "nhỉ": transactions/query/closed_words.py)?"""
    raw = re.findall(r"[^\W\d_]+", re.sub(r"['’]", "", without_set_phrases(phrase)))
    people = _people(question) if question else set()
    if not raw:  # only a set phrase of chatter ("for the record", "làm ơn")
        return bool(re.search(r"[^\W\d_]", phrase or ""))
    return all(closed_word(w, question) or strip_accents(w) in FUNCTION_WORDS | TALK_WORDS or strip_accents(w) in people
               for w in raw) and not re.search(r"\d", phrase)


def _income_names(ctx: Any) -> set[str]:
    """Their names of money in: income categories and the merchants mostly filed under one."""
    vocab = getattr(ctx, "vocab", None)
    if vocab is None:
        return set()
    income = {name for name, kind in (vocab.categories or {}).items() if kind == "income"}
    return {n.lower() for n in income} | {m.lower() for m, c in (vocab.merchant_category or {}).items() if c in income}


def reasoning_covered(records: list[Any], ctx: Any) -> set[str]:
    """The names (lower case) the arithmetic that ran accounts for: all their money in for pay kept and
    affordability (both start from income) and the names a goal's saving was told. Not the need categories of a
    split into needs and wants: "needs - rent, groceries, utilities" names the three it means, and the split counts
    its own list."""
    covered: set[str] = set()
    for r in records:
        if r.name not in REASONING_TOOLS or not isinstance(r.result, dict):
            continue
        covered |= _income_names(ctx)
        for key in ("save_merchants", "save_categories"):
            covered |= {str(n).lower() for n in (r.arguments or {}).get(key) or []}
    return covered


def _numbers(value: Any, out: set[float]) -> set[float]:
    if isinstance(value, dict):
        for v in value.values():
            _numbers(v, out)
    elif isinstance(value, list):
        for v in value:
            _numbers(v, out)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        out.add(round(abs(float(value)), 2))
    return out


def _amount(m: re.Match) -> float:
    value = float((m.group(1) or m.group(4)).replace(",", "") + (m.group(2) or ""))
    return round(value * (1000 if m.group(3) or m.group(5) else 1), 2)


def reasoning_fit(question: str, recorder: TurnRecorder, ctx: Any) -> tuple[float, list[str]]:
    """Arithmetic over their usual figures (chat/affordability.py) for a question that names one of their merchants
    or categories ("save each month what I spent on Amazon") or an amount ("until I have $9,000"): a tool never told
    them answered another question, so the names and amounts must be in its arguments or among the names it covers
    (`reasoning_covered`). A question that also asks "how much" answered only by an action or a note ("cancel my
    netflix, and how much has it cost me") computed no figure."""
    records = [r for r in recorder.tool_records if not r.error and r.name not in KNOWLEDGE_TOOLS | {"respond"}]
    told = json.dumps([r.arguments for r in records if r.name in REASONING_TOOLS]).lower()
    if not records:
        return 0.0, []
    if all(r.name in ACTION_TOOLS or r.name == "save_note" for r in records) and \
            not any(r.name == "check_data_available" for r in records):  # "my credit score?": it says it can't see it
        asks = re.search(r"\b(?:how much|how many|what did i (?:spend|pay)|bao nhieu)\b", strip_accents(question.lower()))
        return (REASONING_PENALTY, ["the question also asks for a figure but no query computed one"]) if asks else \
            (0.0, [])
    if told == "[]":
        return 0.0, []
    if PAST_FIGURE_RE.search(strip_accents(question.lower())) and not re.search(r'"(?:based_on|period)"', told):
        # "and how much went out? so could I afford a $900 trip": the usual month is not that period's spending
        return REASONING_PENALTY, ["the question asks what was spent in a period but only usual figures were computed"]
    previous = (getattr(ctx, "previous_query", None) or {}).get("period") or {}
    if previous.get("start") and THAT_PERIOD_RE.search(strip_accents(question.lower())) and \
            not re.search(r'"(?:based_on|period|start)"', told):
        # "and how much of that did I keep" after last month's pay: that month's figures, not the usual month
        return REASONING_PENALTY, [f"the turn builds on {previous.get('label') or 'the last answer'}'s figure but "
                                   "only usual figures were computed"]
    understood = question_reading(question, ctx) or {}
    covered = reasoning_covered(records, ctx)
    missing = [n for n in (understood.get("merchants") or []) + (understood.get("categories") or [])
               if n.lower() not in told and n.lower() not in covered][:2]
    numbers = _numbers([r.arguments for r in records if r.name in REASONING_TOOLS], set())
    missing += [m.group(0) for m in AMOUNT_RE.finditer(question) if _amount(m) not in numbers][:2]
    return REASONING_PENALTY * len(missing), [f"the question names {n!r} but the arithmetic that ran did not use it"
                                             for n in missing]


def kind_fit(understood: dict, answer: str) -> tuple[float, list[str]]:
    """A kind of business linked to several of their merchants ("the gym" → two gyms) is the parser's guess at what
    was meant; an answer that names each of them shows the guess, one that does not hides it: medium at most."""
    said = strip_accents((answer or "").lower())
    hidden = []
    for link in understood.get("links") or []:
        names = link.get("names") or []
        if link.get("how") == "concept" and len(names) >= 2 and \
                not all(strip_accents(n.lower()) in said for n in names):
            hidden.append(link.get("mention"))
    if not hidden or not answer:
        return 0.0, []
    return KIND_PENALTY, [f"{', '.join(map(repr, hidden))} matched several of their merchants and the answer did not "
                          f"name each"]


def direction_fit(ran: list[dict], ctx: Any) -> tuple[float, list[str]]:
    """Money in from a shop of theirs that only takes money ("my landlord got paid how much" read as money in from
    the rent), answered "nothing came in": the direction was misread, however sure the rest of the reading is."""
    vocab = getattr(ctx, "vocab", None)
    if vocab is None:
        return 0.0, []
    income = {name for name, kind in (vocab.categories or {}).items() if kind == "income"}
    for x in ran:
        q, args, result = x["query"], x["arguments"], x["result"]
        inward = (q.get("direction") or args.get("direction")) == "in" or (q.get("measure") or args.get("measure")) == "income"
        names = list(q.get("merchants") or args.get("merchants") or [])
        spending_only = names and all(m in (vocab.merchant_category or {}) and
                                      vocab.merchant_category[m] not in income for m in names)
        nothing = not result.get("found") or str(result.get("total") or "0").strip("0.-") == ""
        if inward and spending_only and nothing:
            return DIRECTION_PENALTY, [f"the question was read as money in from {', '.join(names[:2])}, which only "
                                       "ever takes money out, and nothing came in"]
    return 0.0, []


def figure_fit(question: str, recorder: TurnRecorder) -> tuple[float, list[str]]:
    """A question that asks what something of theirs would save, answered only from the knowledge base: a passage
    about saving is not the figure asked for."""
    ran = {r.name for r in recorder.tool_records if not r.error and r.name != "respond"}
    if ran and ran <= KNOWLEDGE_TOOLS and SAVING_IF_RE.search(strip_accents(question.lower())):
        return REASONING_PENALTY, ["the question asks what stopping something of theirs would save, but only the "
                                   "knowledge base was searched"]
    return 0.0, []
