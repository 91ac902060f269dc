"""Closed classes of words that can never change what a money question asks (issue 21, kind 2): the one home for
them. A word the grammar did not place lowers confidence only when it could carry an answer — a noun, a name, a
number, a period word. A word of these classes cannot: English discourse markers and fillers ("honestly", "like",
"kinda"), intensifiers ("super", "totally"), hedges ("maybe", "i guess"), interjections and address ("lol", "bro"),
personal pronouns that are not what is counted, auxiliaries; Vietnamese sentence-final particles and polite markers
("nhỉ", "nha", "ạ", "giùm", "với", "luôn").

Not here: "it", "them", "they", "that", "this", "those", "these" (they point at what is counted), numbers, period
words, and any noun a purchase could be about. Vietnamese words are matched as written, with their marks: without
them a particle is often a content word ("vay" is a loan, "voi" an elephant)."""
from __future__ import annotations

import re
import unicodedata

from core.text import strip_accents

# discourse markers, fillers and chatter ("like", "basically", "for the record")
DISCOURSE = frozenset("""like well so anyway anyways anyhow actually basically literally honestly seriously frankly
obviously clearly entirely apparently essentially genuinely truly btw fwiw tbh ngl imo imho lol lmao rofl haha hehe lmk pls plz
um umm uh uhh er erm hmm hmmm ok okay k kk alright alrighty right yeah yea yep yup yes nope nah oh ah aw welp""".split())
# interjections and words of address ("bro", "dude", "man")
INTERJECTIONS = frozenset("""hey wow whoa ugh oof ouch yikes gosh geez jeez dang darn damn omg omfg idk smh sigh meh
bro bruh dude man mate buddy pal fam guys yo""".split())
# intensifiers and hedges ("super", "kinda", "maybe")
HEDGES = frozenset("""really very super pretty quite totally fully completely absolutely definitely certainly surely
real just even exactly simply kinda sorta maybe perhaps probably possibly presumably somehow""".split())
# personal pronouns and determiners of the person asking or asked (not "it", "them", "they": what is counted)
PRONOUNS = frozenset("""i me my mine myself we us our ours ourselves you your yours yourself u ur ya""".split())
# auxiliaries and their contractions as the question's words come out of the normaliser ("im", "ive", "wanna")
AUXILIARIES = frozenset("""am is are was were be been being do does did doing have has had having can could would
should will shall might must tryna im ive id ill youre youve wanna gonna gotta lemme gimme dont doesnt didnt""".split())
ENGLISH = DISCOURSE | INTERJECTIONS | HEDGES | PRONOUNS | AUXILIARIES
# set phrases of courtesy and chatter whose words are not closed-class on their own ("record", "curiosity")
PHRASES = ("for the record", "real quick", "out of curiosity", "just curious", "just wondering", "by the way",
           "to be honest", "to be fair", "kind of", "sort of", "you know", "i guess", "no rush", "no worries", "when you get a chance",
           "if you get a chance", "appreciate it", "much appreciated", "in a nutshell", "off the top of your head")
PHRASE_RE = re.compile(r"\b(?:" + "|".join(re.escape(p) for p in PHRASES) + r")\b")

# Vietnamese sentence-final particles, polite markers and fillers, with their marks
VI_PARTICLES = frozenset("""nhỉ nhé nha nhá nhen nghen hen ha hả hở hử à á ạ ơi ư ừ ờ dạ vâng đó đấy đây vậy thế chứ mà
luôn giùm dùm giúp hộ với coi thử nào nè nhe ta kìa chút xíu cái kiểu thì là ấy
xin hỏi việc món""".split())  # "xin", "cho tôi hỏi": asking politely; "việc", "món": a nominaliser and a classifier
VI_POLITE = ("cho tôi hỏi", "cho mình hỏi", "cho em hỏi", "làm ơn", "vui lòng", "cảm ơn", "cám ơn", "xin lỗi", "kiểu như",
             "nói chung", "thật ra", "thật sự")
# the speaker in Vietnamese, the one home for them: "tôi", said casually "tui", "tớ", "tao", "mình", "em" (to someone
# older), "chúng tôi"/"chúng mình" (we). VI_ME: a regex alternation of them as written; VI_ME_PLAIN: typed without
# accents ("toi", "minh"; not "to", which is English)
VI_FIRST_PERSON = frozenset("""tôi tui tớ mình em tao""".split())
VI_ME = "chúng tôi|chúng mình|" + "|".join(sorted(VI_FIRST_PERSON))
VI_ME_PLAIN = "chung toi|chung minh|" + "|".join(sorted(strip_accents(w) for w in VI_FIRST_PERSON if w != "tớ"))
VI_PRONOUNS = VI_FIRST_PERSON | frozenset("""anh chị bạn""".split())
VIETNAMESE = VI_PARTICLES | VI_PRONOUNS


def without_set_phrases(phrase: str) -> str:
    """The phrase in lower case without the set phrases of courtesy and chatter ("for the record", "làm ơn")."""
    text = PHRASE_RE.sub(" ", unicodedata.normalize("NFC", (phrase or "").lower()))
    for polite in (*VI_POLITE, *VI_POLITE_BARE):  # typed without marks too: "xin loi", "cam on" are never content
        text = re.sub(rf"(?<!\w){re.escape(polite)}(?!\w)", " ", text)
    return text


def closed_word(word: str, question: str = "") -> bool:
    """Is this one word of a closed class? The parser's words have lost their marks ("nhi"): they are looked up as
    the question wrote them ("nhỉ"), and each way the question wrote them must be of a closed class."""
    word = unicodedata.normalize("NFC", word.lower()).replace("'", "").replace("’", "")
    if word in ENGLISH or word in VIETNAMESE:
        return True
    written = {w for w in re.findall(r"[^\W\d_]+", unicodedata.normalize("NFC", (question or "").lower()))
               if w != word and _bare(w) == word}
    return bool(written) and all(w in VIETNAMESE for w in written)


def _bare(word: str) -> str:
    return strip_accents(word)


VI_POLITE_BARE = tuple(_bare(p) for p in VI_POLITE)


def closed_class_only(phrase: str, question: str = "") -> bool:
    """Is every word of this unplaced phrase one of the closed classes above (a word that cannot change the answer)?
    A number, a name, a noun or a period word is not."""
    if not re.search(r"[^\W_]", phrase or ""):
        return False
    return all(closed_word(w, question) for w in re.findall(r"[^\W_]+(?:['’][^\W_]+)?", without_set_phrases(phrase)))
