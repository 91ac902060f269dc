"""Words of a question the knowledge base never uses: the concept is not in it, whatever the nearest passage is.

"How are Roth conversions taxed?" finds the page on retirement accounts (it is about Roth IRAs), but no fact in the
searched corpora says "conversion" at all: that page is at best related, never the answer. The search result then
names those words (`not_in_knowledge`) and carries a `confidence_cap` (applied by chat/actions/fit.py on both paths),
and the offline answer says what the knowledge base lacks before quoting the nearest passage. Checked with the
facts' English full-text vectors (stemmed: "converting" finds "convert"), only in the corpora the results came from.
"""
from __future__ import annotations

import re
from typing import Any

from django.contrib.postgres.search import SearchQuery
from django.db import connection

from chat.language import GLOSSED_RE
from knowledge.models import Fact
from transactions.query import is_vietnamese, strip_accents
from transactions.query.vietnamese_chat import VI_CHARS, VI_PLAIN_WORDS

# the words of a question that name no topic, shared with the offline knowledge answer (chat/offline/knowledge_answer.py)
QUESTION_NOISE = set("""what whats is are the a an of and or to in on for how do does did can could should would
why when where which who me my i you your it its this that these those about between difference explain tell
mean means meaning good bad best work works there any much many more most less than vs versus really actually
diff diffs differ different differences compare compared comparison
note notes say says said document documents docs file files wrote written
plain simple simply terms words english layman laymans dummies briefly short quick
smart wise dumb stupid trap scam ripoff legit worth okay normal idea ever even
count counts counted considered deemed healthy reasonable typical decent acceptable ideal enough
""".split())  # and the judging words of an informal question ("is it smart to…", "is it a scam", "what counts as healthy"): no topic  # the last line: how to say it ("in plain terms", "in simple words"), not what


# words every money text has: sharing only these says nothing about the topic ("dollar cost averaging" is not
# answered by a passage on inflation because both say "dollar")
EVERYDAY_TERMS = {_w[:5] for _w in """money dollar dollars cost costs price prices pay paying paid spend spending
spent bank account accounts save saving savings month months year years week time people thing things get keep
make use using want need like way ways start rate rates amount amounts one two off sometimes system systems method
methods process feature features option options concept idea kind type""".split()}  # (the last: generic nouns)


# verbs of doing and other words that name no topic ("put", "keep", "away", "build" is not among them)
GENERIC_TERMS = {_w[:5] for _w in """put get got set keep make give take try away till long able thing stuff actually
exactly app apps application moneta""".split()}  # (the last: "in this app" is where, not what, it asks about)
SAME_FACT = 0.8  # this close in meaning, a fact answers the question whatever it calls the thing

HELP_CORPUS = "moneta-help"
SHORTENED = 5  # up to this long, a word may be a longer word cut short ("trad", "diff", "approx")
PARTIAL_CAP = 0.35  # below the escalation threshold: a related page, not the answer
# words of asking and of everyday speech that name no concept
ASKING = frozenset("""please could would should might will shall about tell know want need help like just also even
still okay does doing done made make much many more most less best better worse good idea really actually year years
month months today happen happens happened work works worked point purpose deal thing
basically literally essentially kindly reckon wondering whether perhaps possibly honestly frankly simply grateful
appreciate appreciated trouble bother""".split())  # (the last lines: fillers and politeness around the question)


# a Vietnamese syllable typed without accents: onset, vowel, ending ("khong", "huong", "toan", "khac") — English
# concept words rarely have that shape ("roth", "credit", "index", "fund", "sinking" do not)
VI_SYLLABLE_RE = re.compile(r"(?:ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdghklmnprstvx])?"
                            r"(?:uye|uya|uyu|uoi|uou|ieu|yeu|oai|oay|oeo|uay|ai|ao|au|ay|eo|eu|ia|ie|iu|oa|oe|oi|oo|ua|"
                            r"ue|ui|uo|uu|uy|ye|a|e|i|o|u|y)(?:ch|ng|nh|[cmnpt])?")
VI_QUESTION = frozenset("la gi nao sao khong co nen the nghia khac voi".split())  # words of asking, without accents


def _vietnamese_syllables(words: list[str]) -> set[str]:
    """The words of a question typed (partly) in Vietnamese without accents that are Vietnamese syllables: "index fund
    co an toan khong" asks about "index fund"; "toan" and "khong" are not words the knowledge base lacks."""
    shaped = [w for w in words if VI_SYLLABLE_RE.fullmatch(w)]
    vietnamese = sum(w in VI_PLAIN_WORDS or w in VI_QUESTION for w in shaped)
    return set(shaped) if vietnamese >= 2 or (vietnamese and len(shaped) >= 3) else set()


def _content_words(question: str) -> list[str]:
    if (glossed := GLOSSED_RE.match(question)) and is_vietnamese(glossed.group(2)):
        question = glossed.group(1)  # "ETF (ETF là gì)": the English terms
    elif VI_CHARS.search(question):
        # written with accents: the words of the knowledge base's language in it ("sinking fund là gì") are the ones
        # to look for; the Vietnamese words are reached through the glossary (chat/offline/frames.py)
        question = " ".join(w for w in question.split() if not VI_CHARS.search(w))
    said = re.findall(r"[a-z0-9']+", strip_accents(question.lower()))
    vietnamese = _vietnamese_syllables(said)
    said = [w for w in said if w not in vietnamese]

    def content(w: str) -> bool:
        return len(w) >= 3 and w not in QUESTION_NOISE and w not in ASKING and w[:5] not in EVERYDAY_TERMS \
            and w[:5] not in GENERIC_TERMS

    # a word of the concept itself: next to another content word ("backdoor Roth", "Roth conversions"), not a
    # word of the sentence around it ("the point of …")
    return list(dict.fromkeys(w for i, w in enumerate(said) if len(w) >= 4 and w.isalpha() and content(w) and (
        (i > 0 and content(said[i - 1])) or (i + 1 < len(said) and content(said[i + 1])))))


def words_not_in_knowledge(question: str, results: list[dict[str, Any]]) -> list[str]:
    """The question's content words that no fact of the results' corpora contains, when its best fact is not the
    same in meaning (a fact that close answers whatever it calls the thing)."""
    # concept pages only: a how-to is answered from the help pages by its topic words (chat/help_steps.py), and they
    # name features in their own words ("sign-in" for "login")
    concepts = [r for r in results if r.get("corpus") != HELP_CORPUS]
    if not concepts or max(float(r.get("score") or 0) for r in concepts) >= SAME_FACT:
        return []
    words = _content_words(question)
    if not words:
        return []
    # a word is looked for in every corpus the search returned, help pages included: "what are budget jars in
    # Moneta?" finds the jars help page, and "jars" is not a word the knowledge base lacks
    corpora = list(Fact.objects.filter(id__in=[r["fact_id"] for r in results if r.get("fact_id")])
                   .values_list("document__corpus_id", flat=True).distinct())
    facts = Fact.objects.filter(document__corpus_id__in=corpora)
    with connection.cursor() as cur:  # English stop words ("over", "through") say nothing about a topic
        cur.execute("SELECT w FROM unnest(%s::text[]) w WHERE numnode(plainto_tsquery('english', w)) > 0", [words])
        kept = [row[0] for row in cur.fetchall()]
    # the stemmed vector finds the candidates (an index lookup); the word itself must start a word of the fact, so
    # "conversion" is not found in "conversation" (both stem to "convers")
    # a short word that starts one of the facts' words is that word shortened ("trad" for traditional, "invst" is not)
    return [w for w in kept if not facts.filter(search_vector=SearchQuery(w, config="english"),
                                                text__iregex=rf"\m{re.escape(_base(w))}").exists()
            and not (len(w) <= SHORTENED and facts.filter(text__iregex=rf"\m{re.escape(w)}").exists())]


def _base(word: str) -> str:
    """The word without an inflection ("conversions" → "conversion", "converting" → "convert", "taxed" → "tax",
    "supplies" → "suppl")."""
    for suffix in ("ing", "ies", "es", "ed", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)]  # "supplies" → "suppl", which starts "supply" and "supplies" alike
    return word


# a finance term as the knowledge base writes it in a title or heading: an initialism ("IRA", "APR", "HSA", "ETFs",
# "RMDs") or a plan's number ("401(k)")
TERM_RE = re.compile(r"\b(?:[A-Z]{2,6}(?=s?\b)|\d{3}\(\w\))")


def finance_terms() -> frozenset[str]:
    """The initialisms the finance-education corpus's titles and headings name, lowercased and as typed ("ira",
    "apr", "401k", "401(k)"): words that belong to a concept, so a loose reading of a shop's name ("trad ira" for
    Trader Joe's) must not take them."""
    from chat.help_steps import EDUCATION_TOPICS  # (help_steps imports this module's neighbours: imported when used)

    found = {m.group(0).lower() for h in EDUCATION_TOPICS.load().headings for m in TERM_RE.finditer(h)}
    return frozenset(found | {t.replace("(", "").replace(")", "") for t in found})


def takes_finance_term(mention: str, names: list[str]) -> bool:
    """Does a reading of `mention` as one of `names` take a word of a finance term that is no word of the name's own
    ("trad ira" → Trader Joe's takes "ira"; "apr" → "APR Cafe" would be the name's own)?"""
    own = {w for n in names for w in re.findall(r"[\w()]+", n.lower())}
    return any(w in finance_terms() and w not in own for w in re.findall(r"[\w()]+", mention.lower()))
