"""Statement import: formats, bad input, de-duplication."""
from __future__ import annotations

from decimal import Decimal

import pytest

from core.errors import DomainError
from transactions.models import ImportBatch, Transaction
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


def _import(user, text: str, name: str = "statement.csv", **kw):
    return transactions_import(user=user, file_name=name, content=text.encode(), **kw)


def test_csv_with_amount_column_iso_dates(alice):
    batch = _import(alice, "Date,Description,Amount\n2026-03-01,STARBUCKS STORE #1234 SEATTLE,-4.50\n"
                           "2026-03-02,SALARY ACME CORP,3000.00\n")
    assert batch.rows_created == 2 and batch.status == "imported"
    rows = list(Transaction.objects.filter(user=alice).order_by("date").values_list("date", "amount", "merchant__name"))
    assert [(str(d), a, m) for d, a, m in rows] == [("2026-03-01", Decimal("-4.50"), "Starbucks"),
                                                    ("2026-03-02", Decimal("3000.00"), "Salary Acme")]


def test_csv_debit_credit_columns_dmy_decimal_commas_preamble(alice):
    text = ("Account;12345\n\nPosted;Narrative;Debit;Credit;Balance\n"
            "23/08/2026;POS Purchase WOOLWORTHS * 23 Aug;1.234,56;;10.000,00\n"
            "24/08/2026;Magtape Debit Vodacom;€ 99,00;;9.901,00\n"
            "25/08/2026;REFUND;;15,50;9.916,50\n")
    batch = _import(alice, text)
    assert batch.details["date_format"] == "DMY"
    got = {t.merchant.name: t.amount for t in Transaction.objects.filter(user=alice).select_related("merchant")}
    assert got["Woolworths"] == Decimal("-1234.56")
    assert got["Vodacom"] == Decimal("-99.00")
    assert Transaction.objects.get(user=alice, amount=Decimal("15.50")).balance == Decimal("9916.50")
    assert Transaction.objects.get(user=alice, merchant__name="Vodacom").currency == "EUR"


def test_mdy_parentheses_thousands_and_currency_symbols(alice):
    text = ("Transaction Date,Payee,Amount,Category\n"
            "03/25/2026,AMAZON MKTP US*2K3,\"($1,250.00)\",Shopping\n"
            "03/26/2026,Landlord,(900),Rent\n")
    _import(alice, text)
    amazon = Transaction.objects.get(user=alice, merchant__name="Amazon")
    assert amazon.amount == Decimal("-1250.00") and str(amazon.date) == "2026-03-25"
    assert amazon.category.name == "Shopping" and amazon.category_source == "user"
    assert Transaction.objects.get(user=alice, description="Landlord").amount == Decimal("-900")


def test_ambiguous_dates_ask_for_the_format(alice):
    text = "Date,Description,Amount\n01/02/2026,Coffee,-3\n03/04/2026,Tea,-2\n"
    with pytest.raises(DomainError) as exc:
        _import(alice, text)
    assert exc.value.code == "ambiguous_date_format"
    assert "date_format" in exc.value.message
    assert Transaction.objects.filter(user=alice).count() == 0
    batch = _import(alice, text, date_format="DMY")
    assert sorted(str(d) for d in Transaction.objects.filter(user=alice).values_list("date", flat=True)) == [
        "2026-02-01", "2026-04-03"]
    assert batch.rows_created == 2


def test_bad_rows_report_every_line_and_store_nothing(alice):
    _import(alice, "Date,Description,Amount\n2026-01-01,Existing,-1\n")
    text = ("Date,Description,Amount\n"
            "2026-03-01,Good row,-4.50\n"
            "2026-13-45,Bad date,-1\n"
            "2026-03-02,,-2\n"
            "2026-03-03,Bad amount,abc\n"
            "2026-03-04,Another good,-5\n")
    with pytest.raises(DomainError) as exc:
        _import(alice, text, name="march.csv")
    details = exc.value.details
    # A row without a narrative is not a bad row (it gets one); a bad date and a bad amount are.
    assert details["error_count"] == 2 and details["file"] == "march.csv" and details["rows_readable"] == 3
    assert [(e["line"], e["field"]) for e in details["errors"]] == [(3, "date"), (5, "amount")]
    assert "line 3" in exc.value.message and "2 unreadable rows of 5" in exc.value.message
    assert list(Transaction.objects.filter(user=alice).values_list("description", flat=True)) == ["Existing"]
    assert ImportBatch.objects.get(id=details["batch_id"]).status == "failed"


def test_readable_rows_import_when_the_user_says_so(alice):
    text = ("Date,Description,Amount\n"
            "2026-03-01,Good row,-4.50\n"
            "2026-13-45,Bad date,-1\n"
            "2026-03-02,,-2\n"
            "2026-03-03,Bad amount,abc\n")
    batch = transactions_import(user=alice, file_name="march.csv", content=text.encode(), skip_bad_rows=True)
    assert batch.rows_created == 2 and batch.error_count == 2
    assert [e["line"] for e in batch.errors] == [3, 5]
    assert batch.errors[0]["raw"] == ["2026-13-45", "Bad date", "-1"]
    assert sorted(Transaction.objects.filter(user=alice).values_list("description", flat=True)) == [
        "Good row", "No description (money out)"]
    assert "2 unreadable rows not imported" in batch.message


def test_error_report_is_capped_with_total(alice):
    text = "Date,Description,Amount\n" + "".join(f"2026-01-01,Row {i},oops\n" for i in range(150))
    with pytest.raises(DomainError) as exc:
        _import(alice, text)
    assert exc.value.details["error_count"] == 150
    assert len(exc.value.details["errors"]) == 100 and exc.value.details["errors_truncated"] is True


def test_missing_columns_and_empty_file(alice):
    with pytest.raises(DomainError) as exc:
        _import(alice, "")
    assert "empty" in exc.value.message
    with pytest.raises(DomainError) as exc:
        _import(alice, "foo,bar\nx,y\n")
    assert exc.value.code == "bad_file"


def test_reimport_and_overlap_create_no_duplicates_but_keep_identical_same_day_purchases(alice):
    jan = ("Date,Description,Amount\n2026-01-05,STARBUCKS 123,-4.50\n2026-01-05,STARBUCKS 123,-4.50\n"
           "2026-01-20,UBER TRIP,-12.00\n")
    first = _import(alice, jan)
    assert first.rows_created == 3  # two genuine identical coffees both survive
    again = _import(alice, jan)
    assert again.rows_created == 0 and again.rows_duplicate == 3
    overlap = ("Date,Description,Amount\n2026-01-05,STARBUCKS 123,-4.50\n2026-01-05,STARBUCKS 123,-4.50\n"
               "2026-01-20,UBER TRIP,-12.00\n2026-02-01,NETFLIX.COM,-15.49\n")
    third = _import(alice, overlap)
    assert third.rows_created == 1 and third.rows_duplicate == 3
    assert Transaction.objects.filter(user=alice).count() == 4


def test_same_file_for_two_users_is_two_sets_of_rows(alice, bob):
    text = "Date,Description,Amount\n2026-01-05,STARBUCKS,-4.50\n"
    _import(alice, text)
    _import(bob, text)
    assert Transaction.objects.filter(user=alice).count() == 1 and Transaction.objects.filter(user=bob).count() == 1


OFX = b"""OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260301<LANGUAGE>ENG</SONRS>
</SIGNONMSGSRSV1><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD
<BANKACCTFROM><BANKID>123<ACCTID>456<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20260201<DTEND>20260301
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260210<TRNAMT>-15.49<FITID>1<NAME>NETFLIX.COM<MEMO>LOS GATOS CA</STMTTRN>
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260215<TRNAMT>2500.00<FITID>2<NAME>ACME PAYROLL</STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>20260301</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
"""


def test_ofx_import_and_reimport(alice):
    batch = transactions_import(user=alice, file_name="feb.qfx", content=OFX)
    assert batch.file_format == "ofx" and batch.rows_created == 2
    netflix = Transaction.objects.get(user=alice, amount=Decimal("-15.49"))
    assert netflix.merchant.name == "Netflix" and str(netflix.date) == "2026-02-10"
    assert transactions_import(user=alice, file_name="feb.qfx", content=OFX).rows_created == 0


def test_broken_ofx_is_a_clear_error(alice):
    with pytest.raises(DomainError) as exc:
        transactions_import(user=alice, file_name="x.ofx", content=b"OFXHEADER:100\n<OFX><BROKEN")
    assert "OFX" in exc.value.message
    assert Transaction.objects.filter(user=alice).count() == 0


def test_headerless_csv_columns_are_inferred(alice):
    batch = _import(alice, "2026-03-01,-4.50,STARBUCKS STORE #1 SEATTLE\n2026-03-02,-12.00,UBER *TRIP\n")
    assert batch.rows_created == 2
    assert set(Transaction.objects.filter(user=alice).values_list("merchant__name", flat=True)) == {"Starbucks", "Uber"}


def test_payee_and_memo_are_joined_and_tab_delimited(alice):
    _import(alice, "Date\tPayee\tMemo\tAmount\n2026-03-01\tACME SHOP\tOrder 55 gift\t-9.00\n")
    assert Transaction.objects.get(user=alice).description == "ACME SHOP Order 55 gift"


def test_city_after_many_merchants_in_one_statement_is_dropped(alice):
    rows = "".join(f"2026-03-0{i + 1},EFTPOS {name} SPRINGFIELD IL 0403 55{i},-5\n"
                   for i, name in enumerate(["FRESHMART", "TOYTOWN", "BOWL-O-RAMA", "FRESHMART"]))
    _import(alice, "Date,Description,Amount\n" + rows)
    names = set(Transaction.objects.filter(user=alice).values_list("merchant__name", flat=True))
    assert names == {"Freshmart", "Toytown", "Bowl-O-Rama"}
