"""What Moneta has and what it does not: the capability map the composer consults.

Moneta sees a user's own transactions (and their categories and merchants), jars and budgets, recurring
charges, the documents they uploaded, and the shared knowledge base. Balances and net worth it has for the
accounts that carry an opening balance (the ledger: opening balance + transactions, in SQL); a user with no
such account gets a plain "I can't see that" and how to add one. It does not see credit scores, investments,
loans outside the statements, or anyone else's money, and it cannot act outside the app (cancel at a provider,
move or pay money, talk to a bank).

A question that needs something Moneta lacks is answered plainly — "I can't see that" — with what it can do
instead, never with the nearest figure. Requests to act outside the app get the steps the user can take.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from transactions.models import Account

HAS = ("your transactions (amounts, dates, merchants, categories)", "your budget jars and category budgets",
       "your recurring charges (subscriptions and bills)", "your uploaded documents and notes",
       "Moneta's help pages and the finance-education library")


@dataclass(frozen=True)
class Missing:
    topic: str
    pattern: re.Pattern[str]
    why: str
    offer: str
    why_vi: str = ""  # the same in Vietnamese, for a Vietnamese question
    offer_vi: str = ""
    personal: bool = True  # only when the question is about the user's own ("my credit score"), not the concept


def _re(text: str) -> re.Pattern[str]:
    return re.compile(text, re.I)


MISSING: tuple[Missing, ...] = (
    Missing("credit score", _re(r"\bcredit (?:score|rating|report|history)\b|\bfico\b|\bđiểm tín dụng\b"),
            "Moneta has no access to credit bureaus, so it can't see your credit score or report.",
            "I can explain what moves a credit score, or show what you pay on cards and loans from your "
            "transactions.",
            "Moneta không kết nối với trung tâm thông tin tín dụng, nên không xem được điểm tín dụng của bạn.",
            "Tôi có thể giải thích điều gì ảnh hưởng đến điểm tín dụng, hoặc cho xem bạn đã trả bao nhiêu cho thẻ "
            "và khoản vay."),
    Missing("net worth", _re(r"\bnet worth\b|\bhow (?:rich|wealthy) am i\b|\btotal (?:assets|wealth)\b"),
            "none of your accounts in Moneta has an opening balance, so it sees money moving in and out but not "
            "what you own or owe, and can't work out your net worth.",
            "Add each account's opening balance and date under Accounts and I can; until then I can show your "
            "income, spending and net cash flow for any period.",
            "chưa tài khoản nào của bạn trong Moneta có số dư đầu kỳ, nên Moneta thấy tiền vào ra nhưng không biết "
            "bạn có và nợ bao nhiêu, và không tính được tài sản ròng.",
            "Hãy nhập số dư đầu kỳ và ngày của từng tài khoản ở trang Tài khoản; trong lúc chờ, tôi có thể cho xem "
            "thu nhập, chi tiêu và dòng tiền ròng của bất kỳ khoảng thời gian nào."),
    Missing("account balance", _re(r"(?<!envelope )(?<!jar )\b(?:account |bank |current |checking |savings )?"
                                   r"balances?\b(?! of payments)"
                                   r"|\bhow much (?:money )?(?:do i have|is) (?:left )?in (?:my )?(?:bank|account|"
                                   r"checking|savings)\b|\bsố dư\b|\bhow much (?:do|did) i (?:still )?owe\b"
                                   r"|\bowe on (?:my|the)\b|\b(?:card|loan|mortgage|debt) balance\b"),
            "none of your accounts in Moneta has an opening balance yet, so I can't tell you what is in an "
            "account.",
            "Add the account's opening balance and date under Accounts and I can; meanwhile I can show your net "
            "cash flow (money in minus money out) for a period, and what you have left in your jars.",
            "chưa tài khoản nào của bạn trong Moneta có số dư đầu kỳ, nên tôi không biết trong tài khoản có bao "
            "nhiêu.",
            "Hãy nhập số dư đầu kỳ và ngày của tài khoản ở trang Tài khoản; trong lúc chờ, tôi có thể cho xem dòng "
            "tiền ròng (tiền vào trừ tiền ra) và số tiền còn lại trong các hũ."),
    Missing("investments", _re(r"\b(?:my )?(?:portfolio|investments?|stocks?|shares|401k|ira|brokerage|pension "
                               r"pot|crypto(?:currency)?)\b.{0,30}\b(?:worth|value|doing|performance|returns?|"
                               r"balance|up|down)\b|\bhow (?:are|is) my (?:portfolio|investments?|stocks?)\b"
                               r"|\bhow much (?:\w+ )?(?:bitcoin|btc|ethereum|eth|crypto\w*|stocks?|shares?|gold) "
                               r"(?:do|did|have) i (?:hold|own|have|got)\b|\b(?:bitcoin|btc|ethereum|crypto\w*) "
                               r"(?:holdings?|wallet|balance|worth)\b"),
            "Moneta doesn't connect to brokers or pension providers, so it can't see investments or their value.",
            "I can show what you paid into investment accounts if those transfers are in your statements, and "
            "explain investing concepts from the knowledge base.",
            "Moneta không kết nối với công ty chứng khoán hay quỹ hưu trí, nên không xem được các khoản đầu tư.",
            "Tôi có thể cho xem bạn đã chuyển bao nhiêu vào tài khoản đầu tư nếu có trong sao kê, và giải thích "
            "các khái niệm đầu tư."),
    Missing("other people's money", _re(r"\b(?:my|our) (?:wife|husband|partner|spouse|son|daughter|mom|mum|dad|"
                                        r"friend|roommate|flatmate|boss|brother|sister|parents?)(?:'s)? "
                                        r"(?:spending|transactions|account|balance|purchases|money|budget|spend|spent|"
                                        r"pay|paid|buy|bought|owe)\b"
                                        r"|\b(?:other (?:users|people)|someone else|another user)(?:'s)? "
                                        r"(?:spending|transactions|data|account)\b"),
            "Moneta only ever shows your own data; it can't see anyone else's accounts or spending.",
            "If you share costs, I can total what you paid at the merchants you share.",
            "Moneta chỉ cho bạn xem dữ liệu của chính bạn; không xem được tài khoản hay chi tiêu của người khác.",
            "Nếu hai người chia chi phí, tôi có thể cộng những gì bạn đã trả ở các nơi dùng chung."),
    Missing("other people's money", _re(r"\b(?:vợ|chồng|bạn gái|bạn trai|người yêu|con|bố|mẹ|ba|má|anh|chị|em|bạn|"
                                        r"bạn cùng phòng|sếp)(?: của)? (?:tôi|mình|em|anh)\b.{0,20}\b(?:tiêu|chi|mua|"
                                        r"xài|trả|nợ|tiền)"),
            "Moneta only ever shows your own data; it can't see anyone else's accounts or spending.",
            "If you share costs, I can total what you paid at the merchants you share.",
            "Moneta chỉ cho bạn xem dữ liệu của chính bạn; không xem được tài khoản hay chi tiêu của người khác.",
            "Nếu hai người chia chi phí, tôi có thể cộng những gì bạn đã trả ở các nơi dùng chung."),
    # what the tax office will say (a refund to come, tax owed); a refund already paid is in the statements
    Missing("taxes", _re(r"\b(?:will|would|going to|estimate\w*|expect\w*)\b.{0,30}\btax (?:refund|return|bill)\b"
                         r"|\btax (?:refund|return|bill)\b.{0,30}\b(?:will|would|going to)\b|\bhow much (?:tax|taxes) "
                         r"(?:will|should|do) i (?:owe|pay|get)\b|\btax bracket\b|\b(?:will|do) i (?:owe|get back)\b.{0,20}\btax"),
            "Moneta doesn't see your tax return or what the tax office holds, so it can't work out a refund or "
            "what you owe.",
            "I can total the tax payments and refunds that appear in your statements (for example \"tax payments "
            "this year\").",
            "Moneta không xem được tờ khai thuế của bạn, nên không tính được khoản hoàn thuế hay số thuế phải nộp.",
            "Tôi có thể cộng các khoản nộp thuế và hoàn thuế có trong sao kê của bạn."),
    Missing("market prices", _re(r"\b(?:stock|share|gold|bitcoin|btc|crypto|oil) prices?\b|\btrading at\b|\bshare price\b"
                                 r"|\bgiá (?:vàng|cổ phiếu|bitcoin|xăng|đô|usd)\b|\btỷ giá\b|\bexchange rate\b"),
            "Moneta doesn't have live market prices or exchange rates: it only sees your own transactions.",
            "Check a market site or your broker's app; I can show what you spent or received in your statements.",
            "Moneta không có giá thị trường hay tỷ giá trực tiếp: Moneta chỉ thấy giao dịch của chính bạn.",
            "Hãy xem trên trang thị trường hoặc ứng dụng của công ty chứng khoán; tôi có thể cho xem bạn đã chi "
            "hay nhận bao nhiêu trong sao kê.", personal=False),
)


@dataclass(frozen=True)
class Unavailable:
    what: str
    pattern: re.Pattern[str]
    why: str
    steps: tuple[str, ...]


UNAVAILABLE: tuple[Unavailable, ...] = (
    Unavailable("reminders and shared bills", _re(r"\bremind(?:er)?s?\b|\bnotify me\b|\balert me\b"
                                                  r"|\bsplit\b.{0,30}\b(?:bill|cost|charge|rent|with)\b"),
                "Moneta can't send you reminders or split a bill with someone: it reads your own statements.",
                ("Set the reminder in your phone's calendar or your bank's app.",
                 "In Moneta, **Subscriptions** lists your recurring charges with the next expected date.",
                 "To keep a note of what someone owes you: \"save a note: Sam owes me $40 for …\".")),
    Unavailable("cancel a subscription", _re(r"\b(?:cancel|stop|end|terminate|unsubscribe)\b.{0,40}\b(?:subscription|"
                                             r"plan|membership|trial|service|netflix|spotify|gym|account)\b"
                                             r"|\bunsubscribe\b|\bhủy\b"),
                "Moneta can't cancel anything at the provider: it only reads your statements.",
                ("Cancel with the provider itself (its website or app: Account → Subscription → Cancel).",
                 "In Moneta open **Subscriptions**, find the charge and choose **Not a subscription** or wait for "
                 "the next statement: it drops off the list once the charges stop.",
                 "Ask me \"what are my subscriptions?\" next month to check it has stopped.")),
    Unavailable("move or pay money", _re(r"\b(?:transfer|send|wire|pay|move|deposit|withdraw)\b.{0,30}\b(?:money|"
                                         r"\$?\d+|to (?:my )?(?:savings|account|friend)|bill|rent|invoice)\b"
                                         r"|\bpay (?:off|down) my\b|\bchuyển tiền\b"),
                "Moneta can't move, send or pay money: it has no connection to your bank that can make payments.",
                ("Make the payment or transfer in your bank's app.",
                 "After your next statement import it shows up in Moneta under **Transactions**.",
                 "To set money aside in Moneta, ask me to create a jar (e.g. \"start a savings jar of $200 a "
                 "month\") and confirm the card.")),
    Unavailable("contact the bank", _re(r"\b(?:dispute|chargeback|report (?:fraud|a charge)|call|email|contact|"
                                        r"complain to)\b.{0,30}\b(?:bank|card issuer|merchant|charge)\b"),
                "Moneta can't contact your bank or a merchant for you.",
                ("Contact your bank through its app or the number on your card to dispute the charge.",
                 "In Moneta you can note it: \"save a note: disputed the $42 charge from …\".",
                 "If the charge is a duplicate you want out of your figures, ask me to delete it and confirm.")),
    Unavailable("rename or merge categories and payees",
                _re(r"\b(?:rename|merge|archive|combine)\b.{0,40}\b(?:categor\w*|payees?|merchants?)\b"
                    r"|\b(?:đổi tên|gộp)\b.{0,30}\b(?:danh mục|mục)\b"),
                "The assistant can't rename, merge or archive categories or payees from the chat.",
                ("Open Transactions, then Categories & payees.",
                 "Type the new name next to the category and press Rename; to fold one into another pick it under "
                 "Merge into and press Merge; Archive hides one you no longer use.",
                 "Payees are renamed or merged further down the same page; past and future transactions follow.")),
    Unavailable("open or close accounts", _re(r"\b(?:open|close|apply for)\b.{0,20}\b(?:a |an |my )?(?:bank "
                                              r"account|savings account|credit card|loan|mortgage)\b"),
                "Moneta can't open or close accounts, cards or loans.",
                ("Do it with the bank or lender directly.",
                 "To track a new account in Moneta, import its statement under **Transactions → Import** and pick "
                 "or name the account on the preview.")),
)


# Topics Moneta has once the user's accounts carry opening balances (chat/balances.py answers them).
LEDGER_TOPICS = ("net worth", "account balance")
HAS_BALANCES = "your account balances and net worth (accounts with an opening balance)"


def moneta_has(*, balances: bool) -> list[str]:
    """What Moneta has for this user: the fixed list, and balances when their accounts carry them."""
    return [*HAS, HAS_BALANCES] if balances else list(HAS)


def missing_data(text: str, *, balances: bool = False) -> Missing | None:
    """The data a question needs that Moneta does not have, if any. `balances`: the user has accounts with an
    opening balance, so balances and net worth are not missing (`balances_available`)."""
    return next((m for m in MISSING if m.pattern.search(text or "")
                 and not (balances and m.topic in LEDGER_TOPICS)), None)


def balances_available(user: Any) -> bool:
    """Does the user have an account whose balance Moneta knows (an opening balance or opening date set)?"""
    return Account.objects.filter(user=user, archived_at__isnull=True).filter(
        ~Q(opening_balance=0) | Q(opening_date__isnull=False)).exists()


def unavailable_action(text: str) -> Unavailable | None:
    return next((u for u in UNAVAILABLE if u.pattern.search(text or "")), None)


def missing_answer(m: Missing) -> dict:
    """The tool result for a question about data Moneta lacks."""
    return {"available": False, "topic": m.topic, "message": m.why, "offer": m.offer, "moneta_has": list(HAS),
            "message_vi": m.why_vi, "offer_vi": m.offer_vi}


def unavailable_steps(request: str) -> dict:
    found = unavailable_action(request)
    if found is None:
        return {"possible": False, "what": "that", "message": "Moneta can't do that from the chat.",
                "steps": ["Moneta can propose, with your confirmation: a new jar, a category budget, filing "
                          "matching transactions under a category, adding a cash transaction, or deleting one.",
                          "Other changes are made on the pages: Transactions, Jars, Subscriptions."]}
    return {"possible": False, "what": found.what, "message": found.why, "steps": list(found.steps)}
