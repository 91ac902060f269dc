"""A question about the user's own spending on a thing ("is anything from the wedding still showing up?", "did we
pay for a dog walker", "any charges for the piano teacher"): what it names is looked for in their transactions, so
a thing none of them mentions is answered "nothing found" — never a knowledge search, never all spending."""
from __future__ import annotations

import re

# the wording of a look for one's own charges on a thing
OWN_SPENDING_ASKED_RE = re.compile(
    r"\b(?:anything|any (?:charges?|payments?|purchases?|transactions?|spending|bills?))\s+(?:from|for|at|on|to)\b"
    r"|\bdid (?:i|we) (?:ever )?(?:pay|buy|spend|get charged)\b"
    r"|\b(?:charges?|payments?|purchases?|transactions?) (?:for|from)\b"
    r"|\b(?:still )?show(?:ing|s|ed)? up\b|\bpop(?:ping|s|ped)? up\b"
    # "how much did the dentist cost me", "what has the gym set us back": what a thing of theirs cost them
    r"|\b(?:did|has|have)\b[^?.!]{0,40}?\b(?:cost|set|run)\s+(?:me|us)\b"
    # "which streaming services am I paying for", "what do we pay for phones": what they pay now
    r"|\b(?:am i|are we|do (?:i|we)|i'?m|we'?re) (?:still |currently |actually )?(?:pay|paying|being charged)\b")
# a deposit the user paid ("the venue deposit", "a security deposit"), not money paid in ("direct deposit")
PAID_DEPOSIT_RE = re.compile(r"\b(?!(?:direct|payroll|paycheck|mobile|cash|check|cheque|atm|bank|salary|refund|tax|"
                             r"the|my|a|an|our|any|no|that|this)\b)[a-z]+ deposits?\b")

# the look itself, said as a verb phrase ("still showing up", "shows up"): no name
SHOWING_UP_RE = re.compile(r"\b(?:still )?show(?:ing|s|ed)? up\b|\bpop(?:ping|s|ped)? up\b")

# "what about petco?", "wait, how about the vet": after a money answer, the thing named is asked the same way
WHAT_ABOUT_RE = re.compile(r"^\W*(?:(?:oh|wait|ok(?:ay)?|and|so|hmm+|actually|ah)[\s,.!-]+)*(?:what|how) about\b")

# their own money asked in the first person: what they spent, paid or earned, their spending or income
OWN_MONEY_RE = re.compile(r"\b(?:i|we)(?:'ve| have| had)? (?:spent|paid|earned|made|got paid)\b|\b(?:did|do|have) (?:i|we) "
                          r"(?:spend|spent|pay|paid|earn|earned|make|made)\b|\b(?:my|our|total) (?:spending|spend|expenses|"
                          r"outgoings|income|earnings)\b|\bspending (?:this|last|so far|in|since)\b")


def own_money_asked(text: str) -> bool:
    """Their own spending or income asked in the first person ("how much have I spent", "my income")."""
    return bool(OWN_MONEY_RE.search(text))


def own_spending_asked(text: str) -> bool:
    """Does the question look for the user's own charges on something?"""
    return bool(OWN_SPENDING_ASKED_RE.search(text))


def paid_deposits_blanked(text: str) -> str:
    """The question with the deposits the user paid taken out (they ask about money out, not money in)."""
    return PAID_DEPOSIT_RE.sub(" ", text)


def look_blanked(text: str) -> str:
    """The question with the words of the look ("still showing up") marked as read."""
    return SHOWING_UP_RE.sub(" | ", text)
