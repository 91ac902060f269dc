"""The demo knowledge: corpora exist, help pages are searchable at once, loading twice changes nothing."""
from __future__ import annotations

from io import StringIO

from knowledge.demo import DEMO_DOCS, load_demo
from knowledge.models import Corpus, Document, Fact
from knowledge.selectors import knowledge_search


def test_demo_corpora_and_searchable_help(db):
    load_demo(stdout=StringIO())
    assert set(Corpus.objects.values_list("slug", flat=True)) >= {
        "moneta-help", "finance-education", "regulations", "bank-documents"}
    assert not Document.objects.exclude(status="ready").exists()
    facts = Fact.objects.count()

    jars = knowledge_search(user=None, query="How does the jar system work?", corpus_include=["moneta-help"])
    assert jars["results"][0]["document"] == "Budget jars"
    vietnamese = knowledge_search(user=None, query="ăn trưa dưới 20 đô tháng trước", corpus_include=["moneta-help"])
    assert vietnamese["results"][0]["document"] == "Searching your transactions in plain language"
    rule = knowledge_search(user=None, query="What is the 50/30/20 rule?")
    assert rule["results"][0]["document"] == "Budgeting methods" and "50%" in rule["results"][0]["text"]

    load_demo(stdout=StringIO())
    assert Fact.objects.count() == facts
    # a second load adds nothing: one document per help page on disk
    help_pages = len(list((DEMO_DOCS / "moneta-help").glob("*.md")))
    assert help_pages >= 7 and Document.objects.filter(corpus__slug="moneta-help").count() == help_pages
