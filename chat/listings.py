"""The words by which a question names one of the two listings the assistant has: the user's recurring charges
(`list_subscriptions`) and their jars (`get_jar_status`). One home for them: the offline router picks a listing
by the core words, and the confidence check (chat/grounding.py) accepts a listing chosen for a question only when
the question names it by one of the wider set ("memberships", "what am I paying for every month")."""
from __future__ import annotations

import re

# words that are about recurring charges whoever asks: "my subscriptions", "recurring", "monthly bills"
SUBSCRIPTION_CORE = r"\bsubscri\w*|\brecurr\w*|\bmonthly (?:charges|bills|payments)\b|\bđăng ký\b"
# and the wider ways a question names them once the list was chosen
SUBSCRIPTION_MORE = (r"\bmembership\w*|\bbills?\b|\bplans?\b|\bstreaming\b|\bservices?\b|"
                     r"\b(?:every|each|per|a) (?:month|mo|year|week)\b|\bmonthly\b|\byearly\b|\bannual\w*|"
                     r"\bauto-?pay\w*|\brenew\w*|\bpaying for\b|\bsigned up\b|\bdịch vụ\b|\bhàng (?:tháng|năm)\b|"
                     r"\bđịnh kỳ\b")
JAR_CORE = (r"\bjars?\b|\benvelopes?\b|\bhũ\b|\bbudget (?:left|remaining|status)\b|\bbudget\b.*\bleft\b"
            r"|\bleft to spend\b|\bsafe to spend\b|\bover budget\b")
JAR_MORE = (r"\bpots?\b|\bbudget\w*|\bleft\b|\bremaining\b|\bover(?:spent|spend)\b|\bon track\b|\bngân sách\b"
            r"|\bcòn lại\b")

SUBSCRIPTION_RE = re.compile(SUBSCRIPTION_CORE, re.I)
JAR_RE = re.compile(JAR_CORE, re.I)
# the listing tools and the words that name what they list (core or wider)
LISTING_NAMED_BY = {
    "list_subscriptions": re.compile(f"{SUBSCRIPTION_CORE}|{SUBSCRIPTION_MORE}", re.I),
    "get_jar_status": re.compile(f"{JAR_CORE}|{JAR_MORE}", re.I),
}
