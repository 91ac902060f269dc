"""Question (+ the conversation so far) → MoneyQuery. The one parser behind the search box, the API and the chat.

Steps: normalise → periods and amount bounds (grammar) → measure → entity linking against *this user's*
merchants and categories (exact, spelling, prefix, glued, concepts such as "coffee" or "gas", narrative
phrases that really occur in their statements, meaning by embeddings) → what is left is either a name the
user does not have ("Costco") or words that carry no filter → dialogue state (a follow-up changes what it
names and keeps the rest) → comparison sides.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from difflib import SequenceMatcher, get_close_matches

from transactions.periods import add_months
from transactions.query import grammar
from transactions.query.grammar import (
    Period,
    find_amounts,
    find_group_by,
    find_measure,
    find_periods,
    find_top_n,
    find_weekdays,
)
from transactions.query.lexicon import CATEGORY_WORDS, CONCEPT_WORDS, CONCEPTS, HEAD_NOUNS, NAME_PREPOSITIONS, STOPWORDS
from transactions.query.model import Link, MoneyQuery, Side

FOLLOWUP_RE = re.compile(
    r"^\s*(?:and|but|what about|how about|same (?:for|thing|question)|and for|also|now|then|ok(?:ay)?,?|so|only|just|"
    r"except|excluding|without|con|the con|vay con|the|what if)\b|\b(?:that|those|them|these|it|the ones?|one)\s*\??\s*$"
    r"|\b(?:of|was|were|are|is) (?:that|those|them|it)\b|\bthose\b|\bthat was\b", re.I)
NARROW_RE = re.compile(r"^\s*(?:only|just)\b|\bjust the\b|\bonly the\b", re.I)
SEMANTIC_MERCHANT_MIN = 0.62
SEMANTIC_CATEGORY_MIN = 0.60
FUNCTION_WORDS = {"a", "an", "the", "at", "on", "in", "of", "for", "from", "to", "with", "my", "i", "me", "and", "or",
                  "did", "do", "how", "what", "much", "many", "is", "was", "this", "that", "last"}
GENERIC_INCOME = {"income", "thu nhap", "earnings", "money in", "earned", "luong"}
USUAL_RE = re.compile(r"\b(?:usual|normal|normally|typical|typically|on average|average month|as usual|binh thuong|"
                      r"(?:going|gone|went) (?:up|down)|increas\w*|decreas\w*|rising|climbing|trend\w*)\b")


@dataclass
class Vocab:
    """What the parser links against: the user's own merchants and categories, and two lookups into their data."""

    merchants: list[str] = field(default_factory=list)
    merchant_category: dict[str, str] = field(default_factory=dict)  # merchant → its most used category
    categories: dict[str, str] = field(default_factory=dict)  # category name → kind
    narrative_has: Callable[[str], bool] | None = None  # does a phrase occur in the user's narratives?
    embed: Callable | None = None  # texts → L2-normalised vectors, for linking by meaning


def _tok(word: str) -> str:
    word = word.strip(".,;:!?()[]{}\"'-")
    word = word.replace("'", "").replace("&", "")
    return word


def tokens(text: str) -> list[str]:
    return [t for t in (_tok(w) for w in re.findall(r"[a-z0-9&'.+-]+|\|", text)) if t]


def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("es") and word[-3] in "sxz":
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _same(a: str, b: str) -> float:
    """1.0 same word (plural/singular), a spelling ratio ≥ 0.84 for longer words, else 0."""
    if a == b or _singular(a) == _singular(b):
        return 1.0
    a, b = _singular(a), _singular(b)
    if min(len(a), len(b)) < 4 or abs(len(a) - len(b)) > 2 or a[0] != b[0]:
        return 0.0
    ratio = SequenceMatcher(None, a, b).ratio()
    return ratio if ratio >= 0.84 else 0.0


# ---- entity linking ----------------------------------------------------------------------------------------
class Linker:
    def __init__(self, vocab: Vocab):
        self.vocab = vocab
        self.merchant_tokens = {m: tokens(grammar.normalise(m)) for m in vocab.merchants}
        self.merchant_text = {m: " " + " ".join(t) + " " for m, t in self.merchant_tokens.items()}
        self.category_tokens = {c: tokens(grammar.normalise(c)) for c in vocab.categories}

    # merchants -------------------------------------------------------------------------------------------
    def merchants_for(self, window: list[str]) -> tuple[list[str], str]:
        n = len(window)
        if n == 1 and (window[0] in STOPWORDS or len(window[0]) < 3 or window[0].isdigit()):
            return [], ""
        glued = "".join(window)
        exact, prefix, spelled = [], [], []
        for name, mt in self.merchant_tokens.items():
            if not mt:
                continue
            if mt == window or "".join(mt) == glued:
                exact.append(name)
            elif len(mt) > n and mt[:n] == window:
                prefix.append(name)
            elif n == 1 and len(glued) >= 5 and any("".join(mt[:k]) == glued for k in range(2, len(mt) + 1)):
                prefix.append(name)  # "wholefoods" → "Whole Foods Mkt"
            elif len(mt) >= n and all(_same(a, b) for a, b in zip(window, mt[:n])) and any(
                    len(w) >= 4 for w in window):
                spelled.append(name)
        if exact:
            # the same brand under a longer name ("Blue Bottle Coffee SAN") shares the exact one's category;
            # a different business that starts with the name ("Uber Eats" after "Uber") does not
            cats = {self.vocab.merchant_category.get(e) for e in exact}
            same_brand = [p for p in prefix if self.vocab.merchant_category.get(p) in cats]
            return exact + same_brand, "exact"
        if prefix:
            return prefix, "prefix"
        return spelled, "spelling" if spelled else ""

    def exact_name(self, window: list[str]) -> bool:
        """The whole of one of their merchant names, even made of everyday words ("Best Buy")."""
        return len(window) > 1 and any(mt == window for mt in self.merchant_tokens.values())

    # concepts ------------------------------------------------------------------------------------------------
    def concept_for(self, phrase: str) -> str | None:
        if phrase in CONCEPT_WORDS:
            return CONCEPT_WORDS[phrase]
        if " " not in phrase and len(phrase) >= 5:
            close = get_close_matches(phrase, [w for w in CONCEPT_WORDS if " " not in w], n=1, cutoff=0.9)
            return CONCEPT_WORDS[close[0]] if close else None
        return None

    def concept_merchants(self, concept: str) -> list[str]:
        words, _ = CONCEPTS[concept]
        out = []
        for name, text in self.merchant_text.items():
            if any(f" {w} " in text or (len(w) >= 5 and text.replace(" ", "").find(w.replace(" ", "")) >= 0)
                   for w in words):
                out.append(name)
        return out

    # categories ----------------------------------------------------------------------------------------------
    def category_named(self, canonical: str) -> str | None:
        own = {c.lower(): c for c in self.vocab.categories}
        if canonical.lower() in own:
            return own[canonical.lower()]
        close = get_close_matches(canonical.lower(), list(own), n=1, cutoff=0.8)
        return own[close[0]] if close else None

    def category_for(self, window: list[str]) -> str | None:
        phrase = " ".join(window)
        for name, ct in self.category_tokens.items():
            if ct and len(ct) == len(window) and all(_same(a, b) for a, b in zip(window, ct)):
                return name
        for canonical, words in CATEGORY_WORDS.items():
            if phrase in words:
                return self.category_named(canonical)
        if len(window) == 1 and len(phrase) >= 5:
            words = [w for ws in CATEGORY_WORDS.values() for w in ws if " " not in w and len(w) >= 5]
            close = get_close_matches(phrase, words, n=1, cutoff=0.84)
            if close:
                canonical = next(c for c, ws in CATEGORY_WORDS.items() if close[0] in ws)
                return self.category_named(canonical)
        return None

    def narrative(self, phrase: str, *, exact: bool = False) -> bool:
        return bool(self.vocab.narrative_has and self.vocab.narrative_has(phrase, exact=exact))


def _windows(toks: list[str], used: list[bool], n: int):
    for i in range(len(toks) - n + 1):
        window = toks[i:i + n]
        if any(used[i:i + n]) or "|" in window:
            continue
        yield i, window


def link_entities(toks: list[str], linker: Linker) -> tuple[list[Link], list[str], list[str], dict[str, list[str]]]:
    """(links, unknown names, ignored words, suggestions) for the tokens left after periods and amounts."""
    used = [t == "|" for t in toks]
    links: list[tuple[int, Link]] = []

    def take(i: int, n: int, link: Link) -> None:
        used[i:i + n] = [True] * n
        links.append((i, link))

    # 1. the user's merchants, longest mentions first
    for n in (4, 3, 2, 1):
        for i, window in _windows(toks, used, n):
            if n > 1 and (window[0] in FUNCTION_WORDS or window[-1] in FUNCTION_WORDS
                          or all(w in STOPWORDS for w in window)) and not linker.exact_name(window):
                continue
            names, how = linker.merchants_for(window)
            if names:
                take(i, n, Link(" ".join(window), "merchant", names, how))
    # 2. phrases that really occur in the user's narratives ("bag fee", "atm withdrawal")
    for n in (3, 2):
        for i, window in _windows(toks, used, n):
            if any(w in STOPWORDS or w.isdigit() for w in window):
                continue
            phrase = " ".join(_singular(w) for w in window)
            if linker.narrative(phrase):
                take(i, n, Link(" ".join(window), "text", [phrase], "narrative"))
    # 3. concepts ("coffee", "gas") and categories ("eating out", "groceries")
    for n in (3, 2, 1):
        for i, window in _windows(toks, used, n):
            phrase = " ".join(window)
            concept = linker.concept_for(phrase)
            if concept:
                names = linker.concept_merchants(concept)
                fallback = CONCEPTS[concept][1]
                category = linker.category_named(fallback) if fallback and not names else None
                if names:
                    take(i, n, Link(phrase, "merchant", names, "concept"))
                elif category:
                    take(i, n, Link(phrase, "category", [category], "concept"))
                else:
                    take(i, n, Link(phrase, "concept", [concept], "concept"))  # a kind of merchant they don't have
                continue
            if n == 1 and (phrase in STOPWORDS or len(phrase) < 3):
                continue
            category = linker.category_for(window)
            if category:
                take(i, n, Link(phrase, "category", [category], "exact" if phrase == category.lower() else "synonym"))
    # 4. single words of the user's narratives ("dentist", "parking")
    left = [(i, t) for i, t in enumerate(toks) if not used[i] and t not in STOPWORDS and len(t) >= 3
            and not t.isdigit() and t != "|"]
    for i, word in left:
        if linker.narrative(_singular(word), exact=True):
            take(i, 1, Link(word, "text", [_singular(word)], "narrative"))
    # 5. by meaning: a leftover word close to one of the user's merchants or categories
    left = [(i, t) for i, t in enumerate(toks) if not used[i] and t not in STOPWORDS and len(t) >= 4
            and t.isalpha() and t != "|"]
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
            if best_m[0] >= SEMANTIC_MERCHANT_MIN and best_m[0] >= best_c[0]:
                take(i, 1, Link(word, "merchant", [best_m[1]], "meaning"))
            elif best_c[0] >= SEMANTIC_CATEGORY_MIN:
                take(i, 1, Link(word, "category", [best_c[1]], "meaning"))
    # 6. what is left: names the user does not have, or words that carry no filter
    unknown: list[str] = []
    ignored: list[str] = []
    suggestions: dict[str, list[str]] = {}
    unknown_ends: list[int] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if used[i] or t == "|" or t in STOPWORDS or len(t) < 2 or t.isdigit():
            i += 1
            continue
        j = i
        while j + 1 < len(toks) and not used[j + 1] and toks[j + 1] not in STOPWORDS and toks[j + 1] != "|" \
                and not toks[j + 1].isdigit():
            j += 1
        phrase = " ".join(toks[i:j + 1])
        if _name_like(toks, i, used, end=j):
            unknown.append(phrase)
            unknown_ends.append(j)
            close = get_close_matches(phrase, [m.lower() for m in linker.vocab.merchants], n=3, cutoff=0.6)
            suggestions[phrase] = [m for m in linker.vocab.merchants if m.lower() in close]
        else:
            ignored.append(phrase)
        i = j + 1
    # "peet's coffee": a name they don't have, heading a concept, means that name — not every coffee shop
    for start in unknown_ends:
        links = [(i, link) for i, link in links if not (i == start + 1 and link.how == "concept")]
    links.sort(key=lambda x: x[0])
    return [link for _, link in links], unknown, ignored, suggestions


def _name_like(toks: list[str], i: int, used: list[bool], end: int | None = None) -> bool:
    """A leftover word reads as a name when it follows "at/from/pay…" or heads a noun ("lyft rides"); a verb form
    ("finding") never does."""
    end = i if end is None else end
    if toks[end].endswith("ing") and len(toks[end]) > 5:
        return False
    before = toks[i - 1] if i > 0 else ""
    after = toks[end + 1] if end + 1 < len(toks) else ""
    return before in NAME_PREPOSITIONS or after in HEAD_NOUNS or (after and after in CONCEPT_WORDS)


# ---- the parser --------------------------------------------------------------------------------------------
def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    for a, b in sorted(spans, reverse=True):
        text = text[:a] + " | " + text[b:]
    return text


def money_query_parse(question: str, *, vocab: Vocab, today: date, previous: MoneyQuery | None = None,
                      earlier: MoneyQuery | None = None) -> MoneyQuery:
    """`previous`: the money query of the last answer; `earlier`: the one before it ("which one was more?" compares
    the two)."""
    text = grammar.normalise(question)
    q = MoneyQuery(language="vi" if grammar.is_vietnamese(question) else "en")
    periods = find_periods(text, today)
    low, high, amount_spans = find_amounts(_blank(text, [s for _, s in periods]))
    q.amount_min, q.amount_max = low, high
    measure, _ = find_measure(text)
    q.limit = find_top_n(text)
    q.group_by = find_group_by(text)
    q.weekdays, weekday_spans = find_weekdays(_blank(text, [s for _, s in periods]))
    rest = _blank(text, [s for _, s in periods])
    rest = _blank(rest, amount_spans)
    rest = _blank(rest, weekday_spans)
    rest = re.sub(r"\btop\s+\d+\b|\bshell(?:ed)? out\b|\bfork(?:ed)? out\b", " | ", rest)
    links, unknown, ignored, suggestions = link_entities(tokens(rest), Linker(vocab))
    if not links and not unknown and ignored and measure in (None, "total", "count", "list", "largest", "average") \
            and len(tokens(rest)) <= 8 and (measure or grammar.SPEND_CUE.search(text) or (periods and len(ignored) == 1)):
        # a money question that names nothing we know ("walgreens total"): the unplaced name is what it asks about
        names = [w for w in ignored if re.fullmatch(r"[a-z][a-z' &.-]{3,}", w) and not w.endswith("ing")]
        unknown, ignored = names[:1], [w for w in ignored if w not in names[:1]]
        suggestions = {u: [m for m in vocab.merchants if m.lower() in get_close_matches(
            u, [x.lower() for x in vocab.merchants], n=3, cutoff=0.6)] for u in unknown}
    q.links, q.unknown, q.ignored, q.suggestions = links, unknown, ignored, suggestions
    for link in links:
        target = {"merchant": q.merchants, "category": q.categories, "text": q.text}.get(link.kind)
        if target is not None:
            target.extend(n for n in link.names if n not in target)
    own_periods = [p for p, _ in periods]
    q.period = next((p for p in own_periods if not p.relative), None)

    followup = previous is not None and _is_followup(question, text, q, measure)
    if followup:
        q = _merge(previous, q, measure=measure, periods=own_periods, narrow=bool(NARROW_RE.search(text)))
        q.followup = True
    else:
        if own_periods and own_periods[0].relative and q.period is None:
            q.period = own_periods[0]
        q.measure = measure or "total"
        if q.measure == "average" and q.group_by == "month":
            q.measure = "monthly_average"
        if LATEST_RE.search(text) and q.measure in ("total", "list", "income"):
            q.measure, q.limit = "list", q.limit or 1
    _examples_and_kinds(q, vocab)
    if TEXT_CUE.search(text):
        # "everything with UBER on my statement": the words of the narrative, not one merchant
        for link in q.links:
            if link.kind == "merchant" and link.how != "concept":
                q.merchants = [m for m in q.merchants if m not in link.names]
                link.kind, link.names, link.how = "text", [link.mention], "narrative"
                q.text.append(link.mention)
    if q.followup and q.measure == "compare" and not q.compare and earlier is not None and previous is not None:
        _compare_turns(q, earlier, previous)
    merchant_kinds = {m: vocab.categories.get(c) for m, c in vocab.merchant_category.items()}
    _settle(q, text, own_periods, today, kinds=vocab.categories, merchant_kinds=merchant_kinds)
    return q


LATEST_RE = re.compile(r"\b(?:my |the )?(?:last|latest|most recent)\s+(?:\w+\s+)?(?:order|purchase|transaction|charge|"
                       r"payment|visit|trip|bill|ride|paycheck|pay ?check|deposit|salary)\b|\bwhen did i last\b|\blast time i\b")
TEXT_CUE = re.compile(r"\b(?:on (?:my|the) (?:bank )?statement|in the (?:description|narrative)|mentioning|"
                      r"containing|that says?|with the words?|labell?ed)\b")


def _examples_and_kinds(q: MoneyQuery, vocab: Vocab) -> None:
    """Merchants named beside a category they belong to are examples of it ("health stuff – gym, pharmacy";
    "restaurant or cafe"), and a kind of merchant named beside one of its own ("fill up at Shell") is that one."""
    if q.followup:
        return
    if q.categories and q.merchants and all(vocab.merchant_category.get(m) in q.categories for m in q.merchants):
        q.links = [link for link in q.links if link.kind != "merchant"]
        q.merchants = []
    specific = {n for link in q.links if link.kind == "merchant" and link.how != "concept" for n in link.names}
    if specific:
        for link in [x for x in q.links if x.kind == "merchant" and x.how == "concept"]:
            if specific & set(link.names):
                q.links.remove(link)
                q.merchants = [m for m in q.merchants if m in specific or any(
                    m in x.names for x in q.links if x.kind == "merchant")]


def _is_followup(question: str, text: str, q: MoneyQuery, measure: str | None) -> bool:
    """A turn continues the previous money question when it changes something of it (a period, a name, an amount,
    the measure) and is short or says so ("and …", "what about …", "only the …"). "thanks!" changes nothing."""
    words = len(text.split())
    names = bool(q.merchants or q.categories or q.text or q.unknown or q.period or q.weekdays
                 or q.amount_min is not None
                 or q.amount_max is not None or find_periods(text, date.today()))
    changes = names or measure is not None
    if not changes:
        return False
    if FOLLOWUP_RE.search(text) and words <= 12:
        return True
    # a short turn that names only a period, a filter or a measure ("last year?", "how many times?")
    return words <= 5 and not (q.merchants and q.categories)


def _merge(prev: MoneyQuery, new: MoneyQuery, *, measure: str | None, periods: list[Period], narrow: bool
           ) -> MoneyQuery:
    q = MoneyQuery.from_dict(prev.as_dict())
    q.language = new.language
    q.unknown, q.ignored, q.suggestions = new.unknown, new.ignored, new.suggestions
    names_something = bool(new.merchants or new.categories or new.text or new.unknown)
    # what the turn did not rename keeps how it was understood ("coffee" stays coffee in "only the ones over $10")
    q.links = new.links if names_something and not narrow else [*prev.links, *new.links]
    if names_something:
        if narrow:
            # "just the coffee ones": narrow what was asked; a merchant inside a category keeps the period
            q.merchants = new.merchants or q.merchants
            q.text = new.text or q.text
            if new.categories:
                q.categories = new.categories
            elif new.merchants:
                q.categories = []
        else:
            q.merchants, q.categories, q.text = new.merchants, new.categories, new.text
        if q.compare and q.compare.get("mode") == "periods":
            pass  # "what about dining?" after "groceries this month vs last": the same comparison for dining
        elif q.compare and not narrow:
            q.compare = None
            q.measure = "total"
    if new.amount_min is not None or new.amount_max is not None:
        q.amount_min, q.amount_max = new.amount_min, new.amount_max
    if new.weekdays:
        q.weekdays = new.weekdays
    if periods:
        p = periods[0]
        if p.relative and prev.period is not None:
            months = {"month": -1, "year": -12, "week": 0}[p.grain]
            q.period = prev.period.shifted(months=months) if months else Period(
                prev.period.start - timedelta(days=7), prev.period.end - timedelta(days=7), "the week before", "week")
        else:
            q.period = p
        if q.compare and q.compare.get("mode") != "periods":
            for side in q.compare.get("sides") or []:
                side.period = None
    if measure and measure not in ("list",):
        q.measure = measure
    elif measure == "list" and not names_something:
        q.measure = "list"
    if new.limit:
        q.limit = new.limit
    if new.group_by:
        q.group_by = new.group_by
    return q


def _settle(q: MoneyQuery, text: str, periods: list[Period], today: date, *, kinds: dict[str, str],
            merchant_kinds: dict[str, str | None]) -> None:
    """Direction, monthly-average window, and comparison sides from what was found."""
    if q.measure in ("income",):
        q.direction = "in"
    elif q.measure == "net":
        q.direction = None
    elif q.measure in ("list",) and not re.search(r"\bspen[dt]|\bpaid\b|\bbought\b|\bexpens|\bpurchas", text):
        q.direction = None
    else:
        q.direction = "out"
    if q.measure == "income":
        generic = {c for link in q.links if link.kind == "category" and link.mention in GENERIC_INCOME
                   for c in link.names}
        q.categories = [c for c in q.categories if c not in generic]
    linked_kinds = {kinds.get(c) for c in q.categories} | {merchant_kinds.get(m) for m in q.merchants}
    if (q.categories or q.merchants) and q.measure != "net" and linked_kinds == {"income"}:
        q.direction = "in"
    if q.measure == "monthly_average":
        rolling = next((p for p in periods if p.label.startswith("the last") and "month" in p.label), None)
        m = re.search(r"\b(\d+|three|six|twelve|two|four|five)\s+(?:full\s+)?months\b", text)
        if rolling is not None or m:
            n = int(re.search(r"\d+", rolling.label).group()) if rolling and re.search(r"\d+", rolling.label) else \
                grammar._n(m.group(1)) if m else 3
            q.months = n
            q.period = None
        elif q.period is not None and q.period.grain == "year":
            q.months = max(1, (min(q.period.end, today.replace(day=1) - timedelta(days=1)).month
                               if q.period.start.year == today.year else 12))
            if q.period.start.year != today.year:
                q.months = None
        elif q.months is None:
            q.months = 3
    if q.measure == "compare" or (q.compare and q.followup):
        _compare_sides(q, text, periods, today)


def _compare_turns(q: MoneyQuery, earlier: MoneyQuery, previous: MoneyQuery) -> None:
    """"which one was more?" after two answers: the two queries become the two sides."""
    def side(x: MoneyQuery) -> Side:
        names = x.merchants or x.categories or x.text
        label = ", ".join(names) if names else (x.period.label if x.period else "all time")
        return Side(label=label, merchants=list(x.merchants), categories=list(x.categories), text=list(x.text),
                    period=x.period)

    a, b = side(earlier), side(previous)
    same_names = (a.merchants, a.categories, a.text) == (b.merchants, b.categories, b.text)
    if same_names and a.period and b.period:
        a.label, b.label = a.period.label, b.period.label
    q.merchants, q.categories, q.text = [], [], []
    q.compare = {"mode": "periods" if same_names else "sides", "sides": [a, b]}
    q.period = None if same_names else previous.period


def _compare_sides(q: MoneyQuery, text: str, periods: list[Period], today: date) -> None:
    if q.followup and q.compare is not None and q.compare.get("from_turns"):
        return
    groups = [link for link in q.links if link.kind in ("merchant", "category", "text")]
    if q.followup and q.compare and not groups:
        # keep the sides, move them to the new period
        return
    if len(groups) >= 2:
        sides = []
        for link in groups:
            side = Side(label=_side_label(link))
            {"merchant": side.merchants, "category": side.categories, "text": side.text}[link.kind].extend(link.names)
            sides.append(side)
        q.compare = {"mode": "sides", "sides": sides}
        q.merchants, q.categories, q.text = [], [], []
        return
    own = [p for p in periods if not p.relative]
    if len(own) >= 2:
        q.compare = {"mode": "periods", "sides": [Side(label=p.label, period=p) for p in own[:2]]}
        q.period = None
        return
    if USUAL_RE.search(text):
        current = q.period or Period(today.replace(day=1), today, f"{today:%B %Y} so far", "month")
        q.period = current
        q.compare = {"mode": "usual", "sides": [Side(label=current.label, period=current)]}
        return
    if own:
        # "compared to last month": the period named against the one before it, or against now
        p = own[0]
        this_month = Period(today.replace(day=1), today, f"{today:%B %Y} so far", "month")
        if re.search(r"\b(?:than|to|with|against|vs\.?|versus)\s+(?:the\s+)?(?:last|previous|prior)\b", text) and \
                p.end < today.replace(day=1):
            q.compare = {"mode": "periods", "sides": [Side(label=this_month.label, period=this_month),
                                                      Side(label=p.label, period=p)]}
        else:
            before = p.shifted(months=-1 if p.grain in ("month", "range", "week", "day") else
                               -3 if p.grain == "quarter" else -12)
            q.compare = {"mode": "periods", "sides": [Side(label=p.label, period=p),
                                                      Side(label=before.label, period=before)]}
        q.period = None
        return
    this_month = Period(today.replace(day=1), today, f"{today:%B %Y} so far", "month")
    last = add_months(today.replace(day=1), -1)
    last_month = Period(last, today.replace(day=1) - timedelta(days=1), f"{last:%B %Y}", "month")
    q.compare = {"mode": "periods", "sides": [Side(label=this_month.label, period=this_month),
                                              Side(label=last_month.label, period=last_month)]}


def _side_label(link: Link) -> str:
    if link.how == "concept" or len(link.names) > 1:
        return link.mention
    return link.names[0]
