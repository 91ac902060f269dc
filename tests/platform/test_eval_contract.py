"""The answer-level harness (../shared/eval/assistant/run.py, not part of Moneta) drives Moneta through these
public names. The harness is how the assistant is measured from outside, so moving one of them breaks the
measurement: keep them importable (or change them together with the harness's owner)."""
import inspect

from chat.assistant import MONEY_TOOLS
from chat.services import agent_config_for, chat_turn
from knowledge.services import document_delete
from transactions.services import transactions_import


def test_harness_entry_points_keep_their_keyword_arguments():
    assert "search_transactions" in MONEY_TOOLS
    assert {"user", "message", "conversation_id"} <= set(inspect.signature(chat_turn).parameters)
    assert "user" in inspect.signature(agent_config_for).parameters
    assert {"user", "document_id"} <= set(inspect.signature(document_delete).parameters)
    assert {"user", "file_name", "content"} <= set(inspect.signature(transactions_import).parameters)
