"""The chat answer presenter: safe markdown, citation links, tables, confidence words."""
from __future__ import annotations

import pytest

from chat.web.presenters import answer_present, confidence_words, markdown_safe


def test_markdown_escapes_html_and_drops_script_links():
    html = markdown_safe('<script>alert(1)</script> [x](javascript:alert(1)) [ok](https://example.org)')
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "javascript:" not in html and 'href="https://example.org"' in html


def test_markdown_lists_after_a_sentence_and_line_breaks():
    html = markdown_safe("**Dining**\nTotal $10.\n- Starbucks $4\n- Uber Eats $6")
    assert "<ul>" in html and "<li>Starbucks $4</li>" in html and "<br" in html


@pytest.mark.django_db
def test_answer_present_links_citations_and_formats_tables():
    answer = {
        "answer": "An emergency fund covers 3–6 months of costs [1].", "message_id": 7, "confidence": 0.42,
        "escalated": True, "tools_used": ["search_knowledge_base", "respond"],
        "citations": [{"n": 1, "fact_id": 3, "document": "Emergency funds", "page": 2, "page_id": 11,
                       "quote": "# Emergency funds Keep three to six months"}],
        "data": [{"kind": "table", "title": "Dining", "columns": ["month", "total", "count"],
                  "rows": [{"month": "2026-10", "total": 326.79, "count": 22}], "currency": "USD"},
                 {"kind": "chart", "type": "bar", "title": "Dining by month", "labels": ["2026-10"],
                  "series": [{"name": "spent", "data": [326.79]}]}],
        "tool_calls": [{"name": "search_knowledge_base", "arguments": {"query": "emergency fund"}, "duration_ms": 12}],
    }
    out = answer_present(answer)
    assert '<a href="#cite-7-1" class="cite-marker" aria-label="source 1">[1]</a>' in out["answer_html"]
    assert out["citations"][0]["url"] == "/documents/pages/11/?quote=%23+Emergency+funds+Keep+three+to+six+months"
    assert out["citations"][0]["quote_text"] == "Emergency funds Keep three to six months"
    assert out["tables"][0]["rows"] == [["2026-10", "$326.79", "22"]]
    assert out["charts"][0]["sentence"] == "Dining by month: 2026-10 — spent 326.79."  # one bar: a sentence
    assert out["confidence"] == {"level": "low", "pct": 42, "text": "Confidence: low (42%)"}
    assert out["escalated"] and out["sources"] == ["the knowledge base"]


def test_confidence_words_levels():
    assert confidence_words(0.9)["level"] == "high" and confidence_words(0.6)["level"] == "medium"
    assert confidence_words(None)["text"] == "Confidence: not measured"


def test_chart_prepare_rejects_bad_specs_and_pads_series():
    from core.web.charts import chart_prepare

    assert chart_prepare({"type": "radar", "labels": ["a"], "series": [{"name": "x", "data": [1]}]}) is None
    assert chart_prepare({"type": "bar", "labels": [], "series": []}) is None
    chart = chart_prepare({"type": "pie", "title": "t", "labels": ["a", "b"], "series": [{"name": "x", "data": [1]}]})
    assert chart["rows"] == [["a", 1.0], ["b", None]]
