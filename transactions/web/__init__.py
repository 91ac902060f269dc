"""Pages for the transactions app: transactions, import, jars & budgets, subscriptions."""
