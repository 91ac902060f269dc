"""TRUNCATE fires no row-level or DELETE triggers: empty the roll-up with the table it sums
(Django's test flush truncates tables; an operator might too)."""
from django.db import migrations

FORWARD = """
CREATE FUNCTION transactions_rollup_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM transactions_monthly_category_spend;
    RETURN NULL;
END $$;
CREATE TRIGGER transactions_rollup_trunc AFTER TRUNCATE ON transactions_transaction
    FOR EACH STATEMENT EXECUTE FUNCTION transactions_rollup_truncate();
"""

BACKWARD = """
DROP TRIGGER IF EXISTS transactions_rollup_trunc ON transactions_transaction;
DROP FUNCTION IF EXISTS transactions_rollup_truncate();
"""


class Migration(migrations.Migration):
    dependencies = [("transactions", "0003_monthly_category_rollup")]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
