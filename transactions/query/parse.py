"""Question (+ the conversation so far) → MoneyQuery. The one parser behind the search box, the API and the chat.

Steps: normalise → periods and amount bounds (grammar) → measure → entity linking against *this user's*
merchants and categories (exact, spelling, prefix, glued, concepts such as "coffee" or "gas", narrative
phrases that really occur in their statements, meaning by embeddings) → what is left is either a name the
user does not have ("Costco") or words that carry no filter → dialogue state (a follow-up changes what it
names and keeps the rest) → comparison sides.
"""
from __future__ import annotations

import re
from datetime import date, timedelta
from difflib import get_close_matches

from core.periods import Period, add_months
from transactions.query import grammar, ranking_places
from transactions.query.amounts import find_amounts
from transactions.query.asides import aside_definitions, is_person, people_named, set_aside
from transactions.query.asides_circumstance import circumstances_set_aside
from transactions.query.corrections import corrections_applied
from transactions.query.counterfactual import saved_if
from transactions.query.described import adds_to_last, described_links
from transactions.query.exclusions import (
    bounds_left,
    exclusion_inside_subject,
    inclusions_covered,
    mark_exclusions,
)
from transactions.query.exclusions_wording import exclusions_respelt
from transactions.query.followups import followup_in_part, followup_on_result
from transactions.query.followups_figures import biggest_left_out
from transactions.query.followups_merge import is_followup, merge_followup, settle_followup
from transactions.query.followups_named import named_row
from transactions.query.followups_parts import NOT_APART, TOGETHER_WORDS
from transactions.query.followups_periods import bare_count_unit
from transactions.query.followups_swap import subject_swapped
from transactions.query.grammar import find_group_by, find_measure, find_top_n
from transactions.query.lexicon import INCOME_VERB_RE, MANNER_RE, ORDER_WORDS, PER_ITEM_RE
from transactions.query.linking import Linker
from transactions.query.linking_sentence import link_entities
from transactions.query.model import MoneyQuery, Side, Vocab
from transactions.query.name_matching import tokens
from transactions.query.own_things import WHAT_ABOUT_RE, look_blanked, own_spending_asked, paid_deposits_blanked
from transactions.query.periods import TIME_COUNT_RE, find_periods
from transactions.query.periods_alike import same_days_alone
from transactions.query.periods_parts import unplaced_cues
from transactions.query.periods_pay import pay_periods, pay_words_blanked
from transactions.query.periods_weeks import weeks_of_month
from transactions.query.purchases import bought_not_bills
from transactions.query.ranking_versus import versus_rest
from transactions.query.ranking_words import level_guessed
from transactions.query.restatements import (
    definitions_read,
    restatement_apply,
    restatement_useful,
    restatements_found,
    without,
)
from transactions.query.settle import added_words_unread, examples_and_kinds, settle, union_text_named
from transactions.query.shares import share_asked, side_by_side_read
from transactions.query.sides import (
    compare_turns,
    paired_sides,
    peak_months,
    periods_anded,
    periods_left_unread,
    split_joined_span,
    two_periods_joined,
)
from transactions.query.spelling import common_words
from transactions.query.state import counted_nouns, leans_on_last, names_parts_of_last, referenced_merchant
from transactions.query.things import (
    LOOSE_CATEGORY,
    bracketed_names,
    earning_word,
    things_in,
    things_listed,
    things_owning,
)
from transactions.query.vietnamese import VI_POLITE_RE, named_shop, said_in, unjoin, vi_prepare
from transactions.query.weekdays import find_weekdays

# a turn after an income answer that asks about money going out ("and what did I spend that month?")
# a visit to a shop ("my biggest whole foods shop", "the largest costco run"), and shops ranked ("my biggest merchant")
ONE_VISIT_RE = re.compile(r"\b(?:shop|run|haul|trip|visit)\b")
SHOPS_RANKED_RE = re.compile(r"\b(?:merchants?|stores?|places?|payees?|vendors?|shops|businesses)\b")
SPENDING_RE = re.compile(r"\b(?:spen[dt]|spending|went out|go(?:es)? out|outgoings?|expenses?|paid out|money out|"
                         r"chi tieu|tieu)\b")
NARROW_RE = re.compile(r"^\s*(?:only|just)\b|\bjust the\b|\bonly the\b", re.I)
PER_RE = re.compile(r"\b(?:per|a|each|every|moi)\s+(day|week|ngay|tuan)\b|\b(daily|weekly)\b")


def _blank_words(text: str, words: list[str]) -> str:
    for word in words:  # a token of the parser ("jims") as written ("jim's")
        text = re.sub(r"\b" + "'?".join(re.escape(ch) for ch in word) + r"\b", " ", text)
    return text


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    for a, b in sorted(spans, reverse=True):
        text = text[:a] + " | " + text[b:]
    return text


def money_query_parse(question: str, *, vocab: Vocab, today: date, previous: MoneyQuery | None = None,
                      earlier: MoneyQuery | None = None, shown: dict | None = None) -> MoneyQuery:
    """`previous`: the money query of the last answer; `earlier`: the one before it ("which one was more?" compares
    the two); `shown`: what the last answer showed (its items, periods and figure) for follow-ups on the result."""
    question = subject_swapped(question, previous, lambda text: _parse(  # "no wait, not Target, I said TJ's"
        text, vocab=vocab, today=today, previous=None, earlier=None, shown=None))
    question, corrected = corrections_applied(question, today=today, read=lambda text: _parse(
        text, vocab=vocab, today=today, previous=None, earlier=None, shown=None))  # "X, sorry, Y": Y in X's place
    question, _ = definitions_read(question)  # "— by bills I mean rent, PG&E and Comcast": the bills are those
    restated = []  # "— so Chipotle and Uber Eats only", "(call it Nov 20 to Dec 31)": what the user means
    for found in restatements_found(question):
        r = _parse(found.body, vocab=vocab, today=today, previous=None, earlier=None, shown=None)
        if restatement_useful(r, found.names_allowed):
            restated.append((found, r))
    question = without(question, [found.span for found, _ in restated])
    question, circumstances, unapplied = circumstances_set_aside(question)  # "after church", "for my grandson Tommy"
    question, asides = set_aside(question)  # "for my accountant:", "(rent goes on the lease anyway)": no filters
    asides = circumstances + asides
    question, asides = aside_definitions(question, asides)  # "(lunch is pretty much always chipotle)": lunch = Chipotle
    q = _parse(question, vocab=vocab, today=today, previous=previous, earlier=earlier, shown=shown)
    for found, r in restated:
        if r.period is not None and q.period is not None and q.period.end < today and not (
                r.period.start <= q.period.end and q.period.start <= r.period.end):
            # "over the holidays last year (call it Nov 20 to Dec 31)": the days named, in the period they restate
            r = _parse(found.body, vocab=vocab, today=q.period.end, previous=None, earlier=None, shown=None)
        restatement_apply(q, r, found.names_allowed)
        if r.period is not None:  # the looser words for the period it restates are read
            q.ignored = [w for w in q.ignored if not find_periods(grammar.normalise(w), today)]
    if not q.unknown and all(x.negated or (x.how in LOOSE_CATEGORY and x.kind == "category") for x in q.links):
        # "my wife's lunches": her part of Dining, no filter picks it out; "my wife's spending": Moneta lacks it — not
        # understood, not an aside (while "my wife's gym membership" is the gym's, "my daughter's wedding" the wedding)
        people = [a for a in asides if is_person(a)]
        asides = [a for a in asides if a not in people]
        q.ignored += [re.sub(r"['’]|^(?:my|our|his|her|their|the)\s+", "", a.lower()) for a in people]
    people = people_named(q.unknown, q.suggestions, question, names_understood=any(
        not x.negated and x.kind in ("merchant", "category") for x in q.links))
    if people:  # "how much went to Harold's 'club'": whose it is, not what to count
        q.unknown = [u for u in q.unknown if u not in people]
        q.suggestions = {u: s for u, s in q.suggestions.items() if u not in people}
        asides += [p for p in people.values() if p not in asides]
    if previous is not None and (named := named_row(question, q, previous, shown)) is not None:
        q = named  # "the tv", "the flight one": the rows of the last answer that word names (followups_named.py)
    q.asides = asides
    bought_not_bills(q, question, vocab.categories)  # "the biggest thing I bought": rent is paid, not bought
    q.unapplied, q.ignored = unapplied, q.ignored + unapplied  # said in the answer; never a confident one
    q.corrected = [c.as_dict() for c in corrected]
    return q


def _parse(question: str, *, vocab: Vocab, today: date, previous: MoneyQuery | None,
           earlier: MoneyQuery | None, shown: dict | None, depth: int = 0) -> MoneyQuery:
    text = weeks_of_month(grammar.normalise(question), today if previous is None else None)  # "week 1 vs week 2 of last month": both weeks of it
    text = exclusions_respelt(text)  # "if you don't count the rent", "rent to one side": "except the rent"
    text = bare_count_unit(text, previous, today)  # "last 30?" after "the last 7 days": 30 days
    if previous is not None:
        on_result = followup_on_result(text, previous, shown, today, earlier=earlier)
        if on_result is not None:
            on_result.language = "vi" if grammar.is_vietnamese(question) else "en"
            # the words of the turns it builds on, as they wrote them ("cà phê", not "ca phe")
            on_result.said = {**(earlier.said if earlier else {}), **previous.said, **on_result.said}
            return on_result
        in_part = followup_in_part(text, previous, shown, today, earlier=earlier) if depth < 2 else None
        if in_part is not None:  # an edit of the last answer, and more said with it: the rest read over the edit
            composed = _parse(in_part[1], vocab=vocab, today=today, previous=in_part[0], earlier=previous,
                              shown=None, depth=depth + 1)
            if composed.followup and not composed.unknown:
                composed.language = "vi" if grammar.is_vietnamese(question) else "en"
                return composed
            if not composed.followup and not (composed.unknown or composed.links or composed.period
                                              or composed.excludes or composed.amount_min is not None
                                              or composed.amount_max is not None or composed.weekdays):
                # "how many lunches was that, the rascal?": the rest reads as nothing — the edit stands, the rest's
                # words left unread (so the answer says so), never the turn read whole without the edit
                edited = in_part[0]
                edited.ignored = list(dict.fromkeys([*edited.ignored, *composed.ignored]))
                edited.language = "vi" if grammar.is_vietnamese(question) else "en"
                return edited
    q = MoneyQuery(language="vi" if grammar.is_vietnamese(question) else "en")
    periods = pay_periods(text, find_periods(text, today), vocab.pay_last, today)  # "since my last payday"
    if previous is None:  # "groceries the same dates in August", said first: this month's days so far, in August
        periods = same_days_alone(text, periods, today)
    amount_text = _blank(text, [s for _, s in periods])
    low, high, amount_spans = find_amounts(amount_text)
    low, high, amount_spans = bounds_left(amount_text, low, high, amount_spans)  # "without the ones under $30": $30 and over
    q.amount_min, q.amount_max = low, high
    measure, _ = find_measure(pay_words_blanked(text))  # "since my last paycheck" asks for no money in
    own = own_spending_asked(text)  # "is anything from the wedding still showing up? … the venue deposit"
    if measure == "income" and own and find_measure(paid_deposits_blanked(text))[0] != "income":
        measure = find_measure(paid_deposits_blanked(text))[0]
    measure_text = text
    if measure == "monthly_average" and periods:
        # "average purchase last month": the month belongs to the period, it asks no average per month
        measure_text = _blank(text, [s for _, s in periods])
        again = find_measure(measure_text)[0]
        # "groceries L6M avg", "the last 6 months average": an average said over a span of several months, of no
        # single purchase, is the monthly average of those months
        over_months = again == "average" and _over_months(text, periods)
        measure = measure if over_months else again or measure
    elif measure == "average" and periods and _over_months(text, periods):
        # "dining avg over the last 3 months", "what has our shopping average been the past 4 months": the plural
        # "months" is no "a month", but an average of a span of several months, of no single purchase, is monthly
        measure = "monthly_average"
    anded = False  # two periods said each with its figure ("amazon in september and october")
    if measure == "compare" or (measure is None and not TOGETHER_RE.search(text)):
        # "compare groceries in july and august", "groceries august and september?": two months, each its figure
        # ("the total for june and july", "between june and july": one span)
        split = split_joined_span(text, periods, today)
        measure, periods, anded = ("compare", split, True) if len(split) > len(periods) else (measure, split, False)
    anded = anded or (measure in (None, "total") and periods_anded(text, periods) and not TOGETHER_RE.search(text))
    if measure in (None, "total") and (two_periods_joined(text, periods) or anded):
        measure = "compare"  # "was May or June worse", "gas in march vs april": both periods, side by side
    q.limit = find_top_n(text) or (1 if measure in ("top_merchants", "top_categories") and ranking_places.ONE_ASKED_RE.search(text)
                                   else None)  # "which dining place got most of my money": the one
    q.group_by = find_group_by(text)
    q.weekdays, weekday_spans = find_weekdays(_blank(text, [s for _, s in periods]))
    rest = _blank(text, [s for _, s in periods])
    rest = _blank(rest, amount_spans)
    rest = _blank(rest, weekday_spans)
    rest = re.sub(r"\btop\s+\d+\b|\bshell(?:ed)? out\b|\bfork(?:ed)? out\b|\bfree(?:s|d)? up\b", " | ", rest)
    rest = look_blanked(rest) if own else rest  # "is anything from the move still showing up": the look, no name
    if measure == "income":  # "how much did I bring in", "what we took home": the verb of earning, no name
        rest = INCOME_VERB_RE.sub(" | ", rest)
    rest = MANNER_RE.sub(" | ", rest)  # "bottom line?", "a rough estimate is fine": how to answer, not what
    if without := biggest_left_out(rest):  # "Travel all time, leaving out the most expensive ticket"
        q.skip_largest, rest = without[0], rest.replace(without[1], " | ")
        measure = find_measure(measure_text.replace(without[1], " "))[0]
    q.smallest_first, rest = grammar.smallest_first(rest, measure)
    ordinal = ranking_places.ORDINAL_RE.search(text)
    # "the second biggest, after rent", "runner-up behind Amazon": the one named is ranked above — left out of the
    # ranking, and the place counted from what remains
    rank_after = bool(ordinal or measure in ("top_merchants", "top_categories")) \
        and bool(grammar.RANK_AFTER_RE.search(rest))
    if rank_after:
        rest = grammar.RANK_AFTER_RE.sub(" except ", rest)
    rest = mark_exclusions(rest, measure)
    ordinal = None if ordinal and ordinal.group(3) and grammar.AND_NEXT_RE.search(text) else ordinal  # top two
    if ordinal and ordinal.group(1):  # "lớn thứ hai": the second largest ("thứ hai" is no name, nor Monday)
        rest = rest.replace(ordinal.group(0), " | ")
        measure = measure if measure not in (None, "total") else "largest"
    if ordinal and (place := ordinal.group(2) or ordinal.group(3) or ordinal.group(4)):  # "2nd biggest": its place read
        rest = re.sub(rf"\b{place}\b", " ", rest, count=1)
    if ordinal and measure in (None, "total"):  # "the #3 category in october": a place of a ranking, never a total
        measure = "top_categories" if re.search(r"\bcategor", text) else "top_merchants" if ranking_places.RANKED_NOUN_RE.search(
            text) else measure
    if ordinal:
        q.offset = ranking_places.ORDINALS.get(next((g for g in ordinal.groups() if g), ""), 2) - 1
        q.limit = q.limit or 1
        if (through := grammar.PLACES_THROUGH_RE.match(text, ordinal.end())) and (
                last := ranking_places.ORDINALS.get(through.group(1), 0)) > q.offset + 1:
            q.limit = last - q.offset  # "4th and 5th", "2nd through 4th": the places from one to the other
            rest = re.sub(rf"\b{through.group(1)}\b", " ", rest, count=1)
    per = PER_RE.search(text)
    if per:
        q.per = {"ngay": "day", "tuan": "week", "daily": "day", "weekly": "week"}.get(
            per.group(1) or per.group(2), per.group(1) or per.group(2))
    # Vietnamese: verbs, measure words and classifiers (transactions/query/vietnamese.py); in a turn read as English,
    # Vietnamese courtesy typed without marks ("…, xin loi nhe") is still never a name
    rest = vi_prepare(rest, question) if q.language == "vi" else VI_POLITE_RE.sub(" ", rest)
    links, unknown, ignored, suggestions, excluded_unknown = link_entities(
        tokens(rest), Linker(vocab, vietnamese=q.language == "vi"))
    named = [w for x in links if x.kind == "merchant" and x.how != "concept" for w in x.mention.split()]
    if measure and named and not anded:  # two periods, each its figure, stay compared
        # "at whole paycheck": "paycheck" is part of a name, not a question about money in
        measure, _ = find_measure(_blank_words(measure_text, named))
        measure = "monthly_average" if measure == "average" and periods and _over_months(text, periods) else measure
    q.excluded_unknown = excluded_unknown
    if rank_after:  # each one named as ranked above takes one place of the count
        q.offset = max(0, q.offset - len([x for x in links if x.negated and x.kind in ("merchant", "category")]))
    if q.language == "vi":  # "nhà thuốc Long Châu": that shop, not every pharmacy
        links, unknown, ignored = named_shop(links, unknown, ignored, rest)
    links, unknown, ignored = things_listed(links, unknown, ignored, rest)  # "the boat – slip fees, fuel"
    if q.language == "en":  # "gym day passes (Mission Cliffs)": that gym, none of theirs
        links, unknown, ignored = bracketed_names(links, unknown, ignored, question)
    links, owners = things_owning(links, [*ignored, *unknown], text)  # "the dog's food", "pet food": not Dining
    if owners:
        unknown, ignored = list(dict.fromkeys([*unknown, *owners])), [w for w in ignored if w not in owners]
    paid = measure == "income" or (previous is not None and previous.measure in ("income", "net"))
    if measure == "income":  # "what did I earn at work", "pay from my job": their pay as a whole, no source "work"
        unknown = [u for u in unknown if not earning_word(u)]
        suggestions = {u: x for u, x in suggestions.items() if u in unknown}
    if not [x for x in links if not x.negated] and not unknown and ignored \
            and measure in (None, "total", "count", "list", "largest", "average", "monthly_average", "income") \
            and not (paid and all(earning_word(w) for w in ignored)) \
            and (measure or grammar.SPEND_CUE.search(text) or own or (periods and len(
                [w for w in ignored if len(w) > 2]) == 1)
                 or (previous is not None and WHAT_ABOUT_RE.match(text))):  # "what about petco" after an answer
        # a money question that names nothing we know ("walgreens total", "the wedding"): the unplaced word is
        # what it asks about — never a total of everything
        # a short everyday word nothing of theirs is called ("cut" in "how can I cut my spending") is never the
        # subject; a short word that is no everyday word may be a name ("tjs", "ikea")
        # ("the dog", "my cat": a short word after a determiner is a thing, not a verb)
        names = [w for w in ignored if re.fullmatch(r"[a-z][a-z' &.-]{2,}", w) and w not in ORDER_WORDS
                 and not (paid and earning_word(w))  # "what did my job pay me", "did I get a raise": their pay
                 # "recategorize", "averaging" are verbs, no names; "the wedding", "my clothing" are things
                 and not (re.search(r"(?:i[sz]e|ing)$", w) and not re.search(rf"\b(?:the|my|our|his|her|their|a|an|on|"
                     rf"for|at)\s+{re.escape(w)}\b|\b{re.escape(w)}\s+(?:costs?|set me back|ran me)\b", text.replace("'", "")))
                 and (len(w.replace(" ", "")) >= 4 or w not in common_words()
                      or re.search(rf"\b(?:the|my|our|his|her|their|a|an)\s+{re.escape(w)}\b", text))
                 # a long question says more around its subject ("…have I ended up putting toward the temple
                 # donations"): there the subject is the word said as a thing or an object, not any word left over
                 and (len(tokens(rest)) <= SHORT_QUESTION or own
                      or re.search(rf"{OBJECT_BEFORE}{re.escape(w)}\b", text))]
        # "my boat and my dog": each thing after a possessive is asked about, not only the first
        named = names[:1] + [w for w in names[1:] if own or re.search(rf"\b(?:the|my|our|his|her|their)\s+{re.escape(w)}\b",
                                                               text)]
        unknown, ignored = named, [w for w in ignored if w not in named]
        suggestions = {u: [m for m in vocab.merchants if m.lower() in get_close_matches(
            u, [x.lower() for x in vocab.merchants], n=3, cutoff=0.6)] for u in unknown}
    if q.language == "en" and unknown and not adds_to_last(text, previous):
        # "that music thing", "the ride cars": a merchant of theirs described (not "and the online orders too" after
        # dining: words widening the last answer's subject)
        links, unknown, suggestions = described_links(links, unknown, suggestions, vocab, tokens(rest))
    q.links, q.unknown, q.ignored, q.suggestions = links, unknown, ignored, suggestions
    # "the run-up to the wedding": a stretch before something that is no period — the period was not understood
    q.ignored += [cue for cue in unplaced_cues(text, [s for _, s in periods]) if cue not in q.ignored]
    if measure != "monthly_average":  # "2 months back" read as no period: a length of time no period took is unread
        q.ignored += [m.group(0).strip() for m in TIME_COUNT_RE.finditer(rest) if m.group(0).strip() not in q.ignored]
    peak = ranking_places.PEAK_PERIOD_RE.search(text)
    if (least := ranking_places.LEAST_RANK_RE.search(text)) and measure in ("top_categories", "top_merchants", "summary") \
            and not q.smallest_first and least.group(0) not in q.ignored:
        q.ignored.append(least.group(0))
    if peak:  # "the biggest month", "which week did I spend the most": a ranking of periods the query cannot make
        q.ignored.append(peak.group(0).strip())
    for link in links:
        target = {"merchant": q.exclude_merchants, "category": q.exclude_categories, "text": q.exclude_text}.get(
            link.kind) if link.negated else {"merchant": q.merchants, "category": q.categories, "text": q.text}.get(
            link.kind)
        if target is not None:
            target.extend(n for n in link.names if n not in target)
    if not q.merchants and (ref := referenced_merchant(text, previous, shown)):  # "at that store": the last one's
        if ref[0]:
            q.merchants.append(ref[0])
            q.unknown = [u for u in q.unknown if u != ref[1]]
        else:
            q.ignored.append(ref[1])
    measure = saved_if(q, text, measure)  # "if I had cut Uber Eats out, how much would I have saved?"
    if measure == "top_merchants" and len(q.merchants) == 1 and ONE_VISIT_RE.search(text) \
            and not SHOPS_RANKED_RE.search(text):
        measure = "largest"  # "biggest whole foods shop": one shop's biggest visit, not a ranking of that one shop
    own_periods = [p for p, _ in periods]
    q.period = next((p for p in own_periods if not p.relative), None)

    followup = previous is not None and (is_followup(question, text, q, measure) or leans_on_last(text)
                                         or names_parts_of_last(text, q, previous, vocab.merchant_category))
    if followup:
        q.unknown = [u for u in q.unknown if u not in counted_nouns(text, q, previous)]  # "how many deliveries"
        said = q  # "add uber to that", "vs the subscriptions?", "the biggest except rent": followups_merge.py
        q = settle_followup(merge_followup(previous, said, measure=measure, periods=own_periods,
                                           narrow=bool(NARROW_RE.search(text)), earlier=earlier), said, previous, text, measure,
                            today, vocab.merchant_category, shown)
        q.followup = True
        if previous.measure in ("income", "net") and measure in (None, "total") and SPENDING_RE.search(text) \
                and not q.merchants and not any(link.kind == "category" for link in q.links if not link.negated):
            q.measure, q.categories, q.merchants, q.text = "total", [], [], []
    else:
        if own_periods and own_periods[0].relative and q.period is None and own_periods[0].step not in (0, -12) \
                and re.search(r"\b(?:previous|prior)\s+month\b", text[periods[0][1][0]:periods[0][1][1]]):
            # "the previous month", "the prior month" with nothing before it: the month before this one
            first = add_months(today.replace(day=1), -1)
            q.period = Period(first, add_months(first, 1) - timedelta(days=1), f"{first:%B %Y}", "month")
        elif own_periods and own_periods[0].relative and q.period is None and own_periods[0].step not in (0, -12):
            q.period = own_periods[0]  # "the month before" with nothing before it: the month before last
        elif own_periods and own_periods[0].relative and q.period is None and own_periods[0].step == -12:
            # "this time last year" with nothing before it: this month, a year ago
            first = add_months(today.replace(day=1), -12)
            q.period = Period(first, add_months(first, 1) - timedelta(days=1), f"{first:%B %Y}", "month")
        q.measure = measure or "total"
        if q.measure == "average" and q.group_by == "month":
            q.measure = "monthly_average"
        elif q.measure in ("average", "monthly_average") and q.per in ("day", "week"):
            q.measure = "total"  # "weekly average on food": the total spread per week, not per purchase
        if YEARLY_RE.search(text) and q.period is None and q.measure in ("total", "count") and not q.months:
            start = add_months(today, -12) + timedelta(days=1)
            q.period = Period(start, today, f"the last 12 months ({start:%-d %b %Y} – {today:%-d %b %Y})", "range")
        elif q.period is None and (in_a_year := re.search(r"\bin (?:a|one) (?:single |whole |full )?year\b", text)):
            q.ignored.append(in_a_year.group(0).strip())  # "did I spend … in a year": which year is not said
        if LATEST_RE.search(text) and q.measure in ("total", "list", "income"):
            q.measure, q.limit = "list", q.limit or 1
    exclusion_inside_subject(q, text)  # "dining minus the work lunches": a part of dining it cannot pick out
    inclusions_covered(q, text, vocab.merchant_category)  # "everything since August, rent included": no filter
    examples_and_kinds(q, vocab, text)
    union_text_named(q, text, vocab)  # "the Joe's and Whole Foods together": a part of the union, not a narrowing
    added_words_unread(q, text)  # "the flight in September plus the bag fee": never the bag fee alone
    if TEXT_CUE.search(text):
        # "everything with UBER on my statement": the words of the narrative, not one merchant
        for link in q.links:
            if link.kind == "merchant" and link.how != "concept":
                q.merchants = [m for m in q.merchants if m not in link.names]
                link.kind, link.names, link.how = "text", [link.mention], "narrative"
                q.text.append(link.mention)
    if q.followup and q.measure == "compare" and not q.compare and previous is not None and previous.period \
            and q.period is not None and q.period != previous.period \
            and (any(p.relative for p in own_periods) or len(own_periods) == 1):
        # "compare that with the month before", "how does that stack up against Q4 of 2025?": the last answer's
        # period against the one the turn names (not the named one against the stretch before it)
        other = q.period
        if other.grain == "year" and previous.period.grain not in ("year", "all") and previous.period.start.year \
                == previous.period.end.year != other.start.year and (previous.period.start, previous.period.end) != (date(today.year, 1, 1), today):
            # "vs last year?" after March: March of that year, not the whole year (after this year so far: the year)
            other = previous.period.shifted(years=other.start.year - previous.period.start.year)
        q.compare = {"mode": "periods", "sides": [Side(label=previous.period.label, period=previous.period),
                                                  Side(label=other.label, period=other)], "from_turns": True}
        q.period = None
    if q.followup and q.measure == "compare" and not q.compare and earlier is not None and previous is not None:
        compare_turns(q, earlier, previous)
    if not q.followup and q.measure in ("total", "compare") and not q.excludes:
        paired_sides(q, text, periods)  # "shell in August and chevron in July": each name with its own period
    settle(q, text, own_periods, today, kinds=vocab.categories, filed=vocab.merchant_category)
    versus_rest(q, text, own_periods, previous) or share_asked(q, text, list(vocab.categories))  # "what share of my spending went to dining": the part against its whole (shares.py)
    side_by_side_read(q, text)  # "dining and groceries, side by side": its words read
    periods_left_unread(q, text, periods)  # "dining in march and groceries in april": april is not silently dropped
    if peak and peak_months(q, text, today):  # "which month was highest for groceries": the months ranked
        q.ignored = [w for w in q.ignored if w != peak.group(0).strip()]
    if not q.followup and not q.unknown and not q.compare and not [x for x in q.links if not x.negated] \
            and (pronoun := PRONOUN_RE.search(text)) and not (q.language == "vi" and pronoun.group(0) == "em"):
        q.ignored.append(pronoun.group(0).strip())  # "how much did they cost" with nothing before it ("em tiêu": I)
    q.guessed += [g for g in [level_guessed(question)] if g and q.measure == "top_categories" and g not in q.guessed]
    q.things = things_in(q.unknown, text, vocab, question=question, vietnamese=q.language == "vi")
    if q.language == "vi":  # the words not understood as the question wrote them, for the answer to quote
        before = {**(earlier.said if earlier else {}), **(previous.said if previous else {})}  # kept from the last
        q.said = {w: said_in(w, question, before) for w in [*q.unknown, *q.ignored, *q.things, *(
            x.mention for x in q.links if x.how == "concept")]}
        unjoin(q)  # "con-meo" → "meo", said "con mèo"  # "the boat", "my dog": no shop, nothing in their descriptions
    return q


MULTI_MONTH_DAYS = 55  # a span of about two months or more
# an average said per a unit shorter than a month ("average daily spend", "avg per week"): not a monthly average
PER_SHORTER_RE = re.compile(r"\b(?:daily|weekly|per (?:day|week)|a (?:day|week)|each (?:day|week)|every (?:day|week))\b")


def _over_months(text: str, periods: list[tuple[Period, tuple[int, int]]]) -> bool:
    """An average said over a span of several months ("the last 6 months", "since June"), of no single purchase
    and of no shorter unit: the monthly average of those months."""
    return not PER_ITEM_RE.search(text) and not PER_SHORTER_RE.search(text) and any(
        (p.end - p.start).days >= MULTI_MONTH_DAYS for p, _ in periods)


# a question this long or shorter is mostly its subject: any word left over may be what it asks about
SHORT_QUESTION = 12
# what a thing asked about is said after: a determiner, a possessive, or a preposition of what money went on
OBJECT_BEFORE = r"\b(?:the|my|our|his|her|their|a|an|on|for|toward|towards|into|at|about)\s+(?:[a-z]+'s\s+)?"


LATEST_RE = re.compile(r"\b(?:my |the )?(?:last|latest|most recent)\s+(?:\w+\s+)?(?:order|purchase|transaction|charge|"
                       r"payment|visit|trip|bill|ride|paycheck|pay ?check|deposit|salary)\b|\bwhen did i last\b|\blast time i\b"
                       # "the last 3 starbucks purchases": a number of the latest ones
                       r"|\b(?:last|latest|most recent)\s+(?:\d+|two|three|four|five|ten)\s+(?:\w+\s+){0,2}?(?:orders|"
                       r"purchases|transactions|charges|payments|visits|trips|bills|rides|deposits)\b")
# "how much is netflix a year", "spotify annually": the figure for a year — the last twelve months unless a period
# is named
YEARLY_RE = re.compile(r"(?<!\bin )(?<!\bwithin )(?<!\bthan )(?<!\bfor )(?<!\bover )(?<!\bonce )"
                       r"\b(?:a|an|per|each|every)\s+year\b(?!\s+(?:ago|before|after|earlier|later|from|back)\b)"
                       r"|\byearly\b|\bannual(?:ly)?\b|\bmoi nam\b|\bhang nam\b"
                       # "what does netflix cost me in a year", "how much would I save over a whole year" (not "in a
                       # year's time")
                       r"|\b(?:cost|costs|costing|pay|paying|save|saved|saving|free up)\b[^.?!]{0,30}"
                       r"\b(?:in|over|across) a (?:single |whole |full )?year\b(?!'?s time| from now)")
TEXT_CUE = re.compile(r"\b(?:on (?:my|the) (?:bank )?statement|in the (?:description|narrative)|mentioning|"
                      r"containing|that says?|with the words?|labell?ed)\b")
# a pronoun for things named before ("how much they cost", "add those up"): with no last answer, not understood
PRONOUN_RE = re.compile(r"\b(?:they|them|those|these|em)\b(?!\s+(?:months?|weeks?|days?|years?)\b)")
TOGETHER_RE = re.compile(rf"{NOT_APART}\b(?:{TOGETHER_WORDS}|in all|between|from)\b")
