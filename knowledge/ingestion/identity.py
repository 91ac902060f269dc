"""What a document says about itself: company, document type, fiscal period.

Sources, strongest first: the cover page of SEC filings ("(Exact name of registrant as specified in its
charter)", "For the fiscal year ended …", "FORM 10-K"), the file name (e.g. ACTIVISIONBLIZZARD_2019_10K),
and the title the uploader gave (not the PDF's "author": it names whoever produced the file). Retrieval prefixes every fact with this context
and boosts documents whose identity the question names.
"""
from __future__ import annotations

import re

_SUFFIXES = {"inc", "incorporated", "corp", "corporation", "co", "company", "ltd", "limited", "plc", "llc",
             "lp", "holdings", "group", "sa", "nv", "ag", "the", "and", "subsidiaries", "&"}
_DOC_TYPES = [
    (re.compile(r"\b10-?K\b", re.I), "10-K", "annual report"),
    (re.compile(r"\b10-?Q\b", re.I), "10-Q", "quarterly report"),
    (re.compile(r"\b8-?K\b", re.I), "8-K", "current report"),
    (re.compile(r"\bannual report\b", re.I), "annual report", "annual report"),
    (re.compile(r"\bearnings\b", re.I), "earnings release", "earnings release"),
]
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_PERIOD_END = re.compile(rf"(?:fiscal\s+year|quarterly\s+period|year|period)\s+ended\s*:?\s*(({_MONTHS})\s+\d{{1,2}}\s*,?\s*((?:19|20)\d\d))",
                         re.I)
_REPORT_DATE = re.compile(rf"Date of Report.{{0,80}}?(({_MONTHS})\s+\d{{1,2}},?\s*((?:19|20)\d\d))", re.I | re.S)
_YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
_QUARTER = re.compile(r"(?<![A-Za-z])(Q[1-4])\b", re.I)
_FILE_WORDS = {"earnings", "dated", "annual", "report", "transcript", "final", "filing", "presentation", "form"}


def name_variants(name: str) -> list[str]:
    """'ACTIVISION BLIZZARD, INC.' → ['activision blizzard', 'activisionblizzard']."""
    words = [w for w in re.findall(r"[a-z0-9&]+", re.sub(r"['’]s\b|['’]", "", name.lower())) if w not in _SUFFIXES]
    if not words:
        return []
    spaced = " ".join(words)
    variants = [spaced]
    squashed = "".join(words)
    if squashed != spaced:
        variants.append(squashed)
    return variants


# "Common Stock, Par Value $1.00 JNJ New York Stock Exchange" in the cover page's table of securities
# ("Trading Symbol(s)"); preferred/notes symbols such as "JNJ24C" or "AUKF/27" are not the company's ticker.
_TICKER = re.compile(r"(?<![A-Za-z0-9/])([A-Z]{1,5})(?:\s+PR\s+[A-Z])?\s+(?:The\s+)?(?:New York Stock Exchange|NYSE|"
                     r"Nasdaq|NASDAQ|The Nasdaq|Chicago Stock Exchange)")


def tickers(cover: str) -> list[str]:
    """Trading symbols a filing's cover page lists, most frequent first (at most 2)."""
    if not re.search(r"trading\s+symbol", cover, re.I):
        return []
    counts: dict[str, int] = {}
    for m in _TICKER.finditer(cover):
        counts[m.group(1)] = counts.get(m.group(1), 0) + 1
    return sorted(counts, key=lambda t: -counts[t])[:2]


def _registrant(lines: list[str]) -> str:
    for i, line in enumerate(lines):
        if re.search(r"exact name of (the )?registrant", line, re.I):
            for back in range(i - 1, max(-1, i - 4), -1):
                cand = re.sub(r"\(.*?\)|_{2,}", "", lines[back]).strip(" .,:_")
                if cand and re.search(r"[A-Za-z]{2}", cand) and not re.search(
                        r"commission file|number|transition period|securities exchange|pursuant", cand, re.I):
                    return cand[:120]
    return ""


def _file_name_parts(file_name: str) -> tuple[list[str], list[int], str, str]:
    stem = re.sub(r"\.[A-Za-z0-9]+$", "", file_name)
    tokens = [t for t in re.split(r"[_\-\s.]+", stem) if t]
    years = [int(y) for y in _YEAR.findall(stem)]
    doc_type = ""
    for pattern, label, _ in _DOC_TYPES:
        if pattern.search(stem.replace("_", " ")):
            doc_type = label
            break
    quarter = ""
    q = _QUARTER.search(stem.replace("_", " "))
    if q:
        quarter = q.group(1).upper()
    name_tokens = [t for t in tokens if not re.search(r"\d", t) and t.lower() not in _FILE_WORDS
                   and not re.fullmatch(r"(10-?[KQ]|8-?K|Q[1-4]|FY)", t, re.I)]
    return name_tokens, years, doc_type, quarter


def document_identity(*, file_name: str, title: str, first_pages: list[str]) -> dict:
    head_text = "\n".join(first_pages)[:20000]
    lines = [line.strip() for line in head_text.splitlines() if line.strip()]

    company = _registrant(lines)
    name_tokens, file_years, file_doc_type, quarter = _file_name_parts(file_name)
    file_company = " ".join(name_tokens)

    doc_type, doc_type_words = "", ""
    cover = " ".join(lines[:80])
    for pattern, label, words in _DOC_TYPES:
        if pattern.search(cover):
            doc_type, doc_type_words = label, words
            break
    if file_doc_type:
        doc_type = file_doc_type
        doc_type_words = next((w for _, lbl, w in _DOC_TYPES if lbl == file_doc_type), doc_type_words)

    period_end, period_year = "", None
    m = _PERIOD_END.search(cover) or _REPORT_DATE.search(cover)
    if m:
        period_end = " ".join(m.group(1).split())
        period_year = int(m.group(3))
    fiscal_year = file_years[0] if file_years else period_year
    if fiscal_year is None:
        years = [int(y) for y in _YEAR.findall(cover)]
        fiscal_year = max(set(years), key=years.count) if years else None

    names: list[str] = []
    for candidate in (company, file_company, title):
        for v in name_variants(candidate or ""):
            if len(v) >= 3 and v not in names:
                names.append(v)
    display = company.title() if company and company.isupper() else company
    display = re.sub(r",?\s+(Inc|Corp|Corporation|Co|Ltd|Plc|Llc)\.?$", "", display or "", flags=re.I).strip(" &,")
    if not display:
        display = (file_company.title() if file_company else title) or title

    years = sorted({y for y in [fiscal_year, period_year] if y})
    parts = [display]
    if doc_type:
        parts.append(doc_type)
    if quarter:
        parts.append(quarter)
    if fiscal_year:
        parts.append(f"FY{fiscal_year}")
    short = " ".join(parts)
    long_parts = [display]
    if names:
        long_parts.append("(" + ", ".join(names[:3]) + ")")
    if doc_type:
        long_parts.append(f"{doc_type} {doc_type_words}".strip())
    if fiscal_year:
        long_parts.append(f"fiscal year {fiscal_year}")
    if period_end:
        long_parts.append(f"period ended {period_end}")
    return {
        "company": display,
        "names": names,
        "tickers": tickers("\n".join(lines[:120])),
        "doc_type": doc_type,
        "quarter": quarter,
        "fiscal_year": fiscal_year,
        "years": years,
        "period_end": period_end,
        "short": short,
        "text": " ".join(long_parts),
    }
