"""One occasion of the rows the last answer listed: "just the latest trip", "only the most recent visit", "chuyến gần
nhất thôi". A trip is not a row: a flight and its bag fee, or two receipts of one shop on one day, are one
occasion. Among the rows the answer showed, the occasion of the newest (oldest) one is the rows on its day and the
rows that carry its reference number (a ticket or order number of six digits or more) within a fortnight of it; the
edit asks the total over those days. "including the bag fee" then names a part of the occasion, no filter."""
from __future__ import annotations

import re
from datetime import date

from core.periods import Period, fmt_day
from transactions.query.followups_base import Edit, _State
from transactions.query.lexicon import UNIT_NOUN_RE

OCCASION_RE = re.compile(r"\b(?:the|my|our|that)\s+(?P<which>first|earliest|very first|last|latest|most recent|final|newest)"
                         r"\s+(?:trip|visit|stay|journey|flight|outing|run)\b"
                         r"|\bchuyen (?P<vi>dau tien|gan nhat|cuoi cung|moi nhat|cuoi)\b")
REFERENCE_RE = re.compile(r"\d{6,}")
FORTNIGHT = 14
# "incl. bag fee", "including the bag fee", "with the seat fee": a part of the occasion said
INCLUDING_RE = re.compile(r"\b(?:incl\.?|including|included|inc\.?|with|plus|bao gom|ca)\s+(?:the\s+|its\s+|phi\s+)?"
                          r"(?P<words>[a-z]+(?:\s+[a-z]+)?)")


def _occasion_rows(rows: list[dict], earliest: bool) -> list[dict]:
    dated = [r for r in rows if r.get("date") and r.get("amount") is not None]
    if len(dated) < 2:
        return []
    dated.sort(key=lambda r: str(r["date"]), reverse=not earliest)
    anchor = dated[0]
    day = date.fromisoformat(str(anchor["date"])[:10])
    refs = set(REFERENCE_RE.findall(str(anchor.get("description") or "")))
    out = []
    for r in dated:
        d = date.fromisoformat(str(r["date"])[:10])
        shared = refs & set(REFERENCE_RE.findall(str(r.get("description") or "")))
        if d == day or (shared and abs((d - day).days) <= FORTNIGHT):
            out.append(r)
    return out


def _latest_occasion(text: str, s: _State) -> Edit:
    m = OCCASION_RE.search(text)
    rows = s.shown.get("rows") or []
    if not m or s.previous.compare or s.previous.measure != "list" or not rows:
        return None
    earliest = (m.group("which") or "") in ("first", "earliest", "very first") or m.group("vi") == "dau tien"
    count = s.shown.get("count")
    if earliest and not (isinstance(count, int) and count <= len(rows)):
        return None  # the oldest rows were not shown
    occasion = _occasion_rows(rows, earliest)
    if len(occasion) < 2:
        return None  # one row is the occasion: the latest (first) row (followups._one_time)
    days = sorted(date.fromisoformat(str(r["date"])[:10]) for r in occasion)
    q = s.query()
    label = fmt_day(days[0]) if days[0] == days[-1] else f"{fmt_day(days[0])} – {fmt_day(days[-1])}"
    q.period = Period(days[0], days[-1], label, "range")
    q.measure, q.limit, q.offset, q.per, q.months, q.group_by = "total", None, 0, None, None, None
    spans = [m.span(), *(n.span() for n in UNIT_NOUN_RE.finditer(text))]
    words = " ".join(str(r.get("description") or "").lower() for r in occasion)
    for inc in INCLUDING_RE.finditer(text):
        if all(w in words for w in inc.group("words").split()):
            spans.append(inc.span())  # "incl. bag fee": a row of the occasion, said as part of it
    return q, spans
