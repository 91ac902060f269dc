"""Issue 21 kind 1: a kind of shop's share of the category it is filed under ("what share of my dining was coffee",
"dining last month" → "and coffee's share of that?") is the part against the whole it is in: never the category
against itself (100%) nor against the category without the part (over 100%) at high confidence. The chat fixture
statement (tests/chat/conftest.py) has, each month: Starbucks 5.75 + 6.25 and The Good Plate 64.00 (both
Dining), rent 1400.00, Whole Foods 96.40, Amazon 42.99 + 18.50, Uber 23.10, Netflix 15.49."""
from __future__ import annotations

import re

import pytest

from tests.chat.conftest import first_line, last_args, talk

pytestmark = pytest.mark.django_db


def _share(answer) -> tuple[float, str, str]:
    line = first_line(answer)
    m = re.search(r"([\d.]+)% of .*?(\$[\d,]+\.\d\d) of (\$[\d,]+\.\d\d)", line)
    assert m, answer["answer"]
    return float(m.group(1)), m.group(2), m.group(3)


@pytest.mark.parametrize("turns", [
    ("what share of my dining last month was coffee?",),
    ("how much of my dining last month went on coffee",),
    ("dining last month", "and coffee's share of that?"),
])
def test_coffee_share_of_dining(chat_demo, alice, alice_money, turns):
    answer = talk(alice, *turns)[-1]
    assert answer["tool_calls"][-1]["name"] == "compare_spending", answer["tool_calls"]
    part, whole = last_args(answer)["sides"]
    assert not whole.get("exclude_merchants"), whole  # the whole holds its part
    percent, part_figure, whole_figure = _share(answer)
    assert part_figure == "$12.00" and whole_figure == "$76.00" and percent < 100, answer["answer"]
