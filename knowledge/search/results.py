"""Results: the cut (k, fact and per-document limits, document limit), the texts of the facts that made it,
and the grouping by document that the API and the assistant show."""
from __future__ import annotations

import json
from typing import Any

from django.db import connection

from knowledge.models import source_note


def pick_results(scored: list[dict[str, Any]], *, opts: dict[str, Any], doc_by_id: dict[int, dict[str, Any]]) -> tuple[list[dict[str, Any]], list[int]]:
    """The best rows within the limits, with their document's title, file and corpus; and the documents in
    the order they first appear."""
    limit = min(opts["k"], opts["fact_limit"])
    doc_order: list[int] = []
    per_doc: dict[int, int] = {}
    picked = []
    for r in scored:
        d = r["document_id"]
        if d not in per_doc:
            if len(doc_order) >= opts["document_limit"]:
                continue
            doc_order.append(d)
            per_doc[d] = 0
        if per_doc[d] >= opts["per_document_limit"]:
            continue
        per_doc[d] += 1
        doc = doc_by_id[d]
        r.update({"document": doc["title"], "file_name": doc["file_name"], "corpus": doc["corpus__slug"]})
        picked.append(r)
        if len(picked) >= limit:
            break
    return picked, doc_order


def with_texts(picked: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each picked row with its fact's text, questions, its page's heading (a fact may start with it: "## Risks An
    index fund…") and (for OCR'd pages) source note."""
    texts = fact_texts([r["fact_id"] for r in picked]) if picked else {}
    with_text = []
    for r in picked:
        text, questions, note, heading = texts.get(r["fact_id"], ("", [], "", ""))
        row = {"fact_id": r["fact_id"], "text": text, "questions": questions, "heading": heading, **r}
        if note:
            row["source_note"] = note
        with_text.append(row)
    return with_text


def group_by_document(picked: list[dict[str, Any]], doc_order: list[int], doc_by_id: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    groups = []
    for d in doc_order:
        members = [r for r in picked if r["document_id"] == d]
        if not members:
            continue
        doc = doc_by_id[d]
        groups.append({"document_id": d, "document": doc["title"], "file_name": doc["file_name"],
                       "corpus": doc["corpus__slug"], "summary": doc["summary"],
                       "best_score": members[0]["scores"]["fused"], "results": members})
    return groups


def fact_texts(fact_ids: list[int]) -> dict[int, tuple[str, list[Any], str, str]]:
    """Text, questions and source note ("text read from a scan …" for OCR'd pages) of the facts that made
    the cut (fetched last: candidates are many)."""
    with connection.cursor() as cur:
        cur.execute("SELECT f.id, f.text, f.questions, p.text_source, p.ocr_confidence, p.heading FROM knowledge_fact f "
                    "LEFT JOIN knowledge_page p ON p.id = f.page_id WHERE f.id = ANY(%s)", [fact_ids])
        return {fid: (text, q if isinstance(q, list) else json.loads(q or "[]"), source_note(src, conf), heading or "")
                for fid, text, q, src, conf, heading in cur.fetchall()}
