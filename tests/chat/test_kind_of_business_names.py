"""Issue 21 kind 2 through chat_turn: a kind of business said the Vietnamese way, with the noun of the place before
it ("phòng gym", "quán cà phê"), is that kind of their merchants — the place noun is no name of its own heading it
(read so, the kind was dropped and the answer was "nothing at Phong"). Last month of the statement: Starbucks 5.75 +
6.25, and a Planet Fitness membership of 24.99 added here."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from chat.services import chat_turn
from tests.chat.conftest import month_start, statement_csv
from transactions.services import transactions_import

pytestmark = pytest.mark.django_db


@pytest.fixture
def money(alice):
    today = timezone.localdate()
    gym = (month_start(today, 1) + timedelta(days=16), "PLANET FITNESS CLUB FEES", "-24.99", "Health")
    return transactions_import(user=alice, file_name="alice.csv", content=statement_csv(today=today, extra=[gym]))


@pytest.mark.parametrize(("question", "merchant", "figure"), [
    ("phòng gym tháng trước bao nhiêu", "Planet Fitness Club Fees", "$24.99"),
    ("tháng trước tôi tiêu bao nhiêu ở quán cà phê", "Starbucks", "$12.00"),
])
def test_a_place_noun_before_a_kind_of_business_is_part_of_it(chat_demo, alice, money, question, merchant, figure):
    answer = chat_turn(user=alice, message=question)
    args = answer["tool_calls"][0]["arguments"]
    assert not args.get("unknown"), args
    assert merchant in answer["answer"] and figure in answer["answer"], answer["answer"]
