"""A document in another language: the same page written again for readers of that language.

A file named `<stem>.<language>.<ext>` ("emergency-fund.vi.md") uploaded to the corpus that holds `<stem>.<ext>` is
that document's translation: the same sections in the same order, so its page N says what the original's page N
says (markdown pages are the H1/H2 sections). Search ranks the originals only — the embedding model and the
full-text configuration read English — and a search asked for another language gives, for every fact of an
original that has a translation in that language, the translated section in its place: its fact id (what the
answer cites), its text and title, with the original kept under `original` so a caller can judge the fit on the
words it was found by. A document with no translation comes back as it is.
"""
from __future__ import annotations

import re
from typing import Any

from knowledge.models import Document, Fact

TRANSLATION_NAME_RE = re.compile(r"^(?P<stem>.+)\.(?P<language>vi|en)\.(?P<ext>md|markdown|txt|html?)$", re.I)


def translation_metadata(file_name: str) -> dict[str, str]:
    """{"language", "translation_of"} for a translation's file name ("x.vi.md" → vi, of "x.md"); {} otherwise."""
    m = TRANSLATION_NAME_RE.match(file_name or "")
    if m is None:
        return {}
    return {"language": m.group("language").lower(), "translation_of": f"{m.group('stem')}.{m.group('ext')}"}


def is_translation(metadata: dict[str, Any] | None) -> bool:
    return bool((metadata or {}).get("translation_of"))


def _translations(document_ids: set[int], language: str) -> dict[int, Document]:
    """The ready translation in `language` of each of these documents, by the original's id."""
    originals = Document.objects.filter(id__in=document_ids).values_list("id", "corpus_id", "file_name")
    by_key = {(corpus, name): doc_id for doc_id, corpus, name in originals}
    if not by_key:
        return {}
    found = Document.objects.filter(corpus_id__in={c for c, _ in by_key}, status=Document.Status.READY,
                                    metadata__language=language,
                                    metadata__translation_of__in=[n for _, n in by_key])
    return {by_key[key]: doc for doc in found
            if (key := (doc.corpus_id, doc.metadata.get("translation_of"))) in by_key}


def results_in_language(results: list[dict[str, Any]], *, language: str | None) -> list[dict[str, Any]]:
    """Search results with each fact of a translated document replaced by the same section of its translation in
    `language` (one row per translated section, in the originals' order)."""
    if not results or not language:
        return results
    translations = _translations({r["document_id"] for r in results if r.get("document_id")}, language)
    if not translations:
        return results
    wanted = {(translations[r["document_id"]].id, r["page"]) for r in results
              if r.get("document_id") in translations and r.get("page")}
    sections: dict[tuple[int, int], list[tuple[int, int, str, str]]] = {}  # (fact id, page id, text, heading)
    rows = (Fact.objects.filter(document_id__in={d for d, _ in wanted}, page__number__in={n for _, n in wanted})
            .order_by("page__number", "ordinal")
            .values_list("id", "document_id", "page_id", "page__number", "page__heading", "text"))
    for fact_id, document_id, page_id, number, heading, text in rows:
        if (document_id, number) in wanted:
            sections.setdefault((document_id, number), []).append((fact_id, page_id, text, heading or ""))
    out, seen = [], set()
    for r in results:
        doc = translations.get(r.get("document_id") or 0)
        key = (doc.id, r.get("page") or 0) if doc is not None else None
        facts = sections.get(key) if key is not None else None
        if doc is None or key is None or not facts:
            out.append(r)
            continue
        if key in seen:
            continue  # two facts of one original section: its translation once
        seen.add(key)
        fact_id, page_id, _text, heading = facts[0]
        out.append({**r, "fact_id": fact_id, "text": "\n".join(f[2] for f in facts), "questions": [],
                    "document_id": doc.id, "document": doc.title, "file_name": doc.file_name, "page_id": page_id,
                    "heading": heading, "language": language,
                    "original": {"fact_id": r["fact_id"], "text": r.get("text", ""), "document": r.get("document")}})
    return out
