"""python manage.py chat: one turn (text or --json) and the interactive mode."""
from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def test_json_prints_the_answer_with_tool_calls(chat_demo, alice, alice_money):
    out = io.StringIO()
    call_command("chat", "--user", "alice", "Can you group my Amazon transactions by category?", "--json", stdout=out)
    answer = json.loads(out.getvalue())
    assert answer["tools_used"] == ["analyze_merchant"]
    assert answer["tool_calls"][0]["arguments"] == {"merchant": "Amazon", "group_by_category": True}
    assert "Shopping" in answer["answer"] and "Groceries" in answer["answer"]


def test_text_mode_shows_steps_and_answer(chat_demo, alice, alice_money):
    out = io.StringIO()
    call_command("chat", "--user", "alice", "How much did I spend on shopping?", stdout=out)
    text = out.getvalue()
    assert "→ search_transactions" in text and "171.96" in text and "confidence" in text


def test_interactive_mode_keeps_the_conversation(chat_demo, alice, alice_money, monkeypatch):
    lines = iter(["How much did I spend on dining?", "and last month?", ""])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    out = io.StringIO()
    call_command("chat", "--user", "alice", stdout=out)
    text = out.getvalue()
    from core.periods import period_resolve

    assert text.count("→ search_transactions") == 2
    assert f'"start": "{period_resolve("last_month")[0].isoformat()}"' in text


def test_unknown_user_is_a_clear_error(db):
    with pytest.raises(CommandError, match="no user named 'nobody'"):
        call_command("chat", "--user", "nobody", "hi")
