"""Dates as people read them (core/web/dates.py): pure functions, no database."""
from datetime import date

from core.web.dates import day_and_relative, day_label, relative_day

TODAY = date(2026, 11, 23)  # a Monday


def test_day_label_reads_like_a_calendar():
    assert day_label(date(2026, 12, 1), today=TODAY) == "Tue 1 Dec"
    assert day_label("2026-11-23", today=TODAY) == "Mon 23 Nov"
    assert day_label("2027-02-03", today=TODAY) == "Wed 3 Feb 2027"  # another year says which


def test_day_label_keeps_what_it_cannot_read():
    assert day_label("not a date", today=TODAY) == "not a date"
    assert day_label(None, today=TODAY) == ""


def test_relative_day_words():
    assert relative_day(TODAY, today=TODAY) == "today"
    assert relative_day(date(2026, 11, 24), today=TODAY) == "tomorrow"
    assert relative_day(date(2026, 11, 22), today=TODAY) == "yesterday"
    assert relative_day(date(2026, 12, 2), today=TODAY) == "in 9 days"
    assert relative_day(date(2026, 11, 20), today=TODAY) == "3 days ago"
    assert relative_day(date(2027, 2, 23), today=TODAY) == "in 3 months"
    assert relative_day(date(2026, 6, 1), today=TODAY) == "5 months ago"


def test_day_and_relative():
    assert day_and_relative(date(2026, 12, 2), today=TODAY) == "Wed 2 Dec (in 9 days)"
    assert day_and_relative(date(2026, 11, 24), today=TODAY) == "Tomorrow, Tue 24 Nov"
    assert day_and_relative("", today=TODAY) == ""

