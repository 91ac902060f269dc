"""Parsing each format, table survival, and files Moneta must refuse with a clear reason."""
from __future__ import annotations

import pytest

from knowledge.ingestion.chunking import page_chunks
from knowledge.ingestion.identity import document_identity
from knowledge.ingestion.parsers import ParseError, kind_for_file_name, parse_document, parse_pdf

from .pdfs import ANNUAL_REPORT_PAGES, encrypt_pdf, make_pdf


def test_pdf_pages_text_heading_and_table_rows():
    doc = parse_pdf(make_pdf(ANNUAL_REPORT_PAGES), file_name="acme.pdf")
    assert [p.number for p in doc.pages] == [1, 2, 3]
    statement = doc.pages[1]
    assert statement.heading == "CONSOLIDATED STATEMENTS OF OPERATIONS"
    assert statement.has_tables
    assert "| Launch revenue | $1,250 | $980 |" in statement.markdown
    assert "| Year ended December 31, | 2021 | 2020 |" in statement.markdown
    assert "reusable rockets" in doc.pages[0].text


def test_table_rows_keep_their_header_in_every_fact():
    rows = [[f"Line {i} expense", f"{i * 10:,}", f"{i * 9:,}"] for i in range(1, 60)]
    pdf = make_pdf([["BALANCE SHEET", "(In millions)", ["As of December 31,", "2021", "2020"], *rows[:50]]])
    page = parse_pdf(pdf, file_name="b.pdf").pages[0]
    facts = page_chunks(page.text)
    table_facts = [f for f in facts if f.kind == "table"]
    assert len(table_facts) >= 2, "a long table is split into several facts"
    for fact in table_facts:
        assert fact.text.startswith("BALANCE SHEET\n(In millions)\nAs of December 31, | 2021 | 2020")
    assert any("Line 7 expense | 70 | 63" in f.text for f in table_facts)
    assert table_facts[0].questions and table_facts[0].questions[0].startswith("What was Line 1 expense")


def test_encrypted_pdf_with_empty_user_password_opens():
    doc = parse_pdf(encrypt_pdf(make_pdf(ANNUAL_REPORT_PAGES)), file_name="enc.pdf")
    assert "Launch revenue" in doc.pages[1].text


@pytest.mark.parametrize(
    ("content", "file_name", "reason"),
    [
        (b"", "empty.pdf", "empty"),
        (b"%PDF-1.4\n1 0 obj << /Type /Catalog >> garbage", "broken.pdf", "damaged"),
        (b"hello, I am not a PDF", "fake.pdf", "not a PDF"),
        (None, "locked.pdf", "password-protected"),
        (None, "scan.pdf", "scanned"),
        (b"\x00\x01binary", "blob.txt", "binary"),
    ],
)
def test_bad_files_fail_with_a_reason(content, file_name, reason):
    if file_name == "locked.pdf":
        content = encrypt_pdf(make_pdf(ANNUAL_REPORT_PAGES), user_password="s3cret")
    if file_name == "scan.pdf":
        content = make_pdf([[], []], graphics_only=True)
    with pytest.raises(ParseError) as exc:
        parse_document(kind=kind_for_file_name(file_name), content=content, file_name=file_name)
    assert reason in str(exc.value)
    assert file_name in str(exc.value)


def test_unsupported_type_names_the_file():
    with pytest.raises(ParseError, match=r"report\.docx: unsupported file type"):
        kind_for_file_name("report.docx")


def test_markdown_sections_become_pages_with_headings_and_tables():
    text = ("# Fees\n\nIntro.\n\n## Card fees\n\n| Fee | Amount |\n|---|---|\n| Foreign transaction | 3% |\n"
            "| Late payment | $40 |\n\n## Account fees\n\nNo monthly fee when you deposit $500.\n")
    doc = parse_document(kind="markdown", content=text.encode(), file_name="fees.md")
    assert [p.heading for p in doc.pages] == ["Fees", "Card fees", "Account fees"]
    card = doc.pages[1]
    assert card.has_tables
    facts = page_chunks(card.markdown)
    assert any("Fee | Amount\nForeign transaction | 3%" in f.text for f in facts)


def test_html_tables_and_headings_survive_and_scripts_do_not():
    html = ("<html><head><script>alert('x')</script></head><body><h1>Rates</h1><p>Our savings rates.</p>"
            "<table><tr><th>Term</th><th>Rate</th></tr><tr><td>12 months</td><td>4.1%</td></tr></table>"
            "</body></html>")
    doc = parse_document(kind="html", content=html.encode(), file_name="rates.html")
    page = doc.pages[0]
    assert "| Term | Rate |" in page.markdown and "| 12 months | 4.1% |" in page.markdown
    assert "alert" not in page.markdown
    assert page.heading == "Rates"


def test_plain_text_is_split_at_form_feeds():
    doc = parse_document(kind="text", content=b"First page.\fSecond page.", file_name="t.txt")
    assert [p.text for p in doc.pages] == ["First page.", "Second page."]


def test_document_identity_from_cover_page_and_file_name():
    doc = parse_pdf(make_pdf(ANNUAL_REPORT_PAGES), file_name="ACMEROCKETS_2021_10K.pdf")
    ident = document_identity(file_name="ACMEROCKETS_2021_10K.pdf", title="x",
                              first_pages=[p.text for p in doc.pages[:3]])
    assert ident["company"] == "Acme Rockets"
    assert ident["doc_type"] == "10-K"
    assert ident["fiscal_year"] == 2021
    assert ident["period_end"] == "December 31, 2021"
    assert "acme rockets" in ident["names"] and "acmerockets" in ident["names"]
