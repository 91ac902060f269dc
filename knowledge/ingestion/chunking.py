"""Offline facts: sentence windows for prose, row groups that repeat their table header for tables.

A fact must make sense without its page, so every table chunk starts with the lines that title the table
(statement name, units, column years) and every fact carries the document context ("Activision Blizzard
10-K FY2019 — CONSOLIDATED BALANCE SHEETS") used for both embedding and full text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .tables import looks_like_table_row, split_cells

PROSE_TARGET = 800
PROSE_MAX = 1100
TABLE_TARGET = 600
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?;])\s+(?=[A-Z0-9(“\"•])")


@dataclass
class Chunk:
    text: str
    kind: str  # "prose" | "table"
    questions: list[str] = field(default_factory=list)


def _is_markdown_row(line: str) -> bool:
    s = line.strip()
    return s.startswith("|") and s.endswith("|") and len(s) > 2


def _is_markdown_separator(line: str) -> bool:
    return bool(re.fullmatch(r"\|?[\s:\-|]+\|?", line.strip())) and "-" in line


def _row_text(line: str) -> str:
    if _is_markdown_row(line):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        return " | ".join(c for c in cells)
    label, cells = split_cells(line)
    return " | ".join([label or "—"] + cells)


def _is_column_header(row: str) -> bool:
    cells = [c.strip() for c in row.split(" | ")[1:]]
    return bool(cells) and all(re.fullmatch(r"(FY\s?)?(19|20)\d\d|Q[1-4]( (19|20)\d\d)?", c) for c in cells)


def _short_header_line(line: str) -> bool:
    s = line.strip()
    return 0 < len(s) <= 140 and not s.endswith(".")


def page_blocks(text: str) -> list[tuple[str, list[str], list[str]]]:
    """Split a page's lines into ('prose', [], lines) and ('table', header_lines, row_lines) blocks."""
    lines = [line for line in text.splitlines() if line.strip()]
    blocks: list[tuple[str, list[str], list[str]]] = []
    prose: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        markdown = _is_markdown_row(line)
        if markdown or looks_like_table_row(line):
            # Header: the short non-sentence lines right above the first row (title, units, column years).
            header: list[str] = []
            while prose and len(header) < 3 and _short_header_line(prose[-1]):
                header.insert(0, prose.pop())
            if prose:
                blocks.append(("prose", [], prose))
                prose = []
            rows: list[str] = []
            while i < len(lines):
                cur = lines[i]
                if markdown and _is_markdown_separator(cur):
                    i += 1
                    continue
                if (markdown and _is_markdown_row(cur)) or (not markdown and looks_like_table_row(cur)):
                    rows.append(_row_text(cur))
                    i += 1
                    continue
                # Section labels inside a statement ("Current assets:") stay in the table.
                nxt = lines[i + 1] if i + 1 < len(lines) else ""
                if not markdown and len(cur) <= 60 and not cur.endswith(".") and nxt and looks_like_table_row(nxt):
                    rows.append(cur.strip())
                    i += 1
                    continue
                break
            if markdown and rows and not header:
                header, rows = [rows[0]], rows[1:]
            # Column-header rows ("As of December 31, | 2021 | 2020") repeat with every chunk of the table.
            while rows and _is_column_header(rows[0]) and len(header) < 6:
                header.append(rows.pop(0))
            # A table right after another one continues the same statement: keep its title and columns.
            if blocks and blocks[-1][0] == "table" and not markdown:
                header = blocks[-1][1][:4] + [h for h in header if h not in blocks[-1][1]]
                if not blocks[-1][2]:
                    blocks.pop()  # a header-only block: folded into this one
            blocks.append(("table", header, rows))
            continue
        prose.append(line)
        i += 1
    if prose:
        blocks.append(("prose", [], prose))
    return blocks


def _join_wrapped(lines: list[str]) -> str:
    text = ""
    for line in lines:
        s = line.strip()
        if not text:
            text = s
        elif text.endswith("-") and not text.endswith(" -"):
            text = text[:-1] + s
        elif re.match(r"^([-*•]|\d+[.)])\s", s) or re.match(r"^#{1,6}\s", s):
            text += "\n" + s
        else:
            text += " " + s
    return text


def _prose_chunks(lines: list[str]) -> list[str]:
    text = _join_wrapped(lines)
    sentences = [s.strip() for s in _SENTENCE_SPLIT.split(text) if s.strip()]
    chunks: list[str] = []
    current = ""
    for sentence in sentences:
        while len(sentence) > PROSE_MAX:  # a run-on "sentence" (lists, legal text): cut at a space
            cut = sentence.rfind(" ", 0, PROSE_TARGET) or PROSE_TARGET
            if current:
                chunks.append(current)
                current = ""
            chunks.append(sentence[:cut].strip())
            sentence = sentence[cut:].strip()
        if current and len(current) + 1 + len(sentence) > PROSE_TARGET:
            chunks.append(current)
            current = sentence
        else:
            current = f"{current} {sentence}".strip()
    if current:
        chunks.append(current)
    return chunks


def _table_chunks(header: list[str], rows: list[str], *, subject: str) -> list[Chunk]:
    head = "\n".join(h.strip() for h in header)
    chunks: list[Chunk] = []
    current: list[str] = []
    size = 0  # the header is repeated in every chunk; the budget is for rows
    for row in rows:
        if current and size + len(row) > TABLE_TARGET:
            chunks.append(_table_chunk(head, current, subject=subject))
            current, size = [], 0
        current.append(row)
        size += len(row) + 1
    if current:
        chunks.append(_table_chunk(head, current, subject=subject))
    return chunks


def _table_chunk(head: str, rows: list[str], *, subject: str) -> Chunk:
    text = (head + "\n" if head else "") + "\n".join(rows)
    questions: list[str] = []
    for row in rows:
        label = row.split(" | ")[0].strip(" :")
        if " | " in row and 3 < len(label) <= 80 and not re.search(r"(19|20)\d\d", label) and len(questions) < 3:
            questions.append(f"What was {label}" + (f" for {subject}" if subject else "") + "?")
    return Chunk(text=text, kind="table", questions=questions)


def page_chunks(text: str, *, subject: str = "") -> list[Chunk]:
    """Facts for one page, in reading order. Tiny fragments are merged into their neighbour."""
    out: list[Chunk] = []
    for kind, header, lines in page_blocks(text):
        if kind == "table":
            out.extend(_table_chunks(header, lines, subject=subject))
        else:
            out.extend(Chunk(text=c, kind="prose") for c in _prose_chunks(lines))
    merged: list[Chunk] = []
    for chunk in out:
        if merged and (len(chunk.text) < 60 or len(merged[-1].text) < 60) and \
                len(merged[-1].text) + len(chunk.text) < PROSE_MAX and merged[-1].kind == chunk.kind:
            merged[-1].text += "\n" + chunk.text
            merged[-1].questions.extend(chunk.questions)
        else:
            merged.append(chunk)
    return [c for c in merged if len(c.text.strip()) >= 3]


# --- Offline summaries -------------------------------------------------------------------------------

def page_summary(text: str, *, heading: str = "", limit: int = 320) -> str:
    """Extractive: the heading, then the first prose sentences; for table pages, what the rows are."""
    parts: list[str] = [heading] if heading else []
    prose_sentences: list[str] = []
    row_labels: list[str] = []
    for kind, _header, lines in page_blocks(text):
        if kind == "prose":
            for s in _SENTENCE_SPLIT.split(_join_wrapped(lines)):
                s = s.strip()
                if len(s) > 40 and s != heading:
                    prose_sentences.append(s)
        else:
            row_labels.extend(r.split(" | ")[0] for r in lines if " | " in r)
    body = " ".join(prose_sentences[:2])
    if row_labels and len(body) < 120:
        body = (body + " " if body else "") + "Table rows: " + ", ".join(row_labels[:6]) + \
            ("…" if len(row_labels) > 6 else "")
    if body:
        parts.append(body)
    summary = ". ".join(p.rstrip(". ") for p in parts if p)
    return summary[:limit].rstrip() + ("…" if len(summary) > limit else "")
