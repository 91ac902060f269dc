"""Vietnamese words the parser reads beside the lexicon, over accent-stripped text.

- A Vietnamese syllable ("chup", "tap", "meo") has one shape: an initial consonant, one to three vowels and one of a
  few final consonants. In a Vietnamese question such a word is a word of the language, never a shortened or
  misspelt merchant name: "chụp ảnh" is no nickname of Chipotle. Linking reads it only by a name's own words.
- Verbs of what one does with the money ("trả", "uống cafe", "đổ xăng", "tập gym", "nuôi", "khám") and the measure
  words of a count ("bao nhiêu chuyến", "mấy lần", "mấy cuốc") name nothing: they carry no filter, so they never
  become a merchant the user does not have, nor hide the kind of business after them ("uống cafe" is coffee).
- A classifier before its noun ("con chó", "con mèo", "bé Mochi", "chiếc xe") makes one thing: the noun is content
  even when, stripped of its accents, it is spelled like a function word ("chó" like "cho").
"""
from __future__ import annotations

import re

from core.text import strip_accents
from transactions.query.closed_words import VI_POLITE_BARE
from transactions.query.lexicon import CATEGORY_WORDS, CONCEPT_WORDS

VI_SYLLABLE_RE = re.compile(r"(?:ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdghklmnprstvx])?"
                            r"(?:[aeiouy]{1,3})(?:ng|nh|ch|[cmnpt])?")


def vi_syllable(word: str) -> bool:
    """The shape of one Vietnamese syllable, as typed without accents."""
    return len(word) <= 7 and VI_SYLLABLE_RE.fullmatch(word) is not None


# verbs of doing something with money or a thing ("tiền chạy vào đâu": where the money runs to), and politeness
# particles: in a Vietnamese question they name nothing
VI_VERBS = frozenset("""
tra uong nuoi tap xai mat ton het mua an di xem duoc luon a ru nhi ne vay da dang se van cung nua roi ay kia nhan kiem ghe quet dat
muon hoi chay
""".split())
# the words of comparing and ranking, and the nouns of one purchase, as the grammar reads them: "mắc nhất" / "bự nhất"
# (Southern: the priciest, the biggest), "cao hơn", "thấp hơn", "món nào", "lần nào", "xài" (spend), "thì sao" (what
# about): no names, nor part of one ("Uber thì sao" is Uber, not "Uber Eats" heard in "uber thi"); "thôi" closing a
# turn is "only" ("tháng 8 thôi", just August): what it closes is the question
VI_GRAMMAR_WORDS = frozenset("""
mac bu cao thap mon xai hon coi thi sao thoi
""".split())
VI_WORDS = VI_VERBS | VI_GRAMMAR_WORDS
# the measure words of a count: "bao nhiêu chuyến", "mấy lần", "mấy cuốc", "bao nhiêu lượt", "mấy đơn"
VI_COUNT_RE = re.compile(r"\b(?:bao nhieu|may|so)\s+(?:chuyen|cuoc|luot|lan|don|bua|buoi|ly|coc)\b")
# phrases of the asking itself: "chi phí" (the cost), "tiết kiệm được", "tổng cộng", "thanh toán", "là bao nhiêu"
# ("trả tiền điện" pays the electricity: "tiền điện" is the thing paid, a word of the lexicon, not the asking;
# "trả tiền cho Netflix" pays Netflix — "cho" is "for" as often as "chợ")
_TIEN_NOUNS = "|".join(sorted({w[5:] for w in [*CONCEPT_WORDS, *(x for ws in CATEGORY_WORDS.values() for x in ws)]
                               if w.startswith("tien ")} - {"cho"}, key=len, reverse=True))  # "cho": "for" too
VI_FUNCTION_RE = re.compile(rf"\b(?:chi phi|tiet kiem duoc|tong cong|thanh toan|(?:tra|chi|tieu|dong|nop) tien(?!\s+(?:{_TIEN_NOUNS})\b)|"
                            r"lan nao|bao gio|tu truoc den nay|tat ca|cong luon|cong them|tinh luon|tinh them|chuyen (?:di|du lich)(?: choi)?)\b")
VI_POLITE_RE = re.compile(r"\b(?:" + "|".join(VI_POLITE_BARE) + r")\b")
# the asker, alone or with their household ("tụi mình", "chúng mình", "nhà mình", "bọn tôi", "cả nhà", "tui", "tớ"):
# whose money it is — the user's own — never a word to link ("tụi" is no shop, "nhà" no rent)
# the words of kinship Vietnamese speaks with, of themself or of the one spoken to ("chị" is "chi" once its accent is
# gone: not before "tiêu", where "chi tiêu" is to spend; "con", "cô", "dì", "mợ" are left out: without accents
# they are "còn", "có", "đi", "mở")
VI_KIN = r"(?:ba|ong|me|bo|ma|anh|chi(?!\s+(?:tieu|tra|tien|phi)\b)|em|chu|bac|cau|thim)"
VI_ASKER_RE = re.compile(r"\b(?:(?:tui|bon|chung|nha|ca nha|gia dinh|vo chong|hai vo chong|hai dua|tui em|bon em)\s+"
                         r"(?:minh|toi|tao|em|ta|tui|to)|chung ta|ca nha|gia dinh (?:minh|toi|em)|tui|tao|"
                         # a kin word as the speaker ("bà xài hết bao nhiêu", "mẹ muốn biết", "em mua"), or as the one
                         # whose account it is, said by a child helping ("con xem giúp mẹ … mẹ đi chợ hết bao nhiêu"):
                         # before a verb of buying or asking, it is the account's holder — Moneta holds one ledger
                         rf"{VI_KIN}(?=\s+(?:(?:da|co|cung|dang|moi|vua)\s+)?(?:xai|tieu|mua|chi|tra|ghe|quet|dat|mat|"
                         r"ton|muon|can|hoi|xem|di|an|uong|do|nap|dong|chuyen)\b)"
                         # a kin word calling Moneta ("em ơi", "… vậy em", "nha anh"): no one's money
                         rf"|{VI_KIN}(?=\s+oi\b)|\b(?:vay|nha|nhe|nhi|a|ne|voi|khong)\s+{VI_KIN}(?=\s*$))\b")
# whose a thing is, after "của" ("đám cưới của em gái tôi", "tiền học của con trai mình", "quà của mẹ chồng"): a
# relative or someone close, with "my" after it or not — the owner of the thing, never a thing or a word to link
VI_OWNER_RE = re.compile(rf"\bcua\s+(?:(?:em|anh|chi|con|chau)\s+(?:gai|trai|ho|re|dau|ruot)|(?:me|bo|ba|cha)\s+(?:chong|vo|"
                         r"ruot)|(?:ong|ba)\s+(?:noi|ngoai)|ong ba|bo me|ba me|cha me|vo|chong|ban(?:\s+(?:gai|trai|than))?|"
                         rf"dong nghiep|hang xom|sep|{VI_KIN})(?:\s+(?:toi|minh|em|tui|tao|to))?\b")
# sending money home ("gửi tiền về quê", "chuyển tiền về nhà"): what follows "về" is where it went, as after "cho"
SENT_TO_RE = re.compile(r"\b(?:gui|chuyen|bieu)(?:\s+tien)?\s+ve\b")
VI_RANK_COUNT_RE = re.compile(r"\b(?:\d+|hai|ba|bon|nam|sau|bay|tam|chin|muoi)\s+(?=(?:danh muc|cua hang|noi|nha hang|"
                              r"tiem|quan|khoan chi|loai chi|muc chi)\b)|(?<=\bke )(?:ra\s+)?(?:\d{1,2}|hai|ba|bon|nam)\s+"
                              r"(?:cho|quan|tiem|noi|cai|khoan|mon)\b")
# a classifier and the noun it counts: one thing ("con chó", "bé Mochi", "chiếc thuyền"); not "con" before the words
# that make it "còn" ("còn lại": what is left, "còn bao nhiêu") or "my child" ("con tôi")
CLASSIFIERS = {"con", "be", "chiec", "cai", "em"}
CON_NOT_BEFORE = "|".join(sorted(VI_VERBS | set("""lai bao nua du thieu khong gi may it nhieu no tien toi minh la co thi
ma nao cua va voi trong o tai""".split())))
# animals and kin: after "con" they are its noun even in text typed without accents
CON_NOUNS = "cho|meo|ca|chim|tho|ngua|heo|lon|ga|vit|rua|chuot|gai|trai|be|nho"
CON_ANY_RE = re.compile(rf"\bcon (?!(?:{CON_NOT_BEFORE})\b)(?=[a-z]{{2,}}\b)")
CON_KNOWN_RE = re.compile(rf"\bcon (?=(?:{CON_NOUNS})\b)")
OTHER_CLASSIFIER_RE = re.compile(r"\b(?:be|chiec|cai) (?!(?:gi|nay|do|kia|nao|ay|thi|la)\b)(?=[a-z]{2,}\b)|\bem be\b")


# "tiền" and a verb with nothing after it ("tiền uống", "tiền xem"): the thing paid for, said by what one does with it — a
# content word even though the verb alone names nothing; one word ("tien-uong"), so it is linked or stays unknown and
# is never dropped. Not a phrase of the lexicon ("tiền ăn" is Dining), nor a verb with its object ("tiền tập gym")
_LEXICON = frozenset({*CONCEPT_WORDS, *(w for ws in CATEGORY_WORDS.values() for w in ws)})
TIEN_VERB_RE = re.compile(r"\btien (an|uong|nuoi|tap|xem)(?=\s*(?:$|\||[^\w\s-]|(?:bao|het|la|thi|cua|nay|vay|nhi|ne|"
                          r"roi|khong|co|chi|tieu|xai|toi|minh|em|tui|mat|ton|tong)\b))")


def vi_prepare(rest: str, question: str = "") -> str:
    """Vietnamese text (accent-stripped, periods and amounts blanked) made ready for linking: the measure words of a
    count and phrases of the asking blanked, each classifier joined to its noun ("con-cho"), and a proper name of
    Vietnamese words written with capitals ("Nha Trang", "Đà Lạt") kept one name, though "nha" and "da" alone are
    function words."""
    for name in proper_names(question) + joined_syllables(question):
        rest = re.sub(rf"\b{re.escape(name)}\b", name.replace(" ", "-"), rest)
    rest = SENT_TO_RE.sub(" cho ", rest)  # "gửi tiền về quê": money sent to "quê" — the one it went to, a name
    rest = VI_OWNER_RE.sub(" ", rest)
    rest = VI_ASKER_RE.sub(" ", rest)
    rest = VI_RANK_COUNT_RE.sub(" ", rest)  # "ba danh mục … nhiều nhất": the length of the ranking (grammar.TOP_N)
    rest = VI_COUNT_RE.sub(" | ", rest)
    rest = VI_FUNCTION_RE.sub(" | ", rest)
    rest = TIEN_VERB_RE.sub(lambda m: m.group(0) if m.group(0) in _LEXICON else f"tien-{m.group(1)}", rest)
    rest = VI_POLITE_RE.sub(" ", rest)  # "xin lỗi", "cảm ơn", "làm ơn": courtesy, never a thing bought
    # "con" written so ("con chó") is a classifier; "còn" ("còn Starbucks thì sao?": what about) is not; typed
    # without accents, only before an animal or kin
    written = question.lower()
    accented = bool(re.search(r"[àáảãạăằắẳẵặâầấẩẫậđèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵ]", written))
    con_re = CON_ANY_RE if accented and re.search(r"(?<!\w)con(?!\w)", written) else CON_KNOWN_RE
    if not accented or re.search(r"(?<!\w)con(?!\w)", written):
        rest = con_re.sub("con-", rest)
    if not accented or re.search(r"(?<!\w)(?:bé|chiếc|cái|em bé)(?!\w)", written):
        rest = OTHER_CLASSIFIER_RE.sub(lambda m: m.group(0).strip().replace(" ", "-") + (
            "" if m.group(0).endswith("be") else "-"), rest)
    return rest


def proper_names(question: str) -> list[str]:
    """Runs of two or more capitalised Vietnamese syllables inside the sentence ("Nha Trang", "Long Châu"),
    accent-stripped."""
    out: list[str] = []
    run: list[str] = []
    for k, m in enumerate(re.finditer(r"[^\W\d_]+|[^\w\s]", question)):
        w = m.group(0)
        plain = strip_accents(w.lower())
        if k > 0 and w[0].isupper() and not w.isupper() and vi_syllable(plain):
            run.append(plain)
            continue
        if len(run) >= 2:
            out.append(" ".join(run))
        run = []
    if len(run) >= 2:
        out.append(" ".join(run))
    return out


def joined_syllables(question: str) -> list[str]:
    """Runs of two or more syllables the writer joined with hyphens ("a-ma-dôn", "tơ-rây-đơ"), accent-stripped and
    apart: Vietnamese spells a foreign name by its sounds so — one word, though a syllable alone may be a grammar
    word ("a", "đơ"). Never a phrase of the lexicon."""
    runs = (strip_accents(m.group(0).lower()).split("-") for m in re.finditer(r"[^\W\d_]+(?:-[^\W\d_]+)+", question))
    return [" ".join(r) for r in runs if all(vi_syllable(p) for p in r) and " ".join(r) not in CONCEPT_WORDS]


def as_written(phrase: str, question: str) -> str:
    """`phrase` (accent-stripped, as the parser read it: "con-cho meo") as the question wrote it ("con chó mèo");
    the phrase itself when it cannot be found."""
    words = re.findall(r"[^\W_]+(?:['’][^\W_]+)?", question)
    plain = [strip_accents(w.lower()).replace("’", "'") for w in words]
    want = [w for w in re.split(r"[\s-]+", phrase.lower()) if w]
    for i in range(len(plain) - len(want) + 1):
        if [p.replace("'", "") for p in plain[i:i + len(want)]] == [w.replace("'", "") for w in want]:
            return " ".join(w.lower() if not w[:1].isupper() or i + k == 0 else w
                            for k, w in enumerate(words[i:i + len(want)]))
    return phrase.replace("-", " ")


def said_in(phrase: str, question: str, before: dict[str, str]) -> str:
    """`phrase` as the question wrote it, else as an earlier turn of the conversation wrote it ("cộng hai chỗ lại" adds
    the coffee and the gas said before: "cà phê", not "ca phe")."""
    written = as_written(phrase, question)
    return before.get(phrase, written) if written == phrase.replace("-", " ") else written


# a storefront noun before a shop's name ("nhà thuốc Long Châu", "quán cà phê Highlands", "siêu thị Co.op")
VI_STOREFRONT = r"(?:nha thuoc|hieu thuoc|sieu thi|cua hang|nha hang|quan(?: ca phe| cafe| an)?|tiem(?: \w+)?|phong (?:tap|gym))"


def named_shop(links: list, unknown: list[str], ignored: list[str], rest: str) -> tuple[list, list[str], list[str]]:
    """Vietnamese says the kind of shop before its name: "nhà thuốc Long Châu" asks about Long Châu, a shop they may
    not have, not every pharmacy; the kind read from the noun ("thuốc" → Health) is dropped and the name is unknown."""
    for phrase in list(ignored):
        if "-" not in phrase or not re.search(rf"\b{VI_STOREFRONT}\s+{re.escape(phrase)}\b", rest):
            continue
        links = [x for x in links if x.negated or x.kind == "merchant" and x.how != "concept"
                 or not re.search(rf"\b{re.escape(x.mention)}\s+{re.escape(phrase)}\b", rest)]
        ignored = [w for w in ignored if w != phrase]
        unknown = [*unknown, phrase]
    return links, unknown, ignored


def unjoined(word: str) -> str:
    """A word as the answer and the API give it: a classifier's noun without the classifier ("con-meo" → "meo"), a
    name's words apart ("long-chau" → "long chau")."""
    parts = word.split(" ")
    head = parts[0].split("-")
    if len(head) > 1 and head[0] in CLASSIFIERS:
        parts[0] = "-".join(head[1:])
    return " ".join(parts).replace("-", " ")


def unjoin(q) -> None:
    """The query's words not understood without the joins linking needed (`said` keeps them as written)."""
    q.said = {unjoined(k): v for k, v in q.said.items()}
    q.unknown = [unjoined(w) for w in q.unknown]
    q.ignored = [unjoined(w) for w in q.ignored]
    q.things = {unjoined(k): v for k, v in q.things.items()}
    q.suggestions = {unjoined(k): v for k, v in q.suggestions.items()}
