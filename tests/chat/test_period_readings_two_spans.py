"""chat/period_readings.py: "last week" and "last quarter" are one shape — a said period with a calendar reading and a
rolling one; the reading the tools ran is said, with the other, and the reason keeps the answer at medium. These pin
the reason and the note of each (both branches, English and Vietnamese) so the two share one helper without a word
changing. Pure functions: no database."""
from __future__ import annotations

from datetime import date

import pytest

from chat.period_readings import _text, quarter_reading, week_reading

TODAY = date(2026, 11, 25)  # a Wednesday, the second month of a quarter: both words have two different readings
WEEK_CAL, WEEK_ROLL = (date(2026, 11, 16), date(2026, 11, 22)), (date(2026, 11, 19), date(2026, 11, 25))
QTR_CAL, QTR_ROLL = (date(2026, 7, 1), date(2026, 9, 30)), (date(2026, 8, 1), date(2026, 10, 31))
WEEK_WHY = ("“{}” has two readings (Monday to Sunday, or the last 7 days) and the question does not say which: "
            "the answer used {}")
QTR_WHY = ("“{}” has two readings (the last calendar quarter, or the last three months) and the question does not "
           "say which: the answer used {}")


def _read(reading, question: str, spans, vi: bool = False, today: date = TODAY):
    return reading(_text(question), spans, today, vi, question.lower())


def test_last_week_read_as_the_calendar_week_says_the_last_seven_days_could_differ():
    why, note = _read(week_reading, "Uber over the previous week", [WEEK_CAL])
    assert why == WEEK_WHY.format("previous week", "2026-11-16..2026-11-22")
    assert note == ("_I read “previous week” as the calendar week, Monday to Sunday (16 Nov – 22 Nov 2026); the last "
                    "7 days (19 Nov – 25 Nov 2026) could differ._")


def test_last_week_read_as_seven_days_says_the_calendar_week_could_differ_in_vietnamese():
    why, note = _read(week_reading, "tuần vừa rồi uber", [WEEK_ROLL], vi=True)
    assert why == WEEK_WHY.format("tuần vừa rồi", "2026-11-19..2026-11-25")
    assert note == ("_Tôi hiểu “tuần vừa rồi” là 7 ngày gần nhất (19 Nov – 25 Nov 2026); tuần lịch, thứ Hai đến "
                    "Chủ nhật (16 Nov – 22 Nov 2026), có thể khác._")


def test_last_quarter_either_reading_is_said_with_the_other():
    why, note = _read(quarter_reading, "dining the past quarter", [QTR_ROLL])
    assert why == QTR_WHY.format("past quarter", "2026-08-01..2026-10-31")
    assert note == ("_I read “past quarter” as the last three months (1 Aug – 31 Oct 2026); the last calendar quarter "
                    "(1 Jul – 30 Sep 2026) could differ — say which you meant._")
    why, note = _read(quarter_reading, "quý vừa rồi ăn uống", [QTR_CAL], vi=True)
    assert why == QTR_WHY.format("quý vừa rồi", "2026-07-01..2026-09-30")
    assert note == ("_Tôi hiểu “quý vừa rồi” là quý lịch vừa rồi (1 Jul – 30 Sep 2026); ba tháng gần nhất "
                    "(1 Aug – 31 Oct 2026) có thể khác._")


@pytest.mark.parametrize("reading,question,spans,today", [
    (week_reading, "uber over the previous week", [WEEK_CAL, WEEK_ROLL], TODAY),  # both ran: nothing to say
    (week_reading, "uber over the previous week", [], TODAY),
    (week_reading, "uber last week, monday to sunday", [WEEK_CAL], TODAY),  # pinned by its days
    (quarter_reading, "dining the past quarter", [QTR_CAL, QTR_ROLL], TODAY),
    (quarter_reading, "dining last quarter", [QTR_CAL], date(2026, 10, 5)),  # a quarter's first month: one reading
    (quarter_reading, "dining last quarter, the 3 months", [QTR_ROLL], TODAY),
])
def test_a_period_with_one_reading_says_nothing(reading, question, spans, today):
    assert _read(reading, question, spans, today=today) == ("", "")
