"""Recognise table rows in extracted text lines and keep them as readable `label | value | value` rows.

PDFium returns one line per visual line, so a statement row arrives as
"Cash and cash equivalents $ 5,794 $ 4,225". We split the trailing numeric cells off the label.
"""
from __future__ import annotations

import re

_NUM = re.compile(r"^\(?[-–—]?\$?\(?\d[\d,]*(\.\d+)?\)?%?\)?$|^[-–—]+$|^\(?\d+(\.\d+)?\)?%$|^n/?a$|^nm$", re.I)
_CURRENCY = {"$", "€", "£", "¥", "US$", "(", "$("}


def split_cells(line: str) -> tuple[str, list[str]]:
    """('Cash and cash equivalents', ['$5,794', '$4,225']) — label and trailing numeric cells."""
    tokens = line.split()
    cells: list[str] = []
    i = len(tokens) - 1
    while i >= 0:
        tok = tokens[i]
        if tok.endswith(","):  # "December 31," belongs to the label, not a cell
            break
        if _NUM.match(tok):
            if i > 0 and tokens[i - 1] in _CURRENCY:
                tok = tokens[i - 1].replace("(", "") + tok if tokens[i - 1] != "(" else "(" + tok
                i -= 1
            cells.append(tok)
            i -= 1
            continue
        if tok in _CURRENCY or tok == ")":
            i -= 1
            continue
        break
    label = " ".join(tokens[: i + 1]).rstrip(" :$")
    return label, list(reversed(cells))


def looks_like_table_row(line: str) -> bool:
    label, cells = split_cells(line)
    if not cells:
        return False
    if len(cells) >= 2:
        return len(label) <= 160
    # One trailing number: a row only when the "label" is short and not a sentence.
    return bool(label) and len(label) <= 90 and not line.rstrip().endswith(".") and len(label.split()) <= 12


def format_row(line: str) -> str:
    label, cells = split_cells(line)
    return " | ".join([label or "—"] + cells) if cells else line


def rows_to_markdown(lines: list[str]) -> tuple[str, bool]:
    """Lines → markdown where runs of table rows become `| label | v1 | v2 |` rows."""
    out: list[str] = []
    run = 0
    has_tables = False
    for line in lines:
        if looks_like_table_row(line):
            label, cells = split_cells(line)
            out.append("| " + " | ".join([label] + cells) + " |")
            run += 1
            has_tables = has_tables or run >= 3
        else:
            run = 0
            out.append(line)
    return "\n".join(out), has_tables
