"""Statement formats beyond CSV and OFX: QIF, CAMT.053, MT940, XLSX/XLS and PDF (text or scanned).

`format_detect` looks at the bytes (not only the file name) and says what a file is; `statement_parse` in
`transactions.parsing` sends each format to its parser here. Every parser returns a `ParsedStatement` with
every bad row as `{"line", "field", "reason"}`, so the import service applies the same all-or-nothing rule
and error report to all of them.
"""
from __future__ import annotations

import re
import zipfile
from io import BytesIO

from core.errors import DomainError

SUPPORTED_FORMATS = ("CSV", "OFX/QFX", "QIF", "CAMT.053 (ISO 20022 XML)", "MT940", "XLSX/XLS",
                     "PDF statement (text or scanned)")

# Things people upload that are not statements Moneta reads: (signature test, what it is).
_IMAGE_SIGNATURES: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG", "a PNG image"), (b"\xff\xd8\xff", "a JPEG image"), (b"GIF8", "a GIF image"),
    (b"\x1f\x8b", "a gzip archive"), (b"II*\x00", "a TIFF image"), (b"MM\x00*", "a TIFF image"),
)
_XML_NAMESPACE = re.compile(rb"urn:iso:std:iso:20022:tech:xsd:([a-z]{4})\.(\d{3})\.\d{3}\.\d{2}")
_ISO20022_NAMES = {"camt.052": "a CAMT.052 intraday account report", "camt.054": "a CAMT.054 debit/credit notification",
                   "pain.001": "a pain.001 payment order", "pain.008": "a pain.008 direct debit order"}


def format_detect(*, file_name: str, content: bytes) -> str:
    """'csv', 'ofx', 'qif', 'camt053', 'mt940', 'xlsx', 'xls', 'pdf' — or raise DomainError
    (`unsupported_format`) naming what the file looks like and the formats Moneta reads."""
    lower = file_name.lower()
    head = content[:4096].lstrip()
    if head.startswith(b"%PDF"):
        return "pdf"
    if content.startswith(b"PK\x03\x04"):
        return _zip_kind(content, file_name=file_name)
    if content.startswith(b"\xd0\xcf\x11\xe0"):
        return "xls"  # an OLE compound file: xlrd says so if it is a Word document instead
    for signature, what in _IMAGE_SIGNATURES:
        if content.startswith(signature):
            format_unsupported(file_name=file_name, detected=what)
    text_head = _text_head(content)
    upper = text_head.upper()
    if lower.endswith((".ofx", ".qfx")) or upper.startswith("OFXHEADER") or "<OFX>" in upper:
        return "ofx"
    if text_head.startswith("<") and ("<?xml" in text_head[:100] or "<Document" in text_head):
        match = _XML_NAMESPACE.search(content[:4096])
        if match:
            name = f"{match.group(1).decode()}.{match.group(2).decode()}"
            if name == "camt.053":
                return "camt053"
            format_unsupported(file_name=file_name, detected=_ISO20022_NAMES.get(name, f"an ISO 20022 {name} file"))
        format_unsupported(file_name=file_name, detected="an XML file that is not a CAMT.053 statement")
    if upper.startswith("!TYPE:") or upper.startswith("!ACCOUNT") or upper.startswith("!OPTION") \
            or (lower.endswith(".qif") and "^" in text_head):
        return "qif"
    if re.search(r"^:20:", text_head, re.M) and re.search(r"^:6[01][FM]:", text_head, re.M):
        return "mt940"
    if re.search(r"^:20:", text_head, re.M) and re.search(r"^:34F:", text_head, re.M):
        format_unsupported(file_name=file_name, detected="an MT942 interim transaction report")
    if upper.startswith("<!DOCTYPE HTML") or upper.startswith("<HTML"):
        format_unsupported(file_name=file_name, detected="an HTML page")
    if text_head.startswith(("{", "[")) and lower.endswith(".json"):
        format_unsupported(file_name=file_name, detected="a JSON file")
    return "csv"


def format_unsupported(*, file_name: str, detected: str):
    raise DomainError(f"{file_name} looks like {detected}, which is not a bank statement Moneta can read. "
                      f"Moneta reads {', '.join(SUPPORTED_FORMATS)}.", code="unsupported_format",
                      details={"field": "file", "detected": detected, "supported": list(SUPPORTED_FORMATS)})


def _text_head(content: bytes) -> str:
    sample = content[:4096]
    for bom, encoding in ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")):
        if sample.startswith(bom):
            return sample[2:].decode(encoding, "ignore").lstrip()
    return sample.decode("utf-8", "ignore").lstrip("\ufeff \t\r\n")


def _zip_kind(content: bytes, *, file_name: str) -> str:
    try:
        with zipfile.ZipFile(BytesIO(content)) as archive:
            names = set(archive.namelist())
            mimetype = archive.read("mimetype").decode("ascii", "ignore") if "mimetype" in names else ""
    except (zipfile.BadZipFile, KeyError, OSError):
        format_unsupported(file_name=file_name, detected="a damaged ZIP archive")
    if "xl/workbook.xml" in names:
        return "xlsx"
    if "spreadsheet" in mimetype:
        format_unsupported(file_name=file_name, detected="an OpenDocument spreadsheet (.ods); save it as .xlsx")
    if "word/document.xml" in names:
        format_unsupported(file_name=file_name, detected="a Word document")
    format_unsupported(file_name=file_name, detected="a ZIP archive")
    raise AssertionError  # unreachable: format_unsupported raises
