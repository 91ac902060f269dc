"""Tools answer bad months, periods and sizes in words (issue 23 item 9): through MCP (the same `run_tool` the chat
uses) a month 13, a year 0 or a million months is a tool error naming the argument, never Python's ValueError."""
from __future__ import annotations

import pytest

from chat.mcp.server import mcp_tool_call

pytestmark = pytest.mark.django_db

CASES = [
    ("get_jar_status", {"month": "2026-13"}, "the month number must be 01 to 12"),
    ("get_jar_status", {"month": "0000-01"}, "the year must be between 1900"),
    ("get_jar_status", {"month": "9999-12"}, "the year must be between 1900"),
    ("get_spending_summary", {"period": "0000"}, "the year must be between 1900"),
    ("compare_spending", {"periods": ["9999-12", "0000-01"]}, "the year must be between 1900"),
    ("search_transactions", {"months": 10**9, "measure": "monthly_average"}, "months must be between 1 and 120"),
    ("search_transactions", {"months": -3, "measure": "monthly_average"}, "months must be between 1 and 120"),
    ("search_transactions", {"limit": 10**12, "measure": "list"}, "limit must be between 1 and 1000"),
    ("analyze_by_category", {"category": "Dining", "months": 10**6}, "months must be between 1 and 120"),
]


@pytest.mark.parametrize("name,arguments,words", CASES)
def test_bad_arguments_are_tool_errors_in_words(alice, name, arguments, words):
    result = mcp_tool_call(user=alice, name=name, arguments=arguments)
    text = result.content[0].text
    assert result.is_error and words in text, text
    assert "ValueError" not in text and "OverflowError" not in text


def test_good_arguments_still_answer(alice):
    result = mcp_tool_call(user=alice, name="get_jar_status", arguments={"month": "2026-01"})
    assert not result.is_error and result.structured_content["month"] == "2026-01"
