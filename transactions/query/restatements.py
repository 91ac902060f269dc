"""A part of a money question said again in other words, after a dash, in brackets or after "say" (issue 21, kind 1):
"dining minus the coffee runs — so Chipotle and Uber Eats only", "over the holidays (call it Nov 20 to Dec 31)",
"last winter, say from December to February", "everything except the bills — by bills I mean rent, PG&E and the
subscriptions". The restatement is what the user means, so it wins over the looser words it restates: its names
become the subject, its period the period, and a word it defines is read as the names it gives.

`restatements_found` finds the candidates in the question as written; `restatement_apply` reads one (parsed on its
own by the caller) into the query. A candidate that names nothing and no period is left in the question as said.
This is the home of restatements and of the words that introduce them: periods_joins.glossed_dates, which find_periods
applies to text no parser has cut (chat's own period look-ups, and a gloss these candidates do not take: "the holidays
roughly Nov 15 to Dec 31"), reads a named period's dates restated with the same words.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from transactions.query.model import MoneyQuery
from transactions.query.umbrella_lists import umbrella_glossed

# The words that introduce a restatement, the one list of them: of names or a period ("— so A and B only", "(i.e. A)",
# "— that is, A", "(call it Nov 20 to Dec 31)", ", say from X to Y")…
CUES = r"so|i\.?e\.?|that is|meaning|call it|say|let'?s say|basically"
# …said after a dash, a bracket or a comma only ("— that's Chipotle and Uber Eats", "(namely Shell)")…
NAME_CUES = r"that's|namely|in other words"
# …only of the period named just before ("the holidays (roughly Nov 15 to Dec 31)": periods_joins.glossed_dates)
PERIOD_CUES = (r"i mean|roughly|approximately|as in|counting|which (?:is|was|means)|by which i mean|defined as|"
               r"more precisely|precisely|exactly|specifically|i'?d say")
_CUE = rf"(?:{CUES}|{NAME_CUES})"
RESTATE_RE = re.compile(rf"(?P<sep>[—–(]\s*|\s-\s+|,\s*)(?P<cue>(?i:{_CUE}))\s*,?\s+(?:(?i:only|just)\s+)?"
                        r"(?P<body>[^.;?!()—–]+?)(?:\s+(?i:only|just|then|and nothing else))?\s*"
                        r"(?=[).;?!—–]|,\s*(?i:how|what|which|where|when|could|can|would|please|and (?:how|what|which))\b"
                        r"|$)")
# what a restatement never starts with: a clause of its own ("so I can budget", "say it's for work")
NOT_A_BODY_RE = re.compile(r"^(?i:i|we|you|it|it's|that|this|he|she|they|how|what|which|where|when|do|does|did|can|"
                           r"could|is|are|was|were|if|please|thanks|because|not)\b")
# "— by bills I mean rent, PG&E, Comcast and the subscriptions": the word defined, then what it stands for
DEFINED_BY_RE = re.compile(r"(?P<sep>[—–;(]\s*|\s-\s+|[,.?!]\s+|^\s*)(?i:by)\s+(?:(?i:the|my|our)\s+)?"
                           r"(?P<word>[A-Za-z][A-Za-z' ]{0,25}?)\s+(?i:i|we)\s+(?i:mean|meant)\s*,?\s+"
                           r"(?P<names>[^.;?!()—–]+?)\s*(?=[).;?!—–]|$)")


@dataclass
class Restatement:
    span: tuple[int, int]
    body: str
    names_allowed: bool  # after a comma only a period is restated ("(Oakwood, that is, the apartments)" names a name)


def definitions_read(question: str) -> tuple[str, list[str]]:
    """"everything except the bills — by bills I mean rent, PG&E and the subscriptions": the question with the word
    read as the names it is given ("everything except rent, PG&E and the subscriptions"), and the definitions."""
    found: list[str] = []
    while m := DEFINED_BY_RE.search(question):
        word, names = m.group("word").strip(), m.group("names").strip()
        rest = question[:m.start()] + (m.group("sep") if m.group("sep").strip() in (".", "?", "!") else " ") + \
            question[m.end():]
        said = re.compile(rf"\b(?:the\s+|my\s+|our\s+)?{re.escape(word)}(?:e?s)?\b", re.I)
        if not said.search(rest):
            break
        found.append(m.group(0).strip(" ,;.:–—-()?!"))
        question = said.sub(names.replace("\\", r"\\"), rest, count=1)
    question = re.sub(r"\(\s*\)", " ", question)
    question = re.sub(r"\s+([?.!,)])", r"\1", re.sub(r"\s{2,}", " ", question)).strip()
    question, glossed = umbrella_glossed(question)  # "all my bills for October: electricity, internet and Netflix"
    return question, found + glossed


def restatements_found(question: str) -> list[Restatement]:
    out = []
    for m in RESTATE_RE.finditer(question):
        body, sep, cue = m.group("body").strip(), m.group("sep").strip(), m.group("cue").lower()
        if NOT_A_BODY_RE.match(body) or len(body.split()) > 12:
            continue
        if sep == "," and cue == "so" and not re.match(r",\s*so\s*,?\s+(?:only|just)\b", m.group(0), re.I):
            continue  # ", so …" goes on with the question unless it narrows ("so only A")
        out.append(Restatement((m.start(), m.end()), body, names_allowed=sep != ","))
    return out


def without(question: str, spans: list[tuple[int, int]]) -> str:
    for a, b in sorted(spans, reverse=True):
        question = question[:a] + " " + question[b:]
    question = re.sub(r"\(\s*\)", " ", question)
    return re.sub(r"\s+([?.!,)])", r"\1", re.sub(r"\s{2,}", " ", question)).strip()


def restated_names(r: MoneyQuery) -> bool:
    return bool((r.merchants or r.categories or r.text) and not r.unknown and not r.excludes)


def restatement_useful(r: MoneyQuery, allowed_names: bool) -> bool:
    return (allowed_names and restated_names(r)) or (r.period is not None and not r.merchants and not r.categories
                                                      and not r.text and not r.unknown)


def restatement_apply(q: MoneyQuery, r: MoneyQuery, allowed_names: bool) -> None:
    """Read a restatement (parsed on its own) into the query: its names are the subject (what was left out stays left
    out unless the restatement names it), its period the period."""
    if allowed_names and restated_names(r) and not q.compare:
        named = set(r.merchants) | set(r.categories)
        q.merchants, q.categories, q.text = list(r.merchants), list(r.categories), list(r.text)
        q.exclude_merchants = [m for m in q.exclude_merchants if m not in named]
        q.exclude_categories = [c for c in q.exclude_categories if c not in named]
        q.links = [x for x in q.links if x.negated and not set(x.names) & named] + [
            x for x in r.links if not x.negated]
    if r.period is not None and not q.compare:
        q.period = r.period
        q.months = None if q.measure != "monthly_average" else q.months
