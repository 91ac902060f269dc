"""Scanned pages: OCR'd offline when (and only when) they have no text layer, searchable, and cited as read
from a scan with the engine's confidence."""
from __future__ import annotations

import io

import pytest

from knowledge.models import Document, Page
from knowledge.selectors import knowledge_search, page_detail

from .pdfs import make_pdf

pytestmark = pytest.mark.django_db

FEE_PAGE = [
    "NORTHWIND BANK FEE SCHEDULE",
    "Overdraft arrangement fee: 25 EUR per month",
    "Foreign card payments: 2.75 percent of the amount",
    "Replacement debit card: 8 EUR",
]


def _scan(pages: list[list[str]]) -> bytes:
    """Render a text PDF to images and wrap them in a PDF without a text layer, as a scanner does."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(make_pdf(pages))
    images = []
    for index in range(len(pdf)):
        page = pdf[index]
        images.append(page.render(scale=2).to_pil().convert("L"))
        page.close()
    pdf.close()
    out = io.BytesIO()
    images[0].save(out, format="PDF", save_all=True, append_images=images[1:], resolution=144)
    return out.getvalue()


def test_scanned_pdf_becomes_searchable_and_its_citations_say_ocr(shared_corpus, ingest):
    from chat.assistant import TurnRecorder
    from chat.grounding import ground

    doc = ingest(shared_corpus, "fee-schedule-scan.pdf", _scan([FEE_PAGE]))
    assert doc.status == Document.Status.READY, doc.error
    page = Page.objects.get(document=doc)
    assert page.text_source == Page.TextSource.OCR and page.ocr_confidence > 0.8
    assert "Overdraft arrangement fee" in page.text
    assert doc.metadata["source"]["ocr_pages"] == [1]

    hits = knowledge_search(user=None, query="overdraft arrangement fee per month")["results"]
    assert hits and hits[0]["document_id"] == doc.id
    assert hits[0]["source_note"].startswith("text read from a scan (OCR, ")

    recorder = TurnRecorder()
    recorder.add_facts(hits)
    report = ground(f"The overdraft fee is 25 EUR a month [#{hits[0]['fact_id']}].", recorder=recorder,
                    cited_fact_ids=[], question="overdraft fee?")
    assert report.citations[0]["source_note"].startswith("text read from a scan")

    detail = page_detail(user=None, page_id=page.id)
    assert detail["text_source"] == "ocr" and "text read from a scan" in detail["source_note"]


def test_pages_with_a_text_layer_are_never_ocrd(shared_corpus, ingest, monkeypatch, acme_pdf):
    from knowledge.ingestion import ocr

    def refuse(*args, **kwargs):
        raise AssertionError("OCR ran on a page that has text")

    monkeypatch.setattr(ocr, "ocr_pdf_page", refuse)
    doc = ingest(shared_corpus, "acme.pdf", acme_pdf)
    assert doc.status == Document.Status.READY
    assert set(Page.objects.filter(document=doc).values_list("text_source", flat=True)) == {"layer"}
    hits = knowledge_search(user=None, query="Launch revenue of Acme Rockets")["results"]
    assert hits and "source_note" not in hits[0]
