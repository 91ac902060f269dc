"""Candidates: raw SQL retrieval of the facts worth scoring — nearest facts, questions and pages (HNSW), exact
scans within the documents a question names, full text — then one exact scoring pass over their union.
Callers pass the visible document ids: this module never decides what a user may see."""
from __future__ import annotations

from typing import Any

from django.db import connection, transaction

from knowledge.search.query import page_statement

FOCUS_DOCUMENTS = 3  # documents the relaxed (OR) full-text query ranks within (the best-matching ones)


# The question as a full-text query that any of its words satisfies (websearch AND relaxed to OR), as `q.t`.
_ANY_WORD_QUERY = "(SELECT replace(websearch_to_tsquery('english', %s)::text, ' & ', ' | ')::tsquery AS t) q"


def candidate_facts(vec: str, query: str, doc_ids: list[int], boosted: list[int], *, n: int, hybrid: bool,
                questions: bool, ef_search: int) -> list[Any]:
    """Candidate facts from every retriever, then one exact scoring pass over their union."""
    fact_ids: set[int] = set()
    page_ids: set[int] = set()
    with transaction.atomic(), connection.cursor() as cur:
        cur.execute("SET LOCAL hnsw.ef_search = %s", [min(1000, max(ef_search, n * 2))])
        # ANN over facts, questions and pages (HNSW); the visibility filter is applied to the union below.
        cur.execute("SELECT id, document_id FROM knowledge_fact ORDER BY embedding <=> %s::vector LIMIT %s", [vec, n])
        nearest = cur.fetchall()
        if doc_ids and not any(d in set(doc_ids) for _, d in nearest):
            # the nearest facts are all in documents this search may not use (another user's notes, documents not
            # ready, rows a vacuum has not cleared yet): an exact scan within the visible documents instead
            cur.execute("SELECT id, document_id FROM knowledge_fact WHERE document_id = ANY(%s) "
                        "ORDER BY (embedding <=> %s::vector) + 0 LIMIT %s", [doc_ids, vec, n])
            nearest = cur.fetchall()
        fact_ids.update(r[0] for r in nearest)
        if questions:
            cur.execute("SELECT id FROM knowledge_fact WHERE question_embedding IS NOT NULL "
                        "ORDER BY question_embedding <=> %s::vector LIMIT %s", [vec, n // 3])
            fact_ids.update(r[0] for r in cur.fetchall())
        cur.execute("SELECT id FROM knowledge_page ORDER BY embedding <=> %s::vector LIMIT %s", [vec, 30])
        page_ids.update(r[0] for r in cur.fetchall())
        if boosted:
            # Documents the question names: exact scan within them ("+ 0" keeps the planner off the index,
            # whose post-filtering would lose most rows).
            cur.execute("SELECT id FROM knowledge_fact WHERE document_id = ANY(%s) "
                        "ORDER BY (embedding <=> %s::vector) + 0 LIMIT %s", [boosted, vec, n])
            fact_ids.update(r[0] for r in cur.fetchall())
            cur.execute("SELECT id FROM knowledge_page WHERE document_id = ANY(%s) "
                        "ORDER BY (embedding <=> %s::vector) + 0 LIMIT 20", [boosted, vec])
            page_ids.update(r[0] for r in cur.fetchall())
        if hybrid:
            # Full text, twice: every query word (websearch AND semantics) over everything visible, which the
            # GIN index answers quickly because few facts have them all; then any query word (OR), which a
            # long question matches in most facts, so only within the documents in focus (those the
            # question names, else those of the nearest facts) — ranking ~20k OR-matches cost ~90 ms.
            cur.execute(
                "SELECT f.id FROM knowledge_fact f, (SELECT websearch_to_tsquery('english', %s) AS t) q "
                "WHERE f.search_vector @@ q.t AND f.document_id = ANY(%s) "
                "ORDER BY ts_rank(f.search_vector, q.t, 1) DESC LIMIT %s", [query, doc_ids, n // 3])
            fact_ids.update(r[0] for r in cur.fetchall())
            visible = set(doc_ids)
            focus = (boosted or list(dict.fromkeys(d for _, d in nearest if d in visible)))[:FOCUS_DOCUMENTS]
            if focus:
                cur.execute(
                    f"SELECT f.id FROM knowledge_fact f, {_ANY_WORD_QUERY} "
                    "WHERE f.search_vector @@ q.t AND f.document_id = ANY(%s) "
                    "ORDER BY ts_rank(f.search_vector, q.t, 1) DESC LIMIT %s", [query, focus, n])
                fact_ids.update(r[0] for r in cur.fetchall())
        if page_ids:
            # The best few facts of each candidate page (pages found by their overall meaning).
            cur.execute("SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY page_id "
                        "ORDER BY embedding <=> %s::vector) AS rn FROM knowledge_fact WHERE page_id = ANY(%s)) x "
                        "WHERE rn <= 3", [vec, list(page_ids)])
            fact_ids.update(r[0] for r in cur.fetchall())
        if not fact_ids:
            return []
        text_expr = ("ts_rank(f.search_vector, q.t, 1)" if hybrid else "0")
        cur.execute(
            f"""SELECT f.id, f.document_id, f.page_id, p.number,
                       1 - (f.embedding <=> %s::vector),
                       CASE WHEN f.question_embedding IS NULL THEN NULL
                            ELSE 1 - (f.question_embedding <=> %s::vector) END,
                       {text_expr},
                       CASE WHEN p.embedding IS NULL THEN NULL ELSE 1 - (p.embedding <=> %s::vector) END
                FROM knowledge_fact f
                LEFT JOIN knowledge_page p ON p.id = f.page_id, {_ANY_WORD_QUERY}
                WHERE f.id = ANY(%s) AND f.document_id = ANY(%s)""",
            [vec, vec, vec, query, list(fact_ids), doc_ids])
        rows = cur.fetchall()
    return [(r[0], r[1], r[2], r[3], float(r[4]) if r[4] is not None else None,
             float(r[5]) if r[5] is not None else None, float(r[6] or 0.0), float(r[7]) if r[7] is not None else None)
            for r in rows]


def page_statements(page_ids: set[int]) -> dict[int, str]:
    """Which statement each candidate page is, read from the top of its text."""
    with connection.cursor() as cur:
        cur.execute("SELECT id, left(text, 700) FROM knowledge_page WHERE id = ANY(%s)", [list(page_ids)])
        return {pid: page_statement(head or "") for pid, head in cur.fetchall()}
