"""A shop the user never had, said beside one of theirs ("pharmacy and ralphs", "peets or starbucks") or alone
("any sprouts runs"), is a name they lack: the answer counts theirs and says nothing is called that — never a
word of the question left unread, never linked to another merchant of theirs. An everyday word beside a name
("starbucks and stuff") is no shop. Through chat_turn on a real import."""
from __future__ import annotations

import pytest

from chat.services import chat_turn
from tests.chat.conftest import all_args

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("said", "theirs", "lacking"), [
    ("what did starbucks and ralphs cost me last month", "Starbucks", "ralphs"),
    ("netflix or crunchyroll last month, how much", "Netflix", "crunchyroll"),
    ("how much went to sprouts & amazon last month", "Amazon", "sprouts"),
])
def test_a_shop_they_lack_beside_one_of_theirs_is_a_name_they_lack(chat_demo, alice, alice_money, said, theirs,
                                                                     lacking):
    answer = chat_turn(user=alice, message=said)
    merchants = [m for a in all_args(answer) for m in a.get("merchants") or []]
    assert any(m.lower().startswith(theirs.lower()) for m in merchants), (said, answer["tool_calls"])
    assert all(m.lower().startswith(theirs.lower()) for m in merchants), (said, answer["tool_calls"])
    assert any(lacking in (a.get("unknown") or []) for a in all_args(answer)), (said, answer["tool_calls"])
    assert lacking in answer["answer"].lower(), answer["answer"]


def test_an_everyday_word_beside_a_name_is_no_shop(chat_demo, alice, alice_money):
    answer = chat_turn(user=alice, message="starbucks and stuff last month")
    assert not any(a.get("unknown") for a in all_args(answer)), answer["tool_calls"]


@pytest.mark.parametrize("said", ["any sprouts runs last month?", "how much did i spend at ralphs last month"])
def test_a_shop_they_lack_alone_is_answered_as_none_there(chat_demo, alice, alice_money, said):
    answer = chat_turn(user=alice, message=said)
    args = all_args(answer)
    assert args and not any(a.get("merchants") for a in args), (said, answer["tool_calls"])
    assert answer["confidence"] >= 0.4, (said, answer["confidence"], answer["answer"])
