"""A check of what the last answer counted ("are you quite sure that includes Chevron?", "is that including the Shell
ones as well?", "does it cover Blue Bottle too?" after petrol or coffee): when every name said is part of the last
answer's own subject (or of the names it listed), the answer is the same question asked again (its basis line names what it counted), never a
new total of the thing named alone nor a knowledge search. A name the last subject does not hold is left to the
other readings (it may be a new thing added: "does that include target?" after groceries)."""
from __future__ import annotations

import re

from transactions.query.followups_base import Edit, _State
from transactions.query.name_matching import tokens
from transactions.query.state import INCLUDED_CUE_RE

# words around the cue that name nothing: who asks, how sure, "as well", "the … ones"
AROUND = set("""are you quite really absolutely totally sure certain is was does did do that it this the total figure
number amount sum as well too also ones one charges purchases payments transactions stuff bits bit and so ok okay just
checking wondering i am hmm wait then in there those them all of my both includes include including included covers
cover covering counts count counting has have contains contain counted covered right yes""".split())


def _included_asked(text: str, s: _State) -> Edit:
    """The last question again when the turn only asks whether names of its own subject were counted."""
    m = INCLUDED_CUE_RE.search(text)
    prev = s.previous
    if not m or prev.compare or not s.names or re.search(r"\b(?:without|excluding|minus|not)\b", text):
        return None
    said = [w for w in tokens(text.lower()) if w not in AROUND and w not in ("|", "^")]
    # the subject's own words, and the names its answer listed ("By merchant: Starbucks …" under Dining)
    held = s.subject_words | {w for name in [*s.items, *(s.shown.get("parts") or [])] for w in tokens(str(name).lower())}
    if not said or not set(said) <= held:
        return None
    return s.query(), [(0, len(text))]
