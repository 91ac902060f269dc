"""One month of one EUR current account written in every statement format Moneta reads, each following its
published specification: a text PDF (and the same PDF rendered to images, as a scanner would), QIF, CAMT.053
(ISO 20022 camt.053.001.02), MT940 (SWIFT) and XLSX. Built here, never downloaded."""
from __future__ import annotations

import io
from datetime import date
from decimal import Decimal

from tests.pdfs import pdf_bytes, pdf_escape

OPENING = Decimal("1000.00")
# (date, narrative, amount). Row 3's narrative takes two lines in the PDF; rows 6-8 are on page 2.
TRANSACTIONS: list[tuple[date, str, Decimal]] = [
    (date(2026, 3, 2), "TESCO STORES 3217 LONDON", Decimal("-54.20")),
    (date(2026, 3, 3), "SALARY ACME LTD", Decimal("2500.00")),
    (date(2026, 3, 5), "DIRECT DEBIT THAMES WATER REF 99812 MARCH", Decimal("-38.50")),
    (date(2026, 3, 7), "NETFLIX.COM", Decimal("-15.49")),
    (date(2026, 3, 9), "CARD PAYMENT PRET A MANGER", Decimal("-6.75")),
    (date(2026, 3, 12), "REFUND AMAZON MARKETPLACE", Decimal("23.99")),
    (date(2026, 3, 15), "TFL TRAVEL CHARGE", Decimal("-12.80")),
    (date(2026, 3, 20), "RENT MARCH FLAT 2", Decimal("-1200.00")),
]
CLOSING = OPENING + sum(a for _, _, a in TRANSACTIONS)


def expected_rows() -> list[tuple[date, str, Decimal]]:
    return sorted(TRANSACTIONS)


def _money(value: Decimal) -> str:
    return f"{value:,.2f}"


# --- PDF ------------------------------------------------------------------------------------------------

def _pdf(pages: list[list[tuple[float, float, str, bool]]]) -> bytes:
    """Pages of (x, y, text, right_aligned) in Helvetica 10 pt on Letter paper."""
    page_ops = []
    for items in pages:
        ops = []
        for x, y, text, right in items:
            if right:  # Helvetica digits, comma and period: 0.556 / 0.278 em
                x -= sum(2.78 if c in ",." else 5.56 for c in text)
            ops.append(f"BT /F1 10 Tf {x:.2f} {y:.2f} Td ({pdf_escape(text)}) Tj ET")
        page_ops.append(ops)
    return pdf_bytes(page_ops)


def statement_pdf(*, tamper: dict[int, Decimal] | None = None) -> bytes:
    """A two-page bank statement: Date | Description | Paid out | Paid in | Balance, header repeated on page 2,
    'Balance carried forward' / 'brought forward' across the break. `tamper` replaces the printed amount of
    transaction i (0-based) while leaving the printed balances alone, as an edited statement would."""
    tamper = tamper or {}
    header = [(56, 0, "Date", False), (130, 0, "Description", False), (400, 0, "Paid out", True),
              (470, 0, "Paid in", True), (556, 0, "Balance", True)]
    pages: list[list] = []
    balance = OPENING
    items: list = []
    y = 0.0

    def start_page(number: int) -> None:
        nonlocal items, y
        items = [(56, 750, "Northwind Bank plc", False),
                 (56, 736, f"Current account statement 1 - 20 March 2026 (page {number} of 2)", False),
                 (56, 722, "Account 12345678 Sort code 40-11-62 Currency: EUR", False)]
        y = 690
        items += [(x, y, text, right) for x, _, text, right in header]

    def line(cells: list[tuple[float, str, bool]]) -> None:
        nonlocal y
        y -= 18
        items.extend((x, y, text, right) for x, text, right in cells)

    start_page(1)
    line([(130, "Opening balance", False), (556, _money(OPENING), True)])
    for i, (day, narrative, amount) in enumerate(TRANSACTIONS):
        if i == 5:
            line([(130, "Balance carried forward", False), (556, _money(balance), True)])
            items.append((56, 60, "Northwind Bank plc is authorised by the Prudential Regulation Authority.", False))
            pages.append(items)
            start_page(2)
            line([(130, "Balance brought forward", False), (556, _money(balance), True)])
        balance += amount
        printed = tamper.get(i, amount)
        first, _, rest = narrative.partition(" REF ") if "REF" in narrative else (narrative, "", "")
        cells = [(56, day.strftime("%d/%m/%Y"), False), (130, first, False),
                 (400 if printed < 0 else 470, _money(abs(printed)), True), (556, _money(balance), True)]
        line(cells)
        if rest:
            y -= 12
            items.append((130, y, f"REF {rest}", False))
    line([(130, "Closing balance", False), (556, _money(balance), True)])
    pages.append(items)
    return _pdf(pages)


def scanned_pdf(text_pdf: bytes, *, scale: float = 2.0) -> bytes:
    """The PDF as a scanner would make it: every page an image, no text layer."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(text_pdf)
    images = []
    try:
        for index in range(len(pdf)):
            page = pdf[index]
            bitmap = page.render(scale=scale)
            images.append(bitmap.to_pil().convert("L"))
            bitmap.close()
            page.close()
    finally:
        pdf.close()
    out = io.BytesIO()
    images[0].save(out, format="PDF", save_all=True, append_images=images[1:], resolution=72 * scale)
    return out.getvalue()


# --- QIF, CAMT.053, MT940, XLSX ---------------------------------------------------------------------------

def statement_qif() -> bytes:
    """QIF as Quicken writes it: M/D'YY dates, split payee/memo, a transfer and a category."""
    out = ["!Type:Bank"]
    for day, narrative, amount in TRANSACTIONS:
        payee, _, memo = narrative.partition(" REF ")
        out += [f"D{day.month}/{day.day:2d}'{day.year % 100:02d}", f"T{amount:,.2f}", "C*", f"P{payee}"]
        if memo:
            out.append(f"MREF {memo}")
        if "RENT" in narrative:
            out.append("LHousing:Rent")
        if "SALARY" in narrative:
            out.append("L[Savings]")
        out.append("^")
    return ("\r\n".join(out) + "\r\n").encode("cp1252")


def statement_camt053() -> bytes:
    entries = []
    for i, (day, narrative, amount) in enumerate(TRANSACTIONS, start=1):
        indicator = "DBIT" if amount < 0 else "CRDT"
        party = "Cdtr" if amount < 0 else "Dbtr"
        name, _, remittance = narrative.partition(" REF ")
        remittance = f"REF {remittance}" if remittance else ""
        remittance_xml = f"<RmtInf><Ustrd>{remittance}</Ustrd></RmtInf>" if remittance else ""
        entries.append(f"""
      <Ntry>
        <NtryRef>{i:04d}</NtryRef>
        <Amt Ccy="EUR">{abs(amount):.2f}</Amt>
        <CdtDbtInd>{indicator}</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>{day.isoformat()}</Dt></BookgDt>
        <ValDt><Dt>{day.isoformat()}</Dt></ValDt>
        <AcctSvcrRef>NWB{day:%Y%m%d}{i:04d}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>{'ICDT' if amount < 0 else 'RCDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <AmtDtls><TxAmt><Amt Ccy="EUR">{abs(amount):.2f}</Amt></TxAmt></AmtDtls>
          <RltdPties><{party}><Nm>{name}</Nm></{party}></RltdPties>
          {remittance_xml}
        </TxDtls></NtryDtls>
      </Ntry>""")
    # A pending card authorisation: not booked, so not a transaction yet.
    entries.append("""
      <Ntry><Amt Ccy="EUR">9.99</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>PDNG</Sts>
        <BookgDt><Dt>2026-03-20</Dt></BookgDt><AddtlNtryInf>PENDING SPOTIFY</AddtlNtryInf></Ntry>""")
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>NWB-20260320-0001</MsgId><CreDtTm>2026-03-20T23:59:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>NWB-STMT-2026-03</Id>
      <ElctrncSeqNb>42</ElctrncSeqNb>
      <CreDtTm>2026-03-20T23:59:00</CreDtTm>
      <FrToDt><FrDtTm>2026-03-01T00:00:00</FrDtTm><ToDtTm>2026-03-20T23:59:59</ToDtTm></FrToDt>
      <Acct><Id><IBAN>GB29NWBK60161331926819</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">{OPENING:.2f}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-01</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">{CLOSING:.2f}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-20</Dt></Dt></Bal>
      <TxsSummry><TtlNtries><NbOfNtries>{len(TRANSACTIONS)}</NbOfNtries></TtlNtries></TxsSummry>{''.join(entries)}
    </Stmt>
  </BkToCstmrStmt>
</Document>
""".encode()


def statement_mt940() -> bytes:
    def amt(value: Decimal) -> str:
        return f"{abs(value):.2f}".replace(".", ",")

    out = [":20:NWB260320", ":25:NWBKGB2L/12345678", ":28C:00042/001",
           f":60F:C260301EUR{amt(OPENING)}"]
    for day, narrative, amount in TRANSACTIONS:
        mark = "D" if amount < 0 else "C"
        out.append(f":61:{day:%y%m%d}{day:%m%d}{mark}{amt(amount)}N{'DDT' if 'DEBIT' in narrative else 'MSC'}NONREF")
        # :86: is at most 6 lines of 65 characters; the long narrative wraps.
        first, _, rest = narrative.partition(" REF ")
        out.append(f":86:{first}")
        if rest:
            out.append(f"REF {rest}")
    out.append(f":62F:C260320EUR{amt(CLOSING)}")
    return ("\r\n".join(out) + "\r\n-").encode("ascii")


def statement_xlsx() -> bytes:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Transactions"
    sheet.append(["Northwind Bank plc - account 12345678"])
    sheet.append([])
    sheet.append(["Date", "Description", "Money out", "Money in", "Balance"])
    balance = OPENING
    for day, narrative, amount in TRANSACTIONS:
        balance += amount
        sheet.append([day, narrative, float(-amount) if amount < 0 else None, float(amount) if amount > 0 else None,
                      float(balance)])
    for row in sheet.iter_rows(min_row=4, max_col=1):
        row[0].number_format = "DD/MM/YYYY"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
