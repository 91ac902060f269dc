"""A follow-up computes over the last answer's reading, so when that reading left words of the question out it is
no surer than that answer was: a period shift after such an answer is not a confident answer either, while the
same shift after a confident answer stays confident (an unsure answer whose reading was whole:
tests/chat/test_followups.py test_a_language_models_follow_up_is_judged_against_the_same_state)."""
from __future__ import annotations

from tests.chat.conftest import confident, talk


def test_a_follow_up_of_an_unsure_answer_is_not_confident(chat_demo, alice, alice_money):
    first, second = talk(alice, "how much on dining for the wedding last month", "and the month before?")
    assert not confident(alice, first), first["grounding"]
    assert second["confidence"] <= first["confidence"], (first["confidence"], second["confidence"])
    assert not confident(alice, second) and second["escalated"], second["grounding"]
    assert any("builds on the last answer" in r for r in second["grounding"]["reasons"]), second["grounding"]


def test_a_follow_up_of_a_confident_answer_stays_confident(chat_demo, alice, alice_money):
    first, second = talk(alice, "how much on dining last month", "and the month before?")
    assert confident(alice, first) and confident(alice, second), (first["grounding"], second["grounding"])
    assert not any("builds on the last answer" in r for r in second["grounding"]["reasons"]), second["grounding"]
