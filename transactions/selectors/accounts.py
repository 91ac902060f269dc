"""Account reads: balances, reconciliation against statement checkpoints, net worth by month.

A balance is the account's opening balance plus its transactions dated on or after the opening date, summed by
Postgres. Credit cards and loans are liabilities (their balance is what is owed, normally negative); net worth
is the sum of every account's balance, assets minus what is owed. Currencies are never added together."""
from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from core.money import money
from core.periods import add_months
from core.types import AuthUser

from ..models import Account
from ._base import _chart, _fetch, _num, object_owned

LIABILITY_KINDS = tuple(str(k) for k in Account.LIABILITIES)

# The balance at the end of day {until}: the opening balance, plus the account's monthly totals up to {until}'s
# month (transactions_monthly_account_total, kept by triggers: migration 0009), minus the rows of that month
# dated after {until}, minus rows dated before the opening date. Reads ~60 roll-up rows and at most a month of
# index entries per account, however long its history.
_BALANCE_AT = """
    a.opening_balance
    + coalesce((SELECT sum(r.total) FROM transactions_monthly_account_total r
                WHERE r.account_id = a.id AND r.user_id = a.user_id
                  AND r.month <= date_trunc('month', {until})::date), 0)
    - coalesce((SELECT sum(t.amount) FROM transactions_transaction t
                WHERE t.account_id = a.id AND t.user_id = a.user_id AND t.date > {until}
                  AND t.date < (date_trunc('month', {until}) + interval '1 month')::date), 0)
    - coalesce((SELECT sum(t.amount) FROM transactions_transaction t
                WHERE t.account_id = a.id AND t.user_id = a.user_id AND t.date < a.opening_date
                  AND t.date <= {until}), 0)"""


# An account's rows for its first or last date: through the (account, date) index only. Offered the user's
# (user, date) index too, the planner may walk it looking for a row of an account that has none — an empty
# savings account beside 1M rows: ~1.2 s per lookup, 3.5 s for the accounts page. `t.user_id + 0` keeps the
# user check while leaving that index out of reach.
_ACCOUNT_ROWS = "t.account_id = a.id AND t.user_id + 0 = a.user_id"


def account_balances(*, user: AuthUser, include_archived: bool = False,
                     on: date | None = None) -> list[dict[str, Any]]:
    """The user's accounts with their balance (today, or at the end of `on`), transaction count, last date."""
    on = on or timezone.localdate() + timedelta(days=3660)  # "now" counts rows dated ahead too
    rows = _fetch(
        f"""
        SELECT a.id, a.name, a.kind, a.currency, a.opening_balance, a.opening_date, a.archived_at,
               round({_BALANCE_AT.format(until="%(on)s")}, 2) AS balance,
               (SELECT coalesce(sum(r.n), 0) FROM transactions_monthly_account_total r
                WHERE r.user_id = a.user_id AND r.account_id = a.id) AS n,
               (SELECT max(t.date) FROM transactions_transaction t WHERE {_ACCOUNT_ROWS}) AS last_date
        FROM transactions_account a
        WHERE a.user_id = %(user)s {"" if include_archived else "AND a.archived_at IS NULL"}
        ORDER BY a.archived_at IS NOT NULL, a.name
        """, {"user": user.id, "on": on})
    kinds = dict(Account.Kind.choices)
    return [{
        "id": r["id"], "name": r["name"], "kind": r["kind"], "kind_label": str(kinds.get(r["kind"], r["kind"])),
        "currency": r["currency"], "liability": r["kind"] in LIABILITY_KINDS,
        "opening_balance": _num(r["opening_balance"]),
        "opening_date": r["opening_date"].isoformat() if r["opening_date"] else None,
        "archived": r["archived_at"] is not None, "balance": _num(r["balance"]),
        "balance_display": money(r["balance"], r["currency"]), "transaction_count": int(r["n"]),
        "last_date": r["last_date"].isoformat() if r["last_date"] else None,
    } for r in rows]


def account_get(*, user: AuthUser, account_id: int) -> dict[str, Any]:
    account = object_owned(Account, user=user, object_id=account_id)
    row = next(r for r in account_balances(user=user, include_archived=True) if r["id"] == account.id)
    return {**row, "reconciliation": account_reconciliation(user=user, account_id=account.id)}


def account_reconciliation(*, user: AuthUser, account_id: int, max_rows: int = 200) -> dict[str, Any]:
    """Moneta's balance against the balances the account's statements stated (checkpoints), oldest first.

    `status`: "none" (no statement balance yet), "ok" (the latest checkpoint matches), or "differs": then
    `difference` = Moneta's balance − the statement's at the latest checkpoint, `since` = the day after the
    last checkpoint that matched (or the opening date / first transaction), and `rows` = the account's
    transactions from `since` to the latest checkpoint, the ones to look through."""
    account = object_owned(Account, user=user, object_id=account_id)
    points = _fetch(
        f"""
        SELECT c.id, c.date, c.balance, c.source, round({_BALANCE_AT.format(until="c.date")}, 2) AS computed
        FROM transactions_balancecheckpoint c
        JOIN transactions_account a ON a.id = c.account_id AND a.user_id = c.user_id
        WHERE c.user_id = %(user)s AND c.account_id = %(account)s
        ORDER BY c.date
        """, {"user": user.id, "account": account.id})
    checkpoints = [{"id": p["id"], "date": p["date"].isoformat(), "statement_balance": _num(p["balance"]),
                    "computed_balance": _num(p["computed"]), "difference": _num(p["computed"] - p["balance"]),
                    "source": p["source"]} for p in points]
    out: dict[str, Any] = {"account": account.name, "currency": account.currency, "checkpoints": checkpoints,
                           "status": "none", "message": "", "difference": 0.0, "since": None, "rows": []}
    if not points:
        out["message"] = (f"No statement balance for {account.name} yet: import a statement that carries one, "
                          f"or enter one.")
        return out
    latest = points[-1]
    difference = latest["computed"] - latest["balance"]
    if difference == 0:
        out.update(status="ok", message=(f"{account.name} matches your statement balance of "
                                         f"{money(latest['balance'], account.currency)} on {latest['date']:%-d %b %Y}."))
        return out
    matched = [p for p in points if p["computed"] == p["balance"]]
    since = matched[-1]["date"] + timedelta(days=1) if matched else (account.opening_date or _first_date(account))
    rows = _fetch(
        """
        SELECT t.id, t.date, t.description, t.amount, t.currency FROM transactions_transaction t
        WHERE t.user_id = %(user)s AND t.account_id = %(account)s AND t.date BETWEEN %(since)s AND %(until)s
        ORDER BY t.date, t.id LIMIT %(limit)s
        """, {"user": user.id, "account": account.id, "since": since or latest["date"], "until": latest["date"],
              "limit": max_rows})
    direction = "more" if difference > 0 else "less"
    out.update(
        status="differs", difference=_num(difference), since=since.isoformat() if since else None,
        message=(f"{account.name} differs from your statement by {money(abs(difference), account.currency)}"
                 f"{f' since {since:%-d %b %Y}' if since else ''}: Moneta shows {money(abs(difference), account.currency)} "
                 f"{direction} than the statement's {money(latest['balance'], account.currency)} on "
                 f"{latest['date']:%-d %b %Y}."),
        rows=[{"id": r["id"], "date": r["date"].isoformat(), "description": r["description"],
               "amount": _num(r["amount"]), "currency": r["currency"]} for r in rows])
    return out


def _first_date(account: Account) -> date | None:
    first = account.transactions.order_by("date").values_list("date", flat=True).first()
    return first


def reconciliation_issues(*, user: AuthUser) -> list[dict[str, Any]]:
    """The differing accounts' reconciliation messages (for the accounts page and home)."""
    out = []
    for account_id in Account.objects.filter(user=user, archived_at__isnull=True,
                                             checkpoints__isnull=False).distinct().values_list("id", flat=True):
        rec = account_reconciliation(user=user, account_id=account_id, max_rows=0)
        if rec["status"] == "differs":
            out.append({"account_id": account_id, "message": rec["message"], "difference": rec["difference"]})
    return out


def net_worth(*, user: AuthUser, months: int = 12, today: date | None = None) -> dict[str, Any]:
    """Assets, liabilities and net worth at the end of each of the last `months` months (the running month to
    date), per currency, from account balances. An account counts from the month it opened."""
    today = today or timezone.localdate()
    last = today.replace(day=1)
    first = add_months(last, -(months - 1))
    rows = _fetch(
        f"""
        WITH months AS (
            SELECT gs::date AS m, (gs + interval '1 month - 1 day')::date AS m_end
            FROM generate_series(%(first)s::date, %(last)s::date, interval '1 month') gs
        ), accts AS (
            SELECT a.id, a.kind, a.currency, a.opening_balance, a.opening_date, a.user_id,
                   coalesce(a.opening_date, first.d) AS opened
            FROM transactions_account a
            LEFT JOIN LATERAL (SELECT min(t.date) AS d FROM transactions_transaction t
                               WHERE {_ACCOUNT_ROWS}) first ON true
            WHERE a.user_id = %(user)s
        ), balances AS (
            SELECT months.m, a.currency, a.kind, {_BALANCE_AT.format(until="least(months.m_end, %(today)s::date)")} AS bal
            FROM months JOIN accts a ON a.opened IS NULL OR a.opened <= months.m_end
        )
        SELECT m, currency,
               round(coalesce(sum(bal) FILTER (WHERE kind <> ALL(%(liab)s)), 0), 2) AS assets,
               round(-coalesce(sum(bal) FILTER (WHERE kind = ANY(%(liab)s)), 0), 2) AS liabilities,
               round(sum(bal), 2) AS net
        FROM balances GROUP BY 1, 2 ORDER BY 2, 1
        """, {"user": user.id, "first": first, "last": last, "today": today, "liab": list(LIABILITY_KINDS)})
    currencies = sorted({r["currency"] for r in rows},
                        key=lambda c: -sum(1 for r in rows if r["currency"] == c))
    main = currencies[0] if currencies else None
    labels = [add_months(first, i).strftime("%Y-%m") for i in range(months)]
    by_month = {(r["currency"], r["m"].strftime("%Y-%m")): r for r in rows}
    series = []
    for label in labels:
        r = by_month.get((main, label)) if main else None
        series.append({"month": label, "assets": _num(r["assets"]) if r else 0.0,
                       "liabilities": _num(r["liabilities"]) if r else 0.0, "net": _num(r["net"]) if r else 0.0})
    current = series[-1] if series else {"assets": 0.0, "liabilities": 0.0, "net": 0.0}
    others = [c for c in currencies if c != main]
    return {
        "title": f"Net worth over the last {months} months", "currency": main or "USD", "rows": series,
        "assets": current["assets"], "liabilities": current["liabilities"], "net_worth": current["net"],
        "currency_note": (f"Figures are in {main}; accounts in {', '.join(others)} are not added in (no exchange "
                          f"rates are stored).") if others else "",
        "chart": _chart("line", _("Net worth by month (%(currency)s)") % {"currency": main or "USD"}, labels,
                        [(_("net worth"), [r["net"] for r in series]), (_("assets"), [r["assets"] for r in series]),
                         (_("liabilities"), [r["liabilities"] for r in series])]),
    }
