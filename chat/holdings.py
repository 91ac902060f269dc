"""What is in an account now: the kind of question "what's in my checking right now", "how much is in savings",
"am I overdrawn", "tài khoản tiết kiệm còn bao nhiêu", "số dư", "tk còn bn" (issue 21, kind 5).

Read from its parts, not from a list of sentences: a place money is held (checking, savings, the bank, an
account, a debit card, a wallet, cash on hand; tài khoản, ngân hàng, tiết kiệm, thẻ, ví, tiền mặt — typed with or
without accents) and a question about how much is there now (how much is / do I have / is left / is sitting in
it, what's in it, its balance; còn / có bao nhiêu, số dư), with no period, no money moving (spent, paid, put in,
deposited, transferred; chi, tiêu, trả, gửi vào, chuyển) and no advice or concept ("should", "a good balance",
"what is a savings account", "nên", "là gì"). Such a question is about the user's own accounts whether or not it
says "my": the ledger answers it when their accounts carry an opening balance (chat/balances.py), otherwise
Moneta says plainly it can't see it (chat/capabilities.py) — never a help page or a finance article about
savings accounts.
"""
from __future__ import annotations

import re
from datetime import date

from core.text import strip_accents
from transactions.query.asides import set_aside
from transactions.query.grammar import normalise
from transactions.query.periods import find_periods

# where money is held (accent-free, lower case)
HOLDER = (r"(?:(?:joint|main|everyday|personal|business|high[- ]yield|hysa|current|checking|chequing|savings?|bank|"
          r"debit|credit union)\s+)?(?:account|acct|acc)s?|checking|chequing|savings(?! (?:rate|goals?|tips?|plan|"
          r"jar|challenge))|hysa|the bank|my bank|our bank|bank accounts?|debit card|wallet|cash on hand|"
          r"tai khoan(?: (?:tiet kiem|thanh toan|ngan hang|chinh))?|\btk\b|ngan hang|tiet kiem|the ghi no|\bvi\b|"
          r"tien mat")
# how much is there now, asked of a holder (EN)
_HOW_MUCH = r"how much(?: money| cash| \$)?"
_NOW = r"(?:currently|still|actually|really|now)"
ASK_EN = re.compile(
    rf"\b{_HOW_MUCH} (?:is|s|'s|do (?:i|we) have|have (?:i|we) got|(?:i|we)'ve got|(?:i|we) (?:{_NOW} )?have|is there|remains?|"
    rf"is (?:left|remaining|sitting|available)|(?:do (?:i|we) have )?left|available)(?: (?:left|sitting|available|"
    rf"remaining|still|altogether|in total|combined|right now|now|today))*\s+(?:in|on|at)\b"
    rf"|\bwhat(?:'s| is|s| do (?:i|we) have)(?: (?:left|sitting|still|currently|now))* (?:in|on)\b"
    rf"|\b(?:any|enough|some) (?:money |cash |funds? )?(?:left )?(?:in|on)\b"
    rf"|\bbalances?\b(?! transfer)|\boverdrawn\b|\bin the red\b|\bin overdraft\b"
    rf"|\bhow much (?:money |cash )?(?:do (?:i|we) have|have (?:i|we) got)(?: (?:left|right now|now|today|"
    rf"altogether|in total|on hand))*\s*(?:[?.!]|$)"
    rf"|\bcash on hand\b")
# (VN, accent-free) "còn bao nhiêu", "có bao nhiêu tiền", "số dư", "còn bn", "còn mấy"
# "còn tiền" is money left only when nothing names a kind of money after it: "còn tiền thuốc / tiền nhà của tôi thì
# sao" is "and the medicine (rent) money?", a spending question, not a balance
ASK_VI = re.compile(r"\bso du\b|\b(?:con|co|duoc)(?: lai)? (?:bao nhieu|bn|may|nhieu khong)\b|\bcon (?:tien|bn)\b"
                    r"(?!\s+(?!(?:khong|ko|hong|chua|trong|o|tai|bao|bn|nhieu|it|du|de|chu|ha|a|nhi|ne|gi|sau|vay|the|"
                    r"toi|minh|em|tui|thi|la|mat|gui|tiet|dau|lai)\b)[a-z]+)|\bbao nhieu tien\b")
# money moving, advice or a concept: not what is there now
MOVING = re.compile(r"\b(?:spen[dt]|spending|paid|pay|pays|paying|put|putting|deposit\w*|transfer\w*|moved?|sent|"
                    r"withdr[ae]w\w*|took out|saved (?:up )?(?:last|this|in|during|since)|earn\w*|interest|fees?|"
                    r"charged?|chi tieu|tieu|(?<!kiem )tra|gui vao|nap|chuyen|rut|thu nhap|lai suat|"
                    r"giu lai|du ra|luong|"  # "giữ lại được bao nhiêu phần lương": pay kept, a flow
                    # what something cost them: "ăn ngoài hết bao nhiêu tiền", "mua … tốn bao nhiêu", "xài hết bn"
                    r"het (?:bao nhieu|bn|may|tong cong)|ton|mua|xai|an (?:ngoai|uong|sang|trua|toi|tiem|quan)|"
                    r"do xang|di (?:cho|an|grab|uber|taxi))\b")
ADVICE = re.compile(r"\b(?:should|ought|ideal|good|healthy|normal|recommend\w*|minimum|typical|average|keep|"
                    r"what is an?|what are|whats an?|how does|how do|why|explain|define|meaning|mean|nen|la gi|"
                    r"tai sao|vi sao|lam sao|cach|the nao la|nghia la)\b")
JARS = re.compile(r"\b(?:jars?|envelopes?|budgets?|hu|ngan sach|goal|goals|muc tieu|emergency fund|quy)\b")
HOLDER_RE = re.compile(rf"\b(?:{HOLDER})\b")


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", strip_accents((text or "").lower()).replace("’", "'")).strip()


def holding_asked(text: str, today: date | None = None) -> str | None:
    """The holder a question asks the present amount of ("savings", "checking", "" for their money or accounts in
    general), or None when the question is not of that kind."""
    text = set_aside(text or "")[0]  # "…in my savings account? I have quite forgotten to check this month."
    plain = _plain(text)
    if not plain or MOVING.search(plain) or ADVICE.search(plain) or JARS.search(plain):
        return None
    if find_periods(normalise(text or ""), today or date.today()):
        return None  # "how much was in savings in March" / "số dư tháng trước" asks a past figure, not now
    holder = HOLDER_RE.search(plain)
    vi_ask = ASK_VI.search(plain)
    if vi_ask and (holder or "so du" in plain or re.search(r"\b(?:toi|minh|chung toi)\b", plain)):
        return _holder_name(holder)
    en_ask = ASK_EN.search(plain)
    if en_ask is None:
        return None
    if holder is None and not re.search(r"\bbalances?\b|\boverdrawn\b|\bin the red\b|\boverdraft\b|\bcash\b"
                                        r"|how much (?:money |cash )?(?:do (?:i|we) have|have (?:i|we) got)", plain):
        return None  # "what's in Uber's charges": no holder, no balance
    return _holder_name(holder)


# a jar or fund money is set aside in ("my emergency fund", "the vacation jar", "savings pot", "hũ du lịch", "quỹ")
JAR_HOLDER_RE = re.compile(r"\b(?:jars?|pots?|envelopes?|(?:\w+ )?funds?|hu|quy)\b")


def jar_amount_asked(text: str, today: date | None = None) -> bool:
    """Does the question ask how much is in one of their jars now ("how much is in my emergency fund", "what's in
    the vacation jar", "hũ du lịch còn bao nhiêu")? Their jars answer it (get_jar_status), not a missing balance."""
    text = set_aside(text or "")[0]
    plain = _plain(text)
    if not JAR_HOLDER_RE.search(plain) or MOVING.search(plain) or ADVICE.search(plain) \
            or re.search(r"\b(?:index|mutual|hedge|etf|pension|retirement|bond|stock) funds?\b|\b401\s?k\b|\bira\b"
                         r"|\bquy (?:huu tri|dau tu|chi so|etf|tuong ho|luong huu)\b", plain):
        # an investment or pension fund is held by a provider Moneta can't see, not one of their jars
        return False
    if find_periods(normalise(text), today or date.today()):
        return False
    return bool(ASK_EN.search(plain) or ASK_VI.search(plain))


def _holder_name(holder: re.Match[str] | None) -> str:
    """The account a question names, for `get_account_balances(account=…)`: "savings", "checking", "joint"; "" for
    one that names none in particular (the bank, an account, "tài khoản")."""
    if holder is None:
        return ""
    said = holder.group(0)
    for word, name in (("saving", "savings"), ("tiet kiem", "savings"), ("checking", "checking"),
                       ("chequing", "checking"), ("thanh toan", "checking"), ("joint", "joint"), ("hysa", "savings"),
                       ("credit union", "credit union"), ("debit", "debit card"), ("wallet", "wallet"), ("vi", "wallet")):
        if re.search(rf"\b{word}", said):
            return name
    return ""
