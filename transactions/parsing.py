"""Statement parsing: bank CSV exports and OFX/QFX → rows, or every bad row with line, field and reason.

No database here. `statement_parse` returns a `ParsedStatement`; the import service decides what to do
with errors (nothing is stored when there are any).
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from core.errors import DomainError
from core.text import decode_first, strip_accents

MAX_REPORTED_ERRORS = 100

HEADER_SYNONYMS: dict[str, tuple[str, ...]] = {
    "date": ("date", "transactiondate", "transdate", "txndate", "posted", "posteddate", "postingdate", "postdate",
             "bookingdate", "valuedate", "dateposted", "completeddate", "startedDate".lower(), "ngay",
             "ngaygiaodich", "datum", "buchungstag", "fecha"),
    "description": ("description", "narrative", "transactiondescription", "details", "transactiondetails",
                    "particulars", "payee", "merchant", "merchantname", "name", "memo", "reference", "text",
                    "mota", "noidung", "diengiai", "verwendungszweck", "concepto", "libelle"),
    "amount": ("amount", "transactionamount", "value", "sum", "amt", "netamount", "sotien", "betrag", "importe",
               "montant"),
    "debit": ("debit", "debits", "debitamount", "withdrawal", "withdrawals", "moneyout", "paidout", "out",
              "spent", "ghino", "chi"),
    "credit": ("credit", "credits", "creditamount", "deposit", "deposits", "moneyin", "paidin", "in",
               "received", "ghico", "thu"),
    "category": ("category", "categories", "type category".replace(" ", ""), "danhmuc"),
    "balance": ("balance", "runningbalance", "closingbalance", "sodu"),
    "currency": ("currency", "ccy", "currencycode", "tiente"),
    "notes": ("notes", "note", "comment", "comments", "ghichu"),
}
# Description columns in order of preference when a file has several (payee + memo).
DESCRIPTION_PRIORITY = HEADER_SYNONYMS["description"]

CURRENCY_SYMBOLS = {"€": "EUR", "£": "GBP", "¥": "JPY", "₫": "VND", "₹": "INR", "₩": "KRW", "₱": "PHP", "฿": "THB"}
CURRENCY_CODES = {"USD", "EUR", "GBP", "AUD", "NZD", "CAD", "ZAR", "VND", "JPY", "INR", "SGD", "CHF", "HKD", "SEK",
                  "NOK", "DKK", "PLN", "MXN", "BRL", "KRW", "PHP", "THB", "IDR", "MYR", "CNY"}
DATE_FORMAT_ALIASES = {
    "DMY": ("%d/%m/%Y", "%d/%m/%y"), "MDY": ("%m/%d/%Y", "%m/%d/%y"), "YMD": ("%Y/%m/%d",), "ISO": ("%Y/%m/%d",),
}
_NUMERIC_DATE = re.compile(r"^\s*(\d{1,4})[/.\-](\d{1,2})[/.\-](\d{1,4})\s*$")
_TEXT_DATE_FORMATS = ("%d %b %Y", "%d %B %Y", "%b %d %Y", "%B %d %Y", "%d %b %y", "%Y%m%d", "%d%b%Y",
                      "%b %d, %Y", "%B %d, %Y", "%a %d %b %Y")
_MONEY_STRIP = re.compile(r"[\s\u00a0'’]")
_PLAIN_NUMBER = re.compile(r"-?\d+(\.\d{1,2})?")
_MONEY_NUMBER = re.compile(r"\d+(\.\d+)?|\.\d+")
_THOUSANDS_COMMA = re.compile(r",\d{3}$")


@dataclass(slots=True)
class ParsedRow:
    line: int
    date: date
    description: str
    amount: Decimal
    currency: str
    category: str = ""
    balance: Decimal | None = None
    notes: str = ""


@dataclass
class ParsedStatement:
    file_format: str
    rows: list[ParsedRow] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)
    columns: dict = field(default_factory=dict)
    date_format: str = ""
    # The header row's cells (empty when the columns were inferred) and the first good row's date as written:
    # the import preview shows them back in words.
    headers: list = field(default_factory=list)
    date_sample: str = ""


def _norm_header(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", _strip_accents(text.lower()))


_strip_accents = strip_accents  # the one copy lives in core.text


# File signatures of things people pick by mistake instead of their statement export.
_BINARY_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"), (b"GIF8", "a GIF image"),
    (b"%PDF", "a PDF document"), (b"PK\x03\x04", "a ZIP archive (or an Excel .xlsx workbook)"),
    (b"\xd0\xcf\x11\xe0", "an old Excel/Office document"), (b"\x1f\x8b", "a gzip archive"),
)
_READABLE = "Moneta reads CSV, OFX/QFX, QIF, CAMT.053, MT940, Excel (XLSX/XLS) and PDF statements"
_CONTROL_CHARS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# A date this far from today is a typo or a test value; it would also break date arithmetic (year 10000).
EARLIEST_PLAUSIBLE_DATE = date(1900, 1, 1)
FUTURE_PLAUSIBLE_DAYS = 366


def date_plausible_check(value: date, *, today: date | None = None) -> None:
    """Raise ValueError (with a reason) for a date outside 1900-01-01 … one year from today."""
    from datetime import timedelta

    from django.utils import timezone

    latest = (today or timezone.localdate()) + timedelta(days=FUTURE_PLAUSIBLE_DAYS)
    if value < EARLIEST_PLAUSIBLE_DATE or value > latest:
        raise ValueError(f"{value.isoformat()} is outside the plausible range "
                         f"({EARLIEST_PLAUSIBLE_DATE.isoformat()} to {latest.isoformat()})")


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


def _decode(content: bytes, *, file_name: str = "the file") -> str:
    """Bytes → text: UTF-8 (with or without BOM), UTF-16/32 (BOM or not), else Windows-1252.
    Raises DomainError naming the problem for binary files (images, PDFs, spreadsheets)."""
    for signature, what in _BINARY_SIGNATURES:
        if content.startswith(signature):
            raise DomainError(f"{file_name} looks like {what}, not a bank statement; {_READABLE}.",
                              code="bad_file", details={"field": "file"})
    if content.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        encodings: tuple[str, ...] = ("utf-32",)
    elif content.startswith((b"\xff\xfe", b"\xfe\xff")):
        encodings = ("utf-16",)
    elif guessed := _looks_utf16(content):
        encodings = (guessed,)
    else:
        encodings = ("utf-8-sig", "cp1252")
    text = decode_first(content, encodings)
    if text is None:
        if encodings[0].startswith("utf-16") or encodings[0] == "utf-32":
            raise DomainError(f"{file_name} claims to be {encodings[0].upper()} text but is not valid "
                              f"{encodings[0].upper()}; save it as UTF-8 CSV.", code="bad_encoding",
                              details={"field": "file", "encoding": encodings[0]})
        text = content.decode("latin-1")
    text = text.lstrip("\ufeff")
    sample = text[:8192]
    if sample and len(_CONTROL_CHARS.findall(sample)) > max(8, len(sample) // 50):
        raise DomainError(f"{file_name} is a binary file, not a text statement; {_READABLE}.", code="bad_file",
                          details={"field": "file"})
    return text


def _match_header(cells: list[str]) -> dict[str, int] | None:
    """Map roles → column indexes when this row looks like a header (has a date and an amount)."""
    roles: dict[str, int] = {}
    normed = [_norm_header(c) for c in cells]
    for role, names in HEADER_SYNONYMS.items():
        candidates = []
        for idx, n in enumerate(normed):
            if not n:
                continue
            for rank, name in enumerate(names):
                # "Amount (USD)" → "amountusd" starts with "amount"; exact matches rank first.
                if n == name or (len(name) >= 4 and n.startswith(name) and role != "description"):
                    candidates.append((0 if n == name else 1, rank, idx))
                    break
        if candidates:
            roles[role] = sorted(candidates)[0][2]
    if "date" in roles and ("amount" in roles or ("debit" in roles and "credit" in roles)
                            or "debit" in roles or "credit" in roles):
        used = set()
        for role in ("date", "amount", "debit", "credit", "description", "balance", "category", "currency", "notes"):
            if role in roles:
                if roles[role] in used:
                    del roles[role]
                else:
                    used.add(roles[role])
        if "description" in roles:
            # Payee + Memo: both are kept (joined) so neither half of the narrative is lost.
            extra = [i for i, n in enumerate(normed) if n in ("memo", "notes") and i not in used]
            if extra and normed[roles["description"]] != "memo":
                roles["memo"] = extra[0]
        return roles
    return None


def money_parse(raw: str, *, decimal_comma: bool) -> tuple[Decimal, str | None]:
    """'(1.234,56 €)' → (-1234.56, 'EUR'). Raises ValueError with a reason."""
    text = (raw or "").strip()
    if not text:
        raise ValueError("is empty")
    if _PLAIN_NUMBER.fullmatch(text) and not decimal_comma:
        value = Decimal(text)
        return (value.quantize(Decimal("0.01")) if value.as_tuple().exponent < -2 else value), None
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
    if not _MONEY_NUMBER.fullmatch(text):
        raise ValueError(f"is not a number ({raw.strip()!r})")
    try:
        value = Decimal(text)
    except InvalidOperation as exc:
        raise ValueError(f"is not a number ({raw.strip()!r})") from exc
    if value.as_tuple().exponent < -2:
        value = value.quantize(Decimal("0.01"))
    return (-value if negative else value), currency


_COMMA_DECIMAL_END = re.compile(r",\d{1,2}\)?(\D*)$")
_DOT_DECIMAL_END = re.compile(r"\.\d{1,2}\)?\D*$")
_DOT_THOUSANDS_COMMA = re.compile(r"\d\.\d{3},")


def _detect_decimal_comma(values: list[str]) -> bool:
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


def _date_formats_for(values: list[str], date_format: str | None) -> tuple[tuple[str, ...], str]:
    """Pick the strptime formats for the file's dates, or raise DomainError when D/M vs M/D is ambiguous."""
    if date_format:
        key = date_format.strip().upper()
        if key in DATE_FORMAT_ALIASES:
            return DATE_FORMAT_ALIASES[key], key
        if "%" in date_format:
            return (date_format,), date_format
        raise DomainError(f"Unknown date format {date_format!r}: use DMY, MDY, YMD or a strptime pattern like %d/%m/%Y.",
                          code="bad_date_format", details={"field": "date_format"})
    first_gt12 = second_gt12 = year_first = numeric = 0
    for raw in values:
        m = _NUMERIC_DATE.match(raw.replace(" ", "") if raw else "")
        if not m:
            continue
        numeric += 1
        a, b, _c = m.groups()
        if len(a) == 4:
            year_first += 1
            continue
        if int(a) > 12:
            first_gt12 += 1
        if int(b) > 12:
            second_gt12 += 1
    if not numeric or year_first == numeric:
        return DATE_FORMAT_ALIASES["YMD"], "YMD" if numeric else "text"
    if first_gt12 and not second_gt12:
        return DATE_FORMAT_ALIASES["DMY"], "DMY"
    if second_gt12 and not first_gt12:
        return DATE_FORMAT_ALIASES["MDY"], "MDY"
    if first_gt12 and second_gt12:
        raise DomainError(
            "The dates in this file mix day-first and month-first forms; tell Moneta the format (date_format=DMY "
            "or MDY).", code="ambiguous_date_format", details={"field": "date", "choices": ["DMY", "MDY"]})
    sample = next((v for v in values if _NUMERIC_DATE.match(v or "")), "")
    raise DomainError(
        f"The dates in this file could be day/month or month/day (e.g. {sample!r}); import it again with "
        "date_format=DMY (day first) or date_format=MDY (month first).",
        code="ambiguous_date_format", details={"field": "date", "example": sample, "choices": ["DMY", "MDY"]})


@lru_cache(maxsize=100_000)
def date_parse(raw: str, formats: tuple[str, ...]) -> date:
    """Cached: a statement has a few hundred distinct dates in tens of thousands of rows."""
    text = (raw or "").strip()
    if not text:
        raise ValueError("is empty")
    # Drop a time part ("2026-03-01 14:22:00", "2026-03-01T14:22").
    text = re.split(r"[T ](?=\d{1,2}:\d{2})", text)[0].strip()
    m = _NUMERIC_DATE.match(text)
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
        raise ValueError(f"is not a valid date ({raw.strip()!r})")
    for fmt in formats + _TEXT_DATE_FORMATS:
        try:
            return datetime.strptime(text.replace("-", " ").replace(",", ", ").replace(",  ", ", "), fmt).date()
        except ValueError:
            try:
                return datetime.strptime(text, fmt).date()
            except ValueError:
                continue
    raise ValueError(f"is not a recognisable date ({raw.strip()!r})")


def _delimiter_detect(text: str) -> str:
    """The delimiter whose per-line count is most consistent over the first lines (preambles allowed)."""
    from collections import Counter

    lines = [ln for ln in text.splitlines()[:30] if ln.strip()]
    best, best_score = ",", -1
    for delim in (",", ";", "\t", "|"):
        try:
            counts = [len(next(csv.reader([ln], delimiter=delim))) - 1 for ln in lines]
        except csv.Error:  # e.g. a field over the csv module's size limit; the full parse reports it
            continue
        nonzero = [c for c in counts if c > 0]
        if not nonzero:
            continue
        mode, freq = Counter(nonzero).most_common(1)[0]
        score = freq * 100 + mode
        if score > best_score:
            best, best_score = delim, score
    return best


def csv_parse(text: str, *, date_format: str | None = None, default_currency: str = "USD") -> ParsedStatement:
    # Old Mac exports end every line with a bare CR: those are line ends. In a file whose lines end in LF, a
    # bare CR sits inside a field (a damaged export); the csv module cannot read it, so say where it is.
    text = text.replace("\r\n", "\n")
    if "\r" in text:
        if "\n" not in text.rstrip("\r"):
            text = text.replace("\r", "\n")
        else:
            line = text[:text.index("\r")].count("\n") + 1
            raise DomainError(f"Line {line} of the file has a carriage return (\\r) inside a field; re-export the "
                              "statement, or remove the stray line break.", code="bad_file",
                              details={"field": "file", "line": line})
    delimiter = _delimiter_detect(text)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        all_rows = list(reader)
    except csv.Error as exc:
        raise DomainError(f"Line {reader.line_num} of the file is not valid CSV: {exc}.", code="bad_file",
                          details={"field": "file", "line": reader.line_num}) from exc
    return table_parse(all_rows, date_format=date_format, default_currency=default_currency)


def table_parse(all_rows: list[list[str]], *, date_format: str | None = None, default_currency: str = "USD",
                file_format: str = "csv") -> ParsedStatement:
    """Rows of cells (a CSV file, a spreadsheet's sheet) → transactions; line numbers are 1-based row numbers."""
    header_index = None
    roles: dict[str, int] | None = None
    for i, cells in enumerate(all_rows[:15]):
        roles = _match_header(cells)
        if roles:
            header_index = i
            break
    if roles is None:
        roles, header_index = _infer_columns(all_rows), -1
    if "description" not in roles:
        raise DomainError("Could not find a description column (Description, Narrative, Payee, Memo, Details…).",
                          code="bad_file", details={"field": "description"})
    result = ParsedStatement(file_format=file_format, columns=dict(roles),
                             headers=[c.strip() for c in all_rows[header_index]] if header_index >= 0 else [])
    data = [(idx + 1, cells) for idx, cells in enumerate(all_rows) if idx > header_index
            and "".join(cells).strip()]

    def cell(cells: list[str], role: str) -> str:
        idx = roles.get(role)
        return cells[idx].strip() if idx is not None and idx < len(cells) else ""

    formats, result.date_format = _date_formats_for([cell(c, "date") for _, c in data], date_format)
    money_values = [cell(c, r) for _, c in data for r in ("amount", "debit", "credit", "balance") if cell(c, r)]
    decimal_comma = _detect_decimal_comma(money_values[:5000])
    # Every role gets a column index; missing roles point at a sentinel empty column past the end.
    width = max((len(c) for _, c in data), default=0)
    sentinel = width
    ix = {role: roles.get(role, sentinel) for role in
          ("date", "description", "memo", "amount", "debit", "credit", "balance", "currency", "category", "notes")}
    i_date, i_desc, i_memo, i_amount = ix["date"], ix["description"], ix["memo"], ix["amount"]
    i_debit, i_credit, i_balance, i_ccy = ix["debit"], ix["credit"], ix["balance"], ix["currency"]
    i_cat, i_notes = ix["category"], ix["notes"]
    has_memo = "memo" in roles
    pad = [""] * (width + 1)
    too_large = Decimal("1e12")
    role_of = {idx: role for role, idx in roles.items()}
    for line, cells in data:
        cells = cells + pad[len(cells):]
        row_errors = []
        nul_at = [i for i, c in enumerate(cells) if "\x00" in c]
        if nul_at:
            # Postgres text cannot hold NUL; a stray one usually means a damaged export.
            result.errors.extend({"line": line, "field": role_of.get(i, f"column {i + 1}"),
                                  "reason": "contains a NUL byte (\\x00)"} for i in nul_at)
            continue
        try:
            when = date_parse(cells[i_date].strip(), formats)
            date_plausible_check(when)
        except ValueError as exc:
            row_errors.append({"line": line, "field": "date", "reason": f"date {exc}"})
            when = None
        description = cells[i_desc].strip()
        if has_memo:
            memo = cells[i_memo].strip()
            if memo and memo not in description:
                description = f"{description} {memo}".strip()
        if not description:
            row_errors.append({"line": line, "field": "description", "reason": "description is empty"})
        currency = cells[i_ccy].strip().upper() or None
        amount = None
        try:
            raw_amount = cells[i_amount].strip()
            if raw_amount:
                amount, symbol_ccy = money_parse(raw_amount, decimal_comma=decimal_comma)
            else:
                debit_raw, credit_raw = cells[i_debit].strip(), cells[i_credit].strip()
                if not debit_raw and not credit_raw:
                    raise ValueError("is empty (no amount, debit or credit)")
                debit, sym1 = money_parse(debit_raw, decimal_comma=decimal_comma) if debit_raw else (Decimal(0), None)
                credit, sym2 = money_parse(credit_raw, decimal_comma=decimal_comma) if credit_raw else (Decimal(0),
                                                                                                      None)
                amount, symbol_ccy = abs(credit) - abs(debit), sym1 or sym2
            currency = currency or symbol_ccy
            if abs(amount) >= too_large:
                raise ValueError("is too large")
        except ValueError as exc:
            row_errors.append({"line": line, "field": "amount", "reason": f"amount {exc}"})
        balance = None
        raw_balance = cells[i_balance].strip()
        if raw_balance:
            try:
                balance, _ = money_parse(raw_balance, decimal_comma=decimal_comma)
            except ValueError as exc:
                row_errors.append({"line": line, "field": "balance", "reason": f"balance {exc}"})
        if currency and (len(currency) != 3 or not currency.isalpha()):
            row_errors.append({"line": line, "field": "currency",
                               "reason": f"currency {currency!r} is not a 3-letter code"})
        if row_errors:
            result.errors.extend(row_errors)
            continue
        if not result.rows:
            result.date_sample = cells[i_date].strip()
        result.rows.append(ParsedRow(line, when, description[:500], amount, currency or default_currency,
                                     cells[i_cat].strip()[:80], balance, cells[i_notes].strip()))
    return result


def _infer_columns(rows: list[list[str]]) -> dict[str, int]:
    """A file without a header: find the date, amount and description columns from the values."""
    sample = [r for r in rows[:50] if any(c.strip() for c in r)]
    if not sample:
        raise DomainError("The file is empty.", code="bad_file", details={"field": "file"})
    width = max(len(r) for r in sample)
    roles: dict[str, int] = {}
    for idx in range(width):
        values = [r[idx].strip() for r in sample if idx < len(r) and r[idx].strip()]
        if not values:
            continue
        if "date" not in roles and all(_NUMERIC_DATE.match(v) or re.match(r"^\d{1,2} \w{3} \d{2,4}$", v)
                                       for v in values):
            roles["date"] = idx
        elif "amount" not in roles and all(re.fullmatch(r"[-+(]?[$€£]?-?[\d.,]+\)?", v) for v in values):
            roles["amount"] = idx
    texts = [(sum(len(r[i]) for r in sample if i < len(r)), i) for i in range(width) if i not in roles.values()]
    if texts:
        roles["description"] = max(texts)[1]
    if "date" not in roles or "amount" not in roles:
        raise DomainError("Could not find the header row: the file needs Date, Description and Amount "
                          "(or Debit/Credit) columns.", code="bad_file", details={"field": "header", "line": 1})
    return roles


def ofx_parse(content: bytes) -> ParsedStatement:
    import ofxparse

    try:
        ofx = ofxparse.OfxParser.parse(io.BytesIO(content))
    except Exception as exc:  # ofxparse raises a zoo of exception types for malformed files
        raise DomainError(f"This OFX/QFX file could not be read: {exc}", code="bad_file",
                          details={"field": "file"}) from exc
    result = ParsedStatement(file_format="ofx", date_format="OFX")
    accounts = list(getattr(ofx, "accounts", []) or ([ofx.account] if getattr(ofx, "account", None) else []))
    position = 0
    for account in accounts:
        statement = getattr(account, "statement", None)
        if statement is None:
            continue
        currency = (getattr(statement, "currency", None) or "USD").upper()
        for tx in statement.transactions:
            position += 1
            payee = (tx.payee or "").strip()
            memo = (tx.memo or "").strip()
            description = payee if not memo or memo in payee else f"{payee} {memo}".strip()
            if not description:
                result.errors.append({"line": position, "field": "description",
                                      "reason": "transaction has no payee or memo"})
                continue
            if tx.date is None or tx.amount is None:
                result.errors.append({"line": position, "field": "date" if tx.date is None else "amount",
                                      "reason": "missing"})
                continue
            try:
                date_plausible_check(tx.date.date())
            except ValueError as exc:
                result.errors.append({"line": position, "field": "date", "reason": f"date {exc}"})
                continue
            if "\x00" in description:
                result.errors.append({"line": position, "field": "description",
                                      "reason": "contains a NUL byte (\\x00)"})
                continue
            result.rows.append(ParsedRow(line=position, date=tx.date.date(), description=description[:500],
                                         amount=Decimal(tx.amount).quantize(Decimal("0.01")), currency=currency))
    return result


def statement_parse(*, file_name: str, content: bytes, date_format: str | None = None,
                    default_currency: str = "USD") -> ParsedStatement:
    if not content.strip():
        raise DomainError(f"{file_name} is empty.", code="bad_file", details={"field": "file"})
    if date_format and "\x00" in date_format:
        raise DomainError("date_format contains a NUL byte.", code="validation_error",
                          details={"field": "date_format"})
    parsed = _statement_parse_any(file_name=file_name, content=content, date_format=date_format,
                                  default_currency=default_currency)
    return statement_rows_check(parsed)


def statement_rows_check(parsed: ParsedStatement) -> ParsedStatement:
    """Checks every format's rows the same way (CSV, OFX, QIF, CAMT, MT940, spreadsheets, PDF): a date far
    outside the plausible range or a NUL character anywhere becomes a bad row, never a stored one."""
    kept = []
    for row in parsed.rows:
        try:
            date_plausible_check(row.date)
        except ValueError as exc:
            parsed.errors.append({"line": row.line, "field": "date", "reason": f"date {exc}"})
            continue
        nul = next((f for f in ("description", "category", "notes", "currency") if "\x00" in (getattr(row, f) or "")),
                   None)
        if nul:
            parsed.errors.append({"line": row.line, "field": nul, "reason": "contains a NUL byte (\\x00)"})
            continue
        kept.append(row)
    if len(kept) != len(parsed.rows):
        parsed.errors.sort(key=lambda e: e["line"] if isinstance(e.get("line"), int) else 0)
    parsed.rows = kept
    return parsed


def _statement_parse_any(*, file_name: str, content: bytes, date_format: str | None,
                         default_currency: str) -> ParsedStatement:
    from .formats import format_detect

    kind = format_detect(file_name=file_name, content=content)
    if kind == "ofx":
        return ofx_parse(content)
    if kind != "csv":
        from .formats.camt import camt053_parse
        from .formats.mt940 import mt940_parse
        from .formats.pdf import pdf_statement_parse
        from .formats.qif import qif_parse
        from .formats.xlsx import spreadsheet_parse

        common = {"file_name": file_name, "default_currency": default_currency}
        if kind == "pdf":
            return pdf_statement_parse(content, date_format=date_format, **common)
        if kind in ("xlsx", "xls"):
            return spreadsheet_parse(content, kind=kind, date_format=date_format, **common)
        if kind == "qif":
            return qif_parse(content, date_format=date_format, **common)
        if kind == "camt053":
            return camt053_parse(content, **common)
        return mt940_parse(content, **common)
    return csv_parse(_decode(content, file_name=file_name), date_format=date_format,
                     default_currency=default_currency)
