"""A signal that the answer's measure is not the one the question names: money that came in asked ("what came in
the same month last year?", "how much did I earn in May", "thu nhập tháng trước"), only money that went out answered.
chat/turn_signals.py adds it to the general signals (each costs SIGNAL_PENALTY)."""
from __future__ import annotations

import re
from typing import Any

# money in, on lower-case text without diacritics: the question asks what came in, not what was spent of it
# ("where did my money go in September": where it went out, in a month — not what went in)
_MONTHS = r"jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|" \
          r"september|october|november|december"
INCOME_RE = re.compile(r"\b(?:(?:came|come|comes|coming) in\b(?! (?:under|over|at|below|above))|"
                       rf"(?<!money )(?<!cash )(?<!pay )(?:went|go) in\b(?! (?:under|over|at|below|above|{_MONTHS})\b)|"
                       r"income|incomes|"
                       r"earn|earned|earning|earnings|received|receive|got paid|get paid|was i paid|money in|deposits?|"
                       r"salary|wages?|thu nhap|tien vao|kiem duoc|nhan duoc)")
# a turn that asks about spending with income as a yardstick ("what share of my income went on rent")
SPENT_OF_RE = re.compile(r"\b(?:of|from|against|vs|versus|than) (?:my |our |the )?(?:income|salary|wages?|earnings|pay)\b|"
                         r"\b(?:spen[dt]|spending) (?:\w+ ){0,3}(?:income|salary|pay)\b")
# tools whose answer holds money in whatever their arguments (a summary, a cash flow, a budget from income)
HOLDS_INCOME = {"get_spending_summary", "income_breakdown", "check_affordability", "suggest_budgets"}
QUERY_TOOLS = {"search_transactions", "analyze_by_category", "analyze_merchant", "compare_spending"}


def _reads_money_in(record: Any) -> bool:
    if record.name in HOLDS_INCOME or record.name not in QUERY_TOOLS:
        return True
    args, result = record.arguments or {}, record.result if isinstance(record.result, dict) else {}
    query: dict = result["query"] if isinstance(result.get("query"), dict) else {}
    direction = query.get("direction") or args.get("direction")
    measure = query.get("measure") or args.get("measure")
    sides = [s for s in (args.get("sides") or []) + ((query.get("compare") or {}).get("sides") or []) if isinstance(s, dict)]
    return direction != "out" or measure in ("income", "net") or any(s.get("direction") == "in" for s in sides)


def income_answered_by_spending(text: str, records: list[Any]) -> list[str]:
    """Money in asked, and every query that ran counted money out only: the answer is to another question."""
    queries = [r for r in records if r.name in QUERY_TOOLS | HOLDS_INCOME]
    if not queries or any(_reads_money_in(r) for r in queries):
        return []
    if not (m := INCOME_RE.search(text)) or SPENT_OF_RE.search(text):
        return []
    return [f"the question asks what came in ({m.group(0)!r}) but every query that ran counted money out"]
