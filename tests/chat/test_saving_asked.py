"""Money put by for a goal ("please set aside 200 a month for a holiday jar", "I want to put away 150 a month for
christmas, can you set that up") is a jar proposed, never a figure of their spending; nothing changes until it is
confirmed. "set aside" said of money saved is no exclusion ("how much did I set aside for holidays" is not
everything except Travel), while "setting aside the rent, …" still leaves rent out. Through chat_turn."""
from __future__ import annotations

from decimal import Decimal

import pytest

from tests.chat.conftest import talk
from transactions.models import Jar

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("ask", "name", "amount"), [
    ("please set aside 200 a month for a holiday jar", "Holiday", 200),
    ("I want to put away 150 a month for christmas, can you set that up", "Christmas", 150),
    ("can you put away $150 a month towards a new car", "Car", 150),
])
def test_a_saving_asked_for_is_a_jar_proposed(chat_demo, alice, alice_money, ask, name, amount):
    (answer,) = talk(alice, ask)
    assert [c["name"] for c in answer["tool_calls"]] == ["propose_create_jar"], answer["tool_calls"]
    params = answer["pending_actions"][0]["params"]
    assert params["name"] == name and Decimal(str(params["monthly_budget"])) == amount, params
    assert not Jar.objects.filter(user=alice, name=name).exists()


def test_money_set_aside_is_no_exclusion(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "how much did I set aside for eating out")
    for call in answer["tool_calls"]:
        assert not (call.get("arguments") or {}).get("exclude_categories"), answer["tool_calls"]


def test_setting_aside_a_thing_still_leaves_it_out(chat_demo, alice, alice_money):
    (answer,) = talk(alice, "setting aside the rent, what did I spend last month?")
    left_out = [name for c in answer["tool_calls"] for key in ("exclude_categories", "exclude_merchants")
                for name in (c.get("arguments") or {}).get(key) or []]
    assert any("rent" in name.lower() for name in left_out), answer["tool_calls"]
