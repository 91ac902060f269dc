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


# a request with "how" said after it ("undo a category change how", "export my data — how?", "set up a jar, how pls"):
# asked how to do it, the way a learner or a hurried typist asks — a verb first, "how" last
TRAILING_HOW_RE = re.compile(r"^\s*(?:(?:ok|so|and|pls|please|um|hey)\s+)*(?!(?:how|what|which|why|when|where|who|"
                             r"is|are|was|were|did|does|do|i|we|you|my|it)\b)[a-z]+\b(?:\s+[\w'-]+){1,8}?(?:\s*[,;:—–-]+)?\s+how(?:\s+(?:pls|"
                             r"please|plz|now|then|exactly))?\s*[?.!]*\s*$", re.I)


def asked_how_last(question: str) -> bool:
    """The question ends in a bare "how" after words of doing: asked how to do them."""
    return bool(TRAILING_HOW_RE.search(question or ""))


# where a how-to asks about: in the app ("in Moneta", "with the app") — and "here", said to the app, is the app
APP_PLACE_RE = re.compile(r"\b(?:in|on|into|inside|within|with|using|through)\s+(?:the\s+|this\s+)?(?:moneta|app|application)"
                          r"(?:'s)?\b", re.I)
HERE_RE = re.compile(r"\b(?:here|ở đây)(?!\w)", re.I)
# a place in the app asked ("where in the app would I look to see…", "which screen shows…"): help on where to look,
# whatever the place shows — a figure's words after it ("how much I've spent") say what is looked for, not a figure asked
APP_WHERE_RE = re.compile(r"\bwhere\s+(?:in|on)\s+(?:the\s+|this\s+)?(?:app|moneta|website|site)\b"
                          r"|\bwhich (?:page|screen|tab|menu)\b", re.I)


def asks_app_place(question: str) -> bool:
    return bool(APP_WHERE_RE.search(question or ""))
