"""Names as people say them rather than spell them: a name split into words by speech to text ("spot if i" for
Spotify, "chip oat lay" for Chipotle), its letters said one by one ("see vee ess" for CVS, "tee jays" for TJ's), or
the first word of a longer name said right and the rest as heard ("uber eets" for Uber Eats, not Uber).

Each is matched by sound or by letters against the whole of one of the user's own names, never loosely: a run of
everyday words links only when its sound is the sound of a name of one word (speech to text splits the word it
does not know into words it knows, while a name made of English words, "Best Buy", is written right), and a run of
letter names only when one of them is no everyday word ("vee", "ess", "tee") and the letters are a name's own.
Used by transactions/query/linking.py; the keys are name_matching's.
"""
from __future__ import annotations

import re
from difflib import SequenceMatcher
from itertools import product

from transactions.query.lexicon import HEAD_NOUNS, NAME_PREPOSITIONS
from transactions.query.name_matching import (
    POSSESSIVES,
    initials,
    one_sound_more,
    singular,
    sound_key,
    sounds_key,
    sounds_keys,
    spoken_keys,
)
from transactions.query.nicknames import distinctive_words
from transactions.query.spelling import common_words, edits

# the names of the letters, said one by one ("see vee ess", "pee gee and ee", "dubya eff")
LETTER_WORDS = {"ay": "a", "eh": "a", "bee": "b", "be": "b", "cee": "c", "see": "c", "sea": "c", "dee": "d",
                "ee": "e", "eff": "f", "ef": "f", "gee": "g", "jee": "g", "aitch": "h", "eye": "i", "jay": "j",
                "kay": "k", "el": "l", "ell": "l", "em": "m", "en": "n", "oh": "o", "pee": "p", "cue": "q",
                "queue": "q", "ar": "r", "arr": "r", "are": "r", "es": "s", "ess": "s", "tee": "t", "tea": "t",
                "you": "u", "vee": "v", "dubya": "w", "ex": "x", "why": "y", "wye": "y", "zee": "z", "zed": "z"}
# letter names that are also everyday words: a run made only of these ("are you", "see you", "oh why") spells nothing
PLAIN_WORDS = {"a", "i", "o", "u", "be", "see", "sea", "eye", "oh", "are", "you", "why", "tea", "queue", "ex",
               "em", "en", "el", "es", "ay", "eh"}


def letters_said(window: list[str]) -> str | None:
    """The letters a run of words says one by one ("see vee ess" → "cvs", "tee jays" → "tj", "t js" → "tj",
    "double u f" → "wf", "pee gee and ee" → "pge"), or None when a word is no letter or the run is only everyday
    words. A last letter with an s is a possessive or plural ("jay's")."""
    words = list(window)
    if len(words) >= 3 and "and" in words[1:-1]:
        words = [w for w in words if w != "and"]  # "pee gee and ee" is PG&E
    letters = ""
    k = 0
    while k < len(words):
        w = words[k]
        if w == "double" and k + 1 < len(words) and words[k + 1] in ("u", "you"):
            letters, k = letters + "w", k + 2
            continue
        last = k == len(words) - 1
        bare = w[:-1] if last and len(w) >= 2 and w.endswith("s") and (w[:-1] in LETTER_WORDS or len(w) == 2) else w
        if len(bare) == 1 and bare.isalpha():
            letters += bare
        elif bare in LETTER_WORDS:
            letters += LETTER_WORDS[bare]
        else:
            return None
        k += 1
    if len(letters) < 2 or all(w in PLAIN_WORDS for w in words):
        return None
    if all(len(w) == 1 for w in words) and len(words) == 2 and any(w in PLAIN_WORDS for w in words):
        return None  # "a b", "i c": a lone "a" or "i" is a word, not a letter of a name
    return letters


def spelled_out(window: list[str], merchant_tokens: dict[str, list[str]]) -> list[str]:
    """Their merchants whose name is the letters said: the first word of it ("cvs" of CVS Pharmacy, "pge") or the
    initials of the whole name ("tj" of Trader Joe's, "wf" of Whole Foods Mkt)."""
    letters = letters_said(window)
    if letters is None:
        return []
    whole = [m for m, mt in merchant_tokens.items() if mt == [letters]]
    return whole or [m for m, mt in merchant_tokens.items() if mt and (  # "u b e r" is Uber, not Uber Eats too
        mt[0] == letters or (len(mt) >= 2 and (initials(mt) == letters or initials(mt[:len(letters)]) == letters)))]


def sounded(window: list[str], merchant_tokens: dict[str, list[str]], stopwords: set[str]) -> list[str]:
    """Words that sound like one of their names, as speech to text or a guess at the spelling writes it: split,
    glued or respelt ("hole foods", "chip hotel", "spot if i"). The sound of the words is the sound of the whole
    name, or of its first words (two at least, or one of five consonants), with four consonants or more. A word with no consonant ("i", "a",
    "eye") may be part of it, not its start; words that are all everyday function words sound only a name of one
    word ("spot if" → Spotify, while "best by" is no "Best Buy")."""
    if any(w.isdigit() or not w.isalpha() for w in window) or not sound_key(window[0]) \
            or any([w] in merchant_tokens.values() for w in window) or named_then_noun(window, merchant_tokens):
        return []  # "o starbucks": a word that sounds like nothing; "uber rides": one of their names and a noun
    plain = all(w in stopwords or not sound_key(w) for w in window)
    keys = {k for k in sounds_keys(window) if len(k) >= 4}
    if not keys:
        return [] if plain else glued_named(window, merchant_tokens, stopwords)  # "del ta": short, but one word
    long_keys = {k for k in keys if len(k) >= 5}  # a first word of five consonants is a name alone ("comb cast")
    return [m for m, mt in merchant_tokens.items() if mt and (not plain or len(mt) == 1) and any(
        (keys if k == len(mt) or k >= 2 else long_keys) & sounds_keys(mt[:k]) for k in range(1, len(mt) + 1))] \
        or ([] if plain else glued_named(window, merchant_tokens, stopwords))


def named_then_noun(window: list[str], merchant_tokens: dict[str, list[str]]) -> bool:
    """The words sound like a one-word name of theirs, then a noun a name heads ("huber rides" is Uber's rides, not
    "Uber Eats" by the sound of all of it)."""
    if len(window) < 2 or window[-1] not in HEAD_NOUNS:
        return False
    keys = {k for k in sounds_keys(window[:-1]) if len(k) >= 2}
    return any(len(mt) == 1 and keys & sounds_keys(mt) for mt in merchant_tokens.values())


def sound_respelt(word: str, name_tokens: list[str]) -> bool:
    """A one-word name respelt by one letter, as it sounds ("huber" for Uber, "lyfft" for Lyft), even when its sound
    key is short: the caller checks that the keys are the same."""
    return len(name_tokens) == 1 and len(word) >= 4 and edits(word, name_tokens[0], 1) <= 1


def glued_named(window: list[str], merchant_tokens: dict[str, list[str]], stopwords: set[str]) -> list[str]:
    """Words that, run together, are one of their names split by speech to text: the first word(s) of a name
    exactly ("del ta" → Delta Air Lines), or a one-word name misheard at its end ("net flick" → Netflix,
    name_matching's edit and sound thresholds). Never with a function word in it ("at t", "for d")."""
    if len(window) < 2 or any(w in stopwords or not w.isalpha() for w in window):
        return []
    glued = "".join(window)
    if len(glued) < 5:
        return []
    return [m for m, mt in merchant_tokens.items() if mt and (
        any("".join(mt[:k]) == glued for k in range(1, len(mt) + 1)) or len(mt) == 1 and near_word(glued, mt[0]))]


# after a name said as everyday words: the end, a blanked period or amount, or a word that goes on asking about it
PLAIN_NAME_AFTER = {"", "|", "^", "last", "this", "in", "on", "during", "since", "for", "and", "or", "vs", "versus",
                    "total", "so", "lately", "over", "before", "after"}
NOT_BEFORE_NAME = {"the", "a", "an", "was", "is", "are", "were", "be", "been", "very", "so", "too", "most", "it"}


def plain_sounded(toks: list[str], i: int, n: int, merchant_tokens: dict[str, list[str]], sounded_names
                  ) -> tuple[list[str], str]:
    """(names, how) for everyday words that sound like one of their names: a name of one word (`sounded_names`,
    "spot if i"), or word for word a name of two words or more whose words each sound the same ("best by" for
    Best Buy, "by" said "buy"). The latter is a doubt — an everyday phrase may be meant — so it is read loosely
    (how = "partial": answered, below confident, "I read …"), and only where a name stands: not after "the"/"was"
    ("the best by far") and before the end, a period or a word that goes on asking, or a noun a name heads."""
    window = toks[i:i + n]
    if names := sounded_names(window):
        return names, "nickname"
    after = toks[i + n] if i + n < len(toks) else ""
    if (i > 0 and toks[i - 1] in NOT_BEFORE_NAME) or (after not in PLAIN_NAME_AFTER and after not in HEAD_NOUNS):
        return [], ""
    names = [m for m, mt in merchant_tokens.items() if len(mt) == n and mt != window and all(
        a == b or sound_key(a) and sound_key(a) == sound_key(b) for a, b in zip(window, mt))]
    return names, "partial" if names else ""


LOOSE = ("spelling", "nickname", "prefix")  # links read loosely from the words said


def owned_phrase_doubted(toks: list[str], links: list, merchant_tokens: dict[str, list[str]]) -> None:
    """A name read loosely from words after a possessive ("my whole food money", "our best buys") may be an
    everyday phrase — the words of a budget, not the shop: the link is kept but read as a doubt (how = "partial",
    never confident, "I read …"), unless the words are the name's own."""
    for i, link in links:
        words = link.mention.split()
        mt = merchant_tokens.get(link.names[0]) if link.names else None
        if link.kind == "merchant" and link.how in LOOSE and i > 0 and toks[i - 1] in POSSESSIVES and mt \
                and words != mt[:len(words)] and words[0] in common_words():
            link.how = "partial"
        elif link.kind == "merchant" and link.how in ("exact", "prefix") and mt and len(words) == 1 \
                and words[0] == mt[0] and money_sense_said(toks, i):
            link.how = "partial"


# words of money talk that are also names of shops ("what is my target for groceries", "what's the delta vs last
# month"): the goal, the difference — said as a noun of the question, not as the shop
MONEY_SENSE_WORDS = frozenset({"target", "delta", "goal", "balance", "change", "credit", "capital", "prime", "mint",
                               "square", "chase", "interest", "cash", "total", "limit", "budget"})
DETERMINERS = POSSESSIVES | {"the", "a", "an", "this", "that"}


def money_sense_said(toks: list[str], i: int) -> bool:
    """Is the one-word name at token i a word of money talk used as a noun of the question: after a determiner that
    no "at"/"from" heads ("my target for…", "the delta vs…"), not heading a word of shopping ("my target run")?"""
    word = toks[i]
    before = toks[i - 1] if i > 0 else ""
    after = toks[i + 1] if i + 1 < len(toks) else ""
    headed = i > 1 and toks[i - 2] in NAME_PREPOSITIONS
    return word in MONEY_SENSE_WORDS and before in DETERMINERS and not headed and after not in HEAD_NOUNS \
        and after not in SHOP_WORDS


SHOP_WORDS = frozenset({"store", "stores", "shop", "haul", "receipt", "receipts", "card", "account", "app",
                        "station", "flight", "flights"})



def near_word(said: str, word: str) -> bool:
    """`said` is `word` misheard or mistyped, by a threshold that grows with the word: the same first letter, its
    sound (name_matching.sound_key) at most one consonant off, and at most one edit for words of four letters or
    fewer, two when one is longer ("johns" for "joes", "bottel" for "bottle"; never "bet" for "buy", "bud" for "buy")."""
    if said == word or not said.isalpha() or not word.isalpha() or said[0] != word[0] or min(len(said), len(word)) < 4:
        return False
    limit = 1 if max(len(said), len(word)) <= 4 else 2
    return edits(said, word, limit) <= limit and edits(sound_key(said), sound_key(word), 1) <= 1


def near_named(window: list[str], merchant_tokens: dict[str, list[str]]) -> list[str]:
    """A name of two words or more said with one of its distinctive words right ("trader") and each other word near
    the name's own ("john's" for "joe's"): speech to text writes a word it knows for the one it heard. The words
    said are the whole name or its first words; without a distinctive word kept ("best bet", "whole goods") or
    with a word far from the name's ("planet hollywood"), nothing."""
    if len(window) < 2:
        return []
    distinct = distinctive_words(merchant_tokens)
    out = []
    for name, mt in merchant_tokens.items():
        if len(mt) < len(window) or (len(mt) > len(window) and len(window) < 2):
            continue
        pairs = list(zip(window, mt))
        kept = [b for a, b in pairs if singular(a) == singular(b)]
        if any(distinct.get(b, ("", 0))[0] == name for b in kept) and len(kept) < len(pairs) and all(
                singular(a) == singular(b) or near_word(a, b) for a, b in pairs):
            out.append(name)
    return out


def name_then_sound(window: list[str], merchant_tokens: dict[str, list[str]]) -> list[str]:
    """One of their names said right, then words that sound like the rest of a longer name of theirs starting with
    it ("uber eets" → Uber Eats): that longer name. "uber rides" stays Uber: "rides" sounds like no rest."""
    if len(window) < 2 or any(not w.isalpha() for w in window):
        return []
    for n in range(len(window) - 1, 0, -1):
        head, rest = window[:n], window[n:]
        keys = {k for k in sounds_keys(rest) if len(k) >= 2}
        if head not in merchant_tokens.values() or not keys:
            continue
        return [m for m, mt in merchant_tokens.items() if len(mt) > n and mt[:n] == head
                and keys & sounds_keys(mt[n:])]
    return []


# before a name, words that ask for all of a brand ("everything uber", "all things amazon", "anything delta")
ALL_OF = {"everything", "anything", "all"}  # "all" only as "all things"
NOT_BEFORE = {"not", "no", "without", "minus", "except", "excluding", "^"}


def family_named(toks: list[str], links: list, merchant_tokens: dict[str, list[str]]) -> None:
    """A name of theirs that starts longer names of theirs ("Uber" and "Uber Eats") keeps to itself, unless the
    question asks for all of it ("everything uber") or says the rest of a longer one elsewhere ("uber in October,
    rides and eats both"): then the longer ones are in the link too. "uber rides, not eats" stays Uber."""
    for i, link in links:
        if link.kind != "merchant" or link.how not in ("exact", "spelling") or len(link.names) != 1:
            continue
        mt = merchant_tokens.get(link.names[0]) or []
        longer = {m: lt[len(mt):] for m, lt in merchant_tokens.items() if len(lt) > len(mt) and lt[:len(mt)] == mt}
        if not mt or not longer:
            continue
        everything = i > 0 and (toks[i - 1] in ALL_OF - {"all"} or i > 1 and toks[i - 2] in ALL_OF
                                and toks[i - 1] == "things")
        said = {m for m, rest in longer.items() if any(
            toks[k] == rest[0] and not (k > 0 and toks[k - 1] in NOT_BEFORE)
            for k in range(i + len(link.mention.split()), len(toks)))}
        if everything and not said:
            after = toks[i + len(link.mention.split())] if i + len(link.mention.split()) < len(toks) else "|"
            said = set(longer) if after in ("|", "^", "in", "on", "for", "during", "since", "and", "this", "last") \
                else set()
        link.names += [m for m in longer if m in said and m not in link.names]


def place_said(toks: list[str], i: int) -> bool:
    """Word i names a place of its own: after "at"/"from" and a determiner, with at most one word between ("from
    the campus bookstore", "at a bookstore") — a shop they went to, not one of theirs it resembles by meaning."""
    for k in (i - 1, i - 2):
        if k >= 1 and toks[k] in PLACE_DETERMINERS and toks[k - 1] in ("at", "from") \
                and all(t.isalpha() for t in toks[k + 1:i]):
            return True
    return False


PLACE_DETERMINERS = {"the", "a", "an", "this", "that", "some", "one"}


# consonants that speakers of Vietnamese (and Spanish) leave out of an English name: its r and l after a vowel, an s
# or t closing a cluster ("sta bấc" for Starbucks, "oan mát" for Walmart, "bes bai" for Best Buy)
DROPPABLE = set("rslt")


def vi_spellings(syllable: str) -> list[str]:
    """A Vietnamese syllable (accents stripped) spelt as English says its sounds: "thi" → "ti", "bac" → "bak",
    "lich" → "lik" (th is a t, a final c or ch is k; a first x is already s in name_matching's sound_key); a first d
    both ways, as đ ("đơ" for "der") and as d ("dôn" for "zon"), the accent that told them apart being gone."""
    syllable = re.sub(r"^th", "t", syllable)
    syllable = re.sub(r"(?:ch|c)$", "k", syllable)
    return [syllable, "z" + syllable[1:]] if syllable.startswith("d") else [syllable]


def misheard_words(window: list[str], merchant_tokens: dict[str, list[str]]) -> list[str]:
    """Everyday words that speech to text wrote for a name it did not know, hearing one consonant too many ("hold
    foods" for Whole Foods, "calm cast" for Comcast): the words' key is the key of the name or of its first words
    (four consonants or more) with one consonant added, and the last word ends that sound. A guess, read as a doubt."""
    if len(window) < 2 or any(len(w) < 3 for w in window):
        return []
    said = sounds_key(window)
    last = sound_key(window[-1])
    if len(said) < 5 or len(last) < 2:
        return []
    return [m for m, mt in merchant_tokens.items() if mt and any(
        len(whole) == len(said) - 1 and whole[0] == said[0] and whole.endswith(last) and dropped_one(whole, said)
        for n in range(1, len(mt) + 1) for whole in sounds_keys(mt[:n]))]


def dropped_one(short: str, long: str) -> bool:
    """`long` is `short` with one letter added somewhere."""
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def dropped_only(said: str, name: str) -> bool:
    """`said` is the key of `name` with only droppable consonants left out (DROPPABLE), at most a third of them,
    starting with the same one and keeping three or more."""
    if len(said) < 3 or not name or said[0] != name[0] or len(said) > len(name) \
            or 3 * (len(name) - len(said)) > len(name) + 1:
        return False
    it = iter(name)
    missing: list[str] = []
    for ch in said:
        for other in it:
            if other == ch:
                break
            missing.append(other)
        else:
            return False
    return all(ch in DROPPABLE for ch in missing + list(it))


def heard_loosely(window: list[str], merchant_tokens: dict[str, list[str]], stopwords: set[str] | frozenset[str], *,
                  vietnamese: bool) -> tuple[list[str], str]:
    """(names, "partial") for words that sound like one of their names said by a speaker whose language has no such
    consonant clusters — a Vietnamese sound-spelling ("xờ-ta-bấc", "nét phờ lích", "tơ-rây-đơ giô") or an English
    respelling that leaves them out ("bes bai") — with only r, l, s or t missing. A guess: read as a doubt (never
    confident, "I read …"). Never with a function word (in a Vietnamese question: a Vietnamese grammar word; "gét" of
    "ta-gét" is no English "get") in it, nor English everyday words only."""
    joined = any("-" in w.strip("-") for w in window)  # syllables the writer made one word ("a-ma-dôn")
    syllables = [p for w in window for p in w.split("-") if p]
    if len(syllables) < 2 or any(not w.replace("-", "").isalpha() or w in stopwords for w in window):
        return [], ""  # a grammar word may be a syllable of a joined name, never a word of its own
    if not vietnamese and all(w in common_words() for w in window):
        names = misheard_words(window, merchant_tokens)
        return names, "partial" if names else ""
    if not sound_key(window[0]):
        return [], ""  # "ở xờ-ta-bấc": the word before it ("o") sounds like nothing and is no part of the name
    said = product(*(vi_spellings(w) if vietnamese else [w] for w in syllables))  # each way they may be said
    keys = {k for k in (sounds_key(list(words)) for words in said) if len(k) >= 3}
    # a name of three consonants ("Amazon") only by its own key, and only when its syllables were joined
    names = [m for m, mt in merchant_tokens.items() if mt and any(
        dropped_only(k, whole) for n in range(1, len(mt) + 1) for whole in sounds_keys(mt[:n])
        if len(whole) >= 4 or joined and len(whole) == 3 for k in keys)]
    return names, "partial" if names else ""


def heard_as_theirs(window: list[str], merchant_tokens: dict[str, list[str]], *, least: int = 3) -> list[str]:
    """Their names that words left unplaced where a name stands sound like, by Double Metaphone
    (name_matching.spoken_keys): speech to text writes everyday words for a name it does not know ("hoover" for
    Uber, "spot a fly" for Spotify). The sound of the words is the sound of the whole name (else of its first words),
    of `least` sounds or more, or that sound with one sound more heard in it. A guess: the caller reads it as a doubt
    (how = "partial": answered below confident, the name offered to confirm)."""
    if not window or len(window) > 4 or any(not w.isalpha() for w in window) or len(window[0]) < 3:
        return []
    said = spoken_keys(window)

    def fits(words: list[str]) -> bool:
        return any(len(k) >= least and (s == k or one_sound_more(s, k)) for s in said for k in spoken_keys(words))

    whole = [m for m, mt in merchant_tokens.items() if mt and fits(mt)]
    return whole or [m for m, mt in merchant_tokens.items() if len(mt) >= 2 and any(
        fits(mt[:n]) for n in range(1, len(mt)))]


SPELLED_LIKENESS = 0.8  # difflib ratio of the glued pieces to a glued name: "ikeya" for "ikea" (0.89)


def pieces_heard_as_theirs(window: list[str], merchant_tokens: dict[str, list[str]]) -> list[str]:
    """Their names that short pieces said apart glue into ("i key a" for IKEA, "pay pal" for PayPal): speech to text
    writes a name it does not know as the everyday words it hears, "i" and "a" among them. The glued pieces are spelt
    almost as the glued name (SPELLED_LIKENESS) and sound as it does (name_matching.spoken_keys); a name of four letters
    or more. A guess: the caller reads it as a doubt (how = "partial")."""
    said = "".join(window)
    if len(window) < 2 or not all(w.isalpha() and len(w) <= 4 for w in window) or len(said) < 4:
        return []
    keys = spoken_keys(window)
    return [m for m, mt in merchant_tokens.items() if len(glued := "".join(mt)) >= 4 and glued.isalpha()
            and SequenceMatcher(None, said, glued).ratio() >= SPELLED_LIKENESS and keys & spoken_keys([glued])]
