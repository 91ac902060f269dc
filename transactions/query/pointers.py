"""Words that point back at what was said before ("that", "those", "it", "đó"): the one home of these readings.

Every reader shares the seven English pointers (`POINTERS`); each adds or leaves out words on purpose, by what it
asks of the turn, so the variants are named for their use rather than merged into one:

- `POINTS_AT_A_THING_RE` (chat/knowledge_followup, chat/offline/route_early): a thing of the last answer ("how does it
  work", "is mine normal"); "this month" and the like point at a time, not a thing; a word of it is no subject.
- `POINTS_AT_ROWS_RE` (chat/actions/duplicate_check): the last answer's rows ("is that a duplicate", "one of those",
  "the other one").
- `POINTS_AT_SUBJECT_RE` (chat/subject_kept): the last answer's subject ("there", "them", "same"; not a bare "this").
- `POINTS_AT_ANSWER_RE` (chat/subject_kept): what else leans on the last answer's figure or items ("each of them",
  "since then", "the biggest one").
- `POINTS_AT_LISTED_RE`, `POINTS_AT_ONE_LISTED_RE` (chat/listings, chat/actions/intent): the listed subscriptions
  ("each", "those"), and one of them ("that one").
- `LEANS_ON_LAST_RE` (chat/turn_signals): a turn leaning on the last answer, by a pointer or by opening as a follow-up
  does ("and…", "what about…"); matched on lower-case text.
- `POINTS_AT_REMARK_RE` (transactions/query/asides_remarks): a question after a remark that points back at it
  ("there", "such", "the same").
- `POINTS_INTO_CLAUSE_RE` (transactions/query/asides_leading): a question pointing into the clause before it ("on
  that", "did it cost").
"""
from __future__ import annotations

import re

POINTERS = r"it|that|this|those|these|them|they"  # the English pointers every reading shares
_OF_THEM = r"(?:them|those|these)"

POINTS_AT_A_THING_RE = re.compile(
    r"\b(?:mine|ours|it|its|them|they|one|(?:that|this|those|these|same)(?!\s+(?:month|week|year|"
    r"quarter|weekend|season|summer|spring|fall|autumn|winter|day|morning|evening|time)s?\b)|"
    r"(?:cái )?(?:đó|này)|nó|của (?:mình|tôi|em))(?!\w)", re.I)  # "this month" points at no thing
POINTS_AT_ROWS_RE = re.compile(rf"\b(?:that|those|these|this|it|them|one of {_OF_THEM}|any of {_OF_THEM}|"
                               r"the (?:second|last|other) one)\b|(?<!\w)(?:đó|này|kia)(?!\w)", re.I)
POINTS_AT_SUBJECT_RE = re.compile(r"\b(?:there|those|these|them|it|they|same|that one|those ones)\b|\bđó\b|\bấy\b", re.I)
POINTS_AT_ANSWER_RE = re.compile(r"\b(?:that|each of them|(?:from|since|until) then|the (?:biggest|largest|first|last) "
                                 r"one)\b", re.I)
POINTS_AT_LISTED_RE = re.compile(rf"\b(?:{POINTERS}|each|đó|này)\b", re.I)
POINTS_AT_ONE_LISTED_RE = re.compile(r"\b(?:it|that one|this one|that|the one)\b", re.I)
LEANS_ON_LAST_RE = re.compile(r"\b(?:that|those|these|them|it|they|there|same|then)\b|^\s*(?:and|ok(?:ay)?|so|what about|"
                              r"how about|con|vay con)\b")
POINTS_AT_REMARK_RE = re.compile(rf"\b(?i:{POINTERS}|there|its|then|the same|such|one)\b")
POINTS_INTO_CLAUSE_RE = re.compile(
    r"\b(?:on|at|for|from|to|in)\s+(?:it|that|them|those|these|this)\b|\bthere\b|"
    r"\b(?:did|does|do|has|have|was|is)\s+(?:it|that|this|those|they)\s+(?:cost|come|add|run|"
    r"total|amount)|\bthat\s+(?:cost|come|add|run|total)", re.I)
