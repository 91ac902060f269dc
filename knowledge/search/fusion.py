"""Fusion: the search settings (defaults, overrides, coercion) and the one score formula that combines
vector, full-text, document and statement evidence per candidate fact (see knowledge/README.md)."""
from __future__ import annotations

from typing import Any

from django.conf import settings

from core.errors import DomainError

# Fusion defaults beyond settings.MONETA_SEARCH_DEFAULTS (which chat overrides per agent config).
SEARCH_EXTRA_DEFAULTS = {
    "hybrid": True,
    "vector_weight": 0.6,
    "text_weight": 0.05,
    "document_weight": 0.3,
    "statement_weight": 0.15,  # only when the question names or implies a financial statement
    "page_similarity": True,  # the seed formula: (fact_sim + page_sim) / 2
    "candidates": 150,
    # HNSW search breadth (pgvector hnsw.ef_search); never below 2 x candidates (300 by default). The scale run in
    # knowledge/README.md measured recall@10 1.0 at 200 on a 1M-fact index (0.99 at 100).
    "ef_search": 200,
}


def search_settings(**overrides: Any) -> dict[str, Any]:
    effective = {**settings.MONETA_SEARCH_DEFAULTS, **SEARCH_EXTRA_DEFAULTS,
                 **getattr(settings, "MONETA_SEARCH_EXTRA", {})}
    for key, value in overrides.items():
        if value is not None:
            effective[key] = value
    for key in ("k", "per_document_limit", "document_limit", "fact_limit", "candidates", "ef_search"):
        try:
            effective[key] = int(effective[key])
        except (TypeError, ValueError) as exc:
            raise DomainError(f"{key} must be a whole number", details={key: effective[key]}) from exc
        if effective[key] < 1:
            raise DomainError(f"{key} must be at least 1", details={key: effective[key]})
    effective["k"] = min(effective["k"], 200)
    for key in ("similarity_threshold", "vector_weight", "text_weight", "document_weight", "statement_weight"):
        try:
            effective[key] = float(effective[key])
        except (TypeError, ValueError) as exc:
            raise DomainError(f"{key} must be a number", details={key: effective[key]}) from exc
    return effective


def fuse_scores(rows: list[tuple[Any, ...]], *, opts: dict[str, Any], doc_scores: dict[int, float], wanted_statements: dict[str, float],
                page_kinds: dict[int, str]) -> list[dict[str, Any]]:
    """Candidate rows (see candidates.candidate_facts) → scored rows, best first, above the threshold.

    fused = (vw·combined + tw·text_rel + dw·document + sw·statement) / (vw + tw + dw + sw), where combined is
    the fact's own similarity (best of text and question vectors), averaged with its page's similarity when
    page_similarity is on, and text_rel is the full-text rank relative to the best candidate's."""
    hybrid = bool(opts["hybrid"])
    vw, tw, dw = opts["vector_weight"], (opts["text_weight"] if hybrid else 0.0), opts["document_weight"]
    # The statement term only exists for questions that name or imply a statement, so other questions' scores
    # (and thresholds set on them) are unchanged.
    sw = opts["statement_weight"] if wanted_statements else 0.0
    max_text = max((r[6] or 0.0) for r in rows) if rows else 0.0
    total_w = vw + tw + dw + sw or 1.0
    scored = []
    for (fact_id, document_id, page_id, number, fsim, qsim, trank, psim) in rows:
        own = max(fsim if fsim is not None else 0.0, qsim if qsim is not None else -1.0)
        combined = (own + psim) / 2 if (opts["page_similarity"] and psim is not None) else own
        text_rel = (trank or 0.0) / max_text if max_text > 0 else 0.0
        doc_score = doc_scores.get(document_id, 0.0)
        statement = page_kinds.get(page_id, "")
        statement_score = wanted_statements.get(statement, 0.0) if statement else 0.0
        fused = (vw * combined + tw * text_rel + dw * doc_score + sw * statement_score) / total_w
        scored.append({
            "fact_id": fact_id, "document_id": document_id, "page_id": page_id, "page": number,
            "scores": {"vector": round(own, 4), "text": round(float(trank or 0.0), 4), "fused": round(fused, 4),
                       "page": round(psim, 4) if psim is not None else None, "document": doc_score,
                       "statement": statement_score},
        })
    scored.sort(key=lambda r: -r["scores"]["fused"])
    return [r for r in scored if r["scores"]["fused"] >= opts["similarity_threshold"]]
