"""Amount bounds said in a money question ("over $50", "between 10 and 20", "$100+", "20 bucks or less"), in English and
Vietnamese, over normalised text (grammar.normalise); each bound comes with the character spans it used."""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

_NUMBER = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)\s*(k|grand|nghin|ngan|trieu|tr)?\b"
# the words of a currency after an amount ("20 bucks", "fifty quid", "5 pounds", "200 đô"): the one home of them here
CURRENCY = r"usd|dollars?|bucks|do|dong|vnd|eur|euros?|quid|pounds?|gbp|sterling"
_CUR = rf"(?:\s*(?:\$|€|£|{CURRENCY}))?"
AMOUNT = rf"(?:\$|€|£)?\s*{_NUMBER}{_CUR}"
OVER = r"no less than|not less than|over|above|more than|greater than|at least|exceeding|bigger than|larger than|>=?|tren|hon|lon hon|nhieu hon|it nhat"
UNDER = r"no more than|not more than|under|below|less than|at most|cheaper than|smaller than|up to|<=?|duoi|it hon|nho hon|khong qua|toi da"


def to_amount(number: str, suffix: str | None) -> Decimal | None:
    raw = number.replace(",", "") if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", number) else number.replace(",", ".")
    try:
        value = Decimal(raw)
    except InvalidOperation:
        return None
    if suffix in ("k", "grand", "nghin", "ngan"):
        value *= 1000
    elif suffix in ("tr", "trieu"):
        value *= 1_000_000
    return value


def find_amounts(text: str) -> tuple[Decimal | None, Decimal | None, list[tuple[int, int]]]:
    """(minimum, maximum, spans) of the amount bounds the text states ("over $50", "between 10 and 20")."""
    spans: list[tuple[int, int]] = []
    low = high = None
    between = re.search(rf"\b(?:between|from|tu|giua)\s+{AMOUNT}\s*(?:and|to|-|–|den|va|toi)\s*{AMOUNT}", text)
    if between:
        a, b = to_amount(between.group(1), between.group(2)), to_amount(between.group(3), between.group(4))
        if a is not None and b is not None:
            return min(a, b), max(a, b), [between.span()]
    dash = re.search(rf"(?:\$|€|£)\s*{_NUMBER}\s*(?:-|–|to)\s*(?:\$|€|£)\s*{_NUMBER}", text)
    if dash:
        a, b = to_amount(dash.group(1), dash.group(2)), to_amount(dash.group(3), dash.group(4))
        if a is not None and b is not None:
            return min(a, b), max(a, b), [dash.span()]
    over = re.search(rf"(?:\b(?:{OVER})\b|(?<!\w)>=?)\s*{AMOUNT}", text)
    if over and (re.search(rf"[$€£]|\d\s*(?:k|{CURRENCY})\b", over.group(0))
                 or re.match(r"\s*(?:no less than|not less than|over|above|more than|greater than|at least|exceeding|"
                             r"tren|>)", over.group(0))):
        low = to_amount(over.group(1), over.group(2))
        spans.append(over.span())
    else:
        # "$100+", "100+ dollars", "$50 and up", "20 bucks or more": that amount and over
        plus = re.search(rf"(?:\$|€|£)\s*{_NUMBER}\s*(?:\+|(?:and|or) (?:up|over|more|above)\b)|\b{_NUMBER}\s*(?:\+\s*)?"
                         rf"(?:\$|{CURRENCY})?\s*(?:\+|(?:and|or) (?:up|over|more|above)"
                         rf"\b)", text)
        if plus and (plus.group(0).strip().startswith(("$", "€", "£")) or re.search(
                rf"\+|\b(?:{CURRENCY})\b|\d\s*(?:k|nghin|ngan|trieu|tr)\b", plus.group(0))):
            number, suffix = (plus.group(1), plus.group(2)) if plus.group(1) else (plus.group(3), plus.group(4))
            low = to_amount(number, suffix)
            spans.append(plus.span())
    under = re.search(rf"(?:\b(?:{UNDER})\b|(?<!\w)<=?)\s*{AMOUNT}", text)
    if not under:
        # "$20 or less", "30 bucks and under": that amount and under
        under = re.search(rf"(?:(?:\$|€|£)\s*)?{_NUMBER}{_CUR}\s*(?:or|and) (?:less|under|below|lower)\b", text)
        under = under if under and re.search(rf"[$€£]|\b(?:{CURRENCY})\b|"
                                             r"\d\s*(?:k|nghin|ngan|trieu|tr)\b", under.group(0)) else None
    if under:
        bound = to_amount(under.group(1), under.group(2))
        if spans and spans[0][0] < under.end() and under.start() < spans[0][1]:
            # one phrase read twice ("no more than $30" holds "more than $30"): the longer reading is what was said
            if under.start() < spans[0][0]:
                low, spans = None, []
            else:
                return low, high, spans
        high = bound
        spans.append(under.span())
    return low, high, spans
