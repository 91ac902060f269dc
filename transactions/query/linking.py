"""Entity linking: the words of a question → the user's own merchants, categories and narrative phrases.

By exact name, spelling, prefix, glued words ("wholefoods"), initials and consonant skeletons ("wf", "tj", "sbx"),
the user's own aliases (learned from their choices), concepts such as "coffee" or "gas", phrases that really occur
in their statements, and meaning (embeddings). What is left is a name the user does not have ("Costco"), a word
that could change the answer but was not understood ("the boat"), or a function word.
"""
from __future__ import annotations

import re
from difflib import SequenceMatcher, get_close_matches

from transactions.query import grammar, said_names
from transactions.query.brand_pairs import brand_pairs
from transactions.query.lexicon import (
    CATEGORY_WORDS,
    CONCEPT_WORDS,
    CONCEPTS,
    GRAMMAR_WORDS,
    HEAD_NOUNS,
    NAME_PREPOSITIONS,
    STOPWORDS,
)
from transactions.query.model import Link, Vocab
from transactions.query.name_matching import (
    SEPARATORS,
    initials,
    same_word,
    shortens,
    singular,
    skeleton,
    sound_key,
    sounds_keys,
    subsequence,
    tokens,
    word_starts,
)
from transactions.query.nicknames import partial_names, shop_prefixes, spelled_letters
from transactions.query.spelling import common_words, kin_word, name_word_respelt
from transactions.query.vietnamese import VI_WORDS, vi_syllable
from transactions.selectors.subscriptions import is_bill_category

SEMANTIC_MERCHANT_MIN = 0.62
SEMANTIC_CATEGORY_MIN = 0.60
FUNCTION_WORDS = {"a", "an", "the", "at", "on", "in", "of", "for", "from", "to", "with", "my", "i", "me", "and", "or",
                  "did", "do", "how", "what", "much", "many", "is", "was", "this", "that", "last"}


# ---- entity linking ----------------------------------------------------------------------------------------
class Linker:
    def __init__(self, vocab: Vocab, *, vietnamese: bool = False):
        self.vocab = vocab
        self.vietnamese = vietnamese  # a Vietnamese question: its verbs name nothing, its syllables are no nicknames
        self.stopwords = STOPWORDS | VI_WORDS if vietnamese else STOPWORDS
        self.merchant_tokens = {m: tokens(grammar.normalise(m)) for m in vocab.merchants}
        self.merchant_text = {m: " " + " ".join(t) + " " for m, t in self.merchant_tokens.items()}
        self.category_tokens = {c: tokens(grammar.normalise(c)) for c in vocab.categories}

    # merchants -------------------------------------------------------------------------------------------
    def merchants_for(self, window: list[str]) -> tuple[list[str], str]:
        found = self._merchants_for(window)
        if not found[0] and len(window) == 1 and "-" in window[0].strip("-"):  # a name kept whole ("phuc-long")
            found = self._merchants_for(window[0].split("-"))
        return found

    def _merchants_for(self, window: list[str]) -> tuple[list[str], str]:
        n = len(window)
        if n == 1 and len(window[0]) == 2 and window[0].isalpha() and window[0] not in STOPWORDS:
            return self.nickname(window[0])  # "wf", "tj": initials only
        if n == 1 and (window[0] in self.stopwords or len(window[0]) < 3 or window[0].isdigit()):
            return [], ""
        glued = "".join(window)
        if n >= 3 and "and" in window[1:-1] and all(len(w) <= 2 or w == "and" for w in window):
            glued = "".join(w for w in window if w != "and")  # "pg and e" is PG&E
        exact, prefix, spelled, shortened, whole = [], [], [], [], []
        for name, mt in self.merchant_tokens.items():
            if not mt:
                continue
            if mt == window or "".join(mt) == glued:
                exact.append(name)
            elif len(mt) > n and mt[:n] == window:
                prefix.append(name)
            elif (len(glued) >= 5 if n == 1 else len(glued) >= 6 or glued != "".join(window)) and any(
                    "".join(mt[:k]) == glued for k in range(1, len(mt) + 1)):
                prefix.append(name)  # "wholefoods" → "Whole Foods Mkt", "oak wood" → "Oakwood Apartments"
            elif len(mt) >= n and all(name_word_respelt(a, b) for a, b in zip(window, mt[:n])) and any(
                    len(w) >= 4 for w in window):
                spelled.append(name)
                if len(mt) == n:
                    whole.append(name)  # "ubers": the whole name with its plural, not the start of "Uber Eats"
            elif n >= 2 and len(mt) >= n and all(name_word_respelt(a, b) or shortens(a, b) for a, b in zip(window, mt[:n])) \
                    and any(same_word(a, b) == 1.0 for a, b in zip(window, mt[:n])):
                shortened.append(name)  # "plnt fitness", "cvs pharm": one word whole, the others cut short
            elif n >= 2 and len(mt) > n and window[-1] == mt[-1] and word_starts(glued, mt):
                shortened.append(name)  # "bb coffee": the first words by their initials, the last one whole
        if exact:
            # the same brand under a longer name ("Blue Bottle Coffee SAN") shares its category ("Uber Eats" does not),
            cats = {self.vocab.merchant_category.get(e) for e in exact}  # or a shorter one ("Delta Air", bag fees)
            same_brand = [p for p in prefix if self.vocab.merchant_category.get(p) in cats]
            same_brand += [m for m, mt in self.merchant_tokens.items() if 2 <= len(mt) < n and mt == window[:len(mt)]
                           and m not in exact and self.vocab.merchant_category.get(m) in cats]
            return exact + same_brand, "exact"
        if prefix:
            return prefix, "prefix"
        if spelled:
            if whole:  # as with an exact name: the longer names kept are the same brand's, not another business
                cats = {self.vocab.merchant_category.get(w) for w in whole}
                return whole + [p for p in spelled if p not in whole and self.vocab.merchant_category.get(p) in cats], \
                    "spelling"
            return spelled, "spelling"
        if shortened:
            return shortened, "nickname"
        if n == 1:
            return self.nickname(window[0])
        if spelt := said_names.spelled_out(window, self.merchant_tokens):
            return spelt, "initials"  # "see vee ess", "tee jays": the letters of a name said one by one
        if longer := said_names.name_then_sound(window, self.merchant_tokens):
            return longer, "nickname"  # "uber eets": Uber Eats, not Uber
        if names := self.sounded(window, near=True):
            return names, "nickname"  # a guess
        return said_names.heard_loosely(window, self.merchant_tokens, VI_WORDS if self.vietnamese else STOPWORDS,
                                        vietnamese=self.vietnamese)

    def sounded(self, window: list[str], near: bool = False) -> list[str]:
        """Words that sound like one of their names ("hole foods", "chip hotel", "spot if i"): said_names.sounded, or
        (`near`) said_names.near_named; never a Vietnamese phrase with a verb in it ("bà xài hết bao" is no Best Buy)."""
        return [] if self.vietnamese and any(w in VI_WORDS for w in window) else said_names.sounded(
            window, self.merchant_tokens, self.stopwords) or (
            said_names.near_named(window, self.merchant_tokens) if near else [])

    def nickname(self, word: str) -> tuple[list[str], str]:
        """A shortened name of one of their merchants that is not an everyday word: initials ("wf", "tjs"), the
        start of the name ("chipot", "amaz"), or its consonants in order ("sbux", "tgt")."""
        if not word.isalpha() or len(word) < 2 or word in STOPWORDS or (len(word) > 3 and word in common_words()) \
                or (self.vietnamese and vi_syllable(word)):
            return [], ""
        if len(word) > 4 and word.endswith("s") and word[:-1] in common_words():
            return [], ""  # "wife's", "kids": an everyday word with its s, no shortened name
        bare = word[:-1] if len(word) > 2 and word.endswith("s") else word
        # a name's initials ("bb": Best Buy), or a longer one's first ("wf": Whole Foods Mkt) — both when both fit (a
        # question to ask); initials said aloud and written as heard ("teejays", "beebee"): the letters they name
        letters = spelled_letters(bare) or spelled_letters(word) or bare
        by_initials = [m for m, mt in self.merchant_tokens.items() if len(mt) >= 2 and initials(mt) in (word, bare, letters)]
        by_initials += [m for m, mt in self.merchant_tokens.items() if m not in by_initials and len(mt) >= 2 and (
            len(mt) > len(bare) >= 2 and initials(mt).startswith(bare) or mt[0] in (word, bare))]  # "tj": TJ Maxx too
        if by_initials:
            return by_initials, "initials"
        if len(word) < 3 or word in common_words():
            return [], ""
        # the start of each word of the name, cut down ("bby": Best Buy, "tjoes": Trader Joe's)
        by_starts = [m for m, mt in self.merchant_tokens.items() if 2 <= len(mt) <= 4
                     and len(bare) > len(mt) and word_starts(bare, mt)]
        if by_starts:
            return by_starts, "nickname"
        glued = {m: "".join(mt) for m, mt in self.merchant_tokens.items() if mt}
        by_prefix = [m for m, g in glued.items() if len(word) >= 4 and g.startswith(word)]
        # "starbs", "chipots", "starbies": a cut-down name with a plural or a pet-name ending
        stem = re.sub(r"(?:ies|ie|ys|y|s)$", "", word)
        if not by_prefix and len(stem) >= 5:
            by_prefix = [m for m, g in glued.items() if g.startswith(stem) and len(g) > len(stem) + 1]
        if by_prefix:
            return by_prefix, "prefix"
        # the end of a one-word name, said for it ("zon" for Amazon, "flix" for Netflix): of one name only
        by_end = [m for m, mt in self.merchant_tokens.items() if len(mt) == 1 and len(word) >= 3
                  and mt[0].endswith(word) and len(mt[0]) >= len(word) + 2]
        if len(by_end) == 1:
            return by_end, "nickname"
        sk = skeleton(word)
        # the first words of a name run together and misspelt or stripped of vowels ("blubottle", "wholefds")
        by_glued = [m for m, mt in self.merchant_tokens.items() if len(word) >= 6 and len(mt) >= 2 and any(
            SequenceMatcher(None, word, "".join(mt[:k])).ratio() >= 0.88
            or (len(sk) >= 5 and sk == skeleton("".join(mt[:k]))) for k in range(2, len(mt) + 1))]
        if by_glued:
            return by_glued, "spelling"
        # a misspelling that sounds like the whole name or its first word ("starbux", "chipolte" → same consonants)
        by_whole_sound = [m for m, mt in self.merchant_tokens.items() if len(word) >= 5 and mt and len(sk) >= 4
                          and sk in (skeleton("".join(mt)), skeleton(mt[0]))]
        if by_whole_sound:
            return by_whole_sound, "spelling"
        # spelt as it sounds ("netflicks", "chevrun", "tarjay"): the name's sound, or its start less one consonant
        key = sound_key(bare)
        by_key = [m for m, mt in self.merchant_tokens.items() if (len(key) >= 3 or said_names.sound_respelt(bare, mt)) and mt and any(
            key == whole or (len(key) >= 4 and key in sounds_keys(mt[:1]))
            or (len(word) >= 5 and word[0] == mt[0][0] and whole.startswith(key) and len(whole) - len(key) <= 1)
            for whole in sounds_keys(mt))]
        if by_key:
            return by_key, "nickname"
        # a nickname is short, and its consonants are at least half of the name's
        by_sound = [m for m, g in glued.items() if 3 <= len(sk) and len(word) <= 5 and g[0] == word[0]
                    and any(subsequence(sk, skeleton(x)) and len(skeleton(x)) <= 2 * len(sk)
                            for x in (g, self.merchant_tokens[m][0]))]
        return by_sound, "nickname" if by_sound else ""

    def exact_name(self, window: list[str]) -> bool:  # the whole of one of their names, even everyday words
        return len(window) > 1 and any(mt == window for mt in self.merchant_tokens.values())

    # concepts ------------------------------------------------------------------------------------------------
    def concept_for(self, phrase: str) -> str | None:
        if phrase in CONCEPT_WORDS:
            return CONCEPT_WORDS[phrase]
        company = re.fullmatch(r"(.+) (?:company|provider|utility|supplier)", phrase)
        if company and f"{company.group(1)} bill" in CONCEPT_WORDS:
            return CONCEPT_WORDS[f"{company.group(1)} bill"]  # "the power company" sends the power bill
        if " " not in phrase and len(phrase) >= 5 and phrase not in common_words():
            # a misspelling of a concept word ("restaurnts"), never another everyday word ("lights" is not "flights")
            close = get_close_matches(phrase, [w for w in CONCEPT_WORDS if " " not in w and w[0] == phrase[0]], n=1,
                                      cutoff=0.9)
            return CONCEPT_WORDS[close[0]] if close else None
        return None

    def concept_merchants(self, concept: str) -> list[str]:
        """Their merchants whose names carry one of the concept's words; a name that another concept's longer word
        fits better is that one's ("Uber Eats" is food delivery's "uber eats", not rideshare's "uber")."""
        def fits(w: str, text: str) -> bool:
            return f" {w} " in text or (len(w) >= 5 and text.replace(" ", "").find(w.replace(" ", "")) >= 0)

        words, _ = CONCEPTS[concept]
        out = []
        for name, text in self.merchant_text.items():
            mine = max((len(w) for w in words if fits(w, text)), default=0)
            if mine and not any(len(w) > mine and fits(w, text) for other, (ws, _c) in CONCEPTS.items()
                                if other != concept for w in ws):
                out.append(name)
        return out

    # categories ----------------------------------------------------------------------------------------------
    def category_named(self, canonical: str) -> str | None:
        own = {c.lower(): c for c in self.vocab.categories}
        if canonical.lower() in own:
            return own[canonical.lower()]
        close = get_close_matches(canonical.lower(), list(own), n=1, cutoff=0.8)
        return own[close[0]] if close else None

    def bill_categories(self) -> list[str]:
        """Their categories of bills: fixed costs (`is_bill_category`: rent, utilities, insurance…), as the
        subscriptions listing and budget tips tell them apart from subscriptions."""
        return [c for c, kind in self.vocab.categories.items() if kind == "expense" and is_bill_category(c)]

    def category_for(self, window: list[str]) -> str | None:
        phrase = " ".join(window)
        for name, ct in self.category_tokens.items():
            if ct and len(ct) == len(window) and all(same_word(a, b) and kin_word(a, b) for a, b in zip(window, ct)):
                return name
        for canonical, words in CATEGORY_WORDS.items():
            if phrase in words:
                return self.category_named(canonical)
        if len(window) == 1 and len(phrase) >= 5:
            single = [w for ws in CATEGORY_WORDS.values() for w in ws if " " not in w and len(w) >= 5]
            close = [w for w in get_close_matches(phrase, single, n=1, cutoff=0.84) if kin_word(phrase, w)]
            if close:
                canonical = next(c for c, ws in CATEGORY_WORDS.items() if close[0] in ws)
                return self.category_named(canonical)
        if len(window) == 1 and len(phrase) >= 4 and phrase.isalpha() and phrase not in STOPWORDS \
                and phrase not in common_words():
            # a shortened category ("groc", "util", "entert"): the start of exactly one of their category names
            starts = [c for c, ct in self.category_tokens.items() if ct and ct[0].startswith(phrase)
                      and len(ct[0]) > len(phrase)]
            if len(starts) == 1:
                return starts[0]
        return None

    def shortened(self, word: str, names: list[str]) -> str | None:
        """The one of `names` that `word` shortens or nicknames ("chevy" → Chevron: the same first four letters
        and at most one more), used where the sentence already says which kind of merchant it means."""
        hits = [n for n in names if len(word) >= 4 and any(
            len(word) <= k + 1 and t[:k] == word[:k] for t in self.merchant_tokens.get(n, [])[:1]
            for k in range(4, len(word) + 1))]
        return hits[0] if len(hits) == 1 else None

    def beside_named(self, word: str, links: list[Link]) -> str | None:
        """The merchant a word shortens when the question names another of theirs of the same kind beside it ("shell
        or chevy": Chevron, as Shell is fuel): the sentence says which kind of merchant it means."""
        named = [x for x in links if x.kind == "merchant" and x.how in OWN_NAME and not x.negated]
        kinds = {self.vocab.merchant_category.get(m) for x in named for m in x.names} - {None}
        taken = {m for x in named for m in x.names}
        return self.shortened(word, [m for m, c in self.vocab.merchant_category.items() if c in kinds
                                     and m not in taken]) if kinds else None

    def narrative(self, phrase: str, *, exact: bool = False) -> bool:
        return bool(self.vocab.narrative_has and self.vocab.narrative_has(phrase, exact=exact))


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
            if names:
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
            if any(w in stop or w.isdigit() for w in window) or named_before(i):
                continue
            phrase = " ".join(singular(w) for w in window)
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
            if n == 1 and phrase in ("bills", "bill") and (i == 0 or toks[i - 1] in SEPARATORS or (
                    toks[i - 1] in stop and not used[i - 1])) and (
                    i + 1 >= len(toks) or toks[i + 1] in SEPARATORS or toks[i + 1] in stop):
                # "rent and bills": their fixed costs, not subscriptions; after a name it heads it ("amazon bill")
                bills = linker.bill_categories()
                if bills:
                    take(i, n, Link(phrase, "category", bills, "synonym"))
                continue
            if n == 1 and (phrase in stop or len(phrase) < 3):
                continue
            category = linker.category_for(window)
            if category:
                how = "exact" if phrase == category.lower() else "prefix" if n == 1 and any(
                    t and t[0].startswith(phrase) and len(t[0]) > len(phrase) for t in linker.category_tokens.values()
                ) and phrase not in {w for ws in CATEGORY_WORDS.values() for w in ws} else "synonym"
                take(i, n, Link(phrase, "category", [category], how))
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
    unknown: list[str] = []
    ignored: list[str] = []
    excluded_unknown: list[str] = []
    suggestions: dict[str, list[str]] = {}
    unknown_ends: list[int] = []
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
        elif _name_like(toks, i, used, end=j) or places & set(range(i, j + 1)):
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


KIND_WORDS = {w for ws in CATEGORY_WORDS.values() for w in ws if " " not in w}
OWN_NAME = ("exact", "prefix", "spelling", "initials", "alias")
PAYER_VERBS = {"pay", "paid", "pays", "charge", "charged", "charges", "bill", "billed", "bills", "take", "took",
               "takes", "cost", "costs", "refund", "refunded", "send", "sent"}

