"""knowledge_search: result shape, scores, filters, limits, document boost, private isolation."""
from __future__ import annotations

import pytest

from core.errors import DomainError
from knowledge.corpora import corpus_ensure
from knowledge.models import Document
from knowledge.selectors import document_match_scores, knowledge_search, query_identity
from knowledge.services import note_save

from .pdfs import make_pdf

RESULT_KEYS = {"fact_id", "text", "questions", "document_id", "document", "file_name", "corpus", "page", "page_id",
               "scores"}


@pytest.fixture
def library(acme_doc, ingest):
    edu = corpus_ensure(slug="finance-education", name="Finance education")
    compound = ingest(edu, "compound-interest.md",
                      b"# Compound interest\n\nCompound interest is interest earned on interest. $1,000 at 5% "
                      b"grows to $1,628.89 after ten years.\n\n## Rule of 72\n\nDivide 72 by the rate to estimate "
                      b"the years needed to double your money.\n")
    other = ingest(corpus_ensure(slug="bank-documents", name="Bank documents"), "BOLTMOTORS_2021_10K.pdf",
                   make_pdf([["FORM 10-K", "For the fiscal year ended December 31, 2021", "BOLT MOTORS CORP",
                              "(Exact name of registrant as specified in its charter)"],
                             ["CONSOLIDATED STATEMENTS OF OPERATIONS", ["Year ended December 31,", "2021", "2020"],
                              ["Launch revenue", "$ 77", "$ 66"], ["Vehicle revenue", "$ 5,400", "$ 4,100"],
                              ["Net income", "$ 300", "$ 200"]]]))
    return {"acme": acme_doc, "compound": compound, "bolt": other}


def test_results_have_contract_fields_and_separate_scores(library):
    out = knowledge_search(user=None, query="What is compound interest?")
    assert out["query"] == "What is compound interest?"
    assert {"k", "similarity_threshold", "per_document_limit", "document_limit", "fact_limit", "hybrid",
            "vector_weight", "text_weight"} <= set(out["settings"])
    top = out["results"][0]
    assert RESULT_KEYS <= set(top)
    assert top["document"] == "Compound interest" and top["corpus"] == "finance-education" and top["page"] == 1
    assert {"vector", "text", "fused"} <= set(top["scores"])
    assert 0 < top["scores"]["vector"] <= 1 and top["scores"]["text"] > 0
    group = out["documents"][0]
    assert group["document_id"] == top["document_id"] and group["summary"]
    assert group["best_score"] == top["scores"]["fused"]
    fused = [r["scores"]["fused"] for r in out["results"]]
    assert fused == sorted(fused, reverse=True)


def test_company_and_year_in_question_rank_that_filing_first(library):
    out = knowledge_search(user=None, query="What was Acme Rockets' launch revenue in FY2021?", k=3)
    top = out["results"][0]
    assert top["document_id"] == library["acme"].id and top["page"] == 2
    assert "$1,250" in top["text"]
    assert top["scores"]["document"] > 0
    out = knowledge_search(user=None, query="What was Bolt Motors' launch revenue in FY2021?", k=3)
    assert out["results"][0]["document_id"] == library["bolt"].id


def test_query_identity_and_document_match():
    ident = query_identity("What is the FY2019 capex of Acme in its 10-K? Compare with fiscal 2018 and Q2")
    assert ident == {"years": {2019, 2018}, "doc_type": "10-K", "quarter": "Q2"}
    docs = [{"id": 1, "identity": {"names": ["acme rockets", "acmerockets"], "fiscal_year": 2019, "doc_type": "10-K"}},
            {"id": 2, "identity": {"names": ["acme rockets"], "fiscal_year": 2015, "doc_type": "10-K"}},
            {"id": 3, "identity": {"names": ["bolt motors"], "fiscal_year": 2019, "doc_type": "10-K"}}]
    scores = document_match_scores("AcmeRockets FY2019 10-K revenue", docs)
    assert scores[1] > scores.get(2, 0) > 0 and 3 not in scores
    possessive = document_match_scores("What was ACME ROCKETS’s capex in FY2019?", docs)
    assert possessive == document_match_scores("What was ACME ROCKETS capex in FY2019?", docs) and 1 in possessive


def test_corpus_include_exclude_k_and_limits(library):
    only_edu = knowledge_search(user=None, query="revenue interest", corpus_include=["finance-education"])
    assert only_edu["results"] and {r["corpus"] for r in only_edu["results"]} == {"finance-education"}
    no_edu = knowledge_search(user=None, query="compound interest", corpus_exclude=["finance-education"])
    assert all(r["corpus"] != "finance-education" for r in no_edu["results"])
    assert len(knowledge_search(user=None, query="revenue", k=2)["results"]) == 2
    limited = knowledge_search(user=None, query="revenue net income", k=10, per_document_limit=1, document_limit=2)
    assert len(limited["results"]) == len({r["document_id"] for r in limited["results"]}) <= 2
    assert len(knowledge_search(user=None, query="revenue", k=50, fact_limit=3)["results"]) == 3
    assert knowledge_search(user=None, query="revenue", similarity_threshold=0.99)["results"] == []


def test_vector_only_mode_has_no_text_component(library):
    out = knowledge_search(user=None, query="compound interest", hybrid=False)
    assert out["results"] and all(r["scores"]["text"] == 0 for r in out["results"])
    assert out["settings"]["hybrid"] is False


def test_defaults_come_from_settings_and_are_overridable(library, settings):
    settings.MONETA_SEARCH_DEFAULTS = {**settings.MONETA_SEARCH_DEFAULTS, "k": 1}
    assert len(knowledge_search(user=None, query="revenue")["results"]) == 1
    assert len(knowledge_search(user=None, query="revenue", k=3)["results"]) == 3


def test_empty_query_is_an_error(library):
    with pytest.raises(DomainError, match="empty"):
        knowledge_search(user=None, query="   ")


def test_documents_not_ready_are_not_searchable(library):
    before = knowledge_search(user=None, query="compound interest rule of 72")
    assert before["results"][0]["document_id"] == library["compound"].id  # found while ready
    Document.objects.filter(id=library["compound"].id).update(status=Document.Status.PROCESSING)
    out = knowledge_search(user=None, query="compound interest rule of 72")
    assert out["results"], "the other ready documents must still be searched"
    assert all(r["document_id"] != library["compound"].id for r in out["results"])


def test_private_notes_are_invisible_to_other_users(library, alice, bob):
    from knowledge.services import document_ingest_now

    note = note_save(user=alice, title="Secret savings plan", text="I keep my emergency fund at Kestrel Bank.")
    assert document_ingest_now(document_id=note.id).status == Document.Status.READY
    mine = knowledge_search(user=alice, query="Where is my emergency fund kept? Kestrel")
    assert mine["results"][0]["document_id"] == note.id and mine["results"][0]["corpus"] == f"private-{alice.id}"
    assert mine["results"][0]["text"].endswith("Kestrel Bank.")
    for attempt in (None, [f"private-{alice.id}"], ["private"]):
        theirs = knowledge_search(user=bob, query="Kestrel Bank emergency fund", corpus_include=attempt)
        assert all(r["document_id"] != note.id for r in theirs["results"])
    assert all(r["document_id"] != note.id for r in knowledge_search(user=None, query="Kestrel")["results"])


def test_statement_named_in_question_and_page_titles():
    from knowledge.selectors import page_statement, query_statements

    assert query_statements("Answer from the statement of income and the cash flow statement.") == {"income",
                                                                                                      "cash_flow"}
    assert query_statements("shown in the statement of financial position") == {"balance"}
    assert query_statements("What is Acme's revenue?") == set()
    assert page_statement("Table of Contents\n61\nACME INC.\nCONSOLIDATED BALANCE SHEETS\n(In millions)") == "balance"
    assert page_statement("Acme Inc. and Subsidiaries\nConsolidated statements of cash flows (unaudited)") == \
        "cash_flow"
    assert page_statement("Consolidated Statements of Stockholders’ Equity (Deficit)\n") == "equity"
    assert page_statement("CONSOLIDATED STATEMENTS OF COMPREHENSIVE INCOME") == "comprehensive"
    # A table of contents names several statements: it is none of them. Prose that mentions one is not one.
    assert page_statement("Consolidated Balance Sheets\nConsolidated Statements of Operations\n") == ""
    assert page_statement("Cash rose as shown on our consolidated balance sheets as of December 31, 2021, while "
                          "debt fell.") == ""


def test_question_naming_a_statement_prefers_that_statement_page(shared_corpus, ingest):
    doc = ingest(shared_corpus, "DELTAWIDGETS_2022_10K.pdf", make_pdf([
        ["FORM 10-K", "For the fiscal year ended December 31, 2022", "DELTA WIDGETS CORP",
         "(Exact name of registrant as specified in its charter)"],
        ["CONSOLIDATED STATEMENTS OF OPERATIONS", ["Year ended December 31,", "2022", "2021"],
         ["Widget revenue", "$ 900", "$ 800"], ["Depreciation and amortization", "45", "40"],
         ["Net income", "$ 120", "$ 95"]],
        ["CONSOLIDATED STATEMENTS OF CASH FLOWS", ["Year ended December 31,", "2022", "2021"],
         ["Net income", "$ 120", "$ 95"], ["Depreciation and amortization", "45", "40"],
         ["Purchases of property and equipment", "(60)", "(52)"]],
    ]))
    question = "What was Delta Widgets' FY2022 depreciation and amortization? Use the cash flow statement."
    out = knowledge_search(user=None, query=question, k=5)
    top = out["results"][0]
    assert top["document_id"] == doc.id and top["page"] == 3 and top["scores"]["statement"] == 1.0
    assert out["settings"]["statement_weight"] > 0
    ops = [r for r in out["results"] if r["page"] == 2]
    assert ops and all(r["scores"]["statement"] == 0.0 for r in ops)
    # Without the statement term both pages tie on meaning; with it the named statement wins by a margin.
    assert top["scores"]["fused"] > ops[0]["scores"]["fused"]
    # A question naming no statement leaves the term out entirely.
    plain = knowledge_search(user=None, query="What was Delta Widgets' FY2022 depreciation and amortization?", k=5)
    assert all(r["scores"]["statement"] == 0.0 for r in plain["results"])


def test_statement_title_split_over_lines_and_implied_statements():
    from knowledge.selectors import page_statement, query_statement_scores

    # PDFs that put one word per line, or the company after the title, still name the statement.
    assert page_statement("MGM\nRESORTS\nINTERNATIONAL\nAND\nSUBSIDIARIES\nCONSOLIDATED\nBALANCE\nSHEETS\n"
                          "(In thousands)\nDecember 31,\n2018") == "balance"
    assert page_statement("Index\nConsolidated Statements of Income Corning Incorporated and Subsidiary Companies\n"
                          "Year ended December 31,\n2020 2019") == "income"
    assert page_statement("ITEM 8. FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA\nAcme, Inc.\n"
                          "Consolidated Statements of Operations\nYear Ended") == "income"
    assert query_statement_scores("Use the cash flow statement") == {"cash_flow": 1.0}
    assert query_statement_scores("What was Acme's FY2021 capital expenditure?") == {"cash_flow": 0.5}
    assert query_statement_scores("Who founded Acme?") == {}


def test_tickers_nicknames_and_documents_of_one_company():
    from knowledge.ingestion.identity import tickers

    cover = ("Title of each class Trading Symbol Name of each exchange on which registered\n"
             "Common Stock, Par Value $1.00 JNJ New York Stock Exchange\n"
             "0.650% Notes Due May 2024 JNJ24C New York Stock Exchange\n")
    assert tickers(cover) == ["JNJ"]
    assert tickers("Common Stock JNJ New York Stock Exchange") == []  # no securities table: no guessing
    docs = [
        {"id": 1, "identity": {"names": ["johnson johnson", "johnsonjohnson"], "tickers": ["JNJ"],
                               "fiscal_year": 2022, "doc_type": "10-K"}},
        # An earnings release without a cover page: known only by its file name.
        {"id": 2, "identity": {"names": ["johnsonjohnson"], "fiscal_year": 2022, "doc_type": "earnings release"}},
        {"id": 3, "identity": {"names": ["mgm resorts international", "mgmresorts"], "tickers": ["MGM"],
                               "fiscal_year": 2022, "doc_type": "10-K"}},
        {"id": 4, "identity": {"names": ["nternational", "mgmresorts"], "fiscal_year": 2018, "doc_type": "10-K"}},
        {"id": 5, "identity": {"names": ["boeing"], "tickers": ["BA"], "fiscal_year": 2022, "doc_type": "10-K"}},
    ]
    scores = document_match_scores("What was JnJ's FY2022 inventory turnover?", docs)
    assert set(scores) == {1, 2} and scores[1] > scores[2]  # the annual report first for a fiscal-year question
    # A mangled registrant name inside an ordinary word does not match.
    assert 4 not in document_match_scores("How did international sales grow in FY2022?", docs)
    assert set(document_match_scores("Which MGM region grew most in FY2022?", docs)) == {3, 4}
    assert 5 in document_match_scores("BA FY2022 backlog", docs)
    assert 5 not in document_match_scores("Did the ba degree help in 2022?", docs)
