"""The two management commands, as operators and other tools call them."""
from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from knowledge.models import Document

from .pdfs import ANNUAL_REPORT_PAGES, encrypt_pdf, make_pdf


def test_search_knowledge_json_output(acme_doc):
    out = StringIO()
    call_command("search_knowledge", "Acme Rockets net income 2021", "--k", "3", "--json", stdout=out)
    results = json.loads(out.getvalue())
    assert 1 <= len(results) <= 3
    top = results[0]
    assert {"document", "file_name", "page", "fact_id", "text", "scores"} <= set(top)
    assert set(top["scores"]) >= {"vector", "text", "fused"}
    assert top["document"] == acme_doc.title and top["file_name"] == "ACMEROCKETS_2021_10K.pdf"
    assert isinstance(top["page"], int) and top["page"] >= 1
    out = StringIO()
    call_command("search_knowledge", "Acme", "--corpus", "finance-education", "--json", stdout=out)
    assert json.loads(out.getvalue()) == []


def test_ingest_documents_sync_reports_each_failed_file(tmp_path, db):
    (tmp_path / "good.md").write_text("# Good\n\nA fine document about savings.")
    (tmp_path / "ACME_2021_10K.pdf").write_bytes(make_pdf(ANNUAL_REPORT_PAGES))
    (tmp_path / "locked.pdf").write_bytes(encrypt_pdf(make_pdf(ANNUAL_REPORT_PAGES), user_password="pw"))
    out = StringIO()
    with pytest.raises(CommandError) as exc:
        call_command("ingest_documents", str(tmp_path), "--corpus", "regulations", "--sync", stdout=out)
    assert "locked.pdf" in str(exc.value) and "password-protected" in str(exc.value)
    assert "2 ready" in out.getvalue() and "1 failed" in out.getvalue()
    statuses = dict(Document.objects.values_list("file_name", "status"))
    assert statuses == {"good.md": "ready", "ACME_2021_10K.pdf": "ready", "locked.pdf": "failed"}
    # Running it again changes nothing (same sha256 → same documents).
    with pytest.raises(CommandError):
        call_command("ingest_documents", str(tmp_path), "--corpus", "regulations", "--sync", stdout=StringIO())
    assert Document.objects.count() == 3


def test_ingest_documents_rejects_missing_paths(db):
    with pytest.raises(CommandError, match="no such file"):
        call_command("ingest_documents", "/nonexistent/file.pdf", "--corpus", "regulations", stdout=StringIO())
