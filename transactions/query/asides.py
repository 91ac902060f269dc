"""Clauses that say why the user asks, not what to count (issue 21: "every word accounted for").

"for my tax guy: everything I spent last month except rent", "Q1 total spending please, I need it for the quarterly
estimate", "(rent goes on the shop lease anyway)": the words of such a clause are no filters. `set_aside(question)`
returns the question without them and the clauses set aside, which the answer names ("I set aside …") so a reader
can see what was not used. A parenthesis that narrows the question ("(excluding rent)", "(just groceries)") is kept.
"""
from __future__ import annotations

import re

# people and records a figure is asked for: "for my accountant", "for my tax guy", "for our bookkeeper"
ROLE = (r"(?:accountant|bookkeeper|cpa|tax (?:guy|gal|lady|person|preparer|advis[eo]r|people|return|filing|records?)"
        r"|financial (?:advis[eo]r|planner)|advis[eo]r|planner|records?|spreadsheet|landlord|lender|loan officer|"
        r"mortgage (?:broker|application)|visa application|application)")
# a lead-in ending in a colon or dash: "for my tax guy:", "quick one for my records -"
PURPOSE_LEAD_RE = re.compile(r"^\s*(?:(?:quick (?:one|q(?:uestion)?)|question|ok(?:ay)?|so)\s*,?\s*)?"
                             r"(?:this is |it'?s |that'?s )?(?:for|to send to|to give to|to show)\s+(?:my|our|the)\s+"
                             r"[\w' ]{1,30}?\s*[:–—-]\s+", re.I)
# "for my accountant" anywhere (not "for my accountant's fees": a possessive names a thing to count)
ROLE_RE = re.compile(r",?\s*\b(?:for|to send to|to give to|to show)\s+(?:my|our|the)\s+" + ROLE + r"\b(?!'s)", re.I)
# a clause giving the reason, to the end of the sentence: ", I need it for the quarterly estimate"
REASON_RE = re.compile(r"(?:[,;.!]|\s[–—-])\s*(?:(?:i|we)(?:'ll| will)? (?:need|want|have to send|have to give|use)"
                       r" (?:it|this|that|them|the (?:number|figure|total|amount))\b|(?:it'?s|this is|that'?s) (?:for|"
                       r"going to)\b|so (?:that )?(?:i|we) can\b|because\b|cause\b|cuz\b|since (?:i|we|my|our)\b"
                       r"|as (?:i|we) (?:need|have to|want)\b)[^?]*", re.I)
PAREN_RE = re.compile(r"\s*\(([^()]{3,160})\)")
# a parenthesis that narrows or names what to count stays
NARROWING_RE = re.compile(r"^\s*(?:except|excluding|excl\.?|not|without|only|just|incl\.?|including|plus|and|or|"
                          r"e\.?g\.?|i\.?e\.?|like|such as|say|aka|mainly|mostly|all|both|either|the|my|in|at|on|"
                          r"from|since|before|after|last|this|\$|\d)", re.I)
CLAUSE_VERB_RE = re.compile(r"\b(?:is|are|was|were|goes|go|went|get|gets|got|pay|pays|paid|need|needs|has|have|"
                            r"had|count|counts|anyway|already|because|since|'s)\b", re.I)


def _aside_paren(inner: str) -> bool:
    """A parenthesis that is a remark of its own (a clause with a verb), not a narrowing of the question."""
    return len(inner.split()) >= 3 and not NARROWING_RE.search(inner) and bool(CLAUSE_VERB_RE.search(inner))


def set_aside(question: str) -> tuple[str, list[str]]:
    """The question without its purpose clauses and asides, and those clauses (as written, trimmed)."""
    text = question or ""
    found: list[str] = []

    def take(m: re.Match[str]) -> str:
        found.append(m.group(0).strip(" ,;.:–—-()"))
        return " "

    text = PURPOSE_LEAD_RE.sub(take, text, count=1)
    text = PAREN_RE.sub(lambda m: take(m) if _aside_paren(m.group(1)) else m.group(0), text)
    text = ROLE_RE.sub(take, text)
    kept = REASON_RE.sub(take, text)
    if len(re.findall(r"\w+", kept)) < 2:  # the reason was all there was: keep the question as asked
        kept, found = text, found[:-1] if REASON_RE.search(text) else found
    kept = re.sub(r"\s+([?.!,])", r"\1", re.sub(r"\s{2,}", " ", kept)).strip()
    return (kept, found) if found else (question, [])
