"""Entity linking over the sentence: the tokens left after periods and amounts → links to the user's own merchants,
categories, concepts and narrative phrases, and what is left over.

Step by step, longest first: the user's own aliases (learned from their choices), their merchants (linking.Linker),
shops said short after "at"/"from", phrases and words that really occur in their statements, concepts and
categories, meaning (embeddings), and names kept by one distinctive word (nicknames.py). What is left is a name
the user does not have ("Costco"), a word that could change the answer but was not understood ("the boat"), or a
function word.
"""
from __future__ import annotations

from difflib import get_close_matches

from transactions.brands import brand_index
from transactions.query import said_names
from transactions.query.brand_pairs import brand_pairs
from transactions.query.lexicon import (
    CATEGORY_WORDS,
    CONCEPT_WORDS,
    CONCEPTS,
    GENERIC_CATEGORY_WORDS,
    GRAMMAR_WORDS,
    HEAD_NOUNS,
    NAME_PREPOSITIONS,
)
from transactions.query.linking import Linker
from transactions.query.model import Link
from transactions.query.name_matching import SEPARATORS, one_sound_more, singular, spoken_keys
from transactions.query.nicknames import partial_names, shop_prefixes
from transactions.query.spelling import common_words
from transactions.query.vietnamese import vi_syllable

SEMANTIC_MERCHANT_MIN = 0.62
SEMANTIC_CATEGORY_MIN = 0.60
FUNCTION_WORDS = {"a", "an", "the", "at", "on", "in", "of", "for", "from", "to", "with", "my", "i", "me", "and", "or",
                  "did", "do", "how", "what", "much", "many", "is", "was", "this", "that", "last"}


TIME_NOUNS = {"month", "months", "week", "weeks", "weekend", "weekends", "period", "stretch"}


def _windows(toks: list[str], used: list[bool], n: int):
    for i in range(len(toks) - n + 1):
        window = toks[i:i + n]
        if any(used[i:i + n]) or "|" in window or "^" in window:
            continue
        yield i, window


def _excluded(toks: list[str], i: int) -> bool:
    """Is token i inside an exclusion ("except …" up to the next blanked span)?"""
    cue = max((k for k, t in enumerate(toks[:i]) if t == "^"), default=-1)
    return cue >= 0 and "|" not in toks[cue:i]


def _heads_a_name(i: int, categories: list, links: list[tuple[int, Link]], linker: Linker) -> bool:
    """A category word said right after a name of theirs filed under it ("the uber eats takeaways", "chipotle
    lunches") says what that name's charges are: it heads the name and adds no filter of its own."""
    filed = linker.vocab.merchant_category
    return any(x.kind == "merchant" and p + len(x.mention.split()) == i and x.names
               and all(filed.get(m) in categories for m in x.names) for p, x in links) if any(categories) else False


def link_entities(toks: list[str], linker: Linker
                  ) -> tuple[list[Link], list[str], list[str], dict[str, list[str]], list[str]]:
    """(links, unknown names, ignored words, suggestions, unknown words inside an exclusion) for the tokens left
    after periods and amounts."""
    used = [t in SEPARATORS for t in toks]
    stop = linker.stopwords  # with a Vietnamese question's verbs
    links: list[tuple[int, Link]] = []

    def take(i: int, n: int, link: Link) -> None:
        used[i:i + n] = [True] * n
        links.append((i, link))

    # 0. the user's own aliases (learned from the choices they picked and their corrections), longest first
    for n in sorted({len(word.split()) for word in linker.vocab.aliases}, reverse=True):
        for i, window in _windows(toks, used, n):
            hit = linker.vocab.aliases.get(" ".join(window))
            if hit:
                take(i, n, Link(" ".join(window), hit[0], [hit[1]], "alias"))
    # 1. the user's merchants, longest mentions first
    for n in (4, 3, 2, 1):
        for i, window in _windows(toks, used, n):
            if n > 1 and (window[0] in FUNCTION_WORDS or window[-1] in FUNCTION_WORDS
                          or all(w in stop for w in window)) and not linker.exact_name(window):
                if n > 1 and all(w in stop for w in window) and (found := said_names.plain_sounded(
                        toks, i, n, linker.merchant_tokens, linker.sounded))[0]:  # "spot if": Spotify, by sound
                    take(i, n, Link(" ".join(window), "merchant", *found))
                continue
            names, how = linker.merchants_for(window)
            if names and not (how == "initials" and _initials_of_another(toks, i + n, used, linker)):
                take(i, n, Link(" ".join(window), "merchant", names, how))
    links += shop_prefixes(toks, used, linker.merchant_tokens, linker.vocab.merchant_category)  # "at whole"
    said_names.family_named(toks, links, linker.merchant_tokens)  # "everything uber", "uber, rides and eats both"
    said_names.owned_phrase_doubted(toks, links, linker.merchant_tokens)  # "my whole food money": a doubt
    def named_before(i: int) -> bool:
        """Token i follows a word that is no everyday word and names nothing of theirs: the two are one name they
        don't have ("sam's club", "costco gas"), not a phrase of their descriptions ("club" of "… CLUB FEES")."""
        w = toks[i - 1] if i > 0 else ""
        return not used[i - 1] and len(w) >= 3 and w.isalpha() and w not in stop and w not in GRAMMAR_WORDS \
            and w not in common_words() and not (linker.vietnamese and vi_syllable(w)) if w else False

    # 2. phrases that really occur in the user's narratives ("bag fee", "atm withdrawal")
    for n in (3, 2):
        for i, window in _windows(toks, used, n):
            if any(w in stop or w.isdigit() or "-" in w for w in window) or named_before(i):  # "oan-mat": a name
                continue
            phrase = " ".join(singular(w) for w in window)
            if linker.narrative(phrase):
                take(i, n, Link(" ".join(window), "text", [phrase], "narrative"))
    # 3. concepts ("coffee", "gas") and categories ("eating out", "groceries")
    for n in (3, 2, 1):
        for i, window in _windows(toks, used, n):
            phrase = " ".join(window)
            if n == 1 and 0 < i < len(toks) - 1 and toks[i - 1] in ("the", "that", "this", "a") \
                    and toks[i + 1] in TIME_NOUNS and not linker.category_named(phrase) \
                    and (linker.concept_for(phrase) or linker.category_for(window)):
                used[i:i + 2] = [True, True]  # "the holiday month", "the festive week": the time, no kind of spending
                continue
            concept = linker.concept_for(phrase)
            if concept:
                link = _concept_link(phrase, concept, linker)
                filed = link.names if link.kind == "category" else [
                    linker.vocab.merchant_category.get(m, "") for m in link.names] if link.kind == "merchant" else []
                if _heads_a_name(i, filed, links, linker):
                    used[i:i + n] = [True] * n  # "the starbucks takeaways": Starbucks' charges, not all takeaways
                else:
                    take(i, n, link)
                continue
            if n == 1 and phrase in ("bills", "bill") and (i == 0 or toks[i - 1] in SEPARATORS or (
                    toks[i - 1] in stop and not used[i - 1])) and (
                    i + 1 >= len(toks) or toks[i + 1] in SEPARATORS or toks[i + 1] in stop) and not (
                    i + 1 < len(toks) and toks[i + 1] in OBJECT_PRONOUNS):  # "did the cable company bill me": a verb
                # "rent and bills": their fixed costs, not subscriptions; after a name it heads it ("amazon bill")
                bills = linker.bill_categories()
                if bills:
                    take(i, n, Link(phrase, "category", bills, "synonym"))
                continue
            if n == 1 and (phrase in stop or len(phrase) < 3):
                continue
            generic = [c for c in map(linker.category_named, GENERIC_CATEGORY_WORDS.get(phrase, ())) if c]
            category = linker.category_for(window)
            if _heads_a_name(i, generic or [category], links, linker):
                used[i:i + n] = [True] * n  # "without the uber eats takeaways": Uber Eats' charges, not all Dining
                continue
            if len(generic) > 1:  # "without rent or food": food is eating out and the groceries
                take(i, n, Link(phrase, "category", generic, "synonym"))
                continue
            if category:
                how = "exact" if phrase == category.lower() else "prefix" if n == 1 and any(
                    t and t[0].startswith(phrase) and len(t[0]) > len(phrase) for t in linker.category_tokens.values()
                ) and phrase not in {w for ws in CATEGORY_WORDS.values() for w in ws} else "synonym"
                take(i, n, Link(phrase, "category", [category], how))
    # 3b. "power and internet": a word that names a kind of bill ("power bill") joined to a concept of the same
    # category is that bill too, not a word left unread (coordination joins words of one kind)
    for i, t in enumerate(toks):
        if used[i] or not (kind := linker.concept_for(f"{t} bill")):
            continue
        beside = [link for p, link in links if link.how == "concept" and (
            (p == i + 2 and i + 1 < len(toks) and toks[i + 1] in CONJUNCTIONS)
            or (p + len(link.mention.split()) == i - 1 and toks[i - 1] in CONJUNCTIONS))]
        if any((other := linker.concept_for(link.mention)) and other != kind
               and CONCEPTS[other][1] is not None and CONCEPTS[other][1] == CONCEPTS[kind][1] for link in beside):
            take(i, 1, _concept_link(t, kind, linker))
    # 4. single words of the user's narratives ("dentist", "parking")
    left = [(i, t) for i, t in enumerate(toks) if not used[i] and t not in stop and len(t) >= 3
            and not t.isdigit() and t not in SEPARATORS]
    for i, word in left:
        if linker.narrative(singular(word), exact=True) and not named_before(i):
            take(i, 1, Link(word, "text", [singular(word)], "narrative"))
    # 5. by meaning: a leftover word close to one of the user's merchants or categories
    places: set[int] = set()
    left = [(i, t) for i, t in enumerate(toks) if not used[i] and t not in stop and len(t) >= 4
            and t.isalpha() and t not in SEPARATORS and singular(t) not in HEAD_NOUNS
            and not (linker.vietnamese and vi_syllable(t))]  # "thuyền" has no English meaning to compare
    if left and linker.vocab.embed is not None and (linker.vocab.merchants or linker.vocab.categories):
        words = [t for _, t in left]
        merchants = list(linker.vocab.merchants)
        categories = list(linker.vocab.categories)
        vectors = linker.vocab.embed(words + merchants + categories)
        wv, mv, cv = vectors[:len(words)], vectors[len(words):len(words) + len(merchants)], vectors[
            len(words) + len(merchants):]
        for (i, word), row in zip(left, wv):
            if _name_like(toks, i, used):
                continue  # "at Costco": a name they don't have is not "close to" another shop
            best_m = (float((mv @ row).max()), merchants[int((mv @ row).argmax())]) if len(merchants) else (0, "")
            best_c = (float((cv @ row).max()), categories[int((cv @ row).argmax())]) if len(categories) else (0, "")
            # by meaning, an everyday word can point at a shop ("sneakers"); a brand they don't have ("walmart") can't
            if best_m[0] >= SEMANTIC_MERCHANT_MIN and best_m[0] >= best_c[0] and word in common_words():
                if said_names.place_said(toks, i):
                    places.add(i)  # "from the campus bookstore": a shop they name, none of theirs (Amazon)
                else:
                    take(i, 1, Link(word, "merchant", [best_m[1]], "meaning"))
            elif best_c[0] >= SEMANTIC_CATEGORY_MIN:
                take(i, 1, Link(word, "category", [best_c[1]], "meaning"))
    # 6. one distinctive word of a name kept ("whole paycheck", "trader jim's"): that merchant, loosely (nicknames.py)
    links = partial_names(toks, used, links, linker.merchant_tokens, function_words=FUNCTION_WORDS, stopwords=stop)
    # "quán cà phê", "phòng gym": a Vietnamese noun of a place is part of the kind after it, not a name heading it
    for i, t in enumerate(toks[:-1]):
        if t in VI_PLACE_NOUNS and not used[i] and any(p == i + 1 and link.kind == "merchant" for p, link in links):
            used[i] = True
    # 7. what is left: names the user does not have, or words that carry no filter
    _pieces_heard(toks, used, links, linker)  # "at i key a": one of their names heard as short everyday words
    unknown: list[str] = split_names(toks, used, links, linker)  # "at cost co": one name said in two pieces
    ignored: list[str] = []
    excluded_unknown: list[str] = []
    suggestions: dict[str, list[str]] = {}
    unknown_ends: list[int] = []
    named = {k for p, link in links if link.kind == "merchant" for k in range(p, p + len(link.mention.split()))}
    # a kind of theirs a name may be joined to ("groceries plus costco": a shop they never had)
    kinds = {k for p, link in links if link.kind in ("category", "concept")
             for k in range(p, p + len(link.mention.split()))}
    i = 0
    while i < len(toks):
        t = toks[i]
        letter = len(t) == 1 and t.isalpha() and t not in NAME_PREPOSITIONS and not linker.vietnamese and i + 1 < len(toks) and not used[i + 1] and len(toks[i + 1]) >= 3 \
            and toks[i + 1].isalpha() and toks[i + 1] not in stop and toks[i + 1] not in GRAMMAR_WORDS
        if used[i] or t in SEPARATORS or t in stop or t in GRAMMAR_WORDS or (len(t) < 2 and not letter) \
                or t.isdigit():
            i += 1  # a letter starts a name with the word after it ("h mart", "j crew")
            continue
        j = i
        while j + 1 < len(toks) and not used[j + 1] and toks[j + 1] not in stop and toks[j + 1] not in \
                SEPARATORS and toks[j + 1] not in GRAMMAR_WORDS and not toks[j + 1].isdigit():
            j += 1
        phrase = " ".join(toks[i:j + 1])
        if j == i and (name := linker.beside_named(t, [x for _, x in links])):
            used[i] = True
            links.append((i, Link(t, "merchant", [name], "nickname")))
            i += 1
            continue
        if _excluded(toks, i):
            excluded_unknown.append(phrase)  # "except the car payment" when nothing is called that
        elif _name_like(toks, i, used, end=j) or places & set(range(i, j + 1)) \
                or _coordinated(toks, i, j, named, kinds) \
                or (j > i and len(t) == 2 and _initials_of_another(toks, i + 1, used, linker)) \
                or _turn_start(toks, i, stop) and j + 1 < len(toks) \
                and said_names.heard_as_theirs(toks[i:j + 1], linker.merchant_tokens):
            # (at the turn's start the subject is said with no "at" before it: "hoover eats last month"; a word
            # alone, as typed into search, is offered as "did you mean" instead of taken)
            if heard := _heard_as_theirs(toks, i, j, used, links, linker):
                links, end = heard
                i = end + 1  # "at hoover", "hoover eats": one of their names by its sound, read as a doubt
                continue
            unknown.append(phrase)
            unknown_ends.append(j)
            close = get_close_matches(phrase, [m.lower() for m in linker.vocab.merchants], n=3, cutoff=0.6)
            suggestions[phrase] = [m for m in linker.vocab.merchants if m.lower() in close]
        else:
            ignored.append(phrase)
        i = j + 1
    # "peet's coffee": a name they don't have, heading a concept, means that name — not every coffee shop; unless
    # it shortens one of that concept's merchants ("chevy gas station" → Chevron)
    for start in unknown_ends:
        # a category heads a name only after a word no one uses every day ("kroger groceries", not "slip fees")
        head = next((link for i, link in links if i == start + 1 and (link.how == "concept" or (
            link.kind == "category" and link.how in ("synonym", "exact") and toks[start] not in common_words()))),
            None)
        if head is None:
            continue
        begin = max(k for k in range(start + 1) if k == 0 or used[k - 1] or toks[k - 1] in stop
                    or toks[k - 1] in SEPARATORS or toks[k - 1] in GRAMMAR_WORDS or toks[k - 1].isdigit())
        phrase = " ".join(toks[begin:start + 1])
        name = linker.shortened(phrase, head.names) if head.kind == "merchant" and phrase in unknown else None
        if name:
            unknown.remove(phrase)
            suggestions.pop(phrase, None)
            links = [(i, link) for i, link in links if link is not head]
            links.append((begin, Link(phrase, "merchant", [name], "nickname")))
            continue
        links = [(i, link) for i, link in links if link is not head]
    links = _sound_runs_on(toks, links, linker)
    links = brand_pairs(links, unknown, suggestions, linker)
    links.sort(key=lambda x: x[0])
    # a name after "except", "not counting", "leave out"… (up to the next blanked span) is a filter that removes
    for i, link in links:
        link.negated = _excluded(toks, i)
    return [link for _, link in links], unknown, ignored, suggestions, excluded_unknown


VI_PLACE_NOUNS = {"quan", "tiem", "phong", "hieu"}  # quán, tiệm, phòng, hiệu (as read, without accents)


def _name_like(toks: list[str], i: int, used: list[bool], end: int | None = None) -> bool:
    """A leftover word reads as a name when it follows "at/from/pay…" or heads a noun ("lyft rides"); a verb form
    ("finding") never does."""
    end = i if end is None else end
    if toks[end].endswith("ing") and len(toks[end]) > 5:
        return False
    before = toks[i - 1] if i > 0 else ""
    after = toks[end + 1] if end + 1 < len(toks) else ""
    # "how much did doordash pay me": a word no one uses every day, then a verb of money changing hands, is its payer
    payer = after in PAYER_VERBS and all(t not in common_words() for t in toks[i:end + 1])
    # "kroger groceries": a word no one uses every day before a word for a kind of spending is a shop of that kind
    brand = after in KIND_WORDS and all(t not in common_words() for t in toks[i:end + 1])
    return before in NAME_PREPOSITIONS or after in HEAD_NOUNS or (bool(after) and after in CONCEPT_WORDS) or payer \
        or brand


def split_names(toks: list[str], used: list[bool], links: list[tuple[int, Link]], linker: Linker) -> list[str]:
    """Two words where a name goes ("at cost co", "plus dun kin") that are one name written apart: a piece of two
    letters, or of three that is no everyday word, and joined no everyday word. Their merchant when the
    joined word is one of their names; otherwise a name they never had (left unknown, so the answer says nothing is
    called that — never read as no name at all, every transaction of the month)."""
    stop = linker.stopwords
    out: list[str] = []
    for i in range(1, len(toks) - 1):
        a, b = toks[i], toks[i + 1]
        joined = a + b
        if used[i] or used[i + 1] or not (a.isalpha() and b.isalpha()) or len(joined) < 5 \
                or joined in common_words() or joined in stop or linker.vietnamese:
            continue
        short = [w for w in (a, b) if len(w) <= 3]
        if not short or any(w in GRAMMAR_WORDS or w in FUNCTION_WORDS or (len(w) == 3 and (
                w in stop or w in common_words())) for w in short) or b in HEAD_NOUNS or singular(b) in HEAD_NOUNS:
            continue  # "vet visits", "dog food": a word and its noun, not a name in pieces
        if toks[i - 1] not in NAME_PREPOSITIONS and toks[i - 1] not in CONJUNCTIONS:
            continue
        names, how = linker.merchants_for([joined])
        used[i] = used[i + 1] = True
        if names:
            links.append((i, Link(f"{a} {b}", "merchant", names, "spelling" if how == "exact" else how)))
        else:
            out.append(f"{a} {b}")
    return out


def _initials_of_another(toks: list[str], k: int, used: list[bool], linker: Linker) -> bool:
    """Initials said before a word no one uses every day that names nothing of theirs make one name with it ("tj
    maxx", "jc penney"): a shop they never had, not their Trader Joe's ("tj groceries": an everyday noun after)."""
    w = toks[k] if k < len(toks) else ""
    return len(w) >= 3 and w.isalpha() and not used[k] and w not in linker.stopwords and w not in GRAMMAR_WORDS \
        and not {w, singular(w), w[:-1] if w.endswith("s") else w, w[:-2] if w.endswith("es") else w} & common_words() \
        and not linker.merchants_for([w])[0]  # "lunches" is an everyday word with its plural


def _coordinated(toks: list[str], i: int, end: int, named: set[int], kinds: frozenset[int] | set[int] = frozenset()
                 ) -> bool:
    """Words no one uses every day joined by "and", "or", "&"… to one of their names are a name too ("cvs and
    walgreens", "peets or starbucks"): coordination joins words of one kind — a shop they never had, not a word of
    the question left unread."""
    if any(t in common_words() for t in toks[i:end + 1]) and not (i < end <= i + 2 and _brand_named(toks[i:end + 1])):
        return False  # "patel brothers and whole foods": everyday words that are a brand's whole name are a name
    if i == end and (end + 1 >= len(toks) or not {toks[end + 1], singular(toks[end + 1])} & HEAD_NOUNS):
        named = named | kinds  # beside a kind, one word heading no noun ("her food and vet visits" is a thing)
    return (i >= 2 and toks[i - 1] in CONJUNCTIONS and i - 2 in named) or (
        end + 2 < len(toks) and toks[end + 1] in CONJUNCTIONS and end + 2 in named)


def _concept_link(phrase: str, concept: str, linker: Linker) -> Link:
    """A concept said: their merchants of that kind, else its category, else the kind they have none of."""
    names = linker.concept_merchants(concept)
    fallback = CONCEPTS[concept][1]
    category = linker.category_named(fallback) if fallback and not names else None
    if names:
        return Link(phrase, "merchant", names, "concept")
    if category:
        return Link(phrase, "category", [category], "concept")
    return Link(phrase, "concept", [concept], "concept")  # a kind of merchant they don't have


def _brand_named(words: list[str]) -> bool:
    """Are these words (two or three) the whole name of a brand the name-suggestion index knows ("patel brothers")?"""
    index = brand_index()
    return index is not None and bool(index.match(" ".join(words))[1])


OBJECT_PRONOUNS = {"me", "us", "you", "him", "her", "them"}
CONJUNCTIONS = {"and", "or", "&", "n", "+", "plus", "including", "incl", "vs", "versus", "nor", "va", "hoac", "voi"}  # và, hoặc, với
KIND_WORDS = {w for ws in CATEGORY_WORDS.values() for w in ws if " " not in w}
PAYER_VERBS = {"pay", "paid", "pays", "charge", "charged", "charges", "bill", "billed", "bills", "take", "took",
               "takes", "cost", "costs", "refund", "refunded", "send", "sent"}


def _turn_start(toks: list[str], i: int, stop: set[str] | frozenset[str]) -> bool:
    """Is toks[i] where a turn's subject starts: only words of grammar, courtesy or separators before it ("hoover
    eats last month?", "so hoover eats this month")?"""
    return all(t in stop or t in GRAMMAR_WORDS or t in SEPARATORS for t in toks[:i])


def _pieces_heard(toks: list[str], used: list[bool], links: list[tuple[int, Link]], linker: Linker) -> None:
    """Short pieces left unplaced where a name stands (after "at", "from"… or at the turn's start) that glue into one
    of their names (said_names.pieces_heard_as_theirs: "i key a" for IKEA): that name, loosely (how = "partial", a
    doubt). Longest run first; only a run holding a word of grammar ("i", "a"), which no other step reads as a name."""
    if linker.vietnamese:
        return
    stop = linker.stopwords
    for i in range(len(toks)):
        if used[i] or not (i and toks[i - 1] in NAME_PREPOSITIONS or _turn_start(toks, i, stop)):
            continue
        for n in (4, 3, 2):
            window = toks[i:i + n]
            if len(window) < n or any(used[i:i + n]) or not any(w in GRAMMAR_WORDS or w in stop for w in window) \
                    or all(w in GRAMMAR_WORDS or w in stop for w in window):
                continue
            names = said_names.pieces_heard_as_theirs(window, linker.merchant_tokens)
            if len(names) == 1:
                used[i:i + n] = [True] * n
                links.append((i, Link(" ".join(window), "merchant", names, "partial")))
                break


def _heard_as_theirs(toks: list[str], i: int, j: int, used: list[bool], links: list[tuple[int, Link]],
                     linker: Linker) -> tuple[list[tuple[int, Link]], int] | None:
    """(links, last token) with the unplaced words toks[i..j] where a name stands — reaching over a word read only
    as a kind ("hoover eats": "eats" read as Dining) — read as one of their names they sound like
    (said_names.heard_as_theirs), loosely (how = "partial"); None when they sound like none of them."""
    if linker.vietnamese:
        return None
    kinds = {p for p, link in links if (link.kind in ("concept", "category") or link.how == "concept")
             and " " not in link.mention}
    for end in range(min(j + 2, len(toks) - 1), j - 1, -1):
        if any(used[k] and k not in kinds or toks[k] in SEPARATORS for k in range(j + 1, end + 1)):
            continue
        names = said_names.heard_as_theirs(toks[i:end + 1], linker.merchant_tokens)
        if end > j:  # the words reached over say the end of the name ("eats" of Uber Eats; "rides" is no part of it)
            extra = spoken_keys(toks[j + 1:end + 1])
            theirs = {w for mt in linker.merchant_tokens.values() for w in mt}
            # or all the words sound like a one-word name ("spot a fly": Spotify), none a word of their names
            whole = not theirs & set(toks[i:end + 1])
            names = [m for m in names if extra & spoken_keys(linker.merchant_tokens[m][-(end - j):])
                     or whole and len(linker.merchant_tokens[m]) == 1]
        if names:
            kept = [(p, link) for p, link in links if not i <= p <= end]
            used[i:end + 1] = [True] * (end + 1 - i)
            return kept + [(i, Link(" ".join(toks[i:end + 1]), "merchant", names, "partial"))], end
    return None


def _sound_runs_on(toks: list[str], links: list[tuple[int, Link]], linker: Linker) -> list[tuple[int, Link]]:
    """A one-word name of theirs read loosely from words ("spot if", "spotty") and the word after it read only as a
    kind by an everyday meaning ("fly": airlines), when all those words together sound like the name ("spot if fly":
    Spotify) and that word is no word of their names: one name, heard by sound — a doubt (how = "partial")."""
    theirs = {w for mt in linker.merchant_tokens.values() for w in mt}
    for p, link in list(links):
        q = p + len(link.mention.split())
        after = next((x for x in links if x[0] == q and " " not in x[1].mention and (
            x[1].kind in ("category", "concept") or x[1].how == "concept")), None)
        if link.kind != "merchant" or link.how in ("exact", "alias") or len(link.names) != 1 or after is None \
                or q >= len(toks) or toks[q] in theirs \
                or len(name := linker.merchant_tokens.get(link.names[0]) or []) != 1:
            continue
        keys = spoken_keys(name)
        said = spoken_keys(toks[p:q + 1])
        if any(s == k or one_sound_more(s, k) for s in said for k in keys):
            links = [x for x in links if x is not after and x[1] is not link] + [
                (p, Link(" ".join(toks[p:q + 1]), "merchant", link.names, "partial"))]
    return links
