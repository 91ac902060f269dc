"""The offline reading of a request to act ("start a savings jar for a trip with $200 a month", "file all
rides as Transport", "log a cash lunch of $12", "drop the duplicate Netflix charge", "cancel my gym plan").

A request is an imperative: a verb of change first (after "please", "can you", "I'd like to"…), never a
question about how to do it ("how do I create a jar?" is app help). The result is the call of an action
tool that only proposes; the user confirms. Names are read with the same parser as money questions."""
from __future__ import annotations

import re
from typing import Any

from chat.actions.amend import amend_call
from chat.actions.amounts import amount_in
from chat.actions.basis import DEFAULT_MONTHS, basis_in, percent_in
from chat.actions.control import note_call
from chat.actions.duplicate_check import duplicate_check_call
from chat.actions.jar_change import jar_change_call
from chat.actions.jar_subject import basis_subject
from chat.actions.off_list import off_list_call
from chat.actions.proposals import (
    add_call,
    budget_call,
    category_in,
    delete_call,
    figure_said_before,
    jar_call,
    recategorise_call,
    understand_in,
)
from chat.actions.scope import act_period
from chat.actions.verbs import (
    ADD_RE,
    BUDGET_RE,
    CLAUSE_RE,
    DELETE_RE,
    FUTURE_RE,
    IF_RE,
    JAR_RE,
    NEW_BUDGET_RE,
    QUESTION_RE,
    RECAT_RE,
    REVISE_RE,
    UNAVAILABLE_VERB_RE,
    VI_FOR_ME_RE,
    VI_HOW_RE,
    VI_UNDO_ASKED_RE,
    WORDED_AS_ASK_RE,
    asked_after,
    looks_like_request,
    one_named,
    plain_request,
    saving_asked,
)
from chat.unavailable_actions import FIRM, cancel_of_last_subject, cancel_of_recurring, unavailable_action
from transactions.query.asides import set_aside
from transactions.query.exclusions_wording import exclusion_asked
from transactions.query.pointers import POINTS_AT_LISTED_RE
from transactions.query.state import exclusion_followup

CAN_YOU_RE = re.compile(r"^\s*(?:can|could|would|will)\s+you\b", re.I)
# "cancel netflix, how much would I save": the price of the plan answers it (chat/actions/compose.py), no query
WOULD_RE = re.compile(r"\b(?:would|could|will|save|saving|if)\b", re.I)
# "the big Best Buy charge", "that huge IKEA order": one transaction, the largest of what is named
THE_BIG_ONE_RE = re.compile(r"\b(?:the|that|this)\s+(?:big|large|huge|expensive|pricey)\b(?!\s+(?:ones|charges|orders|"
                            r"purchases|transactions|payments)\b)", re.I)
REMINDER_RE = re.compile(r"\bremind(?:er)?s?\b|\bnhắc\b", re.I)
POINTER_WORDS = {"them", "they", "those", "these", "it", "that", "this", "em", "'em", "ones", "one"}
PROPOSING = {"propose_create_jar", "propose_set_budget", "propose_set_category", "propose_add_transaction",
             "propose_delete_transaction", "propose_set_jar_budget", "amend_pending_action"}


def action_call(text: str, q: Any, ctx: Any) -> dict[str, Any] | None:
    """The action tool call a request to act asks for, or None when the text is not a request to act. The
    request may follow what it is about ("Netflix charged me twice in May, get rid of the extra one"): each
    clause is read for the verb, the whole text for the names, amounts and dates."""
    if not text.strip():
        return None
    if (amend := amend_call(text, ctx)) is not None:  # "actually make it $16": the proposal just made, corrected
        return amend
    if (check := duplicate_check_call(text, q, ctx)) is not None:  # "was I charged twice for X": the rows, an offer
        return check
    text = plain_request(text)  # "would you be so kind as to set me up a jar…": "please set me up a jar…"
    # "make me one for rent" after "how do jars work?": a jar; "…, my manager says budgeting is adulting 101": the
    # remark is no part of the request (its words name nothing to change, its numbers are no amount)
    text = one_named(text, getattr(ctx, "previous_asked", ""))
    if looks_like_request(kept := set_aside(text)[0]):  # the request kept, not a question after a request set aside
        text = kept
    if exclusion_followup(text, q, getattr(ctx, "previous_query", None)) or exclusion_asked(text, q):
        return None  # "drop rent" after a ranking leaves it out of the question (transactions.query.followups)
    if (split := _request_then_question(text, ctx)) is not None:
        return split
    if note := note_call(text):
        return note
    if (QUESTION_RE.search(text) and not CAN_YOU_RE.search(text)) or VI_HOW_RE.search(text) \
            or (VI_UNDO_ASKED_RE.search(text) and not VI_FOR_ME_RE.search(text)):
        return None
    clauses = [text, *(c for c in CLAUSE_RE.split(text)[1:] if len(c.split()) >= 2)]

    def said(pattern: re.Pattern[str]) -> re.Match[str] | None:
        return next((m for c in clauses if (m := pattern.search(c))), None)

    if (off := off_list_call(text, ctx)) is not None:  # "take that one off my list": by what the list was
        return off
    # not a question (those returned above): a request Moneta can't carry out, however it is worded ("set a
    # reminder for rent")
    recurring = list(getattr(ctx, "recurring", None) or [])
    last = _last_answer_merchants(ctx)
    found = unavailable_action(text) or cancel_of_recurring(text, list(getattr(q, "merchants", None) or []), recurring)
    if found is None and (found := cancel_of_last_subject(text, last, recurring)) is not None:
        # "please stop it for me" after what the gym took: that plan is the subject, not a word of the turn
        return {"name": "explain_unavailable_action", "args": {"request": text, "subject": last[0]}}
    if found is not None and found.what == "move or pay money" and _refiles(text, ctx):
        found = None  # "move the last 3 Target charges to Groceries": their category, no money moved
    if found is not None and IF_RE.match(text) and found.what != "cancel a subscription":
        return None  # "if I move to an apartment for $1,800, how much would I save": a what-if, not a request
    # "set a reminder to pay pg&e": a reminder whatever verb asks for it, never a category called "Pay Pg&e"
    reminder = found is not None and found.what == "reminders and shared bills" and REMINDER_RE.search(text)
    if found is not None and (found.what in FIRM or reminder or said(UNAVAILABLE_VERB_RE)
                              or recategorise_call(text, ctx) is None):
        merchants = list(getattr(q, "merchants", None) or getattr(q, "exclude_merchants", None) or [])
        # "cancel netflix, how much would I save": the plan it is about, whose price the answer gives; only a plan is
        # such a subject ("remind me to pay the PG&E bill" is no "**Pg&e Web**:" matter, and has no price to give)
        plan = "subscription" in found.what and len(merchants) == 1
        return {"name": "explain_unavailable_action",
                "args": {"request": text, **({"subject": merchants[0]} if plan else {})}}
    # (only right after a turn that was no money answer: "use the 3-month average instead" after a figure is a
    # money follow-up)
    if getattr(ctx, "previous_family", None) == "other" and REVISE_RE.search(text) \
            and not getattr(q, "merchants", None) and not getattr(q, "categories", None) \
            and (basis := basis_in(text, q) or ({"percent_change": p} if (p := percent_in(text)) else None)):
        # "actually base it on the 3-month average instead": the proposal just made, on another basis
        return {"name": "propose_set_budget", "args": {"category": "", "revise": True, **basis}}
    def jar_basis(said: str) -> dict[str, Any] | None:  # "… to what I averaged on dining": computed, on what it names
        found = basis_in(said, q)
        if not found:
            return None
        categories, merchants = basis_subject(said, understand_in, ctx)
        return {**found, **({"categories": categories} if categories else {}),
                **({"merchants": merchants} if merchants and not categories else {})}

    if jar_change := jar_change_call(text, jar_basis):  # "raise the groceries jar to 500": a jar they have, a new amount
        return jar_change
    figure = figure_said_before(text, ctx)  # "set up a budget with that amount": the last answer's figure
    # "using what I usually spend", "10% below what I spent last month": an amount computed from their spending
    basis = basis_in(text, q) if amount_in(text) is None and figure is None else None
    if m := said(JAR_RE) or saving_asked(text):
        return jar_call(text, m.group("rest"), q, ctx, figure=figure, basis=basis)
    if said(BUDGET_RE) and (amount_in(text) is not None or figure is not None or basis is not None):
        return budget_call(text, q, ctx, figure=figure, basis=basis)
    if said(NEW_BUDGET_RE) and (getattr(q, "categories", None) or getattr(q, "merchants", None)
                                or category_in(text, ctx)):
        # "could you make one for me then, for the groceries" (after what a budget is): no amount said, so their usual
        # month there, computed and shown on the card; the user confirms or says another amount
        return budget_call(text, q, ctx, basis={"usual_months": DEFAULT_MONTHS})
    if said(DELETE_RE):
        return delete_call(text, q, ctx)
    if said(ADD_RE) and amount_in(text) is not None:
        return add_call(text, q, ctx)
    if said(RECAT_RE) and (call := recategorise_call(text, ctx)) is not None:
        if FUTURE_RE.search(text):  # "from now on…": how the ones to come follow, from the help pages, beside it
            call["howto"] = "correcting a category teaches Moneta: future transactions follow what Moneta has learned"
        return call
    return None


def _last_answer_merchants(ctx: Any) -> list[str]:
    """The merchants the very last answer was about, when it was a money answer (else none: "it" points elsewhere)."""
    if getattr(ctx, "previous_family", None) != "money":
        return []
    return list((getattr(ctx, "previous_query", None) or {}).get("merchants") or [])


def cancels_last_plan(text: str, ctx: Any) -> bool:
    """Does "cancel it" / "stop that" point at the plan the last answer was about (one of their recurring charges)?"""
    return cancel_of_last_subject(text, _last_answer_merchants(ctx), list(getattr(ctx, "recurring", None) or [])) \
        is not None


def _refiles(text: str, ctx: Any) -> bool:
    """Does "move … to X" file transactions under a category (one of theirs, or one said to be a category)?"""
    call = recategorise_call(text, ctx)
    if call is None:
        return False
    category = str(call["args"].get("category") or "").lower()
    return category in {c.lower() for c in getattr(ctx, "categories", None) or []} \
        or bool(re.search(r"\bcategor(?:y|ies)\b|\bdanh mục\b", text, re.I))


# the request said again as an order, not a question after it: "…, go ahead and do it", "…, just do that"
DONE_ECHO_RE = re.compile(r"^\W*(?:just\s+|please\s+)?(?:do|does)\s+(?:it|that|this|so|the same)\b", re.I)


def _request_then_question(text: str, ctx: Any) -> dict[str, Any] | None:
    """A request with a question after it, both to be done: "log $12 cash for lunch, then tell me where dining is
    at this month", "re-file the rides as Transport. Also, how much was it?", "cancel my gym — what have I paid
    them this year?". The request's call carries the question (`then`) and the request (`front`); the router runs
    the question beside the proposal, or beside the steps for what Moneta can't do."""
    if (found := asked_after(text)) is None:
        return None
    start, ask = found
    if DONE_ECHO_RE.match(ask):
        return None  # "set a budget of $400 for dining, go ahead and do it": the request said again, no question
    front = text[:start]
    if QUESTION_RE.search(front) and not CAN_YOU_RE.search(front):
        return None  # a question first ("how much did I spend on X, and can you make a jar"): not this order
    call = action_call(front, understand_in(front, ctx), ctx)
    if call is None or "then" in call:
        return None
    takes_question = call["name"] in PROPOSING \
        or call["name"] == "save_note" and WORDED_AS_ASK_RE.search(ask) is not None \
        or call["name"] == "explain_unavailable_action" and not WOULD_RE.search(ask)
    return {**call, "then": ask, "front": front} if takes_question else None


def then_question(call: dict[str, Any], ctx: Any) -> Any:
    """The money question asked after a request in the same message ("…, then tell me where dining is at this
    month"), as a query to run beside the proposal; None when there is none. A question that points back or names
    nothing of its own ("and tell me if I would've blown it last month", "how much that moves") is about what the
    request files, budgets or saves for, over the question's period (else the request's). Pops the call's keys."""
    then, front = call.pop("then", None), call.pop("front", "")
    if not then:
        return None
    tq, fq = understand_in(then, ctx), understand_in(front, ctx)
    if call["name"] == "check_data_available" and not (tq.merchants or tq.categories or tq.text):
        return None  # "how are my investments doing… is it up this year?": the question is of the thing it can't see
    # names the question gives of its own ("… how much at whole foods"), however linked, except a guess by meaning
    solid = [link for link in tq.links if link.how in ("exact", "synonym", "concept", "alias", "prefix", "spelling",
                                                      "nickname", "initials")]
    args = call["args"]
    merchants = list(args.get("merchants") or ([] if args.get("category") or args.get("categories") else fq.merchants))
    categories = [] if call["name"] == "propose_set_category" else \
        list(args.get("categories") or ([args["category"]] if args.get("category") else fq.categories))
    if (merchants or categories) and (not solid or POINTS_AT_LISTED_RE.search(then)):
        tq.merchants, tq.categories, tq.unknown, tq.text, tq.links = merchants, categories, [], [], []
        # "what have I paid them", "how much were those": the word that points back is read (as the request's subject)
        tq.ignored = [w for w in tq.ignored if w.lower() not in POINTER_WORDS]
        # the request's own period: "recategorize my uber eats from October…, how many is that" is October's, as the
        # proposal reads it (chat/actions/scope.py), not since October
        tq.period = tq.period or act_period(front, ctx.today) or fq.period
        # what the request said of the rows stays: "delete the uber eats orders over $40, what's their total" (the
        # bound), "note that the big Best Buy charge was a gift, how much was it" (the one biggest charge)
        if tq.amount_min is None and tq.amount_max is None:
            tq.amount_min, tq.amount_max = fq.amount_min, fq.amount_max
        if tq.measure == "total" and (fq.measure == "largest" or THE_BIG_ONE_RE.search(front)):
            tq.measure, tq.limit = "largest", fq.limit or 1
    return tq if tq.has_filters or tq.period is not None else None

