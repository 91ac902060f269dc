"""Reads for the knowledge base. Every function takes `user=` and only sees shared corpora plus the
user's own private corpus, filtered in the query itself."""
from __future__ import annotations

import json
import re
import time

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Count, Q, QuerySet

from config.api import DomainError, NotFound
from knowledge.embeddings import embed_text
from knowledge.models import Corpus, Document, Fact, Page, source_note

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


def corpora_visible(*, user) -> QuerySet[Corpus]:
    visible = Q(visibility=Corpus.Visibility.SHARED)
    if user is not None and getattr(user, "is_authenticated", False):
        visible |= Q(visibility=Corpus.Visibility.PRIVATE, owner_id=user.id)
    return Corpus.objects.filter(visible)


def corpus_list(*, user) -> list[dict]:
    rows = corpora_visible(user=user).annotate(n=Count("documents")).order_by("visibility", "slug")
    return [{"slug": c.slug, "name": c.name, "description": c.description, "visibility": c.visibility,
             "documents": c.n} for c in rows]


def _resolve_slugs(user, slugs: list[str] | None) -> list[str] | None:
    if slugs is None:
        return None
    out = []
    for slug in slugs:
        slug = (slug or "").strip()
        if slug in ("private", "mine", "notes") and user is not None and getattr(user, "is_authenticated", False):
            slug = f"private-{user.id}"
        if slug:
            out.append(slug)
    return out


def _progress(doc: Document) -> dict:
    pct = round(100 * doc.pages_done / doc.pages_total) if doc.pages_total else (100 if doc.status == "ready" else 0)
    return {"pages_done": doc.pages_done, "pages_total": doc.pages_total, "percent": pct, "stage": doc.stage}


def document_row(doc: Document, *, pages: int | None = None, facts: int | None = None) -> dict:
    return {
        "document_id": doc.id, "title": doc.title, "file_name": doc.file_name, "corpus": doc.corpus.slug,
        "kind": doc.kind, "status": doc.status, "pages": pages if pages is not None else doc.pages_total,
        "facts": facts if facts is not None else 0, "summary": doc.summary, "error": doc.error,
        "progress": _progress(doc), "created_at": doc.created_at.isoformat(),
        "ingested_at": doc.ingested_at.isoformat() if doc.ingested_at else None,
    }


def _with_counts(qs):
    """Page and fact counts as correlated subqueries: joining both tables at once would multiply
    pages × facts rows per document (seconds for a few 10-Ks)."""
    from django.db.models import IntegerField, OuterRef, Subquery
    from django.db.models.functions import Coalesce

    def count_of(model):
        sub = (model.objects.filter(document=OuterRef("pk")).order_by().values("document")
               .annotate(c=Count("id")).values("c"))
        return Coalesce(Subquery(sub, output_field=IntegerField()), 0)

    return qs.annotate(n_pages=count_of(Page), n_facts=count_of(Fact))


def document_list(*, user, corpus: str | None = None) -> list[dict]:
    qs = Document.objects.filter(corpus__in=corpora_visible(user=user)).select_related("corpus")
    if corpus:
        slugs = _resolve_slugs(user, [corpus])
        qs = qs.filter(corpus__slug__in=slugs)
    qs = _with_counts(qs)
    return [document_row(d, pages=d.n_pages or d.pages_total, facts=d.n_facts) for d in qs.order_by("-created_at")]


def document_detail(*, user, document_id: int) -> dict:
    doc = (Document.objects.filter(id=document_id, corpus__in=corpora_visible(user=user))
           .select_related("corpus"))
    doc = _with_counts(doc).first()
    if doc is None:
        raise NotFound(f"Document {document_id} does not exist")
    row = document_row(doc, pages=doc.n_pages or doc.pages_total, facts=doc.n_facts)
    row["metadata"] = doc.metadata.get("identity", {})
    row["page_list"] = [{"page_id": p.id, "page": p.number, "heading": p.heading, "summary": p.summary,
                         "representation": p.representation}
                        for p in Page.objects.filter(document=doc).only("id", "number", "heading", "summary",
                                                                         "representation").order_by("number")]
    return row


def page_image_available(page: Page, doc: Document) -> bool:
    return doc.kind == Document.Kind.PDF or page.image is not None


def page_detail(*, user, page_id: int) -> dict:
    page = (Page.objects.filter(id=page_id, document__corpus__in=corpora_visible(user=user))
            .select_related("document", "document__corpus").defer("image", "embedding", "search_vector").first())
    if page is None:
        raise NotFound(f"Page {page_id} does not exist")
    doc = page.document
    return {
        "page_id": page.id, "document": doc.title, "document_id": doc.id, "file_name": doc.file_name,
        "corpus": doc.corpus.slug, "page": page.number, "pages_total": doc.pages_total, "heading": page.heading,
        "text": page.text, "markdown": page.markdown, "summary": page.summary,
        "representation": page.representation, "text_source": page.text_source,
        "ocr_confidence": page.ocr_confidence, "source_note": page.source_note,
        "image_url": f"/api/v1/knowledge/pages/{page.id}/image.png" if page_image_available(page, doc) else None,
    }


def page_for_image(*, user, page_id: int) -> Page:
    page = (Page.objects.filter(id=page_id, document__corpus__in=corpora_visible(user=user))
            .select_related("document").first())
    if page is None:
        raise NotFound(f"Page {page_id} does not exist")
    return page


def own_document_get(*, user, document_id: int) -> dict:
    """One of the user's own documents or notes (their private corpus only; anyone else's id is NotFound),
    with its page numbers for paging."""
    doc = (Document.objects.filter(id=document_id, corpus__visibility=Corpus.Visibility.PRIVATE,
                                   corpus__owner_id=getattr(user, "id", None)).select_related("corpus"))
    doc = _with_counts(doc).first()
    if doc is None:
        raise NotFound(f"Document {document_id} does not exist")
    row = document_row(doc, pages=doc.n_pages or doc.pages_total, facts=doc.n_facts)
    row["is_note"] = bool((doc.metadata or {}).get("note"))
    row["page_numbers"] = list(Page.objects.filter(document=doc).order_by("number").values_list("number", flat=True))
    return row


def own_document_page(*, user, document_id: int, number: int) -> dict | None:
    """Page `number` of one of the user's own documents (its text, page by page); None when the document
    has no such page (yet)."""
    page = (Page.objects.filter(document_id=document_id, number=number,
                                document__corpus__visibility=Corpus.Visibility.PRIVATE,
                                document__corpus__owner_id=getattr(user, "id", None))
            .only("id", "number", "text", "markdown", "heading", "text_source", "ocr_confidence").first())
    if page is None:
        return None
    return {"page_id": page.id, "page": page.number, "heading": page.heading,
            "text": page.text or page.markdown, "source_note": page.source_note}


def note_get(*, user, document_id: int) -> dict:
    """A note's title and text as the user wrote them (read back from the stored file), for editing."""
    doc = (Document.objects.filter(id=document_id, corpus__visibility=Corpus.Visibility.PRIVATE,
                                   corpus__owner_id=getattr(user, "id", None)).first())
    if doc is None or not (doc.metadata or {}).get("note"):
        raise NotFound(f"Note {document_id} does not exist")
    with doc.file.open("rb") as fh:
        content = fh.read().decode("utf-8", "replace")
    heading = f"# {doc.title}\n"
    text = content[len(heading):] if content.startswith(heading) else content
    return {"document_id": doc.id, "title": doc.title, "text": text.strip(), "status": doc.status}


# --- Search -----------------------------------------------------------------------------------------

_YEAR = re.compile(r"(?<![\d])(?:fy\s*'?|fiscal\s+(?:year\s+)?)?((?:19|20)\d\d)(?![\d])", re.I)
_FY_SHORT = re.compile(r"\bfy\s*'?(\d\d)\b", re.I)
_QUARTER = re.compile(r"(?<![a-z])q([1-4])\b", re.I)


def query_identity(query: str) -> dict:
    """Years, document type and quarter a question names ('FY2019', '10-K', 'Q2', 'fiscal 2018')."""
    years = {int(y) for y in _YEAR.findall(query)} | {2000 + int(y) for y in _FY_SHORT.findall(query)}
    lowered = query.lower()
    doc_type = ""
    if re.search(r"\b10-?k\b|annual report", lowered):
        doc_type = "10-K"
    elif re.search(r"\b10-?q\b|quarterly report", lowered):
        doc_type = "10-Q"
    elif re.search(r"\b8-?k\b", lowered):
        doc_type = "8-K"
    elif re.search(r"\bearnings (release|report|call)\b", lowered):
        doc_type = "earnings release"
    quarter = _QUARTER.search(query)
    return {"years": years, "doc_type": doc_type, "quarter": f"Q{quarter.group(1)}" if quarter else ""}


# Financial statements a question can name, and the titles a statement page carries. A filing says on each
# statement page which statement it is ("CONSOLIDATED STATEMENTS OF CASH FLOWS"); questions often say which
# one they need ("...shown in the cash flow statement", "...the statement of financial position").
_STATEMENT_QUERY = {
    "balance": r"balance sheets?|statements? of financial (?:position|condition)|financial position",
    "income": r"income statements?|statements? of (?:consolidated )?(?:income|operations|earnings)|"
              r"p\s?&\s?l\b|profit and loss",
    "comprehensive": r"statements? of comprehensive (?:income|loss)",
    "cash_flow": r"cash ?flows? statements?|statements? of cash ?flows?",
    "equity": r"statements? of (?:changes in )?(?:share|stock)holders[’']? equity|statements? of (?:changes in )?equity",
}
_STATEMENT_TITLE = {
    "balance": r"balance sheets?|statements? of (?:consolidated )?financial (?:position|condition)",
    "income": r"statements? of (?:consolidated )?(?:income|operations|earnings)(?: and comprehensive "
              r"(?:income|loss))?|income statements?",
    "comprehensive": r"statements? of comprehensive (?:income|loss)",
    "cash_flow": r"statements? of (?:consolidated )?cash ?flows?|cash ?flows? statements?",
    "equity": r"statements? of (?:changes in )?(?:share|stock)holders[’']? (?:equity|deficit)|"
              r"statements? of (?:changes in )?equity",
}
_STATEMENT_QUERY_RE = {k: re.compile(v, re.I) for k, v in _STATEMENT_QUERY.items()}
# Searched for in a page's title block (see _title_block), not in its body.
_STATEMENT_TITLE_SEARCH = {k: re.compile(r"\b(?:" + v + r")\b", re.I) for k, v in _STATEMENT_TITLE.items()}


def query_statements(query: str) -> set[str]:
    """The financial statements a question names: {'balance', 'income', 'comprehensive', 'cash_flow', 'equity'}."""
    return {kind for kind, rx in _STATEMENT_QUERY_RE.items() if rx.search(query)}


_PAGE_NUMBER_LINE = re.compile(r"^(?:table of contents|index|contents|page\s*\d+|[a-z]?-?\d{1,3}|\d+\s*of\s*\d+)$", re.I)


def _title_block(head: str) -> str:
    """The lines at the top of a page before its first figure or prose line, joined: a statement's title,
    however the PDF broke it ("MGM / RESORTS / … / CONSOLIDATED / BALANCE / SHEETS" one word per line)."""
    block: list[str] = []
    for line in (head or "").splitlines()[:24]:
        line = line.strip()
        if not line or _PAGE_NUMBER_LINE.match(line):
            continue
        words = line.split()
        lower = sum(1 for w in words if w[:1].islower())
        figures = re.sub(r"^(?:part|item)\s+[0-9ivx]+[a-z]?\.?", "", line, flags=re.I)  # "ITEM 8. FINANCIAL…"
        if len(line) > 110 or re.search(r"\d", figures) or (len(words) >= 8 and lower / len(words) > 0.6) or (
                len(words) >= 6 and line.endswith(".")):
            break
        block.append(line)
        if sum(len(b) for b in block) > 300:
            break
    return " ".join(block)


def page_statement(head: str) -> str:
    """Which statement a page is, from the title at its top ('' when it is none, or a table of contents
    naming several)."""
    block = _title_block(head)
    found = [kind for kind, rx in _STATEMENT_TITLE_SEARCH.items() if rx.search(block)]
    return found[0] if len(found) == 1 else ""


# Line items and ratios an analyst reads off one statement: a question about them without naming the
# statement still points at it (a weaker signal than naming it).
_STATEMENT_CONCEPTS = {
    "income": r"revenues?|net sales|total sales|gross (?:margin|profit)|operating (?:margin|income|profit)|"
              r"ebitd?a?|net (?:income|earnings|profit|loss)|earnings per share|\beps\b|cost of (?:goods sold|sales|"
              r"revenues?)|\bcogs\b|sg&a|selling, general|research and development|interest expense|"
              r"income tax expense|profit margin",
    "balance": r"total assets|total liabilities|(?:share|stock)holders[’']? equity|working capital|quick ratio|"
               r"current ratio|current (?:assets|liabilities)|inventor(?:y|ies)|accounts (?:payable|receivable)|"
               r"cash and cash equivalents|book value|debt[- ]to[- ]equity|goodwill|net pp&e|"
               r"property,? plant,? and equipment",
    "cash_flow": r"capex|capital expenditures?|cash (?:flow )?from operations|operating cash flows?|"
                 r"free cash flow|cash provided by operating|dividends paid|repurchases? of (?:common )?stock|"
                 r"share repurchases?|buybacks?|purchases? of property",
}
_STATEMENT_CONCEPTS_RE = {k: re.compile(v, re.I) for k, v in _STATEMENT_CONCEPTS.items()}


def query_statement_scores(query: str) -> dict[str, float]:
    """Statements a question names (1.0) or implies through the line items it asks about (0.5)."""
    named = query_statements(query)
    if named:
        return {kind: 1.0 for kind in named}
    return {kind: 0.5 for kind, rx in _STATEMENT_CONCEPTS_RE.items() if rx.search(query)}


_QUESTION_WORDS = {"what", "which", "who", "whom", "when", "where", "why", "how", "does", "did", "do", "is", "are",
                   "was", "were", "has", "have", "had", "can", "could", "should", "would", "will", "based", "basing",
                   "give", "answer", "round", "calculate", "using", "from", "for", "in", "of", "by", "if", "among",
                   "according", "roughly", "please", "assume", "consider", "compare", "list", "name", "describe",
                   "explain", "identify", "provide", "show", "tell", "find", "yes", "no", "fiscal", "year", "quarter",
                   "total", "net", "income", "revenue", "cash", "statement", "balance", "sheet", "usd", "million",
                   "millions", "billion", "billions", "thousands", "percent", "ratio", "margin", "days", "adjusted",
                   "non", "gaap", "ebitda", "ebit", "ebitdar", "real", "capex", "inventory"}
_TICKER_WORDS = {"all", "are", "big", "can", "car", "cat", "eat", "fun", "has", "key", "low", "man", "net", "new",
                 "now", "one", "out", "run", "see", "two", "who", "win", "good", "life", "true", "tech", "well",
                 "love", "fast", "cash", "earn", "bank", "real", "ford", "next", "open", "safe", "best"}
FOCUS_DOCUMENTS = 3  # documents the relaxed (OR) full-text query ranks within (the best-matching ones)
_GENERIC_FIRST_WORDS = {"american", "general", "united", "first", "national", "international", "global", "new",
                        "the", "bank", "financial", "my", "how", "what", "moneta"}


def document_match_scores(query: str, docs: list[dict]) -> dict[int, float]:
    """0..1 per document: does the question name this document's company (required), year, type, quarter?"""
    # "AMCOR's" / "Amcor’s" must match "amcor": drop possessives and apostrophes before matching.
    lowered = re.sub(r"['’]s\b|['’]", "", query.lower())
    spaced = " " + " ".join(re.findall(r"[a-z0-9&]+", lowered)) + " "
    # Runs of 1-4 consecutive words glued together ("mgm resorts" → "mgmresorts"): a squashed name must
    # equal one, not merely occur inside the question ("nternational" is inside "international").
    tokens = re.findall(r"[a-z0-9]+", lowered)
    grams = {"".join(tokens[i:i + n]) for n in range(1, 5) for i in range(len(tokens) - n + 1)}
    qid = query_identity(query)
    aliases = _company_aliases(docs)
    # Capitalised words of the question that may start a squashed name ("MGM" → "mgmresorts").
    proper = {w.lower() for w in re.findall(r"\b[A-Z][A-Za-z&]{2,}\b", query)} - _GENERIC_FIRST_WORDS - _QUESTION_WORDS
    scores: dict[int, float] = {}
    for doc in docs:
        ident = {**(doc.get("identity") or {}), **aliases.get(doc["id"], {})}
        name_score = 0.0
        for name in ident.get("names") or []:
            if len(name) >= 3 and f" {name} " in spaced:
                name_score = 1.0
                break
            if len(name) >= 6 and name.replace(" ", "") in grams:
                name_score = 1.0
                break
            first = name.split(" ")[0]
            if " " in name and len(first) >= 3 and first not in _GENERIC_FIRST_WORDS and f" {first} " in spaced:
                name_score = max(name_score, 0.7)
            if " " not in name and len(name) >= 6 and any(name.startswith(w) for w in proper):
                name_score = max(name_score, 0.7)
        for ticker in ident.get("tickers") or []:
            # "JPM", "JnJ" for JNJ; a ticker that is also a word ("ALL", "KEY") or of 1-2 letters ("BA")
            # only counts in capitals.
            if re.search(rf"(?<![A-Za-z0-9]){re.escape(ticker)}(?![A-Za-z0-9])", query) or (
                    len(ticker) >= 3 and ticker.lower() not in _TICKER_WORDS and f" {ticker.lower()} " in spaced):
                name_score = 1.0
        if not name_score:
            continue
        fy = ident.get("fiscal_year")
        year_score = 0.0
        if qid["years"] and fy:
            if fy in qid["years"]:
                year_score = 1.0
            elif (fy - 1) in qid["years"] or (fy - 2) in qid["years"]:
                year_score = 0.4  # a later filing restates the prior years
        type_score = 1.0 if qid["doc_type"] and qid["doc_type"] == ident.get("doc_type") else 0.0
        if not qid["doc_type"] and not qid["quarter"] and qid["years"] and ident.get("doc_type") == "10-K":
            type_score = 0.5  # a question about a fiscal year, nothing else said: the annual report first
        quarter_score = 1.0 if qid["quarter"] and qid["quarter"] == ident.get("quarter") else 0.0
        scores[doc["id"]] = round(0.55 * name_score + 0.3 * year_score + 0.1 * type_score + 0.05 * quarter_score, 4)
    return scores


def _company_aliases(docs: list[dict]) -> dict[int, dict]:
    """Documents of one company rarely all say the same about themselves (an earnings release has no
    cover page; the 10-K lists the ticker). Documents sharing a squashed name (file name or registrant,
    e.g. "mgmresorts") pool their names and tickers."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    owner: dict[str, int] = {}
    for doc in docs:
        for name in (doc.get("identity") or {}).get("names") or []:
            key = name.replace(" ", "")
            if len(key) < 5 or re.search(r"\d", key):
                continue
            if key in owner:
                parent[find(doc["id"])] = find(owner[key])
            else:
                owner[key] = doc["id"]
    groups: dict[int, dict] = {}
    for doc in docs:
        ident = doc.get("identity") or {}
        g = groups.setdefault(find(doc["id"]), {"names": [], "tickers": []})
        g["names"] += [n for n in ident.get("names") or [] if n not in g["names"]]
        g["tickers"] += [t for t in ident.get("tickers") or [] if t not in g["tickers"]]
    return {doc["id"]: groups[find(doc["id"])] for doc in docs}


def search_settings(**overrides) -> dict:
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


def knowledge_search(*, user, query: str, k=None, similarity_threshold=None, corpus_include: list[str] | None = None,
                     corpus_exclude: list[str] | None = None, per_document_limit=None, document_limit=None,
                     fact_limit=None, hybrid: bool = True, vector_weight: float | None = None,
                     text_weight: float | None = None) -> dict:
    """Hybrid search over the facts the user may see. See knowledge/README.md for the score formula."""
    return search_run(user=user, query=query, k=k, similarity_threshold=similarity_threshold,
                      corpus_include=corpus_include, corpus_exclude=corpus_exclude,
                      per_document_limit=per_document_limit, document_limit=document_limit, fact_limit=fact_limit,
                      hybrid=hybrid, vector_weight=vector_weight, text_weight=text_weight)


def search_run(*, user, query: str, page_similarity: bool | None = None, document_weight: float | None = None,
               statement_weight: float | None = None, query_vector=None, **params) -> dict:
    """knowledge_search with the extra knobs the benchmark compares (seed formula, document boost,
    statement match)."""
    started = time.perf_counter()
    query = (query or "").strip()
    if not query:
        raise DomainError("The search query is empty", details={"q": "required"})
    if len(query) > 2000:
        raise DomainError("The search query is longer than 2000 characters", details={"q": "too long"})
    opts = search_settings(**params, page_similarity=page_similarity, document_weight=document_weight,
                           statement_weight=statement_weight)
    include = _resolve_slugs(user, params.get("corpus_include"))
    exclude = _resolve_slugs(user, params.get("corpus_exclude")) or []
    corpora = corpora_visible(user=user)
    if include:
        corpora = corpora.filter(slug__in=include)
    if exclude:
        corpora = corpora.exclude(slug__in=exclude)
    docs = list(Document.objects.filter(corpus__in=corpora, status=Document.Status.READY)
                .values("id", "title", "file_name", "summary", "corpus__slug", "metadata__identity",
                        "metadata__question_vectors"))
    for d in docs:
        d["identity"] = d.pop("metadata__identity") or {}
        # Documents ingested before the flag existed count as "may have question vectors".
        d["question_vectors"] = d.pop("metadata__question_vectors") is not False
    effective = {key: opts[key] for key in ("k", "similarity_threshold", "per_document_limit", "document_limit",
                                            "fact_limit", "hybrid", "vector_weight", "text_weight",
                                            "document_weight", "statement_weight", "page_similarity",
                                            "ef_search")}
    effective.update({"corpus_include": include, "corpus_exclude": exclude})
    result = {"query": query, "settings": effective, "results": [], "documents": []}
    if not docs:
        return result

    doc_by_id = {d["id"]: d for d in docs}
    doc_ids = list(doc_by_id)
    doc_scores = document_match_scores(query, docs)
    boosted = [d for d, s in sorted(doc_scores.items(), key=lambda kv: -kv[1]) if s >= 0.5][:6]
    vector = query_vector if query_vector is not None else embed_text(query)
    vec_literal = "[" + ",".join(f"{x:.6f}" for x in vector.tolist()) + "]"
    hybrid = bool(opts["hybrid"])
    rows = _candidates(vec_literal, query, doc_ids, boosted, n=opts["candidates"], hybrid=hybrid,
                       questions=any(d["question_vectors"] for d in docs), ef_search=opts["ef_search"])

    vw, tw, dw = opts["vector_weight"], (opts["text_weight"] if hybrid else 0.0), opts["document_weight"]
    # The statement term only exists for questions that name or imply a statement, so other questions' scores
    # (and thresholds set on them) are unchanged.
    wanted_statements = query_statement_scores(query)
    sw = opts["statement_weight"] if wanted_statements else 0.0
    max_text = max((r[6] or 0.0) for r in rows) if rows else 0.0
    total_w = vw + tw + dw + sw or 1.0
    page_kinds = _page_statements({r[2] for r in rows if r[2]}) if sw else {}
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
    scored = [r for r in scored if r["scores"]["fused"] >= opts["similarity_threshold"]]

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
    texts = _fact_texts([r["fact_id"] for r in picked]) if picked else {}
    with_text = []
    for r in picked:
        text, questions, note = texts.get(r["fact_id"], ("", [], ""))
        row = {"fact_id": r["fact_id"], "text": text, "questions": questions, **r}
        if note:
            row["source_note"] = note
        with_text.append(row)
    picked = with_text
    groups = []
    for d in doc_order:
        members = [r for r in picked if r["document_id"] == d]
        if not members:
            continue
        doc = doc_by_id[d]
        groups.append({"document_id": d, "document": doc["title"], "file_name": doc["file_name"],
                       "corpus": doc["corpus__slug"], "summary": doc["summary"],
                       "best_score": members[0]["scores"]["fused"], "results": members})
    result["results"] = picked
    result["documents"] = groups
    result["took_ms"] = round((time.perf_counter() - started) * 1000, 1)
    return result


# The question as a full-text query that any of its words satisfies (websearch AND relaxed to OR), as `q.t`.
_ANY_WORD_QUERY = "(SELECT replace(websearch_to_tsquery('english', %s)::text, ' & ', ' | ')::tsquery AS t) q"


def _candidates(vec: str, query: str, doc_ids: list[int], boosted: list[int], *, n: int, hybrid: bool,
                questions: bool, ef_search: int) -> list:
    """Candidate facts from every retriever, then one exact scoring pass over their union."""
    fact_ids: set[int] = set()
    page_ids: set[int] = set()
    with transaction.atomic(), connection.cursor() as cur:
        cur.execute("SET LOCAL hnsw.ef_search = %s", [min(1000, max(ef_search, n * 2))])
        # ANN over facts, questions and pages (HNSW); the visibility filter is applied to the union below.
        cur.execute("SELECT id, document_id FROM knowledge_fact ORDER BY embedding <=> %s::vector LIMIT %s", [vec, n])
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


def _page_statements(page_ids: set[int]) -> dict[int, str]:
    """Which statement each candidate page is, read from the top of its text."""
    with connection.cursor() as cur:
        cur.execute("SELECT id, left(text, 700) FROM knowledge_page WHERE id = ANY(%s)", [list(page_ids)])
        return {pid: page_statement(head or "") for pid, head in cur.fetchall()}


def _fact_texts(fact_ids: list[int]) -> dict[int, tuple[str, list, str]]:
    """Text, questions and source note ("text read from a scan …" for OCR'd pages) of the facts that made
    the cut (fetched last: candidates are many)."""
    with connection.cursor() as cur:
        cur.execute("SELECT f.id, f.text, f.questions, p.text_source, p.ocr_confidence FROM knowledge_fact f "
                    "LEFT JOIN knowledge_page p ON p.id = f.page_id WHERE f.id = ANY(%s)", [fact_ids])
        return {fid: (text, q if isinstance(q, list) else json.loads(q or "[]"), source_note(src, conf))
                for fid, text, q, src, conf in cur.fetchall()}
