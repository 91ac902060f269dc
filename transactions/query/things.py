"""Things a money question asks about that are none of the user's merchants, categories or narrative words: a
pet, a party, a wedding, a boat, a hobby ("what did the boat cost me", "spending on the dog"). The parser has
already looked for the word in their descriptions (linking's narrative lookup): when it is still unplaced, the
right answer is that no transaction is about it — said plainly, with the categories it could have been filed
under, never an unrelated total. A name after "at"/"from" ("at Costco") is a shop they don't have, not a thing.
"""
from __future__ import annotations

import re

from core.text import strip_accents
from transactions.query.lexicon import CONCEPTS, GRAMMAR_WORDS, HEAD_NOUNS, STOPWORDS
from transactions.query.model import Link, Vocab
from transactions.query.name_matching import POSSESSIVES
from transactions.query.spelling import GRAMMAR_VOCABULARY, common_words
from transactions.query.vietnamese import CLASSIFIERS, vi_syllable

THING_CATEGORIES = 3  # categories named as where it could be
THING_MEANING_MIN = 0.2  # a category this far from the word in meaning is no place to look
DETERMINER_RE = r"\b(?:the|my|our|his|her|their|a|an|this|that|these|those|con|chiec)\s+(?:\w+\s+)?"
SHOP_CUE_RE = r"\b(?:at|from|pay|paid|paying|to)\s+"
STOREFRONT_RE = r"(?:stores?|shops?|outlets?|mall|market|restaurants?|cafes?|company|station|salon|pharmacy)\b"
HEAD_NOUN_RE = "|".join(sorted(HEAD_NOUNS - {"stuff"}))  # "home depot purchases", "lyft rides": a shop's


def _capitalised(phrase: str, question: str) -> bool:
    """Written with a capital inside the sentence ("any Home Depot purchases"): a proper name."""
    words = re.findall(r"[^\W\d_][\w'&.-]*", question)
    wanted = set(phrase.split())
    return any(w[0].isupper() and not w.isupper() and k > 0 and re.sub(r"[^a-z0-9]", "", strip_accents(w.lower())) in wanted
               for k, w in enumerate(words))


def said_with_determiner(phrase: str, text: str) -> bool:
    """The phrase comes after a determiner or possessive ("the boat", "my dog"): it is said as a thing."""
    return re.search(rf"{DETERMINER_RE}{_as_written(phrase)}(?!\w)", text) is not None


# a category named by an everyday word ("food", "lunches", "doctor"), not by its own name: the word may belong to a thing
LOOSE_CATEGORY = ("synonym", "meaning", "concept")
# animals people keep: a noun before an everyday word for a category ("pet food", "dog treats") names whose it is
ANIMALS = {"pet", "pets", "dog", "dogs", "cat", "cats", "puppy", "kitten", "horse", "bird", "birds", "fish", "hamster",
           "rabbit", "bunny", "parrot", "guinea", "lizard", "turtle", "pony", "meo", "cho"}
POSSESSIVE_RE = rf"(?:{'|'.join(sorted(POSSESSIVES | {'the'}))})\s+"  # "the" too: "for the wedding"


def _as_written(token: str) -> str:
    """A token of the parser ("dogs") as the question may write it ("dog's", "dogs'")."""
    return "'?".join(re.escape(ch) for ch in token) + "'?"


def things_owning(links: list[Link], ignored: list[str], text: str) -> tuple[list[Link], list[str]]:
    """(links, things): an everyday word for a category that belongs to a thing the user has no name for — "the
    dog's food", "lunches for the kids", "the dog … – food, vet" — is what the thing cost, not the category: the
    category read from it would answer another question (Dining for dog food). Its link becomes a part of the
    thing (kind "concept", names [the thing], how "thing") and the thing is what the question asks about. Only when
    the question names nothing of theirs by its own name."""
    loose = [x for x in links if not x.negated and x.kind == "category" and x.how in LOOSE_CATEGORY]
    if not loose or any(not x.negated and x not in loose for x in links):
        return links, []
    owners: list[str] = []
    owned: dict[int, str] = {}
    for phrase in ignored:
        words = phrase.split()
        # "my dog mochi": the thing, then its own name
        if not words or not (words[0].isalpha() and (words[0] in common_words() or words[0][:-1] in common_words())) \
                or any(w in GRAMMAR_VOCABULARY or w in HEAD_NOUNS for w in words) \
                or not (len(words) == 1 or words[0] in ANIMALS or all(w in common_words() for w in words)):
            continue
        said = _as_written(phrase)
        stem = re.escape(phrase[:-1] if phrase.endswith("s") else phrase)
        for link in loose:
            word = re.escape(link.mention)
            # "the dog's food", "food for the dog", "pet food", "my dog mochi, food and vet"
            if re.search(rf"\b{stem}(?:'s|s')\s+(?:\w+\s+)?{word}\b", text) \
                    or re.search(rf"\b{word}\s+(?:for|on)\s+{POSSESSIVE_RE}(?:\w+\s+)?{said}\b", text) \
                    or (words[0] in ANIMALS and re.search(rf"\b{said}\s+{word}\b", text)) \
                    or re.search(rf"\b{POSSESSIVE_RE}{said}\b[^.?!]{{0,60}}?(?:\s[-–—:]\s|,\s*)[^.?!]{{0,40}}?"
                                 rf"\b{word}\b", text):
                owned[id(link)] = phrase
                if phrase not in owners:
                    owners.append(phrase)
    if not owners:
        return links, []
    # the category the word alone would have meant is kept (`other`), for the clarifying question
    out = [Link(x.mention, "concept", [owned[id(x)]], "thing", other={"kind": x.kind, "names": list(x.names),
                                                                      "mention": x.mention})
           if id(x) in owned else x for x in links]
    return out, owners


def things_in(unknown: list[str], text: str, vocab: Vocab, *, question: str = "", vietnamese: bool = False
              ) -> dict[str, list[str]]:
    """{thing: up to three of the user's spending categories closest to it in meaning} for the unknown words that
    read as things: after a determiner or possessive ("the boat", "my dog"), or everyday words said neither as a
    shop ("at Costco", "home depot purchases") nor as a proper name ("Home Depot") — "spending on golf"."""
    out: dict[str, list[str]] = {}
    for phrase in unknown:
        words = phrase.split()
        said = re.escape(phrase)
        determined = said_with_determiner(phrase, text)
        shop = re.search(rf"{SHOP_CUE_RE}{said}\b|\b{said}\s+(?:{HEAD_NOUN_RE})\b", text) or \
            _capitalised(phrase, question)
        if re.search(rf"\b{said}\s+{STOREFRONT_RE}", text):
            continue  # "at the apple store": a shop they don't have, not a thing
        if phrase in CHAINS:
            continue  # "grab", "delta": a well-known brand they don't have, not a thing
        if all(w in GRAMMAR_VOCABULARY for w in words):
            continue  # "recurring charges": a word of the grammar the query cannot say, not a thing
        if determined or (not shop and words and all(w in common_words() for w in words)) \
                or (vietnamese and _vietnamese_thing(phrase, text, question)):
            out[phrase] = []
    if out:
        _places(out, vocab)
    return out


# what all of a person's pay comes from, said in their own words ("what did my job pay me", "income from work"):
# their income as a whole, never a source they never had
EARNING_WORDS = {"raise", "pay raise", "pay rise", "raises", "bump", "pay bump", "job", "jobs", "work", "employer", "employers", "boss", "company", "wage", "wages", "pay", "paid",
                 "payroll", "paychecks", "paycheck", "salary", "salaries", "earnings", "income", "gig", "day job",
                 "main job", "full time job", "take home", "take home pay", "money", "cash", "deposits", "deposit",
                 "direct deposit", "direct deposits", "net pay", "gross pay", "wages and salary"}


def earning_word(phrase: str) -> bool:
    """Does this unplaced phrase name pay in general ("my job", "work", "direct deposits"), not a source of money?"""
    words = [w for w in phrase.split() if w not in STOPWORDS]
    return phrase in EARNING_WORDS or bool(words) and all(w in EARNING_WORDS for w in words)


# a proper name in brackets after what it names ("day passes (Mission Cliffs)", "the coffee place (Peet's)")
BRACKETED_NAME_RE = re.compile(r"\(\s*([A-Z][\w'&.-]*(?:\s+(?:[A-Z][\w'&.-]*|&|of|and|the))*)\s*\)")


def bracketed_names(links: list[Link], unknown: list[str], ignored: list[str], question: str
                    ) -> tuple[list[Link], list[str], list[str]]:
    """(links, unknown, ignored) with a name in brackets that is none of theirs ("gym day passes (Mission Cliffs)",
    "beans from the roastery (Ritual Coffee)") read as the shop asked about: a name they don't have, so nothing is
    found — never their own shop of that kind (Planet Fitness for "gym"). The kinds of business read beside it
    ("gym", "coffee") say what the named shop is: they are dropped when nothing else is named."""
    for m in BRACKETED_NAME_RE.finditer(question):
        name = " ".join(w for w in (re.sub(r"[^a-z0-9&]", "", w.lower()) for w in m.group(1).split()) if w)
        words = set(name.split())
        if not words or any(x.kind == "merchant" and x.how not in ("concept", "meaning") and words & set(
                x.mention.split()) for x in links):
            continue  # one of their own names
        if not any(words & set(p.split()) for p in [*ignored, *unknown]):
            continue  # read whole as something else
        ignored, unknown = _without(ignored, words), [*_without(unknown, words), name]
        if all(x.negated or x.how == "concept" or set(x.mention.split()) <= words for x in links):
            links = [x for x in links if x.negated]
    return links, unknown, ignored


def _without(phrases: list[str], words: set[str]) -> list[str]:
    kept = [" ".join(w for w in p.split() if w not in words) for p in phrases]
    return [p for p in kept if p]


CHAINS = {w for words, _ in CONCEPTS.values() for w in words}  # well-known brands: names, never things
# Vietnamese: "ở"/"tại" (at), or a storefront noun before it ("nhà thuốc Long Châu", "quán Highlands"): a shop
VI_SHOP_BEFORE_RE = r"\b(?:o|tai|cua hang|quan|tiem|nha hang|sieu thi|nha thuoc|hieu thuoc|cong ty|hang)\s+(?:\w+\s+){0,2}?"


def _vietnamese_thing(phrase: str, text: str, question: str) -> bool:
    """In a Vietnamese question, words of the language that name nothing of theirs ("đám cưới", "câu cá", "con chó",
    "bé Mochi") are a thing; a name said as a shop ("ở Costco", "nhà thuốc Long Châu") or written as a proper name
    without a classifier before it is not."""
    words = phrase.split()
    parts = [p for w in words for p in w.split("-") if p]
    classified = "-" in words[0] and parts[0] in CLASSIFIERS  # "con-cho", "be-mochi": a classifier and its noun
    if phrase in CHAINS or (not classified and re.search(rf"{VI_SHOP_BEFORE_RE}{re.escape(phrase.replace('-', ' '))}\b", text)):
        return False  # "Grab", "ở Costco", "nhà thuốc Long Châu": a shop they don't have
    if not classified and _capitalised(phrase, question) and not all(vi_syllable(p) for p in parts):
        return False  # "cho Highlands": a brand's name; "Nha Trang", "Tết" are places and days
    return classified or all(vi_syllable(p) for p in parts)


def _places(things: dict[str, list[str]], vocab: Vocab) -> None:
    """The categories each thing could be filed under, by meaning (the embedding model linking uses)."""
    spending = [c for c, kind in vocab.categories.items() if kind not in ("income", "transfer")]
    if vocab.embed is None or not spending:
        return
    phrases = list(things)
    vectors = vocab.embed(phrases + spending)
    for k, phrase in enumerate(phrases):
        sims = vectors[len(phrases):] @ vectors[k]
        ranked = sorted(zip(spending, (float(s) for s in sims)), key=lambda x: -x[1])
        things[phrase] = [c for c, s in ranked[:THING_CATEGORIES] if s >= THING_MEANING_MIN]


# "the boat – slip fees, fuel", "my dog: food, vet", "what does the cat cost me a month, food and vet": a thing said
# as the subject, then after a dash, colon or comma the list of what it costs
# (Vietnamese: "cho con mèo? tiền thức ăn với đi bác sĩ thú y" — "con", "chiếc", "cái" before a thing)
# (or in brackets after it, a possessive before it: "my friend's wedding in May (gift + hotel + the suit)")
THING_LIST_RE = re.compile(r"\b(?:the|my|our|his|her|their|con|chiec|cai)\s+(?:[a-z]+'s\s+)?(?P<thing>[a-z]{3,})"
                           r"(?P<between>(?:\s+(?:[a-z']+|\|)){0,6}?)\s*(?:[,:;?(]|\s[-–—]+|[–—])\s*(?P<parts>[^.?!;()]+)")
# "the slip fees and fuel for the boat": the list just before it
FOR_THING_RE = re.compile(r"(?P<parts>[^.?!;|]*?)\s(?:for|on)\s+(?:the|my|our|his|her|their|your)\s+(?:[a-z]+\s+)?"
                          r"(?P<thing>[a-z]{3,})\b")
# "the cat is costing me a fortune. how much on her food and vet visits": the list after a pronoun for the thing
PRONOUN_LIST_RE = re.compile(r"\b(?P<pronoun>her|his|its|their)\s+(?P<parts>[^.?!;|]+)")
DEFINITE_RE = r"\b(?:the|my|our|his|her|their|your)\s+(?:[a-z]+\s+)?"
LIST_JOINT_RE = re.compile(r"\s*(?:,|&|\+|/|\band\b|\bor\b|\bplus\b|\bvoi\b|\bva\b|\bhoac\b)\s*")
LIST_ITEM_WORDS = 4  # "bác sĩ thú y": longer, and it is no list of what a thing costs
OWN_NAME = ("exact", "alias", "prefix", "initials", "spelling", "nickname", "partial")


def _content(word: str) -> bool:
    return word not in STOPWORDS and word not in GRAMMAR_WORDS and word != "|"


def _list_items(text: str, *, backwards: bool) -> list[list[str]]:
    """The items of a list that starts (or, `backwards`, ends) at the edge of `text`: each item's content words next
    to the list, up to the first item that does not consist of them alone (where the list began)."""
    items: list[list[str]] = []
    pieces = LIST_JOINT_RE.split(text)
    for piece in reversed(pieces) if backwards else pieces:
        words = piece.split()
        run: list[str] = []
        for w in reversed(words) if backwards else words:
            if not _content(w):
                break
            run.append(w)
        if not run or len(run) > LIST_ITEM_WORDS:
            break
        items.append(list(reversed(run)) if backwards else run)
        if len(run) < len(words):
            break
    return items


def _listed(rest: str, loose: set[str]) -> list[tuple[str, list[list[str]]]]:
    """(thing, the items of the list of what it costs) for each way a question lists a thing's costs."""
    found: list[tuple[str, list[list[str]]]] = []
    # or at the start of what is left, its owner set aside ("my sister's" of "my sister's wedding (gift + hotel)")
    matches = list(THING_LIST_RE.finditer(rest))
    if not matches and (first := THING_LIST_RE.match("the " + rest.lstrip())):
        matches = [first]
    for m in matches:
        if set(m.group("between").split()) & {w for p in loose for w in p.split()}:
            continue  # another unread word between them: the list may not be the thing's
        items = [[w for w in item.split() if _content(w)] for item in LIST_JOINT_RE.split(m.group("parts"))]
        found.append((m.group("thing"), [item for item in items if item] if all(
            len(item) <= LIST_ITEM_WORDS for item in items) else []))
    for m in FOR_THING_RE.finditer(rest):
        found.append((m.group("thing"), _list_items(m.group("parts"), backwards=True)))
    definite = [p for p in loose if re.search(rf"{DEFINITE_RE}{re.escape(p)}\b", rest)]
    for m in PRONOUN_LIST_RE.finditer(rest):
        before = [p for p in definite if re.search(rf"{DEFINITE_RE}{re.escape(p)}\b", rest[:m.start()])]
        if len({p.split()[-1] for p in before}) == 1:  # one thing said before the pronoun: the one it stands for
            found.append((before[0].split()[-1], _list_items(m.group("parts"), backwards=False)))
    return found


def things_listed(links: list[Link], unknown: list[str], ignored: list[str], rest: str
                  ) -> tuple[list[Link], list[str], list[str]]:
    """(links, unknown, ignored) with a thing nothing of theirs is called and the list of what it costs — after it
    ("the boat – slip fees, fuel"), before "for the thing" ("the slip fees and fuel for the boat") or after a pronoun
    for it ("the cat … her food and vet visits"): the listed words — read as categories ("food", "fees"), concepts
    ("fuel") or not at all ("vet", "venue") — are parts of the thing (kind "concept", names [the thing], how
    "thing"), and the thing is what the question asks about. A category total would answer another question
    (Dining for the cat's food). Not when a merchant is named by its own name ("my car: Shell and Chevron"): those
    are what it cost."""
    loose = set(unknown) | set(ignored)
    for thing, items in _listed(rest, loose):
        if not items or thing in GRAMMAR_VOCABULARY or thing in HEAD_NOUNS or thing in STOPWORDS \
                or not any(thing in p.split() for p in loose):
            continue
        part_words = {w for item in items for w in item}
        inside = [x for x in links if not x.negated and set(x.mention.split()) <= part_words]
        if any(not x.negated and x not in inside for x in links) or \
                any(x.kind == "merchant" and x.how in OWN_NAME for x in inside):
            continue
        parts = [Link(x.mention, "concept", [thing], "thing", other={"kind": x.kind, "names": list(x.names),
                                                                     "mention": x.mention}) for x in inside]
        covered = {w for x in inside for w in x.mention.split()}
        unread = {w for p in loose for w in p.split()}  # "boat slip": the dash between them was lost
        for item in items:
            left = [w for w in item if w not in covered and w in unread]
            if left:
                parts.append(Link(" ".join(left), "concept", [thing], "thing"))
        said = part_words | {thing}
        return ([x for x in links if x not in inside] + parts,
                [u for u in unknown if not _of_thing(u, said, thing)] + [thing],
                [w for w in ignored if not _of_thing(w, said, thing)])
    return links, unknown, ignored


def _of_thing(phrase: str, said: set[str], thing: str) -> bool:
    """The thing ("little boat"), its parts, or a pronoun standing for it."""
    words = phrase.split()
    return set(words) <= said or words[-1] == thing or phrase in ("her", "his", "its", "their")
