"""Exclusions in a money question ("except rent", "not counting Amazon", "leave Uber out", "rent aside",
"non-grocery", "(not groceries)", "ngoài tiền nhà ra"): each is rewritten as `^` where it begins and `|` where it
ends, so linking reads the names inside as filters that remove (transactions/query/linking_sentence.py `_excluded`)."""
from __future__ import annotations

import re

EXCLUDE_RE = re.compile(
    r"\b(?:except(?: for)?|excluding|exclude|(?:not|don'?t|doesn'?t|do not|does not|without) (?:count(?:ing)?|includ(?:e|ing))|"
    r"other than|besides|apart from|aside from|if (?:you|i|we) (?:drop|remove|take out|ignore)|take out|"
    r"without|leav(?:e|ing) out|leave aside|ignoring|ignore|skip(?:ping)?|but not|minus|(?:that |which )?(?:was|were|is|are)n'?t|"
    r"(?:that|which) (?:was|were|is|are) not|(?:that|which|it)'?s not|ngoai tru|khong tinh|chua tinh|khong (?:bao )?gom|bo qua|tru|"
    # "ngoài tiền nhà" (apart from rent); not "giảm trừ" (a deduction), "ăn (ở) ngoài" (eating out), "năm ngoái", "nước ngoài", "ngoài ra"
    r"(?<!\ban )(?<!\bnam )(?<!\bnuoc )(?<!\bben )(?<!\bo )ngoai(?!\s+(?:ra|troi|gio)\b)(?=\s+[a-z])|"
    r"outside of|outside(?=\s+(?:the\s+|my\s+)?[a-z])(?!\s+(?:the\s+|my\s+)?(?:house|home|office|work|city|town|country|"
    r"us|usa|uk|eu|state|hours)\b)|tak(?:e|es|ing) away|knock(?:ing)? off|remov(?:e|ing)|barring|bar(?= (?:the|my|any) )|(?<=, )bar(?= [a-z])|excl|sans|khong ke)\b")
# "everything but rent", "all but groceries", "spending last month less rent": "but" after a word for the whole and
# "less" that subtracts (not "spent less on", "less than") are "except"
BUT_LESS_RE = re.compile(r"(\b(?:everything|anything|all|else|spending|expenses|purchases|categories|merchants|spent|"
                         r"total|outgoings)\s+|\|\s+)(?:but(?!\s+(?:not|only|just|also|what|how|which|i|it|on|in)\b)"
                         r"|less(?!\s+(?:than|on|at|in|money|often|for)\b))\b")
# Vietnamese "ngoài X ra" (apart from X): the cue before, "ra" closing it
VI_APART_RE = re.compile(r"\bngoai\s+((?:(?!\bra\b)[^,;|()^?])+?)\s+ra\b")


# exclusions said after the thing ("rent aside", "amazon excluded") or as a prefix ("non-grocery"), or in an aside
# "(not groceries)", ", not rent": rewritten as the cue before the words it removes
POSTPOSED_EXCLUDE_RE = re.compile(r"(^|[,;|(]|\band\b)([^,;|()^]+?)\s+(?:aside|excluded|excepted|not included|left out|"
                                  r"set aside|put aside|not counted|"
                                  # "rent doesn't count", "the rent shouldn't be counted", "amazon isn't included"
                                  r"(?:does|do|should|shall|will|wo|can|is|are)(?:n'?t| not)(?: be)? (?:count(?:ed)?|"
                                  r"includ(?:e|ed)|in it|in there)|(?:is|are|was|were)(?:n'?t| not) (?:part of it|in it))\b")
LEAD_ASIDE_RE = re.compile(r"\b(?:leav(?:e|ing)|set(?:ting)?|put(?:ting)?|lay(?:ing)?|push(?:ing)?|keep(?:ing)?)\s+"
                           r"aside\b(?=\s+[a-z0-9$])")
# money put by, not a thing left out: "how much did I set aside for holidays", "I put aside $50 each week",
# "setting aside money for the car" — a person sets it aside, or it is set aside for a goal or each month
SAVING_ASIDE_RE = re.compile(r"\b(?:i|we|you|me|us)(?:'ve|'d| have| had| did| do| will|'ll| can| could| should)?\s+"
                             r"(?:just\s+|already\s+)?(?:set|put|lay|laid)\s+aside\b|\b(?:set|put|lay)(?:ting)?\s+aside"
                             r"(?=\s+(?:for|towards?|each|every|per|a (?:month|week|year)|money|cash|some|savings?|\$?\d)\b)")
# "leave Uber out", "take housing out of that", "bỏ tiền nhà ra", and a turn that starts "drop Amazon"
SPLIT_EXCLUDE_RE = re.compile(r"\b(?:leave|leaving|take|taking|keep|keeping|cut|pull|strip|knock|throw)\s+"
                              # (not "what did I leave at the diner": money left at a place is spent there)
                              r"(?!(?:at|in|with|behind)\b)((?:(?!\bout\b)[^,;|()^])+?)\s+out\b(?:\s+of\s+(?:it|that|this|those|them|there|the "
                              r"(?:list|ranking|total)))?"
                              r"|(?:^\s*|[,;]\s*|\b(?:and|now|but|then|ok|okay|so)\s+)(?:drop|ditch|lose|forget(?: about)?)\s+"
                              r"((?:(?!\b(?:then|and (?:show|give|tell|list|what|how|who|which|rank|sort|make|just)|who|what|which|how|"
                              r"show|list|give|tell)\b)[^,;|()^?])+)|\bbo\s+((?:(?!\bra\b)[^,;|()^])+?)\s+ra\b")
NON_PREFIX_RE = re.compile(r"\bnon[- ]([a-z][a-z'&]+)")
ASIDE_NOT_RE = re.compile(r"(?:\(|,|;|\bbut)\s*(?:not|no|nothing (?:from|at|on))\s+(?!(?:just|only|merely)\b)([^,;|()^?]+?)\s*(?:\)|(?=[,;|?]|$))")


# "uber not uber eats", "amazon not target": "not" between two things leaves the second out; not after a verb's
# helper ("did not", "is not") nor before a word that is no name ("not much", "not sure", "not including")
BARE_NOT_RE = re.compile(r"\b([a-z0-9'&]+)\s+not\s+([a-z0-9'&]+)")
NOT_AFTER = set("""i we you they he she it that which who what do does did is was were are am be been have has had
could would should will can may might must why how where when i'm i've i'd it's that's or and but if so""".split())
NOT_BEFORE = set("""a an the that this too so very much many more less sure just only even all yet really quite as to
in on at for from with including include included counting count spend spent spending buy bought pay paid use used go
went get got have had be been being bad good worth enough any anything everything sure yet that's what how""".split())


# "just the rides not the food", "the flights not the bag fee": the same with a determiner before the thing left out
# (not "is not the biggest", "not the whole month": a helper before it, or a word after it that is no name)
BARE_NOT_THE_RE = re.compile(r"\b([a-z0-9'&]+)\s+not\s+(?:the|my|our|any)\s+([a-z0-9'&]+)")
NOT_THE_BEFORE = NOT_BEFORE | set("""same whole entire full biggest largest smallest best worst only first last most least
usual one ones other rest point case""".split())


def _bare_not(rest: str) -> str:
    rest = BARE_NOT_RE.sub(lambda m: m.group(0) if m.group(1) in NOT_AFTER or m.group(2) in NOT_BEFORE
                           else f"{m.group(1)} ^ {m.group(2)}", rest)
    return BARE_NOT_THE_RE.sub(lambda m: m.group(0) if m.group(1) in NOT_AFTER or m.group(2) in NOT_THE_BEFORE
                               else m.group(0).replace(" not ", " ^ ", 1), rest)


# the rest of a list after a comma: "groceries and dining", "uber, lyft or taxis" — names only, up to the end of
# the question, the next comma ("besides rent, utilities and subscriptions, last 6 months") or the bracket that
# holds the list ("the fixed bills (rent, utilities and subscriptions)")
LIST_TAIL_RE = re.compile(r"\s*[a-z0-9'& .]+?(?:\s*,\s*[a-z0-9'& .]+?)*\s+(?:and|or|&|plus)\s+[a-z0-9'& .]+?"
                          r"\s*(?:[|?,;)]|$)")
# (the verb of the question after what it leaves out: "which store besides Amazon gets most of my shopping money" — the
# shopping is the subject, not left out too)
CLAUSE_END_RE = re.compile(r"[,;]|\s[—–-]+\s|[—–]|\b(how (?:much|many|often)|what|which|did i|do i|have i|show|list|"
                           r"tell|give|when|where|bao nhieu|het bao|gets|got|takes|took|comes?|came|wins|won|ranks|"
                           r"ranked|everything else|all else|(?:but |and )?(?:including|incl|inclusive of)|"
                           # "exclude the coffee from that dining figure": what it is left out of is the subject
                           r"from (?:that|this|those|these|the|my|our)\s+(?:[\w'&]+\s+){0,2}?(?:figure|total|number|amount|"
                           r"sum|spend|spending|bill|one)s?|"
                           r"(?<!khong )(?:tinh ca|ke ca|bao gom ca)|"
                           # said without commas ("minus the gym like pharmacy and dentist", "but not uber just gas", "not
                           # target i said trader joes"): what is kept, after a thing left out — unless "like" gives examples of a general word left out
                           # ("except bills like rent")
                           r"just|only|i said|i meant|i mean|(?<!stuff )(?<!things )(?<!thing )(?<!bills )(?<!ones )(?<!anything )"
                           r"(?<!kind of )(?<!sort of )(?<!that )(?<!those )(?:like|such as))\b")
# what is said as kept in after an exclusion ("w/o Amazon — everything else incl. rent", ", plus the rent of course",
# ", tính cả tiền nhà"): never a list of more things left out
# (", just real meals like chipotle and delivery", ", only the shops such as …": what is kept, said after the comma)
KEPT_IN_RE = re.compile(r"\b(?:including|incl|inclusive of|include|includes|plus|everything|else|all|keep|count|"
                        r"just|only|like|such as|mainly|mostly|chi|thoi|"
                        r"(?<!khong )(?:tinh ca|ke ca|bao gom ca))\b")

# a clause after the exclusion that says what the kept set is made of (", so target and the other stores",
# ", i.e. the pharmacy and the gym", ", meaning the bars and takeout"): examples of what is kept, never more left out
EXAMPLES_LEAD_RE = re.compile(r"\s*(?:so|i\.?\s?e\.?|ie|meaning|that is|that means|in other words|basically|like|just|"
                              r"e\.?\s?g\.?|eg|for example|for instance|such as)\b")

# (not the dot of "excl.", "vs.", "approx.", "e.g.")
SENTENCE_END_RE = re.compile(r"(?<=[a-z0-9)'])(?<!\bexcl)(?<!\bincl)(?<!\bvs)(?<!\betc)(?<!\bapprox)(?<!\be\.g)"
                             r"(?<!\bi\.e)(?<!\bst)(?<!\bmr)(?<!\bmrs)(?<!\bdr)(?<!\bno)(?<!\bapt)(?<!\bave)[.!]+\s+"
                             r"(?=[a-z0-9$|])")


def mark_exclusions(rest: str, measure: str | None) -> str:
    """`^` where an exclusion begins ("except", "not counting", "leave out"…) and `|` at the comma that ends it."""
    def mark(m: re.Match) -> str:
        return m.group(0) if m.group(0) == "minus" and measure == "net" else " ^ "

    # a sentence ends what it leaves out ("forget the gym and any bills. the two streaming ones, combined": the
    # second sentence is the subject)
    rest = SENTENCE_END_RE.sub(" ; ", rest)
    # "leaving aside rent", "setting aside the car payment": the cue comes first, the thing after it (money set
    # aside for something is saved, not left out)
    rest = SAVING_ASIDE_RE.sub(" saved ", rest)
    rest = LEAD_ASIDE_RE.sub(" except ", rest)
    rest = VI_APART_RE.sub(lambda m: f" ^ {m.group(1)} | ", rest)
    rest = BUT_LESS_RE.sub(lambda m: f"{m.group(1)} except ", rest)
    rest = SPLIT_EXCLUDE_RE.sub(lambda m: f" ^ {m.group(1) or m.group(2) or m.group(3)} | ", rest)
    rest = POSTPOSED_EXCLUDE_RE.sub(lambda m: f"{m.group(1)} ^ {m.group(2)} | ", rest)
    rest = NON_PREFIX_RE.sub(r" ^ \1 | ", rest)
    rest = ASIDE_NOT_RE.sub(lambda m: f" ^ {m.group(1)} | ", rest)
    rest = _bare_not(rest)
    marked = EXCLUDE_RE.sub(mark, rest)
    if "^" in marked:
        head, _, tail = marked.partition("^")
        # the exclusion ends at the comma or where the question goes on ("except for whole foods how much on
        # groceries": groceries is the subject, not something else to leave out)
        # — unless the comma only continues a list of what is left out ("excluding rent, groceries and dining")
        end = next((m for m in CLAUSE_END_RE.finditer(tail)
                    if m.group(0) != "," or not (list_tail := LIST_TAIL_RE.match(tail[m.end():]))
                    or KEPT_IN_RE.search(list_tail.group(0)) or EXAMPLES_LEAD_RE.match(list_tail.group(0))), None)
        if end is not None:
            tail = f"{tail[:end.start()]} | {end.group(1) or ''} {tail[end.end():]}"
        marked = head + "^" + tail
    return marked


# an amount bound said inside an exclusion ("without the ones under $30", "except anything over $100"): the rows
# kept are those on the other side of it
AMOUNT_LEFT_OUT_RE = re.compile(r"\b(?:except(?: for)?|excluding|exclude|without|w/o|not counting|other than|besides|"
                                r"(?:don'?t|do not|doesn'?t|does not|not|never) (?:count|include|add|factor in|want)(?:ing)?|"
                                r"apart from|aside from|leave out|leaving out|minus|drop|skip|ignore|ignoring|but not|"
                                r"forget(?: about)?|nothing|none|no|not|ngoai tru|khong tinh|khong ke|tru|bo qua|bo)\s+"
                                r"(?:(?:the|all|any|those|these|ones?|of|my|purchases?|in|single|individual|big|"
                                r"large|larger|small|items?|things?|expenses?|bills?|transactions?|charges?|orders?|"
                                r"payments?|anything|everything|stuff|that|which|were|was|are|is|cac|nhung|khoan|"
                                r"giao dich|mon|may|cai|mua|chi)\s+){0,4}$")
# "leave the ones over $50 out", "the ones under $10 excluded": the cue after the bound
AMOUNT_LEFT_OUT_AFTER_RE = re.compile(r"^\s*(?:out|aside|excluded|left out|not included|off|ra)\b")
AMOUNT_LEFT_OUT_BEFORE_RE = re.compile(r"\b(?:leave|leaving|take|taking|keep|keeping|knock|cut|drop|bo)\s+"
                                       r"(?:(?:the|all|any|those|these|ones?|my|purchases?|transactions?|charges?|"
                                       r"orders?|payments?|anything|everything|stuff|that|which|were|was|are|is|cac|"
                                       r"nhung|khoan|giao dich)\s+){0,4}$|^\s*$|[,;(]\s*(?:(?:the|all|any|those|"
                                       r"ones?)\s+){0,3}$")


def bounds_left(text: str, low, high, spans: list[tuple[int, int]]):
    """(amount_min, amount_max, spans) once a bound said inside an exclusion is turned round: "without the ones under
    $30" keeps $30 and over, "nothing over 20 bucks" keeps $20 and under; the span then holds the words of the
    exclusion too, which the bound consumed. A range left out ("except those between $10 and $50") would be two
    sets: kept as read."""
    if len(spans) != 1 or (low is None) == (high is None):
        return low, high, spans
    (a, b), before, after = spans[0], text[:spans[0][0]], text[spans[0][1]:]
    cue = AMOUNT_LEFT_OUT_RE.search(before)
    if cue is None:
        cue, tail = AMOUNT_LEFT_OUT_BEFORE_RE.search(before), AMOUNT_LEFT_OUT_AFTER_RE.match(after)
        if cue is None or tail is None:
            return low, high, spans
        b += tail.end()
    return high, low, [(min(a, cue.start() if cue.group(0).strip(" ,;(") else a), b)]


# a question of its own about spending ("không tính tiền nhà thì tôi tiêu bao nhiêu?", "how much did I spend not
# counting rent?"), not an edit of the last one ("and without the work lunches?")
SPENDING_ASKED_RE = re.compile(r"\b(?:how much (?:did|have|do) (?:i|we) (?:spend|spent)|what did i spend|(?:toi|minh) "
                               r"(?:da )?(?:tieu|chi)(?: tieu)?(?: het)? bao nhieu|everything (?:else|i spent))\b")


def exclusion_inside_subject(q, text: str = "") -> None:
    """"dining minus the work lunches": a loose word for the very category (or merchants) asked about, left out of it,
    names a part of it Moneta cannot pick out — not all of it. The exclusion is dropped and the words are left not
    understood, so the answer is the subject's figure said with what it could not leave out (never $0.00).
    After a question about rent, "không tính tiền nhà thì tôi tiêu bao nhiêu?" (what did I spend not counting rent)
    asks a spending question of its own that leaves the last subject out: everything else."""
    loose = ("synonym", "meaning", "concept")
    for link in list(q.links):
        if not link.negated:
            continue
        kept = {"category": q.categories, "merchant": q.merchants}.get(link.kind)
        if q.followup and kept and set(kept) == set(link.names) \
                and not (q.categories if link.kind == "merchant" else q.merchants) \
                and (link.how not in loose or SPENDING_ASKED_RE.search(text)):
            # the whole last subject left out (by its name, or in a spending question of its own): everything else,
            # never the subject less itself ($0.00)
            q.links = [x for x in q.links if x.negated or not set(x.names) <= set(link.names)]
            kept.clear()
            continue
        if link.how not in loose:
            continue
        if kept and set(link.names) <= set(kept):
            excluded = q.exclude_categories if link.kind == "category" else q.exclude_merchants
            excluded[:] = [n for n in excluded if n not in link.names]
            q.links.remove(link)
            q.ignored.append(link.mention)


# a name said as what the figure covers ("everything since August, rent included", "total spending including rent",
# "groceries incl. whole foods"): not the subject, and not left out
INCLUDED_RE = re.compile(r"(?<!\bnot )(?<!n't )(?<!\bwithout )(?<!\bdo not )(?<!\bdoes not )(?<!\bkhong )"
                         r"\b(?:including|incl\.?|inclusive of|counting|tinh ca|ke ca|bao gom ca)\s+((?:(?!\b(?:and (?:how|"
                         r"what|which|show|list|tell|give|compare)|how|what|which|in|since|last|this|for)\b)[^,;|()^?])+)"
                         r"|(?:^|[,;(]|\band\b|\bwith\b)\s*((?:(?!\b(?:and|how|what|which|in|since|for|with)\b)[^,;|()^?])+?)\s+"
                         # "with the bag charge and everything", "the fees and all that": what the figure takes in
                         r"(?:included|and all|and all that|and everything|and (?:all )?the rest|and whatnot|and so on|"
                         r"counted|in there|in it|thrown in)\b")


# after an exclusion, what a remark adds back is kept in, not a subject of its own: ", plus the rent", "and include the
# rent", "but keep the rent"
KEPT_AFTER_EXCLUSION_RE = re.compile(r"(?:[,;(|—–-]|\beverything else|\ball else)\s*(?:but |and |though )?(?:also )?"
                                     r"(?:plus|(?:do )?include|(?:do )?keep|(?:do )?count)\s+((?:(?!\b(?:and (?:how|what|"
                                     r"which|show|list)|how|what|which|in|since|for)\b)[^,;|()^?])+)")

# (", so target and the other stores": the examples said of what is kept)
# ("just real meals like chipotle" narrows to them: not examples of the whole)
EXAMPLES_AFTER_EXCLUSION_RE = re.compile(r"[,;(—–-]\s*(?:so|i\.?\s?e\.?|ie|meaning|that is|that means|in other words|"
                                         r"basically|e\.?\s?g\.?|eg|for example|for instance)\b"
                                         r"\s*((?:(?!\b(?:and (?:how|what|which|"
                                         r"show|list)|how|what|which|in|since|for)\b)[^,;|()^?])+)")


def inclusions_covered(q, text: str, merchant_category: dict[str, str]) -> None:
    """Names said only as part of what the figure covers are no filter of their own: with nothing else named, the
    figure is of everything ("everything since August 1st, rent included" is all spending, not rent); beside a
    category, a merchant filed under it is already in it ("groceries including whole foods" is groceries)."""
    phrases = [m.group(1) or m.group(2) for m in INCLUDED_RE.finditer(text)]
    if any(link.negated for link in q.links):  # "everything except Starbucks, plus the rent": the rent is kept in
        phrases += [m.group(1) for m in KEPT_AFTER_EXCLUSION_RE.finditer(text)]
        phrases += [m.group(1) for m in EXAMPLES_AFTER_EXCLUSION_RE.finditer(text)]
    if not phrases or q.followup:
        return
    inside = [link for link in q.links if not link.negated and link.kind in ("merchant", "category", "text")
              and any(re.search(rf"\b{re.escape(link.mention)}\b", phrase) for phrase in phrases)]
    named = [link for link in q.links if not link.negated and link.kind in ("merchant", "category", "text")
             and link not in inside]
    # beside a named subject, words said as what it includes ("amazon including the online ones") cannot narrow it:
    # they say the subject is meant whole
    covered = inside if not named and not q.unknown else [
        link for link in inside if (link.kind == "merchant" and q.categories
                                    and all(merchant_category.get(n) in q.categories for n in link.names))
        or (link.kind == "text" and any(x.kind in ("merchant", "category") for x in named))]
    if not named and inside and not WHOLE_ASKED_RE.search(text):
        return  # "including rent?" alone: what to count is the name
    for link in covered:
        q.links.remove(link)
        target = {"merchant": q.merchants, "category": q.categories, "text": q.text}[link.kind]
        target[:] = [n for n in target if n not in link.names or any(
            n in x.names for x in q.links if x.kind == link.kind and not x.negated)]
    if covered and (not named or all(link.kind == "text" for link in covered)) and not q.unknown:
        # the whole is counted ("what I earned this year with the tax refund included"): the other words of what it
        # includes ("refund") cannot narrow it
        q.ignored = [w for w in q.ignored if not any(re.search(rf"\b{re.escape(w)}\b", p) for p in phrases)]


# the whole said as what is counted ("everything", "total spending", "what I earned"): an included name is inside it
WHOLE_ASKED_RE = re.compile(r"\b(?:everything|all|total|overall|spen[dt]|spending|expenses|outgoings|earn|earned|"
                            r"earnings|income|make|made|paid in|tieu|chi|thu nhap|kiem|luong)\b")
