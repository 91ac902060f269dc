"""Chat writes, one module per concern; callers import them from here:
prompt versions (chat/prompt_versions.py), agent configs (chat/agent_configs.py), the turn (chat/turn.py, with
its typed context in chat/context.py), and escalations and feedback (chat/escalations.py)."""
from __future__ import annotations

from chat.agent_configs import agent_config_for, agent_config_problems, agent_config_set_default
from chat.escalations import (
    escalation_assign,
    escalation_open_from_feedback,
    escalation_replies_mark_read,
    escalation_reply,
    escalation_resolve,
    escalation_update,
    feedback_submit,
)
from chat.prompt_versions import (
    prompt_activate,
    prompt_active_content,
    prompt_rollback,
    prompt_version_create,
    prompts_active,
    prompts_ensure_defaults,
)
from chat.turn import (
    Turn,
    chat_turn,
    chat_turn_events,
    turn_check,
    turn_compose,
    turn_persist,
    turn_prepare,
    turn_run_tools,
    turn_understand,
)

__all__ = [
    "Turn", "agent_config_for", "agent_config_problems", "agent_config_set_default",
    "chat_turn", "chat_turn_events", "escalation_assign", "escalation_open_from_feedback",
    "escalation_replies_mark_read", "escalation_reply", "escalation_resolve", "escalation_update",
    "feedback_submit", "prompt_activate", "prompt_active_content", "prompt_rollback", "prompt_version_create",
    "prompts_active", "prompts_ensure_defaults", "turn_check", "turn_compose", "turn_persist", "turn_prepare",
    "turn_run_tools", "turn_understand",
]
