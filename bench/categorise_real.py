"""Real, person-labelled narratives for `python -m bench categorise` (read from ../shared/data, never copied).

Two people's statements (see ../shared/data/transactions-real/README.md): a New Zealand bookkeeper's four banks
(their own 55 categories, used as they are) and a US Mint export (the bank's raw "Original Description"; Mint's
overlapping leaf classes collapsed to Mint's own parent categories, Groceries kept apart from eating out, as the
README asks). Personal data: nothing here prints or stores a row; the bench reports figures only.
"""
from __future__ import annotations

import csv
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path


def _real_dir() -> Path:
    """../shared/data/transactions-real beside the project (main checkout or a worktree under /work/wt)."""
    here = Path(__file__).resolve().parent.parent
    for base in (here.parent, *here.parents):
        candidate = base / "shared" / "data" / "transactions-real"
        if candidate.is_dir():
            return candidate
    return here.parent / "shared" / "data" / "transactions-real"


REAL_DIR = _real_dir()
NZ_FILE = REAL_DIR / "natchezl-nz" / "output.csv"
US_FILE = REAL_DIR / "ktrapeznikov-us" / "transactions_training_data.csv"

# Mint's published category tree (leaf → parent); a parent used as a leaf maps to itself.
MINT_PARENTS = {
    "Auto & Transport": ["Auto Insurance", "Auto Payment", "Gas & Fuel", "Parking", "Public Transportation",
                         "Service & Parts"],
    "Bills & Utilities": ["Home Phone", "Internet", "Mobile Phone", "Television", "Utilities"],
    "Business Services": ["Advertising", "Legal", "Office Supplies", "Printing", "Shipping"],
    "Education": ["Books & Supplies", "Student Loan", "Tuition"],
    "Entertainment": ["Amusement", "Arts", "Movies & DVDs", "Music", "Newspapers & Magazines"],
    "Fees & Charges": ["ATM Fee", "Bank Fee", "Finance Charge", "Late Fee", "Service Fee"],
    "Financial": ["Life Insurance", "Financial Advisor"],
    "Food & Dining": ["Alcohol & Bars", "Coffee Shops", "Fast Food", "Restaurants"],
    "Groceries": [],
    "Gifts & Donations": ["Charity", "Gift"],
    "Health & Fitness": ["Doctor", "Eyecare", "Gym", "Pharmacy", "Sports", "Dentist"],
    "Home": ["Furnishings", "Home Improvement", "Home Insurance", "Home Services", "Home Supplies",
             "Mortgage & Rent"],
    "Income": ["Interest Income", "Paycheck"],
    "Kids": ["Babysitter & Daycare", "Kids Activities"],
    "Personal Care": ["Hair", "Laundry"],
    "Pets": ["Pet Food & Supplies", "Veterinary"],
    "Shopping": ["Books", "Clothing", "Electronics & Software", "Hobbies", "Sporting Goods"],
    "Taxes": ["Federal Tax", "State Tax"],
    "Transfer": ["Credit Card Payment"],
    "Travel": ["Air Travel", "Hotel", "Rental Car & Taxi", "Vacation"],
    "Uncategorized": ["Cash & ATM", "Check", "Hide from Budgets & Trends"],
    "Investments": [],
}
MINT_PARENT_OF = {leaf: parent for parent, leaves in MINT_PARENTS.items() for leaf in leaves}


@dataclass(frozen=True)
class RealRow:
    date: date
    description: str
    amount: Decimal
    category: str
    currency: str


@dataclass
class RealStatement:
    name: str
    country: str
    rows: list[RealRow]
    split: str = "real"


def available() -> bool:
    return NZ_FILE.is_file() and US_FILE.is_file()


def _read(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", errors="replace", newline="") as handle:
        return list(csv.DictReader(handle))


def nz_rows() -> list[RealRow]:
    out = []
    for r in _read(NZ_FILE):
        if not r["Description"].strip() or not r["Category"].strip():
            continue
        out.append(RealRow(date.fromisoformat(r["Date"]), r["Description"].strip(), Decimal(r["Amount"]),
                           r["Category"].strip(), "NZD"))
    return out


def us_rows() -> list[RealRow]:
    out = []
    for r in _read(US_FILE):
        text = r["Original Description"].strip() or r["Description"].strip()
        if not text or not r["Category"].strip():
            continue
        amount = Decimal(r["Amount"])
        if r["Transaction Type"].strip().lower() == "debit":
            amount = -amount
        category = MINT_PARENT_OF.get(r["Category"].strip(), r["Category"].strip())
        out.append(RealRow(datetime.strptime(r["Date"], "%m/%d/%Y").date(), text, amount, category, "USD"))
    return out


def statements(limit: int | None = None) -> list[RealStatement]:
    """The real statements, each sorted by date (stable); `limit` keeps the newest N rows of each (fast tests)."""
    out = []
    for name, country, rows in (("real-nz", "NZ", nz_rows()), ("real-us", "US", us_rows())):
        rows = sorted(rows, key=lambda r: r.date)
        if limit:
            rows = rows[-limit:]
        out.append(RealStatement(name, country, rows))
    return out


def time_split(rows: list[RealRow], share: float = 0.7) -> tuple[list[RealRow], list[RealRow]]:
    """Older `share` of the rows to learn from, the newer rest to predict (rows are sorted by date)."""
    cut = int(len(rows) * share)
    return rows[:cut], rows[cut:]
