"""A turn that takes back the last question's subject and names another: "no wait, not Target, I said Trader Joe's",
"not groceries — I meant dining", "I said Trader Joe's, not Target". The thing denied is what the last answer was
about, so the turn swaps it for the one named (read as "Trader Joe's instead": the rest of the last question is
kept); never "everything except both" (a figure the person did not ask for, at full confidence).
Used by parse.money_query_parse before the turn is read; the swap itself is followups_merge's ("… instead")."""
from __future__ import annotations

import re
from collections.abc import Callable

from transactions.query import grammar
from transactions.query.model import MoneyQuery

_OPEN = r"^\s*(?:(?:no+|nope|nah|wait|oops|sorry|actually|hang on|hold on|um+|uh+|ok(?:ay)?)\s*[,.!-]*\s*)*"
_CUE = r"(?:i said|i meant|i mean|i wanted|i asked(?: about| for)?|it'?s|it was|make it|meant)"
DENIED_FIRST_RE = re.compile(_OPEN + rf"not\s+(?P<x>.+?)\s*(?:[,;:.!—–-]+\s*(?:{_CUE}\s+)?|\s+{_CUE}\s+)(?P<y>.+?)\s*[?.!]*\s*$")
# what is left when the cue was already read off ("no not groceries dining"): split where the denied name ends
BARE_RE = re.compile(_OPEN + r"not\s+(?P<rest>[a-z0-9'& ]+?)\s*[?.!]*\s*$")
NAMED_FIRST_RE = re.compile(_OPEN + rf"{_CUE}\s+(?P<y>.+?)\s*[,;]?\s+not\s+(?P<x>.+?)\s*[?.!]*\s*$")


def _names(q: MoneyQuery) -> set[str]:
    return set(q.merchants) | set(q.categories)


def subject_swapped(question: str, previous: MoneyQuery | None, read: Callable[[str], MoneyQuery]) -> str:
    """The turn as "<the name said> instead" when it denies the last question's subject and names another; as "and
    without <names>" when it only denies names ("not rent"); else the turn as it was."""
    if previous is None:
        return question
    text = grammar.normalise(question)
    m = DENIED_FIRST_RE.match(text) or NAMED_FIRST_RE.match(text)
    bare = None
    if m is not None:
        pairs = [(m.group("x"), m.group("y"))]
    elif bare := BARE_RE.match(text):
        words = bare.group("rest").split()
        pairs = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    else:
        return question
    for denied_said, named_said in pairs:
        denied, named = read(denied_said), read(named_said)
        if _names(denied) and _names(previous) and _names(denied) <= _names(previous) and _names(named) \
                and not _names(named) & _names(denied) and not denied.unknown and not named.unknown:
            return f"{named_said} instead"
    if m is None and bare is not None and _names(whole := read(bare.group("rest"))) and not whole.unknown:
        # "not rent" after all last month's spending, "not target" after Target and Amazon: that one left out
        return f"and without {bare.group('rest')}"
    return question
