"""Issue 21 (right answers are not escalated for a word that changed nothing): chat/word_roles.py through chat_turn
on the offline model. A preposition of extent ("across"), the edge of a span said as a word ("today" when the span
ends today), their data named as such ("my whole history with you" over all of it) and a noun of a stretch of time
("the span from … to …" when that span ran) are carried out by the query, so they are no words "not understood";
the same noun when no stretch ran ("over that window" with nothing to point at) still is."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import confident, reasons

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("question", [
    "what did uber come to across the past two months",
    "uber since the start of last month, up to and including today",
    "my top 3 merchants over my whole history with you",
    "netflix over the span of the last two months",
])
def test_a_word_whose_part_the_query_carried_out_is_understood(chat_demo, alice, alice_money, question):
    answer = chat_turn(user=alice, message=question)
    assert "words not understood" not in reasons(answer), (reasons(answer), answer["answer"])


def test_a_stretch_of_time_that_no_span_carried_out_is_still_not_understood(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="uber over that window")
    assert not confident(alice, answer), (reasons(answer), answer["answer"])
