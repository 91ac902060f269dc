"""python -m bench knowledge [--limit-docs N] [--scale-facts N] [--skip-scale] [--reuse]

FinanceBench dev (../shared/data/financebench-dev): ingest every PDF into one corpus with Moneta's pipeline
(offline mode), answer the 64 questions with knowledge_search, and report page hit@1/5/10, MRR, ingestion
pages/minute and search latency p50/p95 (query embedding included). In the same run, the baseline: pypdf
page text, 1000/200-character recursive chunks, the same embedding model, exact cosine top-k.
A hit = an evidence page among the first k *distinct pages* returned.
Then a scale run: N synthetic facts (clustered unit vectors + generated text) in a scratch table with the
same HNSW parameters: recall@10 of HNSW against exact search, and p95 latency.
OCR (separately, `--ocr-pages N`, `--only-ocr`): the first N pages of the PDFs rendered to images at 144 dpi
(a scanned copy without a text layer), parsed with OCR: OCR pages/minute and mean confidence, and whether the
OCR'd text has the words of the text layer (word recall).
"""
from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import numpy as np

from bench.common import SHARED_DATA, django_setup, latency_summary, verdict, write_results

# ../shared/data from the project root; MONETA_SHARED_DATA overrides it (e.g. from a git worktree).
DATA = Path(os.environ.get("MONETA_SHARED_DATA") or SHARED_DATA) / "financebench-dev"
BENCH_CORPUS = "bench-financebench"


def _args(argv):
    p = argparse.ArgumentParser(prog="python -m bench knowledge")
    p.add_argument("--limit-docs", type=int, default=0, help="only the first N PDFs (and their questions)")
    p.add_argument("--page-budget", type=int, default=0,
                   help="only the PDFs with the most questions per page, up to this many pages in total")
    p.add_argument("--scale-facts", type=int, default=1_000_000)
    p.add_argument("--skip-scale", action="store_true")
    p.add_argument("--skip-baseline", action="store_true")
    p.add_argument("--only-scale", action="store_true")
    p.add_argument("--ocr-pages", type=int, default=10, help="pages for the OCR measurement (0 = skip it)")
    p.add_argument("--only-ocr", action="store_true")
    p.add_argument("--reuse", action="store_true", help="keep an already ingested bench corpus (no throughput)")
    p.add_argument("--threads", type=int, default=0, help="torch threads (MONETA_TORCH_THREADS)")
    p.add_argument("--workers", type=int, default=2,
                   help="ingestion processes, like `make run`'s Celery worker (--concurrency 2); 1 = in-process")
    return p.parse_args(argv)


# --- parallel ingestion (the way the Celery worker's prefork pool runs it) ------------------------
def _worker_init() -> None:
    # One torch thread per process: two processes on two cores beat one process with two threads.
    os.environ["MONETA_TORCH_THREADS"] = "1"
    django_setup()
    import logging

    logging.getLogger("knowledge").setLevel(logging.WARNING)
    from core.embeddings import embed_texts

    embed_texts(["warm up the model"])


def _worker_ready(_: int) -> int:
    return os.getpid()


def _worker_ingest(document_id: int) -> tuple[int, str, int, int, str, float]:
    from knowledge.services import document_ingest_now

    t = time.perf_counter()
    doc = document_ingest_now(document_id=document_id)
    return doc.id, doc.file_name, doc.pages_total, doc.facts.count(), doc.status if doc.status == "ready" else \
        f"{doc.status}: {doc.error}", time.perf_counter() - t


# --- baseline -------------------------------------------------------------------------------------

def recursive_split(text: str, size: int = 1000, overlap: int = 200, seps=("\n\n", "\n", " ", "")) -> list[str]:
    """LangChain's RecursiveCharacterTextSplitter algorithm (1000/200), without the dependency."""
    def split(text: str, seps) -> list[str]:
        sep = next((s for s in seps if s == "" or s in text), "")
        rest = seps[seps.index(sep) + 1:] if sep else ()
        pieces = list(text) if sep == "" else text.split(sep)
        good, out = [], []
        for piece in pieces:
            if len(piece) < size:
                good.append(piece)
            else:
                if good:
                    out.extend(merge(good, sep))
                    good = []
                out.extend(split(piece, rest) if rest else [piece])
        if good:
            out.extend(merge(good, sep))
        return out

    def merge(pieces: list[str], sep: str) -> list[str]:
        docs, current, total = [], [], 0
        for piece in pieces:
            n = len(piece)
            if total + n + (len(sep) if current else 0) > size and current:
                doc = sep.join(current).strip()
                if doc:
                    docs.append(doc)
                while total > overlap or (total + n + (len(sep) if current else 0) > size and total > 0):
                    total -= len(current[0]) + (len(sep) if len(current) > 1 else 0)
                    current.pop(0)
            current.append(piece)
            total += n + (len(sep) if len(current) > 1 else 0)
        doc = sep.join(current).strip()
        if doc:
            docs.append(doc)
        return docs

    return [c for c in split(text, tuple(seps)) if c.strip()]


def _baseline_cache_path(pdfs: list[Path]) -> Path:
    import hashlib

    key = hashlib.sha256("\n".join(f"{p.name}:{p.stat().st_size}" for p in pdfs).encode()).hexdigest()[:16]
    return Path(__file__).resolve().parent.parent / ".moneta" / "bench" / f"baseline-{key}.npz"


def baseline_ingest(pdfs: list[Path], *, reuse: bool = False):
    """(where, vectors, pages, seconds, cached). With reuse, a cached index from an earlier run is loaded
    (retrieval figures only: its throughput is the earlier run's)."""
    cache = _baseline_cache_path(pdfs)
    if reuse and cache.exists():
        z = np.load(cache, allow_pickle=False)
        where = [(str(n), int(i)) for n, i in zip(z["names"], z["pages_idx"])]
        return where, z["vectors"], int(z["pages"]), float(z["seconds"]), True
    where, vectors, pages, seconds = _baseline_build(pdfs)
    cache.parent.mkdir(parents=True, exist_ok=True)
    np.savez(cache, names=np.array([w[0] for w in where]), pages_idx=np.array([w[1] for w in where]),
             vectors=vectors, pages=pages, seconds=seconds)
    return where, vectors, pages, seconds, False


def _baseline_build(pdfs: list[Path]) -> tuple[list[tuple[str, int]], np.ndarray, int, float]:
    from pypdf import PdfReader

    from core.embeddings import embed_texts

    started = time.perf_counter()
    chunks, where = [], []
    pages = 0
    for path in pdfs:
        reader = PdfReader(str(path))
        if reader.is_encrypted:
            reader.decrypt("")
        for i, page in enumerate(reader.pages):
            pages += 1
            for chunk in recursive_split(page.extract_text() or ""):
                chunks.append(chunk)
                where.append((path.stem, i))
    vectors = embed_texts(chunks)
    return where, vectors, pages, time.perf_counter() - started


# --- metrics --------------------------------------------------------------------------------------

def page_metrics(ranked: list[list[tuple[str, int]]], gold: list[set[tuple[str, int]]]) -> dict:
    hits = {1: 0, 5: 0, 10: 0}
    rr = 0.0
    for pages, evidence in zip(ranked, gold):
        rank = next((i for i, p in enumerate(pages, start=1) if p in evidence), None)
        for k in hits:
            hits[k] += int(rank is not None and rank <= k)
        rr += 1.0 / rank if rank else 0.0
    n = max(1, len(gold))
    return {"hit@1": round(hits[1] / n, 4), "hit@5": round(hits[5] / n, 4), "hit@10": round(hits[10] / n, 4),
            "mrr": round(rr / n, 4), "n": len(gold)}


def distinct(seq):
    seen, out = set(), []
    for x in seq:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


def search_pages(query: str, **kwargs) -> list[tuple[str, int]]:
    from knowledge.selectors import search_run

    out = search_run(user=None, query=query, corpus_include=[BENCH_CORPUS], k=30, fact_limit=30,
                     per_document_limit=30, document_limit=6, **kwargs)
    return distinct((Path(r["file_name"]).stem, r["page"] - 1) for r in out["results"])


# --- scale run ------------------------------------------------------------------------------------

def scale_run(n: int, *, queries: int = 100, seed: int = 7) -> dict:
    from django.db import connection
    from pgvector.psycopg import register_vector

    rng = np.random.default_rng(seed)
    from core.embeddings import EMBEDDING_DIM

    dim = EMBEDDING_DIM
    n_clusters = max(10, n // 500)
    centers = rng.normal(size=(n_clusters, dim)).astype(np.float32)
    words = np.array("revenue income cash debt equity margin lease tax asset liability dividend capex growth "
                     "segment interest inventory goodwill share buyback risk".split())
    print(f"scale: generating and loading {n:,} synthetic facts …", flush=True)
    connection.ensure_connection()
    raw = connection.connection
    register_vector(raw)
    t0 = time.perf_counter()
    with raw.cursor() as cur:
        cur.execute("DROP TABLE IF EXISTS bench_scale_fact")
        cur.execute("CREATE UNLOGGED TABLE bench_scale_fact (id bigint PRIMARY KEY, body text, "
                    f"embedding vector({dim}))")
        batch = 50_000
        for start in range(0, n, batch):
            m = min(batch, n - start)
            labels = rng.integers(0, n_clusters, size=m)
            vecs = centers[labels] + rng.normal(scale=0.9, size=(m, dim)).astype(np.float32)
            vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
            with cur.copy("COPY bench_scale_fact (id, body, embedding) FROM STDIN WITH (FORMAT BINARY)") as copy:
                copy.set_types(["int8", "text", "vector"])
                for j in range(m):
                    body = " ".join(words[rng.integers(0, len(words), size=8)])
                    copy.write_row([start + j, body, vecs[j]])
        raw.commit()
        load_s = time.perf_counter() - t0
        from knowledge.models import HNSW_EF_CONSTRUCTION, HNSW_M

        # The same graph parameters as Moneta's own vector indexes.
        print(f"scale: loaded in {load_s:.0f}s; building HNSW (m={HNSW_M}, ef_construction={HNSW_EF_CONSTRUCTION}) …",
              flush=True)
        t1 = time.perf_counter()
        # The graph of 1M 384-d vectors needs ~2-3 GB: built outside memory, HNSW builds slow down many times.
        cur.execute("SET maintenance_work_mem = '4GB'")
        cur.execute("SET max_parallel_maintenance_workers = 1")  # + the leader: both cores
        cur.execute("CREATE INDEX bench_scale_fact_hnsw ON bench_scale_fact USING hnsw (embedding vector_cosine_ops) "
                    f"WITH (m = {HNSW_M}, ef_construction = {HNSW_EF_CONSTRUCTION})")
        raw.commit()
        build_s = time.perf_counter() - t1
        print(f"scale: index built in {build_s:.0f}s", flush=True)
        # Queries: perturbed points of the data distribution.
        labels = rng.integers(0, n_clusters, size=queries)
        qs = centers[labels] + rng.normal(scale=0.9, size=(queries, dim)).astype(np.float32)
        qs /= np.linalg.norm(qs, axis=1, keepdims=True)
        exact = []
        for q in qs:
            cur.execute("SELECT id FROM bench_scale_fact ORDER BY (embedding <=> %s) + 0 LIMIT 10", [q])
            exact.append({r[0] for r in cur.fetchall()})
        results = {}
        for ef in (40, 100, 200, 400, 800):
            cur.execute(f"SET hnsw.ef_search = {ef}")
            lat, recall = [], []
            for q, truth in zip(qs, exact):
                t = time.perf_counter()
                cur.execute("SELECT id FROM bench_scale_fact ORDER BY embedding <=> %s LIMIT 10", [q])
                got = {r[0] for r in cur.fetchall()}
                lat.append((time.perf_counter() - t) * 1000)
                recall.append(len(got & truth) / 10)
            results[ef] = {"recall@10": round(float(np.mean(recall)), 4), **latency_summary(lat)}
            print(f"scale: ef_search={ef}: recall@10 {results[ef]['recall@10']:.3f}  "
                  f"p50 {results[ef]['p50_ms']} ms  p95 {results[ef]['p95_ms']} ms", flush=True)
        cur.execute("DROP TABLE bench_scale_fact")
        raw.commit()
    return {"facts": n, "hnsw": {"m": HNSW_M, "ef_construction": HNSW_EF_CONSTRUCTION},
            "load_seconds": round(load_s, 1), "index_build_seconds": round(build_s, 1),
            "by_ef_search": results}


# --- main -----------------------------------------------------------------------------------------

def main(argv) -> int:
    args = _args(argv)
    if args.threads:
        os.environ["MONETA_TORCH_THREADS"] = str(args.threads)
    if not DATA.exists() and not args.only_scale:
        print(f"SKIP knowledge benchmark: {DATA} is absent")
        return 0
    django_setup()
    import logging

    logging.getLogger("knowledge").setLevel(logging.WARNING)
    payload: dict = {}
    checks = []
    if args.only_ocr:
        payload["ocr"] = ocr_run(args.ocr_pages or 10)
        payload["checks"] = []
        write_results("knowledge_ocr", payload)
        return 0
    if not args.only_scale:
        payload, checks = retrieval_benchmark(args)
    if args.ocr_pages and not args.only_scale:
        payload["ocr"] = ocr_run(args.ocr_pages)
    if not args.skip_scale:
        scale = scale_run(args.scale_facts)
        payload["scale"] = scale
        # The smallest ef_search that reaches the recall target (else the largest tried), and its latency.
        by_ef = scale["by_ef_search"]
        ef = next((e for e in sorted(by_ef) if by_ef[e]["recall@10"] >= 0.95), max(by_ef))
        best = by_ef[ef]
        checks.append(verdict(f"scale {scale['facts']:,} facts: HNSW recall@10 (ef_search={ef})", best["recall@10"], 0.95))
        checks.append(verdict(f"scale {scale['facts']:,} facts: vector search p95 ms", best["p95_ms"], 150,
                              higher_is_better=False))
    payload["checks"] = checks
    write_results("knowledge", payload)
    return 0


def ocr_run(n_pages: int) -> dict:
    """OCR pages/minute on scanned copies of real filing pages (rendered to images, no text layer)."""
    import io
    import re

    import pypdfium2 as pdfium

    from knowledge.ingestion.ocr import ocr_engine
    from knowledge.ingestion.parsers import parse_pdf

    images, layer_words = [], []
    for path in sorted((DATA / "pdfs").glob("*.pdf")):
        pdf = pdfium.PdfDocument(path.read_bytes())
        try:
            for index in range(min(len(pdf), n_pages - len(images))):
                page = pdf[index]
                textpage = page.get_textpage()
                layer_words.append(set(re.findall(r"[a-z]{4,}", textpage.get_text_range().lower())))
                textpage.close()
                images.append(page.render(scale=2).to_pil().convert("L"))
                page.close()
        finally:
            pdf.close()
        if len(images) >= n_pages:
            break
    out = io.BytesIO()
    images[0].save(out, format="PDF", save_all=True, append_images=images[1:], resolution=144)
    ocr_engine()  # model load (~0.5 s) is paid once per worker, not per page
    started = time.perf_counter()
    doc = parse_pdf(out.getvalue(), file_name="scanned.pdf", render_images=False)
    seconds = time.perf_counter() - started
    ocr_pages = [p for p in doc.pages if p.text_source == "ocr"]
    recall = [len(words & set(re.findall(r"[a-z]{4,}", page.text.lower()))) / len(words)
              for words, page in zip(layer_words, doc.pages) if words]
    result = {"pages": len(doc.pages), "ocr_pages": len(ocr_pages), "seconds": round(seconds, 1),
              "ocr_pages_per_min": round(len(ocr_pages) / seconds * 60, 1) if ocr_pages else 0.0,
              "mean_confidence": round(sum(p.ocr_confidence or 0 for p in ocr_pages) / max(len(ocr_pages), 1), 3),
              "word_recall_vs_text_layer": round(sum(recall) / max(len(recall), 1), 3)}
    print(f"OCR: {result['ocr_pages']} scanned pages in {seconds:.1f}s = {result['ocr_pages_per_min']} pages/min, "
          f"mean confidence {result['mean_confidence']}, word recall vs text layer "
          f"{result['word_recall_vs_text_layer']}", flush=True)
    return result


def retrieval_benchmark(args) -> tuple[dict, list]:
    from core.embeddings import embed_text, embed_texts
    from knowledge.corpora import corpus_ensure
    from knowledge.models import Corpus, Document
    from knowledge.services import document_create, document_ingest_now, document_remove

    docs_meta = [json.loads(line) for line in (DATA / "documents.jsonl").read_text().splitlines() if line.strip()]
    questions = [json.loads(line) for line in (DATA / "questions.jsonl").read_text().splitlines() if line.strip()]
    pdfs = sorted((DATA / "pdfs").glob("*.pdf"))
    if args.limit_docs:
        wanted = sorted({e["doc_name"] for q in questions for e in q["evidence"]})[: args.limit_docs]
        pdfs = [p for p in pdfs if p.stem in wanted]
    if args.page_budget:
        import pypdfium2

        asked: dict[str, int] = {}
        for q in questions:
            for name in {e["doc_name"] for e in q["evidence"]}:
                asked[name] = asked.get(name, 0) + 1
        sizes = {p.stem: len(pypdfium2.PdfDocument(str(p))) for p in pdfs if p.stem in asked}
        chosen, total = set(), 0
        for name in sorted(sizes, key=lambda n: -asked[n] / sizes[n]):
            if total + sizes[name] <= args.page_budget:
                chosen.add(name)
                total += sizes[name]
        pdfs = [p for p in pdfs if p.stem in chosen]
    names = {p.stem for p in pdfs}
    questions = [q for q in questions if all(e["doc_name"] in names for e in q["evidence"])]
    gold = [{(e["doc_name"], int(e["evidence_page_num"])) for e in q["evidence"]} for q in questions]
    print(f"knowledge benchmark: {len(pdfs)} PDFs ({len(docs_meta)} described), {len(questions)} questions")

    embed_texts(["warm up the model"])
    corpus = Corpus.objects.filter(slug=BENCH_CORPUS).first()
    throughput = None
    if corpus and not args.reuse:
        for d in Document.objects.filter(corpus=corpus):
            document_remove(document=d)
    corpus = corpus_ensure(slug=BENCH_CORPUS, name="FinanceBench dev (benchmark)")
    if not args.reuse or not Document.objects.filter(corpus=corpus, status="ready").exists():
        pages = 0
        failures = []
        if args.workers > 1:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor, as_completed

            from django.db import connections

            doc_ids = [document_create(corpus=corpus, file_name=path.name, content=path.read_bytes(),
                                       enqueue=False)[0].id for path in pdfs]
            connections.close_all()
            ctx = multiprocessing.get_context("spawn")
            with ProcessPoolExecutor(args.workers, mp_context=ctx, initializer=_worker_init) as pool:
                # Start and warm every worker before the clock starts (the model loads once per worker).
                list(pool.map(_worker_ready, range(args.workers * 4)))
                # Biggest first, so the processes finish together.
                sizes = dict(Document.objects.filter(id__in=doc_ids).values_list("id", "size_bytes"))
                order = sorted(doc_ids, key=lambda i: -sizes.get(i, 0))
                started = time.perf_counter()
                futures = [pool.submit(_worker_ingest, i) for i in order]
                for n, fut in enumerate(as_completed(futures), start=1):
                    _, name, n_pages, n_facts, status, secs = fut.result()
                    pages += n_pages
                    if status != "ready":
                        failures.append(f"{name}: {status}")
                    print(f"  [{n}/{len(pdfs)}] {name}: {status}, {n_pages} pages, {n_facts} facts, {secs:.1f}s",
                          flush=True)
                seconds = time.perf_counter() - started
        else:
            started = time.perf_counter()
            for i, path in enumerate(pdfs, start=1):
                doc, _ = document_create(corpus=corpus, file_name=path.name, content=path.read_bytes(),
                                         enqueue=False)
                t = time.perf_counter()
                doc = document_ingest_now(document_id=doc.id)
                pages += doc.pages_total
                if doc.status != "ready":
                    failures.append(f"{path.name}: {doc.error}")
                print(f"  [{i}/{len(pdfs)}] {path.name}: {doc.status}, {doc.pages_total} pages, "
                      f"{doc.facts.count()} facts, {time.perf_counter() - t:.1f}s", flush=True)
            seconds = time.perf_counter() - started
        throughput = {"pages": pages, "seconds": round(seconds, 1), "pages_per_min": round(pages / seconds * 60, 1),
                      "failures": failures, "workers": args.workers}
        print(f"moneta ingestion: {pages} pages in {seconds:.0f}s = {throughput['pages_per_min']} pages/min")

    # Search is measured on a settled database, as users meet it: statistics and the GIN pending lists are
    # brought up to date first (autovacuum would do it a few minutes after a bulk ingestion).
    from django.db import connection

    with connection.cursor() as cur:
        for table in ("knowledge_fact", "knowledge_page", "knowledge_document"):
            cur.execute(f"VACUUM ANALYZE {table}")
    # Moneta retrieval, with latency (query embedding included) and the ablations.
    variants = {
        "fused (default)": {},
        "no seed formula (fact_sim only)": {"page_similarity": False},
        "no document boost": {"document_weight": 0.0},
        "no statement match": {"statement_weight": 0.0},
        "vector only": {"hybrid": False},
    }
    ranked_by_variant = {}
    latencies = []
    for name, kwargs in variants.items():
        ranked = []
        for q in questions:
            t = time.perf_counter()
            ranked.append(search_pages(q["question"], **kwargs))
            if name == "fused (default)":
                latencies.append((time.perf_counter() - t) * 1000)
        ranked_by_variant[name] = page_metrics(ranked, gold)
        if name == "fused (default)":
            per_question = [{"id": q["financebench_id"], "question": q["question"][:200],
                             "gold": sorted(f"{n}:{i + 1}" for n, i in g),
                             "moneta": [f"{n}:{i + 1}" for n, i in pages[:10]]}
                            for q, g, pages in zip(questions, gold, ranked)]
        print(f"moneta {name}: {ranked_by_variant[name]}", flush=True)
    latency = latency_summary(latencies)
    print(f"moneta search latency: {latency}")

    payload = {"pdfs": len(pdfs), "questions": len(questions), "moneta": ranked_by_variant,
               "moneta_ingestion": throughput, "search_latency": latency, "per_question": per_question}
    checks = []
    if not args.skip_baseline:
        where, vectors, b_pages, b_seconds, cached = baseline_ingest(pdfs, reuse=args.reuse)
        b_rate = round(b_pages / b_seconds * 60, 1)
        print(f"baseline ingestion{' (cached from an earlier run)' if cached else ''}: {b_pages} pages, "
              f"{len(where)} chunks in {b_seconds:.0f}s = {b_rate} pages/min")
        b_ranked = []
        b_lat = []
        for q in questions:
            t = time.perf_counter()
            qv = embed_text(q["question"])
            order = np.argsort(-(vectors @ qv))[:200]
            b_ranked.append(distinct(where[i] for i in order)[:10])
            b_lat.append((time.perf_counter() - t) * 1000)
        baseline = page_metrics(b_ranked, gold)
        for row, pages in zip(per_question, b_ranked):
            row["baseline"] = [f"{n}:{i + 1}" for n, i in pages[:10]]
        print(f"baseline retrieval: {baseline}")
        payload["baseline"] = {**baseline, "pages_per_min": b_rate, "chunks": len(where),
                               "search_latency": latency_summary(b_lat)}
        main_hit5 = ranked_by_variant["fused (default)"]["hit@5"]
        checks.append(verdict("hit@5 vs 2x baseline", main_hit5, 2 * baseline["hit@5"]))
        if throughput and not cached:
            checks.append(verdict("ingestion pages/min vs baseline (same run)", throughput["pages_per_min"], b_rate))
    checks.append(verdict("hit@5", ranked_by_variant["fused (default)"]["hit@5"], 0.55))
    if throughput:
        checks.append(verdict("ingestion pages/min (offline)", throughput["pages_per_min"], 300))
    checks.append(verdict("search p95 ms (incl. query embedding)", latency["p95_ms"], 150, higher_is_better=False))
    return payload, checks


__all__ = ["main", "recursive_split", "page_metrics"]
