"""`react_text` tool-calling mode for models without native tool calls.

Wraps any chat model: the tools are described in the prompt (the admin-editable `react-format`
prompt), the model writes Thought / Action / Action Input, and this wrapper turns that text into real
tool calls, and tool results into "Observation:" turns — so the same loop runs unchanged.
"""
from __future__ import annotations

import json
import re
import uuid
from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool

from chat.prompts import prompt_render

ACTION_RE = re.compile(r"Action\s*:\s*([A-Za-z_][\w]*)\s*(?:\n|$)\s*(?:Action\s*Input\s*:\s*(.*))?", re.S)
ANSWER_RE = re.compile(r"(?:Final\s+)?Answer\s*:\s*(.*)", re.S)


def parse_react(text: str) -> tuple[str, dict] | str | None:
    """("tool", args) for an Action, the answer text for an Answer, None when neither is present."""
    action = ACTION_RE.search(text)
    answer = ANSWER_RE.search(text)
    if action and (not answer or action.start() < answer.start()):
        raw = (action.group(2) or "").strip()
        raw = raw.split("\nObservation")[0].strip().strip("`")
        if raw.startswith("json"):
            raw = raw[4:].strip()
        try:
            args = json.loads(raw) if raw else {}
        except json.JSONDecodeError:
            args = {"query": raw}
        return action.group(1), args if isinstance(args, dict) else {"query": str(args)}
    if answer:
        return answer.group(1).strip()
    return None


class ReactTextChatModel(BaseChatModel):
    inner: Any
    react_prompt: str
    tool_specs: list = []

    @property
    def _llm_type(self) -> str:
        return "moneta-react-text"

    def bind_tools(self, tools, **kwargs):
        return self.model_copy(update={"tool_specs": [convert_to_openai_tool(t)["function"] for t in tools]})

    def _render_tools(self) -> tuple[str, str]:
        lines = [f"- {s['name']}: {s.get('description', '')} Arguments (JSON schema): "
                 f"{json.dumps(s.get('parameters', {}).get('properties', {}))}" for s in self.tool_specs]
        return "\n".join(lines), ", ".join(s["name"] for s in self.tool_specs)

    def _convert(self, messages: list[BaseMessage]) -> list[BaseMessage]:
        tools, names = self._render_tools()
        instructions = prompt_render(self.react_prompt, {"tools": tools, "tool_names": names})
        out: list[BaseMessage] = []
        for m in messages:
            if isinstance(m, SystemMessage):
                out.append(SystemMessage(content=f"{m.content}\n\n{instructions}"))
            elif isinstance(m, AIMessage) and m.tool_calls:
                text = "\n".join(f"Action: {c['name']}\nAction Input: {json.dumps(c['args'])}" for c in m.tool_calls)
                out.append(AIMessage(content=(m.content + "\n" if m.content else "") + text))
            elif isinstance(m, ToolMessage):
                out.append(HumanMessage(content=f"Observation: {m.content}"))
            else:
                out.append(m)
        if not any(isinstance(m, SystemMessage) for m in out):
            out.insert(0, SystemMessage(content=instructions))
        return out

    def _generate(self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs: Any) -> ChatResult:
        reply = self.inner.invoke(self._convert(messages), stop=["\nObservation:"])
        text = reply.content if isinstance(reply.content, str) else str(reply.content)
        parsed = parse_react(text)
        call_id = f"call_{uuid.uuid4().hex[:12]}"
        if isinstance(parsed, tuple):
            name, args = parsed
            message = AIMessage(content=text, tool_calls=[{"name": name, "args": args, "id": call_id,
                                                            "type": "tool_call"}])
        else:
            answer = parsed if isinstance(parsed, str) else text.strip()
            cited = [int(i) for i in re.findall(r"\[#(\d+)\]", answer)]
            message = AIMessage(content=text, tool_calls=[{"name": "respond", "id": call_id, "type": "tool_call",
                                                            "args": {"answer": answer, "cited_fact_ids": cited}}])
        message.usage_metadata = getattr(reply, "usage_metadata", None)
        return ChatResult(generations=[ChatGeneration(message=message)])
