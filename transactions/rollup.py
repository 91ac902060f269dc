"""The monthly category roll-up (transactions_monthly_category_spend, kept by triggers) checked against the
ledger, and repaired per user when they disagree. Run by Celery beat every 6 hours (`moneta.rollup_check`)."""
from __future__ import annotations

import logging

from django.db import connection, transaction

log = logging.getLogger(__name__)

ROLLUP_DRIFT_SQL = """
WITH truth AS (
    SELECT user_id, coalesce(category_id, 0) AS cat, date_trunc('month', date)::date AS month,
           sum(amount) AS total, count(*) AS n
    FROM transactions_transaction GROUP BY 1, 2, 3
), rollup AS (
    SELECT user_id, coalesce(category_id, 0) AS cat, month, total, n FROM transactions_monthly_category_spend
)
SELECT coalesce(t.user_id, r.user_id), coalesce(t.cat, r.cat), coalesce(t.month, r.month)
FROM truth t FULL JOIN rollup r ON t.user_id = r.user_id AND t.cat = r.cat AND t.month = r.month
WHERE t.total IS DISTINCT FROM r.total OR t.n IS DISTINCT FROM r.n
"""

ROLLUP_DELETE_SQL = "DELETE FROM transactions_monthly_category_spend WHERE user_id = ANY(%(users)s)"
ROLLUP_REBUILD_SQL = """
INSERT INTO transactions_monthly_category_spend (user_id, category_id, month, total, n)
SELECT user_id, category_id, date_trunc('month', date)::date, sum(amount), count(*)
FROM transactions_transaction WHERE user_id = ANY(%(users)s) GROUP BY 1, 2, 3;
"""


def rollup_check(*, repair: bool = True) -> dict:
    """Compare the monthly roll-up (kept by triggers) with a fresh GROUP BY; rebuild the users that drifted.

    The triggers make drift impossible in normal operation, so any mismatch (a restore of one table, a
    trigger disabled by hand) is logged as an error and repaired per user inside one transaction."""
    with transaction.atomic():
        with connection.cursor() as cur:
            cur.execute("LOCK TABLE transactions_transaction IN SHARE MODE")  # writes wait; reads go on
            cur.execute(ROLLUP_DRIFT_SQL)
            drifted = cur.fetchall()
            users = sorted({row[0] for row in drifted})
            if drifted:
                log.error("roll-up drift", extra={"rows": len(drifted), "users": users[:20]})
                if repair:
                    cur.execute(ROLLUP_DELETE_SQL, {"users": users})
                    cur.execute(ROLLUP_REBUILD_SQL, {"users": users})
    return {"drifted_rows": len(drifted), "users": users, "repaired": bool(drifted and repair)}
