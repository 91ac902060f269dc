"""Statements as banks around the world export them (each cause the peers' suite found, on a small file built here):
column names in other languages and found by their values, preambles, Latin-1 text, unsigned amounts with a
debit/credit column, pending and total lines, rows without a narrative, MT940 files with several statements, camt
dates with an offset, OFX with an empty balance or only investments, and bad input that must be refused in words."""
from __future__ import annotations

import io
import re
from datetime import date
from decimal import Decimal

import pytest

from core.errors import DomainError
from transactions.parsing import statement_parse

LIBRARY_TEXT = re.compile(r"Traceback|Error\(|object at 0x|NoneType|KeyError|IndexError|ValueError|TypeError|"
                          r"list index|invalid literal|Invalid isoformat")


def _parse(name: str, content: bytes, **kwargs):
    return statement_parse(file_name=name, content=content, **kwargs)


def _refusal(name: str, content: bytes, **kwargs) -> DomainError:
    with pytest.raises(DomainError) as exc:
        _parse(name, content, **kwargs)
    assert not LIBRARY_TEXT.search(exc.value.message), exc.value.message
    return exc.value


def _rows(parsed) -> list[tuple[date, Decimal]]:
    return [(r.date, r.amount) for r in parsed.rows]


def test_dutch_export_with_af_bij_column_and_amount_currency_in_the_header():
    text = ('"Datum","Naam / Omschrijving","Rekening","Af Bij","Bedrag (EUR)","Mededelingen"\n'
            '"20200213","Kosten pakket","NL01","Af","1,25","jan"\n'
            '"20200214","Salaris","NL01","Bij","2.500,00","feb"\n')
    parsed = _parse("ing.csv", text.encode())
    assert _rows(parsed) == [(date(2020, 2, 13), Decimal("-1.25")), (date(2020, 2, 14), Decimal("2500.00"))]
    assert {r.currency for r in parsed.rows} == {"EUR"}


def test_german_export_with_preamble_in_latin1():
    preamble = "".join(f"Zeile {i};Wert {i}\n" for i in range(14))
    text = (preamble + "Buchung;Wertstellungsdatum;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Saldo;"
            "Währung;Betrag;Währung\n"
            "28.12.2018;28.12.2018;Bäckerei Müller;Lastschrift;Brötchen;150,00;EUR;-5,50;EUR\n"
            "27.12.2018;27.12.2018;Karl;Gutschrift;Miete;155,50;EUR;50,00;EUR\n")
    parsed = _parse("umsatz.csv", text.encode("latin-1"))
    assert _rows(parsed) == [(date(2018, 12, 28), Decimal("-5.50")), (date(2018, 12, 27), Decimal("50.00"))]
    assert parsed.rows[0].description == "Bäckerei Müller Brötchen"
    assert parsed.rows[0].balance == Decimal("150.00")


@pytest.mark.parametrize(("header", "rows"), [
    ("Data operazione;Descrizione;Entrate;Uscite", ["31/12/2024;Bonifico;150,62;", "30/12/2024;Visa;;-9,99"]),
    ("Fecha;Concepto;Importe", ["31/12/2024;Bonificación;150,62", "30/12/2024;Tarjeta;-9,99"]),
    ("Date opération;Libellé;Débit;Crédit", ["31/12/2024;Virement;;150,62", "30/12/2024;Carte;9,99;"]),
    ("Data inregistrare;Descriere;Suma debit;Suma credit", ["31/12/2024;Transfer;;150,62", "30/12/2024;Card;9,99;"]),
    ("Ngày giao dịch;Nội dung;Số tiền", ["31/12/2024;Chuyển khoản;150,62", "30/12/2024;Thẻ;-9,99"]),
])
def test_column_names_in_the_languages_of_our_users_banks(header, rows):
    parsed = _parse("export.csv", (header + "\n" + "\n".join(rows) + "\n").encode())
    assert sorted(_rows(parsed)) == [(date(2024, 12, 30), Decimal("-9.99")), (date(2024, 12, 31), Decimal("150.62"))]


def test_unsigned_amounts_take_their_sign_from_the_debit_credit_column():
    text = ('"Date","Description","Amount","Transaction Type"\n'
            '"8/02/2016","Amazon","29.99","debit"\n"6/02/2016","Autopay","123.45","credit"\n')
    parsed = _parse("mint.csv", text.encode())
    assert sorted(_rows(parsed)) == [(date(2016, 6, 2), Decimal("123.45")), (date(2016, 8, 2), Decimal("-29.99"))]
    assert "leading zero" in parsed.date_format_reason


def test_columns_without_a_header_are_found_by_their_values_and_the_balance_they_follow():
    text = ("17-06-2022,NL00,Shop A,EUR,130.44,EUR,-20.00,ref1\n"
            "18-06-2022,NL00,Shop B,EUR,110.44,EUR,-2.20,ref2\n"
            "19-06-2022,NL00,Employer,EUR,108.24,EUR,500.00,ref3\n"
            "20-06-2022,NL00,Shop C,EUR,608.24,EUR,-8.00,ref4\n")
    parsed = _parse("asn.csv", text.encode())
    assert [r.amount for r in parsed.rows] == [Decimal("-20.00"), Decimal("-2.20"), Decimal("500.00"),
                                              Decimal("-8.00")]
    assert {r.currency for r in parsed.rows} == {"EUR"}


def test_pending_and_total_lines_are_left_out_and_reported_and_blank_narratives_are_built():
    text = ("Type,Completed Date,Description,Amount,Currency,State\n"
            "CARD_PAYMENT,2022-01-02,Rimi,-21.58,EUR,COMPLETED\n"
            "CARD_PAYMENT,,store,-44.57,EUR,PENDING\n"
            "TOPUP,2022-01-03,,500.00,EUR,COMPLETED\n"
            ",,Total,433.85,,\n")
    parsed = _parse("revolut.csv", text.encode())
    assert _rows(parsed) == [(date(2022, 1, 2), Decimal("-21.58")), (date(2022, 1, 3), Decimal("500.00"))]
    assert parsed.rows[1].description == "TOPUP"
    assert [s["line"] for s in parsed.skipped] == [3, 5]
    assert "pending" in parsed.skipped[0]["reason"] and not parsed.errors


def test_a_file_with_two_accounts_is_refused_naming_them():
    text = ("Datum,Naam / Omschrijving,Rekening,Bedrag (EUR)\n20200213,A,NL01,-1.25\n20200214,B,NL02,-2.00\n")
    error = _refusal("two.csv", text.encode())
    assert "2 accounts" in error.message and "NL01" in error.message


MT940 = """:20:STARTUMS
:25:NL01BANK0123456789
:28C:0
:60F:C130101EUR1000,00
:61:1301020102D30,00NMSCNONREF
:86:Coffee
:62F:C130102EUR970,00
:20:STARTUMS
:25:NL01BANK0123456789
:28C:0
:60F:C130102EUR970,00
:61:1301030103D40,00NMSCNONREF
:61:1301030103C5,00NTRFNONREF
:62F:C130103EUR{closing}
"""


def test_mt940_statements_numbered_alike_are_checked_one_by_one():
    parsed = _parse("two.sta", MT940.format(closing="935,00").encode())
    assert [r.amount for r in parsed.rows] == [Decimal("-30.00"), Decimal("-40.00"), Decimal("5.00")]
    assert parsed.rows[1].description == "Miscellaneous" and not parsed.balance_problems
    assert [(b.opening, b.closing) for b in parsed.balances] == [(Decimal("1000.00"), Decimal("970.00")),
                                                                 (Decimal("970.00"), Decimal("935.00"))]
    broken = _parse("two.sta", MT940.format(closing="930,00").encode())
    assert len(broken.balance_problems) == 1 and "statement 2" in broken.balance_problems[0]["reason"]
    assert broken.balance_problems[0]["difference"] == "-5.00"


def test_truncated_mt940_is_refused_in_words():
    cut = MT940.format(closing="935,00").encode()[:120] + b"\n:61:13010"
    error = _refusal("cut.sta", cut)
    assert "MT940" in error.message or "statement" in error.message


CAMT = """<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>S1</Id>
<Acct><Id><IBAN>CH00</IBAN></Id><Ccy>CHF</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>
<Dt><Dt>2017-03-31</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">90.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>
<Dt><Dt>2017-04-30</Dt></Dt></Bal>
<Ntry><Amt Ccy="{ccy}">{amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>2017-04-01+02:00</Dt></BookgDt><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd></Fmly></Domn></BkTxCd>
</Ntry></Stmt></BkToCstmrStmt></Document>"""


def test_camt_dates_with_an_offset_and_entries_without_narrative():
    parsed = _parse("camt.xml", CAMT.format(ccy="CHF", amount="10.00").encode())
    assert _rows(parsed) == [(date(2017, 4, 1), Decimal("-10.00"))]
    assert parsed.rows[0].description == "Bank transaction code PMNT-ICDT"
    assert parsed.balances[0].opening == Decimal("100.00") and parsed.balances[0].closing_date == date(2017, 4, 30)


@pytest.mark.parametrize("amount", ["1e30", "NaN", "1e999", "Infinity"])
def test_camt_amounts_that_are_not_money_are_bad_rows(amount):
    parsed = _parse("camt.xml", CAMT.format(ccy="CHF", amount=amount).encode())
    assert not parsed.rows and parsed.errors[0]["field"] == "amount"


def test_camt_currency_longer_than_three_letters_is_a_bad_row():
    parsed = _parse("camt.xml", CAMT.format(ccy="CHFX", amount="10.00").encode())
    assert not parsed.rows and "3-letter" in parsed.errors[0]["reason"]


OFX = """OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>CAD
<BANKACCTFROM><ACCTID>123</BANKACCTFROM><BANKTRANLIST>
<STMTTRN><TRNTYPE>CHECK<DTPOSTED>20110308<TRNAMT>{amount}<FITID>1<CHECKNUM>1000<NAME></STMTTRN>
</BANKTRANLIST><LEDGERBAL><BALAMT> <DTASOF>20110614</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
"""


def test_ofx_with_an_empty_balance_and_no_name_is_read():
    parsed = _parse("bank.ofx", OFX.format(amount="-120.00").encode())
    assert _rows(parsed) == [(date(2011, 3, 8), Decimal("-120.00"))]
    assert parsed.rows[0].description == "Cheque 1000" and parsed.rows[0].currency == "CAD"


@pytest.mark.parametrize("amount", ["1e30", "NaN", "1e999", "$120"])
def test_ofx_amounts_that_are_not_money_are_bad_rows(amount):
    parsed = _parse("bank.ofx", OFX.format(amount=amount).encode())
    assert not parsed.rows and parsed.errors[0]["field"] == "amount"
    assert not LIBRARY_TEXT.search(parsed.errors[0]["reason"])


def test_investment_ofx_is_refused_saying_moneta_reads_bank_statements():
    text = ("OFXHEADER:100\n\n<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><CURDEF>USD<INVTRANLIST>"
            "<BUYMF><INVBUY><INVTRAN><FITID>1<DTTRADE>20140617</INVTRAN><TOTAL>-197.2</INVBUY></BUYMF>"
            "</INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>")
    error = _refusal("401k.ofx", text.encode())
    assert "investment" in error.message and "not holdings" in error.message


def test_nul_in_a_csv_header_is_refused_naming_the_line():
    error = _refusal("nul.csv", b"Date,Desc\x00ription,Amount\n2026-01-01,A,-1\n")
    assert "Line 1" in error.message and "NUL" in error.message


def test_corrupt_xls_is_refused_in_words():
    error = _refusal("broken.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00garbage" * 100)
    assert ".xls" in error.message or "Excel" in error.message or "Office" in error.message


def test_a_repeated_date_field_in_date_format_is_refused_in_words():
    error = _refusal("x.csv", b"Date,Description,Amount\n2026-01-01,A,-1\n", date_format="%Y%Y")
    assert error.code == "bad_date_format" and "%Y%Y" in error.message


def test_xlsx_whose_declared_size_understates_its_rows_is_read_whole():
    import zipfile

    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Date", "Description", "Amount"])
    for day in range(1, 31):
        sheet.append([date(2026, 1, day), f"Shop {day}", -day])
    raw = io.BytesIO()
    book.save(raw)
    # Rewrite the sheet's <dimension> to claim 3 rows, as some exporters do.
    src, out = zipfile.ZipFile(io.BytesIO(raw.getvalue())), io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = re.sub(rb'<dimension ref="[^"]+"', b'<dimension ref="A1:C3"', data)
            dst.writestr(item, data)
    parsed = _parse("export.xlsx", out.getvalue())
    assert len(parsed.rows) == 30 and parsed.rows[-1].amount == Decimal("-30")
