"""A per-user, per-category, per-month roll-up of transaction amounts, kept exact by Postgres triggers.

Statement-level triggers with transition tables see every write — bulk imports, service updates,
admin edits, cascades and raw SQL alike — so the roll-up cannot drift from the rows it sums, and a
100k-row import pays one grouped upsert, not 100k row triggers. Multi-month analytics read it instead of
re-aggregating ~100k rows per call.
"""
from django.db import migrations

TABLE = "transactions_monthly_category_spend"

FORWARD = f"""
CREATE TABLE {TABLE} (
    user_id bigint NOT NULL,
    category_id bigint,
    month date NOT NULL,
    total numeric(16, 2) NOT NULL DEFAULT 0,
    n integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX {TABLE}_key ON {TABLE} (user_id, (coalesce(category_id, 0)), month);

CREATE FUNCTION transactions_rollup_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        INSERT INTO {TABLE} AS r (user_id, category_id, month, total, n)
        SELECT user_id, category_id, date_trunc('month', date)::date, -sum(amount), -count(*)
        FROM old_rows GROUP BY 1, 2, 3
        ON CONFLICT (user_id, (coalesce(category_id, 0)), month)
        DO UPDATE SET total = r.total + excluded.total, n = r.n + excluded.n;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO {TABLE} AS r (user_id, category_id, month, total, n)
        SELECT user_id, category_id, date_trunc('month', date)::date, sum(amount), count(*)
        FROM new_rows GROUP BY 1, 2, 3
        ON CONFLICT (user_id, (coalesce(category_id, 0)), month)
        DO UPDATE SET total = r.total + excluded.total, n = r.n + excluded.n;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
        DELETE FROM {TABLE} r USING (SELECT DISTINCT user_id FROM old_rows) u
        WHERE r.user_id = u.user_id AND r.n = 0;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER transactions_rollup_ins AFTER INSERT ON transactions_transaction
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_rollup_apply();
CREATE TRIGGER transactions_rollup_upd AFTER UPDATE ON transactions_transaction
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION transactions_rollup_apply();
CREATE TRIGGER transactions_rollup_del AFTER DELETE ON transactions_transaction
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_rollup_apply();

INSERT INTO {TABLE} (user_id, category_id, month, total, n)
SELECT user_id, category_id, date_trunc('month', date)::date, sum(amount), count(*)
FROM transactions_transaction GROUP BY 1, 2, 3;
"""

BACKWARD = f"""
DROP TRIGGER IF EXISTS transactions_rollup_ins ON transactions_transaction;
DROP TRIGGER IF EXISTS transactions_rollup_upd ON transactions_transaction;
DROP TRIGGER IF EXISTS transactions_rollup_del ON transactions_transaction;
DROP FUNCTION IF EXISTS transactions_rollup_apply();
DROP TABLE IF EXISTS {TABLE};
"""


class Migration(migrations.Migration):
    dependencies = [("transactions", "0002_description_fts")]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
