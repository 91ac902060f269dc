"""A per-account, per-month roll-up of transaction amounts, kept exact by Postgres triggers (as 0003 does per
category), so a balance or a year of month-end net worth reads ~60 rows per account instead of summing every
transaction the account ever had (1M rows: ~1 s per net-worth chart before).

Statement-level triggers with transition tables see every write — imports, edits, moves between accounts,
SET NULL when an account is deleted, raw SQL — and TRUNCATE empties it with the table it sums."""
from django.db import migrations

TABLE = "transactions_monthly_account_total"

FORWARD = f"""
CREATE TABLE {TABLE} (
    user_id bigint NOT NULL,
    account_id bigint NOT NULL,
    month date NOT NULL,
    total numeric(16, 2) NOT NULL DEFAULT 0,
    n integer NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id, month)
);
CREATE INDEX {TABLE}_user ON {TABLE} (user_id);

CREATE FUNCTION transactions_account_rollup_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        INSERT INTO {TABLE} AS r (user_id, account_id, month, total, n)
        SELECT user_id, account_id, date_trunc('month', date)::date, -sum(amount), -count(*)
        FROM old_rows WHERE account_id IS NOT NULL GROUP BY 1, 2, 3
        ON CONFLICT (account_id, month) DO UPDATE SET total = r.total + excluded.total, n = r.n + excluded.n;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO {TABLE} AS r (user_id, account_id, month, total, n)
        SELECT user_id, account_id, date_trunc('month', date)::date, sum(amount), count(*)
        FROM new_rows WHERE account_id IS NOT NULL GROUP BY 1, 2, 3
        ON CONFLICT (account_id, month) DO UPDATE SET total = r.total + excluded.total, n = r.n + excluded.n;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        DELETE FROM {TABLE} r USING (SELECT DISTINCT account_id FROM old_rows WHERE account_id IS NOT NULL) a
        WHERE r.account_id = a.account_id AND r.n = 0;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER transactions_account_rollup_ins AFTER INSERT ON transactions_transaction
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_account_rollup_apply();
CREATE TRIGGER transactions_account_rollup_upd AFTER UPDATE ON transactions_transaction
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION transactions_account_rollup_apply();
CREATE TRIGGER transactions_account_rollup_del AFTER DELETE ON transactions_transaction
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_account_rollup_apply();

CREATE FUNCTION transactions_account_rollup_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM {TABLE};
    RETURN NULL;
END $$;
CREATE TRIGGER transactions_account_rollup_trunc AFTER TRUNCATE ON transactions_transaction
    FOR EACH STATEMENT EXECUTE FUNCTION transactions_account_rollup_truncate();

INSERT INTO {TABLE} (user_id, account_id, month, total, n)
SELECT user_id, account_id, date_trunc('month', date)::date, sum(amount), count(*)
FROM transactions_transaction WHERE account_id IS NOT NULL GROUP BY 1, 2, 3;
"""

BACKWARD = f"""
DROP TRIGGER IF EXISTS transactions_account_rollup_ins ON transactions_transaction;
DROP TRIGGER IF EXISTS transactions_account_rollup_upd ON transactions_transaction;
DROP TRIGGER IF EXISTS transactions_account_rollup_del ON transactions_transaction;
DROP TRIGGER IF EXISTS transactions_account_rollup_trunc ON transactions_transaction;
DROP FUNCTION IF EXISTS transactions_account_rollup_apply();
DROP FUNCTION IF EXISTS transactions_account_rollup_truncate();
DROP TABLE IF EXISTS {TABLE};
"""


class Migration(migrations.Migration):
    dependencies = [("transactions", "0008_name_alias")]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
