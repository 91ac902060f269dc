"""Knowledge search over the documents a caller may see (the caller decides which: knowledge.selectors
passes the user's visible documents). Four steps, one module each:

- query:      what the question names (years, filing type, quarter, statements, companies)
- candidates: raw SQL retrieval of candidate facts (HNSW, exact scans, full text)
- fusion:     settings (defaults, coercion) and the score formula
- results:    the cut (limits), fact texts, grouping by document
"""
from __future__ import annotations

from typing import Any

import numpy as np

from core.embeddings import embed_text
from knowledge.search.candidates import FOCUS_DOCUMENTS, candidate_facts, page_statements
from knowledge.search.fusion import SEARCH_EXTRA_DEFAULTS, fuse_scores, search_settings
from knowledge.search.query import (
    document_match_scores,
    page_statement,
    query_identity,
    query_statement_scores,
    query_statements,
)
from knowledge.search.results import fact_texts, group_by_document, pick_results, with_texts

__all__ = [
    "FOCUS_DOCUMENTS", "SEARCH_EXTRA_DEFAULTS", "candidate_facts", "document_match_scores", "fact_texts",
    "fuse_scores", "page_statement", "page_statements", "query_identity", "query_statement_scores",
    "query_statements", "search_documents", "search_settings",
]


def search_documents(query: str, docs: list[dict[str, Any]], opts: dict[str, Any], *,
                     query_vector: np.ndarray | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Rank the facts of `docs` (rows with id, title, file_name, summary, corpus__slug, identity,
    question_vectors) for `query` with the effective settings `opts` → (results, results grouped by document)."""
    doc_by_id = {d["id"]: d for d in docs}
    doc_ids = list(doc_by_id)
    doc_scores = document_match_scores(query, docs)
    boosted = [d for d, s in sorted(doc_scores.items(), key=lambda kv: -kv[1]) if s >= 0.5][:6]
    vector = query_vector if query_vector is not None else embed_text(query)
    vec_literal = "[" + ",".join(f"{x:.6f}" for x in vector.tolist()) + "]"
    rows = candidate_facts(vec_literal, query, doc_ids, boosted, n=opts["candidates"], hybrid=bool(opts["hybrid"]),
                           questions=any(d["question_vectors"] for d in docs), ef_search=opts["ef_search"])
    wanted_statements = query_statement_scores(query)
    statement_weight = opts["statement_weight"] if wanted_statements else 0.0
    page_kinds = page_statements({r[2] for r in rows if r[2]}) if statement_weight else {}
    scored = fuse_scores(rows, opts=opts, doc_scores=doc_scores, wanted_statements=wanted_statements,
                         page_kinds=page_kinds)
    picked, doc_order = pick_results(scored, opts=opts, doc_by_id=doc_by_id)
    picked = with_texts(picked)
    return picked, group_by_document(picked, doc_order, doc_by_id)
