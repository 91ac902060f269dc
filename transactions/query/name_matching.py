"""Words against names, for entity linking (transactions/query/linking.py): the tokens of normalised text, and how
a word matches a word of a name — the same word (plural or singular, or spelt a little differently), cut short
("pharm", "plnt"), initials ("wf"), the first letters of each word ("bby"), or its consonants as they sound
("sbux")."""
from __future__ import annotations

import re
from difflib import SequenceMatcher

from doublemetaphone import doublemetaphone

# the possessive determiners: before a phrase they make it an ordinary noun phrase of someone's ("my whole food
# money", "our best buys"), not a name said loosely (said_names, nicknames, things)
POSSESSIVES = frozenset({"my", "our", "your", "his", "her", "their"})


def _tok(word: str) -> str:
    word = word.strip(".,;:!?()[]{}\"'-")
    word = word.replace("'", "").replace("&", "")
    return word


def tokens(text: str) -> list[str]:
    """Words of normalised text; `|` marks a blanked span (a period, an amount) and `^` an exclusion cue."""
    return [t for t in (_tok(w) for w in re.findall(r"[a-z0-9&'.+-]+|\||\^", text)) if t]


SEPARATORS = ("|", "^")


def initials(name_tokens: list[str]) -> str:
    return "".join(t[0] for t in name_tokens if t and t[0].isalnum())


def skeleton(word: str) -> str:
    """Consonants as they sound: "starbucks" → "strbx", "sbux" → "sbx" (ck/cks/ks/x alike, vowels dropped)."""
    word = re.sub(r"[^a-z]", "", word.lower())
    word = re.sub(r"c?ks|cs|x", "x", word)
    word = re.sub(r"ck", "k", word)
    return word[:1] + re.sub(r"[aeiouy]", "", word[1:])


def subsequence(short: str, long: str) -> bool:
    it = iter(long)
    return all(ch in it for ch in short)


def word_starts(word: str, name_tokens: list[str]) -> bool:
    """`word` is each word of the name in turn, each cut down to some of its letters in order beginning with its
    first ("bby" = b·est + b·u·y, "cvsph" = cvs + ph·armacy)."""
    if not name_tokens or not word:
        return not name_tokens and not word
    head, rest = name_tokens[0], name_tokens[1:]
    return word[0] == head[0] and any(subsequence(word[:cut], head) and word_starts(word[cut:], rest)
                                      for cut in range(1, len(word) - len(rest) + 1))


def singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("es") and word[-3] in "sxz":
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def shortens(short: str, word: str) -> bool:
    """`short` is a cut-down `word`: its start ("pharm" for "pharmacy") or its letters in order keeping at least half
    of them ("plnt" for "planet", "fitnss" for "fitness")."""
    if not short.isalpha() or len(short) >= len(word) or short[0] != word[0]:
        return False
    if len(short) <= 2:  # an initial, maybe with a possessive s ("trader j's")
        return len(short) == 1 or short[1] == "s"
    return word.startswith(short) or (subsequence(short, word) and 2 * len(short) >= len(word))


def same_word(a: str, b: str) -> float:
    """1.0 same word (plural/singular), a spelling ratio ≥ 0.84 for longer words, else 0."""
    if a == b or singular(a) == singular(b):
        return 1.0
    a, b = singular(a), singular(b)
    if min(len(a), len(b)) < 4 or abs(len(a) - len(b)) > 2 or a[0] != b[0]:
        return 0.0
    ratio = SequenceMatcher(None, a, b).ratio()
    return ratio if ratio >= 0.84 else 0.0


# spellings that sound alike, rewritten in order to one letter each (a Metaphone-like key): "hole foods" and "whole
# foods", "chip hotel" and "chipotle", "tarjay" and "target", "netflicks" and "netflix" share a key
SOUND_RULES = [(re.compile(p), r) for p, r in (
    (r"^wh(?=o)", "h"), (r"(?<=m)b$", ""), (r"^(?:kn|gn|pn)", "n"), (r"^wr", "r"), (r"^x", "s"), (r"tch", "ch"),
    (r"sch", "sk"),
    (r"ph", "f"), (r"^gh", "g"), (r"gh", ""), (r"ck", "k"), (r"sc(?=[eiy])", "s"), (r"c(?=[eiy])", "s"),
    (r"ch|sh|ti(?=[ao])", "X"), (r"th", "0"), (r"dg(?=[eiy])", "j"), (r"g(?=[eiy])", "j"), (r"[cq]", "k"),
    (r"x", "ks"), (r"z", "s"), (r"v", "f"), (r"d", "t"), (r"[aeiouyhw]", ""), (r"(.)\1+", r"\1"))]


def sound_key(word: str) -> str:
    """How a word sounds, as consonant classes: "whole" → "l", "foods" → "fts", "chipotle" → "Xptl"."""
    word = re.sub(r"[^a-z]", "", word.lower())
    for pattern, repl in SOUND_RULES:
        word = pattern.sub(repl, word)
    return word


def sounds_key(words: list[str]) -> str:
    """The key of words said one after the other, each keyed alone ("chip hotel" → "Xp" + "tl"), doubles merged."""
    return re.sub(r"(.)\1+", r"\1", "".join(sound_key(w) for w in words))


def _said_as(word: str) -> list[str]:
    """The ways a spelling may be said that the key rules read one way: a g before e/i/y hard as well as soft
    ("target" is "targay" as often as "tarjay"), a first x as "ex" ("xfinity")."""
    said = [word]
    if re.search(r"g(?=[eiy])", word):
        said.append(re.sub(r"g(?=[eiy])", "gu", word))
    if word.startswith("x"):
        said += ["e" + w for w in said]
    return said


def sounds_keys(words: list[str]) -> set[str]:
    """Every key the words may have, said one after the other (see `_said_as`): the ways a name may sound."""
    keys = {""}
    for w in words:
        keys = {k + sound_key(s) for k in keys for s in _said_as(w)}
    return {re.sub(r"(.)\1+", r"\1", k) for k in keys}


# ---- how a run of words sounds, by Double Metaphone (the `doublemetaphone` package) -------------------------
# Why a library beside `sound_key`: Double Metaphone is the maintained, widely used key of English pronunciation
# (two keys per spelling where a spelling may be said two ways), for words heard rather than typed; `sound_key`
# stays the compact consonant key that the rules above compare key by key.
# Consonants said at one place that speech to text confuses across a name it does not know ("hoover" for "uber":
# b and v are both lips, p and f too; th and t) — one class each
SOUND_CLASSES = str.maketrans({"F": "P", "0": "T"})


def spoken_keys(words: list[str]) -> set[str]:
    """The keys of words said as one run ("hoover eats" → "HPRTS", "APRTS"), each way it may be said, with the sounds of one
    place as one class; and, when the run starts with an h before a vowel, the key without it too (an h heard
    or dropped at the start: "hoover" for "uber")."""
    glued = re.sub(r"[^a-z]", "", "".join(words).lower())
    said = [glued] + ([glued[1:]] if re.match(r"h[aeiou]", glued) else [])
    return {k.translate(SOUND_CLASSES) for s in said for k in doublemetaphone(s) if k}


def one_sound_more(said: str, name: str) -> bool:
    """`said` is the key `name` with one sound heard in it that the name has not ("spot a fly" for Spotify: SPTPL
    and SPTP), not at its start."""
    return len(said) == len(name) + 1 and len(name) >= 4 and any(
        said[:i] + said[i + 1:] == name for i in range(1, len(said)))
