"""A period with two honest readings (issue 21: "high" must mean right). When the words of a question fit two spans and
the question does not pin one, the answer states the dates it used (and the other reading) and is at most medium:

- **last week** ("last week", "the past week", "tuần trước", "tuần rồi"): Monday to Sunday of the week before this one,
  or the last 7 days. Pinned by "calendar week", "Monday to Sunday", "7 days", "thứ hai đến chủ nhật"…
- **last quarter** ("the past quarter", "previous quarter"): the last calendar quarter, or the last three full months.
  Pinned by "calendar quarter", "Q3", "3 months", "90 days".
- **a running period against a past one** ("this year vs last year", "so với năm ngoái", "this month compared with last
  month"): the whole past period, or the same stretch of it (1 Jan – 27 Nov of both years). Pinned by "whole", "full",
  "entire", "all of", "cả", "trọn" (the whole one) or "same period", "to date", "cùng kỳ" (the same stretch; a side of
  another length is then chat/reading_signals.unlike_spans's).
- **a word of now** ("lately", "these days", "nowadays", "at the moment") answered as the last four weeks (the answer's
  label says so; a listing or a concept takes it as now, with no period: chat/offline/router.py).
- **a numeric date both of whose numbers could be the month** ("from 3/4 to 5/4", "on 06-05-2026"): month/day (the
  English order, as read) or day/month. Below the escalation threshold when the two spans share less than half their
  days (the figure would be quite different); a day past the 12th, dots or Vietnamese pin the order.

Read from the spans the tools ran (chat/unplaced._spans), so the same for the offline model and an LLM's tool calls.
`period_readings` gives (reasons, note): the reasons keep the confidence at medium (`MEDIUM_CAP`, chat/turn_check.py),
the note is said under the answer in its language (chat/turn.py)."""
from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

from django.utils import translation

from core.periods import add_months, fmt_day, month_bounds
from core.text import strip_accents
from transactions.query.periods import NOW_RE, find_periods

MEDIUM_CAP = 0.7  # below "high" (0.75, chat/web/presenters.py), above the escalation threshold
FAR_APART_CAP = 0.35  # below the escalation threshold: the other reading of the words would change the figure a lot
LAST_WEEK_RE = re.compile(r"\b(?:last|previous|past|prior) week\b|\btuan (?:truoc|roi|qua|vua roi|vua qua)\b")
WEEK_PINNED_RE = re.compile(
    r"\b(?:calendar week|mon(?:day)?\s*(?:-|–|to|through|thru|till|until)\s*sun(?:day)?|"
    r"sun(?:day)?\s*(?:-|–|to|through|thru|till|until)\s*sat(?:urday)?|(?:7|seven) days?|week (?:starting|beginning)|"
    r"(?:thu hai|t2)\s*(?:den|toi|-|–)\s*(?:chu nhat|cn)|(?:7|bay) ngay|tuan lich)\b")
# the whole of the past period said, or the same stretch of it: the question pins the reading
WHOLE_PINNED_RE = re.compile(r"\b(?:whole|full|entire|all of|complete|ca|tron|toan bo|tron ven)\b")
SAME_STRETCH_RE = re.compile(r"\b(?:same|equivalent|matching|corresponding|comparable|like for like|to date|ytd|"
                             r"(?:up )?to (?:this|the same) (?:point|date|day)|by this time|at this point|cung ky|"
                             r"cung thoi (?:gian|diem)|cung giai doan)\b")


def _text(question: str) -> str:
    return strip_accents((question or "").lower())


def _spans(records: list[Any]) -> list[tuple[date, date]]:
    from chat.unplaced import _spans as spans_of  # chat.unplaced reads chat.turn_signals: imported on use

    return list(dict.fromkeys(spans_of([r for r in records if not r.error and r.name != "respond"])))


def _grain_start(d: date, grain: str) -> date:
    if grain == "year":
        return date(d.year, 1, 1)
    if grain == "quarter":
        return date(d.year, 3 * ((d.month - 1) // 3) + 1, 1)
    return d.replace(day=1)


def _grain_end(start: date, grain: str) -> date:
    months = {"year": 12, "quarter": 3, "month": 1}[grain]
    last = add_months(start, months - 1)
    return month_bounds(last.year, last.month)[1]


def _span_text(start: date, end: date, vi: bool) -> str:
    if start == end:
        return fmt_day(start, localized=vi)
    return f"{fmt_day(start, year=start.year != end.year, localized=vi)} – {fmt_day(end, localized=vi)}"


def _as_said(m: re.Match, asked: str) -> str:
    """The words of a match in the accent-free text as the user wrote them ("tuần vừa rồi", not "tuan vua roi"), when
    the two texts line up letter for letter (they do unless a ligature or the like was unfolded)."""
    return asked[m.start():m.end()] if len(asked) == len(m.string) else m.group(0)


def _two_spans(m: re.Match, asked: str, spans: list[tuple[date, date]], calendar: tuple[date, date],
               rolling: tuple[date, date], vi: bool, words: dict[str, str]) -> tuple[str, str]:
    """A said period with a calendar reading and a rolling one ("last week", "last quarter"): when the tools ran one of
    them and not the other, (the reason, the note in the answer's language) saying the one used and the other.
    `words` names the two readings: calendar/rolling as read in the note, each in English and Vietnamese
    (`calendar_en`, `rolling_vi`…), the reason's "(…, or …)" (`both`) and what follows the other reading in an English
    note (`then_en`)."""
    said = _as_said(m, asked)
    if calendar in spans and rolling not in spans:
        used, other, this, that = calendar, rolling, "calendar", "rolling"
    elif rolling in spans and calendar not in spans:
        used, other, this, that = rolling, calendar, "rolling", "calendar"
    else:
        return "", ""
    # the other reading is set off by commas when it is followed by its own description (the week's "Monday to Sunday")
    other_vi, other_en = words[f"{that}_vi"], words[f"{that}_en"]
    comma = "," if words.get(f"{that}_set_off") else ""
    note = (f"_Tôi hiểu “{said}” là {words[f'{this}_vi']} ({_span_text(*used, vi)}); {other_vi} "
            f"({_span_text(*other, vi)}){comma} có thể khác._" if vi else
            f"_I read “{said}” as {words[f'{this}_en']} ({_span_text(*used, vi)}); {other_en} "
            f"({_span_text(*other, vi)}){comma} could differ{words.get('then_en', '')}._")
    return (f"“{said}” has two readings ({words['both']}) and the question does not say which: "
            f"the answer used {used[0]}..{used[1]}"), note


WEEK_WORDS = {"calendar_en": "the calendar week, Monday to Sunday", "rolling_en": "the last 7 days",
              "calendar_vi": "tuần lịch, thứ Hai đến Chủ nhật", "rolling_vi": "7 ngày gần nhất",
              "calendar_set_off": "yes", "both": "Monday to Sunday, or the last 7 days"}


def week_reading(text: str, spans: list[tuple[date, date]], today: date, vi: bool, asked: str = "") -> tuple[str, str]:
    """"last week" answered Monday–Sunday, or over the last 7 days, when the question does not say which."""
    if not (m := LAST_WEEK_RE.search(text)) or WEEK_PINNED_RE.search(text):
        return "", ""
    monday = today - timedelta(days=today.weekday())
    calendar = (monday - timedelta(days=7), monday - timedelta(days=1))
    return _two_spans(m, asked, spans, calendar, (today - timedelta(days=6), today), vi, WEEK_WORDS)


# "last quarter", "the past quarter": the last full calendar quarter, or the last three months (the 3 full months
# before this one, as "the last 3 months" is read). Pinned by a calendar or fiscal quarter named, or its months said.
LAST_QUARTER_RE = re.compile(r"\b(?:last|previous|past|prior) quarter\b(?!\s+of\b)|\bquy (?:truoc|roi|vua roi|vua qua)\b")
QUARTER_PINNED_RE = re.compile(r"\b(?:calendar|fiscal|financial) quarter\b|\bq[1-4]\b|\b(?:3|three|ba) (?:full )?"
                               r"(?:months?|thang)\b|\b90 days\b|\bquy (?:lich|[1-4])\b")
QUARTER_WORDS = {"calendar_en": "the last calendar quarter", "rolling_en": "the last three months",
                 "calendar_vi": "quý lịch vừa rồi", "rolling_vi": "ba tháng gần nhất",
                 "both": "the last calendar quarter, or the last three months", "then_en": " — say which you meant"}


def quarter_reading(text: str, spans: list[tuple[date, date]], today: date, vi: bool,
                    asked: str = "") -> tuple[str, str]:
    """"the past quarter" answered as the last calendar quarter or the last three full months, when the question
    does not say which (the two differ unless this is a quarter's first month)."""
    if not (m := LAST_QUARTER_RE.search(text)) or QUARTER_PINNED_RE.search(text):
        return "", ""
    this_quarter = _grain_start(today, "quarter")
    calendar = (add_months(this_quarter, -3), this_quarter - timedelta(days=1))
    this_month = today.replace(day=1)
    rolling = (add_months(this_month, -3), this_month - timedelta(days=1))
    if calendar == rolling:
        return "", ""
    return _two_spans(m, asked, spans, calendar, rolling, vi, QUARTER_WORDS)


def running_against_past(text: str, spans: list[tuple[date, date]], today: date, vi: bool,
                         asked: str = "") -> tuple[str, str]:
    """A running period (this year so far) set against a past one of the same grain, whole or the same stretch of it,
    when the question says neither."""
    if WHOLE_PINNED_RE.search(text) or SAME_STRETCH_RE.search(text):
        return "", ""
    for grain in ("year", "quarter", "month"):
        start = _grain_start(today, grain)
        if (start, today) not in spans or today == _grain_end(start, grain):
            continue
        earlier = [(a, b) for a, b in spans if b < start and a == _grain_start(a, grain)]
        if len(earlier) != 1:
            continue  # "more than usual": several earlier months like for like are one documented reading
        for a, b in earlier:
            whole_end = _grain_end(a, grain)
            stretch_end = min(a + (today - start), whole_end)
            if b == whole_end:
                other = (a, stretch_end)
                what_vi, other_vi = "toàn bộ", "cùng giai đoạn"
                what_en, other_en = "the whole of", "the same stretch of it"
            elif b == stretch_end:
                other = (a, whole_end)
                what_vi, other_vi = "cùng giai đoạn của", "toàn bộ kỳ đó"
                what_en, other_en = "the same stretch of", "the whole of it"
            else:
                continue
            now, past = _span_text(start, today, vi), _span_text(a, b, vi)
            note = (f"_Tôi so sánh {now} với {what_vi} kỳ trước ({past}); nếu lấy {other_vi} "
                    f"({_span_text(*other, vi)}) thì kết quả có thể khác._" if vi else
                    f"_I compared {now} with {what_en} the earlier {grain} ({past}); {other_en} "
                    f"({_span_text(*other, vi)}) would give a different figure._")
            return (f"a {grain} so far set against {what_en} an earlier {grain}: the question does not say whether "
                    f"it means the whole {grain} or the same stretch; the answer used {a}..{b}"), note
    return "", ""


# a numeric date whose two numbers are both 1–12 ("3/4", "05-06-2026"): month/day (as read) or day/month
TWO_WAY_DATE_RE = re.compile(r"(?<![\d/.$-])(0?[1-9]|1[0-2])(/|-)(0?[1-9]|1[0-2])(?:\2((?:19|20)?\d{2}))?(?![\d/.-]|\s*%)")
PINNED_DATE_RE = re.compile(r"(?<![\d/.$-])(?:(?:1[3-9]|2\d|3[01])/\d{1,2}|\d{1,2}/(?:1[3-9]|2\d|3[01]))(?![\d.-])")
FAR_APART = "reads two ways"  # the mark of a reason whose other reading would give a very different figure


def _overlap(a: tuple[date, date], b: tuple[date, date]) -> float:
    """The share of the longer span that the two spans have in common."""
    common = (min(a[1], b[1]) - max(a[0], b[0])).days + 1
    return max(common, 0) / max((a[1] - a[0]).days + 1, (b[1] - b[0]).days + 1)


def date_order_reading(text: str, spans: list[tuple[date, date]], today: date, vi: bool,
                       asked: str = "") -> tuple[str, str]:
    """"from 3/4 to 5/4": month/day (4 March to 4 May, the English order, as read) or day/month (3 to 5 April). The
    answer says both; when the two spans share less than half their days the figure could be quite different, and
    the reason carries FAR_APART (low confidence, `period_cap`). Vietnamese dates are day/month (periods_vi)."""
    # imported here as landed (possible import cycle with transactions.query; not checked: move up next session)
    from transactions.query.foreign_words import writes_day_first
    from transactions.query.grammar import normalise
    from transactions.query.periods import DAY_FIRST_RE, find_periods

    tokens = [m for m in TWO_WAY_DATE_RE.finditer(text) if int(m.group(1)) != int(m.group(3))
              and (m.group(2) == "/" or m.group(4))]
    if vi or not tokens or PINNED_DATE_RE.search(text) or DAY_FIRST_RE.search(normalise(text)):
        return "", ""  # "from 8/3 to 8/20": the other end (a day past the 12th) pins the order
    swapped = text
    for m in reversed(tokens):
        sep, year = m.group(2), f"{m.group(2)}{m.group(4)}" if m.group(4) else ""
        swapped = swapped[:m.start()] + f"{m.group(3)}{sep}{m.group(1)}{year}" + swapped[m.end():]
    read = [(p.start, p.end) for p, _ in find_periods(normalise(text), today)]
    other = [(p.start, p.end) for p, _ in find_periods(normalise(swapped), today)]
    used = [s for s in read if s in spans and s not in other]
    alternative = [s for s in other if s not in read]
    if not used or not alternative:
        return "", ""
    said = " and ".join(m.group(0) for m in tokens)
    # a writer of Spanish puts the day first (transactions/query/foreign_words.py): read so, the other order said
    read_as, other_as = ("day/month", "month/day") if writes_day_first(text) else ("month/day", "day/month")
    far = _overlap(used[0], alternative[0]) < 0.5
    note = (f"_I read {said} as {read_as} ({_span_text(*used[0], vi)}); read as {other_as} "
            f"({_span_text(*alternative[0], vi)}) the figure {'would be quite different' if far else 'could differ'}"
            " — say which you meant._")
    return (f"the date {said} {FAR_APART if far and read_as == 'month/day' else 'has two readings'}: {read_as} (used, {used[0][0]}..{used[0][1]}) "
            f"or {other_as} ({alternative[0][0]}..{alternative[0][1]})"), note


def now_reading(text: str, spans: list[tuple[date, date]], today: date, vi: bool, asked: str = "") -> tuple[str, str]:
    """"lately", "these days", "at the moment" answered over the last four weeks (transactions/query/periods_parts:
    the answer's label says so): as of now, or over some longer stretch, could be meant as well — medium at most."""
    if not (m := NOW_RE.search(text)) or (today - timedelta(days=27), today) not in spans \
            or find_periods(NOW_RE.sub(" ", text), today):
        return "", ""
    return (f"“{_as_said(m, asked)}” has no span of its own: the answer read it as the last four weeks "
            f"({today - timedelta(days=27)}..{today})"), ""


def period_cap(reasons: list[str]) -> float:
    """The highest confidence a turn with these period readings can have: medium, or below the escalation threshold
    when a reading would give a very different figure."""
    return FAR_APART_CAP if any(FAR_APART in r for r in reasons) else MEDIUM_CAP


def period_readings(*, question: str, records: list[Any], today: date, language: str) -> tuple[list[str], str]:
    """(reasons, note in the answer's language) for each period of the turn that has two honest readings."""
    spans = _spans(records)
    if not spans:
        return [], ""
    text, vi = _text(question), language == "vi"
    reasons, notes = [], []
    with translation.override("vi" if vi else "en"):
        for reading in (week_reading, quarter_reading, running_against_past, date_order_reading, now_reading):
            why, note = reading(text, spans, today, vi, (question or "").lower())
            if why:
                reasons.append(why)
                notes.append(note)
    return reasons, "\n\n".join(n for n in notes if n)
