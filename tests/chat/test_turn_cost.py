"""What a chat turn must not redo every time (issue 21's p95 < 400 ms): compile the grammar's regular expressions and
build the tools' pydantic schemas. Both once cost ~40 % and ~30 % of an offline turn."""
from __future__ import annotations

import re

import pytest

from chat.assistant import FinanceAssistant
from chat.services import agent_config_for, chat_turn

pytestmark = pytest.mark.django_db


def test_a_turn_asked_again_compiles_no_pattern(chat_demo, alice, alice_money, monkeypatch):
    questions = ["how much did I spend on groceries last month", "top 3 merchants this year except rent",
                 "what is an emergency fund"]
    for q in questions:  # the first time, each pattern is compiled once
        chat_turn(user=alice, message=q)
    compiled = []
    real = re._compiler.compile  # type: ignore[attr-defined]
    monkeypatch.setattr(re._compiler, "compile", lambda p, f=0: compiled.append(p) or real(p, f))  # type: ignore[attr-defined]
    for q in questions:
        chat_turn(user=alice, message=q)
    assert len(compiled) < 10, f"{len(compiled)} patterns recompiled, e.g. {compiled[:5]}"  # was ~500 a turn


def test_the_tools_schemas_are_built_once_per_process(alice):
    config = agent_config_for(user=alice)
    first = {t.name: t.args_schema for t in FinanceAssistant(user=alice, config=config).tools()}
    again = {t.name: t.args_schema for t in FinanceAssistant(user=alice, config=config).tools()}
    assert first and all(again[name] is schema for name, schema in first.items())
