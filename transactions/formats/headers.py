"""Which column of a statement table means what: by the header's words (English, Dutch, German, French, Italian,
Spanish, Romanian, Vietnamese) and, when there is no header Moneta knows, by the values in the columns.

Headers are compared lower-cased, without accents, spaces or punctuation ("Naam / Omschrijving" →
"naamomschrijving"); a name matches exactly or as the start of a longer header ("Bedrag (EUR)" → "bedrageur").
"""
from __future__ import annotations

import re

from .values import DAY_MONTH, NUMERIC_DATE, decimal_comma_detect, money_parse, norm_header

HEADER_SYNONYMS: dict[str, tuple[str, ...]] = {
    "date": (
        "date", "transactiondate", "transdate", "txndate", "posted", "posteddate", "postingdate", "postdate",
        "bookingdate", "bookeddate", "dateposted", "completeddate", "datetime", "operationdate", "tradedate",
        "datum", "transactiedatum", "boekdatum", "boekingsdatum",  # nl
        "buchung", "buchungstag", "buchungsdatum", "umsatztag",  # de
        "dateoperation", "datedoperation", "datecomptable", "datedecomptabilisation",  # fr
        "dataoperazione", "datacontabile", "datamovimento", "data", "dataregistrazione",  # it / ro
        "fecha", "fechaoperacion", "fechacontable", "fechamovimiento",  # es
        "datainregistrare", "datatranzactiei", "datatranzactie", "dataoperatiunii",  # ro
        "ngay", "ngaygiaodich", "ngaygd", "ngayhachtoan",  # vi
        "starteddate",
    ),
    "value_date": ("valuedate", "valutadatum", "wertstellung", "wertstellungsdatum", "valuta", "datevaleur",
                   "datavaluta", "fechavalor", "datavalutei", "ngayhieuluc"),
    "amount": (
        "amount", "transactionamount", "amounttotal", "value", "sum", "amt", "netamount", "net", "gross",
        "bedrag", "betrag", "umsatz", "montant", "montantoperation", "importo", "importe", "monto", "cantidad",
        "suma", "valoare", "sotien", "sotiengd", "sotiengiaodich",
    ),
    "debit": (
        "debit", "debits", "debitamount", "withdrawal", "withdrawals", "moneyout", "paidout", "out", "spent",
        "debet", "af", "afschrijving", "soll", "belastung", "ausgang", "montantdebit", "uscite", "addebiti",
        "addebito", "cargo", "cargos", "debe", "sumadebit", "rulajdebitor", "ghino", "chi", "sotienghino", "rut",
    ),
    "credit": (
        "credit", "credits", "creditamount", "deposit", "deposits", "moneyin", "paidin", "in", "received",
        "bij", "bijschrijving", "haben", "gutschrift", "eingang", "montantcredit", "entrate", "accrediti",
        "accredito", "abono", "abonos", "haber", "ingreso", "ingresos", "sumacredit", "rulajcreditor", "ghico", "thu",
        "sotienghico", "gui",
    ),
    # A column saying which way each (unsigned) amount went: "Af Bij", "CreditDebet", "Transaction Type"
    # (debit/credit); names that are only sometimes a sign column are checked against the values.
    "sign": ("afbij", "bijaf", "creditdebet", "debetcredit", "creditdebit", "debitcredit", "dc", "cd", "dk",
             "sollhaben", "debitcreditindicator", "cdindicator", "sens"),
    "description": (
        "description", "narrative", "transactiondescription", "details", "transactiondetails", "particulars",
        "text", "omschrijving", "naamomschrijving", "verwendungszweck", "beschreibung", "buchungsdetails",
        "libelle", "libelleoperation", "detail", "descrizione", "descrizionecompleta", "descrizioneoperazione",
        "causale", "concepto", "descripcion", "descriere", "descriereatranzactiei", "detalii", "explicatie",
        "mota", "noidung", "diengiai", "noidunggiaodich",
    ),
    "counterparty": (
        "payee", "merchant", "merchantname", "name", "counterparty", "counterpartyname", "beneficiary",
        "naam", "tegenrekeninghouder", "naamtegenpartij", "auftraggeberempfanger", "empfanger", "auftraggeber",
        "zahlungsempfanger", "beguenstigter", "beneficiaire", "tiers", "beneficiario", "controparte",
        "ordenante", "beneficiar", "numedenumireordonatorbeneficiar", "ordonatorfinal", "beneficiarfinal",
        "tendoitac", "nguoinhan", "from", "to",
    ),
    "memo": ("memo", "mededelingen", "remarque", "nota", "notas", "additionalinfo", "zusatzinfo"),
    "type": ("type", "transactiontype", "buchungstext", "mutatiesoort", "betaalwijze", "typebetaling", "code",
             "tipo", "tipooperazione", "tipologia", "typeoperation", "tip", "tiptranzactie", "loaigiaodich",
             "umsatzart", "operationtype", "kind"),
    "reference": ("reference", "ref", "transactionid", "referentie", "referenz", "riferimento", "referencia",
                  "referinta", "sothamchieu", "checknumber", "chequenumber", "nrop"),
    "category": ("category", "categories", "kategorie", "categorie", "categoria", "danhmuc"),
    "balance": ("balance", "runningbalance", "closingbalance", "balanceafter", "endingbalance", "saldo", "solde",
                "sold", "kontostand", "saldona", "saldonamutatie", "sodu", "sodusaugd"),
    "currency": ("currency", "ccy", "currencycode", "valutacode", "wahrung", "devise", "divisa", "moneda",
                 "moneta", "valuta", "tiente", "loaitien"),
    "notes": ("notes", "note", "comment", "comments", "notiz", "ghichu"),
    "status": ("status", "state", "stato", "statooperazione", "estado", "statut", "stare", "trangthai"),
    # The statement's own account (one file → one Moneta account; several in one file are named back).
    "account": ("accountnumber", "account", "iban", "rekening", "rekeningnummer", "kontonummer", "konto",
                "numerodecompte", "comptenumero", "numeroconto", "conto", "numerocuenta", "cuenta", "numarcont",
                "sotaikhoan", "taikhoan"),
}
# Roles in the order they claim a column when two could (a "Valutadatum" is a value date, not a currency).
ROLE_ORDER = ("date", "value_date", "amount", "debit", "credit", "sign", "description", "counterparty", "memo",
              "type", "reference", "balance", "category", "currency", "notes", "status", "account")
MONEY_ROLES = ("amount", "debit", "credit")
# Names that describe their column only when its values agree (a "Type" of debit/credit is a sign column).
_SIGN_BY_VALUES = ("type", "transactiontype", "creditdebit", "debitcredit")

DEBIT_WORDS = {"d", "dr", "db", "dbit", "debit", "debet", "af", "s", "soll", "out", "-", "withdrawal", "uscita",
               "addebito", "cargo", "debito", "debitare", "chi", "no"}
CREDIT_WORDS = {"c", "cr", "crdt", "credit", "bij", "h", "haben", "in", "+", "deposit", "entrata", "accredito",
                "abono", "credito", "creditare", "thu", "co"}
PENDING_WORDS = {"pending", "pdng", "vorgemerkt", "inafwachting", "enattente", "pendiente", "insospeso", "inattesa",
                 "inasteptare", "choxuly", "notbooked", "authorisation", "authorization"}
TOTAL_WORDS = re.compile(r"\b(sub)?totals?\b|\btotale\b|\btotaal\b|\bgesamt|\bsumme\b|\btotal general\b|"
                         r"\btổng|\btong cong\b|\bsaldo (iniziale|finale|inicial|final)\b|\bsold (initial|final)\b",
                         re.I)
_MONEY_VALUE = re.compile(r"^[-+(]?\s?(?:[$€£¥₫]|[A-Z]{3})?\s?[-+]?\s?[$€£]?\d[\d.,' \u00a0]*\)?\s?(?:[A-Z]{3}|[$€£]|"
                          r"CR|DR|-)?$")
_HAS_LETTER = re.compile(r"[^\W\d_]")


# Column names found only in one language, and the currency of the banks that write them: used when a file
# names no currency anywhere (a Fineco export is in euros; the user's own currency is the last resort).
LANGUAGE_CURRENCY: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"datum", "naamomschrijving", "bedrag", "omschrijving", "mededelingen", "afbij", "tegenrekening",
                "mutatiesoort", "rekening", "boekdatum", "transactiedatum"}), "EUR"),
    (frozenset({"buchung", "buchungstag", "betrag", "verwendungszweck", "auftraggeberempfanger", "wertstellung",
                "wertstellungsdatum", "buchungstext", "umsatz"}), "EUR"),
    (frozenset({"dataoperazione", "descrizione", "importo", "entrate", "uscite", "causale", "datavaluta",
                "descrizionecompleta", "dataregistrazione", "statooperazione"}), "EUR"),
    (frozenset({"fecha", "concepto", "importe", "fechavalor", "cargo", "abono"}), "EUR"),
    (frozenset({"dateoperation", "libelle", "montant", "datevaleur", "debit", "credit"}), ""),
    (frozenset({"datainregistrare", "datatranzactiei", "sumadebit", "sumacredit", "descriereatranzactiei",
                "detalii"}), "RON"),
    (frozenset({"ngay", "ngaygiaodich", "sotien", "noidung", "diengiai", "ghino", "ghico"}), "VND"),
)


def header_currency(headers: list[str]) -> str | None:
    """The currency a header row implies by its language (see LANGUAGE_CURRENCY), or None."""
    names = {norm_header(h) for h in headers}
    best = max(LANGUAGE_CURRENCY, key=lambda lc: len(names & lc[0]))
    return best[1] or None if len(names & best[0]) >= 2 else None


def sign_word(value: str) -> str | None:
    """'Af' → 'debit', 'C' → 'credit', '' or anything else → None."""
    word = norm_header(value) or value.strip()
    if word in DEBIT_WORDS:
        return "debit"
    if word in CREDIT_WORDS:
        return "credit"
    return None


def header_match(cells: list[str]) -> dict[str, int] | None:
    """Map roles → column indexes when this row is a header (it names a date and an amount, or debit/credit)."""
    normed = [norm_header(c) for c in cells]
    roles: dict[str, int] = {}
    used: set[int] = set()
    for role in ROLE_ORDER:
        names = HEADER_SYNONYMS[role]
        candidates = []
        for idx, n in enumerate(normed):
            if not n or idx in used:
                continue
            for rank, name in enumerate(names):
                # "Amount (USD)" → "amountusd" starts with "amount" and a short qualifier follows; exact matches
                # rank first. A long remainder is another word ("Umsatzanzeige" is not "Umsatz").
                if n == name or (len(name) >= 4 and n.startswith(name) and len(n) - len(name) <= 4
                                 and role not in ("description", "sign")):
                    candidates.append((0 if n == name else 1, rank, idx))
                    break
        if candidates:
            best = sorted(candidates)[0]
            # An exact name elsewhere beats a prefix here ("Valutadatum" must not be taken as "valuta").
            roles[role] = best[2]
            used.add(best[2])
    if "date" not in roles and "value_date" in roles:
        roles["date"] = roles.pop("value_date")
    if "date" in roles and any(r in roles for r in MONEY_ROLES):
        return roles
    return None


def roles_by_values(roles: dict[str, int], headers: list[str], data: list[list[str]]) -> dict[str, int]:
    """Refine header-named roles with the column values: a "Type"/"Transaction Type" column that only says
    debit/credit is a sign column; an unsigned amount with such a column gets its sign from it."""
    roles = dict(roles)
    normed = [norm_header(h) for h in headers]
    if "sign" not in roles:
        for idx, name in enumerate(normed):
            if name in _SIGN_BY_VALUES or name in HEADER_SYNONYMS["sign"]:
                values = [r[idx].strip() for r in data if idx < len(r) and r[idx].strip()]
                if values and all(sign_word(v) for v in values):
                    for role, i in list(roles.items()):
                        if i == idx:
                            del roles[role]
                    roles["sign"] = idx
                    break
    return roles


def _is_date(value: str) -> bool:
    v = value.strip()
    return bool(NUMERIC_DATE.match(v.split(" ")[0].split("T")[0]) or DAY_MONTH.match(v)
                or re.match(r"^\d{1,2}[ \-][A-Za-z]{3,9}[ \-,]+\d{2,4}$", v) or re.fullmatch(r"(19|20)\d{6}", v))


def _is_money(value: str) -> bool:
    v = value.strip()
    return bool(v) and bool(_MONEY_VALUE.match(v)) and any(ch.isdigit() for ch in v) and not _is_date(v)


def _number(value: str) -> float | None:
    try:
        return float(money_parse(value, decimal_comma=decimal_comma_detect([value]))[0])
    except ValueError:
        return None


def _balance_pair(columns: list[int], rows: list[list[str]]) -> tuple[int, int] | None:
    """Among numeric columns, (amount, balance) such that each row's balance is the one beside it plus the
    amount (balance printed after the row, either reading direction) or before it (balance before the row)."""
    best: tuple[int, tuple[int, int]] | None = None
    for a in columns:
        for b in columns:
            if a == b:
                continue
            amounts = [_number(r[a]) if a < len(r) else None for r in rows]
            balances = [_number(r[b]) if b < len(r) else None for r in rows]
            hits = 0
            for i in range(len(rows) - 1):
                x, y, nxt, nxt_amount = balances[i], amounts[i], balances[i + 1], amounts[i + 1]
                if x is None or y is None or nxt is None:
                    continue
                # balance before the row (x + y = next) or after it (x + next amount = next), either direction
                z = nxt_amount or 0.0
                if min(abs(x + y - nxt), abs(x + z - nxt), abs(nxt + y - x), abs(nxt + z - x)) < 0.005:
                    hits += 1
            if hits and (best is None or hits > best[0]):
                best = (hits, (a, b))
    if best and best[0] >= max(1, (len(rows) - 1) // 2):
        return best[1]
    return None


def roles_by_content(rows: list[list[str]]) -> tuple[dict[str, int], int] | None:
    """A table without a header Moneta knows: (roles, index of the first data row), or None. The data rows are
    those with a date and an amount; the date column is the one most often a date, the amount the numeric column
    whose values the balance column follows (or the only numeric one); the longest text column describes."""
    data_idx = [i for i, r in enumerate(rows) if sum(1 for c in r if _is_date(c)) and sum(1 for c in r if _is_money(c))]
    if not data_idx:
        return None
    first = data_idx[0]
    sample = [rows[i] for i in data_idx[:200]]
    width = max(len(r) for r in sample)

    def share(idx: int, test) -> float:
        values = [r[idx] for r in sample if idx < len(r) and r[idx].strip()]
        return sum(1 for v in values if test(v)) / len(sample) if values else 0.0

    date_col = max(range(width), key=lambda i: share(i, _is_date))
    if share(date_col, _is_date) < 0.6:
        return None
    numeric = [i for i in range(width) if i != date_col and share(i, _is_money) >= 0.6
               and not all(re.fullmatch(r"\d{5,}", r[i].strip()) for r in sample if i < len(r) and r[i].strip())]
    if not numeric:
        return None
    roles: dict[str, int] = {"date": date_col}
    pair = _balance_pair(numeric, sample) if len(numeric) > 1 else None
    if pair:
        roles["amount"], roles["balance"] = pair
    else:
        signed = [i for i in numeric if any(r[i].strip().startswith(("-", "(")) for r in sample if i < len(r))]
        roles["amount"] = (signed or numeric)[0]
    for idx in range(width):
        if idx in roles.values():
            continue
        values = [r[idx].strip() for r in sample if idx < len(r) and r[idx].strip()]
        if values and "sign" not in roles and all(sign_word(v) for v in values) and len(set(values)) <= 4:
            roles["sign"] = idx
    for idx in range(width):
        values = [r[idx].strip() for r in sample if idx < len(r) and r[idx].strip()]
        if idx not in roles.values() and "currency" not in roles and values and \
                all(re.fullmatch(r"[A-Z]{3}", v) for v in values) and len(set(values)) <= 3:
            roles["currency"] = idx
    texts = []
    for idx in range(width):
        if idx in roles.values():
            continue
        values = [r[idx].strip() for r in sample if idx < len(r) and r[idx].strip()]
        words = [v for v in values if _HAS_LETTER.search(v) and not re.fullmatch(r"[A-Z]{3}", v)
                 and not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", v.replace(" ", ""))]
        if words:
            texts.append((sum(len(v) for v in words), idx))
    texts.sort(reverse=True)
    if texts:
        roles["description"] = texts[0][1]
        for n, (_total, idx) in enumerate(texts[1:3]):
            roles["counterparty" if n == 0 else "memo"] = idx
    # A header row Moneta did not recognise sits right above the data: leave it out of the data.
    return roles, first
