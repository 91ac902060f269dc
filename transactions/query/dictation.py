"""Punctuation said aloud, as speech to text writes it when the speaker dictates it: "how much at target last month
question mark", "groceries in august period", "uber this year comma just the rides". Without this the words of the
mark are left over and read as a thing ("no transactions about “question mark”"), or a clause boundary is lost.

The marks are written as marks where the turn is first read (chat/language.spelled_out) and in the normaliser
(grammar.normalise, for the questions read again from the conversation), so every reader — routers, the follow-up
grammar, the parser — sees the sentence as written. A word that names a mark is the mark only where nothing makes
it a noun: "what does a question mark mean", "for the same period", "over the christmas period", "a pay period"
keep their words.
"""

from __future__ import annotations

import re

# the names of marks that are nothing else in a money question, with the mark each writes
MARK_NAMES = {
    "question mark": "?",
    "exclamation mark": "!",
    "exclamation point": "!",
    "full stop": ".",
    "comma": ",",
    "semicolon": ";",
    "new line": ".",
    "new paragraph": ".",
    "next line": ".",
}
# before a mark's name, a word that makes it a noun ("a question mark", "the comma", "this period")
NOUN_BEFORE = frozenset(
    """a an the this that these those same each every per which what whose my our your their any
given specific certain whole entire full one first last next previous prior current another other""".split()
)
# before "period", a word it is the period of ("the billing period", "a six month period", "the holiday period"):
# a noun when a determiner or a number stands before that word
PERIOD_OF = frozenset(
    """billing pay payment time grace trial holiday holidays festive christmas xmas easter
thanksgiving summer winter spring autumn fall reporting comparison statement tax waiting cooling cycle notice lock
introductory promo promotional rolling review budget study school exam sale sales offer accounting fiscal financial
calendar report date day days week weeks month months year years quarter quarters""".split()
)
COUNTING = frozenset(
    """a an the this that these those same each every my our your their one two three four five six
seven eight nine ten twelve""".split()
)
MARK_RE = re.compile(
    r"(?i)(?P<before>[\w']+)?(?P<gap>[\s,]*)\b(?P<name>"
    + "|".join(n.replace(" ", r"\s+") for n in sorted(MARK_NAMES, key=len, reverse=True))
    + r")\b"
)
# a dictated "period" ends the turn or a sentence: the end, another mark, or the first word of the next question
PERIOD_RE = re.compile(
    r"(?i)(?P<before>(?:[\w']+\s+){0,2}(?P<last>[\w']+))\s+period\b(?=\s*(?:[?.!,;]|$|(?:how|what|"
    r"whats|which|who|when|where|why|and|also|then|now|ok|okay|so|is|was|did|do|does|can|could|"
    r"show|tell|give|list)\b))"
)
SAID_RE = re.compile(
    r"(?i)\b(?:question mark|exclamation|full stop|comma|semicolon|new line|new paragraph|next line|"
    r"period)\b"
)


def marks_written(text: str) -> str:
    """The text with punctuation said aloud written as marks: "… last month question mark" → "… last month?",
    "… leaving out rent period" → "… leaving out rent.", "this year comma just the rides" → "this year, just the
    rides". Everything else is kept as it was written."""
    if not text or not SAID_RE.search(text):
        return text

    def mark(m: re.Match) -> str:
        before = m.group("before") or ""
        if before.lower() in NOUN_BEFORE:
            return m.group(0)
        return before + MARK_NAMES[re.sub(r"\s+", " ", m.group("name").lower())]

    def period(m: re.Match) -> str:
        words = m.group("before").lower().split()
        if words[-1] in NOUN_BEFORE or words[-1] in PERIOD_OF and any(w in COUNTING or w.isdigit() for w in words[:-1]):
            return m.group(0)  # "that period", "a six month period" — "last month period" is "last month."
        return m.group("before") + "."

    return PERIOD_RE.sub(period, MARK_RE.sub(mark, text))
