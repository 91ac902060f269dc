"""Amounts said in words (issue 21): "over one hundred dollars", "forty-two bucks", "a couple hundred", "two
thousand five hundred", "a few grand". The amount grammar (amounts.find_amounts) reads digits; this turns a run of
number words into its digits where the run is surely an amount or a big count:
- it holds "hundred" or "thousand" ("a couple hundred" = 200, "one hundred and fifty" = 150), or
- a money word follows it ("forty two bucks", "five dollars"), or
- it counts "grand" ("two grand" → "2 grand", which the amount grammar reads).
A small count on its own ("top five", "the last three months", "one of them") is left to the grammars that read it.
Runs of hyphenated words arrive split ("forty-two" → "forty two": grammar.normalise joins no words by hyphens).
"""
from __future__ import annotations

import re

from transactions.query.periods_words import DAY_ORDINALS, MONTH_RE

UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
TEENS = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
         "seventeen": 17, "eighteen": 18, "nineteen": 19}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
# words that count a multiplier only ("a hundred", "a couple hundred", "a few thousand")
LEAD = {"a": 1, "an": 1, "a couple": 2, "couple": 2, "a couple of": 2, "a few": 3, "few": 3}
SCALES = {"hundred": 100, "thousand": 1000, "grand": 1000}
_WORD = "|".join(sorted([*UNITS, *TEENS, *TENS, *SCALES], key=len, reverse=True))
_LEAD = r"(?:a couple of|a couple|couple|a few|few|an?)"
RUN_RE = re.compile(rf"(?<![\w$.,])(?:{_LEAD}\s+(?=(?:hundred|thousand|grand)\b))?(?:(?:{_WORD})\b(?:\s+and(?=\s+(?:{_WORD})\b))?\s*)+")
MONEY_AFTER_RE = re.compile(r"\s*(?:dollars?|bucks|usd|quid|euros?|pounds?)\b")


def _value(words: list[str]) -> int | None:
    """The number a run of number words says; None when the words are no number ("ten twenty", "five four")."""
    total, current, last = 0, 0, ""
    for word in words:
        if word in LEAD:
            current, last = LEAD[word], "unit"
        elif word in UNITS:
            if last in ("unit", "teen"):
                return None
            current, last = current + UNITS[word], "unit"
        elif word in TEENS:
            if last in ("unit", "teen", "tens"):
                return None
            current, last = current + TEENS[word], "teen"
        elif word in TENS:
            if last in ("unit", "teen", "tens"):
                return None
            current, last = current + TENS[word], "tens"
        elif word == "hundred":
            if last == "hundred":
                return None
            current, last = (current or 1) * 100, "hundred"
        else:  # thousand, grand
            if last == "thousand":
                return None
            total, current, last = total + (current or 1) * 1000, 0, "thousand"
    return total + current


def _said(m: re.Match, text: str) -> str:
    run = m.group(0)
    words = re.findall(r"a couple of|a couple|a few|[a-z]+", run)
    words = [w for w in words if w != "and"]
    scaled = any(w in ("hundred", "thousand") for w in words)
    grand = words[-1] == "grand"
    money = MONEY_AFTER_RE.match(text, m.end()) is not None
    if not (scaled or grand or money) or not any(w in UNITS or w in TEENS or w in TENS or w in SCALES for w in words):
        return run
    if grand:
        value = _value(words[:-1] or ["a"])
        return run if value is None else f"{value} grand "
    value = _value(words)
    return run if value is None else f"{value} "


# the British notes said by their names ("over a fiver", "under a tenner"): that many pounds
NOTES = {"fiver": 5, "tenner": 10}
NOTE_RE = re.compile(r"\b(?:a\s+)?(fiver|tenner)\b")


def numbers_said(text: str) -> str:
    """The normalised text with amounts said in words as digits: "over one hundred dollars" → "over 100 dollars",
    "forty two bucks" → "42 bucks", "a couple hundred" → "200", "a tenner" → "10 quid"; and numbers that stand where
    only a number can — a quarter ("q four" → "q4") and a year said as two pairs ("twenty twenty five" → "2025").
    Other text is kept."""
    text = NOTE_RE.sub(lambda m: f"{NOTES[m.group(1)]} quid", years_and_quarters_said(text))
    return RUN_RE.sub(lambda m: _said(m, text), text)


def years_and_quarters_said(text: str) -> str:
    """A quarter and a year said in words, as digits: "q four" → "q4", "twenty twenty five" → "2025"."""
    return YEAR_RE.sub(_year, QUARTER_RE.sub(lambda m: f"q{UNITS[m.group(1)]}", text))


# a quarter by its number, as dictation writes "Q4" ("q four", "q. two"); "quarter four" is the grammar's own
QUARTER_RE = re.compile(r"\bq\.?\s*(one|two|three|four)\b")
# a year said in two pairs: "twenty twenty five", "twenty nineteen", "twenty oh nine" (2009); a year has no other
# reading of "twenty" followed by a number of ten or more ("twenty five" alone stays 25)
_PAIR = "|".join([*TEENS, *TENS])
YEAR_RE = re.compile(rf"\b(?P<c>nineteen|twenty)\s+(?:(?P<pair>{_PAIR})(?:[\s-]+(?P<unit>{'|'.join(UNITS)}))?"
                     rf"|(?:oh|o|zero)\s+(?P<single>{'|'.join(UNITS)}))\b(?!\s*(?:dollars?|bucks|usd|quid|euros?|pounds?)\b)")


def _year(m: re.Match) -> str:
    century = 1900 if m.group("c") == "nineteen" else 2000
    if m.group("single"):
        return str(century + UNITS[m.group("single")])
    pair = TEENS.get(m.group("pair")) or TENS[m.group("pair")]
    if m.group("unit") and m.group("pair") in TEENS:
        return m.group(0)  # "twenty fifteen four": no year
    return str(century + pair + (UNITS[m.group("unit")] if m.group("unit") else 0))


_ORD = "|".join(sorted((re.escape(w).replace(r"\ ", r"[\s-]") for w in DAY_ORDINALS), key=len, reverse=True))
# after a month ("june fifteenth"), before "of" and a month ("the fifteenth of june"), or the end of a span whose
# start was a day ("august 1st through the tenth")
DAY_WORD_RE = re.compile(rf"(?P<pre>\b(?:{MONTH_RE}) |\d(?:st|nd|rd|th) (?:through|thru|to|till|until|and) the )(?P<a>{_ORD})\b"
                         rf"|\b(?P<b>{_ORD})(?= of (?:{MONTH_RE})\b)")


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def day_words_said(text: str) -> str:
    """Days of the month said as ordinal words, as digits: "june fifteenth" → "june 15th", "august first through the
    tenth" → "august 1st through the 10th". Ordinals not beside a month ("the first one", "second biggest") stay."""
    def digits(m: re.Match) -> str:
        word = re.sub(r"[\s-]+", " ", m.group("a") or m.group("b"))
        return (m.group("pre") or "") + _ordinal(DAY_ORDINALS[word])
    return DAY_WORD_RE.sub(digits, DAY_WORD_RE.sub(digits, text))  # twice: "august first through the tenth"
