"""Merchant category codes carried by OFX (<MCC>, <SIC>) and CAMT (MrchntCtgyCd) files as categorisation evidence."""
from __future__ import annotations

import pytest

from transactions.category_mcc import mcc_kind
from transactions.models import Category, Transaction
from transactions.parsing import statement_parse
from transactions.services import transaction_category_set, transactions_import

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


def _ofx_rows(rows: list[tuple[str, str, str]]) -> bytes:
    """(day, name, code) per purchase of 12.00 (days of February 2026)."""
    return _ofx("\n".join(f"<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>202602{day}<TRNAMT>-12.00<FITID>{i}<NAME>{name}"
                          f"<MCC>{code}</STMTTRN>" for i, (day, name, code) in enumerate(rows)))


def test_the_code_is_stored_and_the_users_own_filing_of_a_code_reaches_new_payees(alice, bob):
    # Alice files fast-food places (5814) under her own "Client meals" and grocers (5411) under "Household": names
    # that mean nothing, so only the codes they carried can tell her later payees apart.
    transactions_import(user=alice, file_name="jan.qfx", content=_ofx_rows([
        ("02", "KELVRAN 0001", "5814"), ("03", "MOSSIBE 0002", "5814"), ("04", "DRAVOLT 0003", "5814"),
        ("05", "PELLIX 0004", "5411"), ("06", "ZUNDRA 0005", "5411"), ("07", "HARGEN 0006", "5411")]))
    assert set(Transaction.objects.filter(user=alice).values_list("merchant_code", flat=True)) == {"5814", "5411"}
    for name in ("Client meals", "Household"):
        Category.objects.get_or_create(user=alice, name=name)
    for tx in Transaction.objects.filter(user=alice):
        transaction_category_set(user=alice, transaction_id=tx.id,
                                 category="Client meals" if tx.merchant_code == "5814" else "Household")
    later = _ofx_rows([("20", "VELMORA 0107", "5814"), ("21", "QUENTARI 0108", "5411"),
                       ("22", "ORBELIN 0109", "5411"), ("23", "TAVISK 0110", "5814")])
    transactions_import(user=alice, file_name="feb.qfx", content=later)
    assert [_top(alice, n) for n in ("VELMORA", "QUENTARI", "ORBELIN", "TAVISK")] == [
        "Client meals", "Household", "Household", "Client meals"]
    # Bob never filed anything: he has no such categories, and Alice's filing does not reach him.
    transactions_import(user=bob, file_name="feb.qfx", content=later)
    assert not {_top(bob, n) for n in ("VELMORA", "QUENTARI")} & {"Client meals", "Household"}
    assert Transaction.objects.get(user=bob, description__startswith="VELMORA").merchant_code == "5814"


def test_a_row_without_a_code_stores_none(alice):
    transactions_import(user=alice, file_name="card.qfx", content=CODED)
    assert Transaction.objects.get(user=alice, description__startswith="PRAXOLIN").merchant_code is None
