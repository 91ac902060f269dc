"""Days of the week a question limits to ("on weekends", "fridays", "cuối tuần"), and the weekend that is one event
("my ski weekend"), which limits to no days."""
from __future__ import annotations

import re

WEEKDAYS = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6}
WEEKDAY_RE = re.compile(r"\b(?:on |during |over )?(?:the )?(weekends?|weekdays?|workdays?|(?:mon|tues|wednes|thurs|fri|satur|sun)"
                        r"days?)\b|\b(?:cuoi tuan)\b")


# read backwards from the end of "weekend": "<the|my|our|that> <word> weekend", where <word> is no word of time
# ("the long weekend" and "this weekend" stay days of the week)
EVENT_WEEKEND_RE = re.compile(r"dnekeew\s+(?!(?:gnol|eritne|elohw|tsal|tsap|txen|siht|taht|tsrif|dnoces|tsiht)\b)"
                              r"[a-z'-]{3,}\s+(?:eht|ym|ruo|taht|a|reh|sih|rieht)\b")


def find_weekdays(text: str) -> tuple[list[int], list[tuple[int, int]]]:
    """Days of the week the question limits to ("on weekends", "fridays"): 0 = Monday … 6 = Sunday."""
    days: list[int] = []
    spans = []
    for m in WEEKDAY_RE.finditer(text):
        if EVENT_WEEKEND_RE.match(text[:m.end()][::-1]):
            continue  # "the bachelor weekend", "my ski weekend": one event, not every Saturday and Sunday
        word = (m.group(1) or "weekend").rstrip("s")
        if word == "weekend" or "cuoi tuan" in m.group(0):
            found = [5, 6]
        elif word in ("weekday", "workday"):
            found = [0, 1, 2, 3, 4]
        else:
            found = [WEEKDAYS[word]] if word in WEEKDAYS else []
        days += [d for d in found if d not in days]
        spans.append(m.span())
    return sorted(days), spans
