"""The LLM step of the chain, against a local fake OpenAI-compatible server (the boundary, not the chain)."""
from __future__ import annotations

import json

import pytest

from tests.fake_openai import FakeOpenAI
from transactions.models import Transaction

pytestmark = pytest.mark.django_db


@pytest.fixture
def fake_llm(settings):
    with FakeOpenAI(repeat_last=True) as fake:
        settings.OPENAI_BASE_URL = fake.base_url
        settings.OPENAI_API_KEY = "test-key"
        yield fake


def test_llm_suggestion_is_restricted_to_the_users_categories(alice, import_rows, fake_llm):
    fake_llm.script = [{"content": json.dumps({"1": "Health", "2": "Spaceships"})}]
    # Only rows Moneta is unsure about go to the model (a pharmacy chain or the word "clinic" would not).
    import_rows(alice, [("2026-01-02", "ZZ QWX 123", "-80", ""), ("2026-01-03", "QQ XKV 9", "-5", "")])
    clinic = Transaction.objects.get(user=alice, description="ZZ QWX 123")
    rocket = Transaction.objects.get(user=alice, description="QQ XKV 9")
    assert (clinic.category.name, clinic.category_source, clinic.category_confidence) == ("Health", "llm", 0.6)
    assert clinic.category_suggestions[0][0] == clinic.category_id
    assert rocket.category_source != "llm"  # "Spaceships" is not one of alice's categories
    assert "Dining" in fake_llm.prompts()[0] and "ZZ QWX 123" in fake_llm.prompts()[0]
