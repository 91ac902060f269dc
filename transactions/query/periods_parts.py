"""Periods said relative to another one: the stretch before or after a day ("the run-up to Christmas", "the two
weeks before Thanksgiving", "the lead-up to March 15", "the week after Labor Day") and a part of a month or a year
("early October", "mid-Sept", "late August", "the end of last year", "the beginning of the year", "the first half
of the month"). transactions.query.periods finds the period named (the anchor) and this module turns the words
around it into the period meant, with a label that says how they were read — so a phrase is never read as its
anchor alone (25 Dec for "the run-up to Christmas").

Definitions (general, said in the label):
- the run-up / lead-up / build-up to a day, or "the weeks before" it: from the 1st of its month to the day before
  when the day is the 15th or later, else the 4 weeks before it; "the days before": the 7 days before;
  "N days/weeks/months before": exactly that many before the day; "after" the same way from the day after.
- a part of a month: early / the start (beginning) of = days 1–10, mid / the middle of = 11–20, late / the end
  of = 21 to the last day; the first / second half = 1–15 / 16 to the last day.
- a part of a year: the start (beginning) of = January, the end of = December, early = January–April, mid =
  May–August, late = September–December; the first / second half = January–June / July–December.
A day without a year is the most recent one, unless the stretch before the next one has already begun.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from core.periods import Period, add_months, fmt_day, month_bounds, period_label
from transactions.query.periods_joins import dates_named_win
from transactions.query.periods_words import NUMBER_WORDS

_NUM = r"(?P<n>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|an?|a couple of|couple of|a few|few)"
# the words before an anchor ("the run-up to ", "in the 2 weeks before ", "the week after "), read up to its start
RELATIVE_CUE = re.compile(
    r"(?:\b(?:in|during|over|for|across|throughout|on)\s+)?(?:the\s+)?\b(?:"
    r"(?P<lead>(?:run|lead|build)\s?up|leading up)\s+(?:to|till|until|before|into)"
    rf"|(?:(?:last|final|past|first)\s+)?(?:{_NUM}\s+)?(?P<unit>days?|weeks?|months?|fortnight)\s+"
    r"(?:(?:right|just|immediately)\s+)?(?P<rel>before|leading (?:up )?to|prior to|ahead of|preceding|up to|after|"
    r"following))(?:\s+the)?\s*$")
WEEK_OF_RE = re.compile(r"(?:\b(?:in|during|over|for)\s+)?(?:the\s+)?\bweek\s+of\s+(?:the\s+)?$")
# the words before a month or a year that name a part of it ("early ", "the end of ", "mid-", "the first half of ")
PART_CUE = re.compile(r"(?:\b(?:in|during|over|for|at|by|around|towards?)\s+)?(?:the\s+)?(?:very\s+)?"
                      r"\b(?P<part>early|mid|middle of|late|start of|beginning of|end of|"
                      r"(?:tail|back|front|far) end of|(?:latter|later|last|early|earlier|first|middle) part of|"
                      r"(?:first|second|1st|2nd|back|front) half(?: of)?|"
                      rf"(?:first|last)\s+{_NUM.replace('(?P<n>', '(?:')}\s+(?:weeks|days)\s+(?:of|in))(?:\s+the)?\s*$")
# the same parts in other words
PART_SAID = {"tail end of": "end of", "back end of": "end of", "far end of": "end of", "front end of": "start of",
             "latter part of": "late", "later part of": "late", "last part of": "late", "early part of": "early",
             "earlier part of": "early", "first part of": "early", "middle part of": "middle of"}
# "the beginning of the year", "end of the month": the year or month this is
THIS_ONE_RE = re.compile(r"\b(?:early|mid|late|(?:start|beginning|end|middle|(?:first|second|1st|2nd) half)\s+of)"
                         r"\s+(?:the|this)\s+(?P<grain>year|month)\b")
# said without the period it is a part of ("shopping first half"): of this year
HALF_ALONE_RE = re.compile(r"\b(?:the\s+)?(?P<which>first|second|1st|2nd)\s+half\b"
                           r"(?!\s+(?:of|a|an|last|this|next|previous|(?:19|20)\d{2})\b)")


def _n(raw: str | None) -> int | None:
    if not raw:
        return None
    raw = raw.strip()
    return int(raw) if raw.isdigit() else NUMBER_WORDS.get(raw)


def _clip(start: date, end: date, today: date) -> Period | None:
    if start > today:
        return None
    return Period(start, min(end, today), "", "range")


def _relative(m: re.Match, anchor: Period, today: date) -> tuple[date, date, str] | None:
    """(start, end, how it was read) of the stretch the cue names around the anchor."""
    n, unit = _n(m.group("n")), (m.group("unit") or "")
    rel = m.group("rel") or "before"
    after = rel in ("after", "following", "since")
    day = anchor.end if after else anchor.start
    if unit == "fortnight":
        n, unit = (n or 1) * 2, "weeks"
    if m.group("lead") or (n is None and unit == "weeks"):
        if after:
            return day + timedelta(days=1), day + timedelta(days=28), "the 4 weeks after"
        if day.day >= 15:
            return day.replace(day=1), day - timedelta(days=1), "from the 1st of its month to the day before"
        return day - timedelta(days=28), day - timedelta(days=1), "the 4 weeks before"
    count = n or (7 if unit == "days" else 1)
    size = "month" if unit.startswith("month") else "week" if unit.startswith("week") else "day"
    if size == "month":
        start, end = (day + timedelta(days=1), add_months(day, count)) if after else (add_months(day, -count),
                                                                                     day - timedelta(days=1))
    else:
        days = count * (7 if size == "week" else 1)
        start, end = (day + timedelta(days=1), day + timedelta(days=days)) if after else (
            day - timedelta(days=days), day - timedelta(days=1))
    words = f"{count} {size}s" if count != 1 else size
    return start, end, f"the {words} {'after' if after else 'before'}"


# words of now ("lately", "these days", "nowadays", "at the moment"): a listing, a price or a concept asked with one
# takes no period at all (transactions.query.periods.only_now_said); a total reads it as the last four weeks, said in
# the answer, at most medium (chat/period_readings.now_reading)
NOW_RE = re.compile(r"\b(?:recently|lately|of late|these days|nowadays|at the moment)\b")


def relative_periods(text: str, found: list[tuple[Period, tuple[int, int]]], today: date,
                     find: Callable[[str, date], list[tuple[Period, tuple[int, int]]]]
                     ) -> list[tuple[Period, tuple[int, int]]]:
    """`found` with each period that has a cue before it ("the run-up to" Christmas, "early" October) replaced by
    the period the whole phrase names; periods the cue's own words were read as ("the month before", "the last
    2 weeks") are dropped. `find` is transactions.query.periods.find_periods (to read an anchor again as of a year
    later: its next occurrence)."""
    out = list(found)
    for period, (a, b) in found:
        if period.relative or period.grain == "all" or (period, (a, b)) not in out:
            continue
        # "after labor day", "early 2025" are read with their first word: the anchor is what follows it
        inner = re.match(r"\s*(?:in\s+|during\s+|of\s+)?(?:(after|since|before)|early|mid|late)\s+", text[a:b])
        prefix, anchor, anchor_text = text[:a], period, text[a:b]
        if inner:
            prefix, anchor_text = text[:a] + inner.group(0), text[a + inner.end():b]
            if inner.group(1):
                again = find(anchor_text, today)
                anchor = again[0][0] if again and not again[0][0].relative else period
        week = WEEK_OF_RE.search(prefix)
        if week and anchor.grain == "day" and anchor.start == anchor.end:
            # "the week of christmas": Monday to Sunday around that day (up to today)
            monday = anchor.start - timedelta(days=anchor.start.weekday())
            end = min(monday + timedelta(days=6), today)
            around = Period(monday, end, f"the week of {fmt_day(anchor.start)} ({period_label(monday, end, 'range')})",
                            "week")
            out = _replace(out, (period, (a, b)), around, week.start())
            continue
        cue = RELATIVE_CUE.search(prefix)
        if cue:
            made = _around(cue, anchor, anchor_text, today, find)
            if made is not None:
                out = _replace(out, (period, (a, b)), made, cue.start())
            continue
        lead = re.match(r"\s*(?:of|in)\s+", text[a:b])  # "the first two weeks of october": "of" read with the month
        part = PART_CUE.search(prefix) or (PART_CUE.search(text[:a + lead.end()]) if lead and not inner else None)
        if part:
            made = part_of(part.group("part"), period, today)
            spanned = made is None and period.start.day == 1 and period.start.month != period.end.month and \
                re.search(r"\b(?:to|through|thru|till|until|and)\b|[-–]", text[a:b]) is not None
            if spanned:
                # "from mid-August through September": the part of the first month, to the end of the span
                first = Period(period.start, month_bounds(period.start.year, period.start.month)[1],
                               f"{period.start:%B %Y}", "month")
                piece = part_of(part.group("part"), first, today)
                if piece is not None:
                    begin = _point(part.group("part"), piece, first=True)
                    made = Period(begin, period.end, period_label(begin, period.end, "range", today=today)
                                  + f" ({part.group('part')} {first.label} = from {fmt_day(begin)}, to "
                                  f"{fmt_day(period.end)})", "range")
            if made is None and period.label.startswith("since") and period.end == today:
                # "from mid-September to now": from the part of that month to today
                month = Period(period.start, month_bounds(period.start.year, period.start.month)[1],
                               f"{period.start:%B %Y}", "month")
                piece = part_of(part.group("part"), month, today)
                made = None if piece is None else _since(piece, part.group("part"), month, today)
            opened = re.search(r"\b(?:since|from|after|starting(?: from)?)\s+$", text[:part.start()])
            if made is not None and opened and not re.match(r"\s*(?:to|through|thru|till|until|-|–)\s", text[b:]) \
                    and made.end != today and not spanned:
                # "since late August": from the part's first day to today
                made = _since(made, part.group("part"), period, today)
            if made is not None:
                out = _replace(out, (period, (a, b)), made, opened.start() if opened else part.start())
    return dates_named_win(text, _joined(text, sorted(out, key=lambda p: p[1][0]), [p for p in out if p not in found],
                                         today, find), today)


def _since(piece: Period, part: str, whole: Period, today: date) -> Period:
    """From the first day of a part of a period to today ("since late August": from 21 August)."""
    said, start = f"{part} {whole.label.replace(' so far', '')}", _point(part, piece, first=True)
    return Period(start, today, f"since {fmt_day(start)} ({said} = from {fmt_day(start)})", "range")


def _joined(text: str, found, made, today: date, find=None):
    """"from early September to mid October": two periods joined by "to"/"through"/"until", one of them a part or a
    stretch read here, are one range from the start of the first to the end of the second."""
    for k in range(len(found) - 1):
        (p, (a, b)), (r, (c, d)) = found[k], found[k + 1]
        gap = text[b:c]
        between = re.search(r"\bbetween\s+$", text[:a]) is not None  # "between christmas and new years"
        joint = re.fullmatch(rf"\s*(?:to|through|thru|till|until|-|–{'|and' if between else ''})\s*(?:the\s+)?", gap)
        # "from April until September 15th": an open start ("from April", to today) and an open end ("until
        # September 15th", from the beginning) said together are one closed range
        opened = p.end == today and re.match(r"\s*(?:from|since|starting(?: from)?)\b", text[a:b]) is not None
        closed = r.start == date(1900, 1, 1) and re.match(r"\s*(?:to|through|thru|till|until|up to)\b", text[c:d])
        lead = re.search(r"\b(?:from|between)\s+$", text[:a]) or re.match(r"\s*(?:from|between)\b", text[a:b])
        if (found[k] in made or found[k + 1] in made or lead) and joint and not p.relative and not r.relative \
                and r.end < p.start and find is not None:
            p, r = _in_order(text[a:b], p, text[c:d], r, today, find)
        if (found[k] in made or found[k + 1] in made or opened or (lead and joint)) and not p.relative \
                and not r.relative \
                and p.start <= r.end and (joint or (opened and closed and re.fullmatch(r"\s*,?\s*", gap))):
            start, end = _point(text[a:b], p, first=True), min(_point(text[c:d], r, first=False), today)
            lead = re.search(r"\b(?:from|between)\s+$", text[:a])
            a = lead.start() if lead else a
            said = re.sub(r"\s+", " ", text[a:d]).strip()
            label = f"{period_label(start, end, 'range', today=today)} ({said}: {fmt_day(start)} to {fmt_day(end)})"
            merged = (Period(start, end, label, "range"), (a, d))
            return _joined(text, [*found[:k], merged, *found[k + 2:]], [*made, merged], today, find)
    return found


YEAR_SAID = re.compile(r"\b(?:19|20)\d{2}\b|\b(?:last|this|next|previous)\s+year\b|\bnam (?:ngoai|nay|truoc)\b")
MID_RE = re.compile(r"\s*(?:from\s+|since\s+|between\s+|to\s+|until\s+|till\s+|through\s+)?(?:the\s+)?"
                    r"(?:very\s+)?(?:mid|middle of)\b")


def _in_order(start_said: str, p: Period, end_said: str, r: Period, today: date, find) -> tuple[Period, Period]:
    """A range whose end, read alone, falls before its start ("from mid nov to new years", "from christmas to new
    years"): an end said without a year is the first one after the start when the start has its year or that one
    has come; otherwise the start is the last one before the end (the latest such range that has ended, as
    "November to January" is)."""
    def again(said: str, day: date) -> Period | None:
        read = [x for x, _ in find(said, day) if not x.relative]
        return read[0] if read else None

    if not YEAR_SAID.search(end_said):
        later = again(end_said, date(p.start.year + 1, p.start.month, min(p.start.day, 28)))
        if later is not None and later.end >= p.start and (YEAR_SAID.search(start_said) or later.end <= today):
            return p, later
    if not YEAR_SAID.search(start_said):
        earlier = again(start_said, r.end)
        if earlier is not None and earlier.start <= r.end:
            return earlier, r
    return p, r


def _point(said: str, period: Period, *, first: bool) -> date:
    """Where a range said with this period as one end starts (`first`) or ends. "mid November" as an end of a range
    is the 15th (as a span of its own it is days 11–20); any other period gives its first or last day."""
    if MID_RE.match(said) and period.start.day == 11 and period.start.month == period.end.month:
        return period.start.replace(day=15)
    return period.start if first else period.end


def _replace(found, old, new: Period, start: int):
    end = old[1][1]
    kept = [(p, s) for p, s in found if (p, s) != old and not (start <= s[0] and s[1] <= end)
            and not (s[0] < end and start < s[1])]
    return kept + [(new, (start, end))]


def _around(cue: re.Match, anchor: Period, anchor_text: str, today: date, find) -> Period | None:
    read = _relative(cue, anchor, today)
    if read is None:
        return None
    start, end, how = read
    if not re.search(r"\b(?:19|20)\d{2}\b", anchor_text):
        # a day without a year: the next one, when the stretch before it has already begun
        later = find(anchor_text, today.replace(year=today.year + 1) if not (today.month == 2 and today.day == 29)
                     else today + timedelta(days=365))
        if later and later[0][0].start > today and not later[0][0].relative:
            nxt = _relative(cue, later[0][0], today)
            if nxt is not None and nxt[0] <= today:
                start, end, how = nxt
                anchor = later[0][0]
    if start > today:
        return None
    read_end, end = end, min(end, today)
    said = re.sub(r"\s+", " ", cue.group(0)).strip()
    said = re.sub(r"^(?:in|during|over|for|across|throughout|on)\s+", "", said)
    said = said if said.startswith(("the ", "leading")) else f"the {said}"
    day = anchor.end if cue.group("rel") in ("after", "following") else anchor.start
    so_far = " so far" if end < read_end else ""
    label = f"{period_label(start, end, 'range', today=today)} ({said} {anchor_text.strip()}, {fmt_day(day)}: {how}{so_far})"
    return Period(start, end, label, "range")


def part_of(part: str, whole: Period, today: date) -> Period | None:
    """The part of a month or a year the word names; None for other periods (a part of a quarter or a range is
    not read)."""
    counted = re.fullmatch(r"(first|last)\s+(.+?)\s+(weeks|days)\s+(?:of|in)", part)
    part = PART_SAID.get(part, part)  # "the tail end of October" is its end, "the latter part of" it late
    if counted:  # "the first two weeks of October" (days 1–14), "the last 10 days of" it
        return _counted_part(counted.group(1), _n(counted.group(2)) or 0, counted.group(3), whole, today)
    part = part.replace("1st", "first").replace("2nd", "second").replace("back", "second").replace("front", "first")
    if part.endswith("half"):
        part += " of"
    grain = whole.grain
    if grain == "range" and whole.start.day == 1 and whole.start.month == 1 and whole.start.year == whole.end.year \
            and whole.label.startswith(str(whole.start.year)):
        grain = "year"  # "2026 so far"
    if grain == "month" or (grain == "range" and whole.start.day == 1 and (whole.start.year, whole.start.month) ==
                            (whole.end.year, whole.end.month)):
        first, last = month_bounds(whole.start.year, whole.start.month)
        days = {"early": (1, 10), "start of": (1, 10), "beginning of": (1, 10), "mid": (11, 20),
                "middle of": (11, 20), "late": (21, last.day), "end of": (21, last.day),
                "first half of": (1, 15), "second half of": (16, last.day)}[part]
        start, end = first.replace(day=days[0]), first.replace(day=days[1])
        what = f"days {days[0]}–{days[1]}"
    elif grain == "year":
        y = whole.start.year
        months = {"start of": (1, 1), "beginning of": (1, 1), "end of": (12, 12), "early": (1, 4), "mid": (5, 8),
                  "middle of": (5, 8), "late": (9, 12), "first half of": (1, 6), "second half of": (7, 12)}[part]
        start, end = date(y, months[0], 1), month_bounds(y, months[1])[1]
        what = f"{date(y, months[0], 1):%B}" + (f"–{date(y, months[1], 1):%B}" if months[1] != months[0] else "") \
            + f" {y}"
    else:
        return None
    clipped = _clip(start, end, today)
    if clipped is None:
        return None
    said = f"the {part}" if part.endswith(" of") else part
    label = period_label(clipped.start, clipped.end, "range", today=today)
    so_far = " so far" if clipped.end < end else ""
    return Period(clipped.start, clipped.end, f"{label} ({said} {whole.label.replace(' so far', '')} = {what}{so_far})",
                  "range")


def _counted_part(which: str, n: int, unit: str, whole: Period, today: date) -> Period | None:
    """The first or last N days or weeks of a month; None for other periods or more days than the month has."""
    if whole.grain != "month" and not (whole.start.day == 1 and (whole.start.year, whole.start.month) ==
                                       (whole.end.year, whole.end.month)):
        return None
    first, last = month_bounds(whole.start.year, whole.start.month)
    days = n * (7 if unit == "weeks" else 1)
    if not 0 < days < last.day:
        return None
    start, end = (first, first + timedelta(days=days - 1)) if which == "first" else \
        (last - timedelta(days=days - 1), last)
    if start > today:
        return None
    words = f"the {which} {n} {unit} of {whole.label.replace(' so far', '')}"
    return Period(start, min(end, today), f"{period_label(start, min(end, today), 'range', today=today)} ({words})",
                  "range")


def this_one_parts(text: str, today: date) -> list[tuple[Period, tuple[int, int]]]:
    """"the beginning of the year", "end of the month", "first half" said alone: parts of this year or month."""
    out = []
    for m in THIS_ONE_RE.finditer(text):
        whole = _this(m.group("grain"), today)
        part = re.match(r"(early|mid|late|start of|beginning of|end of|middle of|first half of|second half of|"
                        r"1st half of|2nd half of)", m.group(0))
        made = part_of(part.group(1), whole, today) if part else None
        since = re.search(r"\b(?:since|from|starting(?:\s+from)?)\s+(?:the\s+)?(?:very\s+)?$", text[:m.start()])
        if made is not None and since and part is not None and not re.search(
                r"\s*(?:to|through|thru|till|until|up to|-|–)\s", text[m.end():m.end() + 8]):
            # "since the start of the month": from its first day to today, not days 1–10
            out.append((_since(made, part.group(1), whole, today), (since.start(), m.end())))
        elif made is not None:
            out.append((made, m.span()))
    for m in HALF_ALONE_RE.finditer(text):
        made = part_of(f"{m.group('which')} half of", _this("year", today), today)
        if made is not None:
            out.append((made, m.span()))
    return out


def _this(grain: str, today: date) -> Period:
    if grain == "month":
        return Period(today.replace(day=1), today, f"{today:%B %Y}", "month")
    return Period(date(today.year, 1, 1), today, str(today.year), "year")


SCHOOL_RE = re.compile(r"\b(?:spring|summer|fall|autumn|winter|christmas|easter)\s+(?:break|semester|term|quarter)\b")


def unplaced_cues(text: str, spans: list[tuple[int, int]]) -> list[str]:
    """Words that say a stretch before or after something ("the run-up to", "the weeks before") whose anchor is no
    period ("the run-up to the wedding"): the period meant was not understood."""
    out = []
    for m in re.finditer(r"\b(?:run|lead|build)\s?up\s+(?:to|till|until|before|into)\b|\bleading up to\b"
                         r"|\bthe other (?:day|week|night)\b"
                         r"|\b(?:days|weeks|months|fortnight)\s+(?:right\s+|just\s+)?(?:before|prior to|ahead of|"
                         r"after|following|leading up to)\b"
                         # "over spring break", "fall semester": a school's dates, not the season's
                         rf"|{SCHOOL_RE.pattern}",
                         text):
        if not any(a <= m.start() < b and (m.end() <= b or not SCHOOL_RE.match(m.group(0))) for a, b in spans):
            out.append(m.group(0))
    return out


def ago_rules(today: date, num: str, n_of: Callable[[str], int]) -> list:
    """(regex, builder) for periods counted back from today: "3 days ago" (that day), "2 weeks ago" (that Monday to
    Sunday), "a year ago" / "2 years back" (that calendar year); "a year ago this month" is periods.py's "same_last_year";
    and days said by name that no other rule reads ("new year's day", the last 1 January)."""
    def days_ago(m: re.Match) -> Period:
        d = today - timedelta(days=n_of(m.group(1)))
        return Period(d, d, fmt_day(d), "day")

    def weeks_ago_n(n: int) -> Period:
        monday = today - timedelta(days=today.weekday() + 7 * n)
        return Period(monday, monday + timedelta(days=6), f"the week of {fmt_day(monday)}", "week")

    def weeks_ago(m: re.Match) -> Period:
        return weeks_ago_n(n_of(m.group(1)))

    def years_ago(m: re.Match) -> Period:
        y = today.year - n_of(m.group(1))
        return Period(date(y, 1, 1), date(y, 12, 31), str(y), "year")

    def recently(m: re.Match) -> Period:
        start = today - timedelta(days=27)
        return Period(start, today, f"{period_label(start, today, 'range')} (“{m.group(0).strip()}” = the last four "
                                    f"weeks)", "range")

    def new_years_day(m: re.Match) -> Period:
        day = date(today.year, 1, 1)
        return Period(day, day, fmt_day(day), "day")

    yesterday = today - timedelta(days=1)
    back = r"\s+(?:ago|back|earlier|before now)\b"
    return [
        (NOW_RE.pattern, recently),
        # "to new years", "on new year's day" (not its eve): 1 January ("since new years" is this year, read before)
        # a bare "new year" only as the end of a range ("between christmas and new year", "from mid december to new year")
        (r"\bnew\s+year(?:'?s(?:\s+day)?|\s+day)(?![\w'])(?!\s+eve\b)|(?<=\band )(?:the\s+)?new\s+year\b(?![\w'])"
         r"|(?<=\bto )(?:the\s+)?new\s+year\b(?![\w'])", new_years_day),
        (r"\blast night\b", lambda m: Period(yesterday, yesterday, "yesterday", "day")),
        (r"\b(?:this (?:morning|afternoon|arvo|evening)|tonight)\b", lambda m: Period(today, today, "today", "day")),
        (rf"\b{num}\s+days?{back}", days_ago),
        (rf"\b{num}\s+weeks?{back}", weeks_ago),
        # "2 tuần trước", "hai tuần trước": that week, as "2 tháng trước" is that month (not last week after a number)
        (r"(?<!\bthu )\b(\d+|hai|bon|nam|sau|bay|tam|chin|muoi)\s+tuan truoc\b(?!\s+(?:do|nua)\b)", weeks_ago),
        (rf"\b{num}\s+fortnights?{back}", lambda m: weeks_ago_n(2 * n_of(m.group(1)))),  # "a fortnight ago"
        (rf"\b{num}\s+years?{back}", years_ago),
    ]

