"""A Vietnamese question about something other than money ("hôm nay Hà Nội có mưa không", "tỷ số trận tối qua thế
nào", "kể cho tôi một câu chuyện cười"): out of scope, said plainly in Vietnamese, with no tool run.

Why by what the question lacks rather than by the exemplars: the embedding model reads English, so the out-of-scope
exemplars do not reach a Vietnamese sentence, and its words then became a merchant searched for ("Hà Nội") or a
passage looked up. A question that asks for money says so: a word of money or of the app (the Vietnamese finance
glossary, "tiền", "chi", "mua", "giá" …), an amount asked ("bao nhiêu" — but not "bao nhiêu độ", degrees), a figure, or
one of the user's own merchants or categories named. A question with none of them, written as a sentence of its
own, asks about no one's money. A period ("hôm nay", "tối qua") asks for nothing by itself.
"""
from __future__ import annotations

import re

from chat.offline.frames import VI_GLOSSARY
from core.text import strip_accents
from transactions.query import is_vietnamese
from transactions.query.vietnamese_chat import written_vietnamese

OUT_OF_SCOPE_VI = ("Tôi là Moneta, trợ lý tài chính cá nhân của bạn. Tôi giúp được về chi tiêu, ngân sách và hũ chi "
                   "tiêu, các khoản đăng ký định kỳ, tính năng của Moneta và các khái niệm tài chính — nhưng không trả "
                   "lời được câu hỏi này.")
# a money or app question whose subject was not placed (the English reply: chat/offline/model.py)
NOT_PLACED_VI = ("Tôi chưa rõ dữ liệu hay tài liệu nào của bạn trả lời được câu này. Bạn có thể hỏi lại, ví dụ nêu "
                 "một danh mục, một nơi chi tiêu hay một khoảng thời gian?")


def _plain(text: str) -> str:
    return strip_accents((text or "").lower())


# words of money, spending and the app as written with accents (beside the finance glossary), the app's English ones
# among them as mixed Vietnamese says them ("bấm confirm nhầm rồi undo được không"): "mưa" (rain) is no
# "mua" (buy) when the accents say so; typed without them, the two are one word and the question stays a money one
_MONEY_WORDS = """
tiền, chi, tiêu, xài, mua, bán, trả, thanh toán, giá, lương, thu nhập, ngân sách, hũ, tiết kiệm, nợ, lãi, vay, ngân hàng,
tài khoản, giao dịch, đăng ký, hóa đơn, hoá đơn, chuyển khoản, đầu tư, cổ phiếu, vàng, thuế, bảo hiểm, moneta, ứng dụng,
app, danh mục, số dư, khoản, phí, tốn, hết, đồng, usd, vnd, đô, sao kê, thẻ, tín dụng, quỹ, nạp, rút, hoàn tiền, cọc,
gửi, kỳ hạn, lạm phát, kinh tế, mắc, rẻ, đắt, xác nhận, hoàn tác, mật khẩu, đăng nhập, confirm, undo, import, export, password
""".replace("\n", " ").split(", ")
_WRITTEN = {*(w.strip() for w in _MONEY_WORDS), *(k.lower() for k in VI_GLOSSARY)}


def _words_re(words: set[str]) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(words, key=len, reverse=True))) + r")(?!\w)")


MONEY_RE = _words_re(_WRITTEN)
# typed without accents, "the" is "thế" ("thế nào") as often as "thẻ" (card), "do" is "đó", "độ" or "đô"
MONEY_PLAIN_RE = _words_re({_plain(w) for w in _WRITTEN} - {"the", "do"})
# "bao nhiêu" / "mấy" ask an amount — of money unless a unit of something else follows ("bao nhiêu độ", "mấy giờ")
AMOUNT_ASKED_RE = re.compile(r"\b(?:bao nhieu|may)\b(?!\s+(?:do|tuoi|gio|km|met|nguoi|ban|phut|giay|ngay|nam|"
                             r"doi|cau|bai|tap|mua|diem)\b)")
# a question or a request of its own ("… không", "… gì", "ai …", "kể cho tôi …"): a bare noun phrase with a period
# ("Highlands tuần này") is how people ask for a figure, and stays a money reading
ASKS_RE = re.compile(r"\b(?:khong|chua|gi|nao|sao|the nao|ai|dau|may|bao gio|ke|hat|viet|dich|giup|hay|nhe|di|voi|"
                     r"lam on|cho (?:toi|minh|em|tui) (?:biet|xem|hoi))\b")
# a topic that is no one's money, said as a bare phrase ("thời tiết ngày mai ở Sài Gòn", "tin tức hôm nay"): with
# accents as written (typed without them, "mưa" is "mua", to buy)
TOPIC_RE = re.compile(r"(?<!\w)(?:thời tiết|nhiệt độ|mưa|nắng|bão|tỷ số|tỉ số|bóng đá|trận đấu|tin tức|thời sự|bài hát|"
                      r"bộ phim|công thức nấu|thủ đô|truyện cười|câu đố)(?!\w)")
TOPIC_PLAIN_RE = re.compile(r"\b(?:thoi tiet|nhiet do|ty so|ti so|bong da|tran dau|tin tuc|thoi su|bai hat|truyen cuoi)\b")
# the asker's own ("con chó của tôi tháng này"): something of theirs, which money may have gone to
OWN_RE = re.compile(r"\bcua (?:toi|minh|em|tui|tao|to|chung toi|chung minh|nha (?:toi|minh))\b")
# a written figure (an amount, a rule such as 50/30/20): money, not chat
FIGURE_RE = re.compile(r"\d")
# one purchase ranked ("món nào lớn nhất tháng trước", "khoản nào mắc nhất", "món lớn thứ hai"): "món" is a thing
# bought as often as a dish — ranked by size, and above all within a period, it is the user's largest purchase
PURCHASE_RANKED_RE = re.compile(r"\b(?:mon|khoan|lan)(?: \w+){0,2} (?:lon|to|bu|mac|dat|nho|re) (?:nhat|thu \w+)\b")
RANKING_MEASURES = ("largest", "smallest", "top_merchants", "top_categories")


def vi_off_topic(text: str, q, *, after_money: bool = False) -> bool:
    """A Vietnamese question of its own (three words or more; a bare phrase only when it names a topic such as the
    weather) that asks nothing of money or of Moneta: no money or app word, no amount asked, no figure, nothing of
    the user's named or owned, and no follow-up of the last answer."""
    if not is_vietnamese(text) or getattr(q, "followup", False):
        return False
    plain = _plain(text)
    if len(re.findall(r"\w+", plain)) < 3 or FIGURE_RE.search(plain):
        return False
    money = MONEY_RE.search(text.lower()) if written_vietnamese(text) else MONEY_PLAIN_RE.search(plain)
    topic = TOPIC_RE.search(text.lower()) or TOPIC_PLAIN_RE.search(plain)
    if money or AMOUNT_ASKED_RE.search(plain) or OWN_RE.search(plain) or not (ASKS_RE.search(plain) or topic):
        return False
    if not topic and (PURCHASE_RANKED_RE.search(plain) or (q.period is not None and q.measure in RANKING_MEASURES)):
        return False  # the largest purchase of a period ("món nào lớn nhất tháng trước"): a ranking of their money
    if after_money and q.period is not None and not topic:
        return False  # "tháng trước đó nữa thì sao?" after a money answer: the last question for another period
    if q.merchants or q.categories or q.text or q.amount_min is not None or q.amount_max is not None:
        return False
    return not any(link.how != "meaning" for link in q.links)
