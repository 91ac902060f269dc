"""Entity linking, one phrase at a time: the words of a window → the user's own merchants, categories and concepts.

By exact name, spelling, prefix, glued words ("wholefoods"), initials and consonant skeletons ("wf", "tj", "sbx"),
names said by sound (said_names), concepts such as "coffee" or "gas", and their category names and words. The
sentence is read window by window, with the user's aliases, their narratives and meaning, in linking_sentence.py.
"""
from __future__ import annotations

import re
from difflib import SequenceMatcher, get_close_matches

from transactions.query import grammar, said_names
from transactions.query.lexicon import CATEGORY_WORDS, CONCEPT_WORDS, CONCEPTS, STOPWORDS
from transactions.query.model import Link, Vocab
from transactions.query.name_matching import (
    initials,
    same_word,
    shortens,
    skeleton,
    sound_key,
    sounds_keys,
    subsequence,
    tokens,
    word_starts,
)
from transactions.query.nicknames import spelled_letters
from transactions.query.spelling import common_words, kin_word, name_word_respelt
from transactions.query.vietnamese import VI_WORDS, vi_syllable
from transactions.selectors.subscriptions import is_bill_category

OWN_NAME = ("exact", "prefix", "spelling", "initials", "alias")  # links by one of their own names


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
        if not found[0] and any("-" in w.strip("-") for w in window):  # a name spelt by its sounds ("a-ma-dôn")
            found = said_names.heard_loosely(window, self.merchant_tokens, self.stopwords, vietnamese=self.vietnamese)
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
