"""Does the answer fit its question: the penalty and reasons of the confidence check (chat/turn_check.py) for an answer
whose queries left out a merchant, category, amount or period the question names, words not understood, names read
loosely, or an operator of the question's own words that no query carried out. The grounding of its figures and
citations, and the confidence formula, are chat/grounding.py's."""
from __future__ import annotations

import json
import re
from datetime import date

from chat.answer_shape import shape_misfit
from chat.assistant import MONEY_TOOLS, TurnRecorder
from chat.balances import BALANCE_TOOLS
from chat.help_question import asks_app_place
from chat.listings import LISTING_NAMED_BY
from chat.restate import asks_restatement
from chat.subject_kept import dropped_subject, empty_narrowing, one_asked_many_given, subject_set_aside
from chat.tool_fit import direction_fit, figure_fit, function_words_only, kind_fit, question_reading, reasoning_fit
from chat.unplaced import accounted_by_tools, lacking_in_union, name_like, written_in_vietnamese
from chat.word_roles import carried_out
from transactions.brands import brand_index
from transactions.query.account import companion
from transactions.query.closed_words import closed_class_only
from transactions.query.lexicon import PLACE_NOUNS
from transactions.query.state import asks_again, query_unchanged
from transactions.query.things import said_with_determiner

# a name read loosely; "partial": one distinctive word of it kept, the rest changed ("whole paycheck") — never confident
LOOSE_PENALTY = {"spelling": 0.1, "prefix": 0.2, "initials": 0.2, "nickname": 0.25, "partial": 0.6}
LISTING_TOOLS = {"list_subscriptions", "get_jar_status"}  # a listing the question does not name, chosen by
# meaning while some of its words stayed unplaced, is not an answer to it (answer_fit; the words: chat/listings.py)
UNDERSTOOD_PENALTY = 0.7  # a word that could change the answer was not understood: always below "confident"
# "the burrito place": a shop of theirs named by what it sells, not a thing — "nothing is about it" is not an answer
# "the film streaming one", "the burrito takeout place": a shop or service of theirs described, one word before the noun
PLACE_RE = re.compile(rf"^\W*(?:[a-z]+ )?(?:{'|'.join(PLACE_NOUNS)})\b")
NAME_NONE_PENALTY = 0.5  # "nothing at Costco": a name of no merchant of theirs, answered that there is none — medium
# "nothing is about the boat", "my dog", "the wedding trip": a thing with no category of its own, found nowhere —
# said, at low confidence (0.95 − 0.6 < 0.4): the thing may be filed under a category the answer cannot tell
THING_PENALTY = 0.6


def _ran_queries(recorder: TurnRecorder) -> list[dict]:
    out = []
    for r in recorder.tool_records:
        # balances and net worth (chat/balances.py) are not queries over transactions: their fit is chat/actions/fit
        if r.name in MONEY_TOOLS and r.name not in BALANCE_TOOLS and not r.error and isinstance(r.result, dict):
            q = r.result.get("query") if isinstance(r.result.get("query"), dict) else {}
            out.append({"name": r.name, "query": q, "arguments": r.arguments, "result": r.result})
    return out


def ran_periods_of(ran: list[dict]) -> list[dict]:
    """Every period a query that ran covered: its own, its result's and its comparison sides'."""
    out = []
    for x in ran:
        out.append(x["query"].get("period") or {})
        out.append({"start": x["result"].get("start"), "end": x["result"].get("end")})
        out += [s.get("period") or {} for s in (x["query"].get("compare") or {}).get("sides") or []]
        out += [{"start": s.get("start"), "end": s.get("end")} for s in x["arguments"].get("compare") or []
                if isinstance(s, dict)]
    return out


def _mentions(ran: list[dict]) -> str:
    """Everything the money tools were asked and answered about, as one lower-case text."""
    return json.dumps([{"q": x["query"], "a": x["arguments"], "t": x["result"].get("title"),
                        "m": x["result"].get("merchant"), "c": x["result"].get("category"),
                        "cats": x["result"].get("categories")} for x in ran], default=str).lower()


def _readings_disagree(ctx, question: str = "") -> str:
    """Two independent readings of the question — the grammar's route and the nearest labelled exemplars — that
    point at different sources (money vs knowledge), with the exemplars sure of theirs, make an answer doubtful."""
    seen = getattr(ctx, "routed", None)
    if seen is None:
        return ""  # no router ran (the LLM path): there is no second reading to set against the first
    family, score, route = seen.family, seen.score, seen.route
    if not family or route in ("followup", "note", "out_of_scope") or score < 0.55:
        return ""
    routed = "money" if route in ("money", "jars", "subscriptions", "budget_advice") else \
        "knowledge" if route in ("concept", "doc_question", "investment_advice", "app_help") else route
    exemplar = "knowledge" if family in ("knowledge", "app") else family
    if routed == "knowledge" and route == "app_help" and asks_app_place(question):
        return ""  # "where in the app do I see what I spent": a place asked, which money words only describe
    if {routed, exemplar} == {"money", "knowledge"}:
        return f"the question reads as {exemplar} by its wording but was answered from {routed}"
    return ""


def _followup_changed_nothing(understood: dict, ran: list[dict], ctx) -> bool:
    """A turn read as a follow-up whose query that ran is the last answer's own: it asked something that did not
    reach the query ("what left my account that month" after money in, answered with money in again)."""
    previous = getattr(ctx, "previous_query", None)
    if not understood.get("followup") or not previous:
        return False
    ran_queries = [x["query"] for x in ran if x["query"]]
    return bool(ran_queries) and all(query_unchanged(previous, q) for q in ran_queries)


def answer_fit(*, question: str, recorder: TurnRecorder, ctx, answer: str = "") -> tuple[float, list[str]]:
    """(confidence penalty, reasons) for an answer that does not fit its question: a merchant, category, amount
    or period the question names that no query used; words that were not understood; names linked only by
    similarity (the parser's reading, `_reading_fit`); and an operator of the question's own words — a total, an
    exclusion, "same month last year", "add them up" — that no query carried out (chat/answer_shape.py, read
    independently of the parser). Works the same for the offline model and an LLM's tool calls: both read the
    question and compare it with the queries that ran."""
    ran = _ran_queries(recorder)
    penalty, reasons = _reading_fit(question=question, recorder=recorder, ran=ran, ctx=ctx)
    if ran and (understood := question_reading(question, ctx)):  # chat/tool_fit.py: a kind of business guessed
        kind, why_kind = kind_fit(understood, answer)
        penalty, reasons = penalty + kind, reasons + why_kind
    inward, why_in = direction_fit(ran, ctx)
    figure, why_figure = figure_fit(question, recorder)
    penalty, reasons = penalty + inward + figure, reasons + why_in + why_figure
    shape, why = shape_misfit(question, ran, ctx)
    return round(penalty + shape, 3), reasons + why


def _reading_fit(*, question: str, recorder: TurnRecorder, ran: list[dict], ctx) -> tuple[float, list[str]]:
    disagreement = _readings_disagree(ctx, question)
    if not ran:
        penalty, reasons = reasoning_fit(question, recorder, ctx)
        return (penalty + 0.3, [*reasons, disagreement]) if disagreement else (penalty, reasons)
    understood = question_reading(question, ctx)
    if not understood:
        return 0.0, []
    penalty, reasons = 0.0, []
    said = _mentions(ran)
    missing = [n for n in (understood.get("merchants") or []) + (understood.get("categories") or [])
               if n.lower() not in said]
    for name in missing[:2]:
        penalty += 0.5
        reasons.append(f"the question names {name!r} but no query that ran used it")
    for bound in ("amount_min", "amount_max"):
        value = understood.get(bound)
        if value is not None and not any(x["query"].get(bound) is not None or x["arguments"].get(bound) is not None
                                         for x in ran):
            penalty += 0.4
            reasons.append(f"the question sets {bound.replace('_', ' ')} {value} but the query ignored it")
    period = understood.get("period") or {}
    if period.get("start") and period.get("label") != "all time":
        ran_periods = [(x["query"].get("period") or {}) for x in ran] + [
            {"start": x["result"].get("start"), "end": x["result"].get("end")} for x in ran]
        if not any(p.get("start") == period["start"] and p.get("end") == period["end"] for p in ran_periods) and \
                not any((s.get("period") or {}).get("start") for x in ran
                        for s in ((x["query"].get("compare") or {}).get("sides") or [])):
            penalty += 0.4
            reasons.append(f"the question asks about {period.get('label')} but the query covered another period")
    compared = [s.get("period") for s in ((understood.get("compare") or {}).get("sides") or []) if s.get("period")]
    if len(compared) >= 2:
        # "was May or June worse": every period compared must have been run, never one month alone
        covered = {(p.get("start"), p.get("end")) for p in ran_periods_of(ran)}
        left = [p.get("label") for p in compared if (p.get("start"), p.get("end")) not in covered]
        if left:
            penalty += 0.5
            reasons.append(f"the question compares periods but no query covered {left}")
    if lost := dropped_subject(question, ran, ctx):  # "and how many trips there": the subject must be kept
        penalty += 0.6
        reasons.append(f"the turn points back at {', '.join(lost[:3])} but the query that ran dropped it")
    if aside := subject_set_aside(question, ran, understood):  # "the rides — not the food one" answered as Dining
        penalty += 0.6
        reasons.append(f"the question sets {', '.join(map(repr, aside[:2]))} aside but a query that ran counted it")
    if narrowed := empty_narrowing(ran):  # "amazon on online orders": nothing of Amazon says "online"
        penalty += 0.6
        reasons.append(f"{narrowed} narrowed a name they have to nothing: the words may describe it instead")
    if one_asked_many_given(question, ran):  # "just the most recent trip" answered with a total of every trip
        penalty += 0.6
        reasons.append("the question asks for the most recent one but the query summed many rows over all time")
    # the account of the words: a content word that stayed unknown, or was matched only by meaning, means the
    # question was not understood — whatever the answer says, it is not a confident one
    # the account of the words is the money query's: the list of subscriptions and the jars take no query and are
    # chosen by their own words ("subscribed", "memberships", "jar"), so the query's account does not apply to them
    if all(x["name"] in LISTING_TOOLS for x in ran):
        unplaced = [w for w in (understood.get("ignored") or []) + (understood.get("unknown") or [])
                    if len(w.replace(" ", "")) >= 3 and not function_words_only(w, question)]
        if unplaced and not any(LISTING_NAMED_BY[x["name"]].search(question) for x in ran):
            # chosen by meaning alone, with words of the question left unplaced ("I'd like to update my email"
            # answered with the list of subscriptions): not understood, whatever the list says
            penalty += UNDERSTOOD_PENALTY
            reasons.append(f"words not understood: {unplaced}")
        return round(penalty + (0.3 if disagreement else 0.0), 3), reasons + ([disagreement] if disagreement else [])
    # two letters can be a name cut to its initials ("gp"); one letter carries nothing
    today = getattr(ctx, "today", None) or date.today()
    stated = bool((understood.get("period") or {}).get("start")) and \
        (understood.get("period") or {}).get("label") != "all time"

    def carried(w: str) -> bool:  # "the same 2 months"; "across the past year", "from the start of your records"
        return accounted_by_tools(w, recorder.tool_records, today) or \
            carried_out(w, recorder.tool_records, today, stated) or companion(w, question)  # "w the kids"
    not_understood = [w for w in understood.get("ignored") or [] if len(w.replace(" ", "")) >= 2
                      and not function_words_only(w, question) and not carried(w)]
    not_understood += [f"{w} (to leave out)" for w in understood.get("excluded_unknown") or []
                       if not function_words_only(w, question)]  # "if it isn't too much trouble" leaves nothing out
    answered = any(x["result"].get("found") for x in ran)
    # a word of a closed class ("honestly", "bro", "nhỉ") left as unknown is no thing the question is about
    understood = {**understood, "unknown": [u for u in understood.get("unknown") or []
                                            if not closed_class_only(u, question) and not carried(u)]}
    lacking = [u for u in understood.get("unknown") or [] if answered and lacking_in_union(u, question, understood)]
    if lacking:  # "trader joes and aldi": theirs counted, and nothing is called aldi — said so, medium at most
        penalty += NAME_NONE_PENALTY
        reasons.append(f"names in a union that match none of theirs, answered as none: {lacking}")
    if (unknown := [u for u in understood.get("unknown") or [] if u not in lacking]) and (
            answered or any(understood.get(k) for k in ("merchants", "categories", "text"))):
        # "dining for the wedding": answered Dining without "wedding"; "the bachelor weekend": a figure for something
        # else was given while the thing asked about is not in their data
        not_understood += unknown
    elif not lacking:
        # "no transactions at X" is not understood when X is close to one of their names ("starbuks") or is a word
        # of the question's own language rather than a brand ("tổng cộng")
        not_understood += [u for u in understood.get("unknown") or []
                           if (understood.get("suggestions") or {}).get(u) or written_in_vietnamese(u, question)]
        things = understood.get("things") or {}
        rest = [u for u in understood.get("unknown") or [] if u not in not_understood]
        unmatched = [u for u in rest if u not in things]
        if unmatched and not answered and all(name_like(u, question) and _known_or_written_as_name(u, question)
                                              for u in unmatched):
            # "any Costco purchases?": one name, close to none of theirs by spelling, said where a name goes —
            # "nothing at Costco" is the answer, resting on nothing found: medium, never high
            penalty += NAME_NONE_PENALTY
            reasons.append(f"names that match none of their merchants, categories or descriptions: {unmatched}; "
                           "answered that there is none")
        elif unmatched:
            # a name that links to nothing of theirs (a phrase, or a word the grammar lacks read as a name): the
            # answer "nothing at X" may be right, but it rests on nothing found — never a confident one
            penalty += UNDERSTOOD_PENALTY
            reasons.append(f"names that match none of their merchants, categories or descriptions: {unmatched}")
        elif rest and not all(said_with_determiner(u, question.lower()) and not PLACE_RE.search(
                question.lower().split(u, 1)[-1]) for u in rest):
            # "spending on golf": a bare everyday word may be a word of the question the grammar lacks ("count of
            # purchases" was one), so "nothing is about it" is not a confident answer
            penalty += UNDERSTOOD_PENALTY
            reasons.append(f"everyday words not placed, answered that nothing is about them: {rest}")
        elif rest:
            # "the boat", "my dog": no transaction is about it, which is the answer — never a confident one
            penalty += THING_PENALTY
            reasons.append(f"nothing in their transactions is about {rest}: answered that there is none")
    guessed = [link["mention"] for link in understood.get("links") or [] if link.get("how") == "meaning"]
    # "starbucks and uber, sorry, lyft": which thing the correction replaces is a guess (transactions/query/corrections.py)
    guessed += [c["said"] for c in understood.get("corrected") or [] if not c.get("clear", True)]
    guessed += list(understood.get("guessed") or [])  # "money pits": a ranking's level guessed (ranking_words.py)
    if not_understood or guessed:
        penalty += UNDERSTOOD_PENALTY
        reasons.append(f"words not understood: {not_understood + guessed}")
    elif understood.get("per") and any(x["result"].get("found") for x in ran) \
            and not any(x["result"].get("per") for x in ran):
        # "per week?" after a ranking or a count: the figure the turn asked for is not in the answer
        penalty += UNDERSTOOD_PENALTY
        reasons.append(f"the question asks for a figure per {understood['per']} but no query gave one")
    elif _followup_changed_nothing(understood, ran, ctx) and not asks_again(question) \
            and not asks_restatement(question):  # a check-back, or "in plain words?" (chat/restate.py): kept
        penalty += UNDERSTOOD_PENALTY
        reasons.append("the follow-up was read as the last question again: what it changes was not understood")
    if disagreement:
        penalty += 0.3
        reasons.append(disagreement)
    # "whole foods" for Whole Foods Mkt: the whole words that start one name of theirs are that name, not a guess
    loose = {link["mention"]: LOOSE_PENALTY[link["how"]] for link in understood.get("links") or []
             if link.get("how") in LOOSE_PENALTY and not (link["how"] == "prefix" and len(link.get("names") or []) == 1
                                                         and len(link["mention"].split()) >= 2)}
    if loose:
        penalty += max(loose.values())
        reasons.append(f"names read from a shortened or misspelled form: {sorted(loose)}")
    return round(penalty, 3), reasons


def _known_or_written_as_name(mention: str, question: str) -> bool:
    """Is an unplaced mention a shop's name by more than its place in the sentence: a brand the name-suggestion index
    knows ("costco", "aldi") or written with a capital ("Bunnings")? "grocs", "countng", "thanksgivng" are neither:
    a shortened or misspelled word, so "nothing at Grocs" is no answer to rest on."""
    index = brand_index()
    # a brand's whole name, or the words its name starts with ("sprouts" of Sprouts Farmers Market, "home depot")
    if index is not None and (index.match(mention)[1] or index.starts_a_name(mention)):
        return True
    return any(w[:1].isupper() for w in re.findall(r"[^\W\d_]+", question)
               if w.lower() in mention.lower().split() and not question.lstrip().startswith(w))
