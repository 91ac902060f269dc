"""Periods that the words around them join into one: the home of a named period restated by the dates the user
means (the dates win over the name's own span, in the name's year when they give none), and of a period carried on
to today.
- `dates_named_win`: a season, the holidays or a holiday beside months or days spelled out after it ("the holiday
  season in 2025, November and December together", "over Christmas last year, Dec 20th to the 31st"); the year is the
  one (of three) that overlaps the name most. Applied by periods_parts.relative_periods.
- `glossed_dates`: any named period glossed by a range of dates introduced as a restatement ("over the holidays last
  year (call it Nov 20 to Dec 31)", "the holiday season, say from November 15th to the end of December 2025"); dates
  without a year are read as of the end of the named period's year. Applied by transactions.query.periods afterwards.
- `carried_to_today`: "Q3 last year through today" is from the start of Q3 2025 to today.
The words that introduce a restatement are transactions.query.restatements' (the parser takes the restatements it
finds out of a question before it looks for periods, and reads them on their own; a gloss it leaves in the text, and
text no parser cut, is read here)."""
from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from core.periods import Period, add_months, fmt_day, period_label
from transactions.query.periods_seasons import SEASONS
from transactions.query.periods_words import MONTH_RE, NUM, _n
from transactions.query.restatements import CUES, PERIOD_CUES

Found = list[tuple[Period, tuple[int, int]]]

# the words that introduce a restatement of the period just named (the list is transactions.query.restatements')
GLOSS_RE = re.compile(rf"\s*[,(:;\-–—]?\s*(?:(?:{CUES}|{PERIOD_CUES})(?!\w)[\s,:]*)*")
TO_TODAY_RE = re.compile(r"\s*(?:(?:right\s+)?(?:(?:up\s+)?(?:to|till|until)|through|thru)(?:\s+to)?|-|–|—)\s+"
                         r"(?:today|now|date|the present|this day)\b"
                         r"|\s+(?:den|toi|cho den)\s+(?:nay|gio|bay gio|hom nay|hien tai)\b")
# "between the 1st of July and today": the range's two ends joined by "and" after "between"
BETWEEN_RE = re.compile(r"\bbetween\s+(?:the\s+)?$")
AND_TODAY_RE = re.compile(r"\s+and\s+(?:today|now|the present|this day|date)\b")
YEAR_SAID_RE = re.compile(r"\b(?:19|20)\d{2}\b")


# between a named period and its year: nothing, or the word for its stretch ("christmas time last year")
STRETCH_GAP_RE = re.compile(r"[\s,]*(?:(?:time|season|break|holidays?|period|week|weekend)[\s,]*)?")
# a period known by its name, whose span is a convention: a season, the holidays, a holiday
NAMED_SPAN_RE = re.compile(r"\b(?:holidays?|christmas|xmas|thanksgiving|black friday|cyber monday|new year'?s?|halloween|"
                           r"easter|spring|summer|fall|autumn|winter|festive|mua (?:xuan|he|thu|dong|le)|dip le|"
                           r"giang sinh|noel|tet)\b")
MONTH_NAMES_RE = re.compile(rf"\b(?:{MONTH_RE})\b|\d{{1,2}}(?:st|nd|rd|th)?\b|\bthang\b")
YEAR_ONLY_RE = re.compile(r"\s*(?:in\s+|of\s+)?(?:(?:last|this|previous)\s+year'?s?|(?:19|20)\d{2}|nam (?:ngoai|nay|truoc))\s*")
# between a named period and the dates that say what it means: a comma, colon, dash or bracket ("the holidays last
# year, november and december together", "christmas: dec 20 to 31"), not "or"/"vs" (a comparison)
APPOSITION_RE = re.compile(r"(?:\s*(?:19|20)\d{2})?"
                           # "winter break, so …", "my fall semester (august thru october)": the stretch named by it
                           r"(?:\s+(?:break|semester|term|season|vacation|holidays?|months|quarter|period|stretch|time))?"
                           # "christmas time last year like december 2025": "like" glosses it in casual speech
                           r"\s*(?:[,:;(–—-]|\bi mean\b|\bso\b|\bthat is\b|\blike\b|\bi\.e\.?|\bnamely\b|\bmeaning\b)[\s,:(]*(?:(?:from|between|i mean|so|like|"
                           # "…, so all of december 2025", "…, just the whole of december"
                           r"specifically|namely|meaning|that is|i\.?e\.?|just|only|all(?:\s+of)?|(?:the\s+)?(?:whole|entire|full)(?:\s+month)?"
                           r"(?:\s+of)?)"
                           r"\s+)*")
# between months listed one after another ("march, april and may", "june july & august")
LISTED_RE = re.compile(r"\s*(?:,|&|\band\b|\s)\s*(?:and\s+)?")


def _listed_months(text: str, found: Found, k: int) -> tuple[Period, int]:
    """The months listed from found[k] on, each following the one before it ("march, april and may"): one span from
    the first to the last, and the index of the last."""
    said = found[k][0]
    while k + 1 < len(found):
        nxt, (c, _) = found[k + 1]
        if nxt.relative or nxt.start != said.end + timedelta(days=1) or not MONTH_NAMES_RE.search(text[c:found[k + 1][1][1]]) \
                or not LISTED_RE.fullmatch(text[found[k][1][1]:c]):
            break
        said = Period(said.start, nxt.end, period_label(said.start, nxt.end, "range"), "range")
        k += 1
    return said, k


def dates_named_win(text: str, found: list[tuple[Period, tuple[int, int]]], today: date
                    ) -> list[tuple[Period, tuple[int, int]]]:
    """A season, the holidays or a holiday beside months or days the user spells out ("the holiday season in 2025,
    November and December together", "over Christmas last year, Dec 20th to the 31st"): the dates said win over the
    name's conventional span (Thanksgiving to New Year's Eve), in the name's year when they give none of their
    own; one period, covering both phrases, whose label says it."""
    for i, (named, (a, b)) in enumerate(found):
        if named.relative or not NAMED_SPAN_RE.search(text[a:b]):
            continue
        k = i + 1
        while k < len(found) and YEAR_ONLY_RE.fullmatch(text[found[k][1][0]:found[k][1][1]]) \
                and STRETCH_GAP_RE.fullmatch(text[b:found[k][1][0]]):
            b = found[k][1][1]  # "the holidays last year": its year, said after it
            if found[k][0].grain == "year" and not found[k][0].relative:
                named = named.shifted(years=found[k][0].start.year - named.start.year)
            k += 1
        if k >= len(found):
            continue
        c = found[k][1][0]
        c += len(text[c:found[k][1][1]]) - len(text[c:found[k][1][1]].lstrip())  # " june": the gap takes the space
        said, k = _listed_months(text, found, k)  # "spring, that is march, april and may": the months listed
        d = found[k][1][1]
        words = text[c:d]
        if said.relative or NAMED_SPAN_RE.search(words) or not MONTH_NAMES_RE.search(words) \
                or not APPOSITION_RE.fullmatch(text[b:c]):
            continue
        if not YEAR_SAID_RE.search(words):  # no year of its own: the one overlapping the name (if one does)
            shifts = [said.shifted(years=y) if y else said for y in (0, -1, 1)]
            said = max(shifts, key=lambda p: (min(p.end, named.end) - max(p.start, named.start)).days)
            if min(said.end, named.end) < max(said.start, named.start):
                said = shifts[0]  # "winter break, so Sept 15th thru Oct 10th": the dates as said, the name aside
        if said.start > today:
            continue
        end = min(said.end, today)
        label = (f"{period_label(said.start, end, 'range', today=today)} (the dates you gave, not "
                 f"{period_label(named.start, named.end, 'range')} that “{text[a:b].strip()}” alone would be)"
                 if (said.start, end) != (named.start, named.end) else
                 f"{period_label(said.start, end, 'range', today=today)} (“{text[a:b].strip()}”, as you said)")
        merged = (Period(said.start, end, label, "range"), (a, d))
        return [*found[:i], merged, *found[k + 1:]]
    return found


def glossed_name(words: str) -> bool:
    """A named period restated by dates joined with "and" after a comma or bracket ("the holidays last year (nov and
    dec)", "spring, march and april"): one span, not two periods to compare."""
    named = NAMED_SPAN_RE.search(words)
    return bool(named and re.search(r"(?:[,(:;–—]|\b(?:i mean|so|that is)\b)[^,(:;]*\band\b", words[named.end():]))


# between a named period and a month that places it: "the holidays last december", "christmas in december 2025"
WITHIN_RE = re.compile(r"\s*(?:(?:in|of|during|that|this|last|past)(?:\s+|$))*")


def named_within_month(text: str, found: Found, today: date) -> Found:
    """A season or the holidays placed by a month said right after it ("over the holidays last december", "the
    holidays in november 2025"): the days of the name that fall in that month, the name shifted to the month's year
    (in December 2026, "the holidays last december" are December 2025's). One period, whose label says the dates
    read and how."""
    for i in range(len(found) - 1):
        (named, (a, b)), (said, (c, d)) = found[i], found[i + 1]
        words = text[c:d]
        if named.relative or said.relative or not NAMED_SPAN_RE.search(text[a:b]) or NAMED_SPAN_RE.search(words) \
                or said.grain not in ("month", "range") or not MONTH_NAMES_RE.search(words) \
                or re.search(r"\d{1,2}(?:st|nd|rd|th)?\b", re.sub(r"\b(?:19|20)\d{2}\b", "", words)) \
                or not WITHIN_RE.fullmatch(text[b:c]):
            continue  # days said ("christmas, dec 20 to 31") restate the name: dates_named_win
        shifts = [named.shifted(years=y) if y else named for y in (0, -1, 1)]
        named = max(shifts, key=lambda p: (min(p.end, said.end) - max(p.start, said.start)).days)
        start, end = max(named.start, said.start), min(named.end, said.end, today)
        if start > end:
            continue
        name = next(m.group(0) for m in NAMED_SPAN_RE.finditer(text[a:b]))
        name = f"the {name}" if re.match(r"holiday|spring|summer|fall|autumn|winter|festive", name) else name.title()
        dates = f"{fmt_day(start)} – {fmt_day(end)}" if start != end else fmt_day(start)
        label = (f"{said.label} ({dates}: {name} within it)" if (start, end) == (said.start, said.end) else
                 f"{dates} ({name} within {said.label})")
        grain = said.grain if (start, end) == (said.start, said.end) else "range"
        return [*found[:i], (Period(start, end, label, grain), (a, d)), *found[i + 2:]]
    return found


def glossed_dates(text: str, found: Found, today: date,
                  find: Callable[[str, date], Found]) -> Found:
    """A named period (a season, the holidays, a year) followed by explicit dates introduced as a restatement: the
    dates are what the user means. Dates said without a year are read in the named period's year."""
    out = list(found)
    i = 1
    while i < len(out):
        glossed, (a, b) = out[i]
        first = i - 1
        gap = text[out[first][1][1]:a]
        named = out[first][0]
        if not (glossed.grain == "range" and not glossed.relative and not named.relative
                and re.search(r"\d", text[a:b]) and gap.strip() and GLOSS_RE.fullmatch(gap)):
            i += 1
            continue
        # "the holidays last year (call it …)": the year word belongs to the named period before it
        if first >= 1 and named.grain == "year" and not out[first - 1][0].relative \
                and re.fullmatch(r"\s*(?:of\s+)?", text[out[first - 1][1][1]:out[first][1][0]]):
            first -= 1
            named = out[first][0]
        if not YEAR_SAID_RE.search(text[a:b]):
            anchor = min(today, date(named.end.year, 12, 31))
            again = [p for p, _ in find(text[a:b], anchor) if p.grain == "range"]
            glossed = again[0] if len(again) == 1 else glossed
        start = out[first][1][0]
        out[first:i + 1] = [(Period(glossed.start, glossed.end, glossed.label, "range"), (start, b))]
        i = first + 1
    return out


def carried_to_today(text: str, found: Found, today: date) -> Found:
    """"Q3 last year through today", "March 2025 to now": from the start of the period named to today (the word
    "today" is part of the range, not a day of its own)."""
    out: Found = []
    i = 0
    while i < len(found):
        period, (a, b) = found[i]
        tail = TO_TODAY_RE.match(text, b)
        if tail is None and BETWEEN_RE.search(text, 0, a):
            tail = AND_TODAY_RE.match(text, b)
        if period.relative or period.grain == "all" or period.start > today or period.end >= today or tail is None \
                or (period.grain == "day" and not BETWEEN_RE.search(text, 0, a)):
            out.append(found[i])
            i += 1
            continue
        end = tail.end()
        label = f"{period_label(period.start, today, 'range', today=today)} (since {fmt_day(period.start)})"
        out.append((Period(period.start, today, label, "range"), (a, end)))
        i += 1
        while i < len(found) and found[i][1][0] < end:  # "today" itself, now inside the range
            i += 1
    return out


# a name of the end-of-year season said bare beside dates ("holidays, dec 20 thru jan 2", "dec 15 to 31, xmas
# basically"): read only when the dates fall in that season, so "my holiday, 3 to 10 June" stays a trip
SEASON_WORD_RE = re.compile(r"\b(?:the\s+)?(?:holidays|holiday season|festive season|christmas|xmas)\b")
# what says two periods are set against each other, not one restating the other
VERSUS_RE = re.compile(r"\b(?:vs\.?|versus|compared?|against|than|or)\b")
# between dates and the name that glosses them: a comma, colon, dash or bracket, "so", "i mean", "like", "basically"
NAME_GLOSS_GAP_RE = re.compile(r"\s*(?:[,:;(–—-]|\b(?:so|i mean|like|that is|i\.e\.?|aka|basically|for)\b)[\s,:(]*"
                               r"(?:(?:so|i mean|like|that is|basically|the|my|our|for|over|during|around)\s+)*")


def _overlaps_within_a_year(named: Period, said: Period) -> bool:
    return any(min(p.end, said.end) >= max(p.start, said.start)
               for p in (named, named.shifted(years=-1), named.shifted(years=1)))


def names_beside_dates(text: str, found: Found) -> Found:
    """A season or holiday named beside dates spelled out ("holidays 2025, dec 20 thru jan 2", "from the 15th to the
    31st of december, christmas shopping basically", "dec 20 - jan 2 (the holidays)"): the dates are what is meant
    and the name only says what they were — its words read as those dates (no second period left unread, no 25
    December, no Travel from "holidays"). Not when the two are set against each other ("christmas vs dec 1 to 10")
    or the name's season is nowhere near the dates."""
    if VERSUS_RE.search(text):
        return found
    dated = [(p, span) for p, span in found if not p.relative and p.grain in ("range", "day")
             and re.search(r"\d{1,2}(?:st|nd|rd|th)?\b", re.sub(r"\b(?:19|20)\d{2}\b", "", text[span[0]:span[1]]))
             and not NAMED_SPAN_RE.search(text[span[0]:span[1]])]
    if len(dated) != 1:
        return found
    said, (c, d) = dated[0]
    out: Found = []
    for period, (a, b) in found:
        words = text[a:b]
        if (period, (a, b)) != dated[0] and not period.relative and NAMED_SPAN_RE.search(words) \
                and not re.search(r"\d", re.sub(r"\b(?:19|20)\d{2}\b", "", words)) and _overlaps_within_a_year(period, said):
            out.append((said, (a, b)))
        else:
            out.append((period, (a, b)))
    taken = [span for _, span in out]
    for m in SEASON_WORD_RE.finditer(text):
        a, b = m.span()
        if any(x < b and a < y for x, y in taken):
            continue
        gap = text[b:c] if b <= c else text[d:a]
        glossing = NAME_GLOSS_GAP_RE.fullmatch(gap) is not None
        season = Period(date(said.end.year, 11, 15), date(said.end.year + 1, 1, 6), "the holidays", "range")
        if glossing and _overlaps_within_a_year(season, said):
            out.append((said, (a, b)))
    return sorted(out, key=lambda p: p[1][0])


# "the 4 weeks to the 20th", "the 7 days to yesterday", "the year ending June": a length of time that ends on the
# period said after it
COUNTED_TO_RE = re.compile(rf"\b(?:(?:in|over|for|during)\s+)?(?:the\s+)?(?:{NUM}\s+(?P<unit>days?|weeks?|fortnights?|"
                           r"months?|years?)|(?P<one>year|month|fortnight|week))\s+(?:to|ending(?:\s+on)?|ended|"
                           r"up\s+to|until|till|thru|through)\s+$")


def counted_to(text: str, found: Found) -> Found:
    """A count of days, weeks or months said before the period it runs up to ("the 4 weeks to the 20th", "the year
    ending June"): that many, ending on the last day of that period."""
    out = list(found)
    for i, (period, (a, b)) in enumerate(out):
        a += len(text[a:b]) - len(text[a:b].lstrip())
        # "the 3 weeks up to nov 20": the words "up to" already read, as an open range ending that day
        open_end = period.start == date(1900, 1, 1) and re.match(r"(?:to|until|till|thru|through|up\s+to)\s", text[a:b])
        before = text[max(0, a - 60):a] + (text[a:a + open_end.end()] if open_end else "")
        m = COUNTED_TO_RE.search(before)
        if m is None or period.relative or period.grain not in ("day", "month", "range") or \
                (period.grain == "range" and period.start != period.end and not open_end):
            continue
        if open_end:
            a += open_end.end()
        n, unit = (_n(m.group(1)), m.group("unit")) if m.group("unit") else (1, m.group("one"))
        end = period.end
        if unit.startswith("day"):
            start = end - timedelta(days=n - 1)
        elif unit.startswith("fortnight"):
            start = end - timedelta(days=14 * n - 1)
        elif unit.startswith("week"):
            start = end - timedelta(days=7 * n - 1)
        else:
            months = n * (12 if unit.startswith("year") else 1)
            start = add_months(end + timedelta(days=1), -months)
        said = " ".join(m.group(0).split())
        label = f"{period_label(start, end, 'range')} ({said} {fmt_day(end)})"
        out[i] = (Period(start, end, label, "range"), (a - len(m.group(0).lstrip()), b))
    return out


# "…, like the last 30 days", "…, so the last 30 days", "…, how much? i.e. the last 30 days": the restatement cue (with
# "like" in casual speech), after at most a bare "how much?" said between
MONTH_WORD_RE = re.compile(rf"\b(?:{MONTH_RE})\b")
SEASON_RE = re.compile(rf"\b(?:{'|'.join(SEASONS)}|season)\b")
RELATIVE_GLOSS_RE = re.compile(rf"\s*[,(:;\-–—]?\s*(?:(?:how much|what'?s the total|total)\s*\??\s*)?"
                               rf"(?:(?:{CUES}|{PERIOD_CUES}|like)(?!\w)[\s,:]*)+(?:the\s+)?")


def relative_glossed(text: str, found: Found) -> Found:
    """A stretch restated by another that overlaps it, neither with a year, a month or a season named ("uber eats over the past month, how
    much? like the last 30 days"): the second, more exact reading is what the user means — one period, not a second
    one left unread."""
    out = list(found)
    for i in range(1, len(out)):
        (first, (a, b)), (second, (c, d)) = out[i - 1], out[i]
        if first.grain != "all" and second.grain != "all" and not YEAR_SAID_RE.search(text[a:d]) \
                and not MONTH_WORD_RE.search(text[a:b]) and not MONTH_WORD_RE.search(text[c:d]) \
                and not NAMED_SPAN_RE.search(text[a:b]) and not SEASON_RE.search(text[a:b]) \
                and RELATIVE_GLOSS_RE.fullmatch(text[b:c]) and first.start <= second.end and second.start <= first.end:
            return [*out[:i - 1], (second, (a, d)), *out[i + 1:]]
    return out


# "last year or this year, whatever, like the past twelve months": the periods weighed, given up on, and the one said
# after the shrug; between the ones weighed, "or"
WEIGHED_RE = re.compile(r"\s*(?:,\s*)?(?:or|,)\s*(?:maybe\s+)?")
SHRUG_RE = re.compile(r"\s*,?\s*(?:or\s+)?(?:whatever|either way|doesn'?t matter|don'?t care)\s*[,.;:—–-]?\s*"
                      r"(?:(?:like|i mean|say|let'?s say|just|basically|so|make it)\s*,?\s+)*(?:(?:in|over|for|during)\s+)?"
                      r"(?:the\s+)?")


def shrugged_periods(text: str, found: Found) -> Found:
    """Periods weighed and given up on for the one said after the shrug ("last year or this year whatever like in the
    past twelve months"): that last one, read over the whole phrase — not a comparison of the ones weighed."""
    for j in range(1, len(found)):
        if not SHRUG_RE.fullmatch(text[found[j - 1][1][1]:found[j][1][0]]):
            continue
        i = j - 1
        while i > 0 and WEIGHED_RE.fullmatch(text[found[i - 1][1][1]:found[i][1][0]]):
            i -= 1
        return [*found[:i], (found[j][0], (found[i][1][0], found[j][1][1])), *found[j + 1:]]
    return found


# "…, counting today", "… including today", "…, today included": a day said as an edge of the span before it
EDGE_CUE_RE = re.compile(r"\s*[,(]?\s*(?:counting|including|incl\.?|inclusive of|with)\s+(?:the\s+)?|\s*[,(]?\s*")
EDGE_TAIL_RE = re.compile(r"\s*(?:included|inclusive|counted|too|as well)\b\)?")


def edges_said(text: str, found: Found) -> Found:
    """A span followed by one of its own edge days ("the past two weeks, counting today", "the last 10 days, today
    included"): the span, over the whole phrase — not the day alone, nor a second period."""
    out = list(found)
    for i in range(1, len(out)):
        (first, (a, b)), (second, (c, d)) = out[i - 1], out[i]
        if first.relative or second.relative or first.grain == "all" or second.grain != "day" \
                or first.start == first.end or second.start not in (first.start, first.end):
            continue
        cue, tail = EDGE_CUE_RE.fullmatch(text[b:c]), EDGE_TAIL_RE.match(text, d)
        if cue is None or not (cue.group(0).strip(" ,(") or tail):
            continue
        return [*out[:i - 1], (first, (a, tail.end() if tail else d)), *out[i + 1:]]
    return out


def year_up_to(found: Found, text: str) -> Found:
    """"this year up to the end of September", "năm nay tính tới hết September": a year followed by the stretch of it
    up to a month — that stretch, over the whole phrase."""
    out = list(found)
    for i in range(1, len(out)):
        (first, (a, b)), (second, (c, d)) = out[i - 1], out[i]
        if first.grain == "year" and not first.relative and second.grain == "range" and not second.relative \
                and second.start == first.start and second.end <= first.end and re.fullmatch(r"[\s,]*", text[b:c]):
            return [*out[:i - 1], (second, (a, d)), *out[i + 1:]]
    return out


# "since my pay went up at the start of July", "since we moved in March": "since" an event, then when it happened
SINCE_EVENT_RE = re.compile(r"\bsince\s+(?:[a-z'’]+\s+){1,8}?(?:(?:at|in|on|around|during|back in)\s+(?:the\s+)?)?$")
EVENT_WHEN_RE = re.compile(r"\s*(?:at|in|on|around|during|back in|early|mid|late)\b")


def since_event(text: str, found: Found, today: date) -> Found:
    """A period said as when an event happened, after "since" and the event ("since my pay went up at the start of
    July"): from that period's first day to today — one stretch, not two."""
    out = list(found)
    for i, (period, (a, b)) in enumerate(out):
        before = text[out[i - 1][1][1] if i else 0:a]
        m = SINCE_EVENT_RE.search(before)
        if m is None or period.relative or period.grain == "all" or period.end >= today \
                or not (EVENT_WHEN_RE.match(text[a:b]) or re.search(r"\b(?:at|in|on|around|during)\s+(?:the\s+)?$",
                                                                    m.group(0))):
            continue
        label = f"{period_label(period.start, today, 'range', today=today)} (since {fmt_day(period.start)})"
        start = a - len(before) + m.start()
        out[i] = (Period(period.start, today, label, "range"), (start, b))
    return out
