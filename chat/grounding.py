"""Grounding checks and the confidence score of an answer. The formula is documented in chat/README.md.

- A citation must point to a fact a tool returned in this turn: others are removed (marker and entry).
- Every number in the answer must appear in a tool result (or the user's own question): others are
  flagged "(unverified)" in the answer.
- Confidence combines the retrieval scores of the cited facts, how much of the answer the evidence
  supports, tool errors and the grounding violations.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from chat.assistant import KNOWLEDGE_TOOLS, MONEY_TOOLS, TurnRecorder
from chat.language import UNVERIFIED_RE, unverified_tag

MARKER_RE = re.compile(r"\[#(\d+)\]")
NUMBER_RE = re.compile(r"(?<![\w.#/-])[-+]?[$€£₫]?\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?%?(?![\w/])")
WORD_RE = re.compile(r"[a-zà-ỹđ]{4,}")
# An amount written the Vietnamese way (core/money.py in the Vietnamese UI): "1.250.000 ₫", "61,96 $", "12,00 ZAR" —
# the point groups thousands, the comma starts the decimals, and the currency comes after the number.
VI_AMOUNT = r"(?<![\w.,])(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d{1,2})?(?= ?(?:[$€£₫¥]|[A-Z]{1,2}\$|[A-Z]{3}\b))"
# A date written the Vietnamese way (Django's vi formats): "Tháng 10 2026", "26 Tháng 11 2026", "1–26 Tháng 11",
# "ngày 1–26", "2/12".
VI_DATE = (r"(?:\d{1,2}(?:–\d{1,2})? )?[Tt]háng \d{1,2}(?:(?:–[Tt]háng \d{1,2})? \d{4})?|ngày 1–\d{1,2}|"
           r"(?<![\d/.,])\d{1,2}/\d{1,2}(?![\d/])")
SMALL_INT = 10  # list numbering, "3 months", "2 steps": too small to be a figure worth checking


@dataclass
class GroundingReport:
    answer: str
    citations: list[dict] = field(default_factory=list)
    removed_citations: list[int] = field(default_factory=list)
    unsupported_numbers: list[str] = field(default_factory=list)
    coverage: float = 0.0
    retrieval: float | None = None

    def as_dict(self) -> dict:
        return {"removed_citations": self.removed_citations, "unsupported_numbers": self.unsupported_numbers,
                "coverage": round(self.coverage, 3),
                "retrieval": None if self.retrieval is None else round(self.retrieval, 3)}


def _walk(value: Any, numbers: set[float], words: set[str]) -> None:
    if isinstance(value, dict):
        for v in value.values():
            _walk(v, numbers, words)
    elif isinstance(value, list):
        for v in value:
            _walk(v, numbers, words)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        numbers.add(round(float(value), 2))
        numbers.add(round(abs(float(value)), 2))
    elif isinstance(value, str):
        for m in NUMBER_RE.finditer(value):
            numbers.add(_to_float(m))
        words.update(WORD_RE.findall(value.lower()))


def _to_float(match: re.Match) -> float:
    return round(float(match.group(1).replace(",", "") + (match.group(2) or "")), 2)


def evidence(recorder: TurnRecorder, question: str) -> tuple[set[float], set[str]]:
    numbers: set[float] = set()
    words: set[str] = set()
    for record in recorder.tool_records:
        if record.result is not None:
            _walk(record.result, numbers, words)
    _walk(question, numbers, set())
    return numbers, words


def ground(answer: str, *, recorder: TurnRecorder, cited_fact_ids: list[int], question: str) -> GroundingReport:
    report = GroundingReport(answer=answer)
    facts = recorder.facts
    order: list[int] = []
    for fid in [int(i) for i in MARKER_RE.findall(answer)] + [int(i) for i in cited_fact_ids or []]:
        if fid not in order:
            order.append(fid)
    valid = [f for f in order if f in facts]
    report.removed_citations = [f for f in order if f not in facts]
    number_of = {fid: n for n, fid in enumerate(valid, start=1)}

    def marker(m: re.Match) -> str:
        fid = int(m.group(1))
        return f"[{number_of[fid]}]" if fid in number_of else ""

    text = MARKER_RE.sub(marker, answer)
    text = re.sub(r"[ \t]+([.,;:])", r"\1", text)
    for fid in valid:
        fact = facts[fid]
        report.citations.append({
            "n": number_of[fid], "fact_id": fid, "document": fact.get("document"), "document_id": fact.get("document_id"),
            "file_name": fact.get("file_name"), "corpus": fact.get("corpus"), "page": fact.get("page"),
            "page_id": fact.get("page_id"), "quote": fact.get("text", "")[:600],
            "score": round(float((fact.get("scores") or {}).get("vector") or 0), 3),
            **({"source_note": fact["source_note"]} if fact.get("source_note") else {}),
        })

    numbers, words = evidence(recorder, question)
    flagged: list[str] = []
    tag = unverified_tag(text)  # in the answer's language (chat/language.py)

    def check(m: re.Match) -> str:
        raw = m.group(0)
        value = _to_float(m)
        if value < SMALL_INT and not m.group(2) and "%" not in raw:
            return raw
        if value in numbers or round(value, 0) in numbers and not m.group(2):
            return raw
        flagged.append(raw.strip())
        return f"{raw} {tag}"

    def check_vi(raw: str) -> str:
        value = round(float(raw.replace(".", "").replace(",", ".")), 2)
        if value in numbers or round(value, 0) in numbers and "," not in raw:
            return raw
        flagged.append(raw)
        return f"{raw} {tag}"

    # Do not check numbers inside citation markers [1], links or dates (ISO, "Sat 7 Nov 2026", "24 Aug").
    # Amounts written the Vietnamese way are checked as such (check_vi), not as two numbers either side of a comma.
    pieces = re.split(r"(\[\d+\]|\]\([^)]*\)|\d{4}-\d{2}-\d{2}|\d{4}-\d{2}|(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) )?"
                      r"\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*(?: \d{4})?|days 1–\d{1,2}|"
                      + VI_DATE + "|" + VI_AMOUNT + ")", text)
    text = "".join((check_vi(p) if re.fullmatch(VI_AMOUNT, p) else p) if i % 2 else NUMBER_RE.sub(check, p)
                   for i, p in enumerate(pieces))
    report.unsupported_numbers = flagged
    report.answer = text

    # Coverage: share of substantive sentences backed by a citation, a grounded number or evidence words.
    # meta lines in italics ("_What I looked up: …_", "_Sources: …_") describe the answer; they are not claims
    body = "\n".join(_cited_lists(line for line in text.splitlines() if not re.fullmatch(r"\s*_[^_].*_\s*", line)))
    sentences = [s for s in re.split(r"(?<=[.!?])\s+|\n+", body) if len(s.split()) >= 4]
    absent = {str(u).lower() for r in recorder.tool_records if isinstance(r.result, dict)
              for u in (r.result.get("unknown") or []) if not r.result.get("found")}
    if sentences:
        supported = 0
        for s in sentences:
            if any(name in s.lower() for name in absent):  # "no transactions at Costco": the query found none
                supported += 1
                continue
            if re.search(r"\[(?:\d+|cited)\]", s) or (NUMBER_RE.search(s) and not UNVERIFIED_RE.search(s)):
                supported += 1
                continue
            toks = set(WORD_RE.findall(s.lower()))
            if toks and len(toks & words) / len(toks) >= 0.5:
                supported += 1
        report.coverage = supported / len(sentences)
    else:
        report.coverage = 1.0 if text.strip() else 0.0
    if report.citations:
        report.retrieval = sum(_retrieval(c["score"]) for c in report.citations) / len(report.citations)
    return report


def _cited_lists(lines: Any) -> list[str]:
    """A numbered list under a line that cites a fact ("How to import a statement: [1]" then "1. …") is that fact's
    steps (in the answer's language, so their words need not be the fact's): each item carries the citation."""
    out: list[str] = []
    cited = False
    for line in lines:
        if re.match(r"\s*\d{1,2}[.)]\s", line):
            out.append(re.sub(r"(?<=[.!?])(?=\s)|$", " [cited]", line) if cited else line)  # each of its sentences
            continue
        cited = bool(re.search(r":\s*\[\d+\]$", line.strip()))  # "Title: [1]" introduces the fact's list
        out.append(line)
    return out


def _retrieval(vector_score: float) -> float:
    """Cosine similarity of a cited fact mapped to 0..1: 0.2 or less → 0, 0.7 or more → 1."""
    return max(0.0, min(1.0, (vector_score - 0.2) / 0.5))


def confidence(report: GroundingReport, *, recorder: TurnRecorder, partial: bool = False) -> tuple[float, list[str]]:
    """The documented confidence formula; returns (confidence, reasons it is not higher)."""
    records = recorder.tool_records
    reasons: list[str] = []
    names = {r.name for r in records if not r.error}
    if report.citations:
        base = 0.5 * (report.retrieval or 0) + 0.5 * report.coverage
        if (report.retrieval or 0) < 0.5:
            reasons.append("the cited facts are only loosely related to the question")
    elif names & MONEY_TOOLS:
        base = 0.35 + 0.6 * report.coverage
    elif {r.name for r in records} & KNOWLEDGE_TOOLS:
        base = 0.2 * report.coverage
        reasons.append("nothing relevant was found in the knowledge base")
    elif records and all(_found_nothing(r) for r in records):
        # the web search could not be reached, a document search found nothing: the answer says so, it answers nothing
        base = 0.2 * report.coverage
        reasons.append("the tools that ran found nothing to answer with")
    elif records:
        base = 0.3 + 0.5 * report.coverage
    else:
        base = 0.5
    error_rate = (sum(1 for r in records if r.error) / len(records)) if records else 0.0
    if error_rate:
        reasons.append(f"{sum(1 for r in records if r.error)} tool call(s) failed")
    score = base * (1 - 0.5 * error_rate)
    score -= 0.2 * len(report.removed_citations) + 0.1 * len(report.unsupported_numbers)
    if report.removed_citations:
        reasons.append(f"citations to facts not returned this turn were removed: {report.removed_citations}")
    if report.unsupported_numbers:
        reasons.append(f"numbers not found in any tool result: {report.unsupported_numbers}")
    if partial:
        score *= 0.6
        reasons.append("the step limit was reached before the answer was finished")
    return round(max(0.0, min(1.0, score)), 3), reasons


def _found_nothing(record: Any) -> bool:
    """A search that returned nothing (unavailable, or no results), not a figure or a change."""
    result = record.result if isinstance(record.result, dict) else {}
    return bool(record.error) or (result.get("available") is False and not result.get("topic")) or \
        ("results" in result and not result["results"])


def result_summary(result: Any, error: str = "") -> str:
    if error:
        return f"error: {error}"
    if isinstance(result, dict):
        bits = []
        for key in ("title", "count", "total", "currency", "filters_text", "message"):
            if result.get(key) not in (None, ""):
                bits.append(f"{key}={result[key]}")
        if "results" in result:
            bits.append(f"results={len(result['results'])}")
        if "rows" in result and isinstance(result["rows"], list):
            bits.append(f"rows={len(result['rows'])}")
        if bits:
            return ", ".join(bits)[:500]
    return json.dumps(result, default=str)[:500]
