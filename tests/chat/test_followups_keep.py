"""Correcting an exclusion in a follow-up (issue 21, kind 4): "keep X in, only take Y out" after a question that left
several out keeps the subject and period and leaves out only Y. Chat fixture statement (see test_followups_edits):
last month Dining = Starbucks 5.75 + 6.25 and The Good Plate 64.00."""
from __future__ import annotations

import pytest

from tests.chat.conftest import answer_body as _body
from tests.chat.conftest import last_args as _args
from tests.chat.conftest import months_back as _month
from tests.chat.conftest import talk

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ask", [
    "actually keep Starbucks in and just leave out The Good Plate",
    "no wait, put Starbucks back, exclude only The Good Plate",
])
def test_correcting_which_places_are_left_out(chat_demo, alice, alice_money, ask):
    answer = talk(alice, "dining last month without Starbucks and The Good Plate", ask)[-1]
    args = _args(answer)
    assert args["start"] == _month(1).isoformat(), answer["tool_calls"]
    assert "Dining" in str(args.get("categories") or args.get("category") or ""), answer["tool_calls"]
    excluded = " ".join((args.get("exclude_merchants") or []) + (args.get("exclude_text") or [])).lower()
    assert "good plate" in excluded and "starbucks" not in excluded, answer["tool_calls"]
    assert "12.00" in _body(answer), answer["answer"]
