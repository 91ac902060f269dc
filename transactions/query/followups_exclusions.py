"""A follow-up that corrects what the last answer left out (issue 21, kind 4): after "dining last month without A and
B", "no wait, keep A in, only take B out" is the same subject and period with only B left out. The names are the
last query's exclusions, found in the turn's words; each clause says whether its names go back in or stay out."""
from __future__ import annotations

import re

from transactions.query.followups_base import Edit, _State

# a clause of the turn: split at commas, "and", "but", dashes
CLAUSE_RE = re.compile(r"[^,;.!?—–]+")
OUT_RE = re.compile(r"\b(?:out|exclud(?:e|ed|ing)|without|drop(?:ped)?|remove[d]?|minus|except|skip)\b")
BACK_RE = re.compile(r"\b(?:keep|kept|back|includ(?:e|ed|ing)|in|count(?:ed)?|re-?add(?:ed)?|undo)\b")
ONLY_RE = re.compile(r"\b(?:only|just)\b")
OPENER_RE = re.compile(r"^\s*(?:no+|nah|wait|actually|hmm+|oh|sorry|ok(?:ay)?|so|well|scratch that|"
                       r"my bad|i mean|rather)\b[\s,]*", re.I)


def _where(name: str, text: str) -> re.Match | None:
    """Where the turn names a left-out name: as it is called, or by its first words ("shell" for Shell Oil, "whole
    foods" for Whole Foods Mkt), as the user said it when leaving it out."""
    words = re.sub(r"^the\s+", "", name.lower()).split()
    for k in range(len(words), 0, -1):
        bare = " ".join(words[:k])
        if len(bare) < 3:
            break
        found = re.search(r"\b(?:the\s+)?" + re.escape(bare) + r"s?\b", text)
        if found:
            return found
    return None


def _exclusion_corrected(text: str, s: _State) -> Edit:
    """"keep A in, only B out" after a question that left A and B out: only B left out, all else the same; "put A
    back in" after a question that left A out: the same question with A counted again."""
    prev = s.previous
    lists = (prev.exclude_merchants, prev.exclude_categories, prev.exclude_text)
    names = [n for group in lists for n in group]
    if not names or prev.compare:
        return None
    low = text.lower()
    back: set[str] = set()
    out: set[str] = set()
    only = False
    spans: list[tuple[int, int]] = []
    for clause in re.finditer(r"[^,;!?—–]+?(?=\s+and\s+|\s+but\s+|[,;!?—–]|$)|(?<=and )[^,;!?—–]+", low):
        part = clause.group(0)
        named = [n for n in names if _where(n, part)]
        if not named:
            continue
        if OUT_RE.search(part):
            out.update(named)
            only = only or bool(ONLY_RE.search(part))
        elif BACK_RE.search(part):
            back.update(named)
        else:
            return None
        spans.append(clause.span())
    if not back or back & out:
        return None
    opener = OPENER_RE.match(low)
    spans += [opener.span()] if opener else []
    spans += [m.span() for m in re.finditer(r"\b(?:and|but|only|just|in|back|out|please|instead)\b", low)]
    q = s.query()
    kept = {n for n in names if n not in back and (n in out or not only)}
    q.exclude_merchants = [n for n in prev.exclude_merchants if n in kept]
    q.exclude_categories = [n for n in prev.exclude_categories if n in kept]
    q.exclude_text = [n for n in prev.exclude_text if n in kept]
    q.links = [link for link in q.links if not (link.negated and set(link.names) <= back)]  # no longer left out
    return q, spans
