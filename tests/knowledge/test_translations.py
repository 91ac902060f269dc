"""A document's translation ("x.vi.md" beside "x.md"): searched through its original, given in the language asked."""
from __future__ import annotations

import pytest

from knowledge.corpora import corpus_ensure
from knowledge.models import Document
from knowledge.selectors import knowledge_search, section_headings
from knowledge.services import document_create, document_ingest_now

pytestmark = pytest.mark.django_db

ENGLISH = """# Sinking funds

A sinking fund is money set aside a little at a time for a cost you know is coming, such as a yearly insurance bill.

## How much to put aside

Divide the cost by the months until it is due: a $1,200 bill due in ten months needs $120 a month.
"""
VIETNAMESE = """# Quỹ chìm

Quỹ chìm là khoản tiền để dành dần cho một khoản chi biết trước sẽ đến, như phí bảo hiểm đóng mỗi năm.

## Nên để dành bao nhiêu

Chia khoản chi cho số tháng đến hạn: hóa đơn $1.200 đến hạn sau mười tháng cần $120 mỗi tháng.
"""


def _upload(corpus, name: str, text: str) -> Document:
    doc, _ = document_create(corpus=corpus, file_name=name, content=text.encode(), enqueue=False)
    return document_ingest_now(document_id=doc.id)


@pytest.fixture
def pages(db):
    corpus = corpus_ensure(slug="finance-education", name="Finance education")
    return _upload(corpus, "sinking-funds.md", ENGLISH), _upload(corpus, "sinking-funds.vi.md", VIETNAMESE)


def test_a_translation_is_known_by_its_file_name(pages):
    english, vietnamese = pages
    assert vietnamese.metadata["language"] == "vi" and vietnamese.metadata["translation_of"] == "sinking-funds.md"
    assert "translation_of" not in english.metadata


def test_search_ranks_originals_and_gives_the_section_in_the_language_asked(pages):
    english, vietnamese = pages
    plain = knowledge_search(user=None, query="how much to put aside for a sinking fund each month")
    assert plain["results"] and {r["document_id"] for r in plain["results"]} == {english.id}
    assert section_headings(corpus="finance-education") == [
        {"page_id": p.id, "heading": p.heading, "document": "Sinking funds"} for p in english.pages.order_by("number")]

    found = knowledge_search(user=None, query="how much to put aside for a sinking fund each month", language="vi")
    best = found["results"][0]
    assert best["document_id"] == vietnamese.id and best["document"] == "Quỹ chìm" and best["language"] == "vi"
    assert "mười tháng" in best["text"] and best["page"] == plain["results"][0]["page"]
    assert best["original"]["fact_id"] == plain["results"][0]["fact_id"]
    assert vietnamese.facts.filter(id=best["fact_id"]).exists()


def test_a_document_without_a_translation_comes_back_as_it_is(db):
    corpus = corpus_ensure(slug="finance-education", name="Finance education")
    english = _upload(corpus, "sinking-funds.md", ENGLISH)
    found = knowledge_search(user=None, query="what is a sinking fund", language="vi")
    assert found["results"] and all(r["document_id"] == english.id and "original" not in r for r in found["results"])
