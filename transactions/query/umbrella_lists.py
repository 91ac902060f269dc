"""An umbrella word glossed by the list of what it covers (issue 21, kind 1: unions).

"all my bills for October: electricity, internet, Netflix and the gym", "the subscriptions (netflix, spotify and
the gym)", "my fixed costs last month — rent, power and insurance": the list says what the umbrella word means here,
so the listed items are the union, and the umbrella's own categories (bills → Rent + Utilities) are not added. Like
"by bills I mean …" (restatements.definitions_read), the word is read as the names it is given; the list is no
second subject. A list after a colon, a dash, a bracket or "namely" / "i.e." / "that is" glosses the umbrella word
said before it in the same sentence; a word that is no umbrella (a merchant, a period) is glossed by nothing.
"""
from __future__ import annotations

import re

# general words for a group of charges, and category words said as a group (lexicon.CATEGORY_WORDS are read as
# categories; here they only stand for the list said after them)
UMBRELLA = (r"bills?|subscriptions?|subs|utilities|utility bills|fixed costs|fixed bills|regular (?:bills|payments|"
            r"costs)|monthly (?:bills|costs|payments)|direct debits|standing orders|outgoings|expenses|costs|"
            r"household (?:bills|costs|stuff)|running costs|overheads|essentials|the usual(?: suspects)?|regulars|"
            r"streaming(?: services| stuff)?|food(?: stuff)?|health(?: stuff)?|car (?:stuff|costs)|"
            r"transport(?: stuff| costs)?|kid(?:s'?|'s) stuff|pet stuff|work stuff")
_GLOSS = r"(?P<sep>\s*(?::|\(|\s[–—-]\s*|[–—]\s*|,\s*(?:namely|i\.?e\.?|that is|that's|so)\s*,?)\s*)"
# the umbrella word, what else its clause says (a period: "for October"), then the list to the end of the sentence
GLOSSED_RE = re.compile(rf"\b(?P<word>{UMBRELLA})\b(?P<mid>[^:;()?.!—–]{{0,40}}?){_GLOSS}"
                        r"(?P<list>[^;()?.!—–]{2,160}?)\s*(?P<close>\)|(?=[;?.!—–])|$)", re.I)
ITEM_JOIN_RE = re.compile(r"\s*(?:,\s*(?:and|&|plus|or)?|\band\b|&|\bplus\b|\+|\bor\b|\bvs\.?|\bversus\b)\s*", re.I)
# the list must name things, not ask or narrow: "bills: how much", "the bills — except rent", "costs: last month"
NOT_A_LIST_RE = re.compile(r"^\s*(?:how|what|which|why|when|where|who|is|are|was|were|did|do|does|can|could|"
                           r"please|except|excluding|without|not|only|just|i|we|it|that|this|last|next|in|for|from|since|"
                           r"over|per|by|total|all up)\b", re.I)

# a list given as examples of the umbrella ("health stuff - gym, pharmacy, that kind of thing", "bills: like power,
# water etc"): the umbrella word stands, the examples do not narrow it
EXAMPLES_RE = re.compile(r"\b(?:that|this) (?:kind|sort|type) of (?:thing|stuff)\b|\b(?:things?|stuff) like that\b|\betc\b|"
                         r"\band so on\b|\band (?:the like|whatnot|such)\b|\bor whatever\b|\band stuff\b|^\s*(?:like|e\.?g\.?|"
                         r"such as|for example|for instance|say)\b", re.I)


# the umbrella word said after a list, of all its items ("electric and cable, both bills", "netflix and spotify (the
# two subscriptions)", "rent, power and water — all bills"): what kind of thing they are, no second subject
APPOSED_RE = re.compile(rf"(?P<sep>\s*(?:,|\(|\s[–—-]|[–—])\s*)(?:both|all|all (?:of them|two|three|four)|the (?:two|three|four)|"
                        rf"each|they'?re (?:both|all)|which are (?:both|all)|both of them)\s+(?:(?:my|our|the)\s+)?"
                        rf"(?P<word>{UMBRELLA})\b(?P<close>\s*(?:\)|[—–]|\s-\s))?", re.I)
LISTED_BEFORE_RE = re.compile(r"[\w'&]\s*(?:,|\band\b|&|\bplus\b|\+)\s*[\w'&]+(?:\s+[\w'&]+){0,3}\s*$", re.I)


def umbrella_apposed(question: str) -> tuple[str, list[str]]:
    """The question without an umbrella word said of the list just before it, and the words dropped."""
    m = APPOSED_RE.search(question)
    if m is None or not LISTED_BEFORE_RE.search(re.split(r"[.?!;:]", question[:m.start()])[-1]):
        return question, []
    rest = question[m.end():]
    joined = question[:m.start()] + ("," if rest.strip() and not rest.lstrip().startswith((",", "?", ".", "!")) else "")
    return re.sub(r"\s{2,}", " ", f"{joined} {rest}").strip(), [m.group(0).strip(" ,()—–-")]


def umbrella_glossed(question: str) -> tuple[str, list[str]]:
    """The question with an umbrella word replaced by the list said to gloss it, and the glosses read."""
    question, found = umbrella_apposed(question)
    for _ in range(3):
        m = GLOSSED_RE.search(question)
        if m is None:
            break
        items = [i for i in ITEM_JOIN_RE.split(m.group("list").strip(" ,")) if i.strip()]
        if NOT_A_LIST_RE.match(m.group("list")) or EXAMPLES_RE.search(m.group("list")) or not items or len(items) > 8 \
                or any(len(i.split()) > 4 for i in items):
            break
        if m.group("sep").strip() == "(" and not m.group("close"):
            break
        listed = m.group("list").strip(" ,")
        found.append(m.group(0).strip())
        question = question[:m.start()] + listed + m.group("mid") + " " + question[m.end():]
    return re.sub(r"\s+([?.!,])", r"\1", re.sub(r"\s{2,}", " ", question)).strip(), found
