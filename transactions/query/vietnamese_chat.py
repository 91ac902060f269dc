"""Vietnamese as it is texted: the short forms of chat ("ko", "dc", "j", "r", "mik", "t", "m", "z", "ntn", "trc") spelled
out as the words they stand for, over accent-stripped lower-case text, before any other grammar reads it.

Why here and not in the English short forms (grammar.SHORT_FORMS): a single letter means one thing in English chat
("r" = are, "u" = you, "n" = and) and another in Vietnamese chat ("r" = rồi, "t" = tôi/tao, "m" = mình/mày), so the
Vietnamese forms are read only in a Vietnamese text: one written with Vietnamese letters, or, typed without accents,
one that holds a form only Vietnamese chat uses ("ko", "dc", "mik", "j") among mostly Vietnamese syllables.
Whose money: "t" (tôi, tao) and "m" (mình, or mày said to Moneta) both read as the asker — Moneta holds only the
asker's own ledger, so the question is about it.
"""
from __future__ import annotations

import re

from core.text import strip_accents

# short form → the word it stands for
VI_CHAT_WRITTEN = {
    # không (no / the question particle "…không?")
    "ko": "không", "k0": "không", "khg": "không", "hok": "không", "hk": "không", "khum": "không",
    # được, gì, rồi, vậy, như thế nào, cũng, mới, nữa, trước, tháng, bao giờ, người, hôm nay, biết, luôn, đi, qua
    "dc": "được", "đc": "được", "j": "gì", "ji": "gì", "r": "rồi", "oy": "rồi", "z": "vậy", "v": "vậy", "dzay": "vậy",
    "zay": "vậy", "ntn": "như thế nào", "cx": "cũng", "ms": "mới", "nx": "nữa", "trc": "trước", "thg": "tháng",
    "bh": "bao giờ", "ng": "người", "ngta": "người ta", "hnay": "hôm nay", "hqua": "hôm qua", "hum": "hôm",
    "bik": "biết", "bit": "biết", "bít": "biết", "lun": "luôn", "ik": "đi", "wa": "qua", "nhiu": "nhiều",
    "bnhiu": "bao nhiêu", "h": "giờ", "tg": "thời gian", "sn": "sinh nhật", "dt": "điện thoại", "đt": "điện thoại",
    # the asker ("mik", "mk", "t" = tôi/tao, "m" = mình/mày said to Moneta, "e" = em) and the asker's spouse
    "mik": "mình", "mk": "mình", "mh": "mình", "mjk": "mình", "t": "tôi", "m": "mình", "e": "em",
    "vk": "vợ", "ck": "chồng",
}
VI_CHAT_FORMS = {strip_accents(k): strip_accents(v) for k, v in VI_CHAT_WRITTEN.items()}
# forms that only Vietnamese chat uses: one of them among Vietnamese syllables makes an unaccented text Vietnamese
VI_CHAT_ONLY = frozenset("ko khg hok khum dc j mik mk mjk ntn cx nx trc thg hnay hqua ngta dzay bnhiu nhiu bn".split())
# common syllables of a question typed without accents, beside VI_PLAIN_WORDS (not "may", "ba": English too)
VI_COMMON = frozenset("co nay bao nhieu het roi ne nha hom qua luon mot hai ki gio xai tui tao em anh chi".split())
VI_CHARS = re.compile(r"[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]", re.I)
# questions typed without accents that only Vietnamese asks this way ("lai kep la gi vay", "bao nhieu")
# phrases only Vietnamese typed without accents says: asking words and the days, weeks, months and years of periods
VI_PLAIN_RE = re.compile(r"\b(?:la gi|nghia la gi|la sao|the nao la|nhu the nao|bao nhieu|duoc khong|giai thich|the nao|"
                         r"thi sao|hom (?:nay|qua)|ngay mai|(?:tuan|thang) (?:truoc|nay|roi)|nam (?:ngoai|nay))\b")
# Vietnamese syllables as typed without accents that are not English words (nor common in English merchant names)
VI_PLAIN_WORDS = frozenset("""
lam sao xoa giao dich cach tao nhap doi khau minh cua khong duoc nhung voi thang tuan ngay truoc nhieu tieu tien
nao dau xem danh muc chuyen khoan hu sua toi gi vay nhu trong ngoai nhat tra mua uong luong hoa dien nuoc xang quy
lai kep suat giup huy lieu ghi chu thiet ngu thuc hien duoi tren chua muon phai biet hieu ke ngan moi them
tai ky nhiu ngon dang hoat dong tinh dung phong khan xau kiem loi hon cao xai hom nay thi roi thoi
""".split()) - {"them"}
_FORMS_RE = re.compile(r"(?<![\w/&$.,'])(?<!\d )(" + "|".join(sorted(map(re.escape, VI_CHAT_FORMS), key=len, reverse=True))
                       + r")(?![\w/&'])(?!\s+mobile\b)", re.I)  # "t mobile" is T-Mobile
_WRITTEN_RE = re.compile(r"(?<![\w/&$.,'])(?<!\d )(" + "|".join(sorted(map(re.escape, VI_CHAT_WRITTEN), key=len, reverse=True))
                         + r")(?![\w/&'])(?!\s+mobile\b)", re.I)
# "bn" is "bạn" (friend; you) before the nouns of who a friend is ("bn cùng phòng", "bn thân", "bn trai"), else
# "bao nhiêu" (grammar.normalise reads that)
BAN_RE = re.compile(r"(?<![\w/&$.,])bn(?=\s+(?:cung phong|cung nha|than|trai|gai|be|oi|toi|tui|minh|t|mik|mk|"
                    r"ay|do|kia|nay|cua)\b)", re.I)
BAN_WRITTEN_RE = re.compile(r"(?<![\w/&$.,])bn(?=\s+(?:cùng phòng|cùng nhà|thân|trai|gái|bè|ơi|tôi|tui|mình|t|mik|mk|"
                            r"ấy|đó|kia|này|của)(?!\w))", re.I)
BN_RE = re.compile(r"(?<![\w/&$.,])(?<!\d )(?:bn|bnhiêu|bnh)(?![\w/&])", re.I)


def texted_vietnamese(text: str, plain_words: frozenset[str]) -> bool:
    """Accent-stripped text typed the way Vietnamese is chatted: a form only Vietnamese chat uses, among words most of
    which are Vietnamese syllables."""
    words = re.findall(r"[a-z0-9']+", text)
    if not words or not any(w in VI_CHAT_ONLY for w in words):
        return False
    hits = sum(w in VI_CHAT_ONLY or w in plain_words or w in VI_COMMON for w in words)
    return hits >= 2 and hits >= 0.5 * len(words)


# English short forms that are whole Vietnamese words: in a Vietnamese text "em" is the asker (not "them"), "mo" is
# "mở" (not "month")
VI_NOT_SHORT = frozenset("em mo".split())


def spell_out_chat(text: str, vietnamese: bool, plain_words: frozenset[str]) -> tuple[str, bool]:
    """`text` (accent-stripped, lower case) with Vietnamese chat forms spelled out when it is Vietnamese, and whether
    it is."""
    if not (vietnamese or texted_vietnamese(text, plain_words)):
        return text, False
    text = BAN_RE.sub("ban", text)
    return _FORMS_RE.sub(lambda m: VI_CHAT_FORMS[m.group(1)], text), True


# letters only Vietnamese writes (ă â đ ê ô ơ ư, and the hook, dot and tilde tones on them or on plain vowels); á, é, à,
# ó, ú … are shared with Spanish, French and English loanwords ("café", "cuánto")
VI_ONLY_RE = re.compile(r"[ăâđêôơưảạẻẹẽỉịĩỏọủụũỷỵỹằắẳẵặầấẩẫậềếểễệồốổỗộờớởỡợừứửữự]", re.I)
ACCENTED_RE = re.compile(r"[^\W\d_]*[àáèéìíòóùúýãõ][^\W\d_]*", re.I)
_VI_SYLLABLE_RE = re.compile(r"(?:ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdghklmnprstvx])?(?:[aeiouy]{1,3})(?:ng|nh|ch|[cmnpt])?")
_PLAIN = str.maketrans("àáèéìíòóùúýãõ", "aaeeiioouuyao")


def written_vietnamese(text: str) -> bool:
    """Written with Vietnamese letters: one only Vietnamese uses, or accents shared with other languages on words that
    are all Vietnamese syllables ("tháng", "mà"; not "café", "cuánto", "gasté")."""
    if VI_ONLY_RE.search(text or ""):
        return True
    accented = ACCENTED_RE.findall(text or "")
    return bool(accented) and all(_VI_SYLLABLE_RE.fullmatch(w.lower().translate(_PLAIN)) for w in accented)


def _cased(word: str, said: str) -> str:
    return word[:1].upper() + word[1:] if said[:1].isupper() else word


def written_out(text: str, plain_words: frozenset[str]) -> str:
    """A Vietnamese message with its chat forms written out, with accents when it is written with them ("ko" →
    "không", "bn cùng phòng" → "bạn cùng phòng", "bn" → "bao nhiêu"), without when it is typed without; any other
    message as it is."""
    accented = written_vietnamese(text or "")
    if not text or not (accented or texted_vietnamese(strip_accents(text.lower()), plain_words)):
        return text
    if not accented:
        text = BAN_RE.sub(lambda m: _cased("ban", m.group(0)), text)
        text = BN_RE.sub(lambda m: _cased("bao nhieu", m.group(0)), text)
        return _FORMS_RE.sub(lambda m: _cased(VI_CHAT_FORMS[m.group(1).lower()], m.group(1)), text)
    text = BAN_WRITTEN_RE.sub(lambda m: _cased("bạn", m.group(0)), text)
    text = BN_RE.sub(lambda m: _cased("bao nhiêu", m.group(0)), text)
    return _WRITTEN_RE.sub(lambda m: _cased(VI_CHAT_WRITTEN[m.group(1).lower()], m.group(1)), text)
