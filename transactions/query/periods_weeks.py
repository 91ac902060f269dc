"""Weeks of a month said by their number (issue 21, kind 3): "week 1 vs week 2 of last month", "the first week of
October versus the second week", "dining last month, week 1 vs week 2". A week counted in a month is days 1–7,
8–14, 15–21, 22–28 (the fifth: the 29th to the end; "the last week": its last seven days). A week said without its
month is of the month said with the other week, or of the one month said in the question — never the month before.

`weeks_of_month(text)` works on normalised text before the period grammar (transactions.query.periods_rules reads
"the first week of October" and "the second week of last month"): it spells "week 2" as "the second week" and gives
each week without a month the month said beside it, so both sides of "the first week of October versus the second
week" are weeks of October.
"""
from __future__ import annotations

import re
from datetime import date

from transactions.query.periods_words import MONTH_RE, ORDINAL_OF

WEEK_NUMBER_RE = re.compile(r"\b(?:the\s+)?week\s+(?:#\s*|no\.?\s*|number\s+)?(1|2|3|4|5|one|two|three|four|five)\b"
                            r"(?!\s*(?:weeks?|days?|months?|years?|ago|back|before|after|%|\$|k\b|dollars?|bucks))")
WEEK_RE = re.compile(r"\b(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last|final)\s+week\b"
                     r"(?P<of>\s+(?:of|in)\s+(?:the\s+)?(?P<month>last month|previous month|prior month|this month|"
                     rf"(?:{MONTH_RE})(?:\s+(?:19|20)\d\d)?)\b)?")
# a week counted in something other than a month ("the first week of the trip", "my second week at work", "the 2nd
# week in a row", "first week of january"): not a week of this month
BARE_WEEK_NOT_OF_MONTH_RE = re.compile(r"\bweek\s+(?:of|in|at|on|since|after|before|back|into)\b|\b(?:my|our|his|her|their)\s+"
                                       r"(?:first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th)\s+week\b"
                                       r"|\b(?:19|20)\d\d\b|\b(?:quarter|year|semester|term|trip|vacation|holiday)\b")
OF_THE_MONTH_RE = re.compile(r"\b((?:first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last|final|past)\s+(?:(?:\d{1,2}|"
                             r"two|three|four|five|six|seven|ten|few|couple of)\s+)?(?:weeks?|days?|half)|start|beginning|end|"
                             r"middle|mid)\s+(?:of|in)\s+the\s+month\b(?!\s+(?:before|after|of)\b)")
MONTH_ALONE_RE = re.compile(rf"\b(?:in\s+|for\s+|during\s+|over\s+)?(?P<month>(?:last|previous|prior|this)\s+month|"
                            rf"(?:{MONTH_RE})(?:\s+(?:19|20)\d\d)?)\b")


WEEK_START_DAY = {"first": 1, "1st": 1, "second": 8, "2nd": 8, "third": 15, "3rd": 15, "fourth": 22, "4th": 22,
                  "fifth": 29, "5th": 29}


def weeks_of_month(text: str, today: date | None = None) -> str:
    """The text with numbered weeks spelt as ordinals and every week of a month said with its month. One week said by
    its place with no month anywhere ("how much the 2nd week?"): of this month once that week has begun, else of the
    month before (the answer's label gives its dates)."""
    text = WEEK_NUMBER_RE.sub(lambda m: f" the {ORDINAL_OF[m.group(1)]} week", text)
    # "the first week of the month", "the last 10 days of the month", "the end of the month" opening a conversation
    # with no month said: of this month (`today` is given only then; a follow-up's month is the last answer's)
    if today is not None and not MONTH_ALONE_RE.search(text):
        text = OF_THE_MONTH_RE.sub(r"\1 of this month", text)
    weeks = list(WEEK_RE.finditer(text))
    if today is not None and len(weeks) == 1 and not weeks[0].group("of") and weeks[0].group(1) in WEEK_START_DAY \
            and not MONTH_ALONE_RE.search(text) and not BARE_WEEK_NOT_OF_MONTH_RE.search(text):
        month = "this month" if today.day >= WEEK_START_DAY[weeks[0].group(1)] else "last month"
        return text[:weeks[0].end()] + f" of {month}" + text[weeks[0].end():]
    if len(weeks) < 2 and not (weeks and not weeks[0].group("of")):
        return text
    bare = [w for w in weeks if not w.group("of")]
    if not bare:
        return text
    said = [w.group("month") for w in weeks if w.group("of")]
    months = said or [m.group("month") for m in MONTH_ALONE_RE.finditer(text)
                      if not any(w.start() <= m.start() < w.end() for w in weeks)]
    if len(set(months)) != 1:
        return text  # no month said, or two: which month a bare week is of is not said
    month = months[0]
    if not said:  # "dining last month, week 1 vs week 2": the month goes with the weeks, not a period of its own
        text = MONTH_ALONE_RE.sub(lambda m: " " if m.group("month") == month else m.group(0), text, count=1)
        bare = [w for w in WEEK_RE.finditer(text) if not w.group("of")]
    for w in sorted(bare, key=lambda w: w.start(), reverse=True):
        text = text[:w.end()] + f" of {month}" + text[w.end():]
    return text
