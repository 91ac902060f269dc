"""The LLM step of the chain, against a local fake OpenAI-compatible server (the boundary, not the chain)."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from transactions.models import Transaction

pytestmark = pytest.mark.django_db


class _FakeOpenAI(BaseHTTPRequestHandler):
    answers: dict = {}
    prompts: list = []

    def do_POST(self):  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        prompt = body["messages"][-1]["content"]
        type(self).prompts.append(prompt)
        content = json.dumps(type(self).answers)
        payload = {"id": "x", "object": "chat.completion", "created": 0, "model": body.get("model", "m"),
                   "choices": [{"index": 0, "finish_reason": "stop",
                                "message": {"role": "assistant", "content": content}}],
                   "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}
        data = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def fake_llm(settings):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _FakeOpenAI)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    settings.OPENAI_BASE_URL = f"http://127.0.0.1:{server.server_address[1]}/v1"
    settings.OPENAI_API_KEY = "test-key"
    _FakeOpenAI.prompts = []
    yield _FakeOpenAI
    server.shutdown()


def test_llm_suggestion_is_restricted_to_the_users_categories(alice, import_rows, fake_llm):
    fake_llm.answers = {"1": "Health", "2": "Spaceships"}
    # Only rows Moneta is unsure about go to the model (a pharmacy chain or the word "clinic" would not).
    import_rows(alice, [("2026-01-02", "ZZ QWX 123", "-80", ""), ("2026-01-03", "QQ XKV 9", "-5", "")])
    clinic = Transaction.objects.get(user=alice, description="ZZ QWX 123")
    rocket = Transaction.objects.get(user=alice, description="QQ XKV 9")
    assert (clinic.category.name, clinic.category_source, clinic.category_confidence) == ("Health", "llm", 0.6)
    assert clinic.category_suggestions[0][0] == clinic.category_id
    assert rocket.category_source != "llm"  # "Spaceships" is not one of alice's categories
    assert "Dining" in fake_llm.prompts[0] and "ZZ QWX 123" in fake_llm.prompts[0]
