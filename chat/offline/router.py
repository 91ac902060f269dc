"""Routing for the offline model: question (+ the conversation so far) → tool calls with arguments.

Two readings meet here. The money reading comes from the one parser (transactions.query): measure, the
user's own merchants and categories, amounts, periods, follow-ups. The family of the question (money,
knowledge, app help, jars, subscriptions, notes, out of scope) comes from embedding similarity to labelled
exemplars (half the nearest exemplar's cosine, half the mean of the 3 nearest; all-MiniLM-L6-v2), corrected
by grammar where wording misleads it: a question that asks for a figure about named things is a money
question; "how do jars work" is app help; "should I…" is advice; a note is saved only when asked for.
"""
from __future__ import annotations

import re
import time
from dataclasses import replace
from datetime import date

from chat.affordability import REASONING_TOOLS
from chat.affordability_asked import asked_before, reasoning_call
from chat.app_nouns import APP_NOUNS
from chat.context import RouterReading, TurnContext, embed, understand  # noqa: F401  (embed: re-exported for the exemplar classifier)
from chat.help_steps import names_education_topic
from chat.holdings import jar_amount_asked
from chat.knowledge_followup import leans_on_question, with_question_before
from chat.language import answer_language, question_language
from chat.listings import FIGURE_RE as LISTING_FIGURE_RE
from chat.listings import JAR_RE, SUBSCRIPTION_RE, asks_listing, gives_examples, listing_args, names_recurring_alone
from chat.offline.calls import drop_none, money_calls
from chat.offline.classifier import classifier
from chat.offline.exemplars import INTENT_FAMILY
from chat.offline.frames import (
    CONCEPT_Q_RE,
    MEASURE_WORD_RE,
    PERSONAL_RE,
    VI_CONCEPT_RE,
    asks_concept,
    concept_frame,
    knowledge_query,
    names_money_measure,
    vi_own_spending,
)
from chat.offline.last_answer import (
    ask_about_last_answer,
    leans_on_last_answer,
    money_measure_turn,
    own_words,
    points_at_nothing,
)
from chat.offline.route_cues import (
    APP_HOWTO_RE,
    BUDGET_RE,
    DOCUMENT_LIST_RE,
    FINANCE_WORDS_RE,
    HYPOTHETICAL_RE,
    JAR_STATUS_RE,
    LIVE_RE,
    MY_NOTES_RE,
    MY_SPENDING_RE,
    PRICE_CHANGE_RE,
    SHOULD_RE,
    UPCOMING_RE,
    VI_HOWTO_RE,
    WEB_RE,
    WHAT_HAPPENS_RE,
)
from chat.offline.route_early import Plan, early_plan, search_query
from chat.offline.route_price_now import price_now_merchants
from chat.offline.route_restate import restate_plan
from chat.offline.vi_scope import vi_off_topic
from chat.tool_fit import SAVING_IF_RE
from chat.whatif import WHATIF_TOOLS
from core.embeddings import single_thread_inference
from transactions.query import is_vietnamese, strip_accents
from transactions.query.asides import intent_lead
from transactions.query.clarify import clarification_for
from transactions.query.foreign_words import english_nouns
from transactions.query.grammar import SPEND_CUE, find_measure, normalise
from transactions.query.periods import TIME_COUNT_RE, find_periods, only_now_said

MONEY_INTENTS = {"tx_search", "spend_amount", "merchant_breakdown", "summary", "compare"}


def _is_money_question(text: str, q, intent: str) -> bool:
    norm = normalise(text)
    if asks_concept(text, q, date.today()):
        return False  # "explain what closing costs are when you purchase a house": a concept, whatever it spends
    # "what's a healthy debt-to-income ratio these days": a word of now dates no figure of theirs
    dated = not only_now_said(norm, date.today()) and bool(q.period or find_periods(norm, date.today()))
    if (CONCEPT_Q_RE.search(text) or VI_CONCEPT_RE.search(text)) and not (dated or q.amount_min or q.amount_max) and (
            not (q.merchants or q.categories or q.unknown) or not PERSONAL_RE.search(text)):
        return False  # "why is my credit score lower…", "what's a subscription in Moneta": concepts, not figures
    named = [link for link in q.links if link.how != "meaning"]  # a word placed only by meaning is no name
    if (HYPOTHETICAL_RE.search(text) or WHAT_HAPPENS_RE.search(text)) and not named:
        return False  # "how much interest will I earn on 10,000 at 5%" is arithmetic about a what-if, not their data
    measure, _ = find_measure(norm)
    # a name and a period alone ("costco this month?") ask for a figure too
    # what is left out is named too ("everything except subscriptions last month", "trừ tiền nhà thì mục nào nhiều
    # nhất"), when it was placed by more than meaning
    left_out = any(link.negated and link.how != "meaning" for link in q.links)
    cue = bool(measure) or bool(SPEND_CUE.search(norm)) or bool(q.period and (q.merchants or q.categories or q.unknown
                                                                               or left_out))
    names = bool(q.merchants or q.categories or q.unknown or q.text or left_out or any(
        side.merchants or side.categories or side.text for side in (q.compare or {}).get("sides") or []))
    if not cue:
        return False
    if names or q.amount_min is not None or q.amount_max is not None:
        return True
    if q.measure in ("monthly_average", "top_categories", "top_merchants", "income", "net", "compare", "largest",
                     "summary") and (PERSONAL_RE.search(text) or q.period or q.months or find_periods(norm, date.today())
                                     or (q.measure.startswith("top_") and q.limit)):  # "top 3 kind", "nhất … khoản nào"
        return bool(measure) or q.measure != "total"
    # no names: a period with a money measure ("spending last month", "biggest purchase this year")
    return bool(q.period) and (intent in MONEY_INTENTS or bool(PERSONAL_RE.search(text)) or bool(measure))


CLAUSE_SPLIT_RE = re.compile(r"\?\s+|;\s*|,?\s+and\s+(?=(?:how|what|why|when|where|which|who|can|could|do|does|"
                             r"did|is|are|show|list|tell|give|explain|find)\b)|\.\s+|,?\s+also\s+", re.I)


ASKS_RE = re.compile(r"^\W*(?:(?:and|also|so|then|but|ok|okay|plus)\W+)*(?:how|what|what'?s|whats|why|when|where|which|"
                     r"who|whose|can|could|would|will|should|do|does|did|is|are|was|were|am|have|has|any|show|list|tell|"
                     r"give|find|compare|explain|define|break|add|set|create|make|start|log|delete|remove|drop|cancel|"
                     r"put|move|file|tag|save|remember|help|please|total|sum|split|include|exclude|only|just)\b"
                     r"|\b(?:bao nhiêu|không|chưa|gì|nào|sao|thế nào|ra sao|hãy|cho (?:tôi|mình) (?:xem|biết))\b", re.I)


def _asks(clause: str, text: str) -> bool:
    """Does a clause ask or request something (a question word, an imperative, a question mark after it), rather
    than state a fact that says why the person asks ("we share a budget")?"""
    at = text.find(clause)
    return bool(ASKS_RE.search(clause)) or (at >= 0 and text[at + len(clause):].lstrip()[:1] == "?")


def route(question: str, ctx: TurnContext) -> Plan:
    """A question → tool calls. A question in several parts ("how much on dining last month, and what is
    compound interest?") gets each part answered."""
    started = time.perf_counter()
    text = english_nouns(question.strip())  # "the extracto of my bank": the statement (foreign_words.py)
    text = intent_lead(text)[0]  # "I want to save some money, so how much…": the question after what they want
    if (restated := restate_plan(text, ctx, lambda asked: route(asked, ctx))) is not None:
        # "explain it more simply": the last answer again, said short (chat/offline/route_restate.py)
        intents, calls, query = restated
        calls = [c for c in calls if not ctx.enabled_tools or c["name"] in ctx.enabled_tools]
        ctx.timings["routing_ms"] = round((time.perf_counter() - started) * 1000, 2)
        return Plan(intents=intents, calls=calls, query=query, followup=True)
    clauses = [c.strip(" ,.?") for c in CLAUSE_SPLIT_RE.split(text) if c and len(c.split()) >= 3]
    with single_thread_inference():
        vectors = embed([text] + (clauses if len(clauses) >= 2 else []))
        scored = classifier.scores(vectors)
        q = understand(text, ctx)
    ctx.understood = q.as_dict()
    plan = _route_one(text, q, scored[0], ctx)
    if plan.query is not None and plan.query is not q:
        ctx.understood = plan.query.as_dict()  # the last answer's question the turn leans on (money_measure_turn)
    elif plan.query is None and plan.calls and all(c["name"] == "list_subscriptions" for c in plan.calls):
        # the listing answers for every charge whatever the period; names as examples ("like netflix") are its rows
        listed = {m for c in plan.calls for m in c["args"].get("merchants") or []}
        ctx.understood = {**ctx.understood, "period": None, "compare": None,
                          "merchants": [m for m in ctx.understood.get("merchants") or [] if m in listed]}
    if plan.calls and plan.calls[0]["name"] == "check_affordability" and (first := asked_before(text)):
        with single_thread_inference():
            fq = understand(first, ctx)
        lead = _route_one(first, fq, scored[0], ctx)
        # "and how much went out? so could I afford …": both answered, the judgement read from its own sentence
        judged = reasoning_call(text[len(first):].strip(), q) or plan.calls[0]
        if lead.query is not None and lead.calls:
            plan = Plan(intents=lead.intents + plan.intents, calls=[*lead.calls, judged], query=lead.query)
            ctx.understood = lead.query.as_dict()
    # the two readings of the question, kept for the confidence check: the grammar's route and the exemplars' family
    ranked = sorted(scored[0], key=scored[0].get, reverse=True)
    ctx.routed = RouterReading(intent=ranked[0], score=round(scored[0][ranked[0]], 3),
                               family=INTENT_FAMILY.get(ranked[0]), route=plan.intents[0][0])
    # a plan to cancel, with its price per month and per year, answers "how much would I save" too
    priced = bool(plan.calls) and plan.calls[0]["name"] == "explain_unavailable_action" and \
        bool(plan.calls[0]["args"].get("subject")) or [i[0] for i in plan.intents] == ["action", "money"] \
        or bool(plan.calls) and plan.calls[0]["name"] in (*REASONING_TOOLS, *WHATIF_TOOLS)  # "save 6k. how long?"
    if len(clauses) >= 2 and not plan.followup and plan.intents[0][0] not in ("note",) and not priced:
        parts = []
        for i, (clause, scores) in enumerate(zip(clauses, scored[1:])):
            clause = _mine_named(clause, clauses[i - 1] if i else "")
            with single_thread_inference():
                cq = understand(clause, TurnContext(vocab=ctx.vocab, today=ctx.today))
            parts.append(_route_one(clause, cq, scores, ctx))
        # only parts that stand on their own as questions ("use the last 12 months" modifies the first part)
        # nor a measure that points at another part ("did I get a tax refund? how much was it")
        # nor a statement that says why they ask ("…last month? we share a budget")
        # (their own jars or charges, asked by name, stand too: "… and show how mine are doing")
        parts = [p for p, clause in zip(parts, clauses, strict=False) if p.calls and _asks(clause, text) and (
            p.query is not None or p.calls[0]["name"] in ("get_jar_status", "list_subscriptions")
            or (p.intents[0][1] >= 0.45 and not (names_money_measure(clause)
                                                                      and not own_words(clause))))]
        if parts and parts[0].calls[0]["name"] == "check_data_available":
            # "how are my investments doing? is it up this year": a part naming nothing of theirs is of that thing
            parts = [parts[0], *(p for p in parts[1:] if p.query is None or p.query.merchants or p.query.categories
                                 or p.query.text)]
        families = {INTENT_FAMILY.get(p.intents[0][0], p.intents[0][0]) for p in parts}
        if len(families) >= 2:
            calls = []
            for p in parts:
                calls.extend(c for c in p.calls if c not in calls)
            money = next((p.query for p in parts if p.query is not None), None)
            if money is not None:
                ctx.understood = money.as_dict()
            plan = Plan(intents=[i for p in parts for i in p.intents], calls=calls, query=money)
    if plan.query is not None and len(plan.calls) <= 1 and not ctx.corpus_order:
        _clarify(plan, text, ctx)
    if ctx.previous_family == "other":  # "What's an emergency fund?" → "how big should mine be tho": that concept
        with_question_before(plan.calls, text, knowledge_query(ctx.previous_asked) if ctx.previous_asked else "")
    if ctx.corpus_order:
        plan.calls = [{"name": "search_knowledge_base", "args": {"query": text, "corpus": [ctx.corpus_order[0]]}}]
    if ctx.enabled_tools:
        plan.calls = [c for c in plan.calls if c["name"] in ctx.enabled_tools]
    if ctx.corrections and ctx.understood is not None:  # "X, sorry, Y" (chat/context.py turn_corrected)
        ctx.understood["corrected"] = ctx.corrections
    ctx.timings["routing_ms"] = round((time.perf_counter() - started) * 1000, 2)
    return plan


OWN_THINGS_RE = re.compile(r"\b(?:jars?|subscriptions?|budgets?|bills?|categories|goals?)\b", re.I)


def _months_said(text: str, q) -> bool:
    """A monthly average over a number of months the turn says ("… going by the last three months")."""
    return bool(q.months and q.measure == "monthly_average" and TIME_COUNT_RE.search(normalise(text)))


def _mine_named(clause: str, before: str) -> str:
    """A clause that says "mine" for the thing the clause before named ("explain budget jars and show how mine are
    doing"): "my jars" in its place, so the part is routed as their own."""
    things = OWN_THINGS_RE.findall(before)
    if not things or not re.search(r"\b(?:mine|ours)\b", clause, re.I):
        return clause
    noun = things[-1].lower()
    noun = noun if noun.endswith("s") or noun == "categories" else f"{noun}s"
    return re.sub(r"\bmine\b", f"my {noun}", re.sub(r"\bours\b", f"our {noun}", clause, flags=re.I), flags=re.I)


# a request to list ("list every subscription", "can you show all my recurring charges")
LIST_ASK_RE = re.compile(r"^\W*(?:(?:ok|okay|so|and|hey|also|please|pls|can you|could you|would you)\W+)*"
                         r"(?:list|show|give|display|pull up|enumerate)\b", re.I)


def _named_merchants(text: str, q) -> list:
    """The merchants a question names, except those it gives only as examples of all its recurring charges ("my
    auto-pay stuff like netflix and stuff")."""
    if q.merchants and gives_examples(text) and (SUBSCRIPTION_RE.search(text) or asks_listing(text)):
        return []
    return list(q.merchants or [])


SURE = 0.4  # an exemplar family this close decides a listing (subscriptions, jars, budgets) by itself
OFF_TOPIC_LEAD = 0.1  # how far the out-of-scope exemplars must lead the next family to outweigh a bare period


def _off_topic(text: str, q, scores: dict[str, float]) -> bool:
    """A whole question about something else that only happens to carry a period ("who won the match yesterday",
    "what time does the show start tonight"): the exemplars say out of scope and clearly, and nothing in it asks
    for money — no measure (other than a comparison) or spending word, no amount, nothing of the user's named (a word placed only by meaning,
    "show" → Entertainment, a word of a kind, a noun read as a thing bought, is no name of theirs). Short fragments ("the game last night") stay money readings: they are how
    people ask for a figure."""
    ranked = sorted(scores, key=scores.get, reverse=True)
    if ranked[0] != "out_of_scope" or scores[ranked[0]] < UNCLEAR or len(re.findall(r"[\w']+", text)) < 5 \
            or scores[ranked[0]] - scores[ranked[1]] < OFF_TOPIC_LEAD:
        return False
    norm = normalise(text)
    # "the football final" (a thing bought) and "movie" (a word of the kind Entertainment) are no names of theirs
    named = any(link.how not in ("meaning", "thing", "synonym") for link in q.links)
    measure = find_measure(norm)[0]  # "vs" compares anything: a comparison word asks for no money by itself
    return not ((measure and measure != "compare") or SPEND_CUE.search(norm) or FINANCE_WORDS_RE.search(text) or named
                or q.amount_min is not None or q.amount_max is not None)
UNCLEAR = 0.35  # no family this close: a question with no money or app words is out of scope


def _clarify(plan: Plan, text: str, ctx: TurnContext) -> None:
    """A money reading with a word that could change the answer and something of the user's close to it: one
    clarifying question (transactions.query.clarify). When the reading would answer for things they may not have
    meant (a nickname fitting two of their merchants), nothing runs until they pick."""
    language = answer_language(text, ctx.ui_language)
    found = clarification_for(plan.query, ctx.vocab, language=language) if ctx.vocab is not None else None
    if found is None:
        return
    ctx.clarify = found.as_dict()
    if found.ask_only:
        plan.calls = []
        plan.intents = [("clarify", 1.0, text)]


def _route_one(text: str, q, scores: dict[str, float], ctx: TurnContext) -> Plan:
    ranked = sorted(scores, key=scores.get, reverse=True)
    intent, best = ranked[0], scores[ranked[0]]

    def done(intents, calls_, *, query=None, followup=False) -> Plan:
        return Plan(intents=intents, calls=calls_, query=query, followup=followup)

    if (plan := early_plan(text, q, ctx, best)) is not None:
        return plan
    if intent == "note":  # sounds like something to remember, but nobody asked to save it
        intent = next(i for i in ranked if i != "note")
    # 2. a follow-up of a money question changes what it names and keeps the rest
    if q.followup and ctx.previous_query and not APP_HOWTO_RE.search(text):
        return done([("followup", best, text)], money_calls(q), query=q, followup=True)
    if WEB_RE.search(text):
        return done([("web", best, text)], [{"name": "search_online", "args": {"query": text}}])
    if _off_topic(text, q, scores) or vi_off_topic(text, q, after_money=ctx.previous_query is not None):
        return done([("out_of_scope", best, text)], [])
    if MY_NOTES_RE.search(text):
        return done([("doc_question", best, text)], [{"name": "search_knowledge_base",
                                                      "args": {"query": text, "corpus": ["private"]}}])
    # "what subscriptions am I paying for these days", "my jars at the moment": a word of now is no period for the
    # listings, prices and how-tos below; only a total reads it as a span (the last four weeks, said, medium)
    period = None if only_now_said(normalise(text), ctx.today) else q.period
    listed = q if period is q.period else replace(q, period=None)
    # 3. how Moneta works (their own jar status is not a how-to: "how are my jars doing")
    jar_status = (bool(JAR_RE.search(text)) and bool(JAR_STATUS_RE.search(text)) and not WHAT_HAPPENS_RE.search(text)) \
        or jar_amount_asked(text, ctx.today)  # "how much is in my emergency fund": their jars before "can't see"
    if (APP_HOWTO_RE.search(text) or VI_HOWTO_RE.search(text)) and APP_NOUNS.search(text) and not jar_status \
            and not (period and not JAR_RE.search(text)):
        return done([("app_help", best, text)], [{"name": "get_app_information", "args": {"query": search_query(text)}}])
    if LIST_ASK_RE.search(text) and SUBSCRIPTION_RE.search(text) and not (period or _named_merchants(text, q)) \
            and q.amount_min is None and q.amount_max is None and not MEASURE_WORD_RE.search(normalise(text)):
        # "list every subscription", "show all the recurring stuff": the listing, not the Subscriptions category's rows
        return done([("subscriptions", best, text)], [{"name": "list_subscriptions", "args": listing_args(text)}])
    if asks_listing(text) and not (period or _months_said(text, q)) and not _named_merchants(text, q) \
            and not LISTING_FIGURE_RE.search(text):  # "… each month … going by the last 3 months": a monthly average
        # "the monthly stuff they bill me automatically, which are they": the services, never a monthly figure
        return done([("subscriptions", best, text)], [{"name": "list_subscriptions", "args": listing_args(text)}])
    if names_recurring_alone(text) and not (period or q.merchants or q.categories or q.amount_min is not None
                                            or q.amount_max is not None):
        # "the stuff that comes out every month automatically", "mấy cái bill tự động trừ": the services, said as a
        # noun phrase with no question around it
        return done([("subscriptions", best, text)], [{"name": "list_subscriptions", "args": listing_args(text)}])
    if (priced := price_now_merchants(text, listed, ctx.recurring, ctx.vocab.merchant_category if ctx.vocab else {})) is not None:
        # "what am I paying for Spotify": its charge now (chat/offline/route_price_now.py), not all ever paid
        return done([("subscriptions", best, text)], [{"name": "list_subscriptions", "args": {"merchants": priced}}])
    if (lean := money_measure_turn(text, q, ctx)) is not None:
        # a money measure with a period, over their own things, or right after a money answer: never knowledge
        return done([("money", best, text)], money_calls(lean), query=lean, followup=lean.followup)
    if VI_CONCEPT_RE.search(text) and not _is_money_question(text, q, intent) and not asks_listing(text):
        # "… là gì" is a concept, not "hóa đơn định kỳ của tôi là gì" (their own bills: the listing below)
        return done([("concept", best, text)], [{"name": "search_knowledge_base", "args": {"query": search_query(text)}}])
    # 4. advice: "how big should my emergency fund be" (with my spending: both sources)
    if SHOULD_RE.search(text) and (intent not in ("web", "out_of_scope") or best < SURE):
        if BUDGET_RE.search(text) and PERSONAL_RE.search(text):
            return done([("budget_advice", best, text)], [{"name": "suggest_budgets", "args": {}}])
        calls = [{"name": "search_knowledge_base", "args": {"query": search_query(text)}}]
        if MY_SPENDING_RE.search(text):
            calls.append({"name": "get_spending_summary", "args": {"measure": "monthly_average", "months": 6}})
        return done([("investment_advice" if intent == "investment_advice" else "concept", best, text)], calls)
    family = INTENT_FAMILY.get(intent)
    money = _is_money_question(text, q, intent)
    # "what are my subscriptions" asks for theirs; "what is a subscription in Moneta" asks what one is
    concept_q = bool(CONCEPT_Q_RE.search(text)) and asks_concept(text, q, ctx.today)
    sure = best >= SURE  # the exemplars name a family only when they are close
    bare = len(re.findall(r"[\w']+", text)) <= 2  # "subs?", "subscriptions": the listing itself
    # 5. the user's own subscriptions, jars and budgets have their own tools (not "what is a subscription in Moneta")
    # "lately", "these days" date the change, they ask for no period's spending ("did spotify go up lately")
    dated = q.period is not None and not re.search(r"\b(?:lately|recently|these days|of late|nowadays|any more|anymore|"
                                                   r"dạo này|gần đây|bây giờ)\b", text, re.I)
    if PRICE_CHANGE_RE.search(text) and not dated and (q.merchants or SUBSCRIPTION_RE.search(text)):
        # one named ("did spotify go up"): its own line, with the price it changed from
        return done([("subscriptions", best, text)],
                    [{"name": "list_subscriptions", "args": {"merchants": list(q.merchants)} if q.merchants else
                      {**listing_args(text), "price_changed": True}}])
    # two of their own weighed ("netflix vs spotify, which costs me more") are the comparison, not the listing
    # (two merchants of theirs; "subscriptions vs bills" is the listing split in two)
    sides = bool(q.compare and q.compare.get("mode") == "sides"
                 and all((side.get("merchants") if isinstance(side, dict) else side.merchants)
                         for side in q.compare.get("sides") or []))
    if not sides and (((intent == "subscriptions" and sure) or SUBSCRIPTION_RE.search(text)
                       or SUBSCRIPTION_RE.search(normalise(text))) and not _named_merchants(text, q) and not period
                      and ((PERSONAL_RE.search(text) and not concept_q) or UPCOMING_RE.search(text) or bare)
                      or (asks_listing(text) and not (period or _months_said(text, q)))):  # "what are my subscriptions rn", "subs?"
        return done([("subscriptions", best, text)], [{"name": "list_subscriptions", "args": listing_args(text)}])
    if jar_status or (((intent == "jars" and sure) or JAR_RE.search(text)) and PERSONAL_RE.search(text) and not concept_q
                      and not money):
        month = q.period.start.strftime("%Y-%m") if q.period and q.period.grain == "month" else None
        return done([("jars", best, text)], [{"name": "get_jar_status", "args": drop_none({"month": month})}])
    if intent == "budget_advice" and sure and not money and PERSONAL_RE.search(text) and not concept_q:
        return done([("budget_advice", best, text)], [{"name": "suggest_budgets", "args": {}}])
    # 6. the user's money — not a Vietnamese question about no one's money that names nothing of theirs and no
    #    period ("quỹ khẩn cấp nên bằng mấy tháng chi tiêu?", "mức giảm trừ gia cảnh … là bao nhiêu?"): knowledge
    concept_only = asks_concept(text, q, ctx.today) or (concept_q and not PERSONAL_RE.search(text) and not q.period) \
        or (is_vietnamese(text) and not PERSONAL_RE.search(text) and not (q.merchants or q.categories or q.text or q.compare)
            and not vi_own_spending(text)  # "chuyến đi Huế tốn bao nhiêu": what it cost them
            and q.measure not in ("top_categories", "top_merchants")  # "trừ tiền nhà thì mục nào nhiều nhất": theirs
            and q.period is None and not find_periods(normalise(text), ctx.today))
    money = money and not concept_only
    if money or (family == "money" and intent in MONEY_INTENTS and (q.has_filters or q.period or q.unknown)
                 and not concept_only):
        return done([("money", best, text)], money_calls(q), query=q)
    if intent in MONEY_INTENTS and PERSONAL_RE.search(text) and (q.period or q.has_filters):
        return done([("money", best, text)], money_calls(q), query=q)
    if SAVING_IF_RE.search(strip_accents(text.lower())) and not SHOULD_RE.search(text):
        # "bỏ cf mỗi ngày thì tiết kiệm đc bn": what stopping something of theirs saves is their own spending on it,
        # never a passage about saving (words the parser could not place make it an unsure answer, said as such)
        return done([("money", best, text)], money_calls(q), query=q)
    # 7. everything else that is about money or Moneta is answered from the knowledge the assistant may use (help,
    #    education, the user's notes): the best fitting fact decides which, not a guess between "concept" and
    #    "app help"; documents are listed when asked for; the web when asked for; the rest is out of scope.
    if DOCUMENT_LIST_RE.search(text) and (intent == "documents" or "knowledge base" in text.lower()):
        return done([("documents", best, text)], [{"name": "list_documents", "args": {}}])
    if intent == "web" and LIVE_RE.search(text) and not (CONCEPT_Q_RE.search(text) or VI_CONCEPT_RE.search(text)):
        # what changes by the day ("the newest savings rates") is on the web; anything else ("how is stamp duty
        # calculated", "what is a high-yield savings account") is looked up in the knowledge base first, and the
        # web follows when nothing there fits (offline model's next step)
        return done([("web", best, text)], [{"name": "search_online", "args": {"query": text}}])
    if points_at_nothing(text, q, ctx):  # "how many was that?" with no answer before it: ask (last_answer.py)
        return done([("clarify", best, text)], [])
    if ctx.previous_query and ctx.previous_family != "other" and leans_on_last_answer(text):
        # a short turn after a money answer is about that answer, never a knowledge search — unless it names a
        # concept ("what is an index fund?"): ask what it wants of the answer rather than guess
        ask_about_last_answer(text, ctx)
        return done([("clarify", best, text)], [])
    if ctx.previous_family == "other" and ctx.previous_asked and FINANCE_WORDS_RE.search(ctx.previous_asked) \
            and leans_on_question(text):
        # "what's my credit score" → "ok then what even affects it": the thing asked about before, as a concept
        # (route() widens the search with the question before)
        return done([("concept", best, text)], [{"name": "search_knowledge_base", "args": {"query": search_query(text)}}])
    out_of_scope = intent == "out_of_scope" and best >= 0.45 and not FINANCE_WORDS_RE.search(text) \
        and not (concept_frame(text) and names_education_topic(text))  # "what's a roth ira and who is it good for"
    # near no exemplar of any family, an English request of its own that wants nothing Moneta does ("write me a cover
    # letter for a barista job"); not a wish about the app ("i'd like to update my email") nor a short turn, nor a
    # question about something of theirs ("what is my plan to pawn the watch?": it may be in their own notes)
    unclear = best < UNCLEAR and question_language(text) == "en" and len(text.split()) >= 4 \
        and not re.search(r"\d|\b(?:i'?d like|i want|i need|how|where|update|change|set|my|mine)\b", text, re.I)
    if out_of_scope or ((intent == "out_of_scope" or unclear) and not (concept_q or FINANCE_WORDS_RE.search(text)
                                                          or APP_NOUNS.search(text))):
        return done([("out_of_scope", best, text)], [])
    label = "investment_advice" if intent == "investment_advice" else "concept"
    return done([(label, best, text)], [{"name": "search_knowledge_base", "args": {"query": search_query(text)}}])
