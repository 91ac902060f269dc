"""Follow-ups on a ranking's window: "the next two", "numbers 4 and 5", "make it 5", "skip the top 3, show the next
2". The same ranking (or list of biggest purchases) with another offset or length."""
from __future__ import annotations

import re

from transactions.query.followups_base import (
    COURTESY_RE,
    NUM,
    RANKINGS,
    TWO_TO_TEN,
    VI_NUM,
    Edit,
    _n,
    _State,
)
from transactions.query.followups_nth import NUMBER_RE
from transactions.query.lexicon import UNIT_NOUN_RE
from transactions.query.model import MoneyQuery
from transactions.query.periods import find_periods
from transactions.query.periods_words import ORDINAL_WORDS

NEXT_RE = re.compile(rf"\b(?:the\s+)?(?:next|following)\s+{NUM}\b"
                     rf"|\bthe\s+{NUM}\s+(?:after|below|under)\s+(?:that|those|them)\b"
                     r"|\b(?:and\s+)?(?:the\s+)?(?:next|following)\s+(?:ones?|few)\b|\bwho(?:'s| is| was) next\b"
                     rf"|\b(?:{VI_NUM}\s+)?(?:cai|muc|noi|danh muc)?\s*(?:tiep theo|ke tiep)\b"
                     r"|\b(?:comes?|came|is|are|were|goes)\s+(?:after|below|next)\b|\bthe rest\b|\bafter (?:those|them)\b"
                     rf"|\b{NUM}\s+more\b(?!\s+than)")
TOTAL_RE = re.compile(r"\b(?:total|sum|combined|altogether|added up|add up|in all)\b")
SUMMARY_LEAD = 3  # the categories a spending summary's answer names first (chat/offline/compose.py)
REST_LIMIT = 50  # "the rest": every place after the ones shown (a ranking longer than this is cut)
# "skip the top 3", "forget the first three", "after the top 5", "not the biggest 2": places from a number on
SKIP_RE = re.compile(r"\b(?:skip(?:ping)?|forget(?:\s+about)?|ignore|ignoring|drop(?:ping)?|past|beyond|after|below|under|"
                     r"leave out|leaving out|not|without|minus|excluding|except(?:\s+for)?|other than|besides|"
                     r"apart from|aside from)\s+(?:the\s+)?(?:top|first|biggest|largest|highest|leading)\s+"
                     rf"{NUM}\b(?!\s*(?:months?|weeks?|days?|years?|quarters?|%|percent|dollars?|bucks)\b)"
                     r"(?:\s+(?:ones?|of them|places?|spots?|items?|merchants?|categories|stores?|shops?))?")
# "skip it", "forget that one", "drop number one": the first place of the ranking left out, said before the next ones
SKIP_FIRST_RE = re.compile(r"\b(?:skip(?:ping)?|forget(?:\s+about)?|ignore|ignoring|drop(?:ping)?|leave out|leaving out|minus|"
                           r"without|excluding)\s+(?:it|that|that one|this one|the (?:first|top|biggest) one|number one|#1)\b")
# …and how many after them: "show the next 2", "give me 2", "2 more", "then 2"
SHOW_N_RE = re.compile(rf"\b(?:show|give|list|tell)(?:\s+me)?\s+(?:the\s+)?(?:next\s+)?{NUM}\b|\bthen\s+(?:the\s+)?{NUM}\b")
# "number 4", "numbers 4 and 5", "4 to 6": places of the same ranking
# ("positions four and five", "who comes 4th and 5th", "the 4th to 6th places": places said as words or ordinals)
PLACE = rf"(\d{{1,2}}|{TWO_TO_TEN})"
ORDINAL = rf"(\d{{1,2}}(?:st|nd|rd|th)|{'|'.join(w for w in ORDINAL_WORDS if w != 'first')})"
RANK_NUMBERS_RE = re.compile(rf"\b(?:numbers?|no\.?|#|places?|positions?|ranks?|spots?)\s*{PLACE}(?:\s*(?:and|to|-|–|"
                             rf"through|thru|&)\s*{PLACE})?\b"
                             rf"|\b(?:the\s+)?{ORDINAL}\s*(?:and|to|-|–|through|thru|&)\s*(?:the\s+)?{ORDINAL}"
                             rf"(?:\s+(?:ones|places|spots|positions|merchants|categories))?(?!\s+of\b)"
                             rf"|\b(?:the\s+)?{ORDINAL}\s+(?:place|spot|position)\b")
# "who comes 4th and 5th", "which ones ranked 4 to 6": the verb of a place, no filter
RANK_VERB_RE = re.compile(r"\b(?:comes?|came|coming|ranks?|ranked|placed|sits?|sat|lands?|landed|finish(?:ed|es)?)\b")


def _place(word: str | None) -> int | None:
    if not word:
        return None
    word = re.sub(r"(?<=\d)(?:st|nd|rd|th)$", "", word)
    return int(word) if word.isdigit() else ORDINAL_WORDS.get(word) or _n(word, 0) or None
# "make it 5", "top 10 instead", "cut it to 3", "just the top 2": the same ranking with another length
LENGTH_RE = re.compile(r"^\s*(?:ok(?:ay)?,?\s+|and\s+|now\s+|so\s+)?(?:make it|make that|show(?: me)?|give me|list|"
                       r"what about|how about|extend (?:it|that) to|expand (?:it|that) to|(?:cut|trim|narrow|shorten|"
                       r"limit|reduce|bring|take|keep)(?: (?:it|that|this|them|the list))?(?: (?:down|back))?(?: to)?|"
                       r"(?:just|only)(?: the)?(?: (?:top|first))?|(?:just |only )?(?:the )?(?:top|first))?\s*"
                       rf"(?:the\s+)?(?:top\s+)?{NUM}(?:\s+(?:instead|then|of them|more|please|only|actually|rather))*\s*[?.!]?\s*$")
# "just the first two, what did each get", "the top 3 on their own, how much each": each place's own figure, which a
# ranking of that length shows (no sum of them: followups.ADD_UP_RE)
EACH_ASK_RE = re.compile(r"\b(?:(?:so\s+)?(?:what|how much)\s+(?:did|does|do|was|were|is|are)?\s*)?(?:each|every)(?:\s+one|"
                         r"\s+of (?:them|those|these))?(?:\s+(?:get|got|cost|come to|came to|make|made|take|took|spend|"
                         r"account for|was|is))?\b|\b(?:on (?:their|its) own|by themselves|individually|separately|"
                         r"what did they each (?:get|cost|come to))\b")


def _skip(text: str, s: _State) -> Edit:
    """"skip the top 3, show the next 2", "forget the first three, the next two": the same ranking from the place
    after the ones skipped (counted from the top, whatever window the last answer showed)."""
    m = SKIP_RE.search(text)
    if not m or s.previous.measure not in (*RANKINGS, "largest", "smallest") or TOTAL_RE.search(text):
        return None  # "without the biggest one, total of the rest?" adds up (followups_figures.py)
    rest = text[:m.start()] + " " * (m.end() - m.start()) + text[m.end():]  # same length: spans stay valid
    more = NEXT_RE.search(rest) or SHOW_N_RE.search(rest)
    q = s.query()
    q.offset = _n(m.group(1), 0)
    said = next((g for g in (more.groups() if more else ()) if g), None)
    # as many places as were shown: a list of the biggest purchases shows rows, whose merchants may repeat
    rows = s.previous.measure in ("largest", "smallest") and s.previous.limit
    q.limit = _n(said, (s.previous.limit if rows else len(s.items)) or s.previous.limit or q.offset or 5)
    q.measure = "top_categories" if s.previous.measure == "summary" else s.previous.measure
    spans = [m.span(), *([more.span()] if more else [])]
    if aside := _names_skipped(rest, s.items[:q.offset]):
        spans.append(aside)  # "drop the first one, it's obviously rent": says what was skipped, no filter
    return q, spans


# "it's obviously rent", "those are just bills": a clause that names what a turn skips
ASIDE_RE = re.compile(r"\b(?:it'?s|it is|that'?s|that is|which is|those are|these are|they'?re|they are|both are)\s+"
                      r"(?:(?:obviously|clearly|just|only|probably|basically|all|mostly|surely|always|the)\s+)*"
                      r"(?P<what>[a-z&'][a-z&' ]{1,40}?)\s*(?=[.,;:!?]|$)")


def _names_skipped(text: str, skipped: list[str]) -> tuple[int, int] | None:
    """The span of an aside whose words all belong to the names of the items skipped ("it's obviously rent" when
    the first item is "Oak Street Apts Rent" or the category Rent); None when it names anything else."""
    m = ASIDE_RE.search(text)
    words = {w for name in skipped for w in re.findall(r"[a-z&']+", name.lower())}
    if m is None:
        return None
    said = re.findall(r"[a-z&']+", m.group("what"))
    return m.span() if said and all(w in words or w.rstrip("s") in words for w in said) else None


def ranked_again(q: MoneyQuery, said: MoneyQuery, previous: MoneyQuery, text: str, measure: str | None) -> MoneyQuery:
    """"the biggest one except the rent", "which is biggest if you leave out housing" after a ranking: the same
    ranking with what the turn leaves out left out, at its first place (or the place an ordinal names: "the second
    biggest without Amazon"); `q` is the merged follow-up, `said` what the turn itself said. A turn that names
    single transactions ("the biggest purchase except rent") or a new subject is a question of its own."""
    if previous.measure not in RANKINGS or measure != "largest" or UNIT_NOUN_RE.search(text) \
            or (q.merchants, q.categories, q.text) != (previous.merchants, previous.categories, previous.text):
        return q
    q.measure = "top_categories" if previous.measure == "summary" else previous.measure
    q.offset, q.limit = said.offset, said.limit or 1
    return q


def _next(text: str, s: _State) -> Edit:
    m = NEXT_RE.search(text)
    if not m or s.previous.measure not in (*RANKINGS, "largest", "smallest") \
            or re.match(r"\s*(?:days?|weeks?|months?|quarters?|years?)\b", text[m.end():]) \
            or ("rest" in m.group(0) and TOTAL_RE.search(text)):
        return None  # "the next two months" is a stretch of time (followups_parts.py), not places of the ranking;
        # "the total of the rest" adds them up (followups_figures.py)
    q = s.query()
    shown_n = len(s.items) or s.previous.limit or 5
    if "summary" in (s.previous.measure, s.shown.get("measure")) and not s.previous.limit:
        shown_n = min(shown_n, SUMMARY_LEAD)  # a summary lists every category; its answer led with the biggest 3
    q.offset = (s.previous.offset or 0) + shown_n
    spans = [m.span()]
    if (first := SKIP_FIRST_RE.search(text[:m.start()])) is not None:
        # "skip it, what are the next 3?": the first place left out, the places right after it
        q.offset, spans = (s.previous.offset or 0) + 1, [*spans, first.span()]
    q.limit = REST_LIMIT if "rest" in m.group(0) else _n(m.group(1) or m.group(2) or m.group(3), shown_n)
    q.measure = "top_categories" if s.previous.measure == "summary" else s.previous.measure
    return q, spans


def _rank_numbers(text: str, s: _State) -> Edit:
    m = RANK_NUMBERS_RE.search(text)
    if not m or s.previous.measure not in (*RANKINGS, "largest", "smallest"):
        return None
    first = _place(m.group(1) or m.group(3) or m.group(5))
    last = _place(m.group(2) or m.group(4)) or first
    if first is None or last is None or not 1 <= first <= last:
        return None
    if first == last and NUMBER_RE.search(text) and text[m.end():].strip(" ?-–—,:;"):
        return None  # "number 2 - what did I spend there in October?": that item asked something (followups_nth._pick)
    q = s.query()
    q.offset, q.limit = first - 1, last - first + 1
    q.measure = "top_categories" if s.previous.measure == "summary" else s.previous.measure
    return q, [m.span(), *(v.span() for v in RANK_VERB_RE.finditer(text))]


def _length(text: str, s: _State) -> Edit:
    """"make it 5", "top three this year so far, for comparison": the same ranking with another length (a period said
    with it is the ranking's new period: followups.TAKES_PERIOD; why it is asked is no filter)."""
    plain = text
    each = [e.span() for e in EACH_ASK_RE.finditer(text)]
    for a, b in [span for _, span in find_periods(text, s.today)] + [c.span() for c in COURTESY_RE.finditer(text)] + each:
        plain = plain[:a] + " " * (b - a) + plain[b:]  # blanked in place: the spans found stay the turn's
    m = LENGTH_RE.search(re.sub(r"[,;:-]", " ", plain))
    if not m or m.group(1) == "one" or s.previous.measure not in (*RANKINGS, "largest", "smallest", "list"):
        return None
    q = s.query()
    q.limit = _n(m.group(1), s.previous.limit or 5)
    q.measure = "top_categories" if s.previous.measure == "summary" else s.previous.measure
    return q, [m.span(), *each]

