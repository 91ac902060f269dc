"""Merchant category codes carried by OFX (<MCC>, <SIC>) and CAMT (MrchntCtgyCd) files as categorisation evidence."""
from __future__ import annotations

import pytest

from transactions.category_mcc import mcc_kind
from transactions.models import Category, Transaction
from transactions.parsing import statement_parse
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


def _ofx(transactions: str) -> bytes:
    return f"""OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20260301<LANGUAGE>ENG</SONRS>
</SIGNONMSGSRSV1><CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><CCSTMTRS>
<CURDEF>USD<CCACCTFROM><ACCTID>4111</CCACCTFROM><BANKTRANLIST><DTSTART>20260201<DTEND>20260301
{transactions}
</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
""".encode()


# Names that say nothing about the kind of business: only the code can.
CODED = _ofx("""<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260210<TRNAMT>-23.50<FITID>1<NAME>ZORBLAX VENTURES 0412<SIC>5812</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260211<TRNAMT>-412.00<FITID>2<NAME>QUILLON HOLDINGS<MCC>3058</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260212<TRNAMT>-23.50<FITID>3<NAME>PRAXOLIN GROUP<SIC>xx</STMTTRN>""")


def _top(user, description_start: str) -> str | None:
    tx = Transaction.objects.get(user=user, description__startswith=description_start)
    first = tx.category_suggestions[0][0] if tx.category_suggestions else None
    return Category.objects.get(id=first).name if first else None


def test_ofx_merchant_codes_are_read_and_cleaned():
    rows = statement_parse(file_name="card.qfx", content=CODED).rows
    assert [r.merchant_code for r in rows] == ["5812", "3058", ""]  # "xx" is not a code: ignored, not an error


def test_brand_codes_stand_for_their_kind_and_unknown_codes_for_nothing():
    assert mcc_kind("3058") == "4511"  # one airline's code → airlines
    assert mcc_kind("3501") == "7011"  # one hotel chain's → lodging
    assert mcc_kind("5812") == "5812"
    assert mcc_kind("0001") == "" and mcc_kind("") == "" and mcc_kind("ab12") == ""


def test_a_coded_row_is_suggested_its_kind_when_its_name_says_nothing(alice, bob):
    transactions_import(user=alice, file_name="card.qfx", content=CODED)
    assert _top(alice, "ZORBLAX") == "Dining"  # SIC 5812: eating places
    assert _top(alice, "QUILLON") == "Travel"  # MCC 3058: an airline
    # The same kind of name without a code gets no such answer.
    assert _top(alice, "PRAXOLIN") != "Dining"
    # Another user importing the same names without codes gets neither kind: nothing carries over from Alice's rows.
    transactions_import(user=bob, file_name="plain.qfx", content=CODED.replace(b"<SIC>5812", b"").replace(
        b"<MCC>3058", b""))
    assert _top(bob, "ZORBLAX") != "Dining" and _top(bob, "QUILLON") != "Travel"


CAMT = b"""<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-03-20T23:59:00</CreDtTm></GrpHdr>
    <Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Ntry><Amt Ccy="EUR">18.40</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-03-02</Dt></BookgDt>
        <NtryDtls><TxDtls>
          <RltdPties><Cdtr><Pty><Nm>ZORBLAX VENTURES</Nm></Pty></Cdtr></RltdPties>
          <CardTx><Tx><Indv><SaleCntxt><MrchntCtgyCd>5812</MrchntCtgyCd></SaleCntxt></Indv></Tx></CardTx>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry><Amt Ccy="EUR">7.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-03-03</Dt></BookgDt>
        <NtryDtls><TxDtls><RltdPties><Cdtr><Pty><Nm>PRAXOLIN GROUP</Nm></Pty></Cdtr></RltdPties></TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
"""


def test_camt_merchant_category_code_is_read_wherever_the_card_details_nest_it(alice):
    rows = statement_parse(file_name="march.xml", content=CAMT).rows
    assert [r.merchant_code for r in rows] == ["5812", ""]
    transactions_import(user=alice, file_name="march.xml", content=CAMT)
    assert _top(alice, "ZORBLAX") == "Dining"
