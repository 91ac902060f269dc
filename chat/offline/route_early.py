"""Early answers of the offline router (chat/offline/router.py): what decides a turn by its own wording before any
family is weighed — a request to act, a dismissal, a what-if, a concept said informally, their balances or limits,
data Moneta lacks, an affordability judgement, a how-to or behaviour of the app, a concept weighed or asked
yes-or-no, two of their own compared, a shop's hours. None of them → the router's final choice by family (money,
listings, jars, knowledge, web, out of scope)."""
from __future__ import annotations

import re
from dataclasses import dataclass

from chat.actions.control import NOTE_RE, confirm_call, dismiss_call
from chat.actions.intent import action_call, cancels_last_plan, then_question
from chat.actions.missing import missing_data_call, own_of_thing_before, thing_after_cant_see
from chat.actions.verbs import looks_like_request
from chat.affordability_asked import RULE_RE, reasoning_call
from chat.app_nouns import APP_NOUNS
from chat.balances import balance_call
from chat.capabilities import thing_named
from chat.capabilities_asked import missing_thing_call, own_missing_asked_first, own_thing_judged
from chat.context import TurnContext
from chat.help_behaviour import behaviour_calls
from chat.help_steps import (
    HELP_TOPICS,
    WEAK_OPENER_RE,
    asks_education_section,
    asks_how_to,
    howto_calls,
    names_education_topic,
)
from chat.help_steps import stem as help_stem
from chat.holdings import jar_amount_asked
from chat.knowledge_followup import howto_points_at_nothing
from chat.knowledge_questions import concept_of_question_before, informal_concept_query, topic_asked_of_no_figure
from chat.limits import limits_call
from chat.listings import listing_followup_call
from chat.offline.calls import money_calls
from chat.offline.frames import PRONOUN_RE, compares_concepts, concept_frame, knowledge_query, names_money_measure
from chat.offline.route_cues import (
    BANK_LINK_QUERY,
    BANK_LINK_RE,
    CONSEQUENCE_RE,
    EATS_PAY_RE,
    HYPOTHETICAL_RE,
    PAY_WORDS,
    PLACE_INFO_RE,
    SHOULD_RE,
    THANKS_RE,
)
from chat.whatif import whatif_call
from transactions.query import is_vietnamese, own_spending_asked
from transactions.query.asides import set_aside
from transactions.query.followups_parts import APART_WORDS
from transactions.query.grammar import normalise
from transactions.query.model import MoneyQuery, Side
from transactions.query.periods import find_periods
from transactions.query.pointers import POINTS_AT_A_THING_RE


@dataclass
class Plan:
    intents: list[tuple[str, float, str]]
    calls: list[dict]
    query: object = None  # MoneyQuery
    followup: bool = False


# "50/30/20", and the same rule typed with spaces or dashes ("quy tắc 50 30 20", "50-30-20")
RULE_NUMBERS_RE = re.compile(r"\b\d{2}/\d{2}(?:/\d{2})?\b|\b\d{2}[ -]\d{2}[ -]\d{2}\b")


def search_query(text: str) -> str:
    """The knowledge search words of a question: a Vietnamese one typed with or without accents keeps a numbered
    rule it names ("ngan sach 50/30/20 la gi" is the 50/30/20 rule, not the app's budget suggestions)."""
    query = knowledge_query(text)
    found = [re.sub(r"[ -]", "/", r) for r in RULE_NUMBERS_RE.findall(text)]
    rules = [f"{r} rule" for r in found if f"{r} rule" not in query]
    return f"{' '.join(rules)} {query}" if rules and is_vietnamese(text) else query


# a yes-or-no question ("does paying rent build credit", "can a late payment hurt your score")
GENERAL_Q_RE = re.compile(r"^\W*(?:so\W+|and\W+|but\W+)?(?:does|do|can|could|will|would|is|are)\b(?!\s+(?:you|moneta|the app|"
                          r"it|this app)\b)", re.I)
# which of two gets more ("which one gets more of my money", "who takes the most", "which costs me less")
WHICH_MORE_RE = re.compile(r"\b(?:which|who|what)\b(?:\s+\S+){0,6}?\s+(?:more|most|less|least|bigger|biggest|higher|"
                           r"larger|cheaper|pricier)\b", re.I)


def own_alternatives(text: str, q: MoneyQuery) -> list[Side] | None:
    """Two of the user's own merchants or categories, named (not only placed by meaning) as alternatives ("X or Y",
    "X vs Y") with a question of which gets more: the two sides of a comparison of their spending, else None."""
    if q.compare or q.followup or not WHICH_MORE_RE.search(text):
        return None
    named = [link for link in q.links if link.kind in ("merchant", "category") and link.how not in ("meaning", "narrative")
             and not link.negated]
    if len(named) != 2 or set(named[0].names) == set(named[1].names):
        return None
    low = text.lower()
    a, b = (low.find(link.mention.lower()) for link in named)
    if a < 0 or b < 0 or not re.search(r"\b(?:or|vs\.?|versus)\b", low[min(a, b):max(a, b)]):
        return None
    return [Side(label=link.names[0], merchants=list(link.names) if link.kind == "merchant" else [],
                 categories=list(link.names) if link.kind == "category" else []) for link in named]


# two or more things asked "separately", "each", "not added up": a figure for each, never their sum
SEPARATE_RE = re.compile(rf"\b(?:{APART_WORDS}|separate (?:totals?|figures?|amounts?|numbers?)|respectively|apiece|"
                         r"for each(?: (?:one|of them))?\s*(?:[?.!]|$)|each(?: one| of (?:them|those|these|the two|"
                         r"the three))?\s*(?:[?.!]|$)|each separately)")


def own_each(text: str, q: MoneyQuery) -> list[Side] | None:
    """Two to four of the user's own merchants or categories asked "separately" / "each" ("groceries and dining
    separately last month"): one side each, so the answer gives each figure, not the union's one total."""
    if q.compare or q.followup or q.measure not in (None, "total") or not SEPARATE_RE.search(normalise(text)):
        return None
    named = [link for link in q.links if link.kind in ("merchant", "category") and not link.negated]
    sides: list[Side] = []
    for link in named:
        if any(set(link.names) == set(side.merchants or side.categories) for side in sides):
            continue
        sides.append(Side(label=link.names[0] if len(link.names) == 1 else link.mention,
                          merchants=list(link.names) if link.kind == "merchant" else [],
                          categories=list(link.names) if link.kind == "category" else []))
    return sides if 2 <= len(sides) <= 4 else None


def howto_of_last_subject(text: str, q: MoneyQuery, ctx: TurnContext) -> list[dict]:
    """A how-to that points back for its subject ("then tell me how I'd set one up myself" after asking for a jar):
    the help steps for the thing the turn before named."""
    if not (ctx.previous_asked and asks_how_to(text) and POINTS_AT_A_THING_RE.search(text)):
        return []
    topics = set().union(*HELP_TOPICS.load().stems)
    subject = [w for w in re.findall(r"[\w']+", ctx.previous_asked) if help_stem(w) in topics]
    return howto_calls(f"{text} ({' '.join(dict.fromkeys(subject))})", q) if subject else []


def early_plan(text: str, q: MoneyQuery, ctx: TurnContext, best: float) -> Plan | None:
    """The plan a turn's own wording decides before the families are weighed, else None (`best`: the nearest
    family's score, kept on the plan)."""

    def done(intents: list[tuple[str, float, str]], calls_: list[dict], *, query: MoneyQuery | None = None,
             followup: bool = False) -> Plan:
        return Plan(intents=intents, calls=calls_, query=query, followup=followup)

    # 1. a change (a note, a jar, a budget, a category, a transaction) is only proposed, and only when asked for
    # 1b. a request to change something, or a question about data Moneta lacks (chat/actions/, chat/capabilities.py)

    # two ideas weighed ("snowball or avalanche if one card has a small balance"): the balance it names is no request
    weighs = compares_concepts(text, q, ctx.today) and not q.followup and names_education_topic(text)
    # "how do I undo it", "undo sao vậy", "tell me how I'd set one up": asked how to, never a request to act
    # "set a budget of $300 for dining, I need to cut back": the remark's "I need to" asks no how-to of a request
    kept, remarks = set_aside(text)
    howto = asks_how_to(kept if remarks and looks_like_request(kept) else text) and not WEAK_OPENER_RE.search(text) \
        and not NOTE_RE.search(text)  # "make me a note that I need to ask…": what the note says asks nothing
    # "cancel it" with nothing waiting, after an answer about one of their plans: that plan (a request Moneta can't do)
    dismiss = dismiss_call(text) if ctx.waiting or not cancels_last_plan(text, ctx) else None
    early = listing_followup_call(text, ctx.previous_result) or dismiss or confirm_call(text, ctx.waiting) \
        or whatif_call(text, q)
    if early is None and BANK_LINK_RE.search(text) and q.period is None and q.amount_min is None \
            and q.amount_max is None:
        # "can I connect my bank", "sync my card": the help section saying there is no bank link, and what to do instead
        return done([("app_help", 1.0, text)], [{"name": "get_app_information", "args": {"query": BANK_LINK_QUERY}}])
    action = None if howto or early is not None else action_call(text, q, ctx)
    if early is None and action is None and thing_after_cant_see(text, ctx.previous_asked or ""):
        # "what's my credit score" → "investments?": theirs too, which Moneta can't see either
        return done([("capability", 1.0, text)], [{"name": "check_data_available", "args": {"question": f"my {text}"}}])
    if early is None and action is None and (mine := own_of_thing_before(text, ctx.previous_asked or "")):
        # "how do i get my credit score up" → "and what's mine right now": their own one, which Moneta can't see
        return done([("capability", 1.0, text)], [{"name": "check_data_available", "args": {"question": f"my {mine}"}}])
    if early is None and not howto and not own_thing_judged(text) and not own_missing_asked_first(text) and (  # "my credit score, is it ok?": theirs
            concept := informal_concept_query(text, q, search_query(text))
            # a concept (chat/knowledge_questions.py); a request to act leans on no question before ("make one for…")
            or (action is None and concept_of_question_before(text, ctx, knowledge_query(ctx.previous_asked or "")))):
        return done([("concept", 1.0, text)], [{"name": "search_knowledge_base", "args": {"query": concept}}])
    call = early \
        or action \
        or (None if weighs or jar_amount_asked(text, ctx.today) else balance_call(text, balances=ctx.balances)
            or missing_data_call(text) or missing_thing_call(text)) or limits_call(text) \
        or reasoning_call(text, q, previous=ctx.previous_query)
    if call is not None and (tq := then_question(call, ctx)) is not None:
        # a request with a question after it ("log $12 cash for lunch, then tell me where dining is at"): both
        ctx.understood = tq.as_dict()
        return done([("action", 1.0, text), ("money", 1.0, text)], [call, *money_calls(tq)], query=tq)
    if call is not None and call["name"] == "income_breakdown" and names_education_topic(text) \
            and (RULE_RE.search(text) or not {"goal", "period"} & set(call["args"])):
        # their own split under a rule the knowledge base explains ("what would the 50/30/20 rule look like for me"):
        # the figures and the rule's page
        return done([("money", 1.0, text), ("concept", 1.0, text)],
                    [call, {"name": "search_knowledge_base", "args": {"query": search_query(text)}}])
    if call is not None:
        label = {"check_data_available": "capability", "list_subscriptions": "subscriptions", "check_affordability": "money", "compare_new_price": "money",
                 "income_breakdown": "money", "get_account_balances": "money",
                 "get_net_worth": "money", "save_note": "note"}.get(call["name"], "action")
        # "from now on file X under Y": the proposal alone — its card already says future ones follow what is learned
        call.pop("howto", None)
        if concept := call.pop("concept", None):  # "what would the 50/30/20 rule look like for me": the rule too
            return done([(label, 1.0, text), ("concept", 1.0, text)],
                        [call, {"name": "search_knowledge_base", "args": {"query": concept}}])
        return done([(label, 1.0, text)], [call])
    if EATS_PAY_RE.search(text) and not [link for link in q.links if normalise(link.mention).strip() not in PAY_WORDS]:
        # "what's eating most of my pay", "where does my paycheck go": the categories the money goes to, not income
        # (the places, when the turn ranks them: "where did my money go? the top three shops")
        level = "top_merchants" if q.measure == "top_merchants" else "top_categories"
        q.measure, q.direction, q.unknown, q.ignored, q.links = level, "out", [], [], []
        q.merchants, q.categories, q.text = [], [], []
        q.limit = q.limit or 3
        return done([("money", 1.0, text)], money_calls(q), query=q)
    if PLACE_INFO_RE.search(text) and not APP_NOUNS.search(text):
        # "is the CVS on Main St open at 4am": a shop's hours or whereabouts are nowhere in Moneta, whatever it is called
        return done([("out_of_scope", 1.0, text)], [])
    if howto_points_at_nothing(text, ctx):  # "can I set one up here? how" opening a conversation: set up what?
        return done([("clarify", best, text)], [])
    # 1c. how to do something in Moneta: the help page's steps
    if calls := howto_calls(text, q) or howto_of_last_subject(text, q, ctx):
        return done([("app_help", 1.0, text)], calls)
    if calls := behaviour_calls(text, q):  # "will the app remember a category I changed?": help, never a figure
        return done([("app_help", 1.0, text)], calls)
    if not (q.period or q.merchants or q.categories) and asks_education_section(text):
        # "how should I budget on an irregular income": that page, not their figures
        return done([("concept", 1.0, text)], [{"name": "search_knowledge_base", "args": {"query": search_query(text)}}])
    if (concept := topic_asked_of_no_figure(text, q, search_query(text))) is not None:
        # "can i write my laptop off if i freelance", "trad ira?": a finance topic asked of no figure of theirs
        return done([("concept", best, text)], [{"name": "search_knowledge_base", "args": {"query": concept}}])
    if THANKS_RE.search(text):
        return done([("thanks", 1.0, text)], [])
    if compares_concepts(text, q, ctx.today) and not q.followup:  # "snowball or avalanche", "roth vs traditional"
        return done([("concept", best, text)], [{"name": "search_knowledge_base", "args": {"query": search_query(text)}}])
    if GENERAL_Q_RE.match(text) and not PRONOUN_RE.search(text) and not (q.period or q.amount_min is not None
                                                                          or q.amount_max is not None) \
            and not find_periods(normalise(text), ctx.today) and names_education_topic(text) and not own_spending_asked(text):
        # "does paying rent build credit", "can closing a card hurt your score": a yes-or-no about how money works,
        # asked of no one's own, is a concept even when it names one of their categories
        return done([("concept", best, text)], [{"name": "search_knowledge_base", "args": {"query": search_query(text)}}])
    if CONSEQUENCE_RE.search(text) and names_education_topic(text) and not (q.merchants or q.categories) \
            and (q.period is None or q.period.grain == "all") and q.amount_min is None and q.amount_max is None:
        # "what happens if I only ever pay the minimum on my credit card": a concept, not the rows saying "credit"
        return done([("concept", best, text)], [{"name": "search_knowledge_base", "args": {"query": search_query(text)}}])
    if (sides := own_alternatives(text, q) or own_each(text, q)) is not None:
        # "shell or chevron, which one gets more of my money": two of their own weighed is a comparison of their
        # spending on each, never an investment question about two companies
        q.measure, q.compare, q.merchants, q.categories = "compare", {"mode": "sides", "sides": sides}, [], []
        return done([("money", 1.0, text)], money_calls(q), query=q)
    # a figure of an investment account or credit score that nothing of theirs is about ("how much did I put into my
    # 401k this year"): Moneta can't see it — never a total of all their spending
    if thing_named(text) and not (q.merchants or q.categories or q.text) and (names_money_measure(text) or q.period) \
            and not (concept_frame(text) or SHOULD_RE.search(text) or HYPOTHETICAL_RE.search(text)):
        return done([("capability", 1.0, text)], [{"name": "check_data_available", "args": {"question": text}}])
    return None
