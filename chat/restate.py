"""Asking for the last answer again in plainer words ("explain it more simply", "in plain English?", "what does that
mean", "I don't get it, say it simpler"), and that answer said short. The offline router runs the last answer's query
again for it (chat/offline/route_restate.py); the confidence checks know such a turn changes nothing on purpose."""
from __future__ import annotations

import re

from transactions.query.grammar import normalise

# asking for the last answer in other words: simpler, plainer, shorter, or what it means
SIMPLER_RE = re.compile(
    r"\b(?:(?:more\s+)?simpl(?:y|er|ify|e\s+(?:words|terms|english|language|way))|"
    r"plain(?:er)?(?:\s+(?:words|english|terms|language|speak))?|in\s+other\s+words|layman'?s?(?:\s+terms)?|"
    r"rephrase|reword|put\s+(?:it|that)\s+(?:another|differently|simply)|say\s+(?:it|that)\s+(?:again|differently)|"
    r"dumb\s+(?:it|that)\s+down|eli5|like\s+i'?m\s+(?:\d+|five|a\s+kid|a\s+child)|"
    r"what\s+(?:does|did|do)\s+(?:that|this|it|all\s+that|you)\s+mean|what\s+do\s+you\s+mean|"
    r"i\s+(?:don'?t|do\s+not|didn'?t)\s+(?:get|understand|follow)(?:\s+(?:it|that|this|you))?|"
    r"(?:too|very|so)\s+(?:complicated|confusing|technical|long)|in\s+english|tl;?dr|short\s+version|"
    r"(?:easier|simpler|clearer)\s+(?:way|words|terms|version))\b", re.I)
# the words such a turn is made of besides the pattern: politeness, pointers, asking verbs
TURN_WORDS = set("""a an and the it that this those all of in on to for me my i you your can could would will please
pls plz kindly explain say tell put write again once more bit little just simply simple plain words way terms
sorry what does do did mean means meant so ok okay um hmm huh eh but sure really even bit lot much
english language version short shorter quick quickly briefly give try maybe possibly like be grateful if
don't dont not get understand follow confused lost that's thats it's its too""".split())
MAX_WORDS = 14


def asks_restatement(text: str) -> bool:
    """The turn only asks for the last answer in other words: the pattern, and no word of its own beyond it."""
    plain = normalise(text).replace("’", "'")
    if len(plain.split()) > MAX_WORDS or not SIMPLER_RE.search(plain):
        return False
    rest = SIMPLER_RE.sub(" ", plain)
    return not [w for w in re.findall(r"[a-z0-9']+", rest) if w not in TURN_WORDS and len(w) > 1]


META_LINE_RE = re.compile(r"^\s*_[^_].*_\s*$")
SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+(?=[A-Z“\"(])")
KEEP_SENTENCES = 2
KEEP_CHARS = 320


def plain_restatement(answer: str, *, vi: bool = False) -> str:
    """The last answer said short: its first paragraph's first sentences (the figure or the definition), the meta
    lines ("What I looked up", notes) and the breakdowns left out, introduced as the same answer in plainer words."""
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", answer or "") if p.strip()]
    body = next((p for p in paragraphs if not all(META_LINE_RE.match(line) for line in p.splitlines())), "")
    lines = [line for line in body.splitlines() if not META_LINE_RE.match(line)]
    first = " ".join(line.strip(" -*•") for line in lines[:1])
    sentences = SENTENCE_END_RE.split(first)
    short = " ".join(sentences[:KEEP_SENTENCES])
    if len(short) > KEEP_CHARS and len(sentences) > 1:
        short = sentences[0]
    if not short:
        return answer
    lead = "Nói đơn giản: " if vi else "Put simply: "
    return lead + short
