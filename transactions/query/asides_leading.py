"""Clauses said before the question that ask nothing (issue 21, kind 1): politeness ("If it isn't too much trouble,",
"if you don't mind,", "when you have a moment,") and the reason or the state of the asker ("since I'm trying to be
careful,", "because money's tight this month and", "now that we're saving,"). They open the turn, end at a comma
and are followed by the question itself. Their words are no subject, no period and no operator: "isn't" in "if it
isn't too much trouble" leaves nothing out, and "eating out" in "since I'm trying to cut back on eating out, what did
I spend at Starbucks" is not what to count.

A clause that narrows (an exclusion, "only", "per month"), says when ("since I moved in January"), or that the
question points back to ("since I've been eating out a lot, how much did that cost") is the question's and stays.
Works on the question as written, before the circumstances and remarks beside it are read.
"""
from __future__ import annotations

import re

from transactions.query.asides_remarks import OPERATOR_RE
from transactions.query.pointers import POINTS_INTO_CLAUSE_RE

# "if it isn't too much trouble", "if it's no bother", "if you don't mind", "if you have a sec", "when you get a
# minute", "if possible", "sorry to bother you", "out of curiosity"
_TROUBLE = r"(?:trouble|bother|problem|hassle|imposition|pain|inconvenience)"
POLITE = (r"(?:if|assuming)\s+(?:it|that|this)(?:'s|\s+is|\s+was|'d\s+be|\s+would\s+be|\s+wouldn't\s+be|\s+won't\s+be|"
          r"\s+isn'?t|\s+is\s+not|'s\s+not|\s+is\s+no|'s\s+no)?\s+(?:not\s+|no\s+)?(?:too\s+much\s+(?:of\s+)?|much\s+(?:of\s+)?|"
          r"(?:of\s+)?a\s+|any\s+)?" + _TROUBLE +
          r"|if\s+(?:it'?s|it\s+is|that'?s|that\s+is)\s+(?:ok|okay|alright|all\s+right|fine|possible|no\s+trouble)"
          r"(?:\s+with\s+you)?"
          r"|if\s+you\s+(?:don'?t|do\s+not|wouldn'?t|would\s+not)\s+mind(?:\s+(?:me|my)\s+asking)?|if\s+you\s+please|if\s+possible"
          r"|(?:if|when(?:ever)?)\s+you\s+(?:have|get|'ve\s+got|have\s+got|find)\s+(?:a|the|some)\s+(?:quick\s+)?"
          r"(?:sec|second|moment|minute|min|chance|time)"
          r"|if\s+you\s+(?:can|could|would|will)(?:\s+please)?"
          r"|(?:sorry|apologies|pardon\s+me)\s+(?:to\s+(?:bother|trouble|pester)\s+you|for\s+(?:the\s+)?(?:bother|"
          r"bothering\s+you|asking(?:\s+again)?))"
          r"|(?:just\s+)?out\s+of\s+(?:pure\s+)?curiosity|for\s+my\s+own\s+peace\s+of\s+mind|no\s+rush(?:\s+but)?")
# "since I'm trying to be careful", "because money's tight", "now that we're saving", "as I'm doing my budget": a
# subordinator, then a subject of the asker's own, then the rest of the clause
REASON = (r"(?:since|because|cause|cuz|as|given\s+that|now\s+that|seeing\s+(?:as|that)|considering(?:\s+that)?)\s+"
          r"(?:(?:i|we)(?:'m|'ve|'d|'re|'ll)?|my|our|it'?s|things\s+are|money(?:'s|\s+is)|times\s+are)\b[^,;:?!.]*")
LEAD_CLAUSE_RE = re.compile(rf"\s*(?:(?:and|but|also|so|oh|ok|okay|well|hi|hey)\s*,?\s+)*(?P<clause>{POLITE}|{REASON})"
                            r"\s*(?:,\s*|\s+(?:and|so|then)\s*,?\s+|\s*[—–:]\s*|\s-\s)", re.I)
# when a thing happened or a narrowing: the clause is the question's
_PERIOD_OR_NARROW_RE = re.compile(
    r"\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|spring|summer|autumn|fall|winter|christmas|last|this|next|"
    r"week|month|year|quarter|ago|yesterday|today|\d{4}|only|just|per|each|every)\b", re.I)
_ASKS_RE = re.compile(r"\b(?:how|what|what's|whats|which|who|when|where|could|can|would|will|please|show|list|tell|"
                      r"give|total|spen[dt]|spending|cost|paid|compare)\b|\?\s*$", re.I)


def leading_clauses_set_aside(question: str) -> tuple[str, list[str]]:
    """(the question without the clauses that open it and ask nothing, those clauses as written)."""
    text, found = question or "", []
    while (m := LEAD_CLAUSE_RE.match(text)) is not None:
        clause, rest = m.group("clause"), text[m.end():]
        if (len(re.findall(r"\w+", rest)) < 3 or not _ASKS_RE.search(rest)
                or (not re.match(POLITE, clause, re.I) and (
                    OPERATOR_RE.search(clause) or _PERIOD_OR_NARROW_RE.search(clause)
                    or POINTS_INTO_CLAUSE_RE.search(rest)))):
            break
        found.append(clause.strip())
        text = rest
    return (text, found) if found else (question, [])
