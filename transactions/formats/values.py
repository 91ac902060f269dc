"""Values as statements write them: text encodings, money amounts and dates (with or without a year).

Pure functions, no database. Every reader (CSV, spreadsheets, QIF, PDF, MT940) uses these, so an amount or a
date is read the same way whatever the file.
"""
from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from charset_normalizer import from_bytes

from core.errors import DomainError
from core.text import decode_first, strip_accents

CURRENCY_SYMBOLS = {"€": "EUR", "£": "GBP", "¥": "JPY", "₫": "VND", "₹": "INR", "₩": "KRW", "₱": "PHP", "฿": "THB"}
# Currency names banks print beside a balance or in an account header ("Valuta: LEI").
CURRENCY_WORDS = {"lei": "RON", "euro": "EUR", "euros": "EUR", "eur": "EUR", "dong": "VND", "vnd": "VND"}
CURRENCY_CODES = {"USD", "EUR", "GBP", "AUD", "NZD", "CAD", "ZAR", "VND", "JPY", "INR", "SGD", "CHF", "HKD", "SEK",
                  "NOK", "DKK", "PLN", "MXN", "BRL", "KRW", "PHP", "THB", "IDR", "MYR", "CNY", "RON", "CZK", "HUF",
                  "BGN", "TRY"}
# Currencies of countries that write the month first (3/14/2026): used only when the file names its currency
# and its own dates cannot settle day/month order.
MONTH_FIRST_CURRENCIES = {"USD", "PHP"}
DATE_FORMAT_ALIASES = {
    "DMY": ("%d/%m/%Y", "%d/%m/%y"), "MDY": ("%m/%d/%Y", "%m/%d/%y"), "YMD": ("%Y/%m/%d",), "ISO": ("%Y/%m/%d",),
}
NUMERIC_DATE = re.compile(r"^\s*(\d{1,4})[/.\-](\d{1,2})[/.\-](\d{1,4})\s*$")
# "02/07", "2.7." (card statements print the year once, in the statement period)
DAY_MONTH = re.compile(r"^\s*(\d{1,2})[/.\-](\d{1,2})\.?\s*$")
_TEXT_DATE_FORMATS = ("%d %b %Y", "%d %B %Y", "%b %d %Y", "%B %d %Y", "%d %b %y", "%Y%m%d", "%d%b%Y",
                      "%b %d, %Y", "%B %d, %Y", "%a %d %b %Y", "%d %b, %Y")
_TEXT_DAY_MONTH = ("%d %b", "%d %B", "%b %d", "%B %d")
_MONEY_STRIP = re.compile(r"[\s\u00a0'’]")
_PLAIN_NUMBER = re.compile(r"-?\d+(\.\d{1,2})?")
_MONEY_NUMBER = re.compile(r"\d+(\.\d+)?|\.\d+")
_THOUSANDS_COMMA = re.compile(r",\d{3}$")

# File signatures of things people pick by mistake instead of their statement export.
_BINARY_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"), (b"GIF8", "a GIF image"),
    (b"%PDF", "a PDF document"), (b"PK\x03\x04", "a ZIP archive (or an Excel .xlsx workbook)"),
    (b"\xd0\xcf\x11\xe0", "an old Excel/Office document"), (b"\x1f\x8b", "a gzip archive"),
)
READABLE = "Moneta reads CSV, OFX/QFX, QIF, CAMT.053, MT940, Excel (XLSX/XLS) and PDF statements"
_CONTROL_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def norm_header(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", strip_accents(str(text).lower()))


def _looks_utf16(content: bytes) -> str | None:
    """UTF-16 without a byte-order mark: ASCII text has a NUL in every other byte."""
    sample = content[:4096]
    if len(sample) < 8:
        return None
    even, odd = sample[0::2], sample[1::2]
    if odd.count(0) > 0.8 * len(odd) and even.count(0) < 0.05 * len(even):
        return "utf-16-le"
    if even.count(0) > 0.8 * len(even) and odd.count(0) < 0.05 * len(odd):
        return "utf-16-be"
    return None


def _legacy_encoding(content: bytes) -> str:
    """A file that is not UTF-8: charset-normalizer's best guess among the single-byte code pages banks use,
    Windows-1252 (a superset of Latin-1 for text) when it has none."""
    best = from_bytes(content[:65536], cp_isolation=["cp1252", "latin_1", "iso8859_15", "cp1250", "iso8859_2",
                                                     "cp1251", "cp1258", "mac_roman", "cp850"]).best()
    encoding = best.encoding if best is not None else "cp1252"
    return "cp1252" if encoding in ("latin_1", "iso8859_15", "ascii") else encoding


def text_decode(content: bytes, *, file_name: str = "the file") -> str:
    """Bytes → text: UTF-8 (with or without BOM), UTF-16/32 (BOM or not), else the detected single-byte code
    page (Windows-1252, Latin-1, Central European…). Raises DomainError naming the problem for binary files."""
    for signature, what in _BINARY_SIGNATURES:
        if content.startswith(signature):
            raise DomainError(f"{file_name} looks like {what}, not a bank statement; {READABLE}.",
                              code="bad_file", details={"field": "file"})
    if content.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        encodings: tuple[str, ...] = ("utf-32",)
    elif content.startswith((b"\xff\xfe", b"\xfe\xff")):
        encodings = ("utf-16",)
    elif guessed := _looks_utf16(content):
        encodings = (guessed,)
    else:
        encodings = ("utf-8-sig",)
    text = decode_first(content, encodings)
    if text is None:
        if encodings[0].startswith("utf-16") or encodings[0] == "utf-32":
            raise DomainError(f"{file_name} claims to be {encodings[0].upper()} text but is not valid "
                              f"{encodings[0].upper()}; save it as UTF-8 CSV.", code="bad_encoding",
                              details={"field": "file", "encoding": encodings[0]})
        text = decode_first(content, (_legacy_encoding(content), "cp1252")) or content.decode("latin-1")
    text = text.lstrip("\ufeff")
    sample = text[:8192]
    if sample and len(_CONTROL_CHARS.findall(sample)) > max(8, len(sample) // 50):
        raise DomainError(f"{file_name} is a binary file, not a text statement; {READABLE}.", code="bad_file",
                          details={"field": "file"})
    return text


def money_parse(raw: str, *, decimal_comma: bool) -> tuple[Decimal, str | None]:
    """'(1.234,56 €)' → (-1234.56, 'EUR'). Raises ValueError with a reason."""
    text = (raw or "").strip()
    if not text:
        raise ValueError("is empty")
    if _PLAIN_NUMBER.fullmatch(text) and not decimal_comma:
        value = Decimal(text)
        return (value.quantize(Decimal("0.01")) if value.as_tuple().exponent < -2 else value), None  # type: ignore[operator]
    currency = None
    for symbol, code in CURRENCY_SYMBOLS.items():
        if symbol in text:
            currency = code
            text = text.replace(symbol, "")
    upper = text.upper()
    for code in CURRENCY_CODES:
        if code in upper:
            currency = code
            upper = upper.replace(code, "")
    text = upper.replace("$", "").replace("R ", "")
    negative = False
    text = _MONEY_STRIP.sub("", text)
    if text.startswith("(") and text.endswith(")"):
        negative, text = True, text[1:-1]
    if text.endswith("DR"):
        negative, text = True, text[:-2]
    elif text.endswith("CR"):
        text = text[:-2]
    if text.endswith("-"):
        negative, text = True, text[:-1]
    if text.startswith("-"):
        negative, text = not negative, text[1:]
    elif text.startswith("+"):
        text = text[1:]
    if decimal_comma:
        text = text.replace(".", "").replace(",", ".")
    elif "," in text and "." in text:
        if text.rfind(",") > text.rfind("."):
            text = text.replace(".", "").replace(",", ".")
        else:
            text = text.replace(",", "")
    elif "," in text:
        text = text.replace(",", "") if _THOUSANDS_COMMA.search(text) else text.replace(",", ".")
    if not _MONEY_NUMBER.fullmatch(text) or len(text) > 40:
        raise ValueError(f"is not a number ({raw.strip()[:40]!r})")
    try:
        value = Decimal(text)
    except InvalidOperation as exc:
        raise ValueError(f"is not a number ({raw.strip()[:40]!r})") from exc
    if value.as_tuple().exponent < -2:  # type: ignore[operator]
        value = value.quantize(Decimal("0.01"))
    return (-value if negative else value), currency


_COMMA_DECIMAL_END = re.compile(r",\d{1,2}\)?(\D*)$")
_DOT_DECIMAL_END = re.compile(r"\.\d{1,2}\)?\D*$")
_DOT_THOUSANDS_COMMA = re.compile(r"\d\.\d{3},")


def decimal_comma_detect(values: list[str]) -> bool:
    comma = dot = 0
    for v in values:
        v = _MONEY_STRIP.sub("", v or "")
        dot_end = _DOT_DECIMAL_END.search(v)
        if _COMMA_DECIMAL_END.search(v) and not dot_end:
            comma += 1
        if dot_end:
            dot += 1
        if _DOT_THOUSANDS_COMMA.search(v):
            comma += 1
    return comma > dot


def _ambiguous(sample: str):
    return DomainError(
        f"The dates in this file could be day/month or month/day (e.g. {sample!r}); import it again with "
        "date_format=DMY (day first) or date_format=MDY (month first).",
        code="ambiguous_date_format", details={"field": "date", "example": sample, "choices": ["DMY", "MDY"]})


def date_formats_for(values: list[str], date_format: str | None, *, currency: str | None = None
                     ) -> tuple[tuple[str, ...], str, str]:
    """The strptime formats for the file's dates → (formats, key, reason). `reason` is "" when the dates settle
    the order (a day above 12) and says why otherwise; DomainError when nothing settles D/M vs M/D."""
    if date_format:
        key = date_format.strip().upper()
        if key in DATE_FORMAT_ALIASES:
            return DATE_FORMAT_ALIASES[key], key, ""
        if "%" in date_format and len(date_format) <= 40:
            probe = datetime(2026, 1, 31, 13, 45, 59)
            try:
                written = probe.strftime(date_format)
                if datetime.strptime(written, date_format).date() != probe.date():
                    raise ValueError
            except (ValueError, TypeError, re.error) as exc:  # "%Y%Y": strptime's regex refuses a repeated field
                raise DomainError(f"The date format {date_format!r} cannot read a date (it must name the day, the "
                                  "month and the year once each, e.g. %d/%m/%Y).", code="bad_date_format",
                                  details={"field": "date_format"}) from exc
            return (date_format,), date_format, ""
        raise DomainError(f"Unknown date format {date_format[:40]!r}: use DMY, MDY, YMD or a strptime pattern like "
                          "%d/%m/%Y.", code="bad_date_format", details={"field": "date_format"})
    first_gt12 = second_gt12 = year_first = numeric = same = 0
    first_unpadded = second_padded = 0
    for raw in values:
        text = raw.replace(" ", "") if raw else ""
        m = NUMERIC_DATE.match(text) or DAY_MONTH.match(text)
        if not m:
            continue
        numeric += 1
        a, b = m.group(1), m.group(2)
        if len(a) == 4:
            year_first += 1
            continue
        if int(a) > 12:
            first_gt12 += 1
        if int(b) > 12:
            second_gt12 += 1
        if a.lstrip("0") == b.lstrip("0"):
            same += 1
        first_unpadded += len(a) == 1
        second_padded += len(b) == 2 and b.startswith("0")
    if not numeric or year_first == numeric:
        return DATE_FORMAT_ALIASES["YMD"], "YMD" if numeric else "text", ""
    if first_gt12 and not second_gt12:
        return DATE_FORMAT_ALIASES["DMY"], "DMY", ""
    if second_gt12 and not first_gt12:
        return DATE_FORMAT_ALIASES["MDY"], "MDY", ""
    if first_gt12 and second_gt12:
        raise DomainError(
            "The dates in this file mix day-first and month-first forms; tell Moneta the format (date_format=DMY "
            "or MDY).", code="ambiguous_date_format", details={"field": "date", "choices": ["DMY", "MDY"]})
    if same == numeric - year_first:
        return DATE_FORMAT_ALIASES["DMY"], "DMY", ""  # 1/1, 5/5…: both orders give the same dates
    if first_unpadded and second_padded:
        # "8/02/2016": the second number is zero-padded and the first is not — the M/DD/YYYY of US exports;
        # day-first locales pad both (08/02) or neither (8/2).
        return DATE_FORMAT_ALIASES["MDY"], "MDY", "the month is written without a leading zero and the day with one"
    if currency and currency.upper() in MONTH_FIRST_CURRENCIES:
        return DATE_FORMAT_ALIASES["MDY"], "MDY", f"the file's currency is {currency.upper()}"
    sample = next((v for v in values if NUMERIC_DATE.match(v or "") or DAY_MONTH.match(v or "")), "")
    raise _ambiguous(sample)


@lru_cache(maxsize=100_000)
def date_parse(raw: str, formats: tuple[str, ...]) -> date:
    """Cached: a statement has a few hundred distinct dates in tens of thousands of rows. A date without a year
    ("02/07") comes back in year 2000 (a leap year, so 29/02 reads); `year_apply` gives it its real year."""
    text = (raw or "").strip()
    if not text:
        raise ValueError("is empty")
    # Drop a time part ("2026-03-01 14:22:00", "2026-03-01T14:22").
    text = re.split(r"[T ](?=\d{1,2}:\d{2})", text)[0].strip()
    m = NUMERIC_DATE.match(text)
    if m is None and (dm := DAY_MONTH.match(text)):
        m = NUMERIC_DATE.match(f"{dm.group(1)}/{dm.group(2)}/2000")
    if m:
        norm = "/".join(m.groups())
        for fmt in formats:
            try:
                return datetime.strptime(norm, fmt).date()
            except ValueError:
                continue
        if len(m.group(1)) == 4:
            try:
                return datetime.strptime(norm, "%Y/%m/%d").date()
            except ValueError:
                pass
        raise ValueError(f"is not a valid date ({raw.strip()[:40]!r})")
    spaced = text.replace("-", " ").replace(",", ", ").replace(",  ", ", ").rstrip(".")
    for fmt in formats + _TEXT_DATE_FORMATS:
        for candidate in (spaced, text):
            try:
                return datetime.strptime(candidate, fmt).date()
            except ValueError:
                continue
    for fmt in _TEXT_DAY_MONTH:
        try:
            return datetime.strptime(f"{spaced} 2000", f"{fmt} %Y").date()
        except ValueError:
            continue
    raise ValueError(f"is not a recognisable date ({raw.strip()[:40]!r})")


@lru_cache(maxsize=10_000)
def date_has_year(raw: str) -> bool:
    text = (raw or "").strip()
    if DAY_MONTH.match(text):
        return False
    return not any(_strptime_ok(f"{text.replace('-', ' ')} 2000", f"{fmt} %Y") for fmt in _TEXT_DAY_MONTH)


def _strptime_ok(text: str, fmt: str) -> bool:
    try:
        datetime.strptime(text, fmt)
    except ValueError:
        return False
    return True


def year_apply(day: date, reference: date) -> date:
    """A date printed without a year, on a statement issued on `reference`: the latest such date not after the
    reference (a 20 Dec row on a statement of 15 Jan is last year's)."""
    for year in (reference.year, reference.year - 1):
        try:
            candidate = day.replace(year=year)
        except ValueError:  # 29 Feb in a common year
            continue
        if candidate <= reference:
            return candidate
    return day.replace(year=reference.year - 1, day=min(day.day, 28))


_FULL_DATE = re.compile(r"\b(\d{1,2})[/.\- ]([A-Za-z]{3,9}|\d{1,2})[/.\- ,]+(\d{4}|\d{2})\b")


def statement_reference_date(text: str) -> date | None:
    """The latest full date written in a statement's text outside its table (statement date, period end,
    payment due date): dates printed without a year belong to the year before it."""
    found: list[date] = []
    for d, m, y in _FULL_DATE.findall(text):
        year = int(y) + (2000 if len(y) == 2 else 0)
        for fmt in ("%d %m %Y", "%d %b %Y", "%d %B %Y"):
            try:
                found.append(datetime.strptime(f"{int(d)} {m[:3] if fmt == '%d %b %Y' else m} {year}", fmt).date())
                break
            except ValueError:
                continue
    plausible = [d for d in found if 1990 <= d.year <= date.today().year + 1]
    return max(plausible, default=None)


def currency_in_text(text: str) -> str | None:
    """The first currency a piece of text names: an ISO code (EUR), a symbol (€) or a word (lei)."""
    for token in re.findall(r"[A-Za-z]{3,5}|[€£¥₫₹₩₱฿]", text or ""):
        if token.upper() in CURRENCY_CODES and (token.isupper() or token.lower() in CURRENCY_WORDS):
            return token.upper()
        if token in CURRENCY_SYMBOLS:
            return CURRENCY_SYMBOLS[token]
        if token.lower() in CURRENCY_WORDS:
            return CURRENCY_WORDS[token.lower()]
    return None
