"""What Moneta has and what it does not: the capability map the composer consults.

Moneta sees a user's own transactions (and their categories and merchants), jars and budgets, recurring
charges, the documents they uploaded, and the shared knowledge base. Balances and net worth it has for the
accounts that carry an opening balance (the ledger: opening balance + transactions, in SQL); a user with no
such account gets a plain "I have no access to that" and how to add one. It does not see credit scores, investments,
loans outside the statements, or anyone else's money, and it cannot act outside the app (cancel at a provider,
move or pay money, talk to a bank).

A question that needs something Moneta lacks is answered plainly — "I have no access to that" — with what it can do
instead, never with the nearest figure. Requests to act outside the app get the steps the user can take.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db.models import Q
from django.utils import timezone

from chat.holdings import holding_asked
from core.text import strip_accents
from transactions.models import Account
from transactions.query.closed_words import VI_ME_PLAIN
from transactions.query.grammar import normalise
from transactions.query.periods import find_periods


@dataclass(frozen=True)
class DataTopic:
    """One entry of the capability map: a kind of data, whether Moneta has it, and the words a question names it
    by (`terms`, one alternation of noun phrases per topic). For data Moneta lacks, why (plainly) and what it can
    do instead, in English and Vietnamese."""

    topic: str
    has: str  # "yes" | "no" | "ledger" (yes for a user whose accounts carry an opening balance)
    terms: tuple[str, ...]
    why: str = ""
    offer: str = ""
    why_vi: str = ""  # the same in Vietnamese, for a Vietnamese question
    offer_vi: str = ""
    personal: bool = True  # only when the question is about the user's own ("my credit score"), not the concept
    described: str = ""  # how the map names it to a model (check_data_available): what Moneta has

    @property
    def pattern(self) -> re.Pattern[str]:
        return _compiled(self.terms)


@cache
def _compiled(terms: tuple[str, ...]) -> re.Pattern[str]:
    """The terms as one pattern, each also as typed without accents ("so du", "diem tin dung": Vietnamese is often
    typed that way)."""
    plain = [strip_accents(t) for t in terms if strip_accents(t) != t]
    return re.compile("|".join(f"(?:{t})" for t in (*terms, *plain)), re.I)


# a person who only says or thinks something about the user's own spending ("my daughter says I spend too much on
# takeaways", "my wife thinks we overspend") is context beside the question, not someone else's data
_NOT_THEIRS = r"(?:i|we|me|us|says?|said|thinks?|thought|reckons?|keeps?|told|tells?|claims?|feels?)\b"
# how a person spends, said in other verbs: "what does my husband put on his card", "how much does my roommate drop
# on groceries", "what has my son been blowing at Target" — the person is who spends
_OTHERS_SPEND_VERB = (r"spends|spending|pays|paying|buys|buying|puts?|putting|charges?|charged|charging|blows?|blew|"
                      r"blowing|drops?|dropped|dropping|splurges?|splurged|splurging|racks? up|racked up|"
                      r"shells? out|shelled out|forks? out|forked out")
_OTHERS_EN = (r"\b(?:my|our) (?:wife|husband|partner|spouse|son|daughter|kids?|children|child|mom|mum|mother|dad|father|"
              r"friend|roommate|flatmate|housemate|boss|brother|sister|bro|sis|parents?|girlfriend|boyfriend|gf|bf|girl|"
              r"guy|man|woman|hubby|wifey|missus|fianc[ée]e?|grand(?:ma|pa|mother|father|parents?)|aunt|uncle|cousin|"
              r"niece|nephew|in-laws?|(?:mother|father|brother|sister)-in-law|coworker|colleague|neighbou?r|"
              r"other half|better half|significant other)(?:'s)? (?:(?:(?!" + _NOT_THEIRS + r")\w+ ){0,2})(?:spending|"
              r"transactions|account|accounts|cards?|balance|purchases|money|budget|spend|spent|pay|paid|buy|bought|owe|"
              + _OTHERS_SPEND_VERB + r")\b"
              # what someone else did with their own card: "how much did my girl spend on her card", "what did he
              # spend on his account"
              r"|\b(?:she|he)\b(?:\s+\w+){0,2}\s+(?:spend|spent|spends|bought|buys|" + _OTHERS_SPEND_VERB + r")\b"
              r"|\b(?:spen[dt]|spending|paid|bought|charged|put|puts|putting)\b.{0,20}\bon (?:her|his) (?:own )?"
              r"(?:credit |debit )?"
              r"(?:card|account)\b")
_OTHERS_VI = (r"\b(?:vợ|chồng|bạn gái|bạn trai|người yêu|con|bố|mẹ|ba|má|anh|chị|em|bạn|bạn cùng phòng|bạn cùng nhà|"
              r"bạn thân|bạn bè|đồng nghiệp|hàng xóm|sếp)(?: của)? "
              r"(?:tôi|mình|em|anh)\b.{0,20}\b(?:tiêu|chi|mua|xài|trả|nợ|tiền)")
# the one asking acts for the account holder, or says the account is the other person's (read on lowered text
# without accents): the data in this account is the one asked about, whoever types
HOLDER_RE = re.compile(r"\b(?:(?:his|her|their)(?: own)? (?:account|login|app|moneta)|account (?:holder|owner)|"
                       r"(?:my \w+(?:-in-law)?'s|(?:his|her|their)) (?:account|finances|money|budget|login)|"
                       r"(?:logged|signed) in as|on (?:his|her|their) behalf|joint account|"
                       r"(?:uses?|using|shares?|sharing|is on|are on) (?:this|my|our|the same) (?:account|login)|"
                       r"i (?:help|manage|handle|run|look after|take care of|care for|do) (?:\w+ ){0,2}?"
                       r"(?:him|her|them|(?:my|his|her|their) \w+(?:-in-law)?(?:'s)?)\b|"
                       r"(?:i'?m|i am) (?:his|her|their) (?:carer|caregiver|guardian|helper|son|daughter)|"
                       r"(?:tai khoan|tk) (?:cua|cho) (?:me|ba|bo|ong|ba noi|ba ngoai|vo|chong|con))")
OTHERS_TOPIC = "other people's money"
COMPANY_RECORDS = "a company's own records"
OTHERS_WHY = "Moneta only ever shows your own data; it has no access to anyone else's accounts or spending."
OTHERS_OFFER = "If you share costs, I can total what you paid at the merchants you share."
OTHERS_WHY_VI = "Moneta chỉ cho bạn xem dữ liệu của chính bạn; không xem được tài khoản hay chi tiêu của người khác."
OTHERS_OFFER_VI = "Nếu hai người chia chi phí, tôi có thể cộng những gì bạn đã trả ở các nơi dùng chung."

RETIREMENT = (r"(?:pension(?: pot| plan| fund)?|super(?:annuation)?(?: fund| account)?|401\s?\(?k\)?|403\s?\(?b\)?|"
              r"(?:roth )?ira|roth|rrsp|tfsa|kiwisaver|retirement (?:account|savings|fund|pot|plan))")  # a retirement pot
# The capability map. What Moneta has comes first (for the model and for the offer); then what it lacks, each with
# the words that name it. The composer (chat/actions/compose.py) and the confidence check (chat/actions/fit.py)
# read a question against it; the LLM reads it through check_data_available.
DATA: tuple[DataTopic, ...] = (
    DataTopic("transactions", "yes", (), described="your transactions (amounts, dates, merchants, categories), "
                                                   "so spending, income and net cash flow for any period"),
    DataTopic("budgets", "yes", (), described="your budget jars and category budgets"),
    DataTopic("recurring charges", "yes", (), described="your recurring charges (subscriptions and bills)"),
    DataTopic("documents", "yes", (), described="your uploaded documents and notes"),
    DataTopic("knowledge", "yes", (), described="Moneta's help pages and the finance-education library"),
    # their credit as such ("how's my credit", "what is my credit utilization"): the bureau's picture, not a card
    DataTopic("credit score", "no", (r"\bcredit (?:score|rating|report|history)\b", r"\bfico\b", r"\bđiểm tín dụng\b",
                                     r"\bcredit utili[sz]ation\b", r"\bcreditworthiness\b",
                                     r"\b(?:my|our) credit(?: (?:health|standing|profile))?(?: (?:is )?(?:looking|doing)(?: \w+)?)?"
                                     r"\s*(?:[?.!,]|$)"),
              "Moneta has no access to credit bureaus, so it can't see your credit score or report.",
              "I can explain what moves a credit score, or show what you pay on cards and loans from your "
              "transactions.",
              "Moneta không kết nối với trung tâm thông tin tín dụng, nên không xem được điểm tín dụng của bạn.",
              "Tôi có thể giải thích điều gì ảnh hưởng đến điểm tín dụng, hoặc cho xem bạn đã trả bao nhiêu cho thẻ "
              "và khoản vay."),
    # what a lender or card issuer holds: the statements show the payments, not the account behind them
    DataTopic("loan and card details", "no",
              (r"\bhow much (?:do|did) i (?:still )?owe\b(?![^?.!]{0,20}\btax)", r"\bowe on (?:my|the)\b", r"\bleft to (?:pay|repay)\b",
               r"\b(?:total|all (?:of )?my|how much) debts?\b(?! (?:payments?|paid))", r"\bwhat do i owe\b",
               r"\b(?:card|loan|mortgage|debt) balance\b", r"\bpay ?off (?:amount|date)\b",
               r"\b(?:credit|spending) limit\b", r"\b(?:credit )?card(?:'s)? (?:credit |spending )?limit\b",
               r"\blimit (?:on|of) (?:my|our) (?:\w+ )?(?:card|visa|mastercard|amex)\b", r"\bavailable credit\b",
               # the issuer's statement: when a card or loan payment is due, its minimum
               r"\b(?:credit )?card(?:'s)? (?:payment|bill|statement)\b.{0,20}\bdue\b|\bminimum (?:payment|due)\b|"
               r"\bdue date\b.{0,30}\b(?:card|loan|mortgage)\b|\b(?:card|loan|mortgage) (?:payment )?due date\b",
               r"\b(?:reward|loyalty|bonus) points\b|\b(?:air )?miles balance\b|\bcash ?back balance\b",
               r"\b(?:interest rate|apr|apy|rate)\b.{0,25}\b(?:my|our|the) (?:\w+ )?(?:loan|mortgage|card|credit card|"
               r"car loan|student loan|savings)\b",
               # "what's my savings account interest", "our mortgage APR" (not the interest they paid: statements)
               r"\b(?:my|our) (?:\w+ )?(?:savings|checking|loan|mortgage|card|credit card)(?: account)? (?:interest(?: rate)?|"
               r"apr|apy)\b(?!\s+(?:paid|charged?|charges|payments?|i|we|did|this|last|in)\b)",
               # "how much is left on my car loan", "what's still outstanding on our Visa"
               r"\b(?:left|remaining|outstanding|still owing)\b.{0,10}\bon (?:my|our|the) (?:\w+ )?(?:loan|mortgage|"
               r"card|credit card|visa|mastercard|amex)\b", r"\bmy (?:loan|mortgage|card)(?:'s)? (?:interest )?rate\b",
               r"\bhạn mức (?:thẻ|tín dụng)\b", r"\bcòn nợ bao nhiêu\b",
               # "card tui đang xài bao nhiêu % limit", "thẻ mình dùng mấy phần trăm hạn mức rồi": the share of the limit used
               r"\b(?:xài|dùng|sử dụng|tiêu|quẹt)\b[^?.!]{0,12}\b(?:bao nhiêu|mấy|bn)\s*(?:%|phần trăm)?\s*(?:của\s+)?"
               r"(?:limit|hạn mức)\b",
               # "tôi còn nợ thẻ tín dụng bao nhiêu", "dư nợ thẻ": what is still owed (not "trả nợ thẻ", paid)
               r"\bcòn nợ\b.{0,30}\b(?:bao nhiêu|mấy|bn)\b", r"\bdư nợ\b",
               r"(?<!trả )\bnợ (?:thẻ|ngân hàng|khoản vay|tiền vay)\b.{0,30}\b(?:bao nhiêu|mấy|bn)\b",
               # "mình đang nợ tổng cộng bao nhiêu", "tổng nợ hiện tại", "khoản vay mua xe còn lại bao nhiêu": what is
               # owed now, not what was paid on it ("tổng tiền trả nợ năm nay" is in the statements)
               r"\b(?:tôi|mình|em|tui|chúng tôi)\s+(?:đang\s+|còn\s+|hiện\s+)*nợ\s+(?:tổng cộng\s+|tất cả\s+|hết\s+)?"
               r"(?:bao nhiêu|mấy|bn)\b", r"(?<!trả )\btổng (?:số )?(?:dư )?nợ\b",
               r"\b(?:khoản vay|vay mua (?:nhà|xe)|tiền vay|mortgage|car loan|student loan|loan|thẻ tín dụng|credit card)"
               r"\b[^?.!]{0,25}\bcòn (?:lại )?(?:bao nhiêu|mấy|bn)\b"),
              "Moneta sees the payments in your statements, not the lender's or card issuer's own records, so it "
              "can't see what you still owe, your credit limit, interest rate or reward points.",
              "I can total what you paid to a lender or card (for example \"what did I pay on my car loan this "
              "year\"); the rest is in the lender's or card issuer's app.",
              "Moneta chỉ thấy các khoản thanh toán trong sao kê, không thấy hồ sơ của ngân hàng cho vay hay công ty "
              "thẻ, nên không biết bạn còn nợ bao nhiêu, hạn mức, lãi suất hay điểm thưởng.",
              "Tôi có thể cộng số tiền bạn đã trả cho khoản vay hay thẻ; phần còn lại hãy xem trong ứng dụng của ngân "
              "hàng."),
    # what a company, a landlord or a shop keeps of its own: how to reach them, and what they say is owed them. The
    # statements show what was paid to them, nothing more ("what's my landlord's phone number", "do I owe them
    # anything, what's the balance on that account" after an answer about a utility)
    DataTopic(COMPANY_RECORDS, "no",
              (r"(?<!\bmy )(?<!\bour )\b(?:phone|telephone|contact|fax|cell|mobile) (?:number|no|details|info(?:rmation)?)\b",
               r"\b(?!(?:my|our|moneta)'s\b)[a-z]+'s (?:e-?mail|postal|mailing|street|office|web) ?(?:address|site)\b",
               r"\b(?:their|his|her) (?:e-?mail|address|phone|number|website|opening hours|contact details)\b",
               r"\b(?:address|number|website|e-?mail) (?:of|for) (?:my|the|that|this) (?:[\w'&-]+ ){0,3}?(?:landlord|landlady|company|shop|"
               r"store|merchant|provider|supplier|biller|utility|gym|restaurant|place|office)\b",
               r"\b(?:do|did|would) (?:i|we) (?:still )?owe (?:them|him|her|it|that (?:place|company)|(?:the|my) "
               r"(?:landlord|landlady|company|shop|store|provider|utility|gym))\b(?![^?.!]{0,20}\btax)",
               r"\bowe (?:them|him|her) (?:anything|any(?:thing| money)? (?:more|else)|money)\b",
               r"\bbalance (?:on|of|with) (?:that|this|their|the) (?:\w+ )?account\b|\bbalance with (?:them|him|her|that|the)\b",
               r"\b(?:anything|money) (?:outstanding|overdue) (?:with|to|on|for) (?:them|him|her|that|the)\b"),
              "Moneta only has your transactions: it doesn't keep a company's or a landlord's contact details or "
              "their own account with you, so it can't tell you their number or address, or what they say you owe.",
              "I can show what you paid them and when (for example \"what did I pay them this year\"); their bill, "
              "website or app has their contact details and your balance with them.",
              "Moneta chỉ có các giao dịch của bạn: không lưu thông tin liên lạc của công ty hay chủ nhà, cũng không "
              "thấy tài khoản của bạn bên họ, nên không biết số điện thoại, địa chỉ hay số tiền họ nói bạn còn nợ.",
              "Tôi có thể cho xem bạn đã trả họ bao nhiêu và khi nào; hoá đơn, trang web hoặc ứng dụng của họ có "
              "thông tin liên lạc và số dư của bạn bên họ.", personal=False),
    DataTopic("net worth", "ledger", (r"\bnet[ -]?worth\b", r"\bhow (?:rich|wealthy) am i\b", r"\btotal (?:assets|wealth)\b",
                                      r"\b(?:everything|all|what) (?:i|we) own\b.{0,30}\b(?:owe|debts?)\b",
                                      r"\b(?:am i|are we) worth\b|\bhow much (?:am i|are we) worth\b",
                                      r"\btài sản ròng\b"),
              "none of your accounts in Moneta has an opening balance, so it sees money moving in and out but not "
              "what you own or owe, and can't work out your net worth.",
              "Add each account's opening balance and date under Accounts and I can; until then I can show your "
              "income, spending and net cash flow for any period.",
              "chưa tài khoản nào của bạn trong Moneta có số dư đầu kỳ, nên Moneta thấy tiền vào ra nhưng không biết "
              "bạn có và nợ bao nhiêu, và không tính được tài sản ròng.",
              "Hãy nhập số dư đầu kỳ và ngày của từng tài khoản ở trang Tài khoản; trong lúc chờ, tôi có thể cho xem "
              "thu nhập, chi tiêu và dòng tiền ròng của bất kỳ khoảng thời gian nào.",
              described="your account balances and net worth (accounts with an opening balance)"),
    DataTopic("account balance", "ledger",
              (r"(?<!envelope )(?<!jar )\b(?:account |bank |current |checking |savings )?balances?\b(?! of payments)",
               r"\bhow much (?:money )?(?:do i have|is there|have i got|is|'?s) (?:left )?in (?:my )?(?:bank|account|"
               r"checking|savings|current account)\b",
               r"\b(?:what'?s|what is|how much is) (?:sitting |left )?in my (?:bank|account|checking|savings)\b",
               r"\boverdrawn\b|\bin the red\b|\boverdraft\b", r"\bsố dư\b",
               # the money they have, with no period or jar to make it a figure Moneta has: "how much money do I
               # have?", "how much cash have I got in the bank", "how much do I have saved overall", "total savings"
               r"\bhow much (?:money |cash )?(?:do (?:i|we) have|have (?:i|we) got|(?:i|we)'ve got)(?: (?:left|in "
               r"total|overall|altogether|right now|now|today|on hand|saved(?: up)?))*\s*(?:[?.!]|$)",
               r"\bhow much (?:money |cash )?(?:do (?:i|we) have|have (?:i|we) got|(?:i|we)'ve got|is there) "
               r"(?:\w+ )?(?:in|at) (?:the|my|our) (?:bank|banks)\b",
               r"\bhow much (?:do|have) (?:i|we) (?:have |got )?saved(?: up)?(?: (?:overall|in total|altogether|so far|"
               r"in (?:my|the) bank))*\s*(?:[?.!]|$)",
               r"\b(?:my|our) (?:total|overall) savings\b|\btotal savings\b(?! rate)|\bsavings (?:balance|pot)\b",
               # "check my savings account, how much is in there": the account named, what is in it asked after
               r"\b(?:my|our) (?:savings|checking|bank|current) account\b.{0,40}\bhow much (?:is|'?s|do i have|have i got)"
               r" (?:left )?(?:in (?:there|it)|on it)\b",
               r"\b(?:tôi|mình) (?:có|còn) (?:tổng cộng )?bao nhiêu tiền\b(?!.{0,30}\b(?:tháng|tuần|năm|hũ|cho)\b)",
               # "ba còn bao nhiêu tiền tiết kiệm trong ngân hàng" (whoever says it: "ba", "mẹ", "con"): money in a bank
               r"\bcòn bao nhiêu tiền\b.{0,40}\b(?:trong|ở) (?:ngân hàng|tài khoản|thẻ)\b",
               r"\bbao nhiêu tiền (?:tiết kiệm|gửi)\b.{0,20}\b(?:trong|ở) ngân hàng\b",
               r"\btiền tiết kiệm (?:của (?:tôi|mình) )?(?:có|còn|là)? ?(?:được )?bao nhiêu\b",
               r"\bcòn bao nhiêu tiền trong (?:tài khoản|ngân hàng)\b",
               # "tài khoản tiết kiệm của tôi hiện còn bao nhiêu tiền": what is left in an account of theirs
               r"\b(?:tài khoản|ngân hàng|thẻ ghi nợ)\b[^?.!]{0,40}\bcòn (?:lại )?(?:bao nhiêu|mấy|bn)\b",
               r"\b(?:trong|ở) (?:tài khoản|ngân hàng)\b[^?.!]{0,40}\b(?:có|còn) (?:bao nhiêu|mấy) tiền\b"),
              "none of your accounts in Moneta has an opening balance yet, so I can't tell you what is in an "
              "account.",
              "Add the account's opening balance and date under Accounts and I can; meanwhile I can show your net "
              "cash flow (money in minus money out) for a period, and what you have left in your jars.",
              "chưa tài khoản nào của bạn trong Moneta có số dư đầu kỳ, nên tôi không biết trong tài khoản có bao "
              "nhiêu.",
              "Hãy nhập số dư đầu kỳ và ngày của tài khoản ở trang Tài khoản; trong lúc chờ, tôi có thể cho xem dòng "
              "tiền ròng (tiền vào trừ tiền ra) và số tiền còn lại trong các hũ."),
    DataTopic("investments", "no",
              (r"\b(?:my )?(?:portfolio|investments?|stocks?|shares|401\s?k|ira|roth|brokerage|pension(?: pot)?|"
               r"crypto(?:currency)?|retirement (?:account|savings|fund)|(?:index|mutual|bond|stock) funds?|etfs?|"
               r"bonds|equities|securities|holdings)\b.{0,30}\b(?:worth|value|doing|performance|performing|returns?|"
               r"balance|up|down|looking|look like|gains?|losses|lost|gained)\b",
               r"\bhow (?:are|is|'?s) my (?:portfolio|investments?|stocks?|401\s?k|ira|roth|pension|crypto|"
               r"(?:index|mutual|bond) funds?|etfs?|bonds|holdings)\b",
               r"\b(?:am i|are we) (?:up|down)\b.{0,30}\b(?:market|stocks?|funds?|portfolio|investments?)\b",
               # the holding named in one sentence, its worth asked in the next ("… a retirement account with TIAA.
               # What is it worth at the moment?")
               r"\b(?:portfolio|investments|401\s?k|ira|roth|brokerage|pension|retirement (?:account|savings|fund|plan))"
               r"\b[^?]{0,120}\bwhat(?:'s| is| are) (?:it|that|they|those) (?:worth|at)\b",
               r"\bquỹ (?:chỉ số|đầu tư|etf)\b.{0,30}\b(?:của tôi|lãi|lỗ|thế nào)\b",
               # a retirement pot's level ("what's left of my pension", "how big is our kiwisaver"): the provider's figure
               r"\b(?:left|remaining|balance|total|how big|size)\b[^?.!]{0,25}\b(?:my|our) " + RETIREMENT + r"\b",
               r"\b(?:my|our) " + RETIREMENT + r"(?:'s)? (?:balance|total|pot|size|(?:is|'s) (?:at|worth))\b",
               r"\b(?:how much|what)(?:'s| is| do i have)? (?:sitting )?in my (?:401\s?k|ira|roth(?: ira)?|brokerage|"
               r"pension|portfolio|crypto wallet|investment account)\b",
               # what is held at a broker or in a retirement plan, named by the plan or a broker's name ("how much do I
               # have in Vanguard right now (the retirement thing)"): what they paid in is in statements, not the value
               r"\bhow much (?:money )?(?:do (?:i|we) have|have (?:i|we) got|is (?:there|sitting|left))\b.{0,40}"
               r"\b(?:retirement|pension|401\s?k|403\s?b|ira|brokerage|investments?|portfolio|stocks?|"
               r"vanguard|fidelity|schwab|robinhood|e\W?trade|betterment|wealthfront|merrill|coinbase|"
               r"interactive brokers)\b",
               r"\bhow much (?:\w+ )?(?:bitcoin|btc|ethereum|eth|crypto\w*|stocks?|shares?|gold) (?:do|did|have) i "
               r"(?:hold|own|have|got)\b", r"\b(?:bitcoin|btc|ethereum|crypto\w*) (?:holdings?|wallet|balance|worth)\b",
               r"\bdanh mục đầu tư\b|\bcổ phiếu của tôi\b",
               r"\b(?:khoản |tiền )?đầu tư của (?:tôi|mình)\b.{0,20}\b(?:lời|lỗ|lãi|giá trị|tăng|giảm|thế nào|ra sao|"
               r"bao nhiêu)\b",
               r"\b(?:tài khoản chứng khoán|chứng khoán|cổ phiếu|quỹ (?:đầu tư|chỉ số|etf|hưu trí)|tiền (?:ảo|điện tử))"
               r"(?: của (?:tôi|mình))?\b.{0,20}\b(?:lời|lỗ|giá trị|tăng|giảm|đang (?:lãi|lời|lỗ)|(?:có|còn) bao nhiêu)\b",
               # what they hold invested now ("how much have I got invested"), not what they paid in over a period
               r"\bhow much (?:money )?(?:have|do) (?:i|we) (?:got |have )?invested\b(?![^?.!]{0,20}\b(?:in (?:last|this)|"
               r"since|during)\b)"),
              "Moneta has no connection to brokers or pension providers, so it can't see investments or their value.",
              "I can show what you paid into investment accounts if those transfers are in your statements, and "
              "explain investing concepts from the knowledge base.",
              "Moneta không kết nối với công ty chứng khoán hay quỹ hưu trí, nên không xem được các khoản đầu tư.",
              "Tôi có thể cho xem bạn đã chuyển bao nhiêu vào tài khoản đầu tư nếu có trong sao kê, và giải thích "
              "các khái niệm đầu tư."),
    # what a house, a car or any other thing they own is worth: no statement shows a price it would fetch
    DataTopic("property value", "no",
              (r"\bhow much (?:is|are) (?:my|our) (?:house|home|flat|condo|apartment|car|property|properties|land|"
               r"boat|jewel\w*|watch)(?:'s)? worth\b",
               r"\b(?:my|our) (?:house|home|flat|condo|car|property)(?:'s)? (?:worth|value|valuation|price)\b",
               r"\b(?:equity|value)\b.{0,20}\b(?:in|of) (?:my|our) (?:house|home|flat|condo|property|car)\b",
               r"\bhome equity\b", r"\bnhà (?:của )?(?:tôi|mình) (?:đáng giá|trị giá|giá bao nhiêu)\b"),
              "Moneta doesn't know what your home, car or other things you own are worth: your statements show what "
              "you paid, not what they would sell for.",
              "I can total what you paid for it or on it (for example \"what did I pay on my mortgage this year\"); "
              "a valuation site or your lender can estimate its value.",
              "Moneta không biết nhà, xe hay tài sản khác của bạn đáng giá bao nhiêu: sao kê chỉ cho thấy bạn đã trả "
              "bao nhiêu, không cho thấy giá bán được.",
              "Tôi có thể cộng số tiền bạn đã trả cho nó (ví dụ \"năm nay tôi trả tiền vay mua nhà bao nhiêu\"); hãy "
              "hỏi trang định giá hoặc ngân hàng để ước tính giá trị."),
    DataTopic(OTHERS_TOPIC, "no",
              (_OTHERS_EN, r"\b(?:other (?:users|people)|someone else|another user)(?:'s)? (?:spending|transactions|data|"
                           r"account)\b", _OTHERS_VI),
              OTHERS_WHY, OTHERS_OFFER, OTHERS_WHY_VI, OTHERS_OFFER_VI),
    # what the tax office will say (a refund to come, tax owed); a refund already paid is in the statements
    DataTopic("taxes", "no",
              (r"\b(?:will|would|going to|estimate\w*|expect\w*)\b.{0,30}\btax (?:refund|return|bill)\b",
               r"\btax (?:refund|return|bill)\b.{0,30}\b(?:will|would|going to)\b",
               r"\bhow much (?:tax|taxes) (?:will|should|do) i (?:owe|pay|get)\b", r"\btax bracket\b",
               r"\b(?:will|do) i (?:owe|get back)\b.{0,20}\btax",
               # what is owed the tax office ("how much do I owe in taxes", "taxes owed this year"), not tax paid
               r"\b(?:owe|owed|owing)\b[^?.!]{0,20}\btax(?:es)?\b", r"\btax(?:es)? (?:owed|owing|due|liability)\b",
               r"\b(?:phải nộp|phải đóng|sẽ phải nộp|còn nợ|nợ)\b[^?.!]{0,20}\bthuế\b",
               r"\bthuế\b[^?.!]{0,30}\b(?:phải nộp|phải đóng|được hoàn (?:bao nhiêu|không|lại bao nhiêu))\b"),
              "Moneta doesn't see your tax return or what the tax office holds, so it can't work out a refund or "
              "what you owe.",
              "I can total the tax payments and refunds that appear in your statements (for example \"tax payments "
              "this year\").",
              "Moneta không xem được tờ khai thuế của bạn, nên không tính được khoản hoàn thuế hay số thuế phải nộp.",
              "Tôi có thể cộng các khoản nộp thuế và hoàn thuế có trong sao kê của bạn."),
    DataTopic("market prices", "no",
              (r"\b(?:stock|share|gold|bitcoin|btc|crypto|oil) prices?\b", r"\btrading at\b", r"\bshare price\b",
               r"\bgiá (?:vàng|cổ phiếu|bitcoin|xăng|đô|usd)\b", r"\btỷ giá\b", r"\bexchange rate\b",
               # one currency's worth against another ("the pound against the dollar", "the euro vs the yen")
               r"\b(?:the )?(?:pound|dollar|euro|yen|sterling|gbp|usd|eur)\b[^?.!]{0,40}\b(?:against|versus|vs\.?|"
               r"compared (?:to|with)|relative to)\s+(?:the\s+)?(?:pound|dollar|euro|yen|sterling|gbp|usd|eur)\b"),
              "Moneta doesn't have live market prices or exchange rates: it only sees your own transactions.",
              "Check a market site or your broker's app; I can show what you spent or received in your statements.",
              "Moneta không có giá thị trường hay tỷ giá trực tiếp: Moneta chỉ thấy giao dịch của chính bạn.",
              "Hãy xem trên trang thị trường hoặc ứng dụng của công ty chứng khoán; tôi có thể cho xem bạn đã chi "
              "hay nhận bao nhiêu trong sao kê.", personal=False),
)
Missing = DataTopic  # the map's entries for data Moneta lacks (older name)
MISSING: tuple[DataTopic, ...] = tuple(d for d in DATA if d.has != "yes")
# Topics Moneta has once the user's accounts carry opening balances (chat/balances.py answers them).
LEDGER_TOPICS = tuple(d.topic for d in DATA if d.has == "ledger")
HAS = tuple(d.described for d in DATA if d.has == "yes")
HAS_BALANCES = next(d.described for d in DATA if d.has == "ledger" and d.described)


def moneta_has(*, balances: bool) -> list[str]:
    """What Moneta has for this user: the fixed list, and balances when their accounts carry them."""
    return [*HAS, HAS_BALANCES] if balances else list(HAS)


# The things themselves, named bare ("credit score", "net worth?", "401k this yr") or as the user's own ("my
# retirement account", "my brokerage account"): a turn that is only such a name (with a period or "my") asks for
# the thing, which Moneta cannot see. Things that are also concepts people ask about ("index funds", "stocks")
# count only as the user's own.
OWN_THINGS = {
    "credit score": r"credit (?:score|rating|report)s?|fico(?: score)?|điểm tín dụng",
    "net worth": r"net[ -]?worth|tài sản ròng",
    "account balance": r"(?:bank |account |checking |savings )?balances?|số dư",
    "investments": r"401 ?\(?k\)?s?|403 ?\(?b\)?|roth(?: ira)?|iras?|brokerage(?: account)?|retirement (?:account|savings|fund|"
                   r"pot|plan)s?|pension(?: pot| plan| fund)?|portfolio|investment (?:account|portfolio)s?|superannuation|"
                   r"super (?:fund|balance|account)|kiwisaver|rrsp|tfsa",
}
OWN_ONLY = {"investments": r"investments?|super|stocks?|shares|crypto(?:currency)?(?: wallet)?|bitcoin|(?:index|mutual) "
                           r"funds?|etfs?|bonds|holdings|savings bonds?",
            # "what's my savings account at", "our checking account rn": the account named alone asks what is in it
            "account balance": r"(?:checking|savings|bank|current) accounts?"}
# words a bare name may come with: "my …", "what about my …", "how's my … doing", "… this yr", "show me …"
_FILLER = frozenset("""my our the a an what whats what's about how hows how's is are show me check current currently now
today right so far please update on in of for and value doing looking status at with lately recently rn atm moment
con thi sao nua v vay nhi""".split())  # "còn net worth thì sao?": and the other one, asked in Vietnamese
_VI_OWN_WORDS = frozenset(["cua", *" ".join(VI_ME_PLAIN.split("|")).split()])  # "của tui", "toi", "minh" (without accents)
# without "my", a name alone asks for the thing ("credit score", "net worth?"); asked as "what is a …" it is a concept
_BARE_FILLER = frozenset("show me check current currently now right rn atm at the moment today so far please update "
                         "status yoy mom trend history over time change".split())  # "credit score YoY?": its course


# an account named by its kind ("roth ira", "trad ira", "sep ira", "solo 401k"): a kind of product, not the user's own
KIND_OF_ACCOUNT_RE = re.compile(r"\b(?:roth|trad|traditional|sep|simple|spousal|rollover|solo)\s+(?:iras?|401 ?\(?k\)?s?)\b")


def _own_thing(text: str) -> str | None:
    """The topic of a turn that only names one of the things Moneta cannot see, bare or as the user's own (see
    OWN_THINGS), or None."""
    said = normalise(text)  # the period grammar reads normalised text
    for _period, (a, b) in sorted(find_periods(said, timezone.localdate()), key=lambda p: -p[1][0]):
        said = said[:a] + " " + said[b:]
    said = re.sub(r"[^\w()' ]+", " ", said)
    own = bool(re.search(rf"\b(?:my|our|{VI_ME_PLAIN})\b", said))
    for topic, names in [*OWN_THINGS.items(), *(OWN_ONLY.items() if own else [])]:
        m = re.search(rf"\b(?:{strip_accents(names)})(?!\w)", said)
        if m is None:
            continue
        if not own and KIND_OF_ACCOUNT_RE.search(said):
            continue  # "roth ira?", "sep ira": a kind of account named alone asks what it is (a concept)
        rest = (said[:m.start()] + " " + said[m.end():]).replace("'s", " ").split()
        if all(w in (_FILLER if own else _BARE_FILLER) or w in _VI_OWN_WORDS for w in rest):
            return topic
    return None


def missing_data(text: str, *, balances: bool = False) -> Missing | None:
    """The data a question needs that Moneta lacks, if any — asked in words ("what's my credit score") or by naming the
    thing alone ("401k this yr"). `balances`: accounts with an opening balance (`balances_available`) are not lacking."""
    usable = [m for m in MISSING if not (balances and m.topic in LEDGER_TOPICS)]
    found = next((m for m in usable if m.pattern.search(text or "")), None)
    if found is not None and found.topic == "account balance":  # "my super balance": the pot's, not a bank's
        found = next((m for m in usable if m.topic == "investments" and m.pattern.search(text or "")), found)
    if found is None and holding_asked(text) is not None:  # "how much is in savings", "tk còn bn" (chat/holdings.py)
        found = next((m for m in usable if m.topic == "account balance"), None)
    if found is not None and found.topic == OTHERS_TOPIC and acts_for_holder(text):
        return None  # "I manage my mum's money in this app; what did she spend on X": this account's own data
    topic = own_thing(text) if found is None else None
    return next((m for m in usable if m.topic == topic), None) if topic else found


def acts_for_holder(text: str) -> bool:
    """The one asking acts for the account holder ("I look after my dad's finances", "I help my mum with her
    money", "this is her account"): the person they name is the one whose data this account holds."""
    return bool(HOLDER_RE.search(strip_accents((text or "").lower()).replace("’", "'")))


def own_thing(text: str) -> str | None:
    """See _own_thing (public for the router)."""
    return _own_thing(text or "")


def thing_named(text: str) -> str | None:
    """The topic of an investment account or credit score a sentence names anywhere ("how much did I put into my
    401k this year"), or None. The router asks it of a money question that names nothing of the user's own: a figure
    of all their spending would answer something else."""
    said = normalise(text or "")
    own = bool(re.search(r"\b(?:my|our)\b", said))
    for topic in ("investments", "credit score"):
        names = OWN_THINGS[topic] + ("|" + OWN_ONLY[topic] if own and topic in OWN_ONLY else "")
        if re.search(rf"\b(?:{strip_accents(names)})(?!\w)", said):
            return topic
    return None


def missing_for_check(question: str, *, balances: bool = False) -> Missing | None:
    """What check_data_available reads a question as: the data it asks for that Moneta lacks, or the investment
    account or credit score it names anywhere (the tool is called when a question needs that check)."""
    found = missing_data(question, balances=balances)
    topic = thing_named(question) if found is None else None
    return next((m for m in MISSING if m.topic == topic), None) if topic else found


def balances_available(user: Any) -> bool:
    """Does the user have an account whose balance Moneta knows (an opening balance or opening date set)?"""
    return Account.objects.filter(user=user, archived_at__isnull=True).filter(
        ~Q(opening_balance=0) | Q(opening_date__isnull=False)).exists()
