"""Reads for the transactions app. Every function takes `user=` and filters on it in the SQL itself.

Every figure (totals, counts, averages, shares, medians, trends, carry-overs) is computed by Postgres;
Python only shapes the result: `{"title", "rows", "chart", "currency", ...figures}`, JSON-ready.

Spending convention: a row is *expense* when its category is an expense category, or it is uncategorised
and money went out; *income* when its category is an income category, or it is uncategorised and money
came in; transfers count as neither. Spending figures are positive and net of refunds in the same category.

Modules: `figures` (the one analytics engine: row sets, totals, windows, usual, change, rankings — the query
executor uses it too), `ledger` (transactions, categories, merchants, rules, imports, review queue), `analytics`
(spending by category/merchant/period, comparisons, usual), `budgets` (jars, suggestions), `subscriptions`
(recurring charges and bills); `_base` holds the shared SQL/currency/chart pieces.
"""
from ._base import (  # noqa: F401
    KIND_SQL,
    category_find,
    category_name_clean,
    description_keys,
    object_owned,
    others_to_refile,
    spending_rows,
    transfer_category_ids,
    user_currencies,
    user_currency,
)
from .accounts import (  # noqa: F401
    LIABILITY_KINDS,
    account_balances,
    account_get,
    account_reconciliation,
    net_worth,
    reconciliation_issues,
)
from .aliases import alias_list  # noqa: F401
from .analytics import (  # noqa: F401
    GROUPED_KIND_SQL,
    cash_flow_trend,
    comparable_windows,
    month_glance,
    spending_by_category,
    spending_by_merchant,
    spending_compare,
    spending_summary,
    spending_usual,
)
from .budgets import (  # noqa: F401
    MAX_JAR_TRANSACTIONS,
    budget_overview,
    budget_suggestions,
    category_budget_months,
    jar_merge_plan,
    jar_rollover_from,
    jar_status,
    safe_to_spend,
)
from .imports import (  # noqa: F401
    account_list,
    import_history,
    import_status,
)
from .ledger import (  # noqa: F401
    TX_FIELDS,
    category_list,
    category_rows,
    correction_preview,
    import_batch_get,
    import_batch_list,
    jar_list,
    merchant_list,
    merchant_resolve,
    merchant_rows,
    review_count,
    review_item,
    review_queue,
    rule_list,
    suggestions_named,
    text_q,
    transaction_get,
    transaction_list,
    tx_row,
)
from .subscriptions import (  # noqa: F401
    BILL_CATEGORY_WORDS,
    BILL_MERCHANT_WORDS,
    coming_up,
    income_expected,
    is_bill_category,
    recurring_due,
    recurring_merchant_names,
    subscription_list,
)
