"""What a how-to question asks to do, apart from the words that only say which thing: "how do I remove a document I
uploaded" asks to remove (delete) a document; "uploaded" says which one, so it must not pick "How to upload a document"
(used by chat/help_steps.heading_overlap and heading_words)."""
from __future__ import annotations

import re

# a verb in a relative clause after a noun ("a document I uploaded", "the charge that we imported"); not after the
# question's own words ("how do I …", "when I imported twice")
_NOT_A_NOUN = "how do can could would should when if and where what once after before".split()
RELATIVE_VERB_RE = re.compile(r"\b([a-z]+) (?:that |which )?(?:i|we)(?: just| already| once)? [a-z]+ed\b", re.I)


def what_to_do(question: str) -> str:
    """The question without the relative clauses that only say which thing it is about."""
    return RELATIVE_VERB_RE.sub(lambda m: m.group(0) if m.group(1).lower() in _NOT_A_NOUN else m.group(1),
                                question or "")
